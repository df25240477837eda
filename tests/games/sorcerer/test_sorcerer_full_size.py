"""Tests for the full-size Sorcerer board: pieces at real scale, seams, registration marks, a tile measured from the PDF."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from generator.games.sorcerer import model as sc
from generator.games.sorcerer.draw import full_size as full
from generator.games.sorcerer.draw.board import BOARD
from generator.press import parts
from generator.press.paper import MARGIN, get_paper, inch, mm
from tests.sorcerer_pdf import (
    PAPERS,
    assert_no_missing_glyphs,
    assert_text_inside_margins,
    chars,
    dark_runs,
    raster,
    render,
)


@pytest.fixture(scope="module")
def chamber() -> sc.Chamber:
    return sc.setup(3, seed=5)


@pytest.mark.parametrize("paper", PAPERS)
def test_full_size_pieces_cover_the_board_at_real_scale(paper):
    p = get_paper(paper)
    pieces = full.full_size_pieces(p)
    assert [q.name for q in pieces] == ["A1", "A2", "B1", "B2"]
    for q in pieces:
        assert q.geom.cell == inch  # a tile is 2 in
        x0, y0 = q.page_xy(q.region[0], q.region[3])
        x1, y1 = q.page_xy(q.region[2], q.region[1])
        assert MARGIN - 1e-6 <= x0 and x1 <= p.width - MARGIN + 1e-6
        assert MARGIN - 1e-6 <= y0 and y1 <= p.height - MARGIN - full.HEADER_H + 1e-6
    # together the pieces show the whole 10 in board, and neighbours overlap by the glue strip
    by = {q.name: q for q in pieces}
    assert by["A1"].shown[0] == 0 and by["A2"].shown[2] == BOARD
    assert by["A1"].shown[1] == 0 and by["B1"].shown[3] == BOARD
    assert by["A1"].shown[2] - by["A2"].shown[0] == pytest.approx(full.OVERLAP)
    assert by["A1"].shown[3] - by["B1"].shown[1] == pytest.approx(full.OVERLAP)
    assert 10 * mm <= full.OVERLAP <= 15 * mm
    assert by["A2"].cut == ("left",) and by["B1"].cut == ("top",) and by["B2"].cut == ("left", "top")
    assert by["A1"].strips == ("right", "bottom") and by["B2"].strips == ()


def test_registration_marks_match_across_every_seam():
    pieces = full.full_size_pieces(get_paper("letter"))
    by = {q.name: set(q.marks) for q in pieces}
    for a, b in (("A1", "A2"), ("A1", "B1"), ("A2", "B2"), ("B1", "B2")):
        shared = by[a] & by[b]
        assert len(shared) >= 3, (a, b)  # enough to fix both position and angle
    pieces_by = {q.name: q for q in pieces}
    crossing = (pieces_by["A2"].shown[0], pieces_by["B1"].shown[1])  # where the two seams cross
    assert all(crossing in marks for marks in by.values())


@pytest.mark.parametrize("paper", ["letter", "a4", "legal", "tabloid", "a3", "a5"])
def test_the_centre_is_whole_on_one_piece_and_under_no_glue_strip(paper):
    """The centre (its three dice and its words) is printed whole on one piece, clear of that
    piece's glue strips, and on no other piece at all: no seam cuts a die or the words in two, and
    no half copy of them hides under a strip."""
    lo, hi = 4 * BOARD / 10, 6 * BOARD / 10
    holding = []
    for q in full.full_size_pieces(get_paper(paper)):
        u0, v0, u1, v1 = q.shown
        if not (u0 < hi and lo < u1 and v0 < hi and lo < v1):
            continue  # none of the centre here
        own = full._own(q)
        assert own[0] <= lo and own[1] <= lo and hi <= own[2] and hi <= own[3], (q.name, own)
        for band in full._strip_boxes(q):  # and no strip reaches into it
            assert not (band[0] < hi and lo < band[2] and band[1] < hi and lo < band[3]), (q.name, band)
        holding.append(q.name)
    assert len(holding) == 1, holding


@pytest.mark.parametrize("paper", PAPERS)
def test_full_size_pages_read_back(tmp_path, chamber, paper):
    pdf = render(tmp_path, full.full_size_pages(chamber, get_paper(paper)), paper)
    reader = PdfReader(str(pdf))
    assert len(reader.pages) == 4
    for i, page in enumerate(reader.pages):
        name = ["A1", "A2", "B1", "B2"][i]
        text = page.extract_text()
        assert f"piece {name} of 4" in text
        assert "2 in" in text
    assert "lay over A1" in reader.pages[1].extract_text()
    assert_no_missing_glyphs(pdf)
    assert_text_inside_margins(pdf, paper)


@pytest.mark.parametrize("paper", PAPERS)
def test_a_printed_tile_measures_two_inches(tmp_path, chamber, paper):
    """Rasterise piece A1 at 200 dpi and measure between tile edges along one row of cells."""
    dpi = 200
    pieces = full.full_size_pieces(get_paper(paper))
    a1 = pieces[0]
    pdf = render(tmp_path, full.full_size_pages(chamber, get_paper(paper))[:1], paper)
    im = raster(pdf, dpi).convert("L")
    _, y = a1.page_xy(0, 2.6 * inch)  # through tile row 1, clear of marks and labels
    py = round((get_paper(paper).height - y) * dpi / 72)
    row = [im.getpixel((x, py)) for x in range(im.width)]
    edges = dark_runs(row)
    own = full._own(a1)  # the tile edges on A1's own part, clear of its glue strip
    expected = [a1.page_xy(u * inch, 0)[0] * dpi / 72 for u in range(0, 11, 2) if u * inch <= own[2]]
    assert len(edges) == len(expected) >= 3, edges
    for got, want in zip(edges, expected, strict=True):
        assert got == pytest.approx(want, abs=2.5)
    for a, b in zip(edges, edges[1:], strict=False):
        assert b - a == pytest.approx(2 * dpi, abs=2.5)


@pytest.mark.parametrize("paper", PAPERS)
def test_no_blank_band_between_the_header_and_the_assembly_note(tmp_path, chamber, paper):
    """Issue 15 point 8, measured from the page: the board starts right under the header (it used to
    leave 47 mm on Letter and 56 mm on A4 blank there), and the assembly note uses the room under it,
    so no band of bare paper taller than 12 mm runs across the page from the header's rule down to
    the note's last line."""
    dpi = 72
    p = get_paper(paper)
    pdf = render(tmp_path, full.full_size_pages(chamber, p), paper)
    rule_y = p.height - MARGIN - parts.TITLE_BAND - parts.RULE_GAP
    for index, piece in enumerate(full.full_size_pieces(p)):
        text = PdfReader(str(pdf)).pages[index].extract_text()
        assert "Putting the board together" in text and "A1, A2, B1, B2" in " ".join(text.split())
        note = [
            box
            for ch, _, box in chars(pdf, index)
            if not ch.isspace()
            and MARGIN <= box[1]
            and box[3] < piece.note[1] + piece.note[3]  # not the footer
        ]
        assert note, "the assembly note is on the page"
        lowest = min(box[1] for box in note)
        im = raster(pdf, dpi, index).convert("L")
        rows = range(round(p.height - rule_y) + 2, round(p.height - lowest))
        blank = [all(im.getpixel((x, r)) > 245 for x in range(im.width)) for r in rows]
        longest = run = 0
        for b in blank:
            run = run + 1 if b else 0
            longest = max(longest, run)
        assert longest / dpi * 25.4 <= 12, (piece.name, longest / dpi * 25.4)


@pytest.mark.parametrize(("paper", "count"), [("a3", 1), ("tabloid", 2), ("legal", 2), ("a5", 9)])
def test_bigger_papers_take_fewer_pieces_and_a3_holds_the_whole_board(paper, count):
    p = get_paper(paper)
    pieces = full.full_size_pieces(p)
    assert len(pieces) == count
    for q in pieces:  # every piece's paper lies inside the margins
        x0, y0 = q.page_xy(q.region[0], q.region[3])
        x1, y1 = q.page_xy(q.region[2], q.region[1])
        assert MARGIN - 1e-6 <= x0 and x1 <= p.width - MARGIN + 1e-6
        assert MARGIN - 1e-6 <= y0 and y1 <= p.height - MARGIN - full.HEADER_H + 1e-6
    if count == 1:
        (q,) = pieces
        assert q.shown == (0.0, 0.0, BOARD, BOARD) and not q.marks and not q.cut and not q.strips
        assert "whole board" in full.assembly_items(q, pieces)[0]
