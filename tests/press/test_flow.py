"""press.flow: markup with glyph fallback, columns that break across pages, nothing outside the page's text area."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.graphics.shapes import Drawing

from generator.press import flow
from generator.press.document import Document
from generator.press.fonts import has_glyph, string_width
from generator.press.paper import MARGIN, get_paper
from generator.press.style import DEFAULT
from tests.pdfcheck import fonts_embedded


def test_markup_bolds_escapes_and_falls_back_for_missing_glyphs():
    assert not has_glyph("Serif", "☑")
    out = flow.markup("**Take** a ☑ & <go>", "Serif")
    assert out.startswith("<b>Take</b>")
    assert '<font name="Sans">☑</font>' in out
    assert "&amp; &lt;go&gt;" in out
    assert flow.markup("`parlour rules`", "Serif") == '<font name="Cond">parlour rules</font>'
    assert "<font" not in flow.markup("♠ ☑", "Sans")  # Sans has them itself


@pytest.mark.parametrize("paper_name", ["letter", "a4"])
def test_long_text_flows_over_pages_and_stays_inside_the_margins(paper_name, tmp_path):
    paper = get_paper(paper_name)
    fs = flow.flow_styles(DEFAULT)
    body = [flow.paragraph(f"Paragraph {i}: " + "words to fill the column " * 12, fs.body) for i in range(60)]
    body.insert(10, flow.bullets([f"point {k} " * 8 for k in range(30)], fs))
    head = [flow.paragraph("Title", fs.title)]
    pages = flow.flow_pages(head, body, paper, "test", bookmark="B")
    assert len(pages) >= 3
    assert pages[0].bookmark == "B" and all(p.bookmark is None for p in pages[1:])
    assert all(p.label == "test" for p in pages)
    col = flow.column_width(paper)
    lay = flow.layout(head, body, paper, continued=True)
    assert len(lay.pages) == len(pages)
    for items in lay.pages:
        for _f, x, y, w, h in items:
            assert x >= MARGIN - 0.01 and x + min(w, col) <= paper.width - MARGIN + 0.01
            assert y >= flow.BOTTOM - 0.01 and y + h <= paper.height - flow.TOP + 0.01
    # read back from the PDF: every paragraph and every point printed once, in order
    doc = Document(paper, "flow test")
    doc.add("Flow", pages)
    doc.save(tmp_path / "flow.pdf")
    text = " ".join(pg.extract_text() for pg in PdfReader(str(tmp_path / "flow.pdf")).pages)
    text = " ".join(text.split())
    for label, n in (("Paragraph", 60), ("point", 30)):
        starts = [text.find(f"{label} {i}{':' if label == 'Paragraph' else ' '}") for i in range(n)]
        assert all(s >= 0 for s in starts), [i for i, s in enumerate(starts) if s < 0]
        assert starts == sorted(starts)
    assert all(text.count(f"Paragraph {i}:") == 1 for i in range(60))


def test_a_block_taller_than_a_column_is_a_clear_error():
    paper = get_paper("letter")
    with pytest.raises(flow.FlowError, match="cannot fit a column"):
        flow.flow_pages([], [Drawing(100, 2000)], paper, "tall")


def test_keep_holds_a_drawing_and_its_caption_in_one_column():
    paper = get_paper("letter")
    fs = flow.flow_styles(DEFAULT)
    filler = [flow.paragraph("fill " * 60, fs.body) for _ in range(7)]
    kept = flow.Keep([Drawing(100, 150), flow.paragraph("caption under it", fs.caption)])
    lay = flow.layout([], [*filler, kept], paper)
    where = [(n, x) for n, items in enumerate(lay.pages) for f, x, *_ in items if f is kept]
    assert len(where) == 1  # placed whole, never split


def test_table_columns_are_never_narrower_than_their_longest_word():
    fs = flow.flow_styles(DEFAULT)
    rows = [["Event", "When", "What"], ["Backspace", "at once", "a long description " * 5]]
    (t, cap) = flow.table(rows, fs, 250, "c")
    widths = t.widths
    assert abs(sum(widths) - 250) < 0.01
    for i, st in ((0, fs.cell), (1, fs.head_cell), (2, fs.cell)):
        longest = max(string_width(w, st.fontName, st.fontSize) for r in rows for w in r[i].split())
        assert widths[i] >= longest + 5, (i, widths[i], longest)
    assert cap.getPlainText() == "c"


def test_bold_survives_font_registration_in_a_fresh_process(tmp_path):
    """Registering the faces must not undo the bold face of their families."""
    out = tmp_path / "fw.pdf"
    code = (
        "from generator.press import flow; from generator.press.document import Document;"
        "from generator.press.paper import get_paper; from generator.press.style import DEFAULT;"
        "fs = flow.flow_styles(DEFAULT); p = get_paper('letter');"
        "pages = flow.flow_pages([flow.paragraph('Title', fs.title)], [flow.paragraph('a **bold** word', fs.body)], p, 't');"
        f"d = Document(p, 't'); d.add('t', pages); d.save({str(out)!r})"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parents[2])
    assert any("DejaVuSerif-Bold" in name for name in fonts_embedded(out))


def _columns_of(lay, page: int, paper) -> dict[int, list]:
    mid = paper.width / 2
    out: dict[int, list] = {0: [], 1: []}
    for f, x, *_ in lay.pages[page]:
        out[int(x > mid)].append(f)
    return out


def test_a_last_page_shares_its_text_between_its_columns():
    paper = get_paper("letter")
    fs = flow.flow_styles(DEFAULT)
    for n in (3, 9, 25):  # a little, a column's worth, a page and a bit
        body = [flow.paragraph(f"para {i} " + "word " * 40, fs.body) for i in range(n)]
        lay = flow.layout([], body, paper)
        cols = _columns_of(lay, -1, paper)
        assert cols[0] and cols[1], n
        # the two columns end within a paragraph's height of each other
        low = [min(y for f, x, y, *_ in lay.pages[-1] if (x > paper.width / 2) == k) for k in (0, 1)]
        assert abs(low[0] - low[1]) < 60, (n, low)


def test_a_heading_keeps_two_lines_of_its_text_in_its_column():
    paper = get_paper("letter")
    fs = flow.flow_styles(DEFAULT)
    for filler in range(40, 70, 4):  # the heading lands at every height near a column's foot
        body = [flow.paragraph("fill " * filler * 5, fs.body), flow.paragraph("Heading", fs.h1)]
        body += [flow.paragraph("text after the heading " * 12, fs.body) for _ in range(6)]
        lay = flow.layout([], body, paper, columns=2)
        placed = [(p, f, x, y, h) for p, items in enumerate(lay.pages) for f, x, y, _, h in items]
        (k,) = [i for i, (_, f, *_r) in enumerate(placed) if getattr(f, "style", None) is fs.h1]
        page, _, x, _, _ = placed[k]
        nxt_page, _, nx, _, nh = placed[k + 1]
        assert (nxt_page, nx) == (page, x), filler  # what follows starts in the heading's column
        assert nh >= 2 * fs.body.leading - 0.1, filler  # with two lines at least


def test_a_short_table_stays_whole_and_a_long_one_breaks_into_pieces_of_two_rows_or_more():
    paper = get_paper("letter")
    fs = flow.flow_styles(DEFAULT)
    width = flow.column_width(paper)
    short = [["Head", "Other"]] + [[f"row {i}", "x"] for i in range(6)]
    long = [["Head", "Other"]] + [[f"row {i}", "word " * 8] for i in range(60)]
    for filler in range(20, 80, 12):
        for rows in (short, long):
            body = [flow.paragraph("fill " * filler * 6, fs.body), *flow.table(rows, fs, width)]
            lay = flow.layout([], body, paper)
            pieces = [f for items in lay.pages for f, *_ in items if isinstance(f, flow.RuledTable)]
            if rows is short:
                assert len(pieces) == 1, filler
            else:
                assert len(pieces) > 1 and all(p.rows >= flow.LEAST_ROWS for p in pieces), filler
                assert sum(p.rows for p in pieces) == 60


def _where(lay: flow.Layout) -> list[list[tuple[float, float, float, float]]]:
    return [
        [(round(x, 6), round(y, 6), round(w, 6), round(h, 6)) for _, x, y, w, h in page] for page in lay.pages
    ]


def test_a_kept_balance_lays_the_last_page_as_the_search_did():
    """A layout given the `balanced` of an earlier one (what the rules keep in the cache) places
    every flowable where the search placed it, and a hint that does not hold (another page, a
    column too short for the text, a page past the end) is searched past, never followed."""
    paper = get_paper("letter")
    fs = flow.flow_styles(DEFAULT)

    def body() -> list:
        return [flow.paragraph(f"para {i} " + "word " * (20 + 7 * (i % 5)), fs.body) for i in range(30)]

    searched = flow.layout([], body(), paper)
    assert searched.balanced is not None and len(searched.pages) >= 2
    page, height = searched.balanced
    kept = flow.layout([], body(), paper, balanced_at=searched.balanced)
    assert kept.balanced == searched.balanced and _where(kept) == _where(searched)
    for wrong in ((page - 1, height), (page, height / 3), (page + 1, height)):
        again = flow.layout([], body(), paper, balanced_at=wrong)
        assert _where(again) == _where(searched) and again.balanced == searched.balanced, wrong
