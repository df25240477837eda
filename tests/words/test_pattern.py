"""Tests for generator/words/pattern.py: the subsequence index against a brute-force scan."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import ParlourError
from generator.words.pattern import SubsequenceIndex, can_grow, complete, points
from tests.lexicon_fixtures import make_lexicon, sample_lexicon


def scan(letters: str, words: list[str]) -> list[str]:
    """Brute force: every word holding the letters in order (two pointers, no index)."""
    out = []
    for w in words:
        i = 0
        for ch in w:
            if i < len(letters) and ch == letters[i]:
                i += 1
        if i == len(letters):
            out.append(w)
    return out


@pytest.fixture(scope="module")
def lex():
    return sample_lexicon()


@pytest.fixture(scope="module")
def index(lex):
    return SubsequenceIndex.from_lexicon(lex)


@pytest.fixture(scope="module")
def ranked(lex):
    words = [w for w in lex.words(tier="standard") if len(w) >= 4]
    return sorted(words, key=lambda w: (-lex.zipf(w), w))


def test_index_holds_standard_words_of_four_or_more(index, lex) -> None:
    assert len(index) == sum(1 for w in lex.words(tier="standard") if len(w) >= 4)
    assert all(len(w) >= 4 for w in index.words)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="etaoinshrdlucmfwypvbgkjqxz", min_size=1, max_size=7))
def test_random_probes_agree_with_scan(index, ranked, probe: str) -> None:
    assert index.find(probe, limit=3) == scan(probe, ranked)[:3]


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 8))
def test_pieces_of_real_words_agree_with_scan(index, ranked, rnd: random.Random, k: int) -> None:
    word = rnd.choice(ranked)
    keep = sorted(rnd.sample(range(len(word)), min(k, len(word))))
    probe = "".join(word[i] for i in keep)
    found = index.find(probe, limit=3)
    assert found and found == scan(probe, ranked)[:3]


@pytest.mark.parametrize("probe", ["eeeeee", "ssss", "aaaa", "zzz", "qqq", "iiiiii"])
def test_repeated_letters(index, ranked, probe: str) -> None:
    assert index.find(probe, limit=5) == scan(probe, ranked)[:5]


def test_can_grow_examples_common_first() -> None:
    lex = make_lexicon(
        {
            "train": ("common", 4.5),
            "strain": ("standard", 2.5),
            "trained": ("common", 3.5),
            "tin": ("common", 5.0),  # too short to count
            "rant": ("broad", 3.0),  # broad tier: not in the game's dictionary
        }
    )
    g = can_grow("TRN", lexicon=lex)
    assert g.can_grow and g.letters == "trn"
    assert g.examples == ["train", "trained", "strain"]
    assert can_grow("tn", lexicon=lex).can_grow  # "train" holds t..n
    assert not can_grow("nt", lexicon=lex).can_grow
    assert can_grow("trn", lexicon=lex, examples=1).examples == ["train"]


def test_can_grow_bad_input() -> None:
    lex = make_lexicon({"train": ("common", 4.5)})
    for bad in ["", "tr n", "tr4", "é"]:
        with pytest.raises(ParlourError):
            can_grow(bad, lexicon=lex)


def test_points() -> None:
    assert [points("x" * n) for n in range(4, 11)] == [1, 1, 1, 2, 3, 4, 5]
    assert points("famished") == 3  # the rules' example: 1 + 2 for eight letters


def test_complete() -> None:
    lex = make_lexicon(
        {
            "ball": ("common", 4.0),
            "twitch": ("standard", 2.5),
            "federal": ("common", 4.5),
            "famished": ("standard", 2.0),
            "cat": ("common", 5.0),
            "zymurgy": ("broad", 1.0),
        }
    )
    assert (complete("BALL", lex).complete, complete("ball", lex).points) == (True, 1)
    assert complete("twitch", lex).points == 1
    assert complete("federal", lex).points == 2
    assert complete("famished", lex).points == 3
    short = complete("cat", lex)
    assert not short.complete and short.points == 0 and "4 letters" in short.reason
    assert not complete("zymurgy", lex).complete  # broad only: not the default lexicon
    assert not complete("ballx", lex).complete


def test_empty_index() -> None:
    index = SubsequenceIndex([], lambda w: 0.0)
    assert len(index) == 0 and index.find("abc") == []
