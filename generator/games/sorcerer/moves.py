"""The Sorcerer's Chamber moves: the steps a facing allows, rotations, and the lanes a zap runs along."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from generator.games.sorcerer.model import (
    FACINGS,
    SIZE,
    VECTORS,
    check_facing,
    in_reading_order,
    space,
    space_at,
    step,
    turn,
)

MOVE_KINDS: dict[str, int] = {"forward-left": -1, "forward": 0, "forward-right": 1}
"""Each kind of step and its turn from the facing, in eighths (left = anticlockwise)."""


@dataclass(frozen=True)
class Move:
    """One legal step: its kind, the compass direction stepped, and the space reached."""

    kind: str  # "forward" | "forward-left" | "forward-right"
    direction: str
    to: str


def moves(space_id: str, facing: str, occupied: Iterable[str] = ()) -> tuple[Move, ...]:
    """The steps open to a sorcerer on `space_id` facing `facing`; `occupied` holds sorcerers.

    A step keeps the sorcerer's facing. From a portal one kind of step may reach several
    spaces (each is a separate Move); the same space may be reached by two kinds.
    """
    blocked = set(occupied) - {space_id}
    out: list[Move] = []
    for kind, eighths in MOVE_KINDS.items():
        direction = turn(facing, eighths)
        out.extend(Move(kind, direction, to) for to in step(space_id, direction) if to not in blocked)
    return tuple(out)


def move_targets(space_id: str, facing: str, occupied: Iterable[str] = ()) -> tuple[str, ...]:
    """The distinct spaces one step can reach (see `moves`)."""
    return in_reading_order(m.to for m in moves(space_id, facing, occupied))


def rotations(facing: str) -> tuple[str, ...]:
    """The facings a rotation can give: any of the 8 except the present one."""
    return tuple(f for f in FACINGS if f != check_facing(facing))


@dataclass(frozen=True)
class ZapLine:
    """One straight lane of a zap: the spaces it crosses, in order, and why it stops."""

    path: tuple[str, ...]  # spaces after the caster's own, ending with the hit one if any
    hit: str | None  # the space of the sorcerer hit, if any
    stop: str  # "edge" | "centre" | "sorcerer"


def zap_lines(space_id: str, facing: str, sorcerers: Iterable[str] = ()) -> tuple[ZapLine, ...]:
    """The straight lanes a zap may take from `space_id` facing `facing`.

    A zap runs cell by cell in the facing direction, passing over orbs and empty portals
    (a portal appears once in a path). It stops at the board edge or the centre, or on the
    first space holding a sorcerer (listed in `sorcerers`), which it hits.

    From a cell there is one lane. From a portal (a 2 x 2 space) the zap may start from any of
    its four cells, so the caster chooses among up to three parallel lanes: the wider sweep the
    rules promise to a sorcerer on a portal. Lanes that never leave the portal are dropped and
    identical lanes are merged. Facing straight off the board from a portal gives no lane.
    """
    origin = space(space_id)
    dr, dc = VECTORS[check_facing(facing)]
    targets = set(sorcerers) - {space_id}
    lines: list[ZapLine] = []
    for row, col in origin.cells:
        path: list[str] = []
        hit = None
        while True:
            row, col = row + dr, col + dc
            if not (0 <= row < SIZE and 0 <= col < SIZE):
                stop = "edge"
                break
            at = space_at(row, col)
            sid = at.id if at is not None else None
            if sid is None:
                stop = "centre"
                break
            if sid == space_id or (path and path[-1] == sid):
                continue
            path.append(sid)
            if sid in targets:
                hit, stop = sid, "sorcerer"
                break
        line = ZapLine(tuple(path), hit, stop)
        if path and line not in lines:
            lines.append(line)
    return tuple(lines)


def zap_targets(space_id: str, facing: str, sorcerers: Iterable[str]) -> tuple[str, ...]:
    """Spaces of the sorcerers a zap from here could hit (one per lane at most)."""
    return in_reading_order(line.hit for line in zap_lines(space_id, facing, sorcerers) if line.hit)
