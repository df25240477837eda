"""The Sorcerer's Chamber cheat notes: the note set as large as its quarter page allows, four to a page."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from generator.games.piecepack.draw.pieces import SUIT_GLYPHS, glyph_centred, role_text, suit_colour
from generator.games.sorcerer import model as sc
from generator.press.document import Page, PageInfo
from generator.press.fonts import string_width
from generator.press.paper import MARGIN, Paper, mm
from generator.press.parts import hline
from generator.press.style import Style
from generator.press.text import TextFitError, text_at

Box = tuple[float, float, float, float]

NOTE_PAD = 2.5 * mm
NOTE_ROLE = "note"  # the note's text role: its size is the largest tried, its floor the least
BOLD_ROLE = "key_head"  # terms, headings, the title and the footer take this role's face


NOTE_MIN_W = 70 * mm  # a note narrower than this is set too small: an A5 page holds one note


def notes_boxes(paper: Paper) -> list[Box]:
    """The note boxes (x, y, w, h): four, 2 x 2, filling the page inside its margins, or on a page
    too narrow for two notes side by side (A5) one, filling it (a quarter of A5 is too small to read)."""
    w, h = paper.size
    n = 2 if (w - 2 * MARGIN) / 2 >= NOTE_MIN_W else 1
    bw, bh = (w - 2 * MARGIN) / n, (h - 2 * MARGIN) / n
    return [(MARGIN + i * bw, MARGIN + (n - 1 - j) * bh, bw, bh) for j in range(n) for i in range(n)]


Word = tuple[str, bool, str]  # (text, bold, colour role)


def _note_blocks(notes: sc.Notes) -> list[tuple[str, Any]]:
    """The note as a list of blocks: ("title", str), ("heading", str), ("para", [words]), ("footer", str)."""
    blocks: list[tuple[str, Any]] = [("title", notes.title)]
    for section in notes.sections:
        blocks.append(("heading", section.heading))
        for item in section.items:
            words: list[Word] = []
            term = item.term.split()
            for i, t in enumerate(term):
                tail = ":" if (i == len(term) - 1 and not item.cost) else ""
                words.append((t + tail, True, "ink"))
            if item.cost:
                cost = f"({item.cost}):".split()
                words.extend((t, False, "accent") for t in cost)
            words.extend((t, False, "ink") for t in item.text.split())
            blocks.append(("para", words))
    if notes.footer:
        blocks.append(("footer", notes.footer))
    return blocks


def _faces(style: Style) -> tuple[str, str]:
    """(plain face, bold face) of the note's text."""
    return style.font(NOTE_ROLE)[0], style.font(BOLD_ROLE)[0]


def _wrap_words(
    words: list[Word], size: float, width: float, faces: tuple[str, str]
) -> list[list[Word]] | None:
    lines: list[list[Word]] = [[]]
    used = 0.0
    for word in words:
        face = faces[word[1]]
        ww = string_width(word[0], face, size)
        if ww > width:
            return None
        gap = string_width(" ", face, size) if lines[-1] else 0.0
        if used + gap + ww > width and lines[-1]:
            lines.append([word])
            used = ww
        else:
            lines[-1].append(word)
            used += gap + ww
    return lines


@dataclass(frozen=True)
class NoteLayout:
    size: float
    lines: list[tuple[str, Any, float]]  # (kind, content, baseline offset from the top)
    height: float


@functools.lru_cache(maxsize=32)  # a page prints the same note four times, in four boxes of one size
def layout_note(notes: sc.Notes, width: float, height: float, style: Style) -> NoteLayout:
    """Set the note at the largest size, from the note role's size down to its floor, that fits the
    box; else TextFitError. (The answer is shared between callers: read it, do not change it.)"""
    role = style.text(NOTE_ROLE)
    blocks = _note_blocks(notes)
    size = role.size
    while size >= role.min_size - 1e-9:
        laid = _try_layout(blocks, size, width, role.leading, _faces(style))
        if laid is not None and laid.height <= height:
            return laid
        size = round(size - 0.25, 2)
    raise TextFitError(
        f"cheat note {notes.title!r} does not fit its {width / mm:.0f}x{height / mm:.0f} mm box even at "
        f"{role.min_size:g} pt; shorten templates/sorcerer_notes.toml"
    )


def _try_layout(
    blocks: list[tuple[str, Any]], size: float, width: float, leading: float, faces: tuple[str, str]
) -> NoteLayout | None:
    """Baselines (down from the top) for every line at `size`; None if a word is wider than the box."""
    pitch = size * leading
    y = 0.0
    out: list[tuple[str, Any, float]] = []
    for kind, content in blocks:
        if kind == "title":
            y += size * 1.55 * 0.95  # the title's ascent
            out.append((kind, content, y))
            y += size * 0.3
        elif kind == "heading":
            y += size * 0.4 + size * 1.12 * leading
            out.append((kind, content, y))
            y += size * 0.1
        elif kind == "para":
            lines = _wrap_words(content, size, width, faces)
            if lines is None:
                return None
            for line in lines:
                y += pitch
                out.append(("line", line, y))
            y += size * 0.15
        elif kind == "footer":
            if string_width(content, faces[1], size * 1.05) > width:
                return None  # one line, never wider than the note
            y += size * 0.4 + size * 1.05 * leading  # room kept for it at the foot of the note
            out.append((kind, content, y))
    y += size * 0.25  # descenders of the last line
    return NoteLayout(size, out, y)


def _draw_note(c: Canvas, box: Box, notes: sc.Notes, style: Style) -> float:
    x, y, w, h = box
    ix, iy, iw, ih = x + NOTE_PAD, y + NOTE_PAD, w - 2 * NOTE_PAD, h - 2 * NOTE_PAD
    laid = layout_note(notes, iw, ih, style)
    size = laid.size
    top = iy + ih
    faces = _faces(style)
    bold = faces[1]
    for kind, content, off in laid.lines:
        base = top - off
        if kind == "title":
            text_at(c, content, ix, base, bold, size * 1.55, style.accent)
            gx = ix + iw
            for suit in reversed(sc.SUITS):
                gw = role_text(
                    c,
                    style,
                    "body",
                    SUIT_GLYPHS[suit],
                    gx,
                    base,
                    size=size * 1.35,
                    colour=suit_colour(suit, style),
                    align="right",
                )
                gx -= gw + size * 0.5
        elif kind == "heading":
            text_at(c, content.upper(), ix, base, bold, size * 1.12, style.accent)
            hw = string_width(content.upper(), bold, size * 1.12)
            hline(c, ix + hw + 2, ix + iw, base + size * 0.35, style.rule)
        elif kind == "line":
            lx = ix
            for word, is_bold, colour in content:
                face = faces[is_bold]
                lx += text_at(c, word, lx, base, face, size, style.ink_of(colour))
                lx += string_width(" ", face, size)
        elif kind == "footer":
            # pinned to the foot of the note, whatever room is left above it
            text_at(c, content, ix + iw / 2, iy + size * 0.35, bold, size * 1.05, style.ink, "centre")
    return size


def draw_cut_lines(c: Canvas, boxes: list[Box], style: Style) -> None:
    """Dashed cut lines round and between the boxes, with scissors at the ends of the middle cuts."""
    xs = sorted({b[0] for b in boxes} | {b[0] + b[2] for b in boxes})
    ys = sorted({b[1] for b in boxes} | {b[1] + b[3] for b in boxes})
    c.saveState()
    c.setStrokeColorRGB(*style.rule)
    c.setLineWidth(0.5)
    c.setDash(3, 2)
    for x in xs:
        c.line(x, ys[0], x, ys[-1])
    for y in ys:
        c.line(xs[0], y, xs[-1], y)
    c.restoreState()
    ends = [(x, ys[-1] - 4 * mm, -90) for x in xs[1:-1]] + [(xs[0] + 4 * mm, y, 0) for y in ys[1:-1]]
    for x, y, angle in ends:
        c.saveState()
        c.translate(x, y)
        c.rotate(angle)
        c.setFillColorRGB(*style.paper)
        c.rect(-5, -4, 10, 8, stroke=0, fill=1)
        glyph_centred(c, "✂", 0, 0, style.text("body").size, style.muted)
        c.restoreState()


def notes_page(notes: sc.Notes, paper: Paper) -> Page:
    """Copies of the cheat note with cut lines, four to a page (one on A5)."""

    def draw(c: Canvas, info: PageInfo) -> None:
        boxes = notes_boxes(info.paper)
        draw_cut_lines(c, boxes, info.style)
        for box in boxes:
            _draw_note(c, box, notes, info.style)

    return Page(
        draw,
        "Sorcerer's Chamber: cheat notes, 4 to a page"
        if len(notes_boxes(paper)) == 4
        else "Sorcerer's Chamber: cheat note",
        note="cut on the dashed lines",
        bookmark="Cheat notes",
    )


def notes_model(notes: sc.Notes, paper: Paper, style: Style) -> dict[str, Any]:
    """The notes as JSON-ready data, with the size they are set at on this paper in this style."""
    x, y, w, h = notes_boxes(paper)[0]
    laid = layout_note(notes, w - 2 * NOTE_PAD, h - 2 * NOTE_PAD, style)
    return {
        "title": notes.title,
        "sections": [
            {
                "heading": s.heading,
                "items": [{"term": i.term, "cost": i.cost, "text": i.text} for i in s.items],
            }
            for s in notes.sections
        ],
        "footer": notes.footer,
        "per_page": 4,
        "size_pt": laid.size,
    }
