"""The editable TOML templates: the packaged copies, a user's override directory, and one reader for all.

The templates live in the repository's templates/ directory and ship inside the package as
``generator._templates`` (read through importlib.resources, so any install finds them). A user
who wants to change one runs ``parlour templates export DIR``, edits the copy, and passes
``--templates DIR`` (or sets PARLOUR_TEMPLATES=DIR): a file found there is read instead of the
packaged one of the same name; files it lacks still come from the package.
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.errors import ParlourError

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

PACKAGE = "generator._templates"
ENV_VAR = "PARLOUR_TEMPLATES"
SUFFIXES = (".toml",)

_override: Path | None = None
_LINE = re.compile(r"\(at line (\d+), column (\d+)\)")


def packaged_root() -> Traversable:
    """The directory of packaged templates (inside the installed package, or templates/ when editable)."""
    return package_dir(PACKAGE)


def package_dir(package: str) -> Traversable:
    """importlib.resources.files(package), without importing importlib.resources (and zipfile) for
    the usual case of a package on disk: its directory is where its __init__ is."""
    module = importlib.import_module(package)
    init = getattr(module, "__file__", None)
    if init and os.path.isfile(init):
        return Path(init).parent
    from importlib import resources

    return resources.files(package)


def walk(root: Traversable, prefix: str = "") -> Iterator[tuple[str, Traversable]]:
    for item in sorted(root.iterdir(), key=lambda t: t.name):
        name = prefix + item.name
        if item.is_dir():
            if not item.name.startswith(("_", ".")):
                yield from walk(item, name + "/")
        elif item.name.endswith(SUFFIXES):
            yield name, item


def names() -> list[str]:
    """Every packaged template, as a path relative to the templates directory (e.g. 'riddle_craft.toml')."""
    return [name for name, _ in walk(packaged_root())]


def home_path(text: str | os.PathLike[str], what: str) -> Path:
    """`text` as a path, a leading ~ or ~user expanded; one line when that home is unknown."""
    try:
        return Path(text).expanduser()
    except RuntimeError:  # ~nosuchuser, or no HOME for ~
        user = str(text).split("/", 1)[0]
        raise ParlourError(
            f"{what} {str(text)!r}: {user!r} names no home directory parlour can find; give the path in full"
        ) from None


def set_override(directory: str | os.PathLike[str] | None) -> Path | None:
    """Use `directory` (or, when None, $PARLOUR_TEMPLATES if set) for user copies of templates."""
    global _override
    if directory is None:
        directory = os.environ.get(ENV_VAR) or None
    if directory is None:
        _override = None
        return None
    path = home_path(directory, "--templates")
    if not path.is_dir():
        raise ParlourError(
            f"--templates {str(path)!r} is not a directory; make one with 'parlour templates export {path}'"
        )
    known = set(names())
    if not any(os.path.lexists(path / name) for name in known):  # (one not a file: `locate` says so)
        raise ParlourError(
            f"--templates {str(path)!r} holds none of parlour's templates ({', '.join(sorted(known))}); "
            f"copy them there with 'parlour templates export {path}'"
        )
    _override = path
    return path


def reset() -> None:
    """Forget the override directory: read the packaged templates again."""
    global _override
    _override = None


def override_dir() -> Path | None:
    """The user's template directory in force, if any."""
    return _override


def packaged_path(name: str) -> Path:
    """The packaged copy of template `name` (a file inside the installed package)."""
    found = Path(str(packaged_root().joinpath(*name.split("/"))))
    if not found.is_file():
        raise ParlourError(f"template {name!r} is not part of parlour; known: {', '.join(names())}")
    return found


def locate(name: str) -> Path:
    """The file to read for template `name`: the user's copy if the override directory has one."""
    if _override is not None:
        mine = _override / name
        if mine.is_file():
            return mine
        if os.path.lexists(mine):  # a folder, a FIFO, a device, a broken link: never silently skipped
            kind = (
                "a folder"
                if mine.is_dir()
                else "a broken link"
                if not mine.exists()
                else "not a regular file"
            )
            raise ParlourError(
                f"--templates: {mine} is {kind}, so it cannot stand in for the template; "
                f"remove it, or copy the template there with 'parlour templates export'"
            )
    return packaged_path(name)


def display_name(source: Traversable) -> str:
    """How error messages name a template file: the user's path, or templates/NAME for packaged ones."""
    if isinstance(source, Path) and _override is not None and _override in source.parents:
        return str(source)
    root = packaged_root()
    if isinstance(source, Path) and isinstance(root, Path):
        try:
            return "templates/" + source.relative_to(root).as_posix()
        except ValueError:
            return str(source)
    return f"templates/{source.name}"


def read_text(name: str) -> tuple[str, str]:
    """(text, where) of template `name`; `where` names the file for messages. A byte-order mark
    some editors write is dropped; the file must be a regular file of at most USER_FILE_LIMIT."""
    source = locate(name)
    where = display_name(source)
    try:
        raw = (
            read_user_bytes(source, where, streams=False) if isinstance(source, Path) else source.read_bytes()
        )
        return raw.decode("utf-8-sig"), where
    except UnicodeDecodeError as exc:
        raise ParlourError(f"{where}: not UTF-8 text (byte {exc.start}); save it as UTF-8") from None
    except OSError as exc:
        raise ParlourError(f"{where}: cannot read it ({exc.strerror})") from None


USER_FILE_LIMIT = 4 * 2**20  # of a template, a --letters or fragments file (far above any real one)
MAX_DEPTH = 40  # of brackets and braces nested in a TOML file (parlour's own use 3)

#: What may hold a bracket that does not nest: strings (each kind) and comments.
_TOML_SKIP = re.compile(
    r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*|[\[\]{}]',
    re.S,
)


def check_depth(text: str, where: str) -> None:
    """Refuse, with one line, TOML text whose arrays and inline tables nest deeper than MAX_DEPTH
    (the parser would run out of stack): a scan of its brackets, outside strings and comments,
    that never recurses."""
    depth = 0
    for m in _TOML_SKIP.finditer(text):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                line = text.count("\n", 0, m.start()) + 1
                raise ParlourError(
                    f"{where}, line {line}: brackets nested more than {MAX_DEPTH} deep; "
                    "parlour's files need far fewer: fix the nesting"
                )
        elif c in "]}":
            depth = max(0, depth - 1)


def read_user_bytes(
    path: str | os.PathLike[str], what: str = "file", limit: int = USER_FILE_LIMIT, streams: bool = True
) -> bytes:
    """The bytes of a file a user names, never hanging and never more than `limit`: opened
    without waiting (a FIFO with no writer is not waited for), refused with one line when it is a
    folder, too big, or (unless `streams`: a pipe or a device such as /dev/zero, read to `limit`)
    not a regular file."""
    import stat

    p = Path(path)
    flags = (
        os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    )
    try:
        fd = os.open(p, flags)
    except FileNotFoundError:
        raise ParlourError(f"{what} {p} does not exist; check the path") from None
    except IsADirectoryError:
        raise ParlourError(f"{what} {p} is a folder; give a file") from None
    except OSError as exc:
        raise ParlourError(f"cannot read {what} {p}: {exc.strerror or exc}") from None
    too_big = (
        f"{what} {p} is larger than {limit // 2**20} MB, far more than parlour reads; give a smaller file"
    )
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise ParlourError(f"{what} {p} is a folder; give a file")
        regular = stat.S_ISREG(st.st_mode)
        if not regular and not (streams and (stat.S_ISFIFO(st.st_mode) or stat.S_ISCHR(st.st_mode))):
            raise ParlourError(f"{what} {p} is not a regular file (a pipe or a device); give a file")
        if regular and st.st_size > limit:
            raise ParlourError(too_big)
        if not regular:
            os.set_blocking(fd, True)  # a writer is there (else the end of file comes at once)
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        if left <= 0:
            raise ParlourError(too_big)
        return b"".join(chunks)
    except OSError as exc:
        raise ParlourError(f"cannot read {what} {p}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def parse_toml(text: str, where: str) -> dict[str, Any]:
    """Parse TOML text; a syntax error becomes one line naming the file and the line."""
    import tomllib

    check_depth(text, where)
    try:
        return tomllib.loads(text)
    except RecursionError:  # (check_depth stops far sooner; this only if the stack is short)
        raise ParlourError(f"{where}: nested too deeply to read; fix the nesting") from None
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = _LINE.search(msg)
        if m:
            reason = msg[: m.start()].strip()
            raise ParlourError(
                f"{where}, line {m.group(1)}, column {m.group(2)}: not valid TOML ({reason}); fix the syntax"
            ) from None
        raise ParlourError(f"{where}: not valid TOML ({msg}); fix the syntax") from None


def read_user_text(path: str | os.PathLike[str], what: str = "file") -> str:
    """The text of a file a user names (a --letters or fragments file), with one-line errors; a
    byte-order mark some editors write is dropped."""
    p = Path(path)
    try:
        return read_user_bytes(p, what).decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ParlourError(
            f"cannot read {what} {p}: not UTF-8 text (byte {exc.start}); save it as UTF-8"
        ) from None


def read_toml_file(path: str | os.PathLike[str], what: str = "file") -> dict[str, Any]:
    """Read a TOML file a user names, with one-line errors: parlour's one reader of such files."""
    return parse_toml(read_user_text(path, what), str(path))


def read_toml(name: str) -> tuple[dict[str, Any], str]:
    """(data, where) of template `name`, from the user's directory if it has a copy, else packaged."""
    text, where = read_text(name)
    return parse_toml(text, where), where


def templates_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """The --templates DIR option: user copies of templates in DIR override the packaged ones."""
    import click

    def apply(ctx: click.Context, param: click.Parameter, value: Path | None) -> None:
        set_override(value)
        ctx.call_on_close(reset)  # the choice lasts for this command only

    return click.option(
        "--templates",
        "templates_dir",
        type=click.Path(path_type=Path, file_okay=False),
        default=None,
        envvar=ENV_VAR,
        metavar="DIR",
        expose_value=False,
        is_eager=True,
        callback=apply,
        help="Read templates from DIR where it has them (make DIR with 'parlour templates export DIR'); "
        f"also ${ENV_VAR}.",
    )(f)
