"""How Riddle Craft looks on paper: card faces and backs, the When Card fold-over sheet and the tokens sheet."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from generator.games.riddle_craft import (
    CUSTOM_KIND,
    ReferenceCard,
    RiddleCard,
    RiddleCraftDeck,
    Tokens,
    WhenCard,
)
from generator.press.cards import Card, CardBox, CardSize, Drawer
from generator.press.cards import fold_pages as press_fold_pages
from generator.press.document import Page, PageInfo
from generator.press.fonts import string_width
from generator.press.paper import MARGIN, Paper, mm
from generator.press.style import RGB, Style
from generator.press.text import (
    TextFitError,
    TextStyle,
    block_height,
    draw_lines,
    draw_text,
    fit,
    wrap_items,
)

GAME = "Riddle Craft"
POKER = (63.5 * mm, 88.9 * mm)

#: What the small marker at the top of a riddle card says for each kind of fragment.
KIND_LABELS: dict[str, str] = {
    "looks": "appearance",
    "senses": "senses",
    "states": "state",
    "does": "action",
    "where": "place",
    "made": "material",
    "size_age": "size & age",
    "feelings": "feeling",
    "judged": "judgement",
    "negative": "not",
    "abstract": "quality",
}

RIDDLE_SIZE = 20.0  # riddle text on a poker card; it shrinks only when it must...
RIDDLE_MIN = 10.0  # ...down to this floor
WHEN_SIZE = 22.0
REF_SIZES = (9.0, 5.5)  # reference card body: largest and smallest size tried
CREAM: RGB = (0.97, 0.94, 0.85)  # ink on a filled back

FRAME_INSET = 2.2 * mm  # the decorative frame sits between the trim and the safe area...
TEXT_PAD = 1.8 * mm  # ...so small text keeps this much further in, clear of the frame's inner line
TOKEN_DIAMETER = 30 * mm
TOKEN_GAP = 10 * mm
TOKENS_PER_ROW = 4
MARK_GAP = 1 * mm
HEADER_H = 15 * mm  # title and instructions at the top of the sheet pages


def _scale(box: CardBox) -> float:
    """How big this card is next to a poker card (1.0), so sizes follow the card preset."""
    return min(box.width / POKER[0], box.height / POKER[1])


def _blend(a: RGB, b: RGB, t: float) -> RGB:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)


def _frame(c: Canvas, box: CardBox, color: RGB, width: float = 0.7, double: bool = False) -> None:
    c.saveState()
    c.setStrokeColorRGB(*color)
    c.setLineWidth(width)
    r = 2.2 * mm * _scale(box)
    c.roundRect(FRAME_INSET, FRAME_INSET, box.width - 2 * FRAME_INSET, box.height - 2 * FRAME_INSET, r)
    if double:
        c.setLineWidth(width * 0.45)
        d = 0.9 * mm
        c.roundRect(
            FRAME_INSET + d,
            FRAME_INSET + d,
            box.width - 2 * (FRAME_INSET + d),
            box.height - 2 * (FRAME_INSET + d),
            max(r - d, 0.5),
        )
    c.restoreState()


def _fill_bleed(c: Canvas, box: CardBox, color: RGB) -> None:
    c.saveState()
    c.setFillColorRGB(*color)
    b = box.bleed
    c.rect(-b, -b, box.width + 2 * b, box.height + 2 * b, stroke=0, fill=1)
    c.restoreState()


def _short_rule(c: Canvas, cx: float, y: float, length: float, color: RGB) -> None:
    c.saveState()
    c.setStrokeColorRGB(*color)
    c.setLineWidth(0.4)
    c.line(cx - length / 2, y, cx + length / 2, y)
    c.restoreState()


# ---------------------------------------------------------------------------------------------
# Riddle cards


def kind_label(kind: str) -> str:
    """The words of a riddle card's kind marker ('' for a user's fragment of no kind)."""
    if kind == CUSTOM_KIND:
        return ""
    return KIND_LABELS.get(kind, kind.replace("_", " "))


@dataclass(frozen=True)
class RiddleFace:
    """Where the parts of a riddle card's face go (card coordinates), for drawing and for fit checks."""

    band: float  # height of the top (kind) and bottom (what am I?) bands
    text_box: tuple[float, float, float, float]
    style: TextStyle


def riddle_face(box: CardBox, ink: RGB = (0, 0, 0)) -> RiddleFace:
    """The layout of a riddle card face in `box`."""
    k = _scale(box)
    sx, sy, sw, sh = box.inner
    band = 8 * mm * k
    pad = TEXT_PAD * k
    text_box = (sx + pad, sy + band, sw - 2 * pad, sh - 2 * band)
    kw = min(box.width / POKER[0], 1.25)  # a fragment needs width more than height: size follows width
    style = TextStyle(
        "Serif-Bold", round(RIDDLE_SIZE * kw * 4) / 4, max(8.0, RIDDLE_MIN * min(kw, 1.0)), 1.18, color=ink
    )
    return RiddleFace(band, text_box, style)


def riddle_what(index: int, total: int) -> str:
    """How errors name a riddle card."""
    return f"riddle card {index} of {total}"


def check_riddles_fit(riddles: Sequence[RiddleCard], box: CardBox) -> None:
    """Raise TextFitError (one line, naming the card and its text) for the first fragment that cannot fit."""
    face = riddle_face(box)
    x, y, w, h = face.text_box
    for i, r in enumerate(riddles, start=1):
        if fit(r.text, w, h, face.style) is None:
            short = r.text if len(r.text) <= 60 else r.text[:57] + "..."
            raise TextFitError(
                f"{riddle_what(i, len(riddles))}: {short!r} does not fit the card even at "
                f"{face.style.min_size:g} pt; shorten it (or split it into two fragments)"
            )


def riddle_front(card: RiddleCard, style: Style, what: str = "riddle card") -> Drawer:
    """A riddle card's face: the fragment large and centred, a kind marker above, 'What am I?' below."""

    def draw(c: Canvas, box: CardBox) -> None:
        face = riddle_face(box, style.ink)
        k = _scale(box)
        sx, sy, sw, sh = box.inner
        _frame(c, box, style.accent, 0.6, double=True)
        label = kind_label(card.kind)
        marker = f"✦  {label}  ✦" if label else "✦"
        top = TextStyle("Sans", max(6.5 * k, 5.5), 4.5, color=style.muted)
        try:
            draw_text(c, marker, sx, sy + sh - face.band, sw, face.band, top, "kind")
        except TextFitError:  # an over-long custom kind: keep the ornament, drop the word
            draw_text(c, "✦", sx, sy + sh - face.band, sw, face.band, top, "kind")
        cx = box.width / 2
        _short_rule(c, cx, sy + sh - face.band + 0.6 * mm, 10 * mm * k, style.rule)
        _short_rule(c, cx, sy + face.band - 0.6 * mm, 10 * mm * k, style.rule)
        bottom = TextStyle("Serif", 8.5 * k, 5, color=style.muted)
        draw_text(c, "What am I?", sx, sy, sw, face.band, bottom, "riddle card footer")
        x, y, w, h = face.text_box
        draw_text(c, card.text, x, y, w, h, face.style, what)

    return draw


def common_back(style: Style) -> Drawer:
    """The back every riddle and reference card shares: the game's name around a large question mark."""

    def draw(c: Canvas, box: CardBox) -> None:
        k = _scale(box)
        w, h = box.width, box.height
        sx, sy, sw, sh = box.inner
        filled = style.back_fill is not None and not style.ink_saver
        if filled:
            assert style.back_fill is not None
            _fill_bleed(c, box, style.back_fill)
            ink, soft = CREAM, _blend(style.back_fill, CREAM, 0.28)
        else:
            ink, soft = style.ink, style.rule
        _frame(c, box, ink, 0.8, double=True)
        # concentric rings behind the question mark
        cx, cy = w / 2, h / 2
        r = min(sw, sh) * 0.40
        c.saveState()
        c.setStrokeColorRGB(*soft)
        c.setLineWidth(1.4 * k)
        c.circle(cx, cy, r, stroke=1, fill=0)
        c.setLineWidth(0.5 * k)
        c.setDash(1.2 * k, 2.2 * k)
        c.circle(cx, cy, r - 3 * mm * k, stroke=1, fill=0)
        c.restoreState()
        # the question mark: solid on a filled back, an outline in ink-saver mode
        size = r * 1.55
        qw = string_width("?", "Serif-Bold", size)
        t = c.beginText()
        t.setFont("Serif-Bold", size)
        t.setTextRenderMode(0 if filled else 1)
        t.setTextOrigin(cx - qw / 2, cy - 0.73 * size / 2)
        c.saveState()
        c.setFillColorRGB(*ink)
        c.setStrokeColorRGB(*ink)
        c.setLineWidth(0.9 * k)
        t.textOut("?")
        c.drawText(t)
        c.restoreState()
        band = 9 * mm * k
        draw_text(
            c, GAME, sx, sy + sh - band, sw, band, TextStyle("Serif-Bold", 13 * k, 7, color=ink), "card back"
        )
        draw_text(c, "What am I?", sx, sy, sw, band, TextStyle("Serif", 9 * k, 5, color=ink), "card back")

    return draw


# ---------------------------------------------------------------------------------------------
# When Cards

WHEN_HINT = "Add it, with one card from your hand, to any clue already played. Either side counts."


def when_face(word: str, size: float, style: Style, what: str = "When Card") -> Drawer:
    """One side of a When Card: its connecting words large in the middle, on a tinted card."""

    def draw(c: Canvas, box: CardBox) -> None:
        k = _scale(box)
        sx, sy, sw, sh = box.inner
        if style.tint is not None and not style.ink_saver:
            _fill_bleed(c, box, style.tint)
        _frame(c, box, style.accent, 0.9, double=True)
        band = 8 * mm * k
        draw_text(
            c,
            "WHEN CARD",
            sx,
            sy + sh - band,
            sw,
            band,
            TextStyle("Sans-Bold", 7 * k, 4.5, color=style.accent),
            what,
        )
        cx = box.width / 2
        _short_rule(c, cx, sy + sh - band + 0.6 * mm, 10 * mm * k, style.accent)
        # the words, one line at a size both sides share, between two small ornaments
        draw_text(c, word, sx, sy, sw, sh, TextStyle("Serif-Bold", size, size, color=style.accent), what)
        orn = TextStyle("Serif", 12 * k, 6, color=style.muted)
        gap = size * 0.9
        draw_text(c, "…", sx, sy + sh / 2 + gap, sw, 6 * mm * k, orn, what)
        draw_text(c, "…", sx, sy + sh / 2 - 0.75 * gap - 6 * mm * k, sw, 6 * mm * k, orn, what)
        hint = TextStyle("Sans", 6.5 * k, 4.5, 1.2, color=style.muted)
        pad = TEXT_PAD * k
        draw_text(c, WHEN_HINT, sx + pad, sy, sw - 2 * pad, 11 * mm * k, hint, what)

    return draw


def when_size(card: WhenCard, box: CardBox) -> float:
    """The one size at which both sides of a When Card fit on a single line (the larger the better)."""
    sx, sy, sw, sh = box.inner
    size = WHEN_SIZE * _scale(box)
    widest = max(string_width(t, "Serif-Bold", 1.0) for t in (card.front, card.back))
    size = min(size, (sw - 2 * TEXT_PAD * _scale(box) - 2 * mm) / widest)
    if size < 8:
        raise TextFitError(
            f"When Card: {max(card.front, card.back, key=len)!r} is too long for one line on the card"
        )
    return round(size * 4) / 4


def when_cards(when: Sequence[WhenCard], card: CardSize, style: Style) -> list[Card]:
    """The When Cards as two-sided cards: 'only when' on the front, 'except when' on their own back."""
    box = CardBox(card.width, card.height)
    out = []
    for i, w in enumerate(when, start=1):
        size = when_size(w, box)
        what = f"When Card {i}"
        out.append(
            Card(what, front=when_face(w.front, size, style, what), back=when_face(w.back, size, style, what))
        )
    return out


# ---------------------------------------------------------------------------------------------
# Reference cards


def _items_height(items: list[list[str]], size: float, style: TextStyle) -> float:
    gap = 0.45 * size
    return sum(block_height(len(it), size, style) for it in items) + gap * (len(items) - 1)


@dataclass(frozen=True)
class RefLayout:
    """The size and wrapping of a reference card's bullet lines."""

    size: float
    items: list[list[str]]


def _table_height(k: float) -> float:
    return 2 * 6.2 * mm * k


def _ref_areas(ref: ReferenceCard, box: CardBox) -> tuple[tuple[float, float, float, float], float]:
    """The bullet lines' box (x, y, w, h) on a reference card, and the table's bottom edge."""
    k = _scale(box)
    sx, sy, sw, sh = box.inner
    pad = TEXT_PAD * k
    x, w = sx + pad, sw - 2 * pad
    bottom = sy + 1.4 * mm * k
    top = sy + sh - 10 * mm * k
    if ref.table:
        return (
            x,
            bottom + _table_height(k) + 3 * mm * k,
            w,
            top - bottom - _table_height(k) - 3 * mm * k,
        ), bottom
    return (x, bottom, w, top - bottom), bottom


def fit_reference(ref: ReferenceCard, box: CardBox, face: str = "Cond") -> RefLayout | None:
    """The largest body size at which the card's lines (and its table) fit, or None."""
    (_, _, w, h), _ = _ref_areas(ref, box)
    size = round(REF_SIZES[0] * _scale(box) * 4) / 4
    while size >= REF_SIZES[1] - 1e-9:
        style = TextStyle(face, size, size, 1.16)
        items = wrap_items(ref.lines, face, size, w)
        if items is not None and _items_height(items, size, style) <= h:
            return RefLayout(size, items)
        size = round(size - 0.25, 4)
    return None


def reference_size(refs: Sequence[ReferenceCard], box: CardBox) -> float:
    """One body size for all reference cards (the smallest any of them needs), so they read alike."""
    sizes = []
    for ref in refs:
        lay = fit_reference(ref, box)
        if lay is None:
            raise TextFitError(
                f"reference card {ref.title!r} does not fit the card even at {REF_SIZES[1]:g} pt; "
                "shorten its lines or choose a larger --card"
            )
        sizes.append(lay.size)
    return min(sizes) if sizes else REF_SIZES[0]


def _draw_table(
    c: Canvas, table: Sequence[tuple[int, int]], x: float, y: float, w: float, k: float, style: Style
) -> None:
    """The press-your-luck table: riddle length across the top, points beneath, ruled like a table."""
    rows = sorted(table)
    heads = [str(n) for n, _ in rows]
    if heads:
        heads[-1] += "+"
    values = [str(v) for _, v in rows]
    row_h = 6.2 * mm * k
    label_w = string_width("points", "Cond-Bold", 7.5 * k) + 2.4 * mm * k
    col_w = (w - label_w) / max(len(rows), 1)
    top = y + 2 * row_h
    c.saveState()
    if style.tint is not None and not style.ink_saver:
        c.setFillColorRGB(*style.tint)
        c.rect(x, y + row_h, w, row_h, stroke=0, fill=1)
    c.setStrokeColorRGB(*style.accent)
    c.setLineWidth(0.7)
    c.rect(x, y, w, 2 * row_h, stroke=1, fill=0)
    c.setLineWidth(0.35)
    c.line(x, y + row_h, x + w, y + row_h)
    for i in range(len(rows) + 1):
        cx = x + label_w + i * col_w
        c.line(cx, y, cx, top)
    c.restoreState()
    pad = 0.6 * mm
    lab = TextStyle("Cond-Bold", 7.5 * k, 4.5, color=style.ink, align="left")
    for r, text in enumerate(("cards", "points")):
        ry = top - (r + 1) * row_h
        draw_text(c, text, x + 1.2 * mm * k, ry + pad, label_w - 1.6 * mm * k, row_h - 2 * pad, lab, "table")
    for r, cells in enumerate((heads, values)):
        ry = top - (r + 1) * row_h
        face = "Cond-Bold" if r == 0 else "Cond"
        cell = TextStyle(face, 9 * k, 4.5, color=style.ink)
        for i, text in enumerate(cells):
            cx = x + label_w + i * col_w
            draw_text(c, text, cx + pad, ry + pad, col_w - 2 * pad, row_h - 2 * pad, cell, "table")


def reference_front(ref: ReferenceCard, size: float, style: Style) -> Drawer:
    """A reference card: a title, short bulleted lines in a condensed face, and the scoring table if any."""
    what = f"reference card {ref.title!r}"

    def draw(c: Canvas, box: CardBox) -> None:
        k = _scale(box)
        sx, sy, sw, sh = box.inner
        _frame(c, box, style.accent, 0.6, double=True)
        title_h = 8 * mm * k
        draw_text(
            c,
            ref.title,
            sx,
            sy + sh - title_h,
            sw,
            title_h,
            TextStyle("Serif-Bold", 12.5 * k, 7, color=style.accent),
            what,
        )
        _short_rule(c, box.width / 2, sy + sh - title_h - 0.8 * mm * k, sw * 0.6, style.accent)
        face = "Cond"
        body = TextStyle(face, size, size, 1.16, align="left", valign="top", color=style.ink)
        (bx, by, bw, bh), table_y = _ref_areas(ref, box)
        items = wrap_items(ref.lines, face, size, bw)
        if items is None or _items_height(items, size, body) > bh + 1e-6:
            raise TextFitError(f"{what} does not fit the card at {size:g} pt; shorten its lines")
        indent = string_width("•  ", face, size)
        y = by + bh
        gap = 0.45 * size
        bullet = body.but(color=style.accent)
        for it in items:
            hgt = block_height(len(it), size, body)
            draw_lines(c, ["•"], bx, y - hgt, indent, hgt, size, bullet)
            draw_lines(c, it, bx + indent, y - hgt, bw - indent, hgt, size, body)
            y -= hgt + gap
        if ref.table:
            _draw_table(c, ref.table, bx, table_y, bw, k, style)
            cap = TextStyle("Cond-Bold", 7.5 * k, 4.5, color=style.accent)
            cap_y = table_y + _table_height(k)
            draw_text(c, "What a riddle scores, by its length", bx, cap_y, bw, 3 * mm * k, cap, what)

    return draw


# ---------------------------------------------------------------------------------------------
# The whole deck as cards


def riddle_cards(deck: RiddleCraftDeck, style: Style) -> list[Card]:
    """One Card per riddle fragment (the common back comes from deck_pages)."""
    n = len(deck.riddles)
    return [
        Card(riddle_what(i, n), riddle_front(r, style, f"{riddle_what(i, n)}"))
        for i, r in enumerate(deck.riddles, start=1)
    ]


def reference_cards(deck: RiddleCraftDeck, card: CardSize, style: Style) -> list[Card]:
    """The reference cards, all at one body size."""
    size = reference_size(deck.reference, CardBox(card.width, card.height))
    return [Card(f"reference card {r.title!r}", reference_front(r, size, style)) for r in deck.reference]


# ---------------------------------------------------------------------------------------------
# Sheet pages: a title band


def _header(c: Canvas, paper: Paper, title: str, lines: str, style: Style) -> None:
    w, h = paper.size
    draw_text(
        c,
        title,
        MARGIN,
        h - MARGIN - 7 * mm,
        w - 2 * MARGIN,
        7 * mm,
        TextStyle("Serif-Bold", 15, 9, align="left", color=style.accent),
        "sheet title",
    )
    draw_text(
        c,
        lines,
        MARGIN,
        h - MARGIN - HEADER_H + 1 * mm,
        w - 2 * MARGIN,
        HEADER_H - 8 * mm,
        TextStyle("Sans", 8.5, 6, 1.25, align="left", valign="top", color=style.ink),
        "sheet instructions",
    )


# ---------------------------------------------------------------------------------------------
# When Cards to fold (for one-sided printers)


FOLD_HOWTO = (
    "For printers without two-sided printing; print this page at 100 % on one side only. "
    "Cut each strip out along the solid lines, fold it on the dashed line with the print outside, "
    "and glue the two halves back to back, so each card has one phrase on either side."
)


def fold_pages(
    when: Sequence[WhenCard], paper: Paper, card: CardSize, style: Style, label: str
) -> list[Page]:
    """Sheets of When Cards to fold: each card's two faces about a dashed fold line (press.cards.fold_pages)."""
    box = CardBox(card.width, card.height, style=style)
    pairs = []
    for i, w in enumerate(when, start=1):
        size = when_size(w, box)
        what = f"When Card {i}"
        pairs.append((when_face(w.front, size, style, what), when_face(w.back, size, style, what)))
    return press_fold_pages(pairs, paper, card, label, "When Cards to fold", FOLD_HOWTO)


# ---------------------------------------------------------------------------------------------
# Tokens


@dataclass(frozen=True)
class TokenSpot:
    """Where one token is printed: its centre and radius (page coordinates), and which kind it is."""

    kind: str  # "check" | "cross"
    x: float
    y: float
    r: float


def _value_text(value: int) -> str:
    return f"+{value}" if value > 0 else f"\u2212{-value}" if value < 0 else "0"


def token_spots(tokens: Tokens, paper: Paper) -> tuple[list[TokenSpot], list[tuple[str, float]]]:
    """The tokens' places (rows of four, check tokens first) and the heading above each group."""
    w, h = paper.size
    d, g = TOKEN_DIAMETER, TOKEN_GAP
    head = 9 * mm
    y = paper.height - MARGIN - HEADER_H - 4 * mm
    spots: list[TokenSpot] = []
    headings: list[tuple[str, float]] = []
    for kind, count in (("check", tokens.check), ("cross", tokens.cross)):
        if count <= 0:
            continue
        headings.append((kind, y - head))
        y -= head
        for start in range(0, count, TOKENS_PER_ROW):
            n = min(TOKENS_PER_ROW, count - start)
            row_w = n * d + (n - 1) * g
            x = (w - row_w) / 2
            y -= g / 2 + d / 2
            for i in range(n):
                spots.append(TokenSpot(kind, x + d / 2 + i * (d + g), y, d / 2))
            y -= d / 2 + g / 2
    return spots, headings


TOKEN_HOWTO = (
    "Cut out each token along its solid circle; the short ticks show where the circle runs. "
    "The game uses exactly this many of each: it ends when the shared pile runs out."
)


def tokens_page(tokens: Tokens, paper: Paper, label: str) -> Page:
    """One sheet of round ☑ and ☒ tokens with their point values, and cut guides."""
    spots, headings = token_spots(tokens, paper)
    if spots and spots[-1].y - spots[-1].r < MARGIN + 6 * mm:
        from generator.errors import ParlourError

        raise ParlourError(f"{tokens.check} + {tokens.cross} tokens do not fit on one {paper.name} sheet")

    def draw(c: Canvas, info: PageInfo) -> None:
        style = info.style
        w, _ = paper.size
        _header(c, paper, f"{GAME} tokens", TOKEN_HOWTO, style)
        for kind, y in headings:
            sym = tokens.check_symbol if kind == "check" else tokens.cross_symbol
            value = tokens.check_value if kind == "check" else tokens.cross_value
            count = tokens.check if kind == "check" else tokens.cross
            pts = "point" if abs(value) == 1 else "points"
            text = f"{count} {sym} tokens, {_value_text(value)} {pts} each"
            draw_text(
                c,
                text,
                MARGIN,
                y,
                w - 2 * MARGIN,
                7 * mm,
                TextStyle("Sans-Bold", 10, 7, color=style.accent),
                "token heading",
            )
        for s in spots:
            _draw_token(c, s, tokens, style)

    return Page(draw, label, note="one-sided")


def _draw_token(c: Canvas, s: TokenSpot, tokens: Tokens, style: Style) -> None:
    sym = tokens.check_symbol if s.kind == "check" else tokens.cross_symbol
    value = tokens.check_value if s.kind == "check" else tokens.cross_value
    inner = s.r - 2 * mm
    c.saveState()
    if style.tint is not None and not style.ink_saver:
        c.setFillColorRGB(*style.tint)
        c.circle(s.x, s.y, inner, stroke=0, fill=1)
    c.setStrokeColorRGB(*(style.rule if style.ink_saver else style.accent))  # never mistaken for the cut
    c.setLineWidth(0.9)
    c.circle(s.x, s.y, inner, stroke=1, fill=0)
    if s.kind == "cross":
        c.setLineWidth(0.4)
        c.setDash(1, 1.5)
        c.circle(s.x, s.y, inner - 1.2 * mm, stroke=1, fill=0)
        c.setDash()
    # the cut line, and ticks just outside it at the four compass points
    c.setStrokeColorRGB(*style.ink)
    c.setLineWidth(0.4)
    c.circle(s.x, s.y, s.r, stroke=1, fill=0)
    c.setLineWidth(0.25)
    for a in range(4):
        dx, dy = math.cos(a * math.pi / 2), math.sin(a * math.pi / 2)
        c.line(
            s.x + dx * (s.r + MARK_GAP),
            s.y + dy * (s.r + MARK_GAP),
            s.x + dx * (s.r + 3.5 * mm),
            s.y + dy * (s.r + 3.5 * mm),
        )
    c.restoreState()
    box = inner * 1.3
    draw_text(
        c,
        sym,
        s.x - box / 2,
        s.y - 1 * mm,
        box,
        inner * 0.95,
        TextStyle("Sans", 26, 12, color=style.ink),
        "token",
    )
    draw_text(
        c,
        _value_text(value),
        s.x - box / 2,
        s.y - inner * 0.78,
        box,
        inner * 0.7,
        TextStyle("Sans-Bold", 14, 8, color=style.ink),
        "token",
    )
