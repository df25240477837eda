"""What the page may print: each document is a parlour command, and its options are that
command's own click parameters.

Nothing here re-declares an option. A field on the page is built from the click parameter the
command line parses (its choices, its range, whether it is a flag, its default under the
settings file), and a value the browser sends is converted by that parameter's own type. So a
paper, a range or an option added to a command appears on the page as it appears in --help.

What the page leaves out: every option that names a file or a folder (nothing the browser sends
reaches the file system), the few listed in HIDDEN, and the values FIXED for a document (the
daily sheets are always one book). The page may narrow a range (WEB_LIMITS: a month of days, not
ten years), never widen it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import click

from generator.errors import ParlourError

#: The daily book on the page stops at a month of days (the command line allows ten years, which
#: takes minutes: one request must not hold the machine that long); a seed is a whole number a
#: browser's number field holds exactly.
WEB_LIMITS: dict[str, tuple[int, int]] = {"days": (1, 31), "seed": (0, 2**31 - 1)}
WEB_MAX_DAYS = WEB_LIMITS["days"][1]
MAX_VALUE = 200  # characters in any one option's value
#: Options no page offers, by click parameter name: where the output goes, what a run also writes
#: (and the print-shop size of the card images it writes), a sheet layout (a file on the server, or
#: a name the command line's `templates export` shows), saving a calibration, and the daily's
#: one-file-a-day mode.
HIDDEN = frozenset(
    {
        "output",
        "json_path",
        "png_dir",
        "cards_dir",
        "cards_size",
        "layout_file",
        "dpi",
        "save",
        "book",
        "fragments_mode",
    }
)
#: The cutting machine (--cutter) is offered only where a document says it `cuts` (the decks and the
#: kit): its cut files or card images come with the PDF in one zip (see build.Built.bundle).
CUTTER = "cutter"
#: Values a document always passes (by click parameter name).
FIXED: dict[str, dict[str, Any]] = {"doublets-daily": {"book": True}}
FIRST_DAY, LAST_DAY = dt.date(1900, 1, 1), dt.date(9000, 12, 31)  # days the page offers
#: Dates (typed as text on the command line) the page offers as a date field, by option name.
DATES = frozenset({"date", "from"})


class FieldError(ParlourError):
    """A value the page sent that its field refuses: `field` is the field's name on the page, the
    message is in family words (no option names)."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(message)
        self.field = field_name


@dataclass(frozen=True)
class Document:
    """A document the page prints: its title and the command (its path under `parlour`) that prints it."""

    name: str
    title: str
    command: tuple[str, ...]
    fixed: Mapping[str, Any] = field(default_factory=dict)
    hidden: frozenset[str] = frozenset()  # options of the command this document leaves out
    cuts: bool = False  # the page offers a cutting machine for it (the PDF comes with its cut files)


DOCUMENTS: dict[str, Document] = {
    d.name: d
    for d in (
        Document("pack", "The game-night pack", ("pack",), hidden=frozenset({"skip"})),
        Document("rules", "How to play", ("rules",)),
        Document("doublets-sheet", "Doublets puzzle sheet", ("doublets", "sheet")),
        Document("doublets-daily", "Doublets daily sheets", ("doublets", "daily"), FIXED["doublets-daily"]),
        Document("doublets-jewels", "Doublets Jewels", ("doublets", "jewels")),
        Document("doublets-scorepad", "Doublets scoring paper", ("doublets", "scorepad")),
        Document("chimera-key", "Chimera's Lair referee's key", ("chimera", "key")),
        Document("chimera-pad", "Chimera's Lair scoring pad", ("chimera", "pad")),
        Document("chimera-deck", "Chimera's Lair deck", ("chimera", "deck"), cuts=True),
        Document("fighting-words-deck", "Fighting Words deck", ("fighting-words", "deck"), cuts=True),
        Document("riddle-craft-deck", "Riddle Craft deck", ("riddle-craft", "deck"), cuts=True),
        Document("sorcerer-board", "The Sorcerer's Chamber set-up", ("sorcerer", "board")),
        Document("sorcerer-notes", "The Sorcerer's Chamber notes", ("sorcerer", "notes")),
        Document("piecepack", "Piecepack kit", ("piecepack",), cuts=True),
        Document("calibrate", "Calibration sheet", ("calibrate",)),
    )
}


def document(name: str) -> Document:
    """The document called `name`, or a one-line error."""
    doc = DOCUMENTS.get(name)
    if doc is None:
        raise ParlourError(f"there is no document called {name!r} to print")
    return doc


# -- the command and its parameters ----------------------------------------------------------


def command_context(doc: Document, settings: bool = True) -> tuple[click.Command, click.Context]:
    """The click command that prints `doc` and the context it runs in: a child of `parlour`'s own,
    with the settings file's values as defaults exactly as the command line attaches them."""
    from generator.cli import cli
    from generator.config import attach_defaults

    ctx = click.Context(cli, info_name="parlour")
    group: click.Command = cli
    for i, part in enumerate(doc.command):
        assert isinstance(group, click.Group)
        cmd = group.get_command(ctx, part)
        if cmd is None:
            raise ParlourError(f"parlour has no command {' '.join(doc.command[: i + 1])!r}")
        if i == 0 and settings:
            attach_defaults(ctx, part, cmd)
        ctx = click.Context(cmd, info_name=part, parent=ctx)
        group = cmd
    return group, ctx


def key_of(param: click.Parameter) -> str:
    """The name a parameter goes by on the page and in its URLs: the option's long name without
    its dashes (`ink-saver`, `from`, `blanks`), or an argument's name (`game`)."""
    if isinstance(param, click.Option):
        longs = [o for o in param.opts if o.startswith("--")]
        if longs:
            return longs[0][2:]
    return str(param.name)


def offered(doc: Document, cmd: click.Command) -> list[click.Parameter]:
    """The command's parameters the page offers for `doc`, in the command's order."""
    out = []
    for p in cmd.params:
        if p.name in HIDDEN or p.name in doc.fixed or p.name in doc.hidden or not p.expose_value:
            continue
        if p.name == CUTTER and not doc.cuts:
            continue
        if isinstance(p.type, (click.Path, click.File)):
            continue
        out.append(p)
    return out


def limits(param: click.Parameter) -> tuple[int | float | None, int | float | None]:
    """(lowest, highest) a number parameter takes on the page: click's range, narrowed by
    WEB_LIMITS; (None, None) for a number without a range."""
    lo = hi = None
    if isinstance(param.type, (click.IntRange, click.FloatRange)):
        lo, hi = param.type.min, param.type.max
    web = WEB_LIMITS.get(key_of(param))
    if web is not None:
        lo = web[0] if lo is None else max(lo, web[0])
        hi = web[1] if hi is None else min(hi, web[1])
    return lo, hi


def kind(param: click.Parameter) -> str:
    """How the page shows a parameter: flag, choice, int, float, date or text."""
    if isinstance(param, click.Option) and param.is_flag and not param.secondary_opts:
        return "flag"
    if isinstance(param.type, click.types.BoolParamType):
        return "flag"
    if isinstance(param.type, click.Choice):
        return "choice"
    if isinstance(param.type, click.types.IntParamType):
        return "int"
    if isinstance(param.type, click.types.FloatParamType):
        return "float"
    if key_of(param) in DATES:
        return "date"
    return "text"


def default_of(param: click.Parameter, ctx: click.Context) -> Any:
    """The value the command uses when the option is not given (the settings file included)."""
    value = param.get_default(ctx)
    if value is None or type(value).__name__ == "Sentinel":
        return None
    return value


def shown(value: Any) -> str:
    """A parameter's value as the page and its URLs spell it."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


# -- what the browser sends ------------------------------------------------------------------


def normalise(doc: Document, query: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """The query's options, each converted by its click parameter's own type and put back in one
    spelling, in the command's order: the same choices always give the same tuple, whatever order
    or case they came in. Values equal to what the command would use anyway are kept (so the
    command line shown matches the URL), off flags are dropped. A refused value is a FieldError."""
    from generator.web.words import refusal

    cmd, ctx = command_context(doc)
    params = {key_of(p): p for p in offered(doc, cmd)}
    unknown = sorted(k for k in query if k not in params)
    if unknown:
        raise FieldError(unknown[0], "This choice does not apply to what you are printing.")
    out: list[tuple[str, str]] = []
    for key, param in params.items():
        raw = query.get(key)
        if raw is None:
            continue
        if len(raw) > MAX_VALUE:
            raise FieldError(key, "that is too long")
        value = convert(param, ctx, raw)
        if value is None:
            continue
        how = kind(param)
        if how == "flag" and value is False and default_of(param, ctx) is not True:
            continue
        lo, hi = limits(param)
        if how in ("int", "float") and ((lo is not None and value < lo) or (hi is not None and value > hi)):
            raise FieldError(key, refusal(key, kind(param), *limits(param)))
        if how == "date":
            try:
                day = dt.date.fromisoformat(str(value).strip())
            except ValueError:
                raise FieldError(key, refusal(key, kind(param), *limits(param))) from None
            if not FIRST_DAY <= day <= LAST_DAY:
                raise FieldError(key, f"Choose a day between {FIRST_DAY.year} and {LAST_DAY.year}.")
            value = day.isoformat()
        out.append((key, shown(value)))
    return tuple(out)


def convert(param: click.Parameter, ctx: click.Context, raw: str) -> Any:
    """`raw` converted by the parameter's own click type (None for an empty text value)."""
    from generator.web.words import refusal

    text = raw.strip()
    if text == "" and kind(param) != "flag":
        return None
    if kind(param) == "flag" and text == "":
        text = "1"
    try:
        return param.type_cast_value(ctx, text)
    except click.BadParameter:
        raise FieldError(key_of(param), refusal(key_of(param), kind(param), *limits(param))) from None


def call_values(doc: Document, options: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """{click parameter name: the value as the page spells it} for a worker to convert again."""
    cmd, _ = command_context(doc, settings=False)
    names = {key_of(p): str(p.name) for p in offered(doc, cmd)}
    return {names[k]: v for k, v in options}


def command_line(doc: Document, options: tuple[tuple[str, str], ...]) -> list[str]:
    """What a person would type for these options (shown under More options; never run)."""
    cmd, ctx = command_context(doc, settings=False)
    params = {key_of(p): p for p in offered(doc, cmd)}
    args = [p for p in doc.command]
    for name, value in doc.fixed.items():
        p = next(q for q in cmd.params if q.name == name)
        if value is True and isinstance(p, click.Option):
            args.append(p.opts[0])
    for key, value in options:
        p = params[key]
        if not isinstance(p, click.Option):
            args.append(value)
        elif kind(p) == "flag":
            if p.secondary_opts:
                args.append(p.opts[0] if value == "1" else p.secondary_opts[0])
            elif value == "1":
                args.append(p.opts[0])
        else:
            args += [f"--{key}", value]
    return args
