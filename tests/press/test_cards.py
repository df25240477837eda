from __future__ import annotations

import pytest

from generator.errors import ParlourError
from generator.press.cards import (
    CARD_PRESETS,
    EDGE_CLEAR,
    crop_mark_segments,
    get_card,
    impose,
    parse_offset,
)
from generator.press.paper import get_paper, mm


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_poker_cards_nine_up_sharing_cut_lines(paper):
    lay = impose(get_paper(paper), get_card("poker"))
    assert (lay.cols, lay.rows, lay.rotated) == (3, 3, False)
    a, b = lay.slot(0), lay.slot(1)
    assert a.x + a.w == pytest.approx(b.x)  # neighbours share one cut
    assert get_card("poker").width == pytest.approx(63.5 * mm)
    assert get_card("poker").height == pytest.approx(88.9 * mm)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("card", list(CARD_PRESETS))
@pytest.mark.parametrize("bleed", [0.0, 3 * mm])
def test_every_preset_fits_inside_the_page_with_marks_clear_of_the_edge(paper, card, bleed):
    p = get_paper(paper)
    lay = impose(p, get_card(card), bleed)
    assert lay.per_page >= 1
    x0, y0, x1, y1 = lay.grid
    assert x0 - bleed > 0 and y0 - bleed > 0 and x1 + bleed < p.width and y1 + bleed < p.height
    segs = crop_mark_segments(lay)
    assert segs
    for sx1, sy1, sx2, sy2 in segs:
        for x, y in ((sx1, sy1), (sx2, sy2)):
            assert EDGE_CLEAR - 1e-6 <= x <= p.width - EDGE_CLEAR + 1e-6
            assert EDGE_CLEAR - 1e-6 <= y <= p.height - EDGE_CLEAR + 1e-6
            # outside the grid (including bleed)
            inside = x0 - bleed < x < x1 + bleed and y0 - bleed < y < y1 + bleed
            assert not inside


def test_bleed_separates_cards_with_a_gutter():
    lay = impose(get_paper("a4"), get_card("mini"), 3 * mm)
    a, b = lay.slot(0), lay.slot(1)
    assert b.x - (a.x + a.w) == pytest.approx(6 * mm)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_land_behind_their_fronts_after_the_flip(duplex):
    p = get_paper("letter")
    lay = impose(p, get_card("bridge"))
    for i in range(lay.per_page):
        f, b = lay.slot(i), lay.back_slot(i, duplex)
        if duplex == "long":  # the sheet turns about its vertical axis: x -> W - x
            assert (p.width - (b.x + b.w), b.y) == pytest.approx((f.x, f.y))
        else:  # it turns about its horizontal axis: y -> H - y
            assert (b.x, p.height - (b.y + b.h)) == pytest.approx((f.x, f.y))


def test_parse_offset():
    assert parse_offset("1.5,-0.5") == pytest.approx((1.5 * mm, -0.5 * mm))
    assert parse_offset(None) == (0.0, 0.0)
    for bad in ("1.5", "a,b", "1,2,3", "30,0"):
        with pytest.raises(ParlourError):
            parse_offset(bad)


def test_unknown_card_size():
    with pytest.raises(ParlourError, match="unknown card size"):
        get_card("jumbo")
