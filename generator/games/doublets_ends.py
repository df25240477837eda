"""Drawing a Doublets puzzle's ends fast: per-start bitsets of what is in reach and what a key
can take, and the seeded random draws of (start, end) pairs that a sheet tests one by one."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from generator.games.doublets import MAX_PAR, Ends

if TYPE_CHECKING:  # pragma: no cover - typing only
    from generator.words.ladder import WordGraph

# Most pairs of ends at a fitting distance cannot be keyed: every minimal chain needs a word
# rarer than the floor or outside the print vocabulary, or a frequent broad word makes a
# shorter chain.  A sheet's search (doublets_sheets._keyed) finds that out only after counting
# the chains (two-ended search) and building their DAG.  Both are decided by distances alone,
# so a bitset per start, built once per length and floor, rejects such pairs before any
# search: the same pairs fail, only sooner, and the same random numbers are drawn, so the
# puzzles chosen do not change.  PRUNE = False draws and searches every pair as before (tests
# compare the two).
PRUNE = True


def reach_masks_for(g: WordGraph, ends: Ends) -> dict[int, list[int]]:
    """Bitsets of the words within 0..MAX_PAR+1 steps of every candidate start (cached)."""
    if ends.reach is None:
        ends.reach = g.reach_masks(ends.pool, MAX_PAR + 1)
    return ends.reach


def keyable_masks_for(g: WordGraph, ends: Ends, floor: float) -> dict[int, int]:
    """For every candidate start s, a bitset of the words t that a key at `floor` can join to
    it: some minimal chain s -> t has every link at least `floor` (graphs without frequencies:
    any) and outside the graph's avoided words, and no chain through the wide graph (frequent
    broad words) is shorter.  A pair outside fails in _keyed whatever the other rules (cached)."""
    got = ends.keyable.get(floor)
    if got is None:
        radius = MAX_PAR + 1
        full = reach_masks_for(g, ends)
        through = [w not in g.avoid and ((z := g.zipf(w)) is None or z >= floor) for w in g.words]
        good = g.reach_masks(ends.pool, radius, through)
        if ends.wide is None:
            short = full
        else:  # the wide graph's reach, read in g's word ids (its extra words get bits above)
            wide, n = ends.wide, len(g.words)
            extra = iter(range(n, len(wide.words)))
            bits = [g.index[w] if w in g.index else next(extra) for w in wide.words]
            reach = wide.reach_masks([wide.index[g.words[s]] for s in ends.pool], radius - 1, bits=bits)
            short = {s: reach[wide.index[g.words[s]]] for s in ends.pool}
        got = {}
        for s in ends.pool:
            # t at distance d with a good chain of d steps (so par is d - 1 and some minimal
            # chain avoids every word the floor rules out) and no wide chain of d - 1 steps
            g_s, w_s = good[s], short[s]
            mask = 0
            for d in range(1, radius + 1):
                mask |= g_s[d] & ~w_s[d - 1]
            got[s] = mask
        ends.keyable[floor] = got
    return got


def plain_draws(ends: Ends, pool: Sequence[int], rng: random.Random, most: int) -> Iterator[tuple[int, int]]:
    """`most` random pairs: a start from `pool`, then an end from the start's component (every
    pair, in the order drawn)."""
    for _ in range(most):
        s = pool[rng.randrange(len(pool))]
        group = ends.by_component[ends.component[s]]
        yield s, group[rng.randrange(len(group))]


def fast_draws(
    ends: Ends, pool: Sequence[int], rng: random.Random, most: int, wanted: Callable[[int], int]
) -> Iterator[tuple[int, int]]:
    """The pairs of plain_draws(ends, pool, rng, most) whose end is in the bitset `wanted(s)`,
    drawing the same random numbers (random.Random.randrange(n) is getrandbits of n's bit
    length, drawn again while >= n): a test holds the two equal.  `wanted` is asked once per
    start."""
    getrandbits = rng.getrandbits
    npool = len(pool)
    kpool = npool.bit_length()
    starts: dict[int, tuple[list[int], int, int, int]] = {}
    for _ in range(most):
        r = getrandbits(kpool)
        while r >= npool:
            r = getrandbits(kpool)
        s = pool[r]
        entry = starts.get(s)
        if entry is None:
            group = ends.by_component[ends.component[s]]
            entry = starts[s] = (group, len(group), len(group).bit_length(), wanted(s))
        group, n, k, mask = entry
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        t = group[r]
        if (mask >> t) & 1:
            yield s, t
