"""The two-sided calibration sheet: rulers to check scaling, and a see-through target to read duplex
offset; in the house style (the Style's roles: header, accent, tint, label faces)."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from generator.press.document import Page, PageInfo
from generator.press.paper import MARGIN, Paper, inch, mm
from generator.press.parts import Header, computer_note, computer_note_height, sheet_header
from generator.press.style import Style
from generator.press.text import draw_text, text_at

SCALE_MM = 15.0  # the offset scales read from -15 to +15 mm
SCALE_STEP = 0.5


@dataclass(frozen=True)
class Ruler:
    """A ruler's baseline: starts at (x, y) and runs `length` points along `axis` ('x' or 'y')."""

    name: str
    axis: str
    x: float
    y: float
    length: float
    unit: str  # "mm" or "in"


def rulers(paper: Paper) -> list[Ruler]:
    """The four rulers, at the same place on both sides."""
    w, h = paper.size
    return [
        Ruler("100 mm across", "x", 48 * mm, h - 42 * mm, 100 * mm, "mm"),
        Ruler("4 in across", "x", 48 * mm, h - 62 * mm, 4 * inch, "in"),
        Ruler("100 mm down", "y", 16 * mm, h - 182 * mm, 100 * mm, "mm"),
        Ruler("4 in down", "y", 34 * mm, h - 182 * mm, 4 * inch, "in"),
    ]


def target_centre(paper: Paper) -> tuple[float, float]:
    """Where the front's cross sits (front-page coordinates)."""
    w, h = paper.size
    return (w / 2 + 22 * mm, h - 128 * mm)


def _draw_ruler(c: Canvas, r: Ruler, s: Style) -> None:
    c.saveState()
    c.translate(r.x, r.y)
    if r.axis == "y":
        c.rotate(90)  # ticks then stand to the left of a vertical ruler, labels read bottom-to-top
    c.setStrokeColorRGB(*s.ink)
    c.setLineCap(0)  # butt caps: the baseline is exactly `length` long
    c.setLineWidth(0.6)
    c.line(0, 0, r.length, 0)
    # (ticks, step, ticks per label, label unit, tick heights by the divisor they fall on, longest first)
    n, step, per, unit, heights = (
        (100, mm, 10, "cm", ((10, 7.0), (5, 4.5), (1, 2.5)))
        if r.unit == "mm"
        else (32, inch / 8, 8, "in", ((8, 7.0), (4, 4.5), (2, 3.0), (1, 2.0)))
    )
    c.setLineWidth(0.3)
    face, size = s.font("key_head")
    for i in range(n + 1):
        t = next(h for d, h in heights if i % d == 0) * mm
        c.line(i * step, 0, i * step, t)
        if i % per == 0:
            text_at(c, str(i // per), i * step, t + 1 * mm, face, size, s.ink, "centre")
    text_at(c, unit, r.length + 2 * mm, 1 * mm, face, size, s.accent)
    strong, strong_size = s.font("strong")
    what = f"{r.name}: should measure exactly {'100 mm' if r.unit == 'mm' else '4 in'}"
    text_at(c, what, 0, -4 * mm, strong, strong_size * 0.85, s.accent)
    c.restoreState()


CROSS_ARM = 30 * mm  # the front's cross reaches past both scales on the back
SCALE_AWAY = 18 * mm  # each scale sits this far from the cross's centre


def _draw_cross(c: Canvas, x: float, y: float) -> None:
    c.saveState()
    c.setLineWidth(0.9)
    c.setLineCap(0)
    c.line(x - CROSS_ARM, y, x + CROSS_ARM, y)
    c.line(x, y - CROSS_ARM, x, y + CROSS_ARM)
    c.circle(x, y, 3 * mm, stroke=1, fill=0)
    c.restoreState()


def _draw_scales(c: Canvas, x: float, y: float, s: Style) -> None:
    """Two scales around (x, y): value v sits v mm right of (X scale) or above (Y scale) the centre,
    on a light panel, ticks every half millimetre (longer every one and every five) and numbers
    every ten."""
    steps = int(SCALE_MM / SCALE_STEP)
    xb = y - SCALE_AWAY  # X scale: a level baseline below the centre, ticks pointing up
    yb = x - SCALE_AWAY  # Y scale: an upright baseline left of the centre, ticks pointing right
    reach = SCALE_MM * mm
    c.saveState()
    if s.tint is not None:  # the panel the scales stand on
        c.setFillColorRGB(*s.tint)
        c.roundRect(
            yb - 14 * mm,
            xb - 16 * mm,
            reach + SCALE_AWAY + 18 * mm,
            reach + SCALE_AWAY + 21 * mm,
            3 * mm,
            stroke=0,
            fill=1,
        )
    c.setStrokeColorRGB(*s.ink)
    c.setLineWidth(0.35)
    c.setLineCap(0)
    c.line(x - reach, xb, x + reach, xb)
    c.line(yb, y - reach, yb, y + reach)
    face, size = s.font("key_head")
    size *= 1.35
    for k in range(-steps, steps + 1):
        v = k * SCALE_STEP
        t = 7 * mm if v == 0 else 5 * mm if k % 10 == 0 else 3.2 * mm if k % 2 == 0 else 1.8 * mm
        c.line(x + v * mm, xb, x + v * mm, xb + t)
        c.line(yb, y + v * mm, yb + t, y + v * mm)
        if k % 20 == 0:  # numbers every 10 mm, on one row, as a ruler has them (the fives: long ticks)
            label = f"{v:+.0f}".replace("-", "\u2212") if v else "0"
            text_at(c, label, x + v * mm, xb - 4.5 * mm, face, size, s.ink, "centre")
            text_at(c, label, yb - 1.5 * mm, y + v * mm - size * 0.35, face, size, s.ink, "right")
    head, head_size = s.font("heading")
    text_at(c, "X (mm)", x, xb - 11 * mm, head, head_size, s.accent, "centre")
    c.translate(yb - 10.5 * mm, y)
    c.rotate(90)
    text_at(c, "Y (mm)", 0, 0, head, head_size, s.accent, "centre")
    c.restoreState()


FRONT_TEXT = (
    "1. Print this sheet on both sides at 100 % (actual size), flipping on the {edge} edge.\n"
    "2. Check the rulers with a real ruler. If one measures short, your print dialog is scaling the page: "
    "turn off 'fit to page' / 'shrink oversized pages' and print again.\n"
    "3. Turn the sheet over and hold it against a window or lamp: the cross printed here shows through "
    "onto the scales on the back. The back tells you what to do next."
)
BACK_TEXT = (
    "1. Hold this side facing you against a bright light: the cross from the front shows through.\n"
    "2. Read where its upright line crosses the X scale and where its level line crosses the Y scale, "
    "to the nearest 0.5 mm. Those are your two numbers, X and Y.\n"
    "3. Both on 0: your printer lines up already and needs nothing more. Otherwise whoever prints the "
    "decks saves the two numbers once (the box below), and every two-sided deck prints its backs "
    "moved to match.\n"
    "This sheet is for printers that flip on the {edge} edge."
)
EDGES = ("long", "short")


def scales_centre(paper: Paper, duplex: str = "long") -> tuple[float, float]:
    """Where the back's scales are centred (back-page coordinates): behind the front's cross after
    the sheet turns over its long edge (x -> w - x) or its short edge (y -> h - y)."""
    w, h = paper.size
    tx, ty = target_centre(paper)
    return (tx, h - ty) if duplex == "short" else (w - tx, ty)


def calibration_pages(paper: Paper, duplex: str = "long") -> list[Page]:
    """Front and back of the calibration sheet for a long-edge or a short-edge flip ('none', glued
    backs turned like a page, reads as long)."""
    edge = "short" if duplex == "short" else "long"
    other = EDGES[1 - EDGES.index(edge)]
    w, h = paper.size
    tx, ty = target_centre(paper)
    sx, sy = scales_centre(paper, edge)
    flip = f"flip on the {edge} edge"

    def side(c: Canvas, info: PageInfo, back: bool) -> None:
        s = info.style
        header = Header(
            f"Calibration sheet: {'back' if back else 'front'}",
            ("plain paper", f"two-sided: {flip}"),
            "Check that your printer prints at true size, and measure how far it shifts the back of a sheet.",
            5 * mm,
            "caption",
        )
        sheet_header(c, paper, s, header, what="calibration sheet")
        for r in rulers(paper):
            _draw_ruler(c, r, s)
        if back:
            _draw_scales(c, sx, sy, s)
            text = BACK_TEXT.format(edge=edge, other=other)
        else:
            _draw_cross(c, tx, ty)
            face, size = s.font("caption")
            text_at(c, "duplex target: see the back", tx + 4 * mm, ty - 6 * mm, face, size, s.muted)
            text = FRONT_TEXT.format(edge=edge)
        steps = s.text_style("prose", size=10.5, min_size=7.0, align="left", valign="top", leading=1.35)
        x0, width = 50 * mm, w - 50 * mm - MARGIN
        bottom = MARGIN + 6 * mm
        if back:
            from generator.press.cover import computer_lines
            from generator.press.text import fit

            note = computer_lines(other)
            above = bottom + computer_note_height(note, width, s) + 4 * mm
            if fit(text, width, MARGIN + 72 * mm - above, steps) is not None:  # (small paper: steps only)
                computer_note(c, s, x0, above - 4 * mm, width, note)
                bottom = above
        draw_text(c, text, x0, bottom, width, MARGIN + 72 * mm - bottom, steps, "calibration text")

    return [
        Page(
            functools.partial(side, back=back),
            f"Calibration sheet ({edge} edge): {name}",
            note=f"two-sided: {flip}",
            duplex=edge,
            bookmark=name.capitalize(),
            side=name,
        )
        for back, name in ((False, "front"), (True, "back"))
    ]


def calibration_model(paper: Paper, duplex: str = "long") -> dict:
    """The calibration sheet as JSON-ready data (positions in mm)."""
    tx, ty = target_centre(paper)
    edge = "short" if duplex == "short" else "long"
    sx, sy = scales_centre(paper, edge)
    return {
        "paper": paper.name,
        "flip": edge,
        "scales": {"x_mm": round(sx / mm, 3), "y_mm": round(sy / mm, 3)},
        "rulers": [
            {
                "name": r.name,
                "axis": r.axis,
                "x_mm": round(r.x / mm, 3),
                "y_mm": round(r.y / mm, 3),
                "length_mm": round(r.length / mm, 3),
                "unit": r.unit,
            }
            for r in rulers(paper)
        ],
        "target": {
            "x_mm": round(tx / mm, 3),
            "y_mm": round(ty / mm, 3),
            "scale_mm": SCALE_MM,
            "step_mm": SCALE_STEP,
        },
    }


def cutter_test_page(paper: Paper, cutter) -> Page:  # cutter: press.cutter.Cutter with marks
    """A third sheet for a cutting machine: its marks, a test card and how to read the cut; the
    card's cut file is written beside the PDF like a deck's."""
    from generator.press.cutter import check_inside, draw_test_card, test_card_sheet

    sheet = test_card_sheet(paper, cutter)
    check_inside(sheet)

    def draw(c: Canvas, info: PageInfo) -> None:
        draw_test_card(c, sheet, info.style)

    return Page(
        draw,
        f"Cutting test ({cutter.title})",
        note="one-sided, on the card you cut",
        footer="sides",
        bookmark="Cutting test",
        card=True,
        cut=sheet,
    )
