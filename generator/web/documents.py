"""What the page may print: each document's command line and the options it may carry.

A request names a document and gives options by the command line's names (`paper=a4`,
`ink-saver=1`, `games=doublets,chimera`). Only the options listed for that document are read;
each value is checked here for its shape (a choice, a number in the command's range, a date, a
list of names), then the same command the terminal runs checks it again with its own rules. No
option that names a file or a folder is offered: nothing the browser sends reaches the file
system.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from generator.errors import ParlourError
from generator.games.chimera.model import VARIANTS
from generator.games.doublets.command import DIFFICULTY_CHOICES, KEY_MODES, MAX_COUNT
from generator.games.piecepack.model import PYRAMID_SETS
from generator.games.rules.model import GAMES
from generator.press.paper import PAPERS
from generator.press.print_defaults import CARD_PRESETS, DUPLEX_MODES
from generator.words.ladder import MAX_LENGTH, MIN_LENGTH
from generator.words.spelling import SPELLINGS

#: The daily book on the page stops at a month of days (the command line allows ten years, which
#: takes minutes: one request must not hold the machine that long).
WEB_MAX_DAYS = 31
MAX_VALUE = 200  # characters in any one option's value


def _one_line(name: str, what: str) -> ParlourError:
    return ParlourError(f"{name}: {what}")


@dataclass(frozen=True)
class Opt:
    """One option a document takes: `name` as on the command line (without the dashes), how the
    value is checked, and how it goes into the command line."""

    name: str
    check: Callable[[str, str], str]  # (name, raw value) -> the normalised value, or ParlourError
    flag: bool = False
    argument: bool = False  # a positional argument (rules' GAME), not --name VALUE
    cli: str | None = None  # the command-line option when it differs from --name

    def argv(self, value: str) -> list[str]:
        if self.argument:
            return [value]
        opt = self.cli or f"--{self.name}"
        if self.flag:
            return [opt]
        return [f"{opt}={value}"]


def choice(values: list[str] | tuple[str, ...] | Mapping[str, object]) -> Callable[[str, str], str]:
    allowed = [str(v).lower() for v in values]

    def check(name: str, raw: str) -> str:
        v = raw.strip().lower()
        if v not in allowed:
            raise _one_line(name, f"{raw!r} is not one of {', '.join(allowed)}")
        return v

    return check


def integer(lo: int, hi: int) -> Callable[[str, str], str]:
    def check(name: str, raw: str) -> str:
        v = raw.strip()
        if not re.fullmatch(r"\d{1,7}", v) or not lo <= int(v) <= hi:
            raise _one_line(name, f"{raw!r}: give a whole number from {lo} to {hi}")
        return str(int(v))

    return check


def pattern(regex: str, example: str) -> Callable[[str, str], str]:
    rx = re.compile(regex)

    def check(name: str, raw: str) -> str:
        v = raw.strip().lower()
        if not rx.fullmatch(v):
            raise _one_line(name, f"{raw!r} is not like {example}")
        return v

    return check


def date(name: str, raw: str) -> str:
    try:
        return dt.date.fromisoformat(raw.strip()).isoformat()
    except ValueError:
        raise _one_line(name, f"{raw!r} is not a date like 2025-03-01 (YYYY-MM-DD)") from None


def flag(name: str, raw: str) -> str:
    v = raw.strip().lower()
    if v in ("", "1", "true", "on", "yes"):
        return "1"
    if v in ("0", "false", "off", "no"):
        return "0"
    raise _one_line(name, f"{raw!r}: give 1 (on) or 0 (off)")


def bleed(name: str, raw: str) -> str:
    v = raw.strip()
    if not re.fullmatch(r"\d{1,2}(\.\d{1,3})?", v) or not 0 <= float(v) <= 10:
        raise _one_line(name, f"{raw!r}: give millimetres from 0 to 10")
    return f"{float(v):g}"


NAMES = r"[a-z][a-z-]*(\s*,\s*[a-z][a-z-]*)*"
PAPER = Opt("paper", choice(PAPERS))
INK = Opt("ink-saver", flag, flag=True)
SEED = Opt("seed", integer(0, 2**31 - 1))
SPELLING = Opt("spelling", choice(SPELLINGS))
BOOKLET = Opt("booklet", flag, flag=True)
VARIANT = Opt("variant", choice(VARIANTS))
DUPLEX = Opt("duplex", choice(DUPLEX_MODES))
BACK_OFFSET = Opt("back-offset", pattern(r"-?\d{1,2}(\.\d{1,2})?\s*,\s*-?\d{1,2}(\.\d{1,2})?", "1.5,-0.5"))
CARD = Opt("card", pattern("|".join(CARD_PRESETS) + r"|\d{2,3}(\.\d)?x\d{2,3}(\.\d)?", "poker or 63x88"))
CARDS = (CARD, DUPLEX, BACK_OFFSET, Opt("bleed", bleed), Opt("no-blanks", flag, flag=True))
BASE = (PAPER, INK)
SHEET = (
    Opt("count", integer(1, MAX_COUNT)),
    Opt("length", integer(MIN_LENGTH, MAX_LENGTH)),
    Opt("difficulty", choice(DIFFICULTY_CHOICES)),
    Opt("links", pattern(r"\d{1,2}(\s*-\s*\d{1,2})?", "3-5")),
    Opt("key", choice(KEY_MODES)),
    Opt("unique", flag, flag=True),
    SPELLING,
)


@dataclass(frozen=True)
class Document:
    """A document the page prints: its title, the command that prints it and the options it takes."""

    name: str
    title: str
    command: tuple[str, ...]
    options: tuple[Opt, ...]

    def option(self, name: str) -> Opt | None:
        return next((o for o in self.options if o.name == name), None)


DOCUMENTS: dict[str, Document] = {
    d.name: d
    for d in (
        Document(
            "pack",
            "The game-night pack",
            ("pack",),
            (
                Opt("games", pattern(NAMES, "doublets,chimera")),
                Opt("skip", pattern(NAMES, "sorcerer")),
                Opt("players", integer(1, 12)),
                SEED,
                *BASE,
                *CARDS,
            ),
        ),
        Document(
            "rules", "How to play", ("rules",), (Opt("game", choice(GAMES), argument=True), *BASE, BOOKLET)
        ),
        Document(
            "doublets-sheet",
            "Doublets puzzle sheet",
            ("doublets", "sheet"),
            (*SHEET, Opt("date", date), SEED, *BASE, BOOKLET),
        ),
        Document(
            "doublets-daily",
            "Doublets daily sheets",
            ("doublets", "daily", "--book"),
            (Opt("date", date, cli="--from"), Opt("days", integer(1, WEB_MAX_DAYS)), *SHEET, *BASE, BOOKLET),
        ),
        Document(
            "doublets-jewels",
            "Doublets Jewels",
            ("doublets", "jewels"),
            (Opt("players", integer(2, 12)), SPELLING, SEED, *BASE),
        ),
        Document(
            "doublets-scorepad",
            "Doublets scoring paper",
            ("doublets", "scorepad"),
            (Opt("players", integer(2, 12)), Opt("games", integer(1, 100)), *BASE),
        ),
        Document(
            "chimera-key", "Chimera's Lair referee's key", ("chimera", "key"), (VARIANT, SPELLING, *BASE)
        ),
        Document(
            "chimera-pad",
            "Chimera's Lair scoring pad",
            ("chimera", "pad"),
            (Opt("players", integer(2, 6)), VARIANT, Opt("sheets", integer(1, 50)), *BASE),
        ),
        Document("chimera-deck", "Chimera's Lair deck", ("chimera", "deck"), (VARIANT, *BASE, *CARDS)),
        Document(
            "fighting-words-deck",
            "Fighting Words deck",
            ("fighting-words", "deck"),
            (Opt("deck-size", integer(15, 1000)), *BASE, *CARDS),
        ),
        Document("riddle-craft-deck", "Riddle Craft deck", ("riddle-craft", "deck"), (*BASE, *CARDS)),
        Document(
            "sorcerer-board",
            "The Sorcerer's Chamber set-up",
            ("sorcerer", "board"),
            (
                Opt("players", integer(2, 4)),
                Opt("suits", pattern(NAMES, "suns,crowns")),
                Opt("full-size", flag, flag=True),
                SEED,
                *BASE,
            ),
        ),
        Document("sorcerer-notes", "The Sorcerer's Chamber notes", ("sorcerer", "notes"), BASE),
        Document(
            "piecepack",
            "Piecepack kit",
            ("piecepack",),
            (
                Opt("pieces", pattern(NAMES, "tiles,coins")),
                Opt("pyramids", choice(PYRAMID_SETS)),
                DUPLEX,
                BACK_OFFSET,
                *BASE,
            ),
        ),
        Document("calibrate", "Calibration sheet", ("calibrate",), (DUPLEX, *BASE)),
    )
}


def document(name: str) -> Document:
    """The document called `name`, or a one-line error."""
    doc = DOCUMENTS.get(name)
    if doc is None:
        raise ParlourError(f"unknown document {name!r}: use one of {', '.join(DOCUMENTS)}")
    return doc


def normalise(doc: Document, query: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """The query's options, checked and in a fixed order (the document's), off flags dropped: the
    same choices always give the same tuple, whatever order or case they came in."""
    unknown = sorted(k for k in query if doc.option(k) is None)
    if unknown:
        known = ", ".join(o.name for o in doc.options)
        raise ParlourError(f"{doc.name} takes no option {unknown[0]!r}: use {known}")
    out: list[tuple[str, str]] = []
    for opt in doc.options:
        raw = query.get(opt.name)
        if raw is None:
            continue
        if len(raw) > MAX_VALUE:
            raise _one_line(opt.name, f"the value is too long (at most {MAX_VALUE} characters)")
        value = opt.check(opt.name, raw)
        if opt.flag and value == "0":
            continue
        out.append((opt.name, value))
    return tuple(out)


def command_line(doc: Document, options: tuple[tuple[str, str], ...], output: str) -> list[str]:
    """The argv `parlour` would be given for these (normalised) options, writing to `output`."""
    args = list(doc.command)
    for name, value in options:
        opt = doc.option(name)
        assert opt is not None  # normalise() let only the document's options through
        args += opt.argv(value)
    return [*args, "-o", output]
