"""One validation of every field a template or input file gives: its type, its size and the
characters in it, checked before any work, each failure one line naming the file and the field.

Every reader of a user-editable file (the rules files, the Riddle Craft and Fighting Words
templates, the Sorcerer's notes and orb patterns, a --letters file, and any later one such as a
layout file) takes its values through these functions instead of `str(x)`, `int(x)` or a bare
`for x in value`, so that

- a number is a whole number (never a bool, never a float, never a string) inside its bounds,
  so no count can ask for millions of cards and no value can overflow;
- a text is text (a list where text belongs is refused, never turned into one line per
  character), of at most a bounded length, with no control character, nothing the fonts cannot
  draw, no emoji and no right-to-left text (press.fonts.check_drawable);
- a list is a list of a bounded length, of items each checked the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from generator.errors import ParlourError

T = TypeVar("T")

#: Default bounds: the largest text, list and number any of parlour's files needs, with room.
MAX_TEXT = 1000  # characters of one text (a rules paragraph; a card line is far shorter)
MAX_ITEMS = 200  # items of one list
MAX_COUNT = 1000  # copies of one card


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def text(
    value: object,
    where: str,
    *,
    limit: int = MAX_TEXT,
    empty: bool = False,
    single: bool = False,
) -> str:
    """`value` as text, spaces and line ends run together: it must be a string of at most `limit`
    characters that the fonts can draw (and not blank unless `empty`; one word if `single`)."""
    if not isinstance(value, str):
        raise ParlourError(f"{where}: must be text in quotes, not {_kind(value)} ({_shown(value)})")
    if len(value) > limit:
        raise ParlourError(f"{where}: is {len(value):,} characters long; keep it to {limit}")
    from generator.press.fonts import check_drawable

    check_drawable(value, f"{where} ({value.strip()[:30]!r})")
    out = " ".join(value.split())
    if not out and not empty:
        raise ParlourError(f"{where}: is empty; write the text or delete the line")
    if single and " " in out:
        raise ParlourError(f"{where}: {out!r} must be one word")
    return out


def word(value: object, where: str, *, longest: int = 15) -> str:
    """One word of the letters a to z (any case), at most `longest` letters; returned in lower case."""
    out = text(value, where, limit=longest, single=True)
    if not out.isascii() or not out.isalpha():
        raise ParlourError(f"{where}: {out!r} must be one word of the letters a to z")
    return out.lower()


def count(value: object, where: str, low: int = 0, high: int = MAX_COUNT) -> int:
    """A whole number from `low` to `high` (never true/false, a fraction or text)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParlourError(
            f"{where}: must be a whole number from {low} to {high}, not {_kind(value)} ({_shown(value)})"
        )
    if not low <= value <= high:
        raise ParlourError(f"{where}: {value:,} is out of range: give {low} or more, up to {high}")
    return value


def items(
    value: object,
    where: str,
    each: Callable[[object, str], T],
    *,
    fewest: int = 1,
    most: int = MAX_ITEMS,
) -> tuple[T, ...]:
    """A list of `fewest` to `most` items, each read with `each(item, 'WHERE item N')`. Its length
    is checked before any item is."""
    if not isinstance(value, list):
        raise ParlourError(f"{where}: must be a list in [ ], not {_kind(value)} ({_shown(value)})")
    if not fewest <= len(value) <= most:
        if len(value) < fewest:
            raise ParlourError(f"{where}: has {len(value)} items; it needs at least {fewest}")
        raise ParlourError(f"{where}: has {len(value):,} items; keep it to {most}")
    return tuple(each(v, f"{where} item {i}") for i, v in enumerate(value, start=1))


def texts(
    value: object, where: str, *, fewest: int = 1, most: int = MAX_ITEMS, limit: int = MAX_TEXT
) -> tuple[str, ...]:
    """A list of texts (see `text`)."""
    return items(value, where, lambda v, w: text(v, w, limit=limit), fewest=fewest, most=most)


def words(
    value: object, where: str, *, fewest: int = 1, most: int = MAX_ITEMS, longest: int = 15
) -> tuple[str, ...]:
    """A list of words (see `word`)."""
    return items(value, where, lambda v, w: word(v, w, longest=longest), fewest=fewest, most=most)


def pair(value: object, where: str, read: Callable[[object, str], T]) -> tuple[T, T]:
    """A list of exactly two items, each read with `read`."""
    got = items(value, where, read, fewest=2, most=2)
    return got[0], got[1]


def table(value: object, where: str) -> dict[str, Any]:
    """A TOML table (a [section] or { ... })."""
    if not isinstance(value, dict):
        raise ParlourError(f"{where}: must be a table, not {_kind(value)} ({_shown(value)})")
    return value


def one_of(value: object, where: str, choices: Sequence[str]) -> str:
    """Text that is one of `choices`."""
    if not isinstance(value, str) or value not in choices:
        raise ParlourError(f"{where}: must be one of {', '.join(choices)}, not {_shown(value)}")
    return value


def known_keys(raw: dict[str, Any], where: str, allowed: Sequence[str]) -> None:
    """Refuse a key that is not one of `allowed` (a typo would be ignored silently)."""
    extra = sorted(str(k) for k in raw if k not in allowed)
    if extra:
        raise ParlourError(f"{where}: unknown key(s) {', '.join(extra)}: use {', '.join(allowed)}")
