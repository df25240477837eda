"""Page sizes, margins and unit helpers. Points internally; mm and inches only at the edges."""

from __future__ import annotations

from dataclasses import dataclass

from generator.errors import ParlourError

# reportlab.lib.units' values, computed the same way (identical floats) without importing reportlab
inch = 72.0
mm = inch / 2.54 * 0.1

__all__ = ["PAPERS", "Paper", "get_paper", "mm", "inch", "MARGIN", "METRIC"]

#: Width and height in points (portrait).
PAPERS: dict[str, tuple[float, float]] = {
    "letter": (612.0, 792.0),
    "a4": (210 * mm, 297 * mm),
    "legal": (612.0, 1008.0),  # 8.5 x 14 in
    "tabloid": (792.0, 1224.0),  # 11 x 17 in
    "a3": (297 * mm, 420 * mm),
    "a5": (148 * mm, 210 * mm),
}

#: The ISO papers: a family printing on them measures in millimetres (the rest, in inches)
METRIC = frozenset({"a4", "a3", "a5"})

#: The margin that page layouts keep clear by default (most printers cannot print the last few mm).
MARGIN = 12 * mm


@dataclass(frozen=True)
class Paper:
    """A named paper size in points, portrait."""

    name: str
    width: float
    height: float

    @property
    def size(self) -> tuple[float, float]:
        return (self.width, self.height)

    @property
    def metric(self) -> bool:
        """Whether lengths printed for this paper's users are in millimetres (else inches)."""
        return self.name in METRIC


def get_paper(name: str) -> Paper:
    """The paper called `name` (one of PAPERS, any case)."""
    key = (name or "").strip().lower()
    if key not in PAPERS:
        raise ParlourError(f"unknown paper {name!r}: use one of {', '.join(PAPERS)}")
    w, h = PAPERS[key]
    return Paper(key, w, h)
