"""Print-vocabulary figures for Doublets (issue 10): how frequent the printed key links are, and
what choosing printable puzzles costs, as ratios to a floor measured in the same run.

Measured, for one source tree (this checkout, or another with --tree, to compare before/after):
  - the share of key links with zipf >= 3.0 over a year of daily sheets (4 and 5 letters) and
    over sheets of every length and difficulty (seed 1), with the days a daily rule gave way;
  - CPU seconds to choose a year of daily sheets (4 letters); bench_ladder's two 1,000-puzzle
    figures (exact par of 1,000 random pairs of 4 and 5 letters; 125 graded 4-letter sheets);
    Jewels time per deal (20 seeds: median and max wall); and the CPU of
    `parlour doublets daily --book --days 365` (child);
  - the floor: a plain breadth-first search written here (no parlour code) from 300 start words
    over the 4-letter one-letter-change graph, CPU seconds, measured before and after.
Each figure is printed with its ratio to the floor, so runs on a loaded machine compare.

Run: python bench/bench_words.py [--tree DIR] [--quick]   (prints figures; asserts nothing)
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# The measurements run in a child process whose sys.path starts at the tree measured.
CHILD = textwrap.dedent(
    r"""
    import datetime as dt, json, random, statistics, sys, time
    from collections import deque
    from generator.games.doublets import model as D
    from generator.words.lexicon import load
    try:  # the split modules (main since the doublets split); older trees keep all in doublets
        from generator.games.doublets.daily import daily_sheets
        from generator.games.doublets.jewels import make_jewels
        from generator.games.doublets.choose import make_sheet
    except ImportError:
        daily_sheets, make_jewels, make_sheet = D.daily_sheets, D.make_jewels, D.make_sheet

    quick = sys.argv[1] == "1"
    lex = load()
    out = {}

    def floor():
        words = lex.words("standard", 4)
        index = {w: i for i, w in enumerate(words)}
        adj = [[] for _ in words]
        for i, w in enumerate(words):
            for k in range(4):
                for c in "abcdefghijklmnopqrstuvwxyz":
                    v = w[:k] + c + w[k + 1:]
                    j = index.get(v)
                    if j is not None and j != i:
                        adj[i].append(j)
        rng = random.Random(7)
        t = time.process_time()
        for s in rng.sample(range(len(words)), 300):
            seen = {s: 0}
            todo = deque([s])
            while todo:
                u = todo.popleft()
                for v in adj[u]:
                    if v not in seen:
                        seen[v] = seen[u] + 1
                        todo.append(v)
        return time.process_time() - t

    out["floor_before"] = floor()
    days = 60 if quick else 365
    for n in (4, 5):
        t = time.process_time()
        try:  # a day's sheet from its date alone
            from generator.games.doublets.daily import DailyRequest

            sheets = list(daily_sheets(dt.date(2025, 1, 1), days, DailyRequest(8, n)))
        except ImportError:
            sheets = list(daily_sheets(dt.date(2025, 1, 1), days, 8, n, D.MIXED))
        cpu = time.process_time() - t
        links = [w for s in sheets for p in s.puzzles for w in p.links]
        out[f"daily{n}"] = {
            "cpu": cpu,
            "days": days,
            "frequent": sum(lex.zipf(w) >= 3.0 for w in links),
            "links": len(links),
            "relaxed": sum(bool(getattr(s, "relaxed", False)) for s in sheets),
        }
    for n in (3, 4, 5, 6, 7, 8):
        links, failed = [], 0
        for diff in ("easy", "medium", "hard", "fiendish", "mixed"):
            try:
                s = make_sheet(8, n, diff, seed=1)
            except Exception:
                failed += 1
                continue
            links += [w for p in s.puzzles for w in p.links]
        out[f"sheets{n}"] = {
            "frequent": sum(lex.zipf(w) >= 3.0 for w in links), "links": len(links), "failed": failed
        }
    from generator.words.ladder import ladders_for

    rng = random.Random(1)  # bench_ladder's 1,000 random pairs of common words, exact par
    for n in (4, 5):
        g = ladders_for(lex).graph(n)
        comp = g._components()
        biggest = max(set(comp), key=lambda c: g._component_sizes[c])
        common = [w for w in lex.words("common", n) if comp[g.index[w]] == biggest]
        pairs = [tuple(rng.sample(common, 2)) for _ in range(250 if quick else 1000)]
        cpu = []
        for _ in range(3):
            t = time.process_time()
            for a, b in pairs:
                g.par(a, b)
            cpu.append(time.process_time() - t)
        out[f"par{n}"] = {"cpu": statistics.median(cpu), "pairs": len(pairs)}
    t = time.process_time()  # bench_ladder's 1,000 puzzles chosen: 125 graded 4-letter sheets
    for seed in range(25 if quick else 125):
        make_sheet(8, 4, D.MIXED, seed=seed)
    out["sheets1000"] = {"cpu": time.process_time() - t, "puzzles": 8 * (25 if quick else 125)}
    times = []
    for seed in range(5 if quick else 20):
        t = time.perf_counter()
        make_jewels(2, seed)
        times.append(time.perf_counter() - t)
    out["jewels"] = {"median": statistics.median(times), "max": max(times)}
    out["floor_after"] = floor()
    print(json.dumps(out))
    """
)


def child_env(tree: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(tree)
    return env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=ROOT, help="source tree to measure")
    parser.add_argument("--quick", action="store_true", help="60 days and 5 Jewels deals")
    args = parser.parse_args()
    tree = args.tree.resolve()
    env = child_env(tree)
    got = subprocess.run(
        [sys.executable, "-c", CHILD, "1" if args.quick else "0"],
        cwd=tree,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    out = json.loads(got.stdout.strip().splitlines()[-1])
    base = (out["floor_before"] + out["floor_after"]) / 2
    print(f"tree: {tree}")
    print(
        f"floor: plain BFS from 300 words over the 4-letter graph {base:.2f} s CPU "
        f"(before {out['floor_before']:.2f}, after {out['floor_after']:.2f})"
    )
    print("\nkey links with zipf >= 3.0")
    for n in (4, 5):
        d = out[f"daily{n}"]
        print(
            f"  daily {n} letters, {d['days']} days: {100 * d['frequent'] / d['links']:.1f} % "
            f"({d['frequent']:,} of {d['links']:,}); days a daily rule gave way: {d['relaxed']}"
        )
    for n in (3, 4, 5, 6, 7, 8):
        d = out[f"sheets{n}"]
        share = 100 * d["frequent"] / d["links"] if d["links"] else 100.0
        print(
            f"  sheets {n} letters (5 difficulties): {share:.1f} % ({d['frequent']} of {d['links']})"
            + (f", {d['failed']} could not be made" if d["failed"] else "")
        )
    print("\ntime (ratio to the floor)")
    d4 = out["daily4"]
    print(
        f"  daily selection, 4 letters, {d4['days']} days: {d4['cpu']:.2f} s CPU = {d4['cpu'] / base:.1f} x floor"
    )
    for n in (4, 5):
        d = out[f"par{n}"]
        print(
            f"  exact par of {d['pairs']:,} random {n}-letter pairs (median of 3): {d['cpu']:.3f} s CPU "
            f"= {d['cpu'] / base:.2f} x floor"
        )
    d = out["sheets1000"]
    print(
        f"  {d['puzzles']:,} puzzles (graded 4-letter sheets, seeds from 0): {d['cpu']:.2f} s CPU "
        f"= {d['cpu'] / base:.1f} x floor"
    )
    j = out["jewels"]
    print(
        f"  Jewels per deal: median {1000 * j['median']:.0f} ms = {j['median'] / base:.2f} x floor, "
        f"max {1000 * j['max']:.0f} ms = {j['max'] / base:.2f} x floor"
    )
    days = "60" if args.quick else "365"
    with tempfile.TemporaryDirectory() as tmp:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "generator", "doublets", "daily", "--from", "2025-01-01", "--days", days]
            + ["--book", "-o", f"{tmp}/book.pdf"],
            cwd=tree,
            env=env,
            check=True,
            capture_output=True,
        )
        wall = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print(
        f"  `doublets daily --book --days {days}`: {cpu:.2f} s CPU = {cpu / base:.1f} x floor ({wall:.1f} s wall)"
    )


if __name__ == "__main__":
    main()
