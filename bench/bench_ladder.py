"""Doublets figures: graph builds per length, exact par for 1,000 puzzles, a year of daily
sheets (puzzle selection alone, then the whole `parlour doublets daily` command with its PDFs),
Jewels, and `parlour doublets solve` in a cold process.  Ends with the four figures the issue
budgets, beside their budgets.

Run: python bench/bench_ladder.py   (prints figures; asserts nothing)
"""

from __future__ import annotations

import datetime as dt
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.games.doublets import model as doublets  # noqa: E402
from generator.games.doublets.choose import SheetAsk, make_sheet  # noqa: E402
from generator.games.doublets.daily import DailyRequest, daily_sheet, daily_sheets  # noqa: E402
from generator.games.doublets.jewels import make_jewels  # noqa: E402
from generator.words import ladder  # noqa: E402
from generator.words.lexicon import load  # noqa: E402

REPEAT = 5
PUZZLES = 1000
DAYS = 365


def timed(fn, n: int = REPEAT) -> tuple[float, float, object]:
    """(best, median) seconds over n runs, and the last result."""
    times, result = [], None
    for _ in range(n):
        t = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t)
    return min(times), statistics.median(times), result


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f} ms"


def audit_year(sheets: list, lex) -> None:
    """Print what a year of daily sheets promises, measured."""
    pairs = Counter(frozenset((p.start, p.end)) for s in sheets for p in s.puzzles)
    last: dict[str, int] = {}
    gaps = []
    for i, s in enumerate(sheets):
        for p in s.puzzles:
            for w in (p.start, p.end):
                if w in last:
                    gaps.append(i - last[w])
                last[w] = i
    falls = sum(any(a.par > b.par for a, b in zip(s.puzzles, s.puzzles[1:], strict=False)) for s in sheets)
    over = sum(max(Counter(w for p in s.puzzles for w in set(p.chain)).values()) > 2 for s in sheets)
    links = [w for s in sheets for p in s.puzzles for w in p.links]
    printed = {w for s in sheets for p in s.puzzles for w in p.chain}
    print(
        f"  repeated puzzles {sum(c > 1 for c in pairs.values())}, end words reused within 30 days "
        f"{sum(g <= 30 for g in gaps)} (shortest gap {min(gaps) if gaps else '-'} days), sheets whose "
        f"pars fall {falls}, sheets with a word in 3+ keys {over}"
    )
    print(
        f"  printed words outside the print vocabulary {sum(not lex.printable(w) for w in printed)}, "
        f"key links with zipf >= 3.0: {sum(lex.zipf(w) >= 3.0 for w in links) / len(links):.1%}"
    )


def main() -> None:
    t = time.perf_counter()
    lex = load()
    for n in range(ladder.MIN_LENGTH, ladder.MAX_LENGTH + 1):
        lex.words(length=n)  # the lexicon caches its word lists; count that as loading
    print(f"lexicon load + word lists      {ms(time.perf_counter() - t)}")

    print("\ngraph build (best / median of 5, fresh graphs each run)")
    total_best = total_med = 0.0
    for n in range(ladder.MIN_LENGTH, ladder.MAX_LENGTH + 1):
        best, med, g = timed(lambda n=n: ladder.WordGraph.from_lexicon(lex, n))
        total_best += best
        total_med += med
        print(f"  {n} letters: {len(g):6d} words {g.edge_count:6d} edges {ms(best)} {ms(med)}")
    _, all_med, _ = timed(lambda: ladder.Ladders(lex).build_all())
    print(f"  all lengths (sum of bests)   {ms(total_best)}   one build_all(): {ms(all_med)}")
    summary = {"graphs": all_med}

    lad = ladder.ladders_for(lex)
    lad.build_all()
    rng = random.Random(1)
    for n in (4, 5):
        g = lad.graph(n)
        comp = g._components()
        common = [w for w in lex.words("common", n)]
        biggest = max(set(comp), key=lambda c: g._component_sizes[c])
        common = [w for w in common if comp[g.index[w]] == biggest]
        pairs = []
        while len(pairs) < PUZZLES:
            a, b = rng.sample(common, 2)
            pairs.append((a, b))
        best, med, pars = timed(lambda g=g, pairs=pairs: [g.par(a, b) for a, b in pairs])
        summary[f"par{n}"] = med
        print(
            f"\n{PUZZLES} random {n}-letter puzzles, exact par: {ms(best)} {ms(med)}"
            f"   (mean par {statistics.mean(pars):.1f})"
        )
        best, med, _ = timed(
            lambda g=g, pairs=pairs: [
                (d.par, d.count, d.friendliest()) for d in (g.shortest(a, b) for a, b in pairs)
            ],
            n=3,
        )
        print(f"  ... with chain count and friendliest chain:    {ms(best)} {ms(med)}")

    start = dt.date(2025, 1, 1)
    year: list = []
    for length in (4, 5):
        t, cpu = time.perf_counter(), time.process_time()
        sheets = list(daily_sheets(start, DAYS, DailyRequest(8, length)))
        el, cpu = time.perf_counter() - t, time.process_time() - cpu
        summary[f"daily{length} cpu"] = cpu
        print(
            f"\n{DAYS} daily sheets x 8 puzzles ({length} letters, graded): {el:6.2f} s"
            f" wall, {cpu:.2f} s CPU   ({el / DAYS * 1000:.1f} ms a sheet)"
        )
        audit_year(sheets, lex)
        if length == 4:
            year = sheets
    t = time.process_time()
    for i in range(DAYS):  # the same sheets without the daily schedule's rules, for comparison
        make_sheet(8, 4, doublets.MIXED, ask=SheetAsk(date=start + dt.timedelta(days=i)))
    print(f"  {DAYS} plain make_sheet(date=...) sheets, 4 letters: {time.process_time() - t:.2f} s CPU")
    t = time.process_time()
    daily_sheet(dt.date(2025, 12, 31))
    print(f"  one day late in the year (2025-12-31) alone: {time.process_time() - t:.2f} s CPU")
    assert year
    for diff in doublets.DIFFICULTIES:
        best, med, _ = timed(lambda diff=diff: make_sheet(8, 4, diff, seed=3), n=3)
        print(f"  one 8-puzzle 4-letter {diff:9s} sheet:  {ms(best)} {ms(med)}")

    times = []
    for seed in range(20):
        t = time.perf_counter()
        make_jewels(2, seed)
        times.append(time.perf_counter() - t)
    print(f"\nJewels (20 seeds): median {ms(statistics.median(times))}  max {ms(max(times))}")

    t, cpu = time.perf_counter(), time.process_time()
    for seed in range(PUZZLES // 8):
        make_sheet(8, 4, doublets.MIXED, seed=seed)
    summary["sheets"] = time.perf_counter() - t
    print(
        f"\n{PUZZLES // 8} graded 4-letter sheets = {PUZZLES} puzzles chosen with key: {summary['sheets']:.2f} s"
        f" wall, {time.process_time() - cpu:.2f} s CPU"
    )

    # The whole command, cold, as a user runs it: a year of daily sheets with their PDFs.
    cli = [sys.executable, "-m", "generator", "doublets"]
    with tempfile.TemporaryDirectory() as tmp:
        for label, extra in (
            ("a PDF a day", ["-o", f"{tmp}/year"]),
            ("--book", ["--book", "-o", f"{tmp}/y.pdf"]),
        ):
            t = time.perf_counter()
            subprocess.run(
                [*cli, "daily", "--from", "2025-01-01", "--days", str(DAYS), *extra],
                cwd=ROOT,
                check=True,
                capture_output=True,
            )
            el = time.perf_counter() - t
            summary[f"year {label}"] = el
            print(f"`parlour doublets daily --days {DAYS}` ({label}), cold, PDFs included: {el:6.2f} s")

    cold = []
    for _ in range(REPEAT):
        t = time.perf_counter()
        subprocess.run([*cli, "solve", "witch", "fairy"], cwd=ROOT, check=True, capture_output=True)
        cold.append(time.perf_counter() - t)
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    bare = time.perf_counter() - t
    summary["solve"] = statistics.median(cold)
    print(
        f"\ncold `python -m generator doublets solve witch fairy`: best {ms(min(cold))} median "
        f"{ms(statistics.median(cold))}   (bare interpreter {ms(bare)})"
    )

    print("\nIssue figures (median where repeated)          measured    budget")
    print(f"  graphs for all lengths built                  {ms(summary['graphs'])}    300 ms")
    print(f"  1,000 puzzles with exact par (4 letters)      {ms(summary['par4'])}   1000 ms")
    print(f"  1,000 puzzles with exact par (5 letters)      {ms(summary['par5'])}   1000 ms")
    print(f"  a year of daily sheets chosen (CPU, 4 letters) {summary['daily4 cpu']:8.2f} s")
    print(f"  1,000 puzzles chosen with key (125 sheets)    {summary['sheets']:8.2f} s")
    print(f"  a year of daily sheets with PDFs              {summary['year a PDF a day']:8.2f} s      30 s")
    print(f"  ... as one --book PDF                         {summary['year --book']:8.2f} s      30 s")
    print(f"  `solve` in a cold process                     {ms(summary['solve'])}   1000 ms")


if __name__ == "__main__":
    main()
