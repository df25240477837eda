"""Tests for generator.words.ladder: graphs, par, minimal-chain counts, friendliest chains."""

from __future__ import annotations

import itertools
import math

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.words import ladder
from generator.words.ladder import (
    BadLength,
    Ladders,
    NoChain,
    NotInLexicon,
    SameWord,
    WordGraph,
    is_chain,
    solve,
    word_cost,
)
from generator.words.lexicon import Entry, Lexicon
from tests.wordsets import (
    assert_valid_chain,
    lexicon_from,
    naive_graph,
    real_naive_graph,
    toy_zipf,
)

CARROLL = """
head heal teal tell tall tail hail hair heir hear held hell hall
ape apt opt oat mat man
cold cord card ward warm word worm
""".split()


def costs_of(lexicon, chain):
    """Link cost as the key ranks it, written out independently: first the number of avoided
    links (unwelcome, rarer than the link floor, or outside the US print vocabulary), then the number of unfamiliar ones (zipf
    below 3.0), then the summed frequency cost."""
    unwelcome = ladder.unwelcome_words()
    links = chain[1:-1]
    avoided = sum(
        w in unwelcome
        or lexicon.zipf(w) < 2.5
        or not lexicon.printable(w)
        or not lexicon.spelling_allowed(w, "us")
        for w in links
    )
    unfamiliar = sum(lexicon.zipf(w) < 3.0 for w in links)
    return (avoided, unfamiliar, sum(word_cost(lexicon.zipf(w)) for w in links))


# --- random small lexicons ---------------------------------------------------------------


@st.composite
def toy_lexicon_words(draw, max_words: int = 60):
    length = draw(st.integers(3, 5))
    alphabet = draw(st.sampled_from(["ab", "abc", "abcd", "abcde", "aeiout"]))
    words = draw(
        st.sets(
            st.text(alphabet=alphabet, min_size=length, max_size=length),
            min_size=2,
            max_size=max_words,
        )
    )
    return sorted(words)


zipf_of = toy_zipf


SLOW = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SLOW
@given(words=toy_lexicon_words())
def test_bucket_graph_equals_all_pairs_graph(words):
    g = WordGraph(words)
    oracle = naive_graph(words)
    ours = {frozenset((g.words[i], g.words[j])) for i in range(len(g)) for j in g.adj[i]}
    assert ours == {frozenset(e) for e in oracle.edges}
    assert all(len(a) == len(set(a)) for a in g.adj), "a neighbour is listed twice"


@SLOW
@given(words=toy_lexicon_words(), data=st.data())
def test_par_count_and_friendliest_match_networkx(words, data):
    lex = lexicon_from(words, zipf=zipf_of)
    lad = Ladders(lex)
    g = lad.graph(len(words[0]))
    oracle = naive_graph(words)
    for _ in range(10):
        a = data.draw(st.sampled_from(words))
        b = data.draw(st.sampled_from(words))
        if a == b:
            with pytest.raises(SameWord):
                g.par(a, b)
            continue
        if not nx.has_path(oracle, a, b):
            assert g.par(a, b) is None and g.shortest(a, b) is None
            assert g.component_size(a) == len(nx.node_connected_component(oracle, a))
            continue
        par = nx.shortest_path_length(oracle, a, b) - 1
        assert g.par(a, b) == par
        dag = g.shortest(a, b)
        assert dag.par == par
        every = sorted(nx.all_shortest_paths(oracle, a, b))
        assert dag.count == len(every)
        listed = list(dag.chains())
        assert listed == every  # all of them, alphabetically
        assert list(dag.chains(limit=2)) == every[:2]
        best = dag.friendliest()
        assert_valid_chain(best, lex, a, b, par)
        assert best == min(every, key=lambda c: (costs_of(lex, c), c))
        avoided, unfamiliar, by_frequency = costs_of(lex, best)
        assert dag.chain_cost(best) == (
            avoided * ladder.AVOID_PENALTY + unfamiliar * ladder.UNFAMILIAR_PENALTY + by_frequency
        )


def test_par_on_thousands_of_random_pairs_in_a_denser_toy():
    """3,000 random pairs over one larger toy word set, par checked against networkx."""
    import random

    rng = random.Random(7)
    words = sorted({"".join(rng.choice("abcdefgh") for _ in range(4)) for _ in range(900)})
    lex = lexicon_from(words, zipf=zipf_of)
    g = Ladders(lex).graph(4)
    oracle = naive_graph(words)
    lengths = dict(nx.all_pairs_shortest_path_length(oracle))
    checked = 0
    for _ in range(3000):
        a, b = rng.sample(words, 2)
        expect = lengths[a].get(b)
        assert g.par(a, b) == (None if expect is None else expect - 1)
        if expect is not None and checked < 300:
            dag = g.shortest(a, b)
            assert dag.par == expect - 1
            assert_valid_chain(dag.friendliest(), lex, a, b, expect - 1)
            checked += 1


# --- Carroll's examples and a hand-made lexicon ----------------------------------------------


@pytest.fixture(scope="module")
def carroll():
    freq = {"head": 5.0, "tail": 4.6, "tell": 5.2, "tall": 4.9, "hell": 4.8, "hall": 4.7}
    return lexicon_from(CARROLL, zipf=lambda w: freq.get(w, 3.5))


def test_head_to_tail(carroll):
    sol = solve("HEAD", " Tail ", carroll)
    assert sol.start == "head" and sol.end == "tail"
    assert sol.links == 4
    assert_valid_chain(sol.chain, carroll, "head", "tail", 4)
    oracle = naive_graph([w for w in CARROLL if len(w) == 4])
    every = sorted(nx.all_shortest_paths(oracle, "head", "tail"))
    assert sol.shortest_chains == len(every)
    assert sol.chain == min(every, key=lambda c: (costs_of(carroll, c), c))
    assert sol.to_json() == {
        "chain": sol.chain,
        "links": 4,
        "shortest_chains": len(every),
    }


def test_unique_chain_ape_man(carroll):
    sol = solve("ape", "man", carroll)
    assert sol.chain == ["ape", "apt", "opt", "oat", "mat", "man"]
    assert sol.shortest_chains == 1 and not sol.truncated


def test_neighbours_are_one_letter_apart(carroll):
    g = Ladders(carroll).graph(4)
    assert g.neighbours("tall") == ["hall", "tail", "tell"]
    assert g.degree("tall") == 3


def test_solve_limit_truncates_but_counts_all(carroll):
    sol = solve("head", "tail", carroll, limit=1)
    assert len(sol.chains) == 1 and sol.shortest_chains > 1 and sol.truncated


def test_chain_counts_are_exact_big_integers():
    # All 8-letter strings over {a, b}: from aaaaaaaa to bbbbbbbb each minimal chain flips the
    # eight letters in some order, so there are 8! of them.
    words = ["".join(p) for p in itertools.product("ab", repeat=8)]
    g = Ladders(lexicon_from(words)).graph(8)
    dag = g.shortest("aaaaaaaa", "bbbbbbbb")
    assert dag.par == 7
    assert dag.count == math.factorial(8)
    assert len(list(dag.chains(limit=25))) == 25


# --- errors ----------------------------------------------------------------------------------


def test_different_lengths(carroll):
    with pytest.raises(BadLength, match="same length"):
        solve("head", "ape", carroll)


@pytest.mark.parametrize("a,b", [("at", "an"), ("abcdefghi", "bbcdefghi")])
def test_lengths_out_of_range(carroll, a, b):
    with pytest.raises(BadLength, match="3 to 8"):
        solve(a, b, carroll)


def test_same_word(carroll):
    with pytest.raises(SameWord):
        solve("head", "HEAD", carroll)


def test_unknown_word_suggests_close_words(carroll):
    with pytest.raises(NotInLexicon) as err:
        solve("heap", "tail", carroll)
    assert err.value.word == "heap"
    assert "not in the word list" in str(err.value)
    assert "head" in str(err.value) and "\n" not in str(err.value)


def test_blocked_capitalised_and_rare_words():
    lex = Lexicon.from_entries(
        [Entry("cat", "common", 4.5), Entry("cot", "common", 4.0), Entry("zax", "broad", 1.0)],
        blocked=["tit"],
        capitalised=["tom"],
    )
    with pytest.raises(NotInLexicon, match="blocklist"):
        solve("cat", "tit", lex)
    with pytest.raises(NotInLexicon, match="capital"):
        solve("tom", "cat", lex)
    with pytest.raises(NotInLexicon, match="too rare"):
        solve("cat", "zax", lex)


def test_no_chain_reports_component_sizes():
    lex = lexicon_from(["cat", "cot", "cut", "dog", "dig"])
    with pytest.raises(NoChain) as err:
        solve("cat", "dog", lex)
    assert (err.value.start_component, err.value.end_component) == (3, 2)
    assert "3 words" in str(err.value) and "reaches 2" in str(err.value)


# --- costs, helpers --------------------------------------------------------------------------


def test_friendliest_chain_steers_round_unwelcome_links():
    # hen -> pes has two shortest chains, through "hes" (unwelcome) or "pen", equally common.
    assert "hes" in ladder.unwelcome_words() and "pen" not in ladder.unwelcome_words()
    lex = lexicon_from(["hen", "hes", "pen", "pes"], zipf=4.0)
    g = Ladders(lex).graph(3)
    dag = g.shortest("hen", "pes")
    assert dag.count == 2 and dag.par == 1
    assert dag.friendliest() == ["hen", "pen", "pes"]
    assert g.cost(g.index["hes"]) == word_cost(4.0) + ladder.AVOID_PENALTY
    # Without the list, equal costs fall to the alphabetically first chain.
    assert Ladders(lex, avoid=()).graph(3).shortest("hen", "pes").friendliest() == ["hen", "hes", "pes"]
    # The penalty never makes an unwelcome word impossible: a single route still goes through it.
    lex = lexicon_from(["hen", "hes", "yes"], zipf=4.0)
    assert solve("hen", "yes", lex).chain == ["hen", "hes", "yes"]


def test_word_cost_falls_with_frequency():
    assert word_cost(0.0) == 70
    assert word_cost(3.0) == 40
    assert word_cost(7.7) == 1 == word_cost(6.96)
    zipfs = [z / 10 for z in range(0, 80)]
    costs = [word_cost(z) for z in zipfs]
    assert costs == sorted(costs, reverse=True)
    assert all(c >= 1 for c in costs)


def test_is_chain():
    assert is_chain(["cat", "cot", "dot"])
    assert not is_chain(["cat", "dog"])
    assert not is_chain(["cat", "cot", "cat"])
    assert not is_chain(["cat"])


def test_bfs_counts_match_dag(carroll):
    g = Ladders(carroll).graph(4)
    dist, ways = g.bfs("head")
    t = g.index["tail"]
    dag = g.shortest("head", "tail")
    assert dist[t] - 1 == dag.par and ways[t] == dag.count


def test_build_all_lengths(carroll):
    graphs = Ladders(carroll).build_all()
    assert sorted(graphs) == list(range(ladder.MIN_LENGTH, ladder.MAX_LENGTH + 1))
    assert len(graphs[4]) == 20 and len(graphs[8]) == 0


# --- the packaged lexicon --------------------------------------------------------------------


@pytest.fixture(scope="module")
def real():
    from generator.words.lexicon import load

    return load()


@pytest.mark.parametrize("length", [3, 4])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_real_lexicon_par_matches_networkx(length, data):
    """Thousands of random pairs (25 examples x 80 pairs x 2 lengths) against networkx."""
    from generator.words.lexicon import load

    lex = load()
    words = lex.words(length=length)
    g = ladder.ladders_for(lex).graph(length)
    oracle = real_naive_graph(length)
    for _ in range(80):
        i = data.draw(st.integers(0, len(words) - 1))
        j = data.draw(st.integers(0, len(words) - 1))
        a, b = words[i], words[j]
        if a == b:
            continue
        if not nx.has_path(oracle, a, b):
            assert g.par(a, b) is None
            continue
        expect = nx.shortest_path_length(oracle, a, b) - 1
        assert g.par(a, b) == expect
        dag = g.shortest(a, b)
        assert dag.par == expect
        assert_valid_chain(dag.friendliest(), lex, a, b, expect)


def test_real_lexicon_counts_and_friendliest_on_small_cases(real):
    oracle = real_naive_graph(4)
    g = ladder.ladders_for(real).graph(4)
    import random

    rng = random.Random(11)
    words = real.words("common", 4)
    checked = 0
    while checked < 60:
        a, b = rng.sample(words, 2)
        if not nx.has_path(oracle, a, b) or nx.shortest_path_length(oracle, a, b) > 5:
            continue
        every = sorted(nx.all_shortest_paths(oracle, a, b))
        dag = g.shortest(a, b)
        assert dag.count == len(every)
        assert sorted(dag.chains()) == every
        assert dag.friendliest() == min(every, key=lambda c: (costs_of(real, c), c))
        checked += 1


def test_carroll_doublets_in_the_packaged_lexicon(real):
    for a, b, par in [("head", "tail", 4), ("cold", "warm", 3), ("ape", "man", 4)]:
        sol = solve(a, b)
        assert sol.links == par
        assert_valid_chain(sol.chain, real, a, b, par)


@SLOW
@given(words=toy_lexicon_words(), data=st.data())
def test_par_and_count_without_the_dag(words, data):
    g = WordGraph(words)
    oracle = naive_graph(words)
    for _ in range(10):
        a = data.draw(st.sampled_from(words))
        b = data.draw(st.sampled_from(words))
        if a == b:
            continue
        limit = data.draw(st.none() | st.integers(0, 6))
        got = g.par_and_count(a, b, max_links=limit)
        if not nx.has_path(oracle, a, b):
            assert got is None
            continue
        par = nx.shortest_path_length(oracle, a, b) - 1
        if limit is not None and par > limit:
            assert got is None and g.shortest(a, b, max_links=limit) is None
            continue
        assert got == (par, len(list(nx.all_shortest_paths(oracle, a, b))))
        assert g.shortest(a, b, max_links=limit).count == got[1]


@SLOW
@given(words=toy_lexicon_words(), data=st.data())
def test_ball_and_reach_masks(words, data):
    g = WordGraph(words)
    oracle = naive_graph(words)
    a = data.draw(st.sampled_from(words))
    radius = data.draw(st.integers(0, 6))
    reach = g.ball(a, radius)
    lengths = nx.single_source_shortest_path_length(oracle, a)
    expect = {w: d - 1 for w, d in lengths.items() if w != a and d - 1 <= radius}
    assert {g.words[i]: par for i, (par, _) in reach.items()} == expect
    for i, (_, ways) in reach.items():
        assert ways == len(list(nx.all_shortest_paths(oracle, a, g.words[i])))
    s = g.index[a]
    masks = g.reach_masks([s], radius)[s]
    assert len(masks) == radius + 1
    for r, mask in enumerate(masks):
        inside = {g.words[i] for i in range(len(g)) if (mask >> i) & 1}
        assert inside == {w for w, d in lengths.items() if d <= r}


def test_errors_are_one_line_parlour_errors(carroll):
    from generator.errors import ParlourError

    for a, b in [("head", "ape"), ("head", "head"), ("heap", "tail"), ("ab", "cd")]:
        with pytest.raises(ParlourError) as err:
            solve(a, b, carroll)
        assert "\n" not in str(err.value)


@SLOW
@given(words=toy_lexicon_words(), data=st.data())
def test_reach_masks_through_some_words_and_in_other_bits(words, data):
    """`through`: chains may pass only through the marked words (ends excepted), checked by a
    BFS over the subgraph of those words plus both ends; `bits`: the same masks, renumbered."""
    g = WordGraph(words)
    oracle = naive_graph(words)
    through = data.draw(st.lists(st.booleans(), min_size=len(g), max_size=len(g)))
    bits = data.draw(st.permutations(range(len(g))))
    bits = [b if data.draw(st.booleans()) else -1 for b in bits]  # -1: no bit for that word
    a = data.draw(st.sampled_from(words))
    radius = data.draw(st.integers(0, 6))
    s = g.index[a]
    plain = g.reach_masks([s], radius, through)[s]
    renumbered = g.reach_masks([s], radius, through, bits)[s]
    assert len(plain) == len(renumbered) == radius + 1
    inner = {w for w, ok in zip(g.words, through, strict=True) if ok}
    for b in words:
        sub = oracle.subgraph(inner | {a, b})
        d = nx.shortest_path_length(sub, a, b) if nx.has_path(sub, a, b) else None
        i = g.index[b]
        for r in range(radius + 1):
            inside = d is not None and d <= r
            assert bool((plain[r] >> i) & 1) == inside, (a, b, r, d)
            assert bits[i] < 0 or bool((renumbered[r] >> bits[i]) & 1) == inside
            assert renumbered[r] >> len(g) == 0 and renumbered[r].bit_count() <= plain[r].bit_count()
