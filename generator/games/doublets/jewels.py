"""Doublets Jewels: twelve words dealt to the players and the best-scoring key to them."""

from __future__ import annotations

import datetime as _dt
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.games.doublets.model import DoubletsError, ends_for, seed_and_date, spellings_clash
from generator.words.chain_cover import ChainCover, Route, SearchBudget
from generator.words.ladder import (
    DEFAULT_SPELLING,
    MAX_LENGTH,
    MIN_LENGTH,
    SPELLINGS,
    Ladders,
    WordGraph,
    ladders_for,
)

if TYPE_CHECKING:  # pragma: no cover - typing only
    from generator.words.lexicon import Lexicon


# -- Jewels ------------------------------------------------------------------------------------
#
# Marking (from the rules): a Jewel at an end of a chain scores its letter count, a "set" Jewel
# (chain on both sides, or any Jewel of a Necklace) twice that, and every link costs 1.  A Jewel
# is used at most once in all; a link word may recur in different chains but never twice in
# one; a Necklace is a closed chain through at least three Jewels.

JEWEL_LENGTHS = (3, 4, 5)
JEWELS_PER_LENGTH = 4
JEWEL_RADIUS = 3  # Jewels of one length are drawn within this many steps of a random centre
JEWEL_NODE_BUDGET = 40_000  # search steps allowed per length group before redrawing
JEWEL_DRAWS = 400


@dataclass(frozen=True)
class ScoreItem:
    """One line of a worked score: what earns or costs marks, and how many."""

    label: str
    marks: int


@dataclass(frozen=True)
class JewelChain:
    """A chain or Necklace of Jewels with its itemised marks."""

    words: tuple[str, ...]  # in order; a Necklace starts at a Jewel and closes back to it
    jewels: tuple[str, ...]  # the Jewels in the order met
    necklace: bool
    items: tuple[ScoreItem, ...]

    @property
    def links(self) -> int:
        """Number of non-Jewel words."""
        return len(self.words) - len(self.jewels)

    @property
    def score(self) -> int:
        """Marks for this chain (sum of the items)."""
        return sum(item.marks for item in self.items)

    def to_json(self) -> dict[str, object]:
        """Plain data."""
        return {
            "words": list(self.words),
            "jewels": list(self.jewels),
            "necklace": self.necklace,
            "links": self.links,
            "score": self.score,
            "items": [[i.label, i.marks] for i in self.items],
        }


def score_items(jewels: Sequence[str], links: int, necklace: bool) -> tuple[ScoreItem, ...]:
    """Itemised marks for a chain whose Jewels, in order, are `jewels`, with `links` links."""
    items = []
    for pos, j in enumerate(jewels):
        at_end = not necklace and pos in (0, len(jewels) - 1)
        items.append(ScoreItem(f"{j} (end)", len(j)) if at_end else ScoreItem(f"{j} (set)", 2 * len(j)))
    if links:
        items.append(ScoreItem(f"{links} link{'s' if links != 1 else ''}", -links))
    return tuple(items)


def jewel_chain(route: Route) -> JewelChain:
    """A route of the chain cover as a Jewels chain, with its itemised marks."""
    return JewelChain(
        route.words, route.targets, route.closed, score_items(route.targets, route.links, route.closed)
    )


def chain_score(jewels: Sequence[str], links: int, necklace: bool) -> int:
    """Marks for a chain or Necklace (see score_items)."""
    return sum(i.marks for i in score_items(jewels, links, necklace))


@dataclass(frozen=True)
class JewelKey:
    """A best-scoring set of chains and Necklaces for a set of Jewels."""

    chains: tuple[JewelChain, ...]
    unused: tuple[str, ...]

    @property
    def score(self) -> int:
        """Total marks."""
        return sum(c.score for c in self.chains)

    def to_json(self) -> dict[str, object]:
        """Plain data."""
        return {
            "chains": [c.to_json() for c in self.chains],
            "unused": list(self.unused),
            "score": self.score,
        }


JEWELS_OPTIMALITY = (
    "No better score can be made from everyday words: to beat this key, you need a word it leaves out."
)


def _jewel_graph(ladders: Ladders, length: int, jewels: Sequence[str] = ()) -> WordGraph:
    """The graph Jewels keys are searched in: the printable words of one length (see
    Ladders.printable), so every key is printable by construction and no deal is redrawn for
    a rare link.  Jewels outside it (a user's own) join it for that search."""
    g = ladders.memo.get(("jewels-graph", length))
    if g is None:
        g = ladders.memo[("jewels-graph", length)] = _printable_graph(ladders, length)
    assert isinstance(g, WordGraph)
    extra = [j for j in jewels if j not in g.index]
    if extra:
        g = WordGraph(g.words + extra, ladders.lexicon.zipf)
    return g


def _printable_graph(ladders: Ladders, length: int) -> WordGraph:
    """_jewel_graph's graph, built afresh."""
    full = ladders.graph(length)
    return WordGraph([w for w in full.words if ladders.printable(w)], ladders.lexicon.zipf)


@dataclass(frozen=True)
class Jewels:
    """Twelve Jewels (four each of 3, 4 and 5 letters), who picked which, and the best key."""

    players: int
    words: tuple[str, ...]  # 3-letter Jewels, then 4, then 5
    picks: tuple[tuple[str, ...], ...]  # picks[p]: the Jewels player p+1 chose
    key: JewelKey
    seed: int
    date: str | None = None
    optimality: str = JEWELS_OPTIMALITY

    @property
    def round_game(self) -> bool:
        """True for the round game (three or more players)."""
        return self.players > 2

    def by_length(self) -> dict[int, tuple[str, ...]]:
        """Jewels grouped by length."""
        return {n: tuple(w for w in self.words if len(w) == n) for n in JEWEL_LENGTHS}

    def to_json(self) -> dict[str, object]:
        """Plain data."""
        return {
            "players": self.players,
            "jewels": list(self.words),
            "picks": [list(p) for p in self.picks],
            "key": self.key.to_json(),
            "seed": self.seed,
            "date": self.date,
        }


def solve_jewels(
    jewels: Sequence[str],
    lexicon: Lexicon | None = None,
    *,
    node_budget: int = JEWEL_NODE_BUDGET,
) -> JewelKey:
    """A best-scoring set of chains/Necklaces for any Jewels (grouped by length, solved exactly
    among the printable words, as make_jewels searches; see _jewel_graph).

    Raises DoubletsError if a Jewel is not in the word list or the search exceeds its budget.
    """
    ladders = ladders_for(lexicon)
    groups: dict[int, list[str]] = {}
    for j in jewels:
        groups.setdefault(len(j), []).append(j)
    chains: list[JewelChain] = []
    unused: list[str] = []
    for length in sorted(groups):
        words = groups[length]
        if len(set(words)) != len(words):
            raise DoubletsError(f"a Jewel is repeated among {', '.join(words)}")
        known = MIN_LENGTH <= length <= MAX_LENGTH
        full = ladders.graph(length) if known else WordGraph([])
        missing = [w for w in words if w not in full.index]
        g = _jewel_graph(ladders, length, words) if known and not missing else full
        if missing:
            raise DoubletsError(f"Jewel '{missing[0]}' is not in the word list")
        try:
            _, got, left = ChainCover(g, words, node_budget).solve()
        except SearchBudget:
            raise DoubletsError(f"the {length}-letter Jewels need a longer search than allowed") from None
        chains += [jewel_chain(r) for r in got]
        unused += left
    return JewelKey(tuple(chains), tuple(unused))


def _deal(players: int, groups: dict[int, list[str]]) -> tuple[tuple[str, ...], ...]:
    """Who picked which Jewel, as the rules deal them."""
    if players == 2:  # each player picks two words of three, four and five letters
        return tuple(tuple(w for n in JEWEL_LENGTHS for w in groups[n][2 * p : 2 * p + 2]) for p in range(2))
    picks: list[list[str]] = [[] for _ in range(players)]
    for turn in range(JEWELS_PER_LENGTH):  # in turn, one word each of three, four, five letters
        picks[turn % players] += [groups[n][turn] for n in JEWEL_LENGTHS]
    return tuple(tuple(p) for p in picks)


def make_jewels(
    players: int = 2,
    seed: int | None = None,
    *,
    date: _dt.date | str | None = None,
    lexicon: Lexicon | None = None,
    node_budget: int = JEWEL_NODE_BUDGET,
    spelling: str = DEFAULT_SPELLING,
) -> Jewels:
    """Deal twelve common-word Jewels that allow chains in every length and a Necklace overall.

    The key is a best-scoring set of chains and Necklaces (exact; see JEWELS_OPTIMALITY),
    searched among the words the print vocabulary for `spelling` allows (at least
    LINK_ZIPF_FLOOR frequent), so it is printable by construction; a length whose key would
    put two spellings of one word in a chain is drawn again.
    """
    if spelling not in SPELLINGS:
        raise DoubletsError(f"spelling '{spelling}' is not one of {', '.join(SPELLINGS)}")
    if players < 2:
        raise DoubletsError(f"Doublets needs at least 2 players (got {players})")
    seed, iso = seed_and_date(seed, date, salt=0x4A455745)  # a date: a stream apart from its sheet's
    ladders = ladders_for(lexicon, spelling)
    rng = random.Random(seed)
    for _ in range(JEWEL_DRAWS):
        dealt = _one_deal(ladders, rng, node_budget)
        if dealt is None:
            continue
        groups, key = dealt
        return Jewels(
            players=players,
            words=tuple(w for n in JEWEL_LENGTHS for w in groups[n]),
            picks=_deal(players, groups),
            key=key,
            seed=seed,
            date=iso,
        )
    raise DoubletsError("could not deal Jewels that allow a Necklace; try another seed")


def _one_deal(
    ladders: Ladders, rng: random.Random, node_budget: int
) -> tuple[dict[int, list[str]], JewelKey] | None:
    """One try at the Jewels of every length and their key; None if the key holds no Necklace.
    Each length is drawn again until it has a key of its own (see _deal_group)."""
    groups: dict[int, list[str]] = {}
    chains: list[JewelChain] = []
    unused: list[str] = []
    for n in JEWEL_LENGTHS:
        got = _deal_group(ladders, n, rng, node_budget)
        if got is None:
            raise DoubletsError(f"could not deal {n}-letter Jewels with a key; try another seed")
        groups[n], routes, left = got
        chains += [jewel_chain(r) for r in routes]
        unused += left
    if not any(c.necklace for c in chains):
        return None
    return groups, JewelKey(tuple(chains), tuple(unused))


def _deal_group(
    ladders: Ladders, length: int, rng: random.Random, node_budget: int
) -> tuple[list[str], list[Route], list[str]] | None:
    """Jewels of one length with their best key (searched among printable words only): drawn
    again while a draw fails, its search runs past the budget, it scores nothing, or a chain
    of its key would hold two spellings of one word."""
    g = _jewel_graph(ladders, length)
    for _ in range(JEWEL_DRAWS):
        drawn = _draw_group(ladders, length, rng)
        if drawn is None:
            continue
        try:
            total, routes, left = ChainCover(g, drawn, node_budget).solve()
        except SearchBudget:
            continue
        if total > 0 and not any(spellings_clash(r.words, ladders.variant_key) for r in routes):
            return drawn, routes, left
    return None


def _draw_group(ladders: Ladders, length: int, rng: random.Random) -> list[str] | None:
    """Four common words within JEWEL_RADIUS steps of a random common centre, none adjacent."""
    g = ladders.graph(length)
    ends = ends_for(ladders, length)
    if not ends.pool:
        return None
    centre = ends.pool[rng.randrange(len(ends.pool))]
    common = set(ends.by_component[ends.component[centre]])
    seen = {centre: 0}
    frontier = [centre]
    for step in range(1, JEWEL_RADIUS + 1):
        nxt = []
        for u in frontier:
            for v in g.adj[u]:
                if v not in seen:
                    seen[v] = step
                    nxt.append(v)
        frontier = nxt
    near = sorted(v for v in seen if v in common)
    spellings: dict[str, int] = {}
    for v in near:  # one spelling of a word among the Jewels
        spellings.setdefault(ladders.variant_key(g.words[v]), v)
    near = sorted(spellings.values())
    if len(near) < JEWELS_PER_LENGTH:
        return None
    rng.shuffle(near)
    chosen: list[int] = []
    for v in near:
        if all(v not in g.adj[c] for c in chosen):
            chosen.append(v)
            if len(chosen) == JEWELS_PER_LENGTH:
                return [g.words[i] for i in chosen]
    return None
