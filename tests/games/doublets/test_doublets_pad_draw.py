"""Tests for generator.games.doublets.draw.pad: games per page of scoring paper."""

from __future__ import annotations

import pytest

from generator.games.doublets import draw as base
from generator.games.doublets.draw import pad as pad_draw
from generator.games.doublets.scorepad import make_scorepad
from generator.press.paper import get_paper

PAPERS = [get_paper("letter"), get_paper("a4")]


def test_scorepad_games_per_page():
    two, five, twelve = (make_scorepad(n) for n in (2, 5, 12))
    for paper in PAPERS:
        assert pad_draw.games_per_page(two, paper) >= 4
        assert pad_draw.games_per_page(five, paper) >= 2
        assert pad_draw.games_per_page(twelve, paper) >= 1
        _, bottom, _, top = base.content_box(paper)
        per = pad_draw.games_per_page(two, paper)
        used = per * pad_draw.game_block_height(two) + (per - 1) * pad_draw.GAME_GAP
        assert used <= top - bottom - pad_draw.NOTES_H
    assert len(pad_draw.scorepad_pages(two, PAPERS[0], 11)) == -(
        -11 // pad_draw.games_per_page(two, PAPERS[0])
    )


@pytest.mark.parametrize("players", [2, 5, 12])
def test_scoring_paper_prints_nothing_below_6pt(run, tmp_path, players):
    """The 12-player marks line once sat at 5 pt: the write-in lines now give way instead."""
    from tests.textsize import text_runs

    assert run("doublets", "scorepad", "--players", str(players), "-o", "pad.pdf").exit_code == 0
    runs = text_runs(tmp_path / "pad.pdf")
    assert runs and min(r.size for r in runs) >= 6.0 - 1e-6
    marks = f"decision {players} {players - 1}"  # the round game's marks line, whole
    assert (players > 2) == any(marks in r.text for r in runs)


@pytest.mark.parametrize("players", [2, 6, 12])
def test_scoring_paper_fits_a5(players):
    """On A5 the notes wrap to more lines than NOTES_H holds: the page keeps their room, and one
    game of many players still fits above them (its rows a little shorter)."""
    from generator.games.doublets.scorepad import make_round_scorepad

    paper = get_paper("a5")
    _, bottom, _, top = base.content_box(paper)
    for pad in (make_scorepad(players), make_round_scorepad()):
        per = pad_draw.games_per_page(pad, paper)
        used = per * pad_draw.game_block_height(pad, paper) + (per - 1) * pad_draw.GAME_GAP
        assert used <= top - bottom - pad_draw.notes_height(pad, paper) + 1e-6
        assert pad_draw.row_height(pad, paper) >= pad_draw.LEAST_ROW_H


def test_scoring_paper_prints_on_a5(run, tmp_path):
    for players in ("2", "12"):
        res = run("doublets", "scorepad", "--players", players, "--paper", "a5", "-o", "pad.pdf")
        assert res.exit_code == 0, res.output
