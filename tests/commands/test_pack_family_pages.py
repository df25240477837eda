"""Family pages talk to families: every page of the pack (Letter and A4, each spelling) is read back
and none but the calibration sheet and the print guide shows a command line, an option name, a
file name, "json", a seed or the name of an algorithm; and the prose follows --spelling."""

from __future__ import annotations

import re

import click
import pytest
from pypdf import PdfReader

from generator.cli import cli
from generator.words.spelling import PROSE_PAIRS, other_forms

BUILDS = [("letter", "us"), ("letter", "uk"), ("a4", "us"), ("a4", "uk")]

#: Pages that may show commands, known by their title (the first line of their text), not their number.
COMMAND_PAGES = re.compile(r"^\s*(calibration sheet|print guide|printing guide|how to print)", re.IGNORECASE)

ALGORITHM_WORDS = (
    "iterative deepening",
    "deepening",
    "distance bound",
    "breadth-first",
    "depth-first",
    "exhaustive",
    "exhaustively",
    "algorithm",
    "heuristic",
    "bfs",
    "dfs",
    "random seed",
    "rng",
)


def _commands() -> list[str]:
    """The names `parlour` takes as its first word (from the click group itself)."""
    names = cli.list_commands(click.Context(cli))
    assert "pack" in names and "doublets" in names
    return sorted(names)


def computer_talk(text: str) -> list[str]:
    """What on a page reads as talk to a computer (empty when the page is fit for a family)."""
    flat = " ".join(text.split())
    found: list[str] = []
    rules = [
        ("a command line", r"\bparlour\s+(?:" + "|".join(map(re.escape, _commands())) + r")\b"),
        ("an option name", r"(?<![\w-])--[a-z][a-z-]*"),
        ("a file name", r"\b[\w/.-]+\.(?:toml|pdf|json|csv|png)\b"),
        ("json", r"\bjson\b"),
        ("a seed", r"\bseeds?\s*[:=#]?\s*\d+"),
        ("a grid reference", r"\(r\d+c\d+\)|\br\d+c\d+\b"),
        ("a lost-source note", r"original diagram is lost"),
    ]
    for what, rx in rules:
        for m in re.finditer(rx, flat, re.IGNORECASE):
            found.append(f"{what}: {m.group(0)!r}")
    low = flat.lower()
    for word in ALGORITHM_WORDS:
        if re.search(rf"\b{re.escape(word)}\b", low):
            found.append(f"an algorithm word: {word!r}")
    return found


@pytest.fixture(scope="module")
def packs(printed) -> dict[tuple[str, str], list[str]]:
    """Each build's pages as text (each PDF made once per session, shared with the paper checks)."""
    return {
        (paper, spelling): [
            p.extract_text() or ""
            for p in PdfReader(str(printed("pack", "--paper", paper, "--spelling", spelling))).pages
        ]
        for paper, spelling in BUILDS
    }


def _family(pages: list[str]) -> list[tuple[int, str]]:
    return [(i, t) for i, t in enumerate(pages, 1) if not COMMAND_PAGES.match(t)]


@pytest.mark.parametrize(("paper", "spelling"), BUILDS)
def test_no_computer_talk_on_any_family_page(packs, paper, spelling):
    pages = packs[(paper, spelling)]
    assert len(pages) > 40  # the whole pack, piecepack kit and all
    bad = {i: computer_talk(t) for i, t in _family(pages)}
    bad = {i: found for i, found in bad.items() if found}
    assert not bad, f"{paper}/{spelling}: computer talk on family pages: {bad}"


@pytest.mark.parametrize(("paper", "spelling"), BUILDS)
def test_the_calibration_sheet_keeps_its_commands(packs, paper, spelling):
    # the allow-list is by title, and the sheet it lets through still tells the user what to type
    cal = [t for t in packs[(paper, spelling)] if COMMAND_PAGES.match(t) and "Calibration sheet" in t]
    assert cal and any(computer_talk(t) for t in cal)


@pytest.mark.parametrize(("paper", "spelling"), BUILDS)
def test_prose_follows_the_spelling(packs, paper, spelling):
    text = " ".join(" ".join(packs[(paper, spelling)]).split())
    wrong = sorted({w for w in other_forms(spelling) if re.search(rf"\b{w}\b", text, re.IGNORECASE)})
    assert not wrong, f"{paper}/{spelling}: the {spelling.upper()} pack prints {wrong}"
    # and it prints the chosen forms (the check is not vacuous)
    for uk, us in PROSE_PAIRS:
        if uk in ("centre", "grey", "neighbouring"):
            assert re.search(rf"\b{uk if spelling == 'uk' else us}\b", text, re.IGNORECASE), (spelling, uk)


@pytest.mark.parametrize(
    "page",
    [
        "Lay the tiles. parlour sorcerer board --full-size",
        "the scoring paper (parlour doublets scorepad)",
        "know the rules by name (--variant)",
        "its own pattern (templates/sorcerer_orbs.toml)",
        "as in --json (r3c7 is row 3)",
        "Doublets seed 1 8 puzzles",
        "searched exhaustively (iterative deepening with exact distance bounds)",
        "parlour's own (the original diagram is lost)",
    ],
)
def test_the_scan_catches_each_kind_of_computer_talk(page):
    assert computer_talk(page), page


@pytest.mark.parametrize(
    "page",
    [
        "parlour game-night pack Contents",
        "HEEL → heed → seed → sled → slew → SLOW",
        "Doublets No. 1 8 puzzles · 4-letter words",
        "The scoring paper in the Doublets section",
        "a two-letter word -- or not",
    ],
)
def test_the_scan_lets_family_words_be(page):
    assert computer_talk(page) == [], page


def test_an_unknown_title_is_not_allowed_through():
    assert COMMAND_PAGES.match("Print guide\nparlour pack --paper a4")
    assert COMMAND_PAGES.match("Calibration sheet (flip on the long edge): back")
    assert not COMMAND_PAGES.match("Doublets: how to play")
    assert not COMMAND_PAGES.match("Chimera's Lair · referee's key")
