"""The words the whole pack prints, US and UK (issue 36): each pack speaks its own spelling in every
page (rules, cards, pads, keys, notes), and no page talks like a computer about how it was made.

The lists below are this check's own curated lists. Policy: a phrase goes in BRITISH_ONLY when an
American family would find it foreign (not merely old-fashioned) and in AMERICAN_ONLY when a British
family would read it as a US spelling; COMPUTERISH holds phrases a family page once printed that
describe the printing or the program instead of the game. The respelled prose words
(generator.words.spelling.PROSE_PAIRS: centre/center, grey/gray...) are added from that list."""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

from generator.words.spelling import other_forms

BRITISH_ONLY = (
    "none to hand",
    "sand glass",
    "comes back round",
    "come back round",
    "start afresh",
    "towards",
    "round the corners",
    "crib",
    "theatre",
)
AMERICAN_ONLY = ("theater", "toward")
COMPUTERISH = (
    "ruled for the players the pack was printed for",
    "whoever printed this pack",
    "variant in force",
    "scoring pad, 6 players, half",
    "the broad dictionary holds",
    "every way of joining these jewels",
    "was tried",
    "1 players",
    "referee's key (half)",
)


def _pages(pdf) -> list[str]:
    return [" ".join((p.extract_text() or "").split()) for p in PdfReader(str(pdf)).pages]


def offenders(pages: list[str], phrases) -> list[str]:
    """Each phrase found, whole words only, with its page number (1-based)."""
    found = []
    for n, text in enumerate(pages, start=1):
        for phrase in phrases:
            if re.search(rf"\b{re.escape(phrase)}\b", text, re.IGNORECASE):
                found.append(f"page {n}: {phrase}")
    return found


@pytest.fixture(scope="module")
def us_pages(printed):
    return _pages(printed("pack"))


@pytest.fixture(scope="module")
def uk_pages(printed):
    return _pages(printed("pack", "--spelling", "uk"))


def test_the_us_pack_has_no_british_only_words(us_pages):
    assert offenders(us_pages, BRITISH_ONLY + other_forms("us")) == []


def test_the_uk_pack_has_no_us_spellings(uk_pages):
    assert offenders(uk_pages, AMERICAN_ONLY + other_forms("uk")) == []


@pytest.mark.parametrize("spelling", ["us", "uk"])
def test_no_page_talks_about_its_printing(spelling, us_pages, uk_pages):
    pages = us_pages if spelling == "us" else uk_pages
    assert offenders(pages, COMPUTERISH) == []


def test_the_uk_pack_spells_the_uk_way_where_the_us_one_differs(us_pages, uk_pages):
    us, uk = " ".join(us_pages), " ".join(uk_pages)
    assert "centre" in uk and "center" in us


def test_the_checks_catch_what_they_look_for():
    pages = [
        "A sand glass will do. Variant in force: half. Hold it towards you.",
        "Three theater tickets; 1 players; heading toward the door",
    ]
    assert offenders(pages, BRITISH_ONLY) == ["page 1: sand glass", "page 1: towards"]
    assert offenders(pages, AMERICAN_ONLY) == ["page 2: theater", "page 2: toward"]
    assert offenders(pages, COMPUTERISH) == ["page 1: variant in force", "page 2: 1 players"]
    assert offenders(["crib notes", "cribbage"], ("crib",)) == ["page 1: crib"]  # whole words only


def test_a_one_player_pad_says_player(printed):
    pages = _pages(printed("chimera", "pad", "--players", "1"))
    assert offenders(pages, COMPUTERISH) == []
    assert "scoring pad for 1 player" in " ".join(pages)
