"""The packaged word list: word -> (tier, zipf), the blocklist, and why-not lookups."""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

TIERS = ("common", "standard", "broad")  # narrowest first
DEFAULT_TIER = "standard"
COMMON_ZIPF = 3.0
MAX_SUGGESTIONS = 5
DISTANCE2_MAX_LEN = 6  # distance-2 suggestions are tried for words up to this long

DATA_FILE = "lexicon.txt"
BLOCKLIST_FILE = "blocklist.txt"

_ALPHABET = "abcdefghijklmnopqrstuvwxyz"
_RANK = {tier: i for i, tier in enumerate(TIERS)}


@dataclass(frozen=True)
class Entry:
    """One lexicon word: its narrowest tier and its wordfreq zipf frequency."""

    word: str
    tier: str
    zipf: float


@dataclass(frozen=True)
class Lookup:
    """Why a word is or isn't in the lexicon, with close matches when it isn't."""

    word: str
    status: str  # "ok" | "blocked" | "capitalised" | "unknown"
    entry: Entry | None
    suggestions: list[str]


def _check_tier(tier: str) -> int:
    try:
        return _RANK[tier]
    except KeyError:
        raise ValueError(f"unknown tier {tier!r}: use one of {', '.join(TIERS)}") from None


def _drop(table: dict[str, float], blocked: frozenset[str]) -> None:
    for word in [w for w in blocked if w in table]:
        del table[word]


class Lexicon:
    """Words in three nested tiers (common within standard within broad), with zipf scores.

    Methods other than ``lookup`` and ``suggest`` expect lowercase words, as stored.
    """

    def __init__(
        self,
        standard: dict[str, float],
        common: Iterable[str],
        broad: dict[str, float],
        blocked: Iterable[str] = (),
        capitalised: Iterable[str] = (),
        *,
        deferred: str | None = None,
    ) -> None:
        """Wrap the parsed tiers; prefer ``from_entries`` or ``load``.

        ``standard`` maps every standard-tier word (common ones included) to its zipf,
        ``common`` names the common ones, ``broad`` maps the broad-only words to theirs.
        ``deferred`` is data-file text holding only broad and capitalised sections, parsed
        the first time something needs them. Blocked words are dropped from every tier
        whatever the data says. The dicts passed in are kept and may be changed.
        """
        self._blocked = frozenset(blocked)
        _drop(standard, self._blocked)
        _drop(broad, self._blocked)
        self._std = standard
        self._broad_table = broad
        self._common = frozenset(common) - self._blocked
        self._capitalised_set = frozenset(capitalised) - self._blocked
        self._deferred = deferred
        self._words_cache: dict[tuple[str, int | None], tuple[str, ...]] = {}

    def _undefer(self) -> None:
        """Parse the deferred broad and capitalised sections, once."""
        text, self._deferred = self._deferred, None
        if text is None:
            return
        standard, common, broad, capitalised, _ = parse_data(text)
        if standard or common:
            raise ValueError("lexicon data: standard sections must come before broad ones")
        _drop(broad, self._blocked)
        self._broad_table.update(broad)
        self._capitalised_set |= frozenset(capitalised) - self._blocked

    @property
    def _broad(self) -> dict[str, float]:
        if self._deferred is not None:
            self._undefer()
        return self._broad_table

    @property
    def _capitalised(self) -> frozenset[str]:
        if self._deferred is not None:
            self._undefer()
        return self._capitalised_set

    @classmethod
    def from_entries(
        cls,
        entries: Iterable[Entry],
        blocked: Iterable[str] = (),
        capitalised: Iterable[str] = (),
    ) -> Lexicon:
        """Build a lexicon from entries (for tests and small fixtures)."""
        standard: dict[str, float] = {}
        broad: dict[str, float] = {}
        common: set[str] = set()
        for e in entries:
            _check_tier(e.tier)
            (broad if e.tier == "broad" else standard)[e.word] = float(e.zipf)
            if e.tier == "common":
                common.add(e.word)
        return cls(standard, common, broad, blocked, capitalised)

    def __contains__(self, word: object) -> bool:
        """True if the word is in the default ("standard") tier or narrower."""
        return word in self._std

    def __len__(self) -> int:
        """Number of words in all tiers, broad included."""
        return len(self._std) + len(self._broad)

    def get(self, word: str) -> Entry | None:
        """Return the word's entry from any tier, broad included, or None."""
        tier = self.tier(word)
        if tier is None:
            return None
        return Entry(word, tier, self.zipf(word))

    def zipf(self, word: str) -> float:
        """Return the word's zipf frequency, or 0.0 if it is not in any tier."""
        found = self._std.get(word)
        if found is None:
            found = self._broad.get(word, 0.0)
        return found

    def tier(self, word: str) -> str | None:
        """Return the word's narrowest tier, or None."""
        if word in self._std:
            return "common" if word in self._common else "standard"
        if word in self._broad:
            return "broad"
        return None

    def in_tier(self, word: str, tier: str = DEFAULT_TIER) -> bool:
        """True if the word is in the given tier or a narrower one."""
        rank = _check_tier(tier)
        if rank == 0:
            return word in self._common
        return word in self._std or (rank == 2 and word in self._broad)

    def is_blocked(self, word: str) -> bool:
        """True if the word is on the blocklist."""
        return word in self._blocked

    def is_capitalised(self, word: str) -> bool:
        """True if the word exists only with a capital (a name), so it is not a word here."""
        return word.lower() in self._capitalised

    def words(self, tier: str = DEFAULT_TIER, length: int | None = None) -> list[str]:
        """Return the sorted words of the tier and narrower tiers, optionally of one length."""
        key = (tier, length)
        cached = self._words_cache.get(key)
        if cached is None:
            rank = _check_tier(tier)
            pool: Iterable[str]
            if rank == 0:
                pool = self._common
            elif rank == 1:
                pool = self._std
            else:
                pool = [*self._std, *self._broad]
            if length is not None:
                pool = [w for w in pool if len(w) == length]
            cached = tuple(sorted(pool))
            self._words_cache[key] = cached
        return list(cached)

    def counts(self) -> dict[str, int]:
        """Return the number of words whose narrowest tier is each tier."""
        return {
            "common": len(self._common),
            "standard": len(self._std) - len(self._common),
            "broad": len(self._broad),
        }

    def lookup(self, word: str) -> Lookup:
        """Say whether the (lowercased) word is here, and if not why not and what is close."""
        word = word.strip().lower()
        entry = self.get(word)
        if entry is not None:
            return Lookup(word, "ok", entry, [])
        if word in self._blocked:
            status = "blocked"
        elif word in self._capitalised:
            status = "capitalised"
        else:
            status = "unknown"
        return Lookup(word, status, None, self.suggest(word))

    def suggest(self, word: str, limit: int = MAX_SUGGESTIONS) -> list[str]:
        """Return up to ``limit`` standard-tier words one edit away (two for short words).

        An edit is a substitution, insertion, deletion or swap of neighbours; the most
        frequent words come first.
        """
        word = word.strip().lower()
        if not word:
            return []
        std = self._std
        near = _edits1(word)
        found = {w for w in near if w in std}
        found.discard(word)
        if not found and len(word) <= DISTANCE2_MAX_LEN:
            found = {w2 for w1 in near for w2 in _edits1(w1) if w2 in std}
            found.discard(word)
        return sorted(found, key=lambda w: (-std[w], w))[:limit]


def _edits1(word: str) -> set[str]:
    """All strings one substitution, insertion, deletion or transposition from ``word``."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    deletes = [a + b[1:] for a, b in splits if b]
    swaps = [a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1]
    subs = [a + c + b[1:] for a, b in splits if b for c in _ALPHABET]
    inserts = [a + c + b for a, b in splits for c in _ALPHABET]
    return set(deletes + swaps + subs + inserts)


def parse_blocklist(text: str) -> set[str]:
    """Return the words of a blocklist: one per line, '#' starts a comment, lowercased."""
    words = set()
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip().lower()
        if line:
            words.add(line)
    return words


def format_data(
    header: Iterable[str],
    tiers: Mapping[str, Iterable[str]],
    zipf: Mapping[str, float],
    capitalised: Iterable[str],
) -> str:
    """Render the data file: '#' header, '@tier zipf' sections, then '@capitalised'."""
    out = [("# " + line).rstrip() for line in header]
    for tier in TIERS:
        groups: dict[str, list[str]] = {}
        for w in tiers.get(tier, ()):
            groups.setdefault(f"{zipf[w]:.2f}", []).append(w)
        for z in sorted(groups, key=float, reverse=True):
            out.append(f"@{tier} {z}")
            out.append(" ".join(sorted(groups[z])))
    out.append("@capitalised")
    out.append(" ".join(sorted(capitalised)))
    return "\n".join(out) + "\n"


def parse_data(
    text: str,
) -> tuple[dict[str, float], list[str], dict[str, float], list[str], list[str]]:
    """Parse the data file into (standard word -> zipf, common words, broad word -> zipf,
    capitalised words, header lines)."""
    standard: dict[str, float] = {}
    broad: dict[str, float] = {}
    common: list[str] = []
    capitalised: list[str] = []
    header: list[str] = []
    lines = text.split("\n")
    n = len(lines)
    i = 0
    while i < n:
        line = lines[i]
        if line.startswith("@"):
            words = lines[i + 1].split() if i + 1 < n else []
            i += 2
            name, _, value = line[1:].partition(" ")
            if name == "common":
                common += words
                standard.update(dict.fromkeys(words, float(value)))
            elif name == "standard":
                standard.update(dict.fromkeys(words, float(value)))
            elif name == "broad":
                broad.update(dict.fromkeys(words, float(value)))
            elif name == "capitalised":
                capitalised += words
            else:
                raise ValueError(f"lexicon data: unknown section {line!r}")
            continue
        if line.startswith("#"):
            header.append(line[2:] if line.startswith("# ") else line[1:])
        i += 1
    return standard, common, broad, capitalised, header


def _read_data(name: str) -> str:
    path = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", name)
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def data_header() -> list[str]:
    """Return the header lines of the packaged data file (sources, licences, format)."""
    return parse_data(_read_data(DATA_FILE))[4]


def blocklist() -> frozenset[str]:
    """Return the packaged blocklist."""
    return frozenset(parse_blocklist(_read_data(BLOCKLIST_FILE)))


@functools.cache
def load() -> Lexicon:
    """Return the packaged lexicon, read once per process.

    Only the standard sections are parsed here; the broad tier and the capitalised forms
    are parsed the first time a call needs them.
    """
    text = _read_data(DATA_FILE)
    cut = text.find("\n@broad ")
    if cut < 0:
        cut = text.find("\n@capitalised")
    head, rest = (text, None) if cut < 0 else (text[: cut + 1], text[cut + 1 :])
    standard, common, broad, capitalised, _ = parse_data(head)
    return Lexicon(standard, common, broad, blocklist(), capitalised, deferred=rest)
