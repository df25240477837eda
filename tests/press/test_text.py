from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import ParlourError
from generator.press.fonts import FALLBACK, has_glyph, runs, string_width
from generator.press.text import TextFitError, TextStyle, block_height, fit, wrap

SYMBOLS = "☑☒♠♥♦♣❂◐♛⚜✓✗"


def test_sans_has_every_game_symbol():
    missing = [ch for ch in SYMBOLS if not has_glyph("Sans", ch)]
    assert missing == []


def test_serif_falls_back_to_sans_for_symbols_it_lacks():
    lacking = [ch for ch in "☑☒❂♛⚜" if not has_glyph("Serif", ch)]
    assert lacking, "DejaVu Serif is expected to lack some symbols, so fallback is exercised"
    chunks = runs("Keys ☑ and ⚜", "Serif")
    assert ("Serif", "Keys ") in chunks
    assert all(face == FALLBACK for face, text in chunks if any(c in text for c in lacking))


def test_text_shrinks_to_fit_then_stops():
    style = TextStyle("Sans", 24, 6)
    size, lines = fit("I am older than the hills around me", 100, 40, style)
    assert 6 <= size < 24
    assert all(string_width(ln, "Sans", size) <= 100 for ln in lines)
    assert block_height(len(lines), size, style) <= 40


def test_text_that_cannot_fit_is_a_clear_error():
    from reportlab.pdfgen.canvas import Canvas

    from generator.press.text import draw_text

    c = Canvas("/dev/null")
    with pytest.raises(TextFitError) as e:
        draw_text(c, "supercalifragilistic " * 20, 0, 0, 60, 20, TextStyle("Sans", 12, 8), "riddle card 7")
    assert isinstance(e.value, ParlourError)
    msg = str(e.value)
    assert "riddle card 7" in msg and "\n" not in msg and "shorten" in msg


@settings(max_examples=60, deadline=None)
@given(
    words=st.lists(st.text(alphabet="abcdefghij", min_size=1, max_size=9), min_size=1, max_size=30),
    width=st.floats(60, 300),
    height=st.floats(20, 300),
)
def test_fitted_text_never_leaves_its_box(words, width, height):
    style = TextStyle("Sans", 18, 5)
    got = fit(" ".join(words), width, height, style)
    if got is None:
        return
    size, lines = got
    assert " ".join(" ".join(lines).split()) == " ".join(words)
    assert all(string_width(ln, "Sans", size) <= width + 1e-6 for ln in lines)
    assert block_height(len(lines), size, style) <= height + 1e-6


def test_wrap_refuses_a_word_wider_than_the_box():
    assert wrap("antidisestablishmentarianism", "Sans", 20, 50) is None
