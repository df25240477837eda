"""What a child meets on a year of Daily Doublets (issue 33), by `words audit`'s measures.

Makes a year of daily sheets with the code and data of this checkout (or reads puzzles another
checkout dumped, --puzzles FILE: a JSON list of [date, start, end, relation, prompt, links]) and
prints, by generator.commands.audit.children: the share of ends on the familiar list (the
lexicon's '@familiar' mark), of ends that are inflected forms (relations.txt '@form'), of keys
needing a word outside everyday use (Lexicon.everyday), the family-class words printed, and the
days that lead with a story of the pool. The measures are this checkout's, whatever made the
puzzles, so an older checkout's year is judged by today's lists.

Run: python bench/bench_children.py [--from 2027-01-01] [--days 365] [--puzzles FILE] [--dump FILE]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def year(first: dt.date, days: int) -> list[list[object]]:
    """[date, start, end, relation, prompt, links] for every puzzle of `days` daily sheets."""
    from generator.games.doublets.daily import daily_sheets

    return [
        [sh.date, p.start, p.end, p.relation, p.prompt, list(p.links)]
        for sh in daily_sheets(first, days)
        for p in sh.puzzles
    ]


def main(argv: list[str] | None = None) -> int:
    from generator.commands import audit
    from generator.words.lexicon import load

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="first", default="2027-01-01")
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--puzzles", type=Path, help="judge these puzzles instead of making a year")
    parser.add_argument("--dump", type=Path, help="write the year's puzzles here")
    args = parser.parse_args(argv)
    rows = (
        json.loads(args.puzzles.read_text(encoding="utf-8"))
        if args.puzzles
        else year(dt.date.fromisoformat(args.first), args.days)
    )
    if args.dump:
        args.dump.write_text(json.dumps(rows), encoding="utf-8")
    printed = audit.Printed()
    for date, start, end, relation, prompt, links in rows:
        printed.puzzles.append((f"daily {date}", start, end, relation, prompt, tuple(links)))
        printed.add((start, end, *links), f"daily {date}")
    got = audit.children(printed, load())
    print(f"{len(rows)} puzzles, {len({r[0] for r in rows})} days")
    for line in audit.child_lines(got):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
