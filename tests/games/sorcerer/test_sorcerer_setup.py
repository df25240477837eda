"""Tests for the Sorcerer set-up page: read back from the PDF, the board between title and legend."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from generator.games.sorcerer import model as sc
from generator.games.sorcerer.draw import setup as setup
from generator.press.paper import MARGIN, get_paper, inch
from tests.sorcerer_pdf import GLYPHS, PAPERS, assert_no_missing_glyphs, assert_text_inside_margins, render


@pytest.fixture(scope="module")
def chamber() -> sc.Chamber:
    return sc.setup(3, seed=5)


@pytest.mark.parametrize("paper", PAPERS)
def test_setup_page_reads_back(tmp_path, chamber, paper):
    pdf = render(tmp_path, [setup.setup_page(chamber, "Compass rose")], paper)
    reader = PdfReader(str(pdf))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(get_paper(paper).size)
    text = reader.pages[0].extract_text()
    assert GLYPHS <= set(text)
    for phrase in ("set-up for 3 players", "designed for this pack", "pervigil", "row 3, column 7"):
        assert phrase in text
    for computer_talk in ("Seed", "seed", "json", "r3c7", "diagram is lost"):  # a family page
        assert computer_talk not in text, computer_talk
    # who starts (the die ranking, ties) and what the sorcerer's stone is, as the rules have them
    flat = " ".join(text.split())
    for phrase in (
        "ace highest, then 5, 4, 3, 2 and blank last",
        "tied players roll again",
        "keeps the fourth, the sorcerer's stone",
        "three dice go to the center as time",  # US spelling unless asked
    ):
        assert phrase.lower() in flat.lower(), phrase
    from tests.seedtext import copied_runs

    assert copied_runs(flat) == []  # in parlour's own words
    assert_no_missing_glyphs(pdf)
    assert_text_inside_margins(pdf, paper)


def test_setup_page_follows_the_spelling(tmp_path, chamber):
    uk = PdfReader(str(render(tmp_path, [setup.setup_page(chamber, "p", spelling="uk")], name="uk")))
    us = PdfReader(str(render(tmp_path, [setup.setup_page(chamber, "p", spelling="us")], name="us")))
    uk_text, us_text = uk.pages[0].extract_text(), us.pages[0].extract_text()
    assert "Grey labels" in uk_text and "centre" in uk_text and "center" not in uk_text
    assert "Gray labels" in us_text and "center" in us_text and "centre" not in us_text


@pytest.mark.parametrize("paper", PAPERS)
def test_the_scaled_board_fits_between_title_and_legend(paper):
    p = get_paper(paper)
    g = setup.setup_geom(p)
    assert MARGIN < g.left and g.left + g.size < p.width - MARGIN
    assert g.top < p.height - MARGIN - setup.TITLE_H + 1
    assert g.top - g.size > MARGIN + setup.LEGEND_H
    assert 0.6 * inch < g.cell < inch  # scaled down, but not tiny


def test_the_same_seed_gives_the_same_bytes(tmp_path):
    a = render(tmp_path, [setup.setup_page(sc.setup(2, seed=9), "p")], name="a").read_bytes()
    b = render(tmp_path, [setup.setup_page(sc.setup(2, seed=9), "p")], name="b").read_bytes()
    c = render(tmp_path, [setup.setup_page(sc.setup(2, seed=10), "p")], name="c").read_bytes()
    assert a == b
    assert a != c


def test_the_default_pack_sets_up_two_three_or_four_players_on_one_page(printed):
    """Issue 36: without --players the pack's one set-up page serves every count: all four
    sorcerers stand on their portals and the legend says which ones each count uses."""
    reader = PdfReader(str(printed("pack", "--games", "sorcerer")))
    pages = [" ".join((p.extract_text() or "").split()) for p in reader.pages]
    setups = [t for t in pages if "set-up for" in t and "Orb pattern" in t]
    assert len(setups) == 1
    text = setups[0]
    assert "set-up for 2, 3 or 4 players" in text
    assert "2 players: ❂ suns and ◐ moons, opposite corners" in text
    assert "3 players: add ♛ crowns" in text and "4 players: add ⚜ arms" in text
    three = " ".join(
        " ".join((p.extract_text() or "").split())
        for p in PdfReader(str(printed("pack", "--games", "sorcerer", "--players", "3"))).pages
    )
    assert "set-up for 3 players" in three and "2, 3 or 4" not in three


@pytest.mark.parametrize("paper", ["letter", "a4", "a5"])
def test_the_centre_words_stay_inside_the_centre_walls(tmp_path, chamber, paper):
    """The pervigil per nunc's name and its '3 time stones' sit inside its walls on every paper
    (on A5 the name takes two lines and '3 time stones' once sat on the wall, half out of the box)."""
    from generator.games.sorcerer.draw.board import centre_box
    from tests.sorcerer_pdf import chars

    pdf = render(tmp_path, [setup.setup_page(chamber, "Compass rose")], paper)
    g = setup.setup_geom(get_paper(paper))
    x, y, w, h = centre_box(g)
    text = "".join(ch for ch, _, _ in chars(pdf))
    boxes = [box for _, _, box in chars(pdf)]
    for word in ("pervigil", "nunc", "stones"):
        at = text.find(word)
        assert at >= 0, word
        for left, bottom, right, top in boxes[at : at + len(word)]:
            assert x < left and right < x + w, (word, paper)
            assert y < bottom and top < y + h, (word, paper)
