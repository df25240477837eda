"""Fit text into a box: wrap at spaces, shrink in both width and height down to a floor, then fail clearly."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from generator.errors import ParlourError
from generator.press.fonts import register_fonts, runs, string_width

STEP = 0.25  # points: how finely the size shrinks


class TextFitError(ParlourError):
    """Text that cannot fit its box even at the floor size."""


@dataclass(frozen=True)
class TextStyle:
    """How a block of text is set: face, largest and smallest size, line spacing, alignment, colour."""

    face: str = "Sans"
    size: float = 12.0
    min_size: float = 6.0
    leading: float = 1.22  # line pitch as a multiple of size; must cover ascent + descent
    align: str = "center"  # left | center | right
    valign: str = "middle"  # top | middle | bottom
    color: tuple[float, float, float] = (0.0, 0.0, 0.0)

    def but(self, **changes: object) -> TextStyle:
        return replace(self, **changes)  # type: ignore[arg-type]


def _extent(face: str) -> tuple[float, float]:
    """Ascent and (positive) descent per point of size."""
    register_fonts()
    asc, desc = pdfmetrics.getAscentDescent(face, 1000)
    return asc / 1000, -desc / 1000


def wrap(text: str, face: str, size: float, width: float) -> list[str] | None:
    """Greedy word wrap; explicit newlines break paragraphs. None if one word alone is too wide."""
    space = string_width(" ", face, size)
    widths: dict[str, float] = {}

    def wd(word: str) -> float:
        if word not in widths:
            widths[word] = string_width(word, face, size)
        return widths[word]

    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split()
        if not words:
            lines.append("")
            continue
        if max(wd(w) for w in words) > width + 1e-9:
            return None
        line, line_w = words[0], wd(words[0])
        for word in words[1:]:
            trial_w = line_w + space + wd(word)
            if trial_w <= width + 1e-9:
                line, line_w = f"{line} {word}", trial_w
            else:
                lines.append(line)
                line, line_w = word, wd(word)
        lines.append(line)
    return lines


def block_height(n_lines: int, size: float, style: TextStyle) -> float:
    """Height of `n_lines` set at `size`: the pitch between lines plus one line's ink extent."""
    asc, desc = _extent(style.face)
    pitch = size * max(style.leading, asc + desc)
    return (n_lines - 1) * pitch + size * (asc + desc)


def fit(text: str, width: float, height: float, style: TextStyle) -> tuple[float, list[str]] | None:
    """The largest size (in STEP steps, from style.size to style.min_size) at which `text` fits."""
    size = style.size
    while size >= style.min_size - 1e-9:
        lines = wrap(text, style.face, size, width)
        if lines is not None and block_height(len(lines), size, style) <= height + 1e-6:
            return size, lines
        size = round(size - STEP, 4)
    return None


def draw_lines(
    canvas: Canvas,
    lines: list[str],
    x: float,
    y: float,
    w: float,
    h: float,
    size: float,
    style: TextStyle,
) -> None:
    """Draw pre-wrapped lines into the box (x, y, w, h) with the style's alignment and glyph fallback."""
    asc, desc = _extent(style.face)
    pitch = size * max(style.leading, asc + desc)
    total = block_height(len(lines), size, style)
    if style.valign == "top":
        top = y + h
    elif style.valign == "bottom":
        top = y + total
    else:
        top = y + (h + total) / 2
    canvas.saveState()
    canvas.setFillColorRGB(*style.color)
    for i, line in enumerate(lines):
        baseline = top - size * asc - i * pitch
        lw = string_width(line, style.face, size)
        if style.align == "left":
            lx = x
        elif style.align == "right":
            lx = x + w - lw
        else:
            lx = x + (w - lw) / 2
        for face, chunk in runs(line, style.face):
            canvas.setFont(face, size)
            canvas.drawString(lx, baseline, chunk)
            lx += pdfmetrics.stringWidth(chunk, face, size)
    canvas.restoreState()


def draw_text(
    canvas: Canvas,
    text: str,
    x: float,
    y: float,
    w: float,
    h: float,
    style: TextStyle,
    what: str = "text",
) -> float:
    """Fit `text` into the box and draw it; returns the size used. `what` names it in the error."""
    fitted = fit(text, w, h, style)
    if fitted is None:
        short = text if len(text) <= 60 else text[:57] + "..."
        raise TextFitError(
            f"{what}: {short!r} does not fit its {w / 2.8346:.0f}x{h / 2.8346:.0f} mm box even at "
            f"{style.min_size:g} pt; shorten the text"
        )
    size, lines = fitted
    draw_lines(canvas, lines, x, y, w, h, size, style)
    return size


def text_at(
    c: Canvas,
    text: str,
    x: float,
    y: float,
    face: str,
    size: float,
    color: tuple[float, float, float],
    align: str = "left",
) -> float:
    """One line at baseline y with glyph fallback, aligned left/centre/right about x; returns its width."""
    register_fonts()
    width = string_width(text, face, size)
    if align == "centre":
        x -= width / 2
    elif align == "right":
        x -= width
    c.setFillColorRGB(*color)
    for f, chunk in runs(text, face):
        c.setFont(f, size)
        c.drawString(x, y, chunk)
        x += pdfmetrics.stringWidth(chunk, f, size)
    return width


def wrap_items(lines: Sequence[str], face: str, size: float, width: float) -> list[list[str]] | None:
    """Wrap each bullet item to the width left after its bullet; None if a word cannot fit."""
    indent = string_width("•  ", face, size)
    out = []
    for line in lines:
        wrapped = wrap(line, face, size, width - indent)
        if wrapped is None:
            return None
        out.append(wrapped)
    return out
