"""Tiles and coins for one-sided printers (--duplex none): each piece's front and back side by side
across a dashed fold line, to cut out as one strip, fold with the print outside and glue."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from generator.press.cards import Card, CardBox, CardSize, Drawer
from generator.press.document import Page, PageInfo
from generator.press.paper import MARGIN, Paper, mm
from generator.press.parts import Header, sheet_header

EDGE = 6 * mm  # pairs may come this close to the paper's edge (their outline is the cut line)
HOWTO = (
    "For printers without two-sided printing. Cut each strip out along its solid outline, fold it on "
    "the dashed line with the print outside, and glue the halves back to back."
)


@dataclass(frozen=True)
class FoldGrid:
    """Pairs in a grid of cols x rows under the header: side by side across an upright fold (the
    back drawn upright), or stacked across a level fold (the back drawn upside down); either way the
    back reads upright when the folded piece is turned over like a page."""

    paper: Paper
    piece: CardSize
    stacked: bool
    cols: int
    rows: int
    top: float  # where the grid may start, under the header

    @property
    def pair(self) -> tuple[float, float]:
        w, h = self.piece.width, self.piece.height
        return (w, 2 * h) if self.stacked else (2 * w, h)

    def origin(self, index: int) -> tuple[float, float]:
        """Bottom-left of pair `index`, row-major from the top-left, the grid centred across."""
        r, col = divmod(index, self.cols)
        pw, ph = self.pair
        x0 = (self.paper.width - self.cols * pw) / 2
        return (x0 + col * pw, self.top - (r + 1) * ph)

    def halves(
        self, index: int
    ) -> tuple[tuple[float, float], tuple[float, float], tuple[tuple[float, float], ...]]:
        """(front origin, back origin, the fold line's two ends) of pair `index`."""
        x, y = self.origin(index)
        w, h = self.piece.width, self.piece.height
        if self.stacked:
            return (x, y), (x, y + h), ((x, y + h), (x + w, y + h))
        return (x, y), (x + w, y), ((x + w, y), (x + w, y + h))


def fold_grid(paper: Paper, piece: CardSize, top: float) -> FoldGrid:
    """The arrangement that holds the most pairs on a page (side by side on a tie)."""
    best: FoldGrid | None = None
    for stacked in (False, True):
        pw, ph = (piece.width, 2 * piece.height) if stacked else (2 * piece.width, piece.height)
        cols = int((paper.width - 2 * EDGE) // pw)
        rows = int((top - EDGE) // ph)
        grid = FoldGrid(paper, piece, stacked, cols, rows, top)
        if best is None or cols * rows > best.cols * best.rows:
            best = grid
    assert best is not None
    return best


def _face(c: Canvas, x: float, y: float, piece: CardSize, draw: Drawer, info: PageInfo, turned: bool) -> None:
    c.saveState()
    if turned:
        c.translate(x + piece.width, y + piece.height)
        c.rotate(180)
    else:
        c.translate(x, y)
    p = c.beginPath()
    p.rect(0, 0, piece.width, piece.height)
    c.clipPath(p, stroke=0, fill=0)
    draw(c, CardBox(piece.width, piece.height, style=info.style))
    c.restoreState()


def fold_pages(
    cards: Sequence[Card], piece: CardSize, paper: Paper, title: str, back: Drawer | None = None
) -> list[Page]:
    """Sheets of fold-over pairs: each card's front and its back (its own, else `back`)."""
    head = Header(title, ("one-sided printing", "cut, fold, glue"), HOWTO, 8 * mm)
    grid = fold_grid(paper, piece, paper.height - MARGIN - head.height)
    n = grid.cols * grid.rows
    chunks = [list(cards[i : i + n]) for i in range(0, len(cards), n)]
    pages = []
    for k, chunk in enumerate(chunks, start=1):

        def draw(c: Canvas, info: PageInfo, chunk: list[Card] = chunk) -> None:
            style = info.style
            sheet_header(c, paper, style, head, what=title)
            for i, card in enumerate(chunk):
                (fx, fy), (bx, by), fold = grid.halves(i)
                _face(c, fx, fy, piece, card.front, info, False)
                rear = card.back or back
                if rear is not None:
                    _face(c, bx, by, piece, rear, info, grid.stacked)
                x, y = grid.origin(i)
                c.saveState()
                c.setStrokeColorRGB(*style.ink)
                c.setLineWidth(0.4)
                c.rect(x, y, *grid.pair, stroke=1, fill=0)
                c.setStrokeColorRGB(*style.muted)
                c.setDash(2.2, 1.6)
                c.line(*fold[0], *fold[1])
                c.restoreState()

        more = f", sheet {k} of {len(chunks)}" if len(chunks) > 1 else ""
        pages.append(Page(draw, f"{title}{more}", note="one-sided: cut, fold on the dashed line, glue"))
    return pages
