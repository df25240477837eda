"""Tests for generator.games.doublets.draw.jewels: the worked score of the Jewels key."""

from __future__ import annotations

from generator.games.doublets.draw import jewels as jewels_draw
from generator.games.doublets.jewels import score_items
from generator.press.paper import get_paper

PAPERS = [get_paper("letter"), get_paper("a4")]


def test_worked_score_for_the_rules_example():
    # Three Jewels of four letters and seven links: 4 + 8 + 4 - 7 = 9; as a Necklace with four
    # more links every Jewel is set: 8 * 3 - 11 = 13.
    items = score_items(["head", "teal", "tail"], 7, False)
    line = jewels_draw.score_sum([(i.label, i.marks) for i in items])
    assert line == "HEAD 4 (end) + TEAL 8 (set) + TAIL 4 (end) − 7 (7 links) = 9"
    items = score_items(["head", "teal", "tail"], 11, True)
    assert jewels_draw.score_sum([(i.label, i.marks) for i in items]).endswith("= 13")
