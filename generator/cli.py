"""The `parlour` command line: a click group whose commands stay thin; errors become one line and exit 2."""

from __future__ import annotations

import sys
from typing import Any

import click

from generator import __version__
from generator.commands.calibrate import calibrate
from generator.commands.chimera import chimera
from generator.commands.config import config_command
from generator.commands.doublets import doublets
from generator.commands.fighting_words import fighting_words
from generator.commands.pack import pack
from generator.commands.riddle_craft import riddle_craft
from generator.commands.rules import rules
from generator.commands.sorcerer import sorcerer
from generator.commands.words import words
from generator.errors import ParlourError


class ParlourGroup(click.Group):
    """A group that turns usage and user errors into one line on stderr with exit code 2."""

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name, cmd, rest = super().resolve_command(ctx, args)
        from generator.config import attach_defaults  # the settings file's values become defaults

        attach_defaults(ctx, name, cmd)
        return name, cmd, rest

    def main(
        self,
        args: Any = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            rv = super().main(
                args=args,
                prog_name=prog_name or "parlour",
                complete_var=complete_var,
                standalone_mode=False,
                **extra,
            )
            code = rv if isinstance(rv, int) else 0
        except click.UsageError as e:
            if (
                type(e).__name__ == "NoArgsIsHelpError"
            ):  # bare `parlour`: click shows the help (on stderr, exit 2)
                e.show()
                code = e.exit_code
                if standalone_mode:
                    sys.exit(code)
                return code
            hint = f" (see '{e.ctx.command_path} --help')" if e.ctx is not None else ""
            click.echo(f"Error: {e.format_message()}{hint}", err=True)
            code = 2
        except ParlourError as e:
            click.echo(f"Error: {e}", err=True)
            code = 2
        except click.Abort:
            click.echo("Aborted.", err=True)
            code = 1
        except click.ClickException as e:
            click.echo(f"Error: {e.format_message()}", err=True)
            code = e.exit_code
        if standalone_mode:
            sys.exit(code)
        return code


@click.group(cls=ParlourGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="parlour")
def cli() -> None:
    """Print what you need to play five parlour games at home.

    \b
    Doublets, Chimera's Lair, Fighting Words, Riddle Craft and The Sorcerer's Chamber:
    puzzle sheets, answer keys, scoring pads and cut-out card decks as print-ready PDFs.

    \b
    Example:
      parlour pack              # the whole game-night pack into output/pack.pdf
      parlour calibrate --paper a4
    """


cli.add_command(pack)
cli.add_command(calibrate)
cli.add_command(doublets)
cli.add_command(chimera)
cli.add_command(fighting_words)
cli.add_command(riddle_craft)
cli.add_command(words)
cli.add_command(sorcerer)
cli.add_command(rules)
cli.add_command(config_command)


def main() -> None:
    cli.main(prog_name="parlour")


if __name__ == "__main__":
    main()
