"""The pack's Doublets section on its own: process CPU of its first make_sheet and make_jewels
calls (what `parlour pack` pays), and a sheet of another seed afterwards (the seed's own share),
as ratios to a floor measured in the same run.

Each figure is the median of N child processes (bytecode cached, parlour's cache warm: one
untimed run first), so every run pays the section's set-up as the pack does. The floor is the CPU
of `python -c "import click, reportlab.pdfgen.canvas"` (bench_startup's pack floor). --tree
measures another source tree alongside, to compare before and after.

Run: python bench/bench_pack_dcache.py [--runs N] [--tree OTHER]   (prints figures; asserts nothing)
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

CHILD = textwrap.dedent(
    r"""
    import json, time
    t0 = time.process_time()
    from generator.games.doublets import model as D
    from generator.games.doublets.jewels import make_jewels
    from generator.games.doublets.choose import make_sheet
    t1 = time.process_time()
    make_sheet(8, 4, D.MIXED, seed=1)  # as `parlour pack` (its default seed, 1)
    t2 = time.process_time()
    make_jewels(2, 1)
    t3 = time.process_time()
    make_sheet(8, 4, D.MIXED, seed=2)
    t4 = time.process_time()
    print(json.dumps({"imports": t1 - t0, "make_sheet": t2 - t1, "make_jewels": t3 - t2,
                      "section": t3 - t1, "sheet, seed 2 after": t4 - t3}))
    """
)


def child_cpu(argv: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, str]:
    """(CPU seconds of the whole child, its stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    got = subprocess.run(argv, cwd=cwd, env=env, check=True, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), got.stdout


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="child processes per figure (median taken)")
    ap.add_argument("--tree", type=Path, action="append", default=[], help="another source tree")
    args = ap.parse_args()
    trees = [ROOT, *(t.resolve() for t in args.tree)]
    floor_argv = [sys.executable, "-c", "import click, reportlab.pdfgen.canvas"]
    child_cpu(floor_argv, ROOT, ENV)
    figures: dict[Path, list[dict[str, float]]] = {t: [] for t in trees}
    floors = []
    for tree in trees:  # warm-up: bytecode and parlour's cache
        child_cpu([sys.executable, "-c", CHILD], tree, {**ENV, "PYTHONPATH": str(tree)})
    for _ in range(args.runs):  # interleaved, so load on the machine falls on all alike
        floors.append(child_cpu(floor_argv, ROOT, ENV)[0])
        for tree in trees:
            _, out = child_cpu([sys.executable, "-c", CHILD], tree, {**ENV, "PYTHONPATH": str(tree)})
            figures[tree].append(json.loads(out))
    floor = statistics.median(floors)
    print(f"floor (import click, reportlab.pdfgen.canvas): {floor * 1000:.0f} ms CPU, median of {args.runs}")
    for tree in trees:
        print(f"{tree}:")
        for key in figures[tree][0]:
            v = statistics.median(f[key] for f in figures[tree])
            print(f"  {key:<22} {v * 1000:7.1f} ms  {v / floor:5.2f}x floor")


if __name__ == "__main__":
    main()
