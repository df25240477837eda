"""Benchmark: cold and warm load times of the packaged lexicon, and its size per tier.

Run from the repository root: ``python bench/bench_lexicon.py [--runs N]``.
"Cold" is a fresh interpreter importing generator.words.lexicon and calling load() (the
interpreter's own start-up is not counted); "warm" re-reads and re-parses the data in a
process that has already imported everything. load() parses the common and standard tiers;
the print vocabulary, the broad tier and capitalised forms are parsed by the first call that
needs them, timed separately. The floor (reading the file and splitting it into tokens) is
measured in the same run; figures are also given as ratios to it. Figures are medians of wall-clock times; nothing here is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.words import lexicon  # noqa: E402

COLD_SNIPPET = """
import time
t0 = time.perf_counter()
from generator.words import lexicon
t1 = time.perf_counter()
lexicon.load()
t2 = time.perf_counter()
print((t1 - t0) * 1e3, (t2 - t1) * 1e3)
"""


def cold(runs: int) -> tuple[float, float]:
    """Median (import ms, load ms) over fresh interpreters."""
    imports, loads = [], []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", COLD_SNIPPET],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        imports.append(float(out[0]))
        loads.append(float(out[1]))
    return statistics.median(imports), statistics.median(loads)


def warm(runs: int) -> float:
    """Median ms to load again in a process that has everything imported."""
    times = []
    for _ in range(runs):
        lexicon.load.cache_clear()
        t0 = time.perf_counter()
        lexicon.load()
        times.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(times)


def deferred(runs: int) -> float:
    """Median ms for the first call that needs the broad tier (parsed on demand)."""
    times = []
    for _ in range(runs):
        lexicon.load.cache_clear()
        lex = lexicon.load()
        t0 = time.perf_counter()
        len(lex)
        times.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(times)


def print_vocabulary(runs: int) -> float:
    """Median ms for the first call that needs the print vocabulary (parsed on demand)."""
    times = []
    for _ in range(runs):
        lexicon.load.cache_clear()
        lex = lexicon.load()
        t0 = time.perf_counter()
        lex.printable("house")
        times.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(times)


def floor(runs: int) -> float:
    """Median ms to read the data file and split it into tokens: no parser can beat this."""
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        lexicon._read_data(lexicon.DATA_FILE).split()
        times.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(times)


def lookups(lex: lexicon.Lexicon) -> list[tuple[str, float]]:
    """Time a few lookups that need suggestions (ms each)."""
    out = []
    for word in ("recieve", "wrod", "definately", "xyzzy"):
        t0 = time.perf_counter()
        lex.lookup(word)
        out.append((word, (time.perf_counter() - t0) * 1e3))
    return out


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description="lexicon load benchmark")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    imp, load = cold(args.runs)
    print(f"cold: import {imp:.1f} ms + load {load:.1f} ms = {imp + load:.1f} ms (median)")
    base = floor(args.runs)
    w = warm(args.runs)
    print(f"floor: read + split the whole data file {base:.1f} ms (median)")
    print(f"warm: load {w:.1f} ms (median; common and standard tiers) = {w / base:.2f} x floor")
    pv = print_vocabulary(args.runs)
    print(f"first use of the print vocabulary: +{pv:.1f} ms (median, once) = {pv / base:.2f} x floor")
    br = deferred(args.runs)
    print(f"first use of the broad tier: +{br:.1f} ms (median, once) = {br / base:.2f} x floor")
    lex = lexicon.load()
    counts = lex.counts()
    print("words per tier (narrowest tier of each word):")
    for tier in lexicon.TIERS:
        print(f"  {tier:<9} {counts[tier]:>7,}")
    print(f"  standard as used (common + standard): {len(lex.words('standard')):,}")
    print(f"  broad as used (all tiers): {len(lex):,}")
    print(f"  print vocabulary: {len(lex.words(lexicon.PRINT_TIER)):,}")
    for word, ms in lookups(lex):
        print(f"lookup {word!r}: {ms:.1f} ms")


if __name__ == "__main__":
    main()
