"""Any date at once: the CPU of `parlour doublets daily` for one late date, cold and warm, and of a
year's book, beside `parlour pack` (cold and warm), as ratios to a floor measured in the same run.

Each figure is the median of N child processes running the command as a user would
(`python -m generator ...`, output to a temporary folder). Cold: an empty parlour cache (a fresh
$PARLOUR_CACHE_DIR) with bytecode already compiled; warm: the cache that a run before left. The
floor is the CPU of `python -c "import click, reportlab.pdfgen.canvas"`. --tree measures another
source tree alongside (say main at 47f4aec, exported with `git archive`), to compare before and
after; the year is measured once per tree (it takes seconds).

Run: python bench/bench_daily_any_date.py [--runs N] [--tree OTHER] [--no-year]   (prints figures)
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
DAY = ["doublets", "daily", "--from", "2027-12-30", "--days", "1", "--book"]
YEAR = ["doublets", "daily", "--from", "2027-01-01", "--days", "365", "--book"]
PACK = ["pack"]


def child_cpu(argv: list[str], tree: Path, cache: Path, out: Path) -> float:
    """CPU seconds (user + system) of one child process."""
    env = {**ENV, "PYTHONPATH": str(tree), "PARLOUR_CACHE_DIR": str(cache)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, cwd=out, env=env, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def command(tree: Path, cache: Path, out: Path, args: list[str], cold: bool) -> float:
    if cold:
        for f in cache.glob("*"):
            f.unlink()
    target = out / ("doc.pdf" if args is not PACK else "pack.pdf")
    return child_cpu([sys.executable, "-m", "generator", *args, "-o", str(target)], tree, cache, out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="child processes per figure (median taken)")
    ap.add_argument("--tree", type=Path, action="append", default=[], help="another source tree")
    ap.add_argument("--no-year", action="store_true", help="leave out the year's book")
    args = ap.parse_args()
    trees = [ROOT, *(t.resolve() for t in args.tree)]
    floor_argv = [sys.executable, "-c", "import click, reportlab.pdfgen.canvas"]
    figures: dict[Path, dict[str, list[float]]] = {t: {} for t in trees}
    floors: list[float] = []
    with tempfile.TemporaryDirectory(prefix="bench-daily.") as tmp:
        base = Path(tmp)
        caches = {t: base / f"cache{i}" for i, t in enumerate(trees)}
        for c in caches.values():
            c.mkdir()
        for tree in trees:  # warm-up: bytecode of every module the commands import
            command(tree, caches[tree], base, PACK, cold=True)
            command(tree, caches[tree], base, DAY, cold=False)
        for _ in range(args.runs):  # interleaved, so load on the machine falls on all alike
            floors.append(child_cpu(floor_argv, ROOT, caches[ROOT], base))
            for tree in trees:
                got = figures[tree]
                c = caches[tree]
                got.setdefault("pack, cold", []).append(command(tree, c, base, PACK, cold=True))
                got.setdefault("pack, warm", []).append(command(tree, c, base, PACK, cold=False))
                got.setdefault("2027-12-30, cold", []).append(command(tree, c, base, DAY, cold=True))
                got.setdefault("2027-12-30, warm", []).append(command(tree, c, base, DAY, cold=False))
        if not args.no_year:
            for tree in trees:
                figures[tree]["year 2027 --book, warm"] = [
                    command(tree, caches[tree], base, YEAR, cold=False)
                ]
    floor = statistics.median(floors)
    print(f"floor (import click, reportlab.pdfgen.canvas): {floor * 1000:.0f} ms CPU, median of {args.runs}")
    for tree in trees:
        print(f"{tree}:")
        pack = statistics.median(figures[tree]["pack, cold"])
        for key, values in figures[tree].items():
            v = statistics.median(values)
            print(f"  {key:<24} {v:7.2f} s  {v / floor:6.1f}x floor  {v / pack:5.2f}x pack cold")


if __name__ == "__main__":
    main()
