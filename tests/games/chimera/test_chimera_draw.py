"""Chimera's Lair on paper: the key's entries fit their columns, the pad's reminder fits at 6 pt or
more, and everything is set from the style's roles."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.games.chimera import draw
from generator.games.chimera import model as ch
from generator.press.fonts import string_width
from generator.press.paper import get_paper
from generator.press.style import DEFAULT, INK_SAVER, from_toml

GAMES = Path(draw.__file__).parents[2]  # (chimera/draw/__init__.py)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("variant", ["half", "three-quarters"])
def test_key_entries_fit_their_column(paper: str, variant: str) -> None:
    key = ch.answer_key(variant)
    p = get_paper(paper)
    g = draw.key_geom(p, key)
    face, size = DEFAULT.font("key_answer")
    for e in draw.layout_key(key, p):
        n = len(e.row.answers)
        lead = string_width(f"{n} answer{'s' if n != 1 else ''}: ", *DEFAULT.font("key_count"))
        assert len(e.lines) <= g.lines
        # measured again here: each line, with the count ahead of the first and '+N more' after the last
        for i, line in enumerate(e.lines):
            text = line + (" " + f"… +{e.more} more" if i == len(e.lines) - 1 and e.more else "")
            assert string_width(text, face, size) + (lead if i == 0 else 0) <= g.col_w + 1e-6
        assert e.shown + e.more == len(e.row.answers)
    # the 13 entries and the suit head fill the column between the header and the bottom margin
    assert g.top - 13 * g.entry_h - draw.SUIT_HEAD_H == pytest.approx(draw.MARGIN)


def test_larger_answer_text_in_style_toml_shows_fewer_answers() -> None:
    key = ch.answer_key("half")
    p = get_paper("letter")
    big = from_toml({"text": {"key_answer": {"size": 9.0}}}, "style.toml")
    shown = sum(e.shown for e in draw.layout_key(key, p))
    fewer = sum(e.shown for e in draw.layout_key(key, p, big))
    assert fewer < shown
    assert draw.key_geom(p, key, big).pitch == pytest.approx(9.0 * DEFAULT.text("key_answer").leading)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_pad_reminder_fits_at_six_points_or_more_for_every_variant(paper: str) -> None:
    for name in ch.VARIANTS:
        for players in (ch.MIN_PLAYERS, ch.MAX_PLAYERS):
            fits, col_w = draw._reminder_columns(ch.pad(players, name), get_paper(paper), DEFAULT)
            assert len({f.size for f in fits}) == 1 and fits[0].size >= 6.0
            assert all(
                f.height <= draw.pad_geom(ch.pad(players, name), get_paper(paper)).reminder_top for f in fits
            )


def test_red_suits_follow_the_style() -> None:
    assert draw.suit_colour("heart", DEFAULT) == DEFAULT.red_suit != DEFAULT.ink
    assert draw.suit_colour("spade", DEFAULT) == DEFAULT.ink
    assert draw.suit_colour("diamond", INK_SAVER) == INK_SAVER.ink


FONT_LITERAL = re.compile(r"""["'](Sans|Serif|Cond)(-Bold)?["']""")
SIZE_KWARG = re.compile(r"fontSize=\d|setFont\([^,]+,\s*\d")


@pytest.mark.parametrize("module", ["chimera/draw/__init__.py", "chimera/draw/deck.py", "rules/draw.py"])
def test_drawing_asks_roles_not_faces(module: str) -> None:
    text = (GAMES / module).read_text(encoding="utf-8")
    assert not FONT_LITERAL.search(text)
    assert not SIZE_KWARG.search(text)
    assert "ink_saver" not in text


def test_the_key_pages_lay_the_key_out_once(tmp_path, monkeypatch) -> None:
    """Both key pages show one layout: it is made once per paper and style, not once a page."""
    from generator.press.document import Document

    made = []
    plain = draw.layout_key

    def counted(*args, **kwargs):
        made.append(args[1:])
        return plain(*args, **kwargs)

    monkeypatch.setattr(draw, "layout_key", counted)
    key = ch.answer_key("half")
    for style in (DEFAULT, INK_SAVER):
        doc = Document(get_paper("letter"), "key", style=style)
        doc.add("Key", draw.key_pages(key, get_paper("letter")))
        doc.save(tmp_path / f"{style.name}.pdf")
    assert len(made) == 2  # one per style, for two pages each
