"""Issue 33's word data: the familiar mark, the family list, the closed-class function words,
the inflected-form classes and the story pool, held against their written policies."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from generator.games.doublets.model import is_puzzle_end
from generator.words.ladder import ladders_for
from generator.words.lexicon import load
from generator.words.relations import inflected_form, not_an_end
from generator.words.stories import stories

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "scripts"
sys.path.insert(0, str(SCRIPTS))

import vet_words  # noqa: E402


@pytest.fixture(scope="module")
def lex():
    return load()


def _blocks(name: str) -> list[list[str]]:
    """The entries of a curated list, block by block (blank lines and comments split them)."""
    out: list[list[str]] = [[]]
    for line in (SCRIPTS / name).read_text(encoding="utf-8").splitlines():
        word = line.split("#", 1)[0].strip()
        if word:
            out[-1].append(word)
        elif out[-1]:
            out.append([])
    return [b for b in out if b]


@pytest.mark.parametrize(
    "name", ["familiar_words.txt", "family_words.txt", "function_words.txt", "grown_words.txt"]
)
def test_curated_lists_are_well_formed(name, lex) -> None:
    text = (SCRIPTS / name).read_text(encoding="utf-8")
    assert text.startswith("# parlour:") and "Policy." in text
    listed, kept = vet_words.parse_word_lists(text)
    assert listed and not kept
    for block in _blocks(name):
        assert block == sorted(block), block
    every = [w for b in _blocks(name) for w in b]
    assert len(every) == len(set(every)), "a word listed twice"
    assert all(lex.tier(w) is not None for w in listed), sorted(w for w in listed if lex.tier(w) is None)


def test_dale_chall_list_is_the_vendored_one() -> None:
    import build_lexicon

    words = build_lexicon.dale_chall()
    assert len(words) > 2_800 and {"babies", "oats", "farmer"} <= words
    assert (SCRIPTS / "LICENSE-textstat.txt").read_text(encoding="utf-8").startswith("MIT License")


@pytest.mark.parametrize("word", ["sty", "bleat", "singe", "steed", "oat", "ewe", "cheep", "stile", "baby"])
def test_familiar_words_corpora_undercount_print(word, lex) -> None:
    assert lex.familiar(word) and lex.printable(word), lex.print_reason(word)
    assert ladders_for(lex).printable(word)


@pytest.mark.parametrize("word", ["moot", "ions", "fells", "leach", "rouge", "sine", "coven"])
def test_words_a_child_does_not_know_are_not_everyday(word, lex) -> None:
    assert not lex.everyday(word)


def test_everyday_words_and_familiar_inflections(lex) -> None:
    assert all(lex.everyday(w) for w in ("cold", "warm", "card", "ward", "cats", "bigger"))
    assert lex.familiar("cats") and lex.familiar("talked")
    assert not lex.familiar("calfs") and not lex.familiar("automobiled")  # under the floor


@pytest.mark.parametrize(
    "word",
    ["death", "dead", "gore", "drunk", "hanged", "sinned", "sins", "coven", "cult", "beer", "pubs",
     "groping", "wine", "corpse", "jail", "jails", "gang", "gangs", "tomb"],
)  # fmt: skip
def test_family_words_are_off_paper_on_every_path(word, lex) -> None:
    assert lex.print_reason(word) == "family"
    assert not ladders_for(lex).printable(word)
    assert not is_puzzle_end(word)
    assert lex.tier(word) is not None  # the referees still accept it


@pytest.mark.parametrize(
    "word", ["bars", "blood", "hang", "grave", "evil", "witch", "steal", "mine", "spirit"]
)
def test_family_policy_keeps_innocent_words(word, lex) -> None:
    assert lex.printable(word), lex.print_reason(word)


@pytest.mark.parametrize("word", ["ion", "ions", "con", "cons", "spam", "pope", "bail", "gene"])
def test_grown_up_words_end_nothing_and_link_no_daily_key(word, lex) -> None:
    """Frequent words of grown-ups' reading (scripts/grown_words.txt) stay printable, but no
    puzzle ends on one and no daily or story key passes through one (ION in PEN to INK)."""
    from generator.games.doublets.story import family_link

    assert not_an_end(word) == "grown"
    assert not is_puzzle_end(word)
    assert lex.printable(word)
    assert not family_link(word, ladders_for(lex)) and not family_link(word, ladders_for(lex), loose=True)


@pytest.mark.parametrize("word", ["been", "have", "were", "while", "might", "till", "plus"])
def test_function_words_never_end_a_puzzle(word) -> None:
    assert not_an_end(word) == "function"
    assert not is_puzzle_end(word)


@pytest.mark.parametrize(
    ("word", "form"),
    [("leafs", "odd_plural"), ("golds", "odd_plural"), ("eats", "verb_s"), ("sits", "verb_s"),
     ("passed", "ed"), ("talked", "ed"), ("seated", "ed"), ("asking", "ing"), ("reaper", "er"),
     ("lender", "er"), ("bigger", "er"), ("biggest", "est")],
)  # fmt: skip
def test_inflected_ends_are_classed(word, form) -> None:
    assert inflected_form(word) == form


@pytest.mark.parametrize(
    "word", ["wedding", "evening", "farmer", "teacher", "forest", "guest", "cats", "king"]
)
def test_base_forms_are_not_classed(word) -> None:
    assert inflected_form(word) is None


def test_story_pool_is_checked_data(lex) -> None:
    pool = stories()
    assert len(pool) >= 250
    assert len({frozenset((s.start, s.end)) for s in pool}) == len(pool)
    by_length = {n: sum(s.length == n for s in pool) for n in (3, 4, 5)}
    assert by_length[3] >= 50 and by_length[4] >= 180, by_length
    for s in pool:
        assert len(s.start) == len(s.end) and 2 <= s.par <= 8
        for w in (s.start, s.end):
            assert lex.familiar(w) and is_puzzle_end(w) or lex.printable(w), w
            assert lex.familiar(w) and not_an_end(w) is None, w
            assert inflected_form(w) not in ("ed", "ing", "er", "est"), w  # rams (sheep) may be verb_s
        a, b = re.search(rf"\b{s.start.upper()}\b", s.prompt), re.search(rf"\b{s.end.upper()}\b", s.prompt)
        assert a and b and a.start() < b.start(), s.prompt  # the prompt reads down the ladder
    assert not any(s.relation in ("kinds", "class", "sort", "same") for s in pool)  # no wide class


def test_story_pool_keys_are_everyday_chains(lex) -> None:
    """An independent oracle on a sample: breadth-first search over everyday printed words
    reaches each sampled pair in exactly its par, and par is the fewest links over every
    standard word."""
    from collections import deque

    def links(a: str, b: str, ok) -> int | None:
        seen, todo = {a: 0}, deque([a])
        while todo:
            w = todo.popleft()
            if w == b:
                return seen[w] - 1
            for i in range(len(w)):
                for c in "abcdefghijklmnopqrstuvwxyz":
                    v = w[:i] + c + w[i + 1 :]
                    if v not in seen and (v == b or ok(v)):
                        seen[v] = seen[w] + 1
                        todo.append(v)
        return None

    lad = [ladders_for(lex, sp) for sp in ("us", "uk")]
    standard = set(lex.words("standard"))
    for s in stories()[::25]:
        assert links(s.start, s.end, standard.__contains__) == s.par
        everyday = lambda w: (  # noqa: E731 - the key rule: everyday, printed, no no-end class but function
            lex.everyday(w) and all(x.printable(w) for x in lad) and not_an_end(w) in (None, "function")
        )
        assert links(s.start, s.end, everyday) == s.par, s


def test_carroll_pairs_come_back_to_his_counts() -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    import bench_carroll

    got = bench_carroll.measure()
    assert got["usable"] == 37 and got["within"] >= 25
    rows = {(r["start"], r["end"]): r["links"] for r in got["pairs"]}  # type: ignore[attr-defined]
    assert rows[("pig", "sty")] == 4 and rows[("wheat", "bread")] == 6  # sty and cheep print now
