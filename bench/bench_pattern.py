"""Benchmark: the Fighting Words subsequence index against a naive scan of the word list.

Run from the repository root: ``python bench/bench_pattern.py [--probes N]``.
Both answer the same question the same way: the first three words of 4+ letters in the default
lexicon, most common first, that hold the probe's letters in order (so a "no" scans everything
and a "yes" stops at three). Probes are half pieces of real words (answer yes) and half random
letter strings (mostly no). Figures are wall-clock times; nothing here is asserted.
Targets: build < ~1 s, query <= 1 ms, at least 8x faster than the scan.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.words import lexicon  # noqa: E402
from generator.words.pattern import SubsequenceIndex, is_subsequence  # noqa: E402


def naive(letters: str, ranked: list[str], limit: int = 3) -> list[str]:
    """The scan the index replaces: walk the ranked list, stop at `limit` hits."""
    out = []
    for w in ranked:
        if is_subsequence(letters, w):
            out.append(w)
            if len(out) >= limit:
                break
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--probes", type=int, default=2000)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()

    lex = lexicon.load()
    builds = []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        index = SubsequenceIndex.from_lexicon(lex)
        builds.append(time.perf_counter() - t0)
    print(f"index build ({len(index)} words of 4+ letters): median {statistics.median(builds) * 1e3:.1f} ms")
    ranked = index.words

    rng = random.Random(0)
    probes = []
    for i in range(args.probes):
        if i % 2 == 0:
            w = rng.choice(ranked)
            k = rng.randint(1, min(6, len(w)))
            probes.append("".join(w[j] for j in sorted(rng.sample(range(len(w)), k))))
        else:
            n = rng.randint(1, 5)
            probes.append("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(n)))

    fast, slow = [], []
    for p in probes:
        t0 = time.perf_counter()
        a = index.find(p)
        t1 = time.perf_counter()
        b = naive(p, ranked)
        t2 = time.perf_counter()
        assert a == b, p  # the bench doubles as a spot check
        fast.append(t1 - t0)
        slow.append(t2 - t1)
    yes = sum(1 for p in probes if index.find(p, limit=1))
    fast.sort()
    slow.sort()

    def line(name: str, xs: list[float]) -> str:
        return (
            f"{name}: mean {statistics.fmean(xs) * 1e6:8.1f} us, median "
            f"{statistics.median(xs) * 1e6:8.1f} us, p99 {xs[int(len(xs) * 0.99)] * 1e6:8.1f} us,"
            f" max {xs[-1] * 1e6:8.1f} us"
        )

    print(f"{len(probes)} probes, {yes} can grow")
    print(line("index query", fast))
    print(line("naive scan ", slow))
    print(
        f"speed-up (mean): {statistics.fmean(slow) / statistics.fmean(fast):.0f}x, "
        f"(median): {statistics.median(slow) / statistics.median(fast):.0f}x"
    )


if __name__ == "__main__":
    main()
