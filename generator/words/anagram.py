"""Letter-multiset search: which words can be spelled from a pool of letters (Chimera's Lair)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import product
from typing import Protocol

__all__ = [
    "AnagramIndex",
    "LetterProblem",
    "letter_problem",
    "plural_forms",
    "sort_key",
]


class _LexiconLike(Protocol):
    def words(self, tier: str = "standard", length: int | None = None) -> list[str]: ...

    def zipf(self, word: str) -> float: ...


def sort_key(word: str) -> str:
    """The anagram key of a word: its letters in alphabetical order."""
    return "".join(sorted(word))


def plural_forms(word: str) -> set[str]:
    """Regular English plurals of a word (both -s and, where English asks for it, -es)."""
    forms = {word + "s"}
    if word.endswith(("s", "x", "z", "ch", "sh")):
        forms.add(word + "es")
    if len(word) > 1 and word.endswith("y") and word[-2] not in "aeiou":
        forms.add(word[:-1] + "ies")
    return forms


@dataclass(frozen=True)
class LetterProblem:
    """Why an answer cannot be spelled from a pool: a letter is missing or used too often."""

    letter: str
    kind: str  # "missing" | "too_often"
    used: int
    available: int


def letter_problem(pool: str, answer: str) -> LetterProblem | None:
    """The first letter (in the answer's order) that the pool cannot supply, or None if it fits."""
    have = Counter(pool)
    need = Counter(answer)
    for letter in dict.fromkeys(answer):
        if have[letter] == 0:
            return LetterProblem(letter, "missing", need[letter], 0)
        if need[letter] > have[letter]:
            return LetterProblem(letter, "too_often", need[letter], have[letter])
    return None


class AnagramIndex:
    """Words grouped by anagram key, so a pool's sub-multisets are looked up instead of scanned."""

    def __init__(self, words: Iterable[str], zipf: Callable[[str], float]) -> None:
        groups: dict[str, list[str]] = {}
        for word in words:
            groups.setdefault(sort_key(word), []).append(word)
        self._groups = groups
        self._zipf = zipf
        self.size = sum(len(g) for g in groups.values())

    @classmethod
    def from_lexicon(cls, lexicon: _LexiconLike, tier: str = "broad") -> AnagramIndex:
        """Index every word of `tier` (or narrower) in a lexicon."""
        return cls(lexicon.words(tier=tier), lexicon.zipf)

    def rank(self, words: Iterable[str]) -> list[str]:
        """Common first (zipf descending), then alphabetical."""
        zipf = self._zipf
        return sorted(words, key=lambda w: (-zipf(w), w))

    def sub_anagrams(self, pool: str, min_len: int = 1, max_len: int | None = None) -> list[str]:
        """Every indexed word spelled from `pool` (each letter at most as often as it occurs there)
        with min_len..max_len letters, ranked common first."""
        counts = sorted(Counter(pool).items())
        letters = [c for c, _ in counts]
        top = len(pool) if max_len is None else min(max_len, len(pool))
        groups = self._groups
        found: list[str] = []
        for choice in product(*(range(n + 1) for _, n in counts)):
            size = sum(choice)
            if size < min_len or size > top:
                continue
            key = "".join(c * k for c, k in zip(letters, choice, strict=True))
            hit = groups.get(key)
            if hit:
                found.extend(hit)
        return self.rank(found)

    def anagrams(self, letters: str) -> list[str]:
        """Indexed words that use exactly these letters."""
        return self.rank(self._groups.get(sort_key(letters), []))
