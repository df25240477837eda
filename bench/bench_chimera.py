"""Benchmark: Chimera's Lair referee's key for all 52 cards, and one answer check when warm.

Run from the repository root: ``python bench/bench_chimera.py [--runs N]``.
"Key, cold" builds the anagram index over the broad tier and finds every card's answers (the
lexicon itself is loaded first and timed on its own line); "key, warm" reuses the index but searches again (answers are also cached per card). A
check is timed on a warm process over a mix of valid answers, wrong letters, too-short words
and unknown words (those also compute the lexicon's close matches). Figures are medians of
wall-clock times; nothing here is asserted. Targets: key <= 1 s, check <= 10 ms.
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

from generator.games.chimera import model as chimera  # noqa: E402
from generator.words import lexicon  # noqa: E402


def timed(fn, *args, **kw) -> tuple[float, object]:
    t0 = time.perf_counter()
    out = fn(*args, **kw)
    return time.perf_counter() - t0, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--checks", type=int, default=2000)
    args = ap.parse_args()

    t_load, lex = timed(lambda: (lexicon.load(), lexicon.load().words("broad"))[0])
    print(f"lexicon load incl. broad tier: {t_load * 1e3:8.1f} ms ({len(lex)} words)")

    colds, warms = [], []
    for _ in range(args.runs):
        chimera._INDEXES.clear()
        chimera._ANSWERS.clear()
        t, key = timed(chimera.answer_key, "half", lexicon=lex)
        colds.append(t)
        chimera._ANSWERS.clear()  # keep the index, search again
        t, key = timed(chimera.answer_key, "half", lexicon=lex)
        warms.append(t)
    total = sum(len(k.answers) for k in key.cards)
    print(f"key, 52 cards, cold (index build + search): {statistics.median(colds) * 1e3:8.1f} ms")
    print(f"key, 52 cards, warm (index cached):         {statistics.median(warms) * 1e3:8.1f} ms")
    print(f"  answers in the half key: {total}; fewest for a card: {min(len(k.answers) for k in key.cards)}")
    for name in chimera.VARIANTS:
        chimera._ANSWERS.clear()
        t, k = timed(chimera.answer_key, name, lexicon=lex)
        print(f"  {name:15s} {t * 1e3:7.1f} ms  {sum(len(r.answers) for r in k.cards):6d} answers")

    rng = random.Random(0)
    cards = chimera.deck()
    answers = {c: chimera.answers(c.face, c.suit, "third", lexicon=lex) for c in cards}
    cases = []
    for _ in range(args.checks):
        c = rng.choice(cards)
        kind = rng.randrange(4)
        if kind == 0 and answers[c]:
            word = rng.choice(answers[c])  # valid under third; maybe too short under half
        elif kind == 1:
            word = "".join(rng.sample(c.letters, len(c.letters) // 2 + 1))  # mostly unknown
        elif kind == 2:
            word = "quiz"  # missing letters for most cards
        else:
            word = rng.choice(["hear", "heat", "shirt", "stone", "dream", "xylophone"])
        cases.append((c.face, c.suit, word))
    per: list[float] = []
    by_code: dict[str, list[float]] = {}
    for face, suit, word in cases:
        t, result = timed(chimera.check, face, suit, word, "half", lexicon=lex)
        per.append(t)
        by_code.setdefault(result.code, []).append(t)
    print(f"check, warm, {len(per)} mixed answers: {summary(per)}")
    for code, times in sorted(by_code.items()):
        print(f"  {code:18s} x{len(times):4d}: {summary(times)}")
    if not hasattr(lex, "is_capitalised"):
        print(
            "  note: the lexicon has no is_capitalised(), so a word missing from it is\n"
            "  classified through Lexicon.lookup, which also computes close matches"
        )


def summary(times: list[float]) -> str:
    times = sorted(times)
    return (
        f"median {statistics.median(times) * 1e6:8.1f} us, "
        f"p99 {times[int(len(times) * 0.99)] * 1e3:8.2f} ms, max {times[-1] * 1e3:8.2f} ms"
    )


if __name__ == "__main__":
    main()
