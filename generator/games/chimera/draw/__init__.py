"""How Chimera's Lair looks on paper: the referee's key (two suits a page) and the scoring pad."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from generator.games.chimera.model import DECK_SUITS, AnswerKey, KeyCard, Pad, Variant
from generator.press import parts
from generator.press.document import Page, PageInfo
from generator.press.fonts import string_width
from generator.press.paper import MARGIN, Paper, mm
from generator.press.style import DEFAULT, RGB, Style
from generator.press.text import block_height, draw_text

GAME = "Chimera's Lair"
SUIT_GLYPHS: dict[str, str] = {"spade": "♠", "heart": "♥", "diamond": "♦", "club": "♣"}
SUIT_NAMES: dict[str, str] = {"spade": "Spades", "heart": "Hearts", "diamond": "Diamonds", "club": "Clubs"}
ROLE_TAGS: dict[str, str] = {"key": "KEY", "chimera": "THE CHIMERA"}

# --- small drawing helpers --------------------------------------------------------------------


def suit_colour(suit: str, style: Style) -> RGB:
    """The style's red for hearts and diamonds (ink when saving ink), ink for spades and clubs."""
    return style.red_suit if suit in ("heart", "diamond") else style.ink


def _tick_box(c: Canvas, x: float, y: float, side: float, style: Style) -> None:
    """An empty square to tick, bottom-left at (x, y)."""
    c.saveState()
    c.setStrokeColorRGB(*style.ink)
    c.setLineWidth(0.6)
    c.rect(x, y, side, side, stroke=1, fill=0)
    c.restoreState()


# --- the referee's key ------------------------------------------------------------------------

KEY_HOWTO = (
    "Each card: how many letters it has (a wrong answer costs that many life points) and the fewest an "
    "answer may use; then how many good answers a big dictionary allows, and the everyday ones, "
    "most common first (rare words are counted, not shown, unless no everyday word fits). A word not "
    "shown may still be valid: the dictionary settles it."
)
RARE_MARK = "*"
RARE_LEGEND = f"{RARE_MARK} a rarer word: no everyday word fits this card"
KEY_SEP = 1.2  # the rule between entries sits this far above the next entry's top
SUIT_HEAD_H = 15.0
COL_GAP = 6 * mm
SEP = ", "


def key_header(key: AnswerKey, style: Style, paper: Paper | None = None) -> parts.Header:
    """The key page's header: title, the variant, and how to read an entry (two lines, or four on
    a page as narrow as A5)."""
    v = key.variant
    t = style.text_style("caption")
    narrow = paper is not None and paper.width - 2 * MARGIN < NARROW
    return parts.Header(
        f"{GAME}: referee's key",
        ("Answers use", v.label),
        KEY_HOWTO,
        block_height(4 if narrow else 3, t.size, t),
        "caption",
    )


NARROW = 170 * mm  # a page whose text width is under this (A5) gives the header's how-to more lines


def key_notes(key: AnswerKey) -> list[str]:
    """The lines above the columns: the warning about cards with no answer, and the legend of the
    rare-word mark (each only when some card needs it)."""
    notes = []
    empties = empty_cards(key)
    if empties:
        notes.append(empty_note(len(empties)))
    if any(not k.printable and k.marked for k in key.cards):
        notes.append(RARE_LEGEND)
    return notes


def _note_h(key: AnswerKey, style: Style) -> float:
    """Room for the notes above the columns (none when no card needs one)."""
    t = style.text_style("key_head")
    n = len(key_notes(key))
    return block_height(n, t.size, t) + 1.0 if n else 0.0


@dataclass(frozen=True)
class KeyGeom:
    """Where the key's two columns sit on a page of this paper, and how tall each card entry is."""

    paper: Paper
    col_w: float
    top: float  # top of the columns (below the page header)
    entry_h: float
    lines: int  # answer lines per entry
    head: float  # the card name's size
    answer: float  # the answers' size
    pitch: float  # answer line pitch

    def col_x(self, col: int) -> float:
        return MARGIN + col * (self.col_w + COL_GAP)

    @property
    def head_base(self) -> float:
        """From an entry's top down to the card name's baseline."""
        return self.head + 1.0

    @property
    def first(self) -> float:
        """From an entry's top down to the first answer line's baseline."""
        return self.head_base + 2.0 + self.pitch


def key_columns(paper: Paper) -> int:
    """Suits side by side on a key page: two, or one on a page as narrow as A5."""
    return 1 if paper.width - 2 * MARGIN < NARROW else 2


def key_geom(paper: Paper, key: AnswerKey, style: Style = DEFAULT) -> KeyGeom:
    """Two columns (one suit each; one column on A5) of 13 entries filling the page under the header."""
    w, h = paper.size
    cols = key_columns(paper)
    col_w = (w - 2 * MARGIN - (cols - 1) * COL_GAP) / cols
    top = h - MARGIN - key_header(key, style, paper).height - _note_h(key, style)
    entry_h = (top - MARGIN - SUIT_HEAD_H) / 13
    head = style.text("key_entry").size
    ans = style.text("key_answer")
    pitch = ans.size * ans.leading
    # the last answer line's descenders must clear the rule below the entry by a point
    room = entry_h - KEY_SEP - 1.0 - ans.size * 0.25 - (head + 3.0 + pitch)
    lines = 1 + int(room // pitch)
    return KeyGeom(paper, col_w, top, entry_h, lines, head, ans.size, pitch)


@dataclass(frozen=True)
class KeyEntry:
    """One card as printed in the key: the answer lines and how many answers did not fit."""

    row: KeyCard
    lines: list[str]
    shown: int

    @property
    def more(self) -> int:
        return len(self.row.answers) - self.shown

    @property
    def words(self) -> list[str]:
        """The answers this entry prints (a marked rare one included, without its mark)."""
        return self.row.shown[: self.shown]


def _count_label(n: int) -> str:
    return f"{n} answer{'s' if n != 1 else ''}: "


def _more_label(n: int) -> str:
    return f"… +{n} more"


def fill_answers(
    answers: list[str], width: float, lines: int, total: int | None = None, style: Style = DEFAULT
) -> tuple[list[str], int]:
    """Set answers (common first) into at most `lines` lines of `width`, the first line led by the
    count of all `total` answers (rare ones, never shown, included); when some are not shown, the
    last line ends with '… +N more'. Returns (lines, shown)."""
    face, size = style.font("key_answer")
    total = len(answers) if total is None else total
    lead = string_width(_count_label(total), *style.font("key_count"))
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


def layout_key(key: AnswerKey, paper: Paper, style: Style = DEFAULT) -> list[KeyEntry]:
    """Every card's printed answer lines for this paper."""
    g = key_geom(paper, key, style)
    entries = []
    for row in key.cards:
        words = row.printable or [w + RARE_MARK for w in row.marked]
        lines, shown = fill_answers(words, g.col_w, g.lines, len(row.answers), style)
        entries.append(KeyEntry(row, lines, shown))
    return entries


def empty_cards(key: AnswerKey) -> list[KeyCard]:
    """Cards with no valid answer at all under the key's variant."""
    return [k for k in key.cards if not k.answers]


ONLY_RARE = "only rare words fit"


def only_rare_text(row: KeyCard) -> str:
    """The key's line for a card whose every answer is outside the print vocabulary."""
    return f"{ONLY_RARE}: look one up in a big dictionary"


def no_answer_text(row: KeyCard) -> str:
    return f"✗ No valid answer exists: whoever draws this card loses {row.card.penalty} life points, whatever they say."


def empty_note(count: int) -> str:
    """The key's warning when some cards have no valid answer under its variant."""
    many = "cards have" if count != 1 else "card has"
    return f"✗ {count} {many} no valid answer under this variant (marked ✗ below): you may agree to take them out before play."


def _entry_head(c: Canvas, e: KeyEntry, x: float, base: float, g: KeyGeom, style: Style) -> None:
    """The card's suit and name, its role tag, and its numbers at the right."""
    card = e.row.card
    x0 = x
    x += parts.say(
        c, style, "key_entry", SUIT_GLYPHS[card.suit], x, base, colour=suit_colour(card.suit, style)
    )
    x += 2.5
    x += parts.say(c, style, "key_entry", card.label, x, base)
    if card.role in ROLE_TAGS:
        tag = ROLE_TAGS[card.role]
        x += 4 + parts.label_patch(
            c, style, tag, x + 4, base + 0.3, colour=style.accent, align="left", outline="accent"
        )
    stats = f"{card.penalty} letters  ·  {e.row.min_letters}+ to answer  ·  wrong: −{card.penalty} life"
    if x + 8 + string_width(stats, *style.font("label")) > x0 + g.col_w:  # beside a tag on narrow paper
        stats = f"{card.penalty} letters · {e.row.min_letters}+ · wrong: −{card.penalty} life"
    parts.say(c, style, "label", stats, x0 + g.col_w, base, align="right")


def _draw_entry(c: Canvas, e: KeyEntry, x0: float, top: float, g: KeyGeom, style: Style) -> None:
    row = e.row
    _entry_head(c, e, x0, top - g.head_base, g, style)
    y = top - g.first
    if not row.answers:
        draw_text(
            c,
            no_answer_text(row),
            x0,
            y - g.pitch - g.answer * 0.25,
            g.col_w,
            g.pitch + g.answer * 1.2,
            style.text_style(
                "key_head", size=g.answer, align="left", valign="top", leading=g.pitch / g.answer
            ),
            f"key entry {row.card.label}",
        )
        return
    count = _count_label(len(row.answers))
    if row.only_rare and not e.lines:
        lx = x0 + parts.say(c, style, "key_count", count, x0, y)
        parts.say(c, style, "key_answer", only_rare_text(row), lx, y, colour=style.muted)
        return
    for i, line in enumerate(e.lines):
        lx = x0
        if i == 0:
            lx += parts.say(c, style, "key_count", count, lx, y)
        lx += parts.say(c, style, "key_answer", line, lx, y)
        if i == len(e.lines) - 1 and e.more:
            parts.say(c, style, "key_answer", " " + _more_label(e.more), lx, y, colour=style.muted)
        y -= g.pitch


def _suit_head(c: Canvas, suit: str, x0: float, top: float, g: KeyGeom, s: Style) -> None:
    """A column's suit: its glyph and name, which ace is special, and a rule under them."""
    head = top - 11
    x = x0 + 2 + parts.say(c, s, "heading", SUIT_GLYPHS[suit], x0, head, colour=suit_colour(suit, s))
    parts.say(c, s, "heading", SUIT_NAMES[suit], x, head)
    note = "the ace is the Chimera" if suit == "spade" else "the ace is a key"
    parts.say(c, s, "caption", note, x0 + g.col_w, head, align="right")
    parts.hline(c, x0, x0 + g.col_w, top - SUIT_HEAD_H + 1.5, s.accent, 0.6)


def _draw_key_page(
    c: Canvas, info: PageInfo, key: AnswerKey, entries: list[KeyEntry], suits: tuple[str, ...]
) -> None:
    s = info.style
    g = key_geom(info.paper, key, s)
    y = parts.sheet_header(c, info.paper, s, key_header(key, s, info.paper), what="key")
    notes = key_notes(key)
    if notes:
        note = s.text_style("key_head", align="left", valign="top")
        draw_text(
            c,
            "\n".join(notes),
            MARGIN,
            g.top,
            info.paper.width - 2 * MARGIN,
            y - g.top,
            note,
            "key note",
        )
    for col, suit in enumerate(suits):
        x = g.col_x(col)
        _suit_head(c, suit, x, g.top, g, s)
        y = g.top - SUIT_HEAD_H
        mine = [e for e in entries if e.row.card.suit == suit]
        for i, e in enumerate(mine):
            _draw_entry(c, e, x, y, g, s)
            y -= g.entry_h
            if i < len(mine) - 1:
                parts.hline(c, x, x + g.col_w, y + KEY_SEP, s.rule, 0.3)


def key_pages(key: AnswerKey, paper: Paper) -> list[Page]:
    """Two pages: spades and hearts, then diamonds and clubs, in deck order down each column (on
    A5 four pages, a suit to each)."""
    pages = []
    laid: dict[tuple[Paper, Style], list[KeyEntry]] = {}  # both pages show one layout: made once

    def entries(info: PageInfo) -> list[KeyEntry]:
        at = (info.paper, info.style)
        if at not in laid:
            laid[at] = layout_key(key, info.paper, info.style)
        return laid[at]

    cols = key_columns(paper)
    groups = [DECK_SUITS[i : i + cols] for i in range(0, len(DECK_SUITS), cols)]
    for n, suits in enumerate(groups, start=1):

        def draw(c: Canvas, info: PageInfo, suits: tuple[str, ...] = suits) -> None:
            _draw_key_page(c, info, key, entries(info), suits)

        names = " and ".join(SUIT_NAMES[x] for x in suits)
        rule = (
            "" if key.variant.name == "half" else f", {needs(key.variant)}"
        )  # the standard rule goes unsaid
        pages.append(
            Page(draw, f"{GAME}: referee's key{rule}, {n} of {len(groups)}", bookmark=f"Key: {names}")
        )
    return pages


def key_model(key: AnswerKey, paper: Paper, style: Style = DEFAULT) -> dict[str, Any]:
    """The key as JSON: every answer per card, plus how many of them the printed page shows."""
    data = key.to_json()
    for card, e in zip(data["cards"], layout_key(key, paper, style), strict=True):
        card["shown"] = e.shown
    data["no_answer"] = [list(k.card.words) for k in empty_cards(key)]
    return data


# --- the scoring pad --------------------------------------------------------------------------

PAD_ROW = 13.0  # a writing row
MIN_ROW = 12.0  # a row of the letters table in the pad's header
REMINDER_H = 122.0  # the rules in brief at 8 pt or more
REMINDER_H_NARROW = 190.0  # on A5 the reminder's columns are narrow: it takes more of the page
LIFE_HEADS = (22.0, 10.0, 20.0)  # the player's name, the column heads, the keys to tick


def pad_header(pad: Pad) -> parts.Header:
    return parts.Header(f"{GAME}: scoring pad", ("Game no. ______    Date ______________",))


def needs(v: Variant) -> str:
    """How a family says a variant's share of the letters: half, over half, two thirds..."""
    return v.name.replace("-", " ")


def min_letters_table(v: Variant) -> list[tuple[int, int]]:
    """(letters on the card, fewest letters in an answer) for every card length in the deck."""
    from generator.games.chimera.model import deck

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
    answers_top: float = 0.0  # on A5 the answers list runs under the turn log, the page's width...
    answer_rows: int = 0  # ...with this many rows in each of its two columns (else beside it, as tall)

    @property
    def narrow(self) -> bool:
        return self.answer_rows > 0

    @property
    def answer_slots(self) -> int:
        return 2 * (self.answer_rows or self.log_rows)


def pad_geom(pad: Pad, paper: Paper) -> PadGeom:
    """Header, life table, turn log + answers, rules reminder: from the top margin down."""
    h = paper.height
    life_top = h - MARGIN - pad_header(pad).height - 2 * MIN_ROW - 9
    if pad_note_below(paper):
        life_top -= PAD_NOTE_H
    life_h = 12 + sum(LIFE_HEADS) + PAD_ROW * (pad.deduction_rows + 1)
    log_top = life_top - life_h - 10
    reminder_top = MARGIN + (REMINDER_H_NARROW if pad_note_below(paper) else REMINDER_H)
    rows = int((log_top - 12 - PAD_ROW - reminder_top - 8) // PAD_ROW)
    if not pad_note_below(paper):
        return PadGeom(paper, life_top, log_top, rows, reminder_top)
    # A5: a second page, the turn log its width from the top, the answers list under it, the reminder
    log_top = h - MARGIN
    rows = int((log_top - 12 - PAD_ROW - reminder_top - 8) // PAD_ROW)
    log_rows = max(1, (rows - 2) // 2)
    answers_top = log_top - 12 - PAD_ROW * (log_rows + 1) - 4
    answer_rows = max(1, int((answers_top - 12 - PAD_ROW - reminder_top - 8) // PAD_ROW))
    return PadGeom(paper, life_top, log_top, log_rows, reminder_top, answers_top, answer_rows)


def _part_label(c: Canvas, text: str, x: float, y: float, style: Style, note: str = "") -> None:
    """A small heading for a part of the sheet (baseline y), with an optional quiet note after it."""
    x += parts.say(c, style, "heading", text, x, y)
    if note:
        parts.say(c, style, "caption", note, x + 6, y)


def _pad_header(c: Canvas, pad: Pad, info: PageInfo) -> None:
    s = info.style
    w = info.paper.width
    y = parts.sheet_header(c, info.paper, s, pad_header(pad), what="pad")
    v = pad.variant
    # right: letters on the card -> fewest letters in an answer, for this variant
    table = min_letters_table(v)
    label_w = string_width("letters on card", *s.font("label")) + 6
    widths = [label_w] + [17.0] * len(table)
    tx = w - MARGIN - sum(widths)
    rows = [["letters on card"] + [str(n) for n, _ in table], ["answer needs"] + [f"{m}+" for _, m in table]]
    parts.ruled_table(
        c,
        s,
        tx,
        y + 2,
        widths,
        MIN_ROW,
        rows,
        head_rows=0,
        head_cols=1,
        frame="rule",
        grid="rule",
        role="key",
        head_role="label",
        what="pad letters table",
    )
    # left: the variant in force and the scoring in a sentence
    base = y - 6
    x = MARGIN + parts.say(c, s, "strong", "Letters an answer needs: ", MARGIN, base)
    parts.say(c, s, "strong", needs(v), x, base, colour=s.accent)
    rule = v.label[0].upper() + v.label[1:]
    below = pad_note_below(info.paper)  # on A5 the sentence runs the page's width under the table
    draw_text(
        c,
        f"An answer uses {v.label} on the card, as the table shows. Everyone starts with "
        f"{pad.life_points} life points; a wrong answer costs one point per letter on the card.",
        MARGIN,
        y - 2 * MIN_ROW - 2 - (PAD_NOTE_H if below else 0),
        (w - 2 * MARGIN) if below else tx - MARGIN - 8,
        PAD_NOTE_H if below else 2 * MIN_ROW - 8,
        s.text_style("small", align="left", valign="top"),
        f"pad header ({rule})",
    )


PAD_NOTE_H = 20.0  # the scoring sentence's box when it runs under the table (two lines of small text)


def pad_note_below(paper: Paper) -> bool:
    """True on a page too narrow (A5) for the scoring sentence beside the letters table."""
    return paper.width - 2 * MARGIN < NARROW


def _life_column(c: Canvas, pad: Pad, x: float, y: float, col_w: float, label: str, s: Style) -> float:
    """One player's column of the life table from its top y; returns the foot of its rows."""
    name_h, sub_h, _ = LIFE_HEADS
    lost_w = min(col_w * 0.4, 40.0)
    inner = x + 4, x + col_w - 4
    lx = x + lost_w
    left_mid = (lx + x + col_w) / 2
    parts.say(c, s, "caption", label, inner[0], y - 8)
    parts.hline(c, inner[0], inner[1], y - name_h + 3, s.ink, 0.5)
    yy = y - name_h
    parts.say(c, s, "label", "lost", x + lost_w / 2, yy - 7.5, align="centre")
    parts.say(c, s, "label", "left", left_mid, yy - 7.5, align="centre")
    yy -= sub_h
    parts.hline(c, x, x + col_w, yy, s.ink, 0.6)
    parts.say(c, s, "label", "start", x + lost_w / 2, yy - PAD_ROW + 3.5, align="centre")
    parts.say(c, s, "strong", str(pad.life_points), left_mid, yy - PAD_ROW + 3.2, align="centre")
    for _ in range(pad.deduction_rows):
        yy -= PAD_ROW
        parts.hline(c, x, x + col_w, yy, s.rule, 0.4)
        parts.say(c, s, "caption", "−", x + 4, yy - PAD_ROW + 3.5)
    yy -= PAD_ROW
    parts.hline(c, x, x + col_w, yy, s.ink, 0.6)
    parts.vline(c, lx, y - name_h - sub_h, yy, s.rule, 0.4)
    # the keys a player may hold
    kx, ky = inner[0], yy - 14
    if inner[1] - kx >= string_width("keys", *s.font("label")) + 4 + 3 * KEY_STEP:  # (not on A5)
        kx += 4 + parts.say(c, s, "label", "keys", kx, ky + 1.5)
    step = (inner[1] - kx) / 3
    for i, suit in enumerate(("heart", "club", "diamond")):
        gx = kx + i * step
        parts.say(c, s, "body", SUIT_GLYPHS[suit], gx, ky + 1.5, colour=suit_colour(suit, s))
        if step >= KEY_STEP:
            _tick_box(c, gx + 10, ky, 8, s)
        else:  # a narrow column (A5): a smaller box close to its glyph
            _tick_box(c, gx + 7.5, ky + 1, 6, s)
    return yy


KEY_STEP = 20.0  # a key's glyph and tick box


def _life_table(c: Canvas, pad: Pad, top: float, info: PageInfo) -> None:
    s = info.style
    w = info.paper.width
    note = "write the points lost, then what is left; tick a key while you hold it"
    _part_label(c, "Life points and keys", MARGIN, top - 9, s, note)
    y = top - 12
    n = pad.players
    col_w = (w - 2 * MARGIN) / n
    for p, label in enumerate(pad.player_labels):
        foot = _life_column(c, pad, MARGIN + p * col_w, y, col_w, label, s)
    bottom = foot - LIFE_HEADS[2]
    for p in range(n + 1):
        edge = p in (0, n)
        parts.vline(c, MARGIN + p * col_w, y, bottom, s.ink if edge else s.rule, 0.6 if edge else 0.5)
    parts.hline(c, MARGIN, w - MARGIN, y, s.ink, 0.6)
    parts.hline(c, MARGIN, w - MARGIN, bottom, s.ink, 0.6)


LOG_WIDTHS = (0.07, 0.17, 0.22, 0.30, 0.12, 0.12)  # of the log's width, one per turn column


def _turn_log(c: Canvas, pad: Pad, g: PadGeom, info: PageInfo) -> None:
    s = info.style
    log_w = (info.paper.width - 2 * MARGIN) * (1.0 if g.narrow else 0.66)
    _part_label(c, "Turn log", MARGIN, g.log_top - 9, s, "one row per turn; carry on with a fresh sheet")
    rows = [list(pad.turn_columns)] + [[str(r + 1), "", "", "", "✓   ✗", ""] for r in range(g.log_rows)]
    parts.ruled_table(
        c,
        s,
        MARGIN,
        g.log_top - 12,
        [f * log_w for f in LOG_WIDTHS],
        PAD_ROW,
        rows,
        frame="ink",
        grid="rule",
        role="label",
        head_role="table_head",
        what="turn log",
    )


def _answers_list(c: Canvas, pad: Pad, g: PadGeom, info: PageInfo) -> None:
    s = info.style
    w = info.paper.width
    x0 = MARGIN if g.narrow else MARGIN + (w - 2 * MARGIN) * 0.66 + 4 * mm
    x1 = w - MARGIN
    top = g.answers_top if g.narrow else g.log_top
    _part_label(c, "Answers given", x0, top - 9, s)
    y = top - 12 - PAD_ROW
    parts.say(c, s, "caption", "no word may come back", x0, y + 4)
    parts.hline(c, x0, x1, y, s.ink, 0.6)
    half = (x1 - x0) / 2
    rows = g.answer_rows or g.log_rows
    for col in range(2):
        cx = x0 + col * half
        for r in range(rows):
            base = y - (r + 1) * PAD_ROW + 3.8
            parts.say(c, s, "label", f"{col * rows + r + 1}.", cx + 12, base, align="right")
            parts.hline(c, cx + 15, cx + half - 4, base - 1.8, s.rule, 0.4)


def _reminder_columns(pad: Pad, paper: Paper, style: Style) -> tuple[list[parts.BulletFit], float]:
    """The reminder in two columns fitted at one size (the smaller the two need), and the column width."""
    col_w = (paper.width - 2 * MARGIN - 6 * mm) / 2
    h = pad_geom(pad, paper).reminder_top - 14 - MARGIN
    items = pad.reminder
    half = (len(items) + 1) // 2
    cols = [items[:half], items[half:]]
    body = style.text_style("small", size=8.5, min_size=8.0)
    what = "pad rules reminder"
    size = min(parts.fit_bullets_or_fail(col, col_w, h, body, what, 0.3).size for col in cols)
    common = body.but(size=size, min_size=size)
    return [parts.fit_bullets_or_fail(col, col_w, h, common, what, 0.3) for col in cols], col_w


def _reminder(c: Canvas, pad: Pad, g: PadGeom, info: PageInfo) -> None:
    s = info.style
    top = g.reminder_top
    parts.hline(c, MARGIN, info.paper.width - MARGIN, top, s.accent, 0.6)
    _part_label(c, "The rules in brief", MARGIN, top - 10, s)
    fits, col_w = _reminder_columns(pad, info.paper, s)
    for col, fit in enumerate(fits):
        parts.draw_bullets(c, fit, MARGIN + col * (col_w + 6 * mm), top - 14, col_w, s.accent)


def pad_pages(pad: Pad, sheets: int, paper: Paper | None = None) -> list[Page]:
    """`sheets` identical pad sheets, one a page; on A5 each sheet takes two pages (the header and
    life points, then the turn log, the answers and the reminder)."""

    def draw(c: Canvas, info: PageInfo) -> None:
        g = pad_geom(pad, info.paper)
        _pad_header(c, pad, info)
        _life_table(c, pad, g.life_top, info)
        if not g.narrow:
            _turn_log(c, pad, g, info)
            _answers_list(c, pad, g, info)
            _reminder(c, pad, g, info)

    def draw_log(c: Canvas, info: PageInfo) -> None:
        g = pad_geom(pad, info.paper)
        _turn_log(c, pad, g, info)
        _answers_list(c, pad, g, info)
        _reminder(c, pad, g, info)

    who = "1 player" if pad.players == 1 else f"{pad.players} players"
    label = f"{GAME}: scoring pad for {who}"
    pages = []
    for i in range(sheets):
        pages.append(Page(draw, label, bookmark="Scoring pad" if i == 0 else None))
        if paper is not None and pad_note_below(paper):
            pages.append(Page(draw_log, f"{label}, turns and answers"))
    return pages


def pad_model(pad: Pad, sheets: int, paper: Paper) -> dict[str, Any]:
    """The pad as JSON, with the rows the printed sheet gives to the turn log and the answers."""
    g = pad_geom(pad, paper)
    data = pad.to_json()
    data["sheets"] = sheets
    data["turn_rows"] = g.log_rows
    data["answer_slots"] = g.answer_slots
    data["min_letters"] = [{"letters": n, "min_letters": m} for n, m in min_letters_table(pad.variant)]
    return data
