"""Nets that fold into solids: a cube with glue tabs, an open-based square pyramid, a standing tent.

The geometry is computed, never placed by hand: the cube's faces are found by rolling a cube over
the net, so each face knows which way it will face once folded and each glue tab lands on an edge
whose partner it meets; the pyramid's fan of triangles follows from its base and height. Units are
whatever the caller passes (the press uses points); y points up.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

Point = tuple[float, float]
Segment = tuple[Point, Point]
Vec3 = tuple[int, int, int]


@dataclass(frozen=True)
class Face:
    """One face of a net: its corners (anticlockwise), a name, which way is 'up' for what is drawn
    on it (degrees, 90 = up the page) and, for a cube, the direction it faces once folded."""

    name: str
    corners: tuple[Point, ...]
    up: float = 90.0
    normal: Vec3 | None = None

    @property
    def centre(self) -> Point:
        xs, ys = zip(*self.corners, strict=True)
        return (sum(xs) / len(xs), sum(ys) / len(ys))


@dataclass(frozen=True)
class Net:
    """A net: faces, glue tabs, the lines to fold (dashed) and the lines to cut (solid)."""

    faces: tuple[Face, ...]
    tabs: tuple[tuple[Point, ...], ...]
    folds: tuple[Segment, ...]
    cuts: tuple[Segment, ...]

    def bbox(self) -> tuple[float, float, float, float]:
        pts = [p for f in self.faces for p in f.corners] + [p for t in self.tabs for p in t]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return (min(xs), min(ys), max(xs), max(ys))

    @property
    def width(self) -> float:
        x0, _, x1, _ = self.bbox()
        return x1 - x0

    @property
    def height(self) -> float:
        _, y0, _, y1 = self.bbox()
        return y1 - y0

    def moved(self, dx: float, dy: float) -> Net:
        """The same net shifted by (dx, dy)."""

        def mv(p: Point) -> Point:
            return (p[0] + dx, p[1] + dy)

        return Net(
            tuple(replace(f, corners=tuple(mv(p) for p in f.corners)) for f in self.faces),
            tuple(tuple(mv(p) for p in t) for t in self.tabs),
            tuple((mv(a), mv(b)) for a, b in self.folds),
            tuple((mv(a), mv(b)) for a, b in self.cuts),
        )

    def rotated(self, degrees: float) -> Net:
        """The same net turned anticlockwise by `degrees` about the origin (what is drawn on each
        face turns with it)."""
        cos, sin = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))

        def turn(p: Point) -> Point:
            return (cos * p[0] - sin * p[1], sin * p[0] + cos * p[1])

        return Net(
            tuple(
                replace(f, corners=tuple(turn(p) for p in f.corners), up=f.up + degrees) for f in self.faces
            ),
            tuple(tuple(turn(p) for p in t) for t in self.tabs),
            tuple((turn(a), turn(b)) for a, b in self.folds),
            tuple((turn(a), turn(b)) for a, b in self.cuts),
        )

    def at_origin(self) -> Net:
        """The net moved so its bounding box starts at (0, 0)."""
        x0, y0, _, _ = self.bbox()
        return self.moved(-x0, -y0)

    def face(self, name: str) -> Face:
        return next(f for f in self.faces if f.name == name)


# --- plane geometry -----------------------------------------------------------------------------


def overlap(a: Sequence[Point], b: Sequence[Point], eps: float = 1e-6) -> bool:
    """Whether two convex polygons overlap in area (touching along an edge or at a point does not
    count): the separating-axis test."""
    for poly in (a, b):
        n = len(poly)
        for i in range(n):
            (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
            ax, ay = y1 - y2, x2 - x1
            pa = [ax * x + ay * y for x, y in a]
            pb = [ax * x + ay * y for x, y in b]
            scale = math.hypot(ax, ay) or 1.0
            if max(pa) <= min(pb) + eps * scale or max(pb) <= min(pa) + eps * scale:
                return False
    return True


def tab(a: Point, b: Point, depth: float, slope_deg: float = 45.0) -> tuple[Point, ...]:
    """A glue tab on the edge a->b, on its right-hand side (outside a face whose corners run
    anticlockwise): a trapezoid `depth` deep whose ends slope in at `slope_deg` from the edge."""
    ex, ey = b[0] - a[0], b[1] - a[1]
    length = math.hypot(ex, ey)
    ux, uy = ex / length, ey / length
    ox, oy = uy, -ux  # right-hand normal
    inset = min(depth / math.tan(math.radians(slope_deg)), 0.45 * length)
    return (
        a,
        (a[0] + ox * depth + ux * inset, a[1] + oy * depth + uy * inset),
        (b[0] + ox * depth - ux * inset, b[1] + oy * depth - uy * inset),
        b,
    )


def _key(a: Point, b: Point) -> tuple[tuple[float, float], tuple[float, float]]:
    pa = (round(a[0], 6), round(a[1], 6))
    pb = (round(b[0], 6), round(b[1], 6))
    return (pa, pb) if pa <= pb else (pb, pa)


def _edges(poly: Sequence[Point]) -> list[Segment]:
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def _cuts(
    faces: Sequence[Face], tabs: Sequence[Sequence[Point]], folds: Sequence[Segment]
) -> tuple[Segment, ...]:
    """Every polygon edge that is not a fold: the outline to cut along."""
    folded = {_key(a, b) for a, b in folds}
    out: list[Segment] = []
    for poly in [f.corners for f in faces] + [tuple(t) for t in tabs]:
        for a, b in _edges(poly):
            if _key(a, b) not in folded:
                out.append((a, b))
    return tuple(out)


# --- the cube -----------------------------------------------------------------------------------

#: The Latin-cross net, (column, row) with rows counted up the page: a column of four faces
#: and one face either side of the second from the top.
CROSS: tuple[tuple[int, int], ...] = ((1, 3), (0, 2), (1, 2), (2, 2), (1, 1), (1, 0))


def _neg(v: Vec3) -> Vec3:
    return (-v[0], -v[1], -v[2])


def roll(cells: Sequence[tuple[int, int]]) -> dict[tuple[int, int], tuple[Vec3, Vec3, Vec3]]:
    """Fold a net of unit squares around a cube by rolling it: for each cell, the 3-D directions
    that the net's +x and +y and the face's outward normal point to once folded. Rolling over the
    +x edge turns the old +x into the new normal, and the old normal into the new -x."""
    start = cells[len(cells) // 2]
    frames = {start: ((1, 0, 0), (0, 1, 0), (0, 0, 1))}
    todo = [start]
    cellset = set(cells)
    while todo:
        cell = todo.pop(0)
        u, v, n = frames[cell]
        steps = {
            (1, 0): (_neg(n), v, u),
            (-1, 0): (n, v, _neg(u)),
            (0, 1): (u, _neg(n), v),
            (0, -1): (u, n, _neg(v)),
        }
        for (dx, dy), frame in steps.items():
            nxt = (cell[0] + dx, cell[1] + dy)
            if nxt in cellset and nxt not in frames:
                frames[nxt] = frame
                todo.append(nxt)
    if len(frames) != len(cells):
        raise ValueError("the cells of a net must be connected")
    normals = [f[2] for f in frames.values()]
    if len(cells) != 6 or len(set(normals)) != 6:
        raise ValueError("these cells do not fold into a cube: two land on the same side")
    return frames


def cube_net(size: float, tab_depth: float, cells: Sequence[tuple[int, int]] = CROSS) -> Net:
    """A cube's net: six squares of side `size` (faces named by the direction they face once folded,
    e.g. '+z'), a glue tab on one edge of each of the seven pairs of edges that meet when folded."""
    frames = roll(cells)
    cellset = set(cells)
    faces, folds = [], []
    open_edges: dict[frozenset[Vec3], list[Segment]] = {}
    for cell in cells:
        cx, cy = cell
        u, v, n = frames[cell]
        x0, y0 = cx * size, cy * size
        corners = ((x0, y0), (x0 + size, y0), (x0 + size, y0 + size), (x0, y0 + size))
        faces.append(Face(face_name(n), corners, 90.0, n))
        # edges anticlockwise: bottom (-y), right (+x), top (+y), left (-x)
        for (a, b), (dx, dy), out in zip(
            _edges(corners), ((0, -1), (1, 0), (0, 1), (-1, 0)), (_neg(v), u, v, _neg(u)), strict=True
        ):
            if (cx + dx, cy + dy) in cellset:
                if (dx, dy) in ((1, 0), (0, 1)):
                    folds.append((a, b))
            else:
                open_edges.setdefault(frozenset((n, out)), []).append((a, b))
    pairs = sorted(open_edges.values(), key=lambda segs: sorted(_key(*s) for s in segs))
    if len(pairs) != 7 or any(len(p) != 2 for p in pairs):
        raise ValueError("a cube net has seven pairs of open edges")
    tabs: list[tuple[Point, ...]] = []
    for pair in pairs:
        for a, b in pair:
            t = tab(a, b, tab_depth)
            if not any(overlap(t, f.corners) for f in faces) and not any(overlap(t, o) for o in tabs):
                tabs.append(t)
                folds.append((a, b))
                break
        else:
            raise ValueError("no room for a glue tab on either edge of a pair")
    return Net(tuple(faces), tuple(tabs), tuple(folds), _cuts(faces, tabs, folds)).at_origin()


def face_name(v: Vec3) -> str:
    """The name of a cube face by the direction it faces: (0, 0, -1) -> '-z'."""
    axis = "xyz"[[abs(c) for c in v].index(1)]
    return ("+" if sum(v) > 0 else "-") + axis


# --- the open pyramid ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PyramidShape:
    """A square pyramid with an open base: base width and height, and what its net measures."""

    base: float
    height: float

    @property
    def slant(self) -> float:
        """Height of each triangular face, from the middle of its base edge to the apex."""
        return math.hypot(self.height, self.base / 2)

    @property
    def edge(self) -> float:
        """Length of each sloping edge, base corner to apex."""
        return math.hypot(self.slant, self.base / 2)

    @property
    def apex_angle(self) -> float:
        """The angle (degrees) at the apex of each face: the net fans out four of these."""
        return math.degrees(2 * math.atan2(self.base / 2, self.slant))


def pyramid_net(
    base: float, height: float, tab_depth: float, faces: Sequence[str] = ("left", "front", "right", "back")
) -> Net:
    """Four isosceles triangles fanned around the apex (at the origin), the fan hanging down the
    page, with a glue tab on the last sloping edge that sticks under the first. Folded, the base
    edges close into a square `base` wide and the apex stands `height` above it; the base stays open."""
    shape = PyramidShape(base, height)
    theta = shape.apex_angle
    e = shape.edge
    start = -90.0 - 2 * theta
    apex = (0.0, 0.0)
    rim = [
        (e * math.cos(math.radians(start + i * theta)), e * math.sin(math.radians(start + i * theta)))
        for i in range(5)
    ]
    out = []
    for i, name in enumerate(faces):
        mid = start + (i + 0.5) * theta  # the face's axis, apex to base
        out.append(Face(name, (apex, rim[i], rim[i + 1]), up=mid + 180.0))
    folds = [(apex, rim[i]) for i in range(1, 4)]
    glue = tab(rim[4], apex, tab_depth)  # right-hand side of rim->apex is outside the last face
    folds.append((apex, rim[4]))
    return Net(tuple(out), (glue,), tuple(folds), _cuts(out, [glue], folds))


# --- the standing tent (pawns) -----------------------------------------------------------------


def tent_net(width: float, side: float, depth: float, tab_depth: float) -> Net:
    """A strip that folds into a triangular tent: side A, the ridge, side B (turned round so it reads
    upright once folded), the base it stands on, and a tab glued inside side A at its foot. Each
    side is `side` long, the base `depth`: the sides meet at the ridge, `depth` apart at the feet."""
    if depth >= 2 * side:
        raise ValueError("the base is too deep for the sides to meet")
    a = ((0.0, 0.0), (width, 0.0), (width, side), (0.0, side))
    b = ((0.0, side), (width, side), (width, 2 * side), (0.0, 2 * side))
    floor = ((0.0, 2 * side), (width, 2 * side), (width, 2 * side + depth), (0.0, 2 * side + depth))
    faces = (Face("side A", a, 90.0), Face("side B", b, 270.0), Face("base", floor, 90.0))
    glue = tab((width, 2 * side + depth), (0.0, 2 * side + depth), tab_depth)
    folds = (
        ((0.0, side), (width, side)),
        ((0.0, 2 * side), (width, 2 * side)),
        ((0.0, 2 * side + depth), (width, 2 * side + depth)),
    )
    return Net(faces, (glue,), folds, _cuts(faces, [glue], folds))


def tent_height(side: float, depth: float) -> float:
    """How tall the folded tent stands: the ridge above the base."""
    return math.sqrt(side * side - depth * depth / 4)
