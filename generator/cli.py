"""The `parlour` command line: a click group whose commands stay thin; errors become one line and exit 2.

Commands load lazily: a command's module (and so its game, reportlab and the fonts) is imported
only when that command runs, so `parlour --help` and the one-shot checkers start fast.
"""

from __future__ import annotations

import errno
import importlib
import io
import os
import re
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click

from generator import __version__
from generator.errors import ParlourError, printable

#: Every top-level command, in the order `parlour --help` lists them:
#: name -> ("module:attribute", the one-line help shown in the list, = the command's first help line).
#: Add a command with one line here; tests/test_cli.py checks each entry against its command.
COMMANDS: dict[str, tuple[str, str]] = {
    "pack": ("generator.commands.pack:pack", "Print the game-night pack: every game's sheets, pads and decks in one PDF."),
    "calibrate": ("generator.commands.calibrate:calibrate", "Print a two-sided sheet to check scaling and measure your printer's duplex offset."),
    "doublets": ("generator.games.doublets.command:doublets", "Doublets (Lewis Carroll's word ladders): solve, puzzle sheets, daily sheets, Jewels, scoring paper."),
    "chimera": ("generator.games.chimera.command:chimera", "Chimera's Lair: check an answer, print the referee's key or scoring pads."),
    "fighting-words": ("generator.games.fighting_words.command:fighting_words", "Fighting Words: build one word together, a letter at a time; finish it to score."),
    "riddle-craft": ("generator.games.riddle_craft.command:riddle_craft", 'Riddle Craft: build a riddle together from fragment cards, then answer "What am I?".'),
    "words": ("generator.commands.words:words", "Check words against parlour's lexicon, or print the lexicon."),
    "sorcerer": ("generator.games.sorcerer.command:sorcerer", "The Sorcerer's Chamber (piecepack + pyramids): set-up diagram, full-size board, notes, diagrams."),
    "piecepack": ("generator.games.piecepack.command:piecepack", "Print a piecepack to cut out: tiles, coins, dice, pawns and pyramids, in four suits."),
    "config": ("generator.commands.config:config_command", "Show the settings in force and where each comes from: default, settings file, or command line."),
    "templates": ("generator.commands.templates:templates", "Copy parlour's editable templates to change them; print with --templates DIR."),
    "rules": ("generator.games.rules.command:rules", "Print How to play: the rules of one game, or of all five when no GAME is given."),
    "serve": ("generator.web.command:serve", "Serve the family's page: choose, preview and print; referee from a phone."),
}  # fmt: skip


def load_command(name: str) -> click.Command:
    """Import and return the command registered as `name` in COMMANDS."""
    target = COMMANDS[name][0]
    module, _, attr = target.partition(":")
    cmd = getattr(importlib.import_module(module), attr)
    if not isinstance(cmd, click.Command):
        raise TypeError(f"{target} is not a click command")
    return cmd


class Interrupted(KeyboardInterrupt):
    """SIGTERM or SIGHUP, handled like Ctrl-C: unwind, remove every temporary, exit 128 + signal."""

    _last: int = signal.SIGINT
    #: the signal that arrived during the running command, if any (see ParlourGroup.main)
    pending: int | None = None

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        if isinstance(signum, int):
            Interrupted._last = signum
        else:  # re-made with a message by a library that annotates what it caught (reportlab's
            signum = Interrupted._last  # paragraph parser): the signal is the last one raised
        self.signum = signum


def _on_signal(signum: int, frame: Any) -> None:
    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):  # let the clean-up finish undisturbed
        signal.signal(s, signal.SIG_IGN)
    Interrupted.pending = signum
    raise Interrupted(signum)


@contextmanager
def _signals() -> Iterator[None]:
    """Turn SIGINT, SIGTERM and SIGHUP into an exception for the time of one command (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
    Interrupted.pending = None
    try:
        for s, handler in old.items():
            if handler is not signal.SIG_IGN:  # e.g. nohup: keep ignoring what the caller ignores
                signal.signal(s, _on_signal)
        yield
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)


def _interrupt_code(exc: BaseException | None) -> int:
    signum = exc.signum if isinstance(exc, Interrupted) else signal.SIGINT
    return 128 + int(signum)


def _os_error_line(exc: OSError) -> str:
    """One line for an operating-system error no command turned into a ParlourError."""
    reason = exc.strerror or str(exc)
    if exc.filename is not None:
        return f"cannot use {printable(exc.filename)} ({reason})"
    try:
        os.getcwd()
    except OSError:  # (a library that asks for the working folder says only "No such file")
        return (
            "the working folder no longer exists (it was deleted or moved away): "
            "cd into a folder that exists and run the command again"
        )
    _silence_stdout()
    what = "it was closed" if exc.errno in (errno.EPIPE, errno.EBADF) else reason
    return f"cannot write to standard output ({what})"


def _silence_stdout() -> None:
    """After stdout failed, point it at /dev/null so the interpreter's final flush cannot fail again."""
    try:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.stdout.fileno())
        os.close(fd)
    except (OSError, AttributeError, ValueError, io.UnsupportedOperation):
        pass


_NEGATIVE = re.compile(r"-(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\Z")
#: Options whose value may be left out (click reads `--bleed -1` as an unknown option `-1`).
_OPTIONAL_VALUE = ("--bleed",)


def _negative_values(args: list[str]) -> list[str]:
    """`--bleed -1`: a negative number after an option whose value is optional is its value. It is
    handed to click with a Unicode minus (U+2212), which the option's type reads back as a sign."""
    out: list[str] = []
    for tok in args:
        prev = out[-1] if out else ""
        name, eq, value = tok.partition("=")
        if prev in _OPTIONAL_VALUE and _NEGATIVE.match(tok):
            out.append("\u2212" + tok[1:])
        elif eq and name in _OPTIONAL_VALUE and _NEGATIVE.match(value):
            out.append(f"{name}=\u2212{value[1:]}")
        else:
            out.append(tok)
    return out


class _ClosedStdout(io.TextIOBase):
    """Stands in for a closed standard output (`>&-`), so that printing to it is an error, not silence."""

    def writable(self) -> bool:
        return True

    def write(self, s: str) -> int:
        if not s:
            return 0
        raise OSError(errno.EBADF, "Bad file descriptor")


class _QuietStderr(io.TextIOBase):
    """Standard error that cannot be written (`2>&-`, `2>/dev/full`): status lines and messages are
    dropped instead of failing the command; what it wrote stands and the exit code still tells."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def writable(self) -> bool:
        return True

    def write(self, s: str) -> int:
        if self._stream is not None:
            try:
                self._stream.write(s)
                self._stream.flush()
            except (OSError, ValueError):
                self._stream = None
        return len(s)

    def flush(self) -> None:
        if self._stream is not None:
            try:
                self._stream.flush()
            except (OSError, ValueError):
                self._stream = None

    def isatty(self) -> bool:
        try:
            return self._stream is not None and bool(self._stream.isatty())
        except (OSError, ValueError):
            return False


def _guard_stderr() -> None:
    """Make standard error safe to write: a closed descriptor 2 is pointed at the null device
    first (else the next file parlour opens would take its number and receive every message), and
    a stream that fails (a full device) drops what it cannot write."""
    try:
        os.fstat(2)
    except OSError:
        try:
            fd = os.open(os.devnull, os.O_WRONLY)
            if fd != 2:
                os.dup2(fd, 2)
                os.close(fd)
        except OSError:
            pass
        sys.stderr = None
    if isinstance(sys.stderr, _QuietStderr):
        return
    if sys.stderr is None:
        sys.stderr = _QuietStderr(None)
        return
    try:
        if sys.stderr.fileno() != 2:
            return  # a test's capture, or a caller's own stream: left as it is
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        return
    sys.stderr = _QuietStderr(sys.stderr)


class ParlourGroup(click.Group):
    """A group that loads its commands from COMMANDS on demand, and turns usage and user errors into
    one line on stderr with exit code 2."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*COMMANDS, *(n for n in self.commands if n not in COMMANDS)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.commands:
            return self.commands[cmd_name]
        if cmd_name in COMMANDS:
            cmd = self.commands[cmd_name] = load_command(cmd_name)
            return cmd
        return None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list from COMMANDS' help lines, without importing any command."""
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(n) for n in names)
        rows = []
        for name in names:
            if name in COMMANDS and name not in self.commands:
                short = click.Command(name, help=COMMANDS[name][1]).get_short_help_str(limit)
            else:
                short = self.commands[name].get_short_help_str(limit)
            rows.append((name, short))
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name, cmd, rest = super().resolve_command(ctx, args)
        from generator.config import attach_defaults  # the settings file's values become defaults

        attach_defaults(ctx, name, cmd)
        return name, cmd, rest

    def invoke(self, ctx: click.Context) -> Any:
        try:
            rv = super().invoke(ctx)
            if sys.stdout is not None:
                sys.stdout.flush()
            return rv
        except OSError as e:  # before click swallows EPIPE: a full or closed stdout is one line, exit 2
            raise ParlourError(_os_error_line(e)) from None

    def main(
        self,
        args: Any = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        from generator.press.output import abort_all

        if sys.stdout is None:
            sys.stdout = _ClosedStdout()
        _guard_stderr()
        args = _negative_values(list(sys.argv[1:] if args is None else args))
        try:
            with _signals():
                try:
                    rv = super().main(
                        args=args,
                        prog_name=prog_name or "parlour",
                        complete_var=complete_var,
                        standalone_mode=False,
                        **extra,
                    )
                except Exception as e:
                    # A library that catches every exception (reportlab's file opening does) may
                    # turn the interruption into an error of its own: the signal still decides.
                    if Interrupted.pending is not None:
                        raise Interrupted(Interrupted.pending) from e
                    raise
                finally:
                    abort_all()
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
            click.echo(printable(f"Error: {e.format_message()}{hint}"), err=True)
            code = 2
        except ParlourError as e:
            click.echo(printable(f"Error: {e}"), err=True)
            code = 2
        except click.Abort as e:
            if isinstance(e.__cause__, KeyboardInterrupt):
                click.echo("Interrupted: nothing was written.", err=True)
                code = _interrupt_code(e.__cause__)
            else:
                click.echo("Aborted.", err=True)
                code = 1
        except KeyboardInterrupt as e:  # a signal outside the command itself (parsing, clean-up)
            click.echo("Interrupted: nothing was written.", err=True)
            code = _interrupt_code(e)
        except OSError as e:
            click.echo(printable(f"Error: {_os_error_line(e)}"), err=True)
            code = 2
        except click.ClickException as e:
            click.echo(printable(f"Error: {e.format_message()}"), err=True)
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


def main() -> None:
    """The `parlour` console script."""
    cli.main(prog_name="parlour")


if __name__ == "__main__":
    main()
