"""Drawing a Doublets puzzle's ends fast: per-start bitsets of what is in reach and what a key
can take, and the seeded random draws of (start, end) pairs that a sheet tests one by one."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from generator.games.doublets.model import MAX_PAR, Ends

if TYPE_CHECKING:  # pragma: no cover - typing only
    from generator.words.ladder import WordGraph

# Most pairs of ends at a fitting distance cannot be keyed: every minimal chain needs a word
# rarer than the floor or outside the print vocabulary, or a frequent broad word makes a
# shorter chain.  A sheet's search (choose._keyed) finds that out only after counting
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


def keyable_masks_for(
    g: WordGraph, ends: Ends, floor: float, blocked: frozenset[int] = frozenset()
) -> Mapping[int, list[int]]:
    """For every candidate start s and distance d = 0..MAX_PAR+1 (steps; par is d - 1): a
    bitset of the candidate ends t at distance d that a key at `floor` can join to s.  Bit i
    stands for ends.by_component[...][i], the i-th candidate end of s's component.  Such a t
    has a minimal chain whose every link is at least `floor` (graphs without frequencies: any)
    and outside the graph's avoided words, and no chain through the wide graph (frequent broad
    words) is shorter.  A pair at most MAX_PAR+1 steps apart and outside these bitsets fails
    in _keyed whatever the other rules.  Cached per floor (and, for the packaged lexicon, in
    parlour's cache: see doublets.kept); built level by level over the whole graph with one
    bit per candidate end, so little is held at once.

    `blocked`: words no key may pass through (the dailies' links used up for the year).  The
    bitsets then leave out pairs whose every minimal chain needs one.  Such bitsets are built
    again only once BLOCKED_STEP more words are blocked (blocked words only ever grow within
    a year): bitsets built without a subset of `blocked` let through a few pairs that the key
    search then refuses, and never drop a pair it would take, so the puzzles are the same."""
    if blocked:
        return _keyable_round(g, ends, floor, blocked)
    got = ends.keyable.get(floor)
    if got is None:
        if ends.kept_as is None:
            got = _keyable_masks(g, ends, floor)
        else:
            from generator.games.doublets.kept import keyable

            got = keyable(*ends.kept_as, floor, lambda: _keyable_masks(g, ends, floor))
        ends.keyable[floor] = got
    return got


BLOCKED_STEP = 8  # blocked words added before keyable_masks_for builds its bitsets again


def _keyable_round(
    g: WordGraph, ends: Ends, floor: float, blocked: frozenset[int]
) -> Mapping[int, list[int]]:
    """keyable_masks_for's bitsets round `blocked`, or round a subset of it that lacks fewer
    than BLOCKED_STEP of its words."""
    kept = ends.keyable_round.get(floor)
    if kept is not None and kept[0] <= blocked and len(blocked - kept[0]) < BLOCKED_STEP:
        return kept[1]
    got = _keyable_masks(g, ends, floor, blocked)
    ends.keyable_round[floor] = (blocked, got)
    return got


def _keyable_masks(
    g: WordGraph, ends: Ends, floor: float, blocked: frozenset[int] = frozenset()
) -> dict[int, list[int]]:
    """keyable_masks_for's bitsets, built afresh (chains never through `blocked`)."""
    radius = MAX_PAR + 1
    offset, bits, at = 0, [-1] * len(g.words), {}
    for ids in ends.by_component.values():  # each component's ends on consecutive bits
        for i, t in enumerate(ids):
            bits[t] = offset + i
        at.update(dict.fromkeys(ids, offset))
        offset += len(ids)
    through = [
        i not in blocked and w not in g.avoid and ((z := g.zipf(w)) is None or z >= floor)
        for i, w in enumerate(g.words)
    ]
    good = g.reach_levels(radius, through, bits)
    if ends.wide is None:
        short, where = g.reach_levels(radius - 1, None, bits), {s: s for s in ends.pool}
    else:  # the wide graph's reach, on the same bits (its extra words have none)
        wide = ends.wide
        wide_bits = [bits[g.index[w]] if w in g.index else -1 for w in wide.words]
        short = wide.reach_levels(radius - 1, None, wide_bits)
        where = {s: wide.index[g.words[s]] for s in ends.pool}
    got = {s: [0] for s in ends.pool}
    next(good)
    # level d of good (a chain of d steps through allowed words) against level d - 1 of
    # short (no chain of fewer steps, even through the wide graph): par d - 1 and keyable
    for level, shorter in zip(good, short, strict=True):
        for s, masks in got.items():
            masks.append((level[s] & ~shorter[where[s]]) >> at[s])
    return got


def keyable(masks: Mapping[int, list[int]], ends: Ends, s: int, t: int, par: int) -> bool:
    """True if keyable_masks_for's `masks` let s -> t be keyed at `par`, or cannot tell (par
    past MAX_PAR)."""
    return par > MAX_PAR or bool((masks[s][par + 1] >> ends.position[t]) & 1)


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
    """The pairs (s, t) of plain_draws(ends, pool, rng, most) whose end's place in s's
    component (ends.position[t]) is a bit of `wanted(s)`, drawing the same random numbers
    (random.Random.randrange(n) is getrandbits of n's bit length, drawn again while >= n): a
    test holds the two equal.  `wanted` is asked once per start."""
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
        if (mask >> r) & 1:
            yield s, group[r]
