"""Tests for generator.words.chain_cover: the best cover against brute force, Menger against networkx."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.words.chain_cover import ChainCover, Route, SearchBudget, route_marks
from generator.words.ladder import WordGraph
from tests.wordsets import naive_graph, one_apart


def brute_force_best(words, targets):
    """Every simple path between targets and every cycle through 3+ targets, then every way
    of choosing such structures with no target twice (independent of the solver)."""
    graph = naive_graph(words)
    tset = set(targets)
    n = len(targets[0])
    value: dict[frozenset, int] = {}

    def note(ts, score):
        key = frozenset(ts)
        value[key] = max(value.get(key, score), score)

    for a, b in itertools.combinations(targets, 2):
        for path in nx.all_simple_paths(graph, a, b):
            ts = [w for w in path if w in tset]
            note(ts, n * 2 + 2 * n * (len(ts) - 2) - (len(path) - len(ts)))
    for cycle in nx.simple_cycles(graph):
        ts = [w for w in cycle if w in tset]
        if len(ts) >= 3:
            note(ts, 2 * n * len(ts) - (len(cycle) - len(ts)))

    def best(rest: frozenset) -> int:
        out = 0
        for key, v in value.items():
            if key <= rest:
                out = max(out, v + best(rest - key))
        return out

    return best(frozenset(targets))


def check_routes(routes: list[Route], unused: list[str], targets: list[str], words: set[str]) -> None:
    """Every route is a real chain or ring of the graph, no word twice in one, no target twice."""
    seen: set[str] = set()
    for r in routes:
        ring = list(r.words) + ([r.words[0]] if r.closed else [])
        assert len(set(r.words)) == len(r.words), "a word repeats within one route"
        assert set(r.words) <= words
        assert all(one_apart(x, y) for x, y in itertools.pairwise(ring))
        on_route = [w for w in r.words if w in targets]
        assert list(r.targets) == on_route and not seen & set(on_route)
        seen |= set(on_route)
        assert len(r.targets) >= (3 if r.closed else 2)
        assert r.links == len(r.words) - len(r.targets)
        assert r.words[0] == r.targets[0] and (r.closed or r.words[-1] == r.targets[-1])
    assert sorted(unused) == sorted(set(targets) - seen)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_best_cover_against_brute_force(data):
    alphabet, length = data.draw(st.sampled_from([("abc", 3), ("abcd", 3), ("ab", 4)]))
    pool = ["".join(p) for p in itertools.product(alphabet, repeat=length)]
    words = sorted(data.draw(st.sets(st.sampled_from(pool), min_size=4, max_size=16 if length == 3 else 11)))
    k = data.draw(st.integers(2, min(4, len(words))))
    targets = data.draw(st.permutations(words))[:k]
    total, routes, unused = ChainCover(WordGraph(words), targets, 10**7).solve()
    assert total == brute_force_best(words, targets)
    assert total == sum(route_marks(length, len(r.targets), r.closed, r.links) for r in routes)
    check_routes(routes, unused, targets, set(words))


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_menger_check_matches_networkx_disjoint_paths(data):
    """_through(x, y, z) is true exactly when two paths from x reach y and z sharing no word
    and passing no other target: networkx's node connectivity through a joined sink says so."""
    pool = ["".join(p) for p in itertools.product("abc", repeat=3)]
    words = sorted(data.draw(st.sets(st.sampled_from(pool), min_size=5, max_size=18)))
    x, y, z, *others = data.draw(st.permutations(words))[: data.draw(st.integers(3, min(5, len(words))))]
    cover = ChainCover(WordGraph(words), [x, y, z, *others], 10**6)
    graph = naive_graph(words)
    graph.remove_nodes_from(others)
    sink = "SINK"
    graph.add_edges_from([(y, sink), (z, sink)])
    if graph.has_edge(x, y) or graph.has_edge(x, z):  # a direct step needs no inner word: split it
        for t in (y, z):
            if graph.has_edge(x, t):
                graph.remove_edge(x, t)
                graph.add_edges_from([(x, f"mid-{t}"), (f"mid-{t}", t)])
    flow = nx.node_connectivity(graph, x, sink) if nx.has_path(graph, x, sink) else 0
    # y and z are the only ways into the sink, so at most two disjoint paths, one through each.
    assert cover._through(cover.g.index[x], cover.g.index[y], cover.g.index[z]) == (flow >= 2)


def test_a_ring_beats_the_chain_it_closes():
    ring = ["aaaa", "baaa", "bbaa", "bbba", "bbbb", "cbbb", "ccbb",
            "cccb", "cccc", "dccc", "ddcc", "ddac", "ddaa", "adaa"]  # fmt: skip
    total, routes, unused = ChainCover(WordGraph(ring), ["aaaa", "bbbb", "dccc"], 10**6).solve()
    (route,) = routes
    assert route.closed and route.links == 11 and total == 3 * 8 - 11 and unused == []


def test_the_budget_stops_a_long_search():
    pool = ["".join(p) for p in itertools.product("abcd", repeat=3)]
    with pytest.raises(SearchBudget):
        ChainCover(WordGraph(pool), ["aaa", "bcd", "dda", "cbc", "dbb"], 50).solve()
