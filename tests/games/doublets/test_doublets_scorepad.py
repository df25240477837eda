"""Tests for generator.games.doublets.scorepad: the two-player and round-game papers."""

from __future__ import annotations

import json

import pytest

from generator.games.doublets.model import DoubletsError
from generator.games.doublets.scorepad import ROMAN, make_scorepad
from generator.words.lexicon import load


@pytest.fixture(scope="module")
def real():
    return load()


# --- scorepads --------------------------------------------------------------------------------


def test_two_player_scorepad():
    pad = make_scorepad(2)
    assert pad.rows == 2 and not pad.president and not pad.round_game
    assert pad.decision_marks == (2,) and pad.abandon_marks == (2,)
    assert pad.doublets == 4
    assert pad.columns[0] == "Name" and pad.columns[-2:] == ("Jewels", "Total")
    assert len(pad.columns) == 1 + 4 + 4 + 2
    assert [label for label, _ in pad.header] == [
        "Names",
        "Declarations",
        "Marks",
        "Jewels",
        "Total",
    ]


@pytest.mark.parametrize("players", [3, 5, 12])
def test_round_game_scorepad(players):
    pad = make_scorepad(players)
    assert pad.round_game and pad.president and pad.rows == players
    # one mark per possible correct chain: players, players - 1, ... down to 2, and 2 for the rest
    expected = {3: (3, 2, 2), 5: (5, 4, 3, 2, 2), 12: (12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 2)}
    assert pad.decision_marks == expected[players]
    assert min(pad.decision_marks) == 2 and pad.abandon_marks == (4, 2)
    notes = " ".join(pad.notes)
    places = ", ".join(f"{r} {m}" for r, m in zip(ROMAN, expected[players], strict=False))
    assert places in notes and "Correct chains only" in notes and "moves no one up" in notes
    assert json.loads(json.dumps(pad.to_json()))["players"] == players


@pytest.mark.parametrize("players", [0, 1, 13])
def test_scorepad_errors(players):
    with pytest.raises(DoubletsError):
        make_scorepad(players)
