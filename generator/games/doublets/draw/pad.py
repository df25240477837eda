"""Doublets scoring paper: a table per game (Declarations and Marks per Doublet, Jewels, Total)
under a line for the game's facts, several games to a page, the scoring notes at the foot."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from generator.games.doublets.draw import GAME, content_box, draw_header
from generator.games.doublets.scorepad import ANY_COUNT_MARKS, Scorepad
from generator.press.document import Page, PageInfo
from generator.press.fonts import string_width
from generator.press.paper import Paper, mm
from generator.press.parts import hline, vline
from generator.press.style import DEFAULT, Style
from generator.press.text import STEP, TextStyle, block_height, draw_text, fit, wrap

ROW_H = 8.5 * mm
LEAST_ROW_H = 6.5 * mm  # still room to write a name and a mark
HEAD_ROW = 5.5 * mm
GAME_LINE = 7 * mm
GAME_GAP = 6 * mm
NOTES_H = 31 * mm  # the scoring notes under the tables: up to seven lines of 8.5 pt
NOTES_PAD = 2 * mm  # between the last table's room and the notes
FIELD_GAP = 6 * mm  # between one write-in field and the next label


MARKS_LINE = 4.5 * mm  # the round game's marks on a line of their own, on narrow paper


def game_block_height(pad: Scorepad, paper: Paper | None = None) -> float:
    """One game's table: its top line (and the marks' own line where they need it), two header
    rows and a row per player."""
    marks = MARKS_LINE if paper is not None and _marks_own_line(pad, content_box(paper)[2]) else 0.0
    return GAME_LINE + marks + 2 * HEAD_ROW + pad.rows * row_height(pad, paper)


def row_height(pad: Scorepad, paper: Paper | None = None) -> float:
    """A player's row: ROW_H, or less (down to LEAST_ROW_H) where one game of many players would
    not otherwise fit above the notes on small paper (twelve players on A5)."""
    if paper is None:
        return ROW_H
    _, bottom, width, top = content_box(paper)
    marks = MARKS_LINE if _marks_own_line(pad, width) else 0.0
    room = top - bottom - notes_height(pad, paper) - GAME_LINE - marks - 2 * HEAD_ROW
    return max(LEAST_ROW_H, min(ROW_H, room / pad.rows))


def _notes_style(style: Style) -> TextStyle:
    return style.text_style("caption", size=8.5, min_size=8.0, align="left", valign="bottom", leading=1.25)


def notes_height(pad: Scorepad, paper: Paper) -> float:
    """The room kept for the scoring notes at the page's foot: NOTES_H when they fit it, else (on
    narrow paper such as A5, where they wrap to more lines) as much as they take at their full size."""
    _, _, width, _ = content_box(paper)
    notes = _notes_style(DEFAULT)
    text = "\n".join(pad.notes)
    if fit(text, width, NOTES_H - NOTES_PAD, notes) is not None:
        return NOTES_H
    lines = wrap(text, notes.face, notes.size, width) or []
    return block_height(len(lines), notes.size, notes) + NOTES_PAD


def games_per_page(pad: Scorepad, paper: Paper) -> int:
    """How many games fit on a page of this paper."""
    _, bottom, _, top = content_box(paper)
    room = top - bottom - notes_height(pad, paper)
    return max(1, int((room + GAME_GAP) // (game_block_height(pad, paper) + GAME_GAP)))


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
        x, bottom, width, top = content_box(info.paper)
        who = pad.who
        if pad.round_game:
            rules = "The President keeps this paper. Four Doublets make a game; Jewels are marked at the end."
        else:
            rules = "Four Doublets make a game; Jewels are marked at the end, then add up each Total."
        draw_header(
            c, info.paper, style, f"{GAME}: scoring paper", who, f"{pad.doublets} Doublets a game", rules
        )
        y = top - 1 * mm
        for _ in range(count):
            _draw_game(c, pad, info.paper, x, y, width, style)
            y -= game_block_height(pad, info.paper) + GAME_GAP
        notes_h = notes_height(pad, info.paper) - NOTES_PAD
        draw_text(c, "\n".join(pad.notes), x, bottom, width, notes_h, _notes_style(style), "scoring notes")

    return draw


def _draw_game(
    c: Canvas, pad: Scorepad, paper: Paper, x: float, top: float, width: float, style: Style
) -> None:
    """One game: its line of facts, then its table."""
    if _marks_own_line(pad, width):
        _draw_marks(c, pad, x, top - MARKS_LINE + 1.2 * mm, width, style)
        top -= MARKS_LINE
    _draw_game_line(c, pad, x, top - GAME_LINE + 2.2 * mm, width, style)
    name_w = width * (0.26 if pad.round_game else 0.24)
    small = (width - name_w) / (2 * pad.doublets + 2)
    # Jewels and Total at least as wide as their heads (on narrow paper the Doublets' columns give way)
    head_face, head_size = style.font("table_head")
    last = max(small, max(string_width(h, head_face, head_size) for h in ("Jewels", "Total")) + 2 * mm)
    small = (width - name_w - 2 * last) / (2 * pad.doublets)
    xs = [x]
    for w in [name_w] + [small] * (2 * pad.doublets) + [last, last]:
        xs.append(xs[-1] + w)
    _draw_grid(c, pad, xs, top - GAME_LINE, row_height(pad, paper), style)
    _draw_heads(c, pad, xs, top - GAME_LINE, style)


def _marks_text(pad: Scorepad, room: float, style: Style) -> tuple[str, float]:
    """The round game's marks for this many players, and the size (the table role's, down to its
    least) that fits them into `room`, else the least."""
    decision = " ".join(str(m) for m in pad.decision_marks)
    abandon = " ".join(str(m) for m in pad.abandon_marks)
    text = ANY_COUNT_MARKS if pad.any_count else f"decision {decision}  ·  abandon {abandon}"
    t = style.text("table")
    size = t.size
    while size - STEP >= max(t.min_size, 7.0) and string_width(text, t.face, size) > room:
        size -= STEP
    return text, size


def _fields(pad: Scorepad) -> list[tuple[str, float]]:
    """The game line's write-in fields: (label, line length)."""
    fields = [("Game", 18 * mm), ("Date", 32 * mm)]
    if pad.president:
        fields.append(("President", 40 * mm))
    return fields


def _marks_own_line(pad: Scorepad, width: float, style: Style = DEFAULT) -> bool:
    """Whether a round game's marks go on a line of their own above the game line: on narrow
    paper (A5) they would not fit beside the write-in lines even with those at their shortest."""
    if not pad.round_game:
        return False
    fields = _fields(pad)
    face, size = style.font("table")
    labels = sum(string_width(name, face, size) + 1.5 * mm + FIELD_GAP for name, _ in fields)
    marks, marks_size = _marks_text(pad, width * 0.45, style)
    marks_w = string_width(marks, face, marks_size)
    return labels + marks_w + 0.3 * sum(w for _, w in fields) > width


def _draw_marks(c: Canvas, pad: Scorepad, x: float, base: float, width: float, style: Style) -> None:
    """The round game's marks, right-aligned on their own line."""
    marks, size = _marks_text(pad, width, style)
    c.saveState()
    style.set_font(c, "table", size, style.muted)
    c.drawRightString(x + width, base, marks)
    c.restoreState()


def _draw_game_line(c: Canvas, pad: Scorepad, x: float, base: float, width: float, style: Style) -> None:
    """'Game ___  Date ___  President ___' and, in a round game, the marks for this many players
    at the right, where the President can see them. The write-in lines give up room to the
    marks when both do not fit; where even that is not enough the marks have their own line."""
    fields = _fields(pad)
    face, size = style.font("table")
    labels = sum(string_width(name, face, size) + 1.5 * mm + FIELD_GAP for name, _ in fields)
    on_line = pad.round_game and not _marks_own_line(pad, width)
    marks, marks_size = _marks_text(pad, width * 0.45, style) if on_line else ("", size)
    marks_w = string_width(marks, style.font("table")[0], marks_size) if marks else 0.0
    blanks = sum(w for _, w in fields)
    scale = min(1.0, max(0.3, (width - marks_w - labels) / blanks))
    c.saveState()
    style.set_font(c, "table")
    fx = x
    for name, w in fields:
        c.drawString(fx, base, name)
        lx = fx + string_width(name, face, size) + 1.5 * mm
        hline(c, lx, lx + w * scale, base - 0.8, style.rule, 0.5)
        fx = lx + w * scale + FIELD_GAP
    if marks:
        style.set_font(c, "table", marks_size, style.muted)
        c.drawRightString(x + width, base, marks)
    c.restoreState()


def _draw_grid(c: Canvas, pad: Scorepad, xs: list[float], t: float, row_h: float, style: Style) -> None:
    """The table's tinted head, frame and lines: heavy between the column groups."""
    d = pad.doublets
    x, width = xs[0], xs[-1] - xs[0]
    table_bottom = t - 2 * HEAD_ROW - pad.rows * row_h
    if style.tint is not None:
        c.saveState()
        c.setFillColorRGB(*style.tint)
        c.rect(x, t - 2 * HEAD_ROW, width, 2 * HEAD_ROW, stroke=0, fill=1)
        c.restoreState()
    c.saveState()
    c.setStrokeColorRGB(*style.ink)
    c.setLineWidth(0.9)
    c.rect(x, table_bottom, width, t - table_bottom, stroke=1, fill=0)
    c.restoreState()
    # under the group row (only across the spans), under the header, between players
    hline(c, xs[1], xs[1 + 2 * d], t - HEAD_ROW, style.ink, 0.5)
    hline(c, x, x + width, t - 2 * HEAD_ROW, style.ink, 0.5)
    for r in range(1, pad.rows):
        hline(c, x, x + width, t - 2 * HEAD_ROW - r * row_h, style.rule, 0.5)
    for k in range(1, len(xs) - 1):
        heavy = k in (1, 1 + d, 1 + 2 * d, 2 + 2 * d)
        vline(c, xs[k], t if heavy else t - HEAD_ROW, table_bottom, style.ink, 0.9 if heavy else 0.4)


def _draw_heads(c: Canvas, pad: Scorepad, xs: list[float], t: float, style: Style) -> None:
    """Group names over their spans, and each Doublet's number under Declarations and Marks."""
    d = pad.doublets
    drop = 0.35 * style.text("table_head").size  # from a row's middle to the baseline
    c.saveState()
    style.set_font(c, "table_head")
    mid1, mid2 = t - HEAD_ROW / 2 - drop, t - 1.5 * HEAD_ROW - drop
    c.drawString(xs[0] + 2 * mm, t - HEAD_ROW - drop, "Names")
    c.drawCentredString((xs[1] + xs[1 + d]) / 2, mid1, "Declarations")
    c.drawCentredString((xs[1 + d] + xs[1 + 2 * d]) / 2, mid1, "Marks")
    c.drawCentredString((xs[1 + 2 * d] + xs[2 + 2 * d]) / 2, t - HEAD_ROW - drop, "Jewels")
    c.drawCentredString((xs[2 + 2 * d] + xs[3 + 2 * d]) / 2, t - HEAD_ROW - drop, "Total")
    style.set_font(c, "table")
    for k in range(d):
        c.drawCentredString((xs[1 + k] + xs[2 + k]) / 2, mid2, str(k + 1))
        c.drawCentredString((xs[1 + d + k] + xs[2 + d + k]) / 2, mid2, str(k + 1))
    c.restoreState()
