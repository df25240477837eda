"""Tests for generator.games.doublets.jewels: Jewels marks, the key and the deal."""

from __future__ import annotations

import itertools
import json

import networkx as nx
import pytest

from generator.games.doublets import jewels as DJ
from generator.games.doublets import model as D
from generator.games.doublets.jewels import JEWEL_LENGTHS as JEWEL_LENGTHS
from generator.games.doublets.jewels import chain_score, make_jewels, score_items
from generator.games.doublets.jewels import solve_jewels as solve_jewels
from generator.games.doublets.model import DoubletsError
from generator.words.ladder import LINK_ZIPF_FLOOR as LINK_ZIPF_FLOOR
from generator.words.ladder import ladders_for as ladders_for
from generator.words.lexicon import load
from tests.wordsets import (
    lexicon_from,
    naive_graph,
    one_apart,
)


@pytest.fixture(scope="module")
def real():
    return load()


# --- Jewels: scoring --------------------------------------------------------------------------


def test_rules_worked_example_scores():
    # A chain with three four-letter Jewels and seven links scores 9; closed into a Necklace
    # with four more links it scores 13.
    jewels = ["head", "teal", "tail"]
    assert chain_score(jewels, 7, necklace=False) == 9
    assert chain_score(jewels, 11, necklace=True) == 13
    items = score_items(jewels, 7, necklace=False)
    assert [(i.label, i.marks) for i in items] == [
        ("head (end)", 4),
        ("teal (set)", 8),
        ("tail (end)", 4),
        ("7 links", -7),
    ]


# A ring of fourteen 4-letter words in which only neighbours are one letter apart.
RING = [
    "aaaa", "baaa", "bbaa", "bbba", "bbbb", "cbbb", "ccbb",
    "cccb", "cccc", "dccc", "ddcc", "ddac", "ddaa", "adaa",
]  # fmt: skip


def test_rules_worked_example_as_a_necklace():
    lex = lexicon_from(RING)
    graph = naive_graph(RING)
    assert graph.number_of_edges() == 14 and nx.cycle_basis(graph)  # one 14-cycle
    key = solve_jewels(["aaaa", "bbbb", "dccc"], lex)
    # The chain aaaa..bbbb..dccc has 7 links (9 marks); the Necklace has 11 (13 marks).
    assert key.score == 13
    (neck,) = key.chains
    assert neck.necklace and neck.links == 11 and len(neck.words) == 14
    assert [(i.label, i.marks) for i in neck.items][-1] == ("11 links", -11)


def check_key(key, jewels, lexicon):
    seen: set[str] = set()
    for c in key.chains:
        ring = list(c.words) + ([c.words[0]] if c.necklace else [])
        assert len(set(c.words)) == len(c.words), "a word repeats within one chain"
        assert all(w in lexicon for w in c.words)
        for x, y in itertools.pairwise(ring):
            assert one_apart(x, y)
        on_chain = [w for w in c.words if w in jewels]
        assert list(c.jewels) == on_chain
        assert not seen & set(on_chain), "a Jewel is used twice"
        seen |= set(on_chain)
        assert len(c.jewels) >= (3 if c.necklace else 2)
        assert c.jewels[0] == c.words[0]
        if not c.necklace:
            assert c.jewels[-1] == c.words[-1]
        assert c.score == chain_score(c.jewels, c.links, c.necklace) == sum(i.marks for i in c.items)
    assert key.score == sum(c.score for c in key.chains)
    assert sorted(key.unused) == sorted(set(jewels) - seen)


# --- Jewels: dealing --------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_real_jewels(real, seed):
    j = make_jewels(2, seed)
    assert len(j.words) == 12 and len(set(j.words)) == 12
    groups = j.by_length()
    assert {n: len(ws) for n, ws in groups.items()} == {3: 4, 4: 4, 5: 4}
    for ws in groups.values():
        assert all(D.is_puzzle_end(w, real) for w in ws)
        assert not any(one_apart(a, b) for a, b in itertools.combinations(ws, 2))
    assert any(c.necklace for c in j.key.chains)
    assert not {w for c in j.key.chains for w in c.words} & D.not_puzzle_ends()
    # Jewels keys have the same floor as sheets: every word printable and frequent enough.
    for c in j.key.chains:
        assert all(
            real.printable(w) and (real.zipf(w) >= LINK_ZIPF_FLOOR or real.familiar(w)) for w in c.words
        ), c.words
        assert len({real.spelling_key(w) for w in c.words}) == len(c.words)
    check_key(j.key, j.words, real)
    for n, ws in groups.items():  # chains are possible in every length
        assert any(c.jewels[0] in ws for c in j.key.chains), n
    # The key is the solver's exact optimum for these Jewels.
    assert solve_jewels(j.words).score == j.key.score
    assert make_jewels(2, seed) == j
    data = json.loads(json.dumps(j.to_json()))
    assert data["key"]["score"] == j.key.score


def test_jewels_are_dealt_as_the_rules_say(real):
    two = make_jewels(2, 5)
    assert len(two.picks) == 2
    for pick in two.picks:  # two each of three, four and five letters
        assert sorted(len(w) for w in pick) == [3, 3, 4, 4, 5, 5]
    three = make_jewels(3, 5)
    assert three.words == two.words and three.round_game
    # In turn, one word each of three, four and five letters, until twelve are chosen.
    assert [len(p) for p in three.picks] == [6, 3, 3]
    assert [len(w) for w in three.picks[1]] == [3, 4, 5]
    five = make_jewels(5, 5)
    assert [len(p) for p in five.picks] == [3, 3, 3, 3, 0]


def test_jewel_errors(real):
    with pytest.raises(DoubletsError, match="at least 2"):
        make_jewels(1)
    with pytest.raises(DoubletsError, match="not in the word list"):
        solve_jewels(["head", "qqqq"])
    with pytest.raises(DoubletsError, match="repeated"):
        solve_jewels(["head", "head"])


def test_jewels_keys_are_searched_among_printable_words(real):
    lad = ladders_for(real)
    for n in JEWEL_LENGTHS:
        g = DJ._jewel_graph(lad, n)
        want = {w for w in real.words("standard", n) if lad.printable(w)}
        assert set(g.words) == want and all(
            real.zipf(w) >= LINK_ZIPF_FLOOR or real.familiar(w) for w in g.words
        )
    # a user's own Jewels need not be printable: they join the graph for their search
    assert not real.printable("snot")
    key = solve_jewels(["snot", "slot", "spot", "shot"], real)
    assert key.score > 0 and "snot" in {w for c in key.chains for w in c.jewels}
