"""Carroll's own doublets against parlour's print vocabulary (issue 33).

Lewis Carroll set 39 doublets in Vanity Fair from 29 March to 21 June 1879 and printed his
chains for them in "Doublets: a word-puzzle" (1879, first edition). For each, this script finds
the fewest links of a chain whose every link parlour may print (the packaged lexicon's print
vocabulary at the key floor, ladder.Ladders.printable, US spelling; the two ends are Carroll's,
taken as given) and compares it with the links of Carroll's own chain. A pair is "usable" when
both ends are words of the lexicon's standard tier, so a chain can be asked for at all.

Prints one line per pair and the count at or under Carroll's links; --json writes the figures.
Run: python bench/bench_carroll.py [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# (start, end, links in Carroll's chain), in the order of his 1879 solutions.
CARROLL_1879 = (
    ("pig", "sty", 4), ("pen", "ink", 5), ("wet", "dry", 3), ("eye", "lid", 3), ("eel", "pie", 3),
    ("ape", "man", 5), ("oat", "rye", 3), ("tea", "hot", 3), ("elm", "oak", 7), ("buy", "ass", 7),
    ("one", "two", 8), ("four", "five", 6), ("nose", "chin", 5), ("hare", "soup", 6),
    ("pity", "good", 6), ("cain", "abel", 8), ("poor", "rich", 5), ("tree", "wood", 7),
    ("comb", "hair", 6), ("army", "navy", 7), ("hook", "fish", 6), ("mine", "coal", 5),
    ("blue", "pink", 9), ("fish", "bird", 6), ("wheat", "bread", 6), ("tears", "smile", 5),
    ("pitch", "tents", 5), ("steal", "coins", 7), ("raven", "miser", 3), ("grass", "green", 7),
    ("flour", "bread", 5), ("rogue", "beast", 10), ("beans", "shelf", 6), ("quell", "bravo", 10),
    ("costs", "pence", 9), ("black", "white", 7), ("shoes", "crust", 9), ("furies", "barrel", 5),
    ("kettle", "holder", 9),
)  # fmt: skip


def fewest_links(words: set[str], a: str, b: str) -> int | None:
    """Links of a shortest chain from a to b through `words` (a and b always allowed)."""
    allowed = words | {a, b}
    seen = {a: 0}
    todo = deque([a])
    while todo:
        w = todo.popleft()
        if w == b:
            return seen[w] - 1
        for i in range(len(w)):
            for c in "abcdefghijklmnopqrstuvwxyz":
                v = w[:i] + c + w[i + 1 :]
                if v != w and v in allowed and v not in seen:
                    seen[v] = seen[w] + 1
                    todo.append(v)
    return None


def measure() -> dict[str, object]:
    from generator.words.ladder import ladders_for
    from generator.words.lexicon import load

    lex = load()
    ladders = ladders_for(lex)
    rows = []
    for a, b, links in CARROLL_1879:
        usable = a in lex and b in lex
        printed = {w for w in lex.words("standard", len(a)) if ladders.printable(w)}
        got = fewest_links(printed, a, b) if usable else None
        rows.append({"start": a, "end": b, "carroll": links, "usable": usable, "links": got})
    usable = [r for r in rows if r["usable"]]
    within = [r for r in usable if r["links"] is not None and r["links"] <= r["carroll"]]
    return {"pairs": rows, "usable": len(usable), "within": len(within)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args(argv)
    got = measure()
    for r in got["pairs"]:  # type: ignore[attr-defined]
        mark = (
            ""
            if not r["usable"]
            else ("ok" if r["links"] is not None and r["links"] <= r["carroll"] else "LONGER")
        )
        print(
            f"{r['start']:>7} {r['end']:<7} Carroll {r['carroll']:>2}  printed {str(r['links']):>4}  {mark}"
        )
    print(f"{got['within']} of {got['usable']} usable pairs at or under Carroll's links")
    if args.json:
        args.json.write_text(json.dumps(got, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
