"""Tests for the Sorcerer's Chamber moves: steps by facing, rotations, and zap lanes."""

from hypothesis import given
from hypothesis import strategies as st

from generator.games.sorcerer import model as sc
from generator.games.sorcerer import moves as mv

ALL_IDS = [s.id for s in sc.spaces()]
space_ids = st.sampled_from(ALL_IDS)
facings = st.sampled_from(sc.FACINGS)


def ids(*names: str) -> tuple[str, ...]:
    """Sort space ids the way the module does (reading order)."""
    return tuple(sorted(names, key=lambda n: (sc.space(n).row, sc.space(n).col)))


# --- moves -------------------------------------------------------------------------------------


def test_from_the_start_a_portal_offers_all_five_cells():
    got = mv.moves("portal-suns", "SE")
    assert {(m.kind, m.to) for m in got} == {
        ("forward-left", "r0c2"),
        ("forward-left", "r1c2"),
        ("forward", "r1c2"),
        ("forward", "r2c1"),
        ("forward", "r2c2"),
        ("forward-right", "r2c0"),
        ("forward-right", "r2c1"),
    }
    assert mv.move_targets("portal-suns", "SE") == ids("r0c2", "r1c2", "r2c0", "r2c1", "r2c2")
    assert mv.move_targets("portal-suns", "NW") == ()


def test_moves_from_a_middle_cell():
    got = mv.moves("r6c7", "N")
    assert [(m.kind, m.direction, m.to) for m in got] == [
        ("forward-left", "NW", "r5c6"),
        ("forward", "N", "r5c7"),
        ("forward-right", "NE", "r5c8"),
    ]
    assert mv.move_targets("r6c7", "SW") == ids("r7c7", "r7c6", "r6c6")


def test_moves_never_enter_the_centre_nor_leave_the_board():
    assert mv.move_targets("r3c4", "S") == ("r4c3",)
    assert mv.move_targets("r0c5", "N") == ()
    assert mv.move_targets("r0c5", "NE") == ("r0c6",)  # only forward-right (E) stays on


def test_moves_may_enter_a_portal_but_not_onto_a_sorcerer():
    assert mv.move_targets("r2c2", "NW") == ids("portal-suns", "r1c2", "r2c1")
    assert mv.move_targets("r2c2", "NW", occupied=["portal-suns", "r1c2"]) == ("r2c1",)
    # a sorcerer's own space never blocks it
    assert mv.move_targets("r2c2", "NW", occupied=["r2c2"]) == ids("portal-suns", "r1c2", "r2c1")


def test_rotation_reaches_any_other_facing():
    assert mv.rotations("NE") == ("N", "E", "SE", "S", "SW", "W", "NW")
    assert sc.turn("SE", -1) == "E" and sc.turn("N", 1) == "NE" and sc.opposite("W") == "E"


# --- zap lines ---------------------------------------------------------------------------------


def test_zap_runs_to_the_edge_and_passes_over_orbs():
    (line,) = mv.zap_lines("r3c3", "E")
    assert line == mv.ZapLine(("r3c4", "r3c5", "r3c6", "r3c7", "r3c8", "r3c9"), None, "edge")


def test_zap_stops_at_the_centre():
    (line,) = mv.zap_lines("r4c0", "E")
    assert line == mv.ZapLine(("r4c1", "r4c2", "r4c3"), None, "centre")
    (line,) = mv.zap_lines("r7c7", "NW")
    assert line == mv.ZapLine(("r6c6",), None, "centre")


def test_zap_hits_the_first_sorcerer_and_goes_no_further():
    (line,) = mv.zap_lines("r3c3", "E", sorcerers=["r3c8", "r3c6"])
    assert line.path == ("r3c4", "r3c5", "r3c6") and line.hit == "r3c6"
    assert line.stop == "sorcerer"
    assert mv.zap_targets("r3c3", "E", ["r3c8", "r3c6"]) == ("r3c6",)
    assert mv.zap_targets("r3c3", "W", ["r3c8", "r3c6"]) == ()


def test_zap_slips_past_the_centres_corner():
    (line,) = mv.zap_lines("r5c7", "NW")
    assert line.path == ("r4c6", "r3c5", "r2c4", "r1c3", "r0c2") and line.stop == "edge"


def test_zap_crosses_a_portal_once_and_hits_a_sorcerer_on_it():
    (line,) = mv.zap_lines("r5c0", "N")
    assert line == mv.ZapLine(("r4c0", "r3c0", "r2c0", "portal-suns"), None, "edge")
    (line,) = mv.zap_lines("r5c0", "N", ["portal-suns"])
    assert line.hit == "portal-suns"


def test_zap_from_a_portal_sweeps_parallel_lanes():
    lanes = mv.zap_lines("portal-suns", "SE", sorcerers=["r3c3"])
    assert set(lanes) == {
        mv.ZapLine(("r2c2", "r3c3"), "r3c3", "sorcerer"),
        mv.ZapLine(("r1c2", "r2c3", "r3c4"), None, "centre"),
        mv.ZapLine(("r2c1", "r3c2", "r4c3"), None, "centre"),
    }
    east = mv.zap_lines("portal-suns", "E", sorcerers=["portal-crowns"])
    assert [line.path[0] for line in east] == ["r0c2", "r1c2"]
    assert all(line.hit == "portal-crowns" for line in east)
    assert mv.zap_targets("portal-suns", "E", ["portal-crowns", "r1c5"]) == ids("portal-crowns", "r1c5")
    assert mv.zap_lines("portal-suns", "NE") == (mv.ZapLine(("r0c2",), None, "edge"),)
    assert mv.zap_lines("portal-suns", "NW") == ()


@given(space_ids, facings, st.lists(space_ids, max_size=4))
def test_zap_lines_are_straight_and_stop_at_the_first_sorcerer(origin, facing, others):
    dr, dc = sc.VECTORS[facing]
    for line in mv.zap_lines(origin, facing, others):
        assert origin not in line.path
        assert len(set(line.path)) == len(line.path)
        blockers = [s for s in line.path if s in others and s != origin]
        assert blockers == ([line.hit] if line.hit else [])
        assert (line.stop == "sorcerer") == (line.hit is not None)
        for a, b in zip(line.path, line.path[1:], strict=False):
            assert b in sc.step(a, facing)
