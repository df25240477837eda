"""The parts card faces share: scale, text roles at a card's scale, glyph ink metrics, frame, bleed fill,
letter tiles, back inks and rings, and reference cards (lines at one size for a set, going on over
more cards when they must); sheet-level parts (rules, tables, bullets) come from press.parts."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

from generator.press.cards import CardBox
from generator.press.fonts import register_fonts
from generator.press.ink import ink_box
from generator.press.paper import mm
from generator.press.parts import draw_bullets, fit_bullets, fit_bullets_or_fail, short_rule
from generator.press.style import RGB, Style
from generator.press.text import TextFitError, TextStyle, draw_text

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

POKER = (63.5 * mm, 88.9 * mm)  # the card every size on a face is designed at
FRAME_INSET = 2.2 * mm  # the decorative frame sits this far inside the trim...
CLEAR = 3 * mm  # ...and every letter on a face at least this far inside the frame (see inner)
TEXT_PAD = 0.4 * mm  # small text keeps this much further in still
ITEM_GAP = 0.45  # space between bullet items, as a share of the text size


def inner(box: CardBox) -> tuple[float, float, float, float]:
    """The area a card's text and labels keep to (x, y, w, h): CLEAR inside the frame, which sits
    FRAME_INSET inside the cut; so every letter is well inside both the cut and the frame."""
    d = max(FRAME_INSET + CLEAR * min(1.0, scale(box)), box.safe)  # less on a card under poker size
    return (d, d, box.width - 2 * d, box.height - 2 * d)


def scale(box: CardBox) -> float:
    """How big this card is next to a poker card (1.0), so sizes follow the card preset."""
    return min(box.width / POKER[0], box.height / POKER[1])


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """The colour `t` of the way from `a` to `b`."""
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)


def role(style: Style, name: str, k: float = 1.0, **changes: object) -> TextStyle:
    """Text role `name` as a TextStyle at `k` times its size (k: the card's scale), never below the
    role's smallest size; `changes` replace fields (alignment, colour...)."""
    return _role(style, name, k, changes)


SMALL_CARD_FLOOR = 6.0  # on cards smaller than poker a role's floor may come down to this, no further


def _role(style: Style, name: str, k: float, changes: dict[str, object]) -> TextStyle:
    t = style.text(name)
    size = max(t.size * k, t.min_size)
    # the floor holds on a poker card and larger; on a smaller card text that cannot fit otherwise
    # may shrink with the card, to 6 pt at the least
    floor = t.min_size if k >= 1 else max(min(t.min_size, SMALL_CARD_FLOOR), t.min_size * k)
    return style.text_style(name, size=size, min_size=min(floor, size)).but(**changes)


# ---------------------------------------------------------------------------------------------
# Glyph metrics


def ink_x(face: str, ch: str) -> tuple[float, float]:
    """Left and right of a glyph's ink from its origin, per point of size."""
    left, _, right, _ = ink_box(face, ch)
    return (left, right)


def cap_height(face: str) -> float:
    """Capital height per point of size: the ink height of 'H'."""
    return ink_box(face, "H")[3]


def glyph(c: Canvas, ch: str, cx: float, baseline: float, face: str, size: float) -> float:
    """One glyph with its ink centred on cx, in the current fill colour; returns its ink width."""
    left, right = ink_x(face, ch)
    register_fonts()
    c.setFont(face, size)
    c.drawString(cx - (left + right) / 2 * size, baseline, ch)
    return (right - left) * size


# ---------------------------------------------------------------------------------------------
# Frame, fill, rules, tiles


def frame(
    c: Canvas,
    box: CardBox,
    colour: RGB,
    width: float = 0.7,
    inset: float = FRAME_INSET,
    double: bool = False,
) -> None:
    """The rounded frame between the trim and the safe area; `double` adds a thin line inside it."""
    c.saveState()
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(width)
    r = 2.3 * mm * scale(box)
    c.roundRect(inset, inset, box.width - 2 * inset, box.height - 2 * inset, r, stroke=1, fill=0)
    if double:
        c.setLineWidth(width * 0.45)
        d = inset + 0.9 * mm
        c.roundRect(d, d, box.width - 2 * d, box.height - 2 * d, max(r - 0.9 * mm, 0.5), stroke=1, fill=0)
    c.restoreState()


def fill_bleed(c: Canvas, box: CardBox, colour: RGB) -> None:
    """Fill the card and its bleed with one colour."""
    c.saveState()
    c.setFillColorRGB(*colour)
    b = box.bleed
    c.rect(-b, -b, box.width + 2 * b, box.height + 2 * b, stroke=0, fill=1)
    c.restoreState()


@dataclass(frozen=True)
class BackInks:
    """The colours of a card back: its fill (None: unfilled), what is drawn on it, a softer line
    colour for ornaments, and the paper a tile on it shows."""

    fill: RGB | None
    ink: RGB
    soft: RGB
    paper: RGB


def back_inks(style: Style, soft_share: float = 0.3, own: RGB | None = None) -> BackInks:
    """A back's colours from the style: back ink on the back fill (or on the deck's `own` fill, so
    that decks printed in one style never mix), or (a style without fills) ink on paper."""
    fill = style.back_fill
    if fill is not None and own is not None:
        fill = own
    if fill is not None:
        return BackInks(fill, style.back_ink, blend(fill, style.back_ink, soft_share), style.back_ink)
    ink = style.back_ink if style.back_ink != style.paper else style.ink
    return BackInks(None, ink, style.rule, style.paper)


def back_ground(
    c: Canvas, box: CardBox, style: Style, soft_share: float = 0.3, own: RGB | None = None
) -> BackInks:
    """Start a card back: fill it (and its bleed) with the back fill when the style has one (the
    deck's `own` colour in place of the style's); returns the back's colours."""
    inks = back_inks(style, soft_share, own)
    if inks.fill is not None:
        fill_bleed(c, box, inks.fill)
    return inks


def back_rings(
    c: Canvas, box: CardBox, inks: BackInks, share: float, width: float, gap: float, dashed: bool = False
) -> float:
    """Two rings around the middle of a back in the soft colour: the outer one `share` of the safe
    area across and `width` wide, a thin one `gap` inside it (dotted when `dashed`). Returns the
    outer radius."""
    k = scale(box)
    _, _, sw, sh = inner(box)
    r = min(sw, sh) * share
    c.saveState()
    c.setStrokeColorRGB(*inks.soft)
    c.setLineWidth(width * k)
    c.circle(box.width / 2, box.height / 2, r, stroke=1, fill=0)
    c.setLineWidth(0.5 * k)
    if dashed:
        c.setDash(1.2 * k, 2.2 * k)
    c.circle(box.width / 2, box.height / 2, r - gap * k, stroke=1, fill=0)
    c.restoreState()
    return r


def tile(
    c: Canvas, ch: str, cx: float, cy: float, side: float, angle: float, face: str, inks: BackInks
) -> None:
    """A letter tile turned by `angle` degrees: a rounded square with a capital in it, solid on a
    filled back, outlined on an unfilled one."""
    filled = inks.fill is not None
    c.saveState()
    c.translate(cx, cy)
    c.rotate(angle)
    c.setStrokeColorRGB(*inks.ink)
    c.setFillColorRGB(*inks.paper)
    c.setLineWidth(max(0.8, side * 0.02))
    c.roundRect(
        -side / 2, -side / 2, side, side, side * 0.14, stroke=0 if filled else 1, fill=1 if filled else 0
    )
    size = side * 0.5616 / cap_height(face)
    c.setFillColorRGB(*(inks.fill if inks.fill is not None else inks.ink))
    glyph(c, ch, 0, -size * cap_height(face) / 2, face, size)
    c.restoreState()


# ---------------------------------------------------------------------------------------------
# Reference cards: a title, short bulleted lines at one size for the whole set, maybe a table

LIST_ROLE = "card_list"


def list_style(style: Style, size: float, least: float | None = None) -> TextStyle:
    """The bullet lines' style, from `size` down to `least` (the role's floor if None)."""
    floor = style.text(LIST_ROLE).min_size if least is None else least
    return style.text_style(LIST_ROLE, size=size, min_size=floor, align="left", valign="top")


def fit_list(lines: Sequence[str], w: float, h: float, style: Style, k: float) -> float | None:
    """The largest size (from the list role's size at scale k down to its floor, in quarter points)
    at which `lines` fit in w x h as bullet items, or None."""
    t = style.text(LIST_ROLE)
    start = round(max(t.size * k, t.min_size) * 4) / 4
    fitted = fit_bullets(lines, w, h, list_style(style, start), ITEM_GAP)
    return None if fitted is None else fitted.size


class RefCard(Protocol):
    """What a game's reference card is: a frozen dataclass with a title, bullet lines and a table
    (maybe empty)."""

    __dataclass_fields__: ClassVar[dict[str, Any]]

    @property
    def title(self) -> str: ...

    @property
    def lines(self) -> tuple[str, ...]: ...

    @property
    def table(self) -> Sequence[Any]: ...


R = TypeVar("R", bound=RefCard)


Rect = tuple[float, float, float, float]


def list_fitter(body: Callable[[R], Rect], style: Style, k: float) -> Callable[[R], float | None]:
    """A card's fit for reference_set: the largest size at which its lines fit the box `body(card)`
    gives on a card of scale `k` (or None)."""

    def fit_one(ref: R) -> float | None:
        _, _, w, h = body(ref)
        return fit_list(ref.lines, w, h, style, k)

    return fit_one


def reference_set(
    refs: Sequence[R], fit_one: Callable[[R], float | None], style: Style
) -> tuple[float, list[R]]:
    """The cards to print for a set of reference cards and one body size for them all (the smallest
    any needs, so they read alike). A card whose lines do not fit even at the floor size goes on
    over more cards ('Title 1/2', 'Title 2/2'), its table on the last."""
    cards = [part for ref in refs for part in _split(ref, fit_one, style)]
    sizes = [s for s in (fit_one(r) for r in cards) if s is not None]
    return (min(sizes) if sizes else style.text(LIST_ROLE).size), cards


def _split(ref: R, fit_one: Callable[[R], float | None], style: Style) -> list[R]:
    """`ref` as it prints: itself if it fits, else its lines shared out over as few cards as hold
    them, as evenly as they go, the table on the last card."""
    if fit_one(ref) is not None:
        return [ref]
    floor = style.text(LIST_ROLE).min_size
    for line in ref.lines:
        if fit_one(replace(ref, lines=(line,), table=())) is None:
            raise TextFitError(
                f"reference card {ref.title!r}: {line!r} does not fit a card even at {floor:g} pt; "
                "shorten it or choose a larger --card"
            )
    if fit_one(replace(ref, lines=())) is None:
        raise TextFitError(
            f"reference card {ref.title!r}: its table does not fit the card; choose a larger --card"
        )
    n = len(ref.lines)
    for count in range(2, n + 2):
        for chunks in _even_splits(ref.lines, count)[:SPLIT_TRIES]:
            cards = [replace(ref, lines=chunk, table=()) for chunk in chunks[:-1]]
            cards.append(replace(ref, lines=chunks[-1]))
            if all(fit_one(card) is not None for card in cards):
                return [
                    replace(card, title=f"{ref.title} {i}/{count}") for i, card in enumerate(cards, start=1)
                ]
    raise AssertionError("unreachable: one line a card always fits")  # pragma: no cover


SPLIT_TRIES = 12  # the most even ways to share lines over a number of cards that are tried
SPLIT_ENUMERATED = 2000  # up to this many ways to cut, all are ranked; beyond, the most even alone


def _even_splits(lines: tuple[str, ...], count: int) -> list[list[tuple[str, ...]]]:
    """The ways to cut `lines` in order into `count` runs (the last may be empty: the table alone),
    the most even first (by the length of the longest run, in characters). Every way is ranked
    while there are few (at most SPLIT_ENUMERATED); past that only the most even one is given,
    found in polynomial time (_most_even), so a long card can never take exponential time."""
    from itertools import combinations
    from math import comb

    n = len(lines)
    if not 1 <= count - 1 <= n:
        return []
    if comb(n, count - 1) > SPLIT_ENUMERATED:
        return [_most_even(lines, count)]
    splits = []
    for cuts in combinations(range(1, n + 1), count - 1):
        edges = (0, *cuts, n)
        runs = [lines[a:b] for a, b in zip(edges, edges[1:], strict=False)]
        if any(not r for r in runs[:-1]):
            continue
        splits.append((max(sum(len(x) for x in r) for r in runs), runs))
    splits.sort(key=lambda t: t[0])
    return [runs for _, runs in splits]


def _most_even(lines: tuple[str, ...], count: int) -> list[tuple[str, ...]]:
    """The cut of `lines` into `count` runs (all but the last non-empty) whose longest run has the
    fewest characters: dynamic programming over (runs, lines), O(count x n^2)."""
    n = len(lines)
    pre = [0]
    for line in lines:
        pre.append(pre[-1] + len(line))
    inf = float("inf")
    # best[j][i]: the smallest longest run cutting the first i lines into j non-empty runs
    best = [[inf] * (n + 1) for _ in range(count)]
    back = [[0] * (n + 1) for _ in range(count)]
    best[0][0] = 0
    for j in range(1, count):
        for i in range(j, n + 1):
            for p in range(j - 1, i):
                cost = max(best[j - 1][p], pre[i] - pre[p])
                if cost < best[j][i]:
                    best[j][i], back[j][i] = cost, p
    last = min(range(count - 1, n + 1), key=lambda p: (max(best[count - 1][p], pre[n] - pre[p]), p))
    edges = [n, last]
    for j in range(count - 1, 0, -1):
        edges.append(back[j][edges[-1]])
    edges.reverse()
    return [lines[a:b] for a, b in zip(edges, edges[1:], strict=False)]


def reference_title(c: Canvas, box: CardBox, title: str, band: float, style: Style, what: str) -> float:
    """A reference card's title in a band at the top of the safe area, with a short rule under it;
    returns the rule's height."""
    k = scale(box)
    sx, sy, sw, sh = inner(box)
    draw_text(c, title, sx, sy + sh - band, sw, band, role(style, "card_heading", k), what)
    rule_y = sy + sh - band - 0.7 * mm * k
    short_rule(c, box.width / 2, rule_y, sw * 0.6, style.accent, 0.5)
    return rule_y


def bullet_list(
    c: Canvas,
    lines: Sequence[str],
    area: tuple[float, float, float, float],
    size: float,
    style: Style,
    what: str,
) -> float:
    """Bullet items from the top of `area` at `size` (bullets in the accent); returns the foot of the
    last line. Raises TextFitError when they do not fit."""
    x, y, w, h = area
    fitted = fit_bullets_or_fail(lines, w, h, list_style(style, size, size), what, ITEM_GAP)
    return draw_bullets(c, fitted, x, y + h, w, style.accent)
