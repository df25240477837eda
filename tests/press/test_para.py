"""press.para: the fragments of parlour's markup equal reportlab's ParaParser's, attribute by attribute; anything else is left to ParaParser."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.platypus.paragraph import Paragraph, cleanBlockQuotedText
from reportlab.platypus.paraparser import ParaParser

from generator.games import rules as rm
from generator.games import rules_draw
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
                st.tuples(st.sampled_from(["Serif", "Sans", "Cond", "Serif-Bold", "Sans-Bold"]), inner).map(
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
