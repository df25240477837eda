"""Tests for Riddle Craft's sheets: the fold-over layout and the tokens' places."""

from __future__ import annotations

import itertools
import math

import pytest

from generator.games import riddle_craft_sheets as sheets
from generator.games.riddle_craft import load_template
from generator.press.cards import CARD_PRESETS, get_card
from generator.press.paper import MARGIN, get_paper, mm


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_fold_layout_poker_three_pairs_side_by_side(paper):
    lay = sheets.fold_layout(get_paper(paper), get_card("poker"))
    assert lay.turned and (lay.cols, lay.rows) == (1, 3)
    fw, fh = lay.face
    assert (fw, fh) == pytest.approx((88.9 * mm, 63.5 * mm))  # each face is a whole poker card
    for i in range(lay.per_page):
        x, _ = lay.pair_origin(i)
        assert lay.fold_x(i) == pytest.approx(x + fw)  # the fold runs down the middle of the pair


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("card", list(CARD_PRESETS))
def test_fold_layout_keeps_pairs_and_marks_inside_the_margin(paper, card):
    p = get_paper(paper)
    lay = sheets.fold_layout(p, get_card(card))
    assert lay.per_page >= 1
    x0, y0, x1, y1 = lay.grid
    room = sheets.MARK_GAP + 1 * mm  # room for at least a short crop mark
    assert x0 - room >= MARGIN and x1 + room <= p.width - MARGIN
    assert y0 - room >= MARGIN and y1 + room <= p.height - MARGIN - sheets.HEADER_H


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_tokens_seven_and_seven_round_apart_and_on_the_page(paper):
    p = get_paper(paper)
    tokens = load_template().tokens
    spots, headings = sheets.token_spots(tokens, p)
    assert sum(s.kind == "check" for s in spots) == 7
    assert sum(s.kind == "cross" for s in spots) == 7
    assert [k for k, _ in headings] == ["check", "cross"]
    for s in spots:
        assert 25 * mm <= 2 * s.r <= 30 * mm + 1e-6
        assert MARGIN < s.x - s.r and s.x + s.r < p.width - MARGIN
        assert MARGIN + 6 * mm < s.y - s.r and s.y + s.r < p.height - MARGIN - sheets.HEADER_H
    for a, b in itertools.combinations(spots, 2):  # room between circles for the scissors and ticks
        assert math.dist((a.x, a.y), (b.x, b.y)) >= a.r + b.r + 8 * mm


def test_token_values_use_a_true_minus_sign():
    assert sheets._value_text(1) == "+1" and sheets._value_text(-1) == "\u22121"
