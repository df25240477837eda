"""--cutter read back: the cut files' outlines (SVG and DXF) against the cut lines drawn in the PDF,
the registration marks where the sources put them, every piece inside the area the machine reads,
and Cricut's card images.

The oracle for the marks is the documentation typed in here, not press.cutter's constants: Silhouette
Studio's Type 1 marks as inkscape-silhouette renders them (a 5 mm square at the top-left, L marks of
20 mm legs at the top-right and bottom-left, their outer corners 10 mm in from the page's edges), and
Brother's print-to-cut targets as fcmlib draws them (markuryy/fcmlib, src/registration_marks.rs: a
1 mm dot, rings 2-3 mm and 4-5 mm, a 10 x 1 mm bar 6-7 mm above the centre, the centres 12.0 mm from
the sides and 13.98 mm from the top and bottom; the mark's 16 x 18 mm box reaches 8 mm under its
centre and 9.98 mm above), found on the rendered page; the PDF's cut lines are parsed from its
content stream."""

from __future__ import annotations

import csv
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 72 / 25.4
TOL = 0.1 * MM  # the cut file's outlines lie this close to the printed cut lines
GUIDE = [0.55, 0.55, 0.55]  # the printed cut line's stroke colour

DECKS = {
    "chimera": ("chimera", "deck"),
    "fighting-words": ("fighting-words", "deck"),
    "riddle-craft": ("riddle-craft", "deck"),
    "piecepack": ("piecepack",),
    "calibrate": ("calibrate",),  # its third sheet: a test card to cut
}

Box = tuple[float, float, float, float, float]  # x0, y0, x1, y1, corner radius (points)


def _mul(a: list[float], b: list[float]) -> list[float]:
    """The PDF matrix product a x b (a applied first)."""
    return [
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    ]


Lines = tuple[list[Box], list[tuple[float, ...]], list[tuple[float, ...]]]  # outlines, straight cuts, scores


def _seg(x1: float, y1: float, x2: float, y2: float) -> tuple[float, ...]:
    """A segment with its ends in order (a line drawn either way is the same cut)."""
    a, b = sorted([(x1, y1), (x2, y2)], key=lambda p: (round(p[0], 1), round(p[1], 1)))
    return (*a, *b)


def pdf_cut_lines(reader: PdfReader, index: int) -> Lines:
    """The cut lines drawn on a page (stroked in the guide's grey): outlines as boxes with their corner
    radius, straight cuts, and dashed score lines, in page points."""
    page = reader.pages[index]
    ops = ContentStream(page.get_contents(), reader).operations
    ctm = [1.0, 0, 0, 1, 0, 0]
    stack: list[tuple[list[float], list[float] | None, bool]] = []
    colour: list[float] | None = None
    dashed = False
    path: list[tuple[float, float]] = []
    starts: list[tuple[float, float]] = []
    boxes: list[Box] = []
    cuts: list[tuple[float, ...]] = []
    scores: list[tuple[float, ...]] = []
    for args, op in ops:
        vals = [float(a) for a in args] if op not in (b"Tj", b"TJ", b"Tf", b"Do", b"d") else []
        if op == b"q":
            stack.append((ctm, colour, dashed))
        elif op == b"Q":
            ctm, colour, dashed = stack.pop()
        elif op == b"cm":
            ctm = _mul(vals, ctm)
        elif op == b"RG":
            colour = vals
        elif op == b"d":
            dashed = bool(args[0])
        elif op in (b"m", b"l", b"c"):
            pts = [(vals[i], vals[i + 1]) for i in range(0, len(vals), 2)]
            pts = [(ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5]) for x, y in pts]
            if op == b"m":
                starts.append(pts[0])
            path.extend(pts)
        elif op == b"re":
            x, y, w, h = vals
            corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
            path.extend(
                (ctm[0] * a + ctm[2] * b + ctm[4], ctm[1] * a + ctm[3] * b + ctm[5]) for a, b in corners
            )
            starts.append(path[-4])
        elif op in (b"S", b"s", b"f", b"f*", b"B", b"B*", b"n"):
            grey = colour is not None and len(colour) == 3
            if op == b"S" and grey and all(abs(a - b) < 1e-3 for a, b in zip(colour, GUIDE, strict=True)):
                xs, ys = [p[0] for p in path], [p[1] for p in path]
                if dashed:
                    scores.append(_seg(*path[0], *path[-1]))
                elif len(path) == 2 and len(starts) == 1:
                    cuts.append(_seg(*path[0], *path[1]))
                else:
                    x0, y0 = min(xs), min(ys)
                    r = round(starts[0][0] - x0, 3) if starts[0][1] == y0 else 0.0
                    boxes.append((x0, y0, max(xs), max(ys), r))
            path, starts = [], []
    return boxes, cuts, scores


def svg_outlines(path: Path, height: float) -> Lines:
    """The SVG's outlines, straight cuts and score lines, turned into page points (y up)."""
    root = ET.parse(path).getroot()
    ns = {"s": "http://www.w3.org/2000/svg"}
    boxes = []
    for r in root.iterfind(".//s:g[@id='cut']/s:rect", ns):
        x, y, w, h = (float(r.get(k)) * MM for k in ("x", "y", "width", "height"))
        boxes.append((x, height - y - h, x + w, height - y, float(r.get("rx", 0)) * MM))

    def lines(group: str) -> list[tuple[float, ...]]:
        return [
            _seg(
                *(
                    float(ln.get(k)) * MM if k[0] == "x" else height - float(ln.get(k)) * MM
                    for k in ("x1", "y1", "x2", "y2")
                )
            )
            for ln in root.iterfind(f".//s:g[@id='{group}']/s:line", ns)
        ]

    return boxes, lines("cut"), lines("score")


def dxf_outlines(path: Path) -> Lines:
    """The DXF's closed polylines on layer CUT (radius from their arcs), its lines on CUT and SCORE."""
    ezdxf = pytest.importorskip("ezdxf")
    doc = ezdxf.readfile(str(path))
    assert doc.units == 4  # millimetres
    boxes = []
    for e in doc.modelspace().query("LWPOLYLINE[layer=='CUT']"):
        pts = list(e.get_points("xyb"))
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        r = 0.0
        for (x1, y1, b), (x2, y2, _) in zip(pts, pts[1:] + pts[:1], strict=True):
            if b:  # a quarter arc: its chord is r * sqrt(2)
                assert math.isclose(b, math.tan(math.pi / 8), rel_tol=1e-6)
                r = math.dist((x1, y1), (x2, y2)) / math.sqrt(2)
        assert e.closed
        boxes.append((min(xs) * MM, min(ys) * MM, max(xs) * MM, max(ys) * MM, r * MM))

    def lines(layer: str) -> list[tuple[float, ...]]:
        return [
            _seg(e.dxf.start.x * MM, e.dxf.start.y * MM, e.dxf.end.x * MM, e.dxf.end.y * MM)
            for e in doc.modelspace().query(f"LINE[layer=='{layer}']")
        ]

    return boxes, lines("CUT"), lines("SCORE")


def same(a: list, b: list) -> bool:
    """Each of `a` matches its own one of `b` within TOL, and none is left over."""
    left = list(b)
    for p in a:
        hit = next((q for q in left if all(abs(u - v) <= TOL for u, v in zip(p, q, strict=True))), None)
        if hit is None:
            return False
        left.remove(hit)
    return not left


def _dark(img, x_mm: float, y_from_top_mm: float, scale: float) -> bool:
    px = img.getpixel((round(x_mm * MM * scale), round(y_from_top_mm * MM * scale)))
    return px < 100


def _marks_seen(pdf: Path, index: int, cutter: str) -> list[str]:
    """Where the documented marks are missing (or ink is where there should be paper round them)."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = doc[index]
        w, h = (v / MM for v in page.get_size())
        scale = 300 / 72
        img = page.render(scale=scale, grayscale=True).to_pil().convert("L")
    finally:
        doc.close()
    wrong = []

    def expect(x: float, y: float, ink: bool, what: str) -> None:
        if _dark(img, x, y, scale) != ink:
            wrong.append(f"{what} at ({x:.1f}, {y:.1f}) mm from the top-left: {'no ink' if ink else 'ink'}")

    if cutter == "scanncut":  # Brother's four targets, the bar above each
        for cx, cy in ((12, 13.98), (w - 12, 13.98), (12, h - 13.98), (w - 12, h - 13.98)):
            expect(cx, cy, True, "a target's dot")
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                expect(cx + 2.5 * dx, cy + 2.5 * dy, True, "a target's inner ring")
                expect(cx + 4.5 * dx, cy + 4.5 * dy, True, "a target's outer ring")
                expect(cx + 1.5 * dx, cy + 1.5 * dy, False, "inside a target's inner ring")
                expect(cx + 3.5 * dx, cy + 3.5 * dy, False, "between a target's rings")
                expect(cx + 6.0 * dx, cy + 6.0 * dy if dy > 0 else cy + 5.5 * dy, False, "round a target")
            for along in (-4.5, 0, 4.5):
                expect(cx + along, cy - 6.5, True, "a target's bar")
            expect(cx, cy - 7.6, False, "above a target's bar")
        return wrong
    corners = {
        "tl": (10, 10, 1, 1),
        "tr": (w - 10, 10, -1, 1),
        "bl": (10, h - 10, 1, -1),
        "br": (w - 10, h - 10, -1, -1),
    }
    ls = ["tr", "bl"] if cutter == "silhouette" else ["tl", "tr", "bl", "br"]
    if cutter == "silhouette":  # the 5 mm square at the top-left, 10 mm in
        for fx in (0.1, 0.5, 0.9):
            for fy in (0.1, 0.5, 0.9):
                expect(10 + 5 * fx, 10 + 5 * fy, True, "the square")
        expect(9.5, 12.5, False, "left of the square")
        expect(15.5, 12.5, False, "right of the square")
        expect(12.5, 15.5, False, "under the square")
    for name in ls:
        x, y, sx, sy = corners[name]
        for along in (1, 10, 19.5):  # both 20 mm legs, centred on the lines 10 mm in
            expect(x + sx * along, y, True, f"the {name} mark's leg along the edge")
            expect(x, y + sy * along, True, f"the {name} mark's leg along the side")
        expect(x + sx * 20.6, y, False, f"beyond the {name} mark's leg")
        expect(x + sx * 5, y + sy * 5, False, f"inside the {name} mark's corner")
    return wrong


def _cut_files(pdf: Path) -> list[tuple[int, Path]]:
    folder = pdf.with_name(f"{pdf.stem}-cut")
    return [(int(re.search(r"-p(\d+)\.svg$", p.name).group(1)), p) for p in sorted(folder.glob("*.svg"))]


@pytest.mark.parametrize("cutter", ["silhouette", "scanncut"])
@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("deck", list(DECKS))
def test_cut_files_lie_on_the_printed_cut_lines(printed, deck, paper, cutter):
    pdf = printed(*DECKS[deck], "--paper", paper, "--cutter", cutter)
    reader = PdfReader(str(pdf))
    files = _cut_files(pdf)
    assert files, "no cut files beside the PDF"
    dxf = pytest.importorskip("ezdxf") and True
    pieces = 0
    for number, svg in files:
        page = reader.pages[number - 1]
        W, H = float(page.mediabox.width), float(page.mediabox.height)
        printed_lines = pdf_cut_lines(reader, number - 1)
        assert printed_lines[0] or printed_lines[1], f"page {number}: no cut lines printed"
        file_lines = svg_outlines(svg, H)
        for kind, a, b in zip(
            ("outlines", "cut lines", "score lines"), file_lines, printed_lines, strict=True
        ):
            assert same(a, b), f"page {number}: the SVG's {kind} are not the printed ones"
        if dxf:
            d_lines = dxf_outlines(svg.with_suffix(".dxf"))
            for kind, a, b in zip(
                ("outlines", "cut lines", "score lines"), d_lines, printed_lines, strict=True
            ):
                assert same(a, b), f"page {number}: the DXF's {kind} are not the printed ones"
        file_boxes = file_lines[0]
        if deck not in ("piecepack", "calibrate"):  # a card sheet's trim box holds its cards' outlines
            t = [float(v) for v in page.trimbox]
            assert (
                abs(min(b[0] for b in file_boxes) - t[0]) <= TOL
                and abs(max(b[2] for b in file_boxes) - t[2]) <= TOL
            )
            assert abs(max(b[3] for b in file_boxes) - t[3]) <= TOL
            assert all(abs(b[4] - 3 * MM) <= TOL for b in file_boxes)  # rounded corners, 3 mm
        # every piece inside the readable area: for a Silhouette 10 mm in from each side, below and
        # above the marks' 20 mm legs; for a ScanNCut between the targets' centres across, and clear
        # of their boxes (21.98 mm from the top, 23.96 mm from the bottom: the bar is above the centre)
        side, top, bottom = (10, 30, 30) if cutter == "silhouette" else (12, 13.98 + 8, 13.98 + 9.98)
        for x0, y0, x1, y1, _ in file_boxes:
            assert x0 >= side * MM and x1 <= W - side * MM, (number, x0, x1)
            assert y0 >= bottom * MM and y1 <= H - top * MM, (number, y0, y1)
        pieces += len(file_boxes)
        assert not _marks_seen(pdf, number - 1, cutter), _marks_seen(pdf, number - 1, cutter)
    assert pieces >= (1 if deck == "calibrate" else 9)


def test_the_cut_line_reader_finds_what_it_should(printed):
    """Without --cutter there are no cut files and no cut lines in the guides' grey: the reader does
    not find lines that are not there; and a cut file moved by 0.2 mm is told apart."""
    pdf = printed("chimera", "deck", "--paper", "letter")
    assert not pdf.with_name(f"{pdf.stem}-cut").exists()
    reader = PdfReader(str(pdf))
    assert pdf_cut_lines(reader, 0) == ([], [], [])
    cut = printed("chimera", "deck", "--paper", "letter", "--cutter", "silhouette")
    boxes, _, _ = pdf_cut_lines(PdfReader(str(cut)), 0)
    moved = [(b[0] + 0.2 * MM, *b[1:]) for b in boxes]
    assert same(boxes, boxes) and not same(moved, boxes)
    assert _marks_seen(pdf, 0, "silhouette")  # a sheet without marks fails the mark check


@pytest.mark.parametrize(
    ("deck", "paper"), [("riddle-craft", "letter"), ("chimera", "a4"), ("fighting-words", "letter")]
)
def test_cricut_writes_each_card_as_a_trimmed_image_with_rounded_corners(printed, deck, paper):
    from PIL import Image

    pdf = printed(deck, "deck", "--paper", paper, "--cutter", "cricut", "--dpi", "150")
    folder = pdf.with_name(f"{pdf.stem}-cricut")
    rows = list(csv.DictReader(open(folder / "cards.csv", encoding="utf-8")))
    assert rows and not pdf.with_name(f"{pdf.stem}-cut").exists()
    with Image.open(folder / rows[-1]["file"]) as im:
        assert im.mode == "RGBA"
        assert im.size == (round(63.5 / 25.4 * 150), round(88.9 / 25.4 * 150))  # the trim, no bleed
        assert round(im.info["dpi"][0]) == 150
        assert (
            im.getpixel((0, 0))[3] == 0 and im.getpixel((im.width - 1, im.height - 1))[3] == 0
        )  # corners cut
        assert (
            im.getpixel((im.width // 2, 2))[3] == 255
            and im.getpixel((im.width // 2, im.height // 2))[3] == 255
        )


def test_cutter_refuses_what_cannot_fit(run):
    res = run("chimera", "deck", "--cutter", "silhouette", "--card", "150x230", "-o", "x.pdf")
    assert res.exit_code == 2
    assert "between the cutting machine's marks" in res.output and len(res.output.strip().splitlines()) == 1
    assert not Path("x.pdf").exists() and not Path("x-cut").exists()
    res = run("chimera", "deck", "--cutter", "cricut", "--card", "tarot", "--paper", "a3", "-o", "y.pdf")
    assert res.exit_code == 0, res.output  # tarot fits Design Space's area


def test_the_print_guide_and_calibrate_know_the_cutter(printed, run):
    from pypdf import PdfReader

    guide = " ".join(
        PdfReader(str(printed("pack", "--cutter", "silhouette"))).pages[1].extract_text().split()
    )
    assert "Type 1, length 20 mm, thickness 0.3 mm, inset 10 mm" in guide and "bleed" in guide
    plain = " ".join(
        PdfReader(str(printed("pack", "--paper", "letter", "--spelling", "us")))
        .pages[1]
        .extract_text()
        .split()
    )
    assert "Cutting machine" not in plain
    res = run("calibrate", "--cutter", "cricut", "-o", "c.pdf")
    assert res.exit_code == 2 and "Design Space calibrates" in res.output


def test_cricut_writes_the_kits_tiles_square_and_its_coins_round(printed):
    from PIL import Image

    pdf = printed("piecepack", "--cutter", "cricut", "--pieces", "tiles,coins", "--dpi", "100")
    folder = pdf.with_name(f"{pdf.stem}-cricut")
    rows = list(csv.DictReader(open(folder / "cards.csv", encoding="utf-8")))
    kinds = {r["deck"] for r in rows}
    assert kinds == {"Piecepack tiles", "Piecepack coins"}
    tile = next(r["file"] for r in rows if r["deck"] == "Piecepack tiles" and r["side"] == "front")
    coin = next(r["file"] for r in rows if r["deck"] == "Piecepack coins" and r["side"] == "front")
    with Image.open(folder / tile) as im:
        assert im.size == (200, 200) and im.getpixel((0, 0))[3] == 255  # 2 in square, square corners
    with Image.open(folder / coin) as im:
        d = round(0.75 * 100)
        assert im.size == (d, d)
        assert im.getpixel((0, 0))[3] == 0 and im.getpixel((d // 2, d // 2))[3] == 255  # a circle
        assert im.getpixel((d // 2, 1))[3] == 255 and im.getpixel((3, 3))[3] == 0
