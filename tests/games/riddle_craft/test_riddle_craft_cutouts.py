"""Tests for Riddle Craft's sheets: the tokens' places (fold layouts: tests/press/test_impose.py)."""

from __future__ import annotations

import itertools
import math

import pytest

from generator.games.riddle_craft.draw import cutouts
from generator.games.riddle_craft.model import load_template
from generator.press.paper import MARGIN, get_paper, mm


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_tokens_seven_and_seven_round_apart_and_on_the_page(paper):
    p = get_paper(paper)
    tokens = load_template().tokens
    spots, headings = cutouts.token_spots(tokens, p)
    assert sum(s.kind == "check" for s in spots) == 7
    assert sum(s.kind == "cross" for s in spots) == 7
    assert [k for k, _ in headings] == ["check", "cross"]
    for s in spots:
        assert 25 * mm <= 2 * s.r <= 30 * mm + 1e-6
        assert MARGIN < s.x - s.r and s.x + s.r < p.width - MARGIN
        assert MARGIN + 6 * mm < s.y - s.r and s.y + s.r < p.height - MARGIN - cutouts.HEADER_H
    for a, b in itertools.combinations(spots, 2):  # room between circles for the scissors and ticks
        assert math.dist((a.x, a.y), (b.x, b.y)) >= a.r + b.r + 8 * mm


def test_token_values_use_a_true_minus_sign():
    assert cutouts._value_text(1) == "+1" and cutouts._value_text(-1) == "\u22121"
