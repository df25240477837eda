"""How to play pages: the rules model as flowables (the press pours them into columns) and its worked-example drawings."""

from __future__ import annotations

import math
from typing import Any

from reportlab.graphics.shapes import Drawing, Line, PolyLine, Rect, String
from reportlab.lib.colors import Color
from reportlab.platypus import Flowable, Spacer

from generator.games.rules import model as rm
from generator.press import flow, parts
from generator.press.document import Page
from generator.press.fonts import string_width
from generator.press.paper import Paper
from generator.press.style import DEFAULT, Style
from generator.press.text import block_height, fit, fit_line

__all__ = ["rules_pages", "rules_layout", "rules_model", "diagram", "BOOKMARK"]

BOOKMARK = "How to play"

FACE_RANKS: dict[str, str] = dict(
    zip(
        "ace two three four five six seven eight nine ten jack queen king".split(),
        "A 2 3 4 5 6 7 8 9 10 J Q K".split(),
        strict=True,
    )
)
RED_SUITS = {"heart", "diamond"}


def _drawing(width: float, height: float, s: Style) -> Drawing:
    """A Drawing whose starting font is an embedded one (the default would pull in Helvetica)."""
    face, size = s.font("body")
    return Drawing(width, height, initialFontName=face, initialFontSize=size)


def _c(rgb: tuple[float, float, float]) -> Color:
    return Color(*rgb)


def _text(
    d: Drawing,
    s: Style,
    role: str,
    x: float,
    y: float,
    text: str,
    size: float | None = None,
    colour: tuple[float, float, float] | None = None,
    anchor: str = "start",
) -> None:
    """A String in a text role (its face, size and colour unless given) at baseline y."""
    face, sz = s.font(role, size)
    ink = colour if colour is not None else s.ink_of(s.text(role).colour)
    d.add(String(x, y, text, fontName=face, fontSize=sz, fillColor=_c(ink), textAnchor=anchor))


def _fitting(s: Style, role: str, text: str, width: float) -> float:
    """The role's size, or less so that `text` fits `width` on one line (press.text.fit_line; a
    drawing's word never breaks, and shrinks to half its role's size at most)."""
    face, size = s.font(role)
    got = fit_line(text, width, s.text_style(role, min_size=size / 2))
    return got if got is not None else size / 2


def _letters(
    d: Drawing,
    word: str,
    cx: float,
    y: float,
    face: str,
    size: float,
    ink: Color,
    mark: set[int],
    mark_ink: Color,
) -> None:
    """Draw `word` centred on cx, letter by letter, the letters at `mark` in mark_ink."""
    w = string_width(word, face, size)
    x = cx - w / 2
    for i, ch in enumerate(word):
        d.add(String(x, y, ch, fontName=face, fontSize=size, fillColor=mark_ink if i in mark else ink))
        x += string_width(ch, face, size)


def _changed(a: str, b: str) -> set[int]:
    return {i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y}


def _word_box(
    d: Drawing, word: str, prev: str | None, cx: float, cy: float, w: float, h: float, jewel: bool, s: Style
) -> None:
    """One word of a chain: Jewels in a bold accent frame, links in a light one; the changed letter marked."""
    fill = _c(s.tint) if (jewel and s.tint is not None) else _c(s.paper)
    d.add(
        Rect(
            cx - w / 2,
            cy - h / 2,
            w,
            h,
            rx=3,
            ry=3,
            strokeColor=_c(s.accent if jewel else s.rule),
            strokeWidth=1.3 if jewel else 0.6,
            fillColor=fill,
        )
    )
    role = "table_head" if jewel else "table"
    size = _fitting(s, role, word.upper(), w - 6)
    mark = _changed(prev, word) if prev is not None else set()
    face = s.font(role)[0]
    _letters(d, word.upper(), cx, cy - size * 0.35, face, size, _c(s.ink), mark, _c(s.accent))


def _word_room(words: list[str], s: Style) -> float:
    """The width a word box needs for the widest of `words` at its role's own size."""
    face, size = s.font("table_head")
    return max(string_width(w.upper(), face, size) for w in words) + 8.0


def chain_drawing(words: list[str], jewels: list[str], width: float, s: Style) -> Drawing:
    """A chain left to right, arrows between words; each link's changed letter in the accent colour.
    When a row is too narrow for the words at their size, the chain goes on in a second row (a
    bent arrow leads from the end of one row to the start of the next), so no box shrinks."""
    n = len(words)
    gap = 9.0
    need = _word_room(words, s)
    per_row = max(1, min(n, int((width + gap) // (need + gap))))
    rows = [words[i : i + per_row] for i in range(0, n, per_row)]
    box_w = min(46.0, (width - (per_row - 1) * gap) / per_row)
    box_h = 16.0
    pitch = box_h + 10.0
    height = box_h + 4 + pitch * (len(rows) - 1)
    d = _drawing(width, height, s)
    ink = _c(s.muted)
    done = 0
    for r, row in enumerate(rows):
        x0 = (width - (len(row) * box_w + (len(row) - 1) * gap)) / 2 if len(rows) == 1 else 0.0
        cy = height - box_h / 2 - 2 - r * pitch
        for i, word in enumerate(row):
            k = done + i
            cx = x0 + box_w / 2 + i * (box_w + gap)
            _word_box(d, word, words[k - 1] if k else None, cx, cy, box_w, box_h, word in jewels, s)
            if i:
                a, b = cx - box_w / 2 - gap + 1.5, cx - box_w / 2 - 1.5
                d.add(Line(a, cy, b, cy, strokeColor=ink, strokeWidth=0.7))
                d.add(
                    PolyLine([b - 2.5, cy + 1.8, b, cy, b - 2.5, cy - 1.8], strokeColor=ink, strokeWidth=0.7)
                )
        if r + 1 < len(rows):  # from under this row's last word to above the next row's first
            last_x = x0 + box_w / 2 + (len(row) - 1) * (box_w + gap)
            first_x = box_w / 2
            mid = cy - box_h / 2 - 5
            top_next = cy - pitch + box_h / 2 + 1.5
            d.add(
                PolyLine(
                    [last_x, cy - box_h / 2 - 1.5, last_x, mid, first_x, mid, first_x, top_next],
                    strokeColor=ink,
                    strokeWidth=0.7,
                )
            )
            d.add(
                PolyLine(
                    [first_x - 1.8, top_next + 2.5, first_x, top_next, first_x + 1.8, top_next + 2.5],
                    strokeColor=ink,
                    strokeWidth=0.7,
                )
            )
        done += len(row)
    return d


def necklace_drawing(words: list[str], jewels: list[str], width: float, s: Style) -> Drawing:
    """A Necklace: the words round an oval, each joined to the next and the last back to the first.
    The oval grows taller until no two word boxes touch, so no word sits over another."""
    n = len(words)
    box_w, box_h = min(40.0, _word_room(words, s) - 2), 15.0  # a little closer than a chain
    rx = width / 2 - box_w / 2 - 4

    def ring(height: float) -> list[tuple[float, float]]:
        cx, cy, ry = width / 2, height / 2, height / 2 - box_h / 2 - 2
        return [
            (cx + rx * math.sin(2 * math.pi * i / n), cy + ry * math.cos(2 * math.pi * i / n))
            for i in range(n)
        ]

    def clear(pts: list[tuple[float, float]]) -> bool:
        return all(
            abs(a[0] - b[0]) >= box_w + 2 or abs(a[1] - b[1]) >= box_h + 2
            for i, a in enumerate(pts)
            for b in pts[i + 1 :]
        )

    height = 118.0
    while not clear(ring(height)) and height < 220:
        height += 4.0
    pts = ring(height)
    d = _drawing(width, height, s)
    flat = [v for p in pts + pts[:1] for v in p]
    d.add(PolyLine(flat, strokeColor=_c(s.rule), strokeWidth=0.8))
    for i, (word, (x, y)) in enumerate(zip(words, pts, strict=True)):
        _word_box(d, word, words[i - 1], x, y, box_w, box_h, word in jewels, s)
    return d


def chimera_card_drawing(data: dict[str, Any], width: float, s: Style) -> Drawing:
    """A playing card, its two words as letter tiles, the sum, and good and refused answers."""
    face, suit, symbol = data["face"], data["suit"], data["symbol"]
    card_w, card_h = 40.0, 56.0
    pitch = s.text("table").size * 1.15
    height = 2 + card_h + 12 + 10 + pitch * len(data["bad"])
    d = _drawing(width, height, s)
    red = s.red_suit if suit in RED_SUITS else s.ink
    top = height - 2
    d.add(
        Rect(
            1,
            top - card_h,
            card_w,
            card_h,
            rx=4,
            ry=4,
            strokeColor=_c(s.ink),
            strokeWidth=0.8,
            fillColor=_c(s.paper),
        )
    )
    rank = FACE_RANKS.get(face, face[:1].upper())
    _text(d, s, "heading", 5, top - 12, rank, colour=red)
    _text(d, s, "body", 5, top - 22, symbol, colour=red)
    _text(d, s, "body", 1 + card_w / 2, top - card_h / 2 - 8, symbol, card_w * 0.6, red, "middle")
    # the letters as tiles
    x = card_w + 10
    tile = min(13.0, (width - x - 14) / (len(face) + len(suit) + 1))
    y = top - tile - 2
    for k, word in enumerate((face.upper(), suit.upper())):
        for ch in word:
            d.add(
                Rect(
                    x,
                    y,
                    tile - 1.5,
                    tile,
                    rx=1.5,
                    ry=1.5,
                    strokeColor=_c(s.accent),
                    strokeWidth=0.6,
                    fillColor=_c(s.tint) if s.tint is not None else None,
                )
            )
            _text(d, s, "strong", x + (tile - 1.5) / 2, y + tile * 0.26, ch, tile * 0.62, anchor="middle")
            x += tile
        if k == 0:
            _text(d, s, "caption", x + tile * 0.3, y + tile * 0.26, "+", tile * 0.7)
            x += tile
    info_x = card_w + 10
    y = _card_answers(d, s, data, info_x, y - 10, width - info_x)
    y = top - card_h - 12
    _text(d, s, "table_head", 1, y, rm.CARD_BAD, colour=s.accent)
    y -= 10
    for word, why in data["bad"]:
        _text(d, s, "table_head", 1, y, word.upper(), _fitting(s, "table_head", word.upper(), 45))
        _text(d, s, "caption", 48, y, why, _fitting(s, "caption", why, width - 48))
        y -= pitch
    return d


def _card_answers(d: Drawing, s: Style, data: dict[str, Any], x: float, y: float, width: float) -> float:
    """Beside the card: what its letters add up to, and answers that are good; returns the next y."""
    text = rm.card_sum(data["face"], data["suit"])
    style = s.text_style("caption", min_size=5.0)
    size, lines = fit(text, width, 1000.0, style) or (style.min_size, [text])  # words never break
    for line in lines:
        _text(d, s, "caption", x, y, line, size)
        y -= size * 1.25
    y -= 2
    _text(
        d,
        s,
        "table_head",
        x,
        y,
        rm.CARD_GOOD,
        _fitting(s, "table_head", rm.CARD_GOOD, width),
        colour=s.accent,
    )
    y -= 10
    good = " ".join(w.upper() for w in data["good"])
    _text(d, s, "table", x, y, good, _fitting(s, "table", good, width))
    return y


def _card(
    d: Drawing, x: float, y: float, w: float, h: float, text: str, s: Style, when: bool = False
) -> None:
    back = when and s.back_fill is not None
    d.add(
        Rect(
            x,
            y,
            w,
            h,
            rx=3,
            ry=3,
            strokeColor=_c(s.accent if when else s.ink),
            strokeWidth=0.8,
            fillColor=_c(s.back_fill if back and s.back_fill is not None else s.paper),
        )
    )
    role = "table_head" if when else "card_body"
    text = text.upper() if when else text
    style = s.text_style(role, min_size=min(s.text(role).min_size, 6.0))
    fitted = fit(text, w - 6, h - 4, style)  # shrink to fit, never break a word
    size, lines = fitted if fitted is not None else (style.min_size, [text])
    face = style.face
    lead = size * 1.2
    y0 = y + h / 2 + (len(lines) - 1) * lead / 2 - size * 0.35
    ink = s.back_ink if back else s.ink
    for i, line in enumerate(lines):
        d.add(
            String(
                x + w / 2,
                y0 - i * lead,
                line,
                fontName=face,
                fontSize=size,
                fillColor=_c(ink),
                textAnchor="middle",
            )
        )


def when_riddle_drawing(data: dict[str, Any], width: float, s: Style) -> Drawing:
    """The riddle's cards in a row; under the card it modifies, the When Card and the condition card."""
    cards: list[str] = data["cards"]
    n = len(cards)
    gap = 7.0
    ask_face, ask_size = s.font("heading")
    ask_w = string_width(rm.RIDDLE_ASK, ask_face, ask_size) + 4
    cw = min(70.0, (width - ask_w - (n - 1) * gap) / n)
    beside = cw >= 52.0  # else the question goes under the cards, and they take the whole width
    if not beside:
        cw = min(70.0, (width - (n - 1) * gap) / n)
    ch = 34.0
    below = 0.0 if beside else ask_size + 6
    height = ch * 2 + 22 + 6 + below
    d = _drawing(width, height, s)
    top = height - 2
    for i, text in enumerate(cards):
        x = i * (cw + gap)
        _card(d, x, top - ch, cw, ch, text, s)
        if text == data["modifies"]:
            wy = top - ch - 20
            _card(d, x + 3, wy, cw - 6, 16, data["when"], s, when=True)
            _card(d, x, wy - ch + 2, cw, ch - 4, data["condition"], s)
    if beside:
        _text(d, s, "heading", n * (cw + gap) + 2, top - ch / 2 - 3, rm.RIDDLE_ASK)
    else:
        _text(d, s, "heading", n * (cw + gap) - gap, 2, rm.RIDDLE_ASK, anchor="end")
    return d


def diagram(block: rm.Diagram, width: float, s: Style) -> Drawing:
    """The drawing for a diagram block, `width` points wide."""
    if block.kind == "chain":
        return chain_drawing(block.data["words"], block.data["jewels"], width, s)
    if block.kind == "necklace":
        return necklace_drawing(block.data["words"], block.data["jewels"], width, s)
    if block.kind == "chimera_card":
        return chimera_card_drawing(block.data, width, s)
    return when_riddle_drawing(block.data, width, s)


def _flowables(r: rm.Rules, fs: flow.FlowStyles, width: float) -> list[Flowable]:
    out: list[Flowable] = []
    for b in r.blocks:
        if isinstance(b, rm.Heading):
            out.append(flow.paragraph(b.text, fs.h1 if b.level == 1 else fs.h2))
        elif isinstance(b, rm.Para):
            out.append(flow.paragraph(b.text, fs.note if b.note else fs.body))
        elif isinstance(b, rm.Bullets):
            out.append(flow.bullets(b.items, fs, b.numbered))
        elif isinstance(b, rm.Table):
            out += flow.table(b.rows, fs, width, b.caption)
        else:
            out.append(
                flow.Keep(
                    [
                        Spacer(1, 3),
                        diagram(b, width, fs.style),
                        Spacer(1, 3),
                        flow.paragraph(b.caption, fs.caption),
                    ]
                )
            )
    return out


def _parts(
    r: rm.Rules, paper: Paper, style: Style, tight: float = 0.0
) -> tuple[list[Flowable], list[Flowable], str]:
    fs = flow.flow_styles(style, tight=tight)
    body = style.text_style("body")
    header = parts.Header(f"{r.title}: how to play", text=r.facts, text_h=block_height(1, body.size, body))
    head = [flow.HeaderBlock(header, style)]
    return head, _flowables(r, fs, flow.column_width(paper, 2)), f"{r.title}: how to play"


LEAST_LAST_PAGE = 1 / 2  # a last page filled less than this far down is worth a page saved...
TIGHT_STEPS = 4  # ...by fitting the copy (closer lines and blocks, never smaller type), in these steps


def fitting(r: rm.Rules, paper: Paper, style: Style = DEFAULT) -> tuple[float, float]:
    """(tightness, column shortening) the rules are set with (see _fit_rules). Finding them lays
    the rules out several times, so the answer is kept in parlour's cache, keyed on the rules'
    content, the paper, the style, reportlab's version and the font files (fonts.kept)."""
    import hashlib
    import json

    import reportlab

    from generator.press import fonts

    content = json.dumps(
        [r.to_json(), paper.name, paper.size, repr(style), reportlab.Version], sort_keys=True
    )
    return fonts.kept(
        "rules-fit",
        lambda: _floats(_fit_rules(r, paper, style)),
        params=hashlib.sha256(content.encode()).hexdigest(),
        decode=_decode_fit,
    )


def _floats(fit: tuple[float, float]) -> tuple[float, float]:
    return float(fit[0]), float(fit[1])


def _decode_fit(view: memoryview) -> tuple[float, float]:
    import marshal

    tight, short = marshal.loads(view)
    if type(tight) is not float or type(short) is not float:
        raise ValueError("not a fitting")
    return tight, short


def _fit_rules(r: rm.Rules, paper: Paper, style: Style) -> tuple[float, float]:
    """(tightness, column shortening) the rules are set with, so that a section never ends on a
    page holding a few lines: set as usual; else the least fitting (flow.flow_styles' `tight`:
    closer lines and blocks at the same type size, in TIGHT_STEPS) that saves the last page; else
    the text spread over its pages (balanced) so the last one holds half a page or more."""

    def make(tight: float) -> tuple[list[Flowable], list[Flowable]]:
        head, body, _ = _parts(r, paper, style, tight)
        return head, body

    lay = flow.layout(*make(0.0), paper, continued=True)
    if len(lay.pages) < 2 or flow.last_fill(lay, paper) >= LEAST_LAST_PAGE:
        return 0.0, 0.0
    for step in range(1, TIGHT_STEPS + 1):
        tight = step / TIGHT_STEPS
        if len(flow.layout(*make(tight), paper, continued=True, balance=False).pages) < len(lay.pages):
            return tight, 0.0
    return 0.0, flow.balanced_short(lambda: make(0.0), paper, LEAST_LAST_PAGE, continued=True)


def rules_pages(r: rm.Rules, paper: Paper, style: Style = DEFAULT) -> list[Page]:
    """One game's How to play pages: title across the top, then two columns."""
    tight, short = fitting(r, paper, style)
    head, body, label = _parts(r, paper, style, tight)
    return flow.flow_pages(
        head, body, paper, label, bookmark=BOOKMARK, continued=f"{label} (continued)", short=short
    )


def rules_layout(r: rm.Rules, paper: Paper, style: Style = DEFAULT) -> flow.Layout:
    """Where each block of the rules lands on the pages (what rules_pages draws)."""
    tight, short = fitting(r, paper, style)
    head, body, label = _parts(r, paper, style, tight)
    return flow.layout(head, body, paper, continued=True, what=label, short=short)


def rules_model(r: rm.Rules, paper: Paper, style: Style = DEFAULT) -> dict[str, Any]:
    """The content model for --json, with how many pages it takes on this paper."""
    return {**r.to_json(), "pages": len(rules_pages(r, paper, style))}
