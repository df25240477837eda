"""Issue 32's speed figures: the times a user sees, as ratios to a floor measured in the same run.

Each figure is the CPU seconds (user + system) of a `python -m generator ...` process, median of
--runs runs; the floor is the CPU seconds of a process doing a fixed piece of pure-Python work,
measured the same way in the same run, so the ratios hold on a busy or a slower machine.

  pack cold    `parlour pack`, the cache folder empty (every derived file built and saved)
  pack warm    `parlour pack` again, the cache filled
  checker      `parlour chimera check SIX HEART SHIRT`, the cache filled (by a first check)
  daily        one day's `parlour doublets daily`, the cache filled (by a first daily)

Run: python bench/bench_seam.py [--tree DIR] [--runs N] [--save DIR] [--json]
  --tree: the parlour checkout to measure (default: the one this script sits in), so the same
  script measures "before" in an older checkout; --save: keep each command's output files
  there (to compare PDFs between trees byte for byte).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FLOOR = "t = 0\nfor i in range(3_000_000):\n    t += (i * i) % 7\n"


def child_cpu(args: list[str], env: dict[str, str], cwd: Path) -> float:
    """CPU seconds (user + system) a child process spends running `args`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(args, env=env, cwd=cwd, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1):  # (chimera check says 1 for an invalid answer)
        raise SystemExit(f"{' '.join(args)} failed:\n{proc.stderr}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tree", type=Path, default=ROOT)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--save", type=Path)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    tree = a.tree.resolve()
    top = Path(tempfile.mkdtemp(prefix="bench-seam-"))
    env = {**os.environ, "PYTHONPATH": str(tree), "HOME": str(top / "home"), "SOURCE_DATE_EPOCH": "0"}
    env.pop("XDG_CONFIG_HOME", None)
    env.pop("XDG_CACHE_HOME", None)
    (top / "home").mkdir()
    py = [sys.executable, "-m", "generator"]
    commands = {
        "pack": [*py, "pack", "-o", "pack.pdf"],
        "checker": [*py, "chimera", "check", "SIX", "HEART", "SHIRT"],
        "daily": [*py, "doublets", "daily", "--from", "2027-03-18", "--days", "1", "-o", "daily"],
    }
    work = top / "work"
    work.mkdir()

    def run(name: str, cache: Path) -> float:
        return child_cpu(commands[name], {**env, "PARLOUR_CACHE_DIR": str(cache)}, work)

    floor = [child_cpu([sys.executable, "-c", FLOOR], env, work) for _ in range(a.runs)]
    cold, warm, checker, daily = [], [], [], []
    for k in range(a.runs):
        cache = top / f"cache-{k}"
        cold.append(run("pack", cache))  # an empty cache folder each time
        warm.append(run("pack", cache))
        run("daily", cache)  # (fills what the daily derives, once)
        daily.append(run("daily", cache))
        run("checker", cache)  # (fills the word index, which the pack does not read)
        checker.append(run("checker", cache))
    floor += [child_cpu([sys.executable, "-c", FLOOR], env, work) for _ in range(a.runs)]
    base = statistics.median(floor)
    figures = {
        "floor_s": base,
        "pack_cold": statistics.median(cold) / base,
        "pack_warm": statistics.median(warm) / base,
        "checker": statistics.median(checker) / base,
        "daily": statistics.median(daily) / base,
    }
    print(f"tree: {tree}")
    print(f"floor (fixed pure-Python work in a process): {base:.3f} s CPU")
    for key, label in (
        ("pack_cold", "pack, cache empty"),
        ("pack_warm", "pack, cache filled"),
        ("checker", "chimera check"),
        ("daily", "a day's daily"),
    ):
        print(f"{label:>20}: {figures[key]:6.2f}x the floor ({figures[key] * base:.2f} s CPU)")
    if a.save:
        a.save.mkdir(parents=True, exist_ok=True)
        for p in work.rglob("*"):
            if p.is_file():
                shutil.copy2(p, a.save / p.name)
    if a.json:
        print(json.dumps(figures))
    shutil.rmtree(top, ignore_errors=True)


if __name__ == "__main__":
    main()
