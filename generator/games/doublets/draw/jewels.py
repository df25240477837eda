"""Doublets Jewels on paper: the twelve Jewels with room to work, and the key with its marks."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from generator.games.doublets.draw import GAME, content_box, draw_cells, draw_header, long_date
from generator.games.doublets.jewels import JEWEL_LENGTHS, JewelChain, Jewels
from generator.press.document import Page, PageInfo
from generator.press.paper import mm
from generator.press.parts import hline, vline
from generator.press.style import Style
from generator.press.text import block_height, draw_lines, draw_text, fit

JEWELS_RULES = (
    "Jewels: between Doublets, join these words into chains, or close a chain of three or more "
    "into a Necklace. Each Jewel may be used once."
)
JEWELS_SCORING = (
    "A link word may serve in several chains, but never twice in the same chain. At the end of the "
    "game: a Jewel at either end of a chain scores its letters, a set Jewel (chain on both sides, or "
    "anywhere in a Necklace) scores double, and each link costs one. Work that breaks a rule: "
    "withdraw the faulty part and score what is left."
)
JEWEL_CELL = 7.5 * mm
LABEL_W = 24 * mm  # the "3 letters" column
SCORING_H = 14 * mm
WORK_PITCH = 7.5 * mm  # between the ruled lines to write chains on
INDENT = 9 * mm  # a key entry's text stands this far in from its number


def _picker(jewels: Jewels) -> dict[str, int]:
    return {w: p + 1 for p, pick in enumerate(jewels.picks) for w in pick}


def _when(jewels: Jewels) -> str:
    return long_date(jewels.date) if jewels.date else f"No. {jewels.seed}"


def jewels_page(jewels: Jewels, label: str = f"{GAME} Jewels") -> Page:
    """The twelve Jewels by length, who chose each, and room to work."""

    def draw(c: Canvas, info: PageInfo) -> None:
        style = info.style
        x, bottom, width, top = content_box(info.paper)
        who = "two players" if jewels.players == 2 else f"a round game for {jewels.players} players"
        draw_header(
            c, info.paper, style, f"{GAME}: Jewels", _when(jewels), f"Twelve Jewels · {who}", JEWELS_RULES
        )
        y = _draw_jewel_rows(c, jewels, x, width, top - 1 * mm, style) - 1 * mm
        body = style.text_style("body", align="left", valign="middle")
        draw_text(c, JEWELS_SCORING, x, y - SCORING_H, width, SCORING_H, body, "Jewels scoring")
        _working_lines(c, x, bottom, width, y - SCORING_H - 3 * mm, style)

    return Page(draw, label, bookmark=None)


def _draw_jewel_rows(c: Canvas, jewels: Jewels, x: float, width: float, top: float, style: Style) -> float:
    """A row of cells per word length; with two players, each player's half under their name,
    otherwise each Jewel over who chose it. Returns the foot of the rows."""
    picker = _picker(jewels)
    groups = jewels.by_length()
    two = jewels.players == 2
    x0 = x + LABEL_W
    slot = (width - LABEL_W) / 4
    cell = min(JEWEL_CELL, (slot - 8 * mm) / max(JEWEL_LENGTHS))
    row_h = cell + (4 * mm if two else 8 * mm)
    y = top
    if two:  # the two players' halves, as the rules deal them
        style.set_font(c, "heading")
        for p in range(2):
            c.drawString(x0 + 2 * p * slot, y - 4 * mm, f"Player {p + 1}'s Jewels")
        y -= 7 * mm
    for n in JEWEL_LENGTHS:
        words = list(groups[n])
        if two:
            words.sort(key=lambda w: (picker.get(w, 99), jewels.words.index(w)))
        size = style.set_font(c, "strong").size
        c.drawString(x, y - cell / 2 - 0.35 * size, f"{n} letters")
        for k, w in enumerate(words):
            wx = x0 + k * slot
            draw_cells(c, wx, y - cell, cell, w, n, style, end=True)
            if not two:
                style.set_font(c, "caption")
                c.drawString(wx, y - cell - 3.5 * mm, f"player {picker[w]}")
        if two:
            vline(c, x0 + 2 * slot - 4 * mm, y + 1 * mm, y - cell - 1 * mm, style.rule, 0.5)
        y -= row_h
    return y


def _working_lines(c: Canvas, x: float, bottom: float, width: float, top: float, style: Style) -> None:
    """Light ruled lines, in three columns headed by word length, to write chains on."""
    col_gap = 6 * mm
    col_w = (width - 2 * col_gap) / 3
    for k, n in enumerate(JEWEL_LENGTHS):
        cx = x + k * (col_w + col_gap)
        style.set_font(c, "table_head", colour=style.muted)
        c.drawString(cx, top - 4 * mm, f"Chains of {n}-letter words")
        y = top - 11 * mm
        while y >= bottom:
            hline(c, cx, cx + col_w, y, style.rule, 0.4)
            y -= WORK_PITCH


def score_sum(chain_items: Sequence[tuple[str, int]]) -> str:
    """'HEAD 4 (end) + TEAL 8 (set) + TAIL 4 (end) − 3 (3 links) = 13'."""
    parts: list[str] = []
    total = 0
    for label, marks in chain_items:
        total += marks
        if label.endswith("(end)") or label.endswith("(set)"):
            word, kind = label.rsplit(" ", 1)
            parts.append(f"{'+ ' if parts else ''}{word.upper()} {marks} {kind}")
        else:
            parts.append(f"− {-marks} ({label})")
    return " ".join(parts) + f" = {total}"


def jewels_key_page(jewels: Jewels, label: str = f"{GAME} Jewels key") -> Page:
    """A best-scoring set of chains and Necklaces, each with its marks worked out, and the total."""

    def draw(c: Canvas, info: PageInfo) -> None:
        style = info.style
        x, bottom, width, top = content_box(info.paper)
        key = jewels.key
        draw_header(
            c,
            info.paper,
            style,
            f"{GAME}: Jewels key",
            _when(jewels),
            f"Best score {key.score} marks",
            "A best-scoring way to use these Jewels; others may score as much, none more.",
        )
        y = top - 2 * mm
        for n, ch in enumerate(key.chains, start=1):
            y = _draw_key_chain(c, n, ch, x, y, width, style)
            if y < bottom + 30 * mm:
                break
        _draw_key_total(c, jewels, x, bottom, width, y, style)

    return Page(draw, label)


def _draw_key_chain(
    c: Canvas, n: int, ch: JewelChain, x: float, y: float, width: float, style: Style
) -> float:
    """One chain or Necklace of the key: its heading, its words, its marks worked out. Returns
    the y under it."""
    kind = "Necklace" if ch.necklace else "Chain"
    words = [w.upper() if w in ch.jewels else w for w in ch.words]
    text = " → ".join(words) + (f" → back to {ch.words[0].upper()}" if ch.necklace else "")
    body = style.text_style("chain", align="left", valign="top")
    got = fit(text, width - INDENT, 1e6, body)
    assert got is not None
    th = block_height(len(got[1]), got[0], body)
    c.saveState()
    style.set_font(c, "subtitle")
    c.drawString(x, y - 4 * mm, f"{n}.")
    c.drawString(x + INDENT, y - 4 * mm, f"{kind} of {len(ch.words[0])}-letter words")
    style.set_font(c, "aside")
    c.drawRightString(x + width, y - 4 * mm, f"{ch.score} marks")
    c.restoreState()
    y -= 7 * mm
    draw_lines(c, got[1], x + INDENT, y - th, width - INDENT, th, got[0], body)
    y -= th + 2 * mm
    line = score_sum([(i.label, i.marks) for i in ch.items])
    sums = style.text_style("key", align="left", valign="top")
    draw_text(c, line, x + INDENT, y - 5 * mm, width - INDENT, 5 * mm, sums, "worked score")
    return y - 9 * mm


def _draw_key_total(
    c: Canvas, jewels: Jewels, x: float, bottom: float, width: float, y: float, style: Style
) -> None:
    """The rule, the total, the Jewels left out and why the total is the best."""
    key = jewels.key
    hline(c, x, x + width, y, style.rule, 0.6)
    total = " + ".join(str(ch.score) for ch in key.chains) + f" = {key.score}"
    c.saveState()
    style.set_font(c, "subtitle", colour=style.ink)
    c.drawString(x, y - 6 * mm, "Total")
    c.drawRightString(
        x + width, y - 6 * mm, f"{total} marks" if len(key.chains) > 1 else f"{key.score} marks"
    )
    c.restoreState()
    y -= 11 * mm
    if key.unused:
        left_out = (
            "Left out: "
            + ", ".join(w.upper() for w in key.unused)
            + " (joining them would cost more links than they score)."
        )
        body = style.text_style("body", align="left", valign="top")
        draw_text(c, left_out, x, y - 6 * mm, width, 6 * mm, body, "unused Jewels")
        y -= 8 * mm
    note = style.text_style("caption", align="left", valign="top")
    draw_text(
        c,
        jewels.optimality,
        x,
        max(bottom, y - 14 * mm),
        width,
        min(12 * mm, y - bottom),
        note,
        "optimality note",
    )
