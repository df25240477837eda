"""Tests for generator.press.pdfstream: pages go into the file as they are finished, and the PDF says
what reportlab's own save would say (pages, content, boxes, fonts, outline, metadata)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from generator.press import pdfstream
from generator.press.cards import Card, DeckOptions, deck_pages, get_card, impose
from generator.press.document import Document, Page
from generator.press.paper import get_paper
from generator.press.text import TextStyle, draw_text


class PlainStream:
    """The oracle: the same calls, with reportlab doing everything itself at save time
    (bookmarks as destinations, the outline from addOutlineEntry, every page held until save)."""

    def __init__(self, canvas: Canvas, out: Any) -> None:
        self.canvas, self.n = canvas, 0

    def bookmark(self, title: str, level: int = 0) -> None:
        self.n += 1
        self.canvas.bookmarkPage(f"k{self.n}")
        self.canvas.addOutlineEntry(title, f"k{self.n}", level=level)

    def page_done(self) -> None:
        pass

    def finish(self) -> None:
        self.canvas.save()


def _lines(i: int):
    def draw(c: Canvas, info) -> None:
        c.setFont("Serif", 14)
        for k in range(30):
            c.drawString(72, 700 - 14 * k, f"page {i} line {k}: the quick brown fox ☑ é")

    return draw


def _deck_pages(paper) -> list[Page]:
    """Two-sided card sheets: trim and bleed boxes, form XObjects, side footers, blanks."""

    def face(text: str):
        def draw(c, box):
            x, y, w, h = box.inner
            draw_text(c, text, x, y, w, h, TextStyle("Sans", 16, 6), text)

        return draw

    cards = [Card(f"c{i}", face(f"F{i}"), face(f"B{i}")) for i in range(11)]
    lay = impose(paper, get_card("poker"))
    return deck_pages(cards, DeckOptions(lay, "Test deck", duplex="long"))


def _doc(n: int = 7) -> Document:
    paper = get_paper("letter")
    doc = Document(paper, "Stream test: é ☑", "a subject", contents=True)
    doc.add(
        "First", [Page(_lines(i), f"p{i}", bookmark=f"mark {i}" if i % 3 == 0 else None) for i in range(n)]
    )
    doc.add("Cards", _deck_pages(paper))
    doc.add("Last ☑", [Page(_lines(100 + i), f"q{i}", bookmark=f"q mark {i}") for i in range(2)])
    return doc


def _outline(reader: PdfReader, items: list) -> list:
    out: list = []
    for item in items:
        if isinstance(item, list):
            out.append(_outline(reader, item))
        else:
            out.append((item.title, reader.get_destination_page_number(item), item.get("/Count")))
    return out


def _flat(outline: list) -> list:
    return [e for item in outline for e in (_flat(item) if isinstance(item, list) else [item])]


def _fonts(page) -> dict[str, str]:
    fonts = page["/Resources"].get_object().get("/Font")
    if not fonts:
        return {}
    return {key: str(ref.get_object()["/BaseFont"]) for key, ref in fonts.get_object().items()}


def _summary(path: Path) -> dict[str, Any]:
    """What a reader sees in the PDF, object numbers and file layout aside."""
    reader = PdfReader(str(path))
    root = reader.trailer["/Root"]
    pages = []
    for page in reader.pages:
        res = page["/Resources"].get_object()
        pages.append(
            {
                "content": page.get_contents().get_data(),
                "boxes": [list(page.get(k, [])) for k in ("/MediaBox", "/TrimBox", "/BleedBox")],
                "fonts": _fonts(page),
                "procset": list(res.get("/ProcSet", [])),
                "xobjects": sorted(res.get("/XObject", {}).keys()),
                "text": page.extract_text(),
            }
        )
    return {
        "info": dict(reader.metadata or {}),
        "mode": root.get("/PageMode"),
        "prefs": dict(root.get("/ViewerPreferences", {})),
        "outline": _outline(reader, reader.outline),
        "count": root["/Outlines"]["/Count"] if "/Outlines" in root else None,
        "pages": pages,
    }


def _render(doc: Document, path: Path, monkeypatch: pytest.MonkeyPatch | None = None) -> Path:
    if monkeypatch is not None:
        monkeypatch.setattr(pdfstream, "PageStream", PlainStream)
    doc.render(str(path))
    if monkeypatch is not None:
        monkeypatch.undo()
    return path


def test_the_pdf_says_what_reportlabs_own_save_says(tmp_path, monkeypatch):
    streamed = _summary(_render(_doc(), tmp_path / "streamed.pdf"))
    plain = _summary(_render(_doc(), tmp_path / "plain.pdf", monkeypatch))
    # the cover and the print guide, lines, a blank (the cards start on a front), two card sheets
    # front and back, two last pages
    assert len(streamed["pages"]) == 2 + 7 + 1 + 4 + 2
    assert streamed["outline"][:3] == [("Contents", 0, None), ("Print guide", 1, None), ("First", 2, 3)]
    assert ("mark 3", 5, None) in streamed["outline"][3]
    for key in ("info", "mode", "prefs", "outline"):
        assert streamed[key] == plain[key], key
    # The root counts every entry (the PDF standard: all are open); reportlab's own root count also
    # adds one for each entry with entries below it, a slip of its outline code.
    entries = _flat(streamed["outline"])
    parents = sum(1 for e in entries if e[2])
    assert streamed["count"] == len(entries) and plain["count"] == len(entries) + parents
    for n, (mine, theirs) in enumerate(zip(streamed["pages"], plain["pages"], strict=True)):
        assert mine == theirs, n


def test_other_readers_open_it(tmp_path):
    path = _render(_doc(), tmp_path / "s.pdf")
    pdf = pdfium.PdfDocument(str(path))
    try:
        assert len(pdf) == 16
        text = pdf[2].get_textpage().get_text_range()
        assert "page 0 line 29: the quick brown fox" in text
        bitmap = pdf[11].render(scale=0.2)
        assert bitmap.to_pil().getextrema() != ((255, 255),) * 3  # a card sheet with ink on it
    finally:
        pdf.close()
    data = path.read_bytes()
    assert data.startswith(b"%PDF-1.3\n") and data.endswith(b"%%EOF\n")


def test_same_document_same_bytes(tmp_path):
    a = _render(_doc(), tmp_path / "a.pdf").read_bytes()
    b = _render(_doc(), tmp_path / "b.pdf").read_bytes()
    assert a == b


def test_each_page_leaves_memory_when_it_is_written(tmp_path, monkeypatch):
    """After each page, reportlab holds no page, no content stream and no growing tables."""
    seen: list[tuple[int, int, int]] = []
    done = pdfstream.PageStream.page_done

    def watch(self) -> None:
        done(self)
        doc = self.doc
        kinds = {type(o).__name__ for o in doc.idToObject.values()}
        assert "PDFPage" not in kinds
        seen.append((len(doc.Pages.pages), len(doc.idToObject), len(doc.idToObjectNumberAndVersion)))

    monkeypatch.setattr(pdfstream.PageStream, "page_done", watch)
    doc = Document(get_paper("letter"), "Many pages")
    doc.add("All", [Page(_lines(i), f"p{i}", bookmark=f"m{i}") for i in range(40)])
    doc.render(str(tmp_path / "x.pdf"))
    assert len(seen) == 41  # once per page, and once more on finishing
    assert {pages for pages, _, _ in seen} == {0}
    assert len({(objs, names) for _, objs, names in seen[1:]}) == 1  # the same from page 2 to the end


def test_a_later_pdf_version_mends_the_header(tmp_path, monkeypatch):
    def faint(c: Canvas, info) -> None:
        c.setFillAlpha(0.5)  # transparency needs PDF 1.4, known only once this page is drawn
        c.rect(72, 72, 100, 100, fill=1)

    def doc() -> Document:
        d = Document(get_paper("letter"), "Faint")
        d.add("One", [Page(_lines(0), "p0"), Page(faint, "p1")])
        return d

    streamed = _render(doc(), tmp_path / "s.pdf")
    plain = _render(doc(), tmp_path / "p.pdf", monkeypatch)
    assert streamed.read_bytes()[:9] == plain.read_bytes()[:9] == b"%PDF-1.4\n"
    assert _summary(streamed) == _summary(plain)


def test_outline_levels_nest_as_reportlab_nests_them(tmp_path, monkeypatch):
    levels = [0, 1, 2, 2, 1, 0, 1, 0]

    def make(path: Path, cls: Any) -> Path:
        with open(path, "wb") as out:
            c = Canvas(out, invariant=1)
            stream = cls(c, out)
            for i, level in enumerate(levels):
                stream.bookmark(f"entry {i}", level)
                c.drawString(72, 72, f"page {i}")
                c.showPage()
                stream.page_done()
            c.showOutline()
            stream.finish()
        return path

    mine = _summary(make(tmp_path / "m.pdf", pdfstream.PageStream))
    theirs = _summary(make(tmp_path / "t.pdf", PlainStream))
    assert mine["outline"] == theirs["outline"]
    assert mine["outline"][:2] == [
        ("entry 0", 0, 4),
        [("entry 1", 1, 2), [("entry 2", 2, None), ("entry 3", 3, None)], ("entry 4", 4, None)],
    ]
    assert mine["count"] == len(levels)


@pytest.mark.parametrize("levels", [[1], [0, 2], [0, -1]])
def test_an_outline_level_out_of_reach_is_refused(tmp_path, levels):
    with open(tmp_path / "x.pdf", "wb") as out:
        c = Canvas(out, invariant=1)
        stream = pdfstream.PageStream(c, out)
        with pytest.raises(ValueError, match="deepest allowed"):
            for level in levels:
                stream.bookmark("x", level)


def test_every_cross_reference_points_at_its_object(tmp_path):
    """Read the xref table by hand: entry n gives the offset where "n 0 obj" starts."""
    data = _render(_doc(), tmp_path / "s.pdf").read_bytes()
    start = int(data[data.rindex(b"startxref") :].split()[1])
    lines = data[start:].split(b"\n")
    assert lines[0] == b"xref" and lines[2] == b"0000000000 65535 f "
    first, count = (int(x) for x in lines[1].split())
    body = lines[3 : 2 + count]  # objects 1 .. count - 1
    assert first == 0 and len(body) == count - 1 > 30
    for n, line in enumerate(body, start=1):
        offset, gen, kind = line.split()
        assert (gen, kind) == (b"00000", b"n") and len(line) == 19
        assert data[int(offset) :].startswith(b"%d 0 obj\n" % n), n
    trailer = data[data.rindex(b"trailer") :]
    assert b"/Size %d" % count in trailer
