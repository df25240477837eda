"""The Sorcerer's Chamber: the board model, orb pattern, set-up deal and cheat-note content."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator import templates
from generator.errors import ParlourError
from generator.words.spelling import respell

# ---------------------------------------------------------------------------------------------
# Geometry
#
# The chamber is 5 x 5 piecepack tiles with the centre tile missing. Every tile is 2 x 2 cells,
# so the whole board is a 10 x 10 grid of cells: (row, col), both 0-9, row 0 at the top edge of
# the printed diagram, col 0 at its left edge. Compass names follow the page: N is up (row - 1),
# E is right (col + 1).
#
# * The centre (the pervigil per nunc) covers rows 4-5, cols 4-5: no spaces, walled all round.
# * The four corner tiles are the ace tiles, suit side up: the portals. A portal is ONE space
#   covering a 2 x 2 block of cells; it reports its top-left cell.
# * The 20 other tiles lie grid side up; each of their 4 quarter-cells is a space (80 cells).
#   80 cells + 4 portals = 84 spaces.
# * Walls: the outer edge of the board and the four sides of the centre. A diagonal step that
#   only touches a corner of the centre (e.g. r4c6 -> r3c5) does not cross a wall and is allowed.
#
# Stepping from a space in a direction: step from every cell the space covers, keep what lands
# on the board and outside the centre, and drop the space itself. From a cell this gives at
# most one space (a cell, or a portal counted once). From a portal it can give several. Taking
# the suns portal (top-left, cells r0-1 c0-1) as the example:
#   orthogonal: E -> r0c2, r1c2; S -> r2c0, r2c1                        = 4 cells
#   diagonal:   SE -> r1c2 (from r0c1), r2c1 (from r1c0), r2c2 (from r1c1);
#               NE -> r0c2 (from r1c1); SW -> r2c0 (from r1c1)          = 5 cells
# which are the "4 orthogonal and 5 diagonal" moves of the rules. Four of the diagonal
# targets are also orthogonal targets, so the portal touches 5 distinct cells in all.
# Every other direction from that portal leaves the board. The relation is symmetric: B is
# reached from A going d exactly when A is reached from B going the opposite way.
# ---------------------------------------------------------------------------------------------

SIZE = 10
"""Cells along each side of the board (5 tiles x 2 cells)."""

SUITS: tuple[str, ...] = ("suns", "moons", "crowns", "arms")
"""Piecepack suits in the standard order."""

RANKS: tuple[str, ...] = ("null", "ace", "2", "3", "4", "5")
"""Piecepack ranks; every suit has one tile and one coin of each."""

FACINGS: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
"""The 8 facings, clockwise from N (up the page)."""

VECTORS: dict[str, tuple[int, int]] = {
    "N": (-1, 0),
    "NE": (-1, 1),
    "E": (0, 1),
    "SE": (1, 1),
    "S": (1, 0),
    "SW": (1, -1),
    "W": (0, -1),
    "NW": (-1, -1),
}
"""(d_row, d_col) of one step in each facing."""

ORTHOGONAL: tuple[str, ...] = ("N", "E", "S", "W")
DIAGONAL: tuple[str, ...] = ("NE", "SE", "SW", "NW")

CENTRE_CELLS: frozenset[tuple[int, int]] = frozenset({(4, 4), (4, 5), (5, 4), (5, 5)})
"""The pervigil per nunc: the missing centre tile. Three time stones (dice) sit here."""

PORTAL_CORNERS: dict[str, tuple[int, int]] = {
    "suns": (0, 0),
    "crowns": (0, 8),
    "moons": (8, 8),
    "arms": (8, 0),
}
"""Fixed suit -> portal (top-left cell). Clockwise from the top-left: suns, crowns, moons, arms,
so suns and moons sit diagonally opposite (the two-player default), as do crowns and arms."""

PORTAL_TURNS: dict[str, int] = {"suns": 0, "crowns": 1, "moons": 2, "arms": 3}
"""Quarter turns clockwise that carry the suns' corner onto each suit's corner."""

START_FACING: dict[str, str] = {"suns": "SE", "crowns": "SW", "moons": "NW", "arms": "NE"}
"""Each sorcerer starts on its own portal, facing diagonally at the centre."""

Cell = tuple[int, int]
Segment = tuple[tuple[int, int], tuple[int, int]]


def cell_id(row: int, col: int) -> str:
    """The id of the cell space at (row, col), e.g. 'r3c7'."""
    return f"r{row}c{col}"


def portal_id(suit: str) -> str:
    """The id of a suit's portal space, e.g. 'portal-suns'."""
    return f"portal-{suit}"


def rotate_cell(cell: Cell, quarter_turns: int = 1) -> Cell:
    """Turn a cell a quarter clockwise about the board centre, `quarter_turns` times."""
    row, col = cell
    for _ in range(quarter_turns % 4):
        row, col = col, SIZE - 1 - row
    return (row, col)


def turn(facing: str, eighths: int) -> str:
    """The facing `eighths` steps of 45 degrees clockwise (negative: anticlockwise)."""
    return FACINGS[(FACINGS.index(check_facing(facing)) + eighths) % 8]


def opposite(facing: str) -> str:
    """The facing turned half round."""
    return turn(facing, 4)


@dataclass(frozen=True)
class Space:
    """One space a sorcerer or orb may stand on: a cell, or a whole-tile portal."""

    id: str
    kind: str  # "cell" | "portal"
    row: int  # top-left cell
    col: int
    suit: str | None = None  # the portal's suit

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The grid cells this space covers (1, or 4 for a portal)."""
        if self.kind == "portal":
            return tuple((self.row + dr, self.col + dc) for dr in (0, 1) for dc in (0, 1))
        return ((self.row, self.col),)


def _build_board() -> tuple[dict[str, Space], dict[Cell, str]]:
    spaces: dict[str, Space] = {}
    owner: dict[Cell, str] = {}
    portal_at = {corner: suit for suit, corner in PORTAL_CORNERS.items()}
    for row in range(SIZE):
        for col in range(SIZE):
            if (row, col) in CENTRE_CELLS or (row, col) in owner:
                continue
            suit = portal_at.get((row, col))
            if suit is not None:
                space = Space(portal_id(suit), "portal", row, col, suit)
            else:
                space = Space(cell_id(row, col), "cell", row, col)
            spaces[space.id] = space
            for cell in space.cells:
                owner[cell] = space.id
    return spaces, owner


_SPACES, _OWNER = _build_board()


def spaces() -> tuple[Space, ...]:
    """All 84 spaces, in reading order of their top-left cells."""
    return tuple(_SPACES.values())


def space(space_id: str) -> Space:
    """The space with this id; ParlourError if there is none."""
    try:
        return _SPACES[space_id]
    except KeyError:
        raise ParlourError(
            f"no space {space_id!r} on the chamber board: use 'r<row>c<col>' (0-9) or 'portal-<suit>'"
        ) from None


def space_at(row: int, col: int) -> Space | None:
    """The space covering cell (row, col), or None off the board or in the centre."""
    sid = _OWNER.get((row, col))
    return None if sid is None else _SPACES[sid]


def rotate_space(space_id: str, quarter_turns: int = 1) -> str:
    """The space a quarter turn clockwise about the centre carries this one onto."""
    row, col = rotate_cell(space(space_id).cells[0], quarter_turns)
    return _OWNER[(row, col)]


def walls() -> tuple[Segment, ...]:
    """Wall segments as grid points (row, col): point (r, c) is the top-left corner of cell r, c."""
    return (
        ((0, 0), (0, SIZE)),
        ((0, SIZE), (SIZE, SIZE)),
        ((SIZE, SIZE), (SIZE, 0)),
        ((SIZE, 0), (0, 0)),
        ((4, 4), (4, 6)),
        ((4, 6), (6, 6)),
        ((6, 6), (6, 4)),
        ((6, 4), (4, 4)),
    )


def check_facing(facing: str) -> str:
    """The facing itself, or ParlourError naming the 8 facings."""
    if facing not in VECTORS:
        raise ParlourError(f"unknown facing {facing!r}: use one of {', '.join(FACINGS)}")
    return facing


def in_reading_order(ids: Iterable[str]) -> tuple[str, ...]:
    """Distinct space ids sorted by their top-left cells, row by row."""
    return tuple(sorted(set(ids), key=lambda sid: (_SPACES[sid].row, _SPACES[sid].col)))


def step(space_id: str, direction: str) -> tuple[str, ...]:
    """Spaces one step away in `direction` (from any cell of a portal); none past a wall."""
    origin = space(space_id)
    dr, dc = VECTORS[check_facing(direction)]
    found = set()
    for row, col in origin.cells:
        sid = _OWNER.get((row + dr, col + dc))
        if sid is not None and sid != space_id:
            found.add(sid)
    return in_reading_order(found)


def step_pairs(space_id: str, direction: str) -> tuple[tuple[Cell, str], ...]:
    """Like `step`, but says which of the space's cells each step leaves from: (cell, space reached).

    From a cell there is at most one pair. From a portal a direction can give several (a
    diagonal into the board gives three), and two pairs may reach the same space. The drawings
    of moves on and off a portal are made from these pairs.
    """
    origin = space(space_id)
    dr, dc = VECTORS[check_facing(direction)]
    pairs = []
    for row, col in origin.cells:
        sid = _OWNER.get((row + dr, col + dc))
        if sid is not None and sid != space_id:
            pairs.append(((row, col), sid))
    return tuple(pairs)


def orthogonal_neighbours(space_id: str) -> tuple[str, ...]:
    """Spaces one orthogonal step away (a middle cell: 4; a corner portal: 4)."""
    return in_reading_order(n for d in ORTHOGONAL for n in step(space_id, d))


def diagonal_neighbours(space_id: str) -> tuple[str, ...]:
    """Spaces one diagonal step away (a middle cell: 4; a corner portal: 5)."""
    return in_reading_order(n for d in DIAGONAL for n in step(space_id, d))


def neighbours(space_id: str) -> tuple[str, ...]:
    """Distinct spaces one step away in any of the 8 directions (a portal counts once)."""
    return in_reading_order(n for d in FACINGS for n in step(space_id, d))


# ---------------------------------------------------------------------------------------------
# Orb pattern (templates/sorcerer_orbs.toml)
# ---------------------------------------------------------------------------------------------

ORBS_NAME = "sorcerer_orbs.toml"
NOTES_NAME = "sorcerer_notes.toml"
ORBS_FILE = templates.packaged_path(ORBS_NAME)  # the packaged copies; the loaders honour --templates
NOTES_FILE = templates.packaged_path(NOTES_NAME)
ORB_COUNT = 24


@dataclass(frozen=True)
class OrbPattern:
    """Where the 24 energy orbs (coins) start: cells, in reading order."""

    name: str
    source: str
    cells: tuple[Cell, ...]


def _as_cell(value: object, where: str) -> Cell:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise ParlourError(f"{where}: each orb must be [row, col] with two whole numbers, got {value!r}")
    return (value[0], value[1])


def validate_orb_cells(cells: Sequence[Cell], where: str = "orb pattern") -> tuple[Cell, ...]:
    """Check 24 distinct cells, none on a portal or the centre, a quarter turn maps the set onto
    itself; return them in reading order or raise ParlourError naming the first fault."""
    if len(cells) != ORB_COUNT:
        raise ParlourError(f"{where}: needs exactly {ORB_COUNT} orb positions, found {len(cells)}")
    seen: set[Cell] = set()
    for row, col in cells:
        if not (0 <= row < SIZE and 0 <= col < SIZE):
            raise ParlourError(f"{where}: orb [{row}, {col}] is off the board (rows and cols 0-9)")
        if (row, col) in CENTRE_CELLS:
            raise ParlourError(
                f"{where}: orb [{row}, {col}] is in the centre (rows 4-5, cols 4-5 hold no spaces)"
            )
        sp = space_at(row, col)
        if sp is not None and sp.kind == "portal":
            raise ParlourError(
                f"{where}: orb [{row}, {col}] is on the {sp.suit} portal; orbs never start on a portal"
            )
        if (row, col) in seen:
            raise ParlourError(f"{where}: orb [{row}, {col}] is listed twice")
        seen.add((row, col))
    for cell in sorted(seen):
        turned = rotate_cell(cell)
        if turned not in seen:
            raise ParlourError(
                f"{where}: not symmetric under a quarter turn: [{cell[0]}, {cell[1]}] needs a "
                f"partner at [{turned[0]}, {turned[1]}] (row, col -> col, 9 - row)"
            )
    return tuple(sorted(seen))


def load_orb_pattern(path: str | Path | None = None) -> OrbPattern:
    """Read and check an orb pattern file (default: templates/sorcerer_orbs.toml)."""
    path = Path(path) if path is not None else templates.locate(ORBS_NAME)
    data = templates.read_toml_file(path, "orb pattern file")
    raw = data.get("orbs")
    if not isinstance(raw, list):
        raise ParlourError(f"{path}: needs a list 'orbs = [[row, col], ...]' of {ORB_COUNT} cells")
    if len(raw) > 4 * ORB_COUNT:
        raise ParlourError(f"{path}: 'orbs' lists {len(raw):,} cells; a pattern has {ORB_COUNT}")
    cells = [_as_cell(v, str(path)) for v in raw]
    from generator.press import fields

    name = fields.text(data.get("name", path.stem), f"{path}: 'name'", limit=60)
    source = fields.text(data.get("source", ""), f"{path}: 'source'", limit=200, empty=True)
    return OrbPattern(name, source, validate_orb_cells(cells, str(path)))


# ---------------------------------------------------------------------------------------------
# Set-up
# ---------------------------------------------------------------------------------------------

ARM_TILES: dict[Cell, str] = {
    (0, 0): "ace",
    (0, 1): "null",
    (0, 2): "2",
    (1, 2): "3",
    (1, 1): "4",
    (1, 0): "5",
}
"""The suns' six tiles by tile position (tile row, tile col, 0-4): the ace in the corner, then
null, 2, 3, 4, 5 snaking along the top two rows of tiles. Each other suit takes the same arm
turned a quarter clockwise per step round (crowns, moons, arms), so the 24 tiles form a
pinwheel and every suit's tiles fill the arm by its own portal. Grid sides show no suit, so the
arrangement is fixed (it does not depend on the seed) and only helps players find their tiles."""


@dataclass(frozen=True)
class Tile:
    """A piecepack tile on the board; row/col give its top-left cell (even numbers, 0-8)."""

    suit: str
    rank: str
    row: int
    col: int
    face: str  # "suit" (the ace portals) | "grid"


@dataclass(frozen=True)
class Orb:
    """An energy orb (coin, suit side up) on a space."""

    space: str
    suit: str


@dataclass(frozen=True)
class Sorcerer:
    """A player's sorcerer (a stack of three pyramids) on a space, facing one of 8 ways."""

    suit: str
    space: str
    facing: str


@dataclass(frozen=True)
class Chamber:
    """A whole set-up: tiles, dealt orbs and starting sorcerers (players in turn order)."""

    seed: int
    pattern: str
    tiles: tuple[Tile, ...]
    orbs: tuple[Orb, ...]
    sorcerers: tuple[Sorcerer, ...]

    def to_json(self) -> dict[str, Any]:
        """The board model as plain data; rows and cols count cells 0-9 from the top left."""
        return {
            "game": "sorcerer",
            "seed": self.seed,
            "pattern": self.pattern,
            "spaces": [{"id": s.id, "kind": s.kind, "row": s.row, "col": s.col} for s in spaces()],
            "orbs": [{"space": o.space, "suit": o.suit} for o in self.orbs],
            "sorcerers": [{"suit": s.suit, "space": s.space, "facing": s.facing} for s in self.sorcerers],
            "tiles": [
                {"suit": t.suit, "rank": t.rank, "row": t.row, "col": t.col, "face": t.face}
                for t in self.tiles
            ],
        }


def tiles() -> tuple[Tile, ...]:
    """The fixed layout of the 24 tiles (see ARM_TILES), in reading order."""
    out = []
    for suit, turns in PORTAL_TURNS.items():
        for (trow, tcol), rank in ARM_TILES.items():
            row, col = _block_top_left(2 * trow, 2 * tcol, turns)
            face = "suit" if rank == "ace" else "grid"
            out.append(Tile(suit, rank, row, col, face))
    return tuple(sorted(out, key=lambda t: (t.row, t.col)))


def _block_top_left(row: int, col: int, turns: int) -> Cell:
    block = [rotate_cell((row + dr, col + dc), turns) for dr in (0, 1) for dc in (0, 1)]
    return min(block)


def default_suits(players: int) -> tuple[str, ...]:
    """Suits for `players` when none are chosen: the first ones of suns, moons, crowns, arms.

    Two players get suns and moons, whose portals are diagonally opposite.
    """
    _check_players(players)
    return SUITS[:players]


def _check_players(players: int) -> None:
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise ParlourError(f"The Sorcerer's Chamber is for 2 to 4 players, not {players!r}")


def _suit_name(name: str) -> str:
    key = name.strip().lower()
    if key in SUITS:
        return key
    if key + "s" in SUITS:
        return key + "s"
    raise ParlourError(f"unknown suit {name!r}: choose from {', '.join(SUITS)}")


def setup(
    players: int = 2,
    suits: Sequence[str] | None = None,
    seed: int = 0,
    pattern: OrbPattern | None = None,
) -> Chamber:
    """Lay out the chamber: fixed tiles, each sorcerer on its own portal facing the centre, and
    the 24 coins (6 per suit) dealt to the pattern's cells by random.Random(seed)."""
    _check_players(players)
    if suits is None:
        chosen = default_suits(players)
    else:
        chosen = tuple(_suit_name(s) for s in suits)
        if len(chosen) != players:
            raise ParlourError(
                f"{players} players need {players} suits, got {len(chosen)}: {', '.join(chosen)}"
            )
        if len(set(chosen)) != len(chosen):
            raise ParlourError(f"each player needs a different suit, got {', '.join(chosen)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ParlourError(f"the seed must be a whole number, got {seed!r}")
    pattern = pattern if pattern is not None else load_orb_pattern()
    cells = validate_orb_cells(pattern.cells, pattern.name)

    coins = [suit for suit in SUITS for _ in range(ORB_COUNT // len(SUITS))]
    random.Random(seed).shuffle(coins)
    orbs = tuple(Orb(cell_id(*cell), suit) for cell, suit in zip(cells, coins, strict=True))
    sorcerers = tuple(Sorcerer(s, portal_id(s), START_FACING[s]) for s in chosen)
    return Chamber(seed, pattern.name, tiles(), orbs, sorcerers)


# ---------------------------------------------------------------------------------------------
# Cheat notes (templates/sorcerer_notes.toml): content only; the press lays them out.
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class NoteItem:
    """One entry: a bold term, an optional cost, and its text."""

    term: str
    text: str
    cost: str = ""


@dataclass(frozen=True)
class NoteSection:
    """A headed group of entries."""

    heading: str
    items: tuple[NoteItem, ...]


@dataclass(frozen=True)
class Notes:
    """A cheat note, printed four to a page."""

    title: str
    sections: tuple[NoteSection, ...]
    footer: str = ""


def respelled_notes(notes: Notes, spelling: str) -> Notes:
    """The cheat notes with their prose spelled for `spelling` (us or uk)."""

    def say(text: str) -> str:
        return respell(text, spelling)

    return Notes(
        say(notes.title),
        tuple(
            NoteSection(
                say(sec.heading), tuple(NoteItem(say(i.term), say(i.text), say(i.cost)) for i in sec.items)
            )
            for sec in notes.sections
        ),
        say(notes.footer),
    )


MAX_NOTE_TEXT = 400  # characters of one entry of the cheat notes
MAX_NOTE_ITEMS = 40  # sections, and entries of one section


def _text(value: object, where: str, required: bool = True) -> str:
    from generator.press import fields

    if value is None and not required:
        return ""
    if not isinstance(value, str) or (required and not value.strip()):
        raise ParlourError(f"{where} must be non-empty text")
    return fields.text(value, where, limit=MAX_NOTE_TEXT, empty=not required)


def _tables(raw: object, empty: str, place: str, not_table: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each table of a non-empty TOML array of tables, with the place to name in its errors."""
    if not isinstance(raw, list) or not raw:
        raise ParlourError(empty)
    if len(raw) > MAX_NOTE_ITEMS:
        raise ParlourError(f"{place}s: {len(raw):,} of them; keep it to {MAX_NOTE_ITEMS}")
    for i, entry in enumerate(raw, 1):
        at = f"{place} {i}"
        if not isinstance(entry, dict):
            raise ParlourError(f"{at} {not_table}")
        yield at, entry


def load_notes(path: str | Path | None = None) -> Notes:
    """Read and check the cheat-note text (default: templates/sorcerer_notes.toml)."""
    path = Path(path) if path is not None else templates.locate(NOTES_NAME)
    data = templates.read_toml_file(path, "cheat notes file")
    title = _text(data.get("title"), f"{path}: 'title'")
    sections = []
    for where, raw in _tables(
        data.get("sections"),
        f"{path}: needs at least one [[sections]] table",
        f"{path}: section",
        "must be a table with 'heading' and 'items'",
    ):
        heading = _text(raw.get("heading"), f"{where} 'heading'")
        items = [
            NoteItem(
                _text(item.get("term"), f"{at} 'term'"),
                _text(item.get("text"), f"{at} 'text'"),
                _text(item.get("cost"), f"{at} 'cost'", required=False),
            )
            for at, item in _tables(
                raw.get("items"),
                f"{where} ({heading}) needs a non-empty 'items' list",
                f"{where} ({heading}) item",
                "must be a table { term = ..., text = ... }",
            )
        ]
        sections.append(NoteSection(heading, tuple(items)))
    footer = _text(data.get("footer"), f"{path}: 'footer'", required=False)
    return Notes(title, tuple(sections), footer)
