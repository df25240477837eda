"""Tests for generator.games.doublets.daily: each date's sheet on its own, and its promises."""

from __future__ import annotations

import datetime as dt
from collections import Counter

import networkx as nx
import pytest

from generator.games.doublets import daily as DD
from generator.games.doublets import story as DS
from generator.games.doublets.model import DoubletsError, not_puzzle_ends
from generator.games.doublets.prompts import UNRELATED
from generator.words.ladder import ladders_for
from generator.words.lexicon import load
from tests.wordsets import assert_valid_chain, real_naive_graph, real_wide_naive_graph

YEARS = dt.date(2027, 1, 1)  # issue 33's two years, 2027 and 2028 (731 days), made once a module
FIRST = dt.date(2027, 11, 20)  # a run of 70 days in them that crosses a year (the classes' turn)


@pytest.fixture(scope="module")
def real():
    return load()


@pytest.fixture(scope="module")
def ladders():
    return ladders_for(None, "us")


@pytest.fixture(scope="module")
def two_years():
    return list(DD.daily_sheets(YEARS, 731))


@pytest.fixture(scope="module")
def run(two_years):
    k = (FIRST - YEARS).days
    return two_years[k : k + 70]


def _fresh(ladders) -> None:
    DD._chosen.cache_clear()
    DD._counts.cache_clear()
    DD._dead.cache_clear()


def test_a_date_is_the_same_alone_or_in_a_run(run, ladders, tmp_path, monkeypatch):
    """A day's sheet follows from its date alone: asked for by itself, with nothing chosen
    before in this process and an empty cache, it is the sheet the run printed; asked for
    again, it is read back from the cache (its class's year) as it was."""
    from generator import cache

    for k in (0, 11, 41, 69):
        monkeypatch.setenv("PARLOUR_CACHE_DIR", str(tmp_path / str(k)))
        _fresh(ladders)
        alone = DD.daily_sheet(FIRST + dt.timedelta(days=k))
        assert alone == run[k], k
        kept = list((tmp_path / str(k)).glob("doublets-daily-class-year-*.bin"))
        assert len(kept) == 1  # the days of its class in its year
        _fresh(ladders)
        assert DD.daily_sheet(FIRST + dt.timedelta(days=k)) == alone
    assert cache.cache_dir() == tmp_path / "69"


def test_every_day_leads_with_a_story(run):
    for sheet in run:
        story = sheet.puzzles[0]
        assert story.relation != UNRELATED
        assert not story.prompt.startswith("Change"), story.prompt
        assert story.start.upper() in story.prompt and story.end.upper() in story.prompt
        assert all(p.relation == UNRELATED or p is story for p in sheet.puzzles)


def test_practice_keeps_its_promises(run, real, ladders):
    """Practice: graded by par; ends everyday base-form words, none back within END_GAP days;
    no pair twice; every key a minimal chain of familiar words (par and count checked against
    networkx, and no frequent broad word makes a shorter chain)."""
    last: dict[str, tuple[int, bool]] = {}
    pairs: set[frozenset[str]] = set()
    listed: list[bool] = []
    strange: list[bool] = []
    for i, sheet in enumerate(run):
        assert len(sheet.puzzles) == DD.DAILY_COUNT
        practice = sheet.puzzles[1:]
        assert [p.par for p in practice] == sorted(p.par for p in practice)
        ends = [w for p in sheet.puzzles for w in (p.start, p.end)]
        assert len(ends) == len(set(ends))
        for k, w in enumerate(ends):  # a story's word may come back in a story (story_cycle)
            assert w not in last or i - last[w][0] >= DD.END_GAP or (k < 2 and last[w][1]), (w, sheet.date)
            last[w] = (i, k < 2)
        for p in practice:
            pair = frozenset((p.start, p.end))
            assert pair not in pairs
            pairs.add(pair)
            for w in (p.start, p.end):  # a spare everyday end only where the listed ones run out
                assert DS.everyday(w, ladders, listed=False), w
                listed.append(DS.everyday_end(w, ladders))
        for p in sheet.puzzles:
            assert_valid_chain(list(p.chain), real, p.start, p.end, p.par)
            assert all(DS.family_link(w, ladders, loose=True) for w in p.links), p.chain
            strange.append(not all(DS.family_link(w, ladders) for w in p.links))  # the last resort
            assert not set(p.links) & not_puzzle_ends()
            if i % 10 or p.length != 4:
                continue  # the oracle reads every tenth day's 4-letter ladders (networkx is slow)
            g = real_naive_graph(p.length)
            assert nx.shortest_path_length(g, p.start, p.end) - 1 == p.par
            assert sum(1 for _ in nx.all_shortest_paths(g, p.start, p.end)) == p.shortest_chains
            if p is not sheet.puzzles[0]:
                wide = real_wide_naive_graph(p.length, 3.0)
                assert nx.shortest_path_length(wide, p.start, p.end) - 1 == p.par
        uses = Counter(w for p in sheet.puzzles for w in p.chain)
        assert max(uses.values()) <= DD.MAX_KEY_USES
    assert sum(listed) >= 0.8 * len(listed)  # (two years: test_two_years_of_dailies)
    assert sum(strange) <= 0.02 * len(strange)  # keys needing a word outside everyday use (two years: 1 %)


def test_the_weekend_has_longer_chains():
    assert DD.week_bands("2027-01-04", 3) == ["easy", "medium", "hard"]  # a Monday
    assert DD.week_bands("2027-01-09", 3) == ["medium", "hard", "hard"]  # a Saturday
    assert DD.week_length("2027-01-09") == DD.week_length("2027-01-04")


def test_a_pair_comes_back_only_two_years_later():
    """The rules behind 'no pair twice within a year': a class holds at most twelve days of a
    calendar year (so a date chooses at most twelve), a pair's two ends are of one class, and
    a pair may be used only in years of its parity."""
    assert 366 <= DD.END_GAP * 12
    a, b = "bell", "book"
    assert DD._pair_parity(a, b) == DD._pair_parity(b, a) in (0, 1)


def test_the_story_cycle_spaces_words(ladders):
    """No word of a story comes back in another story within STORY_SPACING days, read round
    the cycle (day n takes place n mod its length), across its end too: checked by hand here,
    not by cycle_clashes."""
    cycle = DD._cycle(ladders)
    assert len({(s.start, s.end) for s in cycle}) == len(cycle) == len(DS.story_pool(ladders))
    size, seen = len(cycle), {}
    for i, s in enumerate(cycle * 2):  # twice round: the wrap is read like any other day
        for w in {s.start, s.end}:
            if w in seen:
                assert i - seen[w] >= DS.STORY_SPACING, (w, i % size)
            seen[w] = i
    assert DS.cycle_clashes(cycle) == []


def test_the_story_cycle_spaces_a_pool_it_can_and_reports_one_it_cannot():
    """A word in as many stories as the cycle has room for is spaced; a pool that cannot be
    spaced (one word in more stories than that) is reported, place by place."""
    stories = [DS.Story(f"a{i}", f"b{i}", "", "home") for i in range(90)]
    stories += [DS.Story(f"c{i}", "barn", "", "home") for i in range(3)]
    cycle = DS.story_cycle(stories)
    assert sorted(cycle, key=str) == sorted(stories, key=str) and DS.cycle_clashes(cycle) == []
    crowded = stories + [DS.Story(f"d{i}", "barn", "", "home") for i in range(2)]  # 5 x 31 > 95
    clashes = DS.cycle_clashes(DS.story_cycle(crowded))
    assert clashes and {w for _, _, w in clashes} == {"barn"}


def test_the_story_pool_is_base_forms_with_family_keys(ladders):
    pool = DS.story_pool(ladders)
    curated, _ = DS.candidate_stories()
    assert len(pool) >= 100
    for story in pool:
        if not curated:  # a hand-picked pair may be plural (HENS into the COOP)
            assert not DS.inflected(story.start, ladders) and not DS.inflected(story.end, ladders)
        assert not story.prompt.startswith("Change")
        assert DS.familiar_key(ladders.graph(len(story.start)), story.start, story.end, ladders)


def test_inflections_are_no_everyday_ends(ladders):
    for word in ("hoped", "hotter", "cried", "jumped", "walks", "tallest"):
        assert DS.inflected(word, ladders), word
    for word in ("seed", "shed", "bell", "glass", "news", "bus"):
        assert not DS.inflected(word, ladders), word


def test_a_day_it_cannot_fill_says_so(ladders):
    with pytest.raises(DoubletsError, match="daily"):
        DD.daily_sheet("2027-01-04", DD.DailyRequest(length=8, difficulty="fiendish"))


def test_the_sheet_names_every_length_it_prints(run):
    """The subtitle tells the lengths the sheet holds: a day whose story is longer or shorter
    than its practice says so (it said "4-letter words" under a 5-letter story)."""
    from generator.games.doublets.draw import sheet_about

    for sheet in run:
        lengths = sorted({len(p.start) for p in sheet.puzzles})
        label = sheet.words_label
        assert label in sheet.subtitle and label in sheet_about(sheet)
        assert all(f"{n}-" in label for n in lengths), (label, lengths)
    mixed = next(s for s in run if len({len(p.start) for p in s.puzzles}) > 1)
    assert mixed.words_label != f"{mixed.length}-letter words"


def test_two_years_of_dailies_keep_issue_33s_promises(two_years, real, ladders):
    """Issue 33's "Done when" over 2027 and 2028, read with the lexicon's own marks (not the
    daily's): a story every day, at least 25 story days a month; no end word back within
    END_GAP days, story or practice, across the story cycle's end; 90 % of ends on the list of
    words children know; inflected ends at most 2 %; keys needing a word outside everyday use
    at most 1 %; no end or link of the family list or of the grown-up words; no practice pair
    twice within a year; no link serving more keys a year than the audit's limit."""
    from generator.commands.audit import MIDDLE_YEAR_MOST
    from generator.words.relations import inflected_form, not_an_end
    from generator.words.stories import stories

    pool = {frozenset((s.start, s.end)) for s in stories()}
    months: Counter[str] = Counter()
    last: dict[str, int] = {}
    practice: dict[frozenset[str], int] = {}
    links: dict[int, Counter[str]] = {2027: Counter(), 2028: Counter()}
    ends: list[str] = []
    strange = 0
    for i, sheet in enumerate(two_years):
        day = dt.date.fromisoformat(sheet.date or "")
        months[day.strftime("%Y-%m")] += frozenset((sheet.puzzles[0].start, sheet.puzzles[0].end)) in pool
        for k, p in enumerate(sheet.puzzles):
            for w in (p.start, p.end):
                assert w not in last or i - last[w] >= DD.END_GAP, (w, sheet.date)
                ends.append(w)
            for w in (p.start, p.end):
                last[w] = i
            if k:
                pair = frozenset((p.start, p.end))
                assert pair not in practice or i - practice[pair] >= 366, (pair, sheet.date)
                practice[pair] = i
            strange += not all(real.everyday(w) for w in p.links)
            assert not any(real.print_reason(w) == "family" for w in p.chain), p.chain
            assert not any(not_an_end(w) == "grown" for w in p.chain), p.chain
            links[day.year].update(p.links)
    assert len(months) == 24 and min(months.values()) >= 25, months
    assert sum(real.familiar(w) for w in ends) >= 0.9 * len(ends)
    assert sum(bool(inflected_form(w)) for w in ends) <= 0.02 * len(ends)
    assert strange <= 0.01 * 4 * len(two_years)
    for used in links.values():
        assert max(used.values()) <= MIDDLE_YEAR_MOST, used.most_common(3)


def test_no_story_comes_twice_in_two_years(ladders):
    """The story cycle is as long as the pool, and the pool holds at least 731 stories, so
    2027 and 2028 show no story twice (day n takes place n mod its length)."""
    cycle = DD._cycle(ladders)
    assert len(cycle) >= 731
    shown = [DD.story_of_day(YEARS + dt.timedelta(days=k), ladders) for k in range(731)]
    assert len(set(shown)) == 731
    assert {frozenset((s.start, s.end)) for s in shown} <= {frozenset((s.start, s.end)) for s in cycle}
