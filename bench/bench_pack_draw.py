"""The pack's render phase (Document._render: drawing its pages, footers, fonts, writing) in CPU time,
as a ratio to a floor measured in the same run.

Run: python bench/bench_pack_draw.py [--runs N] [--profile FILE]   (prints figures; asserts nothing)

Each run is a fresh process running `parlour pack` in-process with Document._render wrapped in
time.process_time; the floor is the whole-process CPU of `python -c "import click,
reportlab.pdfgen.canvas"` (bench_startup's pack floor), runs interleaved, medians reported.
Children run with bytecode caching on (PYTHONDONTWRITEBYTECODE removed), after one untimed warm-up.
--profile FILE writes a cProfile of one more run's render phase to FILE (pstats format).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile

ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

CHILD = r"""
import sys, time
from generator.press import document
profile = sys.argv[2]
plain = document.Document._render
spent = []
def timed(self, out, progress):
    prof = None
    if profile:
        import cProfile
        prof = cProfile.Profile()
        prof.enable()
    t = time.process_time()
    plain(self, out, progress)
    spent.append(time.process_time() - t)
    if prof:
        prof.disable()
        prof.dump_stats(profile)
document.Document._render = timed
from generator.cli import main
sys.argv = ["parlour", "pack", "-o", sys.argv[1]]
try:
    main()
except SystemExit as e:
    if e.code:
        raise
print(f"RENDER {spent[0]!r}", file=sys.stderr)
"""


def child_cpu(argv: list[str]) -> tuple[float, str]:
    """Whole-process CPU seconds of one child, and its stderr."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode:
        raise SystemExit(f"{' '.join(argv[:3])} failed ({proc.returncode}): {proc.stderr[-400:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), proc.stderr


def render_cpu(pdf: str, profile: str = "") -> tuple[float, float]:
    """(render-phase CPU, whole-process CPU) of one pack."""
    whole, err = child_cpu([sys.executable, "-c", CHILD, pdf, profile])
    line = [ln for ln in err.splitlines() if ln.startswith("RENDER ")][-1]
    return float(line.split()[1]), whole


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="runs of each (median taken)")
    ap.add_argument("--profile", default="", help="also write a cProfile of the render phase here")
    args = ap.parse_args()
    pdf = os.path.join(tempfile.mkdtemp(prefix="parlour-bench-"), "pack.pdf")
    floor_argv = [sys.executable, "-c", "import click, reportlab.pdfgen.canvas"]
    child_cpu(floor_argv)  # warm-ups, untimed
    render_cpu(pdf)
    floors, renders, wholes = [], [], []
    for _ in range(args.runs):
        floors.append(child_cpu(floor_argv)[0])
        r, w = render_cpu(pdf)
        renders.append(r)
        wholes.append(w)
    floor, render, whole = (statistics.median(v) for v in (floors, renders, wholes))
    print(f"floor (import click, reportlab.pdfgen.canvas): {floor * 1000:7.1f} ms CPU")
    print(
        f"pack, render phase (Document._render):         {render * 1000:7.1f} ms CPU  {render / floor:5.2f}x floor"
    )
    print(
        f"pack, whole process (render timer on):         {whole * 1000:7.1f} ms CPU  {whole / floor:5.2f}x floor"
    )
    print(
        f"pack, render phase, least of the runs:         {min(renders) * 1000:7.1f} ms CPU  (floor least {min(floors) * 1000:.1f})"
    )
    print(f"median of {args.runs} runs; render runs: {', '.join(f'{v * 1000:.0f}' for v in renders)} ms")
    if args.profile:
        render_cpu(pdf, args.profile)
        print(f"profile of one render phase: {args.profile}")


if __name__ == "__main__":
    main()
