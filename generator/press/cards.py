"""Card presets, N-up imposition, bleed and gutters, crop marks, and two-sided decks with mirrored backs."""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from generator.errors import ParlourError
from generator.press.card_images import DeckPrint
from generator.press.document import Page, PageInfo
from generator.press.paper import Paper, mm
from generator.press.style import DEFAULT, Style

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

#: Trimmed card sizes in millimetres, portrait.
CARD_PRESETS: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "mini": (44.45, 63.5),
    "euro": (59.0, 92.0),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
}
DEFAULT_BLEED_MM = 3.0
DUPLEX_MODES = ("long", "short", "none")

MARGIN_MIN = 6 * mm  # room outside the grid for crop marks
MARK_GAP = 1 * mm  # crop marks start this far from the grid...
MARK_LEN = 5 * mm  # ...run at most this long...
EDGE_CLEAR = 2 * mm  # ...and always stop this far short of the page edge
SAFE = 3 * mm  # keep text this far inside the trim


@dataclass(frozen=True)
class CardSize:
    name: str
    width: float  # points
    height: float


def get_card(name: str) -> CardSize:
    key = (name or "").strip().lower()
    if key not in CARD_PRESETS:
        raise ParlourError(f"unknown card size {name!r}: use one of {', '.join(CARD_PRESETS)}")
    w, h = CARD_PRESETS[key]
    return CardSize(key, w * mm, h * mm)


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


@dataclass(frozen=True)
class Slot:
    """Where a card's trimmed rectangle sits on the page (x, y bottom-left, w, h as it lies on the page)."""

    x: float
    y: float
    w: float
    h: float
    rotated: bool


@dataclass(frozen=True)
class Layout:
    """Cards imposed N-up on a page: a grid of cols x rows, centred, cards upright or turned a quarter."""

    paper: Paper
    card: CardSize
    bleed: float
    cols: int
    rows: int
    rotated: bool

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def cell(self) -> tuple[float, float]:
        """Trimmed card size as it lies on the page."""
        if self.rotated:
            return (self.card.height, self.card.width)
        return (self.card.width, self.card.height)

    @property
    def pitch(self) -> tuple[float, float]:
        cw, ch = self.cell
        gutter = 2 * self.bleed  # bleeds of neighbours meet; cards share cut lines when there is no bleed
        return (cw + gutter, ch + gutter)

    @property
    def grid(self) -> tuple[float, float, float, float]:
        """Trimmed extent of the whole grid: x0, y0, x1, y1."""
        cw, ch = self.cell
        px, py = self.pitch
        gw = (self.cols - 1) * px + cw
        gh = (self.rows - 1) * py + ch
        x0 = (self.paper.width - gw) / 2
        y0 = (self.paper.height - gh) / 2
        return (x0, y0, x0 + gw, y0 + gh)

    def slot(self, index: int) -> Slot:
        """Front slot `index`, row-major from the top-left."""
        r, col = divmod(index, self.cols)
        x0, _, _, y1 = self.grid
        cw, ch = self.cell
        px, py = self.pitch
        return Slot(x0 + col * px, y1 - ch - r * py, cw, ch, self.rotated)

    def back_slot(self, index: int, duplex: str) -> Slot:
        """Where the back of front slot `index` must be drawn so it lands behind it after the flip."""
        s = self.slot(index)
        if duplex == "short":  # flipped over the top edge: rows swap, columns stay
            return Slot(s.x, self.paper.height - s.y - s.h, s.w, s.h, s.rotated)
        # long edge (and 'none', where backs are glued on the same way): columns swap, rows stay
        return Slot(self.paper.width - s.x - s.w, s.y, s.w, s.h, s.rotated)

    def cut_lines(self) -> tuple[list[float], list[float]]:
        """x positions of vertical cuts and y positions of horizontal cuts (shared where cards touch)."""
        xs: set[float] = set()
        ys: set[float] = set()
        for i in range(self.per_page):
            s = self.slot(i)
            xs.update((round(s.x, 3), round(s.x + s.w, 3)))
            ys.update((round(s.y, 3), round(s.y + s.h, 3)))
        return sorted(xs), sorted(ys)


def impose(paper: Paper, card: CardSize, bleed: float = 0.0) -> Layout:
    """The layout that fits the most cards (upright preferred on a tie), keeping room for crop marks."""
    best: Layout | None = None
    for rotated in (False, True):
        cw, ch = (card.height, card.width) if rotated else (card.width, card.height)
        avail_w = paper.width - 2 * MARGIN_MIN
        avail_h = paper.height - 2 * MARGIN_MIN
        g = 2 * bleed
        cols = int((avail_w - cw) // (cw + g)) + 1 if avail_w >= cw + g else 0
        rows = int((avail_h - ch) // (ch + g)) + 1 if avail_h >= ch + g else 0
        # bleed must also fit outside the outermost cards
        while cols and (cols * cw + (cols - 1) * g + 2 * bleed) > avail_w:
            cols -= 1
        while rows and (rows * ch + (rows - 1) * g + 2 * bleed) > avail_h:
            rows -= 1
        lay = Layout(paper, card, bleed, cols, rows, rotated)
        if best is None or lay.per_page > best.per_page:
            best = lay
    assert best is not None
    if best.per_page == 0:
        raise ParlourError(f"{card.name} cards do not fit on {paper.name} paper; choose a smaller --card")
    return best


def parse_offset(text: str | None) -> tuple[float, float]:
    """'X,Y' in millimetres -> (x, y) in points."""
    if text is None or text == "":
        return (0.0, 0.0)
    parts = text.replace(" ", "").split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = (float(p) for p in parts)
    except ValueError:
        raise ParlourError(
            f"--back-offset {text!r} is not X,Y in millimetres: write it like 1.5,-0.5"
        ) from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise ParlourError(f"--back-offset {text!r} is not a number of millimetres: write it like 1.5,-0.5")
    if abs(x) > 20 or abs(y) > 20:
        raise ParlourError(f"--back-offset {text!r} is over 20 mm: measure it with 'parlour calibrate'")
    return (x * mm, y * mm)


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
    c: Canvas,
    slot: Slot,
    card: CardSize,
    bleed: float,
    draw: Drawer,
    back: bool,
    style: Style,
    form: str | None = None,
) -> None:
    c.saveState()
    if not slot.rotated:
        c.translate(slot.x, slot.y)
    elif not back:
        c.translate(slot.x + slot.w, slot.y)  # quarter turn anticlockwise: card 'up' points page left
        c.rotate(90)
    else:
        c.translate(
            slot.x, slot.y + slot.h
        )  # its back turns the other way, so both read alike after the flip
        c.rotate(-90)

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


def crop_mark_segments(
    layout: Layout, dx: float = 0.0, dy: float = 0.0
) -> list[tuple[float, float, float, float]]:
    """Marks extending every cut line outside the grid, as (x1, y1, x2, y2); none reaches the page edge."""
    xs, ys = layout.cut_lines()
    x0, y0, x1, y1 = layout.grid
    b = layout.bleed
    x0, y0, x1, y1 = x0 - b + dx, y0 - b + dy, x1 + b + dx, y1 + b + dy
    W, H = layout.paper.size
    top_len = min(MARK_LEN, H - EDGE_CLEAR - (y1 + MARK_GAP))
    bot_len = min(MARK_LEN, (y0 - MARK_GAP) - EDGE_CLEAR)
    right_len = min(MARK_LEN, W - EDGE_CLEAR - (x1 + MARK_GAP))
    left_len = min(MARK_LEN, (x0 - MARK_GAP) - EDGE_CLEAR)
    segs = []
    for x in xs:
        x += dx
        if top_len > 0:
            segs.append((x, y1 + MARK_GAP, x, y1 + MARK_GAP + top_len))
        if bot_len > 0:
            segs.append((x, y0 - MARK_GAP, x, y0 - MARK_GAP - bot_len))
    for y in ys:
        y += dy
        if right_len > 0:
            segs.append((x1 + MARK_GAP, y, x1 + MARK_GAP + right_len, y))
        if left_len > 0:
            segs.append((x0 - MARK_GAP, y, x0 - MARK_GAP - left_len, y))
    return segs


def crop_marks(c: Canvas, layout: Layout, dx: float = 0.0, dy: float = 0.0) -> None:
    """Draw the crop marks of `layout` (shifted by dx, dy on backs pages)."""
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.25)
    for seg in crop_mark_segments(layout, dx, dy):
        c.line(*seg)
    c.restoreState()


def _boxes(layout: Layout, dx: float = 0.0, dy: float = 0.0) -> tuple[tuple, tuple]:
    x0, y0, x1, y1 = layout.grid
    b = layout.bleed
    trim = (x0 + dx, y0 + dy, x1 + dx, y1 + dy)
    bleed = (x0 - b + dx, y0 - b + dy, x1 + b + dx, y1 + b + dy)
    return trim, bleed


def _frame(
    c: Canvas,
    layout: Layout,
    slots: list[Slot],
    color: tuple[float, float, float],
    dx: float,
    dy: float,
    name: str,
) -> None:
    """Card outlines (when cards share cuts) and crop marks, stored once per distinct sheet."""

    def art() -> None:
        if not layout.bleed:
            c.saveState()
            c.setStrokeColorRGB(*color)
            c.setLineWidth(0.3)
            for s in slots:
                c.rect(s.x + dx, s.y + dy, s.w, s.h, stroke=1, fill=0)
            c.restoreState()
        crop_marks(c, layout, dx, dy)

    W, H = layout.paper.size
    _form(c, name, (0, 0, W, H), art)


def _free_gaps(layout: Layout) -> tuple[tuple[float, float], ...]:
    """The stretches of the side margins that no horizontal crop mark crosses (y0, y1), bottom to top."""
    _, ys = layout.cut_lines()
    b = layout.bleed
    H = layout.paper.height
    stops = sorted({0.0, H, *ys, *(y - b for y in ys), *(y + b for y in ys)})
    return tuple((stops[i], stops[i + 1]) for i in range(len(stops) - 1))


def _free_span(layout: Layout) -> tuple[float, float]:
    """The longest stretch of the side margins that no horizontal crop mark crosses (y0, y1)."""
    H = layout.paper.height
    gaps = _free_gaps(layout)
    # among the longest gaps, the one nearest the middle of the page
    return max(gaps, key=lambda g: (round(g[1] - g[0], 1), -abs((g[0] + g[1]) / 2 - H / 2)))


DUPLEX_NOTES = {
    "long": "two-sided: flip on the long edge",
    "short": "two-sided: flip on the short edge",
    "none": "print one-sided; glue each backs sheet behind its fronts sheet",
}


@dataclass(frozen=True)
class DeckOptions:
    """How a deck is printed: its imposition (paper, card size, bleed), a label for footers and
    bookmarks, the common back (None: cards carry their own backs or are one-sided), how the sheet
    turns, and the printer's back offset in points."""

    layout: Layout
    label: str
    back: Drawer | None = None
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    outline_color: tuple[float, float, float] = (0.7, 0.7, 0.7)

    def part(self, label: str, back: Drawer | None = None) -> DeckOptions:
        """The same printing for another part of the deck: its own label, and its own back."""
        return DeckOptions(self.layout, label, back, self.duplex, self.back_offset, self.outline_color)


def deck_pages(cards: Sequence[Card], deck: DeckOptions) -> list[Page]:
    """Pages for a deck: each sheet of fronts, followed by its sheet of backs if any card has a back."""
    layout, label, back, duplex = deck.layout, deck.label, deck.back, deck.duplex
    if duplex not in DUPLEX_MODES:
        raise ParlourError(f"unknown --duplex {duplex!r}: use one of {', '.join(DUPLEX_MODES)}")
    outline_color = deck.outline_color
    n = layout.per_page
    sheets = [list(cards[i : i + n]) for i in range(0, len(cards), n)]
    two_sided = back is not None or any(cd.back for cd in cards)
    pages: list[Page] = []
    dx, dy = deck.back_offset
    # forms are stored once per PDF under a name: make it unique to this deck's label, layout and offset
    ident = f"{label}|{layout.card.name}|{layout.cols}x{layout.rows}|{layout.bleed:.3f}|{duplex}|{dx:.3f},{dy:.3f}"

    key = "d" + hashlib.sha1(ident.encode()).hexdigest()[:10]
    span, gaps = _free_span(layout), _free_gaps(layout)
    printed = DeckPrint(label, tuple(cards), back, layout.card, layout.bleed)  # what --cards renders
    for si, sheet in enumerate(sheets, start=1):

        def fronts(c: Canvas, info: PageInfo, sheet: list[Card] = sheet) -> None:
            slots = [layout.slot(i) for i in range(len(sheet))]
            for s, cd in zip(slots, sheet, strict=True):
                _place(c, s, layout.card, layout.bleed, cd.front, back=False, style=info.style)
            _frame(c, layout, slots, outline_color, 0, 0, f"{key}-front{len(sheet)}")

        trim, bleed_box = _boxes(layout)
        sheet_label = f"{label}, sheet {si} of {len(sheets)}"
        pages.append(
            Page(
                fronts,
                f"{sheet_label}: fronts" if two_sided else sheet_label,
                note=DUPLEX_NOTES[duplex] if two_sided else None,
                footer="sides",
                side_span=span,
                side_gaps=gaps,
                deck=printed,
                side="front" if two_sided else None,
                bookmark=f"Sheet {si}" if len(sheets) > 1 else None,
                trim_box=trim,
                bleed_box=bleed_box,
                duplex=duplex if two_sided and duplex != "none" else None,
            )
        )
        if not two_sided:
            continue

        def backs(c: Canvas, info: PageInfo, sheet: list[Card] = sheet) -> None:
            c.saveState()
            c.translate(dx, dy)
            slots = []
            for i, cd in enumerate(sheet):
                draw = cd.back or back
                if draw is None:
                    continue
                s = layout.back_slot(i, duplex)
                slots.append(s)
                # after a short-edge flip a turned card's top stays where it was; after a long-edge one it swaps
                _place(
                    c,
                    s,
                    layout.card,
                    layout.bleed,
                    draw,
                    back=duplex != "short",
                    style=info.style,
                    form=None if cd.back else f"{key}-back",
                )
            c.restoreState()
            _frame(c, layout, slots, outline_color, dx, dy, f"{key}-backs{len(slots)}-{len(sheet)}")

        trim, bleed_box = _boxes(layout, dx, dy)
        pages.append(
            Page(
                backs,
                f"{sheet_label}: backs",
                note=DUPLEX_NOTES[duplex],
                footer="sides",
                side_span=span,
                side_gaps=gaps,
                deck=printed,
                side="back",
                trim_box=trim,
                bleed_box=bleed_box,
                duplex=duplex if duplex != "none" else None,
            )
        )
    return pages
