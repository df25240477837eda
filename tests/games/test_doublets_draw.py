"""Tests for generator.games.doublets_draw: ladder layout and pagination, key bands, the words printed."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.games import doublets as model
from generator.games import doublets_draw as draw
from generator.games.doublets_jewels import score_items
from generator.games.doublets_scorepad import make_scorepad
from generator.press.paper import MARGIN, get_paper

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
    x, bottom, width, top = draw._content_box(paper)
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
    _, _, width, _ = draw._content_box(paper)
    few = [_puzzle(3, 4, k) for k in range(2)]
    many = [_puzzle(9, 8, k) for k in range(12)]
    small = draw.key_band_height(few, [1, 2], width, 300)
    big = draw.key_band_height(many, range(1, 13), width, 300)
    assert draw.KEY_HEAD < small < big <= 300 + draw.KEY_HEAD


def test_words_as_printed():
    assert draw.chain_text(["head", "heal", "teal", "tell", "tall", "tail"]) == (
        "HEAD → heal → teal → tell → tall → TAIL"
    )
    assert draw.count_text(1) == "the only shortest chain"
    assert draw.count_text(12345) == "one of 12,345 shortest chains"
    assert draw.links_text(1) == "1 link" and draw.links_text(5) == "5 links"
    assert draw.long_date("2025-03-01") == "Saturday 1 March 2025"
    assert draw.long_date("2024-02-29") == "Thursday 29 February 2024"


def test_worked_score_for_the_rules_example():
    # Three Jewels of four letters and seven links: 4 + 8 + 4 - 7 = 9; as a Necklace with four
    # more links every Jewel is set: 8 * 3 - 11 = 13.
    items = score_items(["head", "teal", "tail"], 7, False)
    line = draw.score_sum([(i.label, i.marks) for i in items])
    assert line == "HEAD 4 (end) + TEAL 8 (set) + TAIL 4 (end) − 7 (7 links) = 9"
    items = score_items(["head", "teal", "tail"], 11, True)
    assert draw.score_sum([(i.label, i.marks) for i in items]).endswith("= 13")


def test_scorepad_games_per_page():
    two, five, twelve = (make_scorepad(n) for n in (2, 5, 12))
    for paper in PAPERS:
        assert draw.games_per_page(two, paper) >= 4
        assert draw.games_per_page(five, paper) >= 2
        assert draw.games_per_page(twelve, paper) >= 1
        _, bottom, _, top = draw._content_box(paper)
        per = draw.games_per_page(two, paper)
        used = per * draw.game_block_height(two) + (per - 1) * draw.GAME_GAP
        assert used <= top - bottom - draw.NOTES_H
    assert len(draw.scorepad_pages(two, PAPERS[0], 11)) == -(-11 // draw.games_per_page(two, PAPERS[0]))


def test_margin_is_the_press_margin():
    assert draw.MARGIN == MARGIN
