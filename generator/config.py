"""The user's settings file (config.toml in the platform's config directory): defaults that options override."""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from generator.errors import ParlourError

APP = "parlour"
FILE_NAME = "config.toml"
ENV_FILE = "PARLOUR_CONFIG"  # a settings file to use instead of the one in the config directory
SETTINGS_LIMIT = 2**20  # bytes: a settings file is a few lines


@dataclass(frozen=True)
class Setting:
    """One key of the settings file; `key` is also the name of the option it gives a default to."""

    key: str
    option: str
    default: str
    about: str


#: Every key the settings file may hold, in the order `parlour config` shows them.
SETTINGS: tuple[Setting, ...] = (
    Setting("paper", "--paper", "letter", "paper size for every printing command"),
    Setting("card", "--card", "poker", "card size of the decks"),
    Setting("duplex", "--duplex", "long", "edge the sheet turns on for card backs"),
    Setting(
        "back_offset", "--back-offset", "0,0", "shift of card backs in mm (parlour calibrate --save X,Y)"
    ),
    Setting("spelling", "--spelling", "us", "spelling for commands with --spelling"),
)
BY_KEY = {s.key: s for s in SETTINGS}


def config_path() -> Path:
    """Where the settings file is: $PARLOUR_CONFIG, else $XDG_CONFIG_HOME/parlour/config.toml when
    that is set to an absolute path (on any system; an empty or relative one is ignored), else config.toml in the platform's config directory
    (~/.config/parlour on Linux, ~/Library/Application Support/parlour on macOS, %LOCALAPPDATA%\\parlour
    on Windows)."""
    explicit = os.environ.get(ENV_FILE)
    if explicit:
        from generator.templates import home_path

        return home_path(explicit, ENV_FILE)
    xdg = os.environ.get("XDG_CONFIG_HOME")
    if xdg and os.path.isabs(xdg):  # the XDG rules: an empty or relative value is ignored
        return Path(xdg) / APP / FILE_NAME
    if sys.platform in ("win32", "darwin"):
        return Path(click.get_app_dir(APP, roaming=False)) / FILE_NAME
    # (not click.get_app_dir, which takes a relative XDG_CONFIG_HOME as it is)
    return Path.home() / ".config" / APP / FILE_NAME


@dataclass(frozen=True)
class Settings:
    """What the settings file says: values as strings, and the line each was set on."""

    path: Path
    exists: bool
    values: dict[str, str]
    lines: dict[str, int]

    def where(self, key: str) -> str:
        """'PATH line N' for a key the file sets."""
        return f"{self.path} line {self.lines.get(key, 1)}"

    def error(self, key: str, what: str) -> ParlourError:
        """A one-line error naming the file and the line of `key`."""
        return ParlourError(f"{self.where(key)}: {what}; fix it or delete the line")


_cache: dict[Path, tuple[tuple[int, int], Settings]] = {}
_KEY_LINE = re.compile(r"""^\s*(?:"([^"]*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*=""")
_TABLE_LINE = re.compile(r"^\s*\[")


def _key_lines(text: str) -> dict[str, int]:
    """The line (1-based) of every top-level key in TOML text, and of each [table] header."""
    found: dict[str, int] = {}
    in_table = False
    for n, line in enumerate(text.split("\n"), start=1):  # (not splitlines: U+2028 is no line end in TOML)
        if _TABLE_LINE.match(line):
            in_table = True
            found.setdefault("[" + line.strip().strip("[]").strip() + "]", n)
            continue
        m = _KEY_LINE.match(line)
        if m and not in_table:
            found.setdefault(next(g for g in m.groups() if g is not None), n)
    return found


def load(path: Path | None = None) -> Settings:
    """Read the settings file (missing is fine: no settings); a bad one is a one-line error
    naming the file and the line."""
    path = path or config_path()
    _not_a_descriptor(path)
    try:
        st = path.stat()
    except OSError as e:
        import errno

        if e.errno != errno.ELOOP:  # missing, or out of reach: no settings, as before
            return Settings(path, False, {}, {})
        raise ParlourError(
            f"settings file {path}: {_os_reason(e)}; fix it, or set {ENV_FILE} to another file"
        ) from None
    stamp = (st.st_mtime_ns, st.st_size)
    hit = _cache.get(path)
    if hit and hit[0] == stamp:
        return hit[1]
    if path.is_dir():
        raise ParlourError(f"settings file {path} is a directory: remove it or set {ENV_FILE} to a file")
    import tomllib

    from generator.templates import check_depth, read_user_bytes

    # never waits on a FIFO, never reads a device such as /dev/zero, never more than a megabyte
    raw = read_user_bytes(path, "settings file", limit=SETTINGS_LIMIT, streams=False)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ParlourError(f"cannot read settings file {path}: not UTF-8 text (byte {e.start})") from None
    check_depth(text, str(path))
    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise ParlourError(f"{path}: nested too deeply to read; fix it or delete the file") from None
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"\(at line (\d+), column \d+\)|\(at end of document\)", str(e))
        line = m.group(1) if m and m.group(1) else str(text.count("\n") + 1)
        why = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", str(e))
        raise ParlourError(f"{path} line {line}: not valid TOML ({why}); fix it or delete the line") from None
    lines = _key_lines(text)
    values: dict[str, str] = {}
    settings = Settings(path, True, values, lines)
    known = ", ".join(s.key for s in SETTINGS)
    for key, value in data.items():
        if key not in BY_KEY:
            if isinstance(value, dict):
                where = f"{path} line {lines.get('[' + key + ']', 1)}"
                raise ParlourError(
                    f"{where}: unknown section [{key}]: the settings are top-level keys ({known})"
                )
            hint = ""
            close = key.replace("-", "_").lower()
            if close in BY_KEY:
                hint = f" (did you mean {close}?)"
            raise settings.error(key, f"unknown setting {key!r}{hint}: use {known}")
        if key == "back_offset" and isinstance(value, list) and len(value) == 2:
            if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
                value = f"{value[0]:g},{value[1]:g}"
        if not isinstance(value, str):
            raise settings.error(key, f'{key} must be a quoted string, like {key} = "{BY_KEY[key].default}"')
        values[key] = value.strip()
    _cache[path] = (stamp, settings)
    return settings


def check_value(settings: Settings, key: str, param: click.Parameter | None = None) -> str:
    """The file's value for `key`, checked against the option it feeds (a choice, or an offset)."""
    value = settings.values[key]
    ptype = getattr(param, "type", None)
    if isinstance(ptype, click.Choice):
        choices = {str(c).lower(): str(c) for c in ptype.choices}
        if value.lower() not in choices:
            raise settings.error(key, f"{key} = {value!r} is not one of {', '.join(choices.values())}")
        return choices[value.lower()]
    if key == "card":
        from generator.press.impose import get_card

        try:
            return get_card(value).name
        except ParlourError as e:
            raise settings.error(key, str(e).replace("--card", "card =")) from None
    if key == "back_offset":
        from generator.press.impose import parse_offset

        try:
            parse_offset(value)
        except ParlourError as e:
            raise settings.error(key, str(e).replace("--back-offset", "back_offset")) from None
    return value


def command_defaults(cmd: click.Command, ctx: click.Context, settings: Settings) -> dict[str, Any]:
    """A click default_map for `cmd` (and, for a group, every command below it): each option named
    like a setting the file holds gets the file's value."""
    out: dict[str, Any] = {}
    for p in cmd.params:
        if isinstance(p, click.Option) and p.name in settings.values:
            out[p.name] = check_value(settings, p.name, p)
    if isinstance(cmd, click.Group):
        for name in cmd.list_commands(ctx):
            sub = cmd.get_command(ctx, name)
            if sub is not None:
                sub_map = command_defaults(sub, ctx, settings)
                if sub_map:
                    out[name] = sub_map
    return out


def attach_defaults(ctx: click.Context, name: str | None, cmd: click.Command | None) -> None:
    """Give the command about to run the settings file's values as defaults (options still win).

    Called by the top-level group once it knows which command runs; while the shell asks for
    completions a bad file is ignored rather than reported."""
    if cmd is None or name is None:
        return
    from generator.press.output import settings_file_is

    settings_file_is(config_path())  # an input of every command: no output may land on it
    try:
        settings = load()
    except ParlourError:
        if ctx.resilient_parsing:
            return
        raise
    if not settings.values:
        return
    try:
        defaults = command_defaults(cmd, ctx, settings)
    except ParlourError:
        if ctx.resilient_parsing:
            return
        raise
    if defaults:
        ctx.default_map = {**(ctx.default_map or {}), name: defaults}


def _os_reason(e: OSError) -> str:
    import errno

    if e.errno == errno.ELOOP:
        return "it is a link that leads back to itself (a loop of symbolic links)"
    return e.strerror or str(e)


def _not_a_descriptor(path: Path) -> None:
    """Refuse a settings file named by an open descriptor (/dev/stdout, /dev/fd/N): reading it would
    consume input and saving it would replace what the descriptor writes to."""
    from generator.press.output import descriptor_of

    if descriptor_of(str(path)) is not None:
        raise ParlourError(
            f"settings file {path} names an open descriptor, not a file: set {ENV_FILE} to a file"
        )


def _settings_target(path: Path) -> Path:
    """Where saving `path` writes: through a link (a dotfiles link stays a link) to its target;
    a loop of links is one line."""
    if not path.is_symlink():
        return path
    try:
        return Path(os.path.realpath(path, strict=True))
    except FileNotFoundError:  # a dangling link: write the file it names
        return Path(os.path.realpath(path))
    except OSError as e:
        raise ParlourError(f"settings file {path}: {_os_reason(e)}; fix the link or set {ENV_FILE}") from None


HEADER = "# parlour settings: options on the command line always win (see 'parlour config')"


def save_setting(key: str, value: str, path: Path | None = None) -> Path:
    """Set `key = "value"` in the settings file through tomlkit, which keeps every comment, key
    and layout as it was (the file and its directory are made if need be). The new text is read
    back with the reader every command uses (tomllib) and must hold exactly the old settings with
    `key` changed before it replaces the file; else one line names the file and the line, and the
    file is left as it was. Returns the file's path."""
    import tomllib

    import tomlkit
    from tomlkit.exceptions import ParseError

    from generator.press.document import atomic_write
    from generator.templates import read_user_bytes

    path = path or config_path()
    _not_a_descriptor(path)
    path = _settings_target(path)
    settings = load(path)  # a broken file is reported, not overwritten
    text = ""
    if settings.exists:
        text = read_user_bytes(path, "settings file", limit=SETTINGS_LIMIT, streams=False).decode("utf-8-sig")
    old = tomllib.loads(text)
    where = f"{path} line {settings.lines.get(key, 1)}"
    try:
        doc = tomlkit.parse(text) if text else tomlkit.document()
        if not text:
            doc.add(tomlkit.comment(HEADER[2:]))
        doc[key] = value
        new = tomlkit.dumps(doc)
        if not new.endswith("\n"):
            new += "\n"
        back = tomllib.loads(new)
    except (ParseError, tomllib.TOMLDecodeError, ValueError, TypeError) as e:
        line = getattr(e, "line", None) or settings.lines.get(key, 1)
        raise ParlourError(
            f"{path} line {line}: parlour cannot edit this line safely ({e}); "
            f'set {key} = "{value}" there by hand'
        ) from None
    if back != {**old, key: value}:
        raise ParlourError(
            f'{where}: saving {key} here would change other settings; set {key} = "{value}" there by hand'
        )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ParlourError(f"cannot make the settings directory {path.parent}: {e.strerror}") from None
    atomic_write(
        path, lambda tmp: Path(tmp).write_text(new, encoding="utf-8"), f"settings file {path}", settings=False
    )
    _cache.pop(path, None)
    return path
