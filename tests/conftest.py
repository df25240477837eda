"""Shared fixtures: small lexicons for tests (stand-in until generator.words.lexicon lands)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import pytest

try:  # the real module, once branch `lexicon` is merged
    from generator.words.lexicon import Entry, Lexicon  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - stand-in following the CONTRACT API, tests only
    _TIERS = ("common", "standard", "broad")

    @dataclass(frozen=True)
    class Entry:  # type: ignore[no-redef]
        word: str
        tier: str
        zipf: float

    @dataclass(frozen=True)
    class _Lookup:
        word: str
        status: str
        entry: Entry | None
        suggestions: list[str] = field(default_factory=list)

    class Lexicon:  # type: ignore[no-redef]
        def __init__(self, entries: Iterable[Entry], blocked=(), capitalised=()) -> None:
            self._e = {e.word: e for e in entries}
            self._blocked, self._cap = set(blocked), set(capitalised)

        @classmethod
        def from_entries(cls, entries, blocked=(), capitalised=()):
            return cls(entries, blocked, capitalised)

        def __contains__(self, word: object) -> bool:
            e = self._e.get(word)  # type: ignore[arg-type]
            return e is not None and e.tier != "broad"

        def get(self, word):
            return self._e.get(word)

        def zipf(self, word):
            e = self._e.get(word)
            return e.zipf if e else 0.0

        def words(self, tier="standard", length=None):
            rank = _TIERS.index(tier)
            return sorted(
                w
                for w, e in self._e.items()
                if _TIERS.index(e.tier) <= rank and (length is None or len(w) == length)
            )

        def lookup(self, word):
            e = self._e.get(word)
            if word in self._blocked:
                return _Lookup(word, "blocked", None, [])
            if word in self._cap:
                return _Lookup(word, "capitalised", None, [])
            if e is not None:
                return _Lookup(word, "ok", e, [])
            close = [
                w
                for w in self.words()
                if len(w) == len(word) and sum(a != b for a, b in zip(w, word, strict=True)) == 1
            ]
            return _Lookup(word, "unknown", None, close[:5])


def lexicon_from(words: Iterable[str], zipf: Callable[[str], float] | float = 4.0, broad=()):
    """A Lexicon of `words` (common if zipf >= 3, else standard) plus `broad`-tier words."""
    entries = []
    for w in words:
        z = zipf(w) if callable(zipf) else zipf
        entries.append(Entry(w, "common" if z >= 3.0 else "standard", z))
    entries += [Entry(w, "broad", 1.0) for w in broad]
    return Lexicon.from_entries(entries)


def toy_words(alphabet: str, length: int, density: float, seed: int) -> list[str]:
    """A random but reproducible set of `length`-letter strings over `alphabet`."""
    rng = random.Random(seed)
    out: list[str] = []

    def rec(prefix: str) -> None:
        if len(prefix) == length:
            if rng.random() < density:
                out.append(prefix)
            return
        for ch in alphabet:
            rec(prefix + ch)

    rec("")
    return out


def toy_zipf(word: str) -> float:
    """A reproducible pseudo-frequency in [1, 6) for a toy word."""
    return 1.0 + (sum((i + 7) * ord(c) for i, c in enumerate(word)) % 500) / 100


@pytest.fixture(scope="session")
def make_lexicon():
    """Factory fixture: make_lexicon(words, zipf=4.0, broad=()) -> Lexicon."""
    return lexicon_from


CARROLL = """
head heal teal tell tall tail hail hair heir hear held hell hall
ape apt opt oat mat man
cold cord card ward warm word worm
""".split()
