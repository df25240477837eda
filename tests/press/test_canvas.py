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
    st.tuples(st.just("line"), st.tuples(coord, coord, coord, coord)),
    st.tuples(st.just("translate"), st.tuples(coord, coord)),
    st.tuples(st.just("rotate"), st.tuples(st.sampled_from([0, 90, 180, 270, 33.3, -90]))),
    st.tuples(st.just("scale"), st.tuples(st.sampled_from([1, 0.5, 2.0]), st.sampled_from([1, -1, 0.75]))),
    st.tuples(
        st.just("rect"),
        st.tuples(coord, coord, coord, coord, st.sampled_from([0, 1]), st.sampled_from([0, 1])),
    ),
    st.tuples(st.just("setLineWidth"), st.tuples(st.sampled_from([0, 0.3, 0.45, 1, 1.0, 2.5, 1e-9]))),
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


@pytest.mark.parametrize(
    "args",
    [
        ["fighting-words", "deck"],
        ["riddle-craft", "deck"],
        ["chimera", "key"],
        ["pack", "--games", "doublets,sorcerer,calibration", "--ink-saver"],
        ["rules", "--paper", "a4"],
    ],
)
def test_documents_drawn_on_press_canvas_are_those_of_reportlabs_canvas(
    run, tmp_path, monkeypatch, args
) -> None:
    res = run(*args, "-o", "press.pdf")
    assert res.exit_code == 0, res.output
    monkeypatch.setattr(press_canvas, "PressCanvas", Canvas)  # what Document._render picks up
    res = run(*args, "-o", "plain.pdf")
    assert res.exit_code == 0, res.output
    assert (tmp_path / "press.pdf").read_bytes() == (tmp_path / "plain.pdf").read_bytes()


def test_texts_past_the_first_subset_are_split_as_reportlab_splits_them() -> None:
    """More than 256 characters in one face: codes run into a second subset, and texts mixing the
    two (or holding a no-break space, or a character the face lacks) split as reportlab splits them."""
    from generator.press.fonts import has_glyph

    chars = [chr(c) for c in range(0x21, 0x2000) if has_glyph("Serif", chr(c))][:400]
    lines = ["".join(chars[i : i + 20]) for i in range(0, len(chars), 20)]
    mixed = [chars[5] + chars[300] + chars[6], "a\u00a0b", "a ⚜ b", chars[390] * 3, ""]
    ops: list[Op] = [("font", ("Serif", 9))]
    for line in lines + mixed + lines + mixed:
        ops.append(("drawString", (10, 10, line)))
        ops.append(("drawCentredString", (150, 20, line)))
    pdf = _same(ops)
    assert b"+1 9 Tf" in pdf  # the second subset was used


# ---------------------------------------------------------------------------------------------
# replay: a recorded drawing written again is the drawing done again


def _card_bits(c: Canvas, i: int) -> None:
    """What a card repeats: a frame, a rule and a note, each state-neutral, some of them replayed."""
    from generator.press.card_parts import frame
    from generator.press.cards import CardBox
    from generator.press.parts import line
    from generator.press.text import TextStyle, draw_text

    box = CardBox(180.0, 252.0)
    c.saveState()
    c.translate(10 + (i % 3) * 190, 10 + (i // 3) * 260)
    frame(c, box, (0.1, 0.2, 0.5), 0.6, double=i % 2 == 0)
    line(c, 20, 30, 160, 30, (0.6, 0.6, 0.6), 0.45)
    draw_text(c, "What am I?", 10, 10, 160, 20, TextStyle("Serif", 8.5, color=(0.4, 0.4, 0.4)))
    draw_text(c, f"card {i} ✓", 10, 100, 160, 40, TextStyle("Cond-Bold", 14, align="left"))
    c.restoreState()


def test_replayed_drawings_write_what_drawing_again_writes() -> None:
    pdfs = []
    for cls in (Canvas, PressCanvas):
        register_fonts()
        out = io.BytesIO()
        c = cls(out, pagesize=(600, 800), invariant=1, pageCompression=0, initialFontName="Sans")
        for page in range(3):
            for i in range(9):
                _card_bits(c, i + page)
            c.showPage()
        c.save()
        pdfs.append(out.getvalue())
    assert pdfs[0] == pdfs[1]


def test_replay_records_once_and_writes_the_same_again() -> None:
    register_fonts()
    c = PressCanvas(io.BytesIO(), invariant=1, initialFontName="Sans")
    calls = []

    def draw() -> None:
        calls.append(1)
        c.saveState()
        c.setLineWidth(0.3)
        c.line(1, 2, 3, 4)
        c.restoreState()

    c.replay(("k",), draw)
    first = list(c._code)
    c.replay(("k",), draw)
    assert len(calls) == 1
    assert c._code == first + first[-len(first) :]


def test_a_drawing_that_begins_a_form_is_not_recorded() -> None:
    register_fonts()
    c = PressCanvas(io.BytesIO(), invariant=1, initialFontName="Sans")
    calls = []

    def draw() -> None:
        calls.append(1)
        c.beginForm(f"f{len(calls)}")
        c.line(0, 0, 1, 1)
        c.endForm()

    c.replay(("form",), draw)
    c.replay(("form",), draw)
    assert len(calls) == 2


def test_replay_keeps_a_bounded_store(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(press_canvas, "REPLAYS_KEPT", 4)
    pdfs = []
    for cls in (Canvas, PressCanvas):
        register_fonts()
        out = io.BytesIO()
        c = cls(out, pagesize=(600, 800), invariant=1, pageCompression=0, initialFontName="Sans")
        for i in range(30):
            _card_bits(c, i % 7)
        c.save()
        pdfs.append(out.getvalue())
        if cls is PressCanvas:
            assert len(c._replays) <= 4
    assert pdfs[0] == pdfs[1]


def test_replay_on_another_canvas_simply_draws() -> None:
    register_fonts()
    c = Canvas(io.BytesIO(), invariant=1, initialFontName="Sans")
    calls = []
    for _ in range(3):
        press_canvas.replay(c, ("k",), lambda: calls.append(1))
    assert len(calls) == 3


# ---------------------------------------------------------------------------------------------
# saveState / restoreState: the state kept as a tuple is the state reportlab keeps as a dict


def _state(c: Canvas) -> dict:
    return {k: getattr(c, k) for k in Canvas.STATE_ATTRIBUTES if k != "_extgstate"} | {
        "_extgstate": dict(c._extgstate._d)
    }


def test_restore_puts_back_every_attribute_reportlab_puts_back() -> None:
    register_fonts()
    for cls in (Canvas, PressCanvas):
        c = cls(io.BytesIO(), invariant=1, initialFontName="Sans")
        c.setFont("Serif", 9)
        before = _state(c)
        c.saveState()
        c.setFont("Cond-Bold", 13)
        c.setFillColorRGB(0.1, 0.2, 0.3)
        c.setStrokeColorRGB(0.3, 0.2, 0.1)
        c.setLineWidth(2.5)
        c.setDash(3, 2)
        c.setLineCap(1)
        c.setFillAlpha(0.5)
        c.translate(10, 20)
        c.rotate(30)
        c.saveState()  # nested, and a form begun and ended inside (reportlab pushes a dict there)
        c.beginForm("f")
        c.setFont("Sans", 5)
        c.endForm()
        c.restoreState()
        assert _state(c) != before
        c.restoreState()
        assert _state(c) == before
        assert c.state_stack == []


def test_a_form_begun_inside_saved_states_writes_reportlabs_bytes() -> None:
    def play(c: Canvas) -> None:
        c.saveState()
        c.setFont("Serif", 11)
        c.beginForm("card")
        c.saveState()
        c.setFont("Sans-Bold", 7)
        c.drawString(1, 2, "inside")
        c.restoreState()
        c.drawString(3, 4, "still inside")
        c.endForm()
        c.doForm("card")
        c.drawString(5, 6, "after")
        c.restoreState()
        c.drawString(7, 8, "outside")

    pdfs = []
    for cls in (Canvas, PressCanvas):
        register_fonts()
        out = io.BytesIO()
        c = cls(out, pagesize=(300, 300), invariant=1, pageCompression=0, initialFontName="Sans")
        play(c)
        c.save()
        pdfs.append(out.getvalue())
    assert pdfs[0] == pdfs[1]


# ---------------------------------------------------------------------------------------------
# text objects (what platypus paragraphs draw through)

text_op = st.one_of(
    st.tuples(st.sampled_from(["textLine", "textOut"]), st.tuples(text)),
    st.tuples(st.just("setFont"), st.tuples(st.sampled_from(sorted(FACES) + ["Helvetica"]), size)),
    st.tuples(st.just("setTextOrigin"), st.tuples(coord, coord)),
    st.tuples(st.just("setFillColorRGB"), colour),
    st.tuples(st.just("bytes"), st.tuples(st.sampled_from([b"plain bytes", b"caf\xc3\xa9"]))),
)


@settings(max_examples=120, deadline=None)
@given(st.lists(st.lists(text_op, max_size=12), max_size=6))
def test_text_objects_write_reportlabs_bytes(objects: list[list[Op]]) -> None:
    pdfs = []
    for cls in (Canvas, PressCanvas):
        register_fonts()
        out = io.BytesIO()
        c = cls(out, pagesize=(300, 300), invariant=1, pageCompression=0, initialFontName="Sans")
        for ops in objects:
            t = c.beginText(10, 200)
            for name, args in ops:
                if name == "bytes":
                    t.textLine(args[0])
                else:
                    getattr(t, name)(*args)
            c.drawText(t)
        c.save()
        pdfs.append(out.getvalue())
    assert pdfs[0] == pdfs[1]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(st.floats(min_value=-1e9, max_value=1e9), st.integers(-(10**6), 10**6)),
        min_size=1,
        max_size=6,
    )
)
def test_numbers_formatted_one_by_one_join_as_fp_str_joins_them(values: list[float]) -> None:
    """PressCanvas formats each number on its own (and keeps it): fp_str of several numbers is
    theirs joined by spaces."""
    from reportlab.lib.rl_accel import fp_str

    register_fonts()
    c = PressCanvas(io.BytesIO(), invariant=1, initialFontName="Sans")
    assert " ".join(c._num(v) for v in values) == fp_str(*values)
    assert " ".join(c._num(v) for v in values) == fp_str(*values)  # kept


def test_the_number_store_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(press_canvas, "RUNS_KEPT", 5)
    _same(
        [("line", (i * 0.5, 1, 2, i)) for i in range(40)] + [("rect", (i, i, 3, 4, 1, 0)) for i in range(9)]
    )


def test_the_matrix_is_tracked_as_reportlab_tracks_it() -> None:
    ops = [
        ("translate", (10, 20)),
        ("rotate", (90,)),
        ("line", (0, 0, 1, 1)),
        ("scale", (2, 0.5)),
        ("translate", (3, 4)),
    ]
    mats = []
    for cls in (Canvas, PressCanvas):
        register_fonts()
        c = cls(io.BytesIO(), invariant=1, initialFontName="Sans")
        for name, args in ops:
            getattr(c, name)(*args)
        mats.append(c._currentMatrix)
    assert mats[0] == mats[1]
