"""Tests for the Sorcerer cheat notes: four to a page at a readable size, clear errors when a note cannot fit."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from generator.errors import ParlourError
from generator.games.sorcerer import model as sc
from generator.games.sorcerer.draw import notes as notes_draw
from generator.press.fonts import string_width
from generator.press.paper import MARGIN, get_paper
from generator.press.style import get_style
from tests.sorcerer_pdf import GLYPHS, PAPERS, assert_no_missing_glyphs, assert_text_inside_margins, render

STYLE = get_style(False)
NOTE = STYLE.text("note")
BOLD = STYLE.font("key_head")[0]


@pytest.mark.parametrize("paper", PAPERS)
def test_notes_page_four_up_at_a_readable_size(tmp_path, paper):
    notes = sc.load_notes()
    boxes = notes_draw.notes_boxes(get_paper(paper))
    assert len(boxes) == 4
    x, y, w, h = boxes[0]
    laid = notes_draw.layout_note(notes, w - 2 * notes_draw.NOTE_PAD, h - 2 * notes_draw.NOTE_PAD, STYLE)
    assert laid.size >= 8.0  # issue 36: cheat notes at 8 pt or more (the note role's floor)
    pdf = render(tmp_path, [notes_draw.notes_page(notes, get_paper(paper))], paper)
    text = PdfReader(str(pdf)).pages[0].extract_text()
    for spell in ("Zap", "Shield", "Deflect", "Confuse", "Heal", "Warp", "Time"):
        assert text.count(spell) >= 4
    assert GLYPHS <= set(text)
    assert_no_missing_glyphs(pdf)
    assert_text_inside_margins(pdf, paper)


def test_note_boxes_tile_the_page_inside_its_margins():
    p = get_paper("letter")
    boxes = notes_draw.notes_boxes(p)
    area = sum(w * h for _, _, w, h in boxes)
    assert area == pytest.approx((p.width - 2 * MARGIN) * (p.height - 2 * MARGIN))
    xs = sorted({b[0] for b in boxes})
    assert xs == pytest.approx([MARGIN, p.width / 2])


def test_a_note_too_long_to_fit_is_a_clear_error():
    long = sc.Notes(
        "Crib", (sc.NoteSection("Spells", tuple(sc.NoteItem("Zap", "word " * 400) for _ in range(3))),)
    )
    with pytest.raises(ParlourError, match="cheat note 'Crib' does not fit .* 8 pt"):
        notes_draw.layout_note(long, 250, 340, STYLE)


def test_notes_never_shrink_below_the_floor():
    notes = sc.load_notes()
    for height in (330, 300, 280):
        try:
            laid = notes_draw.layout_note(notes, 250, height, STYLE)
        except ParlourError:
            continue
        assert laid.size >= NOTE.min_size


def test_a_footer_wider_than_the_note_shrinks_or_is_a_clear_error():
    section = sc.NoteSection("Spells", (sc.NoteItem("Zap", "one orb"),))
    footer = "Last sorcerer standing wins, " * 2
    full = string_width(footer, BOLD, NOTE.size * 1.05)
    laid = notes_draw.layout_note(sc.Notes("Crib", (section,), footer), full - 5, 340, STYLE)
    assert laid.size < NOTE.size  # shrunk until the one-line footer fits the width
    assert string_width(footer, BOLD, laid.size * 1.05) <= full - 5
    with pytest.raises(ParlourError, match="does not fit"):
        notes_draw.layout_note(
            sc.Notes("Crib", (section,), "Last sorcerer standing wins. " * 8), 250, 340, STYLE
        )


def test_a_kept_layout_is_the_layout_made_afresh():
    """layout_note keeps its answers (a page asks four times): each equals a fresh layout."""
    notes = sc.load_notes()
    for width, height in ((258, 350), (258, 350), (280, 370)):
        assert notes_draw.layout_note(notes, width, height, STYLE) == notes_draw.layout_note.__wrapped__(
            notes, width, height, STYLE
        )


def test_a5_takes_one_note_at_a_readable_size():
    boxes = notes_draw.notes_boxes(get_paper("a5"))
    assert len(boxes) == 1
    x, y, w, h = boxes[0]
    laid = notes_draw.layout_note(
        sc.load_notes(), w - 2 * notes_draw.NOTE_PAD, h - 2 * notes_draw.NOTE_PAD, STYLE
    )
    assert laid.size >= 7.0
