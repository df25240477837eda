"""Tests for generator.games.doublets.draw.sheet: ladder layout and pagination, key bands."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.games.doublets import draw as base
from generator.games.doublets import model
from generator.games.doublets.draw import sheet as draw
from generator.press.paper import get_paper
from generator.press.style import DEFAULT

PAPERS = [get_paper("letter"), get_paper("a4")]


def _puzzle(par: int, length: int, k: int) -> model.Puzzle:
    start, end = f"{k:0{length}d}"[-length:], f"{k + 1:0{length}d}"[-length:]
    chain = (start, *[f"w{i}"[:length].ljust(length, "x") for i in range(par)], end)
    return model.Puzzle(start, end, par, chain, 1 + k % 5)


def _sheet(pars: list[int], length: int) -> model.Sheet:
    return model.Sheet(tuple(_puzzle(p, length, k) for k, p in enumerate(pars)), length, "mixed", None, 1)


def _boxes(layout: draw.LadderLayout, pars: list[int], length: int):
    """(x0, y0, x1, y1) of each ladder, label and rails included."""
    out = []
    for s in layout.spots:
        par = pars[s.index]
        height = draw.LABEL_H + s.cell * draw._units(par)
        out.append((s.x - draw.RAIL, s.top - height, s.x + s.cell * length + draw.RAIL, s.top))
    return out


@settings(max_examples=60, deadline=None)
@given(
    pars=st.lists(st.integers(1, 10), min_size=1, max_size=16),
    length=st.integers(3, 8),
    paper=st.sampled_from(PAPERS),
    key=st.sampled_from(draw.KEY_MODES),
)
def test_pages_hold_every_puzzle_once_inside_the_margins_without_overlap(pars, length, paper, key):
    sheet = _sheet(pars, length)
    plans = draw.plan_sheet(sheet, paper, key)
    seen = [s.index for plan in plans for s in plan.layout.spots]
    assert seen == list(range(len(pars)))  # in order, each once
    x, bottom, width, top = base.content_box(paper)
    for plan in plans:
        lay = plan.layout
        # cells are never bigger than the cap, and never under the floor unless a page holds one puzzle
        assert lay.cell <= draw.CELL_MAX + 1e-9
        assert lay.cell >= draw.CELL_MIN - 1e-9 or len(lay.spots) == 1
        low = bottom + (plan.band + draw.KEY_BAND_GAP if plan.band else 0)
        boxes = _boxes(lay, pars, length)
        for x0, y0, x1, y1 in boxes:
            assert x - 1e-6 <= x0 and x1 <= x + width + 1e-6
            assert low - 1e-6 <= y0 and y1 <= top + 1e-6
        for a, b in itertools.combinations(boxes, 2):
            assert a[2] <= b[0] + 1e-6 or b[2] <= a[0] + 1e-6 or a[3] <= b[1] + 1e-6 or b[3] <= a[1] + 1e-6


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("length", range(3, 9))
def test_eight_puzzles_up_to_par_eight_fit_one_page(paper, length):
    plans = draw.plan_sheet(_sheet([2, 3, 4, 5, 6, 7, 8, 8], length), paper, "separate")
    assert len(plans) == 1
    assert plans[0].layout.cell >= draw.CELL_MIN


def test_cells_are_as_big_as_allowed_for_short_sheets():
    plan = draw.plan_sheet(_sheet([2] * 4, 3), PAPERS[0])[0]
    assert plan.layout.cell == pytest.approx(draw.CELL_MAX)


def test_the_key_band_grows_with_the_puzzles():
    paper = PAPERS[0]
    _, _, width, _ = base.content_box(paper)
    few = [_puzzle(3, 4, k) for k in range(2)]
    many = [_puzzle(9, 8, k) for k in range(12)]
    small = draw.key_band_height(few, [1, 2], width, 300, DEFAULT)
    big = draw.key_band_height(many, range(1, 13), width, 300, DEFAULT)
    assert draw.KEY_HEAD < small < big <= 300 + draw.KEY_HEAD
