"""The Sorcerer's Chamber board at any scale: tiles, portals, the centre, walls, orbs and sorcerers."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from generator.games.piecepack.draw.pieces import (
    CELL,
    RANK_LABELS,
    SUIT_GLYPHS,
    draw_coin_suit,
    draw_die,
    draw_sorcerer,
    glyph_centred,
    pale,
    role_text,
    sized,
    suit_colour,
)
from generator.games.sorcerer import model as sc
from generator.press.fonts import string_width
from generator.press.style import RGB, Style
from generator.press.text import fit

Box = tuple[float, float, float, float]
Window = tuple[int, int, int, int]  # first row, first col, last row, last col (cells, inclusive)

BOARD = sc.SIZE * CELL  # 10 in


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


def wall_width(cell: float) -> float:
    """Line width of a wall for this cell size (heavy: about 1/15 of a cell, never under 2 pt)."""
    return max(2.0, cell * 0.065)


def centre_box(g: BoardGeom) -> Box:
    """The pervigil per nunc on the page: (x, y, w, h)."""
    return (g.x(4), g.y(6), 2 * g.cell, 2 * g.cell)


def hatch(c: Canvas, box: Box, step: float, colour: RGB, width: float = 0.4) -> None:
    """Diagonal lines `step` apart across the box (x, y, w, h), clipped to it."""
    x, y, w, h = box
    c.saveState()
    p = c.beginPath()
    p.rect(x, y, w, h)
    c.clipPath(p, stroke=0, fill=0)
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(width)
    for i in range(int((w + h) / step) + 2):
        o = i * step
        c.line(x + o - h, y, x + o, y + h)
    c.restoreState()


def draw_orb_ring(c: Canvas, x: float, y: float, d: float, style: Style) -> None:
    """Where an orb starts, on the playing board: a dashed ring the size of a coin."""
    c.saveState()
    c.setStrokeColorRGB(*style.rule)
    c.setLineWidth(0.7)
    c.setDash(3, 2.5)
    c.circle(x, y, d / 2, stroke=1, fill=0)
    c.restoreState()


@dataclass(frozen=True)
class BoardLook:
    """What draw_chamber shows: orbs as "coins", dashed start "rings" or "none"; the rest on or off."""

    orbs: str = "coins"
    sorcerers: bool = True
    tile_labels: bool = True
    tile_fills: bool = True
    centre_text: bool = True
    portal_art: bool = True
    walls: bool = True


def _seen(window: Window | None, row: int, col: int, span: int = 1) -> bool:
    """True if the span x span block at (row, col) touches the window (or there is no window)."""
    if window is None:
        return True
    r0, c0, r1, c1 = window
    return row <= r1 and row + span - 1 >= r0 and col <= c1 and col + span - 1 >= c0


def draw_chamber(
    c: Canvas,
    g: BoardGeom,
    style: Style,
    chamber: sc.Chamber | None = None,
    look: BoardLook | None = None,
    window: Window | None = None,
) -> None:
    """The board: tiles, quarter-cell grid, portals, the centre with its dice, walls, then (from `chamber`)
    orbs and sorcerers, as `look` says.

    Sizes follow the cell: tiles are 2 cells, coins 3/4, dice 1/2, sorcerers 5/8 of a cell, as on
    the table (a cell is 1 in at full size). With a `window` (first row, first col, last row, last
    col) only what touches those cells is drawn; the caller clips to it, and no hidden text is left
    in the PDF.
    """
    look = look or BoardLook()
    all_tiles = chamber.tiles if chamber is not None else sc.tiles()
    tiles = tuple(t for t in all_tiles if _seen(window, t.row, t.col, 2))
    _draw_tile_ground(c, g, style, tiles, look.tile_fills)
    for t in tiles:
        if t.face == "suit":
            big = look.portal_art and not (look.sorcerers and _occupied(chamber, t.suit))
            _draw_portal_face(c, g, t, style, big=big, label=look.portal_art)
        elif look.tile_labels:
            label = f"{SUIT_GLYPHS[t.suit]}{RANK_LABELS[t.rank]}"
            size = sized(style, "label", g.cell * 0.11)
            x, y = g.x(t.col) + g.cell * 0.05, g.y(t.row) - g.cell * 0.05 - size * 0.8
            role_text(c, style, "label", label, x, y, size=size)
    if _seen(window, 4, 4, 2):
        _draw_centre(c, g, style, look.centre_text)
    if look.walls:
        c.saveState()
        c.setStrokeColorRGB(*style.ink)
        c.setLineJoin(0)
        c.setLineWidth(wall_width(g.cell))
        c.rect(g.x(0), g.y(sc.SIZE), g.size, g.size, stroke=1, fill=0)
        c.rect(*centre_box(g), stroke=1, fill=0)
        c.restoreState()
    if chamber is not None:
        _draw_pieces(c, g, style, chamber, look, window)


def _draw_tile_ground(c: Canvas, g: BoardGeom, style: Style, tiles: tuple[sc.Tile, ...], fills: bool) -> None:
    """Tile fills (pale suit on portals, the tint on grid tiles), the quarter-cell grid, tile edges."""
    k = g.cell
    c.saveState()
    for t in tiles:
        x, y = g.x(t.col), g.y(t.row + 2)
        if t.face == "suit":
            fill = pale(suit_colour(t.suit, style), 0.16) if style.fills else None
        else:
            fill = style.tint if fills else None
        if fill is not None:
            c.setFillColorRGB(*fill)
            c.rect(x, y, 2 * k, 2 * k, stroke=0, fill=1)
    c.setStrokeColorRGB(*style.rule)
    c.setLineWidth(max(0.35, k * 0.008))
    for t in tiles:
        if t.face == "grid":
            c.line(g.x(t.col + 1), g.y(t.row), g.x(t.col + 1), g.y(t.row + 2))
            c.line(g.x(t.col), g.y(t.row + 1), g.x(t.col + 2), g.y(t.row + 1))
    c.setStrokeColorRGB(*style.ink)
    c.setLineWidth(max(0.6, k * 0.016))
    for t in tiles:
        c.rect(g.x(t.col), g.y(t.row + 2), 2 * k, 2 * k, stroke=1, fill=0)
    c.restoreState()


def _draw_pieces(
    c: Canvas, g: BoardGeom, style: Style, chamber: sc.Chamber, look: BoardLook, window: Window | None
) -> None:
    """The orbs (coins or start rings) and the sorcerers standing on the board."""
    for orb in chamber.orbs:
        sp = sc.space(orb.space)
        if not _seen(window, sp.row, sp.col):
            continue
        x, y = g.space_centre(orb.space)
        if look.orbs == "coins":
            draw_coin_suit(c, x, y, 0.75 * g.cell, orb.suit, style)
        elif look.orbs == "rings":
            draw_orb_ring(c, x, y, 0.75 * g.cell, style)
    if not look.sorcerers:
        return
    for s in chamber.sorcerers:
        sp = sc.space(s.space)
        if _seen(window, sp.row, sp.col, 2 if sp.kind == "portal" else 1):
            x, y = g.space_centre(s.space)
            draw_sorcerer(c, x, y, 0.625 * g.cell, s.suit, s.facing, style)


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
    ax = cx + (-k * 0.3 if right else k * 0.3)
    role_text(c, style, "strong", "A", ax, cy - k * 0.1, size=k * 0.24, colour=col, align="centre")
    mx, my = g.x(t.col + 1), g.y(t.row + 1)
    if big:
        glyph_centred(c, SUIT_GLYPHS[t.suit], mx, my, k * 1.1, pale(col, 0.35 if style.fills else 0.22))
    if label:
        size = sized(style, "label", k * 0.13)
        ly = g.y(t.row + (0.2 if low else 1.8)) - size * 0.35
        role_text(c, style, "label", "portal", mx, ly, size=size, align="centre")


def _draw_centre(c: Canvas, g: BoardGeom, style: Style, with_text: bool) -> None:
    """The pervigil per nunc: no tile, three dice (the time stones); its words across its width
    (shrunk to fit, never broken). The full-size board never cuts it at a seam (full_size)."""
    k = g.cell
    x, y, w, h = centre_box(g)
    if style.fills:
        c.saveState()
        c.setFillColorRGB(*pale(style.muted, 0.18))
        c.rect(x, y, w, h, stroke=0, fill=1)
        c.restoreState()
    else:
        hatch(c, (x, y, w, h), k * 0.25, style.rule)
    # the dice sit in the upper half and the words in the lower
    top = y + h
    for i, dx in enumerate((-0.62, 0.0, 0.62)):
        draw_die(c, x + w / 2 + dx * k, top - 0.55 * k, 0.5 * k, i + 1, style)
    if with_text:
        room = w - 0.3 * k
        mid = x + w / 2
        size = max(7.0, sized(style, "key", k * 0.13))  # nothing a player reads under 7 pt
        head = style.text_style("key_head", size=size, min_size=7.0)
        # on one line if it fits, else over two (broken between words, never inside one)
        fitted = fit("pervigil per nunc", room - 0.12 * k, size * 2.6, head)
        size, lines = fitted if fitted is not None else (head.min_size, ["pervigil per nunc"])
        rows = [(line, "key_head") for line in lines] + [("3 time stones", "key")]
        ty = top - 1.42 * k + (len(lines) - 1) * size * 0.6
        # from the first line's pad top to the last one's pad bottom (the steps of the loop below)
        extra = 0.9  # the key line's gap under the name, beyond the name's own line pitch
        block = (0.9 + 1.25 * (len(lines) - 1) + 1.25 + extra + 0.3) * size
        if ty + 0.9 * size - block < y + 0.05 * k:
            # a small board (A5's set-up) has no room under the middle: the words take the whole
            # space under the dice, centred there, so the last line stays inside the walls
            extra = 0.1
            block = (0.9 + 1.25 * len(lines) + extra + 0.3) * size
            room_top, room_bottom = top - 0.84 * k, y + 0.05 * k
            ty = (room_top + room_bottom) / 2 + block / 2 - 0.9 * size
        for text, role in rows:
            pad_w = string_width(text, style.font(role)[0], size) + 0.12 * k
            c.saveState()
            c.setFillColorRGB(*style.paper)
            c.rect(mid - pad_w / 2, ty - size * 0.3, pad_w, size * 1.2, stroke=0, fill=1)
            c.restoreState()
            role_text(c, style, role, text, mid, ty, size=size, colour=style.ink, align="centre")
            ty -= size * 1.25 if role == "key_head" else 0
            if text == lines[-1] and role == "key_head":
                ty -= size * extra


def draw_indices(c: Canvas, g: BoardGeom, style: Style) -> None:
    """Row numbers down the left and column numbers across the top (as in --json ids: r<row>c<col>)."""
    size = sized(style, "label", g.cell * 0.12)
    gap = g.cell * 0.12 + 2
    for i in range(sc.SIZE):
        x, y = g.cell_centre(i, i)
        role_text(c, style, "label", str(i), x, g.top + gap, size=size, align="centre")
        role_text(c, style, "label", str(i), g.left - gap, y - size * 0.35, size=size, align="right")
