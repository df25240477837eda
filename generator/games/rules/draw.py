"""How to play pages: the rules model as flowables (the press pours them into columns) and its worked-example drawings."""

from __future__ import annotations

import math
from typing import Any

from reportlab.graphics.shapes import Circle, Drawing, Line, PolyLine, Rect, String
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
    drawing's word never breaks, and never shrinks below 7 pt: nothing a player reads is smaller)."""
    face, size = s.font(role)
    floor = min(size, 7.0)
    got = fit_line(text, width, s.text_style(role, min_size=floor))
    return got if got is not None else floor


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
        _text(d, s, "table", 48, y, why, _fitting(s, "table", why, width - 48), colour=s.muted)
        y -= pitch
    return d


def _card_answers(d: Drawing, s: Style, data: dict[str, Any], x: float, y: float, width: float) -> float:
    """Beside the card: what its letters add up to, and answers that are good; returns the next y."""
    text = rm.card_sum(data["face"], data["suit"])
    style = s.text_style("table", min_size=8.0)
    size, lines = fit(text, width, 1000.0, style) or (style.min_size, [text])  # words never break
    for line in lines:
        _text(d, s, "table", x, y, line, size, colour=s.muted)
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
    style = s.text_style(role, min_size=8.0 if when else 7.0)
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
    when_h = 24.0  # room for "only when" on two lines at 8 pt when a card is narrow
    height = ch * 2 + when_h + 12 + below
    d = _drawing(width, height, s)
    top = height - 2
    for i, text in enumerate(cards):
        x = i * (cw + gap)
        _card(d, x, top - ch, cw, ch, text, s)
        if text == data["modifies"]:
            wy = top - ch - when_h - 4
            _card(d, x, wy, cw, when_h, data["when"], s, when=True)
            _card(d, x, wy - ch + 2, cw, ch - 4, data["condition"], s)
    if beside:
        _text(d, s, "heading", n * (cw + gap) + 2, top - ch / 2 - 3, rm.RIDDLE_ASK)
    else:
        _text(d, s, "heading", n * (cw + gap) - gap, 2, rm.RIDDLE_ASK, anchor="end")
    return d


def _wrapped(d: Drawing, s: Style, role: str, x: float, top: float, text: str, width: float) -> float:
    """`text` wrapped to `width` at the role's size (never below 8 pt, never a broken word), its
    first baseline under `top`; returns the foot of the last line."""
    style = s.text_style(role, min_size=min(8.0, s.text(role).size))
    size, lines = fit(text, width, 1000.0, style) or (style.size, [text])
    lead = size * 1.25
    y = top - size
    for line in lines:
        _text(d, s, role, x, y, line, size)
        y -= lead
    return y + lead - size * 0.3


def _wrapped_height(s: Style, role: str, text: str, width: float) -> float:
    style = s.text_style(role, min_size=min(8.0, s.text(role).size))
    size, lines = fit(text, width, 1000.0, style) or (style.size, [text])
    return size * 1.25 * (len(lines) - 1) + size * 1.3


def round_game_drawing(data: dict[str, Any], width: float, s: Style) -> Drawing:
    """A round-game Doublet scored: per player a line of who declared what and the marks, and the
    chain under it as word boxes (a broken step crossed out, the chain marked null)."""
    rows = [rm.round_row(r) for r in data["rows"]]
    head = s.text("table_head").size
    line = head * 1.5
    box_h = 15.0
    per = line + box_h + 6
    height = line + per * len(rows) + 2
    d = _drawing(width, height, s)
    cols = (0.0, 0.24, 0.50, 0.72, 1.0)  # Player | Declared | Decision | Brevity | Marks (right)
    top = height - head - 1
    labels = [rm.ROUND_HEAD[i] for i in (0, 1, 3, 4, 5)]
    for i, (label, at) in enumerate(zip(labels, cols, strict=True)):
        anchor = "end" if i == len(cols) - 1 else "start"
        _text(d, s, "table_head", at * width, top, label, colour=s.accent, anchor=anchor)
    d.add(Line(0, top - 4, width, top - 4, strokeColor=_c(s.rule), strokeWidth=0.6))
    y = top - line
    for name, place, declared, words, decision, brevity in rows:
        cells = [name, f"{place} · {declared}", str(decision), str(brevity), str(decision + brevity)]
        for i, (cell, at) in enumerate(zip(cells, cols, strict=True)):
            anchor = "end" if i == len(cols) - 1 else "start"
            _text(d, s, "table_head" if i in (0, 4) else "table", at * width, y, cell, anchor=anchor)
        n = len(words)
        gap = 9.0
        box_w = min(42.0, (width - 40 - (n - 1) * gap) / n)
        cy = y - 6 - box_h / 2
        broken = False
        for k, word in enumerate(words):
            cx = 8 + box_w / 2 + k * (box_w + gap)
            prev = words[k - 1] if k else None
            ok = prev is None or len(_changed(prev, word)) == 1
            _word_box(d, word, prev if ok else None, cx, cy, box_w, box_h, k in (0, n - 1), s)
            if k:
                a, b = cx - box_w / 2 - gap + 1.5, cx - box_w / 2 - 1.5
                ink = _c(s.muted if ok else s.red_suit)
                d.add(Line(a, cy, b, cy, strokeColor=ink, strokeWidth=0.7))
                if not ok:
                    broken = True
                    m = (a + b) / 2
                    d.add(Line(m - 2.5, cy - 3, m + 2.5, cy + 3, strokeColor=ink, strokeWidth=1.0))
                    d.add(Line(m - 2.5, cy + 3, m + 2.5, cy - 3, strokeColor=ink, strokeWidth=1.0))
        if broken:
            x = 8 + n * (box_w + gap)
            _text(d, s, "table_head", x, cy - 3, rm.NULL_MARK, colour=s.red_suit)
        y -= per
    return d


def letter_turns_drawing(data: dict[str, Any], width: float, s: Style) -> Drawing:
    """Turns of Fighting Words: each a label, the word in play as letter cards (the card just laid
    in the accent colour) and what happened, wrapped beside the cards."""
    steps = data["steps"]
    tile_w, tile_h = 13.0, 17.0
    most = max(len(letters) for _l, letters, _a, _s in steps)
    text_x = most * (tile_w + 2) + 8
    text_w = width - text_x
    label = s.text("table_head").size
    heights = [
        max(tile_h, _wrapped_height(s, "table", said, text_w)) + label * 1.4 + 5 for *_x, said in steps
    ]
    height = sum(heights) + 2
    d = _drawing(width, height, s)
    y = height - 1
    for (name, letters, at, said), h in zip(steps, heights, strict=True):
        _text(d, s, "table_head", 0, y - label, name, colour=s.accent)
        top = y - label * 1.4
        new = int(at)
        for k, ch in enumerate(letters.upper()):
            x = k * (tile_w + 2)
            fresh = k == new
            fill = s.tint if (fresh and s.tint is not None) else s.paper
            d.add(
                Rect(
                    x + 0.5,
                    top - tile_h,
                    tile_w,
                    tile_h,
                    rx=2,
                    ry=2,
                    strokeColor=_c(s.accent if fresh else s.ink),
                    strokeWidth=1.2 if fresh else 0.6,
                    fillColor=_c(fill),
                )
            )
            colour = s.accent if fresh else s.ink
            _text(d, s, "strong", x + 0.5 + tile_w / 2, top - tile_h * 0.7, ch, 10.0, colour, "middle")
        _wrapped(d, s, "table", text_x, top + 1, said, text_w)
        y -= h
    return d


def _coin(d: Drawing, s: Style, cx: float, cy: float, r: float, suit: str) -> None:
    """An orb shown suit side up: a ring in the suit's colour and its glyph."""
    ink = s.suits.get(suit, s.ink)
    d.add(Circle(cx, cy, r, strokeColor=_c(ink), strokeWidth=1.0, fillColor=_c(s.paper)))
    _text(d, s, "strong", cx, cy - r * 0.4, rm.SUIT_GLYPHS[suit], r * 1.15, ink, "middle")


def zap_exchange_drawing(data: dict[str, Any], width: float, s: Style) -> Drawing:
    """A zap met by a Deflect and then by the caster's own Shield: the two sorcerers in a lane with
    the zap out and back, then each pair of orbs shown together and what the match decides."""
    g = rm.SUIT_GLYPHS
    size = s.text("table").size
    lane_h = 26.0
    pair_h = 26.0
    height = lane_h + 2 * (pair_h + 6) + 4
    d = _drawing(width, height, s)
    top = height - 2
    cy = top - lane_h / 2
    # the lane: caster at the left facing right, target at the right, the zap out and back
    for x, suit in ((12.0, data["caster"]), (width - 12.0, data["target"])):
        _coin(d, s, x, cy, 10.0, suit)
    a, b = 28.0, width - 28.0
    for y, (x0, x1) in ((cy + 3, (a, b)), (cy - 3, (b, a))):
        # a hairline under 0.6 pt: the zap's path, not a table's rule to a reader of the page
        d.add(Line(x0, y, x1, y, strokeColor=_c(s.accent), strokeWidth=0.55))
        tip = -3.0 if x1 > x0 else 3.0
        d.add(PolyLine([x1 + tip, y + 2, x1, y, x1 + tip, y - 2], strokeColor=_c(s.accent), strokeWidth=0.9))
    _text(d, s, "table", width / 2, cy + 6, rm.ZAP_WORDS["zap"] + " " + g[data["zap"]], size, anchor="middle")
    outcome = rm.zap_outcome(data["zap"], data["deflect"], data["shield"])
    pairs = (
        ("deflect", data["deflect"], outcome[0]),
        ("shield", data["shield"], outcome[1]),
    )
    y = top - lane_h - 4
    for role, suit, verdict in pairs:
        pcy = y - pair_h / 2
        _coin(d, s, 12.0, pcy, 10.0, data["zap"])
        _coin(d, s, 38.0, pcy, 10.0, suit)
        _text(d, s, "table_head", 56.0, pcy + 2, rm.ZAP_WORDS[role], size)
        _text(
            d,
            s,
            "table",
            56.0,
            pcy - size - 1,
            rm.ZAP_WORDS[verdict],
            _fitting(s, "table", rm.ZAP_WORDS[verdict], width - 58),
        )
        y -= pair_h + 6
    return d


def diagram(block: rm.Diagram, width: float, s: Style) -> Drawing:
    """The drawing for a diagram block, `width` points wide."""
    if block.kind == "chain":
        return chain_drawing(block.data["words"], block.data["jewels"], width, s)
    if block.kind == "necklace":
        return necklace_drawing(block.data["words"], block.data["jewels"], width, s)
    if block.kind == "chimera_card":
        return chimera_card_drawing(block.data, width, s)
    if block.kind == "round_game":
        return round_game_drawing(block.data, width, s)
    if block.kind == "letter_turns":
        return letter_turns_drawing(block.data, width, s)
    if block.kind == "zap_exchange":
        return zap_exchange_drawing(block.data, width, s)
    return when_riddle_drawing(block.data, width, s)


LEAD_IN = 200  # a paragraph this short just before a table introduces it, and stays with it


def _flowables(r: rm.Rules, fs: flow.FlowStyles, width: float) -> list[Flowable]:
    """The blocks as flowables. A small heading just before a worked example goes with its drawing,
    and a table with a caption stays whole with it, so neither is left alone at a column's foot."""
    out: list[Flowable] = []
    blocks = list(r.blocks)
    for i, b in enumerate(blocks):
        after = blocks[i + 1] if i + 1 < len(blocks) else None
        if isinstance(b, rm.Heading):
            head = flow.paragraph(b.text, fs.h1 if b.level == 1 else fs.h2)
            if b.level == 2 and isinstance(after, rm.Diagram):
                continue  # drawn inside the example's Keep below
            out.append(head)
        elif isinstance(b, rm.Para):
            para = flow.paragraph(b.text, fs.note if b.note else fs.body)
            if not b.note and len(b.text) <= LEAD_IN and isinstance(after, rm.Table):
                continue  # a short lead-in goes with its table, below
            out.append(para)
        elif isinstance(b, rm.Bullets):
            out.append(flow.bullets(b.items, fs, b.numbered))
        elif isinstance(b, rm.Table):
            parts = flow.table(b.rows, fs, width, b.caption)
            before = blocks[i - 1] if i else None
            if isinstance(before, rm.Para) and not before.note and len(before.text) <= LEAD_IN:
                out.append(flow.Keep([flow.paragraph(before.text, fs.body), *parts]))
            else:
                out += [flow.Keep(parts)] if b.caption else parts
        else:
            before = blocks[i - 1] if i else None
            title = (
                [flow.paragraph(before.text, fs.h2)]
                if isinstance(before, rm.Heading) and before.level == 2
                else [Spacer(1, 3)]
            )
            out.append(
                flow.Keep(
                    [
                        *title,
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


#: How the rules are set on a paper: (tightness, column shortening, balanced last page), see fitting
Fit = tuple[float, float, tuple[int, float] | None]


def fitting(r: rm.Rules, paper: Paper, style: Style = DEFAULT) -> Fit:
    """(tightness, column shortening, balanced last page) the rules are set with (see _fit_rules).
    Finding them lays the rules out many times over, so the answer is kept in parlour's cache,
    keyed on the rules' content, the paper, the style, reportlab's version and the font files
    (fonts.kept)."""
    import hashlib
    import json

    import reportlab

    from generator.press import fonts

    content = json.dumps(
        [r.to_json(), paper.name, paper.size, repr(style), reportlab.Version], sort_keys=True
    )
    return fonts.kept(
        "rules-fit",
        lambda: _fit_rules(r, paper, style),
        params=hashlib.sha256(content.encode()).hexdigest(),
        encode=_encode_fit,
        decode=_decode_fit,
    )


def _encode_fit(fit: Fit) -> bytes:
    import marshal

    tight, short, even = fit
    page, height = even if even is not None else (-1, 0.0)
    return marshal.dumps((float(tight), float(short), int(page), float(height)))


def _decode_fit(view: memoryview) -> Fit:
    import marshal

    tight, short, page, height = marshal.loads(view)
    if not all(type(v) is float for v in (tight, short, height)) or type(page) is not int:
        raise ValueError("not a fitting")
    return tight, short, ((page, height) if page >= 0 else None)


def _fit_rules(r: rm.Rules, paper: Paper, style: Style) -> Fit:
    """How the rules are set, so that a section never ends on a page holding a few lines: as usual;
    else the least fitting (flow.flow_styles' `tight`: closer lines and blocks at the same type
    size, in TIGHT_STEPS) that saves the last page; else the text spread over its pages (balanced)
    so the last one holds half a page or more. With the (page, height) its last page's columns are
    balanced to (flow.Layout.balanced), the longest search of a layout."""

    def make(tight: float) -> tuple[list[Flowable], list[Flowable]]:
        head, body, _ = _parts(r, paper, style, tight)
        return head, body

    lay = flow.layout(*make(0.0), paper, continued=True)
    if len(lay.pages) < 2 or flow.last_fill(lay, paper) >= LEAST_LAST_PAGE:
        return 0.0, 0.0, lay.balanced
    tight, short = 0.0, 0.0
    for step in range(1, TIGHT_STEPS + 1):
        if len(flow.layout(*make(step / TIGHT_STEPS), paper, continued=True, balance=False).pages) < len(
            lay.pages
        ):
            tight = step / TIGHT_STEPS
            break
    else:
        short = flow.balanced_short(lambda: make(0.0), paper, LEAST_LAST_PAGE, continued=True)
    return tight, short, flow.layout(*make(tight), paper, continued=True, short=short).balanced


def rules_pages(r: rm.Rules, paper: Paper, style: Style = DEFAULT) -> list[Page]:
    """One game's How to play pages: title across the top, then two columns."""
    tight, short, even = fitting(r, paper, style)
    head, body, label = _parts(r, paper, style, tight)
    return flow.flow_pages(
        head,
        body,
        paper,
        label,
        bookmark=BOOKMARK,
        continued=f"{label} (continued)",
        short=short,
        balanced_at=even,
    )


def rules_layout(r: rm.Rules, paper: Paper, style: Style = DEFAULT) -> flow.Layout:
    """Where each block of the rules lands on the pages (what rules_pages draws)."""
    tight, short, even = fitting(r, paper, style)
    head, body, label = _parts(r, paper, style, tight)
    return flow.layout(head, body, paper, continued=True, what=label, short=short, balanced_at=even)


def rules_model(r: rm.Rules, paper: Paper, style: Style = DEFAULT) -> dict[str, Any]:
    """The content model for --json, with how many pages it takes on this paper."""
    return {**r.to_json(), "pages": len(rules_pages(r, paper, style))}
