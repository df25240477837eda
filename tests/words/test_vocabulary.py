"""Tests for the print vocabulary and spelling data of generator.words.lexicon."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.words import lexicon
from generator.words.lexicon import PRINT_TIER, Entry, Lexicon


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    return lexicon.load()


# Words of each category, chosen here (not the examples): each must be out of print
# for that reason, while staying accepted by referees (in the standard tier).
EXCLUDED = {
    "sexual": ["panties", "lingerie", "hunks", "adultery"],
    "excretory": ["urinate", "phlegm", "droppings", "defecate"],
    "drugs": ["marijuana", "opiates", "hashish", "reefer"],
    "violence": ["gangster", "assassin", "pistol", "massacre"],
    "slur": ["hillbilly", "riffraff", "mongrel"],
    "rare": ["wimple", "fetlock", "sorrel", "quoit"],
    "vulgar": ["obscenity", "bawdy", "expletive"],
    "slang": ["balmy", "kooky", "loony"],
    "archaic": ["perchance", "verily"],
    "abbreviation": ["tech", "intro"],
    "name": ["japan", "savannah", "jeep", "titanic", "riverside"],  # SCOWL: Jeep, Titanic...
    "curated": ["abortions"],  # the curated list holds "abortion": its inflections follow
}


@pytest.mark.parametrize(("category", "word"), [(c, w) for c, ws in EXCLUDED.items() for w in ws])
def test_words_of_each_category_are_not_printed(lex, category, word) -> None:
    assert word in lex  # a referee still accepts it
    assert not lex.printable(word)
    assert lex.print_reason(word) == category
    assert word not in lex.words(PRINT_TIER, len(word))


# A crude or violent reading that WordNet ranks low, in a part of speech the word is never
# used in, or under a synset the word is only a secondary name of, does not put an ordinary
# word out ("continent": abstaining; "pants": women's underpants, second of four names;
# "injured": judged by its own senses, not by injure's).
@pytest.mark.parametrize(
    "word",
    ["house", "garden", "ball", "pot", "weed", "water", "kitten", "continent", "pants", "injured", "flirt"],
)
def test_ordinary_words_are_printed(lex, word) -> None:
    assert lex.printable(word)
    assert lex.print_reason(word) is None
    assert word in lex.words(PRINT_TIER, len(word))


def test_crude_company_puts_a_word_out(lex) -> None:
    """A word heading a sexual synset whose other names are blocked or vulgar is out, even
    when WordNet ranks that sense low (cocked: cock, blocked)."""
    assert lex.print_reason("cocked") == "sexual"


WORDNET = Path("/usr/share/wordnet/data.noun")


@pytest.mark.skipif(not WORDNET.exists(), reason="needs Debian's wordnet-base (the lexicon build's input)")
def test_vetting_rules_on_wordnet() -> None:
    """The build's rules, on WordNet itself: a crude sense of an untagged part of speech, a
    secondary name, or a base form's main sense does not decide; crude company does."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
    import vet_words
    from wordnet_db import WordNet

    wn, seen = WordNet(), {}
    assert vet_words.wordnet_category(wn, "stale", seen) is None  # verb "urinate": never tagged
    assert vet_words.wordnet_category(wn, "snot", seen) == "excretory"
    assert vet_words.wordnet_category(wn, "mate", seen) is None  # second of copulate's names
    assert vet_words.wordnet_category(wn, "copulate", seen) == "sexual"
    assert vet_words.wordnet_category(wn, "shot", seen) is None  # its own senses, not shoot's
    assert vet_words.wordnet_category(wn, "shoot", seen) == "violence"
    crude = {"horny": "blocked", "randy": "blocked"}
    assert vet_words.crude_company(wn, "aroused", crude, seen)
    assert not vet_words.crude_company(wn, "aroused", {}, seen)


def test_print_vocabulary_is_inside_the_standard_tier(lex) -> None:
    printed = lex.words(PRINT_TIER)
    assert len(printed) > 20_000
    standard = set(lex.words("standard"))
    assert set(printed) <= standard
    assert not any(lex.is_blocked(w) for w in printed)


def test_every_printed_word_clears_the_floor(lex) -> None:
    """Every printed word clears the floor, unless children know it (corpora undercount sty)."""
    below = set()
    for w in lex.words(PRINT_TIER):
        if lex.zipf(w) < 2.5:
            assert lex.familiar(w), w
            below.add(w)
    assert {"sty", "bleat", "singe"} <= below


def test_reasons_cover_every_unprinted_standard_word(lex) -> None:
    counts = lex.print_counts()
    assert sum(counts.values()) + len(lex.words(PRINT_TIER)) == len(lex.words("standard"))
    assert counts["rare"] > counts["sexual"] > 0


def test_reason_outside_the_standard_tier(lex) -> None:
    assert lex.print_reason("paris") == "capitalised"
    assert lex.print_reason("xqzv") == "unknown"


# --- spelling -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("us", "uk"),
    [("color", "colour"), ("center", "centre"), ("realize", "realise"), ("plow", "plough")],
)
def test_spelling_pairs(lex, us, uk) -> None:
    assert lex.spelling_of(us) == "us"
    assert lex.spelling_of(uk) == "uk"
    assert lex.spelling_key(us) == lex.spelling_key(uk) == us
    assert set(lex.variants_of(uk)) >= {us, uk}
    assert lex.spelling_allowed(us, "us") and not lex.spelling_allowed(us, "uk")
    assert lex.spelling_allowed(uk, "uk") and not lex.spelling_allowed(uk, "us")


def test_a_word_used_on_both_sides(lex) -> None:
    assert lex.spelling_of("house") == "both"
    assert lex.spelling_key("house") == "house"
    assert lex.variants_of("house") == ("house",)
    assert lex.spelling_allowed("house", "us") and lex.spelling_allowed("house", "uk")


def test_unknown_spelling_is_an_error(lex) -> None:
    with pytest.raises(ValueError, match="unknown spelling"):
        lex.spelling_allowed("house", "au")


def test_variant_groups_are_disjoint_and_canonical_first(lex) -> None:
    vocab = lex._vocab
    seen: set[str] = set()
    for canonical, group in vocab.groups.items():
        assert group[0] == canonical and len(group) >= 2
        assert not seen & set(group)
        seen |= set(group)
        assert lex.spelling_of(canonical) != "uk"


def test_fixture_lexicon_prints_everything_standard_by_default() -> None:
    lex = Lexicon.from_entries([Entry("cat", "common", 4.0), Entry("cot", "broad", 2.0)])
    assert lex.printable("cat") and not lex.printable("cot")
    assert lex.spelling_of("cat") == "both"
    lex2 = Lexicon.from_entries(
        [Entry("cat", "common", 4.0), Entry("cot", "standard", 2.0)],
        printable=["cat"],
        noprint={"cot": "rare"},
        spelling={"colour": "uk"},
        variants=[("color", "colour")],
    )
    assert lex2.words(PRINT_TIER) == ["cat"]
    assert lex2.print_reason("cot") == "rare"
    assert lex2.spelling_key("colour") == "color"


# --- the plural gap (clipped forms SCOWL files as abbreviations) ---------------------------


@pytest.mark.parametrize(("base", "plural"), [("tech", "techs"), ("intro", "intros"), ("app", "apps")])
def test_base_forms_of_listed_plurals_are_words(lex, base, plural) -> None:
    assert plural in lex
    assert base in lex
    assert not lex.printable(base)  # clipped forms are for referees, not for print


SCOWL = Path("/usr/share/dict/scowl")


@pytest.mark.skipif(not SCOWL.is_dir(), reason="needs Debian's scowl package")
def test_no_plural_lacks_a_base_scowl_files_as_an_abbreviation(lex) -> None:
    """Oracle from SCOWL's files directly: every lowercase abbreviation entry (sizes <= 50) whose
    plural is a standard word is a word too (the gap behind tech/techs in Fighting Words)."""
    missing = []
    for path in sorted(SCOWL.glob("*-abbreviations.*")):
        if int(path.suffix[1:]) > 50 or path.name.split("-")[0] not in ("english", "american", "british"):
            continue
        for entry in path.read_bytes().decode("utf-8", "replace").split():
            if entry.isalpha() and entry.islower() and len(entry) >= 3 and any(v in entry for v in "aeiouy"):
                if not entry.endswith("s") and entry + "s" in lex and lex.tier(entry) is None:
                    missing.append(entry)
    assert missing == []
