"""The Sorcerer's Chamber on paper: the set-up diagram, the full-size board in pieces, cheat notes, move diagrams."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from generator.games import sorcerer as sc
from generator.press.document import Page, PageInfo
from generator.press.fonts import FACES, FONTS_DIR, runs, string_width
from generator.press.paper import MARGIN, Paper, inch, mm
from generator.press.style import Style
from generator.press.text import TextFitError, TextStyle, draw_text, text_at

RGB = tuple[float, float, float]
Box = tuple[float, float, float, float]
Window = tuple[int, int, int, int]  # first row, first col, last row, last col (cells, inclusive)


def _hex(code: str) -> RGB:
    return (int(code[1:3], 16) / 255, int(code[3:5], 16) / 255, int(code[5:7], 16) / 255)


#: Piecepack suit glyphs (all in DejaVu Sans) and colour-blind-safe suit colours.
SUIT_GLYPHS: dict[str, str] = {"suns": "❂", "moons": "◐", "crowns": "♛", "arms": "⚜"}
SUIT_COLOURS: dict[str, RGB] = {
    "suns": _hex("#D55E00"),
    "moons": _hex("#000000"),
    "crowns": _hex("#009E73"),
    "arms": _hex("#0072B2"),
}
RANK_LABELS: dict[str, str] = {"null": "0", "ace": "A", "2": "2", "3": "3", "4": "4", "5": "5"}
WHITE: RGB = (1.0, 1.0, 1.0)

#: Real sizes of the pieces (piecepack reference set and pyramids).
TILE = 2 * inch
CELL = inch
COIN = 0.75 * inch
DIE = 0.5 * inch
SORCERER = 5 / 8 * inch  # the base of the largest of the three smallest pyramids
BOARD = sc.SIZE * CELL  # 10 in

#: Facing -> angle in degrees on the page (0 = right, counter-clockwise; N is up the page).
ANGLES: dict[str, float] = {"E": 0, "NE": 45, "N": 90, "NW": 135, "W": 180, "SW": 225, "S": 270, "SE": 315}


def suit_colour(suit: str, style: Style) -> RGB:
    """The suit's colour, or plain ink when saving ink (the glyph then tells suits apart)."""
    return style.ink if style.ink_saver else SUIT_COLOURS[suit]


def pale(rgb: RGB, keep: float) -> RGB:
    """`rgb` mixed with white, keeping `keep` of the colour."""
    return tuple(1 - keep * (1 - v) for v in rgb)  # type: ignore[return-value]


# ---------------------------------------------------------------------------------------------
# Text and glyph helpers (all through the press's glyph fallback)
# ---------------------------------------------------------------------------------------------


@cache
def _ink_extent(face: str, ch: str) -> tuple[float, float]:
    """(bottom, top) of a glyph's ink above the baseline, per point of size."""
    from PIL import ImageFont

    font = ImageFont.truetype(str(FONTS_DIR / FACES[face]), 1000)
    _, top, _, bottom = font.getbbox(ch, anchor="ls")
    return (-bottom / 1000, -top / 1000)


def glyph_centred(
    c: Canvas, ch: str, x: float, y: float, size: float, color: RGB, face: str = "Sans"
) -> None:
    """Draw one glyph with the middle of its ink at (x, y)."""
    face = runs(ch, face)[0][0]
    bottom, top = _ink_extent(face, ch)
    text_at(c, ch, x, y - size * (bottom + top) / 2, face, size, color, "centre")


# ---------------------------------------------------------------------------------------------
# Board geometry
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardGeom:
    """Where the 10 x 10 cell board sits on the page: its top-left corner and the cell size (points)."""

    left: float
    top: float
    cell: float

    @property
    def size(self) -> float:
        return sc.SIZE * self.cell

    def x(self, col: float) -> float:
        """Page x of the grid line left of column `col` (fractions allowed)."""
        return self.left + col * self.cell

    def y(self, row: float) -> float:
        """Page y of the grid line above row `row` (fractions allowed)."""
        return self.top - row * self.cell

    def cell_centre(self, row: float, col: float) -> tuple[float, float]:
        return (self.x(col + 0.5), self.y(row + 0.5))

    def space_centre(self, space_id: str) -> tuple[float, float]:
        sp = sc.space(space_id)
        span = 2 if sp.kind == "portal" else 1
        return (self.x(sp.col + span / 2), self.y(sp.row + span / 2))


# ---------------------------------------------------------------------------------------------
# Pieces: orbs, sorcerers, dice, arrows, registration marks
# ---------------------------------------------------------------------------------------------


def draw_orb(c: Canvas, x: float, y: float, d: float, suit: str, style: Style) -> None:
    """An energy orb: a coin, suit side up. Colour: a suit-coloured disc; ink-saver: an outlined disc."""
    c.saveState()
    if style.ink_saver:
        c.setFillColorRGB(*WHITE)
        c.setStrokeColorRGB(*style.ink)
        c.setLineWidth(max(0.6, d * 0.03))
        c.circle(x, y, d / 2, stroke=1, fill=1)
        glyph_centred(c, SUIT_GLYPHS[suit], x, y, d * 0.62, style.ink)
    else:
        c.setFillColorRGB(*SUIT_COLOURS[suit])
        c.setStrokeColorRGB(*style.ink)
        c.setLineWidth(max(0.4, d * 0.015))
        c.circle(x, y, d / 2, stroke=1, fill=1)
        glyph_centred(c, SUIT_GLYPHS[suit], x, y, d * 0.62, WHITE)
    c.restoreState()


def draw_orb_ring(c: Canvas, x: float, y: float, d: float, style: Style) -> None:
    """Where an orb starts, on the playing board: a dashed ring the size of a coin."""
    c.saveState()
    c.setStrokeColorRGB(*style.rule)
    c.setLineWidth(0.7)
    c.setDash(3, 2.5)
    c.circle(x, y, d / 2, stroke=1, fill=0)
    c.restoreState()


def draw_arrow(
    c: Canvas,
    x1: float,
    y1: float,
    x2: float,
    y2: float,
    color: RGB,
    width: float = 1.2,
    head: float = 6.0,
    both: bool = False,
    dash: Sequence[float] | None = None,
) -> None:
    """A straight arrow from (x1, y1) to (x2, y2) with a filled head (two heads when `both`)."""
    length = math.hypot(x2 - x1, y2 - y1)
    if length < 1e-6:
        return
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    c.saveState()
    c.setStrokeColorRGB(*color)
    c.setFillColorRGB(*color)
    c.setLineWidth(width)
    c.setLineCap(0)
    if dash:
        c.setDash(*dash)
    sx, sy = (x1 + ux * head * 0.8, y1 + uy * head * 0.8) if both else (x1, y1)
    c.line(sx, sy, x2 - ux * head * 0.8, y2 - uy * head * 0.8)
    c.setDash()
    ends = [(x2, y2, ux, uy)] + ([(x1, y1, -ux, -uy)] if both else [])
    for tx, ty, vx, vy in ends:
        p = c.beginPath()
        p.moveTo(tx, ty)
        p.lineTo(tx - vx * head - vy * head * 0.42, ty - vy * head + vx * head * 0.42)
        p.lineTo(tx - vx * head + vy * head * 0.42, ty - vy * head - vx * head * 0.42)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    c.restoreState()


def _sorcerer_body(c: Canvas, size: float, suit: str, style: Style) -> None:
    """The bottom pyramid seen from above, drawn with its front towards +x: base, dark front face, ridges."""
    col = suit_colour(suit, style)
    h = size / 2
    c.setLineJoin(0)
    c.setLineWidth(max(0.5, size * 0.025))
    c.setStrokeColorRGB(*(style.ink if style.ink_saver else col))
    c.setFillColorRGB(*(WHITE if style.ink_saver else pale(col, 0.35)))
    c.rect(-h, -h, size, size, stroke=1, fill=1)
    p = c.beginPath()  # the front face (where the suit marks look), filled solid
    p.moveTo(h, -h)
    p.lineTo(h, h)
    p.lineTo(0, 0)
    p.close()
    c.setFillColorRGB(*col)
    c.drawPath(p, stroke=0, fill=1)
    for sx, sy in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
        c.line(0, 0, sx * h, sy * h)


def draw_sorcerer(c: Canvas, x: float, y: float, size: float, suit: str, facing: str, style: Style) -> None:
    """A sorcerer seen from above: three stacked pyramids (nested squares with their ridges), the front
    face dark, the suit glyph on the apex, and an arrow showing the facing. `size` is the base width."""
    col = suit_colour(suit, style)
    h = size / 2
    c.saveState()
    c.translate(x, y)
    c.rotate(ANGLES[facing])  # the sorcerer's front now faces +x
    _sorcerer_body(c, size, suit, style)
    c.setLineWidth(max(0.35, size * 0.018))  # the two upper pyramids' bases
    for k in (0.68, 0.38):
        c.rect(-h * k, -h * k, size * k, size * k, stroke=1, fill=0)
    c.restoreState()
    # the suit glyph on a small disc at the apex (upright, not turned with the sorcerer)
    c.saveState()
    c.setFillColorRGB(*WHITE)
    c.setStrokeColorRGB(*col)
    c.setLineWidth(max(0.35, size * 0.015))
    c.circle(x, y, size * 0.19, stroke=1, fill=1)
    glyph_centred(c, SUIT_GLYPHS[suit], x, y, size * 0.27, col)
    c.restoreState()
    # the facing arrow, from the front face outwards
    a = math.radians(ANGLES[facing])
    ux, uy = math.cos(a), math.sin(a)
    start, end = h * 1.02, h + size * 0.55
    draw_arrow(
        c,
        x + ux * start,
        y + uy * start,
        x + ux * end,
        y + uy * end,
        style.ink,
        width=max(0.9, size * 0.05),
        head=size * 0.24,
    )


PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0, 0),),
    2: ((-0.25, 0.25), (0.25, -0.25)),
    3: ((-0.25, 0.25), (0, 0), (0.25, -0.25)),
}


def draw_die(c: Canvas, x: float, y: float, size: float, pips: int, style: Style) -> None:
    """A die (a time stone) centred on (x, y)."""
    c.saveState()
    c.setFillColorRGB(*WHITE)
    c.setStrokeColorRGB(*style.ink)
    c.setLineWidth(max(0.5, size * 0.035))
    c.roundRect(x - size / 2, y - size / 2, size, size, size * 0.15, stroke=1, fill=1)
    c.setFillColorRGB(*style.ink)
    for px, py in PIPS[pips]:
        c.circle(x + px * size, y + py * size, size * 0.075, stroke=0, fill=1)
    c.restoreState()


def draw_mark(c: Canvas, x: float, y: float, style: Style, r: float = 3 * mm) -> None:
    """A registration mark: a circle and a cross whose arms run past it."""
    c.saveState()
    c.setStrokeColorRGB(*style.ink)
    c.setFillColorRGB(*WHITE)
    c.setLineWidth(0.5)
    c.circle(x, y, r, stroke=1, fill=1)
    c.line(x - 1.8 * r, y, x + 1.8 * r, y)
    c.line(x, y - 1.8 * r, x, y + 1.8 * r)
    c.restoreState()


# ---------------------------------------------------------------------------------------------
# The chamber
# ---------------------------------------------------------------------------------------------


def wall_width(cell: float) -> float:
    """Line width of a wall for this cell size (heavy: about 1/15 of a cell, never under 2 pt)."""
    return max(2.0, cell * 0.065)


def _centre_box(g: BoardGeom) -> Box:
    return (g.x(4), g.y(6), 2 * g.cell, 2 * g.cell)


def draw_chamber(
    c: Canvas,
    g: BoardGeom,
    style: Style,
    chamber: sc.Chamber | None = None,
    *,
    orbs: str = "coins",
    sorcerers: bool = True,
    tile_labels: bool = True,
    tile_fills: bool = True,
    centre_text: bool = True,
    portal_art: bool = True,
    walls: bool = True,
    window: Window | None = None,
) -> None:
    """The board: tiles, quarter-cell grid, portals, the centre with its dice, walls, then (from `chamber`)
    orbs as coins ("coins") or dashed start rings ("rings") or not at all ("none"), and sorcerers.

    Sizes follow the cell: tiles are 2 cells, coins 3/4, dice 1/2, sorcerers 5/8 of a cell, as on
    the table (a cell is 1 in at full size). With a `window` (first row, first col, last row, last
    col) only what touches those cells is drawn; the caller clips to it, and no hidden text is left
    in the PDF.
    """
    k = g.cell

    def seen(row: int, col: int, span: int = 1) -> bool:
        if window is None:
            return True
        r0, c0, r1, c1 = window
        return row <= r1 and row + span - 1 >= r0 and col <= c1 and col + span - 1 >= c0

    tiles = tuple(t for t in (chamber.tiles if chamber is not None else sc.tiles()) if seen(t.row, t.col, 2))
    # tile faces
    c.saveState()
    for t in tiles:
        x, y = g.x(t.col), g.y(t.row + 2)
        if t.face == "suit":
            fill = None if style.ink_saver else pale(SUIT_COLOURS[t.suit], 0.16)
        else:
            fill = style.tint if (tile_fills and style.fills) else None
        if fill is not None:
            c.setFillColorRGB(*fill)
            c.rect(x, y, 2 * k, 2 * k, stroke=0, fill=1)
    # quarter-cell grid on grid-side tiles
    c.setStrokeColorRGB(*style.rule)
    c.setLineWidth(max(0.35, k * 0.008))
    for t in tiles:
        if t.face == "grid":
            c.line(g.x(t.col + 1), g.y(t.row), g.x(t.col + 1), g.y(t.row + 2))
            c.line(g.x(t.col), g.y(t.row + 1), g.x(t.col + 2), g.y(t.row + 1))
    # tile edges
    c.setStrokeColorRGB(*style.ink)
    c.setLineWidth(max(0.6, k * 0.016))
    for t in tiles:
        c.rect(g.x(t.col), g.y(t.row + 2), 2 * k, 2 * k, stroke=1, fill=0)
    c.restoreState()

    for t in tiles:
        if t.face == "suit":
            big = portal_art and not (sorcerers and _occupied(chamber, t.suit))
            _draw_portal_face(c, g, t, style, big=big, label=portal_art)
        elif tile_labels:
            label = f"{SUIT_GLYPHS[t.suit]}{RANK_LABELS[t.rank]}"
            size = min(6.5, k * 0.11)
            text_at(
                c, label, g.x(t.col) + k * 0.05, g.y(t.row) - k * 0.05 - size * 0.8, "Cond", size, style.muted
            )

    if seen(4, 4, 2):
        _draw_centre(c, g, style, centre_text)

    if walls:
        c.saveState()
        c.setStrokeColorRGB(*style.ink)
        c.setLineJoin(0)
        c.setLineWidth(wall_width(k))
        c.rect(g.x(0), g.y(sc.SIZE), g.size, g.size, stroke=1, fill=0)
        c.rect(*_centre_box(g), stroke=1, fill=0)
        c.restoreState()

    if chamber is None:
        return
    for orb in chamber.orbs:
        if not seen(sc.space(orb.space).row, sc.space(orb.space).col):
            continue
        x, y = g.space_centre(orb.space)
        if orbs == "coins":
            draw_orb(c, x, y, 0.75 * k, orb.suit, style)
        elif orbs == "rings":
            draw_orb_ring(c, x, y, 0.75 * k, style)
    if sorcerers:
        for s in chamber.sorcerers:
            sp = sc.space(s.space)
            if not seen(sp.row, sp.col, 2 if sp.kind == "portal" else 1):
                continue
            x, y = g.space_centre(s.space)
            draw_sorcerer(c, x, y, 0.625 * k, s.suit, s.facing, style)


def _occupied(chamber: sc.Chamber | None, suit: str) -> bool:
    return chamber is not None and any(s.space == sc.portal_id(suit) for s in chamber.sorcerers)


def _draw_portal_face(
    c: Canvas, g: BoardGeom, t: sc.Tile, style: Style, big: bool, label: bool = True
) -> None:
    """An ace tile, suit up: 'A' and the suit in its outer corner; the suit large in the middle unless a
    sorcerer stands there."""
    k = g.cell
    col = suit_colour(t.suit, style)
    # the outer corner of this portal is the board corner it sits in
    right = t.col > 0
    low = t.row > 0
    cx = g.x(t.col + (1.62 if right else 0.38))
    cy = g.y(t.row + (1.62 if low else 0.38))
    glyph_centred(c, SUIT_GLYPHS[t.suit], cx, cy + k * 0.02, k * 0.36, col)
    text_at(c, "A", cx + (-k * 0.3 if right else k * 0.3), cy - k * 0.1, "Sans-Bold", k * 0.24, col, "centre")
    mx, my = g.x(t.col + 1), g.y(t.row + 1)
    if big:
        glyph_centred(c, SUIT_GLYPHS[t.suit], mx, my, k * 1.1, pale(col, 0.22 if style.ink_saver else 0.35))
    if label:
        size = min(7.0, k * 0.13)
        ly = g.y(t.row + (0.2 if low else 1.8)) - size * 0.35
        text_at(c, "portal", mx, ly, "Cond", size, style.muted, "centre")


def _draw_centre(c: Canvas, g: BoardGeom, style: Style, with_text: bool) -> None:
    """The pervigil per nunc: no tile, three dice (the time stones)."""
    k = g.cell
    x, y, w, h = _centre_box(g)
    c.saveState()
    if style.fills:
        c.setFillColorRGB(*pale(style.muted, 0.18))
        c.rect(x, y, w, h, stroke=0, fill=1)
    else:
        p = c.beginPath()
        p.rect(x, y, w, h)
        c.clipPath(p, stroke=0, fill=0)
        c.setStrokeColorRGB(*style.rule)
        c.setLineWidth(0.4)
        step = k * 0.25
        n = int(2 * w / step) + 2
        for i in range(n):
            o = i * step
            c.line(x + o - h, y, x + o, y + h)
    c.restoreState()
    # the dice sit in the upper half and the words in the lower, leaving the middle (where the pieces
    # of the full-size board meet, and their registration mark sits) clear
    top = y + h
    for i, dx in enumerate((-0.62, 0.0, 0.62)):
        draw_die(c, x + w / 2 + dx * k, top - 0.55 * k, 0.5 * k, i + 1, style)
    if with_text:
        size = min(8.0, k * 0.13)
        pad_w = string_width("pervigil per nunc", "Cond-Bold", size) + 0.12 * k
        for text, ty, face in (
            ("pervigil per nunc", top - 1.42 * k, "Cond-Bold"),
            ("3 time stones", top - 1.72 * k, "Cond"),
        ):
            c.saveState()
            c.setFillColorRGB(*WHITE)
            c.rect(x + (w - pad_w) / 2, ty - size * 0.3, pad_w, size * 1.2, stroke=0, fill=1)
            c.restoreState()
            text_at(c, text, x + w / 2, ty, face, size, style.ink, "centre")


def draw_indices(c: Canvas, g: BoardGeom, style: Style) -> None:
    """Row numbers down the left and column numbers across the top (as in --json ids: r<row>c<col>)."""
    size = min(6.5, g.cell * 0.12)
    gap = g.cell * 0.12 + 2
    for i in range(sc.SIZE):
        x, y = g.cell_centre(i, i)
        text_at(c, str(i), x, g.top + gap, "Cond", size, style.muted, "centre")
        text_at(c, str(i), g.left - gap, y - size * 0.35, "Cond", size, style.muted, "right")


# ---------------------------------------------------------------------------------------------
# The set-up diagram (one page)
# ---------------------------------------------------------------------------------------------

TITLE_H = 17 * mm
LEGEND_H = 50 * mm


def setup_geom(paper: Paper) -> BoardGeom:
    """Where the scaled board sits on the set-up page: as large as fits between title and legend."""
    w, h = paper.size
    label = 5 * mm  # room for the row/column numbers
    avail_w = w - 2 * MARGIN - 2 * label
    avail_h = h - 2 * MARGIN - TITLE_H - LEGEND_H - label - 4 * mm
    cell = min(avail_w, avail_h) / sc.SIZE
    size = cell * sc.SIZE
    return BoardGeom((w - size) / 2, h - MARGIN - TITLE_H - label, cell)


def _player_lines(chamber: sc.Chamber) -> str:
    corner = {"suns": "top left", "crowns": "top right", "moons": "bottom right", "arms": "bottom left"}
    parts = [
        f"{SUIT_GLYPHS[s.suit]} {s.suit} ({corner[s.suit]}, facing {s.facing})" for s in chamber.sorcerers
    ]
    return f"{len(parts)} players: " + ", ".join(parts) + "."


def setup_page(chamber: sc.Chamber, pattern_name: str, label: str = "Sorcerer's Chamber: set-up") -> Page:
    """The set-up diagram: the whole chamber scaled to the page, with a legend."""

    def draw(c: Canvas, info: PageInfo) -> None:
        s = info.style
        w, h = info.paper.size
        g = setup_geom(info.paper)
        draw_text(
            c,
            f"The Sorcerer's Chamber: set-up for {len(chamber.sorcerers)} players",
            MARGIN,
            h - MARGIN - 10 * mm,
            w - 2 * MARGIN,
            10 * mm,
            TextStyle("Serif-Bold", 17, 11, align="left", valign="bottom", color=s.accent),
            "set-up title",
        )
        scale = g.cell / CELL * 100
        draw_text(
            c,
            f"Seed {chamber.seed}  ·  orb pattern “{pattern_name}”, parlour's own (the original diagram is lost)"
            f"  ·  shown at {scale:.0f} % of full size",
            MARGIN,
            h - MARGIN - TITLE_H + 1 * mm,
            w - 2 * MARGIN,
            6 * mm,
            TextStyle("Sans", 8.5, 6.5, align="left", valign="middle", color=s.muted),
            "set-up subtitle",
        )
        draw_chamber(c, g, s, chamber)
        draw_indices(c, g, s)
        _draw_legend(c, info, chamber, g)

    return Page(draw, label, bookmark="Set-up diagram")


def _draw_legend(c: Canvas, info: PageInfo, chamber: sc.Chamber, g: BoardGeom) -> None:
    s = info.style
    w, _ = info.paper.size
    top = g.y(sc.SIZE) - 5 * mm
    bottom = MARGIN + 1 * mm
    left, right = MARGIN, w - MARGIN
    col_w = (right - left - 6 * mm) / 2
    icon = 9 * mm
    rows = 4
    row_h = min(9.5 * mm, (top - bottom - 12 * mm) / rows)
    body = TextStyle("Cond", 8.5, 6.5, align="left", valign="middle", leading=1.15, color=s.ink)

    def entry(i: int, column: int, text: str) -> tuple[float, float]:
        x = left + column * (col_w + 6 * mm)
        y = top - (i + 1) * row_h
        draw_text(c, text, x + icon + 2.5 * mm, y, col_w - icon - 2.5 * mm, row_h, body, "set-up legend")
        return x + icon / 2, y + row_h / 2

    # left column: the board
    x, y = entry(0, 0, "Portal: an ace tile, suit side up, in a corner. One space, the size of a tile.")
    c.saveState()
    if not s.ink_saver:
        c.setFillColorRGB(*pale(SUIT_COLOURS["arms"], 0.16))
        c.rect(x - icon / 2, y - icon / 2, icon, icon, stroke=0, fill=1)
    c.setStrokeColorRGB(*s.ink)
    c.setLineWidth(0.6)
    c.rect(x - icon / 2, y - icon / 2, icon, icon, stroke=1, fill=0)
    c.restoreState()
    glyph_centred(c, SUIT_GLYPHS["arms"], x, y, icon * 0.55, suit_colour("arms", s))

    x, y = entry(
        1,
        0,
        "Grid tile, grid side up: four spaces (cells). Grey labels such as ❂2 suggest which tile goes where.",
    )
    c.saveState()
    if s.fills:
        c.setFillColorRGB(*s.tint)
        c.rect(x - icon / 2, y - icon / 2, icon, icon, stroke=0, fill=1)
    c.setStrokeColorRGB(*s.rule)
    c.setLineWidth(0.4)
    c.line(x, y - icon / 2, x, y + icon / 2)
    c.line(x - icon / 2, y, x + icon / 2, y)
    c.setStrokeColorRGB(*s.ink)
    c.setLineWidth(0.6)
    c.rect(x - icon / 2, y - icon / 2, icon, icon, stroke=1, fill=0)
    c.restoreState()

    x, y = entry(
        2, 0, "Wall (heavy line): the outer edge and the four sides of the centre. Steps and zaps stop there."
    )
    c.saveState()
    c.setStrokeColorRGB(*s.ink)
    c.setLineWidth(wall_width(g.cell))
    c.line(x - icon / 2, y, x + icon / 2, y)
    c.restoreState()

    x, y = entry(3, 0, "Centre, the pervigil per nunc: no tile. Put three dice there: the time stones.")
    draw_die(c, x, y, icon * 0.6, 3, s)

    # right column: the pieces
    x, y = entry(0, 1, "Energy orbs: the 24 coins, suit side up. ❂ suns, ◐ moons, ♛ crowns, ⚜ arms.")
    for j, suit in enumerate(sc.SUITS):
        draw_orb(
            c,
            x - icon * 0.25 + (j % 2) * icon * 0.5,
            y + icon * 0.25 - (j // 2) * icon * 0.5,
            icon * 0.46,
            suit,
            s,
        )
    x, y = entry(
        1, 1, "Sorcerer: your suit's three smallest pyramids, stacked. The arrow points the way it faces."
    )
    draw_sorcerer(c, x - icon * 0.12, y, icon * 0.55, "crowns", "E", s)
    entry(2, 1, _player_lines(chamber))
    entry(
        3,
        1,
        "Numbers round the edge: rows and columns, as in --json (r3c7 is row 3, column 7).",
    )
    note = (
        "Lay the 24 tiles 5 × 5 with the middle left empty. Sorcerers start on their own portals facing the "
        "centre. The coins' suits come from the seed; the rules' own way also works: deal the coins face "
        "down on these spots at random, then turn them up. Who starts: everyone rolls a die, ace highest, "
        "then 5, 4, 3, 2 and blank last; tied players roll again. Three dice go to the centre as time "
        "stones; the starting player keeps the fourth, the sorcerer's stone, and hands it on at the end "
        "of each turn to show whose turn it is."
    )
    draw_text(
        c,
        note,
        left,
        bottom,
        right - left,
        top - rows * row_h - bottom - 1 * mm,
        TextStyle("Sans", 8, 6.5, align="left", valign="middle", leading=1.2, color=s.muted),
        "set-up note",
    )


# ---------------------------------------------------------------------------------------------
# The full-size board, in pieces to tape together
# ---------------------------------------------------------------------------------------------

OVERLAP = 12 * mm  # the glue strip one piece lays over
OUT = 10 * mm  # paper kept outside the board's outer edge (registration marks)
CUT_PAD = 9 * mm  # paper kept beyond a cut line (the cut label)
STRIP_PAD = 6 * mm  # paper kept beyond a glue strip (the strip label)
HEADER_H = 25 * mm  # the piece's title and instructions


@dataclass(frozen=True)
class Piece:
    """One page of the full-size board. Board coordinates (u, v) are points from the board's top-left
    corner, u to the right and v down; `origin` is where that corner lands on the page."""

    name: str  # e.g. "A1": row letter, column number
    row: int
    col: int
    rows: int
    cols: int
    shown: Box  # (u0, v0, u1, v1): the part of the board printed, strips included
    region: Box  # (u0, v0, u1, v1): shown plus the paper kept round it
    origin: tuple[float, float]
    cut: tuple[str, ...]  # edges of `shown` to cut along ("left", "top")
    strips: tuple[str, ...]  # edges carrying a glue strip ("right", "bottom")
    marks: tuple[tuple[float, float], ...]  # registration marks, board coordinates

    @property
    def geom(self) -> BoardGeom:
        return BoardGeom(self.origin[0], self.origin[1], CELL)

    def page_xy(self, u: float, v: float) -> tuple[float, float]:
        return (self.origin[0] + u, self.origin[1] - v)

    @property
    def position(self) -> str:
        if self.rows == 2 and self.cols == 2:
            return ("top" if self.row == 0 else "bottom") + " " + ("left" if self.col == 0 else "right")
        return f"row {self.row + 1}, column {self.col + 1}"


def piece_name(row: int, col: int) -> str:
    return f"{chr(ord('A') + row)}{col + 1}"


def _splits(n: int) -> list[float]:
    """Seams between n pieces along one side, on cell lines, as even as cells allow."""
    return [round(sc.SIZE * i / n) * CELL for i in range(n + 1)]


def _span(splits: list[float], j: int) -> tuple[float, float, float, float]:
    """(u0, u1, pad before, pad after) of piece j along one axis."""
    last = len(splits) - 2
    u0 = splits[j]
    u1 = splits[j + 1] + (OVERLAP if j < last else 0.0)
    return u0, u1, (OUT if j == 0 else CUT_PAD), (OUT if j == last else STRIP_PAD)


def _fits(splits: list[float], room: float) -> bool:
    """True if every piece along this axis, with the paper kept round it, fits in `room`."""
    for j in range(len(splits) - 1):
        u0, u1, before, after = _span(splits, j)
        if u1 - u0 + before + after > room:
            return False
    return True


def full_size_pieces(paper: Paper) -> list[Piece]:
    """Cut the 10 in board into the fewest portrait pages that hold it at real size, with glue strips."""
    w, h = paper.size
    room_w = w - 2 * MARGIN
    room_h = h - 2 * MARGIN - HEADER_H
    cols = next(n for n in range(1, 10) if _fits(_splits(n), room_w))
    rows = next(n for n in range(1, 10) if _fits(_splits(n), room_h))
    us, vs = _splits(cols), _splits(rows)
    # registration marks: along every seam, at its ends outside the board, where seams cross, and
    # half-way along each piece's stretch of seam (on a cell line)
    marks: set[tuple[float, float]] = set()
    for seam in us[1:-1]:
        marks |= {(seam, -OUT / 2), (seam, BOARD + OUT / 2)}
        marks |= {(seam, v) for v in vs[1:-1]}
        marks |= {(seam, vs[i] + math.floor((vs[i + 1] - vs[i]) / CELL / 2) * CELL) for i in range(rows)}
    for seam in vs[1:-1]:
        marks |= {(-OUT / 2, seam), (BOARD + OUT / 2, seam)}
        marks |= {(us[j] + math.floor((us[j + 1] - us[j]) / CELL / 2) * CELL, seam) for j in range(cols)}
    pieces = []
    for r in range(rows):
        v0, v1, top_pad, bottom_pad = _span(vs, r)
        for cidx in range(cols):
            u0, u1, left_pad, right_pad = _span(us, cidx)
            region = (u0 - left_pad, v0 - top_pad, u1 + right_pad, v1 + bottom_pad)
            page_left = MARGIN + (room_w - (region[2] - region[0])) / 2
            page_top = h - MARGIN - HEADER_H - (room_h - (region[3] - region[1])) / 2
            origin = (page_left - region[0], page_top + region[1])
            cut = tuple(e for e, on in (("left", cidx > 0), ("top", r > 0)) if on)
            strips = tuple(e for e, on in (("right", cidx < cols - 1), ("bottom", r < rows - 1)) if on)
            inside = tuple(
                sorted(m for m in marks if region[0] <= m[0] <= region[2] and region[1] <= m[1] <= region[3])
            )
            pieces.append(
                Piece(
                    piece_name(r, cidx),
                    r,
                    cidx,
                    rows,
                    cols,
                    (u0, v0, u1, v1),
                    region,
                    origin,
                    cut,
                    strips,
                    inside,
                )
            )
    return pieces


def _join_text(p: Piece) -> str:
    over = []
    if "left" in p.cut:
        over.append(f"{piece_name(p.row, p.col - 1)}'s right strip")
    if "top" in p.cut:
        over.append(f"{piece_name(p.row - 1, p.col)}'s bottom strip")
    under = []
    if "right" in p.strips:
        under.append(f"{piece_name(p.row, p.col + 1)} on the right")
    if "bottom" in p.strips:
        under.append(f"{piece_name(p.row + 1, p.col)} below")
    parts = []
    if not over:
        parts.append("Lay this piece down first.")
    else:
        edges = " and ".join(p.cut)
        parts.append(
            f"Cut along the dashed line{'s' if len(p.cut) > 1 else ''} ({edges} edge{'s' if len(p.cut) > 1 else ''}) "
            f"and lay this piece over {' and '.join(over)}, the ⊕ marks meeting; tape on the back."
        )
    if under:
        parts.append(
            f"Its strip{'s' if len(under) > 1 else ''} go{'' if len(under) > 1 else 'es'} under {' and '.join(under)}."
        )
    return " ".join(parts)


def full_size_pages(chamber: sc.Chamber, paper: Paper) -> list[Page]:
    """The board at real size (2 in tiles, 3/4 in coin spots) over several pages, to tape together."""
    pieces = full_size_pieces(paper)
    total = len(pieces)
    pages = []
    for p in pieces:

        def draw(c: Canvas, info: PageInfo, p: Piece = p) -> None:
            _draw_piece(c, info, chamber, p, pieces)

        pages.append(
            Page(
                draw,
                f"Sorcerer's Chamber: full-size board, piece {p.name} of {total}",
                note="tiles measure 2 in (50.8 mm)",
                bookmark=f"Full-size piece {p.name}",
            )
        )
    return pages


def _draw_piece(c: Canvas, info: PageInfo, chamber: sc.Chamber, p: Piece, pieces: list[Piece]) -> None:
    s = info.style
    w, h = info.paper.size
    g = p.geom
    u0, v0, u1, v1 = p.shown
    # header: title, instructions, and a map of the pieces with this one picked out
    map_cell = 7 * mm
    map_w = p.cols * map_cell
    text_w = w - 2 * MARGIN - map_w - 6 * mm
    draw_text(
        c,
        f"The Sorcerer's Chamber, full size: piece {p.name} of {len(pieces)} ({p.position})",
        MARGIN,
        h - MARGIN - 8 * mm,
        text_w,
        8 * mm,
        TextStyle("Serif-Bold", 14, 9, align="left", valign="bottom", color=s.accent),
        "piece title",
    )
    draw_text(
        c,
        _join_text(p) + " Print at 100 %: a tile measures 2 in (50.8 mm) and a coin fits its dashed ring.",
        MARGIN,
        h - MARGIN - HEADER_H + 3 * mm,
        text_w,
        HEADER_H - 12 * mm,
        TextStyle("Sans", 8.5, 6.5, align="left", valign="top", leading=1.25, color=s.ink),
        "piece instructions",
    )
    mx0 = w - MARGIN - map_w
    my0 = h - MARGIN - p.rows * map_cell
    for q in pieces:
        x = mx0 + q.col * map_cell
        y = my0 + (p.rows - 1 - q.row) * map_cell
        c.saveState()
        c.setLineWidth(1.2 if q is p else 0.5)
        c.setStrokeColorRGB(*(s.ink if q is p else s.rule))
        if q is p and s.fills:
            c.setFillColorRGB(*s.tint)
            c.rect(x, y, map_cell, map_cell, stroke=0, fill=1)
        c.rect(x, y, map_cell, map_cell, stroke=1, fill=0)
        c.restoreState()
        text_at(
            c,
            q.name,
            x + map_cell / 2,
            y + map_cell / 2 - 2.5,
            "Sans-Bold" if q is p else "Sans",
            7,
            s.ink if q is p else s.muted,
            "centre",
        )

    # the board, clipped to what this piece shows (outer walls keep their full width)
    clip = (
        u0 - (OUT if p.col == 0 else 0),
        v0 - (OUT if p.row == 0 else 0),
        u1 + (OUT if p.col == p.cols - 1 else 0),
        v1 + (OUT if p.row == p.rows - 1 else 0),
    )
    x0, y0 = p.page_xy(clip[0], clip[3])
    x1, y1 = p.page_xy(clip[2], clip[1])
    c.saveState()
    path = c.beginPath()
    path.rect(x0, y0, x1 - x0, y1 - y0)
    c.clipPath(path, stroke=0, fill=0)
    window = (
        math.floor(v0 / CELL),
        math.floor(u0 / CELL),
        math.ceil(v1 / CELL) - 1,
        math.ceil(u1 / CELL) - 1,
    )
    draw_chamber(
        c, g, s, chamber, orbs="rings", sorcerers=False, tile_labels=False, tile_fills=False, window=window
    )
    c.restoreState()

    ru0, rv0, ru1, rv1 = p.region
    # glue strips: a light line where the other piece's edge lands, and a label beyond the strip
    for edge in p.strips:
        c.saveState()
        c.setStrokeColorRGB(*s.muted)
        c.setLineWidth(0.5)
        c.setDash(1, 2)
        if edge == "right":
            seam = u1 - OVERLAP
            c.line(*p.page_xy(seam, v0), *p.page_xy(seam, v1))
            c.line(*p.page_xy(u1, v0), *p.page_xy(u1, v1))
            other = piece_name(p.row, p.col + 1)
            at = _gap_middle(v0, v1, [m[1] for m in p.marks])
            _rotated_label(
                c, f"glue strip: {other} lies over this", *p.page_xy(u1 + STRIP_PAD / 2, at), -90, s
            )
        else:
            seam = v1 - OVERLAP
            c.line(*p.page_xy(u0, seam), *p.page_xy(u1, seam))
            c.line(*p.page_xy(u0, v1), *p.page_xy(u1, v1))
            other = piece_name(p.row + 1, p.col)
            at = _gap_middle(u0, u1, [m[0] for m in p.marks])
            _rotated_label(c, f"glue strip: {other} lies over this", *p.page_xy(at, v1 + STRIP_PAD / 2), 0, s)
        c.restoreState()
    # cut lines: dashed, across the whole region, with scissors and what to lay this over
    for edge in p.cut:
        c.saveState()
        c.setStrokeColorRGB(*s.ink)
        c.setLineWidth(0.7)
        c.setDash(4, 3)
        if edge == "left":
            c.line(*p.page_xy(u0, rv0), *p.page_xy(u0, rv1))
            other = piece_name(p.row, p.col - 1)
            at = _gap_middle(v0, v1, [m[1] for m in p.marks])
            _rotated_label(c, f"✂ cut here, then lay over {other}", *p.page_xy(u0 - CUT_PAD / 2, at), 90, s)
        else:
            c.line(*p.page_xy(ru0, v0), *p.page_xy(ru1, v0))
            other = piece_name(p.row - 1, p.col)
            at = _gap_middle(u0, u1, [m[0] for m in p.marks])
            _rotated_label(c, f"✂ cut here, then lay over {other}", *p.page_xy(at, v0 - CUT_PAD / 2), 0, s)
        c.restoreState()
    for mu, mv in p.marks:
        draw_mark(c, *p.page_xy(mu, mv), s)


def _gap_middle(a: float, b: float, marks: Sequence[float]) -> float:
    """The middle of the widest stretch of [a, b] between registration marks (labels go there)."""
    stops = sorted({a, b, *(m for m in marks if a < m < b)})
    lo, hi = max(zip(stops, stops[1:], strict=False), key=lambda pair: pair[1] - pair[0])
    return (lo + hi) / 2


def _rotated_label(c: Canvas, text: str, x: float, y: float, angle: float, style: Style) -> None:
    """A small label centred on (x, y), turned by `angle` degrees, on a white patch."""
    size = 7.0
    c.saveState()
    c.translate(x, y)
    c.rotate(angle)
    width = string_width(text, "Cond", size)
    c.setFillColorRGB(*WHITE)
    c.rect(-width / 2 - 2, -size * 0.55, width + 4, size * 1.2, stroke=0, fill=1)
    text_at(c, text, 0, -size * 0.35, "Cond", size, style.ink, "centre")
    c.restoreState()


# ---------------------------------------------------------------------------------------------
# Cheat notes, four to a page
# ---------------------------------------------------------------------------------------------

NOTE_SIZE = 7.5
NOTE_MIN = 6.5
NOTE_PAD = 3 * mm
NOTE_LEADING = 1.16


def notes_boxes(paper: Paper) -> list[Box]:
    """The four note boxes (x, y, w, h), 2 x 2, filling the page inside its margins."""
    w, h = paper.size
    bw, bh = (w - 2 * MARGIN) / 2, (h - 2 * MARGIN) / 2
    return [(MARGIN + i * bw, MARGIN + (1 - j) * bh, bw, bh) for j in range(2) for i in range(2)]


Word = tuple[str, str, str]  # (text, face, colour role)


def _note_blocks(notes: sc.Notes) -> list[tuple[str, Any]]:
    """The note as a list of blocks: ("title", str), ("heading", str), ("para", [words]), ("footer", str)."""
    blocks: list[tuple[str, Any]] = [("title", notes.title)]
    for section in notes.sections:
        blocks.append(("heading", section.heading))
        for item in section.items:
            words: list[Word] = []
            term = item.term.split()
            for i, t in enumerate(term):
                tail = ":" if (i == len(term) - 1 and not item.cost) else ""
                words.append((t + tail, "Cond-Bold", "ink"))
            if item.cost:
                cost = f"({item.cost}):".split()
                words.extend((t, "Cond", "accent") for t in cost)
            words.extend((t, "Cond", "ink") for t in item.text.split())
            blocks.append(("para", words))
    if notes.footer:
        blocks.append(("footer", notes.footer))
    return blocks


def _wrap_words(words: list[Word], size: float, width: float) -> list[list[Word]] | None:
    lines: list[list[Word]] = [[]]
    used = 0.0
    for word in words:
        ww = string_width(word[0], word[1], size)
        if ww > width:
            return None
        gap = string_width(" ", word[1], size) if lines[-1] else 0.0
        if used + gap + ww > width and lines[-1]:
            lines.append([word])
            used = ww
        else:
            lines[-1].append(word)
            used += gap + ww
    return lines


@dataclass(frozen=True)
class NoteLayout:
    size: float
    lines: list[tuple[str, Any, float]]  # (kind, content, baseline offset from the top)
    height: float


def layout_note(notes: sc.Notes, width: float, height: float) -> NoteLayout:
    """Set the note at the largest size from NOTE_SIZE down to NOTE_MIN that fits; else TextFitError."""
    blocks = _note_blocks(notes)
    size = NOTE_SIZE
    while size >= NOTE_MIN - 1e-9:
        laid = _try_layout(blocks, size, width)
        if laid is not None and laid.height <= height:
            return laid
        size = round(size - 0.25, 2)
    raise TextFitError(
        f"cheat note {notes.title!r} does not fit its {width / mm:.0f}x{height / mm:.0f} mm box even at "
        f"{NOTE_MIN:g} pt; shorten templates/sorcerer_notes.toml"
    )


def _try_layout(blocks: list[tuple[str, Any]], size: float, width: float) -> NoteLayout | None:
    """Baselines (down from the top) for every line at `size`; None if a word is wider than the box."""
    pitch = size * NOTE_LEADING
    y = 0.0
    out: list[tuple[str, Any, float]] = []
    for kind, content in blocks:
        if kind == "title":
            y += size * 1.55 * 0.95  # the title's ascent
            out.append((kind, content, y))
            y += size * 0.3
        elif kind == "heading":
            y += size * 0.4 + size * 1.12 * NOTE_LEADING
            out.append((kind, content, y))
            y += size * 0.1
        elif kind == "para":
            lines = _wrap_words(content, size, width)
            if lines is None:
                return None
            for line in lines:
                y += pitch
                out.append(("line", line, y))
            y += size * 0.15
        elif kind == "footer":
            if string_width(content, "Cond-Bold", size * 1.05) > width:
                return None  # one line, never wider than the note
            y += size * 0.4 + size * 1.05 * NOTE_LEADING  # room kept for it at the foot of the note
            out.append((kind, content, y))
    y += size * 0.25  # descenders of the last line
    return NoteLayout(size, out, y)


def _draw_note(c: Canvas, box: Box, notes: sc.Notes, style: Style) -> float:
    x, y, w, h = box
    ix, iy, iw, ih = x + NOTE_PAD, y + NOTE_PAD, w - 2 * NOTE_PAD, h - 2 * NOTE_PAD
    laid = layout_note(notes, iw, ih)
    size = laid.size
    top = iy + ih
    colours = {"ink": style.ink, "accent": style.accent}
    for kind, content, off in laid.lines:
        base = top - off
        if kind == "title":
            text_at(c, content, ix, base, "Cond-Bold", size * 1.55, style.accent)
            gx = ix + iw
            for suit in reversed(sc.SUITS):
                gw = text_at(
                    c, SUIT_GLYPHS[suit], gx, base, "Sans", size * 1.35, suit_colour(suit, style), "right"
                )
                gx -= gw + size * 0.5
        elif kind == "heading":
            text_at(c, content.upper(), ix, base, "Cond-Bold", size * 1.12, style.accent)
            c.saveState()
            c.setStrokeColorRGB(*style.rule)
            c.setLineWidth(0.4)
            hw = string_width(content.upper(), "Cond-Bold", size * 1.12)
            c.line(ix + hw + 2, base + size * 0.35, ix + iw, base + size * 0.35)
            c.restoreState()
        elif kind == "line":
            lx = ix
            for word, face, role in content:
                lx += text_at(c, word, lx, base, face, size, colours[role])
                lx += string_width(" ", face, size)
        elif kind == "footer":
            # pinned to the foot of the note, whatever room is left above it
            text_at(c, content, ix + iw / 2, iy + size * 0.35, "Cond-Bold", size * 1.05, style.ink, "centre")
    return size


def draw_cut_lines(c: Canvas, boxes: list[Box], style: Style) -> None:
    """Dashed cut lines round and between the boxes, with scissors at the ends of the middle cuts."""
    xs = sorted({b[0] for b in boxes} | {b[0] + b[2] for b in boxes})
    ys = sorted({b[1] for b in boxes} | {b[1] + b[3] for b in boxes})
    c.saveState()
    c.setStrokeColorRGB(*style.rule)
    c.setLineWidth(0.5)
    c.setDash(3, 2)
    for x in xs:
        c.line(x, ys[0], x, ys[-1])
    for y in ys:
        c.line(xs[0], y, xs[-1], y)
    c.restoreState()
    ends = [(x, ys[-1] - 4 * mm, -90) for x in xs[1:-1]] + [(xs[0] + 4 * mm, y, 0) for y in ys[1:-1]]
    for x, y, angle in ends:
        c.saveState()
        c.translate(x, y)
        c.rotate(angle)
        c.setFillColorRGB(*WHITE)
        c.rect(-5, -4, 10, 8, stroke=0, fill=1)
        glyph_centred(c, "✂", 0, 0, 9, style.muted)
        c.restoreState()


def notes_page(notes: sc.Notes) -> Page:
    """Four copies of the cheat note with cut lines."""

    def draw(c: Canvas, info: PageInfo) -> None:
        boxes = notes_boxes(info.paper)
        draw_cut_lines(c, boxes, info.style)
        for box in boxes:
            _draw_note(c, box, notes, info.style)

    return Page(
        draw,
        "Sorcerer's Chamber: cheat notes, 4 to a page",
        note="cut on the dashed lines",
        bookmark="Cheat notes",
    )


def notes_model(notes: sc.Notes, paper: Paper) -> dict[str, Any]:
    """The notes as JSON-ready data, with the size they are set at on this paper."""
    x, y, w, h = notes_boxes(paper)[0]
    laid = layout_note(notes, w - 2 * NOTE_PAD, h - 2 * NOTE_PAD)
    return {
        "title": notes.title,
        "sections": [
            {
                "heading": s.heading,
                "items": [{"term": i.term, "cost": i.cost, "text": i.text} for i in s.items],
            }
            for s in notes.sections
        ],
        "footer": notes.footer,
        "per_page": 4,
        "size_pt": laid.size,
    }


# ---------------------------------------------------------------------------------------------
# Move diagrams (computed from the model)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Arrow:
    """An arrow from a cell (row, col) to a space, with an optional label."""

    frm: tuple[int, int] | None  # None: from the middle of the sorcerer's space
    to: str
    label: str = ""
    both: bool = False


@dataclass(frozen=True)
class Panel:
    """One small diagram: a window of the board, a sorcerer, arrows, a caption."""

    key: str
    title: str
    caption: str
    rows: tuple[int, int]  # first and last row shown
    cols: tuple[int, int]
    sorcerer: tuple[str, str] | None  # (space, facing)
    arrows: tuple[Arrow, ...]
    rays: tuple[str, ...] = ()  # facings drawn as rays round the sorcerer (rotation)
    walls: bool = True  # False: leave out walls at the window's edge (rotation needs none)


KIND_LABELS = {"forward-left": "forward-left", "forward": "forward", "forward-right": "forward-right"}
SHORT_KINDS = {"forward-left": "FL", "forward": "F", "forward-right": "FR"}


def diagram_panels() -> list[Panel]:
    """The six diagrams, every arrow taken from the board model."""
    panels = []
    for key, where, facing, title in (
        ("step-orthogonal", "r2c3", "N", "Step, facing square on"),
        ("step-diagonal", "r2c3", "NE", "Step, facing a corner"),
    ):
        arrows = tuple(
            Arrow(sc.space(where).cells[0], m.to, KIND_LABELS[m.kind]) for m in sc.moves(where, facing)
        )
        dirs = ", ".join(m.direction for m in sc.moves(where, facing))
        panels.append(
            Panel(
                key,
                title,
                f"Facing {facing}, a step goes {dirs}: one of the three spaces in front. The facing does not change.",
                (1, 2),
                (2, 4),
                (where, facing),
                arrows,
            )
        )
    panels.append(
        Panel(
            "rotate",
            "Rotate",
            f"Turning is a move too: face any of the other {len(sc.rotations('N'))} ways, "
            "4 square on and 4 diagonal. Then step the way you face.",
            (1, 3),
            (2, 4),
            ("r2c3", "N"),
            (),
            sc.FACINGS,
            walls=False,
        )
    )
    portal = sc.portal_id("suns")
    ortho = tuple(Arrow(frm, to, both=True) for d in sc.ORTHOGONAL for frm, to in sc.step_pairs(portal, d))
    diag = tuple(Arrow(frm, to, both=True) for d in sc.DIAGONAL for frm, to in sc.step_pairs(portal, d))
    panels.append(
        Panel(
            "portal-orthogonal",
            f"Portal: {len(ortho)} square steps",
            "A portal is one space as big as a tile. Square steps link it with the cells along its two "
            "inner sides, on and off.",
            (0, 2),
            (0, 2),
            None,
            ortho,
        )
    )
    panels.append(
        Panel(
            "portal-diagonal",
            f"Portal: {len(diag)} diagonal steps",
            "Diagonal steps start from any corner of the portal: three cross its inner corner, "
            "two run along its sides. Each works on and off.",
            (0, 2),
            (0, 2),
            None,
            diag,
        )
    )
    start = sc.START_FACING["suns"]
    targets = sc.move_targets(portal, start)
    kinds: dict[str, list[str]] = {to: [] for to in targets}
    for m in sc.moves(portal, start):
        if SHORT_KINDS[m.kind] not in kinds[m.to]:
            kinds[m.to].append(SHORT_KINDS[m.kind])
    starts = tuple(Arrow(None, to, " or ".join(kinds[to])) for to in targets)
    names = ", ".join(f"{SHORT_KINDS[k]} {k} ({sc.turn(start, e)})" for k, e in sc.MOVE_KINDS.items())
    panels.append(
        Panel(
            "start",
            "First step from the start",
            f"On its portal facing the centre ({start}), a sorcerer reaches all {len(targets)} "
            f"neighbouring cells in one step: {names}.",
            (0, 2),
            (0, 2),
            (portal, start),
            starts,
        )
    )
    return panels


def diagrams_model() -> dict[str, Any]:
    """The diagrams as JSON-ready data."""
    out = []
    for p in diagram_panels():
        out.append(
            {
                "key": p.key,
                "title": p.title,
                "rows": list(p.rows),
                "cols": list(p.cols),
                "sorcerer": {"space": p.sorcerer[0], "facing": p.sorcerer[1]} if p.sorcerer else None,
                "arrows": [
                    {
                        "from_cell": list(a.frm) if a.frm else None,
                        "to": a.to,
                        "label": a.label,
                        "both_ways": a.both,
                    }
                    for a in p.arrows
                ],
                "facings": list(p.rays),
            }
        )
    return {"panels": out}


def diagram_boxes(paper: Paper) -> list[Box]:
    """Six panel boxes, 2 across and 3 down, below the title."""
    w, h = paper.size
    top = h - MARGIN - 16 * mm
    gap = 5 * mm
    pw = (w - 2 * MARGIN - gap) / 2
    ph = (top - MARGIN - 2 * gap) / 3
    return [
        (MARGIN + i * (pw + gap), top - (j + 1) * ph - j * gap, pw, ph) for j in range(3) for i in range(2)
    ]


PANEL_CELL = 21 * mm
CAPTION_H = 15 * mm
RING = 0.3  # target rings, radius in cells


def _panel_geom(box: Box, panel: Panel, cell: float) -> tuple[BoardGeom, Box]:
    """Geometry placing the panel's window of the board in the box, and the window's page box."""
    x, y, w, h = box
    nr = panel.rows[1] - panel.rows[0] + 1
    nc = panel.cols[1] - panel.cols[0] + 1
    cap_h = CAPTION_H
    wx = x + (w - nc * cell) / 2
    wtop = y + h - 9 * mm - ((h - 9 * mm - cap_h) - nr * cell) / 2
    g = BoardGeom(wx - panel.cols[0] * cell, wtop + panel.rows[0] * cell, cell)
    return g, (wx, wtop - nr * cell, nc * cell, nr * cell)


def _draw_panel(c: Canvas, box: Box, panel: Panel, style: Style) -> None:
    x, y, w, h = box
    c.saveState()
    c.setStrokeColorRGB(*style.rule)
    c.setLineWidth(0.5)
    c.roundRect(x, y, w, h, 2 * mm, stroke=1, fill=0)
    c.restoreState()
    draw_text(
        c,
        panel.title,
        x + 3 * mm,
        y + h - 8 * mm,
        w - 6 * mm,
        6 * mm,
        TextStyle("Sans-Bold", 10, 7, align="left", valign="middle", color=style.accent),
        f"diagram '{panel.title}'",
    )
    nr = panel.rows[1] - panel.rows[0] + 1
    cell = min(
        PANEL_CELL,
        (h - 9 * mm - CAPTION_H - 2 * mm) / nr,
        (w - 8 * mm) / (panel.cols[1] - panel.cols[0] + 1),
    )
    g, win = _panel_geom(box, panel, cell)
    # the window of the board (outer walls keep their width where the window meets the board's edge)
    wx, wy, ww, wh = win
    grow = cell * 0.06
    cx0 = wx - (grow if panel.cols[0] == 0 else 0)
    cy1 = wy + wh + (grow if panel.rows[0] == 0 else 0)
    cx1 = wx + ww + (grow if panel.cols[1] == sc.SIZE - 1 else 0)
    cy0 = wy - (grow if panel.rows[1] == sc.SIZE - 1 else 0)
    c.saveState()
    p = c.beginPath()
    p.rect(cx0, cy0, cx1 - cx0, cy1 - cy0)
    c.clipPath(p, stroke=0, fill=0)
    draw_chamber(
        c,
        g,
        style,
        None,
        sorcerers=False,
        tile_labels=False,
        tile_fills=True,
        centre_text=False,
        portal_art=False,
        walls=panel.walls,
        window=(panel.rows[0], panel.cols[0], panel.rows[1], panel.cols[1]),
    )
    if any(sc.space(a.to).kind == "cell" and a.frm is not None for a in panel.arrows) and panel.rows[0] == 0:
        # the portal's four corners, which its steps start from
        c.saveState()
        c.setStrokeColorRGB(*style.rule)
        c.setLineWidth(0.5)
        c.setDash(1, 2)
        c.line(g.x(1), g.y(0), g.x(1), g.y(2))
        c.line(g.x(0), g.y(1), g.x(2), g.y(1))
        c.restoreState()
    c.restoreState()
    c.saveState()
    c.setStrokeColorRGB(*style.muted)
    c.setLineWidth(0.4)
    c.setDash(1.5, 1.5)
    c.rect(wx, wy, ww, wh, stroke=1, fill=0)
    c.restoreState()

    arrow_col = style.ink if style.ink_saver else SUIT_COLOURS["suns"]
    # targets: a ring on each space reached
    for to in sorted({a.to for a in panel.arrows}):
        tx, ty = g.space_centre(to)
        c.saveState()
        c.setStrokeColorRGB(*arrow_col)
        c.setLineWidth(1.0)
        c.circle(tx, ty, cell * RING, stroke=1, fill=0)
        c.restoreState()
    labelled: set[str] = set()
    for a in panel.arrows:
        if a.frm is None and panel.sorcerer:
            fx, fy = g.space_centre(panel.sorcerer[0])
        else:
            fx, fy = g.cell_centre(*(a.frm or (0, 0)))
        tx, ty = g.space_centre(a.to)
        dx, dy = tx - fx, ty - fy
        n = math.hypot(dx, dy)
        # leave the sorcerer (or the source cell's middle) clear, and stop at the target's ring
        back = cell * (0.1 if a.both else 0.5 if a.frm is None else 0.42)
        head = cell * 0.15
        draw_arrow(
            c,
            fx + dx / n * back,
            fy + dy / n * back,
            tx - dx / n * cell * RING,
            ty - dy / n * cell * RING,
            arrow_col,
            width=1.1,
            head=head,
            both=a.both,
        )
        if a.label and a.to not in labelled:
            labelled.add(a.to)
            _cell_label(c, g, a.to, a.label, cell, style)
    if panel.sorcerer:
        where, facing = panel.sorcerer
        sx, sy = g.space_centre(where)
        if panel.rays:
            for f in panel.rays:
                ang = math.radians(ANGLES[f])
                ux, uy = math.cos(ang), math.sin(ang)
                reach = cell * (0.95 if f in sc.ORTHOGONAL else 1.2)
                current = f == facing
                draw_arrow(
                    c,
                    sx + ux * cell * 0.5,
                    sy + uy * cell * 0.5,
                    sx + ux * reach,
                    sy + uy * reach,
                    style.ink if current else arrow_col,
                    width=0.9,
                    head=cell * 0.13,
                    dash=None if current else (2, 1.5),
                )
                lx, ly = sx + ux * (reach + cell * 0.17), sy + uy * (reach + cell * 0.17)
                glyph_box = 6.5
                c.saveState()
                c.setFillColorRGB(*WHITE)
                tw = string_width(f, "Cond-Bold", glyph_box)
                c.rect(lx - tw / 2 - 1, ly - glyph_box * 0.45, tw + 2, glyph_box * 1.0, stroke=0, fill=1)
                c.restoreState()
                text_at(c, f, lx, ly - glyph_box * 0.35, "Cond-Bold", glyph_box, style.ink, "centre")
            draw_sorcerer_plain(c, sx, sy, cell * 0.62, "suns", facing, style)
        else:
            draw_sorcerer(
                c,
                sx,
                sy,
                cell * 0.62 * (1.0 if sc.space(where).kind == "cell" else 1.1),
                "suns",
                facing,
                style,
            )
    draw_text(
        c,
        panel.caption,
        x + 3 * mm,
        y + 2 * mm,
        w - 6 * mm,
        CAPTION_H - 3 * mm,
        TextStyle("Cond", 8.5, 6.5, align="left", valign="middle", leading=1.2, color=style.ink),
        f"diagram '{panel.title}' caption",
    )


def draw_sorcerer_plain(
    c: Canvas, x: float, y: float, size: float, suit: str, facing: str, style: Style
) -> None:
    """A sorcerer without its arrow (the rotation diagram draws its own rays)."""
    c.saveState()
    c.translate(x, y)
    c.rotate(ANGLES[facing])
    _sorcerer_body(c, size, suit, style)
    c.restoreState()


def _cell_label(c: Canvas, g: BoardGeom, to: str, label: str, cell: float, style: Style) -> None:
    """A short label at the top of a target space, on a white patch."""
    sp = sc.space(to)
    x, _ = g.space_centre(to)
    size = min(7.0, cell * 0.12)
    top = g.y(sp.row)
    for ln in [label]:
        base = top - size * 1.15
        tw = string_width(ln, "Cond", size)
        c.saveState()
        c.setFillColorRGB(*WHITE)
        c.rect(x - tw / 2 - 0.8, base - size * 0.22, tw + 1.6, size * 1.05, stroke=0, fill=1)
        c.restoreState()
        text_at(c, ln, x, base, "Cond", size, style.ink, "centre")


def diagrams_page() -> Page:
    """One page of move diagrams."""
    panels = diagram_panels()

    def draw(c: Canvas, info: PageInfo) -> None:
        s = info.style
        w, h = info.paper.size
        draw_text(
            c,
            "The Sorcerer's Chamber: how a sorcerer moves",
            MARGIN,
            h - MARGIN - 10 * mm,
            w - 2 * MARGIN,
            10 * mm,
            TextStyle("Serif-Bold", 17, 11, align="left", valign="bottom", color=s.accent),
            "diagrams title",
        )
        draw_text(
            c,
            "Two moves a turn, in any mix: a step to a space in front, or a turn to a new facing. "
            "Rings mark the spaces a step can reach.",
            MARGIN,
            h - MARGIN - 16 * mm,
            w - 2 * MARGIN,
            6 * mm,
            TextStyle("Sans", 8.5, 6.5, align="left", valign="middle", color=s.muted),
            "diagrams subtitle",
        )
        for box, panel in zip(diagram_boxes(info.paper), panels, strict=True):
            _draw_panel(c, box, panel, s)

    return Page(draw, "Sorcerer's Chamber: move diagrams", bookmark="Move diagrams")
