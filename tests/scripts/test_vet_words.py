"""Tests for scripts/vet_words.py: the name-inflated rule (a name's share of a word's count)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from generator.words import lexicon
from generator.words.lexicon import Lexicon

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
SCOWL = Path("/usr/share/dict/scowl")
WORDNET = Path("/usr/share/wordnet/data.noun")
needs_wordnet = pytest.mark.skipif(not WORDNET.exists(), reason="needs Debian's wordnet-base")
needs_scowl = pytest.mark.skipif(not SCOWL.is_dir(), reason="needs Debian's scowl package")

# Ordinary words that SCOWL also lists as names or capitalised words (Daisy, Fox, Bill, Sue):
# a name adds to their counts, yet each is a word a family knows, so each stays printable.
KEEPERS = ["daisy", "lily", "holly", "fox", "rose", "mark", "bill", "frank", "grant", "rob", "sue", "pat"]
# Words whose count a first name or an acronym props up (Glen, Earl, Tiff / TIFF).
INFLATED = ["glen", "earl", "tiff"]


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    return lexicon.load()


@pytest.fixture(scope="module")
def vet():  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(SCRIPTS))
    import vet_words

    return vet_words


@pytest.fixture(scope="module")
def wn():  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(SCRIPTS))
    from wordnet_db import WordNet

    return WordNet()


@pytest.mark.parametrize("word", KEEPERS)
def test_ordinary_words_that_are_also_names_are_printed(lex, word) -> None:
    assert lex.printable(word), lex.print_reason(word)


@pytest.mark.parametrize("word", INFLATED)
def test_name_inflated_words_are_out_as_names(lex, word) -> None:
    assert word in lex  # referees still accept them
    assert lex.print_reason(word) == "name"


def _scowl(kind: str, sizes: tuple[int, ...]) -> set[str]:
    """Lowercased entries of SCOWL's english/american/british lists, read here directly."""
    out: set[str] = set()
    for category in ("english", "american", "british"):
        for n in sizes:
            path = SCOWL / f"{category}-{kind}.{n}"
            if path.exists():
                out.update(
                    e.strip().lower() for e in path.read_text(encoding="utf-8", errors="replace").split()
                )
    return out


def _plural(word: str, lex: Lexicon) -> str | None:
    for p in (word + "s", word + "es", word[:-1] + "ies" if word.endswith("y") else ""):
        if p and p in lex:
            return p
    return None


@needs_scowl
def test_the_rule_drops_only_the_class_it_names(lex) -> None:
    """Oracle from the raw resources (SCOWL's files, wordfreq), not from vet_words: every core
    word (SCOWL size <= 35, where the older size-based name rule never fires) put out as a
    name is a SCOWL personal name whose plural wordfreq ranks under the print floor, a full
    zipf point or more below the singular. And no shadowed word whose plural alone clears
    the floor is put out as a name."""
    from wordfreq import zipf_frequency

    core = _scowl("words", (10, 20, 35))
    names = _scowl("proper-names", (10, 20, 35, 40, 50, 55, 60, 70, 80))
    out = [w for w in lex.words("standard") if lex.print_reason(w) == "name" and w in core]
    assert set(INFLATED) <= set(out)
    assert len(out) >= 10  # a class, not three words
    for w in out:
        plural = _plural(w, lex)
        assert w in names, w
        assert plural is not None, w
        z, zp = zipf_frequency(w, "en"), zipf_frequency(plural, "en")
        assert zp < 3.0 and z - zp >= 1.0, (w, z, zp)
    shadowed = (names | _scowl("upper", (10, 20, 35, 40, 50))) & core
    kept = 0
    for w in sorted(shadowed & set(lex.words("standard"))):
        plural = _plural(w, lex)
        if plural and zipf_frequency(plural, "en") >= 3.0 and lex.zipf(w) >= 3.0:
            assert lex.print_reason(w) != "name", w
            kept += 1
    assert kept > 200  # the keepers are many: bill/bills, fox/foxes, rose/roses ...


@needs_wordnet
def test_lead_plural(vet, wn) -> None:
    zipf = {"glen": 3.87, "glens": 2.66, "rob": 4.35, "robs": 2.4, "robbed": 3.88, "tiffs": 0.0}
    assert vet.lead_plural(wn, "glen", zipf) == "glens"
    assert vet.lead_plural(wn, "rob", zipf) is None  # a verb form leads: robbed
    assert vet.lead_plural(wn, "tiff", zipf) is None  # wordfreq never saw "tiffs" here


@needs_wordnet
def test_gap_limits_are_a_quantile_of_plain_nouns(vet, wn) -> None:
    zipf = {
        "cat": 4.8,
        "cats": 4.3,
        "dog": 5.1,
        "dogs": 4.5,
        "hat": 4.4,
        "hats": 3.6,
        "glen": 3.9,
        "glens": 2.7,
    }
    sizes = {"cat": 10, "dog": 10, "hat": 10, "glen": 10}
    limits = vet.plural_gap_limits(wn, set(sizes), zipf, sizes, {"glen"})
    assert limits == {10: pytest.approx(0.6)}  # gaps 0.5, 0.6, 0.8: the glen gap is left out


@needs_wordnet
def test_name_free_evidence_keeps_a_word(vet, wn) -> None:
    """Same counts, different evidence: a word is out only if nothing free of the name shows
    it in use (the plural at the floor, a WordNet compound, glosses using it, or a closed
    compound of two familiar words)."""
    limits = {35: 0.8}
    sizes = {w: 35 for w in ("glen", "holly", "hometown", "fox", "home", "town")}
    words = set(sizes)
    zipf = {"glen": 3.87, "glens": 2.66, "holly": 3.88, "hollies": 2.20, "hometown": 3.91, "hometowns": 2.30}
    zipf |= {"fox": 4.66, "foxes": 3.42, "home": 5.5, "town": 5.0}
    assert vet.name_inflated(wn, "glen", zipf, limits, sizes, words)
    assert not vet.name_inflated(wn, "holly", zipf, limits, sizes, words)  # holly oak, sea holly ...
    assert not vet.name_inflated(wn, "hometown", zipf, limits, sizes, words)  # home + town
    assert not vet.name_inflated(wn, "fox", zipf, limits, sizes, words)  # foxes clears the floor
    assert not vet.name_inflated(wn, "glen", zipf, {35: 1.5}, sizes, words)  # an ordinary gap
    assert not vet.name_inflated(wn, "glen", zipf, {}, sizes, words)  # no plain nouns measured


@needs_wordnet
def test_wordnet_prose_keeps_names_apart(wn) -> None:
    assert "water_lily" in wn.compounds_with("lily")
    assert not wn.compounds_with("glen")  # Glen's compounds keep the capital
    assert len(wn.gloss_synsets("earl")) >= 1  # the peerage glosses write it lowercase
    assert not wn.gloss_synsets("Glen")
