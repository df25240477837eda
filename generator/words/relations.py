"""Related Doublets ends (generator/data/relations.txt, built by scripts/build_relations.py):
pairs of one length with the relation named, and the words never used as a puzzle's end."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from pathlib import Path

RELATIONS_FILE = Path(__file__).resolve().parents[1] / "data" / "relations.txt"


@dataclass(frozen=True)
class Relations:
    """The relation data: (relation, start, end) per length, and @notend words by class."""

    by_length: dict[int, tuple[tuple[str, str, str], ...]]
    pair: dict[frozenset[str], tuple[str, str, str]]
    notend: dict[str, str]  # word -> class (function, crude, second, listed, harm)
    forms: dict[str, str] = dataclasses.field(default_factory=dict)  # word -> inflected form class

    def of(self, a: str, b: str) -> tuple[str, str, str] | None:
        """(relation, start, end) for the pair {a, b}, in the data's order, or None."""
        return self.pair.get(frozenset((a, b)))

    def relation(self, a: str, b: str) -> str | None:
        """The relation of {a, b}, or None."""
        got = self.of(a, b)
        return None if got is None else got[0]

    def counts(self) -> dict[str, int]:
        """Pairs per relation."""
        out: dict[str, int] = {}
        for r, _, _ in self.pair.values():
            out[r] = out.get(r, 0) + 1
        return dict(sorted(out.items()))


def parse(text: str) -> Relations:
    """Relations from the data file's text."""
    by_length: dict[int, list[tuple[str, str, str]]] = {}
    pair: dict[frozenset[str], tuple[str, str, str]] = {}
    notend: dict[str, str] = {}
    forms: dict[str, str] = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        parts = line.split()
        if parts[0] in ("@notend", "@form"):
            into = notend if parts[0] == "@notend" else forms
            for w in parts[2:]:
                into[w] = parts[1]
            continue
        rel, a, b = parts
        by_length.setdefault(len(a), []).append((rel, a, b))
        pair[frozenset((a, b))] = (rel, a, b)
    return Relations({n: tuple(v) for n, v in by_length.items()}, pair, notend, forms)


@functools.cache
def relations() -> Relations:
    """The packaged relation data (read once)."""
    return parse(RELATIONS_FILE.read_text(encoding="utf-8"))


def not_an_end(word: str) -> str | None:
    """The class that keeps `word` from being a puzzle's end (function, crude, second, listed,
    harm), or None."""
    return relations().notend.get(word)


def inflected_form(word: str) -> str | None:
    """The inflected-form class of an end word (ed, ing, er, est, verb_s, odd_plural: the
    relation data's '@form' lines), or None for a base form. A daily's practice puzzles leave
    such ends out; the story pool never has them."""
    return relations().forms.get(word)
