"""The Doublets story pool (generator/data/story_pairs.txt, built by scripts/build_story_pairs.py
from the hand-read scripts/story_pairs.txt): pairs a daily sheet leads with, each with the
relation its ends tell, its par and its prompt in the ladder's direction."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

STORY_FILE = Path(__file__).resolve().parents[1] / "data" / "story_pairs.txt"


@dataclass(frozen=True)
class Story:
    """One story pair: START (the ladder's top word) to END, their relation, par and prompt."""

    relation: str
    start: str
    end: str
    par: int
    prompt: str

    @property
    def length(self) -> int:
        """Letters per word."""
        return len(self.start)


def parse(text: str) -> tuple[Story, ...]:
    """The stories of the data file's text, in file order."""
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line or line.startswith("#"):
            continue
        parts = line.split(" ", 4)
        if len(parts) != 5 or not parts[3].isdigit() or len(parts[1]) != len(parts[2]):
            raise ValueError(f"story_pairs.txt:{n}: want 'RELATION START END PAR PROMPT': {line!r}")
        rel, a, b, par, prompt = parts
        out.append(Story(rel, a, b, int(par), prompt))
    return tuple(out)


@functools.cache
def stories() -> tuple[Story, ...]:
    """The packaged story pool (read once)."""
    return parse(STORY_FILE.read_text(encoding="utf-8"))


def stories_of_length(length: int) -> tuple[Story, ...]:
    """The packaged stories whose ends have `length` letters."""
    return tuple(s for s in stories() if s.length == length)
