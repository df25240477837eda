"""The project's own-words rule: no run of 8 words in printed text may match the rules texts in
../shared/seeds/ (word 8-grams, case-folded, curly quotes read as straight)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

SEEDS = Path(__file__).resolve().parents[1].parent / "shared" / "seeds"
RUN = 8


def words(text: str) -> list[str]:
    """Lower-case words, apostrophes kept inside them."""
    text = text.lower().replace("\u2019", "'").replace("\u2018", "'")
    return re.findall(r"[a-z0-9']+", text)


@cache
def _seed_runs() -> frozenset[tuple[str, ...]]:
    files = sorted(SEEDS.glob("0*.txt"))
    if not files:
        pytest.skip(f"no rules texts in {SEEDS}")
    runs: set[tuple[str, ...]] = set()
    for f in files:
        w = words(f.read_text(encoding="utf-8"))
        runs.update(tuple(w[i : i + RUN]) for i in range(len(w) - RUN + 1))
    return frozenset(runs)


def copied_runs(text: str) -> list[str]:
    """Every 8-word run of `text` that also appears in a rules text."""
    seeds = _seed_runs()
    w = words(text)
    return [" ".join(w[i : i + RUN]) for i in range(len(w) - RUN + 1) if tuple(w[i : i + RUN]) in seeds]
