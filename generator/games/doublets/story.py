"""Story puzzles for Daily Doublets: the pool of related pairs a day leads with, the words a
child knows that may end or link a daily puzzle, and the order the stories come round in.

The pool is the relation data's little stories (generator/data/relations.txt, the relations of
the first tier: a thing and its home, its stuff, its part, its opposite, what it becomes...)
whose ends a family sheet prints in their base form and whose par a chain of familiar words
reaches.  Each record
is (start, end, prompt, relation): the prompt reads in the ladder's direction.
"""

from __future__ import annotations

import hashlib
import heapq
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from generator.games.doublets.model import MAX_PAR, MIN_PAR, is_puzzle_end, not_puzzle_ends
from generator.games.doublets.prompts import FRAMES, prompt
from generator.words.relations import not_an_end, relations

if TYPE_CHECKING:  # pragma: no cover - typing only
    from generator.words.ladder import Ladders, WordGraph
    from generator.words.lexicon import Lexicon

# Words a child knows: the lexicon's familiar list where it has one (Lexicon.familiar); ends
# and keys prefer its words.  Whatever the list, an end is at least FAMILIAR_END_ZIPF frequent
# (wordfreq zipf) and in its base form, and a link at least FAMILIAR_LINK_ZIPF (parlour's
# familiar floor); without a list these floors alone say what a child knows.
FAMILIAR_END_ZIPF = 3.3
FAMILIAR_LINK_ZIPF = 3.0
STORY_LENGTHS = (3, 4, 5, 6)  # a story's words may be shorter or longer than the day's practice
STORY_LINK_SHARE = 4  # story keys one word links before other keys go round it where they can
STORY_SPACING = 31  # days before a story's word may come back in another story (the 31st day after)
# Relations that tell a story a child can see (choose.RELATION_TIERS' first tier).
STORY_RELATIONS = frozenset(
    ("home", "made", "from", "grows", "evolve", "dip", "stow", "feed", "on", "pair", "does", "raise")
    + ("opposite", "scale", "part", "member", "material")
)


@dataclass(frozen=True)
class Story:
    """A story pair: the ladder runs from `start` to `end`; `prompt` tells it that way round."""

    start: str
    end: str
    prompt: str
    relation: str
    key: tuple[str, ...] = ()  # its key, start to end (story_pool spreads the links; () : work it out)


def stable_hash(text: str) -> int:
    """A 64-bit hash of `text` that is the same on every run (blake2b, not hash())."""
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def inflected(word: str, ladders: Ladders) -> bool:
    """True if `word` is an inflected form: the relation data's '@form' classes where it has
    them (ed, ing, er, est, verb_s, odd_plural), else read off the lexicon: an -S, -ED, -ING,
    -ER or -EST form of a familiar word (BEES of BEE, HOPED of HOPE, HOTTER of HOT)."""
    forms = getattr(relations(), "forms", None)
    if forms is not None:
        return word in forms
    lex = ladders.lexicon
    bases: list[str] = []
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        bases += [word[:-1], word[:-2] if word.endswith("es") else ""]
        bases.append(word[:-3] + "y" if word.endswith("ies") else "")
    for suffix in ("ed", "ing", "er", "est"):
        if word.endswith(suffix) and not word.endswith("eed"):
            stem = word[: -len(suffix)]
            bases += [stem, stem + "e" if len(stem) >= 3 else ""]  # (SHED is no SHE + D)
            if len(stem) > 2 and stem[-1] == stem[-2]:
                bases.append(stem[:-1])
            if stem.endswith("i"):
                bases.append(stem[:-1] + "y")
    return any(len(b) >= 3 and b != word and b in lex and lex.zipf(b) >= FAMILIAR_LINK_ZIPF for b in bases)


def familiar(word: str, ladders: Ladders) -> bool:
    """True if `word` is in everyday use, so a daily key may hold it: printed, and the lexicon's
    everyday mark (Lexicon.everyday: on the list of words children know or frequent) where it
    has one, else at least FAMILIAR_LINK_ZIPF frequent."""
    if not ladders.printable(word):
        return False
    mark = getattr(ladders.lexicon, "everyday", None)
    return bool(mark(word)) if callable(mark) else ladders.lexicon.zipf(word) >= FAMILIAR_LINK_ZIPF


def known(word: str, ladders: Ladders) -> bool:
    """True if `word` is on the lexicon's list of words children know (without a list: at least
    FAMILIAR_END_ZIPF frequent)."""
    mark = getattr(ladders.lexicon, "familiar", None)
    return bool(mark(word)) if callable(mark) else ladders.lexicon.zipf(word) >= FAMILIAR_END_ZIPF


def family_link(word: str, ladders: Ladders, loose: bool = False) -> bool:
    """True if a daily key may use `word` as a link: familiar (`loose`: or printed and at least
    FAMILIAR_LINK_ZIPF frequent, a day's last resort), and of no class that keeps a word from
    ending a puzzle except plain function words (no crude, harmful, listed or crude-second
    sense on a child's sheet, even in passing)."""
    ok = familiar(word, ladders) or (
        loose and ladders.printable(word) and ladders.lexicon.zipf(word) >= FAMILIAR_LINK_ZIPF
    )
    return ok and not_an_end(word) in (None, "function")


def everyday_end(word: str, ladders: Ladders) -> bool:
    """True if `word` may end a daily practice puzzle: a puzzle end, familiar, in its base form."""
    return is_puzzle_end(word, cast("Lexicon", ladders.lexicon), ladders.spelling) and everyday(word, ladders)


def everyday(word: str, ladders: Ladders, listed: bool = True) -> bool:
    """everyday_end for a word already known to be a puzzle end (`listed` False: the list of
    words children know aside, the spare ends a day falls back on)."""
    return (
        ladders.lexicon.zipf(word) >= FAMILIAR_END_ZIPF
        and not inflected(word, ladders)
        and (not listed or known(word, ladders))
    )


def familiar_key(
    g: WordGraph, a: str, b: str, ladders: Ladders, most: int = MAX_PAR, busy: Collection[str] = ()
) -> tuple | None:
    """(par, minimal chains, the key) for a -> b when a minimal chain of family links exists
    (that chain, the friendliest such, of listed words and none `busy` where it can, is the
    key); None if none does within `most` links."""
    if a not in g.index or b not in g.index or a == b or not g.connected(a, b):
        return None
    dag = g.shortest(a, b, max_links=most)
    if dag is None:
        return None
    inner = dag.words()[1:-1]
    strange = {g.index[w] for w in inner if not family_link(w, ladders)}
    chain = dag.friendliest(strange | {g.index[w] for w in inner if not known(w, ladders) or w in busy})
    if any(g.index[w] in strange for w in chain[1:-1]):  # listed words only where they can
        chain = dag.friendliest(strange)
    if any(not family_link(w, ladders) for w in chain[1:-1]):
        return None
    return dag.par, dag.count, tuple(chain)


def story_pool(ladders: Ladders) -> tuple[Story, ...]:
    """Every story pair whose ends a family sheet prints and whose par (MIN_PAR to MAX_PAR) a
    chain of familiar words reaches, in a fixed order (by length, then alphabetically); kept in
    parlour's cache for the packaged lexicon."""
    if not ladders.packaged:
        return _story_pool(ladders)
    import marshal

    from generator.games.doublets.kept import kept

    def decode(view: memoryview) -> tuple[Story, ...]:
        return tuple(Story(*row) for row in marshal.loads(view))

    def encode(pool: tuple[Story, ...]) -> bytes:
        return marshal.dumps([(s.start, s.end, s.prompt, s.relation, s.key) for s in pool])

    return kept("stories", ladders.spelling, 0, lambda: _story_pool(ladders), encode=encode, decode=decode)


def _story_pool(ladders: Ladders) -> tuple[Story, ...]:
    from generator.games.doublets.model import ends_for

    curated, rows = candidate_stories()
    unwelcome = not_puzzle_ends()
    out = []
    for relation, a, b, told in rows:
        if len(a) not in STORY_LENGTHS or a not in ladders.graph(len(a)).index:
            continue
        if curated:  # hand-picked: any printed end (STY, OAT) of no no-end class, plurals too
            ok = all(ladders.printable(w) and not_an_end(w) is None and w not in unwelcome for w in (a, b))
        else:
            g = ladders.graph(len(a))
            common = {g.words[i] for i in ends_for(ladders, len(a)).pool}
            ok = a in common and b in common and not inflected(a, ladders) and not inflected(b, ladders)
        got = familiar_key(ladders.graph(len(a)), a, b, ladders) if ok else None
        if got is not None and MIN_PAR <= got[0]:
            out.append(Story(a, b, told, relation, got[2]))
    return _spread(out, ladders)


def _spread(pool: list[Story], ladders: Ladders) -> tuple[Story, ...]:
    """The pool with each story's key chosen so that no word links more than STORY_LINK_SHARE
    story keys where another minimal chain of family links allows (stories in a fixed
    shuffled order; a word used that often is busy for the stories after)."""
    uses: Counter[str] = Counter()
    keys: dict[Story, tuple[str, ...]] = {}
    for story in sorted(pool, key=lambda s: stable_hash(f"parlour/doublets/key/{s.start}/{s.end}")):
        busy = {w for w, n in uses.items() if n >= STORY_LINK_SHARE}
        key = story.key  # the friendliest key; where none of its links is busy it stays the key
        if busy.intersection(key[1:-1]):
            got = familiar_key(ladders.graph(len(story.start)), story.start, story.end, ladders, busy=busy)
            assert got is not None  # (the pool holds only stories with a familiar key)
            key = got[2]
        keys[story] = key
        uses.update(key[1:-1])
    return tuple(Story(s.start, s.end, s.prompt, s.relation, keys[s]) for s in pool)


def candidate_stories() -> tuple[bool, list[tuple[str, str, str, str]]]:
    """Whether the pool is curated, and (relation, start, end, prompt) of every candidate
    story, in a fixed order: the curated
    story pool (generator.words.stories, generator/data/story_pairs.txt, its prompts written
    by hand in the ladder's direction) where parlour has one; else the relation data's pairs
    of the first tier (STORY_RELATIONS) with their relation's frame."""
    import importlib

    try:
        pool = importlib.import_module("generator.words.stories")
    except ImportError:
        return False, [
            (relation, a, b, prompt(relation, a, b))
            for length in STORY_LENGTHS
            for relation, a, b in sorted(relations().by_length.get(length, ()))
            if relation in STORY_RELATIONS and relation in FRAMES
        ]
    return True, [(s.relation, s.start, s.end, s.prompt) for s in pool.stories()]


def story_order(ladders: Ladders) -> tuple[Story, ...]:
    """story_cycle of the ladders' story pool: kept in parlour's cache for the packaged lexicon
    (placing the stories costs more than a day's sheet)."""
    pool = story_pool(ladders)
    if not ladders.packaged:
        return story_cycle(pool)
    from generator.games.doublets.kept import kept

    def decode(view: memoryview) -> tuple[Story, ...]:
        import marshal

        order = marshal.loads(view)
        if sorted(order) != list(range(len(pool))):
            raise ValueError("not an order of the story pool")
        return tuple(pool[i] for i in order)

    def encode(cycle: tuple[Story, ...]) -> bytes:
        import marshal

        where = {s: i for i, s in enumerate(pool)}
        return marshal.dumps([where[s] for s in cycle])

    return kept("story-cycle", ladders.spelling, 0, lambda: story_cycle(pool), encode=encode, decode=decode)


def _words(story: Story) -> tuple[str, ...]:
    return (story.start,) if story.start == story.end else (story.start, story.end)


def cycle_clashes(cycle: Sequence[Story], spacing: int = STORY_SPACING) -> list[tuple[int, int, str]]:
    """(i, j, word) for every two places i < j of the cycle, read round and round (day n takes
    place n mod its length), closer than `spacing` days that share a word: what story_cycle
    must leave empty."""
    size = len(cycle)
    where: dict[str, list[int]] = {}
    for i, story in enumerate(cycle):
        for w in _words(story):
            where.setdefault(w, []).append(i)
    out = []
    for w, places in sorted(where.items()):
        for a, i in enumerate(places):
            for j in places[a + 1 :]:
                if min(j - i, size - (j - i)) < spacing:
                    out.append((i, j, w))
    return sorted(out)


def story_cycle(stories: Sequence[Story], spacing: int = STORY_SPACING) -> tuple[Story, ...]:
    """The stories in the order the days take them, round and round (day n takes place n mod
    the pool's size): no word of a story comes back in another story within `spacing` days,
    across the cycle's end too, wherever the pool allows it (cycle_clashes is empty; the
    story build checks it for the shipped pool).

    Placed greedily in a fixed shuffled order, each place taking, of the stories that fit (no
    word within `spacing` places before it, nor, near the end, after the cycle's start), the
    one most due: a word with r stories left must take its next place early enough for r - 1
    more, `spacing` apart, before the cycle ends and comes back to its first; then any clash
    left is mended by swapping two places where that lowers the clashes."""
    pool = sorted(stories, key=lambda s: stable_hash(f"parlour/doublets/story/{s.start}/{s.end}"))
    size = len(pool)
    if size < 2 * spacing:
        return tuple(pool)
    words = [_words(s) for s in pool]
    left = Counter(w for ws in words for w in ws)
    having: dict[str, list[int]] = {}
    for k, ws in enumerate(words):
        for w in ws:
            having.setdefault(w, []).append(k)
    first: dict[str, int] = {}
    last: dict[str, int] = {}

    def due(k: int) -> int:  # the last place story k's next story may take (its words' soonest)
        return min(
            min(size - 1, first.get(w, size) + size - spacing) - spacing * (left[w] - 1) for w in words[k]
        )

    def fits(k: int, i: int) -> bool:
        return all(
            i - last.get(w, -size) >= spacing and first.get(w, i) + size - i >= spacing for w in words[k]
        )

    heap = [(due(k), k) for k in range(size)]  # (due, place in the shuffle): stale entries are
    heapq.heapify(heap)  # corrected as they come up, and a story whose due falls is pushed anew
    placed = [False] * size
    order: list[Story] = []
    for i in range(size):
        passed: list[tuple[int, int]] = []
        chosen = None
        while heap:
            d, k = heapq.heappop(heap)
            if placed[k]:
                continue
            now = due(k)
            if now != d:
                heapq.heappush(heap, (now, k))
            elif fits(k, i):
                chosen = k
                break
            else:
                passed.append((d, k))
        if chosen is None:  # none fits: the most due of all
            passed.sort()
            chosen = passed.pop(0)[1]
        for entry in passed:
            heapq.heappush(heap, entry)
        placed[chosen] = True
        order.append(pool[chosen])
        for w in words[chosen]:
            left[w] -= 1
            last[w] = i
            if w not in first:
                first[w] = i
                for k in having[w]:  # their due may fall: push it anew
                    if not placed[k]:
                        heapq.heappush(heap, (due(k), k))
    return tuple(_mend(order, spacing))


def _mend(order: list[Story], spacing: int) -> list[Story]:
    """`order` with its clashes mended: a place in a clash swaps with the first other place
    (in order) where the swap lowers the clashes of the two, until none is left or none helps."""
    size = len(order)
    where: dict[str, set[int]] = {}
    for i, story in enumerate(order):
        for w in _words(story):
            where.setdefault(w, set()).add(i)

    def clashes(story: Story, i: int, away: int) -> int:
        return sum(
            1
            for w in _words(story)
            for j in where.get(w, ())
            if j not in (i, away) and min(abs(i - j), size - abs(i - j)) < spacing
        )

    for _ in range(4 * size):
        bad = next((i for i in range(size) if clashes(order[i], i, i)), None)
        if bad is None:
            break
        a = order[bad]
        for j in range(size):
            b = order[j]
            if j == bad or set(_words(a)) & set(_words(b)):
                continue
            before = clashes(a, bad, j) + clashes(b, j, bad)
            for w in _words(a):
                where[w].discard(bad)
            for w in _words(b):
                where[w].discard(j)
            after = clashes(a, j, bad) + clashes(b, bad, j)
            if after < before:
                order[bad], order[j] = b, a
                for w in _words(a):
                    where[w].add(j)
                for w in _words(b):
                    where[w].add(bad)
                break
            for w in _words(a):
                where[w].add(bad)
            for w in _words(b):
                where[w].add(j)
        else:
            break  # no swap helps: cycle_clashes reports what is left
    return order
