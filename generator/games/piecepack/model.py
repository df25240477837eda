"""The print-and-play piecepack: which pieces a kit holds, in which suits and ranks, at what size
(what is printed, never how)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.errors import ParlourError

#: The piecepack suits and ranks, in the standard's order (null is the blank rank).
SUITS = ("suns", "moons", "crowns", "arms")
RANKS = ("null", "ace", "2", "3", "4", "5")
#: What a rank shows on a tile, coin or die face ('' = blank).
RANK_LABELS = {"null": "", "ace": "A", "2": "2", "3": "3", "4": "4", "5": "5"}
#: Suit glyphs (DejaVu Sans covers all four).
SUIT_GLYPHS = {"suns": "❂", "moons": "◐", "crowns": "♛", "arms": "⚜"}

KINDS = ("tiles", "coins", "dice", "pawns", "pyramids")
PYRAMID_SETS = ("three", "all")

INCH_MM = 25.4
TILE_MM = 2 * INCH_MM  # the reference set's 2 in tiles
COIN_MM = 0.75 * INCH_MM  # 3/4 in coins
#: Dice fold to 3/4 in cubes: the reference set's 1/2 in is too small to fold and glue by hand.
DIE_MM = 0.75 * INCH_MM
PAWN_MM = 5 / 8 * INCH_MM  # across the pawn's face
PAWN_FACE_MM = 1.125 * INCH_MM  # the slope of one side of the standing pawn, base to ridge
PAWN_DEPTH_MM = 0.5 * INCH_MM  # the base, front foot to back foot
#: Pyramid ranks A-F: bases from 1/2 in rising by 1/16 in; the Sorcerer's Chamber uses A-C.
PYRAMID_RANKS = ("A", "B", "C", "D", "E", "F")
PYRAMID_HEIGHT_RATIO = 1.6  # height / base width, the same for every size so that they nest


def pyramid_base_mm(rank: str) -> float:
    """Base width of pyramid `rank` (A = 1/2 in, each next one 1/16 in wider)."""
    return (8 + PYRAMID_RANKS.index(rank)) / 16 * INCH_MM


def pyramid_height_mm(rank: str) -> float:
    """Height of pyramid `rank`, apex above the open base."""
    return pyramid_base_mm(rank) * PYRAMID_HEIGHT_RATIO


def stack_heights_mm(ranks: tuple[str, ...] = ("C", "B", "A")) -> list[float]:
    """Where each pyramid's base sits when they are stacked largest first, each resting on the one
    below where its open base meets that pyramid's sloping sides (the shapes are similar, so each
    sits flush on the one below, apex in apex)."""
    heights = [0.0]
    for below, above in zip(ranks, ranks[1:], strict=False):
        b_below, b_above = pyramid_base_mm(below), pyramid_base_mm(above)
        if b_above >= b_below:
            raise ValueError(f"pyramid {above} is not smaller than {below}: it cannot stack on it")
        # the slopes of `below` are b_above wide at this height above its base
        heights.append(heights[-1] + pyramid_height_mm(below) * (1 - b_above / b_below))
    return heights


@dataclass(frozen=True)
class Piece:
    """One physical piece: its kind (singular), suit, rank (None where a kind has none) and size."""

    kind: str
    suit: str
    rank: str | None
    size_mm: float

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "suit": self.suit, "rank": self.rank, "size_mm": round(self.size_mm, 3)}


@dataclass(frozen=True)
class Kit:
    """The pieces chosen for printing, in print order (kind, then suit, then rank)."""

    kinds: tuple[str, ...]
    pyramids: str
    pieces: tuple[Piece, ...]

    def of(self, kind: str) -> list[Piece]:
        """The pieces of one kind ('tile', 'coin', 'die', 'pawn', 'pyramid')."""
        return [p for p in self.pieces if p.kind == kind]

    @property
    def pyramid_ranks(self) -> tuple[str, ...]:
        return PYRAMID_RANKS if self.pyramids == "all" else PYRAMID_RANKS[:3]

    def to_json(self) -> dict[str, Any]:
        counts: dict[str, int] = {}
        for p in self.pieces:
            counts[p.kind] = counts.get(p.kind, 0) + 1
        return {
            "kinds": list(self.kinds),
            "pyramids": self.pyramids,
            "counts": counts,
            "pieces": [p.to_json() for p in self.pieces],
        }


_SINGULAR = {"tile": "tiles", "coin": "coins", "die": "dice", "pawn": "pawns", "pyramid": "pyramids"}


def parse_kinds(text: str | None) -> tuple[str, ...]:
    """'tiles, coins' -> ('tiles', 'coins') in print order; None gives every kind."""
    if text is None:
        return KINDS
    import difflib

    wanted: set[str] = set()
    for raw in text.replace(" ", ",").split(","):
        word = raw.strip().lower()
        if not word:
            continue
        key = word if word in KINDS else _SINGULAR.get(word)
        if key is None:
            close = difflib.get_close_matches(word, KINDS, n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise ParlourError(f"--pieces: unknown piece kind {raw.strip()!r}{hint}: use {', '.join(KINDS)}")
        wanted.add(key)
    if not wanted:
        raise ParlourError("--pieces is empty: give piece kinds separated by commas, e.g. tiles,coins")
    return tuple(k for k in KINDS if k in wanted)


def kit(kinds: tuple[str, ...] = KINDS, pyramids: str = "three") -> Kit:
    """The pieces of the chosen kinds: 24 tiles, 24 coins, 4 dice, 4 pawns, 12 or 24 pyramids."""
    if pyramids not in PYRAMID_SETS:
        raise ParlourError(f"--pyramids {pyramids!r}: use one of {', '.join(PYRAMID_SETS)}")
    bad = [k for k in kinds if k not in KINDS]
    if bad:
        raise ParlourError(f"unknown piece kind {bad[0]!r}: use {', '.join(KINDS)}")
    ranks = PYRAMID_RANKS if pyramids == "all" else PYRAMID_RANKS[:3]
    makers = {
        "tiles": lambda: [Piece("tile", s, r, TILE_MM) for s in SUITS for r in RANKS],
        "coins": lambda: [Piece("coin", s, r, COIN_MM) for s in SUITS for r in RANKS],
        "dice": lambda: [Piece("die", s, None, DIE_MM) for s in SUITS],
        "pawns": lambda: [Piece("pawn", s, None, PAWN_MM) for s in SUITS],
        "pyramids": lambda: [Piece("pyramid", s, r, pyramid_base_mm(r)) for s in SUITS for r in ranks],
    }
    pieces: list[Piece] = []
    for k in KINDS:
        if k in kinds:
            pieces += makers[k]()
    return Kit(tuple(k for k in KINDS if k in kinds), pyramids, tuple(pieces))


#: The die's faces by the outward direction they end up facing once folded: opposite faces add
#: up to five (null counts 0), as the pips of an ordinary die add up to seven.
DIE_FACES: dict[tuple[int, int, int], str] = {
    (0, 0, 1): "ace",
    (0, 0, -1): "4",
    (1, 0, 0): "2",
    (-1, 0, 0): "3",
    (0, 1, 0): "5",
    (0, -1, 0): "null",
}


def rank_value(rank: str) -> int:
    """null 0, ace 1, then the number."""
    return RANKS.index(rank)
