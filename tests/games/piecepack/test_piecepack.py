"""The piecepack model: what a kit holds, sizes, the die's faces, pyramid stacking."""

from __future__ import annotations

import itertools

import pytest

from generator.errors import ParlourError
from generator.games.piecepack import model as pp


def test_the_whole_kit_counts_24_24_4_4_and_12_or_24():
    for pyramids, n in (("three", 12), ("all", 24)):
        k = pp.kit(pyramids=pyramids)
        counts = {kind: len(k.of(kind)) for kind in ("tile", "coin", "die", "pawn", "pyramid")}
        assert counts == {"tile": 24, "coin": 24, "die": 4, "pawn": 4, "pyramid": n}
        assert len(k.pieces) == 56 + n
        assert k.to_json()["counts"] == counts


def test_every_suit_and_rank_appears_once_where_the_standard_has_it():
    k = pp.kit(pyramids="all")
    for kind in ("tile", "coin"):
        assert sorted((p.suit, p.rank) for p in k.of(kind)) == sorted(itertools.product(pp.SUITS, pp.RANKS))
    for kind in ("die", "pawn"):
        assert sorted(p.suit for p in k.of(kind)) == sorted(pp.SUITS)
    assert sorted((p.suit, p.rank) for p in k.of("pyramid")) == sorted(itertools.product(pp.SUITS, "ABCDEF"))
    assert {p.rank for p in pp.kit().of("pyramid")} == {"A", "B", "C"}


def test_sizes_in_millimetres():
    k = pp.kit(pyramids="all")
    assert [p.size_mm for p in k.of("tile")] == [pytest.approx(50.8)] * 24
    assert [p.size_mm for p in k.of("coin")] == [pytest.approx(19.05)] * 24
    bases = sorted({round(p.size_mm, 4) for p in k.of("pyramid")})
    assert bases == [round(n / 16 * 25.4, 4) for n in range(8, 14)]  # 1/2 in rising by 1/16 in
    for entry in k.to_json()["pieces"]:
        assert set(entry) == {"kind", "suit", "rank", "size_mm"}


def test_the_die_faces_are_the_six_ranks_and_opposite_faces_add_up_to_five():
    assert sorted(pp.DIE_FACES.values(), key=pp.RANKS.index) == list(pp.RANKS)
    for normal, rank in pp.DIE_FACES.items():
        other = pp.DIE_FACES[tuple(-v for v in normal)]
        assert pp.rank_value(rank) + pp.rank_value(other) == 5


def test_pyramids_stack_each_resting_on_the_slopes_of_the_one_below():
    heights = pp.stack_heights_mm(("C", "B", "A"))
    assert heights[0] == 0
    assert heights[0] < heights[1] < heights[2]
    # B rests where C's slopes are as wide as B's base (similar triangles, worked directly)
    hc, bc, bb = pp.pyramid_height_mm("C"), pp.pyramid_base_mm("C"), pp.pyramid_base_mm("B")
    assert heights[1] == pytest.approx(hc - hc * bb / bc)
    # the shapes are similar, so each one sits flush on the one below, apex in apex
    assert heights[2] + pp.pyramid_height_mm("A") == pytest.approx(heights[1] + pp.pyramid_height_mm("B"))
    assert heights[1] + pp.pyramid_height_mm("B") == pytest.approx(pp.pyramid_height_mm("C"))
    with pytest.raises(ValueError):
        pp.stack_heights_mm(("A", "B"))


@pytest.mark.parametrize(
    "text,kinds",
    [
        (None, pp.KINDS),
        ("tiles", ("tiles",)),
        ("pyramids, Dice", ("dice", "pyramids")),
        ("coin,tile,die,pawn", ("tiles", "coins", "dice", "pawns")),
    ],
)
def test_parse_kinds(text, kinds):
    assert pp.parse_kinds(text) == kinds


@pytest.mark.parametrize(
    "text,fragment", [("tiels", "did you mean tiles"), ("cards", "unknown piece kind"), (" , ", "empty")]
)
def test_parse_kinds_refuses_with_one_line(text, fragment):
    with pytest.raises(ParlourError, match=fragment):
        pp.parse_kinds(text)


def test_unknown_pyramid_set():
    with pytest.raises(ParlourError, match="--pyramids"):
        pp.kit(pyramids="some")
