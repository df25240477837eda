"""The two spellings parlour prints for (us: gray, tire, theater; uk: grey, tyre, theatre): one
definition for the lexicon, the Doublets search, the Chimera's Lair key and the settings file,
and `respell`, the one way printed prose (rules, labels, card text) follows the chosen spelling."""

from __future__ import annotations

import re

SPELLINGS = ("us", "uk")
DEFAULT_SPELLING = "us"

#: The prose words parlour prints that the two spellings write differently: (uk, us), each form
#: listed in full (centred/centered is not a rule of thumb). Puzzle words are not respelled here:
#: the lexicon and the Doublets search choose those.
PROSE_PAIRS: tuple[tuple[str, str], ...] = (
    ("centre", "center"),
    ("centres", "centers"),
    ("centred", "centered"),
    ("centring", "centering"),
    ("grey", "gray"),
    ("greys", "grays"),
    ("greyed", "grayed"),
    ("judgement", "judgment"),
    ("judgements", "judgments"),
    ("millimetre", "millimeter"),
    ("millimetres", "millimeters"),
    ("metre", "meter"),
    ("metres", "meters"),
    ("neighbour", "neighbor"),
    ("neighbours", "neighbors"),
    ("neighbouring", "neighboring"),
    ("colour", "color"),
    ("colours", "colors"),
    ("coloured", "colored"),
    ("favourite", "favorite"),
    ("favourites", "favorites"),
    ("honour", "honor"),
    ("behaviour", "behavior"),
    ("practise", "practice"),
    ("towards", "toward"),
)

_TO: dict[str, dict[str, str]] = {
    "us": {uk: us for uk, us in PROSE_PAIRS},
    "uk": {us: uk for uk, us in PROSE_PAIRS if us != "practice"},  # practice is a UK noun too
}
_WORDS: dict[str, re.Pattern[str]] = {
    sp: re.compile(r"\b(" + "|".join(sorted(table, key=len, reverse=True)) + r")\b", re.IGNORECASE)
    for sp, table in _TO.items()
}


def _cased(model: str, word: str) -> str:
    if model.isupper() and len(model) > 1:
        return word.upper()
    if model[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def respell(text: str, spelling: str = DEFAULT_SPELLING) -> str:
    """`text` with every word of PROSE_PAIRS in the form `spelling` (us or uk) prints, its case kept
    (Centre -> Center, GREY -> GRAY); other words are left as they are."""
    if spelling not in _TO:
        raise ValueError(f"spelling '{spelling}' is not one of {', '.join(SPELLINGS)}")
    table = _TO[spelling]
    return _WORDS[spelling].sub(lambda m: _cased(m.group(0), table[m.group(0).lower()]), text)


def other_forms(spelling: str) -> tuple[str, ...]:
    """The PROSE_PAIRS forms a text printed for `spelling` should not hold (for checks)."""
    if spelling not in _TO:
        raise ValueError(f"spelling '{spelling}' is not one of {', '.join(SPELLINGS)}")
    return tuple(sorted(_TO[spelling]))
