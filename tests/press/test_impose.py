from __future__ import annotations

import pytest

from generator.errors import ParlourError
from generator.press.impose import (
    CARD_PRESETS,
    EDGE_CLEAR,
    MARK_MIN,
    PRINTABLE,
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
            # outside the grid (including bleed), or else on a cut line and only as far in as it
            # takes to keep MARK_MIN of the mark in the printable area
            inside = x0 - bleed < x < x1 + bleed and y0 - bleed < y < y1 + bleed
            if inside:
                xs, ys = lay.cut_lines()
                on_cut = (sx1 == sx2 and round(sx1, 3) in xs) or (sy1 == sy2 and round(sy1, 3) in ys)
                assert on_cut
                depth = min(x, y, p.width - x, p.height - y)
                assert depth <= PRINTABLE + MARK_MIN + 1e-6


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
    with pytest.raises(ParlourError, match="is not a card size"):
        get_card("jumbo")


@pytest.mark.parametrize(
    "text, size", [("63x88", (63, 88)), ("63.5X88.9mm", (63.5, 88.9)), (" 70 × 120 ", (70, 120))]
)
def test_custom_card_sizes_in_millimetres(text, size):
    card = get_card(text)
    assert (card.width / mm, card.height / mm) == pytest.approx(size)
    assert impose(get_paper("a4"), card).per_page >= 1


def test_a_card_too_big_for_the_paper_says_what_room_there_is():
    with pytest.raises(
        ParlourError, match=r"200 x 300 mm cards do not fit on a4 paper \(room for 198 x 285 mm"
    ):
        impose(get_paper("a4"), get_card("200x300"))
    for bad in ("0x88", "63x1000", "63 by 88", "x88"):
        with pytest.raises(ParlourError, match="--card"):
            get_card(bad)
