"""press.para: the fragments of parlour's markup equal reportlab's ParaParser's, attribute by attribute; anything else is left to ParaParser."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.abag import ABag
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus.paragraph import Paragraph, cleanBlockQuotedText
from reportlab.platypus.paraparser import ParaParser

from generator.games.rules import draw as rules_draw
from generator.games.rules import model as rm
from generator.press import flow, para
from generator.press.paper import get_paper
from generator.press.style import DEFAULT, INK_SAVER


def parsed(text: str, style: Any) -> list[Any]:
    """The oracle: what reportlab's Paragraph gets from its parser for `text`."""
    parser = ParaParser()
    parser.caseSensitive = 1  # as Paragraph sets it
    _, frags, _ = parser.parse(cleanBlockQuotedText(text), style)
    return frags


def attrs(frags: list[Any]) -> list[list[tuple[str, Any]]]:
    """Every fragment's attributes, in the order they were set."""
    return [list(vars(f).items()) for f in frags]


def same_as_parser(text: str, style: Any) -> None:
    mine = para.frags(cleanBlockQuotedText(text), style)
    assert mine is not None, text
    ref = parsed(text, style)
    assert attrs(mine) == attrs(ref), text
    # like ParaParser's copies, the fragments share one list of links and one of underlines
    assert len({id(f.link) for f in mine}) <= 1 and len({id(f.us_lines) for f in mine}) <= 1


def rules_paragraphs(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    """(markup, style) of every paragraph the five games' rules make, on both papers, both styles."""
    seen: list[tuple[str, Any]] = []
    real = flow.Para.__init__

    def spy(self: Any, text: Any, style: Any = None, *a: Any, **k: Any) -> None:
        if text is not None:
            seen.append((text, style))
        real(self, text, style, *a, **k)

    monkeypatch.setattr(flow.Para, "__init__", spy)
    for paper in ("letter", "a4"):
        for style in (DEFAULT, INK_SAVER):
            for g in rm.GAMES:
                rules_draw.rules_pages(rm.load_rules(g), get_paper(paper), style)
    return seen


def test_every_rules_paragraph_gets_the_parsers_fragments(monkeypatch):
    seen = rules_paragraphs(monkeypatch)
    assert len(seen) > 500
    assert any("<b>" in t for t, _ in seen) and any("<font" in t for t, _ in seen)
    for text, style in seen:
        same_as_parser(text, style)


def test_the_paragraphs_keep_those_fragments():
    fs = flow.flow_styles(DEFAULT)
    text = "Say **DOUBLETS** &c. with `parlour doublets solve` ☑"
    p = flow.paragraph(text, fs.body)
    ref = Paragraph(flow.markup(text), fs.body)
    assert p.text == ref.text and attrs(p.frags) == attrs(ref.frags)
    assert p.wrap(120, 500) == ref.wrap(120, 500)


# parlour's faces, and three of reportlab's own whose ascent and descent differ from them
FACES = ["Serif", "Sans", "Cond", "Serif-Bold", "Sans-Bold", "Courier", "Times-Roman", "Helvetica-Bold"]


def _chunk() -> st.SearchStrategy[str]:
    # plain text with what needs escaping, spaces, a no-break space and glyphs Serif lacks
    return st.text(st.sampled_from(list("ab Zé&<>\"'-\u00a0\n☑♠·")), min_size=1, max_size=12)


def _markup() -> st.SearchStrategy[str]:
    leaf = _chunk().map(flow.escape) | st.sampled_from(
        ["&amp;", "&lt;", "&gt;", "&quot;", "&nbsp;", "&eacute;"]
    )
    return st.recursive(
        st.lists(leaf, min_size=1, max_size=4).map("".join),
        lambda inner: st.lists(
            st.one_of(
                inner,
                inner.map(lambda s: f"<b>{s}</b>"),
                inner.map(lambda s: f"<i>{s}</i>"),
                st.tuples(st.sampled_from(FACES), inner).map(
                    lambda fs: f'<font name="{fs[0]}">{fs[1]}</font>'
                ),
            ),
            min_size=1,
            max_size=4,
        ).map("".join),
        max_leaves=12,
    )


@settings(max_examples=300, deadline=None)
@given(text=_markup(), role=st.sampled_from(["body", "h1", "h2", "note", "cell", "head_cell", "caption"]))
def test_any_text_in_the_subset_gets_the_parsers_fragments(text, role):
    fs = flow.flow_styles(DEFAULT)
    same_as_parser(text, getattr(fs, role))


@settings(max_examples=150, deadline=None)
@given(text=st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=30))
def test_any_parlour_markup_gets_the_parsers_fragments(text):
    fs = flow.flow_styles(DEFAULT)
    same_as_parser(flow.markup(text), fs.body)


@pytest.mark.parametrize(
    "text",
    [
        "<u>under</u>",
        "a<br/>b",
        "<B>loud</B>",
        "&#65;",
        "&nosuch;",
        "a & b",
        "a < b",
        "<b>open",
        "<b>a</i>",
        "a</b>",
        '<font size="9">x</font>',
        '<font name="NoSuchFace">x</font>',
        '<para align="center">x</para>',
        "<b >x</b>",
    ],
)
def test_anything_else_is_left_to_the_parser(text):
    fs = flow.flow_styles(DEFAULT)
    assert para.frags(text, fs.body) is None
    try:
        ref = Paragraph(text, fs.body)
    except ValueError as exc:
        with pytest.raises(ValueError) as mine:
            flow.Para(text, fs.body)
        assert str(mine.value) == str(exc)
    else:
        p = flow.Para(text, fs.body)
        assert p.text == ref.text and attrs(p.frags) == attrs(ref.frags)
        assert p.style is ref.style or vars(p.style) == vars(ref.style)


def dump(x: Any) -> Any:
    """A comparable copy of a paragraph's state: attribute bags and lists by type and content."""
    if isinstance(x, ABag | dict):
        return (type(x).__name__, [(k, dump(v)) for k, v in (x if isinstance(x, dict) else vars(x)).items()])
    if isinstance(x, list | tuple):
        return (type(x).__name__, [dump(v) for v in x])
    return x


def same_lines(text: str, style: Any, widths: list[float]) -> int:
    """Break `text` at each width, then again at the next (frags already processed), and split the
    result, with flow.Para and with reportlab's own Paragraph; all the same. Returns how many
    breaks took para.break_lines' path."""
    mine, ref = flow.Para(text, style), Paragraph(text, style)
    fast = 0
    for w in widths:
        fast += para.break_lines(flow.Para(text, style), [w, w]) is not None
        assert dump(mine.breakLines([w, w])) == dump(ref.breakLines([w, w])), (text, w)
        assert dump(vars(mine)) == dump(vars(ref)), (text, w)
    w = widths[0]
    mine.wrap(w, 1000)
    ref.wrap(w, 1000)
    height = style.leading * 1.5
    for a, b in zip(mine.split(w, height), ref.split(w, height), strict=True):
        assert dump(a.breakLines([w, w])) == dump(b.breakLines([w, w])), (text, w)
        assert dump(a.frags) == dump(b.frags)
    return fast


WIDTHS = [250.0, 168.0, 96.0, 300.0, 41.0, 128.5]


def test_every_rules_paragraph_breaks_into_reportlabs_lines(monkeypatch):
    seen = rules_paragraphs(monkeypatch)
    monkeypatch.undo()
    todo = {(t, s.name, s.fontName, s.fontSize, str(s.textColor)): (t, s) for t, s in seen}
    fast = 0
    for text, style in todo.values():
        fast += same_lines(text, style, WIDTHS)
    assert len(todo) > 250
    assert fast > 0.8 * len(todo) * len(WIDTHS)  # most by the short path (41 pt is narrower than some words)


@settings(max_examples=150, deadline=None)
@given(
    text=_markup(),
    widths=st.lists(st.floats(min_value=8, max_value=400), min_size=1, max_size=3),
    role=st.sampled_from(["body", "h1", "note", "cell", "caption"]),
)
def test_any_text_in_the_subset_breaks_into_reportlabs_lines(text, widths, role):
    fs = flow.flow_styles(DEFAULT)
    same_lines(text, getattr(fs, role), widths)


@pytest.mark.parametrize(
    "text",
    [
        '<b>Tall</b><font name="Courier">short </font>then <font name="Courier">short</font><b>Tall</b> ' * 4,
        '<font name="Times-Roman">x</font> <font name="Courier">y</font><i>z</i> ' * 6,
    ],
)
def test_faces_of_other_heights_in_one_word_break_into_reportlabs_lines(text):
    fs = flow.flow_styles(DEFAULT)
    assert same_lines(text, fs.body, [50.0, 80.0, 120.0, 200.0]) == 4


def test_the_short_path_leaves_what_it_does_not_do_to_reportlab():
    fs = flow.flow_styles(DEFAULT)
    text = "a <b>bold</b> word " * 3
    assert para.break_lines(flow.Para(text, fs.body), [200, 200]) is not None
    assert para.break_lines(flow.Para("one plain fragment", fs.body), [200, 200]) is not None
    dots = ParagraphStyle("dots", parent=fs.body, endDots=".")
    assert para.break_lines(flow.Para("one plain fragment", dots), [200, 200]) is None
    assert para.break_lines(flow.Para("soft\xadhyphen", fs.body), [200, 200]) is None
    assert para.break_lines(flow.Para("Longestwordever", fs.body), [20, 20]) is None
    hyphen = ParagraphStyle("hy", parent=fs.body, embeddedHyphenation=1)
    assert para.break_lines(flow.Para(text, hyphen), [200, 200]) is None
    assert para.break_lines(flow.Para("soft\xadhyphen <b>x</b>", fs.body), [200, 200]) is None
    assert para.break_lines(flow.Para("Longestwordever <b>x</b>", fs.body), [20, 20]) is None
    same_lines("Longestwordever <b>x</b> and soft\xadhyphen", fs.body, [20.0, 60.0])
    same_lines("Longestwordever and soft\xadhyphen", fs.body, [20.0, 60.0])
    same_lines("   ", fs.body, [20.0, 60.0])
    same_lines("<b> </b> ", fs.body, [20.0, 60.0])


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_rules_are_the_same_bytes_with_reportlabs_parser_and_line_breaking(monkeypatch, paper):
    """The whole oracle: the five games' rules with reportlab's own ParaParser and breakLines."""
    import io

    from generator.press.document import Document

    def pdf() -> bytes:
        doc = Document(get_paper(paper), "rules")
        for g in rm.GAMES:
            doc.add(g, rules_draw.rules_pages(rm.load_rules(g), get_paper(paper), DEFAULT))
        out = io.BytesIO()
        doc._render(out, None)
        return out.getvalue()

    mine = pdf()
    monkeypatch.setattr(flow.Para, "_setup", Paragraph._setup)
    monkeypatch.setattr(flow.Para, "breakLines", Paragraph.breakLines)
    assert pdf() == mine


def test_the_short_path_is_for_the_reportlab_it_was_checked_against(monkeypatch):
    import reportlab

    assert reportlab.Version in para.CHECKED, (
        f"reportlab {reportlab.Version}: para.break_lines is off; check its oracles here against it "
        "(with it on) and add the version to para.CHECKED"
    )
    fs = flow.flow_styles(DEFAULT)
    monkeypatch.setattr(para, "_FOLLOWS", False)
    assert para.break_lines(flow.Para("a <b>bold</b> word", fs.body), [200, 200]) is None
