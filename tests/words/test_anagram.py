"""Tests for generator/words/anagram.py: sub-multiset search against a brute-force scan."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.words.anagram import AnagramIndex, letter_problem, plural_forms, sort_key

WORDS = [
    "hear", "heat", "shirt", "heart", "hearts", "earth", "hater", "their", "sixth", "this",
    "hair", "hairs", "stair", "tax", "taxi", "taxis", "six", "sixes", "a", "at", "rat", "star",
    "tsar", "arts", "rats", "tars", "ether", "three", "there", "queen", "diamond", "mad",
]  # fmt: skip
ZIPF = {w: (len(w) * 7 % 5) + 1.0 for w in WORDS}


def brute(pool: str, min_len: int) -> set[str]:
    have = Counter(pool)
    return {w for w in WORDS if len(w) >= min_len and not Counter(w) - have}


def test_sort_key() -> None:
    assert sort_key("heart") == "aehrt"


def test_plural_forms() -> None:
    assert plural_forms("heart") == {"hearts"}
    assert "sixes" in plural_forms("six")
    assert plural_forms("spade") == {"spades"}
    assert plural_forms("ace") == {"aces"}
    assert "berries" in plural_forms("berry")


def test_letter_problem() -> None:
    assert letter_problem("sixheart", "shirt") is None
    p = letter_problem("sixheart", "shirz")
    assert p is not None and (p.letter, p.kind) == ("z", "missing")
    p = letter_problem("sixheart", "sheets")
    assert p is not None and (p.letter, p.kind, p.used, p.available) == ("s", "too_often", 2, 1)


def test_sub_anagrams_six_heart() -> None:
    index = AnagramIndex(WORDS, lambda w: ZIPF[w])
    found = index.sub_anagrams("sixheart", min_len=4)
    assert set(found) == brute("sixheart", 4)
    assert {"hear", "heat", "shirt", "heart", "hearts"} <= set(found)
    assert found == sorted(found, key=lambda w: (-ZIPF[w], w))


def test_anagrams_exact() -> None:
    index = AnagramIndex(WORDS, lambda w: ZIPF[w])
    assert set(index.anagrams("rats")) == {"star", "tsar", "arts", "rats", "tars"}


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="aehirstxqudnom", min_size=0, max_size=12), st.integers(1, 6))
def test_sub_anagrams_match_brute_force(pool: str, min_len: int) -> None:
    index = AnagramIndex(WORDS, lambda w: ZIPF[w])
    assert set(index.sub_anagrams(pool, min_len=min_len)) == brute(pool, min_len)
