"""The sheet-level drawing vocabulary every game shares: header, rules, ruled table, arrow, label patch, bullets.

Each part draws from a Style's roles (colours by role name, text by text role) and never tests for
ink-saver mode: the ink-saving Style already has no fills and ink for colours.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from generator.press import text as tx
from generator.press.fonts import string_width
from generator.press.paper import MARGIN, Paper, mm
from generator.press.style import RGB, Style
from generator.press.text import TextStyle, text_at

__all__ = [
    "Header",
    "sheet_header",
    "hline",
    "vline",
    "short_rule",
    "ruled_table",
    "arrow",
    "line",
    "say",
    "label_patch",
    "BulletFit",
    "fit_bullets",
    "fit_bullets_or_fail",
    "bullets_height",
    "draw_bullets",
]

# --- the sheet header -------------------------------------------------------------------------

TITLE_BAND = 8.5 * mm  # the title line
RULE_GAP = 1.2 * mm  # the rule sits this far under the title band; text starts as far under the rule
AFTER = 2 * mm  # the page's content starts this far under the header
RULE_WIDTH = 0.7
RIGHT_SHARE = 0.42  # of the width, the most the right-hand lines may take


@dataclass(frozen=True)
class Header:
    """A sheet's header: the title at the left, up to two short lines at the right of it (the first
    strong, the second quiet), an accent rule, and an optional block of text under the rule
    (instructions, a line of rules, the facts of a game) `text_h` points tall."""

    title: str
    right: tuple[str, ...] = ()
    text: str = ""
    text_h: float = 0.0
    text_role: str = "body"

    @property
    def height(self) -> float:
        """From the top of the header to where the page's content may start."""
        below = RULE_GAP + self.text_h if self.text else 0.0
        return TITLE_BAND + RULE_GAP + below + AFTER

    def draw(self, c: Canvas, style: Style, x: float, top: float, width: float, what: str = "sheet") -> float:
        """Draw the header with its top-left corner at (x, top); returns where the content may start."""
        right = [r for r in self.right if r]
        right_w = width * RIGHT_SHARE if right else 0.0
        title = style.text("title")
        if right:  # a line too long for its share even at its least size takes what the title leaves
            need = max(
                string_width(line, style.text(role).face, style.text(role).min_size)
                for line, role in zip(right, ("strong", "small"), strict=False)
            )
            title_need = string_width(self.title, title.face, max(title.min_size, title.size * 0.55))
            if need > right_w:
                right_w = min(need + 1, width - title_need - 2 * mm)
        tx.draw_text(
            c,
            self.title,
            x,
            top - TITLE_BAND,
            width - right_w - (2 * mm if right else 0.0),
            TITLE_BAND,
            style.text_style(
                "title", align="left", valign="bottom", min_size=max(title.min_size, title.size * 0.55)
            ),
            f"{what} title",
        )
        half = TITLE_BAND / 2
        first = 2 - len(right[:2])  # one line sits level with the title's foot
        for i, (line, role) in enumerate(zip(right, ("strong", "small"), strict=False)):
            colour = style.ink_of("ink" if i == 0 else "muted")
            tx.draw_text(
                c,
                line,
                x + width - right_w,
                top - half * (first + i + 1),
                right_w,
                half,
                style.text_style(role, align="right", valign="bottom", color=colour),
                f"{what} note",
            )
        rule_y = top - TITLE_BAND - RULE_GAP
        hline(c, x, x + width, rule_y, style.accent, RULE_WIDTH)
        if self.text:
            tx.draw_text(
                c,
                self.text,
                x,
                rule_y - RULE_GAP - self.text_h,
                width,
                self.text_h,
                style.text_style(self.text_role, align="left", valign="top"),
                f"{what} text",
            )
        return top - self.height


def sheet_header(
    c: Canvas, paper: Paper, style: Style, header: Header, width: float | None = None, what: str = "sheet"
) -> float:
    """`header` across the top of a page inside the margins (or the first `width` points of it);
    returns the y under which the page's content may start."""
    w, h = paper.size
    return header.draw(c, style, MARGIN, h - MARGIN, w - 2 * MARGIN if width is None else width, what)


# --- rules ------------------------------------------------------------------------------------


def line(c: Canvas, x1: float, y1: float, x2: float, y2: float, colour: RGB, width: float = 0.4) -> None:
    """A straight line from (x1, y1) to (x2, y2)."""
    c.saveState()
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(width)
    c.line(x1, y1, x2, y2)
    c.restoreState()


def hline(c: Canvas, x1: float, x2: float, y: float, colour: RGB, width: float = 0.4) -> None:
    """A level line from x1 to x2 at y."""
    line(c, x1, y, x2, y, colour, width)


def vline(c: Canvas, x: float, y1: float, y2: float, colour: RGB, width: float = 0.4) -> None:
    """An upright line from y1 to y2 at x."""
    line(c, x, y1, x, y2, colour, width)


def short_rule(c: Canvas, cx: float, y: float, length: float, colour: RGB, width: float = 0.45) -> None:
    """A short rule centred on cx (under a card's or a panel's title)."""
    hline(c, cx - length / 2, cx + length / 2, y, colour, width)


# --- a ruled table ----------------------------------------------------------------------------


def ruled_table(
    c: Canvas,
    style: Style,
    x: float,
    top: float,
    widths: Sequence[float],
    row_h: float,
    rows: Sequence[Sequence[str]],
    *,
    head_rows: int = 1,
    head_cols: int = 0,
    stripes: bool = False,
    frame: str = "accent",
    grid: str = "accent",
    role: str = "table",
    head_role: str = "table_head",
    size: float | None = None,
    align: str = "center",
    what: str = "table",
) -> float:
    """A table of `rows` (each as many cells as `widths`) with its top-left at (x, top): a frame in
    the `frame` colour role, inner lines in `grid`, head rows tinted (or every other body row when
    `stripes`) where the style fills. Head rows and the first `head_cols` columns are set in
    `head_role`, the rest in `role`, each cell's text fitted to its cell from `size` (the role's size
    if None) down. Returns the table's bottom edge."""
    n = len(rows)
    width = sum(widths)
    bottom = top - n * row_h
    c.saveState()
    if style.tint is not None:
        c.setFillColorRGB(*style.tint)
        for r in range(n):
            if r < head_rows or (stripes and (r - head_rows) % 2 == 1):
                c.rect(x, top - (r + 1) * row_h, width, row_h, stroke=0, fill=1)
    c.restoreState()
    inner = style.ink_of(grid)
    for r in range(1, n):
        hline(c, x, x + width, top - r * row_h, inner, 0.6 if r == head_rows else 0.35)
    cx = x
    for i, w in enumerate(widths[:-1]):
        cx += w
        vline(c, cx, bottom, top, inner, 0.6 if i + 1 == head_cols else 0.35)
    c.saveState()
    c.setStrokeColorRGB(*style.ink_of(frame))
    c.setLineWidth(0.7)
    c.rect(x, bottom, width, n * row_h, stroke=1, fill=0)
    c.restoreState()
    pad = min(1.2 * mm, row_h * 0.15)
    for r, cells in enumerate(rows):
        y = top - (r + 1) * row_h
        cx = x
        for i, (text, w) in enumerate(zip(cells, widths, strict=True)):
            if text:
                name = head_role if (r < head_rows or i < head_cols) else role
                t = style.text(name)
                big = t.size if size is None else size
                st = style.text_style(name, size=big, min_size=min(t.min_size, big), align=align)
                tx.draw_text(c, text, cx + pad, y + pad / 2, w - 2 * pad, row_h - pad, st, what)
            cx += w
    return bottom


# --- an arrow ---------------------------------------------------------------------------------


def arrow(
    c: Canvas,
    x1: float,
    y1: float,
    x2: float,
    y2: float,
    colour: RGB,
    width: float = 1.2,
    head: float = 6.0,
    both: bool = False,
    dash: Sequence[float] | None = None,
) -> None:
    """A straight arrow from (x1, y1) to (x2, y2) with a filled head (two heads when `both`)."""
    length = math.hypot(x2 - x1, y2 - y1)
    if length < 1e-6:
        return
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    c.saveState()
    c.setStrokeColorRGB(*colour)
    c.setFillColorRGB(*colour)
    c.setLineWidth(width)
    c.setLineCap(0)
    if dash:
        c.setDash(*dash)
    sx, sy = (x1 + ux * head * 0.8, y1 + uy * head * 0.8) if both else (x1, y1)
    c.line(sx, sy, x2 - ux * head * 0.8, y2 - uy * head * 0.8)
    c.setDash()
    ends = [(x2, y2, ux, uy)] + ([(x1, y1, -ux, -uy)] if both else [])
    for ex, ey, vx, vy in ends:
        p = c.beginPath()
        p.moveTo(ex, ey)
        p.lineTo(ex - vx * head - vy * head * 0.42, ey - vy * head + vx * head * 0.42)
        p.lineTo(ex - vx * head + vy * head * 0.42, ey - vy * head - vx * head * 0.42)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    c.restoreState()


# --- a label on a patch -----------------------------------------------------------------------


def say(c: Canvas, style: Style, role: str, text: str, x: float, y: float, **how: Any) -> float:
    """One line of `text` set in a text role at baseline y; returns its width. `how` may give
    align (left | centre | right about x), colour (instead of the role's) and size (a size
    computed from a box, instead of the role's)."""
    face, size = style.font(role, how.get("size"))
    colour = how.get("colour") or style.ink_of(style.text(role).colour)
    return text_at(c, text, x, y, face, size, colour, how.get("align", "left"))


def label_patch(
    c: Canvas,
    style: Style,
    text: str,
    x: float,
    y: float,
    *,
    role: str = "label",
    size: float | None = None,
    colour: RGB | None = None,
    align: str = "centre",
    middle: bool = False,
    angle: float = 0.0,
    outline: str | None = None,
) -> float:
    """A short label on a patch of paper that hides what lies under it (a board line, a mark), or
    in an outlined tag, not filled, when `outline` names a colour role. (x, y) is on the text's
    baseline (its middle when `middle`) at the patch's left edge, centre or right edge (`align`);
    `angle` turns it about that point. Returns the patch's width."""
    face, sz = style.font(role, size)
    ink = colour if colour is not None else style.ink_of(style.text(role).colour)
    pad = sz * 0.4
    pw = string_width(text, face, sz) + 2 * pad
    left = {"left": 0.0, "right": -pw}.get(align, -pw / 2)
    base = -sz * 0.35 if middle else 0.0
    c.saveState()
    c.translate(x, y)
    if angle:
        c.rotate(angle)
    if outline is None:
        c.setFillColorRGB(*style.paper)
        c.rect(left, base - sz * 0.3, pw, sz * 1.25, stroke=0, fill=1)
    else:
        c.setStrokeColorRGB(*style.ink_of(outline))
        c.setLineWidth(0.6)
        c.roundRect(left, base - sz * 0.3, pw, sz * 1.25, sz * 0.3, stroke=1, fill=0)
    text_at(c, text, left + pad, base, face, sz, ink)
    c.restoreState()
    return pw


# --- bullets ----------------------------------------------------------------------------------

BULLET = "•  "


@dataclass(frozen=True)
class BulletFit:
    """Bulleted items wrapped at one size: `lines[i]` are item i's lines."""

    size: float
    lines: list[list[str]]
    style: TextStyle
    gap: float  # between items, as a multiple of the size

    @property
    def height(self) -> float:
        return bullets_height(self.lines, self.size, self.style, self.gap)

    @property
    def indent(self) -> float:
        return string_width(BULLET, self.style.face, self.size)


def bullets_height(lines: Sequence[Sequence[str]], size: float, style: TextStyle, gap: float = 0.45) -> float:
    """How tall wrapped items stand at `size`, `gap` x size between items."""
    return sum(tx.block_height(len(it), size, style) for it in lines) + gap * size * max(len(lines) - 1, 0)


def fit_bullets(
    items: Sequence[str], width: float, height: float, style: TextStyle, gap: float = 0.45
) -> BulletFit | None:
    """The largest size (style.size down to style.min_size) at which every item, wrapped beside its
    bullet, fits the box `width` x `height`; None if none does."""
    return _fit_bullets(items, width, height, style, gap)


def _fit_bullets(
    items: Sequence[str], width: float, height: float, style: TextStyle, gap: float
) -> BulletFit | None:
    size = style.size
    while size >= style.min_size - 1e-9:
        lines = tx.wrap_items(items, style.face, size, width)
        if lines is not None and bullets_height(lines, size, style, gap) <= height + 1e-6:
            return BulletFit(size, lines, style, gap)
        size = round(size - tx.STEP, 4)
    return None


def fit_bullets_or_fail(
    items: Sequence[str], width: float, height: float, style: TextStyle, what: str, gap: float = 0.45
) -> BulletFit:
    """fit_bullets, or one clear error naming `what` when nothing fits."""
    fitted = fit_bullets(items, width, height, style, gap)
    if fitted is None:
        raise tx.TextFitError(
            f"{what} does not fit its {width / mm:.0f}x{height / mm:.0f} mm box even at "
            f"{style.min_size:g} pt; shorten it"
        )
    return fitted


def draw_bullets(c: Canvas, fit: BulletFit, x: float, top: float, width: float, bullet: RGB) -> float:
    """Draw fitted items from `top` down in the box's `width`, each led by a bullet in the colour
    `bullet`; returns the foot of the last line."""
    size, st = fit.size, fit.style.but(align="left", valign="top")
    indent = fit.indent
    mark = st.but(color=bullet)
    y = top
    for i, lines in enumerate(fit.lines):
        h = tx.block_height(len(lines), size, st)
        tx.draw_lines(c, ["•"], x, y - h, indent, h, size, mark)
        tx.draw_lines(c, lines, x + indent, y - h, width - indent, h, size, st)
        y -= h
        if i < len(fit.lines) - 1:
            y -= fit.gap * size
    return y


AT_THE_COMPUTER = "At the computer"  # the one place command lines print (see computer_note)


def computer_note_height(lines: Sequence[str], width: float, style: Style) -> float:
    """How tall computer_note draws `lines` across `width`."""
    from generator.press.text import block_height, wrap

    st = style.text_style("table")
    n = sum(len(wrap(ln, st.face, st.size, width - 8 * mm) or [ln]) for ln in lines)
    return 9 * mm + block_height(n, st.size, st) + 1.2 * mm * len(lines)


def computer_note(c: Canvas, style: Style, x: float, top: float, width: float, lines: Sequence[str]) -> float:
    """A boxed note headed 'At the computer': the command lines for whoever prints with parlour,
    kept apart from the words for the person at the printer. Returns the box's bottom edge."""
    from generator.press.text import block_height, draw_text, wrap

    height = computer_note_height(lines, width, style)
    c.saveState()
    c.setStrokeColorRGB(*style.rule)
    c.setLineWidth(0.6)
    if style.tint is not None:
        c.setFillColorRGB(*style.tint)
    c.roundRect(x, top - height, width, height, 2 * mm, stroke=1, fill=1 if style.tint is not None else 0)
    c.restoreState()
    head_face, head_size = style.font("heading")
    text_at(
        c, AT_THE_COMPUTER, x + 4 * mm, top - 3 * mm - head_size * 0.8, head_face, head_size, style.accent
    )
    st = style.text_style("table", align="left", valign="top")
    y = top - 8 * mm
    for ln in lines:
        h = block_height(len(wrap(ln, st.face, st.size, width - 8 * mm) or [ln]), st.size, st)
        draw_text(c, ln, x + 4 * mm, y - h, width - 8 * mm, h + 0.5, st, "at the computer")
        y -= h + 1.2 * mm
    return top - height
