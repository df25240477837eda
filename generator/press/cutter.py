"""Print-then-cut: a cutting machine's registration marks on the sheet, the area its sensor reads,
and the cut files (SVG, DXF) whose outlines lie on the printed cut lines in the marks' frame.

Where the marks go, and why (see the README's "Cutting machines" for what a family does):

- Silhouette (Cameo, Portrait): Silhouette Studio's "Type 1" marks: a filled 5 mm square at the
  top-left, an L at the top-right and at the bottom-left, legs 20 mm long and 0.3 mm thick, each
  mark's outer corner 10 mm in from the page's edges. Taken from inkscape-silhouette
  (fablabnbg/inkscape-silhouette, render_silhouette_regmarks.py: REG_SQUARE_MM = 5,
  REG_LINE_MM = 20, the 0.3 mm line width, and its user guide's default of 10 mm from the document's
  left and top with the mark-to-mark distance the page less 2 x 10 mm); the same three marks, 10 mm
  in, are on silhouette-card-maker's sheets (Alan-Cha/silhouette-card-maker, assets/*_registration.pdf,
  measured). Set Studio's registration marks to Type 1, length 20 mm, thickness 0.3 mm, inset 10 mm.
  Nothing is printed within the legs' reach of a mark (the hatched area Studio shows).
- ScanNCut: Brother's print-to-cut mark, four of them: a round target (a 1 mm dot in the middle,
  rings from 2 to 3 mm and from 4 to 5 mm round it) under a 10 x 1 mm bar, its centre 12.0 mm in
  from the left or right edge and 13.98 mm from the top or bottom, the same way up at all four
  corners. Taken from fcmlib (markuryy/fcmlib, src/registration_marks.rs: the mark copied from
  Brother's print-and-cut artwork as Illustrator exported it, and the four centres its print-and-cut
  FCM files list as their alignment points; examples/svg_to_fcm.rs writes the same points). The
  ScanNCut reads a print-to-cut job as an FCM file naming those points; parlour writes SVG and DXF in
  the same page frame, not FCM (CanvasWorkspace turns the SVG into one). Not tried on a machine.
- Cricut: Design Space prints- Cricut: Design Space prints its own marks round an uploaded image inside its print-then-cut area,
  so parlour prints no marks for it: each card is written as a PNG at its trimmed size, its rounded
  corners transparent, whose outer edge is the cut line Design Space traces. The area, 6.75 x 9.25 in
  (171 x 235 mm), is as piecepackr's research on Cricut cut files gives it (piecepackr/piecepackr
  issue 343: "Maximum print area is 9.25 x 6.75"); Cricut's own help pages were not to hand, so a
  card near that size should be tried once in Design Space first.

Units: points on the page (y up, origin at the bottom-left); the files are in millimetres in the
same frame (SVG with y down from the top edge, as SVG has it; DXF with y up).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from reportlab.pdfgen.canvas import FILL_EVEN_ODD

from generator.errors import ParlourError
from generator.press.paper import Paper, inch, mm
from generator.press.print_defaults import CUTTERS as CUTTERS

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1
Segment = tuple[float, float, float, float]

CORNER_RADIUS = 3.0 * mm  # a playing card's rounded corner (the cut line follows it)
CUT_LINE = 0.25  # the printed cut guide's width in points
CUT_COLOUR = (0.55, 0.55, 0.55)  # a quiet grey: the guide, and its DXF/SVG colour is red as machines expect
CRICUT_AREA = (6.75 * inch, 9.25 * inch)  # Design Space's largest print-then-cut image on Letter or A4


@dataclass(frozen=True)
class Cutter:
    """A machine: its marks (filled rectangles on the page), the keep-out round them, and whether
    parlour writes cut files for it (else card images)."""

    name: str
    title: str  # as owners know it
    corners: tuple[str, ...]  # "tl", "tr", "bl", "br": where a mark is; "square" at the one in `square`
    square: str | None = None
    inset: float = 10 * mm
    leg: float = 20 * mm
    square_side: float = 5 * mm
    thickness: float = 0.3 * mm
    clear: float = 2 * mm  # kept free between a mark's reach and any piece
    files: bool = True
    target: bool = False  # Brother's round target marks (see TARGET) instead of squares and Ls

    @property
    def marks(self) -> bool:
        return bool(self.corners)

    def mark_rects(self, paper: Paper) -> list[Rect]:
        """The marks as filled rectangles on the page (each L is two: its legs, centred on the line)."""
        W, H = paper.size
        i, leg, t = self.inset, self.leg, self.thickness
        out: list[Rect] = []
        for corner in self.corners:
            x = i if corner[1] == "l" else W - i  # the mark's outer corner
            y = H - i if corner[0] == "t" else i
            sx = 1 if corner[1] == "l" else -1  # legs run inward
            sy = -1 if corner[0] == "t" else 1
            if corner == self.square:
                s = self.square_side
                out.append(_rect(x, y, x + sx * s, y + sy * s))
                continue
            out.append(_rect(x, y - t / 2, x + sx * leg, y + t / 2))  # along the edge
            out.append(_rect(x - t / 2, y, x + t / 2, y + sy * leg))  # up or down the side
        return out

    def readable(self, paper: Paper) -> Rect:
        """Where pieces' cut lines may go: inside the marks' frame and clear of their reach (the
        marks sit in the top and bottom bands, so the band between them runs the page's width)."""
        W, H = paper.size
        if self.target:  # within the targets' centres across; under and over their boxes
            t = TARGET
            top = t.y + t.below + self.clear  # from the top edge: the box reaches `below` under the centre
            bottom = t.y + t.above + self.clear  # from the bottom edge: the bar side is towards the page
            return (t.x, bottom, W - t.x, H - top)
        side = self.inset + self.thickness / 2 + self.clear
        band = self.inset + max(self.leg, self.square_side) + self.clear
        return (side, band, W - side, H - band)

    def targets(self, paper: Paper) -> list[tuple[float, float]]:
        """Brother's marks' centres on the page (points, y up): top-left, top-right, bottom-right,
        bottom-left, as fcmlib lists them."""
        W, H = paper.size
        t = TARGET
        return [(t.x, H - t.y), (W - t.x, H - t.y), (W - t.x, t.y), (t.x, t.y)]


@dataclass(frozen=True)
class Target:
    """Brother's print-to-cut mark (markuryy/fcmlib, src/registration_marks.rs), in points: where its
    centre is from the page's side and from its top or bottom edge, and its parts about the centre."""

    x: float = 12.0 * mm
    y: float = 13.98 * mm
    dot: float = 0.99 * mm  # the middle dot's radius
    rings: tuple[tuple[float, float], ...] = (
        (2.0 * mm, 3.0 * mm),
        (4.0 * mm, 5.0 * mm),
    )  # inner, outer radii
    bar: tuple[float, float] = (10.0 * mm, 1.0 * mm)  # width, height
    bar_top: float = 6.985 * mm  # the bar's top edge above the centre (its bottom edge 1 mm lower)
    half_width: float = 8.0 * mm  # the mark's white box (16 x 18 mm) about its centre
    above: float = 9.98 * mm  # the box's top edge above the centre
    below: float = 8.0 * mm  # its bottom edge under the centre


TARGET = Target()

CUTTER_SPECS: dict[str, Cutter] = {
    "silhouette": Cutter("silhouette", "Silhouette (Cameo, Portrait)", ("tl", "tr", "bl"), square="tl"),
    "scanncut": Cutter("scanncut", "Brother ScanNCut", ("tl", "tr", "bl", "br"), target=True),
    "cricut": Cutter("cricut", "Cricut (Design Space print then cut)", (), files=False),
}


def get_cutter(name: str | None) -> Cutter | None:
    if name is None or name == "":
        return None
    key = name.strip().lower()
    if key not in CUTTER_SPECS:
        raise ParlourError(f"unknown --cutter {name!r}: use one of {', '.join(CUTTERS)}")
    return CUTTER_SPECS[key]


def _rect(x0: float, y0: float, x1: float, y1: float) -> Rect:
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


# ---------------------------------------------------------------------------------------------
# What one sheet cuts


@dataclass(frozen=True)
class Outline:
    """One piece's cut: a rectangle with rounded corners (radius 0: square corners; a circle when the
    radius is half of both sides), in page points."""

    x: float
    y: float
    w: float
    h: float
    radius: float = 0.0
    name: str = ""


@dataclass
class CutSheet:
    """What one printed page asks of the machine: the outlines to cut, straight cuts (a net's edges)
    and the lines to score (a net's folds)."""

    cutter: Cutter
    paper: Paper
    outlines: list[Outline] = field(default_factory=list)
    scores: list[Segment] = field(default_factory=list)
    label: str = ""
    cuts: list[Segment] = field(default_factory=list)

    def extents(self) -> list[tuple[str, Rect]]:
        """(what, x0, y0, x1, y1) of everything the blade touches."""
        out = [(o.name or "a piece", (o.x, o.y, o.x + o.w, o.y + o.h)) for o in self.outlines]
        for what, segs in (("a cut line", self.cuts), ("a fold", self.scores)):
            out += [(what, _rect(*seg)) for seg in segs]
        return out


def check_inside(sheet: CutSheet) -> None:
    """One line when a piece's cut leaves the area the machine reads."""
    if not sheet.cutter.marks:
        return
    x0, y0, x1, y1 = sheet.cutter.readable(sheet.paper)
    for what, (a, b, c, d) in sheet.extents():
        if a < x0 - 1e-6 or b < y0 - 1e-6 or c > x1 + 1e-6 or d > y1 + 1e-6:
            raise ParlourError(
                f"--cutter {sheet.cutter.name}: {what} on {sheet.label or 'a sheet'} reaches "
                f"outside the {(x1 - x0) / mm:.0f} x {(y1 - y0) / mm:.0f} mm the machine reads between its "
                f"marks on {sheet.paper.name} paper: choose a smaller --card or a larger --paper"
            )


def draw_marks(c, cutter: Cutter, paper: Paper) -> None:  # c: reportlab Canvas
    """The machine's registration marks, solid black."""
    c.saveState()
    c.setFillColorRGB(0, 0, 0)
    c.setStrokeColorRGB(0, 0, 0)
    if cutter.target:
        t = TARGET
        for x, y in cutter.targets(paper):
            c.circle(x, y, t.dot, stroke=0, fill=1)
            for inner, outer in t.rings:  # each ring filled between its two circles
                ring = c.beginPath()
                ring.circle(x, y, outer)
                ring.circle(x, y, inner)
                c.drawPath(ring, stroke=0, fill=1, fillMode=FILL_EVEN_ODD)
            w, h = t.bar
            c.rect(x - w / 2, y + t.bar_top - h, w, h, stroke=0, fill=1)
    else:
        for x0, y0, x1, y1 in cutter.mark_rects(paper):
            c.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
    c.restoreState()


def draw_guides(c, sheet: CutSheet) -> None:  # c: reportlab Canvas
    """The printed cut lines: each outline as a hairline (the blade follows it; where it drifts the
    line shows which way), score lines dashed."""
    c.saveState()
    c.setStrokeColorRGB(*CUT_COLOUR)
    c.setLineWidth(CUT_LINE)
    for o in sheet.outlines:
        _outline_path(c, o)
    for seg in sheet.cuts:
        c.line(*seg)
    c.setDash(2, 2)
    for seg in sheet.scores:
        c.line(*seg)
    c.restoreState()


def _outline_path(c, o: Outline) -> None:
    if o.radius > 0:
        c.roundRect(o.x, o.y, o.w, o.h, o.radius, stroke=1, fill=0)
    else:
        c.rect(o.x, o.y, o.w, o.h, stroke=1, fill=0)


# ---------------------------------------------------------------------------------------------
# Cut files


def _f(v: float) -> str:
    return f"{v:.3f}".rstrip("0").rstrip(".")


def svg_text(sheet: CutSheet) -> str:
    """The sheet's cut file as SVG: the page's size in millimetres, outlines as rectangles with
    rounded corners and straight cuts as lines (red: cut), score lines dashed (blue: score), y down
    from the page's top edge."""
    W, H = sheet.paper.size
    wmm, hmm = W / mm, H / mm
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(wmm)}mm" height="{_f(hmm)}mm" '
        f'viewBox="0 0 {_f(wmm)} {_f(hmm)}">',
        f"<title>{_esc(sheet.label)}: cut lines for {_esc(sheet.cutter.title)}</title>",
        '<g id="cut" fill="none" stroke="#ff0000" stroke-width="0.1">',
    ]
    for o in sheet.outlines:
        x, y = o.x / mm, (H - o.y - o.h) / mm
        r = f' rx="{_f(o.radius / mm)}" ry="{_f(o.radius / mm)}"' if o.radius > 0 else ""
        lines.append(
            f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(o.w / mm)}" height="{_f(o.h / mm)}"{r}>'
            f"<title>{_esc(o.name)}</title></rect>"
        )
    for x1, y1, x2, y2 in sheet.cuts:
        lines.append(
            f'<line x1="{_f(x1 / mm)}" y1="{_f((H - y1) / mm)}" x2="{_f(x2 / mm)}" y2="{_f((H - y2) / mm)}"/>'
        )
    lines.append("</g>")
    if sheet.scores:
        lines.append('<g id="score" fill="none" stroke="#0000ff" stroke-width="0.1" stroke-dasharray="1 1">')
        for x1, y1, x2, y2 in sheet.scores:
            lines.append(
                f'<line x1="{_f(x1 / mm)}" y1="{_f((H - y1) / mm)}" x2="{_f(x2 / mm)}" y2="{_f((H - y2) / mm)}"/>'
            )
        lines.append("</g>")
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _bulge_points(o: Outline) -> list[tuple[float, float, float]]:
    """The outline as (x, y, bulge) in millimetres, anticlockwise: straight sides and quarter arcs."""
    x0, y0, x1, y1 = o.x / mm, o.y / mm, (o.x + o.w) / mm, (o.y + o.h) / mm
    r = min(o.radius / mm, (x1 - x0) / 2, (y1 - y0) / 2)
    if r <= 0:
        return [(x0, y0, 0.0), (x1, y0, 0.0), (x1, y1, 0.0), (x0, y1, 0.0)]
    b = math.tan(math.radians(90) / 4)  # a quarter circle, anticlockwise
    return [
        (x0 + r, y0, 0.0),
        (x1 - r, y0, b),
        (x1, y0 + r, 0.0),
        (x1, y1 - r, b),
        (x1 - r, y1, 0.0),
        (x0 + r, y1, b),
        (x0, y1 - r, 0.0),
        (x0, y0 + r, b),
    ]


def write_dxf(sheet: CutSheet, path: Path) -> bool:
    """The sheet's cut file as DXF (millimetres, y up from the page's bottom-left): outlines as closed
    polylines with arcs and straight cuts as lines on layer CUT, score lines on layer SCORE. False
    without ezdxf (the extra)."""
    try:
        import ezdxf
    except ImportError:
        return False
    doc = ezdxf.new("R2000", setup=False)
    doc.units = 4  # millimetres
    doc.layers.add("CUT", color=1)
    doc.layers.add("SCORE", color=5)
    msp = doc.modelspace()
    for o in sheet.outlines:
        pts = _bulge_points(o)
        msp.add_lwpolyline(
            [(x, y, 0.0, 0.0, b) for x, y, b in pts], format="xyseb", close=True, dxfattribs={"layer": "CUT"}
        )
    for layer, segs in (("CUT", sheet.cuts), ("SCORE", sheet.scores)):
        for x1, y1, x2, y2 in segs:
            msp.add_line((x1 / mm, y1 / mm), (x2 / mm, y2 / mm), dxfattribs={"layer": layer})
    doc.header["$EXTMIN"] = (0, 0, 0)
    doc.header["$EXTMAX"] = (sheet.paper.width / mm, sheet.paper.height / mm, 0)
    doc.saveas(str(path))
    return True


def write_cut_files(sheets: Sequence[tuple[int, CutSheet]], folder: Path, stem: str) -> list[str]:
    """For each (page number, sheet): STEM-pNNN.svg and, with ezdxf, STEM-pNNN.dxf in `folder`."""
    names: list[str] = []
    for page, sheet in sheets:
        base = f"{stem}-p{page:03d}"
        (folder / f"{base}.svg").write_text(svg_text(sheet), encoding="utf-8")
        names.append(f"{base}.svg")
        if write_dxf(sheet, folder / f"{base}.dxf"):
            names.append(f"{base}.dxf")
    return names


# ---------------------------------------------------------------------------------------------
# Cricut: each card an image whose outer edge is the cut


def cricut_png(png: bytes, trim_px: tuple[int, int], radius_px: int, dpi: int) -> bytes:
    """A card image from --cards' renderer cut down to its trim, its corners rounded off to
    transparency: Design Space traces the image's outer edge, which is then the card's cut line."""
    import io

    from PIL import Image, ImageDraw

    with Image.open(io.BytesIO(png)) as im:
        card = im.convert("RGBA")
    left, top = round((card.width - trim_px[0]) / 2), round((card.height - trim_px[1]) / 2)
    card = card.crop((left, top, left + trim_px[0], top + trim_px[1]))  # the trim, the bleed off
    mask = Image.new("L", card.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, card.width - 1, card.height - 1), radius_px, fill=255)
    card.putalpha(mask)
    out = io.BytesIO()
    card.save(out, "PNG", dpi=(dpi, dpi))
    return out.getvalue()


# ---------------------------------------------------------------------------------------------
# What the print guide and the calibration sheet say about cutting


GUIDE_TIPS = {
    "silhouette": (
        "Cutting machine (Silhouette): print the card sheets at 100 % with their marks. In Silhouette "
        "Studio set the page to this paper, turn on registration marks (Type 1, length 20 mm, "
        "thickness 0.3 mm, inset 10 mm), open the cut file named after the page (NAME-pNNN.dxf, or "
        ".svg, in the folder beside this PDF) and line it up with the page; cut the test card of "
        "'parlour calibrate --cutter silhouette' first."
    ),
    "scanncut": (
        "Cutting machine (ScanNCut): print the card sheets at 100 % with Brother's four round marks. "
        "In CanvasWorkspace make a print-and-cut project on a page of this paper, import the page's "
        "cut file (NAME-pNNN.svg in the folder beside this PDF) where it lands, without moving it, "
        "and send it to the machine, which scans the marks. This has not been tried on a ScanNCut "
        "yet: cut the test card of 'parlour calibrate --cutter scanncut' first."
    ),
    "cricut": (
        "Cutting machine (Cricut): upload the card images in the folder beside this PDF to Design "
        "Space as print-then-cut images, set each one's width to the card's (cards.csv lists them), "
        "and let Design Space print its own marks round them. Its print-then-cut area is about "
        "6.75 x 9.25 in: try one card before the deck."
    ),
}
BLEED_TIP = "The art runs past each cut line (bleed), so a blade that drifts a little leaves no white edge."

TEST_RINGS = (-1.0 * mm, -0.5 * mm, 0.5 * mm, 1.0 * mm)  # hairlines each side of the test card's cut
TEST_TEXT = (
    "Cut this sheet once before a deck, to check the blade against the print. Print it at 100 % "
    "on the card you will use, load it with the marks as printed, open the cut file of this page "
    "(in the folder beside this PDF) and cut. The grey hairlines round the test card's cut run "
    "0.5 mm and 1 mm each side of it: on the card you cut out, the line left at its edge tells you "
    "how far the blade drifted and which way. Within 0.5 mm the bleed hides it. Further, check the "
    "machine's registration (rescan the marks) and that the page printed at true size."
)


def test_card_sheet(
    paper: Paper, cutter: Cutter, card: tuple[float, float] = (63.5 * mm, 88.9 * mm)
) -> CutSheet:
    """The calibration sheet's cut: one poker card with rounded corners in the middle of the area
    the machine reads."""
    x0, y0, x1, y1 = cutter.readable(paper)
    w, h = card
    x, y = (x0 + x1 - w) / 2, (y0 + y1 - h) / 2 + 20 * mm
    return CutSheet(cutter, paper, [Outline(x, y, w, h, CORNER_RADIUS, "test card")], label="cutting test")


def draw_test_card(c, sheet: CutSheet, style) -> None:  # c: reportlab Canvas; style: press.style.Style
    """The test card: its bleed filled with the accent tint, hairlines 0.5 and 1 mm each side of the
    cut, the machine's marks, the printed cut line, and how to read the result underneath."""
    from generator.press.text import draw_text

    (o,) = sheet.outlines
    c.saveState()
    c.setFillColorRGB(*(style.tint or style.paper))
    b = 3 * mm
    c.roundRect(o.x - b, o.y - b, o.w + 2 * b, o.h + 2 * b, o.radius + b, stroke=0, fill=1)
    c.setStrokeColorRGB(*style.muted)
    c.setLineWidth(0.2)
    for d in TEST_RINGS:
        c.roundRect(o.x - d, o.y - d, o.w + 2 * d, o.h + 2 * d, max(0.0, o.radius + d), stroke=1, fill=0)
    c.restoreState()
    face, size = style.font("heading")
    c.saveState()
    c.setFillColorRGB(*style.ink)
    c.setFont(face, size)
    c.drawCentredString(o.x + o.w / 2, o.y + o.h / 2, "Test card")
    c.restoreState()
    draw_marks(c, sheet.cutter, sheet.paper)
    draw_guides(c, sheet)
    x0, y0, x1, _ = sheet.cutter.readable(sheet.paper)
    body = style.text_style("prose", size=10.0, min_size=7.0, align="left", valign="top", leading=1.35)
    draw_text(c, TEST_TEXT, x0, y0, x1 - x0, o.y - 3 * mm - 6 * mm - y0, body, "cutting test text")
