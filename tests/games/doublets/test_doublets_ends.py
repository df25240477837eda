"""Tests for generator.games.doublets.ends: the bitsets say exactly which pairs a key can take
(networkx oracles), and the fast draws are the plain draws filtered, random numbers and all."""

from __future__ import annotations

import random
from collections import Counter

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.games.doublets import choose as DS
from generator.games.doublets import ends as DE
from generator.games.doublets import model as D
from generator.words.ladder import LINK_ZIPF_FLOOR, WordGraph, ladders_for
from generator.words.lexicon import load
from tests.wordsets import real_naive_graph, real_wide_naive_graph


@pytest.fixture(scope="module")
def real():
    return load()


def _sample_pairs(ends, rng, n):
    pool = ends.pool
    out = []
    while len(out) < n:
        s = pool[rng.randrange(len(pool))]
        group = ends.by_component[ends.component[s]]
        t = group[rng.randrange(len(group))]
        if s != t:
            out.append((s, t))
    return out


@pytest.mark.parametrize("length", [3, 4, 5])
@pytest.mark.parametrize("floor", [D.SHEET_LINK_ZIPF, LINK_ZIPF_FLOOR])
def test_keyable_masks_say_exactly_which_pairs_the_key_can_take(real, length, floor):
    """A pair outside keyable_masks_for fails in _keyed (so skipping it changes nothing), and
    one inside has a minimal chain of allowed links and no shortcut: checked against
    networkx over the words a link may be, and over the wide graph.  With no other rule
    (no sheet yet, one spelling per word) _keyed keys exactly the pairs inside.  An end is in
    its start's bitset of one distance only, its own."""
    lad = ladders_for(real)
    g, ends = lad.graph(length), D.ends_for(lad, length)
    keyable = DE.keyable_masks_for(g, ends, floor)
    oracle, wide = real_naive_graph(length), real_wide_naive_graph(length, D.SHORTCUT_ZIPF)
    allowed = {w for w in g.words if w not in g.avoid and real.zipf(w) >= floor}
    rng = random.Random(length)
    seen = Counter()
    for s, t in _sample_pairs(ends, rng, 150):
        a, b = g.words[s], g.words[t]
        d = nx.shortest_path_length(oracle, a, b)
        sub = oracle.subgraph(allowed | {a, b})
        good = nx.has_path(sub, a, b) and nx.shortest_path_length(sub, a, b) == d
        expect = d <= D.MAX_PAR + 1 and good and nx.shortest_path_length(wide, a, b) == d
        at = [bool((m >> ends.position[t]) & 1) for m in keyable[s]]
        got = any(at)
        assert got == expect, (a, b, d)
        assert not got or at.index(True) == d and at.count(True) == 1
        assert DE.keyable(keyable, ends, s, t, d - 1) == got or d - 1 > D.MAX_PAR
        seen[got] += 1
        if d >= 2 and d - 1 <= D.MAX_PAR:
            keyed = DS._keyed(g, s, t, DS._Rules(None, 1, D.MAX_PAR, floor, set()), ends.wide)
            assert (keyed is not None) == got, (a, b)
    assert seen[True] and seen[False]


def test_keyable_masks_on_a_toy_graph_without_a_wide_graph():
    zipf = {"cold": 4.5, "word": 4.6, "cord": 2.7, "wold": 2.6, "warm": 4.0, "ward": 3.5, "card": 3.2}
    g = WordGraph(list(zipf), zipf.get)
    ends = D.Ends(
        pool=sorted(g.index.values()), by_component={0: sorted(g.index.values())}, component=[0] * len(g)
    )
    high = DE.keyable_masks_for(g, ends, D.SHEET_LINK_ZIPF)
    low = DE.keyable_masks_for(g, ends, LINK_ZIPF_FLOOR)
    cold, word, card, cord = (g.index[w] for w in ("cold", "word", "card", "cord"))

    def keys(masks, s, t, par):
        return DE.keyable(masks, ends, s, t, par)

    assert not keys(high, cold, word, 1) and keys(low, cold, word, 1)  # cord and wold: rare links
    assert not keys(high, cold, card, 1) and keys(low, cold, card, 1)  # through cord only
    assert keys(high, word, card, 1) and keys(high, card, word, 1)  # through ward (3.5)
    assert not keys(low, word, card, 0) and not keys(low, word, card, 2)  # only at its par
    assert keys(high, cold, cord, 0)  # a rare end is no link
    assert not any((m >> ends.position[cold]) & 1 for m in high[cold])  # no pair with itself
    assert len(high[cold]) == D.MAX_PAR + 2 and keys(high, cold, word, D.MAX_PAR + 1)  # past: can't tell


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    groups=st.lists(st.integers(1, 40), min_size=1, max_size=6),
    most=st.integers(0, 400),
    data=st.data(),
)
def test_fast_draws_are_the_plain_draws_filtered(seed, groups, most, data):
    """Same pairs in the same order, and the generator left in the same state after any
    number of pairs taken (a sheet stops at the first pair that makes a puzzle)."""
    sizes = [n + 1 for n in groups]  # a component holds two candidate ends or more
    component, by_component, pool = [], {}, []
    for c, n in enumerate(sizes):
        ids = list(range(len(component), len(component) + n))
        component += [c] * n
        by_component[c] = ids
        pool += ids
    pool = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=len(pool), unique=True))
    ends = D.Ends(pool=sorted(pool), by_component=by_component, component=component)
    masks = {s: data.draw(st.integers(0, (1 << len(by_component[component[s]])) - 1)) for s in ends.pool}
    asked = Counter()

    def wanted(s):
        asked[s] += 1
        return masks[s]

    fast_rng, plain_rng = random.Random(seed), random.Random(seed)
    drawn = DE.plain_draws(ends, ends.pool, plain_rng, most)
    plain = [(s, t) for s, t in drawn if (masks[s] >> ends.position[t]) & 1]
    assert list(DE.fast_draws(ends, ends.pool, fast_rng, most, wanted)) == plain
    assert fast_rng.getstate() == plain_rng.getstate()
    assert all(n == 1 for n in asked.values())
    take = data.draw(st.integers(0, len(plain)))
    fast_rng, plain_rng = random.Random(seed), random.Random(seed)
    fast = DE.fast_draws(ends, ends.pool, fast_rng, most, lambda s: masks[s])
    slow = (
        p
        for p in DE.plain_draws(ends, ends.pool, plain_rng, most)
        if (masks[p[0]] >> ends.position[p[1]]) & 1
    )
    for _ in range(take):
        assert next(fast) == next(slow)
    assert fast_rng.getstate() == plain_rng.getstate()
