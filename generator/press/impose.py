"""Imposition: card sizes, N-up layouts, where backs go for each flip, and the one crop-mark routine."""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.errors import ParlourError
from generator.press.paper import MARGIN, Paper, mm
from generator.press.print_defaults import CARD_PRESETS as CARD_PRESETS
from generator.press.print_defaults import DEFAULT_BLEED_MM as DEFAULT_BLEED_MM
from generator.press.print_defaults import DUPLEX_MODES as DUPLEX_MODES

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

CUSTOM_MIN_MM, CUSTOM_MAX_MM = 20.0, 400.0  # a custom --card WxH is checked against these

MARGIN_MIN = 6 * mm  # room outside the grid for crop marks
SIDE_MARGIN_MIN = 9.5 * mm  # the side margins also carry the sheet's labels (side_footer): never on a card
MARK_GAP = 1 * mm  # crop marks start this far from the grid...
MARK_LEN = 5 * mm  # ...run at most this long...
EDGE_CLEAR = 2 * mm  # ...and always stop this far short of the page edge
PRINTABLE = 5 * mm  # most home printers print nothing nearer the edge than this
MARK_MIN = 3 * mm  # every crop mark keeps at least this much of itself inside the printable area
SAFE = 3 * mm  # keep text this far inside the trim
FOOT_ROOM = 10 * mm  # a bottom margin this deep holds the sheet's footer line

Segment = tuple[float, float, float, float]


@dataclass(frozen=True)
class CardSize:
    name: str
    width: float  # points
    height: float


_CUSTOM = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×*]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*$", re.IGNORECASE)


def get_card(name: str) -> CardSize:
    """A preset by name (any case), or a custom size written WIDTHxHEIGHT in millimetres (63x88)."""
    key = (name or "").strip().lower()
    if key in CARD_PRESETS:
        w, h = CARD_PRESETS[key]
        return CardSize(key, w * mm, h * mm)
    m = _CUSTOM.match(key)
    if m is None:
        raise ParlourError(
            f"--card {name!r} is not a card size: use one of {', '.join(CARD_PRESETS)}, "
            "or WIDTHxHEIGHT in millimetres like 63x88"
        )
    w, h = float(m.group(1)), float(m.group(2))
    for side in (w, h):
        if not CUSTOM_MIN_MM <= side <= CUSTOM_MAX_MM:
            raise ParlourError(
                f"--card {name!r}: each side must be {CUSTOM_MIN_MM:g} to {CUSTOM_MAX_MM:g} mm, like 63x88"
            )
    return CardSize(f"{w:g}x{h:g}", w * mm, h * mm)


@dataclass(frozen=True)
class Slot:
    """Where a card's trimmed rectangle sits on the page (x, y bottom-left, w, h as it lies on the
    page), and how far its art is turned anticlockwise (0, 90, 180 or 270 degrees)."""

    x: float
    y: float
    w: float
    h: float
    rotated: bool  # lying on its side (w and h are the card's height and width)
    turn: int = 0


def back_turn(rotated: bool, duplex: str) -> int:
    """How far a back's art turns so that it reads upright when the cut card is turned over left to
    right. A card whose front 'up' is u on the page has its back's 'up' at F(u), F being the sheet's
    flip: long edge mirrors x (up stays up; a card on its side turns the other way), short edge mirrors
    y (an upright card's back is drawn upside down; one on its side turns the same way)."""
    if duplex == "short":
        return 90 if rotated else 180
    return 270 if rotated else 0  # long edge, and 'none' (glued on, turned like a page)


@dataclass(frozen=True)
class Layout:
    """Cards imposed N-up on a page: a grid of cols x rows, centred, cards upright or turned a quarter."""

    paper: Paper
    card: CardSize
    bleed: float
    cols: int
    rows: int
    rotated: bool
    # a sheet layout of one's own (press.sheet_layout) fixes these; else the grid is centred, cards
    # share cut lines (or sit a bleed's width apart) and crop marks go outside it
    gutter: tuple[float, float] | None = None  # between columns, between rows
    origin: tuple[float, float] | None = None  # the grid's left edge and top edge on the page
    marks: str = "crop"  # "crop", "none" (pre-cut stock), or a cutting machine's name
    corner: float | None = None  # the cards' corner radius for a cutting machine (None: its own)

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @functools.cached_property  # (frozen: computed once per layout)
    def cell(self) -> tuple[float, float]:
        """Trimmed card size as it lies on the page."""
        if self.rotated:
            return (self.card.height, self.card.width)
        return (self.card.width, self.card.height)

    @functools.cached_property  # (frozen: computed once per layout)
    def pitch(self) -> tuple[float, float]:
        cw, ch = self.cell
        if self.gutter is not None:
            return (cw + self.gutter[0], ch + self.gutter[1])
        gutter = 2 * self.bleed  # bleeds of neighbours meet; cards share cut lines when there is no bleed
        return (cw + gutter, ch + gutter)

    @functools.cached_property  # (frozen: computed once per layout)
    def grid(self) -> tuple[float, float, float, float]:
        """Trimmed extent of the whole grid: x0, y0, x1, y1."""
        cw, ch = self.cell
        px, py = self.pitch
        gw = (self.cols - 1) * px + cw
        gh = (self.rows - 1) * py + ch
        if self.origin is not None:
            x0, top = self.origin
            return (x0, top - gh, x0 + gw, top)
        x0 = (self.paper.width - gw) / 2
        y0 = (self.paper.height - gh) / 2
        return (x0, y0, x0 + gw, y0 + gh)

    def footer(self) -> str:
        """Where the sheet's labels go: up the side margins ("sides") when they are wide enough,
        else along the bottom when it has room, else nowhere (a label sheet with thin margins)."""
        x0, y0, x1, _ = self.grid
        b = self.bleed
        if min(x0 - b, self.paper.width - x1 - b) >= SIDE_MARGIN_MIN:
            return "sides"
        return "bottom" if y0 - b >= FOOT_ROOM else "none"

    def slot(self, index: int) -> Slot:
        """Front slot `index`, row-major from the top-left."""
        r, col = divmod(index, self.cols)
        x0, _, _, y1 = self.grid
        cw, ch = self.cell
        px, py = self.pitch
        return Slot(x0 + col * px, y1 - ch - r * py, cw, ch, self.rotated, 90 if self.rotated else 0)

    def back_slot(self, index: int, duplex: str) -> Slot:
        """Where the back of front slot `index` must be drawn so it lands behind it after the flip,
        turned so that it reads upright (see back_turn)."""
        s = self.slot(index)
        turn = back_turn(s.rotated, duplex)
        if duplex == "short":  # flipped over the top edge: rows swap, columns stay
            return Slot(s.x, self.paper.height - s.y - s.h, s.w, s.h, s.rotated, turn)
        # long edge (and 'none', where backs are glued on the same way): columns swap, rows stay
        return Slot(self.paper.width - s.x - s.w, s.y, s.w, s.h, s.rotated, turn)

    def cut_lines(self) -> tuple[list[float], list[float]]:
        """x positions of vertical cuts and y positions of horizontal cuts (shared where cards touch)."""
        return cut_lines(self.slot(i) for i in range(self.per_page))


def cut_lines(slots: Iterable[Slot]) -> tuple[list[float], list[float]]:
    """The x of every vertical cut and the y of every horizontal cut the slots need."""
    xs: set[float] = set()
    ys: set[float] = set()
    for s in slots:
        xs.update((round(s.x, 3), round(s.x + s.w, 3)))
        ys.update((round(s.y, 3), round(s.y + s.h, 3)))
    return sorted(xs), sorted(ys)


def _fit(avail: float, size: float, gutter: float, bleed: float) -> int:
    """How many cards of `size` fit in `avail`, with `gutter` between them and `bleed` outside."""
    n = int((avail - size) // (size + gutter)) + 1 if avail >= size + gutter else 0
    while n and n * size + (n - 1) * gutter + 2 * bleed > avail:
        n -= 1
    return n


def impose(
    paper: Paper, card: CardSize, bleed: float = 0.0, area: tuple[float, float, float, float] | None = None
) -> Layout:
    """The layout that fits the most cards (upright preferred on a tie), keeping room for crop marks,
    and in the side margins for the sheet's labels, which run there clear of every card. With `area`
    (x0, y0, x1, y1, centred on the page: a cutting machine's readable area), every card's trim lies
    inside it, its bleed too above and below (where the marks are), and clear of the side labels."""
    room_w, room_h = paper.width - 2 * SIDE_MARGIN_MIN, paper.height - 2 * MARGIN_MIN
    where = "inside the crop marks"
    if area is not None:
        room_w = min(room_w, area[2] - area[0] + 2 * bleed)
        room_h = area[3] - area[1]  # the bleed too stays clear of the marks' reach, top and bottom
        where = "between the cutting machine's marks"
    best: Layout | None = None
    for rotated in (False, True):
        cw, ch = (card.height, card.width) if rotated else (card.width, card.height)
        cols = _fit(room_w, cw, 2 * bleed, bleed)
        rows = _fit(room_h, ch, 2 * bleed, bleed)
        lay = Layout(paper, card, bleed, cols, rows, rotated)
        if best is None or lay.per_page > best.per_page:
            best = lay
    assert best is not None
    if best.per_page == 0:
        extra = f" plus {2 * bleed / mm:g} mm of bleed" if bleed else ""
        raise ParlourError(
            f"{card.width / mm:g} x {card.height / mm:g} mm cards{extra} do not fit on {paper.name} paper "
            f"(room for {room_w / mm:.0f} x {room_h / mm:.0f} mm {where}): choose a smaller --card"
        )
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


# ---------------------------------------------------------------------------------------------
# Crop marks: the one routine for card sheets and fold sheets


def _reach(edge: float, limit: float, printable: float) -> tuple[float, float] | None:
    """One mark along a cut line leaving the grid at `edge` outward towards `limit` (the last point a
    mark may reach), as (inner end, outer end) on that axis. It starts MARK_GAP out and runs up to
    MARK_LEN; when that would leave less than MARK_MIN of it on the printable side of `printable`,
    it starts further in instead, running on along the cut line (where the knife takes it away)."""
    out = 1.0 if limit >= edge else -1.0
    start = edge + out * MARK_GAP
    end = start + out * min(MARK_LEN, max(0.0, out * (limit - start)))
    keep = end if out * (end - printable) <= 0 else printable  # the printable end of the mark
    if out * (keep - start) < MARK_MIN:
        start = keep - out * MARK_MIN
    if out * (end - start) <= 0:
        return None
    return (start, end)


def mark_segments(
    grid: tuple[float, float, float, float],
    xs: Sequence[float],
    ys: Sequence[float],
    paper: Paper,
    limits: tuple[float, float, float, float] | None = None,
) -> list[Segment]:
    """Marks extending cut lines xs (vertical) and ys (horizontal) out of `grid` (x0, y0, x1, y1, the
    outer edge of the art, bleed included), as (x1, y1, x2, y2). Marks stay inside `limits` (by
    default EDGE_CLEAR inside the page) and keep MARK_MIN of their length PRINTABLE or more inside the
    page edge."""
    W, H = paper.size
    lx0, ly0, lx1, ly1 = limits or (EDGE_CLEAR, EDGE_CLEAR, W - EDGE_CLEAR, H - EDGE_CLEAR)
    x0, y0, x1, y1 = grid
    top = _reach(y1, ly1, H - PRINTABLE)
    bottom = _reach(y0, ly0, PRINTABLE)
    right = _reach(x1, lx1, W - PRINTABLE)
    left = _reach(x0, lx0, PRINTABLE)
    segs: list[Segment] = []
    for x in xs:
        for span in (top, bottom):
            if span is not None:
                segs.append((x, span[0], x, span[1]))
    for y in ys:
        for span in (right, left):
            if span is not None:
                segs.append((span[0], y, span[1], y))
    return segs


def crop_mark_segments(
    layout: Layout, dx: float = 0.0, dy: float = 0.0, slots: Sequence[Slot] | None = None
) -> list[Segment]:
    """The crop marks of `layout` (shifted by dx, dy on backs pages): only the cut lines of `slots`
    (default: every slot) are marked."""
    if layout.marks != "crop":  # pre-cut stock ("none"), or a cutting machine's own marks
        return []
    xs, ys = cut_lines(layout.slot(i) for i in range(layout.per_page)) if slots is None else cut_lines(slots)
    x0, y0, x1, y1 = layout.grid
    b = layout.bleed
    grid = (x0 - b + dx, y0 - b + dy, x1 + b + dx, y1 + b + dy)
    return mark_segments(grid, [x + dx for x in xs], [y + dy for y in ys], layout.paper)


def draw_marks(c: Canvas, segments: Iterable[Segment], dashed: bool = False) -> None:
    """Stroke crop marks (dashed: fold marks) as thin black lines."""
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.25)
    if dashed:
        c.setDash(1.5, 1.5)
    for seg in segments:
        c.line(*seg)
    c.restoreState()


def crop_marks(
    c: Canvas, layout: Layout, dx: float = 0.0, dy: float = 0.0, slots: Sequence[Slot] | None = None
) -> None:
    """Draw the crop marks of `layout` (shifted by dx, dy on backs pages)."""
    draw_marks(c, crop_mark_segments(layout, dx, dy, slots))


def printable_length(seg: Segment, paper: Paper) -> float:
    """How much of a mark lies PRINTABLE or more inside the page edge."""
    x1, y1, x2, y2 = seg
    lo_x, hi_x = PRINTABLE, paper.width - PRINTABLE
    lo_y, hi_y = PRINTABLE, paper.height - PRINTABLE
    if x1 == x2:
        if not lo_x <= x1 <= hi_x:
            return 0.0
        a, b = sorted((y1, y2))
        return max(0.0, min(b, hi_y) - max(a, lo_y))
    if not lo_y <= y1 <= hi_y:
        return 0.0
    a, b = sorted((x1, x2))
    return max(0.0, min(b, hi_x) - max(a, lo_x))


@functools.lru_cache(maxsize=64)  # every sheet of a deck asks about the same layout
def free_gaps(layout: Layout) -> tuple[tuple[float, float], ...]:
    """The stretches of the side margins that no horizontal crop mark crosses (y0, y1), bottom to top."""
    _, ys = layout.cut_lines()
    b = layout.bleed
    H = layout.paper.height
    stops = sorted({0.0, H, *ys, *(y - b for y in ys), *(y + b for y in ys)})
    return tuple((stops[i], stops[i + 1]) for i in range(len(stops) - 1))


def free_span(layout: Layout) -> tuple[float, float]:
    """The longest stretch of the side margins that no horizontal crop mark crosses (y0, y1)."""
    H = layout.paper.height
    gaps = free_gaps(layout)
    # among the longest gaps, the one nearest the middle of the page
    return max(gaps, key=lambda g: (round(g[1] - g[0], 1), -abs((g[0] + g[1]) / 2 - H / 2)))


def boxes(layout: Layout, dx: float = 0.0, dy: float = 0.0) -> tuple[tuple, tuple]:
    """The page's trim box and bleed box around the whole grid (shifted by dx, dy on backs pages)."""
    x0, y0, x1, y1 = layout.grid
    b = layout.bleed
    trim = (x0 + dx, y0 + dy, x1 + dx, y1 + dy)
    bleed = (x0 - b + dx, y0 - b + dy, x1 + b + dx, y1 + b + dy)
    return trim, bleed


# ---------------------------------------------------------------------------------------------
# Fold sheets: each card's two faces side by side (or one above the other) about a fold line


FOLD_EDGE = PRINTABLE + MARK_MIN + MARK_GAP  # strips keep this far from the page edge: whole marks fit
FOLD_HEADER_H = 27 * mm  # a header band across the top of a fold sheet (title, rule, instructions)...
FOLD_HEADER_W = 44 * mm  # ...or a column this wide at its right, when that leaves room for more strips
HEADER_CLEAR = MARK_GAP + MARK_MIN + 1 * mm  # between the strips and the header: room for marks


@dataclass(frozen=True)
class FoldLayout:
    """Strips of two faces joined along the cards' bottom edges, in a grid of cols x rows: folded
    along that edge with the print outside, the back lies behind the front and reads upright when the
    card is turned over left to right.

    stacked=False: the faces sit side by side about an upright fold line; stacked=True: one above the
    other about a level fold line. turned=True: each face lies on its side. `area` is where strips
    may go (x0, y0, x1, y1); `header` is the box left for the title and instructions."""

    paper: Paper
    card: CardSize
    turned: bool
    cols: int
    rows: int
    stacked: bool = False
    area: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    header: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def face(self) -> tuple[float, float]:
        """A face's size as it lies on the page."""
        if self.turned:
            return (self.card.height, self.card.width)
        return (self.card.width, self.card.height)

    @property
    def pair(self) -> tuple[float, float]:
        fw, fh = self.face
        return (fw, 2 * fh) if self.stacked else (2 * fw, fh)

    @functools.cached_property  # (frozen: computed once per layout)
    def grid(self) -> tuple[float, float, float, float]:
        pw, ph = self.pair
        gw, gh = self.cols * pw, self.rows * ph
        ax0, ay0, ax1, ay1 = self.area
        x0 = ax0 + (ax1 - ax0 - gw) / 2
        y0 = ay0 + (ay1 - ay0 - gh) / 2
        return (x0, y0, x0 + gw, y0 + gh)

    def pair_origin(self, index: int) -> tuple[float, float]:
        """Bottom-left of pair `index` (row-major from the top-left)."""
        r, col = divmod(index, self.cols)
        x0, _, _, y1 = self.grid
        pw, ph = self.pair
        return (x0 + col * pw, y1 - (r + 1) * ph)

    def faces(self, index: int) -> tuple[Slot, Slot]:
        """The front's slot and the back's slot of pair `index`, each turned as it must be drawn."""
        x, y = self.pair_origin(index)
        fw, fh = self.face
        flip = (
            "short" if self.stacked else "long"
        )  # folding about a level line mirrors y, like a short-edge flip
        front_turn = 90 if self.turned else 0
        back = back_turn(self.turned, flip)
        if self.stacked:
            return (Slot(x, y + fh, fw, fh, self.turned, front_turn), Slot(x, y, fw, fh, self.turned, back))
        return (Slot(x, y, fw, fh, self.turned, front_turn), Slot(x + fw, y, fw, fh, self.turned, back))

    def fold(self, index: int) -> Segment:
        """The fold line of pair `index`."""
        x, y = self.pair_origin(index)
        fw, fh = self.face
        if self.stacked:
            return (x, y + fh, x + fw, y + fh)
        return (x + fw, y, x + fw, y + fh)

    def fold_x(self, index: int) -> float:
        """Where the upright fold of pair `index` runs (side-by-side strips)."""
        return self.fold(index)[0]

    def cut_lines(self, count: int | None = None) -> tuple[list[float], list[float]]:
        """Cut lines round the first `count` pairs (all by default)."""
        n = self.per_page if count is None else count
        xs: set[float] = set()
        ys: set[float] = set()
        pw, ph = self.pair
        for i in range(n):
            x, y = self.pair_origin(i)
            xs.update((round(x, 3), round(x + pw, 3)))
            ys.update((round(y, 3), round(y + ph, 3)))
        return sorted(xs), sorted(ys)

    def fold_marks(self, count: int | None = None) -> tuple[list[float], list[float]]:
        """x of upright folds and y of level folds among the first `count` pairs, to mark outside the grid."""
        n = self.per_page if count is None else count
        folds = [self.fold(i) for i in range(n)]
        if self.stacked:
            return [], sorted({round(f[1], 3) for f in folds})
        return sorted({round(f[0], 3) for f in folds}), []

    def marks(self, count: int | None = None) -> tuple[list[Segment], list[Segment]]:
        """(cut marks, fold marks) for the first `count` pairs, kept clear of the header."""
        W, H = self.paper.size
        hx0, hy0, hx1, _ = self.header
        band = hx1 - hx0 > W / 2
        top = hy0 - MARK_GAP if band else H - EDGE_CLEAR  # a header band caps the marks...
        right = W - EDGE_CLEAR if band else hx0 - MARK_GAP  # ...a header column bounds them
        limits = (EDGE_CLEAR, EDGE_CLEAR, right, top)
        xs, ys = self.cut_lines(count)
        fx, fy = self.fold_marks(count)
        cuts = mark_segments(self.grid, xs, ys, self.paper, limits)
        folds = mark_segments(self.grid, fx, fy, self.paper, limits)
        return cuts, folds


def _fold_areas(
    paper: Paper,
) -> list[tuple[tuple[float, float, float, float], tuple[float, float, float, float]]]:
    """(strip area, header box): a header band across the top, or a header column at the right."""
    W, H = paper.size
    e = FOLD_EDGE
    band = (MARGIN, H - MARGIN - FOLD_HEADER_H, W - MARGIN, H - MARGIN)
    column = (W - MARGIN - FOLD_HEADER_W, MARGIN, W - MARGIN, H - MARGIN)
    return [
        ((e, e, W - e, band[1] - HEADER_CLEAR), band),
        ((e, e, column[0] - HEADER_CLEAR, H - e), column),
    ]


def fold_layout(paper: Paper, card: CardSize) -> FoldLayout:
    """The fold sheet holding the most strips (on a tie: a header band, faces side by side and on their
    sides, as before)."""
    best: FoldLayout | None = None
    for area, header in _fold_areas(paper):
        aw, ah = area[2] - area[0], area[3] - area[1]
        for stacked in (False, True):
            for turned in (True, False):
                fw, fh = (card.height, card.width) if turned else (card.width, card.height)
                pw, ph = (fw, 2 * fh) if stacked else (2 * fw, fh)
                lay = FoldLayout(paper, card, turned, int(aw // pw), int(ah // ph), stacked, area, header)
                if best is None or lay.per_page > best.per_page:
                    best = lay
    assert best is not None
    if best.per_page == 0:
        raise ParlourError(
            f"{card.width / mm:g} x {card.height / mm:g} mm cards cannot be laid out to fold on "
            f"{paper.name} paper (two faces side by side must fit): choose a smaller --card"
        )
    return best


# ---------------------------------------------------------------------------------------------
# Room in the margins for a small note (the turn diagram of --duplex none)


def margin_spot(layout: Layout, long_side: float = 2.6) -> tuple[tuple[float, float, float, float], bool]:
    """The roomiest stretch of margin clear of crop marks and of the side footers: a box (x0, y0, x1,
    y1) whose short side is its thickness and whose long side is at least `long_side` times that, and
    whether it runs across the page (top or bottom margin) rather than up it."""
    W, H = layout.paper.size
    x0, y0, x1, y1 = layout.grid
    b = layout.bleed
    xs, ys = layout.cut_lines()
    clear = MARK_GAP  # from marks, the art and the page's unprintable edge
    lo_span, hi_span = free_span(layout)
    spots: list[tuple[float, tuple[float, float, float, float], bool]] = []

    def gaps(cuts: Sequence[float], lo: float, hi: float) -> list[tuple[float, float]]:
        stops = sorted({lo, hi, *cuts})
        return [(a + clear, z - clear) for a, z in zip(stops, stops[1:], strict=False) if z - a > 2 * clear]

    bands = [(y1 + b + clear, H - PRINTABLE), (PRINTABLE, y0 - b - clear)]  # top, bottom
    for lo, hi in bands:
        for a, z in gaps(xs, PRINTABLE, W - PRINTABLE):
            t = min(hi - lo, (z - a) / long_side)
            spots.append((t, (a, lo, z, hi), True))
    sides = [(PRINTABLE, x0 - b - clear), (x1 + b + clear, W - PRINTABLE)]  # left, right
    for lo, hi in sides:
        for a, z in gaps(ys, PRINTABLE, H - PRINTABLE):
            if a < hi_span and z > lo_span:  # the side footers run here
                continue
            t = min(hi - lo, (z - a) / long_side)
            spots.append((t, (lo, a, hi, z), False))
    t, box, across = max(spots, key=lambda s: s[0])
    return box, across
