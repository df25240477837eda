"""Tests for generator.press.canvas: PressCanvas writes, call for call, the bytes reportlab's own
Canvas writes (the oracle), on its short paths, on the paths it hands back, and for whole documents."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas

from generator.press import canvas as press_canvas
from generator.press.canvas import PressCanvas
from generator.press.fonts import FACES, register_fonts

#: characters parlour prints: letters, punctuation, PDF string escapes, symbols only some faces
#: carry (sent to a fallback by text.runs; drawn here as they are), a no-break space
CHARS = "abcXYZ 019.,;:!?'\"()\\%&·…•−✓✗☑☒♠♥♦♣❂◐♛⚜éßñ\u00a0"

Op = tuple[str, tuple]


def _pdf(cls: type[Canvas], ops: list[Op]) -> bytes:
    """Play `ops` on a fresh canvas of class `cls` and return the PDF's bytes."""
    register_fonts()
    out = io.BytesIO()
    c = cls(out, pagesize=(300, 300), invariant=1, pageCompression=0, initialFontName="Sans")
    for name, args in ops:
        if name == "page":
            c.showPage()
        elif name == "font":
            c.setFont(*args)
        elif name == "save":
            c.saveState()
        elif name == "restore":
            c.restoreState()
        else:
            getattr(c, name)(*args)
    c.save()
    return out.getvalue()


def _same(ops: list[Op]) -> bytes:
    plain = _pdf(Canvas, ops)
    assert _pdf(PressCanvas, ops) == plain
    return plain


text = st.text(alphabet=CHARS, max_size=24)
coord = st.floats(min_value=-50, max_value=350, allow_nan=False).map(lambda v: round(v, 3))
size = st.sampled_from([6, 6.5, 7.25, 8.0, 9, 11.0, 25.949656750572082])
colour = st.tuples(*[st.sampled_from([0, 0.0, 0.25, 0.333, 1, 1.0, 0.7])] * 3)
op = st.one_of(
    st.tuples(
        st.sampled_from(["drawString", "drawRightString", "drawCentredString"]), st.tuples(coord, coord, text)
    ),
    st.tuples(st.just("font"), st.tuples(st.sampled_from(sorted(FACES)), size)),
    st.tuples(st.sampled_from(["setFillColorRGB", "setStrokeColorRGB"]), colour),
    st.tuples(st.sampled_from(["save", "restore", "page"]), st.just(())),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(op, max_size=40))
def test_any_sequence_of_text_and_colour_calls_writes_reportlabs_bytes(ops: list[Op]) -> None:
    depth, kept = 0, []
    for o in ops:  # restores only after saves, and none pending at a page's end
        if o[0] == "restore":
            if not depth:
                continue
            depth -= 1
        elif o[0] == "save":
            depth += 1
        elif o[0] == "page":
            kept += [("restore", ())] * depth
            depth = 0
        kept.append(o)
    _same(kept + [("restore", ())] * depth)


def test_repeated_texts_and_colours_reuse_their_runs_and_stay_the_same() -> None:
    ops: list[Op] = []
    for i in range(30):
        ops += [
            ("font", ("Serif", 8.5)),
            ("setFillColorRGB", (0.2, 0.2, 0.2)),
            ("drawString", (10 + i, 20, "What am I?")),
            ("font", ("Cond", 7.25)),
            ("drawCentredString", (100, 20 + i, "the ✓ ✗ …")),
            ("drawRightString", (290, 20 + i, "page 3 of 86")),
        ]
        if i % 10 == 9:
            ops.append(("page", ()))
    pdf = _same(ops)
    assert pdf.count(b" Tj T* ET") == 90


def test_a_full_store_starts_afresh_with_the_same_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(press_canvas, "RUNS_KEPT", 3)
    ops: list[Op] = [("drawString", (10, 10 + i % 7, f"line {i % 5}")) for i in range(40)]
    _same(ops)


@pytest.mark.parametrize(
    "call",
    [
        ("drawString", (10, 10, "mode"), {"mode": 1}),
        ("drawString", (10, 10, "spaced out"), {"charSpace": 0.5}),
        ("drawRightString", (200, 10, "word spaced"), {"wordSpace": 1.5}),
        ("drawCentredString", (100, 10, "filled"), {"mode": 2}),
        ("setFillColorRGB", (0.1, 0.2, 0.3), {"alpha": 0.5}),
        ("setStrokeColorRGB", (0.1, 0.2, 0.3), {"alpha": 0.5}),
    ],
)
def test_calls_off_the_short_path_go_to_reportlab(call: tuple[str, tuple, dict]) -> None:
    name, args, kwargs = call
    outs = []
    for cls in (Canvas, PressCanvas):
        register_fonts()
        out = io.BytesIO()
        c = cls(out, pagesize=(300, 300), invariant=1, pageCompression=0, initialFontName="Sans")
        c.drawString(5, 5, "before")
        getattr(c, name)(*args, **kwargs)
        c.drawString(5, 5, "before")
        c.save()
        outs.append(out.getvalue())
    assert outs[0] == outs[1]


def test_a_built_in_face_goes_to_reportlab() -> None:
    _same(
        [
            ("font", ("Helvetica", 9)),
            ("drawString", (10, 10, "Helvetica (built in)")),
            ("drawCentredString", (99, 9, "x")),
        ]
    )


@pytest.mark.parametrize("args", [["fighting-words", "deck"], ["riddle-craft", "deck"], ["chimera", "key"]])
def test_documents_drawn_on_press_canvas_are_those_of_reportlabs_canvas(
    run, tmp_path, monkeypatch, args
) -> None:
    res = run(*args, "-o", "press.pdf")
    assert res.exit_code == 0, res.output
    monkeypatch.setattr(press_canvas, "PressCanvas", Canvas)  # what Document._render picks up
    res = run(*args, "-o", "plain.pdf")
    assert res.exit_code == 0, res.output
    assert (tmp_path / "press.pdf").read_bytes() == (tmp_path / "plain.pdf").read_bytes()
