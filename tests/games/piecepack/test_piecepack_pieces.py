"""Tests for the piecepack piece drawers: suit glyphs and colours, tiles and coins measured from the PDF."""

from __future__ import annotations

import pytest

from generator.games.piecepack.draw import pieces as pp
from generator.games.sorcerer import model as sc
from generator.press.document import Page, PageInfo
from generator.press.fonts import has_glyph
from generator.press.paper import get_paper, inch
from generator.press.style import get_style
from tests.sorcerer_pdf import GLYPHS, assert_no_missing_glyphs, chars, dark_runs, raster, render


def test_suit_glyphs_and_colours_follow_the_piecepack_standard():
    assert pp.SUIT_GLYPHS == {"suns": "❂", "moons": "◐", "crowns": "♛", "arms": "⚜"}
    colour = get_style(False)
    assert pp.suit_colour("suns", colour) == pytest.approx((0xD5 / 255, 0x5E / 255, 0.0))
    assert pp.suit_colour("moons", colour) == (0.0, 0.0, 0.0)
    assert pp.suit_colour("crowns", colour) == pytest.approx((0.0, 0x9E / 255, 0x73 / 255))
    assert pp.suit_colour("arms", colour) == pytest.approx((0.0, 0x72 / 255, 0xB2 / 255))
    assert all(has_glyph("Sans", g) for g in GLYPHS)
    ink = get_style(True)
    assert {pp.suit_colour(s, ink) for s in sc.SUITS} == {ink.ink}  # glyphs, not colour, in ink-saver
    assert pp.RANKS == sc.RANKS and pp.SUITS == sc.SUITS


def test_piece_sizes_are_the_reference_set():
    assert (pp.TILE, pp.COIN, pp.DIE) == (2 * inch, 0.75 * inch, 0.5 * inch)
    assert pp.PYRAMIDS[:3] == pytest.approx([0.5 * inch, 9 / 16 * inch, 5 / 8 * inch])
    assert pp.SORCERER == pytest.approx(5 / 8 * inch)


# one row of pieces across the page: tile face, tile back, coin suit side, coin rank side
ROW_Y = 500.0
XS = (150.0, 300.0, 420.0, 500.0)


def _pieces_page(suit: str, rank: str) -> Page:
    def draw(c, info: PageInfo) -> None:
        s = info.style
        pp.draw_tile_face(c, XS[0], ROW_Y, pp.TILE, suit, rank, s)
        pp.draw_tile_back(c, XS[1], ROW_Y, pp.TILE, s)
        pp.draw_coin_suit(c, XS[2], ROW_Y, pp.COIN, suit, s)
        pp.draw_coin_rank(c, XS[3], ROW_Y, pp.COIN, rank, s)

    return Page(draw, "pieces")


@pytest.mark.parametrize("ink_saver", [False, True])
def test_tiles_and_coins_measure_true_and_carry_their_marks(tmp_path, ink_saver):
    """Rasterised at 200 dpi, the tile edges lie 2 in apart and the coin 3/4 in across; the rank sits in
    the middle of the tile face, the suit in its top-left quarter, and the coin's rank in its middle."""
    dpi = 200
    pdf = render(tmp_path, [_pieces_page("crowns", "4")], ink_saver=ink_saver)
    im = raster(pdf, dpi).convert("L")
    height = get_paper("letter").height
    # a scanline a quarter-tile below the middle, clear of the rank and the suit mark
    py = round((height - (ROW_Y - pp.TILE / 4)) * dpi / 72)
    edges = dark_runs([im.getpixel((x, py)) for x in range(im.width)])
    want = [(x + d) * dpi / 72 for x in XS[:2] for d in (-pp.TILE / 2, pp.TILE / 2)]
    tile_edges = [e for e in edges if any(abs(e - w) < 4 for w in want)]
    assert tile_edges == pytest.approx(want, abs=2.5)
    # the coin: the disc's outline crosses the row through its centre 3/4 in apart
    cy = round((height - ROW_Y) * dpi / 72)
    lo, hi = (XS[2] - 0.7 * pp.COIN) * dpi / 72, (XS[2] + 0.7 * pp.COIN) * dpi / 72
    coin = [e for e in dark_runs([im.getpixel((x, cy)) for x in range(im.width)]) if lo < e < hi]
    assert coin[-1] - coin[0] == pytest.approx(pp.COIN * dpi / 72, abs=3.5)
    fours = sorted(box for ch, _, box in chars(pdf) if ch == "4")
    assert len(fours) == 2  # the tile face's rank and the coin's
    for (left, bottom, right, top), x in zip(fours, (XS[0], XS[3]), strict=True):
        assert (left + right) / 2 == pytest.approx(x, abs=3)
        assert (bottom + top) / 2 == pytest.approx(ROW_Y, abs=3)
    left, bottom, right, top = next(box for ch, _, box in chars(pdf) if ch == "♛" and box[0] < XS[0])
    assert left > XS[0] - pp.TILE / 2 and right < XS[0] and bottom > ROW_Y
    assert_no_missing_glyphs(pdf)


def test_the_null_pieces_carry_no_rank(tmp_path):
    pdf = render(tmp_path, [_pieces_page("suns", "null")])
    drawn = {
        ch for ch, _, box in chars(pdf) if not ch.isspace() and box[1] > ROW_Y - pp.TILE
    }  # not the footer
    assert "❂" in drawn
    assert not drawn & set("0A2345")
