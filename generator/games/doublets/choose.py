"""Choosing a sheet of Doublets: bands filled hardest first, ends drawn and keyed to the rules."""

from __future__ import annotations

import datetime as _dt
import itertools
import random
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from generator.games.doublets import ends as doublets_ends
from generator.games.doublets.ends import fast_draws, keyable, keyable_masks_for, plain_draws, reach_masks_for
from generator.games.doublets.model import (
    DIFFICULTIES,
    DIFFICULTY_BANDS,
    MAX_KEY_USES,
    MAX_PAR,
    MAX_TRIES_PER_PUZZLE,
    MIN_PAR,
    MIXED,
    SHEET_LINK_ZIPF,
    UNIQUE_BANDS,
    VARIETY_MIN_BAND,
    DoubletsError,
    Ends,
    Puzzle,
    Sheet,
    difficulty_of,
    ends_for,
    seed_and_date,
    spellings_clash,
)
from generator.games.doublets.prompts import SYMMETRIC, UNRELATED
from generator.games.doublets.story import stable_hash
from generator.words.ladder import (
    DEFAULT_SPELLING,
    LINK_ZIPF_FLOOR,
    MAX_LENGTH,
    MIN_LENGTH,
    SPELLINGS,
    WordGraph,
    ladders_for,
)
from generator.words.relations import relations

if TYPE_CHECKING:  # pragma: no cover - typing only
    from generator.words.ladder import Ladders
    from generator.words.ladder_search import ShortestChains
    from generator.words.lexicon import Lexicon


def _one_apart(a: str, b: str) -> bool:
    return sum(x != y for x, y in zip(a, b, strict=True)) == 1


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
    used: set[int]  # word ids that may not be ends (on this sheet, or excluded)
    unique: bool = False
    full_shapes: frozenset[tuple[int, bool]] = frozenset()  # (par, one way?) shapes not wanted
    saturated: frozenset[int] = frozenset()  # word ids already in MAX_KEY_USES keys
    variant_key: Callable[[str], str] = _identity
    taken: Sequence[frozenset[int]] = ()  # the links of the sheet's puzzles so far (SHARED_LINKS)

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
        return not _one_apart(a, b) and self.variant_key(a) != self.variant_key(b)


def _sheet_bands(
    count: int,
    length: int,
    difficulty: str | None,
    links: tuple[int, int] | None,
    unique: bool,
    spelling: str,
) -> tuple[str | None, list[str | None]]:
    """Check a sheet's parameters: the difficulty in force and each slot's band (None for a
    links range)."""
    if count < 1:
        raise DoubletsError(f"count must be at least 1 (got {count})")
    if not MIN_LENGTH <= length <= MAX_LENGTH:
        raise DoubletsError(f"length must be {MIN_LENGTH} to {MAX_LENGTH} letters (got {length})")
    if spelling not in SPELLINGS:
        raise DoubletsError(f"spelling '{spelling}' is not one of {', '.join(SPELLINGS)}")
    if links is not None:
        lo, hi = links
        if not 1 <= lo <= hi:
            raise DoubletsError(f"links range {lo}-{hi} must run from at least 1 up, like 3-5")
        return None, [None] * count
    if difficulty is None:
        difficulty = "medium"
    if difficulty not in DIFFICULTY_BANDS and difficulty != MIXED:
        raise DoubletsError(f"difficulty '{difficulty}' is not one of {', '.join(DIFFICULTIES)} or {MIXED}")
    if unique and difficulty != MIXED and difficulty not in UNIQUE_BANDS:
        raise DoubletsError(
            f"no {difficulty} puzzle has a single shortest chain (one way adds 2 to the "
            f"difficulty): with unique puzzles ask for {', '.join(UNIQUE_BANDS)} or {MIXED}"
        )
    return difficulty, list(_band_list(count, difficulty, unique))


@dataclass
class _Choosing:
    """What a sheet being chosen has used so far, and the rules it was given."""

    g: WordGraph
    ends: Ends
    rng: random.Random
    count: int
    zipf_floor: float
    unique: bool
    variant_key: Callable[[str], str]
    used: set[int]  # ends already on the sheet (or excluded)
    related: list[tuple[int, int]] = field(default_factory=list)  # related ends, in a seeded order
    key_uses: Counter[int] = field(default_factory=Counter)
    key_limit: int = MAX_KEY_USES
    taken: list[frozenset[int]] = field(default_factory=list)  # each puzzle's links
    shared_rule: bool = True  # SHARED_LINKS holds (it gives way only where nothing else fits)
    related_by_band: dict[str, list[tuple[int, int]]] = field(default_factory=dict)

    def fill_band(self, band: str | None, size: int, par_lo: int, par_hi: int) -> list[Puzzle]:
        """`size` puzzles for a band (or a par range), easiest first.  No (par, one-way) shape
        takes more than half of a band of VARIETY_MIN_BAND or more when there is a choice."""
        g = self.g
        cap = (size + 1) // 2 if size >= VARIETY_MIN_BAND else size
        shapes: Counter[tuple[int, bool]] = Counter()
        got: list[Puzzle] = []
        for _ in range(size):
            full = frozenset(s for s, n in shapes.items() if n >= cap)
            puzzle = self._one(band, par_lo, par_hi, full)
            if puzzle is None:
                what = f"{band}" if band else f"{par_lo}-{par_hi} links"
                raise DoubletsError(
                    f"could not find {self.count} {what}{' unique' if self.unique else ''} puzzles of "
                    f"{g.length}-letter words with distinct ends; try fewer puzzles, another "
                    f"length or another difficulty"
                )
            self.used.update((g.index[puzzle.start], g.index[puzzle.end]))
            self.key_uses.update(g.index[w] for w in puzzle.chain)
            self.taken.append(frozenset(g.index[w] for w in puzzle.links))
            shapes[(puzzle.par, puzzle.shortest_chains == 1)] += 1
            got.append(puzzle)
        got.sort(key=lambda p: (p.par, p.score))  # stable: easiest first
        return got

    def _related(self, band: str | None) -> list[tuple[int, int]]:
        """The related pairs this slot may draw on, in the sheet's order, less those whose par,
        found before, puts them in another band (a shorter list to walk for each slot; a pair
        whose par is not yet known stays in)."""
        if band is None:
            return self.related
        if not self.related_by_band:  # every band's list in one pass, once a sheet
            counts, unknown = self.ends.counts, (0, 0)
            lists = self.related_by_band
            for name in DIFFICULTY_BANDS:
                lists[name] = []
            bands: dict[tuple[int, int], str | None] = {}  # (par, ways up to 4) -> band
            for s, t in self.related:
                c = counts.get((s, t) if s < t else (t, s), unknown)
                if c is None:
                    continue  # no chain within MAX_PAR
                if c is unknown:
                    for got in lists.values():
                        got.append((s, t))
                    continue
                shape = (c[0], min(c[1], 4))
                if shape not in bands:
                    bands[shape] = difficulty_of(*shape)
                found = bands[shape]
                if found is not None:
                    lists[found].append((s, t))
        return self.related_by_band.get(band, self.related)

    def _one(
        self, band: str | None, par_lo: int, par_hi: int, full: frozenset[tuple[int, bool]]
    ) -> Puzzle | None:
        """One puzzle for a slot.  If a band is too small for puzzles that share fewer than
        SHARED_LINKS links, that rule gives way for the rest of the sheet; if it is too small
        to keep every word to MAX_KEY_USES keys (8-letter fiendish), a word may go into one
        more key (the sheet says so)."""
        while True:
            saturated = frozenset(i for i, n in self.key_uses.items() if n >= self.key_limit)
            rules = _Rules(
                band,
                par_lo,
                par_hi,
                self.zipf_floor,
                self.used,
                self.unique,
                full,
                saturated,
                self.variant_key,
                self.taken if self.shared_rule else (),
            )
            puzzle = _fill_slot(_Search(self.g, self.ends, self.rng, rules), self._related(band))
            if puzzle is not None:
                return puzzle
            if self.shared_rule:  # a sparse band: puzzles may share links after all
                self.shared_rule = False
                continue
            if self.key_limit >= self.count:
                return None
            self.key_limit += 1


@dataclass(frozen=True)
class SheetAsk:
    """What a sheet is asked for beyond its count, length and difficulty: `links=(a, b)` replaces
    the difficulty with a par range; `unique` asks for puzzles with exactly one shortest chain;
    `date` deals with the date's own seed; `exclude`: end words the sheet may not use."""

    links: tuple[int, int] | None = None
    unique: bool = False
    spelling: str = DEFAULT_SPELLING
    date: _dt.date | str | None = None
    link_zipf_floor: float = SHEET_LINK_ZIPF
    exclude: Collection[str] = ()


def make_sheet(
    count: int = 8,
    length: int = 4,
    difficulty: str | None = "medium",
    *,
    seed: int | None = None,
    lexicon: Lexicon | None = None,
    ask: SheetAsk = SheetAsk(),
) -> Sheet:
    """Choose `count` Doublets of `length` letters at a difficulty band (or a links range).

    Deterministic: the same seed (or date), parameters and lexicon give the same sheet.  Ends
    are printable common words, no end word appears twice on the sheet, no puzzle's ends are
    one letter apart, every key prints only words of the print vocabulary for the spelling (and
    never two spellings of one word), and no word is in more than MAX_KEY_USES keys.  Pars
    never fall from one puzzle to the next.  The steps: check the request (_sheet_bands,
    _check_capacity), set up the choosing (_choosing), fill the bands hardest first
    (_fill_bands: each slot by _Choosing._one, whose fallbacks are named there).
    """
    difficulty, bands = _sheet_bands(count, length, difficulty, ask.links, ask.unique, ask.spelling)
    seed, iso = seed_and_date(seed, ask.date)
    ladders = ladders_for(lexicon, ask.spelling)
    if difficulty is not None:
        _check_capacity(ladders, length, difficulty, bands, ask)
    # The choice is greedy: an early pick can take the ends a sparse band's last slot needed
    # (3-letter fiendish, seed 1, found 7 of the 9 there are). Then the same seed tries again
    # in another fixed order; a sheet that fills at once is unchanged.
    for attempt in range(FILL_ORDERS):
        state = _choosing(ladders, count, length, seed, ask, attempt)
        try:
            puzzles = _fill_bands(state, bands, ask.links)
            break
        except DoubletsError:
            if attempt == FILL_ORDERS - 1:
                raise
    return Sheet(
        puzzles=puzzles,
        length=length,
        difficulty=difficulty,
        links=(ask.links[0], ask.links[1]) if ask.links else None,
        seed=seed,
        date=iso,
        unique=ask.unique,
        spelling=ask.spelling,
        key_word_limit=state.key_limit,
    )


FILL_ORDERS = 3  # orders a sheet is chosen in before it gives up (see make_sheet)


def _choosing(
    ladders: Ladders, count: int, length: int, seed: int, ask: SheetAsk, attempt: int = 0
) -> _Choosing:
    """The state a sheet is chosen in: its graph and ends, its random draws (the seed's own, or
    for a later `attempt` another fixed order) and related pairs."""
    g = ladders.graph(length)
    ends = ends_for(ladders, length)
    if len(ends.pool) < 2:
        raise DoubletsError(f"there are too few common {length}-letter words to make puzzles")
    return _Choosing(
        g=g,
        ends=ends,
        rng=random.Random(seed if attempt == 0 else f"{seed}:{attempt}"),
        count=count,
        zipf_floor=ask.link_zipf_floor,
        unique=ask.unique,
        variant_key=ladders.variant_key,
        used={g.index[w] for w in ask.exclude if w in g.index},
        related=_turn_of(
            g, related_pairs(g, ends, random.Random(seed ^ RELATED_SALT), ladders.variant_key), seed
        ),
    )


SHEET_TURNS = 10  # a related pair is tried first only on sheets whose seed is its turn, mod this


def _turn_of(g: WordGraph, pairs: list[tuple[int, int]], seed: int) -> list[tuple[int, int]]:
    """The related pairs whose turn (a hash of the two words, mod SHEET_TURNS) is the seed's: ten
    seeds in a row share none, so no story is on more than one in ten sheets of a kind."""
    turn, words = seed % SHEET_TURNS, g.words
    return [
        (s, t) for s, t in pairs if stable_hash("/".join(sorted((words[s], words[t])))) % SHEET_TURNS == turn
    ]


def _fill_bands(
    state: _Choosing, bands: list[str | None], links: tuple[int, int] | None
) -> tuple[Puzzle, ...]:
    """The sheet's puzzles, easiest first. Bands are filled hardest first; each band's pars stay at
    or below the easiest par of the band after it, so the sheet, read easiest first, never drops
    in par."""
    ceiling = MAX_PAR if links is None else links[1]
    chosen: list[list[Puzzle]] = []
    for band, size in reversed([(band, len(list(run))) for band, run in itertools.groupby(bands)]):
        if band is None:
            assert links is not None
            par_lo, par_hi = links[0], ceiling
        else:
            s_lo, s_hi = DIFFICULTY_BANDS[band]
            par_lo, par_hi = max(MIN_PAR, s_lo - 2), min(MAX_PAR, s_hi, ceiling)
        got = state.fill_band(band, size, par_lo, par_hi)
        ceiling = min(p.par for p in got)
        chosen.append(got)
    return tuple(p for got in reversed(chosen) for p in got)


CHECKED_FROM = 9  # a band of this many puzzles or more is checked against what exists first
# (every band of every length of the packaged lexicon holds at least 8 with distinct ends, so
# smaller requests, the default sheet's and the pack's, are left to the search: no cost)


def _check_capacity(
    ladders: Ladders, length: int, difficulty: str, bands: list[str | None], ask: SheetAsk
) -> None:
    """Refuse at once, in the request's own terms, a sheet that asks a band for more puzzles than
    exist with distinct ends (the search would try for minutes, then give up)."""
    count, unique, floor = len(bands), ask.unique, ask.link_zipf_floor
    sizes = Counter(bands)
    if not ladders.packaged or max(sizes.values()) < CHECKED_FROM:
        return
    most = band_capacity(ladders, length, min(floor, LINK_ZIPF_FLOOR))
    for band, size in sizes.items():
        assert band is not None
        room = most[band][1 if unique else 0]
        if size > room:
            fits = count
            while fits > 0 and any(
                n > most[b][1 if unique else 0]
                for b, n in Counter(_band_list(fits, difficulty, unique)).items()
            ):
                fits -= 1
            kind = f"{band}{' unique' if unique else ''}"
            share = f"{size} of them {kind}" if difficulty == MIXED else f"all {kind}"
            hint = f"ask for at most {fits} puzzles" if fits else "choose another difficulty"
            raise DoubletsError(
                f"{count} {difficulty} puzzles of {length}-letter words ({share}) cannot be made: "
                f"at most {room} {kind} puzzles with different end words exist; {hint}, or another length"
            )


def band_capacity(ladders: Ladders, length: int, floor: float) -> dict[str, tuple[int, int]]:
    """For each difficulty band: at most how many of its puzzles (and of its unique ones) of
    `length` letters a sheet can hold. A puzzle needs two ends no other puzzle uses, so a sheet
    holds no more than a smallest set of ends touching every pair that could fill the band (a
    vertex cover, found greedily: an upper bound, never too low). The pairs are those with every
    check the search makes before it looks for a key: common ends, par and ways in the band,
    keyable at `floor`. Saved in parlour's cache for the packaged lexicon (a few seconds to build)."""
    key = ("doublets-capacity", length, floor)
    got = ladders.memo.get(key)
    if got is None:
        import marshal

        from generator.games.doublets.kept import kept

        def build() -> dict[str, tuple[int, int]]:
            return _band_capacity(ladders, length, floor)

        def decode(view: memoryview) -> dict[str, tuple[int, int]]:
            data = marshal.loads(view)
            if set(data) != set(DIFFICULTY_BANDS):
                raise ValueError("not the bands")
            return {b: (int(a), int(u)) for b, (a, u) in data.items()}

        got = ladders.memo[key] = (
            kept("capacity", ladders.spelling, length, build, params=floor, decode=decode)
            if ladders.packaged
            else build()
        )
    assert isinstance(got, dict)
    return got


def _band_capacity(ladders: Ladders, length: int, floor: float) -> dict[str, tuple[int, int]]:
    g = ladders.graph(length)
    ends = ends_for(ladders, length)
    masks = keyable_masks_for(g, ends, floor)
    pairs: dict[str, list[tuple[int, int]]] = {b: [] for b in DIFFICULTY_BANDS}
    single: dict[str, list[tuple[int, int]]] = {b: [] for b in DIFFICULTY_BANDS}
    for s in ends.pool:
        for t, (par, ways) in g.ball(g.words[s], MAX_PAR).items():
            if t <= s or t not in ends.common:
                continue
            band = difficulty_of(par, ways)
            if band is None or not keyable(masks, ends, s, t, par):
                continue
            pairs[band].append((s, t))
            if ways == 1:
                single[band].append((s, t))
    return {b: (_cover(pairs[b]), _cover(single[b])) for b in DIFFICULTY_BANDS}


def _cover(pairs: list[tuple[int, int]]) -> int:
    """The size of a set of words that touches every pair (greedy: the word in most pairs first)."""
    adj: dict[int, set[int]] = {}
    for s, t in pairs:
        adj.setdefault(s, set()).add(t)
        adj.setdefault(t, set()).add(s)
    n = 0
    while adj:
        best = max(adj, key=lambda v: (len(adj[v]), -v))
        n += 1
        for t in adj.pop(best):
            adj[t].discard(best)
            if not adj[t]:
                del adj[t]
    return n


# Which related pairs a sheet tries first: 0, the little stories and their kin (a thing and
# its home, its stuff, its part, its opposite: Carroll's own kinds); 1, two names or kinds of
# one thing; 2, two members of one wide everyday class or doing (LION and BEAR), which are
# many and read as a plainer story.  A relation not named here is tier 1.
RELATION_TIERS = dict.fromkeys(
    ("home", "made", "from", "grows", "evolve", "dip", "stow", "feed", "on", "pair", "does", "raise"), 0
) | dict.fromkeys(("opposite", "scale", "part", "member", "material"), 0)
RELATION_TIERS |= dict.fromkeys(("class", "acts"), 2)
RELATED_SALT = 0x5E1A7ED  # the related pairs' order comes from the seed, not the sheet's draws
SHARED_LINKS = 3  # no two puzzles of a sheet share this many links


def related_pairs(
    g: WordGraph, ends: Ends, rng: random.Random, variant_key: Callable[[str], str] = _identity
) -> list[tuple[int, int]]:
    """The related pairs of the relation data (generator/data/relations.txt) whose words are
    both candidate ends in one component of `g`, not one letter apart and not two spellings
    of one word, as (start, end) ids: the little stories first (RELATION_TIERS: drive PIG
    into the STY before two kinds of one thing, and those before two members of one wide
    class), in a seeded order within each tier; a pair whose relation reads either way round
    is turned over at random."""
    if ends.related is None:  # the same for every sheet of these ends: found once
        found = []
        index, common, component = g.index, ends.common, ends.component
        for relation, a, b in relations().by_length.get(g.length, ()):
            s, t = index.get(a), index.get(b)
            if s is None or t is None or s not in common or t not in common or component[s] != component[t]:
                continue
            if _one_apart(a, b) or variant_key(a) == variant_key(b):
                continue
            found.append((s, t, relation in SYMMETRIC, RELATION_TIERS.get(relation, 1)))
        ends.related = found
    out = list(ends.related)
    rng.shuffle(out)
    out.sort(key=lambda pair: pair[3])  # stable: the seeded order holds within a tier
    return [(t, s) if turn and rng.random() < 0.5 else (s, t) for s, t, turn, _ in out]


@dataclass
class _Search:
    """One slot's search: the graph, its candidate ends, the sheet's random draws and the rules."""

    g: WordGraph
    ends: Ends
    rng: random.Random
    rules: _Rules


def _fill_slot(search: _Search, related: Sequence[tuple[int, int]] = ()) -> Puzzle | None:
    """One puzzle for a slot.  At each link floor (the rules' floor, then LINK_ZIPF_FLOOR) every
    related pair (`related`) is tried before any other, and a puzzle with unrelated ends is the
    floor's last resort (random draws, then a sweep of every start).  Shape variety is a wish
    (dropped if nothing else fits); the band is a promise."""
    rules = search.rules
    floors = sorted({rules.zipf_floor, min(rules.zipf_floor, LINK_ZIPF_FLOOR)}, reverse=True)
    kinds: list[Sequence[tuple[int, int]] | None] = [related, None] if related else [None]
    for floor in floors:
        rules.zipf_floor = floor
        for among in kinds:
            puzzle = _shaped(search, among)
            if puzzle is not None:
                return puzzle
    return None


def _shaped(search: _Search, related: Sequence[tuple[int, int]] | None) -> Puzzle | None:
    """_find_puzzle with the full shapes left out, then, if that finds nothing, with any."""
    rules = search.rules
    full = rules.full_shapes
    puzzle = _find_puzzle(search, related)
    if puzzle is None and full:
        rules.full_shapes = frozenset()
        puzzle = _find_puzzle(search, related)
        rules.full_shapes = full
    return puzzle


def _counted(g: WordGraph, ends: Ends, s: int, t: int) -> tuple[int, int] | None:
    """The par and number of minimal chains of s -> t (None: no chain within MAX_PAR), found
    once: they are the graph's, so ends.counts keeps them for later sheets."""
    pair = (s, t) if s < t else (t, s)
    if pair in ends.counts:
        return ends.counts[pair]
    got = ends.counts[pair] = g.par_and_count(g.words[pair[0]], g.words[pair[1]], MAX_PAR)
    return got


def _find_related(search: _Search, related: Sequence[tuple[int, int]]) -> Puzzle | None:
    """The first related pair, in the sheet's order, that fits the rules and can be keyed."""
    g, ends, rules = search.g, search.ends, search.rules
    par_lo, par_hi = rules.par_lo, rules.par_hi
    fitting = rules.fitting()
    masks = keyable_masks_for(g, ends, rules.zipf_floor) if doublets_ends.PRUNE else None
    unkeyable = ends.unkeyable.setdefault(rules.zipf_floor, set())
    used, saturated = rules.used, rules.saturated
    counts = ends.counts
    for s, t in related:  # ends_ok's checks (the pairs are never one letter apart or variants)
        if s in used or t in used or s in saturated or t in saturated:
            continue
        pair = (s, t) if s < t else (t, s)
        known = pair in counts  # a par found before is checked first: it is the cheaper test
        if known:
            got = counts[pair]
            if got is None or (got[0], min(got[1], 4)) not in fitting:
                continue
        if not known:
            got = _counted(g, ends, s, t)
        if got is None or not par_lo <= got[0] <= par_hi or (got[0], min(got[1], 4)) not in fitting:
            continue
        if masks is not None and not keyable(masks, ends, s, t, got[0]):
            continue
        found = _keyed(g, s, t, rules, ends.wide, unkeyable)
        if found is not None:
            return found
    return None


OUTWARD_PICKS = 4  # ends tried from one outward search before drawing a new start
OUTWARD_MAX_PAR = 3  # search outward from the start when par is at most this


def _find_puzzle(search: _Search, related: Sequence[tuple[int, int]] | None = None) -> Puzzle | None:
    """Draw a start at random, then an end that fits the rules (or, given `related`, the
    first of those pairs that fits: see _find_related).

    Short pars (par_hi <= 3) search outward from the start: one small BFS gives the par and
    chain count to every word in reach, so fitting ends are found at once (random ends would
    rarely be that close).  Otherwise ends are drawn at random and first tested against
    bitsets (built once per length) of the words at a fitting distance from the start that a
    key can reach (see doublets_ends), so only such pairs cost a search.
    """
    g, ends, rules = search.g, search.ends, search.rules
    if rules.par_lo > rules.par_hi:
        return None
    if related is not None:
        return _find_related(search, related)
    pool = [s for s in ends.pool if s not in rules.used and s not in rules.saturated]
    if not pool:
        return None
    masks = keyable_masks_for(g, ends, rules.zipf_floor) if doublets_ends.PRUNE else None
    if rules.par_hi <= OUTWARD_MAX_PAR:
        found = _find_outward(search, pool, masks)
    else:
        found = _find_drawn(search, pool, masks)
    return found if found is not None else _sweep(search)


def _find_outward(search: _Search, pool: list[int], masks: Mapping[int, list[int]] | None) -> Puzzle | None:
    """Draws for short pars: from a random start, up to OUTWARD_PICKS of the ends that fit."""
    g, ends, rng, rules = search.g, search.ends, search.rng, search.rules
    most = MAX_TRIES_PER_PUZZLE
    fitting, common, ends_ok = rules.fitting(), ends.common, rules.ends_ok
    unkeyable = ends.unkeyable.setdefault(rules.zipf_floor, set())
    tries = 0
    while tries < most:
        tries += 1
        s = pool[rng.randrange(len(pool))]
        reach = g.ball(g.words[s], rules.par_hi)
        fits = [
            t
            for t, (par, ways) in reach.items()
            if t in common and (par, ways if ways < 4 else 4) in fitting and ends_ok(g, s, t)
        ]
        for _ in range(min(OUTWARD_PICKS, len(fits))):
            t = fits.pop(rng.randrange(len(fits)))
            tries += 1
            if masks is not None and not keyable(masks, ends, s, t, reach[t][0]):
                continue
            found = _keyed(g, s, t, rules, ends.wide, unkeyable)
            if found is not None:
                return found
    return None


def _find_drawn(search: _Search, pool: list[int], keyable: Mapping[int, list[int]] | None) -> Puzzle | None:
    """Random pairs (start, end in its component) at a fitting distance, counted and keyed.
    With `keyable` (keyable_masks_for) only pairs at a fitting distance that a key can take
    are drawn; without, every pair is drawn and tested (the reach masks give the distance)."""
    g, ends, rng, rules = search.g, search.ends, search.rng, search.rules
    most = MAX_TRIES_PER_PUZZLE
    par_lo, par_hi = rules.par_lo, rules.par_hi
    masks = None
    if keyable is None:
        masks = None if par_hi > MAX_PAR else reach_masks_for(g, ends)
        pairs = plain_draws(ends, pool, rng, most)
    else:
        steps = range(par_lo + 1, min(par_hi, MAX_PAR) + 2)  # past MAX_PAR the count says no

        def wanted(s: int) -> int:
            assert keyable is not None
            by_distance, m = keyable[s], 0
            for d in steps:
                m |= by_distance[d]
            return m

        pairs = fast_draws(ends, pool, rng, most, wanted)
    fitting = rules.fitting()
    unkeyable = ends.unkeyable.setdefault(rules.zipf_floor, set())
    for s, t in pairs:
        if masks is not None:  # exact and cheap: is t within par_lo+1..par_hi+1 steps of s?
            m = masks[s]
            if not (m[par_hi + 1] >> t) & 1 or (m[par_lo] >> t) & 1:
                continue
        if not rules.ends_ok(g, s, t):
            continue
        got = _counted(g, ends, s, t)
        if got is None or not par_lo <= got[0] <= par_hi or (got[0], min(got[1], 4)) not in fitting:
            continue
        found = _keyed(g, s, t, rules, ends.wide, unkeyable)
        if found is not None:
            return found
    return None


def _sweep(search: _Search) -> Puzzle | None:
    """When random draws find nothing (a sparse band, or most fitting ends already used), try
    every start in a seeded random order, and from each every fitting end: slower, but it
    finds a puzzle whenever one exists.  A start's ends are tried in an order fixed by the
    sweep's seed, the start and the end alone (_sweep_order), so leaving out ends that no key
    can reach, as the keyable bitsets do, never changes which puzzle is found; with the
    bitsets, a start's fitting ends are read from them (their pars and counts found pair by
    pair) instead of from a search outward over the whole graph."""
    g, ends, rng, rules = search.g, search.ends, search.rng, search.rules
    starts = [s for s in ends.pool if s not in rules.used and s not in rules.saturated]
    rng.shuffle(starts)
    salt = rng.getrandbits(64)
    fitting = rules.fitting()
    masks = keyable_masks_for(g, ends, rules.zipf_floor) if doublets_ends.PRUNE else None
    steps = range(rules.par_lo + 1, rules.par_hi + 2) if rules.par_hi <= MAX_PAR else None
    unkeyable = ends.unkeyable.setdefault(rules.zipf_floor, set())
    for s in starts:
        if masks is not None and steps is not None:
            fits = _keyable_fits(search, s, masks[s], steps, fitting)
        else:
            reach = g.ball(g.words[s], rules.par_hi)
            fits = [
                t
                for t, (par, ways) in reach.items()
                if t in ends.common
                and (par, min(ways, 4)) in fitting
                and rules.ends_ok(g, s, t)
                and (masks is None or keyable(masks, ends, s, t, par))
            ]
        for t in sorted(fits, key=_sweep_order(salt, s)):
            found = _keyed(g, s, t, rules, ends.wide, unkeyable)
            if found is not None:
                return found
    return None


_MASK64 = (1 << 64) - 1


def _sweep_order(salt: int, s: int) -> Callable[[int], int]:
    """A sort key for the ends of start s: a 64-bit mix (splitmix64's) of the sweep's salt, s
    and the end, so each end's place depends on nothing else."""
    base = (salt ^ (s * 0x9E3779B97F4A7C15)) & _MASK64

    def key(t: int) -> int:
        z = (base + (t + 1) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    return key


def _keyable_fits(
    search: _Search, s: int, by_distance: list[int], steps: range, fitting: frozenset[tuple[int, int]]
) -> list[int]:
    """The ends t of start s at a fitting distance that the keyable bitsets `by_distance` let
    a key reach, that pass the rules' cheap checks and whose par and chain count fit."""
    g, ends, rules = search.g, search.ends, search.rules
    group = ends.by_component[ends.component[s]]
    out = []
    for d in steps:
        m = by_distance[d]
        while m:
            low = m & -m
            m ^= low
            t = group[low.bit_length() - 1]
            if not rules.ends_ok(g, s, t):
                continue
            got = _counted(g, ends, s, t)
            if got is not None and (got[0], min(got[1], 4)) in fitting:
                out.append(t)
    return out


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
    whoever knows it).  Related ends read in the relation's order (PIG to STY, not STY to
    PIG) unless the relation reads either way; the puzzle carries the relation.  No two
    puzzles of a sheet share SHARED_LINKS links (rules.taken)."""
    a, b = g.words[s], g.words[t]
    known = relations().of(a, b)
    relation = UNRELATED if known is None else known[0]
    if known is not None and relation not in SYMMETRIC and known[1] != a:
        s, t, a, b = t, s, b, a
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
    chain = _sheet_chain(g, dag, a, b, rules, best)
    if chain is None:
        return None
    if rules.taken:
        links = {g.index[w] for w in chain[1:-1]}
        if any(len(links & other) >= SHARED_LINKS for other in rules.taken):
            return None
    return Puzzle(a, b, dag.par, tuple(chain), dag.count, relation)


def _sheet_chain(
    g: WordGraph, dag: ShortestChains, a: str, b: str, rules: _Rules, best: list[str]
) -> list[str] | None:
    """The friendliest minimal chain a -> b that keeps to the sheet: no word already in
    MAX_KEY_USES keys, no other spelling of an end as a link, never two spellings of one word,
    no link under the floor; None if every minimal chain breaks one of these."""
    avoid = set(rules.saturated)
    vk = rules.variant_key
    if vk is not _identity:  # other spellings of either end may not be links
        end_keys = {vk(a), vk(b)}
        avoid.update(g.index[w] for w in dag.words()[1:-1] if w not in (a, b) and vk(w) in end_keys)
    chain = dag.friendliest(avoid) if avoid else best
    clash = spellings_clash(chain, vk)
    if clash:  # steer round the later spelling once; if every chain clashes, skip the puzzle
        avoid.update(g.index[w] for w in clash)
        chain = dag.friendliest(avoid)
        if spellings_clash(chain, vk):
            return None
    if not _links_ok(g, chain, rules.zipf_floor) or any(g.index[w] in avoid for w in chain[1:-1]):
        return None
    return chain


def puzzle_for(start: str, end: str, lexicon: Lexicon | None = None) -> Puzzle:
    """The Puzzle (par, key, count) for two given ends; raises LadderError if unsolvable."""
    from generator.words.ladder import solve

    sol = solve(start, end, lexicon, limit=0)
    relation = relations().relation(sol.start, sol.end) or UNRELATED
    return Puzzle(sol.start, sol.end, sol.links, tuple(sol.chain), sol.shortest_chains, relation)
