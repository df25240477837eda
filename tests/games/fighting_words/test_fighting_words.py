"""Tests for generator/games/fighting_words/model.py: template, loader, scaling and the deck doctor."""

import random
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import ParlourError
from generator.games.fighting_words import model as fw
from tests.lexicon_fixtures import sample_lexicon

EXPECTED_TIMING = {
    "Backspace": "keep",
    "Reversal": "immediate",
    "Tip of My Tongue": "keep",
    "How Do You Say\u2026?": "immediate",
    "Trash Talk": "immediate",
    "That'll Work": "immediate",
    "Spelling Bee Sting": "immediate",
    "Editor": "keep",
}


@pytest.fixture(scope="module")
def deck() -> fw.Deck:
    return fw.load_deck()


@pytest.fixture(scope="module")
def raw() -> dict:
    with fw.TEMPLATE.open("rb") as fh:
        return tomllib.load(fh)


def test_every_event_present_with_timing(deck) -> None:
    got = {e.name: e.timing for e in deck.events}
    assert got == EXPECTED_TIMING
    assert all(e.count >= 1 and e.text for e in deck.events)
    for e in deck.events:
        assert e.timing_label == fw.TIMINGS[e.timing]


def test_counts_match_the_toml(deck, raw) -> None:
    assert deck.letters == raw["letters"]
    assert {e.name: e.count for e in deck.events} == {e["name"]: e["count"] for e in raw["events"]}
    assert (
        len(deck.cards())
        == deck.size
        == sum(raw["letters"].values()) + sum(e["count"] for e in raw["events"])
    )


def test_two_backspace_cards_as_the_rules_list_it_twice(deck) -> None:
    counts = {e.name: e.count for e in deck.events}
    assert counts["Backspace"] == 2
    assert sum(counts.values()) == deck.event_total == 14
    assert deck.letter_total == fw.DEFAULT_LETTER_CARDS == 94
    assert len([c for c in deck.cards() if getattr(c, "name", None) == "Backspace"]) == 2


def test_the_referee_line_names_the_dictionary_and_no_command(deck) -> None:
    # a playing card is a family page: the dictionary decides, no command line is printed on it
    (card,) = [r for r in deck.reference if r.title == "Challenge"]
    text = " ".join(card.lines)
    assert "dictionary decides" in text
    assert "parlour " not in text and "--" not in text


def test_one_tip_of_my_tongue_and_no_word_of_a_clash(deck) -> None:
    # the rules list Tip of My Tongue once: one card, so neither it nor the rules speak of two
    # being shown together
    from generator.games.rules import model as rm

    (tip,) = [e for e in deck.events if e.name == "Tip of My Tongue"]
    assert tip.count == 1
    assert "rock-paper-scissors" not in tip.text and "two of you" not in tip.text
    rules = " ".join(rm.load_rules("fighting-words").text().lower().split())
    assert "one tip of my tongue" in rules and "two players show one" not in rules
    assert "two tips of my tongue can never be shown together" in rules


def test_kept_cards_are_not_limited_to_your_own_turn(deck) -> None:
    # The rules say a kept card is held until wanted; no card text may narrow that to "your turn".
    for e in deck.events:
        if e.timing == "keep":
            assert "your turn" not in e.text.lower(), e.name
    assert fw.TIMINGS["keep"] == "Keep until you need it"


def test_default_deck_shape(deck) -> None:
    assert deck.size == 108 and deck.size % 9 == 0
    assert set(deck.letters) == set(fw.ALPHABET) and min(deck.letters.values()) >= 1
    assert all(deck.letters[c] >= 1 for c in fw.RARE)
    assert 0.38 <= deck.vowel_share <= 0.44
    # six players' hands leave a draw pile
    assert deck.size - fw.MAX_PLAYERS * fw.HAND_SIZE >= 60
    titles = [r.title for r in deck.reference]
    assert titles == ["Your turn", "Scoring", "Challenge", "End and ties"]


def test_to_json(deck) -> None:
    data = deck.to_json()
    assert data["letters"]["a"] == deck.letters["a"] and list(data["letters"]) == sorted(data["letters"])
    for e in data["events"]:
        assert set(e) == {"name", "count", "timing", "text"}
        assert e["timing"] in ("immediate", "keep")


def test_scoring_table() -> None:
    assert fw.scoring_table(9) == [(4, 1), (5, 1), (6, 1), (7, 2), (8, 3), (9, 4)]


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(st.sampled_from("abcdefghij"), st.integers(1, 30), min_size=1),
    st.integers(10, 300),
)
def test_apportion(weights: dict[str, int], total: int) -> None:
    if total < len(weights):
        with pytest.raises(ParlourError):
            fw.apportion({k: float(v) for k, v in weights.items()}, total)
        return
    got = fw.apportion({k: float(v) for k, v in weights.items()}, total)
    assert sum(got.values()) == total and set(got) == set(weights)
    assert min(got.values()) >= 1
    whole = sum(weights.values())
    for k, v in got.items():  # never further than one card plus the minimum's push from quota
        assert abs(v - total * weights[k] / whole) < 1 + len(weights)


@pytest.mark.parametrize("size", [60, 100, 108, 150, 216, 500])
def test_scale_keeps_proportions_and_minimums(deck, size: int) -> None:
    big = fw.scale(deck, size)
    assert big.size == size
    assert all(big.letters[c] >= 1 for c in fw.ALPHABET)
    assert all(e.count >= 1 for e in big.events)
    assert abs(big.vowel_share - deck.vowel_share) < 0.05
    if size >= deck.size:
        assert big.letters["e"] >= deck.letters["e"]


def test_scale_bounds(deck) -> None:
    for bad in (10, 33, 5000):
        with pytest.raises(ParlourError, match="deck size"):
            fw.scale(deck, bad)
    assert fw.scale(deck, 108) == fw.Deck(
        deck.letters, deck.events, deck.reference, deck.source + " scaled to 108"
    )


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "mine.toml"
    p.write_text(text, encoding="utf-8")
    return p


def test_user_letters_inherit_events(tmp_path: Path, deck) -> None:
    p = write(tmp_path, "[letters]\na = 10\nE = 10\nt = 10\ns = 10\nr = 5\n")
    mine = fw.load_deck(p)
    assert mine.letters == {"a": 10, "e": 10, "r": 5, "s": 10, "t": 10}
    assert mine.events == deck.events and mine.reference == deck.reference
    assert fw.load_deck(p, deck_size=90).size == 90


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "no \\[letters\\]"),
        ("[letters\na = 1", "not valid TOML"),
        ("[letters]\naa = 3\ne = 20", "single letter"),
        ("[letters]\na = -1\ne = 20", "0 or more"),
        ("[letters]\na = 2.5\ne = 20", "whole number"),
        ("[letters]\nb = 20\nc = 20", "no vowels"),
        ("events = []\n[letters]\na = 2\ne = 2", "too few"),
        ("[colours]\nred = 1\n[letters]\na = 20", "unknown table"),
        (
            '[letters]\na = 30\n[[events]]\nname = "X"\ncount = 1\ntiming = "later"\ntext = "t"',
            "timing",
        ),
        ('[letters]\na = 30\n[[events]]\nname = "X"\ncount = 1\ntiming = "keep"', "missing text"),
        (
            '[letters]\na = 30\n[[events]]\nname = "X"\ncount = 1\ntiming = "keep"\n'
            'text = "t"\ncolour = "red"',
            "unknown key",
        ),
        (
            '[letters]\na = 30\n[[events]]\nname = "X"\ncount = 1\ntiming = "keep"\ntext = "'
            + "long " * 60
            + '"',
            "characters",
        ),
        (
            '[letters]\na = 30\n[[events]]\nname = "X"\ncount = 1\ntiming = "keep"\ntext = "t"\n'
            '[[events]]\nname = "x"\ncount = 1\ntiming = "keep"\ntext = "t"',
            "twice",
        ),
    ],
)
def test_loader_errors(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ParlourError, match=message):
        fw.load_deck(write(tmp_path, text))


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ParlourError, match=r"nope\.toml.*(no such file|does not exist)"):
        fw.load_deck(tmp_path / "nope.toml")


def test_derive_letter_mix_on_sample_lexicon() -> None:
    mix = fw.derive_letter_mix(95, sample_lexicon())
    assert sum(mix.values()) == 95
    assert set(mix) == set(fw.ALPHABET) and min(mix.values()) >= 1
    vowels = sum(mix[v] for v in fw.VOWELS) / 95
    assert 0.36 <= vowels <= 0.44
    assert mix["e"] == max(mix.values())


def test_replace_letters_round_trip(deck) -> None:
    text = fw.TEMPLATE.read_text(encoding="utf-8")
    assert fw.replace_letters(text, deck.letters) == text
    changed = fw.replace_letters(text, {**deck.letters, "q": 4})
    assert tomllib.loads(changed)["letters"]["q"] == 4
    with pytest.raises(ParlourError, match="markers"):
        fw.replace_letters("[letters]\na = 1\n", deck.letters)


def test_deal_first_turn_replaces_immediate_events(deck) -> None:
    rng = random.Random(3)
    for _ in range(200):
        hand, held = fw.deal_first_turn(deck, rng)
        assert len(hand) == fw.HAND_SIZE
        assert not any(isinstance(c, fw.EventCard) and c.timing == "immediate" for c in hand)
        letters = [c for c in hand if isinstance(c, str)]
        assert len(held) in (len(letters), len(letters) + 1)


def test_stats_deterministic_and_sane(deck) -> None:
    lex = sample_lexicon()
    a = fw.stats(deck, deals=300, seed=7, lexicon=lex)
    b = fw.stats(deck, deals=300, seed=7, lexicon=lex)
    assert a == b
    assert 0.5 < a.playable_share <= 1.0
    assert 1.0 <= a.mean_points <= a.mean_best_points
    worst = a.stranding(3)
    assert len(worst) == 3 and worst[0].rate >= worst[-1].rate
    assert a.to_json()["deals"] == 300
    with pytest.raises(ParlourError):
        fw.stats(deck, deals=0, lexicon=lex)


def test_a_vowel_free_deck_cannot_play() -> None:
    lex = sample_lexicon()
    dry = fw.Deck({"b": 20, "c": 20, "d": 20, "a": 1}, ())
    assert fw.stats(dry, deals=200, seed=1, lexicon=lex).playable_share < 0.2


def test_default_deck_reaches_95_percent_on_the_real_lexicon(deck) -> None:
    # With two Backspace cards the deck sits near 95.3 %, so 2000 deals (standard error about
    # 0.5 points) cannot tell it from the target; 10000 deals bring that to about 0.2.
    s = fw.stats(deck, deals=10000, seed=0)  # the packaged lexicon
    assert s.playable_share >= 0.95, s.stranding()


def test_template_letters_are_the_derived_mix(deck) -> None:
    """The shipped [letters] table is what scripts/derive_letter_mix.py makes today."""
    assert fw.derive_letter_mix(fw.DEFAULT_LETTER_CARDS) == deck.letters


def test_card_text_is_in_our_own_words(deck) -> None:
    from tests.seedtext import copied_runs

    texts = [e.text for e in deck.events] + [line for r in deck.reference for line in (r.title, *r.lines)]
    assert copied_runs("\n".join(texts)) == []
