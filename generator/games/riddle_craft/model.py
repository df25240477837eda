"""Riddle Craft content model: riddle fragments, When Cards, tokens and reference cards."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from generator import templates
from generator.errors import ParlourError

KINDS: tuple[str, ...] = (
    "looks",  # what I look like: shape, colour, pattern
    "senses",  # touch, taste, smell, sound, light given off
    "states",  # states that come and go, for the When Cards to hang on
    "does",  # what I do
    "where",  # where I am found
    "made",  # what I am made of
    "size_age",  # how big or old I am
    "feelings",  # how people feel about me
    "judged",  # judgements: useful, dangerous, worth a fortune
    "negative",  # what I am not, what I cannot do
    "abstract",  # abstract qualities
)
CUSTOM_KIND = "custom"  # kind given to a user's fragment that names none

TEMPLATE_NAME = "riddle_craft.toml"
TEMPLATE = templates.packaged_path(TEMPLATE_NAME)  # the packaged copy; load_template honours --templates

Mode = Literal["replace", "extend"]
_KIND_RE = re.compile(r"[a-z][a-z0-9_]*\Z")
_COMMA_HINT = "; put a fragment that contains a comma in double quotes"
MAX_FRAGMENTS = 2000  # of one file or template (the packaged deck has 118)


@dataclass(frozen=True)
class RiddleCard:
    """One Riddle Card: a first-person clue such as "I have stripes"."""

    text: str
    kind: str


@dataclass(frozen=True)
class WhenCard:
    """A two-sided When Card; either side may be played."""

    front: str
    back: str


@dataclass(frozen=True)
class Tokens:
    """How many check and cross tokens to cut out, with their symbols and point values."""

    check: int = 7
    cross: int = 7
    check_symbol: str = "\u2611"
    cross_symbol: str = "\u2612"
    check_value: int = 1
    cross_value: int = -1


@dataclass(frozen=True)
class ReferenceCard:
    """A rules summary card: a title, short bullet lines and an optional (cards, points) table."""

    title: str
    lines: tuple[str, ...]
    table: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class RiddleCraftDeck:
    """Everything printed for one Riddle Craft deck."""

    riddles: tuple[RiddleCard, ...]
    when: tuple[WhenCard, ...]
    tokens: Tokens = field(default_factory=Tokens)
    reference: tuple[ReferenceCard, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """Return the deck as JSON-ready data (the `--json FILE` shape)."""
        return {
            "riddles": [{"text": r.text, "kind": r.kind} for r in self.riddles],
            "when": [{"front": w.front, "back": w.back} for w in self.when],
            "tokens": {"check": self.tokens.check, "cross": self.tokens.cross},
        }

    def counts(self) -> dict[str, int]:
        """Return how many riddle cards there are of each kind, in first-seen order."""
        out: dict[str, int] = {}
        for r in self.riddles:
            out[r.kind] = out.get(r.kind, 0) + 1
        return out


@dataclass(frozen=True)
class _Entry:
    """A fragment read from a file, with where it came from (for error messages)."""

    card: RiddleCard
    where: str


def fragment_key(text: str) -> str:
    """Return the key two fragments share when they are the same clue (case and spacing ignored)."""
    return " ".join(text.split()).casefold()


def press_your_luck_points(cards: int, table: Sequence[tuple[int, int]]) -> int:
    """Return the points for a riddle of `cards` cards; the last row covers longer riddles too."""
    if cards < 1:
        return 0
    points = 0
    for length, value in sorted(table):
        if cards >= length:
            points = value
    return points


# ---------------------------------------------------------------------------------------------
# Reading files


def _load_toml(path: Path, what: str) -> dict[str, Any]:
    from generator.templates import read_toml_file

    return read_toml_file(path, what)


def _clean_kind(raw: object, where: str, path: Path, hint: str = "") -> str:
    kind = str(raw).strip().lower()
    if not kind:
        return CUSTOM_KIND
    if not _KIND_RE.match(kind):
        raise ParlourError(f"{path}: {where}: kind {str(raw).strip()!r} is not one word (a-z, 0-9, _){hint}")
    if kind not in KINDS and kind != CUSTOM_KIND:
        # A kind of one's own is printed as its own marker; one a letter or two off a known kind is a typo.
        import difflib

        near = difflib.get_close_matches(kind, KINDS, n=1, cutoff=0.75)
        if near:
            raise ParlourError(
                f"{path}: {where}: unknown kind {str(raw).strip()!r}: did you mean {near[0]!r}? "
                f"(the kinds: {', '.join(KINDS)}){hint}"
            )
    return kind


def _make_entry(raw: object, kind: str, where: str, path: Path) -> _Entry:
    if not isinstance(raw, str):
        raise ParlourError(f"{path}: {where} is not text; write the fragment in quotes")
    from generator.press.fonts import check_drawable

    check_drawable(raw, f"{path}: {where} ({raw.strip()[:40]!r})")
    text = " ".join(raw.split())
    if not text:
        raise ParlourError(f"{path}: {where} is an empty fragment; write a clue or delete it")
    return _Entry(RiddleCard(text, kind), where)


def _toml_entries(data: dict[str, Any], path: Path) -> list[_Entry]:
    if "riddles" not in data:
        raise ParlourError(
            f"{path} has no [riddles] table; see {TEMPLATE.name} for the layout "
            "([riddles] with one list of fragments per kind)"
        )
    riddles = data["riddles"]
    if isinstance(riddles, list):
        groups: Iterable[tuple[str, object, str]] = [(CUSTOM_KIND, riddles, "riddles")]
    elif isinstance(riddles, dict):
        groups = [(_clean_kind(k, f"riddles.{k}", path), v, f"riddles.{k}") for k, v in riddles.items()]
    else:
        raise ParlourError(f"{path}: 'riddles' must be a table of lists or a list of fragments")
    entries: list[_Entry] = []
    for kind, items, name in groups:
        if not isinstance(items, list):
            raise ParlourError(f"{path}: {name} must be a list of fragments in [ ... ]")
        if len(entries) + len(items) > MAX_FRAGMENTS:
            raise ParlourError(
                f"{path} holds more than {MAX_FRAGMENTS:,} fragments, far more than a deck can use; "
                "keep the best of them"
            )
        for i, raw in enumerate(items, start=1):
            entries.append(_make_entry(raw, kind, f"{name} item {i}", path))
    return entries


def _csv_entries(path: Path) -> list[_Entry]:
    from generator.templates import read_user_text

    text = read_user_text(path, "fragments file")
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    entries: list[_Entry] = []
    text_col, kind_col, width = 0, 1, 2
    rows = 0
    try:
        for n, row in enumerate(reader):
            line = reader.line_num
            if len(row) == 1 and ";" in row[0] and (n == 0 or "," not in text):
                raise ParlourError(
                    f"{path}: line {line} is separated by semicolons; parlour reads commas (text,kind): "
                    "save the file as comma-separated CSV"
                )
            header = [cell.strip().lower() for cell in row]
            # a header names its columns, each one word: "I am round,text" is a fragment
            if n == 0 and "text" in header and not any(" " in cell for cell in header):
                text_col = header.index("text")
                kind_col = header.index("kind") if "kind" in header else -1
                width = len(header)
                continue
            if not any(cell.strip() for cell in row):
                continue  # a blank row (or one of bare commas) is not a fragment
            rows += 1
            if rows > MAX_FRAGMENTS:
                raise ParlourError(
                    f"fragments file {path} holds more than {MAX_FRAGMENTS:,} fragments, far more than a "
                    "deck can use; keep the best of them"
                )
            if len(row) > width:
                raise ParlourError(
                    f"{path}: line {line} has {len(row)} columns, expected at most {width} "
                    f"(text,kind){_COMMA_HINT}"
                )
            raw_text = row[text_col] if text_col < len(row) else ""
            raw_kind = row[kind_col] if 0 <= kind_col < len(row) else ""
            where = f"line {line}"
            kind = _clean_kind(raw_kind, where, path, _COMMA_HINT)
            entries.append(_make_entry(raw_text, kind, where, path))
    except csv.Error as e:
        raise ParlourError(f"{path}: line {reader.line_num} is not valid CSV: {e}") from None
    return entries


def _read_entries(path: Path) -> list[_Entry]:
    suffix = path.suffix.lower()
    if suffix == ".toml":
        entries = _toml_entries(_load_toml(path, "fragments file"), path)
    elif suffix == ".csv":
        entries = _csv_entries(path)
    else:
        raise ParlourError(
            f"fragments file {path}: unknown format {suffix or '(no extension)'!r}; "
            "use a .toml file (like templates/riddle_craft.toml) or a .csv file (text,kind)"
        )
    if not entries:
        raise ParlourError(f"fragments file {path} holds no fragments; add at least one")
    return entries


def _check_duplicates(entries: Iterable[_Entry], path: Path) -> None:
    seen: dict[str, _Entry] = {}
    for e in entries:
        key = fragment_key(e.card.text)
        first = seen.get(key)
        if first is not None:
            raise ParlourError(
                f"{path}: duplicate fragment: {e.card.text!r} ({e.where}) repeats "
                f"{first.card.text!r} ({first.where}); remove one of them"
            )
        seen[key] = e


# ---------------------------------------------------------------------------------------------
# Public loaders


#: Bounds of the template's counts and texts, checked before anything is made (see press.fields).
MAX_WHEN = 60  # When Cards (the packaged deck has 6)
MAX_TOKENS = 60  # of each token (7)
MAX_TOKEN_VALUE = 99
MAX_REFERENCE = 12  # reference cards (4)
MAX_REFERENCE_LINES = 40  # lines of one reference card (at most 10)
MAX_CARD_TEXT = 200  # characters of a text on a card
MAX_TABLE_ROWS = 20  # rows of a reference card's points table (8)


def _parse_when(data: dict[str, Any], path: Path) -> tuple[WhenCard, ...]:
    from generator.press import fields

    where = f"{path}: [when]"
    if "when" not in data:
        raise ParlourError(f"{where} is missing: it needs front, back and count")
    w = fields.table(data["when"], where)
    for key in ("front", "back"):
        if key not in w:
            raise ParlourError(f"{where} needs front, back and count ({key} is missing)")
    front = fields.text(w["front"], f"{where} front", limit=MAX_CARD_TEXT)
    back = fields.text(w["back"], f"{where} back", limit=MAX_CARD_TEXT)
    count = fields.count(w.get("count", 6), f"{where} count", 0, MAX_WHEN)
    return (WhenCard(front=front, back=back),) * count


def _parse_tokens(data: dict[str, Any], path: Path) -> Tokens:
    from generator.press import fields

    got: dict[str, tuple[int, str, int]] = {}
    tokens = fields.table(data.get("tokens"), f"{path}: [tokens]")
    for side in ("check", "cross"):
        where = f"{path}: [tokens.{side}]"
        raw = fields.table(tokens.get(side), where)
        missing = [k for k in ("symbol", "value", "count") if k not in raw]
        if missing:
            raise ParlourError(f"{where} needs symbol, value and count ({', '.join(missing)} missing)")
        got[side] = (
            fields.count(raw["count"], f"{where} count", 0, MAX_TOKENS),
            fields.text(raw["symbol"], f"{where} symbol", limit=2),
            fields.count(raw["value"], f"{where} value", -MAX_TOKEN_VALUE, MAX_TOKEN_VALUE),
        )
    return Tokens(
        check=got["check"][0],
        cross=got["cross"][0],
        check_symbol=got["check"][1],
        cross_symbol=got["cross"][1],
        check_value=got["check"][2],
        cross_value=got["cross"][2],
    )


def _parse_reference(data: dict[str, Any], path: Path) -> tuple[ReferenceCard, ...]:
    from generator.press import fields

    def card(raw: object, where: str) -> ReferenceCard:
        r = fields.table(raw, where)
        fields.known_keys(r, where, ("title", "lines", "table"))
        if "title" not in r or "lines" not in r:
            raise ParlourError(f"{where}: each [[reference]] needs a title and lines")
        rows = fields.items(
            r.get("table", []),
            f"{where} table",
            lambda v, w: fields.pair(v, w, lambda x, xw: fields.count(x, xw, 0, 999)),
            fewest=0,
            most=MAX_TABLE_ROWS,
        )
        return ReferenceCard(
            title=fields.text(r["title"], f"{where} title", limit=80),
            lines=fields.texts(r["lines"], f"{where} lines", most=MAX_REFERENCE_LINES, limit=MAX_CARD_TEXT),
            table=rows,
        )

    return fields.items(
        data.get("reference", []), f"{path}: [[reference]]", card, fewest=0, most=MAX_REFERENCE
    )


def _read_template(path: Path) -> tuple[RiddleCraftDeck, tuple[_Entry, ...]]:
    data = _load_toml(path, "template")
    entries = tuple(_toml_entries(data, path))
    _check_duplicates(entries, path)
    deck = RiddleCraftDeck(
        riddles=tuple(e.card for e in entries),
        when=_parse_when(data, path),
        tokens=_parse_tokens(data, path),
        reference=_parse_reference(data, path),
    )
    return deck, entries


def _packaged() -> tuple[RiddleCraftDeck, tuple[_Entry, ...]]:
    """The template in force: the user's copy in the --templates directory, else the packaged one."""
    return _read_template_cached(templates.locate(TEMPLATE_NAME))


@lru_cache(maxsize=4)
def _read_template_cached(path: Path) -> tuple[RiddleCraftDeck, tuple[_Entry, ...]]:
    return _read_template(path)


def load_template(path: Path | str | None = None) -> RiddleCraftDeck:
    """Load a whole deck from a template TOML (default: the packaged one, read once)."""
    return _packaged()[0] if path is None else _read_template(Path(path))[0]


def load_fragments(
    path: Path | str, mode: Mode = "replace", base: Sequence[RiddleCard] | None = None
) -> list[RiddleCard]:
    """Read a user's fragments (TOML or CSV) and return the deck's riddle cards.

    mode="replace" returns only the file's fragments; mode="extend" returns `base` (default:
    the packaged fragments) followed by the file's. Raises ParlourError for an unreadable file,
    an unknown format, an empty fragment or a duplicate (case and spacing ignored).
    """
    if mode not in ("replace", "extend"):
        raise ValueError(f"mode must be 'replace' or 'extend', not {mode!r}")
    path = Path(path)
    entries = _read_entries(path)
    if mode == "extend":
        if base is None:
            before = [_Entry(e.card, f"built-in fragment, {e.where}") for e in _packaged()[1]]
        else:
            before = [_Entry(c, f"built-in fragment {i}") for i, c in enumerate(base, start=1)]
        entries = before + entries
    _check_duplicates(entries, path)
    return [e.card for e in entries]


def build_deck(fragments: Path | str | None = None, mode: Mode = "replace") -> RiddleCraftDeck:
    """Return the packaged deck, with its riddles replaced or extended by a fragments file."""
    deck = load_template()
    if fragments is None:
        return deck
    riddles = load_fragments(fragments, mode, base=None)
    return RiddleCraftDeck(
        riddles=tuple(riddles), when=deck.when, tokens=deck.tokens, reference=deck.reference
    )
