"""Two-sided decks: what a card drawer sees (CardBox), and the sheets of fronts and backs of a deck."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from generator.errors import ParlourError
from generator.press.document import Page, PageInfo
from generator.press.impose import (
    CARD_PRESETS,
    DEFAULT_BLEED_MM,
    DUPLEX_MODES,
    SAFE,
    CardSize,
    FoldLayout,
    Layout,
    Slot,
    boxes,
    crop_marks,
    draw_marks,
    fold_layout,
    free_gaps,
    free_span,
    get_card,
    impose,
    margin_spot,
    parse_offset,
)
from generator.press.paper import Paper, mm
from generator.press.style import DEFAULT, Style

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.press.cutter import CutSheet, Cutter

__all__ = [  # the imposition names are re-exported: decks import them from here
    "CARD_PRESETS",
    "DEFAULT_BLEED_MM",
    "DUPLEX_MODES",
    "SAFE",
    "Card",
    "CardBox",
    "CardSize",
    "DeckOptions",
    "Drawer",
    "Layout",
    "Slot",
    "deck_pages",
    "get_card",
    "impose",
    "place",
    "parse_offset",
]


@dataclass(frozen=True)
class CardBox:
    """What a card-drawing function sees: origin at the trimmed card's bottom-left, sizes in points,
    and the style of the page the card is drawn on (draw from `box.style`, not from the command)."""

    width: float
    height: float
    bleed: float = 0.0
    safe: float = SAFE
    style: Style = field(default=DEFAULT, compare=False)

    @property
    def inner(self) -> tuple[float, float, float, float]:
        """The safe area (x, y, w, h): text stays inside it."""
        return (self.safe, self.safe, self.width - 2 * self.safe, self.height - 2 * self.safe)


Drawer = Callable[["Canvas", CardBox], None]


@dataclass(frozen=True)
class Card:
    """One card: a name (for errors and JSON), how to draw its face, and optionally its own back."""

    name: str
    front: Drawer
    back: Drawer | None = None


def _form(c: Canvas, name: str, bbox: tuple[float, float, float, float], draw: Callable[[], None]) -> None:
    """Draw once per canvas as a form XObject, then place it: repeated art is stored once in the PDF."""
    if not c.hasForm(name):
        c.beginForm(name, *bbox)
        draw()
        c.endForm()
    c.doForm(name)


def _clip(c: Canvas, card: CardSize, bleed: float) -> None:
    """Clip to the card and its bleed."""
    p = c.beginPath()
    p.rect(-bleed, -bleed, card.width + 2 * bleed, card.height + 2 * bleed)
    c.clipPath(p, stroke=0, fill=0)


def _place(
    c: Canvas, slot: Slot, card: CardSize, bleed: float, draw: Drawer, style: Style, form: str = ""
) -> None:
    """Draw one card's art into `slot`, turned by slot.turn (stored once as a form when `form` names it)."""
    c.saveState()
    turn = slot.turn % 360
    # the card's bottom-left corner goes to the slot corner that is bottom-left after the turn
    origin = {0: (0.0, 0.0), 90: (slot.w, 0.0), 180: (slot.w, slot.h), 270: (0.0, slot.h)}[turn]
    c.translate(slot.x + origin[0], slot.y + origin[1])
    if turn:
        c.rotate(turn)

    def art() -> None:
        _clip(c, card, bleed)
        draw(c, CardBox(card.width, card.height, bleed, style=style))

    if form:
        _form(c, form, (-bleed, -bleed, card.width + bleed, card.height + bleed), art)
    else:
        art()
    c.restoreState()


def place(c: Canvas, slot: Slot, card: CardSize, draw: Drawer, style: Style) -> None:
    """Draw one piece's art (no bleed) into `slot`, turned by slot.turn: for sheets that lay out
    pieces of several sizes themselves (the piecepack kit)."""
    _place(c, slot, card, 0.0, draw, style)


def _frame(
    c: Canvas,
    layout: Layout,
    slots: list[Slot],
    color: tuple[float, float, float],
    dx: float,
    dy: float,
    name: str,
) -> None:
    """Card outlines (when cards share cuts) and the crop marks of the slots in use, stored once per
    distinct sheet."""

    def art() -> None:
        if not layout.bleed and layout.marks == "crop":
            c.saveState()
            c.setStrokeColorRGB(*color)
            c.setLineWidth(0.3)
            for s in slots:
                c.rect(s.x + dx, s.y + dy, s.w, s.h, stroke=1, fill=0)
            c.restoreState()
        crop_marks(c, layout, dx, dy, slots)

    W, H = layout.paper.size
    _form(c, name, (0, 0, W, H), art)


DUPLEX_NOTES = {
    "long": "two-sided: flip on the long edge",
    "short": "two-sided: flip on the short edge",
    "none": "one-sided: turn the backs sheet over left to right, glue it behind its fronts",
}


def _blank_front(c: Canvas, box: CardBox) -> None:
    """A blank card's face: nothing printed (the outline or crop marks show where to cut)."""


@dataclass(frozen=True, eq=False)
class DeckPrint:
    """What --cards needs of one printed deck: its label, its cards in deck order, the common back
    (cards may carry their own), the card size and the bleed in points."""

    label: str
    cards: tuple[Card, ...]
    back: Drawer | None
    card: CardSize
    bleed: float
    corner: float | None = None  # the cut's corner radius for a cutting machine (None: a card's)


@dataclass(frozen=True)
class DeckOptions:
    """How a deck is printed: its imposition (paper, card size, bleed), a label for footers and
    bookmarks, the common back (None: cards carry their own backs or are one-sided), how the sheet
    turns, the printer's back offset in points, and whether blank cards with the common back fill
    the last sheet's free slots (`blank` draws their face)."""

    layout: Layout
    label: str
    back: Drawer | None = None
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    outline_color: tuple[float, float, float] = (0.7, 0.7, 0.7)
    blanks: bool = True
    blank: Drawer = _blank_front
    cutter: Cutter | None = None  # a cutting machine's marks and cut lines instead of crop marks

    def part(self, label: str, back: Drawer | None = None) -> DeckOptions:
        """The same printing for another part of the deck: its own label, and its own back."""
        return replace(self, label=label, back=back)

    def blank_count(self, cards: int) -> int:
        """How many blank cards fill the last sheet of a deck of `cards` (none without a common back)."""
        if self.back is None or not self.blanks or cards == 0:
            return 0
        return -cards % self.layout.per_page


def deck_pages(cards: Sequence[Card], deck: DeckOptions) -> list[Page]:
    """Pages for a deck: each sheet of fronts, followed by its sheet of backs if any card has a back.
    The last sheet's free slots take blank cards with the common back (see DeckOptions.blank_count)."""
    layout, duplex = deck.layout, deck.duplex
    if duplex not in DUPLEX_MODES:
        raise ParlourError(f"unknown --duplex {duplex!r}: use one of {', '.join(DUPLEX_MODES)}")
    printed = DeckPrint(
        deck.label, tuple(cards), deck.back, layout.card, layout.bleed
    )  # what --cards renders
    cards = [
        *cards,
        *(Card(f"blank card {i}", deck.blank) for i in range(1, deck.blank_count(len(cards)) + 1)),
    ]
    n = layout.per_page
    sheets = [cards[i : i + n] for i in range(0, len(cards), n)]
    two_sided = deck.back is not None or any(cd.back for cd in cards)
    dx, dy = deck.back_offset
    # forms are stored once per PDF under a name: make it unique to this deck's label, layout and offset
    ident = f"{deck.label}|{layout.card.name}|{layout.cols}x{layout.rows}|{layout.bleed:.3f}|{duplex}|{dx:.3f},{dy:.3f}"
    key = "d" + hashlib.sha1(ident.encode()).hexdigest()[:10]
    pages: list[Page] = []
    for si, sheet in enumerate(sheets, start=1):
        sheet_label = f"{deck.label}, sheet {si} of {len(sheets)}"
        number = si if len(sheets) > 1 else 0
        pages.append(_fronts_page(deck, sheet, key, sheet_label, two_sided, number, printed))
        if two_sided:
            pages.append(_backs_page(deck, sheet, key, sheet_label, printed))
    return pages


def _fronts_page(
    deck: DeckOptions,
    sheet: list[Card],
    key: str,
    label: str,
    two_sided: bool,
    number: int,
    printed: DeckPrint,
) -> Page:
    layout = deck.layout

    cut = _cut_sheet(deck, sheet, label)

    def fronts(c: Canvas, info: PageInfo) -> None:
        slots = [layout.slot(i) for i in range(len(sheet))]
        for s, cd in zip(slots, sheet, strict=True):
            _place(c, s, layout.card, layout.bleed, cd.front, info.style)
        if cut is not None:
            from generator.press import cutter

            cutter.draw_marks(c, cut.cutter, layout.paper)
            cutter.draw_guides(c, cut)
        else:
            _frame(c, layout, slots, deck.outline_color, 0, 0, f"{key}-front{len(sheet)}")

    trim, bleed_box = boxes(layout)
    return Page(
        fronts,
        f"{label}: fronts" if two_sided else label,
        note=DUPLEX_NOTES[deck.duplex] if two_sided else None,
        footer=layout.footer(),
        side_span=free_span(layout),
        side_gaps=free_gaps(layout),
        deck=printed,
        side="front" if two_sided else None,
        card=True,
        bookmark=f"Sheet {number}" if number else None,
        trim_box=trim,
        bleed_box=bleed_box,
        duplex=deck.duplex if two_sided and deck.duplex != "none" else None,
        cut=cut,
    )


def _cut_sheet(deck: DeckOptions, sheet: list[Card], label: str) -> CutSheet | None:
    """What the cutting machine cuts on a fronts sheet: each card's trim with rounded corners."""
    if deck.cutter is None or not deck.cutter.marks:
        return None
    from generator.press.cutter import CORNER_RADIUS, CutSheet, Outline, check_inside

    layout = deck.layout
    radius = CORNER_RADIUS if layout.corner is None else layout.corner
    outlines = []
    for i, cd in enumerate(sheet):
        s = layout.slot(i)
        outlines.append(Outline(s.x, s.y, s.w, s.h, radius, cd.name))
    cut = CutSheet(deck.cutter, layout.paper, outlines, label=label)
    check_inside(cut)
    return cut


def _backs_page(deck: DeckOptions, sheet: list[Card], key: str, label: str, printed: DeckPrint) -> Page:
    layout, duplex = deck.layout, deck.duplex
    dx, dy = deck.back_offset

    def backs(c: Canvas, info: PageInfo) -> None:
        c.saveState()
        c.translate(dx, dy)
        slots = []
        for i, cd in enumerate(sheet):
            draw = cd.back or deck.back
            if draw is None:
                continue
            s = layout.back_slot(i, duplex)
            slots.append(s)
            _place(c, s, layout.card, layout.bleed, draw, info.style, "" if cd.back else f"{key}-back")
        c.restoreState()
        if deck.cutter is None or not deck.cutter.marks:  # (the machine cuts from the fronts side)
            _frame(c, layout, slots, deck.outline_color, dx, dy, f"{key}-backs{len(slots)}-{len(sheet)}")
        if duplex == "none":
            turn_diagram(c, layout, info.style)

    trim, bleed_box = boxes(layout, dx, dy)
    return Page(
        backs,
        f"{label}: backs",
        note=DUPLEX_NOTES[duplex],
        footer=layout.footer(),
        side_span=free_span(layout),
        side_gaps=free_gaps(layout),
        deck=printed,
        side="back",
        card=True,
        trim_box=trim,
        bleed_box=bleed_box,
        duplex=duplex if duplex != "none" else None,
    )


DIAGRAM_MAX = 11 * mm  # the turn diagram's thickness at most
LETTER_PT = 7.0  # its letters: F (fronts) and B (backs), as big as the footer beside them


def turn_diagram(c: Canvas, layout: Layout, style: Style) -> None:
    """A small picture in the roomiest free margin of a backs sheet printed for gluing: the backs
    sheet B turned over left to right like a book page (a dashed hinge at its left edge, an arrow
    over it), then laid behind the fronts sheet F."""
    box, across = margin_spot(layout)
    bx0, by0, bx1, by1 = box
    ratio = layout.paper.width / layout.paper.height
    t = min(DIAGRAM_MAX, (by1 - by0) if across else (bx1 - bx0))
    ih = t if across else t / ratio  # icon height: a sheet in portrait
    iw = ih * ratio
    step = iw * 1.9 if across else ih * 1.55
    length = step + (iw if across else ih)
    ox = (bx0 + bx1 - length) / 2 if across else (bx0 + bx1 - iw) / 2
    oy = (by0 + by1 - ih) / 2 if across else (by0 + by1 + length) / 2 - ih
    c.saveState()
    c.setStrokeColorRGB(*style.ink)
    c.setFillColorRGB(*style.ink)
    c.setLineWidth(0.4)
    sx, sy = (ox + step, oy) if across else (ox, oy - step)  # where the glued pair is drawn
    # the backs sheet, its hinge (dashed, at its left edge) and the arrow of the turn over it
    c.rect(ox, oy, iw, ih * 0.68, stroke=1, fill=0)
    _letter(c, "B", ox + iw / 2, oy + ih * 0.34)
    c.setDash(0.7, 0.7)
    c.line(ox - iw * 0.12, oy - ih * 0.06, ox - iw * 0.12, oy + ih * 0.74)
    c.setDash()
    c.arc(ox + iw * 0.05, oy + ih * 0.74, ox + iw, oy + ih * 1.02, 0, 180)
    _arrowhead(c, ox + iw * 0.05, oy + ih * 0.8, 270, size=1.0 * mm)
    # then behind the fronts: B peeps out from under F
    c.rect(sx + iw * 0.18, sy, iw * 0.82, ih * 0.8, stroke=1, fill=0)
    c.setFillColorRGB(*style.paper)
    c.rect(sx, sy + ih * 0.08, iw * 0.82, ih * 0.8, stroke=1, fill=1)
    c.setFillColorRGB(*style.ink)
    _letter(c, "F", sx + iw * 0.41, sy + ih * 0.48)
    # between them, the way to go
    if across:
        _arrow(c, ox + iw * 1.12, oy + ih * 0.4, sx - iw * 0.12, oy + ih * 0.4)
    else:
        _arrow(c, ox + iw / 2, oy - ih * 0.08, ox + iw / 2, sy + ih * 0.95)
    c.restoreState()


def _letter(c: Canvas, ch: str, x: float, y: float) -> None:
    c.setFont("Sans-Bold", LETTER_PT)
    c.drawCentredString(x, y - LETTER_PT * 0.35, ch)


def _arrowhead(c: Canvas, x: float, y: float, angle: float, size: float = 1.2 * mm) -> None:
    """A filled arrowhead with its tip at (x, y), pointing `angle` degrees anticlockwise from east."""
    c.saveState()
    c.translate(x, y)
    c.rotate(angle)
    p = c.beginPath()
    p.moveTo(0, 0)
    p.lineTo(-size, size * 0.45)
    p.lineTo(-size, -size * 0.45)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.restoreState()


def _arrow(c: Canvas, x1: float, y1: float, x2: float, y2: float) -> None:
    import math

    c.line(x1, y1, x2, y2)
    _arrowhead(c, x2, y2, math.degrees(math.atan2(y2 - y1, x2 - x1)))


FOLD_NOTE = "one-sided: cut, fold on the dashed line, glue"


def fold_pages(
    pairs: Sequence[tuple[Drawer, Drawer]], paper: Paper, card: CardSize, label: str, title: str, howto: str
) -> list[Page]:
    """Sheets of two-sided cards for one-sided printers: each card's front and back side by side (or
    one above the other) about a dashed fold line, as many strips to a sheet as fit (see
    impose.fold_layout), under a header with `title` and `howto`."""
    lay = fold_layout(paper, card)
    chunks = [list(pairs[i : i + lay.per_page]) for i in range(0, len(pairs), lay.per_page)]
    pages = []
    for n, chunk in enumerate(chunks, start=1):

        def draw(c: Canvas, info: PageInfo, chunk: list[tuple[Drawer, Drawer]] = chunk) -> None:
            _fold_header(c, info.style, lay, title, howto)
            for i, (front, back) in enumerate(chunk):
                front_slot, back_slot = lay.faces(i)
                _place(c, front_slot, card, 0.0, front, info.style)
                _place(c, back_slot, card, 0.0, back, info.style)
                x, y = lay.pair_origin(i)
                c.saveState()
                c.setStrokeColorRGB(*info.style.rule)
                c.setLineWidth(0.3)
                c.rect(x, y, *lay.pair, stroke=1, fill=0)
                c.setStrokeColorRGB(*info.style.ink)
                c.setLineWidth(0.5)
                c.setDash(3, 2)
                c.line(*lay.fold(i))
                c.restoreState()
            cuts, folds = lay.marks(len(chunk))
            draw_marks(c, cuts)
            draw_marks(c, folds, dashed=True)

        many = len(chunks) > 1
        pages.append(
            Page(draw, f"{label}, sheet {n} of {len(chunks)}" if many else label, note=FOLD_NOTE, card=True)
        )
    return pages


def _fold_header(c: Canvas, style: Style, lay: FoldLayout, title: str, howto: str) -> None:
    """The fold sheet's title and instructions, in the band or column the layout leaves for them."""
    from generator.press.parts import Header

    x0, y0, x1, y1 = lay.header
    text_h = (y1 - y0) - Header(title, text="-", text_h=0.0).height
    Header(title, text=howto, text_h=text_h, text_role="small").draw(c, style, x0, y1, x1 - x0, "fold sheet")
