"""Riddle Craft's sheets to cut out: When Cards to fold (for one-sided printers) and the round tokens."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from generator.games.riddle_craft import Tokens, WhenCard
from generator.games.riddle_craft_draw import GAME, when_pairs
from generator.press.cards import CardBox, CardSize, Drawer
from generator.press.document import Page, PageInfo
from generator.press.paper import MARGIN, Paper, mm
from generator.press.parts import Header, sheet_header
from generator.press.style import Style
from generator.press.text import draw_text

TOKEN_DIAMETER = 30 * mm
TOKEN_GAP = 10 * mm
TOKENS_PER_ROW = 4
MARK_GAP = 1 * mm
MARK_LEN = 5 * mm
HEADER_TEXT_H = 11.5 * mm  # three lines of instructions under the title
HEADER_H = Header("", text="-", text_h=HEADER_TEXT_H).height  # the sheet header, title to content


# ---------------------------------------------------------------------------------------------
# Sheet pages: a title band and crop marks that stay inside the margin


def _header(c: Canvas, paper: Paper, title: str, lines: str, style: Style) -> None:
    """The sheet's title and how to use it, in the house sheet header."""
    sheet_header(c, paper, style, Header(title, text=lines, text_h=HEADER_TEXT_H), what="sheet")


def _marks(
    c: Canvas,
    grid: tuple[float, float, float, float],
    xs: Sequence[float],
    ys: Sequence[float],
    paper: Paper,
    style: Style,
    dashed_xs: Sequence[float] = (),
) -> None:
    """Crop marks extending cut lines (and dashed fold marks) outside the grid, never past the margin."""
    x0, y0, x1, y1 = grid
    w, h = paper.size
    c.saveState()
    c.setStrokeColorRGB(*style.ink)
    c.setLineWidth(0.25)
    left = min(MARK_LEN, x0 - MARK_GAP - MARGIN)
    right = min(MARK_LEN, w - MARGIN - x1 - MARK_GAP)
    below = min(MARK_LEN, y0 - MARK_GAP - MARGIN)
    above = min(MARK_LEN, h - MARGIN - HEADER_H - y1 - MARK_GAP)
    for y in ys:
        if left > 0:
            c.line(x0 - MARK_GAP, y, x0 - MARK_GAP - left, y)
        if right > 0:
            c.line(x1 + MARK_GAP, y, x1 + MARK_GAP + right, y)
    for x in xs:
        if below > 0:
            c.line(x, y0 - MARK_GAP, x, y0 - MARK_GAP - below)
        if above > 0:
            c.line(x, y1 + MARK_GAP, x, y1 + MARK_GAP + above)
    c.setDash(1.5, 1.5)
    for x in dashed_xs:
        if below > 0:
            c.line(x, y0 - MARK_GAP, x, y0 - MARK_GAP - below)
        if above > 0:
            c.line(x, y1 + MARK_GAP, x, y1 + MARK_GAP + above)
    c.restoreState()


# ---------------------------------------------------------------------------------------------
# When Cards to fold (for one-sided printers)


@dataclass(frozen=True)
class FoldLayout:
    """Pairs of faces side by side across a vertical fold line, in a grid of cols x rows on a page.

    turned=True: each face lies on its side (the front turned anticlockwise, the back clockwise) so
    the pair joins along the cards' bottom edges; turned=False: both faces upright, joined along a long
    edge. Either way, after folding, the back sits behind the front the right way up when the card
    is turned over like a page.
    """

    paper: Paper
    card: CardSize
    turned: bool
    cols: int
    rows: int

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
        return (2 * fw, fh)

    @property
    def grid(self) -> tuple[float, float, float, float]:
        pw, ph = self.pair
        gw, gh = self.cols * pw, self.rows * ph
        top, bottom = _fold_area(self.paper)
        x0 = (self.paper.width - gw) / 2
        y0 = bottom + (top - bottom - gh) / 2
        return (x0, y0, x0 + gw, y0 + gh)

    def pair_origin(self, index: int) -> tuple[float, float]:
        """Bottom-left of pair `index` (row-major from the top-left)."""
        r, col = divmod(index, self.cols)
        x0, _, _, y1 = self.grid
        pw, ph = self.pair
        return (x0 + col * pw, y1 - (r + 1) * ph)

    def fold_x(self, index: int) -> float:
        return self.pair_origin(index)[0] + self.face[0]

    def cut_lines(self) -> tuple[list[float], list[float]]:
        x0, y0, x1, y1 = self.grid
        pw, ph = self.pair
        xs = [x0 + i * pw for i in range(self.cols + 1)]
        ys = [y0 + j * ph for j in range(self.rows + 1)]
        return xs, ys


def _fold_area(paper: Paper) -> tuple[float, float]:
    """Top and bottom of where the pairs may go: under the header, with room for marks both ways."""
    room = MARK_GAP + MARK_LEN
    return (paper.height - MARGIN - HEADER_H - room, MARGIN + room)


def fold_layout(paper: Paper, card: CardSize) -> FoldLayout:
    """The fold-over arrangement holding the most pairs per page (faces on their sides preferred)."""
    top, bottom = _fold_area(paper)
    avail_w = paper.width - 2 * (MARGIN + MARK_GAP + 2 * mm)
    avail_h = top - bottom
    best: FoldLayout | None = None
    for turned in (True, False):
        fw, fh = (card.height, card.width) if turned else (card.width, card.height)
        cols, rows = int(avail_w // (2 * fw)), int(avail_h // fh)
        lay = FoldLayout(paper, card, turned, cols, rows)
        if best is None or lay.per_page > best.per_page:
            best = lay
    assert best is not None
    if best.per_page == 0:
        from generator.errors import ParlourError

        raise ParlourError(
            f"{card.name} When Cards cannot be laid out to fold on {paper.name} paper; choose a smaller --card"
        )
    return best


def _place_face(
    c: Canvas, x: float, y: float, lay: FoldLayout, draw: Drawer, turn: int, style: Style
) -> None:
    """Draw a face in the page cell at (x, y): turn = +1 anticlockwise, -1 clockwise, 0 upright."""
    fw, fh = lay.face
    c.saveState()
    if turn == 1:
        c.translate(x + fw, y)
        c.rotate(90)
    elif turn == -1:
        c.translate(x, y + fh)
        c.rotate(-90)
    else:
        c.translate(x, y)
    p = c.beginPath()
    p.rect(0, 0, lay.card.width, lay.card.height)
    c.clipPath(p, stroke=0, fill=0)
    draw(c, CardBox(lay.card.width, lay.card.height, style=style))
    c.restoreState()


FOLD_HOWTO = (
    "For printers without two-sided printing; print this page at 100 % on one side only. "
    "Cut each strip out along the solid lines, fold it on the dashed line with the print outside, "
    "and glue the two halves back to back, so each card has one phrase on either side."
)


def fold_pages(
    when: Sequence[WhenCard], paper: Paper, card: CardSize, style: Style, label: str
) -> list[Page]:
    """Sheets of When Cards to fold: each card's two faces side by side, mirrored about a dashed fold
    line (the words sized in `style`; the faces draw in the page's style)."""
    lay = fold_layout(paper, card)
    box = CardBox(card.width, card.height, style=style)
    pairs = [(front, back) for _, front, back in when_pairs(when, box)]
    chunks = [pairs[i : i + lay.per_page] for i in range(0, len(pairs), lay.per_page)]
    pages = []
    for n, chunk in enumerate(chunks, start=1):

        def draw(c: Canvas, info: PageInfo, chunk: list[tuple[Drawer, Drawer]] = chunk) -> None:
            _header(c, paper, "When Cards to fold", FOLD_HOWTO, info.style)
            fw, fh = lay.face
            for i, (front, back) in enumerate(chunk):
                x, y = lay.pair_origin(i)
                if lay.turned:
                    _place_face(c, x, y, lay, front, +1, info.style)
                    _place_face(c, x + fw, y, lay, back, -1, info.style)
                else:
                    _place_face(c, x, y, lay, front, 0, info.style)
                    _place_face(c, x + fw, y, lay, back, 0, info.style)
                c.saveState()
                c.setStrokeColorRGB(*info.style.rule)
                c.setLineWidth(0.3)
                c.rect(x, y, 2 * fw, fh, stroke=1, fill=0)
                c.setStrokeColorRGB(*info.style.ink)
                c.setLineWidth(0.5)
                c.setDash(3, 2)
                c.line(x + fw, y, x + fw, y + fh)
                c.restoreState()
            xs, ys = lay.cut_lines()
            folds = [lay.fold_x(i) for i in range(min(lay.cols, len(chunk)))]
            _marks(c, lay.grid, xs, ys, paper, info.style, dashed_xs=folds)

        pages.append(
            Page(
                draw,
                f"{label}, sheet {n} of {len(chunks)}" if len(chunks) > 1 else label,
                note="one-sided: cut, fold on the dashed line, glue",
            )
        )
    return pages


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
                c, text, MARGIN, y, w - 2 * MARGIN, 7 * mm, style.text_style("heading"), "token heading"
            )
        for s in spots:
            _draw_token(c, s, tokens, style)

    return Page(draw, label, note="one-sided")


def _draw_token(c: Canvas, s: TokenSpot, tokens: Tokens, style: Style) -> None:
    sym = tokens.check_symbol if s.kind == "check" else tokens.cross_symbol
    value = tokens.check_value if s.kind == "check" else tokens.cross_value
    inner = s.r - 2 * mm
    c.saveState()
    ring = style.rule  # never mistaken for the cut: grey on its own...
    if style.tint is not None:  # ...or the accent around a tinted disc
        c.setFillColorRGB(*style.tint)
        c.circle(s.x, s.y, inner, stroke=0, fill=1)
        ring = style.accent
    c.setStrokeColorRGB(*ring)
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
    box = inner * 1.3  # the symbol and the value take their sizes from the token
    symbol = style.text_style("body", size=inner * 0.7, min_size=inner * 0.32)
    draw_text(c, sym, s.x - box / 2, s.y - 1 * mm, box, inner * 0.95, symbol, "token")
    points = style.text_style("strong", size=inner * 0.38, min_size=inner * 0.22)
    draw_text(c, _value_text(value), s.x - box / 2, s.y - inner * 0.78, box, inner * 0.7, points, "token")
