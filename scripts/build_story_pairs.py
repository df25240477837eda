"""Build generator/data/story_pairs.txt: the Doublets story pool, from scripts/story_pairs.txt.

How to rebuild (from the repository root, after scripts/build_lexicon.py and
scripts/build_relations.py)::

    python scripts/build_story_pairs.py              # write generator/data/story_pairs.txt
    python scripts/build_story_pairs.py --check      # exit 1 if the shipped file is stale
    python scripts/build_story_pairs.py --candidates # print pairs the method finds, not yet read

The story pool is the hand-read list of pairs a daily sheet leads with: two ends with a
relation a child can see (a thing and its home, what it is made from, what it becomes, a part
and its whole, opposites, what an animal does), each with a prompt that tells the story in the
ladder's direction (the prompt names the top word first: "Drive PIG into the STY" climbs down
from PIG to STY). Its policy is written at the head of scripts/story_pairs.txt.

The build checks every pair of the curated list and stops, naming each pair that fails, so the
shipped pool is the list exactly:

- both ends are words of one length (3 to 8 letters) that parlour prints in both spellings
  (ladder.Ladders.printable, which lets the familiar words corpora undercount print: sty),
  that a child knows (the lexicon's '@familiar' mark) and that may end a puzzle (no
  '@notend' class of relations.txt: function words, crude second senses, harm);
- no end is a regular -ed, -ing, -er or -est form of another word (a story's ends are base
  forms; plurals of nouns are fine: COWS into the BARN);
- par, the fewest links over every standard-tier word (what a player may use), is PAR_MIN to
  PAR_MAX, and a chain of that many links exists whose every link is a printed word in both
  spellings, in everyday use (Lexicon.everyday: familiar, or zipf 3.7 and over) and of no
  `@notend` class but function words (the daily key's rule: no ion, no crude link), the key a
  child can follow;
- the prompt names START before END, both in capitals.

--candidates is the method that assisted the reading: the pairs of relations.txt whose
relation tells a story (STORY_RELATIONS), less body-part wholes, that pass the checks and are
not yet on the list, with the prompt their relation's frame gives.

The output has no date in it: the same inputs give the same bytes.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import build_files  # noqa: E402
import wordnet_db  # noqa: E402
from wordnet_db import WordNet  # noqa: E402

SOURCE = ROOT / "scripts" / "story_pairs.txt"
OUTPUT = ROOT / "generator" / "data" / "story_pairs.txt"
MIN_LENGTH, MAX_LENGTH = 3, 8
PAR_MIN, PAR_MAX = 2, 8
SPELLINGS = ("us", "uk")

# Each relation's prompt, naming the ladder's top word ({start}) first.
STORY_FRAMES: dict[str, str] = {
    "home": "Drive {start} into the {end}",
    "made": "Make {start} into {end}",
    "from": "From the {start}, take {end}",
    "grows": "Grow {start} into {end}",
    "becomes": "Turn {start} into {end}",
    "evolve": "Evolve {start} into {end}",
    "dip": "Dip {start} into {end}",
    "stow": "Stow {start} in the {end}",
    "feed": "Give the {start} some {end}",
    "on": "Top the {start} with {end}",
    "pair": "Pair {start} with {end}",
    "does": "Teach the {start} to {end}",
    "raise": "Raise {start} to {end}",
    "opposite": "Turn {start} to {end}",  # Carroll's own wording (Turn WET to DRY), and "to" as in "Change X to Y"
    "part": "Give the {start} {its} {end}",  # the whole is made whole: Give the BIKE its HORN
    "whole": "Fit the {start} to the {end}",
    "join": "Join {start} to {end}",
}
# relations.txt relations the candidates come from, and the frame each reads with here
STORY_RELATIONS = {
    "home": "home",
    "made": "made",
    "material": "made",
    "from": "from",
    "grows": "grows",
    "evolve": "evolve",
    "dip": "dip",
    "stow": "stow",
    "feed": "feed",
    "on": "on",
    "pair": "pair",
    "does": "does",
    "raise": "raise",
    "opposite": "opposite",
    "scale": "opposite",
    "part": "part",
    "member": "part",
}


def frame(relation: str, a: str, b: str) -> str:
    """The prompt of `relation`'s frame for START `a` and END `b` ({its}: "their" after a
    plural START, so Give the PANS their LIDS)."""
    plural = a.endswith("s") and not a.endswith(("ss", "us"))
    return STORY_FRAMES[relation].format(start=a.upper(), end=b.upper(), its="their" if plural else "its")


LINE = re.compile(r"^([a-z]+) ([a-z]+) ([a-z]+)(?:\s*\|\s*(.+))?$")


def parse_source(text: str) -> list[tuple[str, str, str, str]]:
    """(relation, start, end, prompt) per line of scripts/story_pairs.txt, in file order; the
    prompt is the relation's frame unless the line gives its own after '|'."""
    out = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        m = LINE.match(line)
        if not m or m.group(1) not in STORY_FRAMES:
            raise SystemExit(f"story_pairs.txt:{n}: want 'RELATION START END [| Prompt]': {raw!r}")
        rel, a, b, own = m.groups()
        prompt = own.strip() if own else frame(rel, a, b)
        out.append((rel, a, b, prompt))
    return out


def reads_in_order(prompt: str, a: str, b: str) -> bool:
    """True if the prompt names START then END, as whole words in capitals."""
    ma = re.search(rf"\b{a.upper()}\b", prompt)
    mb = re.search(rf"\b{b.upper()}\b", prompt)
    return bool(ma and mb and ma.start() < mb.start())


class Checker:
    """The checks of the module docstring, over the packaged lexicon and relations."""

    def __init__(self, wn: WordNet) -> None:
        from generator.words.ladder import Ladders
        from generator.words.lexicon import load
        from generator.words.relations import relations

        self.wn = wn
        self.lex = load()
        self.ladders = [Ladders(self.lex, spelling=sp) for sp in SPELLINGS]
        self.notend = relations().notend
        self.graphs: dict[int, object] = {}
        self.familiar_ids: dict[int, set[int]] = {}

    def graph(self, n: int):  # noqa: ANN201 - a WordGraph
        g = self.graphs.get(n)
        if g is None:
            from generator.words.ladder import WordGraph

            g = self.graphs[n] = WordGraph(self.lex.words("standard", n), self.lex.zipf)
            self.familiar_ids[n] = {i for i, w in enumerate(g.words) if self.key_word(w)}
        return g

    def key_word(self, w: str) -> bool:
        """A word a child's key may hold: printed in both spellings and in everyday use (the
        lexicon's everyday: familiar, or frequent enough), of no no-end class but plain function
        words (doublets.story.family_link: no crude, harmful or grown-up word in passing)."""
        return (
            self.lex.everyday(w)
            and self.notend.get(w, "function") == "function"
            and all(lad.printable(w) for lad in self.ladders)
        )

    def inflected(self, w: str) -> bool:
        """True if `w` is a regular -ed, -ing, -er or -est form of another word."""
        for suffix in ("ed", "ing", "er", "est"):
            if w.endswith(suffix) and any(b != w and len(b) < len(w) for b in self.wn.lemmas_of(w)):
                return True
        return False

    def end_problem(self, w: str) -> str | None:
        if w not in self.lex:
            return "not a standard-tier word"
        if not all(lad.printable(w) for lad in self.ladders):
            return f"not printed ({self.lex.print_reason(w) or 'floor or spelling'})"
        if not self.lex.familiar(w):
            return "not familiar"
        if w in self.notend:
            return f"no end ({self.notend[w]})"
        if self.inflected(w):
            return "an inflected form"
        return None

    def pars(self, a: str, b: str) -> tuple[int | None, int | None]:
        """(par over every standard word, fewest links over familiar printed words)."""
        g = self.graph(len(a))
        got = g.par_and_count(a, b, max_links=PAR_MAX + 1)
        par = None if got is None else got[0]
        ok = self.familiar_ids[len(a)]
        s, t = g.index[a], g.index[b]
        seen = {s: 0}
        frontier = [s]
        depth = 0
        while frontier and depth <= PAR_MAX:
            depth += 1
            nxt = []
            for u in frontier:
                for v in g.adj[u]:
                    if v == t:
                        return par, depth - 1
                    if v not in seen and v in ok:
                        seen[v] = depth
                        nxt.append(v)
            frontier = nxt
        return par, None

    def problems(self, rel: str, a: str, b: str, prompt: str) -> list[str]:
        out = []
        if len(a) != len(b) or not MIN_LENGTH <= len(a) <= MAX_LENGTH:
            return [f"lengths {len(a)} and {len(b)}"]
        for w in (a, b):
            why = self.end_problem(w)
            if why:
                out.append(f"{w}: {why}")
        if out:
            return out
        par, fpar = self.pars(a, b)
        if par is None or not PAR_MIN <= par <= PAR_MAX:
            out.append(f"par {par}")
        elif fpar != par:
            out.append(f"par {par} but a familiar chain needs {fpar}")
        if not reads_in_order(prompt, a, b):
            out.append("the prompt does not name START then END")
        return out


def build(wn: WordNet) -> dict[str, object]:
    pairs = parse_source(SOURCE.read_text(encoding="utf-8"))
    check = Checker(wn)
    seen: dict[frozenset[str], int] = {}
    bad = []
    rows = []
    for i, (rel, a, b, prompt) in enumerate(pairs):
        key = frozenset((a, b))
        if key in seen:
            bad.append(f"{a} {b}: listed twice")
            continue
        seen[key] = i
        why = check.problems(rel, a, b, prompt)
        if why:
            bad.append(f"{rel} {a} {b}: " + "; ".join(why))
            continue
        par, _ = check.pars(a, b)
        rows.append((rel, a, b, par, prompt))
    return {"rows": rows, "bad": bad}


def render(rows: list[tuple[str, str, str, int, str]]) -> bytes:
    by_rel = Counter(r[0] for r in rows)
    by_len = Counter(len(r[1]) for r in rows)
    lines = [
        "# parlour Doublets: the story pool, pairs a daily sheet leads with.",
        "# Generated by scripts/build_story_pairs.py from scripts/story_pairs.txt (read and written",
        "# for parlour; its policy is at its head). Do not edit by hand; rebuild.",
        "#",
        "# Format: one pair a line, 'RELATION START END PAR PROMPT...': START is the ladder's top",
        "# word, END its bottom; PAR the fewest links over every standard-tier word, which a chain",
        "# of everyday printed words (the key) also reaches; PROMPT the rest of the line, naming",
        "# START first. Every end is familiar, printed in both spellings and no inflected form.",
        "#",
        f"# {len(rows)} pairs. Per relation: " + ", ".join(f"{r} {n}" for r, n in sorted(by_rel.items())),
        "# Per length: " + ", ".join(f"{n} letters {c}" for n, c in sorted(by_len.items())),
    ]
    rows = sorted(rows, key=lambda r: (len(r[1]), r[0], r[1], r[2]))
    lines += [f"{rel} {a} {b} {par} {prompt}" for rel, a, b, par, prompt in rows]
    return ("\n".join(lines) + "\n").encode("utf-8")


def body_whole(wn: WordNet, word: str) -> bool:
    """True if the word's first noun sense is a body or an animal (its parts read gruesomely
    taken out: the HEAD from the BODY)."""
    senses = [s for s in wn.senses(word) if s.synset.key[0] == "n"]
    if not senses:
        bases = [b for b in wn.lemmas_of(word) if b != word]
        senses = [s for b in bases for s in wn.senses(b) if s.synset.key[0] == "n"]
    return bool(senses) and senses[0].synset.lexname in ("noun.body", "noun.animal", "noun.person")


def candidates(wn: WordNet) -> list[str]:
    """Relation-data pairs that tell a story and pass the checks, not yet on the list."""
    from generator.words.relations import relations

    listed = {frozenset((a, b)) for _, a, b, _ in parse_source(SOURCE.read_text(encoding="utf-8"))}
    check = Checker(wn)
    out = []
    for n in range(MIN_LENGTH, MAX_LENGTH + 1):
        for rel, a, b in relations().by_length.get(n, ()):
            if rel not in STORY_RELATIONS or frozenset((a, b)) in listed:
                continue
            kind = STORY_RELATIONS[rel]
            if kind == "part" and body_whole(wn, a):
                continue
            prompt = frame(kind, a, b)
            if not check.problems(kind, a, b, prompt):
                par, _ = check.pars(a, b)
                out.append(f"{kind} {a} {b}  # par {par} ({rel})")
    return out


def spacing_problem(rows: list[tuple[str, str, str, int, str]]) -> str | None:
    """What keeps the daily's story cycle (doublets.story.story_cycle) from spacing the pool,
    or None: every word of a story must come back in another story no sooner than
    STORY_SPACING days later, across the cycle's end too. A word in more stories than the
    cycle has room for (its stories times the spacing over the pool's size) cannot be spaced;
    the greedy placement is checked here, so the shipped pool is one it spaces."""
    from generator.games.doublets.story import STORY_SPACING, Story, cycle_clashes, story_cycle

    cycle = story_cycle([Story(a, b, prompt, rel) for rel, a, b, _, prompt in rows])
    clashes = cycle_clashes(cycle)
    if not clashes:
        return None
    uses = Counter(w for s in cycle for w in {s.start, s.end})
    words = sorted({w for _, _, w in clashes}, key=lambda w: (-uses[w], w))
    return (
        f"the daily's story cycle brings a word back within {STORY_SPACING} days {len(clashes)} times "
        f"({', '.join(f'{w.upper()} in {uses[w]} stories' for w in words[:8])}): "
        f"give those words fewer stories (at most {len(cycle) // STORY_SPACING} each for {len(cycle)} stories)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=OUTPUT, help="where to write")
    parser.add_argument("--check", action="store_true", help="exit 1 if the shipped file is stale")
    parser.add_argument("--candidates", action="store_true", help="print pairs not yet read")
    args = parser.parse_args(argv)
    if why := wordnet_db.missing():
        print(why, file=sys.stderr)
        return 2
    wn = WordNet()
    if args.candidates:
        print("\n".join(candidates(wn)))
        return 0
    built = build(wn)
    bad: list[str] = built["bad"]  # type: ignore[assignment]
    if bad:
        print(f"{SOURCE.relative_to(ROOT)}: {len(bad)} pairs fail the checks:", file=sys.stderr)
        for line in bad:
            print("  " + line, file=sys.stderr)
        return 1
    if clash := spacing_problem(built["rows"]):  # type: ignore[arg-type]
        print(f"{SOURCE.relative_to(ROOT)}: {clash}", file=sys.stderr)
        return 1
    data = render(built["rows"])  # type: ignore[arg-type]
    if args.check:
        return build_files.check(args.output, data, "scripts/build_story_pairs.py")
    args.output.write_bytes(data)
    rows: list = built["rows"]  # type: ignore[assignment]
    print(f"wrote {args.output.relative_to(ROOT)} ({len(rows)} pairs)")
    for n, c in sorted(Counter(len(r[1]) for r in rows).items()):
        print(f"  {n} letters: {c}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
