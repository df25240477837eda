"""The Sorcerer's Chamber set-up page: the whole chamber scaled to one page, with a legend and a set-up note."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from generator.games.piecepack.draw import pieces as pieces
from generator.games.sorcerer import model as sc
from generator.games.sorcerer.draw.board import BoardGeom, draw_chamber, draw_indices, wall_width
from generator.press.document import Page, PageInfo
from generator.press.paper import MARGIN, Paper, mm
from generator.press.parts import Header, sheet_header
from generator.press.style import Style
from generator.press.text import draw_text
from generator.words.spelling import DEFAULT_SPELLING, respell

LEGEND_H = 50 * mm
LEGEND_H_NARROW = 72 * mm  # on A5 the legend's columns and the set-up note are narrow: more rows of text
SUBTITLE_H = 4 * mm  # the line of facts under the header's rule


def players_title(chamber: sc.Chamber, every_count: bool = False) -> str:
    """ "2 players", or "2, 3 or 4 players" for the page that serves every count."""
    if every_count:
        counts = [str(n) for n in range(2, len(chamber.sorcerers) + 1)]
        return f"{', '.join(counts[:-1])} or {counts[-1]} players"
    return f"{len(chamber.sorcerers)} players"


def setup_header(chamber: sc.Chamber, pattern_name: str, scale: float, every_count: bool = False) -> Header:
    """The page's header: the title, and under its rule the orb pattern and the scale (the seed that
    dealt the orbs is in the content model, not on the page: a family page shows no seeds)."""
    return Header(
        f"The Sorcerer's Chamber: set-up for {players_title(chamber, every_count)}",
        text=f"Orb pattern “{pattern_name}”, designed for this pack  ·  shown at {scale:.0f} % of full size",
        text_h=SUBTITLE_H,
        text_role="caption",
    )


#: The header's height (the same for every set-up page: a title line and a line of text).
TITLE_H = Header("title", text="text", text_h=SUBTITLE_H).height


def setup_geom(paper: Paper) -> BoardGeom:
    """Where the scaled board sits on the set-up page: as large as fits between header and legend."""
    w, h = paper.size
    label = 5 * mm  # room for the row/column numbers
    avail_w = w - 2 * MARGIN - 2 * label
    legend = LEGEND_H if w - 2 * MARGIN >= 170 * mm else LEGEND_H_NARROW
    avail_h = h - 2 * MARGIN - TITLE_H - legend - label - 4 * mm
    cell = min(avail_w, avail_h) / sc.SIZE
    size = cell * sc.SIZE
    return BoardGeom((w - size) / 2, h - MARGIN - TITLE_H - label, cell)


CORNERS = {"suns": "top left", "crowns": "top right", "moons": "bottom right", "arms": "bottom left"}


def _player_lines(chamber: sc.Chamber, every_count: bool = False) -> str:
    if every_count:
        # the sorcerers in the order players join: two take the first two (opposite corners)
        g = [f"{pieces.SUIT_GLYPHS[s.suit]} {s.suit}" for s in chamber.sorcerers]
        lines = [f"2 players: {g[0]} and {g[1]}, opposite corners."]
        lines += [f"{n + 1} players: add {g[n]}." for n in range(2, len(g))]
        return " ".join(lines) + " Leave out the sorcerers nobody plays."
    parts = [
        f"{pieces.SUIT_GLYPHS[s.suit]} {s.suit} ({CORNERS[s.suit]}, facing {s.facing})"
        for s in chamber.sorcerers
    ]
    return f"{len(parts)} players: " + ", ".join(parts) + "."


def setup_page(
    chamber: sc.Chamber,
    pattern_name: str,
    label: str = "Sorcerer's Chamber: set-up",
    spelling: str = DEFAULT_SPELLING,
    every_count: bool = False,
) -> Page:
    """The set-up diagram: the whole chamber scaled to the page, with a legend spelled for `spelling`.
    With `every_count`, the chamber holds every sorcerer and the page serves 2, 3 or 4 players: the
    legend says which sorcerers each count uses."""

    def draw(c: Canvas, info: PageInfo) -> None:
        s = info.style
        g = setup_geom(info.paper)
        sheet_header(
            c,
            info.paper,
            s,
            setup_header(chamber, pattern_name, g.cell / pieces.CELL * 100, every_count),
            what="set-up",
        )
        draw_chamber(c, g, s, chamber)
        draw_indices(c, g, s)
        _draw_legend(c, info, chamber, g, spelling, every_count)

    return Page(draw, label, bookmark="Set-up diagram")


@dataclass(frozen=True)
class _Legend:
    """The legend's grid: two columns of icon + text rows under the board."""

    c: Canvas
    style: Style
    top: float
    left: float
    col_w: float
    row_h: float
    icon: float = 9 * mm
    gap: float = 6 * mm

    spelling: str = DEFAULT_SPELLING

    def entry(self, i: int, column: int, text: str) -> tuple[float, float]:
        """Write row i of a column; returns the centre of its icon."""
        x = self.left + column * (self.col_w + self.gap)
        y = self.top - (i + 1) * self.row_h
        body = self.style.text_style("key", align="left", valign="middle")
        pad = 2.5 * mm
        draw_text(
            self.c,
            respell(text, self.spelling),
            x + self.icon + pad,
            y,
            self.col_w - self.icon - pad,
            self.row_h,
            body,
            "set-up legend",
        )
        return x + self.icon / 2, y + self.row_h / 2


LEGEND_ROWS = 4

SETUP_NOTE = (
    "Lay the 24 tiles 5 × 5, the middle left empty; sorcerers start on their own portals facing the "
    "centre. The coins are shown already dealt; to deal your own, lay them face down on these spots at "
    "random, then turn them up. Everyone rolls a die, ace highest, then 5, 4, 3, 2 and blank last; tied "
    "players roll again. The best roll starts and keeps the fourth, the sorcerer's stone. Three dice go "
    "to the centre as time stones."
)


def _draw_legend(
    c: Canvas, info: PageInfo, chamber: sc.Chamber, g: BoardGeom, spelling: str, every_count: bool = False
) -> None:
    s = info.style
    w, _ = info.paper.size
    top = g.y(sc.SIZE) - 5 * mm
    bottom = MARGIN + 1 * mm
    left, right = MARGIN, w - MARGIN
    gap = 6 * mm
    cap = 9.5 * mm if w - 2 * MARGIN >= 170 * mm else 11.5 * mm  # narrow columns (A5): taller rows
    row_h = min(cap, (top - bottom - 12 * mm) / LEGEND_ROWS)
    legend = _Legend(c, s, top, left, (right - left - gap) / 2, row_h, gap=gap, spelling=spelling)
    _legend_board(legend, g)
    _legend_pieces(legend, chamber, every_count)
    draw_text(
        c,
        respell(SETUP_NOTE, spelling),
        left,
        bottom,
        right - left,
        top - LEGEND_ROWS * row_h - bottom - 1 * mm,
        s.text_style("caption", align="left", valign="middle"),
        "set-up note",
    )


def _legend_board(legend: _Legend, g: BoardGeom) -> None:
    """The left column: portal, grid tile, wall, centre."""
    c, s, icon = legend.c, legend.style, legend.icon
    x, y = legend.entry(
        0, 0, "Portal: an ace tile, suit side up, in a corner. One space, the size of a tile."
    )
    c.saveState()
    if s.fills:
        c.setFillColorRGB(*pieces.pale(pieces.suit_colour("arms", s), 0.16))
        c.rect(x - icon / 2, y - icon / 2, icon, icon, stroke=0, fill=1)
    c.setStrokeColorRGB(*s.ink)
    c.setLineWidth(0.6)
    c.rect(x - icon / 2, y - icon / 2, icon, icon, stroke=1, fill=0)
    c.restoreState()
    pieces.glyph_centred(c, pieces.SUIT_GLYPHS["arms"], x, y, icon * 0.55, pieces.suit_colour("arms", s))

    x, y = legend.entry(
        1,
        0,
        "Grid tile, grid side up: four spaces (cells). Grey labels such as ❂2 suggest which tile goes where.",
    )
    c.saveState()
    if s.tint is not None:
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

    x, y = legend.entry(
        2, 0, "Wall (heavy line): the outer edge and the four sides of the centre. Steps and zaps stop there."
    )
    c.saveState()
    c.setStrokeColorRGB(*s.ink)
    c.setLineWidth(wall_width(g.cell))
    c.line(x - icon / 2, y, x + icon / 2, y)
    c.restoreState()

    x, y = legend.entry(
        3, 0, "Centre, the pervigil per nunc: no tile. Put three dice there: the time stones."
    )
    pieces.draw_die(c, x, y, icon * 0.6, 3, s)


def _legend_pieces(legend: _Legend, chamber: sc.Chamber, every_count: bool = False) -> None:
    """The right column: orbs, a sorcerer, the players, the numbers round the edge."""
    c, s, icon = legend.c, legend.style, legend.icon
    x, y = legend.entry(0, 1, "Energy orbs: the 24 coins, suit side up. ❂ suns, ◐ moons, ♛ crowns, ⚜ arms.")
    for j, suit in enumerate(sc.SUITS):
        ox = x - icon * 0.25 + (j % 2) * icon * 0.5
        oy = y + icon * 0.25 - (j // 2) * icon * 0.5
        pieces.draw_coin_suit(c, ox, oy, icon * 0.46, suit, s)
    x, y = legend.entry(
        1, 1, "Sorcerer: your suit's three smallest pyramids, stacked. The arrow points the way it faces."
    )
    pieces.draw_sorcerer(c, x - icon * 0.12, y, icon * 0.55, "crowns", "E", s)
    legend.entry(2, 1, _player_lines(chamber, every_count))
    legend.entry(
        3, 1, "Numbers round the edge count rows and columns, so any space has a name: row 3, column 7."
    )
