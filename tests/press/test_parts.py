"""The shared sheet parts: header, rules, ruled table, arrow, label patch and the bullets fitter."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas

from generator.press import parts
from generator.press.fonts import register_fonts, string_width
from generator.press.paper import MARGIN, get_paper, mm
from generator.press.style import DEFAULT, INK_SAVER
from generator.press.text import STEP, TextFitError, block_height


def _canvas() -> tuple[Canvas, io.BytesIO]:
    register_fonts()
    buf = io.BytesIO()
    return Canvas(buf, pagesize=get_paper("letter").size, invariant=1, pageCompression=0), buf


def _page(c: Canvas, buf: io.BytesIO) -> tuple[str, str]:
    """(the page's text as a reader extracts it, its raw content stream)."""
    c.showPage()
    c.save()
    page = PdfReader(io.BytesIO(buf.getvalue())).pages[0]
    return page.extract_text(), page.get_contents().get_data().decode("latin-1")


def _rg(rgb: tuple[float, float, float]) -> str:
    return fp_str(*rgb) + " rg"


def test_header_returns_its_own_height_and_prints_every_part() -> None:
    paper = get_paper("letter")
    c, buf = _canvas()
    head = parts.Header("Doublets · Monday", ("seed 7", "8 puzzles"), "Change one letter a step.", 6 * mm)
    y = parts.sheet_header(c, paper, DEFAULT, head)
    assert y == pytest.approx(paper.height - MARGIN - head.height)
    # text under the rule makes the header taller by its height and a gap
    bare = parts.Header("Doublets · Monday")
    assert head.height - bare.height == pytest.approx(6 * mm + parts.RULE_GAP)
    text, _ = _page(c, buf)
    for part in ("Doublets · Monday", "seed 7", "8 puzzles", "Change one letter a step."):
        assert part in text


def test_header_title_shrinks_to_its_band_and_fails_clearly_when_it_cannot() -> None:
    paper = get_paper("letter")
    c, _ = _canvas()
    parts.sheet_header(c, paper, DEFAULT, parts.Header("A long title " * 5), what="sheet")
    with pytest.raises(TextFitError, match="sheet title"):
        parts.sheet_header(c, paper, DEFAULT, parts.Header("A long title " * 30), what="sheet")


def test_ruled_table_sets_its_cells_and_tints_only_where_the_style_fills() -> None:
    rows = [["cards", "2", "3", "4+"], ["points", "1", "3", "6"]]
    for style, tinted in ((DEFAULT, True), (INK_SAVER, False)):
        c, buf = _canvas()
        bottom = parts.ruled_table(c, style, 100, 500, [50, 30, 30, 30], 18, rows, head_cols=1)
        assert bottom == pytest.approx(500 - 2 * 18)
        text, stream = _page(c, buf)
        for cell in ("cards", "points", "4+", "6"):
            assert cell in text
        assert (_rg(DEFAULT.tint) in stream) is tinted


def test_fit_bullets_takes_the_largest_size_that_fits() -> None:
    items = ["Play in turns round the table, each adding one card.", "A wrong answer costs its letters."]
    style = DEFAULT.text_style("small")
    w, h = 120.0, 60.0
    fit = parts.fit_bullets(items, w, h, style)
    assert fit is not None and style.min_size <= fit.size <= style.size
    assert fit.height <= h
    for lines in fit.lines:
        assert all(string_width(line, style.face, fit.size) <= w - fit.indent + 1e-6 for line in lines)
    # a step larger would not fit (unless the fit is already at the largest size): an independent count
    if fit.size < style.size:
        bigger = fit.size + STEP
        again = parts.fit_bullets(items, w, h, style.but(size=bigger, min_size=bigger))
        assert again is None
    # the height is the items' blocks plus the gaps, counted again here
    expected = sum(block_height(len(x), fit.size, style) for x in fit.lines) + 0.45 * fit.size
    assert fit.height == pytest.approx(expected)


def test_fit_bullets_fails_with_a_named_error_when_nothing_fits() -> None:
    style = DEFAULT.text_style("small")
    assert parts.fit_bullets(["word " * 200], 100, 20, style) is None
    with pytest.raises(TextFitError, match="rules reminder"):
        parts.fit_bullets_or_fail(["word " * 200], 100, 20, style, "rules reminder")


def test_draw_bullets_ends_where_the_fit_says() -> None:
    style = DEFAULT.text_style("small")
    fit = parts.fit_bullets(["one item", "a second item", "a third"], 200, 200, style)
    assert fit is not None
    c, buf = _canvas()
    foot = parts.draw_bullets(c, fit, 50, 400, 200, DEFAULT.accent)
    assert foot == pytest.approx(400 - fit.height)
    text, _ = _page(c, buf)
    assert text.count("•") == 3


def test_label_patch_width_and_paper_patch() -> None:
    c, buf = _canvas()
    w = parts.label_patch(c, DEFAULT, "r3c7", 200, 300, angle=90)
    face, size = DEFAULT.font("label")
    assert w == pytest.approx(string_width("r3c7", face, size) + 0.8 * size)
    parts.label_patch(c, DEFAULT, "KEY", 100, 100, outline="accent", align="left")
    text, stream = _page(c, buf)
    assert "r3c7" in text and "KEY" in text
    assert "1 1 1 rg" in stream  # the paper patch


def test_arrow_of_no_length_draws_nothing() -> None:
    c, buf = _canvas()
    parts.arrow(c, 10, 10, 10, 10, DEFAULT.ink)
    _, stream = _page(c, buf)
    assert " l" not in stream.replace("\n", " ")


def test_fit_bullets_answers_as_a_fresh_fit_again_and_again():
    """fit_bullets' answers each equal the fit made afresh (_fit_bullets), and the lists handed
    out are the caller's own."""
    from generator.press import parts as press_parts
    from generator.press.text import TextStyle

    items = [
        "Say a word that fits the clue",
        "Pass if you cannot",
        "Score one point a letter, more for rare ones",
    ]
    cases = [
        (items, 120.0, 90.0, TextStyle("Sans", 10, 6)),
        (items[:2], 60.0, 200.0, TextStyle("Serif", 9, 7)),
    ]
    cases.append((["unbreakable" * 5], 30.0, 30.0, TextStyle("Sans", 10, 6)))  # fits nowhere
    for _ in range(3):
        for its, w, h, st in cases:
            got = press_parts.fit_bullets(its, w, h, st, 0.3)
            assert got == press_parts._fit_bullets(its, w, h, st, 0.3)
            if got is not None:
                got.lines[0].append("changed by the caller")
