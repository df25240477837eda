"""Riddle Craft's sheets to cut out: When Cards to fold (for one-sided printers) and the round tokens."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from generator.games.riddle_craft.draw import GAME, when_pairs
from generator.games.riddle_craft.model import Tokens, WhenCard
from generator.press.cards import CardBox, CardSize
from generator.press.cards import fold_pages as press_fold_pages
from generator.press.document import Page, PageInfo
from generator.press.paper import MARGIN, Paper, mm
from generator.press.parts import Header, sheet_header
from generator.press.style import Style
from generator.press.text import draw_text

TOKEN_DIAMETER = 30 * mm
TOKEN_GAP = 10 * mm
TOKENS_PER_ROW = 4
MARK_GAP = 1 * mm
HEADER_TEXT_H = 11.5 * mm  # three lines of instructions under the title
HEADER_H = Header("", text="-", text_h=HEADER_TEXT_H).height  # the sheet header, title to content


# ---------------------------------------------------------------------------------------------
# Sheet pages: a title band


def _header(c: Canvas, paper: Paper, title: str, lines: str, style: Style) -> None:
    """The sheet's title and how to use it, in the house sheet header."""
    sheet_header(c, paper, style, Header(title, text=lines, text_h=HEADER_TEXT_H), what="sheet")


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
    """Sheets of When Cards to fold: each card's two faces about a dashed fold line, as many strips to
    a sheet as fit (press.cards.fold_pages; the words sized in `style`, the faces draw in the page's)."""
    box = CardBox(card.width, card.height, style=style)
    pairs = [(front, back) for _, front, back in when_pairs(when, box)]
    return press_fold_pages(pairs, paper, card, label, f"{GAME}: When Cards to fold", FOLD_HOWTO)


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


def per_row(paper: Paper) -> int:
    """How many tokens a row holds: TOKENS_PER_ROW, or fewer on a narrow sheet (A5)."""
    room = paper.width - 2 * MARGIN
    return max(1, min(TOKENS_PER_ROW, int((room + TOKEN_GAP) // (TOKEN_DIAMETER + TOKEN_GAP))))


def token_spots(
    tokens: Tokens, paper: Paper, kinds: Sequence[str] = ("check", "cross")
) -> tuple[list[TokenSpot], list[tuple[str, float]]]:
    """The tokens' places (rows of four, or as many as the width holds; check tokens first) and the
    heading above each group, for the `kinds` printed on this sheet."""
    w, h = paper.size
    d, g = TOKEN_DIAMETER, TOKEN_GAP
    across = per_row(paper)
    head = 9 * mm
    y = paper.height - MARGIN - HEADER_H - 4 * mm
    spots: list[TokenSpot] = []
    headings: list[tuple[str, float]] = []
    for kind, count in (("check", tokens.check), ("cross", tokens.cross)):
        if count <= 0 or kind not in kinds:
            continue
        headings.append((kind, y - head))
        y -= head
        for start in range(0, count, across):
            n = min(across, count - start)
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


def _fits(spots: list[TokenSpot]) -> bool:
    return not spots or spots[-1].y - spots[-1].r >= MARGIN + 6 * mm


def tokens_pages(tokens: Tokens, paper: Paper, label: str) -> list[Page]:
    """The round ☑ and ☒ tokens with their point values, and cut guides: on one sheet, or where
    that is too small (A5) the check tokens on one and the cross tokens on the next."""
    both = token_spots(tokens, paper)
    if _fits(both[0]):
        return [_tokens_page(tokens, paper, label, *both)]
    pages = []
    for kind in ("check", "cross"):
        spots, headings = token_spots(tokens, paper, (kind,))
        if not _fits(spots):
            from generator.errors import ParlourError

            raise ParlourError(
                f"{tokens.check} + {tokens.cross} tokens do not fit on two {paper.name} sheets"
            )
        if spots:
            pages.append((spots, headings))
    return [
        _tokens_page(tokens, paper, f"{label}, sheet {i} of {len(pages)}", *sh)
        for i, sh in enumerate(pages, start=1)
    ]


def _tokens_page(
    tokens: Tokens, paper: Paper, label: str, spots: list[TokenSpot], headings: list[tuple[str, float]]
) -> Page:
    """One sheet of tokens at `spots` under `headings`."""

    def draw(c: Canvas, info: PageInfo) -> None:
        style = info.style
        w, _ = paper.size
        _header(c, paper, f"{GAME}: tokens", TOKEN_HOWTO, style)
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

    return Page(draw, label, note="one-sided", card=True)


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
