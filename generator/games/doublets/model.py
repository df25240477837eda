"""Doublets model core: difficulty bands, puzzles, sheets, dates and the candidate end words.

Choosing a sheet is choose.py, the daily schedule daily.py, Jewels jewels.py and the scoring
paper scorepad.py (no drawing in any of them: that is the draw/ folder).
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import marshal
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from generator.errors import ParlourError
from generator.games.doublets.prompts import UNRELATED, prompt
from generator.words.ladder import (
    DEFAULT_SPELLING,
    FAMILIAR_ZIPF,
    UNWELCOME_FILE,
    Ladders,
    WordGraph,
    ladders_for,
    unwelcome_words,
)
from generator.words.relations import not_an_end

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
    (for `spelling`), not on the exclusion list, and a content word with no crude sense of any
    rank (the relation data's @notend classes)."""
    ladders = ladders_for(lexicon, spelling)
    lex = cast("Lexicon", ladders.lexicon)
    return (
        lex.in_tier(word, PUZZLE_TIER)
        and word not in not_puzzle_ends()
        and not_an_end(word) is None
        and ladders.printable(word)
    )


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
DAILY_COUNT = 4  # a daily sheet: a story and three graded practice puzzles (fewer, better)
MAX_PLAYERS = 12  # the round game's scoring paper holds up to this many


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
    relation: str = UNRELATED  # how the ends are related (generator/data/relations.txt)
    story: str | None = None  # the prompt a story pool wrote for this pair (None: the relation's frame)

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

    @property
    def prompt(self) -> str:
        """What the puzzle asks, in Carroll's manner: "Drive PIG into the STY"."""
        return self.story or prompt(self.relation, self.start, self.end)

    def to_json(self) -> dict[str, object]:
        """The --json shape of one puzzle."""
        return {
            "start": self.start,
            "end": self.end,
            "par": self.par,
            "chain": list(self.chain),
            "shortest_chains": self.shortest_chains,
            "relation": self.relation,
            "prompt": self.prompt,
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
        when = self.date if self.date else f"No. {self.seed}"
        return f"{self.words_label} · {grade} · {when}"

    @property
    def words_label(self) -> str:
        """The lengths of the sheet's words, as printed: "4-letter words", or where a day's story
        is longer or shorter than its practice, "4- and 5-letter words" ("3- to 5-letter words")."""
        lengths = sorted({len(p.start) for p in self.puzzles} or {self.length})
        if len(lengths) == 1:
            return f"{lengths[0]}-letter words"
        joint = " and " if len(lengths) == 2 else " to "
        return f"{lengths[0]}-{joint}{lengths[-1]}-letter words"

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
    iso = parse_date(date).isoformat()
    digest = hashlib.sha256(f"parlour/doublets/{iso}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def seed_and_date(seed: int | None, date: _dt.date | str | None, salt: int = 0) -> tuple[int, str | None]:
    """The seed to deal with (a date's own seed, xor `salt`, or the seed given, or 0) and the
    ISO date, if any; a seed and a date together are refused."""
    if seed is not None and date is not None:
        raise DoubletsError("give a seed or a date, not both")
    if date is None:
        return (0 if seed is None else seed), None
    iso = parse_date(date).isoformat()
    return seed_for_date(iso) ^ salt, iso


def parse_date(date: _dt.date | str) -> _dt.date:
    """A date from a date or a YYYY-MM-DD string; a DoubletsError names a bad one."""
    if isinstance(date, _dt.date):
        return date
    try:
        return _dt.date.fromisoformat(date.strip())
    except ValueError:
        raise DoubletsError(f"date '{date}' is not YYYY-MM-DD (for example 2025-03-01)") from None


def spellings_clash(chain: Sequence[str], variant_key: Callable[[str], str]) -> list[str]:
    """Words of `chain` that share a spelling key with an earlier word of it."""
    seen: set[str] = set()
    clash = []
    for w in chain:
        k = variant_key(w)
        if k in seen:
            clash.append(w)
        seen.add(k)
    return clash


@dataclass
class Ends:
    """Candidate end words of one length, grouped by graph component (ids, sorted)."""

    pool: list[int]  # printable common words whose component holds at least one other
    by_component: dict[int, list[int]]
    component: list[int]

    reach: dict[int, list[int]] | None = None  # see ends.reach_masks_for
    wide: WordGraph | None = None  # standard words plus frequent broad ones (see SHORTCUT_ZIPF)
    counts: dict[tuple[int, int], tuple[int, int] | None] = field(default_factory=dict)  # par, ways
    unkeyable: dict[float, set[tuple[int, int]]] = field(default_factory=dict)  # floor -> pairs never fit
    # floor -> start -> by distance, bitsets of the ends a key can reach (ends.py)
    keyable: dict[float, Mapping[int, list[int]]] = field(default_factory=dict)
    # (spelling, length) when these are the packaged lexicon's ends, whose keyable bitsets are
    # kept in parlour's cache too (doublets.kept)
    kept_as: tuple[str, int] | None = None
    # related ends (choose.related_pairs), found once: (start, end, either way round?, tier)
    related: list[tuple[int, int, bool, int]] | None = None
    # floor -> (words no chain may pass through, the keyable bitsets built without them)
    keyable_round: dict[float, tuple[frozenset[int], Mapping[int, list[int]]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.common = frozenset(self.pool)
        # where each candidate end stands in its component's list (bit i of a start's keyable
        # bitset is the end by_component[...][i])
        self.position = {t: i for ids in self.by_component.values() for i, t in enumerate(ids)}


def ends_for(ladders: Ladders, length: int) -> Ends:
    """The candidate end words of `length` letters for these ladders (found once per ladders; over
    the packaged lexicon kept in parlour's cache, with their graph's components)."""
    key = ("doublets-ends", length)
    ends = ladders.memo.get(key)
    if ends is None:
        if ladders.packaged:
            from generator.games.doublets.kept import kept

            g = ladders.graph(length)
            ends = kept(
                "ends",
                ladders.spelling,
                length,
                lambda: _ends(ladders, length),
                encode=lambda e: marshal.dumps(_encode_ends(e, g)),
                decode=lambda view: _decode_ends(marshal.loads(view), g, ladders.lexicon.zipf),
            )
            ends.kept_as = (ladders.spelling, length)  # its keyable bitsets are kept too
        else:
            ends = _ends(ladders, length)
        ladders.memo[key] = ends
    assert isinstance(ends, Ends)
    return ends


def _encode_ends(ends: Ends, g: WordGraph) -> tuple:
    wide = None if ends.wide is None else (ends.wide.words, ends.wide.adj)
    return ends.pool, ends.by_component, ends.component, g.component_sizes(), wide


def _decode_ends(data: tuple, g: WordGraph, zipf: Callable[[str], float]) -> Ends:
    """Ends saved by _encode_ends for the graph `g` (whose components they give it)."""
    pool, groups, component, sizes, wide = data
    if len(component) != len(g.words) or len(sizes) != (max(component) + 1 if component else 0):
        raise ValueError("ends of another graph")
    g.adopt_components(component, sizes)
    return Ends(pool, groups, component, wide=None if wide is None else WordGraph(wide[0], zipf, adj=wide[1]))


def _ends(ladders: Ladders, length: int) -> Ends:
    """ends_for's candidates, found afresh."""
    g = ladders.graph(length)
    comp = g._components()
    groups: dict[int, list[int]] = {}
    excluded = not_puzzle_ends()
    for w in ladders.lexicon.words(tier=PUZZLE_TIER, length=length):
        if w in excluded or not ladders.printable(w) or not_an_end(w) is not None:
            continue
        i = g.index.get(w)
        if i is not None:
            groups.setdefault(comp[i], []).append(i)
    groups = {c: ids for c, ids in groups.items() if len(ids) > 1}
    pool = sorted(i for ids in groups.values() for i in ids)
    lex = ladders.lexicon
    extra = [w for w in lex.words("broad", length) if w not in g.index and lex.zipf(w) >= SHORTCUT_ZIPF]
    wide = WordGraph(g.words + extra, lex.zipf) if extra else None
    return Ends(pool, groups, comp, wide=wide)
