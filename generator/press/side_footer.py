"""The footer of card sheets, run up the side margins between crop marks: at 7 pt or more where the
margins hold it (every deck's usual sheets), never below 6 pt, never cut."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from generator.press.fonts import string_width
from generator.press.paper import mm

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

FACE = "Cond"
SIZE = 7.5  # the size a footer prints at when it fits in one stretch of margin
READABLE = 7.0  # else this, in one stretch or flowed over several (a family reads the sheet and page here)
SMALLER = (6.5, 6.0)  # only where the margins cannot hold it at READABLE (a long note beside odd cards)
MIN_SIZE = SMALLER[-1]  # nothing printed is smaller
SEP = "  ·  "  # where a footer prefers to break
END_PAD = 2 * mm  # clear of the crop marks at both ends of a stretch
EDGE = 8 * mm  # clear of the page's top and bottom edges (most printers lose the last 4-5 mm)
MIN_GAP = 10 * mm  # a stretch shorter than this holds no text
X_FROM_EDGE = 7 * mm

Gap = tuple[float, float]


BREAKS = (": ", ", ", " ")  # within a part, where a line may break, best first


def _split(piece: str, level: int) -> list[tuple[str, str, int]] | None:
    """`piece` broken at the best break from `level` on, as (joiner, chunk, next level); None if it
    has none. Punctuation stays with the chunk before the break."""
    for lv in range(level, len(BREAKS)):
        sep = BREAKS[lv]
        if sep in piece:
            parts = piece.split(sep)
            mark = sep.strip()
            return [
                ("" if i == 0 else " ", part + (mark if i < len(parts) - 1 else ""), lv + 1)
                for i, part in enumerate(parts)
            ]
    return None


def flow(text: str, widths: Sequence[float], measure: Callable[[str], float]) -> list[str] | None:
    """Fill stretches of the given widths, in order, with `text`: whole parts between separators
    where they fit, else broken at a colon or comma, else word by word. One line per stretch (''
    where none went), or None when the text does not fit in them all."""
    lines = [""] * len(widths)
    g = 0
    queue = [("" if i == 0 else SEP, part, 0) for i, part in enumerate(text.split(SEP))]
    while queue:
        if g >= len(widths):
            return None
        joiner, piece, level = queue.pop(0)
        if not lines[g]:
            joiner = ""
        if measure(lines[g] + joiner + piece) <= widths[g]:
            lines[g] += joiner + piece
            continue
        whole_later = any(measure(piece) <= w for w in widths[g + 1 :])
        chunks = None if lines[g] or whole_later else _split(piece, level)
        if chunks:  # too long for any stretch: break it, and place its chunks one by one
            queue[:0] = chunks
            continue
        g += 1  # the piece starts the next stretch
        queue.insert(0, ("", piece, level))
    return lines


def _measure(text: str, face: str, size: float) -> float:
    return string_width(text, face, size)


def usable(gaps: Sequence[Gap], height: float) -> list[Gap]:
    """The stretches of side margin that can hold text, bottom to top: clear of the marks and edges."""
    out = []
    for lo, hi in sorted(gaps):
        lo, hi = max(lo, EDGE), min(hi, height - EDGE)
        if hi - lo - 2 * END_PAD >= MIN_GAP:
            out.append((lo, hi))
    return out


def layout(
    text: str, best: Gap, gaps: Sequence[Gap], height: float, reverse: bool, face: str = FACE
) -> list[tuple[Gap, str, float]]:
    """(stretch, line, size) for one side's footer: in the best stretch at 7.5 pt, else at 7 pt,
    else flowed at 7 pt over every usable stretch in reading order (`reverse`: top to bottom);
    only if that cannot hold it, the same at 6.5 pt, then 6."""
    for size in (SIZE, READABLE):
        if string_width(text, face, size) <= best[1] - best[0] - 2 * END_PAD:
            return [(best, text, size)]
    order = usable(gaps, height)
    if reverse:
        order.reverse()
    widths = [hi - lo - 2 * END_PAD for lo, hi in order]
    for size in (READABLE, *SMALLER):
        if string_width(text, face, size) <= best[1] - best[0] - 2 * END_PAD:
            return [(best, text, size)]
        lines = flow(text, widths, functools.partial(_measure, face=face, size=size))
        if lines is not None:
            return [(gap, line, size) for gap, line in zip(order, lines, strict=True) if line]
    raise ValueError(f"the footer {text!r} does not fit in the side margins")


def draw_side_footer(
    c: Canvas,
    width: float,
    height: float,
    left: str,
    right: str,
    best: Gap,
    gaps: Sequence[Gap],
    face: str = FACE,
) -> None:
    """Draw `left` up the left margin and `right` down the right margin in `face` (fill colour set)."""
    for text, x, angle in ((left, X_FROM_EDGE, 90), (right, width - X_FROM_EDGE, -90)):
        for (lo, hi), line, size in layout(text, best, gaps or [best], height, angle < 0, face):
            c.saveState()
            c.translate(x, (lo + hi) / 2)
            c.rotate(angle)
            c.setFont(face, size)
            c.drawCentredString(0, -size / 3, line)
            c.restoreState()
