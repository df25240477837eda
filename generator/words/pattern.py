"""Can these letters still become a word? Subsequence search over the lexicon (Fighting Words)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import chain, combinations
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from generator.words.lexicon import Lexicon

__all__ = [
    "MIN_WORD",
    "DEFAULT_TIER",
    "Growth",
    "Completion",
    "SubsequenceIndex",
    "is_subsequence",
    "points",
    "default_index",
    "can_grow",
    "complete",
]

MIN_WORD = 4  # a word scores from four letters
DEFAULT_TIER = "standard"  # the default lexicon, the one `parlour words export` prints
EXAMPLES = 3

_LETTERS = re.compile(r"[a-z]+")


class _LexiconLike(Protocol):
    def words(self, tier: str = "standard", length: int | None = None) -> list[str]: ...

    def zipf(self, word: str) -> float: ...

    def get(self, word: str) -> object | None: ...


def is_subsequence(letters: str, word: str) -> bool:
    """True if `letters` appear in `word` in the same order (gaps allowed)."""
    it = iter(word)
    return all(c in it for c in letters)


def points(word: str) -> int:
    """Points for completing a word: 1, plus 1 for every letter beyond six."""
    return 1 + max(0, len(word) - 6)


@dataclass(frozen=True)
class Growth:
    """The answer to 'can these letters still grow into a word?', with common examples."""

    letters: str
    can_grow: bool
    examples: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Completion:
    """Is a sequence a completed, scoring word, and what is it worth?"""

    word: str
    complete: bool
    points: int
    reason: str


_ABC = "abcdefghijklmnopqrstuvwxyz"
_MAX_REPEAT = 5  # exact "holds letter c at least k times" filters for k up to this
_LOW_BITS = 4096  # the most common words: scanned first without touching the rest of the set
_NONZERO = re.compile(rb"[^\x00]")


def _bits(x: int, base: int = 0) -> Iterator[int]:
    """Indices of the set bits of x, lowest first, plus `base`."""
    raw = x.to_bytes((x.bit_length() + 7) // 8, "little")
    for m in _NONZERO.finditer(raw):
        at = base + 8 * m.start()
        v = raw[m.start()]
        while v:
            low = v & -v
            yield at + low.bit_length() - 1
            v ^= low


class SubsequenceIndex:
    """Bitsets over the words for each letter, each ordered letter pair and each repeat count.

    Words are numbered common first (zipf descending, then a-z), so bit i is the i-th most
    common word. A query ANDs the bitsets of its letters, its ordered pairs and its repeated
    letters (a necessary condition, exact for up to two letters), then verifies candidates from
    the lowest bit up until it has enough examples. The bitsets are built column by column from
    per-position letter masks, so the build does no Python work per (word, pair).
    """

    def __init__(self, words: Iterable[str], zipf: Callable[[str], float]) -> None:
        ranked = sorted(set(words), key=lambda w: (-zipf(w), w))
        self.words: list[str] = ranked
        n = len(ranked)
        width = max((len(w) for w in ranked), default=0)
        grid = "".join(w.ljust(width) for w in ranked).encode("ascii")
        # at[c][p]: words with letter c at position p (bit i = word i).
        at: dict[str, list[int]] = {c: [0] * width for c in _ABC}
        for p in range(width):
            column = grid[p::width][::-1]  # reversed: word 0 becomes the lowest bit
            for c in set(column.decode("ascii")) - {" "}:
                at[c][p] = int(column.translate(_ONLY[c]), 2)
        self._all = (1 << n) - 1
        singles: dict[str, int] = {}
        pairs: dict[str, int] = {}
        repeats: dict[tuple[str, int], int] = {}
        for a in _ABC:
            cols_a = at[a]
            seen = 0  # words with `a` somewhere before the current position
            after: dict[str, int] = {}
            runs = [self._all] + [0] * _MAX_REPEAT  # runs[k]: >= k copies of `a` so far
            for p in range(width):
                here = cols_a[p]
                if seen:
                    for b in _ABC:
                        hit = seen & at[b][p]
                        if hit:
                            after[b] = after.get(b, 0) | hit
                if here:
                    for k in range(_MAX_REPEAT, 0, -1):
                        runs[k] |= runs[k - 1] & here
                    seen |= here
            if seen:
                singles[a] = seen
            for b, bits in after.items():
                pairs[a + b] = bits
            for k in range(2, _MAX_REPEAT + 1):
                if runs[k]:
                    repeats[(a, k)] = runs[k]
        self._singles = singles
        self._pairs = pairs
        self._repeats = repeats

    @classmethod
    def from_lexicon(
        cls, lexicon: _LexiconLike, tier: str = DEFAULT_TIER, min_len: int = MIN_WORD
    ) -> SubsequenceIndex:
        """Index the lexicon's words of `tier` (or narrower) with at least `min_len` letters."""
        return cls((w for w in lexicon.words(tier=tier) if len(w) >= min_len), lexicon.zipf)

    def __len__(self) -> int:
        return len(self.words)

    def candidates(self, letters: str) -> int:
        """Bitset of words holding every letter (as often) and every ordered pair of `letters`."""
        bits = self._all
        for c, k in Counter(letters).items():
            if k == 1:
                bits &= self._singles.get(c, 0)
            else:
                bits &= self._repeats.get((c, min(k, _MAX_REPEAT)), 0)
            if not bits:
                return 0
        for a, b in set(combinations(letters, 2)):
            bits &= self._pairs.get(a + b, 0)
            if not bits:
                return 0
        return bits

    def find(self, letters: str, limit: int = EXAMPLES) -> list[str]:
        """Up to `limit` words (most common first) that hold `letters` as a subsequence."""
        bits = self.candidates(letters)
        if not bits or limit <= 0:
            return []
        words = self.words
        exact = len(letters) <= 2  # letter and pair filters are exact up to two letters
        found: list[str] = []
        low = bits & _LOW_MASK
        high = bits >> _LOW_BITS
        for i in chain(_bits(low), _bits(high, _LOW_BITS) if high else ()):
            w = words[i]
            if exact or is_subsequence(letters, w):
                found.append(w)
                if len(found) >= limit:
                    break
        return found

    def can_grow(self, letters: str) -> bool:
        """True if some indexed word holds `letters` in order."""
        return bool(self.find(letters, limit=1))


_LOW_MASK = (1 << _LOW_BITS) - 1
# byte tables: letter c -> "1", every other byte -> "0"
_ONLY = {c: bytes(49 if i == ord(c) else 48 for i in range(256)) for c in _ABC}


_INDEXES: dict[tuple[int, str], tuple[object, SubsequenceIndex]] = {}


def default_index(lexicon: Lexicon | None = None, tier: str = DEFAULT_TIER) -> SubsequenceIndex:
    """The index of 4+ letter words for a lexicon (the packaged one by default), built once."""
    lex = _lexicon(lexicon)
    key = (id(lex), tier)
    hit = _INDEXES.get(key)
    if hit is None or hit[0] is not lex:
        hit = _INDEXES[key] = (lex, SubsequenceIndex.from_lexicon(lex, tier=tier))
    return hit[1]


def _lexicon(lexicon: Lexicon | None) -> Lexicon:
    if lexicon is not None:
        return lexicon
    from generator.words.lexicon import load

    return load()


def _clean(letters: str) -> str:
    from generator.errors import ParlourError

    word = letters.strip().lower()
    if not _LETTERS.fullmatch(word):
        raise ParlourError(f"give letters A-Z only, in play order, e.g. TRN; got {letters!r}")
    return word


def can_grow(letters: str, lexicon: Lexicon | None = None, examples: int = EXAMPLES) -> Growth:
    """Can `letters`, in this order, still grow into a 4+ letter word of the default lexicon by
    adding letters before, after or between them? Gives up to `examples` common words."""
    word = _clean(letters)
    found = default_index(lexicon).find(word, limit=max(1, examples))
    return Growth(word, bool(found), found[:examples])


def complete(word: str, lexicon: Lexicon | None = None) -> Completion:
    """Is `word` a completed word (4+ letters, in the default lexicon) and how many points?"""
    w = _clean(word)
    lex = _lexicon(lexicon)
    if len(w) < MIN_WORD:
        return Completion(w, False, 0, f"{w.upper()} is too short: words score from 4 letters.")
    if w not in lex:
        return Completion(w, False, 0, f"{w.upper()} is not in the dictionary.")
    p = points(w)
    unit = "point" if p == 1 else "points"
    return Completion(w, True, p, f"{w.upper()} is a word of {len(w)} letters: {p} {unit}.")
