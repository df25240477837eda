"""Peak memory of `parlour doublets daily --book` as the number of days grows.

Run: python bench/bench_daily_memory.py [--days 365,3650] [--from 2025-01-01] [--tree DIR]
(prints figures; asserts nothing)

Each book is printed by a child process; its peak resident set (ru_maxrss from wait4) is
printed, with the floor measured in the same run: a child that imports what the command
imports (click, reportlab's canvas, parlour's Doublets modules) and loads the word lists, then
stops. `--tree DIR` runs another checkout's code (put first on PYTHONPATH), e.g. the code before
a change. The book is drawn on one reportlab Canvas, which keeps every page until it saves the
file, so the peak grows with the number of days (each day's page models are still made only as
its pages are drawn); the last lines give the ratio of the peaks and the growth per day between
the shortest and the longest book.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FLOOR = (
    "import click, reportlab.pdfgen.canvas\n"
    "import generator.games.doublets.command\n"
    "from generator.games.doublets.daily import daily_sheet\n"
)
FLOOR_OLD = (  # before the model split, the daily schedule lived in games/doublets/model.py
    "import click, reportlab.pdfgen.canvas\n"
    "import generator.games.doublets.command\n"
    "from generator.games.doublets.model import daily_sheet\n"
)


def _peak(args: list[str], env: dict[str, str], cwd: str) -> tuple[float, float, int]:
    """(peak RSS in MiB, wall seconds, exit code) of one child process."""
    start = time.perf_counter()
    proc = subprocess.Popen(args, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0 and proc.stderr is not None:
        sys.stderr.write(proc.stderr.read().decode(errors="replace"))
    return usage.ru_maxrss / 1024, wall, proc.returncode


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--days", default="365,3650", help="comma-separated book lengths")
    ap.add_argument("--from", dest="start", default="2025-01-01")
    ap.add_argument("--tree", default=None, help="run the code of this checkout instead")
    a = ap.parse_args()
    env = dict(os.environ)
    if a.tree:
        env["PYTHONPATH"] = str(Path(a.tree).resolve()) + os.pathsep + env.get("PYTHONPATH", "")
    days = [int(d) for d in a.days.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        floor_src = FLOOR
        probe = [sys.executable, "-c", "import generator.games.doublets.daily"]
        if subprocess.run(probe, env=env, cwd=tmp, capture_output=True).returncode != 0:
            floor_src = FLOOR_OLD
        floor_src += "daily_sheet('2025-01-01')\n"  # the word lists and graphs in memory
        floor, _, rc = _peak([sys.executable, "-c", floor_src], env, tmp)
        print(f"floor (imports + word lists + one sheet): {floor:7.1f} MiB")
        peaks = []
        for n in days:
            out = str(Path(tmp) / f"book-{n}.pdf")
            cmd = [sys.executable, "-m", "generator", "doublets", "daily", "--book"]
            cmd += ["--from", a.start, "--days", str(n), "-o", out]
            peak, wall, rc = _peak(cmd, env, tmp)
            pages = ""
            if rc == 0:
                size = Path(out).stat().st_size / 2**20
                pages = f", {size:.1f} MiB PDF"
                Path(out).unlink()
            peaks.append(peak)
            print(
                f"{n:5d} days: peak {peak:7.1f} MiB  ({peak / floor:.2f}x floor, "
                f"{peak - floor:6.1f} MiB over it)  {wall:6.1f} s wall{pages}  rc={rc}"
            )
        if len(peaks) >= 2:
            print(f"peak at {days[-1]} days / peak at {days[0]} days: {peaks[-1] / peaks[0]:.2f}")
            per_day = (peaks[-1] - peaks[0]) / (days[-1] - days[0]) * 1024
            print(f"growth: {per_day:.1f} KiB per day (two pages)")


if __name__ == "__main__":
    main()
