"""Spooling: pages leave memory as they are finished, and the PDF's bytes are what reportlab alone makes."""

from __future__ import annotations

import contextlib

from reportlab.pdfgen.canvas import Canvas

from generator.press import spool as spool_mod
from generator.press.document import Document, Page
from generator.press.paper import get_paper


def _doc(n: int) -> Document:
    def draw(i: int):
        def _draw(c: Canvas, info) -> None:
            c.setFont("Serif", 14)
            for k in range(40):
                c.drawString(72, 700 - 14 * k, f"page {i} line {k}: the quick brown fox ☑")

        return _draw

    doc = Document(get_paper("letter"), "Spool test", contents=True)
    doc.add("First", [Page(draw(i), f"p{i}", bookmark=f"b{i}" if i % 3 == 0 else None) for i in range(n)])
    doc.add("Second", [Page(draw(100 + i), f"q{i}") for i in range(3)])
    return doc


def test_bytes_match_reportlabs_own_save(tmp_path, monkeypatch):
    spooled = tmp_path / "spooled.pdf"
    _doc(12).render(str(spooled))
    # the oracle: the same document with spooling switched off (reportlab formats everything at save)
    monkeypatch.setattr(spool_mod.Spool, "page_done", lambda self, c: None)
    monkeypatch.setattr(spool_mod, "streaming_output", lambda out: contextlib.nullcontext())
    plain = tmp_path / "plain.pdf"
    _doc(12).render(str(plain))
    assert spooled.read_bytes() == plain.read_bytes()
    assert spooled.read_bytes().startswith(b"%PDF-") and spooled.read_bytes().rstrip().endswith(b"%%EOF")


def test_each_page_leaves_memory_when_it_is_done(tmp_path, monkeypatch):
    seen: list[tuple[int, int]] = []
    done = spool_mod.Spool.page_done

    def watch(self, c):
        done(self, c)
        pages = c._doc.Pages.pages
        held = sum(1 for p in pages if p.stream)  # drawing operators still in memory
        seen.append((len(pages), held))

    monkeypatch.setattr(spool_mod.Spool, "page_done", watch)
    _doc(20).render(str(tmp_path / "x.pdf"))
    assert [n for n, _ in seen] == list(range(1, 25))  # contents + 20 + 3, one call per page
    assert all(held == 0 for _, held in seen)


def test_save_writes_the_file_piece_by_piece(tmp_path, monkeypatch):
    sizes: list[int] = []
    real = spool_mod._FileSink.__init__

    def spy(self, *a, **kw):
        real(self, *a, **kw)
        write = self.write

        def record(piece):
            write(piece)
            sizes.append(len(self.strings))  # nothing accumulates in memory

        self.write = record

    monkeypatch.setattr(spool_mod._FileSink, "__init__", spy)
    _doc(5).render(str(tmp_path / "y.pdf"))
    assert len(sizes) > 20 and set(sizes) == {0}
