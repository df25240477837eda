"""Tests for generator.games.doublets.draw: the words every Doublets page prints, the margins."""

from __future__ import annotations

from generator.games.doublets import draw as base
from generator.press.paper import MARGIN, get_paper

PAPERS = [get_paper("letter"), get_paper("a4")]


def test_words_as_printed():
    assert base.chain_text(["head", "heal", "teal", "tell", "tall", "tail"]) == (
        "HEAD → heal → teal → tell → tall → TAIL"
    )
    assert base.count_text(1) == "the only shortest chain"
    assert base.count_text(12345) == "one of 12,345 shortest chains"
    assert base.links_text(1) == "1 link" and base.links_text(5) == "5 links"
    assert base.long_date("2025-03-01") == "Saturday 1 March 2025"
    assert base.long_date("2024-02-29") == "Thursday 29 February 2024"


def test_margin_is_the_press_margin():
    assert base.MARGIN == MARGIN
