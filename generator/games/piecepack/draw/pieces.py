"""Piecepack pieces drawn at any size: suit glyphs, tiles (face and back), coins, dice, pyramids seen from above."""

from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from generator.press.card_parts import ink_box
from generator.press.fonts import FALLBACK, runs
from generator.press.paper import inch
from generator.press.parts import arrow
from generator.press.style import SUITS, Style
from generator.press.text import text_at

RGB = tuple[float, float, float]

#: Piecepack suit glyphs (all in DejaVu Sans); their colours are the style's suit roles (`style.suits`).
SUIT_GLYPHS: dict[str, str] = {"suns": "❂", "moons": "◐", "crowns": "♛", "arms": "⚜"}
RANKS: tuple[str, ...] = ("null", "ace", "2", "3", "4", "5")
RANK_LABELS: dict[str, str] = {"null": "0", "ace": "A", "2": "2", "3": "3", "4": "4", "5": "5"}

#: Real sizes of the pieces (the piecepack reference set and the pyramids), in points.
TILE = 2 * inch
CELL = inch  # a quarter of a tile: one space of a grid-side tile
COIN = 0.75 * inch
DIE = 0.5 * inch
PAWN = 5 / 8 * inch
PYRAMIDS: tuple[float, ...] = tuple((8 + k) / 16 * inch for k in range(6))  # bases 1/2 in, rising by 1/16 in
SORCERER = PYRAMIDS[2]  # the base of the largest of the three smallest pyramids (5/8 in)

#: Facing -> angle in degrees on the page (0 = right, counter-clockwise; N is up the page).
ANGLES: dict[str, float] = {"E": 0, "NE": 45, "N": 90, "NW": 135, "W": 180, "SW": 225, "S": 270, "SE": 315}

__all__ = [
    "ANGLES",
    "CELL",
    "COIN",
    "DIE",
    "PAWN",
    "PYRAMIDS",
    "RANKS",
    "RANK_LABELS",
    "SORCERER",
    "SUITS",
    "SUIT_GLYPHS",
    "TILE",
    "draw_coin_rank",
    "draw_coin_suit",
    "draw_die",
    "draw_pyramid_top",
    "draw_sorcerer",
    "draw_tile_back",
    "draw_tile_face",
    "glyph_centred",
    "role_text",
    "sized",
    "pale",
    "suit_colour",
]


def suit_colour(suit: str, style: Style) -> RGB:
    """The suit's colour role (plain ink in the ink-saver style: the glyph then tells suits apart)."""
    return style.suits[suit]


def pale(rgb: RGB, keep: float) -> RGB:
    """`rgb` mixed with white, keeping `keep` of the colour."""
    return tuple(1 - keep * (1 - v) for v in rgb)  # type: ignore[return-value]


def glyph_centred(
    c: Canvas, ch: str, x: float, y: float, size: float, colour: RGB, face: str = FALLBACK
) -> None:
    """Draw one glyph (in `face`, through the press's glyph fallback) with the middle of its ink at
    (x, y); `size` is computed from the piece it marks."""
    face = runs(ch, face)[0][0]
    _, bottom, _, top = ink_box(face, ch)
    text_at(c, ch, x, y - size * (bottom + top) / 2, face, size, colour, "centre")


def sized(style: Style, role: str, size: float) -> float:
    """A size computed from a box (a cell, a band), kept within text role `role`: no larger than the
    role's size and no smaller than its floor."""
    t = style.text(role)
    return max(t.min_size, min(t.size, size))


def role_text(
    c: Canvas,
    style: Style,
    role: str,
    text: str,
    x: float,
    y: float,
    *,
    size: float | None = None,
    colour: RGB | None = None,
    align: str = "left",
) -> float:
    """One line of text of role `role` at baseline y (at `size` when one is computed from a box, in
    `colour` when the role's colour is not wanted); returns its width."""
    face, sz = style.font(role, size)
    ink = colour if colour is not None else style.ink_of(style.text(role).colour)
    return text_at(c, text, x, y, face, sz, ink, align)


# ---------------------------------------------------------------------------------------------
# Coins and tiles. Every drawer takes the piece's centre (x, y) and its size, in points.
# ---------------------------------------------------------------------------------------------


def draw_coin_suit(c: Canvas, x: float, y: float, d: float, suit: str, style: Style) -> None:
    """A coin, suit side up (an energy orb). With fills: a suit-coloured disc and a paper glyph;
    without: an outlined disc and the glyph in the suit's ink."""
    col = suit_colour(suit, style)
    fill, glyph, width = (col, style.paper, d * 0.015) if style.fills else (style.paper, col, d * 0.03)
    c.saveState()
    c.setFillColorRGB(*fill)
    c.setStrokeColorRGB(*style.ink)
    c.setLineWidth(max(0.4 if style.fills else 0.6, width))
    c.circle(x, y, d / 2, stroke=1, fill=1)
    glyph_centred(c, SUIT_GLYPHS[suit], x, y, d * 0.62, glyph)
    c.restoreState()


def draw_coin_rank(c: Canvas, x: float, y: float, d: float, rank: str, style: Style) -> None:
    """A coin, rank side up: the rank in ink on a plain disc (the null coin is blank)."""
    c.saveState()
    c.setStrokeColorRGB(*style.ink)
    c.setFillColorRGB(*style.paper)
    c.setLineWidth(max(0.4, d * 0.02))
    c.circle(x, y, d / 2, stroke=1, fill=1)
    c.restoreState()
    if rank != "null":
        glyph_centred(c, RANK_LABELS[rank], x, y, d * 0.55, style.ink, style.font("strong")[0])


def draw_tile_back(c: Canvas, x: float, y: float, size: float, style: Style) -> None:
    """A tile, grid side up: the lines that divide it into four quarter-cells, and its edge."""
    h = size / 2
    c.saveState()
    if style.tint is not None:
        c.setFillColorRGB(*style.tint)
        c.rect(x - h, y - h, size, size, stroke=0, fill=1)
    c.setStrokeColorRGB(*style.rule)
    c.setLineWidth(max(0.35, size * 0.004))
    c.line(x, y - h, x, y + h)
    c.line(x - h, y, x + h, y)
    c.setStrokeColorRGB(*style.ink)
    c.setLineWidth(max(0.6, size * 0.008))
    c.rect(x - h, y - h, size, size, stroke=1, fill=0)
    c.restoreState()


def draw_tile_face(c: Canvas, x: float, y: float, size: float, suit: str, rank: str, style: Style) -> None:
    """A tile, suit side up: a pale suit ground (with fills), the rank large in the centre and the
    suit small in the top-left corner, both in the suit's colour (the null tile has no rank)."""
    h = size / 2
    col = suit_colour(suit, style)
    c.saveState()
    if style.fills:
        c.setFillColorRGB(*pale(col, 0.16))
        c.rect(x - h, y - h, size, size, stroke=0, fill=1)
    c.setStrokeColorRGB(*style.ink)
    c.setLineWidth(max(0.6, size * 0.008))
    c.rect(x - h, y - h, size, size, stroke=1, fill=0)
    c.restoreState()
    glyph_centred(c, SUIT_GLYPHS[suit], x - h * 0.68, y + h * 0.68, size * 0.18, col)
    if rank != "null":
        glyph_centred(c, RANK_LABELS[rank], x, y, size * 0.5, col, style.font("strong")[0])


# ---------------------------------------------------------------------------------------------
# Dice and pyramids
# ---------------------------------------------------------------------------------------------

PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0, 0),),
    2: ((-0.25, 0.25), (0.25, -0.25)),
    3: ((-0.25, 0.25), (0, 0), (0.25, -0.25)),
}


def draw_die(c: Canvas, x: float, y: float, size: float, pips: int, style: Style) -> None:
    """A die seen from above, showing 1 to 3 pips (the Sorcerer's time stones)."""
    c.saveState()
    c.setFillColorRGB(*style.paper)
    c.setStrokeColorRGB(*style.ink)
    c.setLineWidth(max(0.5, size * 0.035))
    c.roundRect(x - size / 2, y - size / 2, size, size, size * 0.15, stroke=1, fill=1)
    c.setFillColorRGB(*style.ink)
    for px, py in PIPS[pips]:
        c.circle(x + px * size, y + py * size, size * 0.075, stroke=0, fill=1)
    c.restoreState()


def _pyramid_body(c: Canvas, size: float, suit: str, style: Style) -> None:
    """A pyramid seen from above, drawn at the origin with its front towards +x: base, dark front
    face (where the suit marks look), ridges."""
    col = suit_colour(suit, style)
    h = size / 2
    c.setLineJoin(0)
    c.setLineWidth(max(0.5, size * 0.025))
    c.setStrokeColorRGB(*col)
    c.setFillColorRGB(*(pale(col, 0.35) if style.fills else style.paper))
    c.rect(-h, -h, size, size, stroke=1, fill=1)
    p = c.beginPath()
    p.moveTo(h, -h)
    p.lineTo(h, h)
    p.lineTo(0, 0)
    p.close()
    c.setFillColorRGB(*col)
    c.drawPath(p, stroke=0, fill=1)
    for sx, sy in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
        c.line(0, 0, sx * h, sy * h)


def draw_pyramid_top(
    c: Canvas, x: float, y: float, size: float, suit: str, facing: str, style: Style
) -> None:
    """One pyramid seen from above, centred on (x, y), its front face (dark) turned to `facing`
    (N is up the page). `size` is the base width."""
    c.saveState()
    c.translate(x, y)
    c.rotate(ANGLES[facing])
    _pyramid_body(c, size, suit, style)
    c.restoreState()


def draw_sorcerer(c: Canvas, x: float, y: float, size: float, suit: str, facing: str, style: Style) -> None:
    """A sorcerer seen from above: three stacked pyramids (nested squares with their ridges), the front
    face dark, the suit glyph on the apex, and an arrow showing the facing. `size` is the base width."""
    col = suit_colour(suit, style)
    h = size / 2
    c.saveState()
    c.translate(x, y)
    c.rotate(ANGLES[facing])  # the sorcerer's front now faces +x
    _pyramid_body(c, size, suit, style)
    c.setLineWidth(max(0.35, size * 0.018))  # the two upper pyramids' bases
    for k in (0.68, 0.38):
        c.rect(-h * k, -h * k, size * k, size * k, stroke=1, fill=0)
    c.restoreState()
    # the suit glyph on a small disc at the apex (upright, not turned with the sorcerer), left off
    # where it would print below the smallest text size (a legend's icon: the colour tells the suit)
    if size * 0.27 >= style.text("label").min_size:
        c.saveState()
        c.setFillColorRGB(*style.paper)
        c.setStrokeColorRGB(*col)
        c.setLineWidth(max(0.35, size * 0.015))
        c.circle(x, y, size * 0.19, stroke=1, fill=1)
        glyph_centred(c, SUIT_GLYPHS[suit], x, y, size * 0.27, col)
        c.restoreState()
    # the facing arrow, from the front face outwards
    a = math.radians(ANGLES[facing])
    ux, uy = math.cos(a), math.sin(a)
    start, end = h * 1.02, h + size * 0.55
    arrow(
        c,
        x + ux * start,
        y + uy * start,
        x + ux * end,
        y + uy * end,
        style.ink,
        width=max(0.9, size * 0.05),
        head=size * 0.24,
    )
