"""Issue 25's speed figures: a year of daily Doublets and 1,000 puzzles, as ratios to a floor.

The floor is a fixed piece of pure-Python work measured in the same process, so the ratios
hold on a busy or a slower machine.  Figures are CPU seconds (time.process_time), after one
warm-up sheet of each length (parlour's cache and the word graphs are built once).

Run: python bench/bench_story.py            (the tree it sits in)
     python bench/bench_story.py --json     (also the figures as one JSON line)

It runs on older trees too (the layout before one folder per game, where the daily sheet
had one length), so a copy placed in an old checkout measures "before" the same way.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

try:  # one folder per game
    from generator.games.doublets import daily as _daily
    from generator.games.doublets.choose import make_sheet
except ImportError:  # the older layout
    from generator.games.doublets_choose import make_sheet  # type: ignore[no-redef]

    from generator.games import doublets_daily as _daily  # type: ignore[no-redef]

daily_sheets = _daily.daily_sheets
WEEK_SHAPED = hasattr(_daily, "week_length")  # else every daily has 4 letters by default


def floor_seconds() -> float:
    """CPU seconds of a fixed pure-Python workload (median of five)."""
    runs = []
    for _ in range(5):
        t = time.process_time()
        total = 0
        for i in range(1_500_000):
            total += (i * i) % 7
        runs.append(time.process_time() - t)
    return statistics.median(runs)


def cpu(fn) -> float:
    t = time.process_time()
    fn()
    return time.process_time() - t


def year(length: int | None) -> None:
    if length is None and not WEEK_SHAPED:
        length = 4  # that tree's default
    if hasattr(_daily, "DailyRequest"):  # a day's sheet from its date alone
        run = daily_sheets("2027-01-01", 365, _daily.DailyRequest(length=length))
    else:
        run = daily_sheets("2027-01-01", 365, length=length)
    for _ in run:
        pass


def thousand() -> None:
    for seed in range(125):
        make_sheet(8, 4, "mixed", seed=seed)


def main() -> None:
    for n in (4, 5, 6):  # warm: graphs, bitsets and parlour's cache
        make_sheet(8, n, "mixed", seed=1)
    base = floor_seconds()
    figures = {
        "floor_s": base,
        "year_default_s": cpu(lambda: year(None)),
        "year_4_letters_s": cpu(lambda: year(4)),
        "thousand_puzzles_s": cpu(thousand),
    }
    base = min(base, floor_seconds())  # the floor again, after the work: the smaller holds
    figures["floor_s"] = base
    print(f"floor (fixed pure-Python work): {base * 1000:.0f} ms CPU")
    for key, label in (
        ("year_default_s", "a year of dailies, as printed by default"),
        ("year_4_letters_s", "a year of 4-letter dailies"),
        ("thousand_puzzles_s", "1,000 puzzles (125 graded 4-letter sheets)"),
    ):
        print(f"{label:45s} {figures[key]:7.2f} s CPU  {figures[key] / base:7.1f}x floor")
    if "--json" in sys.argv[1:]:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
