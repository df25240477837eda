"""The curated dated and clipped lists (scripts/dated_words.txt, scripts/clipped_words.txt):
their words and regular inflections leave the print vocabulary but stay accepted by referees;
the words their policies keep stay printable; the lists are well formed."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from generator.words import lexicon
from generator.words.lexicon import PRINT_TIER, Lexicon

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "scripts"
DATED = SCRIPTS / "dated_words.txt"
CLIPPED = SCRIPTS / "clipped_words.txt"
WORDNET = Path("/usr/share/wordnet/data.noun")
needs_wordnet = pytest.mark.skipif(not WORDNET.exists(), reason="needs Debian's wordnet-base")

# Issue 25's examples and others from each list, all standard words some referee accepts.
DATED_OUT = ["hale", "lass", "sire", "wan", "stead", "hew", "cur", "hither", "aye", "lest", "nay",
             "yonder", "morn", "vale", "beseech", "smite", "hewn", "wherein"]  # fmt: skip
CLIPPED_OUT = ["cams", "subs", "sub", "quad", "specs", "cam", "demo", "amp", "champ"]
# Regular inflections of listed words, found by WordNet's morphology, not listed themselves.
INFLECTED = {"sires": "dated", "sired": "dated", "hales": "dated", "subbed": "abbreviation",
             "amps": "abbreviation", "demos": "abbreviation", "champs": "abbreviation"}  # fmt: skip
# What the policies keep: fairy-tale and history words, religious words, words with a live
# sense beside a dated one, and clipped words that are the everyday name of their thing.
KEPT = ["knight", "castle", "king", "queen", "dragon", "maiden", "damsel", "squire", "peasant",
        "foe", "quest", "hymn", "psalm", "pray", "lad", "dame", "fen", "woe", "ire", "wean",
        "hence", "thrice", "photo", "phone", "bus", "pram", "zoo", "exam", "gym", "lab", "vet",
        "chimp", "hippo", "dorm", "limo", "flu", "fridge", "memo", "deli", "taxi",
        "pop", "prop", "orb", "vets", "popped", "props"]  # fmt: skip


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    return lexicon.load()


def _vet():  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(SCRIPTS))
    import vet_words

    return vet_words


def _lists() -> tuple[set[str], set[str], set[str]]:
    vet = _vet()
    dated, none_kept = vet.parse_word_lists(DATED.read_text(encoding="utf-8"))
    assert not none_kept  # the dated list keeps nothing by name: its policy says what stays
    clipped, kept = vet.parse_word_lists(CLIPPED.read_text(encoding="utf-8"))
    return dated, clipped, kept


@pytest.mark.parametrize("word", DATED_OUT)
def test_dated_words_leave_print_and_stay_accepted(lex, word) -> None:
    assert lex.print_reason(word) == "dated"
    assert lex.tier(word) in ("common", "standard")  # referees still accept it
    assert word not in lex.words(PRINT_TIER, len(word))


@pytest.mark.parametrize("word", CLIPPED_OUT)
def test_clipped_words_leave_print_and_stay_accepted(lex, word) -> None:
    assert lex.print_reason(word) == "abbreviation"
    assert lex.tier(word) in ("common", "standard")
    assert word not in lex.words(PRINT_TIER, len(word))


@pytest.mark.parametrize(("word", "category"), sorted(INFLECTED.items()))
def test_inflections_of_listed_words_follow(lex, word, category) -> None:
    dated, clipped, _ = _lists()
    assert word not in dated | clipped  # found by rule, not listed
    assert lex.print_reason(word) == category
    assert lex.tier(word) is not None


@pytest.mark.parametrize("word", KEPT)
def test_words_the_policies_keep_stay_printable(lex, word) -> None:
    assert lex.printable(word), (word, lex.print_reason(word))


def test_every_listed_word_is_out_of_print_and_every_kept_one_in(lex) -> None:
    dated, clipped, kept = _lists()
    for word in dated | clipped:
        assert not lex.printable(word), word
    for word in kept:
        assert lex.printable(word), (word, lex.print_reason(word))


def test_the_lists_are_well_formed(lex) -> None:
    dated, clipped, kept = _lists()
    assert len(dated) > 150 and len(clipped) > 40  # written whole, by category
    assert not (dated & clipped) and not (clipped & kept) and not (dated & kept)
    for word in dated | clipped | kept:  # no typos: each is a word the lexicon knows
        assert lex.lookup(word).status != "unknown", word
    for path in (DATED, CLIPPED):
        text = path.read_text(encoding="utf-8")
        assert text.startswith("# parlour:") and "Policy." in text and "What stays" in text
        blocks = re.split(r"\n\s*\n", text)
        for block in blocks:  # each category block is sorted
            words = [ln for ln in block.splitlines() if ln and not ln.startswith(("#", "@"))]
            assert words == sorted(words), words


def test_the_lexicon_header_names_the_lists() -> None:
    head = (ROOT / "generator" / "data" / "lexicon.txt").read_text(encoding="utf-8")[:20000]
    assert "scripts/dated_words.txt" in head and "scripts/clipped_words.txt" in head


def test_parse_word_lists_rejects_what_is_no_lowercase_word() -> None:
    vet = _vet()
    assert vet.parse_word_lists("# c\nhale  # old\n\n@keep\nvet\n") == ({"hale"}, {"vet"})
    with pytest.raises(ValueError):
        vet.parse_word_lists("Hale\n")


@needs_wordnet
def test_inflection_rule_follows_wordnet_morphology() -> None:
    vet = _vet()
    from wordnet_db import WordNet

    wn = WordNet()
    assert vet.listed_form(wn, "hewing", {"hew"})
    assert vet.listed_form(wn, "subbed", {"sub"})
    assert vet.listed_form(wn, "lasses", {"lass"})
    assert not vet.listed_form(wn, "waning", {"wan"})  # its base is wane
    assert not vet.listed_form(wn, "cured", {"cur"})  # cure
    assert not vet.listed_form(wn, "yes", {"ye"})  # a word of its own
    assert not vet.listed_form(wn, "corps", {"corp"})  # a word of its own
    assert not vet.listed_form(wn, "hale", set())
