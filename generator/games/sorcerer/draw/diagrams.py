"""The Sorcerer's Chamber move diagrams: six windows of the board, every arrow worked out from the model."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from generator.games.piecepack.draw.pieces import ANGLES, draw_pyramid_top, draw_sorcerer, sized, suit_colour
from generator.games.sorcerer import model as sc
from generator.games.sorcerer import moves as mv
from generator.games.sorcerer.draw.board import BoardGeom, BoardLook, draw_chamber
from generator.press.document import Page, PageInfo
from generator.press.paper import MARGIN, Paper, mm
from generator.press.parts import Header, arrow, label_patch, sheet_header
from generator.press.style import Style
from generator.press.text import draw_text
from generator.words.spelling import DEFAULT_SPELLING, respell

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Arrow:
    """An arrow from a cell (row, col) to a space, with an optional label."""

    frm: tuple[int, int] | None  # None: from the middle of the sorcerer's space
    to: str
    label: str = ""
    both: bool = False


@dataclass(frozen=True)
class Panel:
    """One small diagram: a window of the board, a sorcerer, arrows, a caption."""

    key: str
    title: str
    caption: str
    rows: tuple[int, int]  # first and last row shown
    cols: tuple[int, int]
    sorcerer: tuple[str, str] | None  # (space, facing)
    arrows: tuple[Arrow, ...]
    rays: tuple[str, ...] = ()  # facings drawn as rays round the sorcerer (rotation)
    walls: bool = True  # False: leave out walls at the window's edge (rotation needs none)


KIND_LABELS = {"forward-left": "forward-left", "forward": "forward", "forward-right": "forward-right"}
SHORT_KINDS = {"forward-left": "FL", "forward": "F", "forward-right": "FR"}


def diagram_panels() -> list[Panel]:
    """The six diagrams, every arrow taken from the board model."""
    return [*_step_panels(), _rotate_panel(), *_portal_panels(), _start_panel()]


def _step_panels() -> list[Panel]:
    panels = []
    for key, where, facing, title in (
        ("step-orthogonal", "r2c3", "N", "Step, facing square on"),
        ("step-diagonal", "r2c3", "NE", "Step, facing a corner"),
    ):
        arrows = tuple(
            Arrow(sc.space(where).cells[0], m.to, KIND_LABELS[m.kind]) for m in mv.moves(where, facing)
        )
        dirs = ", ".join(m.direction for m in mv.moves(where, facing))
        panels.append(
            Panel(
                key,
                title,
                f"Facing {facing}, a step goes {dirs}: one of the three spaces in front. The facing does not change.",
                (1, 2),
                (2, 4),
                (where, facing),
                arrows,
            )
        )
    return panels


def _rotate_panel() -> Panel:
    return Panel(
        "rotate",
        "Turn",
        f"Turning is a move too: face any of the other {len(mv.rotations('N'))} ways, "
        "4 square on and 4 diagonal. Then step the way you face.",
        (1, 3),
        (2, 4),
        ("r2c3", "N"),
        (),
        sc.FACINGS,
        walls=False,
    )


def _portal_panels() -> list[Panel]:
    portal = sc.portal_id("suns")
    ortho = tuple(Arrow(frm, to, both=True) for d in sc.ORTHOGONAL for frm, to in sc.step_pairs(portal, d))
    diag = tuple(Arrow(frm, to, both=True) for d in sc.DIAGONAL for frm, to in sc.step_pairs(portal, d))
    return [
        Panel(
            "portal-orthogonal",
            f"Portal: {len(ortho)} square steps",
            "A portal is one space as big as a tile. Square steps link it with the cells along its two "
            "inner sides, on and off.",
            (0, 2),
            (0, 2),
            None,
            ortho,
        ),
        Panel(
            "portal-diagonal",
            f"Portal: {len(diag)} diagonal steps",
            "Diagonal steps start from any corner of the portal: three cross its inner corner, "
            "two run along its sides. Each works on and off.",
            (0, 2),
            (0, 2),
            None,
            diag,
        ),
    ]


def _start_panel() -> Panel:
    portal = sc.portal_id("suns")
    start = sc.START_FACING["suns"]
    targets = mv.move_targets(portal, start)
    kinds: dict[str, list[str]] = {to: [] for to in targets}
    for m in mv.moves(portal, start):
        if SHORT_KINDS[m.kind] not in kinds[m.to]:
            kinds[m.to].append(SHORT_KINDS[m.kind])
    starts = tuple(Arrow(None, to, " or ".join(kinds[to])) for to in targets)
    names = ", ".join(f"{SHORT_KINDS[k]} {k} ({sc.turn(start, e)})" for k, e in mv.MOVE_KINDS.items())
    return Panel(
        "start",
        "First step from the start",
        f"On its portal facing the centre ({start}), a sorcerer reaches all {len(targets)} "
        f"neighbouring cells in one step: {names}.",
        (0, 2),
        (0, 2),
        (portal, start),
        starts,
    )


def diagrams_model() -> dict[str, Any]:
    """The diagrams as JSON-ready data."""
    out = []
    for p in diagram_panels():
        out.append(
            {
                "key": p.key,
                "title": p.title,
                "rows": list(p.rows),
                "cols": list(p.cols),
                "sorcerer": {"space": p.sorcerer[0], "facing": p.sorcerer[1]} if p.sorcerer else None,
                "arrows": [
                    {
                        "from_cell": list(a.frm) if a.frm else None,
                        "to": a.to,
                        "label": a.label,
                        "both_ways": a.both,
                    }
                    for a in p.arrows
                ],
                "facings": list(p.rays),
            }
        )
    return {"panels": out}


def diagram_boxes(paper: Paper) -> list[Box]:
    """Six panel boxes, 2 across and 3 down, below the header."""
    w, h = paper.size
    top = h - MARGIN - header(paper).height
    gap = 5 * mm
    pw = (w - 2 * MARGIN - gap) / 2
    ph = (top - MARGIN - 2 * gap) / 3
    return [
        (MARGIN + i * (pw + gap), top - (j + 1) * ph - j * gap, pw, ph) for j in range(3) for i in range(2)
    ]


PANEL_CELL = 21 * mm
CAPTION_H = 15 * mm
RING = 0.3  # target rings, radius in cells


def _panel_geom(box: Box, panel: Panel, cell: float) -> tuple[BoardGeom, Box]:
    """Geometry placing the panel's window of the board in the box, and the window's page box."""
    x, y, w, h = box
    nr = panel.rows[1] - panel.rows[0] + 1
    nc = panel.cols[1] - panel.cols[0] + 1
    cap_h = CAPTION_H
    wx = x + (w - nc * cell) / 2
    wtop = y + h - 9 * mm - ((h - 9 * mm - cap_h) - nr * cell) / 2
    g = BoardGeom(wx - panel.cols[0] * cell, wtop + panel.rows[0] * cell, cell)
    return g, (wx, wtop - nr * cell, nc * cell, nr * cell)


def _draw_panel(c: Canvas, box: Box, panel: Panel, style: Style) -> None:
    x, y, w, h = box
    c.saveState()
    c.setStrokeColorRGB(*style.rule)
    c.setLineWidth(0.5)
    c.roundRect(x, y, w, h, 2 * mm, stroke=1, fill=0)
    c.restoreState()
    draw_text(
        c,
        panel.title,
        x + 3 * mm,
        y + h - 8 * mm,
        w - 6 * mm,
        6 * mm,
        style.text_style("heading", align="left", valign="middle"),
        f"diagram '{panel.title}'",
    )
    nr = panel.rows[1] - panel.rows[0] + 1
    cell = min(
        PANEL_CELL,
        (h - 9 * mm - CAPTION_H - 2 * mm) / nr,
        (w - 8 * mm) / (panel.cols[1] - panel.cols[0] + 1),
    )
    g, win = _panel_geom(box, panel, cell)
    _draw_window(c, g, win, panel, style)
    _draw_panel_arrows(c, g, panel, style)
    if panel.sorcerer:
        _draw_panel_sorcerer(c, g, panel, style)
    draw_text(
        c,
        panel.caption,
        x + 3 * mm,
        y + 2 * mm,
        w - 6 * mm,
        CAPTION_H - 3 * mm,
        style.text_style("key", align="left", valign="middle"),
        f"diagram '{panel.title}' caption",
    )


def _draw_window(c: Canvas, g: BoardGeom, win: Box, panel: Panel, style: Style) -> None:
    """The panel's window of the board (outer walls keep their width where the window meets the
    board's edge), and a dotted frame round it."""
    cell = g.cell
    wx, wy, ww, wh = win
    grow = cell * 0.06
    cx0 = wx - (grow if panel.cols[0] == 0 else 0)
    cy1 = wy + wh + (grow if panel.rows[0] == 0 else 0)
    cx1 = wx + ww + (grow if panel.cols[1] == sc.SIZE - 1 else 0)
    cy0 = wy - (grow if panel.rows[1] == sc.SIZE - 1 else 0)
    c.saveState()
    p = c.beginPath()
    p.rect(cx0, cy0, cx1 - cx0, cy1 - cy0)
    c.clipPath(p, stroke=0, fill=0)
    look = BoardLook(
        sorcerers=False, tile_labels=False, centre_text=False, portal_art=False, walls=panel.walls
    )
    draw_chamber(c, g, style, None, look, window=(panel.rows[0], panel.cols[0], panel.rows[1], panel.cols[1]))
    if any(sc.space(a.to).kind == "cell" and a.frm is not None for a in panel.arrows) and panel.rows[0] == 0:
        # the portal's four corners, which its steps start from
        c.saveState()
        c.setStrokeColorRGB(*style.rule)
        c.setLineWidth(0.5)
        c.setDash(1, 2)
        c.line(g.x(1), g.y(0), g.x(1), g.y(2))
        c.line(g.x(0), g.y(1), g.x(2), g.y(1))
        c.restoreState()
    c.restoreState()
    c.saveState()
    c.setStrokeColorRGB(*style.muted)
    c.setLineWidth(0.4)
    c.setDash(1.5, 1.5)
    c.rect(wx, wy, ww, wh, stroke=1, fill=0)
    c.restoreState()


def _draw_panel_arrows(c: Canvas, g: BoardGeom, panel: Panel, style: Style) -> None:
    """A ring on each space reached, and the arrows to them (labelled once per target)."""
    cell = g.cell
    arrow_col = suit_colour("suns", style)
    for to in sorted({a.to for a in panel.arrows}):
        tx, ty = g.space_centre(to)
        c.saveState()
        c.setStrokeColorRGB(*arrow_col)
        c.setLineWidth(1.0)
        c.circle(tx, ty, cell * RING, stroke=1, fill=0)
        c.restoreState()
    rising: dict[str, float] = {}  # per target: how much its arrows climb (label below if they fall)
    for a in panel.arrows:
        if a.frm is None and panel.sorcerer:
            fx, fy = g.space_centre(panel.sorcerer[0])
        else:
            fx, fy = g.cell_centre(*(a.frm or (0, 0)))
        tx, ty = g.space_centre(a.to)
        dx, dy = tx - fx, ty - fy
        n = math.hypot(dx, dy)
        rising[a.to] = rising.get(a.to, 0.0) + dy / n
        # leave the sorcerer (or the source cell's middle) clear, and stop at the target's ring
        back = cell * (0.1 if a.both else 0.5 if a.frm is None else 0.42)
        arrow(
            c,
            fx + dx / n * back,
            fy + dy / n * back,
            tx - dx / n * cell * RING,
            ty - dy / n * cell * RING,
            arrow_col,
            width=1.1,
            head=cell * 0.15,
            both=a.both,
        )
    # the labels last, each on the side of its ring the arrows do not come from, so that no
    # arrow or arrowhead runs into a label
    labelled: set[str] = set()
    for a in panel.arrows:
        if a.label and a.to not in labelled:
            labelled.add(a.to)
            _cell_label(c, g, a.to, a.label, cell, style, below=rising[a.to] < -0.2)


def _draw_panel_sorcerer(c: Canvas, g: BoardGeom, panel: Panel, style: Style) -> None:
    """The panel's sorcerer; in the rotation panel, with a ray and a label for every facing."""
    assert panel.sorcerer is not None
    cell = g.cell
    where, facing = panel.sorcerer
    sx, sy = g.space_centre(where)
    if not panel.rays:
        size = cell * 0.62 * (1.0 if sc.space(where).kind == "cell" else 1.1)
        draw_sorcerer(c, sx, sy, size, "suns", facing, style)
        return
    for f in panel.rays:
        ang = math.radians(ANGLES[f])
        ux, uy = math.cos(ang), math.sin(ang)
        reach = cell * (0.95 if f in sc.ORTHOGONAL else 1.2)
        current = f == facing
        arrow(
            c,
            sx + ux * cell * 0.5,
            sy + uy * cell * 0.5,
            sx + ux * reach,
            sy + uy * reach,
            style.ink if current else suit_colour("suns", style),
            width=0.9,
            head=cell * 0.13,
            dash=None if current else (2, 1.5),
        )
        lx, ly = sx + ux * (reach + cell * 0.17), sy + uy * (reach + cell * 0.17)
        size = max(7.0, sized(style, "key_head", cell * 0.11))  # nothing a player reads under 7 pt
        label_patch(c, style, f, lx, ly, role="key_head", size=size, colour=style.ink, middle=True)
    draw_pyramid_top(c, sx, sy, cell * 0.62, "suns", facing, style)


def _cell_label(
    c: Canvas, g: BoardGeom, to: str, label: str, cell: float, style: Style, below: bool = False
) -> None:
    """A short label at the top of a target space (at its foot when `below`: the arrows come down
    into it from above), on a patch of paper."""
    x, _ = g.space_centre(to)
    size = sized(style, "label", cell * 0.12)
    sp = sc.space(to)
    span = 2 if sp.kind == "portal" else 1
    y = g.y(sp.row + span) + size * 0.55 if below else g.y(sp.row) - size * 1.15
    label_patch(c, style, label, x, y, size=size, colour=style.ink)


SUBTITLE_H = 4 * mm  # the line under the header's rule (two on a narrow page: A5)
HEADER_TEXT = (
    "Two moves a turn, in any mix: a step to a space in front, or a turn to a new facing. "
    "Rings mark the spaces a step can reach."
)


def header(paper: Paper) -> Header:
    """The page's header: its title and a line on how moves work (two lines on A5)."""
    lines = 1 if paper.width - 2 * MARGIN >= 170 * mm else 2
    return Header(
        "The Sorcerer's Chamber: how a sorcerer moves",
        text=HEADER_TEXT,
        text_h=SUBTITLE_H * lines,
        text_role="caption",
    )


def diagrams_page(spelling: str = DEFAULT_SPELLING) -> Page:
    """One page of move diagrams, their words spelled for `spelling` (us or uk)."""
    panels = [
        replace(p, title=respell(p.title, spelling), caption=respell(p.caption, spelling))
        for p in diagram_panels()
    ]

    def draw(c: Canvas, info: PageInfo) -> None:
        sheet_header(c, info.paper, info.style, header(info.paper), what="diagrams")
        for box, panel in zip(diagram_boxes(info.paper), panels, strict=True):
            _draw_panel(c, box, panel, info.style)

    return Page(draw, "Sorcerer's Chamber: move diagrams", bookmark="Move diagrams")
