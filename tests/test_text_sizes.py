"""Printed text sizes, read back from the PDF: nothing a player reads is under 7 pt in the pack (pads,
keys, notes and cards included); rules are set with body text at 9.5 pt or more and their notes and
tables at 8 pt or more; the cheat notes and the scoring papers' notes at 8 pt or more; decks and
the kit print nothing below 6 pt anywhere (their side-margin footers are printing instructions)."""

from __future__ import annotations

import pytest

from generator.press.cards import CARD_PRESETS
from generator.press.paper import MARGIN, get_paper
from tests.textsize import Run, text_runs

MIN_PT = 6.0  # anything printed at all, printing instructions included
PLAYER_PT = 7.0  # anything a player reads (issue 36)
BODY_PT = 9.5  # the rules' body text
NOTE_PT = 8.0  # the rules' notes, tables and worked examples; the cheat notes; the scoring notes
SIDE = 12.0 * 72 / 25.4  # card sheets print their printing instructions up the side margins


def _offenders(runs: list[Run], least: float) -> list[str]:
    small = [r for r in runs if r.size < least - 1e-6]
    return sorted(
        {f"page {r.page}: {r.size:.2f} pt {r.text[:30]!r} at ({r.x:.0f}, {r.y:.0f})" for r in small}
    )[:12]


def side_footer(r: Run, width: float) -> bool:
    """A card sheet's footer: printing instructions run up (or down) a side margin."""
    return abs(abs(r.angle) - 90) < 1 and (r.x < SIDE or r.x > width - SIDE)


def page_furniture(r: Run, height: float) -> bool:
    """The quiet footer and running head every page has (what it is, page x of y, print at 100 %)."""
    return r.y < MARGIN or r.y > height - MARGIN


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_pack_prints_nothing_a_player_reads_below_7pt(printed, paper):
    width = get_paper(paper).width
    runs = text_runs(printed("pack", "--paper", paper))
    assert _offenders(runs, MIN_PT) == []
    assert _offenders([r for r in runs if not side_footer(r, width)], PLAYER_PT) == []


def _body_and_notes() -> tuple[list[str], list[str]]:
    """The rules' body paragraphs and list items, and their notes and captions, as printed words."""
    from generator.games.rules import model as rm

    body, notes = [], []
    for r in rm.load_all():
        for b in r.blocks:
            if isinstance(b, rm.Para):
                (notes if b.note else body).append(rm.plain(b.text))
            elif isinstance(b, rm.Bullets):
                body += [rm.plain(i) for i in b.items]
            elif isinstance(b, rm.Diagram):
                notes.append(b.caption)
    return [" ".join(x.split()) for x in body], [" ".join(x.split()) for x in notes]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_rules_body_text_is_at_least_9_5pt_and_notes_and_tables_8pt(printed, paper):
    p = get_paper(paper)
    runs = text_runs(printed("rules", "--paper", paper))
    read = [r for r in runs if not page_furniture(r, p.height)]
    assert _offenders(read, NOTE_PT) == []  # notes, tables, captions, examples: 8 pt or more
    body, notes = _body_and_notes()
    lines = [r for r in read if len(r.text.strip()) >= 20]
    in_body = [
        r
        for r in lines
        if any(" ".join(r.text.split()) in b for b in body)
        and not any(" ".join(r.text.split()) in n for n in notes)
    ]
    assert len(in_body) > 200  # the body's lines are found on the pages...
    assert _offenders(in_body, BODY_PT) == []  # ...and each is 9.5 pt or more


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_cheat_notes_and_scoring_notes_are_at_least_8pt(printed, paper):
    p = get_paper(paper)
    for args in (("sorcerer", "notes"), ("doublets", "scorepad"), ("doublets", "scorepad", "--players", "5")):
        runs = text_runs(printed(*args, "--paper", paper))
        notes = [r for r in runs if not page_furniture(r, p.height)]
        if args[0] == "doublets":  # the scoring notes sit at the foot of the sheet, under the tables
            notes = [r for r in notes if r.y < MARGIN + 90]
        assert notes and _offenders(notes, NOTE_PT) == [], args


def test_the_checks_see_small_text():
    runs = [Run(1, "tiny", 6.5, 100, 100), Run(1, "side", 6.5, 20, 300, 90.0), Run(1, "body", 10, 100, 200)]
    assert len(_offenders(runs, PLAYER_PT)) == 2
    assert [r.text for r in runs if r.size < PLAYER_PT and not side_footer(r, 612)] == ["tiny"]


DECKS = [
    (deck, card)
    for deck in (("fighting-words", "deck"), ("riddle-craft", "deck"), ("chimera", "deck"))
    for card in CARD_PRESETS
]


@pytest.mark.parametrize(("deck", "card"), DECKS, ids=[f"{d[0]}-{c}" for d, c in DECKS])
def test_each_deck_prints_nothing_below_6pt(run, tmp_path, deck, card):
    assert run(*deck, "--card", card, "--bleed", "-o", "deck.pdf").exit_code == 0
    runs = text_runs(tmp_path / "deck.pdf")
    assert _offenders(runs, MIN_PT) == []
    if card == "poker":  # the pack's cards (smaller presets scale their faces down with the card)
        width = get_paper("letter").width
        assert _offenders([r for r in runs if not side_footer(r, width)], PLAYER_PT) == []


@pytest.mark.parametrize("duplex", ["long", "none"])
def test_the_piecepack_prints_nothing_below_6pt(run, tmp_path, duplex):
    assert run("piecepack", "--duplex", duplex, "-o", "kit.pdf").exit_code == 0
    assert _offenders(text_runs(tmp_path / "kit.pdf"), MIN_PT) == []
