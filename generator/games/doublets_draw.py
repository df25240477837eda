"""How Doublets looks on paper: letter-cell ladders, answer keys, Jewels sheets and scoring paper."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from generator.games.doublets import Puzzle, Sheet
from generator.games.doublets_jewels import JEWEL_LENGTHS, Jewels
from generator.games.doublets_scorepad import Scorepad
from generator.press.document import Page, PageInfo
from generator.press.fonts import string_width
from generator.press.paper import MARGIN, Paper, mm
from generator.press.style import Style
from generator.press.text import TextStyle, block_height, draw_lines, draw_text, fit

GAME = "Doublets"
KEY_MODES = ("separate", "bottom", "none")

# -- ladders ------------------------------------------------------------------------------------
CELL_MAX = 9 * mm  # the largest letter cell (a roomy box for a child's capital)
CELL_MIN = 5 * mm  # below this a page takes fewer puzzles: smaller boxes are hard to write in
PITCH = 1.3  # rung pitch as a multiple of the cell: the gap between rungs is 0.3 cell
LABEL_H = 5 * mm  # the "3  ·  5 links" line above each ladder
BLOCK_GAP = 5 * mm  # least space between two ladders in a column
COL_GAP = 6 * mm
RAIL = 2 * mm  # the ladder's rails stand this far outside the cells
MAX_COLUMNS = 4
LETTER = 0.6  # letter size in an end word's cell, as a fraction of the cell
CAP = 0.73  # DejaVu capital height per point of size (centres letters in their cells)

HEADER_H = 22 * mm  # title, date/seed, rule and the line of rules
KEY_SIZE = (7.5, 6.5)  # the upside-down key at the foot: largest and smallest size
KEY_BAND_GAP = 5 * mm  # between the ladders and the fold line above the upside-down key

KEY_NOTE = (
    "Each key is the shortest chain made of the most familiar words; any other chain with "
    "the same number of links is just as right."
)

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
    """The date in words, or the seed."""
    return long_date(sheet.date) if sheet.date else f"seed {sheet.seed}"


def sheet_about(sheet: Sheet) -> str:
    """'8 puzzles · 4-letter words · medium'."""
    n = len(sheet.puzzles)
    return f"{n} puzzle{'s' if n != 1 else ''} · {sheet.length}-letter words · {_grade(sheet)}"


# -- the header every page shares -------------------------------------------------------------


def draw_header(
    c: Canvas, paper: Paper, style: Style, title: str, right_top: str, right_bottom: str, rules: str
) -> float:
    """Title (Serif) at the left, two short lines at the right, a rule, one line of rules.
    Returns the y below which the page's content may start."""
    w, h = paper.size
    top = h - MARGIN
    inner = w - 2 * MARGIN
    left_w = inner * 0.5
    draw_text(
        c,
        title,
        MARGIN,
        top - 11 * mm,
        left_w,
        11 * mm,
        TextStyle("Serif-Bold", 24, 12, align="left", valign="bottom", color=style.accent),
        "sheet title",
    )
    draw_text(
        c,
        right_top,
        MARGIN + left_w,
        top - 5.5 * mm,
        inner - left_w,
        5.5 * mm,
        TextStyle("Sans-Bold", 10, 6.5, align="right", valign="bottom", color=style.ink),
        "sheet date or seed",
    )
    draw_text(
        c,
        right_bottom,
        MARGIN + left_w,
        top - 11 * mm,
        inner - left_w,
        5 * mm,
        TextStyle("Sans", 8.5, 6, align="right", valign="bottom", color=style.muted),
        "sheet description",
    )
    y = top - 13 * mm
    c.saveState()
    c.setStrokeColorRGB(*style.rule)
    c.setLineWidth(0.6)
    c.line(MARGIN, y, w - MARGIN, y)
    c.restoreState()
    draw_text(
        c,
        rules,
        MARGIN,
        y - 6.5 * mm,
        inner,
        5 * mm,
        TextStyle("Sans", 9.5, 6.5, align="left", valign="middle", color=style.ink),
        "line of rules",
    )
    return top - HEADER_H


def _content_box(paper: Paper) -> tuple[float, float, float, float]:
    """(x, bottom, width, top) of the area below the header."""
    w, h = paper.size
    return MARGIN, MARGIN, w - 2 * MARGIN, h - MARGIN - HEADER_H


# -- ladder layout ------------------------------------------------------------------------------


def _units(par: int) -> float:
    """Height of a ladder's rungs, in cells: par + 2 rows at PITCH, less the last gap."""
    return PITCH * (par + 1) + 1


@dataclass(frozen=True)
class LadderSpot:
    """Where one puzzle's ladder goes: the puzzle's index, the left of its first cell, the top
    of its label line, and its cell size."""

    index: int
    x: float
    top: float
    cell: float

    @property
    def pitch(self) -> float:
        return self.cell * PITCH


@dataclass(frozen=True)
class LadderLayout:
    """Where every ladder of a page goes, the cell size, and the number of columns."""

    spots: tuple[LadderSpot, ...]
    cell: float
    columns: int


def layout_ladders(
    pars: Sequence[int], length: int, x: float, bottom: float, width: float, top: float, first: int = 0
) -> LadderLayout:
    """Ladders in a grid, numbered across each row; a row is as tall as its longest ladder.

    Of 1 to MAX_COLUMNS columns, the grid with the biggest cells wins (to a quarter point);
    when cells are at their largest either way, the grid that fills more of the page wins.  Rows share out the height left over,
    up to about a rung each, so a short sheet does not huddle at the top.
    """
    n = len(pars)
    height = top - bottom
    best: tuple[tuple[float, float, int], float, int] | None = None
    for cols in range(1, min(MAX_COLUMNS, n) + 1):
        rows = [pars[i : i + cols] for i in range(0, n, cols)]
        col_w = (width - (cols - 1) * COL_GAP) / cols
        cell_w = (col_w - 2 * RAIL) / length
        fixed = len(rows) * LABEL_H + (len(rows) - 1) * BLOCK_GAP
        units = sum(_units(max(r)) for r in rows)
        cell = min(CELL_MAX, cell_w, (height - fixed) / units)
        if cell <= 0:
            continue
        rank = (round(cell * 4) / 4, round(fixed + cell * units), -cols)
        if best is None or rank > best[0]:
            best = (rank, cell, cols)
    assert best is not None
    _, cell, cols = best
    rows = [list(range(i, min(i + cols, n))) for i in range(0, n, cols)]
    col_w = (width - (cols - 1) * COL_GAP) / cols
    used = (
        len(rows) * LABEL_H
        + (len(rows) - 1) * BLOCK_GAP
        + cell * sum(_units(max(pars[i] for i in r)) for r in rows)
    )
    extra = min((height - used) / len(rows), 1.2 * cell) if len(rows) > 1 else 0.0
    spots = []
    y = top
    for r in rows:
        for k, i in enumerate(r):
            cx = x + k * (col_w + COL_GAP) + (col_w - cell * length) / 2
            spots.append(LadderSpot(first + i, cx, y, cell))
        y -= LABEL_H + cell * _units(max(pars[i] for i in r)) + BLOCK_GAP + extra
    return LadderLayout(tuple(spots), cell, cols)


def _draw_cells(
    c: Canvas,
    x: float,
    y: float,
    cell: float,
    word: str | None,
    length: int,
    style: Style,
    end: bool,
) -> None:
    """One rung: `length` letter cells with bottom-left (x, y); `word` printed in them if given."""
    c.saveState()
    if end:
        if style.tint is not None and not style.ink_saver:
            c.setFillColorRGB(*style.tint)
            c.rect(x, y, cell * length, cell, stroke=0, fill=1)
        c.setStrokeColorRGB(*style.ink)
        c.setLineWidth(1.0)
    else:
        c.setStrokeColorRGB(*style.ink)
        c.setLineWidth(0.5)
    for j in range(length):
        c.rect(x + j * cell, y, cell, cell, stroke=1, fill=0)
    if word:
        size = cell * LETTER
        c.setFillColorRGB(*style.ink)
        c.setFont("Sans-Bold", size)
        base = y + (cell - CAP * size) / 2
        for j, ch in enumerate(word.upper()):
            c.drawCentredString(x + (j + 0.5) * cell, base, ch)
    c.restoreState()


def draw_ladder(c: Canvas, spot: LadderSpot, puzzle: Puzzle, number: int, style: Style) -> None:
    """A puzzle: its number and par, the top word, `par` blank rungs, the bottom word, two rails."""
    cell, pitch, n = spot.cell, spot.pitch, puzzle.length
    label_base = spot.top - LABEL_H + 1.6 * mm
    size = 9.5
    c.saveState()
    c.setFillColorRGB(*style.accent)
    c.setFont("Sans-Bold", size)
    num = str(number)
    c.drawString(spot.x - RAIL, label_base, num)
    c.setFillColorRGB(*style.muted)
    c.setFont("Sans", size - 1)
    c.drawString(
        spot.x - RAIL + string_width(num, "Sans-Bold", size) + 2 * mm, label_base, links_text(puzzle.par)
    )
    c.restoreState()
    rows = [puzzle.start] + [None] * puzzle.par + [puzzle.end]
    first_top = spot.top - LABEL_H
    last_bottom = first_top - cell * _units(puzzle.par)
    # The rails first, so the cells sit over them.
    c.saveState()
    c.setStrokeColorRGB(*style.rule)
    c.setLineWidth(1.2)
    for rx in (spot.x - RAIL, spot.x + n * cell + RAIL):
        c.line(rx, first_top - cell / 2, rx, last_bottom + cell / 2)
    # Short treads join each rung to the rails.
    c.setLineWidth(0.6)
    for i in range(len(rows)):
        ym = first_top - i * pitch - cell / 2
        c.line(spot.x - RAIL, ym, spot.x, ym)
        c.line(spot.x + n * cell, ym, spot.x + n * cell + RAIL, ym)
    c.restoreState()
    for i, word in enumerate(rows):
        y = first_top - i * pitch - cell
        _draw_cells(c, spot.x, y, cell, word, n, style, end=word is not None)


# -- the answer key at the foot, upside down ---------------------------------------------------


def _key_lines(puzzles: Sequence[Puzzle], numbers: Sequence[int]) -> str:
    return "\n".join(
        f"{k}.  {chain_text(p.chain)}   ({links_text(p.par)}; {count_text(p.shortest_chains)})"
        for k, p in zip(numbers, puzzles, strict=True)
    )


KEY_HEAD = 4.5 * mm  # the band's own "Answers" line


def key_band_height(puzzles: Sequence[Puzzle], numbers: Sequence[int], width: float, limit: float) -> float:
    """Height of the upside-down key for these puzzles (text set at no less than KEY_SIZE[1])."""
    text = _key_lines(puzzles, numbers)
    style = TextStyle("Cond", KEY_SIZE[0], KEY_SIZE[1], leading=1.25, align="left", valign="top")
    h = 6.0
    while h <= limit:
        if fit(text, width, h, style) is not None:
            return h + KEY_HEAD
        h += 2.0
    return limit + KEY_HEAD + 1  # too tall: the caller takes fewer puzzles on this page


def _draw_key_band(
    c: Canvas,
    puzzles: Sequence[Puzzle],
    numbers: Sequence[int],
    x: float,
    y: float,
    width: float,
    height: float,
    style: Style,
) -> None:
    """The key turned through 180 degrees in the box (x, y, width, height), under a fold line."""
    c.saveState()
    c.setStrokeColorRGB(*style.rule)
    c.setLineWidth(0.5)
    c.setDash(3, 2)
    c.line(x, y + height + KEY_BAND_GAP / 2, x + width, y + height + KEY_BAND_GAP / 2)
    c.restoreState()
    c.saveState()
    c.translate(x + width, y + height)
    c.rotate(180)
    c.setFillColorRGB(*style.accent)
    c.setFont("Sans-Bold", 8)
    c.drawString(0, height - KEY_HEAD + 1.2 * mm, "Answers")
    c.setFillColorRGB(*style.muted)
    c.setFont("Sans", 6.5)
    c.drawRightString(width, height - KEY_HEAD + 1.2 * mm, "the friendliest shortest chains")
    draw_text(
        c,
        _key_lines(puzzles, numbers),
        0,
        0,
        width,
        height - KEY_HEAD,
        TextStyle(
            "Cond", KEY_SIZE[0], KEY_SIZE[1], leading=1.25, align="left", valign="top", color=style.ink
        ),
        "answer key",
    )
    c.restoreState()


# -- puzzle sheets ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SheetPagePlan:
    """The puzzles on one page of a sheet, where their ladders go, and the key band if any."""

    first: int  # index of the first puzzle on the page
    layout: LadderLayout
    band: float  # height of the upside-down key band (0: none)


def plan_sheet(sheet: Sheet, paper: Paper, key: str = "separate") -> list[SheetPagePlan]:
    """Split the sheet's puzzles over as few pages as keep cells at least CELL_MIN."""
    if key not in KEY_MODES:
        raise ValueError(f"key must be one of {', '.join(KEY_MODES)}")
    x, bottom, width, top = _content_box(paper)
    pars = [p.par for p in sheet.puzzles]
    limit = (top - bottom) * 0.45

    def attempt(i: int, j: int) -> tuple[LadderLayout, float]:
        band = 0.0
        if key == "bottom":
            band = key_band_height(sheet.puzzles[i:j], range(i + 1, j + 1), width, limit)
        low = bottom + (band + KEY_BAND_GAP if band else 0.0)
        return layout_ladders(pars[i:j], sheet.length, x, low, width, top, first=i), band

    plans = []
    i = 0
    while i < len(pars):
        j = i + 1
        got = attempt(i, j)
        while j < len(pars):
            nxt = attempt(i, j + 1)
            if nxt[0].cell < CELL_MIN or nxt[1] > limit + KEY_HEAD:
                break
            got, j = nxt, j + 1
        plans.append(SheetPagePlan(i, got[0], got[1]))
        i = j
    return plans


def sheet_pages(sheet: Sheet, paper: Paper, key: str = "separate", label: str | None = None) -> list[Page]:
    """The puzzle page(s), then the key page(s) when `key` is 'separate'."""
    label = label or f"{GAME} puzzle sheet"
    plans = plan_sheet(sheet, paper, key)
    pages: list[Page] = []
    for n, plan in enumerate(plans):
        pages.append(
            Page(
                _sheet_drawer(sheet, plan, n, len(plans)),
                label,
                note="answers upside down at the foot" if key == "bottom" else None,
            )
        )
    if key == "separate":
        pages += key_pages(sheet, paper, label=f"{GAME} answer key")
    return pages


def _sheet_drawer(sheet: Sheet, plan: SheetPagePlan, n: int, of: int):
    def draw(c: Canvas, info: PageInfo) -> None:
        style = info.style
        about = sheet_about(sheet) + (f" · part {n + 1} of {of}" if of > 1 else "")
        draw_header(c, info.paper, style, GAME, sheet_when(sheet), about, sheet.rules)
        for spot in plan.layout.spots:
            draw_ladder(c, spot, sheet.puzzles[spot.index], spot.index + 1, style)
        if plan.band:
            x, bottom, width, _ = _content_box(info.paper)
            idx = [s.index for s in plan.layout.spots]
            _draw_key_band(
                c,
                [sheet.puzzles[i] for i in idx],
                [i + 1 for i in idx],
                x,
                bottom,
                width,
                plan.band,
                style,
            )

    return draw


# -- the key on its own page --------------------------------------------------------------------

ENTRY_HEAD = 6 * mm
ENTRY_PAD = 3.5 * mm
CHAIN_STYLE = TextStyle("Sans", 11, 7, leading=1.3, align="left", valign="top")


def _entry_height(p: Puzzle, width: float) -> float:
    got = fit(chain_text(p.chain), width, 1e6, CHAIN_STYLE)
    assert got is not None
    size, lines = got
    return ENTRY_HEAD + block_height(len(lines), size, CHAIN_STYLE) + 2 * ENTRY_PAD


def key_pages(sheet: Sheet, paper: Paper, label: str = f"{GAME} answer key") -> list[Page]:
    """The answers, one entry per puzzle: ends and par, the friendliest chain, the chain count."""
    x, bottom, width, top = _content_box(paper)
    indent = 9 * mm
    heights = [_entry_height(p, width - indent) for p in sheet.puzzles]
    groups: list[list[int]] = [[]]
    room = top - bottom
    for i, hgt in enumerate(heights):
        if groups[-1] and sum(heights[k] for k in groups[-1]) + hgt > room:
            groups.append([])
        groups[-1].append(i)

    def drawer(group: list[int], n: int):
        def draw(c: Canvas, info: PageInfo) -> None:
            style = info.style
            about = sheet_about(sheet) + (f" · part {n + 1} of {len(groups)}" if len(groups) > 1 else "")
            draw_header(c, info.paper, style, f"{GAME}: answers", sheet_when(sheet), about, KEY_NOTE)
            y = top
            for i in group:
                p = sheet.puzzles[i]
                _draw_entry(c, p, i + 1, x, y, width, indent, heights[i], style)
                y -= heights[i]

        return draw

    return [Page(drawer(g, n), label) for n, g in enumerate(groups)]


def _draw_entry(
    c: Canvas,
    p: Puzzle,
    number: int,
    x: float,
    top: float,
    width: float,
    indent: float,
    height: float,
    style: Style,
) -> None:
    base = top - ENTRY_PAD - 4.2 * mm
    c.saveState()
    c.setFillColorRGB(*style.accent)
    c.setFont("Serif-Bold", 12)
    c.drawString(x, base, f"{number}.")
    c.setFillColorRGB(*style.ink)
    c.setFont("Serif-Bold", 11)
    c.drawString(x + indent, base, f"{p.start.upper()} to {p.end.upper()}")
    c.setFillColorRGB(*style.muted)
    c.setFont("Sans", 8.5)
    c.drawRightString(x + width, base, f"{links_text(p.par)} · {count_text(p.shortest_chains)}")
    c.restoreState()
    chain_top = top - ENTRY_PAD - ENTRY_HEAD
    draw_text(
        c,
        chain_text(p.chain),
        x + indent,
        top - height + ENTRY_PAD,
        width - indent,
        chain_top - (top - height + ENTRY_PAD),
        CHAIN_STYLE.but(color=style.ink),
        f"key for puzzle {number}",
    )
    c.saveState()
    c.setStrokeColorRGB(*style.rule)
    c.setLineWidth(0.4)
    c.line(x, top - height, x + width, top - height)
    c.restoreState()


# -- Jewels -------------------------------------------------------------------------------------

JEWELS_RULES = (
    "Jewels: between Doublets, join these words into chains, or close a chain of three or more "
    "into a Necklace. Each Jewel may be used once."
)
JEWELS_SCORING = (
    "A link word may serve in several chains, but never twice in the same chain. At the end of the "
    "game: a Jewel at either end of a chain scores its letters, a set Jewel (chain on both sides, or "
    "anywhere in a Necklace) scores double, and each link costs one. Work that breaks a rule: "
    "withdraw the faulty part and score what is left."
)
JEWEL_CELL = 7.5 * mm


def _picker(jewels: Jewels) -> dict[str, int]:
    return {w: p + 1 for p, pick in enumerate(jewels.picks) for w in pick}


def jewels_page(jewels: Jewels, label: str = f"{GAME} Jewels") -> Page:
    """The twelve Jewels by length, who chose each, and room to work."""

    def draw(c: Canvas, info: PageInfo) -> None:
        style = info.style
        x, bottom, width, top = _content_box(info.paper)
        who = "two players" if jewels.players == 2 else f"a round game for {jewels.players} players"
        when = long_date(jewels.date) if jewels.date else f"seed {jewels.seed}"
        draw_header(c, info.paper, style, f"{GAME}: Jewels", when, f"Twelve Jewels · {who}", JEWELS_RULES)
        picker = _picker(jewels)
        groups = jewels.by_length()
        two = jewels.players == 2
        label_w = 24 * mm
        x0 = x + label_w
        slot = (width - label_w) / 4
        cell = min(JEWEL_CELL, (slot - 8 * mm) / max(JEWEL_LENGTHS))
        row_h = cell + (4 * mm if two else 8 * mm)
        y = top - 1 * mm
        if two:  # the two players' halves, as the rules deal them
            c.saveState()
            c.setFont("Sans-Bold", 9)
            c.setFillColorRGB(*style.accent)
            for p in range(2):
                c.drawString(x0 + 2 * p * slot, y - 4 * mm, f"Player {p + 1} chose")
            c.restoreState()
            y -= 7 * mm
        for n in JEWEL_LENGTHS:
            words = list(groups[n])
            if two:
                words.sort(key=lambda w: (picker.get(w, 99), jewels.words.index(w)))
            c.saveState()
            c.setFont("Sans-Bold", 9)
            c.setFillColorRGB(*style.ink)
            c.drawString(x, y - cell / 2 - 3.2, f"{n} letters")
            c.restoreState()
            for k, w in enumerate(words):
                wx = x0 + k * slot
                _draw_cells(c, wx, y - cell, cell, w, n, style, end=True)
                if not two:
                    c.saveState()
                    c.setFont("Sans", 7)
                    c.setFillColorRGB(*style.muted)
                    c.drawString(wx, y - cell - 3.5 * mm, f"player {picker[w]}")
                    c.restoreState()
            if two:
                mid = x0 + 2 * slot - 4 * mm
                c.saveState()
                c.setStrokeColorRGB(*style.rule)
                c.setLineWidth(0.5)
                c.line(mid, y + 1 * mm, mid, y - cell - 1 * mm)
                c.restoreState()
            y -= row_h
        y -= 1 * mm
        draw_text(
            c,
            JEWELS_SCORING,
            x,
            y - 14 * mm,
            width,
            14 * mm,
            TextStyle("Sans", 9, 7, align="left", valign="middle", color=style.ink),
            "Jewels scoring",
        )
        y -= 17 * mm
        _working_lines(c, x, bottom, width, y, style)

    return Page(draw, label, bookmark=None)


def _working_lines(c: Canvas, x: float, bottom: float, width: float, top: float, style: Style) -> None:
    """Light ruled lines, in three columns headed by word length, to write chains on."""
    col_gap = 6 * mm
    col_w = (width - 2 * col_gap) / 3
    c.saveState()
    for k, n in enumerate(JEWEL_LENGTHS):
        cx = x + k * (col_w + col_gap)
        c.setFont("Sans-Bold", 8)
        c.setFillColorRGB(*style.muted)
        c.drawString(cx, top - 4 * mm, f"Chains of {n}-letter words")
        c.setStrokeColorRGB(*style.rule)
        c.setLineWidth(0.4)
        y = top - 11 * mm
        while y >= bottom:
            c.line(cx, y, cx + col_w, y)
            y -= 7.5 * mm
    c.restoreState()


def score_sum(chain_items: Sequence[tuple[str, int]]) -> str:
    """'HEAD 4 (end) + TEAL 8 (set) + TAIL 4 (end) − 3 (3 links) = 13'."""
    parts = []
    total = 0
    for label, marks in chain_items:
        total += marks
        if label.endswith("(end)") or label.endswith("(set)"):
            word, kind = label.rsplit(" ", 1)
            parts.append(f"{'+ ' if parts else ''}{word.upper()} {marks} {kind}")
        else:
            parts.append(f"− {-marks} ({label})")
    return " ".join(parts) + f" = {total}"


def jewels_key_page(jewels: Jewels, label: str = f"{GAME} Jewels key") -> Page:
    """A best-scoring set of chains and Necklaces, each with its marks worked out, and the total."""

    def draw(c: Canvas, info: PageInfo) -> None:
        style = info.style
        x, bottom, width, top = _content_box(info.paper)
        when = long_date(jewels.date) if jewels.date else f"seed {jewels.seed}"
        key = jewels.key
        draw_header(
            c,
            info.paper,
            style,
            f"{GAME}: Jewels key",
            when,
            f"Best score {key.score} marks",
            "A best-scoring way to use these Jewels; others may score as much, none more.",
        )
        y = top - 2 * mm
        indent = 9 * mm
        body = TextStyle("Sans", 11, 7, leading=1.3, align="left", valign="top", color=style.ink)
        sums = TextStyle("Cond", 9.5, 6.5, leading=1.25, align="left", valign="top", color=style.ink)
        for n, ch in enumerate(key.chains, start=1):
            kind = "Necklace" if ch.necklace else "Chain"
            words = [w.upper() if w in ch.jewels else w for w in ch.words]
            text = " → ".join(words) + (f" → back to {ch.words[0].upper()}" if ch.necklace else "")
            got = fit(text, width - indent, 1e6, body)
            assert got is not None
            th = block_height(len(got[1]), got[0], body)
            c.saveState()
            c.setFillColorRGB(*style.accent)
            c.setFont("Serif-Bold", 11)
            c.drawString(x, y - 4 * mm, f"{n}.")
            c.setFont("Serif-Bold", 11)
            c.drawString(x + indent, y - 4 * mm, f"{kind} of {len(ch.words[0])}-letter words")
            c.setFillColorRGB(*style.muted)
            c.setFont("Sans", 8.5)
            c.drawRightString(x + width, y - 4 * mm, f"{ch.score} marks")
            c.restoreState()
            y -= 7 * mm
            draw_lines(c, got[1], x + indent, y - th, width - indent, th, got[0], body)
            y -= th + 2 * mm
            line = score_sum([(i.label, i.marks) for i in ch.items])
            draw_text(c, line, x + indent, y - 5 * mm, width - indent, 5 * mm, sums, "worked score")
            y -= 9 * mm
            if y < bottom + 30 * mm:
                break
        c.saveState()
        c.setStrokeColorRGB(*style.rule)
        c.setLineWidth(0.6)
        c.line(x, y, x + width, y)
        c.restoreState()
        total = " + ".join(str(ch.score) for ch in key.chains) + f" = {key.score}"
        c.saveState()
        c.setFillColorRGB(*style.ink)
        c.setFont("Serif-Bold", 12)
        c.drawString(x, y - 6 * mm, "Total")
        c.drawRightString(
            x + width, y - 6 * mm, f"{total} marks" if len(key.chains) > 1 else f"{key.score} marks"
        )
        c.restoreState()
        y -= 11 * mm
        if key.unused:
            draw_text(
                c,
                "Left out: "
                + ", ".join(w.upper() for w in key.unused)
                + " (joining them would cost more links than they score).",
                x,
                y - 6 * mm,
                width,
                6 * mm,
                TextStyle("Sans", 9, 6.5, align="left", valign="top", color=style.ink),
                "unused Jewels",
            )
            y -= 8 * mm
        draw_text(
            c,
            jewels.optimality,
            x,
            max(bottom, y - 14 * mm),
            width,
            min(12 * mm, y - bottom),
            TextStyle("Sans", 7.5, 6, align="left", valign="top", color=style.muted),
            "optimality note",
        )

    return Page(draw, label)


# -- scoring paper ------------------------------------------------------------------------------

ROW_H = 8.5 * mm
HEAD_ROW = 5.5 * mm
GAME_LINE = 7 * mm
GAME_GAP = 6 * mm
NOTES_H = 24 * mm  # the scoring notes under the tables: up to six lines


def game_block_height(pad: Scorepad) -> float:
    """One game's table: its top line, two header rows and a row per player."""
    return GAME_LINE + 2 * HEAD_ROW + pad.rows * ROW_H


def games_per_page(pad: Scorepad, paper: Paper) -> int:
    """How many games fit on a page of this paper."""
    _, bottom, _, top = _content_box(paper)
    room = top - bottom - NOTES_H
    return max(1, int((room + GAME_GAP) // (game_block_height(pad) + GAME_GAP)))


def scorepad_pages(
    pad: Scorepad, paper: Paper, games: int | None = None, label: str | None = None
) -> list[Page]:
    """Scoring paper: `games` tables (default: as many as fill one page), several to a page."""
    per = games_per_page(pad, paper)
    games = per if games is None else games
    label = label or f"{GAME} scoring paper"
    pages = []
    left = games
    while left > 0:
        k = min(per, left)
        pages.append(Page(_pad_drawer(pad, k), label))
        left -= k
    return pages


def _pad_drawer(pad: Scorepad, count: int):
    def draw(c: Canvas, info: PageInfo) -> None:
        style = info.style
        x, bottom, width, top = _content_box(info.paper)
        if pad.round_game:
            who = f"round game, {pad.players} players"
            rules = "The President keeps this paper. Four Doublets make a game; Jewels are marked at the end."
        else:
            who = "two players"
            rules = "Four Doublets make a game; Jewels are marked at the end, then add up each Total."
        draw_header(
            c, info.paper, style, f"{GAME}: scoring paper", who, f"{pad.doublets} Doublets a game", rules
        )
        y = top - 1 * mm
        for _ in range(count):
            _draw_game(c, pad, x, y, width, style)
            y -= game_block_height(pad) + GAME_GAP
        draw_text(
            c,
            "\n".join(pad.notes),
            x,
            bottom,
            width,
            NOTES_H - 2 * mm,
            TextStyle("Sans", 7.5, 5.5, leading=1.25, align="left", valign="bottom", color=style.muted),
            "scoring notes",
        )

    return draw


def _draw_game(c: Canvas, pad: Scorepad, x: float, top: float, width: float, style: Style) -> None:
    d = pad.doublets
    c.saveState()
    c.setFont("Sans", 8.5)
    c.setFillColorRGB(*style.ink)
    base = top - GAME_LINE + 2.2 * mm
    fields = [("Game", 18 * mm), ("Date", 32 * mm)]
    if pad.president:
        fields.append(("President", 40 * mm))
    fx = x
    c.setStrokeColorRGB(*style.rule)
    c.setLineWidth(0.5)
    for name, w in fields:
        c.drawString(fx, base, name)
        lx = fx + string_width(name, "Sans", 8.5) + 1.5 * mm
        c.line(lx, base - 0.8, lx + w, base - 0.8)
        fx = lx + w + 6 * mm
    if pad.round_game:  # the marks for this many players, where the President can see them
        decision = " ".join(str(m) for m in pad.decision_marks)
        abandon = " ".join(str(m) for m in pad.abandon_marks)
        text = f"decision {decision}  ·  abandon {abandon}"
        size = 7.5
        while size > 5 and string_width(text, "Sans", size) > x + width - fx:
            size -= 0.25
        c.setFont("Sans", size)
        c.setFillColorRGB(*style.muted)
        c.drawRightString(x + width, base, text)
    c.restoreState()
    # Columns: name, d declarations, d marks, Jewels, Total.
    name_w = width * (0.26 if pad.round_game else 0.24)
    small = (width - name_w) / (2 * d + 2)
    cols = [name_w] + [small] * (2 * d) + [small, small]
    xs = [x]
    for w in cols:
        xs.append(xs[-1] + w)
    t = top - GAME_LINE
    table_bottom = t - 2 * HEAD_ROW - pad.rows * ROW_H
    c.saveState()
    if style.tint is not None and not style.ink_saver:
        c.setFillColorRGB(*style.tint)
        c.rect(x, t - 2 * HEAD_ROW, width, 2 * HEAD_ROW, stroke=0, fill=1)
    c.setStrokeColorRGB(*style.ink)
    c.setLineWidth(0.9)
    c.rect(x, table_bottom, width, t - table_bottom, stroke=1, fill=0)
    c.setLineWidth(0.5)
    # horizontal lines: under the group row (only across the spans), under the header, between players
    c.line(xs[1], t - HEAD_ROW, xs[1 + 2 * d], t - HEAD_ROW)
    c.line(x, t - 2 * HEAD_ROW, x + width, t - 2 * HEAD_ROW)
    c.setStrokeColorRGB(*style.rule)
    for r in range(1, pad.rows):
        yy = t - 2 * HEAD_ROW - r * ROW_H
        c.line(x, yy, x + width, yy)
    c.setStrokeColorRGB(*style.ink)
    for k in range(1, len(xs) - 1):
        heavy = k in (1, 1 + d, 1 + 2 * d, 2 + 2 * d)
        c.setLineWidth(0.9 if heavy else 0.4)
        top_y = t if heavy else t - HEAD_ROW
        c.line(xs[k], top_y, xs[k], table_bottom)
    c.restoreState()
    c.saveState()
    c.setFillColorRGB(*style.ink)
    c.setFont("Sans-Bold", 8.5)
    mid2 = t - HEAD_ROW - HEAD_ROW / 2 - 3
    c.drawString(x + 2 * mm, t - HEAD_ROW - 3, "Names")
    c.drawCentredString((xs[1] + xs[1 + d]) / 2, t - HEAD_ROW / 2 - 3, "Declarations")
    c.drawCentredString((xs[1 + d] + xs[1 + 2 * d]) / 2, t - HEAD_ROW / 2 - 3, "Marks")
    c.drawCentredString((xs[1 + 2 * d] + xs[2 + 2 * d]) / 2, t - HEAD_ROW - 3, "Jewels")
    c.drawCentredString((xs[2 + 2 * d] + xs[3 + 2 * d]) / 2, t - HEAD_ROW - 3, "Total")
    c.setFont("Sans", 8)
    for k in range(d):
        c.drawCentredString((xs[1 + k] + xs[2 + k]) / 2, mid2, str(k + 1))
        c.drawCentredString((xs[1 + d + k] + xs[2 + d + k]) / 2, mid2, str(k + 1))
    c.restoreState()
