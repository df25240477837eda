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


# ---------------------------------------------------------------------------------------------
# The fitting done once per word and per text gives what the plain loops give (the oracle: wrap
# and fit as first written, measuring every word at every size with fonts.string_width).


def _plain_wrap(text: str, face: str, size: float, width: float) -> list[str] | None:
    space = string_width(" ", face, size)
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split()
        if not words:
            lines.append("")
            continue
        if max(string_width(w, face, size) for w in words) > width + 1e-9:
            return None
        line, line_w = words[0], string_width(words[0], face, size)
        for word in words[1:]:
            trial_w = line_w + space + string_width(word, face, size)
            if trial_w <= width + 1e-9:
                line, line_w = f"{line} {word}", trial_w
            else:
                lines.append(line)
                line, line_w = word, string_width(word, face, size)
        lines.append(line)
    return lines


def _plain_fit(text: str, width: float, height: float, style: TextStyle) -> tuple[float, list[str]] | None:
    size = style.size
    while size >= style.min_size - 1e-9:
        lines = _plain_wrap(text, style.face, size, width)
        if lines is not None and block_height(len(lines), size, style) <= height + 1e-6:
            return size, lines
        size = round(size - 0.25, 4)
    return None


PROSE = st.lists(
    st.sampled_from(
        ["a", "the", "What", "am", "I?", "older", "than", "hills", "☑", "⚜", "—", "\n", "…", "ÉTÉ"]
    ),
    max_size=30,
).map(" ".join)


@settings(max_examples=200, deadline=None)
@given(
    PROSE,
    st.sampled_from(["Sans", "Serif", "Cond-Bold"]),
    st.sampled_from([6.0, 7.25, 8.5, 11.0, 25.949656750572082]),
    st.floats(min_value=5, max_value=300),
)
def test_wrap_breaks_as_the_plain_loop_does(text, face, size, width):
    assert wrap(text, face, size, width) == _plain_wrap(text, face, size, width)


@settings(max_examples=200, deadline=None)
@given(
    PROSE,
    st.sampled_from(["Sans", "Serif-Bold", "Cond"]),
    st.floats(min_value=5, max_value=300),
    st.floats(min_value=5, max_value=200),
    st.sampled_from([(12.0, 6.0), (9.5, 9.5), (24.0, 6.5)]),
)
def test_fit_answers_as_the_plain_loop_does_and_again_the_same(text, face, width, height, sizes):
    style = TextStyle(face, sizes[0], sizes[1])
    first = fit(text, width, height, style)
    assert first == _plain_fit(text, width, height, style)
    if first is not None:
        first[1].append("changed by the caller")  # a caller's list is its own
    assert fit(text, width, height, style) == _plain_fit(text, width, height, style)


def test_wrap_breaks_as_the_plain_loop_does_at_the_very_edge():
    """Widths within a few units in the last place of a line's measured width: where a sum done in
    another order would break the line elsewhere."""
    import math

    checked = 0
    for face in ("Sans", "Serif", "Cond"):
        for size in (6.25, 7.25, 8.5, 9.75, 11.0, 13.3, 25.949656750572082):
            for a, b in (("What", "am"), ("older", "hills"), ("the", "Chamber"), ("jewel", "ladder")):
                edge = (
                    string_width(a, face, size) + string_width(" ", face, size) + string_width(b, face, size)
                )
                width = edge - 1e-9
                for _ in range(6):
                    width = math.nextafter(width, 0)
                for _ in range(12):
                    assert wrap(f"{a} {b}", face, size, width) == _plain_wrap(f"{a} {b}", face, size, width)
                    width = math.nextafter(width, math.inf)
                    checked += 1
    assert checked == 3 * 7 * 4 * 12


def test_fit_line_shrinks_a_word_in_steps_and_never_breaks_it():
    from generator.press.text import STEP, TextStyle, fit_line, string_width

    style = TextStyle("Sans", 12.0, 6.0)
    wide = string_width("Backspace", "Sans", 12.0)
    assert fit_line("Backspace", wide + 1, style) == 12.0
    got = fit_line("Backspace", wide * 0.8, style)
    assert got is not None and got < 12.0 and string_width("Backspace", "Sans", got) <= wide * 0.8 + 1e-6
    assert string_width("Backspace", "Sans", got + STEP) > wide * 0.8  # the largest step that fits
    assert fit_line("Backspace", wide * 0.3, style) is None  # under the floor: say so, never break


def test_draw_first_fitting_says_less_rather_than_print_under_the_floor():
    import io

    from reportlab.pdfgen.canvas import Canvas

    from generator.press.text import TextStyle, draw_first_fitting

    c = Canvas(io.BytesIO())
    style = TextStyle("Sans", 8.0, 7.0)
    long = "Add it, with one card from your hand, to any clue already played. Either side counts."
    assert draw_first_fitting(c, (long, "Add it.", ""), (0, 0, 60, 12), style) == 8.0  # the short one
    assert draw_first_fitting(c, (long, ""), (0, 0, 20, 5), style) == 0.0  # nothing at all
