"""The Sorcerer's Chamber cheat notes: the note set as large as its quarter page allows, four to a page."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from generator.games import sorcerer as sc
from generator.games.piecepack_pieces import SUIT_GLYPHS, glyph_centred, suit_colour
from generator.press.document import Page, PageInfo
from generator.press.fonts import string_width
from generator.press.paper import MARGIN, Paper, mm
from generator.press.style import Style
from generator.press.text import TextFitError, text_at

Box = tuple[float, float, float, float]

NOTE_SIZE = 7.5
NOTE_MIN = 6.5
NOTE_PAD = 3 * mm
NOTE_LEADING = 1.16


def notes_boxes(paper: Paper) -> list[Box]:
    """The four note boxes (x, y, w, h), 2 x 2, filling the page inside its margins."""
    w, h = paper.size
    bw, bh = (w - 2 * MARGIN) / 2, (h - 2 * MARGIN) / 2
    return [(MARGIN + i * bw, MARGIN + (1 - j) * bh, bw, bh) for j in range(2) for i in range(2)]


Word = tuple[str, str, str]  # (text, face, colour role)


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
                words.append((t + tail, "Cond-Bold", "ink"))
            if item.cost:
                cost = f"({item.cost}):".split()
                words.extend((t, "Cond", "accent") for t in cost)
            words.extend((t, "Cond", "ink") for t in item.text.split())
            blocks.append(("para", words))
    if notes.footer:
        blocks.append(("footer", notes.footer))
    return blocks


def _wrap_words(words: list[Word], size: float, width: float) -> list[list[Word]] | None:
    lines: list[list[Word]] = [[]]
    used = 0.0
    for word in words:
        ww = string_width(word[0], word[1], size)
        if ww > width:
            return None
        gap = string_width(" ", word[1], size) if lines[-1] else 0.0
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


def layout_note(notes: sc.Notes, width: float, height: float) -> NoteLayout:
    """Set the note at the largest size from NOTE_SIZE down to NOTE_MIN that fits; else TextFitError."""
    blocks = _note_blocks(notes)
    size = NOTE_SIZE
    while size >= NOTE_MIN - 1e-9:
        laid = _try_layout(blocks, size, width)
        if laid is not None and laid.height <= height:
            return laid
        size = round(size - 0.25, 2)
    raise TextFitError(
        f"cheat note {notes.title!r} does not fit its {width / mm:.0f}x{height / mm:.0f} mm box even at "
        f"{NOTE_MIN:g} pt; shorten templates/sorcerer_notes.toml"
    )


def _try_layout(blocks: list[tuple[str, Any]], size: float, width: float) -> NoteLayout | None:
    """Baselines (down from the top) for every line at `size`; None if a word is wider than the box."""
    pitch = size * NOTE_LEADING
    y = 0.0
    out: list[tuple[str, Any, float]] = []
    for kind, content in blocks:
        if kind == "title":
            y += size * 1.55 * 0.95  # the title's ascent
            out.append((kind, content, y))
            y += size * 0.3
        elif kind == "heading":
            y += size * 0.4 + size * 1.12 * NOTE_LEADING
            out.append((kind, content, y))
            y += size * 0.1
        elif kind == "para":
            lines = _wrap_words(content, size, width)
            if lines is None:
                return None
            for line in lines:
                y += pitch
                out.append(("line", line, y))
            y += size * 0.15
        elif kind == "footer":
            if string_width(content, "Cond-Bold", size * 1.05) > width:
                return None  # one line, never wider than the note
            y += size * 0.4 + size * 1.05 * NOTE_LEADING  # room kept for it at the foot of the note
            out.append((kind, content, y))
    y += size * 0.25  # descenders of the last line
    return NoteLayout(size, out, y)


def _draw_note(c: Canvas, box: Box, notes: sc.Notes, style: Style) -> float:
    x, y, w, h = box
    ix, iy, iw, ih = x + NOTE_PAD, y + NOTE_PAD, w - 2 * NOTE_PAD, h - 2 * NOTE_PAD
    laid = layout_note(notes, iw, ih)
    size = laid.size
    top = iy + ih
    colours = {"ink": style.ink, "accent": style.accent}
    for kind, content, off in laid.lines:
        base = top - off
        if kind == "title":
            text_at(c, content, ix, base, "Cond-Bold", size * 1.55, style.accent)
            gx = ix + iw
            for suit in reversed(sc.SUITS):
                gw = text_at(
                    c, SUIT_GLYPHS[suit], gx, base, "Sans", size * 1.35, suit_colour(suit, style), "right"
                )
                gx -= gw + size * 0.5
        elif kind == "heading":
            text_at(c, content.upper(), ix, base, "Cond-Bold", size * 1.12, style.accent)
            c.saveState()
            c.setStrokeColorRGB(*style.rule)
            c.setLineWidth(0.4)
            hw = string_width(content.upper(), "Cond-Bold", size * 1.12)
            c.line(ix + hw + 2, base + size * 0.35, ix + iw, base + size * 0.35)
            c.restoreState()
        elif kind == "line":
            lx = ix
            for word, face, role in content:
                lx += text_at(c, word, lx, base, face, size, colours[role])
                lx += string_width(" ", face, size)
        elif kind == "footer":
            # pinned to the foot of the note, whatever room is left above it
            text_at(c, content, ix + iw / 2, iy + size * 0.35, "Cond-Bold", size * 1.05, style.ink, "centre")
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
        glyph_centred(c, "✂", 0, 0, 9, style.muted)
        c.restoreState()


def notes_page(notes: sc.Notes) -> Page:
    """Four copies of the cheat note with cut lines."""

    def draw(c: Canvas, info: PageInfo) -> None:
        boxes = notes_boxes(info.paper)
        draw_cut_lines(c, boxes, info.style)
        for box in boxes:
            _draw_note(c, box, notes, info.style)

    return Page(
        draw,
        "Sorcerer's Chamber: cheat notes, 4 to a page",
        note="cut on the dashed lines",
        bookmark="Cheat notes",
    )


def notes_model(notes: sc.Notes, paper: Paper) -> dict[str, Any]:
    """The notes as JSON-ready data, with the size they are set at on this paper."""
    x, y, w, h = notes_boxes(paper)[0]
    laid = layout_note(notes, w - 2 * NOTE_PAD, h - 2 * NOTE_PAD)
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
