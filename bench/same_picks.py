"""Do two source trees choose the same Doublets puzzles?  Compares, puzzle by puzzle (ends, par,
key, chain count), a year of daily sheets (4 and 5 letters, from 2025-01-01), the 1,000 puzzles
of bench_ladder (125 graded 4-letter sheets, seeds 0-124), a sheet of every length and
difficulty (seed 1), a unique sheet and links ranges (two past MAX_PAR).  Used to show that a
change to how puzzles are searched for leaves the choice unchanged.

Run: python bench/same_picks.py --tree OTHER [--days N]   (exit 0 if identical, 1 if not)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = textwrap.dedent(
    r"""
    import datetime as dt, json, sys
    from generator.games.doublets import model as D
    try:  # the split modules; older trees keep everything in doublets
        from generator.games.doublets.daily import daily_sheets
        from generator.games.doublets.choose import make_sheet
    except ImportError:
        daily_sheets, make_sheet = D.daily_sheets, D.make_sheet

    days = int(sys.argv[1])

    def rows(sheet):
        return [[p.start, p.end, p.par, list(p.chain), p.shortest_chains] for p in sheet.puzzles]

    for n in (4, 5):
        try:  # a day's sheet from its date alone (DailyRequest), or the older signature
            from generator.games.doublets.daily import DailyRequest
            run = daily_sheets(dt.date(2025, 1, 1), days, DailyRequest(8, n))
        except ImportError:
            run = daily_sheets(dt.date(2025, 1, 1), days, 8, n, D.MIXED)
        for s in run:
            print(json.dumps([f"daily{n}", s.date, rows(s), bool(getattr(s, "relaxed", False))]))
    for seed in range(125):
        print(json.dumps(["sheet4", seed, rows(make_sheet(8, 4, D.MIXED, seed=seed))]))
    for n in (3, 4, 5, 6, 7, 8):
        for diff in ("easy", "medium", "hard", "fiendish", "mixed"):
            try:
                got = rows(make_sheet(8, n, diff, seed=1))
            except D.DoubletsError as err:
                got = str(err)
            print(json.dumps([f"sheet{n}-{diff}", 1, got]))
    others = [(8, 4, {"difficulty": "mixed", "unique": True}), (8, 4, {"links": (3, 6)})]
    others += [(3, 8, {"links": (10, 14)}), (3, 5, {"links": (9, 12)})]  # pars past MAX_PAR too
    for count, n, kw in others:
        print(json.dumps([f"sheet{n}-{sorted(kw.items())}", 1, rows(make_sheet(count, n, seed=1, **kw))]))
    """
)


def picks(tree: Path, days: int) -> tuple[list[str], float]:
    """The puzzle lines one tree prints, and the child's wall time."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(tree)
    t = time.perf_counter()
    got = subprocess.run(
        [sys.executable, "-c", CHILD, str(days)],
        cwd=tree,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return got.stdout.splitlines(), time.perf_counter() - t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, required=True, help="the other source tree")
    parser.add_argument("--days", type=int, default=365, help="days of daily sheets (default 365)")
    args = parser.parse_args()
    here, wall_here = picks(ROOT, args.days)
    there, wall_there = picks(args.tree.resolve(), args.days)
    for name, lines, wall in (("this tree", here, wall_here), (str(args.tree), there, wall_there)):
        digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]
        puzzles = sum(len(json.loads(line)[2]) for line in lines if isinstance(json.loads(line)[2], list))
        print(f"{name}: {len(lines)} sheets, {puzzles} puzzles, sha256 {digest} ({wall:.1f} s wall)")
    differ = [(a, b) for a, b in zip(here, there, strict=False) if a != b]
    if len(here) != len(there) or differ:
        print(f"DIFFERENT: {len(differ)} sheets differ; first:")
        for a, b in differ[:3]:
            print(f"  here:  {a[:200]}\n  there: {b[:200]}")
        sys.exit(1)
    print("identical: every sheet picks the same puzzles with the same keys and counts")


if __name__ == "__main__":
    main()
