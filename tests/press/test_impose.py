from __future__ import annotations

import itertools

import pytest

from generator.errors import ParlourError
from generator.press.impose import (
    CARD_PRESETS,
    EDGE_CLEAR,
    MARK_MIN,
    PRINTABLE,
    crop_mark_segments,
    fold_layout,
    get_card,
    impose,
    parse_offset,
    printable_length,
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
        ParlourError, match=r"200 x 300 mm cards do not fit on a4 paper \(room for 191 x 285 mm"
    ):
        impose(get_paper("a4"), get_card("200x300"))
    for bad in ("0x88", "63x1000", "63 by 88", "x88"):
        with pytest.raises(ParlourError, match="--card"):
            get_card(bad)


def _old_fold_count(paper, card) -> int:
    """What the fold sheet held before strips could stack or the header move: side by side under a
    15 mm header inside 12 mm margins, with 6 mm of marks round the grid."""
    w, h = paper.size
    avail_w = w - 2 * (12 + 1 + 2) * mm
    avail_h = (h - 12 * mm - 15 * mm - 6 * mm) - (12 * mm + 6 * mm)
    best = 0
    for fw, fh in ((card.height, card.width), (card.width, card.height)):
        best = max(best, int(avail_w // (2 * fw)) * int(avail_h // fh))
    return best


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("card", list(CARD_PRESETS))
def test_fold_sheets_hold_at_least_as_many_strips_clear_of_header_and_edge(paper, card):
    p, cd = get_paper(paper), get_card(card)
    lay = fold_layout(p, cd)
    assert lay.per_page >= max(1, _old_fold_count(p, cd))
    hx0, hy0, hx1, hy1 = lay.header
    pw, ph = lay.pair
    boxes = []
    for i in range(lay.per_page):
        x, y = lay.pair_origin(i)
        boxes.append((x, y, x + pw, y + ph))
        assert x >= 9 * mm - 1e-6 and y >= 9 * mm - 1e-6
        assert x + pw <= p.width - 9 * mm + 1e-6 and y + ph <= p.height - 9 * mm + 1e-6
        assert x + pw <= hx0 or x >= hx1 or y + ph <= hy0 or y >= hy1  # never under the header
        front, back = lay.faces(i)
        fx1, fy1, fx2, fy2 = lay.fold(i)
        if fx1 == fx2:  # an upright fold: the back is the front mirrored across it
            assert back.x == pytest.approx(2 * fx1 - (front.x + front.w)) and back.y == pytest.approx(front.y)
        else:
            assert back.y == pytest.approx(2 * fy1 - (front.y + front.h)) and back.x == pytest.approx(front.x)
    for a, b in itertools.combinations(boxes, 2):  # strips never overlap
        assert a[2] <= b[0] + 1e-6 or b[2] <= a[0] + 1e-6 or a[3] <= b[1] + 1e-6 or b[3] <= a[1] + 1e-6
    cuts, folds = lay.marks()
    for seg in cuts + folds:
        assert printable_length(seg, p) >= MARK_MIN - 1e-6
        x1, y1, x2, y2 = seg
        assert max(x1, x2) <= hx0 or min(y1, y2) >= hy1 or max(y1, y2) <= hy0  # clear of the header


def test_tarot_when_cards_fold_two_to_a_letter_sheet():
    # the case: one strip on each of six pages before
    assert _old_fold_count(get_paper("letter"), get_card("tarot")) == 1
    assert fold_layout(get_paper("letter"), get_card("tarot")).per_page == 2


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_fold_layout_poker_three_pairs_side_by_side(paper):
    lay = fold_layout(get_paper(paper), get_card("poker"))
    assert lay.turned and not lay.stacked and (lay.cols, lay.rows) == (1, 3)
    fw, fh = lay.face
    assert (fw, fh) == pytest.approx((88.9 * mm, 63.5 * mm))  # each face is a whole poker card
    for i in range(lay.per_page):
        x, _ = lay.pair_origin(i)
        assert lay.fold_x(i) == pytest.approx(x + fw)  # the fold runs down the middle of the pair


@pytest.mark.parametrize("card", ["poker", "mini", "tarot"])
def test_a_layouts_kept_answers_equal_fresh_ones(card):
    """Layout's grid, cell and pitch are computed once per layout, and free_gaps once per layout:
    the kept answers equal fresh ones, and keeping them changes neither equality nor hash."""
    import dataclasses

    from generator.press.impose import free_gaps, impose

    for paper in (get_paper("letter"), get_paper("a4")):
        used = impose(paper, get_card(card), bleed=3 * mm)
        fresh = dataclasses.replace(used)
        assert used.grid and used.pitch and used.cell  # kept on `used` only
        assert used == fresh and hash(used) == hash(fresh)
        assert "grid" in vars(used) and "grid" not in vars(fresh)
        assert free_gaps(used) == free_gaps.__wrapped__(fresh) == free_gaps(fresh)
        assert [used.slot(i) for i in range(used.per_page)] == [fresh.slot(i) for i in range(fresh.per_page)]
