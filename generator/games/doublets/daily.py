"""Daily Doublets: a story puzzle and graded practice for any date, worked out from the date alone.

A day's sheet depends on its date and parlour's data, never on the days before it, so any date
is as quick as today.  The guarantees come from the construction:

- The story: the story pool (doublets.story) in a fixed cycle; day n (the date's ordinal)
  takes place n mod P of it, so a story comes back only after P days (two years once the
  pool holds 731 stories), and a story's word seldom comes back in another story within a
  month (story_cycle spaces them).
- The practice ends: every everyday end word of a length has a class, a hash of the word mod
  END_GAP; day n takes ends of class n mod END_GAP only, so an end word comes back after
  END_GAP days at the soonest.  Practice never ends on a word that ends a story within
  END_GAP days either way.
- The practice pairs: the days of a class are chosen a calendar year at a time (at most
  twelve days: 366 < 12 x END_GAP), each avoiding the pairs of the class's days before it in
  the year; a pair may be used only in years whose parity is a hash of the pair, so it comes
  back two years later at the soonest.  A pair's ends are of one class, so no pair comes
  twice within a year.  A date costs at most twelve days of choosing; no story pair is
  practice.
- Links: a word is in at most MAX_KEY_USES keys of a sheet, and no two puzzles share
  SHARED_LINKS links; a word rests one week in LINK_REST_SHARE (by a hash of it and the
  week: keys go round it where another minimal chain allows), to spread the busiest links.
  No link is worn out: a day knows the keys of its class's days before it in the year (it
  chooses them), so a practice key may not pass through a word those keys (and the stories'
  keys) already passed through LINK_CLASS_USES times (one, two more as the day's rules give
  way, four at the last resort: _slot), and goes round a word they passed through once where
  it can.
  A word links at most LINK_YEAR_CAP practice keys a year however the days fall; measured
  over 2027-2028 the busiest links serve at most 36 keys a year, story keys included (SOOT
  served 54; bench/bench_daily_years.py). Story keys spread their links over the pool
  (story.STORY_LINK_SHARE).
- Words: the practice ends are everyday base-form words, and every key is a minimal chain of
  familiar words (doublets.story): par is reachable by words a child knows.
"""

from __future__ import annotations

import datetime as _dt
import functools
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from generator.games.doublets.choose import SHARED_LINKS, _sheet_bands
from generator.games.doublets.model import (
    DAILY_COUNT,
    MAX_KEY_USES,
    MAX_PAR,
    MIN_PAR,
    MIXED,
    DoubletsError,
    Puzzle,
    Sheet,
    difficulty_of,
    ends_for,
    parse_date,
    seed_for_date,
)
from generator.games.doublets.story import (
    Story,
    everyday,
    family_link,
    known,
    stable_hash,
    story_order,
)
from generator.words.ladder import DEFAULT_SPELLING, ladders_for

if TYPE_CHECKING:  # pragma: no cover - typing only
    from generator.words.ladder import Ladders, WordGraph
    from generator.words.lexicon import Lexicon

END_GAP = 31  # days before a practice end word may come back
LINK_CLASS_USES = 1  # keys a link serves in its class's days of a year (more as _slot gives way)
LINK_YEAR_CAP = END_GAP * (LINK_CLASS_USES + 4)  # practice keys a link may serve in a year (a bound)
LINK_REST_SHARE = 2  # a key goes round a word where it can one week in this many (a hash)
# The week's shape: the same everyday 4-letter words all week; the weekend's chains are longer.
WEEKDAY_BANDS = ("easy", "medium", "hard")
WEEKEND_BANDS = ("medium", "hard", "hard")
WEEK_LENGTHS = (4, 4, 4, 4, 4, 4, 4)


def week_length(date: _dt.date | str) -> int:
    """Letters per word of the daily sheet's practice for `date` when no length is given."""
    return WEEK_LENGTHS[parse_date(date).weekday()]


def week_bands(date: _dt.date | str, count: int) -> list[str]:
    """The bands of a day's `count` practice puzzles, easiest first: easy to hard on weekdays,
    medium to fiendish at the weekend (the first bands take any extra puzzles)."""
    names = WEEKEND_BANDS if parse_date(date).weekday() >= 5 else WEEKDAY_BANDS
    share, extra = divmod(count, len(names))
    return [n for i, n in enumerate(names) for _ in range(share + (1 if i < extra else 0))]


def _word_class(word: str) -> int:
    return stable_hash(f"parlour/doublets/daily/{word}") % END_GAP


def _pair_parity(a: str, b: str) -> int:
    return _pair_hash(min(a, b), max(a, b)) & 1


@functools.lru_cache(maxsize=1 << 16)
def _pair_hash(lo: str, hi: str) -> int:
    return stable_hash(f"parlour/doublets/daily/{lo}/{hi}")


def _day_order(n: int, a: str, b: str) -> int:
    """Where the pair a, b (a < b) stands in day n's order: its hash mixed with the day's (a
    day's own shuffle of its class's pairs, cheap to recompute for every day)."""
    return ((_pair_hash(a, b) >> 1) ^ (n * 0x9E3779B97F4A7C15)) * 0xBF58476D1CE4E5B9 % (1 << 64)


def _resting(word: str, week: int) -> bool:
    return stable_hash(f"parlour/doublets/rest/{word}/{week}") % LINK_REST_SHARE == 0


@dataclass(frozen=True)
class DailyRequest:
    """What a day's sheet is asked for (the daily command's options)."""

    count: int = DAILY_COUNT
    length: int | None = None  # None: the week's shape
    difficulty: str | None = MIXED
    links: tuple[int, int] | None = None
    unique: bool = False
    spelling: str = DEFAULT_SPELLING


def story_of_day(date: _dt.date | str, ladders: Ladders) -> Story:
    """The story a date leads with (the story cycle, place date-ordinal mod its length)."""
    cycle = _cycle(ladders)
    return cycle[parse_date(date).toordinal() % len(cycle)]


@functools.lru_cache(maxsize=4)
def _cycle(ladders: Ladders) -> tuple[Story, ...]:
    cycle = story_order(ladders)
    if not cycle:
        raise DoubletsError("the story pool is empty: no daily sheet can lead with a story")
    return cycle


def _story_puzzle(story: Story, ladders: Ladders) -> Puzzle:
    from generator.games.doublets.story import familiar_key

    g = ladders.graph(len(story.start))
    if story.key:  # the key story_pool chose (its links spread over the pool)
        got = g.par_and_count(story.start, story.end, MAX_PAR)
        assert got is not None
        (par, ways), chain = got, story.key
    else:
        found = familiar_key(g, story.start, story.end, ladders)
        assert found is not None  # the pool holds only stories with a familiar key
        par, ways, chain = found
    return Puzzle(story.start, story.end, par, chain, ways, story.relation, story.prompt)


def _story_ends(n: int, ladders: Ladders) -> tuple[str, str]:
    cycle = _cycle(ladders)
    story = cycle[n % len(cycle)]
    return story.start, story.end


@dataclass
class _Day:
    """One day's practice being chosen: its graph, its candidate pairs and what the sheet holds."""

    g: WordGraph
    ladders: Ladders
    week: int  # links rest some weeks (_resting)
    spent: Counter[str]  # links of the keys of the class's days before it this year, and the story's
    pairs: list[tuple[int, int]]  # (start, end) ids of listed words, in the day's order
    more: list[tuple[int, int]]  # pairs with a spare end (not on the list), in the day's order
    key_uses: Counter[str]
    used_ends: set[str]
    taken: list[frozenset[str]]
    extra: int = 0  # keys a link may serve in its class's year beyond LINK_CLASS_USES
    relaxed: int = 0  # 1: the sheet's link rules give way (one more key a word, shared links);
    # 2: the last resorts, any band from ends on the list or spare; 3: and a link need only be
    # printed and frequent, not on the everyday list.


def _day(n: int, length: int, ladders: Ladders, story: Puzzle, before: _Before) -> _Day:
    """Day n's candidate practice pairs: both ends of the day's class, everyday words, no
    story's end within END_GAP days, the pair's parity this year and not used earlier in the
    year (`before`), not a story pair, never one letter apart or two spellings of one word."""
    g = ladders.graph(length)
    words = g.words
    near = {w for k in range(1 - END_GAP, END_GAP) for w in _story_ends(n + k, ladders)}
    stories = _story_pairs(ladders)
    parity, key = _dt.date.fromordinal(n).year % 2, ladders.variant_key
    barred = before.pairs

    def ok(s: int, t: int) -> bool:
        a, b = words[s], words[t]
        pair = frozenset((a, b))
        return (
            _pair_parity(a, b) == parity and key(a) != key(b) and pair not in stories and pair not in barred
        )

    listed, spare = (
        [i for i in _classes(ladders, length, tier)[n % END_GAP] if words[i] not in near] for tier in (0, 1)
    )
    pairs: list[tuple[int, int]] = []  # pairs of listed ends first; a spare end only where they run out
    more: list[tuple[int, int]] = []
    for got, ends in ((pairs, listed), (more, listed + spare)):
        for i, s in enumerate(ends):
            for t in ends[i + 1 :]:
                if (got is pairs or s in spare or t in spare) and ok(s, t):
                    got.append((s, t) if s < t else (t, s))
        got.sort(key=lambda p: _day_order(n, words[p[0]], words[p[1]]))
    return _Day(
        g,
        ladders,
        n // 7,
        before.links + Counter(story.links),
        pairs,
        more,
        Counter(story.chain),
        {story.start, story.end},
        [frozenset(story.links)],
    )


@functools.lru_cache(maxsize=16)
def _classes(ladders: Ladders, length: int, tier: int) -> list[list[int]]:
    """Class by class (see the module), the end words (ids) of `length` letters: tier 0 the
    everyday words on the list of words children know, tier 1 the other everyday words (kept
    in parlour's cache for the packaged lexicon)."""
    if not ladders.packaged:
        return _end_classes(ladders, length)[tier]
    import marshal

    from generator.games.doublets.kept import kept

    def decode(view: memoryview) -> tuple[list[list[int]], list[list[int]]]:
        got = marshal.loads(view)
        if (
            type(got) is not tuple
            or len(got) != 2
            or any(type(t) is not list or len(t) != END_GAP for t in got)
        ):
            raise ValueError("not saved end classes")
        return got[0], got[1]

    got = kept(
        "daily-classes",
        ladders.spelling,
        length,
        lambda: _end_classes(ladders, length),
        encode=marshal.dumps,
        decode=decode,
    )
    return got[tier]


def _end_classes(ladders: Ladders, length: int) -> tuple[list[list[int]], list[list[int]]]:
    g = ladders.graph(length)
    got: tuple[list[list[int]], list[list[int]]] = (
        [[] for _ in range(END_GAP)],
        [[] for _ in range(END_GAP)],
    )
    for i in ends_for(ladders, length).pool:  # (the pool's words are puzzle ends)
        w = g.words[i]
        if everyday(w, ladders, listed=False):
            got[0 if everyday(w, ladders) else 1][_word_class(w)].append(i)
    return got


@functools.lru_cache(maxsize=16)
def _counts(ladders: Ladders, length: int) -> dict[tuple[int, int], tuple[int, int] | None]:
    """(par, minimal chains) of pairs of ends found so far in this run (the graph's, so kept)."""
    return {}


@functools.lru_cache(maxsize=16)
def _dead(ladders: Ladders, length: int) -> set[tuple[int, int, bool]]:
    """Pairs (and whether links were loose) found in this run to have no key of family links."""
    return set()


@functools.lru_cache(maxsize=16)
def _dags(ladders: Ladders, length: int) -> dict[tuple[str, str], tuple[Any, list[str]]]:
    """The minimal chains (a ladder_search DAG, and its inner words) of pairs found so far in
    this run, by (start, end): a pair is tried at every stage of _slot and on later days."""
    return {}


@functools.lru_cache(maxsize=16)
def _chosen(ladders: Ladders, req: DailyRequest) -> dict[int, Sheet]:
    """Day ordinal -> sheet, for the days chosen so far in this run."""
    return {}


def _story_pairs(ladders: Ladders) -> frozenset[frozenset[str]]:
    return frozenset(frozenset((s.start, s.end)) for s in _cycle(ladders))


def _keyed(d: _Day, s: int, t: int) -> Puzzle | None:
    """The puzzle s -> t keyed by a minimal chain of familiar words that keeps to the sheet's
    rules (no word in more than MAX_KEY_USES keys, no SHARED_LINKS links shared), going round
    links resting this week where it can; None if no such chain, or if a frequent word
    outside the standard list makes a shorter chain."""
    g, words = d.g, d.g.words
    a, b = words[s], words[t]
    if stable_hash(f"parlour/doublets/way/{a}/{b}") & 1:
        a, b = b, a
    loose, dead = d.relaxed > 2, _dead(d.ladders, g.length)
    if (s, t, loose) in dead:  # found before: no key of family links, whatever the sheet
        return None
    found = _dags(d.ladders, g.length).get((a, b))
    if found is None:
        dag = g.shortest(a, b, max_links=MAX_PAR)
        wide = ends_for(d.ladders, g.length).wide
        if dag is None or (
            wide is not None and dag.par > 0 and wide.par(a, b, max_links=dag.par - 1) is not None
        ):
            dead.add((s, t, False))
            dead.add((s, t, True))
            return None
        found = _dags(d.ladders, g.length)[(a, b)] = (dag, dag.words()[1:-1])
    dag, inner = found
    family = {g.index[w] for w in inner if not family_link(w, d.ladders, loose=loose)}
    if any(g.index[w] in family for w in dag.friendliest(family)[1:-1]):
        dead.add((s, t, loose))
        return None
    barred = {
        g.index[w]
        for w in inner
        if not family_link(w, d.ladders, loose=d.relaxed > 2)
        or d.key_uses[w] >= _most_keys(d)
        or d.spent[w] >= LINK_CLASS_USES + d.extra
    }
    shun = {g.index[w] for w in inner if _resting(w, d.week) or not known(w, d.ladders) or d.spent[w]}
    chain = dag.friendliest(barred | shun)
    if any(g.index[w] in barred for w in chain[1:-1]):  # go round shunned words only where they can
        chain = dag.friendliest(barred)
    links = frozenset(chain[1:-1])
    if any(g.index[w] in barred for w in links):
        return None
    if not d.relaxed and any(len(links & o) >= SHARED_LINKS for o in d.taken):
        return None
    return Puzzle(a, b, dag.par, tuple(chain), dag.count)


def _fits(band: str | None, par: int, ways: int, req: DailyRequest, ceiling: int) -> bool:
    if par > ceiling or (req.unique and ways != 1):
        return False
    if req.links is not None:
        return req.links[0] <= par <= req.links[1]
    return difficulty_of(par, ways) == band


def _counted(d: _Day, s: int, t: int) -> tuple[int, int] | None:
    """(par, minimal chains) of s -> t (s < t), found once per run."""
    counts = _counts(d.ladders, d.g.length)
    if (s, t) not in counts:
        counts[(s, t)] = d.g.par_and_count(d.g.words[s], d.g.words[t], MAX_PAR)
    return counts[(s, t)]


def _most_keys(d: _Day) -> int:
    """How many of the sheet's keys a word may already be in and still go into one more (as a
    link or an end): MAX_KEY_USES, one more once the day's rules give way."""
    return MAX_KEY_USES + min(d.relaxed, 1)


def _pick(d: _Day, pairs: list[tuple[int, int]], fits: Callable[[int, int], bool]) -> Puzzle | None:
    """The first of `pairs` whose par and ways `fits` with ends not yet on the sheet nor in as
    many of its keys as a link may be (_most_keys), and a key."""
    words, most = d.g.words, _most_keys(d)
    for s, t in pairs:
        a, b = words[s], words[t]
        if a in d.used_ends or b in d.used_ends or d.key_uses[a] >= most or d.key_uses[b] >= most:
            continue
        got = _counted(d, s, t)
        if got is None or got[0] < MIN_PAR or not fits(*got):
            continue
        found = _keyed(d, s, t)
        if found is not None:
            return found
    return None


def _slot(d: _Day, band: str | None, req: DailyRequest) -> Puzzle | None:
    """One practice puzzle: ends on the list before a spare end, the band before another band,
    and the sheet's link rules before they give way (one more key a word, shared links, a link
    one or two keys more in its class's year); as a last resort a link three, then four keys
    more and a key may hold a printed word off the everyday list (words audit counts them)."""
    ceiling = MAX_PAR if req.links is None else req.links[1]

    def in_band(par: int, ways: int) -> bool:
        return _fits(band, par, ways, req, ceiling)

    def any_band(par: int, ways: int) -> bool:
        return par <= ceiling and (not req.unique or ways == 1)

    for pairs in (d.pairs, d.more):
        for fits in (in_band, any_band):
            for d.relaxed, d.extra in ((0, 0), (1, 1), (1, 2)):
                puzzle = _pick(d, pairs, fits)
                if puzzle is not None:
                    return puzzle
    for d.relaxed, d.extra in ((2, 3), (3, 4)):  # the last resorts: any band, a link one key more
        puzzle = _pick(d, d.pairs + d.more, any_band)  # in its class's year, then off the
        if puzzle is not None:  # everyday list too
            return puzzle
    return None


def _practice(d: _Day, bands: Sequence[str | None], req: DailyRequest) -> list[Puzzle]:
    """The practice puzzles, easiest first (by par): bands filled hardest first (_slot says
    what gives way where a band cannot be filled: the end-word, pair and family rules never)."""
    got: list[Puzzle] = []
    for band in reversed(bands):
        puzzle = _slot(d, band, req)
        if puzzle is None:
            raise DoubletsError(
                f"no {band or 'practice'} puzzle of {d.g.length}-letter words fits the daily rules; "
                "try another length or difficulty"
            )
        d.used_ends.update((puzzle.start, puzzle.end))
        d.key_uses.update(puzzle.chain)
        d.spent.update(puzzle.links)
        d.taken.append(frozenset(puzzle.links))
        got.append(puzzle)
    return sorted(got, key=lambda p: (p.par, p.score))


def _bands(day: _dt.date, req: DailyRequest, difficulty: str | None) -> list[str | None]:
    rest = req.count - 1
    if req.links is not None:
        return [None] * rest
    if difficulty == MIXED:
        return list(week_bands(day, rest))
    return [difficulty] * rest


@dataclass
class _Before:
    """What the days of a class before a day in its year used: practice pairs, and key links."""

    pairs: set[frozenset[str]]
    links: Counter[str]


def _sheet_of(n: int, req: DailyRequest, ladders: Ladders, before: _Before) -> Sheet:
    """Day n's sheet, keeping to what the days of its class before it in the year used."""
    day = _dt.date.fromordinal(n)
    length = req.length if req.length is not None else week_length(day)
    difficulty, _ = _sheet_bands(req.count, length, req.difficulty, req.links, req.unique, req.spelling)
    story = _story_puzzle(story_of_day(day, ladders), ladders)
    bands = _bands(day, req, difficulty)
    practice = _practice(_day(n, length, ladders, story, before), bands, req) if bands else []
    return Sheet(
        puzzles=(story, *practice),
        length=length,
        difficulty=difficulty,
        links=req.links,
        seed=seed_for_date(day),
        date=day.isoformat(),
        unique=req.unique,
        spelling=req.spelling,
    )


def _class_year(first: int, last: int, req: DailyRequest, ladders: Ladders) -> tuple[Sheet, ...]:
    """The sheets of one class's days from ordinal `first` (its first day in a calendar year)
    to `last`, each keeping to what the days before it used."""
    before = _Before(set(), Counter())
    out = []
    for m in range(first, last + 1, END_GAP):
        sheet = _sheet_of(m, req, ladders, before)
        before.pairs.update(frozenset((p.start, p.end)) for p in sheet.puzzles[1:])
        before.links.update(w for p in sheet.puzzles for w in p.links)
        out.append(sheet)
    return tuple(out)


def _kept_class_year(first: int, req: DailyRequest, ladders: Ladders) -> tuple[Sheet, ...]:
    """_class_year of a class's whole calendar year, kept in parlour's cache (any date of it is
    read back at once; a year's book keeps 31 such files)."""
    import dataclasses
    import marshal

    from generator.games.doublets.kept import kept

    last = first
    while _dt.date.fromordinal(last + END_GAP).year == _dt.date.fromordinal(first).year:
        last += END_GAP

    def decode(view: memoryview) -> tuple[Sheet, ...]:
        rows = marshal.loads(view)
        if type(rows) is not tuple or any(type(r) is not tuple or type(r[0]) is not tuple for r in rows):
            raise ValueError("not saved sheets")
        return tuple(Sheet(tuple(Puzzle(*p) for p in r[0]), *r[1:]) for r in rows)

    def encode(sheets: tuple[Sheet, ...]) -> bytes:
        return marshal.dumps(tuple(dataclasses.astuple(s) for s in sheets))

    return kept(
        "daily-class-year",
        req.spelling,
        0,
        lambda: _class_year(first, last, req, ladders),
        params=(first, req),
        encode=encode,
        decode=decode,
    )


def daily_sheet_for(
    date: _dt.date | str, req: DailyRequest = DailyRequest(), lexicon: Lexicon | None = None
) -> Sheet:
    """The daily sheet of one date: its story first, then graded practice.  The days of its
    class earlier in its calendar year (at most eleven) are chosen first, so that no pair and
    no worn link comes back (see the module); for the packaged lexicon the class's whole year
    is chosen and kept in parlour's cache, and every sheet is kept for later days of a run."""
    day = parse_date(date)
    n = day.toordinal()
    ladders = ladders_for(lexicon, req.spelling)
    memo = _chosen(ladders, req)
    if n not in memo:
        first = n
        while _dt.date.fromordinal(first - END_GAP).year == day.year:
            first -= END_GAP
        if ladders.packaged:  # the class's whole year, kept
            sheets = _kept_class_year(first, req, ladders)
        else:  # (another lexicon: the days up to this one)
            sheets = _class_year(first, n, req, ladders)
        memo.update(zip(range(first, first + END_GAP * len(sheets), END_GAP), sheets, strict=True))
    return memo[n]


def daily_sheets(
    first: _dt.date | str, days: int, req: DailyRequest = DailyRequest(), lexicon: Lexicon | None = None
) -> Iterator[Sheet]:
    """The daily sheets of `days` days from `first`, in order; each date's sheet is its own."""
    start = parse_date(first)
    for k in range(max(0, days)):
        yield daily_sheet_for(start + _dt.timedelta(days=k), req, lexicon)


def daily_sheet(
    date: _dt.date | str, req: DailyRequest = DailyRequest(), lexicon: Lexicon | None = None
) -> Sheet:
    """The daily sheet for one date (the same whichever range it is printed in)."""
    return daily_sheet_for(date, req, lexicon)
