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
STORY_SPACING = 31  # days before a story's word comes back in another story
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
    """True if a daily key may use `word` as a link: familiar (`loose`: printed and at least
    FAMILIAR_LINK_ZIPF frequent, a day's last resort), and of no class that keeps a word from
    ending a puzzle except plain function words (no crude, harmful, listed or crude-second
    sense on a child's sheet, even in passing)."""
    if loose:
        ok = ladders.printable(word) and ladders.lexicon.zipf(word) >= FAMILIAR_LINK_ZIPF
    else:
        ok = familiar(word, ladders)
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


def familiar_key(g: WordGraph, a: str, b: str, ladders: Ladders, most: int = MAX_PAR) -> tuple | None:
    """(par, minimal chains, the key) for a -> b when a minimal chain of family links exists
    (that chain, the friendliest such, of listed words where it can, is the key); None if
    none does within `most` links."""
    if a not in g.index or b not in g.index or a == b or not g.connected(a, b):
        return None
    dag = g.shortest(a, b, max_links=most)
    if dag is None:
        return None
    inner = dag.words()[1:-1]
    strange = {g.index[w] for w in inner if not family_link(w, ladders)}
    chain = dag.friendliest(strange | {g.index[w] for w in inner if not known(w, ladders)})
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
        return marshal.dumps([(s.start, s.end, s.prompt, s.relation) for s in pool])

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
            out.append(Story(a, b, told, relation))
    return tuple(out)


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


def story_cycle(stories: tuple[Story, ...], spacing: int = STORY_SPACING) -> tuple[Story, ...]:
    """The stories in the order the days take them, round and round: a fixed shuffle, then each
    place given to the first story left none of whose words is in the `spacing` places before
    it (where none is left, the first one left), so a word seldom comes back within a month."""
    shuffled = sorted(stories, key=lambda s: stable_hash(f"parlour/doublets/story/{s.start}/{s.end}"))
    out: list[Story] = []
    recent: list[frozenset[str]] = []
    while shuffled:
        near = set().union(*recent[-spacing:]) if recent else set()
        pick = next((i for i, s in enumerate(shuffled) if s.start not in near and s.end not in near), 0)
        story = shuffled.pop(pick)
        out.append(story)
        recent.append(frozenset((story.start, story.end)))
    return tuple(out)
