"""The Doublets word lists for one-shot solving, from parlour's cache instead of the whole lexicon.

`parlour doublets solve` needs only the standard-tier words of one length and their frequencies.
Parsing the packaged lexicon for them costs more than the rest of the command; so the lists for
every Doublets length are kept in parlour's cache (ladder.ladder_words, through cache.derived)
and read back at a fraction of the parse's cost.
"""

from __future__ import annotations

import marshal
from array import array
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from generator.words.lexicon import Lexicon

TIER = "standard"  # the tier Doublets chains are made of (ladder.DEFAULT_TIER)
LENGTHS = range(3, 9)  # ladder.MIN_LENGTH .. MAX_LENGTH


class LadderWords:
    """Stands where ladder.solve wants a lexicon: the standard words of each Doublets length and
    their zipf from the cache; anything else (e.g. why a word is not in the list) from the full
    lexicon, loaded only then."""

    def __init__(self, lengths: dict[int, bytes]) -> None:
        self._blobs = lengths  # length -> marshalled _length_data, decoded on first use
        self._zipf: dict[int, dict[str, float]] = {}
        self._adj: dict[int, list[list[int]]] = {}
        self._vocab: dict[int, tuple[frozenset[str], dict[str, str], dict[str, str]]] = {}
        self._avoided: dict[int, dict[str, list[str]]] = {}
        self._full: Lexicon | None = None

    def _lexicon(self) -> Lexicon:
        if self._full is None:
            from generator.words.lexicon import load

            self._full = load()
        return self._full

    def _of_length(self, n: int) -> dict[str, float] | None:
        hit = self._zipf.get(n)
        if hit is None and n in self._blobs:
            text, raw, adj, noprint, spellings, keys, avoided = marshal.loads(self._blobs[n])
            z = array("d")
            z.frombytes(raw)
            hit = self._zipf[n] = dict(zip(text.split(), z, strict=True))
            self._adj[n] = adj
            self._vocab[n] = (frozenset(noprint), spellings, keys)
            self._avoided[n] = avoided
        return hit

    def words(self, tier: str = TIER, length: int | None = None) -> list[str]:
        table = self._of_length(length) if (tier == TIER and length is not None) else None
        return list(table) if table is not None else self._lexicon().words(tier=tier, length=length)

    def adjacency(self, length: int, tier: str = TIER) -> list[list[int]] | None:
        """The saved neighbour lists of the `length`-letter words (ids: positions in `words`), or
        None where none were saved (WordGraph then builds them).  Handed over, not copied: the
        graph that takes them owns them."""
        if tier != TIER or self._of_length(length) is None:
            return None
        if length in self._adj:
            return self._adj.pop(length)
        return marshal.loads(self._blobs[length])[2]

    def avoided(self, length: int, spelling: str, tier: str = TIER) -> frozenset[str] | None:
        """The saved words the `length`-letter graph avoids for `spelling` (see
        ladder.Ladders.avoided), or None where none were saved."""
        if tier != TIER or self._of_length(length) is None:
            return None
        got = self._avoided[length].get(spelling)
        return None if got is None else frozenset(got)

    def zipf(self, word: str) -> float:
        table = self._of_length(len(word))
        if table is not None and word in table:
            return table[word]
        return self._lexicon().zipf(word)

    def __contains__(self, word: object) -> bool:
        if isinstance(word, str):
            table = self._of_length(len(word))
            if table is not None:
                return word in table
        return word in self._lexicon()

    def _known(self, word: str) -> tuple | None:
        table = self._of_length(len(word))
        return self._vocab.get(len(word)) if table is not None and word in table else None

    def printable(self, word: str) -> bool:
        known = self._known(word)
        return word not in known[0] if known is not None else self._lexicon().printable(word)

    def spelling_allowed(self, word: str, spelling: str = "us") -> bool:
        known = self._known(word)
        if known is None or spelling not in ("us", "uk"):
            return self._lexicon().spelling_allowed(word, spelling)
        return known[1].get(word, "both") in ("both", spelling)

    def spelling_key(self, word: str) -> str:
        table = self._zipf.get(len(word))  # (a sheet asks this for every pair of ends it tries)
        if table is not None and word in table:
            return self._vocab[len(word)][2].get(word, word)
        known = self._known(word)
        return known[2].get(word, word) if known is not None else self._lexicon().spelling_key(word)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._lexicon(), name)
