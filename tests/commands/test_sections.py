"""The pack's section registry: every game registers itself, and a new one needs no shared list."""

from __future__ import annotations

import pytest

from generator import sections
from generator.commands import pack
from generator.press.document import Page


def test_the_games_register_in_print_order() -> None:
    keys = [s.key for s in pack.pack_sections()]
    games = ["calibration", "doublets", "chimera", "fighting_words", "riddle_craft", "sorcerer"]
    assert [k for k in keys if k in games] == games
    orders = [s.order for s in pack.pack_sections()]
    assert len(set(orders)) == len(orders), "two sections share a place in the pack"
    assert pack.player_ranges()["chimera"] == (1, 6)  # the rules give a solo game


def test_a_new_section_needs_no_edit_to_the_pack(monkeypatch: pytest.MonkeyPatch) -> None:
    table = dict(sections._SECTIONS)
    monkeypatch.setattr(sections, "_SECTIONS", table)

    def make(opts: object) -> tuple[str, list[Page], dict[str, str]]:
        return "Parlour Chess", [], {"made": "yes"}

    sections.register("parlour_chess", "Parlour Chess", make, order=35, players=(2, 2))
    assert [k for k, _ in pack.sections()].index(
        "parlour_chess"
    ) == 4  # between Fighting Words and Riddle Craft
    assert "parlour_chess" in pack.choose_sections("parlour-chess,doublets", None)
    with pytest.raises(pack.ParlourError, match="Parlour Chess is for 2 to 2 players"):
        pack.check_players(3, ["parlour_chess"])
    with pytest.raises(ValueError, match="two pack sections"):
        sections.register("parlour_chess", "x", lambda o: ("x", [], None), order=36)


def test_help_lists_the_registered_sections(run) -> None:
    res = run("pack", "--help")
    assert res.exit_code == 0
    text = "".join(res.output.split())  # help wraps lines, at hyphens too
    for s in pack.pack_sections():
        assert s.name in text
    assert "{sections}" not in text and "{players}" not in text
