"""Tests for generator/games/fighting_words/draw.py: the faces' layouts, reference cards on every
card size, and what the faces and the back print (rendered and measured)."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from generator.games.fighting_words import draw
from generator.games.fighting_words.model import load_deck
from generator.press.card_parts import cap_height, inner, scale
from generator.press.cards import CARD_PRESETS, CardBox
from generator.press.fonts import string_width
from generator.press.style import DEFAULT, INK_SAVER
from tests.cardbox import box_of, inside


@pytest.mark.parametrize("card", list(CARD_PRESETS))
def test_letter_face_big_and_corner_letters_inside_the_safe_area(card):
    box = box_of(card)
    font = draw.letter_font(DEFAULT)
    face = draw.letter_face(box, font)
    cap = cap_height(font)
    widest = max(string_width(ch, font, face.size) for ch in "MW")
    sx, sy, sw, sh = inner(box)
    assert inside((box.width / 2 - widest / 2, face.baseline, widest, face.size * cap), inner(box))
    assert face.baseline + face.size * cap / 2 == pytest.approx(box.height / 2)  # centred by its ink
    index_w = max(string_width(ch, font, face.index_size) for ch in "MW")
    corner = (face.index_x - index_w / 2, face.index_baseline, index_w, face.index_size * cap)
    assert inside(corner, inner(box))
    assert face.index_baseline > face.baseline + face.size * cap  # the corner letter clears the big one


@pytest.mark.parametrize("card", list(CARD_PRESETS))
def test_event_face_parts_stack_inside_the_safe_area(card):
    face = draw.event_face(box_of(card))
    for rect in (face.band, face.name, face.text, face.foot):
        assert inside(rect, box_of(card).inner) and rect[3] > 0
    tops = [face.band, face.name, face.text, face.foot]
    for upper, lower in zip(tops, tops[1:], strict=False):
        assert lower[1] + lower[3] <= upper[1] + 1e-6  # each part below the one before


@pytest.mark.parametrize("card", list(CARD_PRESETS))
def test_reference_cards_fit_every_card_size_at_6_pt_or_more(card):
    deck = load_deck()
    size, refs = draw.reference_set(deck.reference, box_of(card))
    assert size >= 6
    if card == "poker":
        assert size >= 9 and refs == list(deck.reference)
    assert [ln for r in refs for ln in r.lines] == [ln for r in deck.reference for ln in r.lines]
    cards = draw.reference_cards(deck, box_of(card))
    assert len(cards) == draw.REFERENCE_SETS * len(refs)


def test_one_card_per_letter_and_event_copy():
    deck = load_deck()
    assert len(draw.letter_cards(deck)) == deck.letter_total
    assert len(draw.event_cards(deck)) == deck.event_total


def _render(drawer, style, tmp_path, name: str, card: str = "poker"):
    """One card face drawn in `style` as a grey image (2 px per point), and its box."""
    box = box_of(card, style)
    path = tmp_path / f"{name}.pdf"
    c = Canvas(str(path), pagesize=(box.width, box.height))
    drawer(c, box)
    c.save()
    return pdfium.PdfDocument(str(path))[0].render(scale=2).to_pil().convert("L"), box


def _dark_share(image, x0: float, y0: float, x1: float, y1: float, box: CardBox) -> float:
    """The share of dark pixels in the card rectangle (x0, y0)-(x1, y1), points from the bottom-left."""
    sx, sy = image.width / box.width, image.height / box.height
    crop = image.crop((int(x0 * sx), int((box.height - y1) * sy), int(x1 * sx), int((box.height - y0) * sy)))
    dark = crop.point(lambda v: 255 if v < 100 else 0).histogram()[255]
    return dark / (crop.width * crop.height)


@pytest.mark.parametrize("letter, barred", [("n", True), ("m", True), ("o", False), ("e", False)])
def test_letters_that_turn_into_others_carry_a_bar(letter, barred, tmp_path):
    image, box = _render(draw.letter_front(letter), DEFAULT, tmp_path, letter)
    face = draw.letter_face(box, draw.letter_font(DEFAULT))
    below = _dark_share(
        image,
        box.width * 0.4,
        face.baseline - 0.2 * face.size,
        box.width * 0.6,
        face.baseline - 0.05 * face.size,
        box,
    )
    assert (below > 0.3) == barred


@pytest.mark.parametrize("letter", list("JKLRW"))  # J, K, L, R: ink far from the advance's middle
def test_big_letter_ink_is_centred(letter, tmp_path):
    image, box = _render(draw.letter_front(letter), INK_SAVER, tmp_path, letter)
    face = draw.letter_face(box, draw.letter_font(INK_SAVER))
    sy = image.height / box.height
    band = image.crop(
        (
            0,
            int((box.height - face.baseline - face.size * 0.5) * sy),
            image.width,
            int((box.height - face.baseline - 2) * sy),
        )
    )
    left, _, right, _ = band.point(lambda v: 255 if v < 100 else 0).getbbox()
    centre = (left + right) / 2 / (image.width / box.width)
    assert centre == pytest.approx(box.width / 2, abs=0.8)


def test_ink_saver_back_spends_little_ink_and_the_colour_back_fills(tmp_path):
    colour, box = _render(draw.common_back(), DEFAULT, tmp_path, "back")
    saver, _ = _render(draw.common_back(), INK_SAVER, tmp_path, "back-saver")
    whole = (0, 0, box.width, box.height)
    assert _dark_share(colour, *whole, box) > 0.6
    assert _dark_share(saver, *whole, box) < 0.15


@pytest.mark.parametrize("style", [DEFAULT, INK_SAVER])
@pytest.mark.parametrize("card", ["poker", "mini", "tarot"])
def test_every_face_draws_on_every_size(style, card, tmp_path):
    deck = load_deck()
    c = Canvas(str(tmp_path / "x.pdf"))
    box = box_of(card, style)
    assert scale(box) > 0
    for made in (
        draw.letter_cards(deck)[:1]
        + [draw.event_cards(deck)[i] for i in (0, -1)]
        + draw.reference_cards(deck, box, sets=1)
    ):
        made.front(c, box)
    draw.common_back()(c, box)
    c.save()


@pytest.mark.parametrize("card", sorted(CARD_PRESETS))
def test_a_kept_letter_face_is_the_one_made_afresh(card):
    """letter_face keeps its answers (every letter card of a deck asks): each equals a fresh one,
    whatever style the box carries (the layout does not depend on it)."""
    for style in (DEFAULT, INK_SAVER, DEFAULT):
        box = box_of(card, style)
        face = draw.letter_font(style)
        assert draw.letter_face(box, face) == draw.letter_face.__wrapped__(box, face)
