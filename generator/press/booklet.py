"""Booklets: half-size pages imposed two to a side in saddle-stitch order, to fold and staple.

A command draws its pages on half its paper (A5 on A4, half-letter on Letter); `prepare` puts a
cover in front and pads with Notes pages to a multiple of four; the document renders as usual;
`impose` then places the half pages side by side on landscape sheets at full size (nothing is
scaled, so no text shrinks), in the order that makes the printed stack fold into a booklet when
printed two-sided and flipped on the short edge. Longer books are cut into signatures, booklets
of at most SIGNATURE pages that are folded one by one and stacked in order.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from generator.press.document import Document, Page, PageInfo, Section
from generator.press.paper import MARGIN, Paper, mm

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

ONE_BOOKLET = 64  # pages: up to here one booklet (16 sheets still fold flat) ...
SIGNATURE = 32  # ... beyond, booklets of 32 pages (8 sheets), stacked in order
HALF_NAMES = {"a3": "a4", "a4": "a5", "a5": "a6", "tabloid": "letter", "letter": "half-letter"}
ANSWERS = "Answers"  # a last section of this title stays at the back, after the Notes pages


def half_paper(paper: Paper) -> Paper:
    """Half of `paper`, portrait: two of it side by side fill `paper` turned landscape."""
    return Paper(HALF_NAMES.get(paper.name, f"half-{paper.name}"), paper.height / 2, paper.width)


def sheet_paper(half: Paper) -> Paper:
    """The sheet two `half` pages print on, landscape."""
    return Paper(f"{half.name}-sheet", 2 * half.width, half.height)


def signatures(pages: int) -> list[int]:
    """The page counts of the booklets a book of `pages` pages is cut into (each a multiple of 4)."""
    padded = -(-pages // 4) * 4
    if padded <= ONE_BOOKLET:
        return [padded]
    full, rest = divmod(padded, SIGNATURE)
    return [SIGNATURE] * full + ([rest] if rest else [])


def saddle_order(n: int) -> list[tuple[int, int]]:
    """(left, right) page indices (0-based) of each printed side of one booklet of `n` pages, in
    print order: sheet 1 front, sheet 1 back, sheet 2 front... The outer sheet carries the first and
    last pages; folded, the sides read 0, 1, 2... n - 1."""
    if n % 4:
        raise ValueError(f"a booklet needs a multiple of 4 pages, not {n}")
    sides = []
    for k in range(n // 4):
        sides.append((n - 1 - 2 * k, 2 * k))  # front: last on the left, first on the right
        sides.append((2 * k + 1, n - 2 - 2 * k))  # back
    return sides


def book_order(pages: int) -> list[tuple[int, int]]:
    """saddle_order over every signature of a book of `pages` pages (after padding)."""
    out: list[tuple[int, int]] = []
    start = 0
    for n in signatures(pages):
        out += [(start + a, start + b) for a, b in saddle_order(n)]
        start += n
    return out


HOW_TO_FOLD = (
    "To make the booklet: print every sheet two-sided, flipping on the short edge; keep the sheets "
    "in order, fold the stack in half and staple along the fold."
)


def _draw_cover(lines: Sequence[str]):
    def draw(c: Canvas, info: PageInfo) -> None:
        from generator.press.cover_art import draw_cover_picture
        from generator.press.text import draw_text

        s = info.style
        w, h = info.paper.size
        x, width = MARGIN, w - 2 * MARGIN
        roles = ("title", "subtitle", "body", "caption")
        top = h - MARGIN - 4 * mm
        for i, line in enumerate(lines):
            role = roles[min(i, len(roles) - 1)]
            box = 24 * mm if i == 0 else 10 * mm
            valign = "bottom" if i == 0 else "top"
            draw_text(c, line, x, top - box, width, box, s.text_style(role, valign=valign), f"cover {line!r}")
            top -= box + 2 * mm
            if i == 0:  # a short rule under the title
                c.saveState()
                c.setStrokeColorRGB(*s.accent)
                c.setLineWidth(0.8)
                c.line(w / 2 - 14 * mm, top, w / 2 + 14 * mm, top)
                c.restoreState()
                top -= 4 * mm
        foot = MARGIN + 24 * mm  # the printing line and the imprint below the picture
        draw_cover_picture(c, s, x, foot + 4 * mm, width, top - foot - 8 * mm)
        how = s.text_style("body", align="centre", valign="top", color=s.muted)
        draw_text(c, HOW_TO_FOLD, x, MARGIN + 9 * mm, width, 14 * mm, how, "cover: how to fold")
        draw_text(c, "parlour", x, MARGIN, width, 8 * mm, s.text_style("caption"), "cover imprint")

    return draw


def _draw_notes(c: Canvas, info: PageInfo) -> None:
    """A page for the reader's own working: a heading and faint ruled lines."""
    s = info.style
    w, h = info.paper.size
    top = h - MARGIN
    s.set_font(c, "heading")
    c.drawString(MARGIN, top - s.text("heading").size, "Notes")
    c.saveState()
    c.setStrokeColor(s.rule)
    c.setLineWidth(0.3)
    y = top - 14 * mm
    while y > MARGIN + 6 * mm:
        c.line(MARGIN, y, w - MARGIN, y)
        y -= 8 * mm
    c.restoreState()


def prepare(doc: Document, cover: Sequence[str]) -> list[tuple[int, int]]:
    """Put a cover in front of `doc` and Notes pages at its end (before a last Answers section) to
    fill the last booklet; returns the (left, right) pages of each printed side (see book_order)."""
    doc.sections.insert(0, Section("Cover", [Page(_draw_cover(list(cover)), "Cover", footer="none")]))
    total = doc.page_count
    padded = sum(signatures(total))
    notes = [Page(_draw_notes, "Notes") for _ in range(padded - total)]
    if notes:
        at = len(doc.sections) - (doc.sections[-1].title == ANSWERS)
        doc.sections.insert(at, Section("Notes", notes))
    assert doc.page_count == padded, (doc.page_count, padded)  # no two-sided card sheets in a booklet
    return book_order(padded)


def impose(half_pdf: str | Path, out: str | Path, sides: Sequence[tuple[int, int]], title: str) -> None:
    """Place the pages of `half_pdf` two to a side, as `sides` says, into a new PDF at `out`."""
    from pypdf import PdfReader, PdfWriter, Transformation
    from pypdf.generic import NameObject

    reader = PdfReader(str(half_pdf))
    first = reader.pages[0].mediabox
    hw, hh = float(first.width), float(first.height)
    writer = PdfWriter()
    for left, right in sides:
        side = writer.add_blank_page(width=2 * hw, height=hh)
        for index, dx in ((left, 0.0), (right, hw)):
            side.merge_transformed_page(reader.pages[index], Transformation().translate(dx, 0))
    writer.add_metadata({**(reader.metadata or {}), "/Title": title})  # author, creator, fixed dates
    prefs = writer.create_viewer_preferences()
    prefs[NameObject("/Duplex")] = NameObject(
        "/DuplexFlipShortEdge"
    )  # landscape sheets turn on the short edge
    prefs[NameObject("/PrintScaling")] = NameObject("/None")
    with open(out, "wb") as f:
        writer.write(f)
