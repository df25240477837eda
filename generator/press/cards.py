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
    Layout,
    Slot,
    boxes,
    crop_marks,
    free_span,
    get_card,
    impose,
    parse_offset,
)
from generator.press.style import DEFAULT, Style

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

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
    made: set[str] = c.__dict__.setdefault("_parlour_forms", set())
    if name not in made:
        c.beginForm(name, *bbox)
        draw()
        c.endForm()
        made.add(name)
    c.doForm(name)


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
        p = c.beginPath()
        p.rect(-bleed, -bleed, card.width + 2 * bleed, card.height + 2 * bleed)
        c.clipPath(p, stroke=0, fill=0)
        draw(c, CardBox(card.width, card.height, bleed, style=style))

    if form:
        _form(c, form, (-bleed, -bleed, card.width + bleed, card.height + bleed), art)
    else:
        art()
    c.restoreState()


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
        if not layout.bleed:
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
    "none": "one-sided: turn the backs sheet over left to right, like a book page, and glue it behind its fronts",
}


def _blank_front(c: Canvas, box: CardBox) -> None:
    """A blank card's face: nothing printed (the outline or crop marks show where to cut)."""


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
        pages.append(_fronts_page(deck, sheet, key, sheet_label, two_sided, si if len(sheets) > 1 else 0))
        if two_sided:
            pages.append(_backs_page(deck, sheet, key, sheet_label))
    return pages


def _fronts_page(
    deck: DeckOptions, sheet: list[Card], key: str, label: str, two_sided: bool, number: int
) -> Page:
    layout = deck.layout

    def fronts(c: Canvas, info: PageInfo) -> None:
        slots = [layout.slot(i) for i in range(len(sheet))]
        for s, cd in zip(slots, sheet, strict=True):
            _place(c, s, layout.card, layout.bleed, cd.front, info.style)
        _frame(c, layout, slots, deck.outline_color, 0, 0, f"{key}-front{len(sheet)}")

    trim, bleed_box = boxes(layout)
    return Page(
        fronts,
        f"{label}: fronts" if two_sided else label,
        note=DUPLEX_NOTES[deck.duplex] if two_sided else None,
        footer="sides",
        side_span=free_span(layout),
        side="front" if two_sided else None,
        bookmark=f"Sheet {number}" if number else None,
        trim_box=trim,
        bleed_box=bleed_box,
        duplex=deck.duplex if two_sided and deck.duplex != "none" else None,
    )


def _backs_page(deck: DeckOptions, sheet: list[Card], key: str, label: str) -> Page:
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
        _frame(c, layout, slots, deck.outline_color, dx, dy, f"{key}-backs{len(slots)}-{len(sheet)}")

    trim, bleed_box = boxes(layout, dx, dy)
    return Page(
        backs,
        f"{label}: backs",
        note=DUPLEX_NOTES[duplex],
        footer="sides",
        side_span=free_span(layout),
        side="back",
        trim_box=trim,
        bleed_box=bleed_box,
        duplex=duplex if duplex != "none" else None,
    )
