"""The pack cover's picture: the games' own pieces laid out on a table, drawn with the page's
style (outlines only in the ink saver) - a Doublets ladder, a Chimera playing card, Fighting Words
letter cards, a Riddle Craft card, a piecepack tile and coin.

The picture is designed on a 200 x 135 grid and scaled to its box; every word it shows is one the
rules pages print too (the COLD to WARM chain, SEVEN CLUB, I glow)."""

from __future__ import annotations

from contextvars import ContextVar

from reportlab.pdfgen.canvas import Canvas

from generator.press.fonts import register_fonts, string_width
from generator.press.style import RGB, Style

__all__ = ["draw_cover_picture", "LADDER", "GRID"]

GRID = (200.0, 135.0)  # the picture's design units: it keeps this shape, scaled to its box
LADDER = ("COLD", "CORD", "CARD", "WARD", "WARM")  # the Doublets chain the rules set out too
CARD = (25.0, 35.0)  # a poker card in design units (63.5 x 88.9 mm, near enough)
LEAST_PT = 7.0  # text that would print smaller than this is drawn as a grey line its width
_SCALE: ContextVar[float] = ContextVar("cover_art_scale", default=1.0)  # design unit -> points


def _fill(style: Style, colour: RGB | None) -> RGB:
    """`colour` where the style fills large areas, else paper (the ink saver draws outlines)."""
    return colour if (colour is not None and style.fills) else style.paper


def _card(
    c: Canvas, style: Style, x: float, y: float, turn: float, edge: RGB, fill: RGB | None = None
) -> None:
    """A card's outline (and fill) with its bottom-left at (x, y), turned `turn` degrees about its
    centre; the caller draws on it in card units after _on_card."""
    w, h = CARD
    c.translate(x + w / 2, y + h / 2)
    c.rotate(turn)
    c.translate(-w / 2, -h / 2)
    c.setFillColorRGB(*_fill(style, fill) if fill is not None else style.paper)
    c.setStrokeColorRGB(*edge)
    c.setLineWidth(0.35)
    c.roundRect(0, 0, w, h, 1.6, stroke=1, fill=1)


def _text(
    c: Canvas, text: str, x: float, y: float, face: str, size: float, ink: RGB, centre: bool = True
) -> None:
    """`text` at (x, y); as a line its width where the picture is too small to print it legibly."""
    k = _SCALE.get()  # set in points, not design units: the PDF says the size it prints at
    if size * k < LEAST_PT:
        width = string_width(text, face, size)
        left = x - width / 2 if centre else x
        c.saveState()
        c.setStrokeColorRGB(*ink)
        c.setLineWidth(size * 0.2)
        c.setLineCap(1)
        c.line(left, y + size * 0.3, left + width, y + size * 0.3)
        c.restoreState()
        return
    c.saveState()
    c.scale(1 / k, 1 / k)
    c.setFillColorRGB(*ink)
    c.setFont(face, size * k)
    if centre:
        c.drawCentredString(x * k, y * k, text)
    else:
        c.drawString(x * k, y * k, text)
    c.restoreState()


def _ladder(c: Canvas, style: Style, x: float, y: float) -> None:
    """The Doublets ladder: two rails, and a word on each rung, its changed letter in the accent."""
    rung_w, pitch, n = 30.0, 15.0, len(LADDER)
    top = y + pitch * (n - 1) + 6
    c.setStrokeColorRGB(*style.rule)
    c.setLineWidth(0.9)
    for rx in (x - 2, x + rung_w + 2):
        c.line(rx, y - 5, rx, top + 4)
    face = style.font("strong")[0]
    for i, word in enumerate(LADDER):
        cy = top - 6 - i * pitch
        c.setFillColorRGB(*_fill(style, style.tint if i in (0, n - 1) else None))
        c.setStrokeColorRGB(*(style.accent if i in (0, n - 1) else style.rule))
        c.setLineWidth(0.6 if i in (0, n - 1) else 0.35)
        c.roundRect(x, cy - 4.5, rung_w, 9, 1.5, stroke=1, fill=1)
        prev = LADDER[i - 1] if i else word
        size = 6.2
        left = x + rung_w / 2 - string_width(word, face, size) / 2
        for k, ch in enumerate(word):
            changed = ch != prev[k]
            _text(
                c,
                ch,
                left,
                cy - size * 0.35,
                face,
                size,
                style.accent if changed else style.ink,
                centre=False,
            )
            left += string_width(ch, face, size)


def _chimera(c: Canvas, style: Style, x: float, y: float) -> None:
    """A Chimera's Lair card: 7 of clubs in its corners, its two words and a pip."""
    c.saveState()
    _card(c, style, x, y, -9, style.ink)
    w, h = CARD
    face = style.font("strong")[0]
    serif = style.font("title")[0]
    _text(c, "7", 3.2, h - 5.5, face, 4.2, style.ink)
    _text(c, "♣", 3.2, h - 9.6, "Sans", 3.6, style.ink)
    _text(c, "SEVEN", w / 2, h * 0.62, serif, 3.6, style.ink)
    _text(c, "♣", w / 2, h * 0.40, "Sans", 8.0, style.ink)
    _text(c, "CLUB", w / 2, h * 0.26, serif, 3.6, style.ink)
    c.restoreState()


def _letters(c: Canvas, style: Style, x: float, y: float) -> None:
    """Fighting Words letter cards fanned out: W, O, R, D, each big on a tinted square."""
    face = style.font("strong")[0]
    for i, ch in enumerate("WORD"):
        c.saveState()
        _card(c, style, x + i * 20, y + (4 if i in (1, 2) else 0), 0, style.accent)  # upright: read as a word
        w, h = CARD
        c.setFillColorRGB(*_fill(style, style.tint))
        c.roundRect(3, h * 0.22, w - 6, h * 0.56, 1.2, stroke=0, fill=1)
        _text(c, ch, w / 2, h * 0.34, face, 13, style.ink)
        _text(c, ch, 3.5, h - 5, face, 3.6, style.ink)
        c.restoreState()


def _riddle(c: Canvas, style: Style, x: float, y: float) -> None:
    """A Riddle Craft card, 'I glow', and one face down on the deck's back beside it."""
    w, h = CARD
    c.saveState()
    _card(c, style, x + 7, y + 2, 12, style.back_ink if style.fills else style.accent, style.back_fill)
    ink = style.back_ink if style.fills else style.accent
    _text(c, "?", w / 2, h * 0.36, style.font("title")[0], 14, ink)
    c.restoreState()
    c.saveState()
    _card(c, style, x, y, 4, style.accent)
    serif = style.font("title")[0]
    _text(c, "I glow", w / 2, h * 0.5, serif, 4.6, style.ink)
    c.setStrokeColorRGB(*style.rule)
    c.setLineWidth(0.3)
    c.line(w / 2 - 3, 5.4, w / 2 + 3, 5.4)
    _text(c, "What am I?", w / 2, 2.8, style.font("caption")[0], 2.2, style.muted)
    c.restoreState()


def _piecepack(c: Canvas, style: Style, x: float, y: float) -> None:
    """A piecepack tile (a square split in four, a suit in one quarter) and a coin on it."""
    side = 30.0
    suns = style.suits.get("suns", style.accent)
    c.saveState()
    c.translate(x, y)
    c.rotate(-4)
    c.setFillColorRGB(*_fill(style, style.tint))
    c.setStrokeColorRGB(*style.ink)
    c.setLineWidth(0.5)
    c.rect(0, 0, side, side, stroke=1, fill=1)
    c.setLineWidth(0.3)
    c.line(side / 2, 0, side / 2, side)
    c.line(0, side / 2, side, side / 2)
    _text(c, "☀", side * 0.25, side * 0.62, "Sans", 8.5, suns)
    _text(c, "A", side * 0.75, side * 0.10, style.font("strong")[0], 8, style.ink)
    # the coin, lying across a corner
    c.setFillColorRGB(*style.paper)
    c.setStrokeColorRGB(*style.ink)
    c.setLineWidth(0.5)
    c.circle(side * 0.86, side * 0.88, 7.5, stroke=1, fill=1)
    _text(c, "5", side * 0.86, side * 0.88 - 2.6, style.font("strong")[0], 7.5, style.ink)
    c.restoreState()


def draw_cover_picture(c: Canvas, style: Style, x: float, y: float, w: float, h: float) -> None:
    """The picture, as large as fits the box (x, y its bottom-left), centred in it."""
    register_fonts()
    k = min(w / GRID[0], h / GRID[1])
    token = _SCALE.set(k)
    c.saveState()
    c.translate(x + (w - GRID[0] * k) / 2, y + (h - GRID[1] * k) / 2)
    c.scale(k, k)
    _ladder(c, style, 6, 52)
    _chimera(c, style, 48, 86)
    _letters(c, style, 82, 92)
    _riddle(c, style, 46, 30)
    _piecepack(c, style, 96, 34)
    _words_on_table(c, style)
    c.restoreState()
    _SCALE.reset(token)


def _words_on_table(c: Canvas, style: Style) -> None:
    """The last of the pieces: a scoring pad's corner with names and marks, at the right."""
    x, y, w, h = 140.0, 22.0, 52.0, 62.0
    c.saveState()
    c.translate(x, y)
    c.rotate(5)
    c.setFillColorRGB(*style.paper)
    c.setStrokeColorRGB(*style.rule)
    c.setLineWidth(0.4)
    c.rect(0, 0, w, h, stroke=1, fill=1)
    face = style.font("strong")[0]
    _text(c, "Doublets: scoring", 3, h - 6, face, 3.6, style.accent, centre=False)
    c.setLineWidth(0.25)
    for i in range(7):
        yy = h - 12 - i * 6.5
        c.line(3, yy, w - 3, yy)
    c.line(w * 0.5, h - 9, w * 0.5, 4)
    hand = style.font("body")[0]
    for i, (name, mark) in enumerate((("Ann", "4"), ("Ben", "6"), ("Cleo", "2"))):
        yy = h - 10.5 - i * 6.5
        _text(c, name, 4, yy - 4.2, hand, 3.6, style.ink, centre=False)
        _text(c, mark, w * 0.75, yy - 4.2, hand, 3.6, style.ink)
    c.restoreState()
