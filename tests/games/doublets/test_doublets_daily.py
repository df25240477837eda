"""Tests for generator.games.doublets.daily: the schedule's promises over a month and years."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest

from generator.games.doublets import daily as DD
from generator.words.lexicon import load
from tests.games.doublets.test_doublets_choose import check_sheet


@pytest.fixture(scope="module")
def real():
    return load()


# --- the daily schedule -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def january():
    return list(DD.daily_sheets("2026-01-01", 31))


def test_a_month_of_dailies_keeps_its_promises(real, january):
    assert [s.date for s in january] == [
        (dt.date(2026, 1, 1) + dt.timedelta(days=i)).isoformat() for i in range(31)
    ]
    pairs = [frozenset((p.start, p.end)) for s in january for p in s.puzzles]
    assert len(pairs) == len(set(pairs)), "a puzzle repeats"
    last: dict[str, int] = {}
    for i, s in enumerate(january):
        check_sheet(s, real)
        for p in s.puzzles:
            for w in (p.start, p.end):
                assert w not in last or i - last[w] > DD.DAILY_GAP, (w, last.get(w), i)
                last[w] = i
            if not s.relaxed:
                assert DD.daily_pair_allowed(p.start, p.end, 2026)
        if i < DD.DAILY_GAP and not s.relaxed:  # the first stretch of a year: one half of the ends
            assert all(DD.word_half(w) == 2026 % 2 for p in s.puzzles for w in (p.start, p.end))
    assert sum(s.relaxed for s in january) <= 6  # measured: 4 in January 2026


def test_dailies_take_related_ends_first_up_to_their_share(january):
    """Related ends are tried first in every slot, so a January of 4-letter dailies holds at
    least DAILY_RELATED of them on most days (an end drawn at random may also happen to be
    related, so a day can hold more)."""
    related = [sum(p.relation != "unrelated" for p in s.puzzles) for s in january]
    assert DD.DAILY_RELATED is not None and DD.DAILY_RELATED >= 3
    assert sum(n >= DD.DAILY_RELATED for n in related) > len(january) // 2, related


def test_a_daily_sheet_is_the_same_whatever_range_asks_for_it(january):
    assert DD.daily_sheet("2026-01-20") == january[19]
    assert list(DD.daily_sheets("2026-01-10", 3)) == january[9:12]
    assert DD.daily_gap(8, 4) == DD.DAILY_GAP


def test_the_pair_rule_never_allows_a_pair_twice_within_a_year(real):
    import random

    words = real.words("common", 4)
    rng = random.Random(3)
    for _ in range(3000):
        a, b = rng.sample(words, 2)
        years = [y for y in range(2020, 2032) if DD.daily_pair_allowed(a, b, y)]
        assert years, (a, b)  # every pair has its years
        assert all(y2 - y1 >= 2 for y1, y2 in itertools.pairwise(years)), (a, b, years)
        # and within a year, a pair's two ends are in the half of the year's first and last
        # stretches only if the pair is allowed that year at all
        if DD.word_half(a) == DD.word_half(b):
            assert all(y % 2 == DD.word_half(a) for y in years)


def test_daily_blocks_are_calendar_years():
    assert DD.daily_block("2025-03-01") == (2025, dt.date(2025, 1, 1), 365)
    assert DD.daily_block("2024-12-31") == (2024, dt.date(2024, 1, 1), 366)


def test_pruning_leaves_the_daily_choice_unchanged(monkeypatch, january):
    """Ten days chosen with the bitset rejections off (every pair searched) are the same."""
    from generator.games.doublets import ends as doublets_ends

    monkeypatch.setattr(doublets_ends, "PRUNE", False)
    assert list(DD.daily_sheets("2026-01-01", 10)) == january[:10]
    five = list(DD.daily_sheets("2026-01-01", 4, length=5))
    monkeypatch.setattr(doublets_ends, "PRUNE", True)
    assert list(DD.daily_sheets("2026-01-01", 4, length=5)) == five


def test_the_week_has_a_shape_and_length_pins_it():
    week = list(DD.daily_sheets("2026-01-05", 7, length=None))  # Monday to Sunday
    assert [s.length for s in week] == list(DD.WEEK_LENGTHS)
    assert min(DD.WEEK_LENGTHS[:3]) < max(DD.WEEK_LENGTHS[5:])  # short early in the week, long at the weekend
    assert DD.daily_sheet("2026-01-10", length=None) == week[5]  # the same whatever the range
    assert DD.week_length("2026-01-11") == DD.WEEK_LENGTHS[6]
    assert {s.length for s in DD.daily_sheets("2026-01-05", 7, length=5)} == {5}
    for sheet in week:
        links = [set(p.links) for p in sheet.puzzles]
        assert all(len(a & b) < 3 for i, a in enumerate(links) for b in links[i + 1 :])


def test_no_word_is_a_link_more_often_than_the_years_cap(monkeypatch, real):
    """The cap on a link's uses in a year is hard: with it lowered to 4, a month of dailies
    never uses a word as a link a fifth time (the month's puzzles still fill and keep their
    promises)."""
    from collections import Counter

    monkeypatch.setattr(DD, "MIDDLE_YEAR_MOST", 4)
    month = list(DD.daily_sheets("2026-01-01", 31))
    uses = Counter(w for s in month for p in s.puzzles for w in p.links)
    assert uses and max(uses.values()) <= 4, uses.most_common(5)
    assert all(len(s.puzzles) == 8 for s in month)
    for s in month[:5]:
        check_sheet(s, real)


def test_pruning_round_spent_words_leaves_the_choice_unchanged(monkeypatch):
    """With the year's cap lowered so that words are spent within days, the bitsets built
    round the spent words (and rebuilt only every few words) pick the same puzzles as a
    search that tests every pair."""
    from generator.games.doublets import ends as doublets_ends

    monkeypatch.setattr(DD, "MIDDLE_YEAR_MOST", 3)
    pruned = list(DD.daily_sheets("2026-01-01", 12))
    assert any(len(p.links) for s in pruned for p in s.puzzles)
    monkeypatch.setattr(doublets_ends, "PRUNE", False)
    assert list(DD.daily_sheets("2026-01-01", 12)) == pruned
