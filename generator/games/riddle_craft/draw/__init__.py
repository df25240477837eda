"""How Riddle Craft's cards look: riddle faces, the common back, When Cards and reference cards
(the sheets to cut, fold and glue are in draw.cutouts)."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from generator.games.riddle_craft.model import (
    CUSTOM_KIND,
    ReferenceCard,
    RiddleCard,
    RiddleCraftDeck,
    WhenCard,
)
from generator.press import card_parts as parts
from generator.press import parts as press_parts
from generator.press.card_parts import TEXT_PAD, cap_height, frame, ink_x, role, scale
from generator.press.card_parts import inner as card_inner
from generator.press.cards import Card, CardBox, Drawer
from generator.press.fonts import register_fonts, string_width
from generator.press.paper import mm
from generator.press.style import RGB, Style, hex_rgb
from generator.press.text import (
    TextFitError,
    TextStyle,
    block_height,
    draw_first_fitting,
    draw_lines,
    draw_text,
    fit,
    wrap,
)

GAME = "Riddle Craft"

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
    "judged": "value",
    "negative": "not",
    "abstract": "quality",
}

#: Each kind's small glyph and colour, so that a hand is read at a glance (the glyph alone when the
#: style prints no fills).
KIND_MARKS: dict[str, tuple[str, str]] = {
    "looks": ("◉", "#C0392B"),
    "senses": ("✱", "#8E44AD"),
    "states": ("◐", "#2471A3"),
    "does": ("►", "#D35400"),
    "where": ("⌂", "#1E8449"),
    "made": ("■", "#7B5B3A"),
    "size_age": ("▲", "#0E7C7B"),
    "feelings": ("♥", "#C2185B"),
    "judged": ("★", "#9A7D0A"),
    "negative": ("✕", "#2E2E2E"),
    "abstract": ("❖", "#5D6D7E"),
}

WORDS_ROLE = "card_words"  # the riddle's words, and a When Card's
FLOOR_SHARE = 0.8  # on cards smaller than poker the words may shrink to this share of the role's floor
WIDTH_GROWTH = 1.25  # on wider cards the words grow with the width, up to this much
WHEN_HEIGHT_SHARE = 0.0875  # a When Card's words are at most this share of the card's height (22 pt on poker)
WHEN_HINT = (  # longest first: a small card says less rather than print under 7 pt
    "Add it, with one card from your hand, to any clue already played. Either side counts.",
    "Add it to any clue played. Either side counts.",
    "",
)
SCORES_CAPTION = "What a riddle scores, by its length"


def words_floor(style: Style, k: float) -> float:
    """The least size a riddle's or When Card's words may shrink to on a card of scale `k`."""
    return style.text(WORDS_ROLE).min_size * max(FLOOR_SHARE, min(k, 1.0))


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


def riddle_face(box: CardBox) -> RiddleFace:
    """The layout of a riddle card face in `box` (in the box's style): made once per card size and
    style, as every riddle card of a deck asks for the same."""
    return _riddle_face(box, box.style)


@functools.lru_cache(maxsize=64)
def _riddle_face(box: CardBox, style: Style) -> RiddleFace:
    k = scale(box)
    sx, sy, sw, sh = card_inner(box)
    band = 8 * mm * k
    pad = TEXT_PAD * k
    text_box = (sx + pad, sy + band, sw - 2 * pad, sh - 2 * band)
    kw = min(box.width / parts.POKER[0], WIDTH_GROWTH)  # a fragment needs width more than height
    size = round(style.text(WORDS_ROLE).size * kw * 4) / 4
    words = style.text_style(WORDS_ROLE, size=size, min_size=words_floor(style, kw))
    return RiddleFace(band, text_box, words)


def riddle_what(index: int, total: int) -> str:
    """How errors name a riddle card."""
    return f"riddle card {index} of {total}"


def check_riddles_fit(riddles: Sequence[RiddleCard], box: CardBox) -> None:
    """Raise TextFitError (one line, naming the card and its text) for the first fragment that cannot
    fit a card `box` (in the box's style)."""
    face = riddle_face(box)
    x, y, w, h = face.text_box
    for i, r in enumerate(riddles, start=1):
        if fit(r.text, w, h, face.style) is None:
            short = r.text if len(r.text) <= 60 else r.text[:57] + "..."
            raise TextFitError(
                f"{riddle_what(i, len(riddles))}: {short!r} does not fit the card even at "
                f"{face.style.min_size:g} pt; shorten it (or split it into two fragments)"
            )


def _kind_marker(
    c: Canvas, kind: str, band: tuple[float, float, float, float], k: float, style: Style
) -> None:
    """The kind's glyph and name in a pill of the kind's colour (an outlined pill without fills);
    a kind without a mark gets the plain ornament, an over-long custom kind only its ornament."""
    x, y, w, h = band
    label = kind_label(kind)
    glyph, colour = KIND_MARKS.get(kind, ("✦", ""))
    text = f"{glyph}  {label.upper()}" if label else glyph
    fill = hex_rgb(colour) if colour and style.fills else None
    ink = style.paper if fill is not None else style.ink
    marker = role(style, "card_label", k, color=ink)
    pill_h = min(h * 0.62, 5.2 * mm * k)
    fitted = fit(text, w - 4 * mm * k, pill_h, marker)
    if fitted is None:
        text, fitted = glyph, fit(glyph, w, pill_h, marker)
    assert fitted is not None  # one glyph fits any card's band
    size, lines = fitted
    pill_w = string_width(text, marker.face, size) + 3.2 * mm * k
    px, py = x + (w - pill_w) / 2, y + (h - pill_h) / 2 + 0.6 * mm * k
    c.saveState()
    if fill is not None:
        c.setFillColorRGB(*fill)
    c.setStrokeColorRGB(*(fill if fill is not None else style.ink))
    c.setLineWidth(0.5)
    c.roundRect(px, py, pill_w, pill_h, pill_h / 2, stroke=1, fill=1 if fill is not None else 0)
    c.restoreState()
    draw_lines(c, lines, px, py, pill_w, pill_h, size, marker)


def riddle_front(card: RiddleCard, what: str = "riddle card") -> Drawer:
    """A riddle card's face: the fragment large and centred, a kind marker above, 'What am I?' below."""

    def draw(c: Canvas, box: CardBox) -> None:
        style = box.style
        face = riddle_face(box)
        k = scale(box)
        sx, sy, sw, sh = card_inner(box)
        frame(c, box, style.accent, 0.6, double=True)
        _kind_marker(c, card.kind, (sx, sy + sh - face.band, sw, face.band), k, style)
        cx = box.width / 2
        press_parts.short_rule(c, cx, sy + sh - face.band + 0.6 * mm, 10 * mm * k, style.rule)
        press_parts.short_rule(c, cx, sy + face.band - 0.6 * mm, 10 * mm * k, style.rule)
        draw_text(c, "What am I?", sx, sy, sw, face.band, role(style, "card_note", k), "riddle card footer")
        x, y, w, h = face.text_box
        draw_text(c, card.text, x, y, w, h, face.style, what)

    return draw


def _question_mark(c: Canvas, box: CardBox, r: float, inks: parts.BackInks, style: Style) -> None:
    """The back's large question mark, its ink centred in the ring: solid on a filled back, an
    outline on an unfilled one."""
    face = style.text("back_name").face
    size = r * 1.55
    left, right = ink_x(face, "?")
    t = c.beginText()
    t.setFont(face, size)
    t.setTextRenderMode(0 if inks.fill is not None else 1)
    t.setTextOrigin(box.width / 2 - (left + right) / 2 * size, box.height / 2 - cap_height(face) * size / 2)
    c.saveState()
    c.setFillColorRGB(*inks.ink)
    c.setStrokeColorRGB(*inks.ink)
    c.setLineWidth(0.9 * scale(box))
    t.textOut("?")
    c.drawText(t)
    c.restoreState()


#: what a back draws in its rings: (canvas, card, ring radius, the back's inks, style)
BackMark = Callable[[Canvas, CardBox, float, parts.BackInks, Style], None]

BACK = hex_rgb("#5E2A84")  # the deck's own back: a deep purple, so it never mixes with another deck
REFERENCE_BACK = hex_rgb("#8A5A14")  # the reference cards' own back: amber, sorted out at a glance


def _back(
    own: RGB, rings: tuple[float, float, float, bool], mark: BackMark, foot: str, foot_role: str
) -> Drawer:
    """A Riddle Craft card back: the `own` colour (so its cards never mix with another deck's or
    kind's), a double frame, two rings round the middle (outer radius share, its width, the gap to
    the inner one, whether that one is dotted) with `mark` drawn in them, the game's name across
    the head and `foot` across the foot (in `foot_role`)."""

    def draw(c: Canvas, box: CardBox) -> None:
        register_fonts()
        k = scale(box)
        sx, sy, sw, sh = card_inner(box)
        style = box.style
        inks = parts.back_ground(c, box, style, 0.28, own=own)
        frame(c, box, inks.ink, 0.8, double=True)
        share, width, gap, dotted = rings
        r = parts.back_rings(c, box, inks, share, width, gap * mm, dashed=dotted)
        mark(c, box, r, inks, style)
        band = 9 * mm * k
        name = role(style, "back_name", k, color=inks.ink)
        draw_text(c, GAME, sx, sy + sh - band, sw, band, name, "card back")
        draw_text(c, foot, sx, sy, sw, band, role(style, foot_role, k, color=inks.ink), "card back")

    return draw


def common_back() -> Drawer:
    """The back every riddle card shares: the game's name over a large question mark in dotted
    rings, 'What am I?' under it, on the deck's own purple."""
    return _back(BACK, (0.40, 1.4, 3.0, True), _question_mark, "What am I?", "card_note")


# ---------------------------------------------------------------------------------------------
# When Cards


def when_face(word: str, size: float, what: str = "When Card") -> Drawer:
    """One side of a When Card: its connecting words large in the middle, on a tinted card."""

    def draw(c: Canvas, box: CardBox) -> None:
        style = box.style
        k = scale(box)
        sx, sy, sw, sh = card_inner(box)
        if style.tint is not None:
            parts.fill_bleed(c, box, style.tint)
        frame(c, box, style.accent, 0.9, double=True)
        band = 8 * mm * k
        draw_text(c, "WHEN CARD", sx, sy + sh - band, sw, band, role(style, "card_label", k), what)
        press_parts.short_rule(c, box.width / 2, sy + sh - band + 0.6 * mm, 10 * mm * k, style.accent)
        # the words, one line at a size both sides share, between two small ornaments
        words = style.text_style(WORDS_ROLE, size=size, min_size=size, color=style.accent)
        draw_text(c, word, sx, sy, sw, sh, words, what)
        orn = role(style, "card_text", k, color=style.muted)
        gap = size * 0.9
        draw_text(c, "…", sx, sy + sh / 2 + gap, sw, 6 * mm * k, orn, what)
        draw_text(c, "…", sx, sy + sh / 2 - 0.75 * gap - 6 * mm * k, sw, 6 * mm * k, orn, what)
        pad = TEXT_PAD * k
        small = role(style, "card_small", k, color=style.ink)
        width = balanced_width(WHEN_HINT, sw - 2 * pad, 11 * mm * k, small)
        hint = (box.width / 2 - width / 2, sy, width, 11 * mm * k)
        draw_first_fitting(c, WHEN_HINT, hint, small, what)

    return draw


def balanced_width(texts: Sequence[str], width: float, height: float, style: TextStyle) -> float:
    """The narrowest width, down from `width`, at which the first of `texts` that fits still sets
    at the same size in as many lines: its lines come out even, no word left alone on the last."""
    from generator.press.text import fit

    got = next((f for t in texts if t and (f := fit(t, width, height, style)) is not None), None)
    if got is None:
        return width
    text = next(t for t in texts if t and fit(t, width, height, style) == got)
    best = width
    trial = width - 0.5 * mm
    while trial > width / 2:
        now = fit(text, trial, height, style)
        if now is None or now[0] != got[0] or len(now[1]) != len(got[1]):
            break
        best, trial = trial, trial - 0.5 * mm
    return best


def when_size(card: WhenCard, box: CardBox) -> float:
    """The one size at which both sides of a When Card fit on a single line: the larger the better,
    up to WHEN_HEIGHT_SHARE of the card's height."""
    style, k = box.style, scale(box)
    sw = card_inner(box)[2]
    face = style.text(WORDS_ROLE).face
    widest = max(string_width(t, face, 1.0) for t in (card.front, card.back))
    size = min(WHEN_HEIGHT_SHARE * box.height, (sw - 2 * TEXT_PAD * k - 2 * mm) / widest)
    if size < words_floor(style, k):
        raise TextFitError(
            f"When Card: {max(card.front, card.back, key=len)!r} is too long for one line on the card"
        )
    return math.floor(size * 4) / 4  # quarter points, never wider than the card allows


def when_pairs(when: Sequence[WhenCard], box: CardBox) -> list[tuple[str, Drawer, Drawer]]:
    """Each When Card's name and its two faces ('only when', 'except when'), at one size per card."""
    out = []
    for i, w in enumerate(when, start=1):
        size = when_size(w, box)
        what = f"When Card {i}"
        out.append((what, when_face(w.front, size, what), when_face(w.back, size, what)))
    return out


def when_cards(when: Sequence[WhenCard], box: CardBox) -> list[Card]:
    """The When Cards as two-sided cards: 'only when' on the front, 'except when' on their own back."""
    return [Card(what, front=front, back=back) for what, front, back in when_pairs(when, box)]


# ---------------------------------------------------------------------------------------------
# Reference cards


def _row_h(k: float) -> float:
    return 6.2 * mm * k


def _caption_h(w: float, k: float, style: Style) -> float:
    """The height of the table's caption in width `w`: one line where it fits, else two."""
    cap = role(style, "key_head", k)
    lines = wrap(SCORES_CAPTION, cap.face, cap.size, w) or [SCORES_CAPTION]
    return block_height(len(lines), cap.size, cap) + 0.6 * mm * k


@dataclass(frozen=True)
class ScoreTable:
    """How the press-your-luck table is set on a card: riddle lengths across, points beneath, in as
    many blocks of two rows as the card's width needs."""

    heads: list[str]
    values: list[str]
    size: float  # of every cell's text
    label_w: float  # the column naming the rows
    col_w: float  # each value column
    per_block: int  # value columns side by side
    row_h: float
    gap: float  # between blocks

    @property
    def blocks(self) -> int:
        return -(-len(self.heads) // self.per_block)

    @property
    def height(self) -> float:
        return self.blocks * 2 * self.row_h + (self.blocks - 1) * self.gap


TABLE_LABELS = ("cards", "points")


def score_table(table: Sequence[tuple[int, int]], w: float, k: float, style: Style) -> ScoreTable:
    """The layout of the press-your-luck table in width `w` on a card of scale `k`."""
    rows = sorted(table)
    heads = [str(n) for n, _ in rows]
    if heads:
        heads[-1] += "+"
    values = [str(v) for _, v in rows]
    head = style.text("key_head")
    pad = _cell_pad(k)
    top = round(max(head.size * k, head.min_size) * 4) / 4
    n = len(rows)
    for blocks in range(1, n + 1):  # as few blocks as hold the cells at a size the role allows
        per_block = -(-n // blocks)  # columns shared evenly between the blocks
        size = top
        while size >= head.min_size - 1e-9:
            label_w = max(string_width(t, head.face, size) for t in TABLE_LABELS) + 2 * pad
            widest = max((string_width(t, head.face, size) for t in heads + values), default=0.0)
            if widest + 2 * pad <= (w - label_w) / per_block:
                return ScoreTable(
                    heads, values, size, label_w, (w - label_w) / per_block, per_block, _row_h(k), mm * k
                )
            size = round(size - 0.25, 4)
    raise TextFitError(
        f"the press-your-luck table does not fit a {w / mm:.0f} mm wide card; choose a larger --card"
    )


def _cell_pad(k: float) -> float:
    """The room press.parts.ruled_table keeps each side of a cell's text."""
    return min(1.2 * mm, _row_h(k) * 0.15)


def _ref_areas(ref: ReferenceCard, box: CardBox) -> tuple[tuple[float, float, float, float], float]:
    """The bullet lines' box (x, y, w, h) on a reference card, and the table's bottom edge."""
    k = scale(box)
    sx, sy, sw, sh = card_inner(box)
    pad = TEXT_PAD * k
    x, w = sx + pad, sw - 2 * pad
    bottom = sy + 1.4 * mm * k
    top = sy + sh - 10 * mm * k
    style = box.style
    below = score_table(ref.table, w, k, style).height + _caption_h(w, k, style) if ref.table else 0.0
    return (x, bottom + below, w, top - bottom - below), bottom


def reference_set(refs: Sequence[ReferenceCard], box: CardBox) -> tuple[float, list[ReferenceCard]]:
    """The reference cards to print in `box` (one that cannot fit goes on over more) and one body
    size for them all, so they read alike."""

    def body(r: ReferenceCard) -> parts.Rect:
        return _ref_areas(r, box)[0]

    fit_one = parts.list_fitter(body, box.style, scale(box))
    return parts.reference_set(refs, fit_one, box.style)


def _draw_table(c: Canvas, t: ScoreTable, x: float, y: float, k: float, style: Style) -> None:
    """The press-your-luck table from its bottom-left (x, y): block after block, ruled like a table."""
    for b in range(t.blocks):
        cols = slice(b * t.per_block, (b + 1) * t.per_block)
        heads, values = t.heads[cols], t.values[cols]
        press_parts.ruled_table(
            c,
            style,
            x,
            y + t.height - b * (2 * t.row_h + t.gap),
            [t.label_w] + [t.col_w] * len(heads),
            t.row_h,
            [[TABLE_LABELS[0], *heads], [TABLE_LABELS[1], *values]],
            head_cols=1,
            role="key",
            head_role="key_head",
            size=t.size,
        )


def reference_front(ref: ReferenceCard, size: float) -> Drawer:
    """A reference card: a title, short bulleted lines in a condensed face, and the scoring table if any."""
    what = f"reference card {ref.title!r}"

    def draw(c: Canvas, box: CardBox) -> None:
        style, k = box.style, scale(box)
        frame(c, box, style.accent, 0.6, double=True)
        parts.reference_title(c, box, ref.title, 8 * mm * k, style, what)
        (x, y, w, h), table_y = _ref_areas(ref, box)
        parts.bullet_list(c, ref.lines, (x, y, w, h), size, style, what)
        if ref.table:
            t = score_table(ref.table, w, k, style)
            _draw_table(c, t, x, table_y, k, style)
            caption = role(style, "key_head", k)
            draw_text(c, SCORES_CAPTION, x, table_y + t.height, w, _caption_h(w, k, style), caption, what)

    return draw


# ---------------------------------------------------------------------------------------------
# The whole deck as cards


def riddle_cards(deck: RiddleCraftDeck) -> list[Card]:
    """One Card per riddle fragment (the common back comes from deck_pages)."""
    n = len(deck.riddles)
    return [
        Card(riddle_what(i, n), riddle_front(r, riddle_what(i, n)))
        for i, r in enumerate(deck.riddles, start=1)
    ]


def reference_cards(deck: RiddleCraftDeck, box: CardBox) -> list[Card]:
    """The reference cards, all at one body size (on small cards a long one goes on over two)."""
    size, refs = reference_set(deck.reference, box)
    back = reference_back()
    return [Card(f"reference card {r.title!r}", reference_front(r, size), back) for r in refs]


def reference_back() -> Drawer:
    """The reference cards' own back, so they are never shuffled in with the riddles: the game's
    name, a small question mark in a ring and 'REFERENCE', on amber."""
    return _back(REFERENCE_BACK, (0.30, 1.0, 2.2, False), _ringed_mark, "REFERENCE", "back_name")


def _ringed_mark(c: Canvas, box: CardBox, r: float, inks: parts.BackInks, style: Style) -> None:
    """The reference back's small question mark, set inside its ring."""
    mark = role(style, "card_glyph", scale(box), color=inks.ink)
    side = r * 1.4
    draw_text(c, "?", box.width / 2 - side / 2, box.height / 2 - side / 2, side, side, mark, "reference back")
