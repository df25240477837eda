"""Small word sets for tests: lexicons from word lists, and reproducible random toy words."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from generator.words.lexicon import Entry, Lexicon


def lexicon_from(
    words: Iterable[str],
    zipf: Callable[[str], float] | float = 4.0,
    broad: Iterable[str] = (),
    blocked: Iterable[str] = (),
    capitalised: Iterable[str] = (),
) -> Lexicon:
    """A Lexicon of `words` (common if zipf >= 3, else standard) plus `broad`-tier words."""
    entries = []
    for w in words:
        z = zipf(w) if callable(zipf) else zipf
        entries.append(Entry(w, "common" if z >= 3.0 else "standard", z))
    entries += [Entry(w, "broad", 1.0) for w in broad]
    return Lexicon.from_entries(entries, blocked=blocked, capitalised=capitalised)


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
