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
import sys
import zlib
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


def set_override(directory: str | os.PathLike[str] | None) -> Path | None:
    """Use `directory` (or, when None, $PARLOUR_TEMPLATES if set) for user copies of templates."""
    global _override
    if directory is None:
        directory = os.environ.get(ENV_VAR) or None
    if directory is None:
        _override = None
        return None
    path = Path(directory).expanduser()
    if not path.is_dir():
        raise ParlourError(
            f"--templates {str(path)!r} is not a directory; make one with 'parlour templates export {path}'"
        )
    known = set(names())
    if not any((path / name).is_file() for name in known):
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
    """(text, where) of template `name`; `where` names the file for messages."""
    source = locate(name)
    where = display_name(source)
    try:
        return source.read_text(encoding="utf-8"), where
    except UnicodeDecodeError as exc:
        raise ParlourError(f"{where}: not UTF-8 text (byte {exc.start}); save it as UTF-8") from None
    except OSError as exc:
        raise ParlourError(f"{where}: cannot read it ({exc.strerror})") from None


_TOML_FORMAT = 1  # of a cache file: {"version", "text", "data"}


def _toml_cache_path(text: str) -> Path | None:
    """Where the parse of `text` is kept: named by the text and the parser (the stdlib's tomllib,
    by its file and Python's version); None when the parser's file cannot be looked at."""
    from generator import cache

    parser = Path(os.path.dirname(os.__file__), "tomllib", "_parser.py")
    key = f"toml-v{_TOML_FORMAT}-{zlib.crc32(text.encode('utf-8', 'surrogatepass')):08x}-{len(text)}-{sys.version}"
    try:
        return cache.keyed_cache_path("toml", key, ".bin", (parser,))
    except OSError:
        return None


def parse_toml(text: str, where: str) -> dict[str, Any]:
    """Parse TOML text; a syntax error becomes one line naming the file and the line.

    The parse of a text parsed before is read back from parlour's cache (saved with the text it
    came from, and used only for that very text): a template parses once per edit, not per run."""
    from generator import cache

    path = _toml_cache_path(text)
    if path is not None:
        saved = cache.read_saved(
            path, _TOML_FORMAT, lambda d: d["text"] == text and isinstance(d["data"], dict)
        )
        if saved is not None:
            data: dict[str, Any] = saved["data"]
            return data
    data = _parse_toml(text, where)
    if path is not None:
        try:
            cache.save(path, {"version": _TOML_FORMAT, "text": text, "data": data})
        except ValueError:  # dates and times are not marshal's types: such a file is parsed each time
            pass
    return data


def _parse_toml(text: str, where: str) -> dict[str, Any]:
    import tomllib

    try:
        return tomllib.loads(text)
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
        return p.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise ParlourError(f"{what} {p} does not exist; check the path") from None
    except IsADirectoryError:
        raise ParlourError(f"{what} {p} is a folder; give a file") from None
    except UnicodeDecodeError as exc:
        raise ParlourError(
            f"cannot read {what} {p}: not UTF-8 text (byte {exc.start}); save it as UTF-8"
        ) from None
    except OSError as exc:
        raise ParlourError(f"cannot read {what} {p}: {exc.strerror or exc}") from None


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
