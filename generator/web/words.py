"""The page's words for parlour's options: a label a family reads for each field and choice, which
fields sit under "More options", and refusals said without option names or exception text.

A field the table does not name (an option added to a command later) still appears, labelled from
its name, so the page never hides what the command line offers.
"""

from __future__ import annotations

import re
from typing import Any

#: Field labels, by the name the page gives a field (the option's long name).
LABELS: dict[str, str] = {
    "games": "Sections of the pack",
    "game": "Which game's rules",
    "players": "Players",
    "date": "Date",
    "from": "First day",
    "days": "How many days",
    "count": "Puzzles on the sheet",
    "length": "Letters in each word",
    "difficulty": "How hard",
    "links": "Steps in each puzzle",
    "key": "Where the answers go",
    "unique": "Only puzzles with one best answer",
    "seed": "Puzzle number (the same number, the same puzzles)",
    "paper": "Paper",
    "ink-saver": "Save ink",
    "booklet": "Fold into a booklet",
    "spelling": "Spelling",
    "variant": "How many letters an answer needs (Chimera's Lair)",
    "sheets": "Sheets",
    "card": "Card size",
    "duplex": "Two-sided printing",
    "back-offset": "Nudge the backs to line up (millimetres across, down)",
    "bleed": "Extra edge around each card (millimetres)",
    "blanks": "Fill the last sheet with blank cards",
    "deck-size": "Cards in the deck",
    "suits": "Which suits",
    "full-size": "Full-size board too",
    "pieces": "Which pieces",
    "pyramids": "Pyramids",
    "cutter": "Cutting machine",
}
#: What an optional list says when nothing is chosen, by field (else "The usual").
EMPTY_CHOICE: dict[str, str] = {"game": "All five", "cutter": "None: I cut by hand"}
#: A line under a field, by field: what choosing it changes.
HINTS: dict[str, str] = {
    "cutter": (
        "With a machine, the download holds the PDF and the files your machine's program opens to "
        "cut (for a Cricut, a picture of each card). Cut one test card before a whole deck."
    ),
}
#: What a choice is called on the page, by field and value (a value not named is shown tidied).
VALUE_LABELS: dict[str, dict[str, str]] = {
    "duplex": {
        "long": "Flip on the long edge",
        "short": "Flip on the short edge",
        "none": "One-sided (glue the backs on)",
    },
    "spelling": {"us": "American (gray, tire)", "uk": "British (grey, tyre)"},
    "variant": {
        "third": "A third of its letters",
        "half": "Half of its letters",
        "over-half": "More than half",
        "two-thirds": "Two-thirds",
        "three-quarters": "Three-quarters",
    },
    "key": {
        "separate": "On a page of their own",
        "bottom": "At the foot of the sheet",
        "none": "Leave them out",
    },
    "pyramids": {"three": "Three sets", "all": "Every set"},
    "cutter": {
        "silhouette": "Silhouette",
        "scanncut": "Brother ScanNCut",
        "cricut": "Cricut",
    },
    "game": {
        "doublets": "Doublets",
        "chimera": "Chimera's Lair",
        "fighting-words": "Fighting Words",
        "riddle-craft": "Riddle Craft",
        "sorcerer": "The Sorcerer's Chamber",
    },
}
#: Fields shown only under "More options".
ADVANCED = frozenset(
    {"seed", "back-offset", "card", "bleed", "blanks", "length", "links", "key", "unique", "count"}
)
PAPER_NAMES = {"a3": "A3", "a4": "A4", "a5": "A5"}


def label(key: str) -> str:
    return LABELS.get(key) or key.replace("-", " ").capitalize()


def value_label(key: str, value: str) -> str:
    if key == "paper":
        return PAPER_NAMES.get(value, value.replace("-", " ").title())
    named = VALUE_LABELS.get(key, {}).get(value)
    return named or value.replace("-", " ").capitalize()


def refusal(key: str, how: str, lo: float | None = None, hi: float | None = None) -> str:
    """Why the page refuses a value for a field shown as `how` (with the range lo..hi), in family
    words (no option name, no exception)."""
    if how in ("int", "float"):
        whole = "a whole number" if how == "int" else "a number"
        if lo is not None and hi is not None:
            return f"Choose {whole} from {number(lo)} to {number(hi)}."
        if lo is not None:
            return f"Choose {whole} of {number(lo)} or more."
        return f"Choose {whole}."
    if how == "date":
        return "Choose a date from the calendar, like 2025-03-01."
    if how == "choice":
        return "Choose one from the list."
    if how == "flag":
        return "Choose by ticking the box, or leave it empty."
    if key == "back-offset":
        return "Give two small numbers of millimetres, across then down, like 1.5,-0.5."
    if key == "card":
        return "Choose a card size from the list, or give width x height in millimetres, like 63x88."
    return "That cannot be printed; check it and try again."


_PLAYERS = re.compile(r"--players (\d+): (.+?) is for (\d+) to (\d+) players")
_OPTION = re.compile(r"--([a-z][a-z-]*)")
_INVALID = re.compile(r"^Invalid value for '?(--[a-z][a-z-]*)'?:\s*")
_LEADING = re.compile(r"^--[a-z][a-z-]*(\s+('[^']*'|\S+))?(?=\s+(is|are|names|has)\b)")


def number(x: float) -> str:
    """1, 2.5, 2147483647: as a person writes it."""
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def family(message: str, fields: dict[str, Any]) -> tuple[str | None, str]:
    """A command's one-line refusal as the page says it: (the field it is about, or None; the
    sentence, with the page's labels for option names, and no commands)."""
    m = _PLAYERS.search(message)
    if m:
        n, game, lo, hi = int(m.group(1)), m.group(2), int(m.group(3)), int(m.group(4))
        if n < lo:
            return "players", f"{game} needs at least {lo} players."
        return "players", f"{game} takes at most {hi} players: choose fewer, or leave it out of the pack."
    field = next((name for name in _OPTION.findall(message) if name in fields), None)
    text = message.strip()
    text = re.sub(r"\s*\(see '[^']*'\)", "", text)
    text = _INVALID.sub("", text)
    text = _LEADING.sub("That", text)
    text = re.sub(r"^--[a-z][a-z-]*(\s+('[^']*'|\S+))?:\s*", "", text)

    def named(m: re.Match[str]) -> str:
        return f"“{label(m.group(1))}”" if m.group(1) in fields else m.group(0)

    text = _OPTION.sub(named, text)
    clauses = [c.strip() for c in re.split(r";\s*|:\s+", text) if c.strip()]
    kept = [c for c in clauses if "--" not in c and "parlour" not in c and "Traceback" not in c]
    if not kept or clauses[0] not in kept:
        return field, "That choice could not be printed; try another."
    sentence = ": ".join(kept).rstrip(".) ")
    return field, sentence[:1].upper() + sentence[1:] + "."
