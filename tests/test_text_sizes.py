"""Nothing printed below 6 pt: every page of the pack, of each deck and of the kit, read back from
the PDF."""

from __future__ import annotations

import pytest

from generator.press.cards import CARD_PRESETS
from tests.textsize import text_runs

MIN_PT = 6.0


def _offenders(pdf) -> list[str]:
    small = [r for r in text_runs(pdf) if r.size < MIN_PT - 1e-6]
    return sorted({f"page {r.page}: {r.size:.2f} pt at ({r.x:.0f}, {r.y:.0f})" for r in small})[:12]


def test_the_pack_prints_nothing_below_6pt(run, tmp_path):
    assert run("pack", "-o", "pack.pdf").exit_code == 0
    assert _offenders(tmp_path / "pack.pdf") == []


DECKS = [
    (deck, card)
    for deck in (("fighting-words", "deck"), ("riddle-craft", "deck"), ("chimera", "deck"))
    for card in CARD_PRESETS
]


@pytest.mark.parametrize(("deck", "card"), DECKS, ids=[f"{d[0]}-{c}" for d, c in DECKS])
def test_each_deck_prints_nothing_below_6pt(run, tmp_path, deck, card):
    assert run(*deck, "--card", card, "--bleed", "-o", "deck.pdf").exit_code == 0
    assert _offenders(tmp_path / "deck.pdf") == []


@pytest.mark.parametrize("duplex", ["long", "none"])
def test_the_piecepack_prints_nothing_below_6pt(run, tmp_path, duplex):
    assert run("piecepack", "--duplex", duplex, "-o", "kit.pdf").exit_code == 0
    assert _offenders(tmp_path / "kit.pdf") == []
