"""Read Doublets pages back from a PDF: the ladders' letter cells (rectangles) and the letters in them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
from pypdf import PdfReader
from pypdf.generic import ContentStream

from generator.games.doublets.draw.sheet import PITCH


@dataclass
class Rung:
    """A row of square letter cells: its left, bottom, cell size, number of cells, and the
    letters printed inside them (empty for a blank rung)."""

    x: float
    y: float
    cell: float
    cells: int
    letters: str = ""


@dataclass
class Ladder:
    rungs: list[Rung]  # top to bottom

    @property
    def top(self) -> str:
        return self.rungs[0].letters

    @property
    def bottom(self) -> str:
        return self.rungs[-1].letters

    @property
    def blanks(self) -> int:
        return sum(1 for r in self.rungs if not r.letters)


def page_rects(path: Path, index: int) -> list[tuple[float, float, float, float]]:
    """Every rectangle ('re') drawn on the page, in page coordinates (the drawing uses no transforms
    for cells)."""
    reader = PdfReader(str(path))
    page = reader.pages[index]
    ops = ContentStream(page.get_contents(), reader).operations
    return [tuple(float(v) for v in args) for args, op in ops if op == b"re"]  # type: ignore[misc]


def page_chars(path: Path, index: int) -> list[tuple[str, float, float]]:
    """(character, centre x, centre y) for every character pdfium finds on the page."""
    doc = pdfium.PdfDocument(str(path))
    try:
        page = doc[index]
        tp = page.get_textpage()
        out = []
        for k in range(tp.count_chars()):
            ch = tp.get_text_range(k, 1)
            if not ch.strip():
                continue
            left, bottom, right, top = tp.get_charbox(k)
            out.append((ch, (left + right) / 2, (bottom + top) / 2))
        tp.close()
        page.close()
        return out
    finally:
        doc.close()


def ladders(path: Path, index: int) -> list[Ladder]:
    """The ladders on a page: runs of touching square cells form rungs; rungs of the same left edge
    and cell size, one rung pitch apart, form a ladder."""
    squares = [r for r in page_rects(path, index) if r[2] > 5 and abs(r[2] - r[3]) < 0.01]
    by_row: dict[tuple[float, float], list[tuple[float, float, float, float]]] = {}
    for r in squares:
        by_row.setdefault((round(r[1], 2), round(r[3], 2)), []).append(r)
    rungs: list[Rung] = []
    for (y, cell), row in by_row.items():
        row.sort()
        run = [row[0]]
        for r in row[1:]:
            if abs(r[0] - (run[-1][0] + cell)) < 0.02:
                run.append(r)
            else:
                rungs.append(Rung(run[0][0], y, cell, len(run)))
                run = [r]
        rungs.append(Rung(run[0][0], y, cell, len(run)))
    chars = page_chars(path, index)
    for rung in rungs:
        inside = sorted(
            (cx, ch)
            for ch, cx, cy in chars
            if rung.x < cx < rung.x + rung.cell * rung.cells and rung.y < cy < rung.y + rung.cell
        )
        rung.letters = "".join(ch for _, ch in inside)
    columns: dict[tuple[float, float, int], list[Rung]] = {}
    for rung in rungs:
        columns.setdefault((round(rung.x, 2), round(rung.cell, 2), rung.cells), []).append(rung)
    out: list[Ladder] = []
    for col in columns.values():
        col.sort(key=lambda r: -r.y)
        current = [col[0]]
        for r in col[1:]:
            if current[-1].y - r.y <= r.cell * PITCH * 1.01:
                current.append(r)
            else:
                out.append(Ladder(current))
                current = [r]
        out.append(Ladder(current))
    return out


def page_text(path: Path, index: int, orientation: int = 0) -> str:
    """The page's text at one orientation (0 upright, 180 upside down), whitespace folded."""
    text = PdfReader(str(path)).pages[index].extract_text(orientations=(orientation,))
    return re.sub(r"\s+", " ", text)


CHAIN = re.compile(r"[A-Za-z]+(?: → [A-Za-z]+)+")


def chains_in(text: str) -> list[list[str]]:
    """Every 'WORD → word → WORD' run in the text, lowercased."""
    return [[w.lower() for w in m.split(" → ")] for m in CHAIN.findall(text)]
