"""How Fighting Words looks on paper: letter, event and reference card faces and the common back."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from generator.games.fighting_words import Deck, EventCard, ReferenceCard
from generator.press.cards import Card, CardBox, CardSize, Drawer
from generator.press.fonts import FACES, FONTS_DIR, register_fonts, string_width
from generator.press.paper import mm
from generator.press.style import RGB, Style
from generator.press.text import (
    TextFitError,
    TextStyle,
    block_height,
    draw_lines,
    draw_text,
    wrap_items,
)

GAME = "Fighting Words"
POKER = (63.5 * mm, 88.9 * mm)

#: Capitals print clearer than lowercase (no b/d/p/q to mix up upside down). Of the capitals, M and
#: W swap when turned half round (the word lies between players facing each other), and N and Z
#: when turned a quarter: these carry a bar under the letter, so its foot is never in doubt.
UNDERLINED = frozenset("MWNZ")

LETTER_FACE = "Sans-Bold"
LETTER_CAP = 0.40  # the big letter's capital height, as a share of the card's height
INDEX_CAP = 0.075  # the corner letters' capital height, the same way

#: The timing mark of an event card: the big word, and what follows it in small type.
TIMING_MARKS: dict[str, tuple[str, str]] = {
    "immediate": ("PLAY AT ONCE", "as soon as you draw it"),
    "keep": ("KEEP", "in your hand until you need it"),
}

REF_SIZES = (10.5, 5.5)  # reference card body text: largest and smallest size tried
REFERENCE_SETS = 2  # copies of the reference cards: one set for each end of the table
CREAM: RGB = (0.98, 0.95, 0.86)  # ink on the filled back
WHITE: RGB = (1.0, 1.0, 1.0)
FRAME_INSET = 2.2 * mm  # the frame sits between the trim and the safe area


def _scale(box: CardBox) -> float:
    """How big this card is next to a poker card (1.0), so sizes follow the card preset."""
    return min(box.width / POKER[0], box.height / POKER[1])


def _blend(a: RGB, b: RGB, t: float) -> RGB:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)


@cache
def _ink_x(face: str, ch: str) -> tuple[float, float]:
    """Left and right of a glyph's ink from its origin, per point of size (to centre it by eye)."""
    from PIL import ImageFont

    font = ImageFont.truetype(str(FONTS_DIR / FACES[face]), 1000)
    left, _, right, _ = font.getbbox(ch, anchor="ls")
    return (left / 1000, right / 1000)


@cache
def _cap_height(face: str) -> float:
    """Capital height per point of size."""
    register_fonts()
    font = pdfmetrics.getFont(face)
    cap = getattr(font.face, "capHeight", 0) or 729
    return cap / 1000


def _frame(c: Canvas, box: CardBox, color: RGB, width: float = 0.7, inset: float = FRAME_INSET) -> None:
    c.saveState()
    c.setStrokeColorRGB(*color)
    c.setLineWidth(width)
    r = 2.4 * mm * _scale(box)
    c.roundRect(inset, inset, box.width - 2 * inset, box.height - 2 * inset, r, stroke=1, fill=0)
    c.restoreState()


def _fill_bleed(c: Canvas, box: CardBox, color: RGB) -> None:
    c.saveState()
    c.setFillColorRGB(*color)
    b = box.bleed
    c.rect(-b, -b, box.width + 2 * b, box.height + 2 * b, stroke=0, fill=1)
    c.restoreState()


# ---------------------------------------------------------------------------------------------
# Letter cards


@dataclass(frozen=True)
class LetterFace:
    """Where a letter card's parts go (card coordinates): the big letter and the two corner ones."""

    size: float  # the big letter
    baseline: float  # its baseline
    index_size: float  # the corner letters
    index_x: float  # centre of the top-left corner letter
    index_baseline: float  # its baseline (the bottom-right one is the same turned half round)


def letter_face(box: CardBox) -> LetterFace:
    """The layout of a letter card in `box`: one size for every letter, so the deck looks even."""
    sx, sy, sw, sh = box.inner
    cap = _cap_height(LETTER_FACE)
    widest = max(string_width(ch, LETTER_FACE, 1.0) for ch in "MW")
    size = min(LETTER_CAP * box.height / cap, 0.74 * sw / widest)
    index_size = INDEX_CAP * box.height / cap
    pad = 1.2 * mm * _scale(box)
    index_w = widest * index_size
    return LetterFace(
        size=size,
        baseline=box.height / 2 - size * cap / 2,
        index_size=index_size,
        index_x=sx + pad + index_w / 2,
        index_baseline=sy + sh - pad - index_size * cap,
    )


def _letter(c: Canvas, ch: str, cx: float, baseline: float, size: float, color: RGB) -> None:
    """One capital with its ink centred on cx, and a bar beneath it if turned round it could pass
    for another letter."""
    left, right = _ink_x(LETTER_FACE, ch)
    w = (right - left) * size
    c.setFillColorRGB(*color)
    c.setFont(LETTER_FACE, size)
    c.drawString(cx - (left + right) / 2 * size, baseline, ch)
    if ch in UNDERLINED:
        bar_w, bar_h = 0.62 * w, 0.055 * size
        c.rect(cx - bar_w / 2, baseline - 0.09 * size - bar_h, bar_w, bar_h, stroke=0, fill=1)


def letter_front(letter: str, style: Style) -> Drawer:
    """A letter card: the capital large in the middle, and small in two opposite corners, one of
    them turned half round, so the card reads from either side of the table."""
    ch = letter.upper()

    def draw(c: Canvas, box: CardBox) -> None:
        register_fonts()
        face = letter_face(box)
        k = _scale(box)
        _frame(c, box, style.accent, 0.8)
        sx, sy, sw, sh = box.inner
        if style.tint is not None and not style.ink_saver:  # a pale tile behind the big letter
            c.saveState()
            c.setFillColorRGB(*style.tint)
            tw, th = sw - 6 * mm * k, face.size * _cap_height(LETTER_FACE) + 16 * mm * k
            c.roundRect((box.width - tw) / 2, (box.height - th) / 2, tw, th, 3 * mm * k, stroke=0, fill=1)
            c.restoreState()
        c.saveState()
        _letter(c, ch, box.width / 2, face.baseline, face.size, style.ink)
        _letter(c, ch, face.index_x, face.index_baseline, face.index_size, style.ink)
        c.translate(box.width, box.height)  # the same corner letter, turned half round
        c.rotate(180)
        _letter(c, ch, face.index_x, face.index_baseline, face.index_size, style.ink)
        c.restoreState()

    return draw


# ---------------------------------------------------------------------------------------------
# Event cards


def _bolt(c: Canvas, cx: float, cy: float, h: float) -> None:
    """A lightning bolt (play at once), filled, its height h, centred on (cx, cy)."""
    pts = [
        (0.18, 0.5),
        (-0.30, -0.04),
        (-0.02, -0.04),
        (-0.16, -0.5),
        (0.32, 0.08),
        (0.04, 0.08),
        (0.18, 0.5),
    ]
    p = c.beginPath()
    p.moveTo(cx + pts[0][0] * h, cy + pts[0][1] * h)
    for x, y in pts[1:]:
        p.lineTo(cx + x * h, cy + y * h)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def _hourglass(c: Canvas, cx: float, cy: float, h: float, width: float) -> None:
    """An hourglass (keep for later), outlined, with sand settled in its lower half."""
    w = 0.56 * h
    p = c.beginPath()
    p.moveTo(cx - w / 2, cy + h / 2)
    p.lineTo(cx + w / 2, cy + h / 2)
    p.lineTo(cx + 0.06 * h, cy)
    p.lineTo(cx + w / 2, cy - h / 2)
    p.lineTo(cx - w / 2, cy - h / 2)
    p.lineTo(cx - 0.06 * h, cy)
    p.close()
    c.setLineWidth(width)
    c.setLineJoin(1)
    c.drawPath(p, stroke=1, fill=0)
    s = c.beginPath()  # the sand
    s.moveTo(cx - w / 2 + 0.08 * h, cy - h / 2 + 0.05 * h)
    s.lineTo(cx + w / 2 - 0.08 * h, cy - h / 2 + 0.05 * h)
    s.lineTo(cx, cy - 0.16 * h)
    s.close()
    c.drawPath(s, stroke=0, fill=1)
    c.line(cx - w / 2 - 0.1 * h, cy + h / 2, cx + w / 2 + 0.1 * h, cy + h / 2)
    c.line(cx - w / 2 - 0.1 * h, cy - h / 2, cx + w / 2 + 0.1 * h, cy - h / 2)


@dataclass(frozen=True)
class EventFace:
    """Where an event card's parts go (card coordinates), for drawing and for tests."""

    band: tuple[float, float, float, float]  # the timing mark
    name: tuple[float, float, float, float]
    text: tuple[float, float, float, float]
    foot: tuple[float, float, float, float]  # the timing mark again, small and turned half round


def event_face(box: CardBox) -> EventFace:
    k = _scale(box)
    sx, sy, sw, sh = box.inner
    band_h = 14 * mm * k
    name_h = 15 * mm * k
    gap = 2.2 * mm * k
    pad = 1.5 * mm * k
    top = sy + sh - 0.6 * mm * k  # the band keeps clear of the frame
    band = (sx + 0.9 * mm * k, top - band_h, sw - 1.8 * mm * k, band_h)
    name = (sx + pad, top - band_h - gap - name_h, sw - 2 * pad, name_h)
    foot_h = 6.5 * mm * k
    foot = (sx + sw * 0.2, sy + 0.6 * mm * k, sw * 0.6, foot_h)
    text_top = name[1] - gap - 1.0 * mm * k
    text_bottom = foot[1] + foot_h + gap
    text = (sx + pad, text_bottom, sw - 2 * pad, text_top - text_bottom)
    return EventFace(band, name, text, foot)


def _timing_mark(
    c: Canvas,
    event: EventCard,
    rect: tuple[float, float, float, float],
    k: float,
    style: Style,
    small: bool = False,
) -> None:
    """The band that says when the card is played: a solid band with a bolt for PLAY AT ONCE, a
    dashed outline with an hourglass for KEEP (ink-saver: a heavy double outline instead of the
    fill). `small`: the word alone, no explanation."""
    x, y, w, h = rect
    word, rest = TIMING_MARKS[event.timing]
    now = event.timing == "immediate"
    r = 1.8 * mm * k
    c.saveState()
    c.setStrokeColorRGB(*style.ink)
    if now and not style.ink_saver:
        c.setFillColorRGB(*style.ink)
        c.roundRect(x, y, w, h, r, stroke=0, fill=1)
        ink: RGB = WHITE
    elif now:
        c.setLineWidth(1.6)
        c.roundRect(x, y, w, h, r, stroke=1, fill=0)
        c.setLineWidth(0.5)
        d = (0.6 if small else 0.9) * mm
        c.roundRect(x + d, y + d, w - 2 * d, h - 2 * d, max(r - d, 0.5), stroke=1, fill=0)
        ink = style.ink
    else:
        c.setLineWidth(0.9)
        c.setDash(2.2, 1.6)
        c.roundRect(x, y, w, h, r, stroke=1, fill=0)
        c.setDash()
        ink = style.ink
    icon_w = h * 0.78
    c.setFillColorRGB(*ink)
    c.setStrokeColorRGB(*ink)
    if now:
        _bolt(c, x + icon_w / 2 + 1.2 * mm * k, y + h / 2, h * 0.66)
    else:
        _hourglass(c, x + icon_w / 2 + 1.2 * mm * k, y + h / 2, h * 0.56, 0.9 * k)
    c.restoreState()
    tx = x + icon_w + 1.6 * mm * k
    tw = w - icon_w - 3.2 * mm * k
    what = f"event card {event.name!r}"
    if small:
        head = TextStyle("Sans-Bold", 8 * k, 5, align="left", color=ink)
        draw_text(c, word, tx, y + h * 0.2, tw, h * 0.6, head, what)
        return
    head = TextStyle("Sans-Bold", 12.5 * k, 6, align="left", valign="bottom", color=ink)
    draw_text(c, word, tx, y + h * 0.44, tw, h * 0.48, head, what)
    sub = TextStyle("Cond", 8 * k, 5, align="left", valign="top", color=ink)
    draw_text(c, rest, tx, y + h * 0.08, tw, h * 0.34, sub, what)


def event_front(event: EventCard, style: Style) -> Drawer:
    """An event card: when to play it (the timing mark), its name, and what it does."""
    what = f"event card {event.name!r}"

    def draw(c: Canvas, box: CardBox) -> None:
        k = _scale(box)
        face = event_face(box)
        _frame(c, box, style.accent, 0.8)
        _timing_mark(c, event, face.band, k, style)
        x, y, w, h = face.name
        draw_text(
            c, event.name, x, y, w, h, TextStyle("Serif-Bold", 17 * k, 9, 1.1, color=style.accent), what
        )
        c.saveState()
        c.setStrokeColorRGB(*style.rule)
        c.setLineWidth(0.5)
        rule_y = y - 1.1 * mm * k
        c.line(box.width / 2 - 12 * mm * k, rule_y, box.width / 2 + 12 * mm * k, rule_y)
        c.restoreState()
        x, y, w, h = face.text
        body = TextStyle("Serif", 11 * k, 6.5, 1.25, color=style.ink)
        draw_text(c, event.text, x, y, w, h, body, what)
        # the mark again at the foot, turned half round: it reads from across the table
        fx, fy, fw_, fh = face.foot
        c.saveState()
        c.translate(box.width, box.height)
        c.rotate(180)
        _timing_mark(c, event, (box.width - fx - fw_, box.height - fy - fh, fw_, fh), k, style, small=True)
        c.restoreState()

    return draw


# ---------------------------------------------------------------------------------------------
# Reference cards


def _items_height(items: list[list[str]], size: float, style: TextStyle) -> float:
    return sum(block_height(len(it), size, style) for it in items) + 0.45 * size * (len(items) - 1)


def _row_h(k: float) -> float:
    return 5.4 * mm * k


def _table_room(ref: ReferenceCard, k: float) -> float:
    """Height the table takes under the lines, with the gap above it (0 without a table)."""
    return len(ref.table) * _row_h(k) + 3 * mm * k if ref.table else 0.0


def _ref_body(ref: ReferenceCard, box: CardBox) -> tuple[float, float, float, float]:
    """The box (x, y, w, h) the bullet lines may use: all of the card below the title, less the
    room the table needs (it follows right under the lines)."""
    k = _scale(box)
    sx, sy, sw, sh = box.inner
    pad = 1.8 * mm * k
    bottom = sy + 1.4 * mm * k + _table_room(ref, k)
    top = sy + sh - 11 * mm * k
    return (sx + pad, bottom, sw - 2 * pad, top - bottom)


def fit_reference(ref: ReferenceCard, box: CardBox) -> float | None:
    """The largest body size at which the card's lines fit above its table, or None."""
    _, _, w, h = _ref_body(ref, box)
    size = round(REF_SIZES[0] * _scale(box) * 4) / 4
    while size >= REF_SIZES[1] - 1e-9:
        items = wrap_items(ref.lines, "Cond", size, w)
        if items is not None and _items_height(items, size, TextStyle("Cond", size, size, 1.16)) <= h:
            return size
        size = round(size - 0.25, 4)
    return None


def reference_size(refs: Sequence[ReferenceCard], box: CardBox) -> float:
    """One body size for every reference card (the smallest any needs), so they read alike."""
    sizes = []
    for ref in refs:
        size = fit_reference(ref, box)
        if size is None:
            raise TextFitError(
                f"reference card {ref.title!r} does not fit the card even at {REF_SIZES[1]:g} pt; "
                "shorten its lines or choose a larger --card"
            )
        sizes.append(size)
    return min(sizes) if sizes else REF_SIZES[0]


def _table(
    c: Canvas,
    rows: Sequence[tuple[str, str]],
    x: float,
    y: float,
    w: float,
    k: float,
    style: Style,
    what: str,
) -> None:
    """A two-column ruled table, its top-left at (x, y + its height), striped when fills are allowed."""
    rh = _row_h(k)
    left_w = w * 0.62
    c.saveState()
    for i in range(len(rows)):
        ry = y + (len(rows) - 1 - i) * rh
        if i % 2 == 0 and style.tint is not None and not style.ink_saver:
            c.setFillColorRGB(*style.tint)
            c.rect(x, ry, w, rh, stroke=0, fill=1)
    c.setStrokeColorRGB(*style.accent)
    c.setLineWidth(0.7)
    c.rect(x, y, w, len(rows) * rh, stroke=1, fill=0)
    c.setLineWidth(0.3)
    for i in range(1, len(rows)):
        c.line(x, y + i * rh, x + w, y + i * rh)
    c.line(x + left_w, y, x + left_w, y + len(rows) * rh)
    c.restoreState()
    pad = 1.2 * mm * k
    cell_l = TextStyle("Cond", 8.5 * k, 5, align="left", color=style.ink)
    cell_r = TextStyle("Cond-Bold", 8.5 * k, 5, align="left", color=style.ink)
    for i, (left, right) in enumerate(rows):
        ry = y + (len(rows) - 1 - i) * rh
        draw_text(c, left, x + pad, ry + 0.5, left_w - 2 * pad, rh - 1, cell_l, what)
        draw_text(c, right, x + left_w + pad, ry + 0.5, w - left_w - 2 * pad, rh - 1, cell_r, what)


def reference_front(ref: ReferenceCard, size: float, style: Style) -> Drawer:
    """A reference card: its title, short bulleted lines, and its table if it has one."""
    what = f"reference card {ref.title!r}"

    def draw(c: Canvas, box: CardBox) -> None:
        k = _scale(box)
        sx, sy, sw, sh = box.inner
        _frame(c, box, style.accent, 0.8)
        title_h = 9 * mm * k
        head = TextStyle("Serif-Bold", 13 * k, 7, color=style.accent)
        draw_text(c, ref.title, sx, sy + sh - title_h, sw, title_h, head, what)
        c.saveState()
        c.setStrokeColorRGB(*style.accent)
        c.setLineWidth(0.5)
        rule_y = sy + sh - title_h - 0.6 * mm * k
        c.line(box.width / 2 - sw * 0.3, rule_y, box.width / 2 + sw * 0.3, rule_y)
        c.restoreState()
        bx, by, bw, bh = _ref_body(ref, box)
        body = TextStyle("Cond", size, size, 1.16, align="left", valign="top", color=style.ink)
        items = wrap_items(ref.lines, "Cond", size, bw)
        if items is None or _items_height(items, size, body) > bh + 1e-6:
            raise TextFitError(f"{what} does not fit the card at {size:g} pt; shorten its lines")
        indent = string_width("•  ", "Cond", size)
        y = by + bh
        for it in items:
            hgt = block_height(len(it), size, body)
            draw_lines(c, ["•"], bx, y - hgt, indent, hgt, size, body.but(color=style.accent))
            draw_lines(c, it, bx + indent, y - hgt, bw - indent, hgt, size, body)
            y -= hgt + 0.45 * size
        if ref.table:
            y += 0.45 * size  # back to the foot of the last line
            table_top = y - 3 * mm * k
            _table(c, ref.table, bx, table_top - len(ref.table) * _row_h(k), bw, k, style, what)

    return draw


# ---------------------------------------------------------------------------------------------
# The common back


def _tile(
    c: Canvas, ch: str, cx: float, cy: float, side: float, angle: float, paper: RGB, ink: RGB, fill: bool
) -> None:
    """A letter tile turned by `angle` degrees: a rounded square with a capital in it."""
    c.saveState()
    c.translate(cx, cy)
    c.rotate(angle)
    c.setStrokeColorRGB(*ink if not fill else paper)
    c.setFillColorRGB(*paper)
    c.setLineWidth(max(0.8, side * 0.02))
    c.roundRect(-side / 2, -side / 2, side, side, side * 0.14, stroke=0 if fill else 1, fill=1 if fill else 0)
    size = side * 0.72 / _cap_height(LETTER_FACE) * 0.78
    left, right = _ink_x(LETTER_FACE, ch)
    c.setFillColorRGB(*ink)
    c.setFont(LETTER_FACE, size)
    c.drawString(-(left + right) / 2 * size, -size * _cap_height(LETTER_FACE) / 2, ch)
    c.restoreState()


def common_back(style: Style) -> Drawer:
    """The back every card shares: the game's name around two letter tiles squaring up to each
    other. Filled with style.back_fill; an outline design in ink-saver mode."""

    def draw(c: Canvas, box: CardBox) -> None:
        register_fonts()
        k = _scale(box)
        w, h = box.width, box.height
        sx, sy, sw, sh = box.inner
        filled = style.back_fill is not None and not style.ink_saver
        if filled:
            assert style.back_fill is not None
            _fill_bleed(c, box, style.back_fill)
            ink, soft, paper = CREAM, _blend(style.back_fill, CREAM, 0.3), CREAM
            letter_ink = style.back_fill
        else:
            ink, soft, paper, letter_ink = style.ink, style.rule, WHITE, style.ink
        _frame(c, box, ink, 0.9)
        _frame(c, box, soft, 0.4, inset=FRAME_INSET + 1.1 * mm * k)
        cx, cy = w / 2, h / 2
        # a ring of small diamonds around the middle
        c.saveState()
        c.setStrokeColorRGB(*soft)
        c.setLineWidth(1.2 * k)
        r = min(sw, sh) * 0.44
        c.circle(cx, cy, r, stroke=1, fill=0)
        c.setLineWidth(0.5 * k)
        c.circle(cx, cy, r - 2.2 * mm * k, stroke=1, fill=0)
        c.restoreState()
        side = r * 0.66
        _tile(c, "F", cx - side * 0.62, cy - side * 0.08, side, -11, paper, letter_ink, filled)
        _tile(c, "W", cx + side * 0.62, cy - side * 0.08, side, 11, paper, letter_ink, filled)
        c.saveState()  # the spark where they clash
        c.setFillColorRGB(*ink)
        _bolt(c, cx, cy + side * 0.62, side * 0.5)
        c.restoreState()
        # the name above and below, letter-spaced capitals
        band = 10 * mm * k
        title = TextStyle("Serif-Bold", 15 * k, 8, color=ink)
        draw_text(c, "F I G H T I N G", sx, sy + sh - band - 1.5 * mm * k, sw, band, title, "card back")
        draw_text(c, "W O R D S", sx, sy + 1.5 * mm * k, sw, band, title, "card back")

    return draw


# ---------------------------------------------------------------------------------------------
# The whole deck as cards


def letter_cards(deck: Deck, style: Style) -> list[Card]:
    """One Card per letter card of the deck, a to z."""
    return [
        Card(f"letter card {ch.upper()}", letter_front(ch, style))
        for ch in deck.cards()
        if isinstance(ch, str)
    ]


def event_cards(deck: Deck, style: Style) -> list[Card]:
    """One Card per event card of the deck, in the template's order."""
    return [
        Card(f"event card {e.name!r}", event_front(e, style)) for e in deck.events for _ in range(e.count)
    ]


def reference_cards(deck: Deck, card: CardSize, style: Style, sets: int = REFERENCE_SETS) -> list[Card]:
    """The reference cards, `sets` times over, all at one body size."""
    size = reference_size(deck.reference, CardBox(card.width, card.height))
    one = [Card(f"reference card {r.title!r}", reference_front(r, size, style)) for r in deck.reference]
    return one * sets
