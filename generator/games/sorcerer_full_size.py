"""The Sorcerer's Chamber board at real size, cut into pages with glue strips and registration marks."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from generator.games import sorcerer as sc
from generator.games.piecepack_pieces import CELL
from generator.games.sorcerer_board import BOARD, BoardGeom, BoardLook, draw_chamber
from generator.press.document import Page, PageInfo
from generator.press.fonts import string_width
from generator.press.paper import MARGIN, Paper, mm
from generator.press.style import Style
from generator.press.text import TextStyle, draw_text, text_at

Box = tuple[float, float, float, float]

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
    _draw_piece_header(c, info, p, pieces)
    _draw_piece_board(c, s, chamber, p)
    for edge in p.strips:
        _draw_glue_strip(c, s, p, edge)
    for edge in p.cut:
        _draw_cut_line(c, s, p, edge)
    for mu, mv in p.marks:
        draw_mark(c, *p.page_xy(mu, mv), s)


MAP_CELL = 7 * mm  # one piece on the header's map of the pieces


def _draw_piece_header(c: Canvas, info: PageInfo, p: Piece, pieces: list[Piece]) -> None:
    """The piece's title, how to join it, and a map of the pieces with this one picked out."""
    s = info.style
    w, h = info.paper.size
    map_w = p.cols * MAP_CELL
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
    my0 = h - MARGIN - p.rows * MAP_CELL
    for q in pieces:
        x = mx0 + q.col * MAP_CELL
        y = my0 + (p.rows - 1 - q.row) * MAP_CELL
        c.saveState()
        c.setLineWidth(1.2 if q is p else 0.5)
        c.setStrokeColorRGB(*(s.ink if q is p else s.rule))
        if q is p and s.tint is not None:
            c.setFillColorRGB(*s.tint)
            c.rect(x, y, MAP_CELL, MAP_CELL, stroke=0, fill=1)
        c.rect(x, y, MAP_CELL, MAP_CELL, stroke=1, fill=0)
        c.restoreState()
        text_at(
            c,
            q.name,
            x + MAP_CELL / 2,
            y + MAP_CELL / 2 - 2.5,
            "Sans-Bold" if q is p else "Sans",
            7,
            s.ink if q is p else s.muted,
            "centre",
        )


def _draw_piece_board(c: Canvas, s: Style, chamber: sc.Chamber, p: Piece) -> None:
    """The board, clipped to what this piece shows (outer walls keep their full width)."""
    u0, v0, u1, v1 = p.shown
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
    look = BoardLook(orbs="rings", sorcerers=False, tile_labels=False, tile_fills=False)
    draw_chamber(c, p.geom, s, chamber, look, window=window)
    c.restoreState()


def _draw_glue_strip(c: Canvas, s: Style, p: Piece, edge: str) -> None:
    """A light line where the other piece's edge lands, and a label beyond the strip."""
    u0, v0, u1, v1 = p.shown
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
        _rotated_label(c, f"glue strip: {other} lies over this", *p.page_xy(u1 + STRIP_PAD / 2, at), -90, s)
    else:
        seam = v1 - OVERLAP
        c.line(*p.page_xy(u0, seam), *p.page_xy(u1, seam))
        c.line(*p.page_xy(u0, v1), *p.page_xy(u1, v1))
        other = piece_name(p.row + 1, p.col)
        at = _gap_middle(u0, u1, [m[0] for m in p.marks])
        _rotated_label(c, f"glue strip: {other} lies over this", *p.page_xy(at, v1 + STRIP_PAD / 2), 0, s)
    c.restoreState()


def _draw_cut_line(c: Canvas, s: Style, p: Piece, edge: str) -> None:
    """A dashed cut line across the whole region, with scissors and what to lay this piece over."""
    u0, v0, u1, v1 = p.shown
    ru0, rv0, ru1, rv1 = p.region
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
    c.setFillColorRGB(*style.paper)
    c.rect(-width / 2 - 2, -size * 0.55, width + 4, size * 1.2, stroke=0, fill=1)
    text_at(c, text, 0, -size * 0.35, "Cond", size, style.ink, "centre")
    c.restoreState()


def draw_mark(c: Canvas, x: float, y: float, style: Style, r: float = 3 * mm) -> None:
    """A registration mark: a circle and a cross whose arms run past it."""
    c.saveState()
    c.setStrokeColorRGB(*style.ink)
    c.setFillColorRGB(*style.paper)
    c.setLineWidth(0.5)
    c.circle(x, y, r, stroke=1, fill=1)
    c.line(x - 1.8 * r, y, x + 1.8 * r, y)
    c.line(x, y - 1.8 * r, x, y + 1.8 * r)
    c.restoreState()
