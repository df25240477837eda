"""How Chimera's Lair looks on paper: the referee's key (two suits a page) and the scoring pad."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from generator.games.chimera import DECK_SUITS, AnswerKey, KeyCard, Pad, Variant
from generator.press.document import Page, PageInfo
from generator.press.fonts import string_width
from generator.press.paper import MARGIN, Paper, mm
from generator.press.style import RGB, Style
from generator.press.text import TextFitError, TextStyle, draw_text, text_at, wrap

GAME = "Chimera's Lair"
SUIT_GLYPHS: dict[str, str] = {"spade": "♠", "heart": "♥", "diamond": "♦", "club": "♣"}
SUIT_NAMES: dict[str, str] = {"spade": "Spades", "heart": "Hearts", "diamond": "Diamonds", "club": "Clubs"}
RED: RGB = (0.72, 0.09, 0.12)  # hearts and diamonds in colour; plain ink when saving ink
ROLE_TAGS: dict[str, str] = {"key": "KEY", "chimera": "THE CHIMERA"}

# --- small drawing helpers --------------------------------------------------------------------


def suit_colour(suit: str, style: Style) -> RGB:
    """Red for hearts and diamonds, ink for spades and clubs; all ink in --ink-saver."""
    return RED if suit in ("heart", "diamond") and not style.ink_saver else style.ink


def _hline(c: Canvas, x1: float, x2: float, y: float, color: RGB, width: float = 0.4) -> None:
    c.setStrokeColorRGB(*color)
    c.setLineWidth(width)
    c.line(x1, y, x2, y)


def _vline(c: Canvas, x: float, y1: float, y2: float, color: RGB, width: float = 0.4) -> None:
    c.setStrokeColorRGB(*color)
    c.setLineWidth(width)
    c.line(x, y1, x, y2)


def _tick_box(c: Canvas, x: float, y: float, side: float, style: Style) -> None:
    """An empty square to tick, bottom-left at (x, y)."""
    c.setStrokeColorRGB(*style.ink)
    c.setLineWidth(0.6)
    c.rect(x, y, side, side, stroke=1, fill=0)


def _tag(c: Canvas, text: str, x: float, y: float, size: float, style: Style) -> float:
    """A small outlined label (KEY, THE CHIMERA) with its baseline at y; returns its width."""
    pad = size * 0.45
    w = string_width(text, "Cond-Bold", size) + 2 * pad
    c.saveState()
    c.setStrokeColorRGB(*style.accent)
    c.setLineWidth(0.6)
    c.roundRect(x, y - size * 0.3, w, size * 1.25, size * 0.3, stroke=1, fill=0)
    text_at(c, text, x + pad, y, "Cond-Bold", size, style.accent)
    c.restoreState()
    return w


def _title(c: Canvas, paper: Paper, title: str, right: str, style: Style) -> float:
    """The sheet's title line (left) and a note (right) under the top margin; returns the rule's y."""
    w, h = paper.size
    base = h - MARGIN - 12
    text_at(c, title, MARGIN, base, "Serif-Bold", 14, style.accent)
    text_at(c, right, w - MARGIN, base, "Sans", 8, style.ink, "right")
    y = base - 5
    _hline(c, MARGIN, w - MARGIN, y, style.accent, 0.8)
    return y


# --- the referee's key ------------------------------------------------------------------------

KEY_HEAD = 8.5  # card name
KEY_SMALL = 7.0  # the numbers beside it
KEY_ANSWERS = 7.2  # answers
KEY_PITCH = 8.5  # answer line pitch
KEY_HEAD_BASE = KEY_HEAD + 1.0  # from an entry's top down to the card name's baseline
KEY_FIRST = KEY_HEAD_BASE + 2.0 + KEY_PITCH  # ...and down to the first answer line's baseline
KEY_SEP = 1.2  # the rule between entries sits this far above the next entry's top
KEY_HEADER_H = 50.0  # title, variant and how-to-read lines
SUIT_HEAD_H = 15.0
COL_GAP = 6 * mm
SEP = ", "


@dataclass(frozen=True)
class KeyGeom:
    """Where the key's two columns sit on a page of this paper, and how tall each card entry is."""

    paper: Paper
    col_w: float
    top: float  # top of the columns (below the page header)
    entry_h: float
    lines: int  # answer lines per entry

    def col_x(self, col: int) -> float:
        return MARGIN + col * (self.col_w + COL_GAP)


def key_geom(paper: Paper) -> KeyGeom:
    """Two columns (one suit each) of 13 entries filling the page between the margins."""
    w, h = paper.size
    col_w = (w - 2 * MARGIN - COL_GAP) / 2
    top = h - MARGIN - KEY_HEADER_H
    entry_h = (top - MARGIN - SUIT_HEAD_H) / 13
    # the last answer line's descenders must clear the rule below the entry by a point
    room = entry_h - KEY_SEP - 1.0 - KEY_ANSWERS * 0.25 - KEY_FIRST
    lines = 1 + int(room // KEY_PITCH)
    return KeyGeom(paper, col_w, top, entry_h, lines)


@dataclass(frozen=True)
class KeyEntry:
    """One card as printed in the key: the answer lines and how many answers did not fit."""

    row: KeyCard
    lines: list[str]
    shown: int

    @property
    def more(self) -> int:
        return len(self.row.answers) - self.shown


def _count_label(n: int) -> str:
    return f"{n} answer{'s' if n != 1 else ''}: "


def _more_label(n: int) -> str:
    return f"… +{n} more"


def fill_answers(
    answers: list[str], width: float, lines: int, total: int | None = None
) -> tuple[list[str], int]:
    """Set answers (common first) into at most `lines` lines of `width`, the first line led by the
    count of all `total` answers (rare ones, never shown, included); when some are not shown, the
    last line ends with '… +N more'. Returns (lines, shown)."""
    face, size = "Cond", KEY_ANSWERS
    total = len(answers) if total is None else total
    lead = string_width(_count_label(total), "Cond-Bold", size)
    out: list[str] = []
    cur: list[str] = []
    avail = width - lead
    placed = 0
    for word in answers:
        trial = SEP.join([*cur, word]) + ","
        if cur and string_width(trial, face, size) > avail:
            if len(out) + 1 == lines:
                break
            out.append(SEP.join(cur) + ",")
            cur, avail = [], width
        cur.append(word)
        placed += 1
    if cur:
        out.append(SEP.join(cur))
    if placed < total:  # make room on the last line for the '+N more'
        last = out[-1].split(SEP) if out else []
        avail = width - (lead if len(out) <= 1 else 0)
        while last:
            more = _more_label(total - placed)
            if string_width(SEP.join(last) + " " + more, face, size) <= avail:
                break
            last.pop()
            placed -= 1
        if out:
            out[-1] = SEP.join(last)
    return out, placed


def layout_key(key: AnswerKey, paper: Paper) -> list[KeyEntry]:
    """Every card's printed answer lines for this paper."""
    g = key_geom(paper)
    entries = []
    for row in key.cards:
        lines, shown = fill_answers(row.printable, g.col_w, g.lines, total=len(row.answers))
        entries.append(KeyEntry(row, lines, shown))
    return entries


def empty_cards(key: AnswerKey) -> list[KeyCard]:
    """Cards with no valid answer at all under the key's variant."""
    return [k for k in key.cards if not k.answers]


ONLY_RARE = "only rare words fit"


def only_rare_text(row: KeyCard) -> str:
    """The key's line for a card whose every answer is outside the print vocabulary."""
    return f"{ONLY_RARE}: parlour chimera check settles a word"


def no_answer_text(row: KeyCard) -> str:
    return f"✗ No valid answer exists: whoever draws this card loses {row.card.penalty} life points, whatever they say."


def empty_note(count: int) -> str:
    """The key's warning when some cards have no valid answer under its variant."""
    many = "cards have" if count != 1 else "card has"
    return (
        f"✗ {count} {many} no valid answer under this variant: whoever draws one loses its points "
        "whatever they say. You may agree to take them out before play."
    )


def _draw_entry(c: Canvas, e: KeyEntry, x: float, top: float, g: KeyGeom, style: Style) -> None:
    row = e.row
    card = row.card
    base = top - KEY_HEAD_BASE
    x0 = x
    x += text_at(c, SUIT_GLYPHS[card.suit], x, base, "Sans", KEY_HEAD, suit_colour(card.suit, style))
    x += 2.5
    x += text_at(c, card.label, x, base, "Cond-Bold", KEY_HEAD, style.ink)
    if card.role in ROLE_TAGS:
        x += 4 + _tag(c, ROLE_TAGS[card.role], x + 4, base + 0.3, KEY_SMALL - 1, style)
    stats = f"{card.penalty} letters  ·  {row.min_letters}+ to answer  ·  wrong: −{card.penalty} life"
    if x + 8 + string_width(stats, "Cond", KEY_SMALL) > x0 + g.col_w:  # beside a tag on narrow paper
        stats = f"{card.penalty} letters · {row.min_letters}+ to answer · wrong: −{card.penalty}"
    text_at(c, stats, x0 + g.col_w, base, "Cond", KEY_SMALL, style.muted, "right")
    y = top - KEY_FIRST
    if not row.answers:
        draw_text(
            c,
            no_answer_text(row),
            x0,
            y - KEY_PITCH - KEY_ANSWERS * 0.25,
            g.col_w,
            KEY_PITCH + KEY_ANSWERS * 1.2,
            TextStyle("Cond-Bold", KEY_ANSWERS, 6, KEY_PITCH / KEY_ANSWERS, "left", "top", style.accent),
            f"key entry {card.label}",
        )
        return
    if row.only_rare:
        lx = x0 + text_at(c, _count_label(len(row.answers)), x0, y, "Cond-Bold", KEY_ANSWERS, style.ink)
        text_at(c, only_rare_text(row), lx, y, "Cond", KEY_ANSWERS, style.muted)
        return
    for i, line in enumerate(e.lines):
        lx = x0
        if i == 0:
            lx += text_at(c, _count_label(len(row.answers)), lx, y, "Cond-Bold", KEY_ANSWERS, style.ink)
        lx += text_at(c, line, lx, y, "Cond", KEY_ANSWERS, style.ink)
        if i == len(e.lines) - 1 and e.more:
            text_at(c, " " + _more_label(e.more), lx, y, "Cond", KEY_ANSWERS, style.muted)
        y -= KEY_PITCH


KEY_HOWTO = (
    "Each card: how many letters it has (a wrong answer costs that many life points) and the fewest an "
    "answer may use; then how many valid answers the broad dictionary holds, and the everyday ones, "
    "most common first (rare words are counted, not shown). A word not shown may still be valid: "
    "parlour chimera check FACE SUIT WORD settles it."
)


def _key_header(c: Canvas, key: AnswerKey, info: PageInfo) -> None:
    s = info.style
    v = key.variant
    y = _title(c, info.paper, f"{GAME} · referee's key", f"variant: {v.name} — {v.label}", s)
    w = info.paper.width
    small = TextStyle("Sans", 7.2, 5.5, 1.22, align="left", valign="top", color=s.ink)
    draw_text(c, KEY_HOWTO, MARGIN, y - 20, w - 2 * MARGIN, 18, small, "key instructions")
    empties = empty_cards(key)
    if empties:
        note = small.but(face="Cond-Bold", size=7.5, color=s.accent)
        draw_text(c, empty_note(len(empties)), MARGIN, y - 30, w - 2 * MARGIN, 9.5, note, "key note")


def _draw_key_page(
    c: Canvas, info: PageInfo, key: AnswerKey, entries: list[KeyEntry], suits: tuple[str, ...]
) -> None:
    s = info.style
    g = key_geom(info.paper)
    _key_header(c, key, info)
    for col, suit in enumerate(suits):
        x = g.col_x(col)
        top = g.top
        head = top - 11
        text_at(c, SUIT_GLYPHS[suit], x, head, "Sans", 11, suit_colour(suit, s))
        text_at(c, SUIT_NAMES[suit], x + 12, head, "Serif-Bold", 10.5, s.accent)
        note = "the ace is the Chimera" if suit == "spade" else "the ace is a key"
        text_at(c, note, x + g.col_w, head, "Sans", 7, s.muted, "right")
        _hline(c, x, x + g.col_w, top - SUIT_HEAD_H + 1.5, s.accent, 0.6)
        y = top - SUIT_HEAD_H
        mine = [e for e in entries if e.row.card.suit == suit]
        for i, e in enumerate(mine):
            _draw_entry(c, e, x, y, g, s)
            y -= g.entry_h
            if i < len(mine) - 1:
                _hline(c, x, x + g.col_w, y + KEY_SEP, s.rule, 0.3)


def key_pages(key: AnswerKey, paper: Paper) -> list[Page]:
    """Two pages: spades and hearts, then diamonds and clubs, in deck order down each column."""
    entries = layout_key(key, paper)
    pages = []
    for n, suits in enumerate((DECK_SUITS[:2], DECK_SUITS[2:]), start=1):

        def draw(c: Canvas, info: PageInfo, suits: tuple[str, ...] = suits) -> None:
            _draw_key_page(c, info, key, entries, suits)

        names = " and ".join(SUIT_NAMES[x] for x in suits)
        pages.append(
            Page(draw, f"{GAME}: referee's key ({key.variant.name}), {n} of 2", bookmark=f"Key: {names}")
        )
    return pages


def key_model(key: AnswerKey, paper: Paper) -> dict[str, Any]:
    """The key as JSON: every answer per card, plus how many of them the printed page shows."""
    data = key.to_json()
    for card, e in zip(data["cards"], layout_key(key, paper), strict=True):
        card["shown"] = e.shown
    data["no_answer"] = [list(k.card.words) for k in empty_cards(key)]
    return data


# --- the scoring pad --------------------------------------------------------------------------

PAD_ROW = 13.0  # a writing row
PAD_LABEL = 7.0
PAD_HEADER_H = 58.0
REMINDER_H = 80.0


def _label(c: Canvas, text: str, x: float, y: float, style: Style, note: str = "") -> None:
    """A small heading for a part of the sheet (baseline y), with an optional quiet note after it."""
    x += text_at(c, text, x, y, "Sans-Bold", 8, style.accent)
    if note:
        text_at(c, note, x + 6, y, "Sans", 7, style.muted)


def min_letters_table(v: Variant) -> list[tuple[int, int]]:
    """(letters on the card, fewest letters in an answer) for every card length in the deck."""
    from generator.games.chimera import deck

    sizes = sorted({c.penalty for c in deck()})
    return [(n, v.min_letters(n)) for n in sizes]


@dataclass(frozen=True)
class PadGeom:
    """How the pad's parts stack on a page of this paper."""

    paper: Paper
    life_top: float
    log_top: float
    log_rows: int
    reminder_top: float

    @property
    def answer_slots(self) -> int:
        return 2 * self.log_rows


def pad_geom(pad: Pad, paper: Paper) -> PadGeom:
    """Header, life table, turn log + answers, rules reminder: from the top margin down."""
    h = paper.height
    life_top = h - MARGIN - PAD_HEADER_H
    life_h = 12 + 22 + 10 + PAD_ROW * (pad.deduction_rows + 1) + 20
    log_top = life_top - life_h - 10
    reminder_top = MARGIN + REMINDER_H
    log_rows = int((log_top - 12 - PAD_ROW - reminder_top - 8) // PAD_ROW)
    return PadGeom(paper, life_top, log_top, log_rows, reminder_top)


def _pad_header(c: Canvas, pad: Pad, info: PageInfo) -> None:
    s = info.style
    paper = info.paper
    w = paper.width
    y = _title(c, paper, f"{GAME} · scoring pad", "Game no. ______    Date ______________", s)
    v = pad.variant
    # right: letters on the card -> fewest letters in an answer, for this variant
    table = min_letters_table(v)
    cw, lw = 17.0, 58.0
    tx = w - MARGIN - cw * len(table) - lw
    ty = y - 8
    text_at(c, "letters on card", tx, ty - 8.5, "Cond", 7, s.muted)
    text_at(c, "answer needs", tx, ty - 20.5, "Cond", 7, s.muted)
    for i, (n, need) in enumerate(table):
        cx = tx + lw + cw * (i + 0.5)
        text_at(c, str(n), cx, ty - 8.5, "Cond", 7.5, s.ink, "centre")
        text_at(c, f"{need}+", cx, ty - 20.5, "Cond-Bold", 7.5, s.ink, "centre")
    c.setStrokeColorRGB(*s.rule)
    c.setLineWidth(0.4)
    c.rect(tx + lw - 2, ty - 24, cw * len(table) + 2, 24, stroke=1, fill=0)
    c.line(tx + lw - 2, ty - 12, tx + lw + cw * len(table), ty - 12)
    # left: the variant in force and the scoring in a sentence
    y -= 13
    x = MARGIN
    x += text_at(c, "Variant in force: ", x, y, "Sans-Bold", 9, s.ink)
    text_at(c, v.name, x, y, "Sans-Bold", 9, s.accent)
    rule = v.label[0].upper() + v.label[1:]
    draw_text(
        c,
        f"An answer uses {v.label} on the card, as the table shows. Everyone starts with "
        f"{pad.life_points} life points; a wrong answer costs one point per letter on the card.",
        MARGIN,
        y - 25,
        tx - MARGIN - 8,
        21,
        TextStyle("Sans", 7.5, 6, 1.25, align="left", valign="top", color=s.ink),
        f"pad header ({rule})",
    )


def _life_table(c: Canvas, pad: Pad, top: float, info: PageInfo) -> None:
    s = info.style
    w = info.paper.width
    _label(
        c,
        "Life points and keys",
        MARGIN,
        top - 9,
        s,
        "write the points lost, then what is left; tick a key while you hold it",
    )
    y = top - 12
    n = pad.players
    col_w = (w - 2 * MARGIN) / n
    rows = pad.deduction_rows
    name_h, sub_h, keys_h = 22.0, 10.0, 20.0
    bottom = y - name_h - sub_h - PAD_ROW * (rows + 1) - keys_h
    lost_w = min(col_w * 0.4, 40.0)
    for p, label in enumerate(pad.player_labels):
        x = MARGIN + p * col_w
        inner = x + 4, x + col_w - 4
        # name
        text_at(c, label, inner[0], y - 8, "Sans", 6.5, s.muted)
        _hline(c, inner[0], inner[1], y - name_h + 3, s.ink, 0.5)
        # column heads
        yy = y - name_h
        lx = x + lost_w
        text_at(c, "lost", x + lost_w / 2, yy - 7.5, "Cond", 6.5, s.muted, "centre")
        text_at(c, "left", (lx + x + col_w) / 2, yy - 7.5, "Cond", 6.5, s.muted, "centre")
        yy -= sub_h
        # the start row: 50
        _hline(c, x, x + col_w, yy, s.ink, 0.6)
        text_at(c, "start", x + lost_w / 2, yy - PAD_ROW + 3.5, "Cond", 6.5, s.muted, "centre")
        text_at(
            c, str(pad.life_points), (lx + x + col_w) / 2, yy - PAD_ROW + 3.2, "Sans-Bold", 9, s.ink, "centre"
        )
        for _ in range(rows):
            yy -= PAD_ROW
            _hline(c, x, x + col_w, yy, s.rule, 0.4)
            text_at(c, "−", x + 4, yy - PAD_ROW + 3.5, "Sans", 7, s.muted)
        yy -= PAD_ROW
        _hline(c, x, x + col_w, yy, s.ink, 0.6)
        _vline(c, lx, y - name_h - sub_h, yy, s.rule, 0.4)
        # keys
        kx = inner[0]
        ky = yy - 14
        text_at(c, "keys", kx, ky + 1.5, "Cond", 6.5, s.muted)
        kx += 18
        step = (inner[1] - kx) / 3
        for i, suit in enumerate(("heart", "club", "diamond")):
            gx = kx + i * step
            text_at(c, SUIT_GLYPHS[suit], gx, ky + 1.5, "Sans", 9, suit_colour(suit, s))
            _tick_box(c, gx + 10, ky, 8, s)
    for p in range(n + 1):
        x = MARGIN + p * col_w
        _vline(c, x, y, bottom, s.ink if p in (0, n) else s.rule, 0.6 if p in (0, n) else 0.5)
    _hline(c, MARGIN, w - MARGIN, y, s.ink, 0.6)
    _hline(c, MARGIN, w - MARGIN, bottom, s.ink, 0.6)


LOG_WIDTHS = (0.07, 0.17, 0.22, 0.30, 0.12, 0.12)  # of the log's width, one per turn column


def _turn_log(c: Canvas, pad: Pad, g: PadGeom, info: PageInfo) -> None:
    s = info.style
    w = info.paper.width
    log_w = (w - 2 * MARGIN) * 0.66
    top = g.log_top
    _label(c, "Turn log", MARGIN, top - 9, s, "one row per turn; carry on with a fresh sheet")
    y = top - 12
    xs = [MARGIN]
    for f in LOG_WIDTHS:
        xs.append(xs[-1] + f * log_w)
    for name, x0, x1 in zip(pad.turn_columns, xs, xs[1:], strict=False):
        text_at(c, name, (x0 + x1) / 2, y - PAD_ROW + 4, "Cond-Bold", 7, s.ink, "centre")
    head_bottom = y - PAD_ROW
    _hline(c, MARGIN, xs[-1], y, s.ink, 0.6)
    _hline(c, MARGIN, xs[-1], head_bottom, s.ink, 0.6)
    yy = head_bottom
    for r in range(g.log_rows):
        base = yy - PAD_ROW + 3.8
        text_at(c, str(r + 1), (xs[0] + xs[1]) / 2, base, "Cond", 6.5, s.muted, "centre")
        text_at(c, "✓   ✗", (xs[4] + xs[5]) / 2, base, "Sans", 6.5, s.rule, "centre")
        yy -= PAD_ROW
        _hline(
            c,
            MARGIN,
            xs[-1],
            yy,
            s.ink if r == g.log_rows - 1 else s.rule,
            0.6 if r == g.log_rows - 1 else 0.4,
        )
    for i, x in enumerate(xs):
        edge = i in (0, len(xs) - 1)
        _vline(c, x, y, yy, s.ink if edge else s.rule, 0.6 if edge else 0.4)


def _answers_list(c: Canvas, pad: Pad, g: PadGeom, info: PageInfo) -> None:
    s = info.style
    w = info.paper.width
    x0 = MARGIN + (w - 2 * MARGIN) * 0.66 + 4 * mm
    x1 = w - MARGIN
    top = g.log_top
    _label(c, "Answers given", x0, top - 9, s)
    text_at(c, "no word may come back", x1, top - 9, "Sans", 7, s.muted, "right")
    y = top - 12 - PAD_ROW
    _hline(c, x0, x1, y, s.ink, 0.6)
    half = (x1 - x0) / 2
    rows = g.log_rows
    for col in range(2):
        cx = x0 + col * half
        for r in range(rows):
            n = col * rows + r + 1
            base = y - (r + 1) * PAD_ROW + 3.8
            text_at(c, f"{n}.", cx + 12, base, "Cond", 6.5, s.muted, "right")
            _hline(c, cx + 15, cx + half - 4, base - 1.8, s.rule, 0.4)


REMINDER_SIZES = (7.2, 5.5)  # the rules reminder: largest and smallest size tried
BULLET_INDENT = 8.0


def _bullet_fit(items: tuple[str, ...] | list[str], w: float, h: float) -> tuple[float, list[list[str]]]:
    """The largest size at which every item, wrapped beside its bullet, fits the column (w x h)."""
    size = REMINDER_SIZES[0]
    while size >= REMINDER_SIZES[1] - 1e-9:
        wrapped = [wrap(t, "Sans", size, w - BULLET_INDENT) for t in items]
        if all(x is not None for x in wrapped):
            lines = sum(len(x) for x in wrapped if x is not None)
            pitch = size * 1.22
            if lines * pitch + (len(items) - 1) * size * 0.3 <= h:
                return size, [x for x in wrapped if x is not None]
        size = round(size - 0.25, 4)
    raise TextFitError(f"pad rules reminder does not fit its {w / mm:.0f}x{h / mm:.0f} mm box; shorten it")


def _reminder_columns(pad: Pad, paper: Paper) -> tuple[list[tuple[str, ...]], float, float, float]:
    """The reminder split into two columns, the column width and height, and the common size."""
    w = paper.width
    col_w = (w - 2 * MARGIN - 6 * mm) / 2
    h = pad_geom(pad, paper).reminder_top - 14 - MARGIN
    items = pad.reminder
    half = (len(items) + 1) // 2
    cols = [items[:half], items[half:]]
    size = min(_bullet_fit(col, col_w, h)[0] for col in cols)
    return cols, col_w, h, size


def _reminder(c: Canvas, pad: Pad, g: PadGeom, info: PageInfo) -> None:
    s = info.style
    w = info.paper.width
    top = g.reminder_top
    _hline(c, MARGIN, w - MARGIN, top, s.accent, 0.6)
    _label(c, "The rules in brief", MARGIN, top - 10, s)
    cols, col_w, _, size = _reminder_columns(pad, info.paper)
    pitch = size * 1.22
    for col, items in enumerate(cols):
        x = MARGIN + col * (col_w + 6 * mm)
        y = top - 16 - size * 0.8
        for item in items:
            lines = wrap(item, "Sans", size, col_w - BULLET_INDENT) or [item]
            text_at(c, "•", x + 1, y, "Sans", size, s.accent)
            for line in lines:
                text_at(c, line, x + BULLET_INDENT, y, "Sans", size, s.ink)
                y -= pitch
            y -= size * 0.3


def pad_pages(pad: Pad, sheets: int) -> list[Page]:
    """`sheets` identical pad sheets, one a page."""

    def draw(c: Canvas, info: PageInfo) -> None:
        g = pad_geom(pad, info.paper)
        _pad_header(c, pad, info)
        _life_table(c, pad, g.life_top, info)
        _turn_log(c, pad, g, info)
        _answers_list(c, pad, g, info)
        _reminder(c, pad, g, info)

    label = f"{GAME}: scoring pad, {pad.players} players, {pad.variant.name}"
    return [Page(draw, label, bookmark="Scoring pad" if i == 0 else None) for i in range(sheets)]


def pad_model(pad: Pad, sheets: int, paper: Paper) -> dict[str, Any]:
    """The pad as JSON, with the rows the printed sheet gives to the turn log and the answers."""
    g = pad_geom(pad, paper)
    data = pad.to_json()
    data["sheets"] = sheets
    data["turn_rows"] = g.log_rows
    data["answer_slots"] = g.answer_slots
    data["min_letters"] = [{"letters": n, "min_letters": m} for n, m in min_letters_table(pad.variant)]
    return data
