"""Sheets of piecepack nets to cut, fold and glue: dice, pawns and pyramids, packed in rows with
what each folds into written under it."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from generator.games.piecepack import model as pp
from generator.games.piecepack.draw import Painter, die_painter, pawn_painter, pyramid_painter
from generator.press import cutter as cut
from generator.press import nets
from generator.press.document import Page, PageInfo
from generator.press.paper import MARGIN, Paper, mm
from generator.press.parts import Header, sheet_header
from generator.press.style import Style
from generator.press.text import draw_text

TAB = 5 * mm  # glue tab depth on dice and pawns
PYRAMID_TAB = 3.5 * mm
GAP = 5 * mm  # between nets on a sheet
CAPTION_H = 6 * mm  # the line under each net
HOWTO_H = 11 * mm  # the instructions under the sheet's title
DASH = (2.2, 1.6)

HOWTO = {
    "dice": "Cut along the solid lines. Fold every dashed line with the print outside, then glue each "
    "tab inside the face it meets. Opposite faces add up to five (null counts nothing).",
    "pawns": "Cut out, fold at the top so both figures face out, fold the base under and glue its tab "
    "inside the first side near its foot: the pawn stands on the base.",
    "pyramids": "Cut out, fold the dashed lines with the print outside, glue the tab under the first "
    "face; the base stays open, so each pyramid stacks on a larger one. FRONT marks where it faces.",
}


@dataclass(frozen=True)
class Item:
    """One net to print: the piece, its net (points, at the origin), what paints its faces, its caption."""

    piece: pp.Piece
    net: nets.Net
    paint: Painter
    caption: str
    row: str = ""  # nets of a named row share their rows with no others (a pyramid size: its four suits)


def size_label(mm_value: float, metric: bool = False) -> str:
    """A piece's size as its paper's users measure: 12.7 -> '1/2 in' (sixteenths), or with
    `metric` '12.7 mm' (to a tenth)."""
    if metric:
        return f"{round(mm_value, 1):g} mm"
    f = Fraction(round(mm_value / pp.INCH_MM * 16), 16)
    return f"{f.numerator}/{f.denominator} in" if f.denominator > 1 else f"{f.numerator} in"


def die_item(piece: pp.Piece, metric: bool = False) -> Item:
    size = piece.size_mm * mm
    net = nets.cube_net(size, TAB)
    caption = f"{piece.suit} die, {size_label(piece.size_mm, metric)}"
    return Item(piece, net, die_painter(piece.suit, size), caption)


def pawn_item(piece: pp.Piece, metric: bool = False) -> Item:
    width = piece.size_mm * mm
    net = nets.tent_net(width, pp.PAWN_FACE_MM * mm, pp.PAWN_DEPTH_MM * mm, TAB).at_origin()
    return Item(piece, net, pawn_painter(piece.suit, width, pp.PAWN_FACE_MM * mm), f"{piece.suit} pawn")


def pyramid_item(piece: pp.Piece, metric: bool = False) -> Item:
    rank = piece.rank or "A"
    base = pp.pyramid_base_mm(rank) * mm
    # the fan (as wide as 1.7 times its depth) turned on its side: the four suits of a size share a row
    net = nets.pyramid_net(base, pp.pyramid_height_mm(rank) * mm, PYRAMID_TAB).rotated(90).at_origin()
    caption = f"{piece.suit} {rank}, {size_label(piece.size_mm, metric)}"
    return Item(piece, net, pyramid_painter(piece.suit, rank, base), caption, row=f"pyramid {rank}")


MAKERS = {"die": die_item, "pawn": pawn_item, "pyramid": pyramid_item}


@dataclass(frozen=True)
class Placed:
    item: Item
    x: float  # where the net's bounding box starts (bottom-left), page points
    y: float


@dataclass
class _Row:
    top: float
    height: float
    x: float
    name: str = ""
    items: list[tuple[Item, float]] = field(default_factory=list)  # each net and where it starts


SPREAD = 25 * mm  # at most this much more between rows, to spread a sheet's rows down its page


def header(title: str, howto: str) -> Header:
    """The sheet's header: its title, what to print on, and how to cut, fold and glue."""
    return Header(title, ("print on card stock", "cut, fold, glue"), howto, HOWTO_H)


def pack_rows(
    items: list[Item], paper: Paper, header_h: float, area: tuple[float, float, float, float] | None = None
) -> list[list[Placed]]:
    """First-fit shelf packing under a header `header_h` tall: each net goes into the first row of
    the sheet with room for it (a pawn beside the dice; a net of a named row only among its own),
    else opens a new row under the last, else a new sheet. Each row is then centred across the
    sheet, and the rows spread down it (up to SPREAD more between them) so that the sheet is used
    from top to bottom. With `area` (a cutting machine's readable area) the header and nets stay
    inside it."""
    left, right = MARGIN, paper.width - MARGIN
    top0 = paper.height - MARGIN - header_h
    bottom = MARGIN
    if area is not None:
        left, right = max(left, area[0]), min(right, area[2])
        top0, bottom = min(top0, area[3] - header_h), max(bottom, area[1])
    sheets: list[list[_Row]] = []
    rows: list[_Row] = []
    most = _row_counts(items, right - left)
    for it in items:
        w, h = it.net.width, it.net.height + CAPTION_H
        if w > right - left or h > top0 - bottom:
            raise ValueError(f"the {it.caption} net does not fit on {paper.name} paper")
        row = next(
            (
                r
                for r in rows
                if r.name == it.row
                and len(r.items) < most.get(r.name, len(items))
                and r.x + w <= right + 1e-6
                and h <= r.height + 1e-6
            ),
            None,
        )
        if row is None:
            top = rows[-1].top - rows[-1].height - GAP if rows else top0
            if not sheets or top - h < bottom - 1e-6:
                rows, top = [], top0
                sheets.append(rows)
            row = _Row(top, h, left, it.row)
            rows.append(row)
        row.items.append((it, row.x))
        row.x += w + GAP
    return [_spread(sheet, left, right, top0, bottom) for sheet in sheets]


def _row_counts(items: list[Item], width: float) -> dict[str, int]:
    """How many nets of each named row go in one row: as many as fit `width`, or fewer so that the
    rows they need hold them evenly (four suits three to a row would leave one alone: two and two)."""
    out = {}
    for name in {it.row for it in items if it.row}:
        group = [it for it in items if it.row == name]
        fit = max(1, int((width + GAP + 1e-6) // (max(it.net.width for it in group) + GAP)))
        rows = math.ceil(len(group) / fit)
        out[name] = math.ceil(len(group) / rows)
    return out


def _spread(rows: list[_Row], left: float, right: float, top: float, bottom: float) -> list[Placed]:
    """A sheet's rows placed: each centred between `left` and `right`, and the room left under the
    last shared out between the gaps under each row (up to SPREAD a gap)."""
    used = rows[0].top - (rows[-1].top - rows[-1].height) if rows else 0.0
    extra = min(SPREAD, max(0.0, (top - bottom) - used) / max(1, len(rows)))
    out = []
    for n, row in enumerate(rows):
        room = right - left - (row.x - GAP - left)  # across the row, beside its nets
        apart = min(SPREAD / 2, room / (len(row.items) + 1))  # more between its nets
        shift = (room - apart * (len(row.items) - 1)) / 2
        for i, (it, x) in enumerate(row.items):
            out.append(Placed(it, x + shift + i * apart, row.top - n * extra - row.height + CAPTION_H))
    return out


def _polygon(c: Canvas, pts: tuple[nets.Point, ...]) -> Any:
    p = c.beginPath()
    p.moveTo(*pts[0])
    for q in pts[1:]:
        p.lineTo(*q)
    p.close()
    return p


def draw_net(c: Canvas, net: nets.Net, paint: Painter, style: Style) -> None:
    """Paint each face (clipped to it, turned to its 'up'), shade the tabs, then the dashed folds and
    the solid cut lines on top."""
    for face in net.faces:
        c.saveState()
        c.clipPath(_polygon(c, face.corners), stroke=0, fill=0)
        cx, cy = face.centre
        c.translate(cx, cy)
        c.rotate(face.up - 90.0)
        paint(c, face, style)
        c.restoreState()
    c.saveState()
    if style.tint is not None:
        c.setFillColorRGB(*style.tint)
        for t in net.tabs:
            c.drawPath(_polygon(c, t), stroke=0, fill=1)
    c.setLineWidth(0.5)
    c.setStrokeColorRGB(*style.muted)
    c.setDash(*DASH)
    for a, b in net.folds:
        c.line(*a, *b)
    c.setDash()
    c.setStrokeColorRGB(*style.ink)
    for a, b in net.cuts:
        c.line(*a, *b)
    c.restoreState()


def net_pages(
    items: list[Item], paper: Paper, title: str, howto: str, label: str, machine: cut.Cutter | None = None
) -> list[Page]:
    """Sheets of nets: a title, how to fold, then the nets in rows, each captioned. With a cutting
    machine that reads marks: its marks, the title and nets between them, and a cut file's worth of
    cut lines (the nets' edges) and score lines (their folds)."""
    head = header(title, howto)
    marker = machine if machine is not None and machine.marks else None
    area = marker.readable(paper) if marker is not None else None
    sheets = pack_rows(items, paper, head.height, area)
    pages = []
    for i, sheet in enumerate(sheets, start=1):
        more = f", sheet {i} of {len(sheets)}" if len(sheets) > 1 else ""
        cut_sheet = None
        if marker is not None:
            moved = [pl.item.net.moved(pl.x, pl.y) for pl in sheet]
            cut_sheet = cut.CutSheet(
                marker,
                paper,
                scores=[(*a, *b) for n in moved for a, b in n.folds],
                cuts=[(*a, *b) for n in moved for a, b in n.cuts],
                label=f"{label}{more}",
            )
            cut.check_inside(cut_sheet)

        def draw(
            c: Canvas, info: PageInfo, sheet: list[Placed] = sheet, cs: cut.CutSheet | None = cut_sheet
        ) -> None:
            style = info.style
            if cs is None or area is None:
                sheet_header(c, paper, style, head, what=label)
            else:  # under the marks' band, inside the area between them
                head.draw(c, style, area[0], area[3], area[2] - area[0], label)
            cap = style.text_style("caption", valign="top")
            for pl in sheet:
                net = pl.item.net.moved(pl.x, pl.y)
                draw_net(c, net, pl.item.paint, style)
                x, w = pl.x - GAP / 2, net.width + GAP
                draw_text(c, pl.item.caption, x, pl.y - CAPTION_H, w, CAPTION_H - 1 * mm, cap, "caption")
            if cs is not None:
                cut.draw_marks(c, cs.cutter, paper)
                cut.draw_guides(c, cs)

        pages.append(
            Page(
                draw,
                f"{label}{more}",
                note="print on card stock; cut, fold, glue",
                card=True,
                cut=cut_sheet,
                footer="bottom" if cut_sheet is None else "sides",
            )
        )
    return pages


def nets_model(items: list[Item]) -> list[dict[str, Any]]:
    """What each net folds into, for --json: the piece and the net's measurements (mm)."""
    out = []
    for it in items:
        entry: dict[str, Any] = {"kind": it.piece.kind, "suit": it.piece.suit, "rank": it.piece.rank}
        entry["net_mm"] = [round(it.net.width / mm, 2), round(it.net.height / mm, 2)]
        entry["folds"] = len(it.net.folds)
        entry["tabs"] = len(it.net.tabs)
        if it.piece.kind == "pyramid":
            shape = nets.PyramidShape(
                pp.pyramid_base_mm(it.piece.rank or "A"), pp.pyramid_height_mm(it.piece.rank or "A")
            )
            entry["height_mm"] = round(shape.height, 2)
            entry["apex_angle_deg"] = round(shape.apex_angle, 2)
        if it.piece.kind == "pawn":
            entry["height_mm"] = round(nets.tent_height(pp.PAWN_FACE_MM, pp.PAWN_DEPTH_MM), 2)
        out.append(entry)
    return out
