"""Fit text into a box: wrap at spaces, shrink in both width and height down to a floor, then fail clearly."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from generator.errors import ParlourError
from generator.press.fonts import _width_per_1000, register_fonts, runs, string_width

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


_EXTENTS: dict[str, tuple[float, float]] = {}


def _extent(face: str) -> tuple[float, float]:
    """Ascent and (positive) descent per point of size."""
    found = _EXTENTS.get(face)
    if found is None:
        register_fonts()
        asc, desc = pdfmetrics.getAscentDescent(face, 1000)
        found = _EXTENTS[face] = (asc / 1000, -desc / 1000)
    return found


def _wrap_words(
    paras: list[list[str]], w1000: dict[str, float], space1000: float, size: float, width: float
) -> list[str] | None:
    """wrap's greedy breaking of paragraphs already split into words, from each word's width at
    1000 pt (scaled as fonts.string_width scales it, so the sums are the same to the last bit)."""
    space = space1000 * size * 0.001
    limit = width + 1e-9
    lines: list[str] = []
    for words in paras:
        if not words:
            lines.append("")
            continue
        widths = [w1000[w] * size * 0.001 for w in words]  # fonts.string_width's order
        if max(widths) > limit:
            return None
        line, line_w = words[0], widths[0]
        for word, word_w in zip(words[1:], widths[1:], strict=True):
            trial_w = line_w + space + word_w
            if trial_w <= limit:
                line, line_w = f"{line} {word}", trial_w
            else:
                lines.append(line)
                line, line_w = word, word_w
        lines.append(line)
    return lines


Split = tuple[list[list[str]], dict[str, float], float]


def _split(text: str, face: str) -> Split:
    """`text`'s paragraphs split into words, each word's width at 1000 pt, and a space's."""
    paras = [para.split() for para in text.split("\n")]
    w1000 = {w: _width_per_1000(w, face) for words in paras for w in words}
    return paras, w1000, _width_per_1000(" ", face)


def wrap(text: str, face: str, size: float, width: float) -> list[str] | None:
    """Greedy word wrap; explicit newlines break paragraphs. None if one word alone is too wide."""
    return _wrap_words(*_split(text, face), size, width)


def block_height(n_lines: int, size: float, style: TextStyle) -> float:
    """Height of `n_lines` set at `size`: the pitch between lines plus one line's ink extent."""
    asc, desc = _extent(style.face)
    pitch = size * max(style.leading, asc + desc)
    return (n_lines - 1) * pitch + size * (asc + desc)


def fit(text: str, width: float, height: float, style: TextStyle) -> tuple[float, list[str]] | None:
    """The largest size (in STEP steps, from style.size to style.min_size) at which `text` fits."""
    found = _fit(text, width, height, style)
    return None if found is None else (found[0], list(found[1]))


def _fit(text: str, width: float, height: float, style: TextStyle) -> tuple[float, tuple[str, ...]] | None:
    paras, w1000, space1000 = _split(text, style.face)
    size = style.size
    while size >= style.min_size - 1e-9:
        lines = _wrap_words(paras, w1000, space1000, size, width)
        if lines is not None and block_height(len(lines), size, style) <= height + 1e-6:
            return size, tuple(lines)
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
        chunks = runs(line, style.face)
        for face, chunk in chunks:
            canvas.setFont(face, size)
            canvas.drawString(lx, baseline, chunk)
            if len(chunks) > 1:  # where the next chunk starts
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
    chunks = runs(text, face)
    for f, chunk in chunks:
        c.setFont(f, size)
        c.drawString(x, y, chunk)
        if len(chunks) > 1:  # where the next chunk starts
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


def draw_first_fitting(
    canvas: Canvas,
    texts: Sequence[str],
    box: tuple[float, float, float, float],
    style: TextStyle,
    what: str = "text",
) -> float:
    """Draw the first of `texts` (longest first) that fits the box at or above the style's floor,
    never breaking a word: a small card says less rather than print below the floor. An empty text
    means 'nothing' (returns 0); the last text is drawn or fails as draw_text does."""
    x, y, w, h = box
    for text in texts:
        if not text:
            return 0.0
        if fit(text, w, h, style) is not None or text == texts[-1]:
            return draw_text(canvas, text, x, y, w, h, style, what)
    return 0.0


def fit_line(text: str, width: float, style: TextStyle) -> float | None:
    """The largest size (in STEP steps, from style.size down to style.min_size) at which `text`
    fits `width` on one line, never broken: a label, a diagram's word, a name on a card. None when
    it does not fit even at the floor."""
    w1 = string_width(text, style.face, 1.0)
    if w1 <= 0:
        return style.size
    most = min(style.size, width / w1)
    size = style.size - math.ceil(round((style.size - most) / STEP, 6)) * STEP
    return round(size, 4) if size >= style.min_size - 1e-9 else None
