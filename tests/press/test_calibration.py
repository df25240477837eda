"""The calibration sheet read back: page size, fonts, preferences, and rulers measured on a 300 dpi raster."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from generator.press.calibration import rulers
from generator.press.paper import PAPERS, get_paper, mm
from tests.pdfcheck import fonts_embedded

DPI = 300
PX_PER_MM = DPI / 25.4


@pytest.fixture(scope="module", params=["letter", "a4"])
def sheet(request, tmp_path_factory) -> tuple[str, Path]:
    from click.testing import CliRunner

    from generator.cli import cli

    out = tmp_path_factory.mktemp("cal") / f"cal-{request.param}.pdf"
    res = CliRunner().invoke(cli, ["calibrate", "--paper", request.param, "-o", str(out)])
    assert res.exit_code == 0, res.output
    return request.param, out


def test_page_size_exact_and_two_pages(sheet):
    paper, path = sheet
    reader = PdfReader(str(path))
    assert len(reader.pages) == 2
    w, h = PAPERS[paper]
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(w, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(h, abs=0.01)


def test_fonts_embedded_and_viewer_preferences(sheet):
    _, path = sheet
    fonts = fonts_embedded(path)
    assert fonts and all(fonts.values()), fonts
    reader = PdfReader(str(path))
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"
    assert prefs["/Duplex"] == "/DuplexFlipLongEdge"
    meta = reader.metadata
    assert meta.title and meta.author == "parlour" and meta.subject
    assert [o.title for o in reader.outline if not isinstance(o, list)] == ["Calibration sheet"]


def _dark_run(row, start_px: int) -> int:
    """Length of the dark run through column start_px (the baseline), scanning both ways."""
    n = len(row)
    lo = hi = start_px
    while lo > 0 and row[lo - 1] < 128:
        lo -= 1
    while hi < n - 1 and row[hi + 1] < 128:
        hi += 1
    return hi - lo + 1


@pytest.mark.parametrize("page_index", [0, 1])
def test_rulers_measure_true_at_300_dpi(sheet, page_index):
    paper_name, path = sheet
    paper = get_paper(paper_name)
    doc = pdfium.PdfDocument(str(path))
    img = doc[page_index].render(scale=DPI / 72).to_pil().convert("L")
    width_px, height_px = img.size
    px = img.load()
    for r in rulers(paper):
        # the baseline's pixel row (or column), found from the layout, then measured from the raster alone
        if r.axis == "x":
            y = round((paper.height - r.y) / 72 * DPI)
            mid = round((r.x + r.length / 2) / 72 * DPI)
            best = max(_dark_run([px[i, yy] for i in range(width_px)], mid) for yy in range(y - 2, y + 3))
        else:
            x = round(r.x / 72 * DPI)
            mid = round((paper.height - (r.y + r.length / 2)) / 72 * DPI)
            best = max(_dark_run([px[xx, j] for j in range(height_px)], mid) for xx in range(x - 2, x + 3))
        length_mm = best / PX_PER_MM
        expected = r.length / mm
        assert length_mm == pytest.approx(expected, abs=0.2), (r.name, length_mm)
    doc.close()


def test_same_command_gives_identical_bytes(tmp_path):
    from click.testing import CliRunner

    from generator.cli import cli

    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for p in (a, b):
        assert CliRunner().invoke(cli, ["calibrate", "-o", str(p)]).exit_code == 0
    assert a.read_bytes() == b.read_bytes()


def test_back_says_how_to_save_the_offset(sheet):
    _, pdf = sheet
    text = " ".join(PdfReader(str(pdf)).pages[1].extract_text().split())
    assert "parlour calibrate --save X,Y" in text and "--back-offset X,Y" in text


def _strokes(pdf: Path, page: int) -> list[tuple[float, float, float, float]]:
    """Every straight stroke (m ... l) drawn directly on the page, in page coordinates."""
    from pypdf.generic import ContentStream

    reader = PdfReader(str(pdf))
    ops = ContentStream(reader.pages[page].get_contents(), reader).operations
    out, start, ctm = [], None, [(0.0, 0.0)]
    for operands, op in ops:  # the sheet translates only (rulers): track the offsets it sets
        if op == b"q":
            ctm.append(ctm[-1])
        elif op == b"Q":
            ctm.pop()
        elif op == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            if (a, b, c, d) == (1, 0, 0, 1):
                ctm[-1] = (ctm[-1][0] + e, ctm[-1][1] + f)
            else:
                ctm[-1] = (float("nan"), float("nan"))  # turned: not a stroke this test looks for
        elif op == b"m":
            start = tuple(float(v) for v in operands)
        elif op == b"l" and start is not None:
            ox, oy = ctm[-1]
            x2, y2 = (float(v) for v in operands)
            out.append((start[0] + ox, start[1] + oy, x2 + ox, y2 + oy))
            start = None
    return out


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_the_cross_shows_through_onto_the_scales_after_the_flip_it_names(tmp_path, paper, duplex):
    from click.testing import CliRunner

    from generator.cli import cli

    out = tmp_path / "cal.pdf"
    res = CliRunner().invoke(cli, ["calibrate", "--paper", paper, "--duplex", duplex, "-o", str(out)])
    assert res.exit_code == 0, res.output
    W, H = get_paper(paper).size
    # the front's cross: the level stroke 60 mm long; its centre
    level = [s for s in _strokes(out, 0) if s[1] == s[3] and abs(abs(s[2] - s[0]) - 60 * mm) < 0.01]
    assert len(level) == 1
    cx, cy = (level[0][0] + level[0][2]) / 2, level[0][1]
    # the back's X scale: the level stroke 30 mm long (-15 to +15 mm), 18 mm below the scales' centre
    scale = [s for s in _strokes(out, 1) if s[1] == s[3] and abs(abs(s[2] - s[0]) - 30 * mm) < 0.01]
    assert len(scale) == 1
    sx, sy = (scale[0][0] + scale[0][2]) / 2, scale[0][1] + 18 * mm
    behind = (cx, H - cy) if duplex == "short" else (W - cx, cy)
    assert (sx, sy) == pytest.approx(behind, abs=0.05)
    # and the sheet says which flip it is for, on both sides and to the printer
    reader = PdfReader(str(out))
    for page in reader.pages:
        assert f"flip on the {duplex} edge" in page.extract_text()
    want = "/DuplexFlipShortEdge" if duplex == "short" else "/DuplexFlipLongEdge"
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == want


def test_the_back_scales_numbers_stand_clear_of_each_other(sheet):
    """The offset scales' numbers on the back are read at arm's length against a lamp: on each
    scale they sit on one row (the X scale) or one column (the Y scale), with 0 among them, 7 pt or
    more, and at least 2 mm clear of the next (they crowded to under 1 mm, on two staggered rows)."""
    from generator.press import calibration as cal
    from tests.sorcerer_pdf import chars

    paper, pdf = sheet
    sx, sy = cal.scales_centre(get_paper(paper))
    marks = []
    for ch, _font, (left, bottom, right, top) in chars(pdf, 1):
        cx, cy = (left + right) / 2, (bottom + top) / 2
        if (ch.isdigit() or ch in "+\u2212-") and abs(cx - sx) < 25 * mm and abs(cy - sy) < 25 * mm:
            marks.append([ch, left, bottom, right, top])
    marks.sort(key=lambda m: (round((m[2] + m[4]) / 2 / 4), m[1]))
    numbers: list[list] = []
    for m in marks:  # characters side by side on one line make one number
        last = numbers[-1] if numbers else None
        if last and m[1] - last[3] < 3 and abs((m[2] + m[4]) / 2 - (last[2] + last[4]) / 2) < 3:
            last[0] += m[0]
            last[1:] = [min(last[1], m[1]), min(last[2], m[2]), max(last[3], m[3]), max(last[4], m[4])]
        else:
            numbers.append(list(m))
    x_row = sorted((n for n in numbers if n[4] < sy - cal.SCALE_AWAY), key=lambda n: n[1])
    y_col = sorted((n for n in numbers if n[3] < sx - cal.SCALE_AWAY), key=lambda n: n[2])
    for scale, along in ((x_row, 1), (y_col, 2)):
        assert "0" in [n[0] for n in scale] and len(scale) >= 3, scale
        for a, b in zip(scale, scale[1:], strict=False):
            assert b[along] - a[along + 2] >= 2 * mm, (paper, a, b)
        for n in scale:
            digits = [c for c in n[0] if c.isdigit()]
            assert digits and n[4] - n[2] >= 7 * 0.6, n  # a digit of 7 pt stands about 0.7 of it
    assert max(n[2] for n in x_row) - min(n[2] for n in x_row) < 1.5  # one row
