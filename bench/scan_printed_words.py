"""Scan everything parlour prints or shows for words of the classes kept off paper (issue 25).

Makes, exactly as the commands do (generator.commands.audit.gather):
  - a year of daily Doublets sheets (the week's shape: 4 letters early in the week, 5 and 6 later);
  - every sheet kind (lengths 3-8 x easy/medium/hard/fiendish/mixed) with three seeds;
  - sets of Jewels (per seed);
  - every Chimera's Lair key (its ordinary answers, and the marked rare answer of a card only rare
    words fit);
  - the `fighting-words check` examples of every letter pair;
  - `doublets solve` of Carroll's published pairs and of random pairs of print-vocabulary words
    (the links of the chain it prints, and of the clean chain it adds when every shortest chain
    needs a word parlour would not print, which it names as such; the two words given are the
    user's).

Then checks every word shown against:
  - the print vocabulary (the lexicon's '@noprint' classes: crude, dated, clipped, contraction,
    ...). A word outside it is a hit, except the referee's answers `fighting-words check` names
    as from its broader list and the Chimera key's marked rare answers, which are only hits when
    their class is not 'rare' (crude, dated, clipped, a drug or a misspelling);
  - for puzzle ends, the '@notend' classes of relations.txt (function, crude, second, listed, harm);
  - a watch list of words (default: the examples issue 25 names; --words FILE for your own).

Prints counts per class and every hit with where it was printed; exit 1 if anything hit.

Run: python bench/scan_printed_words.py [--days 365] [--seeds 1 2 3] [--jewels 10]
     [--solve 300] [--words FILE] [--json FILE]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# The examples issue 25 gives of words that reached paper (crude second senses, archaic or dialect
# words, clipped forms, solve's rare links); the check that follows the issue uses its own lists.
ISSUE_DATED = tuple("hale cant lass sire lest aye nay hew hither stead wan cur".split())
ISSUE_CLIPPED = tuple("cams subs temp quad specs corp".split())
ISSUE_WORDS = [
    *"stripper wiener sucking banging smack knob pox bust whipping stalking".split(),
    *ISSUE_DATED,
    *ISSUE_CLIPPED,
    *"pee burred girt gird riven ell lye tress fink".split(),
    *"azidothymidine methotrexate quinquefid azedarach overcompetetive".split(),
]
# Carroll's own doublets (Vanity Fair, 1879, and "Doublets: a word-puzzle"), as head/tail pairs.
CARROLL = (
    "pig sty", "four five", "wheat bread", "ape man", "pen ink", "chin nose", "tears smile",
    "wet dry", "hare soup", "rouge cheek", "oat rye", "tree wood", "pity good", "poor rich",
    "raven miser", "black white", "comb hair", "elm oak", "army navy", "eye lid", "fish bird",
    "bread toast", "witch fairy", "mine coal", "one two", "head tail", "cold warm", "love hate",
    "eel pie", "flour bread", "lion bear", "blue pink", "sin woe", "river shore", "cain abel",
)  # fmt: skip
NOT_HITS_WHEN_MARKED = {"rare", "not standard"}  # a marked rare answer may be rare, nothing worse


def solve_pairs(n_random: int, seed: int) -> list[tuple[str, str]]:
    """Carroll's pairs and `n_random` random same-length pairs of print-vocabulary words."""
    from generator.words.lexicon import load

    lex = load()
    pairs = [tuple(p.split()) for p in CARROLL]
    rng = random.Random(seed)
    by_len = {n: sorted(lex.words("print", n)) for n in (3, 4, 5, 6)}
    for _ in range(n_random):
        words = by_len[rng.choice((3, 4, 4, 5, 5, 6))]
        pairs.append((rng.choice(words), rng.choice(words)))
    return [(a, b) for a, b in pairs if a != b]


def gather_solve(printed: dict[str, list[str]], pairs: list[tuple[str, str]]) -> Counter[str]:
    """Add the words `doublets solve` prints for each pair between the two the user gave (those
    are the user's, echoed); count the outcomes."""
    from generator.words.ladder import LadderError, ladder_words, solve

    outcomes: Counter[str] = Counter()
    words = ladder_words()
    for a, b in pairs:
        try:
            sol = solve(a, b, limit=0, lexicon=words)
        except LadderError:  # not a word here, different lengths, or no chain: nothing printed
            outcomes["no chain or not a word"] += 1
            continue
        outcomes["solved"] += 1
        place = f"solve {a} {b}"
        if sol.unprintable:  # named as words parlour would not print, then the clean chain
            outcomes["needs an unprinted word (named, clean chain shown)"] += 1
            for w in sol.chain[1:-1]:
                if w not in sol.unprintable:
                    printed[w].append(place)
            for w in (sol.clean or ())[1:-1]:
                printed[w].append(place + " clean")
        else:
            for w in sol.chain[1:-1]:
                printed[w].append(place)
    return outcomes


def options(**kw: object) -> argparse.Namespace:
    """The scan's options, defaults as on the command line (for a caller such as a test)."""
    ns = argparse.Namespace(start="2026-01-01", days=365, seeds=[1, 2, 3], jewels=10, solve=300, watch=[])
    for k, v in kw.items():
        setattr(ns, k, v)
    return ns


def scan(args: argparse.Namespace) -> tuple[list[str], dict[str, object]]:
    from generator.commands import audit
    from generator.words.lexicon import load
    from generator.words.relations import not_an_end

    lex = load()
    start = dt.date.fromisoformat(args.start)
    printed: dict[str, list[str]] = defaultdict(list)
    ends: dict[str, list[str]] = defaultdict(list)
    marked: dict[str, list[str]] = defaultdict(list)
    referee = 0
    for i, seed in enumerate(args.seeds):
        first = i == 0
        found = audit.gather(
            start,
            args.days if first else 0,
            args.jewels,
            seed=seed,
            chimera_variants=None if first else [],
            fighting_words=first,
            progress=None
            if getattr(args, "quiet", False)
            else (lambda m: print(f"making {m} ...", file=sys.stderr)),
        )
        for w, places in found.printed.where.items():
            printed[w] += places
        for place, start_w, end_w, *_ in found.printed.puzzles:
            ends[start_w].append(place)
            ends[end_w].append(place)
        for place, words in found.printed.marked.items():
            for w in words:
                marked[w].append(place)
        referee += len(found.printed.referee)
    print("making doublets solve of Carroll's pairs and random pairs ...", file=sys.stderr)
    outcomes = gather_solve(printed, solve_pairs(args.solve, args.seeds[0]))

    watch = set(getattr(args, "watch", ()))
    hits: dict[str, dict[str, object]] = {}
    by_class: Counter[str] = Counter()
    for w, places in sorted(printed.items()):
        reason = lex.print_reason(w) if not lex.printable(w) else None
        by_class[reason or "print"] += 1
        if reason or w in watch:
            why = reason or "watch list"
            if not reason:  # say how the watched word is printed, and any no-end class it has
                cls = not_an_end(w)
                why += (", an end" if w in ends else ", a link or answer") + (
                    f", no-end class {cls}" if cls else ""
                )
            hits[w] = {"why": why, "times": len(places), "where": places[:3]}
    end_class: Counter[str] = Counter()
    for w, places in sorted(ends.items()):
        cls = not_an_end(w)
        end_class[cls or "end"] += 1
        if cls:
            hits[w] = {"why": f"no end ({cls})", "times": len(places), "where": places[:3]}
    for w, places in sorted(marked.items()):
        reason = lex.print_reason(w)
        if (reason and reason not in NOT_HITS_WHEN_MARKED) or w in watch:
            hits[w] = {"why": f"marked answer ({reason})", "times": len(places), "where": places[:3]}
    lines = [
        f"scanned: {args.days} daily sheets from {args.start}; sheets of every length and difficulty "
        f"with seeds {' '.join(map(str, args.seeds))}; {args.jewels} sets of Jewels per seed; every "
        f"Chimera key; Fighting Words checks of every letter pair; doublets solve of {len(CARROLL)} "
        f"Carroll pairs and {args.solve} random pairs ({', '.join(f'{k} {n}' for k, n in outcomes.items())})",
        f"words shown: {sum(len(v) for v in printed.values()):,} ({len(printed):,} distinct), "
        f"by class: " + ", ".join(f"{k} {n}" for k, n in by_class.most_common()),
        "end words by class: " + ", ".join(f"{k} {n}" for k, n in end_class.most_common()),
        f"marked rare answers: {len(marked)} distinct; referee-only Fighting Words checks: {referee}",
        f"watch list: {len(watch)} words; hits: {len(hits)}",
    ]
    for w, h in hits.items():
        lines.append(f"  {w:<16} {h['why']}, {h['times']}x, e.g. {', '.join(h['where'])}")  # type: ignore[arg-type]
    data = {
        "printed_by_class": dict(by_class),
        "ends_by_class": dict(end_class),
        "solve": dict(outcomes),
        "hits": hits,
        "words": {w: len(v) for w, v in sorted(printed.items())},
    }
    return lines, data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="start", default="2026-01-01", help="first daily sheet")
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--jewels", type=int, default=10, help="sets of Jewels per seed")
    parser.add_argument("--solve", type=int, default=300, help="random pairs to solve")
    parser.add_argument("--words", type=Path, help="a watch list, one word a line (default: issue 25's)")
    parser.add_argument("--json", type=Path, help="also write the result here")
    args = parser.parse_args(argv)
    if args.words is not None:
        args.watch = [w.strip().lower() for w in args.words.read_text().split() if w.strip()]
    else:
        args.watch = list(ISSUE_WORDS)
    lines, data = scan(args)
    print("\n".join(lines))
    if args.json:
        args.json.write_text(json.dumps(data, indent=1) + "\n")
    return 1 if data["hits"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
