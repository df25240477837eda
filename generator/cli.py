"""The `parlour` command line: a click group whose commands stay thin; errors become one line and exit 2."""

from __future__ import annotations

import errno
import io
import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click

from generator import __version__
from generator.commands.calibrate import calibrate
from generator.commands.chimera import chimera
from generator.commands.doublets import doublets
from generator.commands.fighting_words import fighting_words
from generator.commands.pack import pack
from generator.commands.riddle_craft import riddle_craft
from generator.commands.sorcerer import sorcerer
from generator.commands.words import words
from generator.errors import ParlourError


class Interrupted(KeyboardInterrupt):
    """SIGTERM or SIGHUP, handled like Ctrl-C: unwind, remove every temporary, exit 128 + signal."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _on_signal(signum: int, frame: Any) -> None:
    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):  # let the clean-up finish undisturbed
        signal.signal(s, signal.SIG_IGN)
    raise Interrupted(signum)


@contextmanager
def _signals() -> Iterator[None]:
    """Turn SIGINT, SIGTERM and SIGHUP into an exception for the time of one command (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
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
        return f"cannot use {exc.filename} ({reason})"
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


class _ClosedStdout(io.TextIOBase):
    """Stands in for a closed standard output (`>&-`), so that printing to it is an error, not silence."""

    def writable(self) -> bool:
        return True

    def write(self, s: str) -> int:
        if not s:
            return 0
        raise OSError(errno.EBADF, "Bad file descriptor")


class ParlourGroup(click.Group):
    """A group that turns usage and user errors into one line on stderr with exit code 2."""

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
            click.echo(f"Error: {e.format_message()}{hint}", err=True)
            code = 2
        except ParlourError as e:
            click.echo(f"Error: {e}", err=True)
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
            click.echo(f"Error: {_os_error_line(e)}", err=True)
            code = 2
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


def main() -> None:
    cli.main(prog_name="parlour")


if __name__ == "__main__":
    main()
