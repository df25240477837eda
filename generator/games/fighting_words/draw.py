"""How Fighting Words looks on paper: letter, event and reference card faces and the common back."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from generator.games.fighting_words.model import Deck, EventCard, ReferenceCard
from generator.press import card_parts as parts
from generator.press import parts as press_parts
from generator.press.card_parts import cap_height, frame, glyph, role, scale
from generator.press.card_parts import inner as card_inner
from generator.press.cards import Card, CardBox, Drawer
from generator.press.fonts import register_fonts, string_width
from generator.press.paper import mm
from generator.press.style import RGB, Style, hex_rgb
from generator.press.text import draw_text, fit

GAME = "Fighting Words"

#: Capitals print clearer than lowercase (no b/d/p/q to mix up upside down). Of the capitals, M and
#: W swap when turned half round (the word lies between players facing each other), and N and Z
#: when turned a quarter: these carry a bar under the letter, so its foot is never in doubt.
UNDERLINED = frozenset("MWNZ")

LETTER_CAP = 0.40  # the big letter's capital height, as a share of the card's height
INDEX_CAP = 0.075  # the corner letters' capital height, the same way

#: The timing mark of an event card: the big word, and what follows it in small type.
TIMING_MARKS: dict[str, tuple[str, str]] = {
    "immediate": ("PLAY AT ONCE", "as soon as you draw it"),
    "keep": ("KEEP", "in your hand until you need it"),
}

BACK = hex_rgb("#294066")  # the deck's own back: navy
REFERENCE_BACK = hex_rgb("#285E45")  # the reference cards' own back: a deep green, sorted out at a glance
REFERENCE_SETS = 2  # copies of the reference cards: one set for each end of the table


def letter_font(style: Style) -> str:
    """The face of the letters (the card glyph role)."""
    return style.text("card_glyph").face


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


@functools.lru_cache(maxsize=64)  # the same for every letter card of a deck (one card size, one face)
def letter_face(box: CardBox, face: str) -> LetterFace:
    """The layout of a letter card in `box`, letters set in `face`: one size for every letter, so
    the deck looks even."""
    sx, sy, sw, sh = card_inner(box)
    cap = cap_height(face)
    widest = max(string_width(ch, face, 1.0) for ch in "MW")
    size = min(LETTER_CAP * box.height / cap, 0.74 * sw / widest)
    index_size = INDEX_CAP * box.height / cap
    pad = 1.2 * mm * scale(box)
    index_w = widest * index_size
    return LetterFace(
        size=size,
        baseline=box.height / 2 - size * cap / 2,
        index_size=index_size,
        index_x=sx + pad + index_w / 2,
        index_baseline=sy + sh - pad - index_size * cap,
    )


def _letter(c: Canvas, ch: str, cx: float, baseline: float, size: float, face: str, color: RGB) -> None:
    """One capital with its ink centred on cx, and a bar beneath it if turned round it could pass
    for another letter."""
    c.setFillColorRGB(*color)
    w = glyph(c, ch, cx, baseline, face, size)
    if ch in UNDERLINED:
        bar_w, bar_h = 0.62 * w, 0.055 * size
        c.rect(cx - bar_w / 2, baseline - 0.09 * size - bar_h, bar_w, bar_h, stroke=0, fill=1)


def letter_front(letter: str) -> Drawer:
    """A letter card: the capital large in the middle, and small in two opposite corners, one of
    them turned half round, so the card reads from either side of the table."""
    ch = letter.upper()

    def draw(c: Canvas, box: CardBox) -> None:
        style = box.style
        register_fonts()
        font = letter_font(style)
        face = letter_face(box, font)
        k = scale(box)
        frame(c, box, style.accent, 0.8)
        sx, sy, sw, sh = card_inner(box)
        if style.tint is not None:  # a pale tile behind the big letter
            c.saveState()
            c.setFillColorRGB(*style.tint)
            tw, th = sw - 6 * mm * k, face.size * cap_height(font) + 16 * mm * k
            c.roundRect((box.width - tw) / 2, (box.height - th) / 2, tw, th, 3 * mm * k, stroke=0, fill=1)
            c.restoreState()
        c.saveState()
        _letter(c, ch, box.width / 2, face.baseline, face.size, font, style.ink)
        _letter(c, ch, face.index_x, face.index_baseline, face.index_size, font, style.ink)
        c.translate(box.width, box.height)  # the same corner letter, turned half round
        c.rotate(180)
        _letter(c, ch, face.index_x, face.index_baseline, face.index_size, font, style.ink)
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
    """The layout of an event card in `box`."""
    k = scale(box)
    sx, sy, sw, sh = card_inner(box)
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


def _timing_band(
    c: Canvas, rect: tuple[float, float, float, float], now: bool, small: bool, k: float, style: Style
) -> RGB:
    """The band's shape: solid ink for PLAY AT ONCE when the style fills (else a heavy double
    outline), a dashed outline for KEEP. Returns the colour of what goes on it."""
    x, y, w, h = rect
    r = 1.8 * mm * k
    c.saveState()
    c.setStrokeColorRGB(*style.ink)
    if now and style.fills:
        c.setFillColorRGB(*style.ink)
        c.roundRect(x, y, w, h, r, stroke=0, fill=1)
        c.restoreState()
        return style.paper
    if now:
        c.setLineWidth(1.6)
        c.roundRect(x, y, w, h, r, stroke=1, fill=0)
        c.setLineWidth(0.5)
        d = (0.6 if small else 0.9) * mm
        c.roundRect(x + d, y + d, w - 2 * d, h - 2 * d, max(r - d, 0.5), stroke=1, fill=0)
    else:
        c.setLineWidth(0.9)
        c.setDash(2.2, 1.6)
        c.roundRect(x, y, w, h, r, stroke=1, fill=0)
    c.restoreState()
    return style.ink


def _timing_mark(
    c: Canvas,
    event: EventCard,
    rect: tuple[float, float, float, float],
    k: float,
    style: Style,
    small: bool = False,
) -> None:
    """The band that says when the card is played, with a bolt (PLAY AT ONCE) or an hourglass
    (KEEP) and the word. `small`: the word alone, no explanation."""
    x, y, w, h = rect
    word, rest = TIMING_MARKS[event.timing]
    now = event.timing == "immediate"
    ink = _timing_band(c, rect, now, small, k, style)
    head = role(style, "card_mark", k, align="left", color=ink)
    icon_w = h * 0.78
    if fit(word, w - icon_w - 3.2 * mm * k, h * 0.6, head) is None:
        icon_w = 0.0  # a band too narrow for the icon and the word: the word alone
    c.saveState()
    c.setFillColorRGB(*ink)
    c.setStrokeColorRGB(*ink)
    if icon_w and now:
        _bolt(c, x + icon_w / 2 + 1.2 * mm * k, y + h / 2, h * 0.66)
    elif icon_w:
        _hourglass(c, x + icon_w / 2 + 1.2 * mm * k, y + h / 2, h * 0.56, 0.9 * k)
    c.restoreState()
    tx = x + icon_w + 1.6 * mm * k
    tw = w - icon_w - 3.2 * mm * k
    what = f"event card {event.name!r}"
    sub = role(style, "key", k, align="left", valign="top", color=ink)
    if small or fit(rest, tw, h * 0.34, sub) is None:  # the word alone (no room for the rest on small cards)
        draw_text(c, word, tx, y + h * 0.2, tw, h * 0.6, head, what)
        return
    draw_text(c, word, tx, y + h * 0.44, tw, h * 0.48, head.but(valign="bottom"), what)
    draw_text(c, rest, tx, y + h * 0.08, tw, h * 0.34, sub, what)


def event_front(event: EventCard) -> Drawer:
    """An event card: when to play it (the timing mark), its name, and what it does."""
    what = f"event card {event.name!r}"

    def draw(c: Canvas, box: CardBox) -> None:
        style = box.style
        k = scale(box)
        face = event_face(box)
        frame(c, box, style.accent, 0.8)
        _timing_mark(c, event, face.band, k, style)
        x, y, w, h = face.name
        draw_text(c, event.name, x, y, w, h, role(style, "card_name", k), what)
        press_parts.short_rule(c, box.width / 2, y - 1.1 * mm * k, 24 * mm * k, style.rule, 0.5)
        x, y, w, h = face.text
        draw_text(c, event.text, x, y, w, h, role(style, "card_text", k), what)
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


def _row_h(k: float) -> float:
    return 5.4 * mm * k


def _table_room(ref: ReferenceCard, k: float) -> float:
    """Height the table takes under the lines, with the gap above it (0 without a table)."""
    return len(ref.table) * _row_h(k) + 3 * mm * k if ref.table else 0.0


def _ref_body(ref: ReferenceCard, box: CardBox) -> tuple[float, float, float, float]:
    """The box (x, y, w, h) the bullet lines may use: all of the card below the title, less the
    room the table needs (it follows right under the lines)."""
    k = scale(box)
    sx, sy, sw, sh = card_inner(box)
    pad = parts.TEXT_PAD * k
    bottom = sy + 1.4 * mm * k + _table_room(ref, k)
    top = sy + sh - 11 * mm * k
    return (sx + pad, bottom, sw - 2 * pad, top - bottom)


def reference_set(refs: Sequence[ReferenceCard], box: CardBox) -> tuple[float, list[ReferenceCard]]:
    """The reference cards to print in `box` (one that cannot fit goes on over more) and one body
    size for them all, so they read alike."""

    def body(r: ReferenceCard) -> parts.Rect:
        return _ref_body(r, box)

    fit_one = parts.list_fitter(body, box.style, scale(box))
    return parts.reference_set(refs, fit_one, box.style)


def _table(
    c: Canvas,
    rows: Sequence[tuple[str, str]],
    x: float,
    top: float,
    w: float,
    k: float,
    style: Style,
    what: str,
) -> None:
    """A two-column ruled table from its top-left (x, top), every other row striped when the style
    fills; the left column in the key's head role."""
    size = max(style.text("key").size * k, style.text("key").min_size)
    press_parts.ruled_table(
        c,
        style,
        x,
        top,
        (w * 0.62, w * 0.38),
        _row_h(k),
        rows,
        head_rows=0,
        head_cols=1,
        stripes=True,
        role="key",
        head_role="key_head",
        size=size,
        align="left",
        what=what,
    )


def reference_front(ref: ReferenceCard, size: float) -> Drawer:
    """A reference card: its title, short bulleted lines, and its table if it has one."""
    what = f"reference card {ref.title!r}"

    def draw(c: Canvas, box: CardBox) -> None:
        style = box.style
        k = scale(box)
        frame(c, box, style.accent, 0.8)
        parts.reference_title(c, box, ref.title, 9 * mm * k, style, what)
        bx, by, bw, bh = _ref_body(ref, box)
        foot = parts.bullet_list(c, ref.lines, (bx, by, bw, bh), size, style, what)
        if ref.table:
            _table(c, ref.table, bx, foot - 3 * mm * k, bw, k, style, what)

    return draw


# ---------------------------------------------------------------------------------------------
# The common back


def common_back() -> Drawer:
    """The back every card shares: the game's name around two letter tiles squaring up to each
    other, on the back fill (an outline design when the style has no back fill)."""

    def draw(c: Canvas, box: CardBox) -> None:
        style = box.style
        register_fonts()
        k = scale(box)
        sx, sy, sw, sh = card_inner(box)
        inks = parts.back_ground(c, box, style, own=BACK)
        frame(c, box, inks.ink, 0.9)
        frame(c, box, inks.soft, 0.4, inset=parts.FRAME_INSET + 1.1 * mm * k)
        cx, cy = box.width / 2, box.height / 2
        side = parts.back_rings(c, box, inks, 0.44, 1.2, 2.2 * mm) * 0.66
        font = letter_font(style)
        parts.tile(c, "F", cx - side * 0.62, cy - side * 0.08, side, -11, font, inks)
        parts.tile(c, "W", cx + side * 0.62, cy - side * 0.08, side, 11, font, inks)
        c.saveState()  # the spark where they clash
        c.setFillColorRGB(*inks.ink)
        _bolt(c, cx, cy + side * 0.62, side * 0.5)
        c.restoreState()
        # the name above and below, letter-spaced capitals
        band = 10 * mm * k
        title = role(style, "back_name", k, color=inks.ink)
        draw_text(c, "F I G H T I N G", sx, sy + sh - band - 1.5 * mm * k, sw, band, title, "card back")
        draw_text(c, "W O R D S", sx, sy + 1.5 * mm * k, sw, band, title, "card back")

    return draw


def reference_back() -> Drawer:
    """The reference cards' own back, so they are sorted out of the deck at a glance: the game's
    name over an open book in a ring, 'REFERENCE' below, on deep green (without fills: a double
    frame and the book, where the deck's back shows two tiles)."""

    def draw(c: Canvas, box: CardBox) -> None:
        style = box.style
        register_fonts()
        k = scale(box)
        sx, sy, sw, sh = card_inner(box)
        inks = parts.back_ground(c, box, style, own=REFERENCE_BACK)
        frame(c, box, inks.ink, 0.9, double=True)
        cx, cy = box.width / 2, box.height / 2
        r = parts.back_rings(c, box, inks, 0.36, 1.0, 2.2 * mm)
        _book(c, cx, cy, r * 1.1, inks.ink)
        band = 9 * mm * k
        title = role(style, "back_name", k, color=inks.ink)
        draw_text(c, "FIGHTING WORDS", sx, sy + sh - band - 1.5 * mm * k, sw, band, title, "card back")
        draw_text(c, "REFERENCE", sx, sy + 1.5 * mm * k, sw, band, title, "card back")

    return draw


def _book(c: Canvas, cx: float, cy: float, w: float, ink: RGB) -> None:
    """An open book `w` wide centred on (cx, cy): two pages with lines of text."""
    h = w * 0.62
    c.saveState()
    c.setStrokeColorRGB(*ink)
    c.setLineWidth(w * 0.025)
    c.setLineJoin(1)
    for side in (-1, 1):
        p = c.beginPath()
        p.moveTo(cx, cy - h / 2)
        p.curveTo(
            cx + side * w * 0.2,
            cy - h / 2 + h * 0.08,
            cx + side * w * 0.35,
            cy - h / 2,
            cx + side * w / 2,
            cy - h / 2 + h * 0.04,
        )
        p.lineTo(cx + side * w / 2, cy + h / 2)
        p.curveTo(
            cx + side * w * 0.35,
            cy + h / 2 - h * 0.04,
            cx + side * w * 0.2,
            cy + h / 2 + h * 0.04,
            cx,
            cy + h / 2 - h * 0.06,
        )
        p.close()
        c.drawPath(p, stroke=1, fill=0)
        c.setLineWidth(w * 0.015)
        for i in range(4):
            ly = cy + h * (0.22 - i * 0.15)
            c.line(cx + side * w * 0.1, ly, cx + side * w * 0.4, ly + h * 0.02)
        c.setLineWidth(w * 0.025)
    c.restoreState()


# ---------------------------------------------------------------------------------------------
# The whole deck as cards


def letter_cards(deck: Deck) -> list[Card]:
    """One Card per letter card of the deck, a to z."""
    return [Card(f"letter card {ch.upper()}", letter_front(ch)) for ch in deck.cards() if isinstance(ch, str)]


def event_cards(deck: Deck) -> list[Card]:
    """One Card per event card of the deck, in the template's order."""
    return [Card(f"event card {e.name!r}", event_front(e)) for e in deck.events for _ in range(e.count)]


def reference_cards(deck: Deck, box: CardBox, sets: int = REFERENCE_SETS) -> list[Card]:
    """The reference cards, `sets` times over, all at one body size fitted to `box` (a card of the
    deck's size, in the style it is printed in); on a small card a long one goes on over two."""
    size, refs = reference_set(deck.reference, box)
    back = reference_back()
    one = [Card(f"reference card {r.title!r}", reference_front(r, size), back) for r in refs]
    return one * sets
