"""The cached Doublets word lists answer exactly as the full lexicon does."""

from __future__ import annotations

import pytest

from generator.words import ladder, quick
from generator.words.ladder import ladders_for, solve
from generator.words.lexicon import load


@pytest.fixture
def cached(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_CACHE_DIR", str(tmp_path))
    ladder.ladder_words()  # built from the lexicon and saved
    assert [p.name.rsplit("-", 1)[0] for p in tmp_path.iterdir()] == ["doublets-words"]
    return ladder.ladder_words()  # read back from the file


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
    # What Doublets may print comes from the cache too, without loading the lexicon.
    for n in quick.LENGTHS:
        for w in full.words(tier="standard", length=n)[::3]:
            assert cached.printable(w) == full.printable(w)
            assert cached.spelling_key(w) == full.spelling_key(w)
            assert all(cached.spelling_allowed(w, sp) == full.spelling_allowed(w, sp) for sp in ("us", "uk"))
    fresh = ladder.ladder_words()
    solve("cold", "warm", ladders=ladders_for(fresh, "uk"))
    assert fresh._full is None, "the print vocabulary loaded the whole lexicon"


@pytest.mark.parametrize("pair", [("cold", "warm"), ("head", "tail"), ("ape", "man"), ("black", "white")])
def test_solve_gives_the_same_answer(cached, pair):
    a = solve(*pair, ladders=ladders_for(cached), limit=5)
    b = solve(*pair, lexicon=load(), limit=5)
    assert (a.chain, a.shortest_chains, a.chains, a.cost) == (b.chain, b.shortest_chains, b.chains, b.cost)


def test_a_damaged_cache_is_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_CACHE_DIR", str(tmp_path))
    ladder.ladder_words()
    (path,) = tmp_path.iterdir()
    path.write_bytes(b"garbage")
    assert ladder.ladder_words().words(length=4) == load().words(tier="standard", length=4)
    assert path.read_bytes() != b"garbage"


def test_saved_neighbour_lists_are_the_graphs_own(monkeypatch, tmp_path) -> None:
    """The cache's neighbour lists equal what WordGraph builds from the words (oracle: the
    build itself, and for 4 letters a scan of every pair one letter apart)."""
    from generator.words.ladder import WordGraph
    from generator.words.lexicon import load

    monkeypatch.setenv("PARLOUR_CACHE_DIR", str(tmp_path))
    lw = ladder.ladder_words()
    for n in quick.LENGTHS:
        words = lw.words(length=n)
        built = WordGraph(words).adj
        saved = lw.adjacency(n)
        assert saved is not None and [sorted(a) for a in saved] == [sorted(a) for a in built], n
    words = load().words("standard", 4)
    saved = ladder.ladder_words().adjacency(4)  # read back from the file this time
    for i in range(0, len(words), 97):
        near = {j for j, w in enumerate(words) if sum(x != y for x, y in zip(w, words[i], strict=True)) == 1}
        assert set(saved[i]) == near, words[i]
    assert lw.adjacency(4, tier="broad") is None


def test_graph_refuses_neighbour_lists_of_another_word_list() -> None:
    from generator.words.ladder import WordGraph

    assert WordGraph(["cot", "cat"], adj=[[1], [0]]).adj == [[1], [0]]
    with pytest.raises(ValueError, match="2 words"):
        WordGraph(["cat", "cot"], adj=[[1]])


def test_saved_avoided_words_are_the_print_filters(cached) -> None:
    """Each length's avoided words per spelling equal what Ladders finds over the full lexicon,
    and (second oracle) what the lexicon's own print rules say word by word."""
    from generator.words.ladder import LINK_ZIPF_FLOOR, SPELLINGS, Ladders, unwelcome_words

    full = load()
    for n in quick.LENGTHS:
        words = full.words(tier="standard", length=n)
        for sp in SPELLINGS:
            saved = cached.avoided(n, sp)
            assert saved == Ladders(full, spelling=sp).avoided(words), (n, sp)
            by_rule = {
                w
                for w in words
                if w in unwelcome_words()
                or not full.printable(w)
                or not full.spelling_allowed(w, sp)
                or (full.zipf(w) < LINK_ZIPF_FLOOR and not full.familiar(w))
            }
            assert saved == by_rule, (n, sp)
    assert cached.avoided(4, "us", tier="broad") is None
    assert ladders_for(cached).graph(4).avoid == cached.avoided(4, "us")
