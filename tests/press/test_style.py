"""The house style: roles inherit, ink-saver swaps roles, style.toml overrides with one-line errors."""

from __future__ import annotations

import pytest

from generator import templates
from generator.errors import ParlourError
from generator.press import style as S


def test_packaged_style_toml_spells_out_the_defaults() -> None:
    data, where = templates.read_toml("style.toml")
    parsed = S.from_toml(data, where)
    for role in S.COLOUR_ROLES:
        assert getattr(parsed, role) == getattr(S.DEFAULT, role), role
    assert dict(parsed.suits) == dict(S.DEFAULT.suits)
    for role in S.TEXT_ROLES:
        assert parsed.text(role) == S.DEFAULT.text(role), role


def test_roles_inherit_from_their_parents() -> None:
    body, caption, label = (S.DEFAULT.text(r) for r in ("body", "caption", "label"))
    assert caption.face == body.face and caption.colour == "muted"
    assert label.face == "Cond" and label.size == caption.size and label.colour == caption.colour
    assert S.DEFAULT.text("card_title").face == S.DEFAULT.text("title").face


def test_nothing_prints_below_six_points() -> None:
    for role in S.TEXT_ROLES:
        t = S.DEFAULT.text(role)
        assert t.size >= 6 and t.min_size >= 6, role


def test_ink_saver_is_derived_by_swapping_roles() -> None:
    ink = S.INK_SAVER
    assert ink.tint is None and ink.back_fill is None and not ink.fills
    assert ink.accent == ink.ink and ink.back_ink == ink.ink
    assert set(ink.suits.values()) == {ink.ink}
    assert S.DEFAULT.fills and S.DEFAULT.back_fill is not None
    # what is not a colour choice stays
    assert ink.text("title") == S.DEFAULT.text("title") and ink.rule == S.DEFAULT.rule
    assert ink.ink_of("back_fill") == ink.paper


def test_user_style_overrides(tmp_path) -> None:
    (tmp_path / "style.toml").write_text(
        '[colours]\naccent = "#800000"\ntint = "none"\n[text.body]\nsize = 10\n[text.note]\nparent = "caption"\nface = "Serif"\n'
    )
    templates.set_override(tmp_path)
    try:
        st = S.get_style(False)
    finally:
        templates.reset()
    assert st.accent == S.hex_rgb("#800000") and st.tint is None
    assert (
        st.text("body").size == 10 and st.text("table").size == 8
    )  # a child that sets its own size keeps it
    assert st.text("strong").size == 10  # a child that does not, follows
    assert st.text("note").face == "Serif" and st.text("note").colour == "muted"
    assert S.get_style(False) is S.DEFAULT


@pytest.mark.parametrize(
    "text, needle",
    [
        ('[colours]\nacent = "#000000"\n', "no role 'acent'"),
        ('[colours]\naccent = "red"\n', "not a #RRGGBB"),
        ('[colours]\nink = "none"\n', "cannot be"),
        ("[text.body]\nsize = 4\n", "below 6 pt"),
        ('[text.body]\nface = "Comic"\n', "face 'Comic' unknown"),
        ('[text.x]\nparent = "y"\n', "fix its parent"),
        ('[text.body]\nparent = "caption"\n', "inherits from itself"),
        ("[fonts]\n", "unknown table"),
        ('[suits]\nstars = "#000000"\n', "no suit 'stars'"),
    ],
)
def test_bad_style_files_say_what_and_where(text: str, needle: str) -> None:
    with pytest.raises(ParlourError, match="style.toml") as exc:
        S.from_toml(templates.parse_toml(text, "style.toml"), "style.toml")
    assert needle in str(exc.value)


def test_drawing_code_cannot_ask_for_ink_saver_mode() -> None:
    # the ink-saver style differs only in its roles; there is no flag for drawing code to test
    assert not hasattr(S.DEFAULT, "ink_saver") and not hasattr(S.INK_SAVER, "ink_saver")
    assert S.INK_SAVER.name == "ink-saver"
