"""Start-up figures: each command's whole-process wall and CPU time as a ratio to a floor run alongside.

Run: python bench/bench_startup.py [--runs N] [--parlour PATH]   (prints figures; asserts nothing)
(PYTHONPATH=DIR times another checkout's code through the installed script.)

The floors are `python -c "import click"` (for --help and the one-shot queries) and
`python -c "import click, reportlab.pdfgen.canvas"` (for `parlour pack`), timed in the same run
with the same interpreter; each figure is the median of N runs, runs interleaved so that load on
the machine falls on floors and commands alike. CPU time is user + system of the child process.
Children run with bytecode caching on (PYTHONDONTWRITEBYTECODE removed) and one untimed warm-up
run each, as an installed tool runs: otherwise every run recompiles parlour's own modules.
The goals: queries and --help within 2x of the first floor (the checkers never import reportlab),
pack within 9x of the second (reportlab used as published: its own canvas, platypus and TTFont).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

QUERY_GOAL = 2.0
PACK_GOAL = 9.0


ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_once(argv: list[str], cwd: str) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one whole process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    proc = subprocess.run(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} failed ({proc.returncode}): {proc.stderr.decode()[-400:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7, help="runs per command (median taken)")
    ap.add_argument("--parlour", default=None, help="the parlour executable (default: next to python)")
    ap.add_argument("--no-pack", action="store_true", help="skip the pack (the slow one)")
    args = ap.parse_args()

    py = sys.executable
    exe = args.parlour or shutil.which("parlour", path=str(Path(py).parent)) or ""
    parlour = [exe] if exe else [py, "-m", "generator"]
    tmp = tempfile.mkdtemp(prefix="parlour-bench-")
    pdf = os.path.join(tmp, "pack.pdf")

    floor_q = ("floor: python -c 'import click'", [py, "-c", "import click"])
    floor_p = (
        "floor: python -c 'import click, reportlab.pdfgen.canvas'",
        [py, "-c", "import click, reportlab.pdfgen.canvas"],
    )
    queries = [
        ("parlour --help", [*parlour, "--help"]),
        ("parlour chimera check SIX HEART SHIRT", [*parlour, "chimera", "check", "SIX", "HEART", "SHIRT"]),
        ("parlour fighting-words check TRN", [*parlour, "fighting-words", "check", "TRN"]),
        ("parlour fighting-words check QOPH", [*parlour, "fighting-words", "check", "QOPH"]),
        ("parlour doublets solve COLD WARM", [*parlour, "doublets", "solve", "COLD", "WARM"]),
    ]
    packs = [] if args.no_pack else [("parlour pack", [*parlour, "pack", "-o", pdf])]
    jobs = [floor_q, *queries] + ([floor_p, *packs] if packs else [])

    for _, argv in jobs:  # warm the file cache and any on-disk caches once, untimed
        run_once(argv, tmp)
    walls: dict[str, list[float]] = {name: [] for name, _ in jobs}
    cpus: dict[str, list[float]] = {name: [] for name, _ in jobs}
    for _ in range(args.runs):
        for name, argv in jobs:
            w, c = run_once(argv, tmp)
            walls[name].append(w)
            cpus[name].append(c)
    shutil.rmtree(tmp, ignore_errors=True)

    med_w = {k: statistics.median(v) for k, v in walls.items()}
    med_c = {k: statistics.median(v) for k, v in cpus.items()}
    print(f"python {sys.version.split()[0]}, {args.runs} runs each, median; parlour = {' '.join(parlour)}")
    print(f"{'command':<58} {'wall ms':>8} {'cpu ms':>8} {'wall x':>7} {'cpu x':>7}  goal")

    def row(name: str, floor: str | None, goal: float | None) -> None:
        w, c = med_w[name] * 1000, med_c[name] * 1000
        if floor is None:
            print(f"{name:<58} {w:8.0f} {c:8.0f}")
            return
        rw, rc = med_w[name] / med_w[floor], med_c[name] / med_c[floor]
        ok = "met" if max(rw, rc) <= goal else "NOT met"
        print(f"{name:<58} {w:8.0f} {c:8.0f} {rw:7.2f} {rc:7.2f}  <= {goal:g}x {ok}")

    row(floor_q[0], None, None)
    for name, _ in queries:
        row(name, floor_q[0], QUERY_GOAL)
    if packs:
        row(floor_p[0], None, None)
        for name, _ in packs:
            row(name, floor_p[0], PACK_GOAL)


if __name__ == "__main__":
    main()
