"""Tests for the Sorcerer's Chamber drawings: PDFs read back, full-size scale, notes fitting, diagrams from the model."""

from __future__ import annotations

import ctypes
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest
from pypdf import PdfReader

from generator.errors import ParlourError
from generator.games import sorcerer as sc
from generator.games import sorcerer_draw as draw
from generator.press.document import Document, Page
from generator.press.fonts import FACES, has_glyph
from generator.press.paper import MARGIN, get_paper, inch, mm
from generator.press.style import get_style
from tests.pdfcheck import fonts_embedded

GLYPHS = set(draw.SUIT_GLYPHS.values())
PAPERS = ["letter", "a4"]
FACE_BY_PDF_NAME = {Path(f).stem: face for face, f in FACES.items()}


def render(
    tmp_path: Path, pages: list[Page], paper: str = "letter", ink_saver: bool = False, name: str = "t"
) -> Path:
    doc = Document(get_paper(paper), "test", style=get_style(ink_saver))
    doc.add("Sorcerer", pages)
    return doc.save(tmp_path / f"{name}.pdf")


def chars(pdf: Path, index: int = 0) -> list[tuple[str, str, tuple[float, float, float, float]]]:
    """(character, font name, box) for every character pdfium finds on a page."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = doc[index]
        tp = page.get_textpage()
        out = []
        for i in range(tp.count_chars()):
            ch = chr(pdfium_raw.FPDFText_GetUnicode(tp.raw, i))
            buf = ctypes.create_string_buffer(256)
            flags = ctypes.c_int()
            pdfium_raw.FPDFText_GetFontInfo(tp.raw, i, buf, 256, ctypes.byref(flags))
            out.append((ch, buf.value.decode(), tp.get_charbox(i)))
        return out
    finally:
        doc.close()


def assert_no_missing_glyphs(pdf: Path) -> None:
    """Every character drawn is set in a face that has it (no tofu boxes), and all fonts are embedded."""
    assert fonts_embedded(pdf) and all(fonts_embedded(pdf).values())
    for index in range(len(PdfReader(str(pdf)).pages)):
        for ch, font, _ in chars(pdf, index):
            if ch.isspace() or ch in "\r\n\x02\ufffe":
                continue
            face = FACE_BY_PDF_NAME.get(font)
            assert face is not None, f"unexpected font {font!r}"
            assert has_glyph(face, ch), f"{ch!r} drawn in {face}, which lacks it"


def assert_text_inside_margins(pdf: Path, paper: str) -> None:
    """All text sits inside the margins, except the footer in the bottom margin."""
    w, h = get_paper(paper).size
    for index in range(len(PdfReader(str(pdf)).pages)):
        for ch, _, (left, bottom, right, top) in chars(pdf, index):
            if ch.isspace():
                continue
            assert MARGIN - 0.5 <= left and right <= w - MARGIN + 0.5, (ch, left, right)
            assert top <= h - MARGIN + 0.5, (ch, top)
            assert bottom >= MARGIN - 0.5 or top < 10 * mm, (ch, bottom)  # the footer sits at 7 mm


@pytest.fixture(scope="module")
def chamber() -> sc.Chamber:
    return sc.setup(3, seed=5)


# --- colours and glyphs ------------------------------------------------------------------------


def test_suit_glyphs_and_colours_follow_the_piecepack_standard():
    assert draw.SUIT_GLYPHS == {"suns": "❂", "moons": "◐", "crowns": "♛", "arms": "⚜"}
    assert draw.SUIT_COLOURS["suns"] == pytest.approx((0xD5 / 255, 0x5E / 255, 0.0))
    assert draw.SUIT_COLOURS["moons"] == (0.0, 0.0, 0.0)
    assert draw.SUIT_COLOURS["crowns"] == pytest.approx((0.0, 0x9E / 255, 0x73 / 255))
    assert draw.SUIT_COLOURS["arms"] == pytest.approx((0.0, 0x72 / 255, 0xB2 / 255))
    assert all(has_glyph("Sans", g) for g in GLYPHS)
    ink = get_style(True)
    assert {draw.suit_colour(s, ink) for s in sc.SUITS} == {ink.ink}  # glyphs, not colour, in ink-saver


# --- the set-up diagram ------------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
def test_setup_page_reads_back(tmp_path, chamber, paper):
    pdf = render(tmp_path, [draw.setup_page(chamber, "Compass rose")], paper)
    reader = PdfReader(str(pdf))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(get_paper(paper).size)
    text = reader.pages[0].extract_text()
    assert GLYPHS <= set(text)
    for phrase in ("set-up for 3 players", "Seed 5", "parlour's own", "original diagram is lost", "pervigil"):
        assert phrase in text
    # who starts (the die ranking, ties) and what the sorcerer's stone is, as the rules have them
    flat = " ".join(text.split())
    for phrase in (
        "ace highest, then 5, 4, 3, 2 and blank last",
        "tied players roll again",
        "keeps the fourth, the sorcerer's stone",
        "three dice go to the centre as time",
    ):
        assert phrase.lower() in flat.lower(), phrase
    from tests.seedtext import copied_runs

    assert copied_runs(flat) == []  # in parlour's own words
    assert_no_missing_glyphs(pdf)
    assert_text_inside_margins(pdf, paper)


@pytest.mark.parametrize("paper", PAPERS)
def test_the_scaled_board_fits_between_title_and_legend(paper):
    p = get_paper(paper)
    g = draw.setup_geom(p)
    assert MARGIN < g.left and g.left + g.size < p.width - MARGIN
    assert g.top < p.height - MARGIN - draw.TITLE_H + 1
    assert g.top - g.size > MARGIN + draw.LEGEND_H
    assert 0.6 * inch < g.cell < inch  # scaled down, but not tiny


def test_every_orb_is_drawn_at_its_dealt_space(tmp_path, chamber):
    """The orb glyphs on the page sit on the cells the deal gives them, in their suit."""
    paper = get_paper("letter")
    g = draw.setup_geom(paper)
    pdf = render(tmp_path, [draw.setup_page(chamber, "Compass rose")])
    found = set()
    for ch, _, (left, bottom, right, top) in chars(pdf):
        if ch not in GLYPHS:
            continue
        x, y = (left + right) / 2, (bottom + top) / 2
        col, row = int((x - g.left) // g.cell), int((g.top - y) // g.cell)
        space = sc.space_at(row, col)
        if space is not None and space.kind == "cell" and (right - left) > g.cell * 0.2:  # coin-sized only
            found.add((space.id, ch))
    assert found == {(o.space, draw.SUIT_GLYPHS[o.suit]) for o in chamber.orbs}


def test_the_same_seed_gives_the_same_bytes(tmp_path):
    a = render(tmp_path, [draw.setup_page(sc.setup(2, seed=9), "p")], name="a").read_bytes()
    b = render(tmp_path, [draw.setup_page(sc.setup(2, seed=9), "p")], name="b").read_bytes()
    c = render(tmp_path, [draw.setup_page(sc.setup(2, seed=10), "p")], name="c").read_bytes()
    assert a == b
    assert a != c


def _raster(pdf: Path, dpi: int, index: int = 0):
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return doc[index].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        doc.close()


def test_ink_saver_is_black_and_white_with_no_large_fills(tmp_path, chamber):
    dpi = 50
    paper = get_paper("letter")
    g = draw.setup_geom(paper)
    colour = _raster(render(tmp_path, [draw.setup_page(chamber, "p")], name="c"), dpi)
    saver = _raster(render(tmp_path, [draw.setup_page(chamber, "p")], ink_saver=True, name="s"), dpi)
    # the middle of every empty cell: tinted in colour, bare paper when saving ink
    taken = {o.space for o in chamber.orbs}
    empty = [s for s in sc.spaces() if s.kind == "cell" and s.id not in taken]
    for space in empty:
        x, y = g.cell_centre(space.row, space.col)
        at = (round(x * dpi / 72), round((paper.height - y) * dpi / 72))
        assert min(colour.getpixel(at)) < 245
        assert min(saver.getpixel(at)) >= 250
    assert all(max(p) - min(p) < 12 for p in saver.get_flattened_data())  # no colour at all


# --- the full-size board -----------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
def test_full_size_pieces_cover_the_board_at_real_scale(paper):
    p = get_paper(paper)
    pieces = draw.full_size_pieces(p)
    assert [q.name for q in pieces] == ["A1", "A2", "B1", "B2"]
    for q in pieces:
        assert q.geom.cell == inch  # a tile is 2 in
        x0, y0 = q.page_xy(q.region[0], q.region[3])
        x1, y1 = q.page_xy(q.region[2], q.region[1])
        assert MARGIN - 1e-6 <= x0 and x1 <= p.width - MARGIN + 1e-6
        assert MARGIN - 1e-6 <= y0 and y1 <= p.height - MARGIN - draw.HEADER_H + 1e-6
    # together the pieces show the whole 10 in board, and neighbours overlap by the glue strip
    by = {q.name: q for q in pieces}
    assert by["A1"].shown[0] == 0 and by["A2"].shown[2] == draw.BOARD
    assert by["A1"].shown[1] == 0 and by["B1"].shown[3] == draw.BOARD
    assert by["A1"].shown[2] - by["A2"].shown[0] == pytest.approx(draw.OVERLAP)
    assert by["A1"].shown[3] - by["B1"].shown[1] == pytest.approx(draw.OVERLAP)
    assert 10 * mm <= draw.OVERLAP <= 15 * mm
    assert by["A2"].cut == ("left",) and by["B1"].cut == ("top",) and by["B2"].cut == ("left", "top")
    assert by["A1"].strips == ("right", "bottom") and by["B2"].strips == ()


def test_registration_marks_match_across_every_seam():
    pieces = draw.full_size_pieces(get_paper("letter"))
    by = {q.name: set(q.marks) for q in pieces}
    for a, b in (("A1", "A2"), ("A1", "B1"), ("A2", "B2"), ("B1", "B2")):
        shared = by[a] & by[b]
        assert len(shared) >= 3, (a, b)  # enough to fix both position and angle
    centre = (draw.BOARD / 2, draw.BOARD / 2)
    assert all(centre in marks for marks in by.values())


@pytest.mark.parametrize("paper", PAPERS)
def test_full_size_pages_read_back(tmp_path, chamber, paper):
    pdf = render(tmp_path, draw.full_size_pages(chamber, get_paper(paper)), paper)
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


def _dark_runs(row: list[int], threshold: int = 90) -> list[float]:
    """Centres (in pixels) of runs of dark pixels along a scanline."""
    runs, start = [], None
    for i, v in enumerate([*row, 255]):
        if v < threshold and start is None:
            start = i
        elif v >= threshold and start is not None:
            runs.append((start + i - 1) / 2)
            start = None
    return runs


@pytest.mark.parametrize("paper", PAPERS)
def test_a_printed_tile_measures_two_inches(tmp_path, chamber, paper):
    """Rasterise piece A1 at 200 dpi and measure between tile edges along one row of cells."""
    dpi = 200
    pieces = draw.full_size_pieces(get_paper(paper))
    a1 = pieces[0]
    pdf = render(tmp_path, draw.full_size_pages(chamber, get_paper(paper))[:1], paper)
    im = _raster(pdf, dpi).convert("L")
    _, y = a1.page_xy(0, 2.6 * inch)  # through tile row 1, clear of marks and labels
    py = round((get_paper(paper).height - y) * dpi / 72)
    row = [im.getpixel((x, py)) for x in range(im.width)]
    edges = _dark_runs(row)
    expected = [a1.page_xy(u, 0)[0] * dpi / 72 for u in (0, 2 * inch, 4 * inch)]
    assert len(edges) == 3, edges
    for got, want in zip(edges, expected, strict=True):
        assert got == pytest.approx(want, abs=2.5)
    assert edges[1] - edges[0] == pytest.approx(2 * dpi, abs=2.5)
    assert edges[2] - edges[1] == pytest.approx(2 * dpi, abs=2.5)


# --- cheat notes -------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
def test_notes_page_four_up_at_a_readable_size(tmp_path, paper):
    notes = sc.load_notes()
    boxes = draw.notes_boxes(get_paper(paper))
    assert len(boxes) == 4
    x, y, w, h = boxes[0]
    laid = draw.layout_note(notes, w - 2 * draw.NOTE_PAD, h - 2 * draw.NOTE_PAD)
    assert laid.size >= 7.25  # ~7.5 pt; the floor is 6.5
    pdf = render(tmp_path, [draw.notes_page(notes)], paper)
    text = PdfReader(str(pdf)).pages[0].extract_text()
    for spell in ("Zap", "Shield", "Deflect", "Confuse", "Heal", "Warp", "Time"):
        assert text.count(spell) >= 4
    assert GLYPHS <= set(text)
    assert_no_missing_glyphs(pdf)
    assert_text_inside_margins(pdf, paper)


def test_note_boxes_tile_the_page_inside_its_margins():
    p = get_paper("letter")
    boxes = draw.notes_boxes(p)
    area = sum(w * h for _, _, w, h in boxes)
    assert area == pytest.approx((p.width - 2 * MARGIN) * (p.height - 2 * MARGIN))
    xs = sorted({b[0] for b in boxes})
    assert xs == pytest.approx([MARGIN, p.width / 2])


def test_a_note_too_long_to_fit_is_a_clear_error():
    long = sc.Notes(
        "Crib", (sc.NoteSection("Spells", tuple(sc.NoteItem("Zap", "word " * 400) for _ in range(3))),)
    )
    with pytest.raises(ParlourError, match="cheat note 'Crib' does not fit .* 6.5 pt"):
        draw.layout_note(long, 250, 340)


def test_notes_never_shrink_below_the_floor():
    notes = sc.load_notes()
    for height in (330, 300, 280):
        try:
            laid = draw.layout_note(notes, 250, height)
        except ParlourError:
            continue
        assert laid.size >= draw.NOTE_MIN


# --- move diagrams -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def panels():
    return {p.key: p for p in draw.diagram_panels()}


def test_step_diagrams_show_the_models_moves(panels):
    for key, facing in (("step-orthogonal", "N"), ("step-diagonal", "NE")):
        p = panels[key]
        where, f = p.sorcerer
        assert f == facing
        assert {(a.to, a.label) for a in p.arrows} == {(m.to, m.kind) for m in sc.moves(where, facing)}
        assert len(p.arrows) == 3


def test_rotation_diagram_shows_all_eight_facings(panels):
    assert panels["rotate"].rays == sc.FACINGS
    assert len(sc.rotations(panels["rotate"].sorcerer[1])) == 7


def test_portal_diagrams_show_4_orthogonal_and_5_diagonal_steps(panels):
    ortho, diag = panels["portal-orthogonal"], panels["portal-diagonal"]
    assert len(ortho.arrows) == 4 and len(diag.arrows) == 5
    portal = sc.portal_id("suns")
    assert {a.to for a in ortho.arrows} == set(sc.orthogonal_neighbours(portal))
    assert {a.to for a in diag.arrows} == set(sc.diagonal_neighbours(portal))
    portal_cells = set(sc.space(portal).cells)
    assert all(a.frm in portal_cells and a.both for a in (*ortho.arrows, *diag.arrows))


def test_start_diagram_reaches_the_five_cells(panels):
    p = panels["start"]
    assert p.sorcerer == ("portal-suns", "SE")
    assert tuple(a.to for a in p.arrows) == sc.move_targets("portal-suns", "SE")
    assert {a.label for a in p.arrows} == {"FL", "FL or F", "F", "F or FR", "FR"}


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("ink_saver", [False, True])
def test_diagrams_page_reads_back(tmp_path, paper, ink_saver):
    pdf = render(tmp_path, [draw.diagrams_page()], paper, ink_saver)
    text = PdfReader(str(pdf)).pages[0].extract_text()
    for title in ("Step, facing square on", "Rotate", "Portal: 4 square steps", "Portal: 5 diagonal steps"):
        assert title in text
    assert_no_missing_glyphs(pdf)
    assert_text_inside_margins(pdf, paper)


def test_diagram_windows_fit_their_panels():
    for paper in PAPERS:
        boxes = draw.diagram_boxes(get_paper(paper))
        for box, panel in zip(boxes, draw.diagram_panels(), strict=True):
            cell = draw.PANEL_CELL
            nr = panel.rows[1] - panel.rows[0] + 1
            cell = min(cell, (box[3] - 9 * mm - draw.CAPTION_H - 2 * mm) / nr)
            _, (wx, wy, ww, wh) = draw._panel_geom(box, panel, cell)
            x, y, w, h = box
            assert x < wx and wx + ww < x + w
            assert y + draw.CAPTION_H - 1e-6 <= wy and wy + wh <= y + h - 9 * mm + 1e-6


def test_a_footer_wider_than_the_note_shrinks_or_is_a_clear_error():
    section = sc.NoteSection("Spells", (sc.NoteItem("Zap", "one orb"),))
    footer = "Last sorcerer standing wins, " * 2
    full = draw.string_width(footer, "Cond-Bold", draw.NOTE_SIZE * 1.05)
    laid = draw.layout_note(sc.Notes("Crib", (section,), footer), full - 5, 340)
    assert laid.size < draw.NOTE_SIZE  # shrunk until the one-line footer fits the width
    assert draw.string_width(footer, "Cond-Bold", laid.size * 1.05) <= full - 5
    with pytest.raises(ParlourError, match="does not fit"):
        draw.layout_note(sc.Notes("Crib", (section,), "Last sorcerer standing wins. " * 8), 250, 340)
