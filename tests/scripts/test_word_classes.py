"""The word classes issue 25 adds by method, each tested on its known members AND on ordinary
words it must leave alone (an oracle of plain words), and the scan of everything parlour prints:
  - contraction: a bare contraction far rarer than its apostrophe form (cant) leaves print;
  - listed: a plain word on the published better_profanity list is no puzzle end (knob, wiener);
  - harm: a word on the curated harm list (its policy at its head) is no puzzle end (stalking);
  - misspellings SCOWL's largest list let in are gone from the lexicon (overcompetetive).
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

from generator.words import lexicon
from generator.words.lexicon import Lexicon
from generator.words.relations import not_an_end

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "scripts"
WORDNET = Path("/usr/share/wordnet/data.noun")
needs_wordnet = pytest.mark.skipif(not WORDNET.exists(), reason="needs Debian's wordnet-base")

PLAIN = ["cat", "door", "tree", "bread", "warm", "cold", "ship", "milk", "lamp", "farm"]


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    return lexicon.load()


# --- contraction -------------------------------------------------------------------------------


def test_contraction_look_alikes_leave_print(lex) -> None:
    assert not lex.printable("cant") and lex.print_reason("cant") == "contraction"


@pytest.mark.parametrize("word", ["well", "were", "shell", "ill", "wed", "its", "shed", *PLAIN])
def test_words_that_are_also_bare_contractions_stay(lex, word) -> None:
    # we'll, we're, she'll, i'll, we'd, it's, she'd: each bare form is a word first
    assert lex.printable(word), (word, lex.print_reason(word))
    assert lex.print_reason("hell") != "contraction"  # he'll is rarer (hell is out for another reason)


def test_contraction_rule_by_its_threshold() -> None:
    sys.path.insert(0, str(SCRIPTS))
    import vet_words

    zipf = {"cant": 4.35, "wed": 3.66, "ill": 4.72}
    forms = {"cant": 5.80, "wed": 4.44, "ill": 5.43}  # can't, we'd, i'll (wordfreq)
    assert vet_words.contraction_like("cant", zipf, forms)
    assert not vet_words.contraction_like("wed", zipf, forms)  # 0.78 short of the 1.0 gap
    assert not vet_words.contraction_like("ill", zipf, forms)
    assert not vet_words.contraction_like("door", {"door": 5.0}, forms)  # no contraction at all


# --- listed (published profanity list) -----------------------------------------------------------


@pytest.mark.parametrize("word", ["knob", "knobs", "wiener"])
def test_listed_slang_never_ends_a_puzzle(lex, word) -> None:
    assert not_an_end(word) == "listed"
    assert lex.printable(word)  # a link needs only its main sense innocent, as before


@pytest.mark.parametrize("word", ["fat", "drunk", "strip", "thrust", "jerk", *PLAIN])
def test_listed_words_in_common_use_and_plain_words_stay_ends(word) -> None:
    # fat, drunk, strip, thrust, jerk are on the list but WordNet's texts use them 20+ times
    assert not_an_end(word) is None, word


@needs_wordnet
def test_listed_forms_maps_only_a_misspelt_entry_to_its_word() -> None:
    sys.path.insert(0, str(SCRIPTS))
    import build_relations as br
    from wordnet_db import WordNet

    wn = WordNet()
    listed = br.profanity_list()
    assert "knob" in listed and "weiner" in listed and "wiener" not in listed
    known, printable = br._lexicon_sets()
    forms = br.listed_forms(wn, listed, known, printable)
    assert forms - listed == {"wiener"}  # weiner: one swap of neighbours; nothing else maps
    assert br.listed_word(wn, "knobs", forms, {}) and not br.listed_word(wn, "fat", forms, {})
    assert not br.listed_word(wn, "pot", forms, {})  # WordNet records its drug sense: judged there


# --- harm (curated list with its policy) -----------------------------------------------------------


@pytest.mark.parametrize(
    "word", ["stalking", "stalker", "stalked", "torture", "tortured", "hostage", "abuser"]
)
def test_harm_words_never_end_a_puzzle(lex, word) -> None:
    assert not_an_end(word) == "harm"


@pytest.mark.parametrize(
    "word", ["stalk", "stalks", "mug", "beat", "hunt", "trap", "sword", "wolf", "witch", *PLAIN]
)
def test_the_plain_words_harm_grew_from_stay_ends(word) -> None:
    assert not_an_end(word) is None, word


@needs_wordnet
def test_harm_list_entries_take_their_regular_forms_and_no_others() -> None:
    sys.path.insert(0, str(SCRIPTS))
    import build_relations as br
    from wordnet_db import WordNet

    wn = WordNet()
    harm = br.harm_list()
    assert "stalking" in harm and "stalk" not in harm
    assert br.harm_word(wn, "abusers", harm) and br.harm_word(wn, "hostages", harm)
    assert not br.harm_word(wn, "stalks", harm) and not br.harm_word(wn, "mugs", harm)


def test_profanity_list_is_pinned_by_checksum(tmp_path) -> None:
    sys.path.insert(0, str(SCRIPTS))
    import build_relations as br

    bad = tmp_path / "list.txt"
    bad.write_text("knob\n")
    with pytest.raises(SystemExit):
        br.profanity_list(bad)


# --- misspellings at the source -------------------------------------------------------------------


@pytest.mark.parametrize("word", ["overcompetetive", "canteloupe", "dependancy", "idealogy", "peperoni"])
def test_misspellings_are_gone_from_every_tier(lex, word) -> None:
    assert lex.tier(word) is None


@pytest.mark.parametrize(
    "word", ["pretests", "osteoporoses", "competitive", "cantaloupe", "dependency", "pepperoni", *PLAIN]
)
def test_real_words_and_regular_forms_stay_in_the_lexicon(lex, word) -> None:
    assert lex.tier(word) is not None, word


@needs_wordnet
def test_misspelt_rule_spares_regular_forms() -> None:
    sys.path.insert(0, str(SCRIPTS))
    import build_noexample as bn
    from wordnet_db import WordNet

    wn = WordNet()
    standard = {"competitive": 4.2, "protests": 4.3, "osteoporosis": 3.3}
    known = {"pretest", "osteoporosis", "competitive", "protests"}.__contains__
    assert bn.misspelt(wn, "overcompetetive", 0.0, standard, known) == "overcompetitive"
    assert bn.misspelt(wn, "pretests", 1.0, standard, known) is None  # pretest + s
    assert bn.misspelt(wn, "osteoporoses", 0.0, standard, known) is None  # -sis, -ses


# --- the scan: nothing of an excluded class on paper -----------------------------------------------


def _scan_module():
    spec = importlib.util.spec_from_file_location(
        "scan_printed_words", ROOT / "bench" / "scan_printed_words.py"
    )
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_no_printed_word_is_of_an_excluded_class(lex) -> None:
    """A year of dailies (the week's shape), every sheet kind with two seeds, Jewels, every
    Chimera key, every check's examples and doublets solve: every word shown is in the print
    vocabulary, no end is of a no-end class, no marked answer is crude, dated or clipped, and
    none of the issue's dated or clipped examples is shown at all."""
    scan = _scan_module()
    watch = [*scan.ISSUE_DATED, *scan.ISSUE_CLIPPED]  # issue 25's dated and clipped examples
    lines, data = scan.scan(scan.options(seeds=[1, 2], jewels=4, solve=60, quiet=True, watch=watch))
    assert data["hits"] == {}, "\n".join(lines)
    printed = data["words"]
    assert len(printed) > 3500  # the scan saw a year's worth of words (3,936 with 4-letter dailies)
    for w in ("cant", "overcompetetive", "canteloupe"):
        assert w not in printed
    ends = data["ends_by_class"]
    assert set(ends) == {"end"} and ends["end"] > 1200  # 1,482 with four 4-letter puzzles a day


@needs_wordnet
def test_story_candidates_are_unlisted_pairs_that_pass_the_build() -> None:
    """`build_story_pairs.py --candidates` (the method that assisted the reading) lists pairs of
    a story relation, each with its par, none already on the list; it crashed when a local name
    hid the frame function."""
    sys.path.insert(0, str(SCRIPTS))
    import build_story_pairs as bsp
    from wordnet_db import WordNet

    got = bsp.candidates(WordNet())
    listed = {frozenset((a, b)) for _, a, b, _ in bsp.parse_source(bsp.SOURCE.read_text(encoding="utf-8"))}
    assert got
    for line in got:
        m = re.fullmatch(r"([a-z]+) ([a-z]+) ([a-z]+)  # par (\d+) \(([a-z]+)\)", line)
        assert m, line
        kind, a, b, par, rel = m.groups()
        assert kind in bsp.STORY_FRAMES and bsp.STORY_RELATIONS[rel] == kind, line
        assert frozenset((a, b)) not in listed and bsp.PAR_MIN <= int(par) <= bsp.PAR_MAX, line
