"""Tests for generator.games.doublets.model: difficulty bands, dates, which words may be ends."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest

from generator.games.doublets import model as D
from generator.games.doublets.choose import SheetAsk, make_sheet
from generator.games.doublets.model import DoubletsError, difficulty_of, seed_for_date
from generator.games.doublets.scorepad import make_scorepad
from generator.words.lexicon import load


@pytest.fixture(scope="module")
def real():
    return load()


# --- difficulty -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "par,count,band",
    [
        (1, 5, None),  # too short for any band
        (2, 2, "easy"),
        (2, 1, "medium"),  # one way only
        (3, 4, "easy"),
        (3, 3, "medium"),
        (4, 9, "medium"),
        (4, 1, "hard"),
        (5, 2, "hard"),
        (6, 50, "hard"),
        (6, 1, "fiendish"),
        (8, 1, "fiendish"),
        (9, 1, None),  # score 11: beyond fiendish
        (10, 4, "fiendish"),
        (11, 99, None),  # par above MAX_PAR
    ],
)
def test_difficulty_bands(par, count, band):
    assert difficulty_of(par, count) == band


def test_bands_are_contiguous_and_ordered():
    bands = list(D.DIFFICULTY_BANDS.values())
    assert bands[0][0] == D.MIN_PAR
    for (_, hi), (lo, _) in itertools.pairwise(bands):
        assert lo == hi + 1


def test_date_seed_is_stable():
    # Pinned: a change here silently changes every daily sheet ever printed.
    assert seed_for_date("2025-01-01") == seed_for_date(dt.date(2025, 1, 1))
    assert seed_for_date("2025-01-01") == 7422732100833078316
    assert seed_for_date("2025-01-02") != seed_for_date("2025-01-01")
    sheet = make_sheet(4, 4, "easy", ask=SheetAsk(date="2025-01-01"))
    assert sheet.date == "2025-01-01" and sheet.seed == seed_for_date("2025-01-01")
    assert sheet == make_sheet(4, 4, "easy", ask=SheetAsk(date=dt.date(2025, 1, 1)))
    assert "2025-01-01" in sheet.subtitle


# --- which common words may be ends ----------------------------------------------------------


def test_not_puzzle_ends_list_is_curated(real):
    text = D.NOT_PUZZLE_ENDS_FILE.read_text(encoding="utf-8")
    sections: list[list[str]] = []
    for line in text.splitlines():
        if line.startswith("# --"):
            sections.append([])
        elif line.strip() and not line.startswith("#"):
            assert sections, f"{line!r} comes before the first section heading"
            sections[-1].append(line.strip())
    words = [w for sec in sections for w in sec]
    assert len(words) == len(set(words)), "a word is listed twice"
    assert set(words) == D.not_puzzle_ends()
    for sec in sections:
        assert sec == sorted(sec), "keep each section sorted"
    # Every entry is a lexicon word a sheet could otherwise have printed (else it is dead weight):
    # most are common words (possible ends); the rest are links the keys must not show.
    stray = [w for w in words if not (w.isalpha() and w.islower() and 3 <= len(w) <= 8)]
    assert not stray
    assert not [w for w in words if w not in real]
    assert sum(real.in_tier(w, "common") for w in words) > 0.8 * len(words)
    # The odd ends that prompted the list.
    for w in ("situ", "whit", "ins", "ifs", "ems", "ump", "fer", "emo", "orcs", "harry"):
        assert w in D.not_puzzle_ends() and not D.is_puzzle_end(w, real)
    assert D.is_puzzle_end("head", real) and not D.is_puzzle_end("qqqq", real)


def test_doublets_errors_are_parlour_errors():
    from generator.errors import ParlourError

    assert issubclass(DoubletsError, ParlourError)


def test_rule_text_is_in_our_own_words():
    from generator.games.doublets.draw import jewels as doublets_jewels_draw
    from tests.seedtext import copied_runs

    texts = [D.SHEET_RULES, doublets_jewels_draw.JEWELS_RULES, doublets_jewels_draw.JEWELS_SCORING]
    for players in (2, 3, 5, 12):
        texts += make_scorepad(players).notes
    assert copied_runs("\n".join(texts)) == []
    # the check itself: a sentence lifted from the rules is caught
    assert copied_runs("a null chain is reckoned as being two links longer than a correct one")
