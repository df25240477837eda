"""Tests for generator.press.document: pages made only as they are drawn (PageRun) count, number and
print like pages built beforehand, and are made once each, after the pages before them are drawn."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from generator.press.document import Document, Page, PageRun
from generator.press.paper import get_paper


def _draw(i: int):
    def draw(c: Canvas, info) -> None:
        c.setFont("Sans", 12)
        c.drawString(72, 700, f"page made for {i}, number {info.number} of {info.total}")

    return draw


def _page(i: int, events: list[str] | None = None) -> Page:
    if events is not None:
        events.append(f"made {i}")
    return Page(_draw(i), f"label {i}", bookmark=f"day {i}" if i % 2 == 0 else None)


class Run(PageRun):
    """`count` pages announced; `make` of them actually made when iterated."""

    def __init__(self, start: int, count: int, events: list[str], make: int | None = None) -> None:
        self.start, self.count, self.events = start, count, events
        self.make = count if make is None else make

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[Page]:
        for i in range(self.start, self.start + self.make):
            yield _page(i, self.events)


def _docs(events: list[str]) -> tuple[Document, Document]:
    paper = get_paper("letter")
    lazy, eager = Document(paper, "Runs", contents=True), Document(paper, "Runs", contents=True)
    lazy.add("Before", [_page(0)])
    eager.add("Before", [_page(0)])
    for title, start, n in (("One", 1, 3), ("Two", 4, 2)):
        lazy.add(title, Run(start, n, events))
        eager.add(title, [_page(i) for i in range(start, start + n)])
    return lazy, eager


def test_a_run_prints_like_the_same_pages_built_first(tmp_path):
    events: list[str] = []
    lazy, eager = _docs(events)
    assert lazy.page_count == eager.page_count == 8 and events == []  # counting makes nothing
    assert lazy.section_starts() == eager.section_starts() == [("Before", 3), ("One", 4), ("Two", 7)]
    lazy.render(str(tmp_path / "lazy.pdf"))
    eager.render(str(tmp_path / "eager.pdf"))
    assert (tmp_path / "lazy.pdf").read_bytes() == (tmp_path / "eager.pdf").read_bytes()
    text = PdfReader(str(tmp_path / "lazy.pdf")).pages[4].extract_text()
    assert "page made for 2, number 5 of 8" in text and "label 2" in text


def test_each_page_of_a_run_is_made_once_after_the_page_before_is_drawn(tmp_path, monkeypatch):
    events: list[str] = []
    shown = Canvas.showPage

    def finished(self: Canvas) -> None:
        events.append(f"drew {self.getPageNumber()}")
        shown(self)

    monkeypatch.setattr(Canvas, "showPage", finished)
    lazy, _ = _docs(events)
    lazy.render(str(tmp_path / "lazy.pdf"))
    # pages 1 and 2 are the cover and the print guide, page 3 the page built first; run pages are
    # made one at a time
    assert events == ["drew 1", "drew 2", "drew 3"] + [
        e for i, n in zip(range(1, 6), range(4, 9), strict=True) for e in (f"made {i}", f"drew {n}")
    ]


def test_a_run_that_makes_more_or_fewer_pages_than_it_announced_is_an_error(tmp_path):
    for make in (2, 4):
        doc = Document(get_paper("letter"), "Wrong count")
        doc.add("Run", Run(0, 3, [], make=make))
        with pytest.raises(ValueError, match=f"{make} pages made, 3 announced"):
            doc.render(str(tmp_path / "x.pdf"))


def test_a_run_of_two_sided_pages_is_an_error(tmp_path):
    class TwoSided(Run):
        def __iter__(self) -> Iterator[Page]:
            yield Page(_draw(0), "front", side="front", duplex="long")

    doc = Document(get_paper("letter"), "Two-sided")
    doc.add("Run", TwoSided(0, 1, []))
    with pytest.raises(ValueError, match="one-sided"):
        doc.save(tmp_path / "x.pdf")
    assert list(tmp_path.iterdir()) == []  # saved atomically: nothing is left behind


def test_a_failed_drawing_leaves_no_file(tmp_path):
    def boom(c: Canvas, info) -> None:
        raise RuntimeError("drawing failed")

    doc = Document(get_paper("letter"), "t")
    doc.add("S", [Page(boom, "p")])
    with pytest.raises(RuntimeError):
        doc.save(tmp_path / "c.pdf")
    assert not (tmp_path / "c.pdf").exists()
