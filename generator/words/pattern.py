"""Can these letters still become a word? Subsequence search over the lexicon (Fighting Words).

The referee's questions are answered from the broadest list parlour has (the rules' authority is
a large dictionary), and each answer says which list answered: the narrowest tier holding a
fitting word. The index over the packaged lexicon is built once and kept in parlour's cache
directory, keyed by the lexicon's content, so a `fighting-words check` costs little more than
start-up; a query reads only the few bitsets its letters need.
"""

from __future__ import annotations

import bisect
import marshal
import mmap
import re
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import chain, combinations
from typing import TYPE_CHECKING, Any, Protocol, cast

if TYPE_CHECKING:
    from generator.words.lexicon import Lexicon

__all__ = [
    "MIN_WORD",
    "DEFAULT_TIER",
    "CHECK_TIER",
    "LIST_NAMES",
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
CHECK_TIER = "broad"  # what the referee checks against: the broadest list
TIERS = ("common", "standard", "broad")  # narrowest first, as in the lexicon
#: How an answer names the list that answered.
LIST_NAMES = {
    "common": "parlour's common words",
    "standard": "parlour's standard list",
    "broad": "parlour's broad list only",
}
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
    tier: str | None = None  # the narrowest list holding a fitting word (None: no word fits)
    searched: str = CHECK_TIER  # the broadest list searched


@dataclass(frozen=True)
class Completion:
    """Is a sequence a completed, scoring word, and what is it worth?"""

    word: str
    complete: bool
    points: int
    reason: str
    tier: str | None = None  # the word's narrowest list, when it is in one


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

    def __init__(
        self,
        words: Iterable[str],
        zipf: Callable[[str], float],
        tier: Callable[[str], str | None] | None = None,
        printable: Callable[[str], bool] | None = None,
        example_ok: Callable[[str], bool] | None = None,
    ) -> None:
        ranked = sorted(set(words), key=lambda w: (-zipf(w), w))
        self.words: Sequence[str] = ranked
        n = len(ranked)
        # rank of each word's narrowest tier (0 common, 1 standard, 2 broad); all 2 when unknown
        self._tiers = bytes(TIERS.index(tier(w) or "broad") if tier else 2 for w in ranked)
        self._where: dict[str, int] | None = None
        self._file: mmap.mmap | memoryview | None = None
        self._slots: dict[str, int] = {}
        self._base = 0  # where the bitsets start in a file the index was read from
        self._nbytes = (n + 7) // 8
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
        self._tier_masks = self._masks_from_tiers()
        # words of the print vocabulary: examples are taken from these first (none when unknown)
        flags = bytes(49 if printable is not None and printable(w) else 48 for w in reversed(ranked))
        self._print_mask = int(flags, 2) if flags else 0
        # words an example may be (drugs and likely misspellings never are; all when unknown)
        flags = bytes(49 if example_ok is None or example_ok(w) else 48 for w in reversed(ranked))
        self._example_mask = int(flags, 2) if flags else 0

    def _masks_from_tiers(self) -> list[int]:
        """masks[r]: the words whose narrowest tier has rank <= r."""
        out = []
        for r in range(len(TIERS)):
            flags = bytes(49 if t <= r else 48 for t in reversed(self._tiers))  # "1"/"0", word 0 lowest
            out.append(int(flags, 2) if flags else 0)
        return out

    @classmethod
    def from_lexicon(
        cls, lexicon: _LexiconLike, tier: str = DEFAULT_TIER, min_len: int = MIN_WORD
    ) -> SubsequenceIndex:
        """Index the lexicon's words of `tier` (or narrower) with at least `min_len` letters."""
        words = [w for w in lexicon.words(tier=tier) if len(w) >= min_len]
        return cls(
            words,
            lexicon.zipf,
            getattr(lexicon, "tier", None),
            example_first(lexicon),
            getattr(lexicon, "example_ok", None),
        )

    # --- saving and loading (the cache file) -------------------------------------------------

    def to_bytes(self) -> bytes:
        """The index as one blob: a marshalled header, then every bitset at a fixed size."""
        keys = [*self._singles, *self._pairs, *(f"{c}*{k}" for c, k in self._repeats)]
        sets = [*self._singles.values(), *self._pairs.values(), *self._repeats.values()]
        blob = "\n" + "\n".join(self.words) + "\n"
        starts = array("I")
        at = 1
        for w in self.words:
            starts.append(at)
            at += len(w) + 1
        header = marshal.dumps(
            {
                "version": _FORMAT,
                "n": len(self.words),
                "keys": keys,
                "words": blob,
                "starts": starts.tobytes(),
                "tiers": self._tiers,
                "masks": [m.to_bytes(self._nbytes, "little") for m in self._tier_masks],
                "print": self._print_mask.to_bytes(self._nbytes, "little"),
                "examples": self._example_mask.to_bytes(self._nbytes, "little"),
            }
        )
        body = b"".join(b.to_bytes(self._nbytes, "little") for b in sets)
        return _MAGIC + len(header).to_bytes(8, "little") + header + body

    @classmethod
    def from_file(cls, path: str) -> SubsequenceIndex:
        """Open a saved index; bitsets are read from the file only when a query needs them."""
        with open(path, "rb") as fh:
            mm = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        return cls.from_buffer(mm, path)

    @classmethod
    def from_buffer(cls, mm: mmap.mmap | memoryview, path: str) -> SubsequenceIndex:
        """An index from `to_bytes`'s blob (a mapped file, or bytes read and checked already);
        `path` names it in errors. Bitsets are decoded only when a query needs them."""
        if mm[: len(_MAGIC)] != _MAGIC:
            raise ValueError(f"{path}: not a parlour index")
        size = int.from_bytes(mm[len(_MAGIC) : len(_MAGIC) + 8], "little")
        start = len(_MAGIC) + 8
        head = marshal.loads(mm[start : start + size])
        if head.get("version") != _FORMAT:
            raise ValueError(f"{path}: index format {head.get('version')}, expected {_FORMAT}")
        self = cls.__new__(cls)
        n = head["n"]
        self._nbytes = (n + 7) // 8
        if len(mm) != start + size + len(head["keys"]) * self._nbytes:
            raise ValueError(f"{path}: truncated")
        starts = array("I")
        starts.frombytes(head["starts"])
        self.words = _WordList(head["words"], starts)
        self._tiers = head["tiers"]
        self._tier_masks = [int.from_bytes(m, "little") for m in head["masks"]]
        self._print_mask = int.from_bytes(head["print"], "little")
        self._example_mask = int.from_bytes(head["examples"], "little")
        self._all = (1 << n) - 1
        self._file = mm
        self._base = start + size
        self._slots = {k: i for i, k in enumerate(head["keys"])}
        self._singles, self._pairs, self._repeats = {}, {}, {}
        self._where = None
        return self

    def _bitset(self, table: dict, key: Any, name: str) -> int:
        """One bitset: from memory, or read from the file the first time it is asked for."""
        hit = table.get(key)
        if hit is None and self._file is not None:
            slot = self._slots.get(name)
            if slot is not None:
                at = self._base + slot * self._nbytes
                hit = table[key] = int.from_bytes(self._file[at : at + self._nbytes], "little")
        return hit or 0

    def rank(self, word: str) -> int | None:
        """The word's number in the index (its commonness rank), or None if it is not indexed."""
        if isinstance(self.words, _WordList):
            return self.words.index_of(word)
        if self._where is None:
            self._where = {w: i for i, w in enumerate(self.words)}
        return self._where.get(word)

    def tier_of(self, word: str) -> str | None:
        """The narrowest tier of an indexed word, or None if it is not indexed."""
        i = self.rank(word)
        return None if i is None else TIERS[self._tiers[i]]

    def __len__(self) -> int:
        return len(self.words)

    def candidates(self, letters: str) -> int:
        """Bitset of words holding every letter (as often) and every ordered pair of `letters`."""
        bits = self._all
        for c, k in Counter(letters).items():
            if k == 1:
                bits &= self._bitset(self._singles, c, c)
            else:
                kk = min(k, _MAX_REPEAT)
                bits &= self._bitset(self._repeats, (c, kk), f"{c}*{kk}")
            if not bits:
                return 0
        for a, b in sorted(set(combinations(letters, 2))):
            bits &= self._bitset(self._pairs, a + b, a + b)
            if not bits:
                return 0
        return bits

    def find_narrowest(self, letters: str, limit: int = EXAMPLES) -> tuple[str | None, list[str]]:
        """(tier, words): the narrowest tier holding a fitting word, and up to `limit` fitting
        words, most common first: words of the print vocabulary (the ones parlour would
        print) when any fits, else from the narrowest tiers first (the referee's answer), never
        a word kept from examples (a drug, a likely misspelling: then possibly none at all);
        (None, []) when no indexed word holds `letters`."""
        bits = self.candidates(letters)
        tier: str | None = None
        done = 0
        for rank, mask in enumerate(self._tier_masks):
            if self._verify(letters, bits & mask & ~done, 1):
                tier = TIERS[rank]
                break
            done = mask
        if tier is None:
            return None, []
        want = max(1, limit)
        found = self._verify(letters, bits & self._print_mask, want)
        done = 0
        for mask in self._tier_masks if not found else ():
            found += self._verify(letters, bits & mask & ~done & self._example_mask, want - len(found))
            if len(found) >= want:
                break
            done = mask
        return tier, found[: max(0, limit)]

    def find(self, letters: str, limit: int = EXAMPLES) -> list[str]:
        """Up to `limit` words (most common first) that hold `letters` as a subsequence."""
        if limit <= 0:
            return []
        return self._verify(letters, self.candidates(letters), limit)

    def _verify(self, letters: str, bits: int, limit: int) -> list[str]:
        """The first `limit` candidates in `bits` that really hold `letters` in order."""
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
_MAGIC = b"parlour-subseq\n"
_FORMAT = 4  # bump when the file layout or the index's meaning changes (3: examples skip spelling
# variants; 4: and drugs and likely misspellings)


class _WordList(Sequence[str]):
    """The index's words in rank order, sliced out of one newline-joined string on demand."""

    def __init__(self, blob: str, starts: array) -> None:
        self._blob, self._starts = blob, starts

    def __len__(self) -> int:
        return len(self._starts)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        at = self._starts[i]
        return self._blob[at : self._blob.index("\n", at)]

    def index_of(self, word: str) -> int | None:
        at = self._blob.find("\n" + word + "\n")
        if at < 0 or not word:
            return None
        i = bisect.bisect_left(self._starts, at + 1)
        return i if i < len(self._starts) and self._starts[i] == at + 1 else None


# byte tables: letter c -> "1", every other byte -> "0"
_ONLY = {c: bytes(49 if i == ord(c) else 48 for i in range(256)) for c in _ABC}


_INDEXES: dict[tuple[int, str], tuple[object, SubsequenceIndex]] = {}


def default_index(lexicon: Lexicon | None = None, tier: str = CHECK_TIER) -> SubsequenceIndex:
    """The index of 4+ letter words of `tier` (or narrower) for a lexicon, built once per process.

    For the packaged lexicon and the check tier it comes from parlour's cache directory (built
    and saved there the first time, keyed by the lexicon data's content)."""
    if lexicon is None and tier == CHECK_TIER:
        hit = _INDEXES.get((0, tier))
        if hit is None:
            hit = _INDEXES[(0, tier)] = (None, _packaged_index())
        return hit[1]
    lex = _lexicon(lexicon)
    key = (id(lex), tier)
    found = _INDEXES.get(key)
    if found is None or found[0] is not lex:
        found = _INDEXES[key] = (lex, SubsequenceIndex.from_lexicon(lex, tier=tier))
    return found[1]


def example_first(lexicon: Any) -> Callable[[str], bool] | None:
    """Which words an example may be taken from first: the print vocabulary, less the words the
    two spellings disagree on (jewellery/jewelry), since the check has no --spelling to choose
    one (None when the lexicon has no print vocabulary)."""
    printable = getattr(lexicon, "printable", None)
    if printable is None:
        return None
    spelling_of = getattr(lexicon, "spelling_of", None)
    if spelling_of is None:
        return cast("Callable[[str], bool]", printable)
    return lambda w: bool(printable(w)) and spelling_of(w) == "both"


def _packaged_index() -> SubsequenceIndex:
    """The packaged lexicon's index at the check tier, kept in parlour's cache."""
    from generator.words.lexicon import kept

    return kept(
        "fighting-words",
        lambda: SubsequenceIndex.from_lexicon(_lexicon(None), tier=CHECK_TIER),
        params=(MIN_WORD, CHECK_TIER),
        encode=lambda index: index.to_bytes(),
        decode=lambda view: SubsequenceIndex.from_buffer(view, "the cached word index"),
    )


class QuickLexicon:
    """The packaged lexicon for one-shot queries: `tier` (and `in`) of a 4+ letter word comes from
    the cached index at once; anything else is asked of the full lexicon, loaded on first need."""

    def __init__(self) -> None:
        self._full: Lexicon | None = None

    def _lexicon(self) -> Lexicon:
        if self._full is None:
            self._full = _lexicon(None)
        return self._full

    def tier(self, word: str) -> str | None:
        if len(word) >= MIN_WORD and _LETTERS.fullmatch(word):
            return default_index().tier_of(word)  # the index holds every broad word of 4+ letters
        return self._lexicon().tier(word)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._lexicon(), name)


def quick_lexicon() -> Any:
    """A QuickLexicon, typed loosely so it can stand where a Lexicon is expected."""
    return QuickLexicon()


def _lexicon(lexicon: Lexicon | None) -> Lexicon:
    if lexicon is not None:
        return lexicon
    from generator.words.lexicon import load

    return load()


def _clean(letters: str) -> str:
    from generator.errors import ParlourError

    word = letters.strip().lower()
    if len(word) > MAX_LETTERS:  # (checked first: an endless argument is answered at once)
        raise ParlourError(
            f"{len(word)} letters is far longer than any word; give at most {MAX_LETTERS} letters, in play order"
        )
    if not _LETTERS.fullmatch(word):
        raise ParlourError(f"give letters A-Z only, in play order, e.g. TRN; got {letters!r}")
    return word


MAX_LETTERS = 64  # of a challenge to check (English words stop near 45)


def can_grow(
    letters: str, lexicon: Lexicon | None = None, examples: int = EXAMPLES, tier: str = CHECK_TIER
) -> Growth:
    """Can `letters`, in this order, still grow into a 4+ letter word of `tier` (the broadest list
    by default) by adding letters before, after or between them? Gives up to `examples` words,
    most common first, from the narrowest list that has any, and names that list."""
    word = _clean(letters)
    found_tier, found = default_index(lexicon, tier).find_narrowest(word, limit=max(1, examples))
    return Growth(word, found_tier is not None, found[:examples], found_tier, tier)


def complete(word: str, lexicon: Lexicon | None = None, tier: str = CHECK_TIER) -> Completion:
    """Is `word` a completed word (4+ letters, in `tier`, the broadest list by default) and how
    many points? Says which list holds it."""
    w = _clean(word)
    if len(w) < MIN_WORD:
        return Completion(w, False, 0, f"{w.upper()} is too short: words score from 4 letters.")
    found = default_index(lexicon, tier).tier_of(w)
    if found is None:
        where = "parlour's broad list" if tier == CHECK_TIER else f"parlour's {tier} list"
        return Completion(w, False, 0, f"{w.upper()} is not in the dictionary ({where}).")
    p = points(w)
    unit = "point" if p == 1 else "points"
    return Completion(
        w, True, p, f"{w.upper()} is a word of {len(w)} letters: {p} {unit} (in {LIST_NAMES[found]}).", found
    )
