"""What every Doublets page shares: its words for dates and counts, the header, letter cells.

The pages themselves are drawn in draw.sheet (puzzle sheets and their keys), draw.jewels (the
Jewels sheet and key) and draw.pad (scoring paper).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from generator.games.doublets.model import Sheet
from generator.press.paper import MARGIN, Paper, mm
from generator.press.parts import Header, sheet_header
from generator.press.style import Style

GAME = "Doublets"

LETTER = 0.6  # letter size in a word's cell, as a fraction of the cell
CAP = 0.73  # DejaVu capital height per point of size (centres letters in their cells)
RULES_H = 5 * mm  # the line of rules under a page's header
HEADER_H = Header("", ("", ""), "rules", RULES_H).height
HALF_PAGE = 160 * mm  # narrower pages (a booklet's A5 or half-letter) give the rules two lines


def rules_h(paper: Paper) -> float:
    """The height of the rules under the header: one line, or two on a half page."""
    return RULES_H if paper.width > HALF_PAGE else 2 * RULES_H


DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def long_date(iso: str) -> str:
    """'2025-03-01' -> 'Saturday 1 March 2025' (no locale involved)."""
    d = dt.date.fromisoformat(iso)
    return f"{DAYS[d.weekday()]} {d.day} {MONTHS[d.month - 1]} {d.year}"


def links_text(n: int) -> str:
    """'1 link', '5 links'."""
    return f"{n} link{'s' if n != 1 else ''}"


def count_text(n: int) -> str:
    """How many shortest chains there are, as the key says it."""
    return "the only shortest chain" if n == 1 else f"one of {n:,} shortest chains"


def chain_text(chain: Sequence[str]) -> str:
    """'HEAD → heal → teal → tell → tall → TAIL': ends in capitals, links as found."""
    words = [w.upper() if i in (0, len(chain) - 1) else w for i, w in enumerate(chain)]
    return " → ".join(words)


def _grade(sheet: Sheet) -> str:
    if sheet.links:
        lo, hi = sheet.links
        return f"{lo} links" if lo == hi else f"{lo} to {hi} links"
    if sheet.difficulty == "mixed":
        return "graded, easiest first"
    return sheet.difficulty or ""


def sheet_when(sheet: Sheet) -> str:
    """The date in words, or the sheet's number (its seed, which a family page does not call a seed)."""
    return long_date(sheet.date) if sheet.date else f"No. {sheet.seed}"


def sheet_about(sheet: Sheet) -> str:
    """'8 puzzles · 4-letter words · medium'."""
    n = len(sheet.puzzles)
    return f"{n} puzzle{'s' if n != 1 else ''} · {sheet.words_label} · {_grade(sheet)}"


def part_text(n: int, of: int) -> str:
    """' · part 2 of 3' for the pages of a split sheet, else nothing."""
    return f" · part {n + 1} of {of}" if of > 1 else ""


# -- the header every page shares -------------------------------------------------------------


def draw_header(
    c: Canvas, paper: Paper, style: Style, title: str, right_top: str, right_bottom: str, rules: str
) -> float:
    """The house sheet header: the title, two short lines at the right, the rule, one line of
    rules. Returns the y below which the page's content may start."""
    return sheet_header(c, paper, style, Header(title, (right_top, right_bottom), rules, rules_h(paper)))


def content_box(paper: Paper) -> tuple[float, float, float, float]:
    """(x, bottom, width, top) of the area below the header."""
    w, h = paper.size
    return MARGIN, MARGIN, w - 2 * MARGIN, h - MARGIN - Header("", ("", ""), "rules", rules_h(paper)).height


# -- letter cells -------------------------------------------------------------------------------


def draw_cells(
    c: Canvas,
    x: float,
    y: float,
    cell: float,
    word: str | None,
    length: int,
    style: Style,
    end: bool,
) -> None:
    """One rung: `length` letter cells with bottom-left (x, y); `word` printed in them if given.
    An end word's rung is tinted (where the style fills) and drawn heavier."""
    c.saveState()
    if end and style.tint is not None:
        c.setFillColorRGB(*style.tint)
        c.rect(x, y, cell * length, cell, stroke=0, fill=1)
    c.setStrokeColorRGB(*style.ink)
    c.setLineWidth(1.0 if end else 0.5)
    for j in range(length):
        c.rect(x + j * cell, y, cell, cell, stroke=1, fill=0)
    if word:
        size = cell * LETTER  # the letters are sized from the cell
        style.set_font(c, "strong", size, style.ink)
        base = y + (cell - CAP * size) / 2
        for j, ch in enumerate(word.upper()):
            c.drawCentredString(x + (j + 0.5) * cell, base, ch)
    c.restoreState()
