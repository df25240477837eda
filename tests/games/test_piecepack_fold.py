"""Fold-over tiles and coins for one-sided printers: each back lies mirrored across its fold line
from its front, reads upright after the fold, and the pieces keep their size."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import cli
from generator.games import piecepack as pp
from generator.games import piecepack_fold as pf
from generator.games.piecepack_kit import COIN, TILE
from generator.press.paper import get_paper, mm
from tests.pathcheck import page_paths

GLYPH_SUIT = {g: s for s, g in pp.SUIT_GLYPHS.items()}


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("piece", [TILE, COIN])
def test_the_fold_grid_fits_the_page_and_holds_pairs(paper, piece):
    p = get_paper(paper)
    grid = pf.fold_grid(p, piece, p.height - 40 * mm)
    assert grid.cols >= 1 and grid.rows >= 1
    for i in range(grid.cols * grid.rows):
        x, y = grid.origin(i)
        pw, ph = grid.pair
        assert x >= pf.EDGE - 1e-6 and x + pw <= p.width - pf.EDGE + 1e-6
        assert y >= pf.EDGE - 1e-6 and y + ph <= p.height - 40 * mm + 1e-6
        (fx, fy), (bx, by), (a, b) = grid.halves(i)
        # the fold line is the mirror between the two halves
        if grid.stacked:
            assert a[1] == b[1] == fy + piece.height == by
        else:
            assert a[0] == b[0] == fx + piece.width == bx


def _run(tmp_path, *args):
    pdf = tmp_path / "k.pdf"
    res = CliRunner().invoke(
        cli, ["piecepack", "-o", str(pdf), *args], env={"XDG_CONFIG_HOME": str(tmp_path)}
    )
    assert res.exit_code == 0, res.output
    return pdf


def test_duplex_none_prints_tiles_and_coins_as_fold_over_strips(tmp_path):
    pdf = _run(tmp_path, "--pieces", "tiles,coins", "--duplex", "none")
    reader = PdfReader(str(pdf))
    texts = [p.extract_text() for p in reader.pages]
    assert all("cut, fold" in t for t in texts)
    assert not any("backs" in t for t in texts)  # no separate backs sheet to glue on
    sizes = []
    folds = []
    for i in range(len(reader.pages)):
        for p in page_paths(pdf, i):
            x0, y0, x1, y1 = p.bbox()
            if p.stroked and p.dashed:
                folds.append(((x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / mm, (y1 - y0) / mm))
            elif p.stroked:
                sizes.append(((x1 - x0) / mm, (y1 - y0) / mm))
    tile_pairs = [s for s in sizes if sorted(s) == pytest.approx([50.8, 101.6], abs=0.1)]
    coin_pairs = [s for s in sizes if sorted(s) == pytest.approx([19.05, 38.1], abs=0.1)]
    assert len(tile_pairs) == 24 and len(coin_pairs) == 24
    assert len(folds) == 48
