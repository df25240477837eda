"""`parlour pack --games/--skip/--players`: choosing sections and the player count, checked against
the single-game commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.commands.pack import sections
from tests.clicheck import files_in, one_line_error


def _top_titles(pdf: Path) -> list[str]:
    return [o.title for o in PdfReader(str(pdf)).outline if not isinstance(o, list)]


def test_games_chooses_sections_in_print_order(run, tmp_path):
    res = run("pack", "--games", "Sorcerer, doublets", "-o", "p.pdf", "--json", "p.json")
    assert res.exit_code == 0, res.output
    data = json.loads((tmp_path / "p.json").read_text())
    assert list(data) == ["doublets", "sorcerer"]
    assert _top_titles(tmp_path / "p.pdf") == [
        "Contents",
        "Print guide",
        "Doublets",
        "The Sorcerer's Chamber",
    ]


def test_skip_leaves_sections_out(run, tmp_path):
    res = run(
        "pack", "--skip", "calibration,fighting-words,riddle_craft,chimera,piecepack", "--json", "p.json"
    )
    assert res.exit_code == 0, res.output
    assert list(json.loads((tmp_path / "p.json").read_text())) == ["doublets", "sorcerer"]
    # The same two sections either way, byte for byte.
    run("pack", "--games", "doublets,sorcerer", "-o", "g.pdf")
    assert (tmp_path / "output" / "pack.pdf").read_bytes() == (tmp_path / "g.pdf").read_bytes()


def test_every_section_can_be_chosen_alone(run, tmp_path):
    for key, _ in sections():
        name = key.replace("_", "-")
        res = run("pack", "--games", name, "--json", f"{name}.json", "-o", f"{name}.pdf")
        assert res.exit_code == 0, res.output
        assert list(json.loads((tmp_path / f"{name}.json").read_text())) == [key]


def test_players_reaches_each_game_as_its_own_command_would(run, tmp_path):
    res = run(
        "pack", "--games", "doublets,chimera,sorcerer", "--players", "3", "--seed", "5", "--json", "p.json"
    )
    assert res.exit_code == 0, res.output
    pack = json.loads((tmp_path / "p.json").read_text())
    run("chimera", "pad", "--players", "3", "--json", "pad.json")
    assert pack["chimera"]["pad"] == json.loads((tmp_path / "pad.json").read_text())
    run("sorcerer", "board", "--players", "3", "--seed", "5", "--json", "board.json")
    board = dict(pack["sorcerer"]["board"])
    assert board.pop("for_players") == [3]
    assert board == json.loads((tmp_path / "board.json").read_text())
    run("doublets", "scorepad", "--players", "3", "--json", "score.json")
    score = json.loads((tmp_path / "score.json").read_text())
    assert pack["doublets"]["scorepad"] == {k: score[k] for k in pack["doublets"]["scorepad"]}
    assert pack["doublets"]["scorepad"]["players"] == 3
    run("doublets", "jewels", "--players", "3", "--seed", "5", "--json", "jewels.json")
    assert pack["doublets"]["jewels"] == json.loads((tmp_path / "jewels.json").read_text())


def test_without_players_each_game_keeps_its_default(run, tmp_path):
    res = run("pack", "--games", "chimera,sorcerer", "--json", "p.json")
    assert res.exit_code == 0, res.output
    pack = json.loads((tmp_path / "p.json").read_text())
    # issue 36: one set-up page serves 2, 3 or 4 players, every sorcerer on the board
    assert pack["sorcerer"]["board"]["players"] == 4
    assert pack["sorcerer"]["board"]["for_players"] == [2, 3, 4]
    run("chimera", "pad", "--json", "pad.json")  # the pad's default: six, the most the game takes
    assert pack["chimera"]["pad"] == json.loads((tmp_path / "pad.json").read_text())
    assert pack["chimera"]["pad"]["players"] == 6  # the pack's pad fits every game the rules allow


@pytest.mark.parametrize(
    "args, needle",
    [
        (["--games", "chess"], "unknown section 'chess'"),
        (["--games", "doublet"], "did you mean doublets?"),
        (["--skip", "sorcerer,nope"], "unknown section 'nope'"),
        (["--games", ","], "--games is empty"),
        (["--games", "doublets", "--skip", "chimera"], "not both"),
        (
            ["--skip", "calibration,doublets,chimera,fighting-words,riddle-craft,sorcerer,piecepack"],
            "nothing to print",
        ),
        (["--players", "5"], "--skip sorcerer"),
        (["--players", "7", "--games", "chimera"], "1 to 6"),
        (["--players", "1", "--games", "doublets"], "2 to 12"),
        (["--players", "3", "--games", "riddle-craft"], "none is in the pack"),
    ],
)
def test_bad_choices_are_one_line_exit_2_no_file(run, tmp_path, args, needle):
    line = one_line_error(run("pack", *args, "--json", "p.json"))
    assert needle in line, line
    assert files_in(tmp_path) == []


def test_two_sided_tip_only_when_the_pack_holds_a_two_sided_sheet(run, tmp_path):
    def guide(*args: str) -> str:
        assert run("pack", *args, "-o", "p.pdf").exit_code == 0
        return PdfReader(str(tmp_path / "p.pdf")).pages[1].extract_text()  # the print guide

    no_deck = guide("--games", "doublets,sorcerer")
    assert "Print at 100 %" in no_deck and "Two-sided" not in no_deck and "calibrate" not in no_deck
    with_deck = guide("--games", "doublets,riddle-craft")
    assert "Two-sided sheets" in with_deck and "parlour calibrate --save" in with_deck
    assert "card stock" in with_deck and "flip on the long edge" in with_deck
