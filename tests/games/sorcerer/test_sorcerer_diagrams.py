"""Tests for the Sorcerer move diagrams: every arrow from the model, windows inside their panels, pages read back."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from generator.games.sorcerer import model as sc
from generator.games.sorcerer import moves as mv
from generator.games.sorcerer.draw import diagrams as diagrams
from generator.press.paper import get_paper, mm
from tests.sorcerer_pdf import PAPERS, assert_no_missing_glyphs, assert_text_inside_margins, render


@pytest.fixture(scope="module")
def panels():
    return {p.key: p for p in diagrams.diagram_panels()}


def test_step_diagrams_show_the_models_moves(panels):
    for key, facing in (("step-orthogonal", "N"), ("step-diagonal", "NE")):
        p = panels[key]
        where, f = p.sorcerer
        assert f == facing
        assert {(a.to, a.label) for a in p.arrows} == {(m.to, m.kind) for m in mv.moves(where, facing)}
        assert len(p.arrows) == 3


def test_rotation_diagram_shows_all_eight_facings(panels):
    assert panels["rotate"].rays == sc.FACINGS
    assert len(mv.rotations(panels["rotate"].sorcerer[1])) == 7


def test_portal_diagrams_show_4_orthogonal_and_5_diagonal_steps(panels):
    ortho, diag = panels["portal-orthogonal"], panels["portal-diagonal"]
    assert len(ortho.arrows) == 4 and len(diag.arrows) == 5
    portal = sc.portal_id("suns")
    assert {a.to for a in ortho.arrows} == set(sc.orthogonal_neighbours(portal))
    assert {a.to for a in diag.arrows} == set(sc.diagonal_neighbours(portal))
    portal_cells = set(sc.space(portal).cells)
    assert all(a.frm in portal_cells and a.both for a in (*ortho.arrows, *diag.arrows))


def test_start_diagram_reaches_the_five_cells(panels):
    p = panels["start"]
    assert p.sorcerer == ("portal-suns", "SE")
    assert tuple(a.to for a in p.arrows) == mv.move_targets("portal-suns", "SE")
    assert {a.label for a in p.arrows} == {"FL", "FL or F", "F", "F or FR", "FR"}


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("ink_saver", [False, True])
def test_diagrams_page_reads_back(tmp_path, paper, ink_saver):
    pdf = render(tmp_path, [diagrams.diagrams_page()], paper, ink_saver)
    text = PdfReader(str(pdf)).pages[0].extract_text()
    for title in ("Step, facing square on", "Turn", "Portal: 4 square steps", "Portal: 5 diagonal steps"):
        assert title in text
    assert_no_missing_glyphs(pdf)
    assert_text_inside_margins(pdf, paper)


def test_diagram_windows_fit_their_panels():
    for paper in PAPERS:
        boxes = diagrams.diagram_boxes(get_paper(paper))
        for box, panel in zip(boxes, diagrams.diagram_panels(), strict=True):
            cell = diagrams.PANEL_CELL
            nr = panel.rows[1] - panel.rows[0] + 1
            cell = min(cell, (box[3] - 9 * mm - diagrams.CAPTION_H - 2 * mm) / nr)
            _, (wx, wy, ww, wh) = diagrams._panel_geom(box, panel, cell)
            x, y, w, h = box
            assert x < wx and wx + ww < x + w
            assert y + diagrams.CAPTION_H - 1e-6 <= wy and wy + wh <= y + h - 9 * mm + 1e-6
