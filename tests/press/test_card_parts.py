"""Tests for generator/press/card_parts.py: scale, glyph metrics, back inks, text roles on cards,
bullet lists and reference cards that go on over more cards."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from reportlab.pdfgen.canvas import Canvas

from generator.press import card_parts as parts
from generator.press.cards import CARD_PRESETS
from generator.press.fonts import FACES, register_fonts, string_width
from generator.press.style import DEFAULT, INK_SAVER, hex_rgb
from generator.press.text import TextFitError, block_height, wrap_items
from tests.cardbox import box_of


def test_scale_is_one_for_poker_and_follows_the_card():
    assert parts.scale(box_of("poker")) == pytest.approx(1.0)
    assert parts.scale(box_of("mini")) == pytest.approx(44.45 / 63.5)
    assert parts.scale(box_of("tarot")) > 1.0


def test_blend_runs_from_one_colour_to_the_other():
    a, b = (0.0, 0.2, 1.0), (1.0, 0.6, 0.0)
    assert parts.blend(a, b, 0) == a and parts.blend(a, b, 1) == b
    assert parts.blend(a, b, 0.5) == pytest.approx((0.5, 0.4, 0.5))


def _ink_by_pdf(face: str, ch: str, tmp_path) -> tuple[float, float, float, float]:
    """The same ink box the other way: reportlab draws the glyph at 100 pt, pdfium rasterises it."""
    import pypdfium2 as pdfium

    size, ox, oy, page = 100.0, 100.0, 100.0, 300.0
    path = tmp_path / f"{ord(ch)}.pdf"
    c = Canvas(str(path), pagesize=(page, page))
    register_fonts()
    c.setFont(face, size)
    c.drawString(ox, oy, ch)
    c.save()
    scale = 4  # pixels per point
    image = pdfium.PdfDocument(str(path))[0].render(scale=scale).to_pil().convert("L")
    left, top, right, bottom = image.point(lambda v: 255 if v < 128 else 0).getbbox()
    to_pt = lambda px: px / scale  # noqa: E731
    return (
        (to_pt(left) - ox) / size,
        (page - to_pt(bottom) - oy) / size,
        (to_pt(right) - ox) / size,
        (page - to_pt(top) - oy) / size,
    )


@pytest.mark.parametrize("face", list(FACES))
@pytest.mark.parametrize("ch", ["H", "W", "j", "?", "I"])
def test_ink_box_agrees_with_the_glyph_as_a_pdf_renders_it(face, ch, tmp_path):
    assert parts.ink_box(face, ch) == pytest.approx(_ink_by_pdf(face, ch, tmp_path), abs=0.012)


def test_cap_height_is_the_ink_of_h_and_ink_is_not_the_advance():
    assert parts.cap_height("Sans") == pytest.approx(0.729, abs=0.003)  # DejaVu's 1493 / 2048
    left, _, right, _ = parts.ink_box("Sans-Bold", "I")
    assert left > 0.05 and right < string_width("I", "Sans-Bold", 1.0) - 0.05  # side bearings


def test_ink_box_sees_a_descender():
    assert parts.ink_box("Serif", "p")[1] < -0.15 < parts.ink_box("Serif", "o")[1]


@pytest.mark.parametrize("card", list(CARD_PRESETS))
def test_role_scales_with_the_card_never_below_the_floor(card):
    k = parts.scale(box_of(card))
    for name in ("card_small", "card_mark", "card_name", "key"):
        t = DEFAULT.text(name)
        ts = parts.role(DEFAULT, name, k)
        assert ts.size == pytest.approx(max(t.size * k, t.min_size))
        assert 6 <= ts.min_size <= ts.size and ts.face == t.face
    assert parts.role(DEFAULT, "card_name", k, align="left").align == "left"


def test_back_inks_from_the_roles():
    colour = parts.back_inks(DEFAULT)
    assert colour.fill == DEFAULT.back_fill and colour.ink == DEFAULT.back_ink == colour.paper
    assert colour.soft == pytest.approx(parts.blend(DEFAULT.back_fill, DEFAULT.back_ink, 0.3))
    saver = parts.back_inks(INK_SAVER)
    assert saver.fill is None and saver.ink == INK_SAVER.ink and saver.paper == INK_SAVER.paper
    # a user's style without a back fill keeps its back ink off the paper colour
    plain = DEFAULT.but(back_fill=None, back_ink=hex_rgb("#FFFFFF"))
    assert parts.back_inks(plain).ink == plain.ink


def test_fit_list_is_the_largest_quarter_point_that_fits():
    lines = ["Deal seven cards each and turn one up.", "The youngest starts; play passes left."] * 3
    w, h = 120.0, 150.0
    size = parts.fit_list(lines, w, h, DEFAULT, 1.0)
    assert size is not None and size >= 6

    def fits(s: float) -> bool:
        items = wrap_items(lines, DEFAULT.text("card_list").face, s, w)
        if items is None:
            return False
        body = parts.list_style(DEFAULT, s)
        return sum(block_height(len(it), s, body) for it in items) + 0.45 * s * (len(items) - 1) <= h

    assert fits(size)
    assert size == DEFAULT.text("card_list").size or not fits(size + 0.25)
    assert parts.fit_list(["word " * 300], w, h, DEFAULT, 1.0) is None


@dataclass(frozen=True)
class Ref:
    title: str
    lines: tuple[str, ...]
    table: tuple[tuple[str, str], ...] = ()


def chars_fit(limit: int):
    """A stand-in for a card's fit: a card holds `limit` characters, a table takes 10."""

    def fit_one(r: Ref) -> float | None:
        used = sum(len(x) for x in r.lines) + (10 if r.table else 0)
        return 9.0 if used <= limit else None

    return fit_one


def test_a_card_that_fits_prints_as_it_is():
    ref = Ref("Turn", ("aaaa", "bbbb"), (("x", "1"),))
    size, cards = parts.reference_set([ref], chars_fit(40), DEFAULT)
    assert cards == [ref] and size == 9.0


def test_a_long_card_goes_on_over_the_fewest_cards_evenly_table_last():
    ref = Ref("Turn", tuple(c * 6 for c in "abcdefgh"), (("x", "1"),))  # 48 characters + table
    size, cards = parts.reference_set([ref, Ref("End", ("zz",))], chars_fit(20), DEFAULT)
    mine = [c for c in cards if c.title.startswith("Turn")]
    # brute force: 3 cards of at most 20 characters cannot hold 48 + 10, so 4 are the fewest
    assert len(mine) == 4
    assert [c.title for c in mine] == ["Turn 1/4", "Turn 2/4", "Turn 3/4", "Turn 4/4"]
    assert [x for c in mine for x in c.lines] == list(ref.lines)
    assert [bool(c.table) for c in mine] == [False, False, False, True]
    assert all(chars_fit(20)(c) is not None for c in cards)
    assert cards[-1] == Ref("End", ("zz",))


def test_a_line_that_fits_no_card_is_one_clear_line():
    with pytest.raises(TextFitError, match=r"'Turn': 'x{30}' does not fit a card even at 6 pt") as e:
        parts.reference_set([Ref("Turn", ("ok", "x" * 30))], chars_fit(20), DEFAULT)
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("style", [DEFAULT, INK_SAVER])
def test_parts_draw_on_a_canvas(tmp_path, style):
    c = Canvas(str(tmp_path / "parts.pdf"))
    box = box_of()
    parts.frame(c, box, style.accent, double=True)
    parts.fill_bleed(c, box, style.ink_of("back_fill"))
    parts.tile(c, "F", 80, 120, 40, -11, "Sans-Bold", parts.back_inks(style))
    foot = parts.bullet_list(c, ["one line", "another line"], (10, 40, 140, 100), 8, style, "card")
    assert 40 < foot < 140
    with pytest.raises(TextFitError, match="card does not fit its .* box even at 8 pt"):
        parts.bullet_list(c, ["long " * 200], (10, 40, 140, 100), 8, style, "card")
    c.save()


@pytest.mark.parametrize("face", ["Sans", "Sans-Bold", "Serif", "Cond-Bold"])
def test_ink_box_equals_the_glyph_drawn_on_a_canvas(face) -> None:
    """Oracle: draw the glyph on a whole canvas with ImageDraw and take the canvas's ink."""
    from PIL import Image, ImageDraw, ImageFont

    from generator.press.fonts import font_path
    from generator.press.ink import INK_EM, ink_box

    font = ImageFont.truetype(str(font_path(face)), INK_EM)
    for ch in "AJQgy7★☑→.":
        image = Image.new("L", (3 * INK_EM, 3 * INK_EM), 0)
        ImageDraw.Draw(image).text((INK_EM, 2 * INK_EM), ch, font=font, fill=255, anchor="ls")
        left, top, right, bottom = image.getbbox()
        want = (
            (left - INK_EM) / INK_EM,
            (2 * INK_EM - bottom) / INK_EM,
            (right - INK_EM) / INK_EM,
            (2 * INK_EM - top) / INK_EM,
        )
        assert ink_box(face, ch) == pytest.approx(want, abs=1e-12), (face, ch)


def test_role_answers_as_a_fresh_computation_every_time() -> None:
    """role() keeps its answers: each equals the TextStyle computed afresh from the style."""
    from generator.press.card_parts import _role, role
    from generator.press.style import DEFAULT

    saver = DEFAULT.saving_ink()
    for _ in range(2):
        for style in (DEFAULT, saver):
            for name in ("card_note", "card_small", "card_text", "back_name"):
                for k in (0.8, 1.0, 1.37):
                    for changes in ({}, {"align": "left"}, {"color": (0.1, 0.2, 0.3), "valign": "top"}):
                        assert role(style, name, k, **changes) == _role(style, name, k, changes)
    assert role(DEFAULT, "card_note", 1.0).color == DEFAULT.ink_of(DEFAULT.text("card_note").colour)
    assert role(saver, "card_label", 1.0).color == saver.ink  # the accent becomes ink
    assert role(DEFAULT, "card_note", 1.0, color=[0.1, 0.2, 0.3]).color == [
        0.1,
        0.2,
        0.3,
    ]  # not a key: computed
