"""Tests for generator.games.doublets.prompts and the relation data it voices
(generator/data/relations.txt, read by generator.words.relations)."""

from __future__ import annotations

import re

import pytest

from generator.games.doublets.choose import make_sheet
from generator.games.doublets.model import is_puzzle_end
from generator.games.doublets.prompts import FRAMES, SYMMETRIC, UNRELATED, prompt
from generator.words.lexicon import load
from generator.words.relations import parse, relations

# Relations whose ends a frame puts "the" before: the word must be a noun, and the data's
# builder guarantees it (meronyms, curated homes, places and creatures).
THE_BEFORE = {
    "part": ("end", "start"),
    "member": ("end", "start"),
    "home": ("end",),
    "from": ("start",),
    "stow": ("end",),
    "feed": ("start",),
    "on": ("start",),
    "does": ("start",),
}


@pytest.fixture(scope="module")
def lex():
    return load()


def test_every_relation_in_the_data_has_a_frame():
    assert set(relations().counts()) <= set(FRAMES) - {UNRELATED}
    assert SYMMETRIC <= set(FRAMES)


@pytest.mark.parametrize("relation", sorted(FRAMES))
def test_every_frame_reads_as_one_sentence(relation):
    frame = FRAMES[relation]
    assert frame.count("{start}") == 1 and frame.count("{end}") == 1
    # a/an would depend on the word; no full stop (Carroll's own prompts have none)
    assert not re.search(r"\b(a|an|A|An)\b", frame) and not frame.endswith(".")
    assert frame[0].isupper() and frame.split()[0].isalpha()
    for side in ("start", "end"):
        the = f"the {{{side}}}" in frame
        assert the == (side in THE_BEFORE.get(relation, ())), (relation, side)


def test_every_pair_of_the_data_makes_a_good_prompt():
    seen = 0
    for pairs in relations().by_length.values():
        for relation, a, b in pairs:
            text = prompt(relation, a, b)
            words = text.split()
            assert a.upper() in words and b.upper() in words, text
            # every word but the ends is lowercase after the opening verb: no stray capitals
            others = [w for w in words[1:] if w not in (a.upper(), b.upper())]
            assert all(w.islower() for w in others), text
            assert "  " not in text
            seen += 1
    assert seen > 500


def test_prompt_of_an_unknown_relation_is_the_plain_frame():
    assert prompt(None, "buys", "fowl") == "Change BUYS to FOWL"
    assert prompt("no such", "buys", "fowl") == "Change BUYS to FOWL"
    assert prompt("home", "pig", "sty") == "Drive PIG into the STY"
    assert prompt("from", "tree", "wood") == "Get WOOD from the TREE"
    assert prompt("opposite", "cold", "warm") == "Turn COLD to WARM"


def test_data_pairs_are_one_length_and_printable_ends(lex):
    data = relations()
    for length, pairs in data.by_length.items():
        assert 3 <= length <= 8
        for _, a, b in pairs:
            assert len(a) == len(b) == length and a != b
            for w in (a, b):  # an end in one of the spellings (grey is uk, gray us)
                assert is_puzzle_end(w, lex, "us") or is_puzzle_end(w, lex, "uk"), (a, b)
    assert not set(data.notend) & {
        w for pairs in data.by_length.values() for _, a, b in pairs for w in (a, b)
    }


def test_function_words_are_never_ends(lex):
    for w in ("they", "thus", "else", "much", "very", "only"):
        assert relations().notend.get(w) == "function", w
        assert not is_puzzle_end(w, lex), w
    assert not lex.printable("lest") and not is_puzzle_end("lest", lex)  # dated: off paper altogether


# crude, drug or cruel second senses, found by the build's second_sense rule (a list of our own
# beside the examples): none of them may end a puzzle, though they stay printable links
SECOND_SENSE_ENDS = (
    "smack", "bust", "stripper", "sucking", "banging", "whipping", "pox",  # the issue's
    "snatch", "nuts", "tart", "clap", "petting", "lash", "whips", "ecstasy", "thunder", "roach",
)  # fmt: skip
# plain words whose drug or crude sense is remote: their first meaning is a thing one holds
SECOND_SENSE_KEPT = ("pot", "deck", "rope", "soap", "chip", "horse", "grass", "love", "weed")


def test_crude_second_senses_never_end_a_puzzle(lex):
    for w in SECOND_SENSE_ENDS:
        assert relations().notend.get(w) in ("second", "crude"), w
        assert not is_puzzle_end(w, lex, "us") and not is_puzzle_end(w, lex, "uk"), w
    for w in SECOND_SENSE_KEPT:
        assert relations().notend.get(w) is None, w
    for seed in range(3):
        for difficulty in ("easy", "mixed"):
            for length in (3, 4, 5):
                sheet = make_sheet(8, length, difficulty, seed=seed, lexicon=lex)
                for p in sheet.puzzles:
                    assert relations().notend.get(p.start) is None, p
                    assert relations().notend.get(p.end) is None, p


def test_parse_reads_pairs_and_notend_lines():
    data = parse("# c\nhome pig sty\nkinds lion bear\n@notend function thus else\n")
    assert data.of("sty", "pig") == ("home", "pig", "sty")
    assert data.relation("bear", "lion") == "kinds" and data.relation("pig", "bear") is None
    assert data.notend == {"thus": "function", "else": "function"}
    assert data.counts() == {"home": 1, "kinds": 1}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sheets_read_related_ends_in_the_relations_order(lex, seed):
    sheet = make_sheet(8, 4, "mixed", seed=seed, lexicon=lex)
    related = 0
    for p in sheet.puzzles:
        known = relations().of(p.start, p.end)
        assert p.relation == (UNRELATED if known is None else known[0])
        if known is not None:
            related += 1
            if p.relation not in SYMMETRIC:
                assert (p.start, p.end) == known[1:], p
        assert p.prompt == prompt(p.relation, p.start, p.end)
        assert p.to_json()["prompt"] == p.prompt
    assert related >= 5  # related ends come first; unrelated ones only fill what they cannot


def test_easy_sheets_are_all_related(lex):
    for seed in range(4):
        sheet = make_sheet(8, 4, "easy", seed=seed, lexicon=lex)
        assert all(p.relation != UNRELATED for p in sheet.puzzles), sheet.puzzles


def test_no_two_puzzles_share_three_links(lex):
    for seed in range(6):
        sheet = make_sheet(8, 4, "mixed", seed=seed, lexicon=lex)
        links = [set(p.links) for p in sheet.puzzles]
        for i, a in enumerate(links):
            for b in links[i + 1 :]:
                assert len(a & b) < 3, sheet.puzzles


def test_classes_and_compounds_come_by_method():
    """The data's "class" pairs (two members of one everyday class) and "join" pairs (a
    compound of the print vocabulary) are many, and read as their frames say."""
    data = relations()
    counts = data.counts()
    assert counts.get("class", 0) > 1000 and counts.get("join", 0) > 50
    assert data.relation("rain", "coat") == "join"
    assert prompt("join", "rain", "coat") == "Join RAIN to COAT"
    for rel, a, b in (r for pairs in data.by_length.values() for r in pairs):
        if rel == "join":  # the compound is a word parlour prints
            assert load().printable(a + b), (a, b)
    assert prompt("class", "dawn", "dusk") == "Change DAWN to DUSK"


def test_related_pairs_put_the_little_stories_first():
    """A sheet tries Carroll's kinds of story (a thing and its home, its stuff, its part, its
    opposite) before two kinds of one thing, and those before two members of a wide class."""
    import random

    from generator.games.doublets.choose import RELATION_TIERS, related_pairs
    from generator.games.doublets.model import ends_for
    from generator.words.ladder import ladders_for

    ladders = ladders_for(None, "us")
    g, ends = ladders.graph(4), ends_for(ladders, 4)
    pairs = related_pairs(g, ends, random.Random(7))
    tiers = [RELATION_TIERS.get(relations().relation(g.words[s], g.words[t]) or "", 1) for s, t in pairs]
    assert tiers == sorted(tiers) and {0, 1, 2} <= set(tiers)
    again = related_pairs(g, ends, random.Random(8))
    assert again != pairs  # the order within a tier comes from the seed
    assert {frozenset(p) for p in again} == {frozenset(p) for p in pairs}


def test_adjective_opposites_are_not_inflected_into_other_words():
    """kind and mean are opposites; KINDS and MEANS (sorts, methods) are not: an adjective
    pair gives no -s, -ed or -ing pairs, while verb opposites keep theirs."""
    rel = relations()
    assert rel.relation("kind", "mean") == "opposite"
    assert rel.relation("kinds", "means") is None
    assert rel.relation("goods", "evils") is None
    verbs = [(a, b) for r, a, b in rel.by_length.get(6, ()) if r == "opposite" and a.endswith("ed")]
    assert verbs  # pushed/pulled-like pairs stay
