"""Nets: checked by folding them in 3-D a second way (rotating each face about its fold edge), not
by the rolling the module uses."""

from __future__ import annotations

import itertools
import math

import pytest

from generator.press import nets

# --- an independent fold: rotate faces about their hinges in 3-D --------------------------------


def _sub(a, b):
    return tuple(x - y for x, y in zip(a, b, strict=True))


def _rotate(p, origin, axis, angle):
    """Rodrigues: p turned by `angle` about the line through `origin` along unit `axis`."""
    v = _sub(p, origin)
    k = axis
    cos, sin = math.cos(angle), math.sin(angle)
    cross = (k[1] * v[2] - k[2] * v[1], k[2] * v[0] - k[0] * v[2], k[0] * v[1] - k[1] * v[0])
    dot = sum(a * b for a, b in zip(k, v, strict=True))
    r = tuple(v[i] * cos + cross[i] * sin + k[i] * dot * (1 - cos) for i in range(3))
    return tuple(r[i] + origin[i] for i in range(3))


def fold_squares(cells, size=1.0):
    """Fold unit squares along a spanning tree of their adjacencies, each hinge a quarter turn away
    from the print side (+z); returns cell -> a function taking net points to 3-D."""
    cells = list(cells)
    root = cells[0]
    maps = {root: lambda p: (p[0], p[1], 0.0)}
    normals = {root: (0.0, 0.0, 1.0)}
    todo = [root]
    while todo:
        cell = todo.pop(0)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nxt = (cell[0] + dx, cell[1] + dy)
            if nxt not in cells or nxt in maps:
                continue
            # the shared edge in net coordinates
            if dx:
                ex = (cell[0] + (1 if dx > 0 else 0)) * size
                a, b = (ex, cell[1] * size), (ex, (cell[1] + 1) * size)
            else:
                ey = (cell[1] + (1 if dy > 0 else 0)) * size
                a, b = (cell[0] * size, ey), ((cell[0] + 1) * size, ey)
            parent, n = maps[cell], normals[cell]
            A, B = parent(a), parent(b)
            L = math.dist(A, B)
            axis = tuple(c / L for c in _sub(B, A))
            centre = parent(((nxt[0] + 0.5) * size, (nxt[1] + 0.5) * size))
            # pick the turn that takes the child's centre to the far side of the parent's print
            best = None
            for sign in (1, -1):
                moved = _rotate(centre, A, axis, sign * math.pi / 2)
                depth = sum((moved[i] - A[i]) * n[i] for i in range(3))
                if best is None or depth < best[0]:
                    best = (depth, sign)
            sign = best[1]

            def child(p, parent=parent, A=A, axis=axis, sign=sign):
                return _rotate(parent(p), A, axis, sign * math.pi / 2)

            c3 = child(((nxt[0] + 0.5) * size, (nxt[1] + 0.5) * size))
            e3 = child(((nxt[0] + 0.5) * size + 1.0, (nxt[1] + 0.5) * size))
            f3 = child(((nxt[0] + 0.5) * size, (nxt[1] + 0.5) * size + 1.0))
            u, v = _sub(e3, c3), _sub(f3, c3)
            normals[nxt] = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
            maps[nxt] = child
            todo.append(nxt)
    return maps


def folds_to_cube(cells) -> bool:
    maps = fold_squares(cells)
    centres = {tuple(round(c, 6) for c in m((x + 0.5, y + 0.5))) for (x, y), m in maps.items()}
    return len(maps) == 6 and len(centres) == 6


def free_hexominoes():
    """The 35 free hexominoes (up to turning and mirroring), grown cell by cell."""

    def canon(cells):
        forms = []
        for fx, fy, swap in itertools.product((1, -1), (1, -1), (False, True)):
            pts = [((y, x) if swap else (x, y)) for x, y in cells]
            pts = [(fx * x, fy * y) for x, y in pts]
            mx, my = min(p[0] for p in pts), min(p[1] for p in pts)
            forms.append(tuple(sorted((x - mx, y - my) for x, y in pts)))
        return min(forms)

    shapes = {canon([(0, 0)])}
    for _ in range(5):
        grown = set()
        for s in shapes:
            for x, y in s:
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    n = (x + dx, y + dy)
                    if n not in s:
                        grown.add(canon([*s, n]))
        shapes = grown
    return sorted(shapes)


def test_there_are_35_hexominoes_and_exactly_11_fold_into_a_cube_and_roll_agrees():
    hexes = free_hexominoes()
    assert len(hexes) == 35
    good = [h for h in hexes if folds_to_cube(h)]
    assert len(good) == 11  # the eleven nets of the cube
    for h in hexes:
        if h in good:
            nets.roll(h)
        else:
            with pytest.raises(ValueError):
                nets.roll(h)


@pytest.mark.parametrize("cells", [h for h in free_hexominoes() if folds_to_cube(h)])
def test_every_cube_net_gets_seven_tabs_that_meet_their_partner_edges(cells):
    size = 10.0
    net = nets.cube_net(size, 3.0, cells)
    assert len(net.faces) == 6 and len(net.tabs) == 7
    assert len(net.folds) == 5 + 7
    shapes = [f.corners for f in net.faces] + list(net.tabs)
    for a, b in itertools.combinations(shapes, 2):
        assert not nets.overlap(a, b)
    # fold the net the independent way (its cells are shifted by at_origin: find the offset)
    x0 = min(p[0] for f in net.faces for p in f.corners)
    y0 = min(p[1] for f in net.faces for p in f.corners)
    cell_of = {
        f.name: (round((f.corners[0][0] - x0) / size), round((f.corners[0][1] - y0) / size))
        for f in net.faces
    }
    maps = fold_squares(list(cell_of.values()), size)

    def folded(name, pts):
        m = maps[cell_of[name]]
        return frozenset(tuple(round(c, 5) for c in m((p[0] - x0, p[1] - y0))) for p in pts)

    edges = [
        (f.name, (a, b), folded(f.name, (a, b)))
        for f in net.faces
        for a, b in zip(f.corners, f.corners[1:] + f.corners[:1], strict=True)
    ]
    # each tab's hinge is an edge of one face; folded, it coincides with an edge of one other face:
    # the edge it is glued under
    glued = set()
    for t in net.tabs:
        hinge = {t[0], t[-1]}
        (owner, seg3) = next((n, s3) for n, (a, b), s3 in edges if {a, b} == hinge)
        partners = [n for n, _, s3 in edges if s3 == seg3 and n != owner]
        assert len(partners) == 1, (owner, partners)
        glued.add(seg3)
    assert len(glued) == 7  # one tab for each of the seven seams, none glued twice


def test_roll_and_the_hinge_fold_agree_on_which_faces_are_opposite():
    net = nets.cube_net(1.0, 0.3)
    x0 = min(p[0] for f in net.faces for p in f.corners)
    y0 = min(p[1] for f in net.faces for p in f.corners)
    cells = {f.name: (round(f.corners[0][0] - x0), round(f.corners[0][1] - y0)) for f in net.faces}
    maps = fold_squares(list(cells.values()))
    centre3 = {n: maps[c]((c[0] + 0.5, c[1] + 0.5)) for n, c in cells.items()}
    mid = tuple(sum(v[i] for v in centre3.values()) / 6 for i in range(3))
    for a, b in itertools.combinations(net.faces, 2):
        opposite_by_fold = math.dist(centre3[a.name], centre3[b.name]) == pytest.approx(1.0) and math.dist(
            tuple((centre3[a.name][i] + centre3[b.name][i]) / 2 for i in range(3)), mid
        ) == pytest.approx(0.0, abs=1e-9)
        opposite_by_roll = a.normal == tuple(-v for v in b.normal)
        assert opposite_by_fold == opposite_by_roll, (a.name, b.name)


# --- pyramids -----------------------------------------------------------------------------------


@pytest.mark.parametrize("base,height", [(12.7, 20.32), (14.2875, 22.86), (20.6375, 33.02), (10.0, 4.0)])
def test_a_pyramid_net_has_the_faces_of_the_solid(base, height):
    net = nets.pyramid_net(base, height, 3.0)
    apex = net.faces[0].corners[0]
    # the solid, built directly: square base at z = 0, apex above its centre
    corners3 = [
        (-base / 2, -base / 2, 0),
        (base / 2, -base / 2, 0),
        (base / 2, base / 2, 0),
        (-base / 2, base / 2, 0),
    ]
    top = (0.0, 0.0, height)
    edge3 = math.dist(top, corners3[0])
    for f in net.faces:
        a, p, q = f.corners
        assert a == apex
        assert math.dist(a, p) == pytest.approx(edge3)
        assert math.dist(a, q) == pytest.approx(edge3)
        assert math.dist(p, q) == pytest.approx(base)  # the folded base width
    total = sum(
        math.degrees(
            math.acos(((p[0] - a[0]) * (q[0] - a[0]) + (p[1] - a[1]) * (q[1] - a[1])) / (edge3 * edge3))
        )
        for a, p, q in (f.corners for f in net.faces)
    )
    assert total < 360  # the fan lies flat without overlapping itself
    for f in net.faces:
        assert not nets.overlap(net.tabs[0], f.corners)
    for f, g in itertools.combinations(net.faces, 2):
        assert not nets.overlap(f.corners, g.corners)
    # four folds from the apex (three between faces, one to the tab); the rest is cut
    assert len(net.folds) == 4 and all(apex in fold for fold in net.folds)
    assert len(net.cuts) == 4 + 1 + 3


def test_pyramid_shape_measures():
    s = nets.PyramidShape(10.0, 12.0)
    assert s.slant == pytest.approx(13.0)
    assert s.edge == pytest.approx(math.sqrt(169 + 25))
    assert s.apex_angle == pytest.approx(2 * math.degrees(math.atan(5 / 13)))


# --- the tent -----------------------------------------------------------------------------------


def test_a_tent_net_closes_into_a_triangle_that_stands():
    net = nets.tent_net(16.0, 28.0, 12.0, 5.0)
    names = [f.name for f in net.faces]
    assert names == ["side A", "side B", "base"]
    a, b, base = (f.corners for f in net.faces)
    side_a = a[2][1] - a[0][1]
    side_b = b[2][1] - b[0][1]
    depth = base[2][1] - base[0][1]
    assert side_a == side_b == 28.0 and depth == 12.0
    # the sides meet at the ridge with the feet `depth` apart: the triangle closes
    assert side_a + side_b > depth
    assert nets.tent_height(side_a, depth) == pytest.approx(math.sqrt(28**2 - 36))
    assert net.faces[1].up == pytest.approx(net.faces[0].up + 180)  # side B reads upright once folded
    with pytest.raises(ValueError):
        nets.tent_net(16.0, 5.0, 12.0, 5.0)


def test_overlap_ignores_touching_and_finds_crossing():
    sq = ((0, 0), (1, 0), (1, 1), (0, 1))
    assert not nets.overlap(sq, ((1, 0), (2, 0), (2, 1), (1, 1)))
    assert not nets.overlap(sq, ((1, 1), (2, 1), (2, 2), (1, 2)))
    assert nets.overlap(sq, ((0.5, 0.5), (2, 0.5), (2, 2), (0.5, 2)))
