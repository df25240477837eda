"""Doublets content model: puzzle sheets, Jewels with a best-scoring key, scorepads (no drawing)."""

from __future__ import annotations

import datetime as _dt
import functools
import hashlib
import itertools
import random
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from generator.errors import ParlourError
from generator.words.ladder import (
    DEFAULT_SPELLING,
    FAMILIAR_ZIPF,
    LINK_ZIPF_FLOOR,
    MAX_LENGTH,
    MIN_LENGTH,
    SPELLINGS,
    UNWELCOME_FILE,
    Ladders,
    WordGraph,
    ladders_for,
    unwelcome_words,
)

if TYPE_CHECKING:  # pragma: no cover - typing only
    from generator.words.lexicon import Lexicon

PUZZLE_TIER = "common"  # both ends of every puzzle, and every Jewel, come from this tier
NOT_PUZZLE_ENDS_FILE = UNWELCOME_FILE  # data/not_puzzle_ends.txt


def not_puzzle_ends() -> frozenset[str]:
    """Common words never used as a puzzle's end or a Jewel (data/not_puzzle_ends.txt: phrase
    fragments, letter names, interjections, slang, name-like and unwelcome words); the keys'
    friendliest chains also steer round them as links (see ladder.UNWELCOME_PENALTY)."""
    return unwelcome_words()


def is_puzzle_end(word: str, lexicon: Lexicon | None = None, spelling: str = DEFAULT_SPELLING) -> bool:
    """True if `word` may be a puzzle's end or a Jewel: a common word in the print vocabulary
    (for `spelling`) and not on the exclusion list."""
    ladders = ladders_for(lexicon, spelling)
    lex = ladders.lexicon
    return lex.in_tier(word, PUZZLE_TIER) and word not in not_puzzle_ends() and ladders.printable(word)


# -- difficulty --------------------------------------------------------------------------------
#
# A puzzle's difficulty score is its par (links to find) plus a penalty for having few ways to
# do it in par (few minimal chains = few ways to go, so one wrong turn costs more):
#     one minimal chain: +2      two or three: +1      four or more: +0
# The bands are ranges of that score; par itself is kept within MIN_PAR..MAX_PAR:
#     easy 2-3:     par 2 with 2+ ways, par 3 with 4+
#     medium 4-5:   par 2 with 1 way, par 3 with 1-3, par 4 with 2+, par 5 with 4+
#     hard 6-7:     par 4 with 1 way, par 5 with 1-3, par 6 with 2+, par 7 with 4+
#     fiendish 8-10: par 6 with 1 way, par 7 with 1-3, par 8 any, par 9 with 2+, par 10 with 4+
# Rare words never make a puzzle hard: every link of the key's (friendliest) chain must have
# zipf >= SHEET_LINK_ZIPF (3.0: familiar; the friendliest chain holds a rarer word only where
# every minimal chain needs one, and such a puzzle is skipped), or, for a slot nothing else
# fills, >= LINK_ZIPF_FLOOR; links are off the unwelcome list; both ends are common words.
SHEET_LINK_ZIPF = FAMILIAR_ZIPF
DIFFICULTY_BANDS: dict[str, tuple[int, int]] = {
    "easy": (2, 3),
    "medium": (4, 5),
    "hard": (6, 7),
    "fiendish": (8, 10),
}
DIFFICULTIES = tuple(DIFFICULTY_BANDS)
MIXED = "mixed"  # a graded sheet: equal shares of each band, easiest first
MIN_PAR = 2
MAX_PAR = 10
UNIQUE_BANDS = ("medium", "hard", "fiendish")  # bands a puzzle with one shortest chain can be in
MAX_KEY_USES = 2  # no word is in more than this many keys of one sheet (ends included)
VARIETY_MIN_BAND = 4  # bands of at least this many puzzles spread over (par, one-way) shapes
# A player who knows a word outside the standard list may find a chain shorter than par (boss ->
# bots -> bets; woo -> poo -> pod).  Puzzles where a broad-tier word at least this frequent makes
# such a shortcut are skipped, so par holds for every word a player is likely to use.
SHORTCUT_ZIPF = 3.0
MAX_TRIES_PER_PUZZLE = 20_000
QUICK_TRIES = MAX_TRIES_PER_PUZZLE  # draws per puzzle before a daily sheet lets its pair rule give way


class DoubletsError(ParlourError, ValueError):
    """Bad sheet/jewel/scorepad parameters, or no content can satisfy them; one line."""


def branching_penalty(shortest_chains: int) -> int:
    """Difficulty added for having few minimal chains (2 for one, 1 for two or three, else 0)."""
    if shortest_chains <= 1:
        return 2
    return 1 if shortest_chains <= 3 else 0


def difficulty_score(par: int, shortest_chains: int) -> int:
    """Par plus the branching penalty."""
    return par + branching_penalty(shortest_chains)


def difficulty_of(par: int, shortest_chains: int) -> str | None:
    """The band a puzzle falls in, or None if its par or score is outside every band."""
    if not MIN_PAR <= par <= MAX_PAR:
        return None
    score = difficulty_score(par, shortest_chains)
    for name, (lo, hi) in DIFFICULTY_BANDS.items():
        if lo <= score <= hi:
            return name
    return None


# -- puzzles and sheets ------------------------------------------------------------------------


@dataclass(frozen=True)
class Puzzle:
    """One Doublet: two end words, par (links in a minimal chain), the key chain and the count."""

    start: str
    end: str
    par: int
    chain: tuple[str, ...]  # the friendliest minimal chain, both ends included
    shortest_chains: int  # exact number of minimal chains

    @property
    def length(self) -> int:
        """Letters per word."""
        return len(self.start)

    @property
    def score(self) -> int:
        """Difficulty score (par plus branching penalty)."""
        return difficulty_score(self.par, self.shortest_chains)

    @property
    def difficulty(self) -> str | None:
        """Difficulty band name, if any."""
        return difficulty_of(self.par, self.shortest_chains)

    @property
    def links(self) -> tuple[str, ...]:
        """The key's links (the words strictly between the ends)."""
        return self.chain[1:-1]

    def to_json(self) -> dict[str, object]:
        """The --json shape of one puzzle."""
        return {
            "start": self.start,
            "end": self.end,
            "par": self.par,
            "chain": list(self.chain),
            "shortest_chains": self.shortest_chains,
        }


SHEET_RULES = (
    "Change one letter per rung to turn the top word into the bottom one; every rung must be a real "
    "word, and no word may appear twice."
)


@dataclass(frozen=True)
class Sheet:
    """A sheet of Doublets and what produced it (seed, date, length, difficulty or links)."""

    puzzles: tuple[Puzzle, ...]
    length: int
    difficulty: str | None  # a band, "mixed", or None when a links range was asked for
    links: tuple[int, int] | None
    seed: int
    date: str | None = None  # ISO date for daily sheets
    title: str = "Doublets"
    rules: str = SHEET_RULES
    unique: bool = False  # every puzzle has exactly one shortest chain
    spelling: str = DEFAULT_SPELLING  # which variant spellings the sheet may print
    relaxed: bool = False  # a daily sheet for which the pair rule across blocks gave way
    key_word_limit: int = MAX_KEY_USES  # most keys one word is in (above 2 only for tiny bands)

    @property
    def subtitle(self) -> str:
        """What to print beside the title: the date or the seed, and the grade."""
        grade = (
            f"{self.links[0]}-{self.links[1]} links"
            if self.links
            else (self.difficulty or "").replace(MIXED, "graded")
        )
        if self.unique:
            grade += ", one way each"
        when = self.date if self.date else f"seed {self.seed}"
        return f"{self.length}-letter words · {grade} · {when}"

    def to_json(self) -> dict[str, object]:
        """The --json shape: {"puzzles": [...]} plus how the sheet was made."""
        return {
            "puzzles": [p.to_json() for p in self.puzzles],
            "length": self.length,
            "difficulty": self.difficulty,
            "links": list(self.links) if self.links else None,
            "seed": self.seed,
            "date": self.date,
            "unique": self.unique,
            "spelling": self.spelling,
            "key_word_limit": self.key_word_limit,
        }


def seed_for_date(date: _dt.date | str) -> int:
    """A stable 63-bit seed for a calendar date (SHA-256 of the ISO date, not hash())."""
    iso = _parse_date(date).isoformat()
    digest = hashlib.sha256(f"parlour/doublets/{iso}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def _parse_date(date: _dt.date | str) -> _dt.date:
    if isinstance(date, _dt.date):
        return date
    try:
        return _dt.date.fromisoformat(date.strip())
    except ValueError:
        raise DoubletsError(f"date '{date}' is not YYYY-MM-DD (for example 2025-03-01)") from None


def _one_apart(a: str, b: str) -> bool:
    return sum(x != y for x, y in zip(a, b, strict=True)) == 1


@dataclass
class _Ends:
    """Candidate end words of one length, grouped by graph component (ids, sorted)."""

    pool: list[int]  # printable common words whose component holds at least one other
    by_component: dict[int, list[int]]
    component: list[int]

    reach: dict[int, list[int]] | None = None  # see _reach
    wide: WordGraph | None = None  # standard words plus frequent broad ones (see SHORTCUT_ZIPF)
    counts: dict[tuple[int, int], tuple[int, int] | None] = field(default_factory=dict)  # par, ways
    unkeyable: dict[float, set[tuple[int, int]]] = field(default_factory=dict)  # floor -> pairs never fit

    def __post_init__(self) -> None:
        self.common = frozenset(self.pool)


def _ends(ladders: Ladders, length: int) -> _Ends:
    key = ("doublets-ends", length)
    cached = ladders.memo.get(key)
    if cached is None:
        g = ladders.graph(length)
        comp = g._components()
        groups: dict[int, list[int]] = {}
        excluded = not_puzzle_ends()
        for w in ladders.lexicon.words(tier=PUZZLE_TIER, length=length):
            if w in excluded or not ladders.printable(w):
                continue
            i = g.index.get(w)
            if i is not None:
                groups.setdefault(comp[i], []).append(i)
        groups = {c: ids for c, ids in groups.items() if len(ids) > 1}
        pool = sorted(i for ids in groups.values() for i in ids)
        lex = ladders.lexicon
        extra = [w for w in lex.words("broad", length) if w not in g.index and lex.zipf(w) >= SHORTCUT_ZIPF]
        wide = WordGraph(g.words + extra, lex.zipf) if extra else None
        cached = ladders.memo[key] = _Ends(pool, groups, comp, wide=wide)
    assert isinstance(cached, _Ends)
    return cached


def _links_ok(g: WordGraph, chain: Sequence[str], zipf_floor: float) -> bool:
    """True if no link of the key is rarer than the floor (graphs without frequencies pass) or
    avoided (outside the print vocabulary): the key steers round such words, so one left in it
    means every shortest chain needs one, and the puzzle would ask players to find it."""
    links = chain[1:-1]
    zipfs = [g.zipf(w) for w in links]
    return all(z is None or z >= zipf_floor for z in zipfs) and not any(w in g.avoid for w in links)


def _band_list(count: int, difficulty: str, unique: bool = False) -> list[str]:
    if difficulty != MIXED:
        return [difficulty] * count
    names = [b for b in DIFFICULTIES if not unique or b in UNIQUE_BANDS]
    share, extra = divmod(count, len(names))
    out: list[str] = []
    for i, name in enumerate(names):
        out += [name] * (share + (1 if i < extra else 0))
    return out


def _identity(word: str) -> str:
    return word


@dataclass
class _Rules:
    """What the next puzzle on a sheet must satisfy (beyond being a good Doublet)."""

    band: str | None
    par_lo: int
    par_hi: int
    zipf_floor: float
    used: set[int]  # word ids that may not be ends (on this sheet, or kept back by the dailies)
    unique: bool = False
    pair_ok: Callable[[str, str], bool] | None = None  # the dailies' rule on pairs of ends
    full_shapes: frozenset[tuple[int, bool]] = frozenset()  # (par, one way?) shapes not wanted
    saturated: frozenset[int] = frozenset()  # word ids already in MAX_KEY_USES keys
    variant_key: Callable[[str], str] = _identity

    def fits(self, par: int, ways: int) -> bool:
        """True if a puzzle of this par and chain count may fill the slot."""
        if not self.par_lo <= par <= self.par_hi or (self.unique and ways != 1):
            return False
        if self.band is not None and difficulty_of(par, ways) != self.band:
            return False
        return (par, ways == 1) not in self.full_shapes

    def fitting(self) -> frozenset[tuple[int, int]]:
        """fits() as a table: the (par, min(ways, 4)) that fit (the band depends on the count
        of ways only through 1, 2-3 or 4+, and 4 stands for all of 4+)."""
        return frozenset(
            (par, ways)
            for par in range(self.par_lo, self.par_hi + 1)
            for ways in (1, 2, 3, 4)
            if self.fits(par, ways)
        )

    def ends_ok(self, g: WordGraph, s: int, t: int) -> bool:
        """The cheap checks on a pair of ends, before any search."""
        if s == t or s in self.used or t in self.used or s in self.saturated or t in self.saturated:
            return False
        a, b = g.words[s], g.words[t]
        if _one_apart(a, b) or self.variant_key(a) == self.variant_key(b):
            return False
        return self.pair_ok is None or self.pair_ok(a, b)


def make_sheet(
    count: int = 8,
    length: int = 4,
    difficulty: str | None = "medium",
    *,
    links: tuple[int, int] | None = None,
    seed: int | None = None,
    date: _dt.date | str | None = None,
    lexicon: Lexicon | None = None,
    link_zipf_floor: float = SHEET_LINK_ZIPF,
    unique: bool = False,
    spelling: str = DEFAULT_SPELLING,
    exclude: Collection[str] = (),
    pair_ok: Callable[[str, str], bool] | None = None,
    pair_fallback: Callable[[str, str], bool] | None = None,
    exclude_fallback: Collection[str] | None = None,
) -> Sheet:
    """Choose `count` Doublets of `length` letters at a difficulty band (or a links range).

    Deterministic: the same seed (or date), parameters and lexicon give the same sheet.  Ends
    are printable common words, no end word appears twice on the sheet, no puzzle's ends are
    one letter apart, every key prints only words of the print vocabulary for `spelling` (and
    never two spellings of one word), and no word is in more than MAX_KEY_USES keys.  Pars
    never fall from one puzzle to the next.  `links=(a, b)` replaces the difficulty with a par
    range; `unique` asks for puzzles with exactly one shortest chain; `exclude` (end words) and
    `pair_ok` (a rule on pairs of ends) serve the daily schedule, as does `pair_fallback`: a
    looser rule on pairs used for a puzzle that QUICK_TRIES random draws under `pair_ok` did
    not find, and `exclude_fallback`: a smaller `exclude` for a puzzle that even the looser
    pair rule could not find (either way the sheet is marked `relaxed`).
    """
    if count < 1:
        raise DoubletsError(f"count must be at least 1 (got {count})")
    if not MIN_LENGTH <= length <= MAX_LENGTH:
        raise DoubletsError(f"length must be {MIN_LENGTH} to {MAX_LENGTH} letters (got {length})")
    if spelling not in SPELLINGS:
        raise DoubletsError(f"spelling '{spelling}' is not one of {', '.join(SPELLINGS)}")
    if seed is not None and date is not None:
        raise DoubletsError("give a seed or a date, not both")
    iso = _parse_date(date).isoformat() if date is not None else None
    if iso is not None:
        seed = seed_for_date(iso)
    elif seed is None:
        seed = 0
    if links is not None:
        lo, hi = links
        if not 1 <= lo <= hi:
            raise DoubletsError(f"links range {lo}-{hi} must run from at least 1 up, like 3-5")
        difficulty = None
        bands: list[str | None] = [None] * count
    else:
        if difficulty is None:
            difficulty = "medium"
        if difficulty not in DIFFICULTY_BANDS and difficulty != MIXED:
            raise DoubletsError(
                f"difficulty '{difficulty}' is not one of {', '.join(DIFFICULTIES)} or {MIXED}"
            )
        if unique and difficulty != MIXED and difficulty not in UNIQUE_BANDS:
            raise DoubletsError(
                f"no {difficulty} puzzle has a single shortest chain (one way adds 2 to the "
                f"difficulty): with unique puzzles ask for {', '.join(UNIQUE_BANDS)} or {MIXED}"
            )
        bands = list(_band_list(count, difficulty, unique))

    ladders = ladders_for(lexicon, spelling)
    g = ladders.graph(length)
    ends = _ends(ladders, length)
    if len(ends.pool) < 2:
        raise DoubletsError(f"there are too few common {length}-letter words to make puzzles")
    rng = random.Random(seed)
    used: set[int] = {g.index[w] for w in exclude if w in g.index}
    loose = None if exclude_fallback is None else {g.index[w] for w in exclude_fallback if w in g.index}
    key_uses: Counter[int] = Counter()
    key_limit = MAX_KEY_USES
    relaxed = False
    variant_key = ladders.variant_key
    # Bands are filled hardest first; each band's pars stay at or below the easiest par of the
    # band after it, so the sheet, read easiest first, never drops in par.  Within a band no
    # (par, one-way) shape takes more than half the band when there is a choice.
    groups = [(band, len(list(run))) for band, run in itertools.groupby(bands)]
    ceiling = MAX_PAR if links is None else links[1]
    chosen: list[list[Puzzle]] = []
    for band, size in reversed(groups):
        if band is None:
            assert links is not None
            par_lo, par_hi = links[0], ceiling
        else:
            s_lo, s_hi = DIFFICULTY_BANDS[band]
            par_lo, par_hi = max(MIN_PAR, s_lo - 2), min(MAX_PAR, s_hi, ceiling)
        cap = (size + 1) // 2 if size >= VARIETY_MIN_BAND else size
        shapes: Counter[tuple[int, bool]] = Counter()
        got: list[Puzzle] = []
        for _ in range(size):
            full = frozenset(s for s, n in shapes.items() if n >= cap)
            while True:
                saturated = frozenset(i for i, n in key_uses.items() if n >= key_limit)
                rules = _Rules(
                    band, par_lo, par_hi, link_zipf_floor, used, unique, pair_ok, full, saturated, variant_key
                )
                puzzle, gave_way = _fill_slot(g, ends, rng, rules, pair_fallback, loose)
                relaxed = relaxed or gave_way
                if puzzle is not None or key_limit >= count:
                    break
                # The band is too small to keep every word to MAX_KEY_USES keys (8-letter
                # fiendish): let a word into one more key, and say so on the sheet.
                key_limit += 1
            if puzzle is None:
                what = f"{band}" if band else f"{par_lo}-{par_hi} links"
                raise DoubletsError(
                    f"could not find {count} {what}{' unique' if unique else ''} puzzles of "
                    f"{length}-letter words with distinct ends; try fewer puzzles, another "
                    f"length or another difficulty"
                )
            used.update((g.index[puzzle.start], g.index[puzzle.end]))
            if loose is not None:
                loose.update((g.index[puzzle.start], g.index[puzzle.end]))
            key_uses.update(g.index[w] for w in puzzle.chain)
            shapes[(puzzle.par, puzzle.shortest_chains == 1)] += 1
            got.append(puzzle)
        got.sort(key=lambda p: (p.par, p.score))  # stable: easiest first
        ceiling = min(p.par for p in got)
        chosen.append(got)
    puzzles = [p for got in reversed(chosen) for p in got]
    return Sheet(
        puzzles=tuple(puzzles),
        length=length,
        difficulty=difficulty,
        links=tuple(links) if links else None,  # type: ignore[arg-type]
        seed=seed,
        date=iso,
        unique=unique,
        spelling=spelling,
        relaxed=relaxed,
        key_word_limit=key_limit,
    )


def _fill_slot(
    g: WordGraph,
    ends: _Ends,
    rng: random.Random,
    rules: _Rules,
    pair_fallback: Callable[[str, str], bool] | None = None,
    loose_used: set[int] | None = None,
) -> tuple[Puzzle | None, bool]:
    """One puzzle for a slot, and whether a daily rule had to give way.  Shape variety is a
    wish (dropped if nothing else fits); the band is a promise.  Daily sheets (with a
    `pair_fallback`) try random draws under their rules, then under the looser pair rule, then
    with the smaller exclusion `loose_used`, and sweep every start only at the end.  At each
    stage a key with a link rarer than the rules' floor (but >= LINK_ZIPF_FLOOR) is taken
    only when none at the floor fits: a rare link before a broken daily rule."""
    full = rules.full_shapes
    floors = sorted({rules.zipf_floor, min(rules.zipf_floor, LINK_ZIPF_FLOOR)}, reverse=True)
    stages: list[tuple[Callable[[str, str], bool] | None, set[int], bool]] = [
        (rules.pair_ok, rules.used, pair_fallback is not None)
    ]
    if pair_fallback is not None:
        stages.append((pair_fallback, rules.used, loose_used is not None))
    if pair_fallback is not None and loose_used is not None:
        stages.append((pair_fallback, loose_used, False))
    for n, (pair_ok, used, quick) in enumerate(stages):
        for floor in floors:
            rules.pair_ok, rules.used, rules.full_shapes, rules.zipf_floor = pair_ok, used, full, floor
            puzzle = _find_puzzle(g, ends, rng, rules, quick)
            if puzzle is None and full:
                rules.full_shapes = frozenset()
                puzzle = _find_puzzle(g, ends, rng, rules, quick)
            if puzzle is not None:
                return puzzle, n > 0
    return None, False


OUTWARD_PICKS = 4  # ends tried from one outward search before drawing a new start
OUTWARD_MAX_PAR = 3  # search outward from the start when par is at most this


def _find_puzzle(
    g: WordGraph, ends: _Ends, rng: random.Random, rules: _Rules, quick: bool = False
) -> Puzzle | None:
    """Draw a start at random, then an end that fits the rules.

    Short pars (par_hi <= 3) search outward from the start: one small BFS gives the par and
    chain count to every word in reach, so fitting ends are found at once (random ends would
    rarely be that close).  Otherwise ends are drawn at random and first tested against
    bitsets of the words within each number of steps of the start (built once per length),
    so only ends at a fitting distance cost a search.
    """
    words, used = g.words, rules.used
    par_lo, par_hi = rules.par_lo, rules.par_hi
    if par_lo > par_hi:
        return None
    pool = [s for s in ends.pool if s not in used and s not in rules.saturated]
    if not pool:
        return None
    outward = par_hi <= OUTWARD_MAX_PAR
    masks = None if outward or par_hi > MAX_PAR else _reach(g, ends)
    fitting = rules.fitting()
    common, ends_ok = ends.common, rules.ends_ok
    tries = 0
    most = QUICK_TRIES if quick else MAX_TRIES_PER_PUZZLE
    while tries < most:
        tries += 1
        s = pool[rng.randrange(len(pool))]
        group = ends.by_component[ends.component[s]]
        a = words[s]
        if outward:
            reach = g.ball(a, par_hi)
            fits = [
                t
                for t, (par, ways) in reach.items()
                if t in common and (par, ways if ways < 4 else 4) in fitting and ends_ok(g, s, t)
            ]
            for _ in range(min(OUTWARD_PICKS, len(fits))):
                t = fits.pop(rng.randrange(len(fits)))
                tries += 1
                found = _keyed(g, s, t, rules, ends.wide, ends.unkeyable.setdefault(rules.zipf_floor, set()))
                if found is not None:
                    return found
            continue
        t = group[rng.randrange(len(group))]
        if not rules.ends_ok(g, s, t):
            continue
        if masks is not None:  # exact and cheap: is t within par_lo+1..par_hi+1 steps of s?
            m = masks[s]
            if not (m[par_hi + 1] >> t) & 1 or (m[par_lo] >> t) & 1:
                continue
        pair = (s, t) if s < t else (t, s)
        got = ends.counts.get(pair, ())
        if got == ():  # pars and counts are the graph's, so they are kept for later sheets
            got = ends.counts[pair] = g.par_and_count(words[pair[0]], words[pair[1]], MAX_PAR)
        if got is None or not par_lo <= got[0] <= par_hi or (got[0], min(got[1], 4)) not in fitting:
            continue
        found = _keyed(g, s, t, rules, ends.wide, ends.unkeyable.setdefault(rules.zipf_floor, set()))
        if found is not None:
            return found
    return None if quick else _sweep(g, ends, rng, rules)


def _sweep(g: WordGraph, ends: _Ends, rng: random.Random, rules: _Rules) -> Puzzle | None:
    """When random draws find nothing (a sparse band, or most fitting ends already used), try
    every start in a seeded random order, and from each every fitting end: slower, but it
    finds a puzzle whenever one exists."""
    starts = [s for s in ends.pool if s not in rules.used and s not in rules.saturated]
    rng.shuffle(starts)
    fitting = rules.fitting()
    for s in starts:
        reach = g.ball(g.words[s], rules.par_hi)
        fits = sorted(
            t
            for t, (par, ways) in reach.items()
            if t in ends.common and (par, min(ways, 4)) in fitting and rules.ends_ok(g, s, t)
        )
        rng.shuffle(fits)
        for t in fits:
            found = _keyed(g, s, t, rules, ends.wide, ends.unkeyable.setdefault(rules.zipf_floor, set()))
            if found is not None:
                return found
    return None


def _reach(g: WordGraph, ends: _Ends) -> dict[int, list[int]]:
    """Bitsets of the words within 0..MAX_PAR+1 steps of every candidate start (cached)."""
    if ends.reach is None:
        ends.reach = g.reach_masks(ends.pool, MAX_PAR + 1)
    return ends.reach


def _spellings_clash(chain: Sequence[str], variant_key: Callable[[str], str]) -> list[str]:
    """Words of `chain` that share a spelling key with an earlier word of it."""
    seen: set[str] = set()
    clash = []
    for w in chain:
        k = variant_key(w)
        if k in seen:
            clash.append(w)
        seen.add(k)
    return clash


def _keyed(
    g: WordGraph,
    s: int,
    t: int,
    rules: _Rules,
    wide: WordGraph | None = None,
    unkeyable: set[tuple[int, int]] | None = None,
) -> Puzzle | None:
    """The puzzle s -> t with its key, unless the key would need a word rarer than the floor or
    outside the print vocabulary (rare words are not the kind of hard we want), a word already
    in MAX_KEY_USES keys of the sheet, or two spellings of one word; or unless a frequent word
    outside the standard list gives a shorter chain (`wide`: the par would look wrong to
    whoever knows it)."""
    a, b = g.words[s], g.words[t]
    pair = (s, t) if s < t else (t, s)
    if unkeyable is not None and pair in unkeyable:
        return None
    dag = g.shortest(a, b, max_links=rules.par_hi)
    assert dag is not None
    best = dag.friendliest()
    if not _links_ok(g, best, rules.zipf_floor) or (
        wide is not None and wide.par(a, b, max_links=dag.par - 1) is not None
    ):
        if unkeyable is not None:  # (the set of this floor)
            unkeyable.add(pair)  # even the friendliest key of all, or par itself, fails
        return None
    avoid = set(rules.saturated)
    vk = rules.variant_key
    if vk is not _identity:  # other spellings of either end may not be links
        end_keys = {vk(a), vk(b)}
        index = g.index
        avoid.update(index[w] for w in dag.words()[1:-1] if w not in (a, b) and vk(w) in end_keys)
    chain = dag.friendliest(avoid) if avoid else best
    clash = _spellings_clash(chain, vk)
    if clash:  # steer round the later spelling once; if every chain clashes, skip the puzzle
        avoid.update(g.index[w] for w in clash)
        chain = dag.friendliest(avoid)
        if _spellings_clash(chain, vk):
            return None
    if not _links_ok(g, chain, rules.zipf_floor) or any(g.index[w] in avoid for w in chain[1:-1]):
        return None
    return Puzzle(a, b, dag.par, tuple(chain), dag.count)


def puzzle_for(start: str, end: str, lexicon: Lexicon | None = None) -> Puzzle:
    """The Puzzle (par, key, count) for two given ends; raises LadderError if unsolvable."""
    from generator.words.ladder import solve

    sol = solve(start, end, lexicon, limit=0)
    return Puzzle(sol.start, sol.end, sol.links, tuple(sol.chain), sol.shortest_chains)


# -- the daily schedule --------------------------------------------------------------------------
#
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
DAILY_POOL_SHARE = 0.7  # at most this share of a half's end words is used in one stretch


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
    d = _parse_date(date)
    first = _dt.date(d.year, 1, 1)
    return d.year, first, (_dt.date(d.year + 1, 1, 1) - first).days


def daily_gap(
    count: int, length: int, lexicon: Lexicon | None = None, spelling: str = DEFAULT_SPELLING
) -> int:
    """Days an end word waits before a daily sheet may use it again: DAILY_GAP, or less when
    there are too few end words of this length for `count` puzzles a day."""
    pool = len(_ends(ladders_for(lexicon, spelling), length).pool)
    return max(1, min(DAILY_GAP, int(DAILY_POOL_SHARE * pool / 2 / (2 * count))))


def daily_sheets(
    first: _dt.date | str,
    days: int,
    count: int = 8,
    length: int = 4,
    difficulty: str | None = MIXED,
    *,
    links: tuple[int, int] | None = None,
    unique: bool = False,
    spelling: str = DEFAULT_SPELLING,
    lexicon: Lexicon | None = None,
) -> Iterator[Sheet]:
    """The daily sheets of `days` days from `first`, in order (see the schedule above)."""
    start = _parse_date(first)
    if days < 1:
        return
    last = start + _dt.timedelta(days=days - 1)
    gap = daily_gap(count, length, lexicon, spelling)
    day = start
    while day <= last:
        k, day, block_days = daily_block(day)
        recent: list[set[str]] = []  # end words of the days before, newest last
        pairs: set[tuple[str, str]] = set()
        half = k % 2
        ladders = ladders_for(lexicon, spelling)
        pool_words = [ladders.graph(length).words[i] for i in _ends(ladders, length).pool]
        other_half = {w for w in pool_words if word_half(w) != half}

        def pair_ok(a: str, b: str, k: int = k, pairs: set[tuple[str, str]] = pairs) -> bool:
            return daily_pair_allowed(a, b, k) and (min(a, b), max(a, b)) not in pairs

        def pair_new(a: str, b: str, pairs: set[tuple[str, str]] = pairs) -> bool:
            return (min(a, b), max(a, b)) not in pairs

        for n in range(block_days):
            if day > last:
                return
            recent_ends: set[str] = set().union(*recent[-gap:]) if recent else set()
            exclude = recent_ends | other_half if n < gap or n >= block_days - gap else recent_ends
            options = {
                "links": links,
                "date": day,
                "lexicon": lexicon,
                "unique": unique,
                "spelling": spelling,
                "exclude": exclude,
            }
            # A sparse band can run dry late in a stretch that uses half the end words: then,
            # for that puzzle, the pair rule across years gives way, and if need be the half
            # (pairs stay new and the gap holds within the year); the sheet is marked relaxed
            # and bench/bench_ladder.py counts such days.
            sheet = make_sheet(
                count,
                length,
                difficulty,
                pair_ok=pair_ok,
                pair_fallback=pair_new,
                exclude_fallback=recent_ends,
                **options,
            )
            if day >= start:
                yield sheet
            recent.append({w for p in sheet.puzzles for w in (p.start, p.end)})
            pairs.update((min(p.start, p.end), max(p.start, p.end)) for p in sheet.puzzles)
            day += _dt.timedelta(days=1)


def daily_sheet(
    date: _dt.date | str, count: int = 8, length: int = 4, difficulty: str | None = MIXED, **kw
) -> Sheet:
    """The daily sheet for one date (the same whichever range it is printed in)."""
    return next(daily_sheets(date, 1, count, length, difficulty, **kw))


# -- Jewels ------------------------------------------------------------------------------------
#
# Marking (from the rules): a Jewel at an end of a chain scores its letter count, a "set" Jewel
# (chain on both sides, or any Jewel of a Necklace) twice that, and every link costs 1.  A Jewel
# is used at most once in all; a link word may recur in different chains but never twice in
# one; a Necklace is a closed chain through at least three Jewels.

JEWEL_LENGTHS = (3, 4, 5)
JEWELS_PER_LENGTH = 4
JEWEL_RADIUS = 3  # Jewels of one length are drawn within this many steps of a random centre
JEWEL_NODE_BUDGET = 40_000  # search steps allowed per length group before redrawing
JEWEL_DRAWS = 400
QUICK_STEPS = 2_000  # search steps tried on a Jewel order before proving it can exist at all
FRIENDLY_STEPS = 20_000  # search steps spent looking for the friendliest best chain


@dataclass(frozen=True)
class ScoreItem:
    """One line of a worked score: what earns or costs marks, and how many."""

    label: str
    marks: int


@dataclass(frozen=True)
class JewelChain:
    """A chain or Necklace of Jewels with its itemised marks."""

    words: tuple[str, ...]  # in order; a Necklace starts at a Jewel and closes back to it
    jewels: tuple[str, ...]  # the Jewels in the order met
    necklace: bool
    items: tuple[ScoreItem, ...]

    @property
    def links(self) -> int:
        """Number of non-Jewel words."""
        return len(self.words) - len(self.jewels)

    @property
    def score(self) -> int:
        """Marks for this chain (sum of the items)."""
        return sum(item.marks for item in self.items)

    def to_json(self) -> dict[str, object]:
        """Plain data."""
        return {
            "words": list(self.words),
            "jewels": list(self.jewels),
            "necklace": self.necklace,
            "links": self.links,
            "score": self.score,
            "items": [[i.label, i.marks] for i in self.items],
        }


def score_items(jewels: Sequence[str], links: int, necklace: bool) -> tuple[ScoreItem, ...]:
    """Itemised marks for a chain whose Jewels, in order, are `jewels`, with `links` links."""
    items = []
    for pos, j in enumerate(jewels):
        at_end = not necklace and pos in (0, len(jewels) - 1)
        items.append(ScoreItem(f"{j} (end)", len(j)) if at_end else ScoreItem(f"{j} (set)", 2 * len(j)))
    if links:
        items.append(ScoreItem(f"{links} link{'s' if links != 1 else ''}", -links))
    return tuple(items)


def chain_score(jewels: Sequence[str], links: int, necklace: bool) -> int:
    """Marks for a chain or Necklace (see score_items)."""
    return sum(i.marks for i in score_items(jewels, links, necklace))


@dataclass(frozen=True)
class JewelKey:
    """A best-scoring set of chains and Necklaces for a set of Jewels."""

    chains: tuple[JewelChain, ...]
    unused: tuple[str, ...]

    @property
    def score(self) -> int:
        """Total marks."""
        return sum(c.score for c in self.chains)

    def to_json(self) -> dict[str, object]:
        """Plain data."""
        return {
            "chains": [c.to_json() for c in self.chains],
            "unused": list(self.unused),
            "score": self.score,
        }


JEWELS_OPTIMALITY = (
    "The key's total is the highest any set of chains and Necklaces can score with the words "
    "parlour prints: each length is searched exhaustively (iterative deepening with exact "
    "distance bounds), and Jewels are only dealt when that search completes."
)


def _jewel_graph(ladders: Ladders, length: int, jewels: Sequence[str] = ()) -> WordGraph:
    """The graph Jewels keys are searched in: the printable words of one length (see
    Ladders.printable), so every key is printable by construction and no deal is redrawn for
    a rare link.  Jewels outside it (a user's own) join it for that search."""
    key = ("jewels-graph", length)
    g = ladders.memo.get(key)
    if g is None:
        full = ladders.graph(length)
        g = ladders.memo[key] = WordGraph(
            [w for w in full.words if ladders.printable(w)], ladders.lexicon.zipf
        )
    assert isinstance(g, WordGraph)
    extra = [j for j in jewels if j not in g.index]
    if extra:
        g = WordGraph(g.words + extra, ladders.lexicon.zipf)
    return g


@dataclass(frozen=True)
class Jewels:
    """Twelve Jewels (four each of 3, 4 and 5 letters), who picked which, and the best key."""

    players: int
    words: tuple[str, ...]  # 3-letter Jewels, then 4, then 5
    picks: tuple[tuple[str, ...], ...]  # picks[p]: the Jewels player p+1 chose
    key: JewelKey
    seed: int
    date: str | None = None
    optimality: str = JEWELS_OPTIMALITY

    @property
    def round_game(self) -> bool:
        """True for the round game (three or more players)."""
        return self.players > 2

    def by_length(self) -> dict[int, tuple[str, ...]]:
        """Jewels grouped by length."""
        return {n: tuple(w for w in self.words if len(w) == n) for n in JEWEL_LENGTHS}

    def to_json(self) -> dict[str, object]:
        """Plain data."""
        return {
            "players": self.players,
            "jewels": list(self.words),
            "picks": [list(p) for p in self.picks],
            "key": self.key.to_json(),
            "seed": self.seed,
            "date": self.date,
        }


class _SearchBudget(Exception):
    pass


_Order = tuple[tuple[int, ...], bool, int]  # Jewel ids in order, closed (a Necklace)?, links


class _GroupSolver:
    """Exact best marks for the Jewels of one length (chains only join words of one length)."""

    def __init__(self, g: WordGraph, jewels: Sequence[str], node_budget: int) -> None:
        self.g = g
        self.jewels = list(jewels)
        self.ids = [g.index[j] for j in jewels]
        self.jset = set(self.ids)
        self.budget = node_budget
        self.steps = 0
        self._through_memo: dict[tuple[int, frozenset[int]], bool] = {}
        adj = g.adj
        # dist[k][v]: steps from non-Jewel word v to Jewel k through non-Jewel words only.
        self.dist: dict[int, dict[int, int]] = {}
        for k in self.ids:
            d = {k: 0}
            frontier = [k]
            while frontier:
                nxt = []
                for u in frontier:
                    for v in adj[u]:
                        if v not in d and v not in self.jset:
                            d[v] = d[u] + 1
                            nxt.append(v)
                frontier = nxt
            self.dist[k] = d
        # seg[a][b]: fewest links between Jewels a and b avoiding all other Jewels (None: no way).
        self.seg: dict[int, dict[int, int | None]] = {}
        for a in self.ids:
            row: dict[int, int | None] = {}
            for b in self.ids:
                if a == b:
                    continue
                if b in adj[a]:
                    row[b] = 0
                    continue
                db = self.dist[b]
                best = min((db[v] for v in adj[a] if v in db and v not in self.jset), default=None)
                row[b] = best  # links = (1 + best) steps - 1
            self.seg[a] = row

    def _through(self, x: int, y: int, z: int) -> bool:
        """True if some chain runs y ... x ... z (x set between them), avoiding other Jewels.

        That is Menger's condition: two paths from x, one to y and one to z, sharing no word.
        It is exact for one set Jewel and a necessary condition for every Jewel of a longer
        chain or a Necklace, which lets the search skip impossible orders at once.
        """
        key = (x, frozenset((y, z)))
        got = self._through_memo.get(key)
        if got is not None:
            return got
        adj, jset = self.g.adj, self.jset
        sinks = {y, z}
        # Unit vertex capacities by splitting each word v into 2v (in) and 2v+1 (out);
        # x is the source (its out node), y and z each drain one unit.
        flow: set[tuple[int, int]] = set()
        drained: set[int] = set()
        got = True
        for _ in range(2):
            start = 2 * x + 1
            prev: dict[int, int] = {start: -1}
            queue = [start]
            end = None
            for n in queue:
                v, out = divmod(n, 2)
                if not out:  # at v's in-node
                    if v in sinks:
                        if v not in drained:
                            end = n
                            break
                    elif (n, n + 1) not in flow and n + 1 not in prev:
                        prev[n + 1] = n
                        queue.append(n + 1)
                    for u in adj[v]:  # undo a unit that came in from u
                        m = 2 * u + 1
                        if (m, n) in flow and m not in prev:
                            prev[m] = n
                            queue.append(m)
                else:  # at v's out-node
                    for w in adj[v]:
                        if w == x or (w in jset and w not in sinks):
                            continue
                        m = 2 * w
                        if (n, m) not in flow and m not in prev:
                            prev[m] = n
                            queue.append(m)
                    if v != x and (n - 1, n) in flow and n - 1 not in prev:
                        prev[n - 1] = n
                        queue.append(n - 1)
            if end is None:
                got = False
                break
            drained.add(end // 2)
            n = end
            while prev[n] != -1:
                p = prev[n]
                if (n, p) in flow:
                    flow.discard((n, p))
                else:
                    flow.add((p, n))
                n = p
        self._through_memo[key] = got
        return got

    def _possible(self, seq: Sequence[int], closed: bool) -> bool:
        """Menger checks for every set Jewel of the order (a quick necessary condition)."""
        k = len(seq)
        for i, x in enumerate(seq):
            if closed:
                y, z = seq[i - 1], seq[(i + 1) % k]
            elif 0 < i < k - 1:
                y, z = seq[i - 1], seq[i + 1]
            else:
                continue
            if not self._through(x, y, z):
                return False
        return True

    def _search(
        self, seq: Sequence[int], closed: bool, limit: int, stop: int, friendliest: bool
    ) -> list[int] | None:
        """Depth-first search for a chain through the Jewels `seq` in order (closing the ring
        if `closed`) with at most `limit` links and no word twice.  Returns the first chain
        found, or with `friendliest` the one of least link cost (exhausting the search).

        Pruning is admissible: a word is only entered if its distance to the segment's target
        (avoiding Jewels) still fits the links left after the later segments' minimum.
        Raises _SearchBudget once self.steps passes `stop`.
        """
        pairs = list(itertools.pairwise(seq))
        if closed:
            pairs.append((seq[-1], seq[0]))
        suffix = [0] * (len(pairs) + 1)
        for i in range(len(pairs) - 1, -1, -1):
            low = self.seg[pairs[i][0]][pairs[i][1]]
            if low is None:
                return None
            suffix[i] = suffix[i + 1] + low
        if suffix[0] > limit:
            return None
        adj, jset, cost = self.g.adj, self.jset, self.g.cost
        path: list[int] = [seq[0]]
        used: set[int] = set()
        best: list[int] | None = None
        best_cost = 1 << 60

        def dfs(si: int, u: int, spent: int, spent_cost: int) -> bool:
            nonlocal best, best_cost
            self.steps += 1
            if self.steps > stop:
                raise _SearchBudget
            if spent_cost >= best_cost:
                return False
            b = pairs[si][1]
            if b in adj[u]:
                path.append(b)
                if si + 1 == len(pairs):
                    if not friendliest:
                        return True
                    best, best_cost = list(path), spent_cost
                elif dfs(si + 1, b, spent, spent_cost):
                    return True
                path.pop()
            room = limit - spent - suffix[si + 1]  # links still allowed in this segment
            if room <= 0:
                return False
            db = self.dist[b]
            options = [v for v in adj[u] if v not in jset and v not in used and v in db and db[v] <= room]
            options.sort(key=lambda v: (db[v], cost(v), v))
            for v in options:
                used.add(v)
                path.append(v)
                if dfs(si, v, spent + 1, spent_cost + cost(v)):
                    return True
                path.pop()
                used.discard(v)
            return False

        if dfs(0, seq[0], 0, 0):
            return path
        return best

    def _min_links(
        self,
        seq: Sequence[int],
        closed: bool,
        min_links: int,
        max_links: int,
        steps: int | None = None,
    ) -> int | None:
        """Fewest links (within min..max) for this Jewel order with no word twice; None if
        there is no such chain.  Iterative deepening, so the first success is the minimum.
        Raises _SearchBudget past `steps` more steps (or the group's overall budget)."""
        stop = self.budget if steps is None else min(self.budget, self.steps + steps)
        for limit in range(min_links, max_links + 1):
            if self._search(seq, closed, limit, stop, friendliest=False) is not None:
                return limit
        return None

    def _chain(self, seq: Sequence[int], closed: bool, links: int) -> JewelChain:
        """The chain for an order whose fewest links are known: the friendliest one found
        within FRIENDLY_STEPS (else the first found), with its itemised marks."""
        try:
            found = self._search(seq, closed, links, self.steps + FRIENDLY_STEPS, True)
        except _SearchBudget:
            found = None
        if found is None:
            found = self._search(seq, closed, links, 1 << 60, friendliest=False)
        assert found is not None and len(found) - len(seq) - (1 if closed else 0) == links
        words = [self.g.words[i] for i in found]
        if closed:
            words.pop()  # the ring closes back to its first Jewel
        jw = tuple(self.g.words[i] for i in seq)
        return JewelChain(tuple(words), jw, closed, score_items(jw, links, closed))

    def structures(self, subset: Sequence[int]):
        """Jewel orders worth trying on `subset`: open chains (up to reversal) and rings."""
        k = len(subset)
        for perm in itertools.permutations(subset):
            if perm[0] < perm[-1]:
                yield perm, False
        if k >= 3:
            first, rest = subset[0], subset[1:]
            for perm in itertools.permutations(rest):
                if perm[0] < perm[-1]:
                    yield (first, *perm), True

    def solve(self) -> tuple[int, list[JewelChain], list[str]]:
        """Best total marks, the chains achieving it, and the unused Jewels.

        For each set of Jewels (smallest first) the best single chain or Necklace through
        exactly that set is found, but only if it beats splitting the set into smaller ones
        (the "floor").  Each Jewel order is first tried at its lower bound (usually enough),
        then by iterative deepening up to the floor.  Finally the Jewels are partitioned.
        """
        length = self.g.length
        best_for: dict[frozenset[int], tuple[int, _Order]] = {}

        def partition(rest: frozenset[int], whole: bool = True) -> tuple[int, list[_Order]]:
            if not rest:
                return 0, []
            first = min(rest)
            others = sorted(rest - {first})
            result = partition(rest - {first})  # `first` left unused
            for r in range(1, len(others) + 1):
                for extra in itertools.combinations(others, r):
                    part = frozenset((first, *extra))
                    got = best_for.get(part)
                    if got is None or (part == rest and not whole):
                        continue
                    sub = partition(rest - part)
                    if got[0] + sub[0] > result[0]:
                        result = (got[0] + sub[0], [got[1], *sub[1]])
            return result

        for k in range(2, len(self.ids) + 1):
            for subset in itertools.combinations(sorted(self.ids), k):
                floor = partition(frozenset(subset), whole=False)[0]
                best: tuple[int, _Order] | None = None
                cands = []
                for seq, closed in self.structures(subset):
                    base = 2 * length * (k if closed else k - 1)
                    lows = [self.seg[a][b] for a, b in itertools.pairwise(seq)]
                    if closed:
                        lows.append(self.seg[seq[-1]][seq[0]])
                    if any(x is None for x in lows):
                        continue
                    low = sum(lows)  # type: ignore[arg-type]
                    if base - low > floor:
                        cands.append((base - low, base, low, seq, closed))
                cands.sort(key=lambda c: (-c[0], c[3], c[4]))
                impossible: set[int] = set()
                for phase in (1, 2):
                    for n, (upper, base, low, seq, closed) in enumerate(cands):
                        target = best[0] if best else floor
                        if upper <= target:
                            break  # sorted by upper bound: nothing further can do better
                        if n in impossible:
                            continue
                        lo, hi = (low, low) if phase == 1 else (low + 1, base - target - 1)
                        try:  # a short search first; if it drags, check the order can exist
                            found = self._min_links(seq, closed, lo, hi, QUICK_STEPS)
                        except _SearchBudget:
                            if not self._possible(seq, closed):
                                impossible.add(n)
                                continue
                            found = self._min_links(seq, closed, lo, hi)
                        if found is not None:
                            best = (base - found, (seq, closed, found))
                if best is not None:
                    best_for[frozenset(subset)] = best

        total, orders = partition(frozenset(self.ids))
        chains = [self._chain(seq, closed, links) for seq, closed, links in orders]
        assert total == sum(c.score for c in chains)
        used_words = {j for c in chains for j in c.jewels}
        unused = [w for w in self.jewels if w not in used_words]
        return total, chains, unused


def solve_jewels(
    jewels: Sequence[str],
    lexicon: Lexicon | None = None,
    *,
    node_budget: int = JEWEL_NODE_BUDGET,
) -> JewelKey:
    """A best-scoring set of chains/Necklaces for any Jewels (grouped by length, solved exactly
    among the printable words, as make_jewels searches; see _jewel_graph).

    Raises DoubletsError if a Jewel is not in the word list or the search exceeds its budget.
    """
    ladders = ladders_for(lexicon)
    groups: dict[int, list[str]] = {}
    for j in jewels:
        groups.setdefault(len(j), []).append(j)
    chains: list[JewelChain] = []
    unused: list[str] = []
    for length in sorted(groups):
        words = groups[length]
        if len(set(words)) != len(words):
            raise DoubletsError(f"a Jewel is repeated among {', '.join(words)}")
        known = MIN_LENGTH <= length <= MAX_LENGTH
        full = ladders.graph(length) if known else WordGraph([])
        missing = [w for w in words if w not in full.index]
        g = _jewel_graph(ladders, length, words) if known and not missing else full
        if missing:
            raise DoubletsError(f"Jewel '{missing[0]}' is not in the word list")
        try:
            _, got, left = _GroupSolver(g, words, node_budget).solve()
        except _SearchBudget:
            raise DoubletsError(f"the {length}-letter Jewels need a longer search than allowed") from None
        chains += got
        unused += left
    return JewelKey(tuple(chains), tuple(unused))


def _deal(players: int, groups: dict[int, list[str]]) -> tuple[tuple[str, ...], ...]:
    """Who picked which Jewel, as the rules deal them."""
    if players == 2:  # each player picks two words of three, four and five letters
        return tuple(tuple(w for n in JEWEL_LENGTHS for w in groups[n][2 * p : 2 * p + 2]) for p in range(2))
    picks: list[list[str]] = [[] for _ in range(players)]
    for turn in range(JEWELS_PER_LENGTH):  # in turn, one word each of three, four, five letters
        picks[turn % players] += [groups[n][turn] for n in JEWEL_LENGTHS]
    return tuple(tuple(p) for p in picks)


def make_jewels(
    players: int = 2,
    seed: int | None = None,
    *,
    date: _dt.date | str | None = None,
    lexicon: Lexicon | None = None,
    node_budget: int = JEWEL_NODE_BUDGET,
    spelling: str = DEFAULT_SPELLING,
) -> Jewels:
    """Deal twelve common-word Jewels that allow chains in every length and a Necklace overall.

    The key is a best-scoring set of chains and Necklaces (exact; see JEWELS_OPTIMALITY),
    searched among the words the print vocabulary for `spelling` allows (at least
    LINK_ZIPF_FLOOR frequent), so it is printable by construction; a length whose key would
    put two spellings of one word in a chain is drawn again.
    """
    if spelling not in SPELLINGS:
        raise DoubletsError(f"spelling '{spelling}' is not one of {', '.join(SPELLINGS)}")
    if players < 2:
        raise DoubletsError(f"Doublets needs at least 2 players (got {players})")
    if seed is not None and date is not None:
        raise DoubletsError("give a seed or a date, not both")
    iso = _parse_date(date).isoformat() if date is not None else None
    if iso is not None:
        seed = seed_for_date(iso) ^ 0x4A455745  # a different stream from the day's sheet
    elif seed is None:
        seed = 0
    ladders = ladders_for(lexicon, spelling)
    rng = random.Random(seed)
    for _ in range(JEWEL_DRAWS):
        groups: dict[int, list[str]] = {}
        results = {}
        for n in JEWEL_LENGTHS:  # each length is drawn again until it has a key of its own
            got = _deal_group(ladders, n, rng, node_budget)
            if got is None:
                raise DoubletsError(f"could not deal {n}-letter Jewels with a key; try another seed")
            groups[n], results[n] = got
        chains = [c for n in JEWEL_LENGTHS for c in results[n][0]]
        if not any(c.necklace for c in chains):
            continue
        unused = [w for n in JEWEL_LENGTHS for w in results[n][1]]
        return Jewels(
            players=players,
            words=tuple(w for n in JEWEL_LENGTHS for w in groups[n]),
            picks=_deal(players, groups),
            key=JewelKey(tuple(chains), tuple(unused)),
            seed=seed,
            date=iso,
        )
    raise DoubletsError("could not deal Jewels that allow a Necklace; try another seed")


def _deal_group(
    ladders: Ladders, length: int, rng: random.Random, node_budget: int
) -> tuple[list[str], tuple[list[JewelChain], list[str]]] | None:
    """Jewels of one length with their best key (searched among printable words only): drawn
    again while a draw fails, its search runs past the budget, it scores nothing, or a chain
    of its key would hold two spellings of one word."""
    g = _jewel_graph(ladders, length)
    for _ in range(JEWEL_DRAWS):
        drawn = _draw_group(ladders, length, rng)
        if drawn is None:
            continue
        try:
            total, chains, unused = _GroupSolver(g, drawn, node_budget).solve()
        except _SearchBudget:
            continue
        if total > 0 and not any(_spellings_clash(c.words, ladders.variant_key) for c in chains):
            return drawn, (chains, unused)
    return None


def _draw_group(ladders: Ladders, length: int, rng: random.Random) -> list[str] | None:
    """Four common words within JEWEL_RADIUS steps of a random common centre, none adjacent."""
    g = ladders.graph(length)
    ends = _ends(ladders, length)
    if not ends.pool:
        return None
    centre = ends.pool[rng.randrange(len(ends.pool))]
    common = set(ends.by_component[ends.component[centre]])
    seen = {centre: 0}
    frontier = [centre]
    for step in range(1, JEWEL_RADIUS + 1):
        nxt = []
        for u in frontier:
            for v in g.adj[u]:
                if v not in seen:
                    seen[v] = step
                    nxt.append(v)
        frontier = nxt
    near = sorted(v for v in seen if v in common)
    spellings: dict[str, int] = {}
    for v in near:  # one spelling of a word among the Jewels
        spellings.setdefault(ladders.variant_key(g.words[v]), v)
    near = sorted(spellings.values())
    if len(near) < JEWELS_PER_LENGTH:
        return None
    rng.shuffle(near)
    chosen: list[int] = []
    for v in near:
        if all(v not in g.adj[c] for c in chosen):
            chosen.append(v)
            if len(chosen) == JEWELS_PER_LENGTH:
                return [g.words[i] for i in chosen]
    return None


# -- scorepads ---------------------------------------------------------------------------------

DOUBLETS_PER_GAME = 4
NULL_NOTE = (
    "A chain counts as the links declared even with fewer. It is null with more links than "
    "declared, or if not written out once everyone has declared."
)
JEWELS_NOTE = (
    "No word twice in one chain. Jewels: an end Jewel scores its letters, a set Jewel double; less 1 a link."
)


@dataclass(frozen=True)
class Scorepad:
    """The scoring paper: rows of players, Declarations and Marks per Doublet, Jewels, Total."""

    players: int
    rows: int  # player lines (two for the two-player paper)
    doublets: int = DOUBLETS_PER_GAME
    president: bool = False  # round game: a line for the President's name
    decision_marks: tuple[int, ...] = (2,)  # by place in Declarations (paid to correct chains only)
    abandon_marks: tuple[int, ...] = (2,)  # by order of abandoning, if no chain is correct
    brevity_per_link: int = 3
    null_extra_links: int = 2
    columns: tuple[str, ...] = field(default=())
    notes: tuple[str, ...] = field(default=())

    @property
    def round_game(self) -> bool:
        """True for three or more players."""
        return self.players > 2

    @property
    def header(self) -> tuple[tuple[str, int], ...]:
        """Column groups as (label, span): Names, Declarations, Marks, Jewels, Total."""
        return (
            ("Names", 1),
            ("Declarations", self.doublets),
            ("Marks", self.doublets),
            ("Jewels", 1),
            ("Total", 1),
        )

    def to_json(self) -> dict[str, object]:
        """Plain data."""
        return {
            "players": self.players,
            "rows": self.rows,
            "doublets": self.doublets,
            "president": self.president,
            "columns": list(self.columns),
            "decision_marks": list(self.decision_marks),
            "abandon_marks": list(self.abandon_marks),
            "brevity_per_link": self.brevity_per_link,
            "null_extra_links": self.null_extra_links,
            "notes": list(self.notes),
        }


MAX_PLAYERS = 12


def make_scorepad(players: int = 2) -> Scorepad:
    """The two-player scoring paper, or the round-game paper for `players` (3..12) players."""
    if not 2 <= players <= MAX_PLAYERS:
        raise DoubletsError(f"players must be 2 to {MAX_PLAYERS} (got {players})")
    d = DOUBLETS_PER_GAME
    columns = (
        ("Name",)
        + tuple(f"Declared {i}" for i in range(1, d + 1))
        + tuple(f"Marks {i}" for i in range(1, d + 1))
        + ("Jewels", "Total")
    )
    if players == 2:
        return Scorepad(
            players=2,
            rows=2,
            columns=columns,
            notes=(
                "Declarations: I or II for who spoke first, then the links promised, or a for abandoned.",
                NULL_NOTE,
                "Correct chains only: decision 2 to the player marked I; brevity 3 for each link "
                "the shorter saves. A null chain is measured as the correct one plus two links.",
                "Neither chain correct: decision 2 to the first to abandon.",
                JEWELS_NOTE,
            ),
        )
    decision = decision_marks(players)
    return Scorepad(
        players=players,
        rows=players,
        president=True,
        decision_marks=decision,
        abandon_marks=(4, 2),
        columns=columns,
        notes=(
            "Declarations: I, II, III ... in the order players spoke, then the links promised, or a "
            "for abandoned.",
            NULL_NOTE,
            "Correct chains only: decision by place in Declarations, "
            + ", ".join(f"{ROMAN[k]} {m}" for k, m in enumerate(decision))
            + " (never under 2; a wrong chain moves no one up); brevity 3 for each link a chain is "
            "shorter than the longest. A null chain is measured as the longest correct one plus two links.",
            "No correct chain: decision 4 to the first to abandon, 2 to the next.",
            JEWELS_NOTE,
        ),
    )


ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")


def decision_marks(players: int) -> tuple[int, ...]:
    """Decision marks of a round game by place in the Declarations column (I, II, ...), paid
    only to a correct chain: as many as there are players for I, one less for each place after,
    never under 2."""
    return tuple(max(players - k, 2) for k in range(players))
