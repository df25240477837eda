"""The Doublets word lists for one-shot solving, from parlour's cache instead of the whole lexicon.

`parlour doublets solve` needs only the standard-tier words of one length and their frequencies.
Parsing the packaged lexicon for them costs more than the rest of the command; so the lists for
every Doublets length are saved once in parlour's cache directory (keyed like the Fighting Words
index, by the data files' identity) and read back in about a millisecond.
"""

from __future__ import annotations

from array import array
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from generator.words.lexicon import Lexicon

_FORMAT = 3  # 3: with each length's neighbour lists
TIER = "standard"  # the tier Doublets chains are made of (ladder.DEFAULT_TIER)
LENGTHS = range(3, 9)  # ladder.MIN_LENGTH .. MAX_LENGTH


def cache_path() -> Path:
    """Where the word lists are cached, named by the format and the data files' identity."""
    from generator.cache import data_cache_path
    from generator.words import ladder_search

    return data_cache_path(
        "doublets-words",
        f"ladder-words-v{_FORMAT}-{TIER}-{LENGTHS.start}-{LENGTHS.stop}",
        ".bin",
        code=(ladder_search.__file__,),  # the neighbour lists are its _adjacency's
    )


def _lists(lexicon: Lexicon) -> dict[str, Any]:
    """What the cache file holds: each length's words and zipf, print exceptions and neighbours."""
    from generator.words.ladder_search import _adjacency

    table = {}
    vocab = {}  # what Doublets may print (ladder.print_filter): the exceptions only
    neighbours = {}  # each length's one-letter-change lists, as WordGraph would build them
    for n in LENGTHS:
        words = lexicon.words(tier=TIER, length=n)
        table[n] = (" ".join(words), array("d", (lexicon.zipf(w) for w in words)).tobytes())
        adj = _adjacency(words)
        starts = array("I", [0])
        for nbrs in adj:
            starts.append(starts[-1] + len(nbrs))
        neighbours[n] = (starts.tobytes(), array("I", (j for nbrs in adj for j in nbrs)).tobytes())
        vocab[n] = (
            [w for w in words if not lexicon.printable(w)],
            {w: lexicon.spelling_of(w) for w in words if lexicon.spelling_of(w) != "both"},
            {w: lexicon.spelling_key(w) for w in words if lexicon.spelling_key(w) != w},
        )
    return {"version": _FORMAT, "table": table, "vocab": vocab, "neighbours": neighbours}


class LadderWords:
    """Stands where ladder.solve wants a lexicon: the standard words of each Doublets length and
    their zipf from the cache; anything else (e.g. why a word is not in the list) from the full
    lexicon, loaded only then."""

    def __init__(
        self,
        table: dict[int, tuple[str, bytes]],
        vocab: dict[int, tuple] | None = None,
        neighbours: dict[int, tuple[bytes, bytes]] | None = None,
    ) -> None:
        self._table = table
        self._neighbours = neighbours or {}
        self._vocab = {n: (frozenset(no), sp, keys) for n, (no, sp, keys) in (vocab or {}).items()}
        self._zipf: dict[int, dict[str, float]] = {}
        self._full: Lexicon | None = None

    def _lexicon(self) -> Lexicon:
        if self._full is None:
            from generator.words.lexicon import load

            self._full = load()
        return self._full

    def _of_length(self, n: int) -> dict[str, float] | None:
        hit = self._zipf.get(n)
        if hit is None and n in self._table:
            text, raw = self._table[n]
            z = array("d")
            z.frombytes(raw)
            hit = self._zipf[n] = dict(zip(text.split(), z, strict=True))
        return hit

    def words(self, tier: str = TIER, length: int | None = None) -> list[str]:
        table = self._of_length(length) if (tier == TIER and length is not None) else None
        return list(table) if table is not None else self._lexicon().words(tier=tier, length=length)

    def adjacency(self, length: int, tier: str = TIER) -> list[list[int]] | None:
        """The saved neighbour lists of the `length`-letter words (ids: positions in `words`), or
        None where none were saved (WordGraph then builds them)."""
        saved = self._neighbours.get(length) if tier == TIER else None
        if saved is None:
            return None
        starts, flat = array("I"), array("I")
        starts.frombytes(saved[0])
        flat.frombytes(saved[1])
        return [flat[a:b].tolist() for a, b in zip(starts, starts[1:], strict=False)]

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
        known = self._known(word)
        return known[2].get(word, word) if known is not None else self._lexicon().spelling_key(word)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._lexicon(), name)


def ladder_words() -> Any:
    """The cached Doublets word lists (built and saved on first use; rebuilt if damaged)."""
    from generator import cache

    path = cache_path()
    data = cache.read_saved(
        path, _FORMAT, lambda d: set(d["table"]) == set(LENGTHS) == set(d["vocab"]) == set(d["neighbours"])
    )
    if data is None:
        from generator.words.lexicon import load

        data = _lists(load())
        cache.save(path, data)
    return LadderWords(data["table"], data["vocab"], data["neighbours"])
