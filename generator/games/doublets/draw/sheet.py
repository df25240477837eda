"""Doublets puzzle sheets: ladders of letter cells in a grid, the key upside down at the foot
or on pages of its own."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from generator.games.doublets.draw import (
    GAME,
    chain_text,
    content_box,
    count_text,
    draw_cells,
    draw_header,
    links_text,
    part_text,
    sheet_about,
    sheet_when,
)
from generator.games.doublets.model import Puzzle, Sheet
from generator.press.document import Page, PageInfo
from generator.press.fonts import string_width
from generator.press.paper import Paper, mm
from generator.press.parts import hline, vline
from generator.press.style import DEFAULT, Style
from generator.press.text import block_height, draw_text, fit

KEY_MODES = ("separate", "bottom", "none")

CELL_MAX = 9 * mm  # the largest letter cell (a roomy box for a child's capital)
CELL_MIN = 5 * mm  # below this a page takes fewer puzzles: smaller boxes are hard to write in
PITCH = 1.3  # rung pitch as a multiple of the cell: the gap between rungs is 0.3 cell
LABEL_H = 10 * mm  # the "3  ·  5 links" line above each ladder, and the prompt under it
PROMPT_SIZE = 9.0  # the prompt's largest size (points); it shrinks to PROMPT_MIN to fit its column
PROMPT_MIN = 7.0
PROMPT_SMALL = 6.5  # a prompt no line of PROMPT_MIN holds goes on two lines of this size
BLOCK_GAP = 5 * mm  # least space between two ladders in a column
COL_GAP = 6 * mm
RAIL = 2 * mm  # the ladder's rails stand this far outside the cells
MAX_COLUMNS = 4
KEY_BAND_GAP = 5 * mm  # between the ladders and the fold line above the upside-down key

KEY_NOTE = (
    "Each key is the shortest chain made of the most familiar words; any other chain with "
    "the same number of links is just as right."
)


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
    width: float = 0.0  # the column's width (the prompt may use all of it)

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
    pars: Sequence[int],
    length: int | Sequence[int],
    x: float,
    bottom: float,
    width: float,
    top: float,
    first: int = 0,
    min_column: float = 0.0,
) -> LadderLayout:
    """Ladders in a grid, numbered across each row; a row is as tall as its longest ladder.

    Of 1 to MAX_COLUMNS columns, the grid with the biggest cells wins (to a quarter point);
    when cells are at their largest either way, the grid that fills more of the page wins.  Rows share out the height left over,
    up to about a rung each, so a short sheet does not huddle at the top.  A grid's columns
    are at least `min_column` wide (the longest prompt at its smallest size), if any grid's are.
    `length`: letters per word, one for every ladder or each ladder's own (a daily's story may
    be longer or shorter than its practice): cells fit the longest, each ladder is centred.
    """
    n = len(pars)
    lengths = [length] * n if isinstance(length, int) else list(length)
    longest = max(lengths)
    height = top - bottom
    best: tuple[tuple[float, float, int], float, int] | None = None
    for cols in range(1, min(MAX_COLUMNS, n) + 1):
        rows = [pars[i : i + cols] for i in range(0, n, cols)]
        col_w = (width - (cols - 1) * COL_GAP) / cols
        if cols > 1 and col_w < min_column:
            continue
        cell_w = (col_w - 2 * RAIL) / longest
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
            cx = x + k * (col_w + COL_GAP) + (col_w - cell * lengths[i]) / 2
            spots.append(LadderSpot(first + i, cx, y, cell, col_w))
        y -= LABEL_H + cell * _units(max(pars[i] for i in r)) + BLOCK_GAP + extra
    return LadderLayout(tuple(spots), cell, cols)


def draw_ladder(
    c: Canvas, spot: LadderSpot, puzzle: Puzzle, number: int, style: Style, most: float = PROMPT_SIZE
) -> None:
    """A puzzle: its number and par, its prompt ("Drive PIG into the STY") at `most` points or
    less, the top word, `par` blank rungs, the bottom word, two rails."""
    cell, pitch, n = spot.cell, spot.pitch, puzzle.length
    label_base = spot.top - 4.2 * mm
    c.saveState()
    num = str(number)
    face, size = style.font("heading")
    style.set_font(c, "heading")
    c.drawString(spot.x - RAIL, label_base, num)
    style.set_font(c, "aside")
    c.drawString(spot.x - RAIL + string_width(num, face, size) + 2 * mm, label_base, links_text(puzzle.par))
    room = max(spot.width, n * spot.cell + 2 * RAIL)
    prompt_face, prompt_size = prompt_font(puzzle.prompt, room, style)
    prompt_size = min(prompt_size, most)
    c.setFont(prompt_face, prompt_size)
    c.setFillColorRGB(*style.ink)
    middle = spot.x + n * cell / 2
    if string_width(puzzle.prompt, prompt_face, prompt_size) <= room:
        c.drawCentredString(middle, spot.top - LABEL_H + 1.8 * mm, puzzle.prompt)
    else:  # two lines, broken where the longer line is shortest
        first, second = prompt_lines(puzzle.prompt, prompt_face, PROMPT_SMALL)
        c.setFont(prompt_face, PROMPT_SMALL)
        c.drawCentredString(middle, spot.top - 6.6 * mm, first)
        c.drawCentredString(middle, spot.top - LABEL_H + 1.0 * mm, second)
    c.restoreState()
    rows = [puzzle.start] + [None] * puzzle.par + [puzzle.end]
    first_top = spot.top - LABEL_H
    last_bottom = first_top - cell * _units(puzzle.par)
    # The rails first, so the cells sit over them.
    for rx in (spot.x - RAIL, spot.x + n * cell + RAIL):
        vline(c, rx, first_top - cell / 2, last_bottom + cell / 2, style.rule, 1.2)
    # Short treads join each rung to the rails.
    for i in range(len(rows)):
        ym = first_top - i * pitch - cell / 2
        hline(c, spot.x - RAIL, spot.x, ym, style.rule, 0.6)
        hline(c, spot.x + n * cell, spot.x + n * cell + RAIL, ym, style.rule, 0.6)
    for i, word in enumerate(rows):
        y = first_top - i * pitch - cell
        draw_cells(c, spot.x, y, cell, word, n, style, end=word is not None)


def prompt_lines(text: str, face: str, size: float) -> tuple[str, str]:
    """`text` in two lines, broken between words where the longer line is shortest."""
    words = text.split()
    best: tuple[float, str, str] | None = None
    for i in range(1, len(words)):
        a, b = " ".join(words[:i]), " ".join(words[i:])
        w = max(string_width(a, face, size), string_width(b, face, size))
        if best is None or w < best[0]:
            best = (w, a, b)
    return (best[1], best[2]) if best else (text, "")


def prompt_width(text: str, face: str) -> float:
    """The least column width a prompt needs: one line at PROMPT_MIN, or two at PROMPT_SMALL."""
    one = string_width(text, face, PROMPT_MIN)
    a, b = prompt_lines(text, face, PROMPT_SMALL)
    return min(one, max(string_width(a, face, PROMPT_SMALL), string_width(b, face, PROMPT_SMALL)))


def prompt_font(text: str, width: float, style: Style) -> tuple[str, float]:
    """The face and the largest size, PROMPT_SIZE down to PROMPT_MIN in quarter points, at
    which a prompt fits `width` on one line (PROMPT_MIN if none: then draw_ladder sets it on
    two lines of PROMPT_SMALL, and plan_sheet keeps columns wide enough for that)."""
    face = style.font("body")[0]
    size = PROMPT_SIZE
    while size > PROMPT_MIN and string_width(text, face, size) > width:
        size -= 0.25
    return face, size


# -- the answer key at the foot, upside down ---------------------------------------------------


def _key_lines(puzzles: Sequence[Puzzle], numbers: Sequence[int]) -> str:
    return "\n".join(
        f"{k}.  {chain_text(p.chain)}   ({links_text(p.par)}; {count_text(p.shortest_chains)})"
        for k, p in zip(numbers, puzzles, strict=True)
    )


KEY_HEAD = 4.5 * mm  # the band's own "Answers" line


def key_band_height(
    puzzles: Sequence[Puzzle], numbers: Sequence[int], width: float, limit: float, style: Style
) -> float:
    """Height of the upside-down key for these puzzles (text set at no less than the key role's
    smallest size)."""
    key_style = style.text_style("key", align="left", valign="top")
    text = _key_lines(puzzles, numbers)
    h = 6.0
    while h <= limit:
        if fit(text, width, h, key_style) is not None:
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
    style.set_font(c, "key_head")
    c.drawString(0, height - KEY_HEAD + 1.2 * mm, "Answers")
    style.set_font(c, "caption")
    c.drawRightString(width, height - KEY_HEAD + 1.2 * mm, "the friendliest shortest chains")
    key_style = style.text_style("key", align="left", valign="top")
    draw_text(c, _key_lines(puzzles, numbers), 0, 0, width, height - KEY_HEAD, key_style, "answer key")
    c.restoreState()


# -- puzzle sheets ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SheetPagePlan:
    """The puzzles on one page of a sheet, where their ladders go, and the key band if any."""

    first: int  # index of the first puzzle on the page
    layout: LadderLayout
    band: float  # height of the upside-down key band (0: none)


def plan_sheet(
    sheet: Sheet, paper: Paper, key: str = "separate", style: Style = DEFAULT
) -> list[SheetPagePlan]:
    """Split the sheet's puzzles over as few pages as keep cells at least CELL_MIN."""
    if key not in KEY_MODES:
        raise ValueError(f"key must be one of {', '.join(KEY_MODES)}")
    x, bottom, width, top = content_box(paper)
    pars = [p.par for p in sheet.puzzles]
    limit = (top - bottom) * 0.45
    face = style.font("body")[0]
    min_column = max(prompt_width(p.prompt, face) for p in sheet.puzzles)

    def attempt(i: int, j: int) -> tuple[LadderLayout, float]:
        band = 0.0
        if key == "bottom":
            band = key_band_height(sheet.puzzles[i:j], range(i + 1, j + 1), width, limit, style)
        low = bottom + (band + KEY_BAND_GAP if band else 0.0)
        return layout_ladders(
            pars[i:j],
            [p.length for p in sheet.puzzles[i:j]],
            x,
            low,
            width,
            top,
            first=i,
            min_column=min_column,
        ), band

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


def sheet_pages(
    sheet: Sheet, paper: Paper, key: str = "separate", label: str | None = None, style: Style = DEFAULT
) -> list[Page]:
    """The puzzle page(s), then the key page(s) when `key` is 'separate' (planned in `style`,
    the style the pages will print in, since text sizes decide what fits)."""
    label = label or f"{GAME} puzzle sheet"
    plans = plan_sheet(sheet, paper, key, style)
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
        pages += key_pages(sheet, paper, label=f"{GAME} answer key", style=style)
    return pages


def _sheet_drawer(sheet: Sheet, plan: SheetPagePlan, n: int, of: int):
    def draw(c: Canvas, info: PageInfo) -> None:
        style = info.style
        about = sheet_about(sheet) + part_text(n, of)
        draw_header(c, info.paper, style, GAME, sheet_when(sheet), about, sheet.rules)
        # one size for every prompt on the page that fits one line: the smallest of them
        sizes = [
            prompt_font(
                sheet.puzzles[s.index].prompt,
                max(s.width, sheet.puzzles[s.index].length * s.cell + 2 * RAIL),
                style,
            )[1]
            for s in plan.layout.spots
        ]
        one_line = [z for z in sizes if z > PROMPT_MIN] or [PROMPT_SIZE]
        for spot in plan.layout.spots:
            draw_ladder(c, spot, sheet.puzzles[spot.index], spot.index + 1, style, min(one_line))
        if plan.band:
            x, bottom, width, _ = content_box(info.paper)
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
KEY_PROMPT_MIN = 8.0  # an answer's heading (its prompt) shrinks to this to fit beside the count
ENTRY_PAD = 3.5 * mm


def _entry_height(p: Puzzle, width: float, style: Style) -> float:
    chain = style.text_style("chain", align="left", valign="top")
    got = fit(chain_text(p.chain), width, 1e6, chain)
    assert got is not None
    size, lines = got
    return ENTRY_HEAD + block_height(len(lines), size, chain) + 2 * ENTRY_PAD


def key_pages(
    sheet: Sheet, paper: Paper, label: str = f"{GAME} answer key", style: Style = DEFAULT
) -> list[Page]:
    """The answers, one entry per puzzle: ends and par, the friendliest chain, the chain count."""
    x, bottom, width, top = content_box(paper)
    indent = 9 * mm
    heights = [_entry_height(p, width - indent, style) for p in sheet.puzzles]
    groups: list[list[int]] = [[]]
    room = top - bottom
    for i, hgt in enumerate(heights):
        if groups[-1] and sum(heights[k] for k in groups[-1]) + hgt > room:
            groups.append([])
        groups[-1].append(i)

    def drawer(group: list[int], n: int):
        def draw(c: Canvas, info: PageInfo) -> None:
            style = info.style
            about = sheet_about(sheet) + part_text(n, len(groups))
            draw_header(c, info.paper, style, f"{GAME}: answers", sheet_when(sheet), about, KEY_NOTE)
            y = top
            for i in group:
                p = sheet.puzzles[i]
                _draw_entry(c, p, i + 1, x, y, width, indent, heights[i], style)
                y -= heights[i]

        return draw

    return [Page(drawer(g, n), label) for n, g in enumerate(groups)]


DAY_HEAD = 9 * mm  # a day's date above its answers, when several days share a page


def days_key_height(sheet: Sheet, paper: Paper, style: Style = DEFAULT) -> float:
    """The height of one day's answers under its date, on a page of several days' answers."""
    _, _, width, _ = content_box(paper)
    return DAY_HEAD + sum(_entry_height(p, width - 9 * mm, style) for p in sheet.puzzles)


def key_room(paper: Paper) -> float:
    """The height a key page holds below its header."""
    _, bottom, _, top = content_box(paper)
    return top - bottom


def days_key_page(sheets: Sequence[Sheet], paper: Paper, label: str, style: Style = DEFAULT) -> Page:
    """The answers of several days on one page (a book's keys at its back), each day under its
    date; the days' answers together fit key_room (days_key_height)."""
    from generator.games.doublets.draw import long_date

    x, _, width, top = content_box(paper)
    indent = 9 * mm
    first, last = long_date(sheets[0].date or ""), long_date(sheets[-1].date or "")

    def draw(c: Canvas, info: PageInfo) -> None:
        style = info.style
        when = first if len(sheets) == 1 else f"{first} to"
        draw_header(
            c, info.paper, style, f"{GAME}: answers", when, "" if len(sheets) == 1 else last, KEY_NOTE
        )
        y = top
        for sheet in sheets:
            style.set_font(c, "subtitle", colour=style.ink)
            c.drawString(x, y - DAY_HEAD + 2.5 * mm, long_date(sheet.date or ""))
            hline(c, x, x + width, y - DAY_HEAD + 1.2 * mm, style.rule, 0.4)
            y -= DAY_HEAD
            for i, p in enumerate(sheet.puzzles):
                height = _entry_height(p, width - indent, style)
                _draw_entry(c, p, i + 1, x, y, width, indent, height, style)
                y -= height

    return Page(draw, label)


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
    style.set_font(c, "subtitle")
    c.drawString(x, base, f"{number}.")
    right = f"{links_text(p.par)} · {count_text(p.shortest_chains)}"
    room = width - indent - string_width(right, *style.font("aside")) - 3 * mm
    face, size = style.font("subtitle")
    heading = p.prompt  # the prompt, as large as fits beside the count; else just the two ends
    while size > KEY_PROMPT_MIN and string_width(heading, face, size) > room:
        size -= 0.25
    if string_width(heading, face, size) > room:
        heading, size = f"{p.start.upper()} to {p.end.upper()}", style.font("subtitle")[1]
    style.set_font(c, "subtitle", size=size, colour=style.ink)
    c.drawString(x + indent, base, heading)
    style.set_font(c, "aside")
    c.drawRightString(x + width, base, right)
    c.restoreState()
    chain_top = top - ENTRY_PAD - ENTRY_HEAD
    draw_text(
        c,
        chain_text(p.chain),
        x + indent,
        top - height + ENTRY_PAD,
        width - indent,
        chain_top - (top - height + ENTRY_PAD),
        style.text_style("chain", align="left", valign="top"),
        f"key for puzzle {number}",
    )
    hline(c, x, x + width, top - height, style.rule, 0.4)
