"""Tests for Riddle Craft's drawing: face layouts, text fit, the fold-over layout and the tokens' places."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from generator.games.riddle_craft import draw
from generator.games.riddle_craft.draw import cutouts as sheets
from generator.games.riddle_craft.model import RiddleCard, WhenCard, load_template
from generator.press.card_parts import TEXT_PAD, fit_list, inner, scale
from generator.press.cards import CARD_PRESETS
from generator.press.fonts import string_width
from generator.press.paper import mm
from generator.press.style import DEFAULT, INK_SAVER
from generator.press.text import TextFitError, fit
from tests.cardbox import box_of, inside


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
    assert inside(face.text_box, inner(box))
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
    k = scale(box)
    assert draw.words_floor(DEFAULT, k) <= size <= draw.WHEN_HEIGHT_SHARE * box.height
    room = inner(box)[2] - 2 * TEXT_PAD * k
    face = DEFAULT.text("card_words").face
    assert max(string_width(t, face, size) for t in (w.front, w.back)) <= room
    # the largest quarter point that fits: a quarter more is too wide or over the height share
    bigger = size + 0.25
    assert (
        bigger > draw.WHEN_HEIGHT_SHARE * box.height
        or max(string_width(t, face, bigger) for t in (w.front, w.back)) > room - 2 * mm
    )


def test_when_words_too_long_for_one_line():
    with pytest.raises(TextFitError, match="When Card"):
        draw.when_size(WhenCard("only when", "except on the days when it rains"), box_of("mini"))


def test_when_cards_are_two_sided():
    cards = draw.when_cards(load_template().when, box_of())
    assert len(cards) == 6
    assert all(c.back is not None and c.front is not c.back for c in cards)


@pytest.mark.parametrize("card", list(CARD_PRESETS))
def test_reference_cards_fit_every_card_size_at_6_pt_or_more(card):
    deck = load_template()
    size, refs = draw.reference_set(deck.reference, box_of(card))
    assert size >= DEFAULT.text("card_list").min_size >= 6
    if card == "poker":
        assert size >= 8.0 and refs == list(deck.reference)  # readable at poker size, one card each
    # a card too long for a small card goes on over more: every line printed once, in order
    assert [ln for r in refs for ln in r.lines] == [ln for r in deck.reference for ln in r.lines]
    assert sum(bool(r.table) for r in refs) == sum(bool(r.table) for r in deck.reference)
    for r in refs:
        (_, _, w, h), _ = draw._ref_areas(r, box_of(card))
        assert fit_list(r.lines, w, h, DEFAULT, scale(box_of(card))) is not None
    assert len(draw.reference_cards(deck, box_of(card))) == len(refs) >= 4


def test_a_reference_card_goes_on_over_two_cards_titled_in_order():
    deck = load_template()
    ref = deck.reference[0]
    long = replace(ref, lines=ref.lines * 3)
    size, refs = draw.reference_set([long], box_of("poker"))
    assert len(refs) >= 2 and size >= 6
    assert [r.title for r in refs] == [f"{ref.title} {i}/{len(refs)}" for i in range(1, len(refs) + 1)]
    assert [ln for r in refs for ln in r.lines] == list(long.lines)


def test_a_line_too_long_for_any_card_is_one_clear_error():
    ref = load_template().reference[0]
    bad = replace(ref, lines=("word " * 400,))
    with pytest.raises(TextFitError, match="does not fit a card even at 6 pt") as e:
        draw.reference_set([bad], box_of("mini"))
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("card", list(CARD_PRESETS))
def test_reference_card_areas_stay_inside_the_safe_area(card):
    box = box_of(card)
    for ref in load_template().reference:
        body, table_y = draw._ref_areas(ref, box)
        assert inside(body, inner(box))
        if ref.table:
            t = draw.score_table(ref.table, body[2], scale(box), DEFAULT)
            assert table_y >= inner(box)[1]
            assert table_y + t.height < body[1]
            assert t.label_w + t.per_block * t.col_w == pytest.approx(body[2])


@pytest.mark.parametrize("card", list(CARD_PRESETS))
def test_score_table_cells_hold_their_text_at_6_pt_or_more(card):
    box = box_of(card)
    ref = next(r for r in load_template().reference if r.table)
    w = inner(box)[2] - 2 * TEXT_PAD * scale(box)
    t = draw.score_table(ref.table, w, scale(box), DEFAULT)
    key = DEFAULT.text("key_head")
    assert 6 <= t.size <= max(key.size * scale(box), 6)
    assert t.blocks * t.per_block >= len(ref.table) > (t.blocks - 1) * t.per_block
    pad = min(1.2 * mm, t.row_h * 0.15)  # what press.parts.ruled_table keeps each side
    for text in t.heads + t.values:
        assert string_width(text, key.face, t.size) + 2 * pad <= t.col_w + 1e-6
    for text in draw.TABLE_LABELS:
        assert string_width(text, key.face, t.size) + 2 * pad <= t.label_w + 1e-6
    assert t.heads[-1].endswith("+") and len(t.heads) == len(t.values) == len(ref.table)
    if card == "poker":
        assert t.blocks == 1  # one row of columns on a poker card


@pytest.mark.parametrize("style", [DEFAULT, INK_SAVER])
def test_drawers_draw_without_error(tmp_path, style):
    from reportlab.pdfgen.canvas import Canvas

    deck = load_template()
    c = Canvas(str(tmp_path / "x.pdf"))
    box = box_of(style=style)
    draw.riddle_front(RiddleCard("I hum", "spooky_" + "x" * 80))(c, box)  # over-long kind: no error
    draw.common_back()(c, box)
    for card in draw.when_cards(deck.when, box)[:1]:
        card.front(c, box)
        assert card.back is not None
        card.back(c, box)
    for card in draw.reference_cards(deck, box):
        card.front(c, box)
    c.save()


def test_printed_words_are_spelled():
    from generator.words import lexicon

    lex = lexicon.load()
    texts = [
        *draw.KIND_LABELS.values(),
        *draw.WHEN_HINT,
        draw.SCORES_CAPTION,
        sheets.FOLD_HOWTO,
        sheets.TOKEN_HOWTO,
        draw.GAME,
    ]
    words = {w.lower() for t in texts for w in re.findall(r"[A-Za-z]+", t) if w != "I"}
    assert not sorted(w for w in words if w not in lex)


@pytest.mark.parametrize("card", sorted(CARD_PRESETS))
def test_a_kept_riddle_face_is_the_one_made_afresh(card):
    """riddle_face keeps its answer per card size and style (every riddle card asks): each equals
    a fresh one, and a box in another style gets that style's layout."""
    from generator.press.style import DEFAULT, INK_SAVER
    from tests.cardbox import box_of

    for style in (DEFAULT, INK_SAVER, DEFAULT):
        box = box_of(card, style)
        assert draw.riddle_face(box) == draw._riddle_face.__wrapped__(box, style)
    assert draw.riddle_face(box_of(card, INK_SAVER)).style.color == INK_SAVER.ink_of(
        INK_SAVER.text(draw.WORDS_ROLE).colour
    )
