"""The worked-example drawings of the rules fit any column they are given: word boxes never
overlap, and a word never shrinks below its role's size (a chain goes on in a second row)."""

from __future__ import annotations

import pytest
from reportlab.graphics.shapes import Rect, String

from generator.games.rules import draw
from generator.games.rules import model as rm
from generator.press import flow
from generator.press.booklet import half_paper
from generator.press.paper import get_paper
from generator.press.style import DEFAULT

WIDTHS = sorted(
    {
        round(flow.column_width(p), 1)
        for name in ("letter", "a4")
        for p in (get_paper(name), half_paper(get_paper(name)))
    }
)


def _word_diagrams() -> list[rm.Diagram]:
    return [
        b
        for game in rm.GAMES
        for b in rm.load_rules(game).blocks
        if isinstance(b, rm.Diagram) and b.kind in ("chain", "necklace")
    ]


def _boxes(d) -> list[tuple[float, float, float, float]]:
    return [(r.x, r.y, r.x + r.width, r.y + r.height) for r in d.contents if isinstance(r, Rect)]


@pytest.mark.parametrize("width", WIDTHS)
def test_word_boxes_never_overlap_and_words_keep_their_size(width):
    diagrams = _word_diagrams()
    assert {b.kind for b in diagrams} == {"chain", "necklace"}
    least = DEFAULT.font("table")[1]
    for block in diagrams:
        d = draw.diagram(block, width, DEFAULT)
        boxes = _boxes(d)
        assert len(boxes) == len(block.data["words"])
        for i, a in enumerate(boxes):
            assert 0 <= a[0] and a[2] <= width + 0.01, (block.kind, width, a)
            for b in boxes[i + 1 :]:
                apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
                assert apart, (block.kind, width, a, b)
        sizes = [s.fontSize for s in d.contents if isinstance(s, String)]
        assert min(sizes) >= least - 0.01, (block.kind, width, min(sizes))
