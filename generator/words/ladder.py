"""Doublets word ladders: one-letter graphs per length, par, minimal-chain counts, friendliest."""

from __future__ import annotations

import copy
import functools
import marshal
from array import array
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

from generator.words import quick
from generator.words.ladder_search import (
    AVOID_PENALTY,
    LadderError,
    NoChain,
    ShortestChains,
    _adjacency,
    _bidirectional_count,
    _cutoff,
    _shortest_dag,
    ball,
    bfs,
    reach_levels,
)
from generator.words.spelling import DEFAULT_SPELLING as DEFAULT_SPELLING
from generator.words.spelling import SPELLINGS as SPELLINGS

if TYPE_CHECKING:  # pragma: no cover - typing only
    from generator.words.lexicon import Lexicon

_T = TypeVar("_T")

MIN_LENGTH = 3
MAX_LENGTH = 8
DEFAULT_TIER = "standard"
DEFAULT_CHAIN_LIMIT = 50

# Friendliness cost of a word (Knuth's `ladders -f` idea: rarer words cost more).
# cost = max(1, round(COST_SCALE * (COST_CEILING - zipf))): the cost falls by one for every
# tenth of a zipf unit of frequency, so the total cost of a chain is (up to rounding) minus
# ten times the log10 of the product of its words' frequencies.  The very commonest words
# (zipf >= 6.95, "the", "and") cost 1; a word wordfreq has never seen (zipf 0) costs 70.
COST_CEILING = 7.0
COST_SCALE = 10.0


def word_cost(zipf: float) -> int:
    """Return the friendliness cost of a word with this zipf frequency (lower is friendlier)."""
    return max(1, round(COST_SCALE * (COST_CEILING - zipf)))


# Common words that read oddly or unkindly (phrase fragments, letter names, slang, bodily and
# grim words...): never a puzzle's end, and a link the friendliest chain steers round when
# another shortest chain exists.
UNWELCOME_FILE = Path(__file__).resolve().parents[1] / "data" / "not_puzzle_ends.txt"

# What a key may print.  A word is "avoided" when it is outside the print vocabulary (see
# print_filter) or rarer than LINK_ZIPF_FLOOR; it is "unfamiliar" when it is rarer than
# FAMILIAR_ZIPF.  The penalties make the friendliest chain's cost lexicographic: fewest avoided
# words first, then fewest unfamiliar ones, then frequency (a chain of at most ten links costs
# at most 700 by frequency, and at most 10 * UNFAMILIAR_PENALTY by familiarity).  So a key holds
# an avoided or unfamiliar word only where every minimal chain needs one.  Penalties never
# change par or the chain count.
LINK_ZIPF_FLOOR = 2.5
FAMILIAR_ZIPF = 3.0
UNFAMILIAR_PENALTY = 1_000
UNWELCOME_PENALTY = AVOID_PENALTY  # the old name: unwelcome words are avoided words


@functools.cache
def unwelcome_words() -> frozenset[str]:
    """The packaged list of unwelcome common words (data/not_puzzle_ends.txt)."""
    words = set()
    for line in UNWELCOME_FILE.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip().lower()
        if line:
            words.add(line)
    return frozenset(words)


class _LexiconLike(Protocol):  # the slice of the Lexicon API this module needs
    def __contains__(self, word: object) -> bool: ...
    def zipf(self, word: str) -> float: ...
    def words(self, tier: str = ..., length: int | None = ...) -> list[str]: ...


def _identity(word: str) -> str:
    return word


@dataclass(frozen=True)
class PrintVocabulary:
    """What Doublets may print for one spelling: `printable(word)` says whether a word may be
    printed at all (ends, key links, Jewels, Jewels keys), and `variant_key(word)` maps the
    spellings of one word (gray/grey, tire/tyre) to one key, so one chain never holds two."""

    printable: Callable[[str], bool]
    variant_key: Callable[[str], str] = _identity
    spelling: str = DEFAULT_SPELLING


def print_filter(lexicon: _LexiconLike, spelling: str = DEFAULT_SPELLING) -> PrintVocabulary:
    """The print vocabulary Doublets uses for `lexicon` and `spelling` (us or uk).

    This is the one seam to the lexicon's vetted print vocabulary: a word may be printed if
    the lexicon's `printable(word)` and `spelling_allowed(word, spelling)` say so (lexicons
    without them: any standard-tier word) and it is off the unwelcome list; spellings of one
    word share the lexicon's `spelling_key(word)`."""
    if spelling not in SPELLINGS:
        raise LadderError(f"spelling '{spelling}' is not one of {', '.join(SPELLINGS)}")
    vetted = getattr(lexicon, "printable", None)
    allowed = getattr(lexicon, "spelling_allowed", None)
    key = getattr(lexicon, "spelling_key", None)

    def printable(word: str) -> bool:
        if word in unwelcome_words() or word not in lexicon:
            return False
        if vetted is not None and not vetted(word):
            return False
        return allowed is None or bool(allowed(word, spelling))

    return PrintVocabulary(printable, key if callable(key) else _identity, spelling)


# ---------------------------------------------------------------------------------------------
# Errors (the command layer turns these into one-line user errors)


class BadLength(LadderError):
    """The two words differ in length, or the length is outside 3..8."""

    def __init__(self, start: str, end: str) -> None:
        self.start, self.end = start, end
        if len(start) != len(end):
            msg = (
                f"'{start}' has {len(start)} letters but '{end}' has {len(end)}: "
                "both ends of a Doublet must have the same length"
            )
        else:
            msg = (
                f"'{start}' has {len(start)} letters: Doublets uses words of "
                f"{MIN_LENGTH} to {MAX_LENGTH} letters"
            )
        super().__init__(msg)


class SameWord(LadderError):
    """Both ends are the same word."""

    def __init__(self, word: str) -> None:
        self.word = word
        super().__init__(f"both ends are '{word}': give two different words")


class NotInLexicon(LadderError):
    """A word is not in the word list; carries the lexicon's Lookup (why, close words)."""

    def __init__(self, word: str, lookup: object | None = None) -> None:
        self.word, self.lookup = word, lookup
        status = getattr(lookup, "status", "unknown")
        entry = getattr(lookup, "entry", None)
        suggestions = list(getattr(lookup, "suggestions", None) or [])
        if status == "blocked":
            why = "it is on the blocklist of words never printed"
        elif status == "capitalised":
            why = "it is only used with a capital letter (a name)"
        elif status == "ok" and entry is not None:
            why = "it is too rare for Doublets (only in the broad referee list)"
        else:
            why = "it is not in the word list"
        msg = f"'{word}' can't be used: {why}"
        if suggestions:
            msg += "; close words: " + ", ".join(suggestions[:5])
        super().__init__(msg)


# ---------------------------------------------------------------------------------------------
# The graph


class WordGraph:
    """The one-letter-change graph over the words of one length (words sorted, ids = positions)."""

    def __init__(
        self,
        words: Sequence[str],
        zipf: Callable[[str], float] | None = None,
        avoid: Collection[str] = (),
        adj: list[list[int]] | None = None,
    ) -> None:
        """`adj`: neighbour lists already built for these words in sorted order (a cache's)."""
        self.words: list[str] = sorted(words)  # ids follow alphabetical order (ties, output)
        self.length = len(self.words[0]) if self.words else 0
        self.index: dict[str, int] = dict(zip(self.words, range(len(self.words)), strict=True))
        self._zipf = zipf
        self.avoid = frozenset(avoid)  # words whose cost carries UNWELCOME_PENALTY
        self._costs: dict[int, int] = {}
        if adj is not None:
            if len(adj) != len(self.words):
                raise ValueError(f"{len(adj)} neighbour lists for {len(self.words)} words")
            self.adj: list[list[int]] = adj
        else:
            self.adj = _adjacency(self.words)
        self._component: list[int] | None = None
        self._component_sizes: list[int] = []

    @classmethod
    def from_lexicon(
        cls, lexicon: _LexiconLike, length: int, tier: str = DEFAULT_TIER, avoid: Collection[str] = ()
    ) -> WordGraph:
        """Build the graph of all `length`-letter words of `tier` (or narrower)."""
        return cls(lexicon.words(tier=tier, length=length), lexicon.zipf, avoid)

    def zipf(self, word: str) -> float | None:
        """The word's zipf frequency, or None if the graph was built without frequencies."""
        return None if self._zipf is None else self._zipf(word)

    def cost(self, i: int) -> int:
        """Friendliness cost of word id `i` (see word_cost; 1 for every word if no frequencies),
        plus AVOID_PENALTY for a word the graph was told to avoid and UNFAMILIAR_PENALTY for
        one rarer than FAMILIAR_ZIPF."""
        c = self._costs.get(i)
        if c is None:
            w = self.words[i]
            if self._zipf:
                z = self._zipf(w)
                c = word_cost(z) + (UNFAMILIAR_PENALTY if z < FAMILIAR_ZIPF else 0)
            else:
                c = 1
            if w in self.avoid:
                c += AVOID_PENALTY
            self._costs[i] = c
        return c

    def with_avoid(self, avoid: Collection[str]) -> WordGraph:
        """The same graph (adjacency shared, not rebuilt) avoiding other words."""
        g = copy.copy(self)
        g.avoid = frozenset(avoid)
        g._costs = {}
        return g

    def __len__(self) -> int:
        return len(self.words)

    def __contains__(self, word: object) -> bool:
        return word in self.index

    @property
    def edge_count(self) -> int:
        """Number of (undirected) edges."""
        return sum(len(a) for a in self.adj) // 2

    def neighbours(self, word: str) -> list[str]:
        """Words one letter away from `word`, alphabetically."""
        return sorted(self.words[i] for i in self.adj[self.index[word]])

    def degree(self, word: str) -> int:
        """Number of words one letter away."""
        return len(self.adj[self.index[word]])

    # -- components -------------------------------------------------------------------------

    def _components(self) -> list[int]:
        if self._component is None:
            comp = [-1] * len(self.words)
            sizes: list[int] = []
            adj = self.adj
            for s in range(len(comp)):
                if comp[s] >= 0:
                    continue
                cid = len(sizes)
                comp[s] = cid
                stack = [s]
                n = 0
                while stack:
                    u = stack.pop()
                    n += 1
                    for v in adj[u]:
                        if comp[v] < 0:
                            comp[v] = cid
                            stack.append(v)
                sizes.append(n)
            self._component, self._component_sizes = comp, sizes
        return self._component

    def component_sizes(self) -> list[int]:
        """The number of words in each component (by component id, as _components numbers them)."""
        self._components()
        return self._component_sizes

    def adopt_components(self, component: list[int], sizes: list[int]) -> None:
        """Take the components computed before for these very words (a cache's), instead of
        finding them again: `component[i]` is word i's component id, `sizes[c]` its size."""
        if len(component) != len(self.words):
            raise ValueError(f"components of {len(component)} words for {len(self.words)} words")
        self._component, self._component_sizes = component, sizes

    def component_size(self, word: str) -> int:
        """Number of words reachable from `word` (itself included)."""
        comp = self._components()
        return self._component_sizes[comp[self.index[word]]]

    def connected(self, a: str, b: str) -> bool:
        """True if some chain joins `a` and `b`."""
        comp = self._components()
        return comp[self.index[a]] == comp[self.index[b]]

    # -- shortest chains --------------------------------------------------------------------

    def shortest(self, a: str, b: str, max_links: int | None = None) -> ShortestChains | None:
        """All minimal chains from `a` to `b` as a layered DAG; None if there is no chain (or,
        with `max_links`, none of at most that many links)."""
        s, t = self.index[a], self.index[b]
        if s == t:
            raise SameWord(a)
        if not self.connected(a, b):
            return None
        return _shortest_dag(self, s, t, _cutoff(max_links))

    def par(self, a: str, b: str, max_links: int | None = None) -> int | None:
        """Exact minimal number of links between `a` and `b`; None if there is no chain (or,
        with `max_links`, none of at most that many links)."""
        got = self.par_and_count(a, b, max_links)
        return None if got is None else got[0]

    def par_and_count(self, a: str, b: str, max_links: int | None = None) -> tuple[int, int] | None:
        """(par, exact number of minimal chains) without building the chains' DAG; None as
        for `par`."""
        s, t = self.index[a], self.index[b]
        if s == t:
            raise SameWord(a)
        if not self.connected(a, b):
            return None
        got = _bidirectional_count(self.adj, s, t, _cutoff(max_links))
        return None if got is None else (got[0] - 1, got[1])

    def ball(self, a: str, max_links: int) -> dict[int, tuple[int, int]]:
        """Word id -> (par, number of minimal chains) for every word within `max_links`
        links of `a` (one BFS outward, counting shortest paths as it goes)."""
        return ball(self.adj, self.index[a], max_links)

    def reach_masks(
        self,
        sources: Sequence[int],
        radius: int,
        through: Sequence[bool] | None = None,
        bits: Sequence[int] | None = None,
    ) -> dict[int, list[int]]:
        """For each source word id: bitsets (ints, bit i = word id i) of the words within
        0, 1, ..., radius steps (see reach_levels for `through` and `bits`).  Membership tests
        cost a shift and an AND."""
        out: dict[int, list[int]] = {s: [] for s in sources}
        for level in self.reach_levels(radius, through, bits):
            for s, masks in out.items():
                masks.append(level[s])
        return out

    def reach_levels(
        self, radius: int, through: Sequence[bool] | None = None, bits: Sequence[int] | None = None
    ) -> Iterator[list[int]]:
        """For r = 0..radius, the bitsets of the words within r steps of every word (see
        ladder_search.reach_levels for `through` and `bits`)."""
        return reach_levels(self.adj, radius, through, bits)

    def bfs(self, a: str) -> tuple[list[int], list[int]]:
        """From `a`: (distance in steps to every word or -1, number of shortest paths or 0)."""
        return bfs(self.adj, self.index[a])


# ---------------------------------------------------------------------------------------------
# Graphs per lexicon, and the solver


class Ladders:
    """Lazily built WordGraphs (one per length) over one lexicon tier.  Friendliest chains steer
    round `avoid`; by default that is every word the print vocabulary for `spelling` leaves out
    (see print_filter) and every word rarer than LINK_ZIPF_FLOOR.  `base`: another Ladders over
    the same lexicon and tier whose graphs are reused (only the costs differ)."""

    def __init__(
        self,
        lexicon: _LexiconLike,
        tier: str = DEFAULT_TIER,
        avoid: Collection[str] | None = None,
        *,
        spelling: str = DEFAULT_SPELLING,
        base: Ladders | None = None,
        packaged: bool = False,
    ) -> None:
        self.lexicon = lexicon
        # over the packaged lexicon (or the cached lists of it): what callers derive from these
        # graphs may be kept in parlour's cache (cache.derived, keyed on the packaged data)
        self.packaged = packaged
        self.tier = tier
        self.vocabulary = print_filter(lexicon, spelling)
        self.spelling = spelling
        self._avoid = None if avoid is None else frozenset(avoid)
        self._base = base
        self._graphs: dict[int, WordGraph] = {}
        self.memo: dict[object, object] = {}  # what callers derive from these graphs (puzzle ends)

    def printable(self, word: str) -> bool:
        """True if `word` may be printed: in the print vocabulary, and at least LINK_ZIPF_FLOOR
        frequent or a word children know that corpora undercount (the lexicon's familiar mark:
        sty, bleat, singe)."""
        if not self.vocabulary.printable(word):
            return False
        if self.lexicon.zipf(word) >= LINK_ZIPF_FLOOR:
            return True
        familiar = getattr(self.lexicon, "familiar", None)
        return callable(familiar) and bool(familiar(word))

    def variant_key(self, word: str) -> str:
        """One key for every spelling of a word (see PrintVocabulary)."""
        return self.vocabulary.variant_key(word)

    def avoided(self, words: Sequence[str]) -> frozenset[str]:
        """The words of `words` a graph of these ladders avoids: the `avoid` given, or every
        word that may not be printed."""
        if self._avoid is not None:
            return self._avoid
        return frozenset(w for w in words if not self.printable(w))

    def _avoided(self, words: Sequence[str], length: int) -> frozenset[str]:
        saved = getattr(self.lexicon, "avoided", None) if self._avoid is None else None
        got = saved(length, self.spelling, self.tier) if callable(saved) else None  # quick's cache
        return self.avoided(words) if got is None else got

    def graph(self, length: int) -> WordGraph:
        """The graph for words of `length` letters, built on first use."""
        g = self._graphs.get(length)
        if g is None:
            if self._base is not None:
                shared = self._base.graph(length)
                g = shared.with_avoid(self._avoided(shared.words, length))
            else:
                words = self.lexicon.words(tier=self.tier, length=length)
                saved = getattr(self.lexicon, "adjacency", None)  # e.g. quick.LadderWords' cache
                adj = saved(length, self.tier) if callable(saved) else None
                g = WordGraph(words, self.lexicon.zipf, self._avoided(words, length), adj=adj)
            self._graphs[length] = g
        return g

    def build_all(self) -> dict[int, WordGraph]:
        """Build (or return) the graphs for every Doublets length."""
        return {n: self.graph(n) for n in range(MIN_LENGTH, MAX_LENGTH + 1)}


# ---------------------------------------------------------------------------------------------
# The packaged word lists for one-shot solving, kept in parlour's cache (read by words.quick)

WORDS_TIER = quick.TIER
WORDS_LENGTHS = quick.LENGTHS


def _length_data(lexicon: Lexicon, n: int) -> tuple:
    """One length's entry: its words, their zipf, neighbour lists, print exceptions, and the
    words the graph of each spelling avoids (ladder.Ladders' own choice, made here once)."""
    from generator.words.ladder_search import _adjacency

    words = lexicon.words(tier=WORDS_TIER, length=n)
    return (
        " ".join(words),
        array("d", (lexicon.zipf(w) for w in words)).tobytes(),
        _adjacency(words),  # the one-letter-change lists, as WordGraph would build them
        [w for w in words if not lexicon.printable(w)],  # what Doublets may print: the exceptions
        {w: lexicon.spelling_of(w) for w in words if lexicon.spelling_of(w) != "both"},
        {w: lexicon.spelling_key(w) for w in words if lexicon.spelling_key(w) != w},
        {sp: sorted(Ladders(lexicon, spelling=sp).avoided(words)) for sp in SPELLINGS},
    )


def _lists(lexicon: Lexicon) -> dict[int, bytes]:
    """Each length's _length_data, marshalled on its own (decoded when a length is first used)."""
    return {n: marshal.dumps(_length_data(lexicon, n)) for n in WORDS_LENGTHS}


def _decode_lists(view: memoryview) -> dict[int, bytes]:
    lengths = marshal.loads(view)
    if set(lengths) != set(WORDS_LENGTHS) or not all(isinstance(b, bytes) for b in lengths.values()):
        raise ValueError("not the word lists")
    return lengths


def ladder_words() -> quick.LadderWords:
    """The Doublets word lists of the packaged lexicon, kept in parlour's cache (built on first
    use, and whenever the data or parlour's code changes)."""
    from generator.words.lexicon import kept, load

    lengths = kept(
        "doublets-words",
        lambda: _lists(load()),
        params=(WORDS_TIER, WORDS_LENGTHS.start, WORDS_LENGTHS.stop),
        decode=_decode_lists,
    )
    return quick.LadderWords(lengths)


_DEFAULT: Ladders | None = None
_BY_LEXICON: list[tuple[object, str, Ladders]] = []  # recently used (lexicon, spelling, ladders)


def default_ladders() -> Ladders:
    """Ladders over the packaged lexicon: its Doublets word lists read from parlour's cache
    (words.quick; the whole lexicon loads only for what they lack), made on first use."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Ladders(ladder_words(), packaged=True)
    return _DEFAULT


def ladders_for(lexicon: Lexicon | _LexiconLike | None, spelling: str = DEFAULT_SPELLING) -> Ladders:
    """The cached Ladders of `lexicon` (the packaged one if None) for `spelling`; graphs are
    built once per lexicon and shared between spellings."""
    first = default_ladders() if lexicon is None else None
    if first is None and _DEFAULT is not None and _DEFAULT.lexicon is lexicon:
        first = _DEFAULT
    if first is not None and spelling == first.spelling:
        return first
    lexicon = first.lexicon if first is not None else lexicon
    assert lexicon is not None  # None stood for the packaged lexicon, taken above
    base = first
    for lex, sp, lad in _BY_LEXICON:
        if lex is lexicon:
            if sp == spelling:
                return lad
            base = base or lad
    if spelling not in SPELLINGS:
        print_filter(lexicon, spelling)  # raises the one-line error
    packaged = _DEFAULT is not None and lexicon is _DEFAULT.lexicon
    lad = Ladders(lexicon, spelling=spelling, base=base, packaged=packaged)
    _BY_LEXICON.insert(0, (lexicon, spelling, lad))
    del _BY_LEXICON[6:]
    return lad


@dataclass(frozen=True)
class Solution:
    """A solved Doublet: the friendliest minimal chain, its links and how many minimal chains."""

    start: str
    end: str
    chain: list[str]  # both ends included
    shortest_chains: int  # exact number of minimal chains
    chains: list[list[str]]  # minimal chains, alphabetical, at most the limit asked for
    cost: int  # total link cost of `chain`
    unprintable: tuple[
        str, ...
    ] = ()  # links of `chain` parlour would not print (every minimal chain needs one)
    clean: list[str] | None = None  # then: the shortest chain of words parlour prints, if any

    @property
    def links(self) -> int:
        """Words strictly between the two ends (the par)."""
        return len(self.chain) - 2

    @property
    def truncated(self) -> bool:
        """True if `chains` lists fewer than all the minimal chains."""
        return len(self.chains) < self.shortest_chains

    def to_json(self) -> dict[str, object]:
        """The solve --json shape."""
        out: dict[str, object] = {
            "chain": list(self.chain),
            "links": self.links,
            "shortest_chains": self.shortest_chains,
        }
        if self.unprintable:
            out["unprintable"] = list(self.unprintable)
            out["clean_chain"] = self.clean
        return out


def solve(
    start: str,
    end: str,
    lexicon: Lexicon | _LexiconLike | None = None,
    *,
    limit: int = DEFAULT_CHAIN_LIMIT,
    ladders: Ladders | None = None,
) -> Solution:
    """Solve a Doublet: raise a LadderError subclass with a one-line reason if it can't be done."""
    a, b = start.strip().lower(), end.strip().lower()
    if len(a) != len(b) or not MIN_LENGTH <= len(a) <= MAX_LENGTH:
        raise BadLength(a, b)
    if a == b:
        raise SameWord(a)
    if ladders is None:
        ladders = ladders_for(lexicon)
    lex = ladders.lexicon
    for w in (a, b):
        if w not in lex:
            lookup = getattr(lex, "lookup", None)
            raise NotInLexicon(w, lookup(w) if lookup else None)
    g = ladders.graph(len(a))
    dag = g.shortest(a, b)
    if dag is None:
        raise NoChain(a, b, g.component_size(a), g.component_size(b))
    chain = dag.friendliest()
    unprintable = tuple(w for w in chain[1:-1] if w in g.avoid)
    clean = None
    if unprintable:  # the friendliest chain steers round such words: every minimal chain needs one
        zipf = getattr(lex, "zipf", None)
        printed = WordGraph([w for w in g.words if w not in g.avoid or w in (a, b)], zipf)
        got = printed.shortest(a, b)
        clean = None if got is None else got.friendliest()
    return Solution(
        start=a,
        end=b,
        chain=chain,
        shortest_chains=dag.count,
        chains=list(dag.chains(limit)),
        cost=dag.chain_cost(chain),
        unprintable=unprintable,
        clean=clean,
    )


def is_chain(chain: Sequence[str], lexicon: _LexiconLike | None = None) -> bool:
    """True if consecutive words differ in one letter, no word repeats (and all are words)."""
    if len(chain) < 2 or len(set(chain)) != len(chain):
        return False
    n = len(chain[0])
    for x, y in zip(chain, chain[1:], strict=False):
        if len(y) != n or sum(p != q for p, q in zip(x, y, strict=True)) != 1:
            return False
    return lexicon is None or all(w in lexicon for w in chain)
