"""Tests for the Sorcerer board drawing: orbs where the deal puts them, no fills or colour when saving ink."""

from __future__ import annotations

import pytest

from generator.games.piecepack.draw.pieces import SUIT_GLYPHS
from generator.games.sorcerer import model as sc
from generator.games.sorcerer.draw.setup import setup_geom, setup_page
from generator.press.paper import get_paper
from tests.sorcerer_pdf import GLYPHS, chars, raster, render


@pytest.fixture(scope="module")
def chamber() -> sc.Chamber:
    return sc.setup(3, seed=5)


def test_every_orb_is_drawn_at_its_dealt_space(tmp_path, chamber):
    """The orb glyphs on the page sit on the cells the deal gives them, in their suit."""
    paper = get_paper("letter")
    g = setup_geom(paper)
    pdf = render(tmp_path, [setup_page(chamber, "Compass rose")])
    found = set()
    for ch, _, (left, bottom, right, top) in chars(pdf):
        if ch not in GLYPHS:
            continue
        x, y = (left + right) / 2, (bottom + top) / 2
        col, row = int((x - g.left) // g.cell), int((g.top - y) // g.cell)
        space = sc.space_at(row, col)
        if space is not None and space.kind == "cell" and (right - left) > g.cell * 0.2:  # coin-sized only
            found.add((space.id, ch))
    assert found == {(o.space, SUIT_GLYPHS[o.suit]) for o in chamber.orbs}


def test_ink_saver_is_black_and_white_with_no_large_fills(tmp_path, chamber):
    dpi = 50
    paper = get_paper("letter")
    g = setup_geom(paper)
    colour = raster(render(tmp_path, [setup_page(chamber, "p")], name="c"), dpi)
    saver = raster(render(tmp_path, [setup_page(chamber, "p")], ink_saver=True, name="s"), dpi)
    # the middle of every empty cell: tinted in colour, bare paper when saving ink
    taken = {o.space for o in chamber.orbs}
    empty = [s for s in sc.spaces() if s.kind == "cell" and s.id not in taken]
    for space in empty:
        x, y = g.cell_centre(space.row, space.col)
        at = (round(x * dpi / 72), round((paper.height - y) * dpi / 72))
        assert min(colour.getpixel(at)) < 245
        assert min(saver.getpixel(at)) >= 250
    assert all(max(p) - min(p) < 12 for p in saver.get_flattened_data())  # no colour at all
