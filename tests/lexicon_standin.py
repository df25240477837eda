"""Test-only lexicons: the real Lexicon.from_entries when it exists, else a minimal stand-in."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

try:  # the real lexicon (branch `lexicon`) once it is on main
    from generator.words.lexicon import Entry, Lexicon
except ImportError:  # pragma: no cover - stand-in until the real lexicon lands
    TIERS = ("common", "standard", "broad")
    _RANK = {t: i for i, t in enumerate(TIERS)}

    @dataclass(frozen=True)
    class Entry:  # type: ignore[no-redef]
        word: str
        tier: str
        zipf: float

    @dataclass(frozen=True)
    class Lookup:
        word: str
        status: str
        entry: Entry | None
        suggestions: list[str]

    class Lexicon:  # type: ignore[no-redef]
        def __init__(self, entries: Iterable[Entry], blocked=(), capitalised=()) -> None:
            self._entries = {e.word: e for e in entries}
            self._blocked = set(blocked)
            self._capitalised = set(capitalised)

        @classmethod
        def from_entries(cls, entries, blocked=(), capitalised=()):
            return cls(entries, blocked, capitalised)

        def __contains__(self, word) -> bool:
            e = self._entries.get(word)
            return e is not None and _RANK[e.tier] <= _RANK["standard"]

        def get(self, word):
            return self._entries.get(word)

        def zipf(self, word) -> float:
            e = self._entries.get(word)
            return e.zipf if e else 0.0

        def words(self, tier="standard", length=None):
            r = _RANK[tier]
            return sorted(
                w
                for w, e in self._entries.items()
                if _RANK[e.tier] <= r and (length is None or len(w) == length)
            )

        def lookup(self, word):
            w = word.lower()
            e = self._entries.get(w)
            if e is not None:
                return Lookup(w, "ok", e, [])
            if w in self._blocked:
                return Lookup(w, "blocked", None, [])
            if w in self._capitalised:
                return Lookup(w, "capitalised", None, [])
            return Lookup(w, "unknown", None, [])


def make_lexicon(
    words: dict[str, tuple[str, float]], blocked: Iterable[str] = (), capitalised=()
) -> Lexicon:
    """A lexicon from {word: (tier, zipf)}."""
    entries = [Entry(w, tier, zipf) for w, (tier, zipf) in words.items()]
    return Lexicon.from_entries(entries, blocked=blocked, capitalised=capitalised)


@cache
def sample_lexicon() -> Lexicon:
    """About 29,000 real words from wordfreq's top list, tiered by rank (no SCOWL needed)."""
    from wordfreq import top_n_list, zipf_frequency

    words: dict[str, tuple[str, float]] = {}
    for rank, w in enumerate(top_n_list("en", 30000)):
        if not (w.isascii() and w.isalpha() and w.islower()):
            continue
        z = zipf_frequency(w, "en")
        tier = "common" if z >= 3.0 else ("standard" if rank < 25000 else "broad")
        words[w] = (tier, z)
    return make_lexicon(words, blocked=["damn"], capitalised=["paris"])
