"""Flowing text pages: platypus flowables (paragraphs, lists, tables, drawings) poured into columns and cut into Pages."""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import Color
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, ListFlowable, ListItem, Paragraph, Table, TableStyle

from generator.errors import ParlourError
from generator.press import parts
from generator.press.document import Page, PageInfo
from generator.press.fonts import FALLBACK, register_fonts, runs, string_width
from generator.press.paper import MARGIN, Paper, mm
from generator.press.style import Style
from generator.press.text import STEP

__all__ = [
    "GUTTER",
    "FlowStyles",
    "flow_styles",
    "markup",
    "plain_text",
    "paragraph",
    "bullets",
    "table",
    "column_width",
    "flow_pages",
    "FlowError",
    "Keep",
    "HeaderBlock",
    "Layout",
    "layout",
]

GUTTER = 6 * mm  # between columns
TABLE_FLOOR = 6.5  # a table's text shrinks no further than this to keep its words whole
TOP = MARGIN  # the body starts this far below the top edge
BOTTOM = MARGIN + 2 * mm  # and stops this far above the bottom edge (the footer sits at 7 mm)


class FlowError(ParlourError):
    """Something that cannot fit an empty column (a drawing or a table row too tall)."""


_MARK = re.compile(r"\*\*(.+?)\*\*|`(.+?)`")


def plain_text(text: str) -> str:
    """`text` without parlour's markup (what a reader sees)."""
    return _MARK.sub(lambda m: m.group(1) if m.group(1) is not None else m.group(2), text)


def _fallback(text: str, face: str) -> str:
    """Escape `text` for a Paragraph and wrap characters `face` lacks in the fallback face."""
    out = []
    for f, chunk in runs(text, face):
        out.append(escape(chunk) if f == face else f'<font name="{FALLBACK}">{escape(chunk)}</font>')
    return "".join(out)


def markup(text: str, face: str = "Serif") -> str:
    """parlour's light markup as Paragraph markup: **bold**, `command` in the condensed face; glyph fallback."""
    out: list[str] = []
    pos = 0
    for m in _MARK.finditer(text):
        out.append(_fallback(text[pos : m.start()], face))
        if m.group(1) is not None:
            out.append(f"<b>{_fallback(m.group(1), face)}</b>")
        else:
            out.append(f'<font name="Cond">{_fallback(m.group(2), "Cond")}</font>')
        pos = m.end()
    out.append(_fallback(text[pos:], face))
    return "".join(out)


@dataclass(frozen=True)
class FlowStyles:
    """The paragraph styles of a flowing page, all derived from one Style's colours."""

    title: ParagraphStyle
    facts: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    body: ParagraphStyle
    note: ParagraphStyle
    item: ParagraphStyle
    cell: ParagraphStyle
    head_cell: ParagraphStyle
    caption: ParagraphStyle
    style: Style


def _rgb(c: tuple[float, float, float]) -> Color:
    return Color(*c)


def _para(
    name: str, style: Style, role: str, size: float | None = None, colour: str | None = None, **kw: Any
) -> ParagraphStyle:
    """A ParagraphStyle for a text role (its face and colour role unless `colour` names another;
    `size` replaces the role's size)."""
    t = style.text(role)
    sz = t.size if size is None else size
    kw.setdefault("leading", sz * t.leading)
    ink = _rgb(style.ink_of(colour or t.colour))
    return ParagraphStyle(name, fontName=t.face, fontSize=sz, textColor=ink, **kw)


TIGHT_LEADING = 1.15  # fitting sets lines no closer than this many times their size
TIGHT_SPACE = 0.5  # and the space round paragraphs and headings down to this share of it


def flow_styles(style: Style, size: float | None = None, tight: float = 0.0) -> FlowStyles:
    """Paragraph styles from the style's text roles: the body is the "prose" role (at `size`
    points when given); headings, notes and captions scale from it. `tight` (0 to 1) is how far
    the copy is fitted: the leading toward TIGHT_LEADING and the space between blocks toward
    TIGHT_SPACE of their usual measure, the type size never smaller."""
    register_fonts()
    size = style.text("prose").size if size is None else size
    space = 1 - (1 - TIGHT_SPACE) * tight

    def lead(role: str, at: float) -> float:
        usual = style.text(role).leading
        return at * (usual - (usual - min(usual, TIGHT_LEADING)) * tight)

    body = _para("body", style, "prose", size, leading=lead("prose", size), spaceAfter=size * 0.45 * space)
    small = size - 1
    h1_size, h2_size = size + 2.5, size + 0.5
    return FlowStyles(
        title=_para("title", style, "title", spaceAfter=2),
        facts=_para("facts", style, "caption", spaceAfter=4),
        h1=_para(
            "h1",
            style,
            "heading",
            h1_size,
            leading=lead("heading", h1_size),
            spaceBefore=size * 0.9 * space,
            spaceAfter=size * 0.35 * space,
            keepWithNext=1,
        ),
        h2=_para(
            "h2",
            style,
            "strong",
            h2_size,
            leading=lead("strong", h2_size),
            spaceBefore=size * 0.5 * space,
            spaceAfter=size * 0.25 * space,
            keepWithNext=1,
        ),
        body=body,
        note=_para(
            "note",
            style,
            "prose",
            small,
            colour="muted",
            leading=lead("prose", small),
            spaceAfter=size * 0.45 * space,
        ),
        item=ParagraphStyle("item", parent=body, spaceAfter=size * 0.2 * space),
        cell=_para("cell", style, "prose", small, leading=small * 1.2),
        head_cell=_para("head_cell", style, "table_head", small, leading=small * 1.2),
        caption=_para("caption", style, "caption", size - 1.5, leading=(size - 1.5) * 1.3),
        style=style,
    )


def escape(text: str) -> str:
    """`text` with &, < and > written as entities for platypus markup (what xml.sax.saxutils.escape
    does, without importing it: that module pulls in urllib, http and ssl)."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def paragraph(text: str, st: ParagraphStyle) -> Paragraph:
    """A Paragraph from parlour markup, in the style's face with glyph fallback."""
    return Paragraph(markup(text, st.fontName.replace("-Bold", "")), st)


def bullets(items: Sequence[str], fs: FlowStyles, numbered: bool = False) -> ListFlowable:
    """A bulleted (or numbered) list that may break between its items."""
    body = fs.item
    out = ListFlowable(
        [ListItem(paragraph(i, body)) for i in items],
        bulletType="1" if numbered else "bullet",
        start=None if numbered else "•",
        bulletFontName=fs.style.font("strong" if numbered else "body")[0],
        bulletFontSize=body.fontSize - (0 if numbered else 1),
        bulletColor=_rgb(fs.style.accent),
        leftIndent=body.fontSize * 1.5,
        bulletDedent="auto",
        spaceAfter=body.spaceAfter + body.fontSize * 0.3,
    )
    out.line_leading = body.leading  # what a heading over it keeps room for, two lines of
    return out


def table(rows: Sequence[Sequence[str]], fs: FlowStyles, width: float, caption: str = "") -> list[Flowable]:
    """A ruled table whose first row is a header; columns share `width` by the length of their text."""
    n = len(rows[0])
    pad = 5.0  # left + right cell padding
    head_st, cell_st = fs.head_cell, fs.cell

    def widest_word(i: int, scale: float = 1.0) -> float:
        return max(
            string_width(word, st.fontName, st.fontSize * scale)
            for k, r in enumerate(rows)
            for st in [head_st if k == 0 else cell_st]
            for word in (plain_text(r[i]).split() or [""])
        )

    # short cells (numbers, "keep") are centred, and their columns share one width
    centred = [i > 0 and all(len(r[i]) <= 4 for r in rows) for i in range(n)]

    def floors(scale: float = 1.0) -> list[float]:
        """Each column's least width: its widest word (the centred columns' widest of them)."""
        got = [widest_word(i, scale) + pad + 1 for i in range(n)]
        if any(centred):
            f_mid = max(f for f, c in zip(got, centred, strict=True) if c)
            got = [f_mid if c else f for f, c in zip(got, centred, strict=True)]
        return got

    # every column gets its widest word; when the words are too wide together, the table's text
    # shrinks (in press.text's steps, down to TABLE_FLOOR) rather than break a word across lines
    size = cell_st.fontSize
    while sum(floors(size / cell_st.fontSize)) > width and size > TABLE_FLOOR:
        size = round(size - STEP, 4)
    if size < cell_st.fontSize:
        k = size / cell_st.fontSize
        head_st, cell_st = (
            ParagraphStyle(f"{st.name}_small", parent=st, fontSize=st.fontSize * k, leading=st.leading * k)
            for st in (head_st, cell_st)
        )
    floor = floors()
    # the rest is shared by how much text a column holds (capped)
    weight = [min(max(len(r[i]) for r in rows), 60) for i in range(n)]
    if any(centred):
        w_mid = max(w for w, c in zip(weight, centred, strict=True) if c)
        weight = [w_mid if c else w for w, c in zip(weight, centred, strict=True)]
    spare = max(0.0, width - sum(floor))
    widths = [f + spare * w / sum(weight) for f, w in zip(floor, weight, strict=True)]
    if sum(floor) > width:
        widths = [width * f / sum(floor) for f in floor]
    mid_head, mid_cell = (
        ParagraphStyle(f"{st.name}_mid", parent=st, alignment=TA_CENTER) for st in (head_st, cell_st)
    )
    data = [
        [
            paragraph(
                cell,
                (mid_head if k == 0 else mid_cell) if centred[i] else (head_st if k == 0 else cell_st),
            )
            for i, cell in enumerate(row)
        ]
        for k, row in enumerate(rows)
    ]
    s = fs.style
    cmds = [
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, _rgb(s.accent)),
        ("LINEBELOW", (0, 1), (-1, -1), 0.3, _rgb(s.rule)),
        ("FONTNAME", (0, 0), (-1, -1), cell_st.fontName),  # the cells' own default would pull in Helvetica
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2.5),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2.5),
        ("TOPPADDING", (0, 0), (-1, -1), 1.8),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.2),
    ]
    if s.tint is not None:
        cmds.append(("BACKGROUND", (0, 0), (-1, 0), _rgb(s.tint)))
    t = RuledTable(data, widths, TableStyle(cmds))
    t.spaceBefore = 2
    t.spaceAfter = 3 if caption else fs.body.spaceAfter + 2
    if not caption:
        return [t]
    t.keepWithNext = 1  # the caption stays under its table's last piece
    return [t, paragraph(caption, fs.caption)]


WHOLE_SHARE = 1 / 3  # a table up to this share of a column's height never breaks
LEAST_ROWS = 2  # a longer one breaks between rows, leaving at least this many on either side


class RuledTable(Flowable):
    """A ruled table (header row first) that stays whole when short, and otherwise breaks between
    rows with the header repeated, never leaving a piece of fewer than LEAST_ROWS rows."""

    def __init__(self, data: list[list[Flowable]], widths: list[float], style: TableStyle) -> None:
        super().__init__()
        self.data, self.widths, self.table_style = data, widths, style
        self.table = self._table(data)

    def _table(self, data: list[list[Flowable]]) -> Table:
        t = Table(data, colWidths=self.widths, repeatRows=1, hAlign="LEFT")
        t.setStyle(self.table_style)
        return t

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        self.width, self.height = self.table.wrap(aw, ah)
        return self.width, self.height

    def draw(self) -> None:
        self.table.drawOn(self.canv, 0, 0)

    @property
    def rows(self) -> int:
        """Rows under the header."""
        return len(self.data) - 1

    def split_within(self, aw: float, ah: float, column: float) -> list[Flowable]:
        """Two pieces, the first fitting `ah`, or none: a table up to WHOLE_SHARE of `column`
        stays whole, and no piece holds fewer than LEAST_ROWS rows."""
        _, full = self.wrap(aw, column)
        if full <= column * WHOLE_SHARE or self.rows < 2 * LEAST_ROWS:
            return []
        head, body = self.data[:1], self.data[1:]
        best = 0
        for k in range(LEAST_ROWS, len(body) - LEAST_ROWS + 1):
            _, h = self._table(head + body[:k]).wrap(aw, ah)
            if h > ah + 1e-6:
                break
            best = k
        if not best:
            return []
        first = RuledTable(head + body[:best], self.widths, self.table_style)
        rest = RuledTable(head + body[best:], self.widths, self.table_style)
        for piece in (first, rest):
            piece.spaceBefore, piece.spaceAfter = self.spaceBefore, self.spaceAfter
        rest.keepWithNext = self.getKeepWithNext()
        return [first, rest]


class Keep(Flowable):
    """Flowables that stay together in one column (a drawing and its caption); never split."""

    def __init__(self, parts: Sequence[Flowable]) -> None:
        super().__init__()
        self.parts = list(parts)

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        self._sizes = []
        total = 0.0
        for i, f in enumerate(self.parts):
            w, h = f.wrapOn(self.canv, aw, ah)
            gap = f.getSpaceBefore() if i else 0.0
            self._sizes.append((w, h, gap))
            total += gap + h + (f.getSpaceAfter() if i < len(self.parts) - 1 else 0.0)
        self.width, self.height = aw, total
        return aw, total

    def getSpaceAfter(self) -> float:
        return self.parts[-1].getSpaceAfter() if self.parts else 0.0

    def draw(self) -> None:
        y = self.height
        for i, (f, (_, h, gap)) in enumerate(zip(self.parts, self._sizes, strict=True)):
            y -= gap + h
            f.drawOn(self.canv, 0, y)
            if i < len(self.parts) - 1:
                y -= f.getSpaceAfter()


class HeaderBlock(Flowable):
    """The sheet header every page shares (press.parts.Header), as the head of a flowing page."""

    def __init__(self, header: parts.Header, style: Style) -> None:
        super().__init__()
        self.header = header
        self.style = style

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        self.width, self.height = aw, self.header.height - parts.AFTER
        return aw, self.height

    def draw(self) -> None:
        self.header.draw(self.canv, self.style, 0, self.height, self.width, "page")


def column_width(paper: Paper, columns: int = 2) -> float:
    """The width of one column of a flowing page on `paper`."""
    return (paper.width - 2 * MARGIN - (columns - 1) * GUTTER) / columns


@functools.cache
def _measure() -> Canvas:
    """A canvas that is never saved: some flowables (lists) need one to measure themselves."""
    return Canvas(io.BytesIO(), invariant=1)


Placed = tuple[Flowable, float, float, float, float]  # a wrapped flowable: x, y (bottom left), width, height


def _split(f: Flowable, width: float, room: float, column: float) -> list[Flowable]:
    """`f` cut so that its first piece fits `room` (none if it cannot be: a short table stays whole)."""
    if room <= 0:
        return []
    if isinstance(f, RuledTable):
        return f.split_within(width, room, column)
    return list(f.splitOn(_measure(), width, room))


def _starts_with_two_lines(nxt: Flowable, width: float, room: float, column: float) -> bool:
    """Whether the flowable after a heading shows at least two of its lines in `room`: whole, or a
    first piece at least two lines tall."""
    canv = _measure()
    _, nh = nxt.wrapOn(canv, width, column)
    if nh <= room + 1e-6:
        return True
    pieces = _split(nxt, width, room, column)
    if len(pieces) < 2:
        return False
    _, h1 = pieces[0].wrapOn(canv, width, room)
    return h1 <= room + 1e-6 and h1 >= 1.9 * _leading(nxt)


def _leading(f: Flowable) -> float:
    """The line pitch of a flowable's text: a paragraph's leading, a list's (set by bullets), a
    table's none (its pieces hold whole rows), else 12 pt."""
    st = getattr(f, "style", None)
    if isinstance(st, ParagraphStyle):
        return float(st.leading)
    if isinstance(f, RuledTable):
        return 0.0
    return float(getattr(f, "line_leading", 12.0))


def _fill(
    queue: list[Flowable], x: float, top: float, width: float, height: float, what: str, column: float = 0.0
) -> list[Placed]:
    """Pour flowables from the front of `queue` into one column box; returns what was placed.
    `column` is a full column's height (what says a table is short enough to keep whole)."""
    canv = _measure()
    column = column or height
    placed: list[Placed] = []
    used = 0.0
    while queue:
        f = queue[0]
        before = f.getSpaceBefore() if placed else 0.0
        room = height - used - before
        w, h = f.wrapOn(canv, width, room)
        fits = h <= room + 1e-6
        if fits and f.getKeepWithNext() and len(queue) > 1:
            # a heading must not end a column: it stays only if two lines of what follows fit under it
            nxt = queue[1]
            after = room - h - f.getSpaceAfter() - nxt.getSpaceBefore()
            fits = _starts_with_two_lines(nxt, width, after, column)
            if not fits and placed:
                break
            fits = fits or not placed  # at the head of an empty column it goes anyway
        if fits:
            queue.pop(0)
            used += before
            placed.append((f, x, top - used - h, w, h))
            used += h + f.getSpaceAfter()
            continue
        parts = _split(f, width, room, column)
        if len(parts) > 1:
            first = parts[0]
            w1, h1 = first.wrapOn(canv, width, room)
            if h1 <= room + 1e-6:
                queue[0:1] = parts[1:]
                used += before
                placed.append((first, x, top - used - h1, w1, h1))
                used += h1 + first.getSpaceAfter()
                continue
        if not placed:
            if isinstance(f, RuledTable):  # too tall for a column and unbreakable by the rules above
                pieces = list(f.table.splitOn(canv, width, room))
                if len(pieces) > 1:
                    queue[0:1] = pieces
                    continue
            raise FlowError(
                f"{what}: a block {h:.0f} pt tall cannot fit a column {height:.0f} pt tall; shorten it or split it"
            )
        break
    return placed


def _columns(
    queue: list[Flowable], page_top: float, col_h: float, full: float, paper: Paper, columns: int, what: str
) -> list[Placed]:
    """Fill a page's columns, each `col_h` tall, from `queue`."""
    col_w = column_width(paper, columns)
    placed: list[Placed] = []
    for col in range(columns):
        x = MARGIN + col * (col_w + GUTTER)
        placed += _fill(queue, x, page_top, col_w, col_h, what, full)
        if not queue:
            break
    return placed


def _balanced(
    saved: list[Flowable],
    page_top: float,
    full: float,
    paper: Paper,
    columns: int,
    what: str,
    poured: list[Placed],
) -> tuple[list[Placed], float] | None:
    """The shortest columns (all one height) that still take every flowable in `saved` on this
    page: what lands where, and that height; None if none shorter than `full` does. `poured` is the
    page filled column by column: the balanced height lies between its columns' mean and its
    tallest."""
    depth: dict[float, float] = {}
    for _f, x, y, _, _ in poured:
        depth[x] = max(depth.get(x, 0.0), page_top - y)
    if len(depth) < 1:
        return None
    lo = sum(depth.values()) / columns - 1.0
    hi = min(full, max(depth.values()) + 0.5)
    best: list[Placed] | None = None
    while hi - lo > 1.0:  # to a point
        mid = (lo + hi) / 2
        trial = list(saved)
        try:
            got = _columns(trial, page_top, mid, full, paper, columns, what)
        except FlowError:  # a block taller than such a column
            got = []
            trial = trial or list(saved)
        if trial:
            lo = mid
        else:
            hi, best = mid, got
    if best is None:
        return None
    final = _poured_at(saved, page_top, hi, full, paper, columns, what)
    return None if final is None else (final, hi)


def _poured_at(
    saved: list[Flowable], page_top: float, height: float, full: float, paper: Paper, columns: int, what: str
) -> list[Placed] | None:
    """The flowables of `saved` poured into one page of columns `height` tall (the last pour sets
    every piece's wrap), or None if they do not all fit."""
    queue = list(saved)
    try:
        placed = _columns(queue, page_top, height, full, paper, columns, what)
    except FlowError:
        return None
    return None if queue else placed


@dataclass(frozen=True)
class Layout:
    """Where every flowable landed: per page, (flowable, x, y, width, height), y its bottom edge."""

    pages: list[list[Placed]]
    head_height: float  # of the heading band on the first page (0 without one)
    #: (page, column height) of the last page, its columns balanced (as short as they can be, or
    #: full when none shorter holds its text), else None: what a later layout of the same
    #: flowables may be given as `balanced_at` to skip the search for it
    balanced: tuple[int, float] | None = None


def layout(
    head: Sequence[Flowable],
    body: Sequence[Flowable],
    paper: Paper,
    columns: int = 2,
    continued: bool = False,
    what: str = "page",
    short: float = 0.0,
    balance: bool = True,
    balanced_at: tuple[int, float] | None = None,
) -> Layout:
    """Lay `head` across the top of the first page and pour `body` into columns over as many pages
    as it needs (`continued` leaves room for a line at the top of later pages). `short` ends every
    column that much above the usual bottom: the text is spread so a last page is not left
    nearly empty (see balanced_short). The last page's columns are balanced unless `balance` is
    False (a trial that only counts pages). `balanced_at` is the `balanced` of an earlier layout of
    the same flowables on the same paper (kept in a cache): that page is poured at that height
    without searching for it, and searched for as usual if it does not take the rest of the text."""
    register_fonts()
    width = paper.width - 2 * MARGIN
    top = paper.height - TOP
    queue_head = list(head)
    head_placed = _fill(queue_head, MARGIN, top, width, top - BOTTOM, what)
    if queue_head:
        raise FlowError(f"{what}: the heading does not fit on one page")
    head_h = 0.0
    if head_placed:
        f, _, y, _, _ = head_placed[-1]
        head_h = top - y + f.getSpaceAfter()
    queue = list(body)
    pages: list[list[Placed]] = []
    balanced: tuple[int, float] | None = None
    while queue or not pages:
        first = not pages
        page_top = top - head_h - 3 * mm if first else top - (5 * mm if continued else 0)
        placed: list[Placed] = list(head_placed) if first else []
        saved = list(queue)
        full = page_top - BOTTOM - short
        if balance and columns > 1 and balanced_at is not None and balanced_at[0] == len(pages):
            known = _poured_at(saved, page_top, balanced_at[1], full, paper, columns, what)
            if known is not None:  # the last page, balanced as before: no search
                pages.append(placed + known)
                balanced, queue = balanced_at, []
                break
        cols = _columns(queue, page_top, full, full, paper, columns, what)
        if balance and not queue and columns > 1 and saved:
            # the last page: its columns balanced, the text shared evenly between them
            even = _balanced(saved, page_top, full, paper, columns, what, cols)
            if even is not None:
                cols, height = even
            else:  # none shorter holds it all (trials re-wrap the flowables: pour again)
                cols, height = _columns(list(saved), page_top, full, full, paper, columns, what), full
            balanced = (len(pages), height)
        pages.append(placed + cols)
        if len(pages) > 50:
            raise FlowError(f"{what}: more than 50 pages; is something too tall?")
    return Layout(pages, head_h, balanced)


def last_fill(lay: Layout, paper: Paper) -> float:
    """How far down its body the last page's content reaches, as a share of the body."""
    top = paper.height - TOP
    lowest = min((y for _, _, y, _, _ in lay.pages[-1]), default=top)
    return (top - lowest) / (top - BOTTOM)


def balanced_short(
    make: Callable[[], tuple[Sequence[Flowable], Sequence[Flowable]]],
    paper: Paper,
    least: float,
    columns: int = 2,
    continued: bool = False,
) -> float:
    """How much shorter to make every column (0 if none) so that the last page of the flowables
    `make` gives (fresh each time: (head, body)) holds at least `least` of a page, with no more pages
    than before: the text spread over its pages instead of a few lines on the last."""
    lay = layout(*make(), paper, columns, continued)
    if len(lay.pages) < 2 or last_fill(lay, paper) >= least:
        return 0.0
    body_h = paper.height - TOP - BOTTOM
    best = 0.0
    lo, hi = 0.0, body_h * 0.4
    for _ in range(6):  # bisect on the shortening: the last page fills as the columns shorten
        mid = (lo + hi) / 2
        trial = layout(*make(), paper, columns, continued, short=mid)
        if len(trial.pages) > len(lay.pages):
            hi = mid
        elif last_fill(trial, paper) >= least:
            best, hi = mid, mid
        else:
            lo = mid
    return best


def flow_pages(
    head: Sequence[Flowable],
    body: Sequence[Flowable],
    paper: Paper,
    label: str,
    columns: int = 2,
    bookmark: str | None = None,
    continued: str | None = None,
    short: float = 0.0,
    balanced_at: tuple[int, float] | None = None,
) -> list[Page]:
    """The laid-out flowables as Pages: each with `label` in its footer, the first with `bookmark`,
    later ones with a small `continued` line at the top (`short`, `balanced_at`: see layout)."""
    lay = layout(head, body, paper, columns, bool(continued), label, short, balanced_at=balanced_at)
    top = paper.height - TOP

    def drawer(items: list[Placed], n: int):
        def draw(c: Canvas, info: PageInfo) -> None:
            if n > 0 and continued:
                info.style.set_font(c, "caption")
                c.drawString(MARGIN, top + 1 * mm, continued)
            for f, x, y, _, _ in items:
                f.drawOn(c, x, y)

        return draw

    return [
        Page(drawer(items, n), label, bookmark=bookmark if n == 0 else None)
        for n, items in enumerate(lay.pages)
    ]
