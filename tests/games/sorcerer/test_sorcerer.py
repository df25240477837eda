"""Tests for the Sorcerer's Chamber board model, orb pattern, set-up deal and cheat notes."""

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.errors import ParlourError
from generator.games.sorcerer import model as sc

ALL_IDS = [s.id for s in sc.spaces()]
PORTALS = [sc.portal_id(s) for s in sc.SUITS]


def ids(*names: str) -> tuple[str, ...]:
    """Sort space ids the way the module does (reading order)."""
    return tuple(sorted(names, key=lambda n: (sc.space(n).row, sc.space(n).col)))


# --- the board ---------------------------------------------------------------------------------


def test_84_spaces_80_cells_and_4_portals():
    kinds = Counter(s.kind for s in sc.spaces())
    assert kinds == {"cell": 80, "portal": 4}
    assert len(set(ALL_IDS)) == 84


def test_every_cell_outside_the_centre_belongs_to_exactly_one_space():
    covered = Counter(cell for s in sc.spaces() for cell in s.cells)
    for row in range(10):
        for col in range(10):
            if (row, col) in sc.CENTRE_CELLS:
                assert sc.space_at(row, col) is None
                assert (row, col) not in covered
            else:
                assert covered[(row, col)] == 1
                assert (row, col) in sc.space_at(row, col).cells
    assert sc.space_at(-1, 0) is None and sc.space_at(0, 10) is None


def test_portals_sit_in_the_corners_and_report_their_top_left_cell():
    got = {s.suit: (s.row, s.col) for s in sc.spaces() if s.kind == "portal"}
    assert got == {"suns": (0, 0), "crowns": (0, 8), "moons": (8, 8), "arms": (8, 0)}
    assert sc.space_at(1, 9).id == "portal-crowns"
    assert sc.space("r3c7") == sc.Space("r3c7", "cell", 3, 7)


def test_unknown_space_and_facing_are_user_errors():
    with pytest.raises(ParlourError, match="no space 'r4c4'"):
        sc.space("r4c4")
    with pytest.raises(ParlourError, match="unknown facing 'up'"):
        sc.step("r3c3", "up")


def test_walls_are_the_outer_edge_and_the_centre():
    segments = sc.walls()
    assert len(segments) == 8
    points = {p for seg in segments for p in seg}
    assert {(0, 0), (0, 10), (10, 10), (10, 0), (4, 4), (4, 6), (6, 6), (6, 4)} == points


@pytest.mark.parametrize("portal", PORTALS)
def test_a_corner_portal_has_4_orthogonal_and_5_diagonal_neighbours(portal):
    assert len(sc.orthogonal_neighbours(portal)) == 4
    assert len(sc.diagonal_neighbours(portal)) == 5
    # the four orthogonal cells are among the five diagonal ones: 5 distinct cells in all
    assert set(sc.orthogonal_neighbours(portal)) < set(sc.diagonal_neighbours(portal))
    assert len(sc.neighbours(portal)) == 5
    assert all(sc.space(n).kind == "cell" for n in sc.neighbours(portal))


def test_suns_portal_neighbours_worked_by_hand():
    p = "portal-suns"
    assert sc.step(p, "E") == ("r0c2", "r1c2")
    assert sc.step(p, "S") == ("r2c0", "r2c1")
    assert sc.step(p, "SE") == ("r1c2", "r2c1", "r2c2")
    assert sc.step(p, "NE") == ("r0c2",)
    assert sc.step(p, "SW") == ("r2c0",)
    for d in ("N", "NW", "W"):
        assert sc.step(p, d) == ()


def test_a_middle_cell_has_8_neighbours():
    assert sc.neighbours("r2c3") == ids("r1c2", "r1c3", "r1c4", "r2c2", "r2c4", "r3c2", "r3c3", "r3c4")
    assert len(sc.orthogonal_neighbours("r7c6")) == 4
    assert len(sc.diagonal_neighbours("r7c6")) == 4


def test_cells_next_to_the_centre_have_no_neighbours_there():
    # above the centre's top edge: two centre cells missing below
    assert sc.neighbours("r3c4") == ids("r2c3", "r2c4", "r2c5", "r3c3", "r3c5", "r4c3")
    # diagonal to the centre's corner: only that corner missing
    assert len(sc.neighbours("r3c3")) == 7
    assert "r4c4" not in ALL_IDS
    assert sc.step("r3c3", "SE") == ()
    for cell in ("r4c3", "r5c3", "r3c4", "r3c5", "r4c6", "r5c6", "r6c4", "r6c5"):
        for n in sc.neighbours(cell):
            assert not set(sc.space(n).cells) & sc.CENTRE_CELLS


def test_a_diagonal_step_past_the_centres_corner_is_allowed():
    assert sc.step("r4c6", "NW") == ("r3c5",)
    assert sc.step("r3c5", "SE") == ("r4c6",)


def test_a_portal_counts_once_among_a_cells_neighbours():
    assert sc.neighbours("r2c1") == ids("portal-suns", "r1c2", "r2c0", "r2c2", "r3c0", "r3c1", "r3c2")
    assert sc.step("r2c1", "N") == sc.step("r2c1", "NW") == ("portal-suns",)
    assert len(sc.neighbours("r0c5")) == 5  # edge cell


space_ids = st.sampled_from(ALL_IDS)
facings = st.sampled_from(sc.FACINGS)


@given(space_ids, facings)
def test_the_step_relation_is_symmetric(a, d):
    for b in sc.step(a, d):
        assert a in sc.step(b, sc.opposite(d))
    for b in ALL_IDS:
        if a in sc.step(b, sc.opposite(d)):
            assert b in sc.step(a, d)


@given(space_ids)
def test_neighbours_are_symmetric(a):
    for b in sc.neighbours(a):
        assert a in sc.neighbours(b)


@given(space_ids, facings, st.integers(0, 3))
def test_the_board_looks_the_same_after_a_quarter_turn(a, d, turns):
    rotated = {sc.rotate_space(b, turns) for b in sc.step(a, d)}
    assert set(sc.step(sc.rotate_space(a, turns), sc.turn(d, 2 * turns))) == rotated


def test_rotate_space_carries_portals_round_clockwise():
    assert [sc.rotate_space("portal-suns", t) for t in range(4)] == [
        "portal-suns",
        "portal-crowns",
        "portal-moons",
        "portal-arms",
    ]
    assert sc.rotate_space("r0c3") == "r3c9"


def test_step_pairs_say_which_corner_of_a_portal_a_step_leaves_from():
    assert sc.step_pairs("portal-suns", "E") == (((0, 1), "r0c2"), ((1, 1), "r1c2"))
    assert sc.step_pairs("portal-suns", "SE") == (((0, 1), "r1c2"), ((1, 0), "r2c1"), ((1, 1), "r2c2"))
    assert sc.step_pairs("portal-suns", "NE") == (((1, 1), "r0c2"),)
    assert sc.step_pairs("portal-suns", "NW") == ()
    assert sc.step_pairs("r6c2", "N") == (((6, 2), "r5c2"),)


@given(st.sampled_from(ALL_IDS), st.sampled_from(sc.FACINGS))
def test_step_pairs_reach_exactly_the_spaces_of_step(a, d):
    assert tuple(sorted({to for _, to in sc.step_pairs(a, d)})) == tuple(sorted(sc.step(a, d)))
    assert all(cell in sc.space(a).cells for cell, _ in sc.step_pairs(a, d))


# --- orb pattern -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pattern():
    return sc.load_orb_pattern()


def test_24_orbs_on_distinct_cells_never_on_a_portal(pattern):
    assert len(pattern.cells) == 24 == len(set(pattern.cells))
    for row, col in pattern.cells:
        s = sc.space_at(row, col)
        assert s is not None and s.kind == "cell"
    assert "own design" in pattern.source


def test_the_pattern_is_kept_by_a_quarter_turn(pattern):
    cells = set(pattern.cells)
    for turns in range(4):
        assert {sc.rotate_cell(c, turns) for c in cells} == cells


def test_every_portal_sees_the_same_arrangement_turned(pattern):
    def view(suit):
        # turn the board so this suit's portal sits where the suns' does
        return {sc.rotate_cell(c, -sc.PORTAL_TURNS[suit]) for c in pattern.cells}

    assert all(view(suit) == view("suns") for suit in sc.SUITS)

    def distances(suit):
        r0, c0 = sc.PORTAL_CORNERS[suit]
        block = [(r0 + i, c0 + j) for i in (0, 1) for j in (0, 1)]
        return sorted(min(max(abs(r - br), abs(c - bc)) for br, bc in block) for r, c in pattern.cells)

    assert all(distances(suit) == distances("suns") for suit in sc.SUITS)


def test_no_orb_touches_a_portal_so_the_first_step_picks_up_nothing(pattern):
    near = {n for p in PORTALS for n in sc.neighbours(p)}
    assert not near & {sc.cell_id(*c) for c in pattern.cells}


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "orbs.toml"
    path.write_text(text)
    return path


def cells_toml(cells) -> str:
    return "orbs = [" + ", ".join(f"[{r}, {c}]" for r, c in cells) + "]\n"


def orbit(cell):
    return [sc.rotate_cell(cell, t) for t in range(4)]


GOOD = [c for rep in [(0, 3), (0, 6), (2, 3), (2, 6), (3, 4), (3, 5)] for c in orbit(rep)]


def test_the_loader_accepts_a_user_pattern_in_any_order(tmp_path):
    shuffled = GOOD[:]
    random.Random(3).shuffle(shuffled)
    got = sc.load_orb_pattern(write(tmp_path, 'name = "mine"\n' + cells_toml(shuffled)))
    assert got.name == "mine" and got.cells == tuple(sorted(GOOD))


@pytest.mark.parametrize(
    ("cells", "message"),
    [
        (GOOD[:-1], "exactly 24 orb positions, found 23"),
        (GOOD[:-1] + [GOOD[0]], r"orb \[\d, \d\] is listed twice"),
        (GOOD[:-4] + orbit((1, 1)), "on the (suns|crowns|moons|arms) portal"),
        (GOOD[:-4] + orbit((4, 4)), "is in the centre"),
        (GOOD[:-1] + [(10, 2)], "off the board"),
        (GOOD[:-1] + [(3, 3)], "not symmetric under a quarter turn"),
    ],
)
def test_the_loader_names_what_breaks_a_rule(tmp_path, cells, message):
    with pytest.raises(ParlourError, match=message):
        sc.load_orb_pattern(write(tmp_path, cells_toml(cells)))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("orbs = [[0, 3], [0, 6]", "not valid TOML"),
        ('name = "x"\n', "needs a list 'orbs"),
        ("orbs = [[0, 3, 1]]\n", r"\[row, col\] with two whole numbers"),
        ('orbs = [["a", 1]]\n', "two whole numbers"),
    ],
)
def test_the_loader_rejects_malformed_files(tmp_path, text, message):
    with pytest.raises(ParlourError, match=message):
        sc.load_orb_pattern(write(tmp_path, text))


def test_a_missing_pattern_file_is_a_user_error(tmp_path):
    with pytest.raises(ParlourError, match=r"orb pattern file .*nope\.toml does not exist"):
        sc.load_orb_pattern(tmp_path / "nope.toml")


@given(st.sets(st.sampled_from([c for c in sc.load_orb_pattern().cells]), min_size=1))
def test_dropping_any_orbs_breaks_the_pattern(dropped):
    kept = [c for c in sc.load_orb_pattern().cells if c not in dropped]
    with pytest.raises(ParlourError):
        sc.validate_orb_cells(kept)


# --- set-up and deal ---------------------------------------------------------------------------


def test_each_sorcerer_starts_on_its_portal_facing_the_centre():
    chamber = sc.setup(4, seed=1)
    got = {(s.suit, s.space, s.facing) for s in chamber.sorcerers}
    assert got == {
        ("suns", "portal-suns", "SE"),
        ("crowns", "portal-crowns", "SW"),
        ("moons", "portal-moons", "NW"),
        ("arms", "portal-arms", "NE"),
    }
    for s in chamber.sorcerers:
        # facing points from the portal's middle towards the board's middle (4.5, 4.5)
        portal = sc.space(s.space)
        dr, dc = sc.VECTORS[s.facing]
        assert (dr, dc) == (
            (1 if portal.row < 4 else -1),
            (1 if portal.col < 4 else -1),
        )


def test_default_suits_by_player_count():
    assert sc.default_suits(2) == ("suns", "moons")
    assert sc.default_suits(3) == ("suns", "moons", "crowns")
    assert sc.default_suits(4) == sc.SUITS
    two = sc.setup(2, seed=0)
    a, b = (sc.space(s.space) for s in two.sorcerers)
    assert (a.row + b.row, a.col + b.col) == (8, 8)  # diagonally opposite corners


def test_chosen_suits_keep_their_order_and_accept_singular_names():
    chamber = sc.setup(3, suits=["Arms", "crown", "suns"], seed=0)
    assert [s.suit for s in chamber.sorcerers] == ["arms", "crowns", "suns"]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 1}, "2 to 4 players"),
        ({"players": 5}, "2 to 4 players"),
        ({"players": 3, "suits": ["suns", "moons"]}, "3 players need 3 suits, got 2"),
        ({"players": 2, "suits": ["suns", "suns"]}, "different suit"),
        ({"players": 2, "suits": ["suns", "hearts"]}, "unknown suit 'hearts'"),
        ({"players": 2, "seed": "x"}, "seed must be a whole number"),
    ],
)
def test_setup_errors(kwargs, message):
    with pytest.raises(ParlourError, match=message):
        sc.setup(**kwargs)


def deal(seed, players=2):
    return [(o.space, o.suit) for o in sc.setup(players, seed=seed).orbs]


def test_the_same_seed_gives_the_same_deal():
    assert deal(7) == deal(7)
    assert sc.setup(3, seed=7).to_json() == sc.setup(3, seed=7).to_json()


def test_different_seeds_give_different_deals():
    deals = {tuple(deal(seed)) for seed in range(20)}
    assert len(deals) == 20


def test_the_deal_does_not_depend_on_player_count():
    assert deal(5, players=2) == deal(5, players=4)


@given(st.integers(min_value=-(2**40), max_value=2**40))
def test_every_deal_puts_six_coins_of_each_suit_on_the_pattern(seed):
    chamber = sc.setup(2, seed=seed)
    assert Counter(o.suit for o in chamber.orbs) == {s: 6 for s in sc.SUITS}
    assert {o.space for o in chamber.orbs} == {sc.cell_id(*c) for c in sc.load_orb_pattern().cells}


def test_the_deal_ignores_the_order_of_the_pattern_file(tmp_path):
    a = sc.OrbPattern("a", "", tuple(GOOD))
    b = sc.OrbPattern("b", "", tuple(reversed(GOOD)))
    assert sc.setup(2, seed=9, pattern=a).orbs == sc.setup(2, seed=9, pattern=b).orbs


def test_a_known_seed_deals_a_known_board():
    # pins the deal: a change to the dealing order (or to random's shuffle) shows up here
    orbs = sc.setup(2, seed=1).orbs
    assert [o.space for o in orbs[:3]] == ["r0c3", "r0c6", "r2c3"]
    assert "".join(o.suit[0] for o in orbs) == "amacacsmmmsmsaccaccsmsas"


def test_tiles_one_of_each_suit_and_rank_aces_on_the_portals():
    tiles = sc.tiles()
    assert len(tiles) == 24
    assert sorted((t.suit, t.rank) for t in tiles) == sorted((s, r) for s in sc.SUITS for r in sc.RANKS)
    blocks = {(t.row, t.col) for t in tiles}
    assert blocks == {(r, c) for r in range(0, 10, 2) for c in range(0, 10, 2)} - {(4, 4)}
    for t in tiles:
        assert (t.face == "suit") == (t.rank == "ace")
        if t.rank == "ace":
            assert (t.row, t.col) == sc.PORTAL_CORNERS[t.suit]


def test_tiles_form_a_pinwheel_each_suit_by_its_portal():
    tiles = sc.tiles()
    by = {(t.row, t.col): (t.suit, t.rank) for t in tiles}
    for t in tiles:
        # turning a tile's block a quarter lands on the next suit's tile of the same rank
        block = [sc.rotate_cell((t.row + i, t.col + j)) for i in (0, 1) for j in (0, 1)]
        suit, rank = by[min(block)]
        assert rank == t.rank
        assert sc.PORTAL_TURNS[suit] == (sc.PORTAL_TURNS[t.suit] + 1) % 4


def test_json_has_the_promised_shape():
    data = sc.setup(3, seed=2).to_json()
    json.dumps(data)  # plain data
    assert {"spaces", "orbs", "sorcerers"} <= set(data)
    assert len(data["spaces"]) == 84
    assert {"id": "portal-moons", "kind": "portal", "row": 8, "col": 8} in data["spaces"]
    assert {"id": "r3c7", "kind": "cell", "row": 3, "col": 7} in data["spaces"]
    space_ids = {s["id"] for s in data["spaces"]}
    assert all(set(o) == {"space", "suit"} and o["space"] in space_ids for o in data["orbs"])
    assert len(data["orbs"]) == 24
    assert data["sorcerers"][0] == {"suit": "suns", "space": "portal-suns", "facing": "SE"}
    assert all(set(s) == {"suit", "space", "facing"} for s in data["sorcerers"])


# --- cheat notes -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def notes():
    return sc.load_notes()


def note_text(notes) -> str:
    parts = [notes.title, notes.footer]
    for section in notes.sections:
        parts.append(section.heading)
        parts.extend(f"{i.term} {i.cost} {i.text}" for i in section.items)
    return " ".join(parts)


def test_notes_cover_the_seven_spells_with_costs(notes):
    spells = {i.term: i for s in notes.sections for i in s.items if s.heading == "Spells"}
    assert list(spells) == ["Zap", "Shield", "Deflect", "Confuse", "Heal", "Warp", "Time"]
    assert all(i.cost for i in spells.values())
    assert spells["Heal"].cost.startswith("2 orbs")
    assert "MATCH = shield FAILS" in spells["Shield"].text
    assert "MATCH = it WORKS" in spells["Deflect"].text
    # one reading with How to play: a failed deflect carries on at you, where a shield may stop it
    assert "else on at you; a Shield may stop it" in spells["Deflect"].text
    assert "3 time stones" in spells["Time"].text


def test_notes_cover_moves_double_use_and_spent_orbs(notes):
    text = note_text(notes)
    for phrase in ("forward-left", "forward-right", "8 ways", "Two moves", "twice", "portal"):
        assert phrase.lower() in text.lower()
    headings = [s.heading for s in notes.sections]
    assert "Orbs of your own suit" in headings and "Orbs back to the board" in headings


def test_notes_cover_the_start_the_stone_and_a_sorcerer_knocked_out(notes):
    # The rules: everyone rolls a die, ranked ace, 5, 4, 3, 2, blank, ties roll again; the
    # fourth die is the sorcerer's stone, passed on to mark the turn. A sorcerer that loses its
    # last pyramid is out, and its orbs go to the portals one at a time, from its own portal
    # clockwise; a sorcerer standing on a portal takes them.
    items = {i.term: i.text for s in notes.sections for i in s.items}
    assert "ace beats 5, 4, 3, 2, blank" in items["Start"] and "ties roll again" in items["Start"]
    assert "sorcerer's stone (the 4th die)" in items["Start"]
    assert "pass the stone on" in items["Two moves"]
    out = items["Knocked out"]
    assert "one by one onto the portals, your own first, then clockwise" in out
    assert "a sorcerer on a portal takes what lands there" in out
    assert "Last pyramid lost" in notes.footer and "out" in notes.footer


def test_notes_fit_a_quarter_letter_page_at_7_5_pt(notes):
    """Measured with the real font: 4.25 x 5.5 in less 1/4 in margins, 1.2 leading."""
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    font = Path(__file__).resolve().parents[3] / "fonts" / "DejaVuSansCondensed.ttf"
    pdfmetrics.registerFont(TTFont("ParlourTestCondensed", str(font)))
    size, width, height = 7.5, 306 - 36, 396 - 36
    lines = 1.5 + 1.0  # title, footer
    for section in notes.sections:
        lines += 1.2
        for i in section.items:
            cost = f" ({i.cost})" if i.cost else ""
            line = f"{i.term}{cost}: {i.text}"
            lines += len(simpleSplit(line, "ParlourTestCondensed", size, width))
    assert lines * size * 1.2 <= height


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('title = ""\n', "'title' must be non-empty text"),
        ('title = "t"\n', "at least one \\[\\[sections\\]\\]"),
        ('title = "t"\n[[sections]]\nheading = "h"\n', "needs a non-empty 'items' list"),
        (
            'title = "t"\n[[sections]]\nheading = "h"\nitems = [{ term = "x" }]\n',
            "item 1 'text' must be non-empty text",
        ),
        ("title = \n", "not valid TOML"),
    ],
)
def test_notes_loader_errors(tmp_path, text, message):
    path = tmp_path / "notes.toml"
    path.write_text(text)
    with pytest.raises(ParlourError, match=message):
        sc.load_notes(path)


def test_notes_are_in_our_own_words(notes):
    from tests.seedtext import copied_runs

    assert copied_runs(note_text(notes)) == []


def test_the_notes_are_called_what_the_rules_call_them(notes):
    # issue 36: the rules ask for "the cheat notes"; the cut-out page is titled so, not "crib"
    from generator.games.rules import model as rm

    assert "cheat notes" in notes.title and "crib" not in notes.title.lower()
    assert "cheat notes" in rm.load_rules("sorcerer").text()
    step = {i.term: i.text for s in notes.sections for i in s.items}["Step"]
    assert "forward-left or forward-right" in step  # the three spaces in front, as the diagrams draw them
