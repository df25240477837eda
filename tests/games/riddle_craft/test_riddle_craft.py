"""Tests for the Riddle Craft content model and the --fragments reader."""

from __future__ import annotations

import csv
import io
import itertools
import json
import re
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import ParlourError
from generator.games.riddle_craft import model as rc
from generator.games.riddle_craft.model import (
    CUSTOM_KIND,
    KINDS,
    TEMPLATE,
    RiddleCard,
    build_deck,
    fragment_key,
    load_fragments,
    load_template,
    press_your_luck_points,
)
from generator.press.fonts import has_glyph
from generator.words import lexicon

# The clues quoted in the published rules; the deck must not reuse them.
RULES_EXAMPLES = (
    "I emit light",
    "I am not given as a gift",
    "I cannot fit inside a house",
    "I come in many varieties",
    "I am dark",
    "I am pleasing or enjoyable",
)
# Small words left out when comparing two fragments for near-duplicates.
STOPWORDS = {
    "i", "am", "a", "an", "the", "of", "me", "my", "in", "on", "at", "to", "be", "can",
    "is", "and", "or", "by", "from", "for", "than", "when", "it", "not", "cannot",
}  # fmt: skip
# Frame words: the scaffolding many fair clues share ("I am made of", "I live in", "people").
# Any other word is a key word, and no two cards may share one.
FRAME = {
    "have", "make", "made", "get", "come", "go", "live", "found", "keep", "kept", "people",
    "thing", "taste", "smell", "many", "mostly", "often", "some", "you", "your", "their",
    "there", "with", "without", "every", "each", "all", "only", "more", "most", "very", "almost",
    "anyone", "nobody", "everyone", "up", "down", "off", "one",
}  # fmt: skip
# Two families of size words: the deck may speak of being big, or small, on two cards each.
BIG = {"big", "large", "huge", "giant", "tall", "long", "heavy", "wide", "stretch", "mile"}
SMALL = {"small", "tiny", "little", "thin", "short", "narrow", "weigh"}  # not "light": it glows
# Weak fragments the set once had (issue 11): pointing at one answer, fitting almost nothing,
# depending on the reader, or repeating another card.
RETIRED = (
    "I follow you around",
    "I get smaller the more you use me",
    "I wake people up",
    "Dogs bark at me",
    "I wait by the front door",
    "I am thinner than a hair",
    "I cannot climb stairs",
    "I am younger than you",
    "I am always changing",
    # issue 25: too broad to narrow anything (true of nearly every answer, or of nearly none)
    "I am useful",
    "I cannot speak",
    "There are many kinds of me",
    "I am not an animal",
    "I am made of many parts",
    "I am beautiful",
    # issue 25: states that read oddly as a clue of their own, with no When Card on them
    "I am in darkness",
    "I am switched on",
    "I am hungry",
)


def stem(word: str) -> str:
    """A crude stem, enough to see change/changing, small/smaller, spot/spots as one word."""
    w = word.lower()
    for suffix in ("ings", "ing", "ers", "er", "est", "ed", "es", "s"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            w = w[: -len(suffix)]
            break
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeiousl":
        w = w[:-1]  # bigg -> big, but keep ll and ss (small, glass)
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    return w


def key_words(text: str) -> set[str]:
    """The card's key words, stemmed: its words less stop and frame words."""
    words = {w.lower() for w in re.findall(r"[A-Za-z]+", text.replace("-", " "))}
    return {stem(w) for w in words - STOPWORDS} - {stem(w) for w in FRAME}


@pytest.fixture(scope="module")
def deck() -> rc.RiddleCraftDeck:
    return load_template()


def words_of(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]+", text)


# --- the packaged deck ---------------------------------------------------------------------


def test_118_distinct_fragments(deck):
    assert len(deck.riddles) == 118
    assert len({fragment_key(r.text) for r in deck.riddles}) == 118


def test_kinds_valid_and_balanced(deck):
    counts = deck.counts()
    assert set(counts) == set(KINDS)
    assert all(8 <= n <= 20 for n in counts.values()), counts


def test_the_kinds_the_game_needs(deck):
    by_kind: dict[str, list[str]] = {}
    for r in deck.riddles:
        by_kind.setdefault(r.kind, []).append(r.text)
    words = {k: {w.lower() for t in v for w in words_of(t)} for k, v in by_kind.items()}
    # States a When Card can hang a clue on, in pairs that come and go, each read as "I am ..."
    # (the light pair: lit up, or in the shade)
    assert all(t.startswith("I am ") for t in by_kind["states"])
    for pair in (
        {"shade", "lit"},
        {"hot", "cold"},
        {"wet", "dry"},
        {"full", "empty"},
        {"asleep", "awake"},
    ):
        assert pair <= words["states"], pair
    # Senses: touch, taste, smell, sound, and light given off
    assert {"soft", "taste", "smell", "loud", "glow"} <= words["senses"]
    # Colours beyond green, what I am not, judgements
    colours = {"red", "blue", "white", "black", "yellow", "brown", "orange", "pink", "grey", "purple"}
    assert len(colours & words["looks"]) >= 3 and "green" in words["looks"]
    assert any(t.startswith("I am not ") for t in by_kind["negative"])
    assert {"dangerous", "fun", "rare"} <= words["judged"]


def test_fragments_combine_with_the_when_cards(deck):
    # A When Card joins two clues: "<clue> only when <state>" or "<clue> except when <state>".
    # The deck needs enough states for that, each reading as a condition after "when": first
    # person, present tense, "I am" and at most three plain words.
    states = [r.text for r in deck.riddles if r.kind == "states"]
    assert len(states) >= 10
    for state in states:
        assert re.fullmatch(r"I am( [a-z]+){1,3}", state), state
    assert {w.front for w in deck.when} == {"only when"} and {w.back for w in deck.when} == {"except when"}


def test_retired_weak_fragments_stay_out(deck):
    texts = {fragment_key(r.text) for r in deck.riddles}
    for old in RETIRED:
        assert fragment_key(old) not in texts, old
    for r in deck.riddles:  # nothing measured against the reader
        assert not re.search(r"\bthan (you|me)\b", r.text), r.text


def test_template_header_records_the_counts(deck):
    header = TEMPLATE.read_text(encoding="utf-8")
    m = re.search(r"^#\s+(looks \d+.*)$", header, re.MULTILINE)
    assert m, "the template's header comment lists the counts per kind"
    recorded = {k: int(v) for k, v in re.findall(r"(\w+) (\d+)", m.group(1))}
    assert recorded == deck.counts()


def test_fragments_short_plain_and_first_person(deck):
    for r in deck.riddles:
        assert len(r.text) <= 40, r.text
        assert r.text.isascii() and r.text.isprintable(), r.text
        assert r.text == " ".join(r.text.split()), r.text
        assert {"I", "me", "my"} & set(words_of(r.text)), f"not first person: {r.text}"


def test_no_rules_examples_nor_a_card_that_holds_one(deck):
    keys = {fragment_key(r.text) for r in deck.riddles}
    for example in RULES_EXAMPLES:
        assert fragment_key(example) not in keys
        for r in deck.riddles:
            assert not key_words(example) <= key_words(r.text), f"{r.text!r} holds {example!r}"


def test_no_near_duplicates(deck):
    cards = {r.text: key_words(r.text) for r in deck.riddles}
    for (a, x), (b, y) in itertools.combinations(cards.items(), 2):
        assert not x & y, f"{a!r} and {b!r} share the key word {sorted(x & y)}"
    big = [t for t, k in cards.items() if k & {stem(w) for w in BIG}]
    small = [t for t, k in cards.items() if k & {stem(w) for w in SMALL}]
    assert len(big) <= 2 and len(small) <= 2, (big, small)


def test_the_near_duplicate_check_catches_the_old_pairs():
    assert key_words("I change shape") & key_words("I am always changing")
    assert key_words("I am smaller than a coin") & key_words("I get smaller the more you use me")
    assert key_words("I have spots") == {"spot"} <= key_words("I am covered in spots")
    assert not key_words("I am made of wood") & key_words("I am made of metal")


def test_six_when_cards_with_both_sides(deck):
    assert len(deck.when) == 6
    for w in deck.when:
        assert w.front == "only when"
        assert w.back == "except when"


def test_tokens(deck):
    t = deck.tokens
    assert (t.check, t.cross) == (7, 7)
    assert (t.check_value, t.cross_value) == (1, -1)
    assert (t.check_symbol, t.cross_symbol) == ("\u2611", "\u2612")


def test_reference_cards_are_short(deck):
    titles = [c.title for c in deck.reference]
    assert titles == ["Your turn", "Challenge and vote", "End of game", "Press your luck"]
    for card in deck.reference:
        assert 3 <= len(card.lines) <= 10, card.title
        assert sum(len(line) for line in card.lines) <= 520, card.title
        for line in card.lines:
            assert 0 < len(line) <= 90, line


def _card_text(deck, title):
    (card,) = [c for c in deck.reference if c.title == title]
    return " ".join(card.lines)


def test_reference_cards_follow_the_rules(deck):
    # The rules: only players not involved in the challenge vote, by simple majority; a tie
    # moves no token. Press your luck: the first player is chosen at random, and a steal by the
    # lowest scorer leaves the turn order alone.
    vote = _card_text(deck, "Challenge and vote")
    assert "Only players outside the challenge vote (not the challenger)" in vote
    assert "majority" in vote and "Tied vote: no tokens" in vote
    assert "Everyone else votes" not in vote
    luck = _card_text(deck, "Press your luck")
    assert "at random" in luck and "lowest scorer, if not tied" in luck and "Turn order stays" in luck
    turn = _card_text(deck, "Your turn")
    assert "shortest player starts" in turn and "clockwise" in turn


def test_press_your_luck_table_is_triangular_up_to_8(deck):
    (card,) = [c for c in deck.reference if c.table]
    for n in range(0, 15):
        expected = min(n, 8) * (min(n, 8) + 1) // 2
        assert press_your_luck_points(n, card.table) == expected


def misspelled(texts: list[str]) -> dict[str, str]:
    """Words of `texts` that parlour may not print (not in its vetted print vocabulary), each
    with the lexicon's reason and, for unknown words, close matches."""
    lex = lexicon.load()
    out = {}
    for w in sorted({w.lower() for t in texts for w in words_of(t) if w != "I"}):
        if not lex.printable(w):
            reason = lex.print_reason(w) or "?"
            close = lex.lookup(w).suggestions if w not in lex else ()
            out[w] = f"{reason}; close: {', '.join(close) or 'none'}"
    return out


def test_every_word_is_spelled(deck):
    texts = [r.text for r in deck.riddles]
    texts += [w.front for w in deck.when] + [w.back for w in deck.when]
    for card in deck.reference:
        texts += [card.title, *card.lines]
    assert not misspelled(texts)


def test_the_spelling_check_catches_a_typo():
    found = misspelled(["I am a riddel", "I have whiskers"])
    assert list(found) == ["riddel"] and "riddle" in found["riddel"]


def test_to_json_shape(deck):
    data = json.loads(json.dumps(deck.to_json()))
    assert set(data) == {"riddles", "when", "tokens"}
    assert len(data["riddles"]) == 118
    assert all(set(r) == {"text", "kind"} for r in data["riddles"])
    assert data["when"] == [{"front": "only when", "back": "except when"}] * 6
    assert data["tokens"] == {"check": 7, "cross": 7}


# --- --fragments files ---------------------------------------------------------------------


def write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    p = tmp_path / name
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8")
    return p


def test_csv_with_header(tmp_path):
    p = write(tmp_path, "f.csv", 'text,kind\nI hum,does\n"I am cold, wet",\n')
    assert load_fragments(p) == [
        RiddleCard("I hum", "does"),
        RiddleCard("I am cold, wet", "custom"),
    ]


def test_csv_without_header_and_kind_optional(tmp_path):
    p = write(tmp_path, "f.csv", "I hum\nI am blue,looks\n\n,\n")
    assert load_fragments(p) == [RiddleCard("I hum", CUSTOM_KIND), RiddleCard("I am blue", "looks")]


def test_csv_header_with_extra_columns_and_bom(tmp_path):
    p = write(tmp_path, "f.csv", "\ufeffnotes,Text\nmine,I hum\n".encode())
    assert load_fragments(p) == [RiddleCard("I hum", CUSTOM_KIND)]


def test_toml_by_kind_and_as_a_list(tmp_path):
    p = write(tmp_path, "f.toml", '[riddles]\ndoes = ["I hum"]\nSpooky = ["I  creak  "]\n')
    assert load_fragments(p) == [RiddleCard("I hum", "does"), RiddleCard("I creak", "spooky")]
    q = write(tmp_path, "g.toml", 'riddles = ["I hum", "I creak"]\n')
    assert [c.kind for c in load_fragments(q)] == [CUSTOM_KIND, CUSTOM_KIND]


def test_replace_and_extend(tmp_path):
    p = write(tmp_path, "f.csv", "I hum\nI creak\n")
    assert len(load_fragments(p, mode="replace")) == 2
    extended = load_fragments(p, mode="extend")
    assert len(extended) == 120
    assert extended[:118] == list(load_template().riddles)
    assert [c.text for c in extended[118:]] == ["I hum", "I creak"]
    base = [RiddleCard("I am old", "size_age")]
    assert [c.text for c in load_fragments(p, "extend", base=base)] == [
        "I am old",
        "I hum",
        "I creak",
    ]


def test_build_deck_with_fragments(tmp_path):
    p = write(tmp_path, "f.csv", "I hum\n")
    assert [r.text for r in build_deck(p).riddles] == ["I hum"]
    assert len(build_deck(p, mode="extend").riddles) == 119
    assert build_deck(p).when == load_template().when


@pytest.mark.parametrize(
    ("name", "text", "where"),
    [
        ("f.csv", "text,kind\nI hum,does\n   ,looks\n", "line 3"),
        ("f.csv", '\nI hum\n" ",does\n', "line 3"),
        ("f.toml", '[riddles]\ndoes = ["I hum", "  "]\n', "riddles.does item 2"),
        ("f.toml", 'riddles = [""]\n', "riddles item 1"),
    ],
)
def test_empty_fragment_names_the_row(tmp_path, name, text, where):
    p = write(tmp_path, name, text)
    with pytest.raises(ParlourError, match="empty fragment") as e:
        load_fragments(p)
    assert where in str(e.value)


def test_duplicate_in_csv_names_both_rows(tmp_path):
    p = write(tmp_path, "f.csv", "I hum\nI creak\n  i  HUM \n")
    with pytest.raises(ParlourError, match="duplicate") as e:
        load_fragments(p)
    assert "line 3" in str(e.value) and "line 1" in str(e.value)


def test_duplicate_in_toml_names_both_entries(tmp_path):
    p = write(tmp_path, "f.toml", '[riddles]\ndoes = ["I hum"]\nlooks = ["I am red", "I Hum"]\n')
    with pytest.raises(ParlourError, match="duplicate") as e:
        load_fragments(p)
    assert "riddles.looks item 2" in str(e.value) and "riddles.does item 1" in str(e.value)


def test_repeating_a_built_in_fragment_is_a_duplicate_only_when_extending(tmp_path):
    built_in = load_template().riddles[0].text
    p = write(tmp_path, "f.csv", f"{built_in.upper()}\n")
    assert load_fragments(p, mode="replace")[0].text == built_in.upper()
    with pytest.raises(ParlourError, match="duplicate") as e:
        load_fragments(p, mode="extend")
    assert "built-in" in str(e.value) and "line 1" in str(e.value)


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (lambda d: d / "missing.csv", "does not exist"),
        (lambda d: (d / "dir.toml").mkdir() or d / "dir.toml", "is a folder"),
        (lambda d: write(d, "f.csv", b"I hum \xff\n"), "not UTF-8"),
        (lambda d: write(d, "f.toml", "[riddles\n"), "not valid TOML"),
        (lambda d: write(d, "f.txt", "I hum\n"), "unknown format '.txt'"),
        (lambda d: write(d, "fragments", "I hum\n"), "unknown format"),
        (lambda d: write(d, "f.toml", "[when]\n"), "no [riddles] table"),
        (lambda d: write(d, "f.csv", ""), "holds no fragments"),
        (lambda d: write(d, "f.toml", "[riddles]\n"), "holds no fragments"),
        (lambda d: write(d, "f.csv", "I am cold, wet, grey\n"), "3 columns"),
        (lambda d: write(d, "f.csv", "I am cold, wet and grey\n"), "not one word"),
        (lambda d: write(d, "f.toml", "[riddles]\ndoes = [3]\n"), "not text"),
        (lambda d: write(d, "f.toml", '[riddles]\ndoes = "I hum"\n'), "must be a list"),
        (lambda d: write(d, "f.toml", 'riddles = "I hum"\n'), "must be a table"),
    ],
)
def test_bad_files_give_one_line_errors(tmp_path, setup, message):
    path = setup(tmp_path)
    with pytest.raises(ParlourError) as e:
        load_fragments(path)
    text = str(e.value)
    assert message in text
    assert "\n" not in text


def test_bad_mode_is_a_programming_error(tmp_path):
    with pytest.raises(ValueError):
        load_fragments(write(tmp_path, "f.csv", "I hum\n"), mode="merge")  # type: ignore[arg-type]


#: Unicode bidirectional classes parlour refuses: right-to-left letters and digits, and every
#: embedding, override and isolate mark (written out here, apart from press.fonts).
REFUSED_DIRECTIONS = ("R", "AL", "AN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI")

fragment_text = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Co", "Cn"), max_codepoint=0xFFFF).filter(
        # text the fonts cannot draw, right-to-left text and the marks that reorder text (U+202A
        # LEFT-TO-RIGHT EMBEDDING and its kin) are refused (see test_bad_input)
        lambda c: has_glyph("Sans", c) and unicodedata.bidirectional(c) not in REFUSED_DIRECTIONS
    ),
    min_size=1,
    max_size=40,
).filter(lambda t: t.strip())


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(fragment_text, st.sampled_from(KINDS)), min_size=1, max_size=12))
def test_csv_round_trip(tmp_path_factory, rows):
    rows = list({fragment_key(t): (t, k) for t, k in rows}.values())  # keep one of each
    buf = io.StringIO()
    writer = csv.writer(buf)
    writer.writerow(["text", "kind"])
    writer.writerows(rows)
    p = tmp_path_factory.mktemp("rt") / "f.csv"
    p.write_text(buf.getvalue(), encoding="utf-8")
    got = load_fragments(p)
    assert got == [RiddleCard(" ".join(t.split()), k) for t, k in rows]


def test_a_copied_template_loads_the_same_and_is_held_to_the_same_rules(tmp_path):
    text = TEMPLATE.read_text(encoding="utf-8")
    assert load_template(write(tmp_path, "copy.toml", text)) == load_template()
    doubled = text.replace('"I am round",', '"I am round", "i am ROUND",')
    with pytest.raises(ParlourError, match="duplicate"):
        load_template(write(tmp_path, "bad.toml", doubled))
    with pytest.raises(ParlourError, match=r"\[when\]"):
        load_template(write(tmp_path, "nowhen.toml", '[riddles]\ndoes = ["I hum"]\n'))


def test_card_text_is_in_our_own_words(deck):
    from tests.seedtext import copied_runs

    texts = [r.text for r in deck.riddles] + [line for c in deck.reference for line in (c.title, *c.lines)]
    assert copied_runs("\n".join(texts)) == []
