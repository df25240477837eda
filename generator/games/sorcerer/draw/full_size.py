"""The Sorcerer's Chamber board at real size, cut into pages with glue strips and registration marks."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from generator.games.piecepack.draw.pieces import CELL, role_text
from generator.games.sorcerer import model as sc
from generator.games.sorcerer.draw.board import BOARD, BoardGeom, BoardLook, draw_chamber, hatch
from generator.press.document import Page, PageInfo
from generator.press.paper import MARGIN, Paper, inch, mm
from generator.press.parts import Header, draw_bullets, fit_bullets_or_fail, label_patch, sheet_header
from generator.press.style import RGB, Style
from generator.press.text import draw_text

Box = tuple[float, float, float, float]
Point = tuple[float, float]
Dash = tuple[float, float]

OVERLAP = 12 * mm  # the glue strip one piece lays over
OUT = 10 * mm  # paper kept outside the board's outer edge (registration marks)...
EDGE = 3 * mm  # ...or only this much along sides where no seam ends (no marks there): A3 holds it whole
CUT_PAD = 9 * mm  # paper kept beyond a cut line (the cut label)
STRIP_PAD = 6 * mm  # paper kept beyond a glue strip (the strip label)
NOTE_GAP = 4 * mm  # between the board's paper and the assembly note under it
NOTE_MIN_H = 40 * mm  # the least room kept under the board for the assembly note
MAP_MAX = 60 * mm  # the side of the assembly note's map of the pieces, at most


def piece_header(p: Piece, total: int, wide: bool = True) -> Header:
    """The piece's header: which piece this is, where it goes, and the scale to print at (said
    shorter on a narrow page)."""
    return Header(
        f"Full-size board, piece {p.name} of {total}" if total > 1 else "Full-size board",
        ("The Sorcerer's Chamber", f"{p.position}  ·  {'a tile is ' if wide else ''}2 in (50.8 mm) at 100 %"),
    )


#: The header's height (the same on every piece: a title line with two lines at its right).
HEADER_H = Header("title", ("a", "b")).height


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
    note: Box  # (x, y, w, h) on the page: the assembly note under the board

    @property
    def geom(self) -> BoardGeom:
        return BoardGeom(self.origin[0], self.origin[1], CELL)

    def page_xy(self, u: float, v: float) -> tuple[float, float]:
        return (self.origin[0] + u, self.origin[1] - v)

    @property
    def position(self) -> str:
        if self.rows == self.cols == 1:
            return "the whole board"
        if self.rows == 2 and self.cols == 2:
            return ("top" if self.row == 0 else "bottom") + " " + ("left" if self.col == 0 else "right")
        return f"row {self.row + 1}, column {self.col + 1}"


def piece_name(row: int, col: int) -> str:
    return f"{chr(ord('A') + row)}{col + 1}"


def _seam_allowed(cell: int) -> bool:
    """Whether a seam may run along cell line `cell`: never through the centre (cells 4 to 6, its
    dice and words), and never so near its left or top that the glue strip beyond the seam lies
    over it (the centre stays whole on one piece, with no part of it under a strip)."""
    return cell * CELL >= 6 * CELL or cell * CELL + OVERLAP <= 4 * CELL


def _splits(n: int, room: float = math.inf, out: float = OUT) -> list[float] | None:
    """Where n pieces along one side meet (board coordinates, the board's two edges included): on
    cell lines a seam may run along (see _seam_allowed), each piece with the paper kept round it
    fitting `room`; of those, the one whose largest piece is least, then the most even. None if no
    such way fits."""
    best: tuple[tuple[float, float], list[float]] | None = None
    lines = [c for c in range(1, sc.SIZE) if _seam_allowed(c)]
    for seams in itertools.combinations(lines, n - 1):
        splits = [0.0, *(c * CELL for c in seams), sc.SIZE * CELL]
        sizes = [
            u1 - u0 + before + after
            for u0, u1, before, after in map(lambda j: _span(splits, j, out), range(n))
        ]
        if max(sizes) > room + 1e-6:
            continue
        uneven = sum((splits[j + 1] - splits[j] - BOARD / n) ** 2 for j in range(n))
        key = (round(max(sizes), 6), round(uneven, 6))
        if best is None or key < best[0]:
            best = (key, splits)
    return None if best is None else best[1]


def _span(splits: list[float], j: int, out: float = OUT) -> tuple[float, float, float, float]:
    """(u0, u1, pad before, pad after) of piece j along one axis, `out` kept beyond the board's edge."""
    last = len(splits) - 2
    u0 = splits[j]
    u1 = splits[j + 1] + (OVERLAP if j < last else 0.0)
    return u0, u1, (out if j == 0 else CUT_PAD), (out if j == last else STRIP_PAD)


def _count(room: float, out: float = OUT) -> tuple[int, list[float]]:
    """The fewest pieces along one side that fit `room`, and where they meet."""
    for n in range(1, sc.SIZE):
        splits = _splits(n, room, out)
        if splits is not None:
            return n, splits
    raise ValueError("the paper is too small for the full-size board")


def full_size_pieces(paper: Paper) -> list[Piece]:
    """Cut the 10 in board into the fewest portrait pages that hold it at real size, with glue strips."""
    w, h = paper.size
    room_w = w - 2 * MARGIN
    room_h = h - 2 * MARGIN - HEADER_H - NOTE_GAP - NOTE_MIN_H
    cols, _ = _count(room_w)
    rows, _ = _count(room_h)
    # seams of one axis end in marks outside the board on the other; with none, a narrow edge will do
    out_u = OUT if rows > 1 else EDGE
    cols, us = _count(room_w, out_u)
    out_v = OUT if cols > 1 else EDGE
    rows, vs = _count(room_h, out_v)
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
        v0, v1, top_pad, bottom_pad = _span(vs, r, out_v)
        for cidx in range(cols):
            u0, u1, left_pad, right_pad = _span(us, cidx, out_u)
            region = (u0 - left_pad, v0 - top_pad, u1 + right_pad, v1 + bottom_pad)
            page_left = MARGIN + (room_w - (region[2] - region[0])) / 2
            page_top = h - MARGIN - HEADER_H  # the board right under the header, the note under it
            note = (MARGIN, MARGIN, room_w, page_top - (region[3] - region[1]) - NOTE_GAP - MARGIN)
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
                    note,
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
                f"Sorcerer's Chamber: full-size board, piece {p.name} of {total}"
                if total > 1
                else "Sorcerer's Chamber: full-size board",
                note="tiles measure 2 in (50.8 mm)",
                bookmark=f"Full-size piece {p.name}",
            )
        )
    return pages


def _draw_piece(c: Canvas, info: PageInfo, chamber: sc.Chamber, p: Piece, pieces: list[Piece]) -> None:
    s = info.style
    sheet_header(
        c,
        info.paper,
        s,
        piece_header(p, len(pieces), info.paper.width - 2 * MARGIN >= 170 * mm),
        what="full-size piece",
    )
    _draw_piece_board(c, s, chamber, p)
    for edge in p.strips:
        _draw_glue_strip(c, s, p, edge)
    for edge in p.cut:
        _draw_cut_line(c, s, p, edge)
    for mu, mv in p.marks:
        draw_mark(c, *p.page_xy(mu, mv), s)
    _draw_assembly(c, s, p, pieces)


def assembly_items(p: Piece, pieces: list[Piece]) -> list[str]:
    """The assembly note's points: this piece's joins first, then what holds for every piece."""
    order = ", ".join(q.name for q in pieces)
    side = f"{BOARD / inch:.0f} in ({BOARD / mm:.0f} mm)"
    if len(pieces) == 1:  # the whole board on one sheet (A3): nothing to join
        return [
            "The whole board fits on this sheet: cut it out along its heavy outer edge.",
            "Glue it to thin card, or lay it under a sheet of clear plastic, to keep it flat.",
            f"Finished, the board is a {side} square: 24 tiles of 2 in round an empty centre.",
        ]
    return [
        _join_text(p),
        f"Join the pieces in the order {order}: each one lies over the glue strips of those laid before it. "
        "Cut only along dashed lines; a glue strip is never cut off.",
        "Line up the ⊕ marks across every seam, then tape the seam along its whole length on the back.",
        "On the map, the heavy outline is this page and the hatched bands are glue strips.",
        f"Finished, the board is a {side} square: 24 tiles of 2 in round an empty centre.",
    ]


def _draw_assembly(c: Canvas, s: Style, p: Piece, pieces: list[Piece]) -> None:
    """The assembly note under the board: a map of the pieces at the left, the points at its right."""
    x, y, w, h = p.note
    side = min(h, MAP_MAX, w * 0.4)
    top = y + h
    whole = len(pieces) == 1  # nothing to put together: no map
    if not whole:
        _draw_assembly_map(c, s, p, pieces, (x, top - side, side, side))
    tx = x if whole else x + side + 6 * mm
    tw = x + w - tx
    head = s.text("heading")
    head_h = head.size * head.leading + 1.5 * mm
    heading = s.text_style("heading", align="left", valign="top")
    title = "The full-size board" if whole else "Putting the board together"
    draw_text(c, title, tx, top - head_h, tw, head_h, heading, "assembly heading")
    fit = fit_bullets_or_fail(
        assembly_items(p, pieces), tw, h - head_h, s.text_style("body"), "assembly note"
    )
    draw_bullets(c, fit, tx, top - head_h, tw, s.accent)


def _own(q: Piece) -> Box:
    """The part of the board only this piece shows: its shown part less its glue strips."""
    u0, v0, u1, v1 = q.shown
    return (
        u0,
        v0,
        u1 - (OVERLAP if "right" in q.strips else 0),
        v1 - (OVERLAP if "bottom" in q.strips else 0),
    )


def _strip_boxes(q: Piece) -> list[Box]:
    u0, v0, u1, v1 = q.shown
    boxes = [(u1 - OVERLAP, v0, u1, v1)] if "right" in q.strips else []
    return boxes + ([(u0, v1 - OVERLAP, u1, v1)] if "bottom" in q.strips else [])


def _draw_assembly_map(c: Canvas, s: Style, p: Piece, pieces: list[Piece], box: Box) -> None:
    """The whole board with each piece's own part, the glue strips hatched and this piece outlined."""
    x, y, side, _ = box
    k = side / BOARD

    def place(u0: float, v0: float, u1: float, v1: float) -> Box:
        return (x + u0 * k, y + side - v1 * k, (u1 - u0) * k, (v1 - v0) * k)

    if s.tint is not None:
        c.saveState()
        c.setFillColorRGB(*s.tint)
        c.rect(*place(*_own(p)), stroke=0, fill=1)
        c.restoreState()
    for q in pieces:
        for band in _strip_boxes(q):
            hatch(c, place(*band), 1.2 * mm, s.rule)
    c.saveState()
    c.setStrokeColorRGB(*s.ink)
    c.setLineWidth(0.6)
    for q in pieces:
        c.rect(*place(*_own(q)), stroke=1, fill=0)
    c.setLineWidth(1.8)
    c.rect(*place(*p.shown), stroke=1, fill=0)
    c.restoreState()
    for q in pieces:
        bx, by, bw, bh = place(*_own(q))
        role = "strong" if q is p else "caption"
        baseline = by + bh / 2 - s.text(role).size * 0.35
        role_text(c, s, role, q.name, bx + bw / 2, baseline, align="centre")


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


def _seam_lines(
    c: Canvas, p: Piece, lines: list[tuple[Point, Point]], colour: RGB, width: float, dash: Dash
) -> None:
    """Dashed lines between board points (u, v) on this piece's page."""
    c.saveState()
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(width)
    c.setDash(*dash)
    for a, b in lines:
        c.line(*p.page_xy(*a), *p.page_xy(*b))
    c.restoreState()


def _draw_glue_strip(c: Canvas, s: Style, p: Piece, edge: str) -> None:
    """A light line where the other piece's edge lands, and a label beyond the strip."""
    u0, v0, u1, v1 = p.shown
    if edge == "right":
        lines = [((u1 - OVERLAP, v0), (u1 - OVERLAP, v1)), ((u1, v0), (u1, v1))]
        at = (u1 + STRIP_PAD / 2, _gap_middle(v0, v1, [m[1] for m in p.marks]))
        other, angle = piece_name(p.row, p.col + 1), -90
    else:
        lines = [((u0, v1 - OVERLAP), (u1, v1 - OVERLAP)), ((u0, v1), (u1, v1))]
        at = (_gap_middle(u0, u1, [m[0] for m in p.marks]), v1 + STRIP_PAD / 2)
        other, angle = piece_name(p.row + 1, p.col), 0
    _seam_lines(c, p, lines, s.muted, 0.5, (1, 2))
    text = f"glue strip: {other} lies over this"
    label_patch(c, s, text, *p.page_xy(*at), colour=s.ink, middle=True, angle=angle)


def _draw_cut_line(c: Canvas, s: Style, p: Piece, edge: str) -> None:
    """A dashed cut line across the whole region, with scissors and what to lay this piece over."""
    u0, v0, u1, v1 = p.shown
    ru0, rv0, ru1, rv1 = p.region
    if edge == "left":
        lines = [((u0, rv0), (u0, rv1))]
        at = (u0 - CUT_PAD / 2, _gap_middle(v0, v1, [m[1] for m in p.marks]))
        other, angle = piece_name(p.row, p.col - 1), 90
    else:
        lines = [((ru0, v0), (ru1, v0))]
        at = (_gap_middle(u0, u1, [m[0] for m in p.marks]), v0 - CUT_PAD / 2)
        other, angle = piece_name(p.row - 1, p.col), 0
    _seam_lines(c, p, lines, s.ink, 0.7, (4, 3))
    text = f"✂ cut here, then lay over {other}"
    label_patch(c, s, text, *p.page_xy(*at), colour=s.ink, middle=True, angle=angle)


def _gap_middle(a: float, b: float, marks: Sequence[float]) -> float:
    """The middle of the widest stretch of [a, b] between registration marks (labels go there)."""
    stops = sorted({a, b, *(m for m in marks if a < m < b)})
    lo, hi = max(zip(stops, stops[1:], strict=False), key=lambda pair: pair[1] - pair[0])
    return (lo + hi) / 2


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
