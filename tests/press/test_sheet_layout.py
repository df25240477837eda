"""--layout FILE: the shipped layouts (10-up business cards on Letter, 8 labels on A4) print each
card where the stock's cards are, measured from the PDF; a layout that cannot fit, or that is
written wrong, gets one line naming the numbers; the examples are exported with the templates."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from generator.press.sheet_layout import layout_names

MM = 72 / 25.4

#: the stock, as its maker's sheet says (typed here, not read from the layout files): paper size,
#: cell size on the sheet (w, h), columns, rows, top and left margins, gutters across and down, mm
STOCK = {
    "business-cards-letter-10": ((215.9, 279.4), (88.9, 50.8), 2, 5, 12.7, 19.05, 0.0, 0.0),
    "labels-a4-8": ((210.0, 297.0), (99.1, 67.7), 2, 4, 13.1, 4.65, 2.5, 0.0),
}


def test_the_examples_ship():
    assert set(STOCK) <= set(layout_names())


def _cells(stock) -> list[tuple[float, float, float, float]]:
    (W, H), (cw, ch), cols, rows, top, left, across, down = stock
    out = []
    for r in range(rows):
        for c in range(cols):
            x0 = left + c * (cw + across)
            y1 = H - top - r * (ch + down)
            out.append((x0 * MM, (y1 - ch) * MM, (x0 + cw) * MM, y1 * MM))
    return out


@pytest.mark.parametrize(
    ("name", "deck"),
    [
        ("business-cards-letter-10", ("chimera", "deck")),
        ("labels-a4-8", ("chimera", "deck")),
        ("labels-a4-8", ("riddle-craft", "deck")),
    ],
)
def test_a_layout_prints_each_card_on_its_place_of_the_stock(printed, name, deck):
    pdf = printed(*deck, "--layout", name)
    stock = STOCK[name]
    (W, H) = stock[0]
    reader = PdfReader(str(pdf))
    first = reader.pages[0]
    assert (
        abs(float(first.mediabox.width) - W * MM) < 0.5 and abs(float(first.mediabox.height) - H * MM) < 0.5
    )
    cells = _cells(stock)
    trim = [float(v) for v in first.trimbox]
    assert all(
        abs(a - b) < 0.1 * MM
        for a, b in zip(
            trim,
            (
                min(c[0] for c in cells),
                min(c[1] for c in cells),
                max(c[2] for c in cells),
                max(c[3] for c in cells),
            ),
            strict=True,
        )
    )
    # every cell of the first sheet carries ink (a card), and nothing is printed between the cards
    # or round them but the sheet's labels: rendered, the paper outside the cells is blank
    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = doc[0]
        scale = 100 / 72
        img = page.render(scale=scale, grayscale=True).to_pil().convert("L")
        text = page.get_textpage()
        label_boxes = [text.get_charbox(i) for i in range(text.count_chars())]
    finally:
        doc.close()
    ph = img.height
    for x0, y0, x1, y1 in cells:
        inner = img.crop(
            (
                round(x0 * scale) + 2,
                round(ph - y1 * scale) + 2,
                round(x1 * scale) - 2,
                round(ph - y0 * scale) - 2,
            )
        )
        assert inner.getextrema()[0] < 120  # the card is drawn: dark ink in its cell

    def in_cell_or_label(x: float, y: float) -> bool:
        pad = 0.6 * MM
        return any(c[0] - pad <= x <= c[2] + pad and c[1] - pad <= y <= c[3] + pad for c in cells) or any(
            b[0] - 2 <= x <= b[2] + 2 and b[1] - 2 <= y <= b[3] + 2 for b in label_boxes
        )

    stray = []
    for py in range(0, ph, 3):
        for px in range(0, img.width, 3):
            if img.getpixel((px, py)) < 160:
                x, y = px / scale, (ph - py) / scale
                if not in_cell_or_label(x, y):
                    stray.append((round(x / MM, 1), round(y / MM, 1)))
    assert not stray, f"ink off the cards (mm from the bottom-left): {stray[:8]}"


def _write(tmp: Path, text: str) -> str:
    p = tmp / "mine.toml"
    p.write_text(text, encoding="utf-8")
    return str(p)


GOOD = """
paper = "letter"
marks = "crop"
[card]
width_mm = 63.5
height_mm = 88.9
[grid]
columns = 3
rows = 3
[margins]
top_mm = 8
left_mm = 10
[gutters]
across_mm = 2
down_mm = 2
"""


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (
            ("columns = 3", "columns = 4"),
            "4 columns of 63.5 mm with 2 mm gutters from 10 mm in need 270.0 mm; letter paper is 215.9 mm",
        ),
        (
            ("rows = 3", "rows = 4"),
            "4 rows of 88.9 mm with 2 mm gutters from 8 mm in need 369.6 mm; letter paper is 279.4 mm",
        ),
        (("width_mm = 63.5", "width_mm = 500"), "each side must be 20 to 400 mm"),
        (("top_mm = 8", "top_mm = -1"), "margins.top_mm: is -1; it cannot be negative"),
        (
            ('paper = "letter"', 'paper = "b5"'),
            "paper: must be one of letter, a4, legal, tabloid, a3, a5, not 'b5'",
        ),
        (
            ('marks = "crop"', 'marks = "laser"'),
            "marks: must be one of crop, none, silhouette, scanncut, not 'laser'",
        ),
        (("[grid]", "[grid]\nspacing = 3"), "[grid]: unknown key(s) spacing: use columns, rows"),
        (("columns = 3", 'columns = "three"'), "grid.columns: must be a whole number from 1 to 20, not text"),
        (("height_mm = 88.9", ""), "[card] needs height_mm"),
    ],
)
def test_a_bad_layout_gets_one_line(run, tmp_path, change, says):
    path = _write(tmp_path, GOOD.replace(*change))
    res = run("chimera", "deck", "--layout", path, "-o", str(tmp_path / "out.pdf"))
    assert res.exit_code == 2, res.output
    lines = res.output.strip().splitlines()
    assert len(lines) == 1 and says in lines[0], res.output
    assert not (tmp_path / "out.pdf").exists()


def test_a_good_layout_prints_and_a_bleed_must_fit_its_gutters(run, tmp_path):
    path = _write(tmp_path, GOOD)
    res = run("chimera", "deck", "--layout", path, "-o", str(tmp_path / "out.pdf"))
    assert res.exit_code == 0, res.output
    res = run("chimera", "deck", "--layout", path, "--bleed", "3", "-o", str(tmp_path / "b.pdf"))
    assert (
        res.exit_code == 2 and "a bleed of 3 mm needs gutters of 6 mm; gutters.across_mm is 2" in res.output
    )
    res = run("chimera", "deck", "--layout", path, "--paper", "a4", "-o", str(tmp_path / "c.pdf"))
    assert res.exit_code == 2 and "give --layout or --paper, not both" in res.output


def test_a_layout_with_a_cutters_marks_is_checked_against_the_area_it_reads(run, tmp_path):
    path = _write(tmp_path, GOOD.replace('marks = "crop"', 'marks = "silhouette"'))
    res = run("chimera", "deck", "--layout", path, "-o", str(tmp_path / "out.pdf"))
    assert (
        res.exit_code == 2 and "reaches outside" in res.output and len(res.output.strip().splitlines()) == 1
    )
    inside = GOOD.replace('marks = "crop"', 'marks = "silhouette"').replace("rows = 3", "rows = 2")
    inside = inside.replace("columns = 3", "columns = 2")
    inside = inside.replace("top_mm = 8", "top_mm = 45").replace("left_mm = 10", "left_mm = 12.5")
    res = run("chimera", "deck", "--layout", _write(tmp_path, inside), "-o", str(tmp_path / "ok.pdf"))
    assert res.exit_code == 0, res.output
    assert (tmp_path / "ok-cut").is_dir()
