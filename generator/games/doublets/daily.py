"""The daily Doublets schedule: one sheet a day, no puzzle back within a year (see below)."""

from __future__ import annotations

import datetime as _dt
import functools
import hashlib
from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING

from generator.games.doublets.model import MAX_KEY_USES, MIXED, Sheet, ends_for, parse_date
from generator.games.doublets.sheets import make_sheet
from generator.words.ladder import DEFAULT_SPELLING, ladders_for

if TYPE_CHECKING:  # pragma: no cover - typing only
    from generator.words.lexicon import Lexicon


# Daily sheets are chosen a half-year at a time (1 January to 30 June, 1 July to 31 December:
# a "block"; block k = 2 * year + 0 or 1).  Within a block the days are chosen in order, each
# avoiding the end words of the DAILY_GAP days before it and every pair of ends already used in
# the block.  A day's sheet depends only on its block, so a date gives the same sheet whatever
# range is asked for, and a day costs at most half a year of choosing.  Across blocks nothing
# is remembered; instead every end word belongs to one of two halves of the vocabulary (by a
# hash of the word), and:
#   - the first and last DAILY_GAP days of block k use only half k % 2, so an end word used
#     near the end of one block cannot come back near the start of the next;
#   - a pair of ends from one half h may be used only in blocks with k % 2 == h, and only in
#     every other such block (by a hash of the pair): at the soonest four blocks (two years)
#     later;
#   - a pair with one end in each half (possible only in the middle of a block) may be used
#     only in blocks with k % 3 equal to a hash of the pair: three blocks (a year and more)
#     later.
# So no puzzle returns within 366 days.  When the end words of one length are too few for
# DAILY_GAP days (3 letters), the gap shrinks to what the pool allows (daily_gap), the same for
# every date.  If a sparse band runs dry late in a half-vocabulary stretch, that one puzzle
# may break the pair rule across blocks (pairs stay new within the block and the end-word gap
# holds); the sheet is marked `relaxed` and bench/bench_ladder.py counts such days.

DAILY_GAP = 30
# Most puzzles with related ends a day (None: every slot tries them first).  The related pairs
# a year may use run short by its end: with no cap January (2027) has 44 % related puzzles and
# December 2 %; three a day keeps nearly every story (32.5 % of 4-letter puzzles against 33.5 %)
# and spreads them (29 % in January, 4 % in December; two a day: 25 % of 4-letter puzzles).  A
# daily takes a related pair whose key needs a link a little rarer than the sheet's floor
# (still print vocabulary) before unrelated ends.
DAILY_RELATED: int | None = 3
MIDDLE_YEAR_MOST = 40  # a word is a link of at most this many daily puzzles a year: it is spent
# (no key may use it) once one more day, at MAX_KEY_USES a sheet, could take it past this
MIDDLE_CROWDED = 20  # from this many uses in a year a key goes round the word where it can, so the
# busiest links of the graph are spread over the year rather than used up by the autumn
DAILY_POOL_SHARE = 0.72  # at most this share of a half's end words is used in one stretch
# The week's shape when no length is pinned: short words early in the week, long ones at the
# weekend (Monday first, as date.weekday() counts).  Not 3 letters: a graded sheet needs two
# fiendish puzzles, and 3-letter words have too few of those for a year of Mondays.
WEEK_LENGTHS = (4, 4, 4, 5, 5, 6, 6)


def week_length(date: _dt.date | str) -> int:
    """Letters per word of the daily sheet for `date` when no length is given."""
    return WEEK_LENGTHS[parse_date(date).weekday()]


def _stable_hash(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


@functools.lru_cache(maxsize=65536)
def _word_hash(word: str) -> int:
    return _stable_hash(f"parlour/doublets/daily/{word}")


def word_half(word: str) -> int:
    """Which half (0 or 1) of the end words `word` is in, for the daily schedule."""
    return _word_hash(word) & 1


def pair_slot(a: str, b: str, cycle: int) -> int:
    """A residue mod `cycle` for the pair {a, b} (symmetric; independent of word_half)."""
    return ((_word_hash(a) >> 1) + (_word_hash(b) >> 1)) % cycle


def daily_pair_allowed(a: str, b: str, block: int) -> bool:
    """True if {a, b} may be a puzzle in daily block `block` (see the schedule above)."""
    half = word_half(a)
    if half == word_half(b):
        return half == block % 2
    return pair_slot(a, b, 2) == block % 2


def daily_block(date: _dt.date | str) -> tuple[int, _dt.date, int]:
    """(block number, first day of the block, days in the block) for a date."""
    d = parse_date(date)
    first = _dt.date(d.year, 1, 1)
    return d.year, first, (_dt.date(d.year + 1, 1, 1) - first).days


def daily_gap(
    count: int, length: int, lexicon: Lexicon | None = None, spelling: str = DEFAULT_SPELLING
) -> int:
    """Days an end word waits before a daily sheet may use it again: DAILY_GAP, or less when
    there are too few end words of this length for `count` puzzles a day."""
    pool = len(ends_for(ladders_for(lexicon, spelling), length).pool)
    return max(1, min(DAILY_GAP, int(DAILY_POOL_SHARE * pool / 2 / (2 * count))))


def daily_sheets(
    first: _dt.date | str,
    days: int,
    count: int = 8,
    length: int | None = 4,
    difficulty: str | None = MIXED,
    *,
    links: tuple[int, int] | None = None,
    unique: bool = False,
    spelling: str = DEFAULT_SPELLING,
    lexicon: Lexicon | None = None,
) -> Iterator[Sheet]:
    """The daily sheets of `days` days from `first`, in order (see the schedule above); with
    `length` None each day's length follows the week (week_length)."""
    start = parse_date(first)
    if days < 1:
        return
    last = start + _dt.timedelta(days=days - 1)
    ladders = ladders_for(lexicon, spelling)
    gaps: dict[int, int] = {}
    day = start
    while day <= last:
        k, day, block_days = daily_block(day)
        half = k % 2
        recent: list[set[str]] = []  # end words of the days before, newest last
        pairs: set[tuple[str, str]] = set()
        middles: Counter[str] = Counter()  # links of the year's puzzles so far
        other_halves: dict[int, set[str]] = {}
        for n in {length} if length is not None else set(WEEK_LENGTHS):
            ends = ends_for(ladders, n)
            ends.counts.clear()  # pars counted last year: a pure cache, kept a year so memory stays flat
            gaps[n] = daily_gap(count, n, lexicon, spelling)
            pool_words = [ladders.graph(n).words[i] for i in ends.pool]
            other_halves[n] = {w for w in pool_words if word_half(w) != half}

        def pair_ok(a: str, b: str, k: int = k, pairs: set[tuple[str, str]] = pairs) -> bool:
            return daily_pair_allowed(a, b, k) and (min(a, b), max(a, b)) not in pairs

        def pair_new(a: str, b: str, pairs: set[tuple[str, str]] = pairs) -> bool:
            return (min(a, b), max(a, b)) not in pairs

        for n in range(block_days):
            if day > last:
                return
            size = length if length is not None else week_length(day)
            gap, other_half = gaps[size], other_halves[size]
            recent_ends: set[str] = set().union(*recent[-gap:]) if recent else set()
            exclude = recent_ends | other_half if n < gap or n >= block_days - gap else recent_ends
            # A sparse band can run dry late in a stretch that uses half the end words: then,
            # for that puzzle, the pair rule across years gives way, and if need be the half
            # (pairs stay new and the gap holds within the year); the sheet is marked relaxed
            # and bench/bench_ladder.py counts such days.
            sheet = make_sheet(
                count,
                size,
                difficulty,
                pair_ok=pair_ok,
                pair_fallback=pair_new,
                exclude_fallback=recent_ends,
                links=links,
                date=day,
                lexicon=lexicon,
                unique=unique,
                spelling=spelling,
                exclude=exclude,
                spent=[
                    w for w, c in middles.items() if c > MIDDLE_YEAR_MOST - MAX_KEY_USES and len(w) == size
                ],
                crowded=[w for w, c in middles.items() if c >= MIDDLE_CROWDED and len(w) == size],
                related_most=DAILY_RELATED,
                related_first=True,
            )
            if day >= start:
                yield sheet
            recent.append({w for p in sheet.puzzles for w in (p.start, p.end)})
            pairs.update((min(p.start, p.end), max(p.start, p.end)) for p in sheet.puzzles)
            middles.update(w for p in sheet.puzzles for w in p.links)
            day += _dt.timedelta(days=1)


def daily_sheet(
    date: _dt.date | str, count: int = 8, length: int | None = 4, difficulty: str | None = MIXED, **kw
) -> Sheet:
    """The daily sheet for one date (the same whichever range it is printed in)."""
    return next(daily_sheets(date, 1, count, length, difficulty, **kw))
