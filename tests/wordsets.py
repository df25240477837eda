"""Small word sets for tests: lexicons from word lists, and reproducible random toy words."""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Iterable
from operator import ne

import networkx as nx

from generator.words.lexicon import Entry, Lexicon


def lexicon_from(
    words: Iterable[str],
    zipf: Callable[[str], float] | float = 4.0,
    broad: Iterable[str] = (),
    blocked: Iterable[str] = (),
    capitalised: Iterable[str] = (),
) -> Lexicon:
    """A Lexicon of `words` (common if zipf >= 3, else standard) plus `broad`-tier words."""
    entries = []
    for w in words:
        z = zipf(w) if callable(zipf) else zipf
        entries.append(Entry(w, "common" if z >= 3.0 else "standard", z))
    entries += [Entry(w, "broad", 1.0) for w in broad]
    return Lexicon.from_entries(entries, blocked=blocked, capitalised=capitalised)


def toy_words(alphabet: str, length: int, density: float, seed: int) -> list[str]:
    """A random but reproducible set of `length`-letter strings over `alphabet`."""
    rng = random.Random(seed)
    out: list[str] = []

    def rec(prefix: str) -> None:
        if len(prefix) == length:
            if rng.random() < density:
                out.append(prefix)
            return
        for ch in alphabet:
            rec(prefix + ch)

    rec("")
    return out


def toy_zipf(word: str) -> float:
    """A reproducible pseudo-frequency in [1, 6) for a toy word."""
    return 1.0 + (sum((i + 7) * ord(c) for i, c in enumerate(word)) % 500) / 100


def one_apart(a: str, b: str) -> bool:
    """True if two words of one length differ in exactly one letter."""
    return len(a) == len(b) and sum(map(ne, a, b)) == 1


def naive_graph(words: Iterable[str]) -> nx.Graph:
    """The test oracle's graph: every pair of words compared (no buckets, no shortcuts)."""
    words = list(words)
    g = nx.Graph()
    g.add_nodes_from(words)
    g.add_edges_from(
        (a, b) for a, b in itertools.combinations(words, 2) if len(a) == len(b) and one_apart(a, b)
    )
    return g


@functools.cache
def real_naive_graph(length: int) -> nx.Graph:
    """naive_graph over the packaged lexicon's standard words of one length (cached)."""
    from generator.words.lexicon import load

    return naive_graph(load().words(length=length))


@functools.cache
def real_wide_naive_graph(length: int, min_zipf: float) -> nx.Graph:
    """naive_graph over the standard words plus the broad-tier words with zipf >= min_zipf."""
    from generator.words.lexicon import load

    lex = load()
    words = {w for w in lex.words("broad", length) if w in lex or lex.zipf(w) >= min_zipf}
    g = nx.Graph()
    g.add_nodes_from(words)
    for w in words:  # every one-letter variant looked up (a third way, neither pairs nor buckets)
        for i in range(length):
            for ch in "abcdefghijklmnopqrstuvwxyz":
                v = w[:i] + ch + w[i + 1 :]
                if v != w and v in words:
                    g.add_edge(w, v)
    return g


def assert_valid_chain(chain, lexicon, start: str, end: str, par: int) -> None:
    """A printed chain: right ends, par + 2 words, one letter per step, no repeats, all words."""
    assert chain[0] == start and chain[-1] == end, chain
    assert len(chain) == par + 2, chain
    assert len(set(chain)) == len(chain), f"a word repeats in {chain}"
    assert all(w in lexicon for w in chain), f"a word of {chain} is not in the lexicon"
    for x, y in itertools.pairwise(chain):
        assert one_apart(x, y), f"{x} -> {y} is not a one-letter change"
