"""Tests for Riddle Craft's drawing: face layouts, text fit, the fold-over layout and the tokens' places."""

from __future__ import annotations

import itertools
import math
import re

import pytest

from generator.games import riddle_craft_draw as draw
from generator.games.riddle_craft import RiddleCard, WhenCard, load_template
from generator.press.cards import CARD_PRESETS, CardBox, get_card
from generator.press.fonts import string_width
from generator.press.paper import MARGIN, get_paper, mm
from generator.press.style import DEFAULT, INK_SAVER
from generator.press.text import TextFitError, fit


def box_of(card: str = "poker") -> CardBox:
    c = get_card(card)
    return CardBox(c.width, c.height)


def inside(inner: tuple[float, float, float, float], outer: tuple[float, float, float, float]) -> bool:
    x, y, w, h = inner
    X, Y, W, H = outer
    return X - 1e-6 <= x and Y - 1e-6 <= y and x + w <= X + W + 1e-6 and y + h <= Y + H + 1e-6


def test_kind_labels():
    assert draw.kind_label("looks") == "appearance"
    assert draw.kind_label("size_age") == "size & age"
    assert draw.kind_label("spooky_things") == "spooky things"  # a user's own kind
    assert draw.kind_label("custom") == ""  # a user's fragment with no kind
    assert set(draw.KIND_LABELS) == set(load_template().counts())


@pytest.mark.parametrize("card", list(CARD_PRESETS))
def test_riddle_text_box_inside_the_safe_area(card):
    box = box_of(card)
    face = draw.riddle_face(box)
    assert inside(face.text_box, box.inner)
    assert face.style.face == "Serif-Bold"


def test_poker_riddle_text_is_large_and_never_shrinks_for_the_packaged_deck():
    face = draw.riddle_face(box_of("poker"))
    assert (face.style.size, face.style.min_size) == (20.0, 10.0)
    x, y, w, h = face.text_box
    for r in load_template().riddles:
        size, lines = fit(r.text, w, h, face.style)
        assert size == 20.0, r.text
        assert len(lines) <= 3, r.text


@pytest.mark.parametrize("card", list(CARD_PRESETS))
def test_every_packaged_fragment_fits_every_card_size(card):
    draw.check_riddles_fit(load_template().riddles, box_of(card))


def test_a_fragment_too_long_names_its_card_and_text():
    long = "I am " + " ".join(["remarkably"] * 60)
    with pytest.raises(TextFitError) as e:
        draw.check_riddles_fit([RiddleCard("I hum", "does"), RiddleCard(long, "does")], box_of())
    msg = str(e.value)
    assert "riddle card 2 of 2" in msg and "I am remarkably" in msg and "\n" not in msg
    with pytest.raises(TextFitError, match="riddle card 1 of 1"):  # one word wider than the card
        draw.check_riddles_fit([RiddleCard("I am " + "x" * 40, "does")], box_of())


@pytest.mark.parametrize("card", list(CARD_PRESETS))
def test_when_card_sides_share_one_size_on_one_line(card):
    box = box_of(card)
    w = load_template().when[0]
    size = draw.when_size(w, box)
    assert 8 <= size <= draw.WHEN_SIZE * max(1.0, draw._scale(box))
    for text in (w.front, w.back):
        assert string_width(text, "Serif-Bold", size) <= box.inner[2] - 2 * draw.TEXT_PAD * draw._scale(box)


def test_when_words_too_long_for_one_line():
    with pytest.raises(TextFitError, match="When Card"):
        draw.when_size(WhenCard("only when", "except on the days when it rains"), box_of("mini"))


def test_when_cards_are_two_sided():
    cards = draw.when_cards(load_template().when, get_card("poker"), DEFAULT)
    assert len(cards) == 6
    assert all(c.back is not None and c.front is not c.back for c in cards)


@pytest.mark.parametrize("card", list(CARD_PRESETS))
def test_reference_cards_fit_every_card_size(card):
    deck = load_template()
    size = draw.reference_size(deck.reference, box_of(card))
    assert size >= draw.REF_SIZES[1]
    if card == "poker":
        assert size >= 8.0  # readable at poker size
    assert len(draw.reference_cards(deck, get_card(card), DEFAULT)) == 4


def test_reference_card_areas_stay_inside_the_safe_area():
    box = box_of()
    for ref in load_template().reference:
        body, table_y = draw._ref_areas(ref, box)
        assert inside(body, box.inner)
        if ref.table:
            assert table_y >= box.inner[1]
            assert table_y + draw._table_height(1.0) < body[1]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_tokens_seven_and_seven_round_apart_and_on_the_page(paper):
    p = get_paper(paper)
    tokens = load_template().tokens
    spots, headings = draw.token_spots(tokens, p)
    assert sum(s.kind == "check" for s in spots) == 7
    assert sum(s.kind == "cross" for s in spots) == 7
    assert [k for k, _ in headings] == ["check", "cross"]
    for s in spots:
        assert 25 * mm <= 2 * s.r <= 30 * mm + 1e-6
        assert MARGIN < s.x - s.r and s.x + s.r < p.width - MARGIN
        assert MARGIN + 6 * mm < s.y - s.r and s.y + s.r < p.height - MARGIN - draw.HEADER_H
    for a, b in itertools.combinations(spots, 2):  # room between circles for the scissors and ticks
        assert math.dist((a.x, a.y), (b.x, b.y)) >= a.r + b.r + 8 * mm


def test_token_values_use_a_true_minus_sign():
    assert draw._value_text(1) == "+1" and draw._value_text(-1) == "\u22121"


@pytest.mark.parametrize("style", [DEFAULT, INK_SAVER])
def test_drawers_draw_without_error(tmp_path, style):
    from reportlab.pdfgen.canvas import Canvas

    deck = load_template()
    c = Canvas(str(tmp_path / "x.pdf"))
    box = box_of()
    draw.riddle_front(RiddleCard("I hum", "spooky_" + "x" * 80), style)(c, box)  # over-long kind: no error
    draw.common_back(style)(c, box)
    for card in draw.when_cards(deck.when, get_card("poker"), style)[:1]:
        card.front(c, box)
        assert card.back is not None
        card.back(c, box)
    for card in draw.reference_cards(deck, get_card("poker"), style):
        card.front(c, box)
    c.save()


def test_printed_words_are_spelled():
    from generator.words import lexicon

    lex = lexicon.load()
    texts = [*draw.KIND_LABELS.values(), draw.WHEN_HINT, draw.FOLD_HOWTO, draw.TOKEN_HOWTO, draw.GAME]
    words = {w.lower() for t in texts for w in re.findall(r"[A-Za-z]+", t) if w != "I"}
    assert not sorted(w for w in words if w not in lex)
