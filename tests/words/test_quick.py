"""The cached Doublets word lists answer exactly as the full lexicon does."""

from __future__ import annotations

import pytest

from generator.words import quick
from generator.words.ladder import ladders_for, solve
from generator.words.lexicon import load


@pytest.fixture
def cached(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_CACHE_DIR", str(tmp_path))
    quick.ladder_words()  # built from the lexicon and saved
    assert quick.cache_path().is_file()
    return quick.ladder_words()  # read back from the file


def test_lists_and_frequencies_match_the_lexicon(cached):
    full = load()
    for n in quick.LENGTHS:
        words = full.words(tier="standard", length=n)
        assert cached.words(tier="standard", length=n) == words
        assert all(cached.zipf(w) == full.zipf(w) for w in words[::5])
        assert all(w in cached for w in words[::9])
    for w in ("qoph", "zymurgy", "xqzv", "a", "internationalisation"):
        assert (w in cached) == (w in full) and cached.zipf(w) == full.zipf(w)
    assert cached.words(tier="broad", length=4) == full.words(tier="broad", length=4)


@pytest.mark.parametrize("pair", [("cold", "warm"), ("head", "tail"), ("ape", "man"), ("black", "white")])
def test_solve_gives_the_same_answer(cached, pair):
    a = solve(*pair, ladders=ladders_for(cached), limit=5)
    b = solve(*pair, lexicon=load(), limit=5)
    assert (a.chain, a.shortest_chains, a.chains, a.cost) == (b.chain, b.shortest_chains, b.chains, b.cost)


def test_a_damaged_cache_is_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_CACHE_DIR", str(tmp_path))
    quick.cache_path().parent.mkdir(parents=True, exist_ok=True)
    quick.cache_path().write_bytes(b"garbage")
    assert quick.ladder_words().words(length=4) == load().words(tier="standard", length=4)
    assert quick.cache_path().read_bytes() != b"garbage"
