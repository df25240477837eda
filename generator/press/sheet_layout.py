"""Sheet layouts of one's own (--layout FILE): business-card stock, label sheets, a print shop's
template, written as TOML like every template and checked before any work.

A layout names its paper, the card's size and corner radius, columns and rows, the margins to the
first card (from the paper's top-left corner, as label makers print them), the gutters between
cards, whether cards lie on their side, and what is printed round them ("crop" marks outside the
grid, "none" on pre-cut stock, or a cutting machine's marks: "silhouette", "scanncut"). What cannot
fit is refused with one line naming the numbers. templates/layouts/ holds examples
(`parlour templates export` writes them out to edit).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.errors import ParlourError
from generator.press.paper import PAPERS, get_paper, mm

MARKS = ("crop", "none", "silhouette", "scanncut")
SIDE_MM = (20.0, 400.0)  # a card's side, as --card WxH
MAX_GRID = 20  # columns or rows

#: key -> (table, what it is): every key a layout may hold; anything else is refused
KEYS: dict[str, dict[str, str]] = {
    "": {"name": "text", "paper": "text", "marks": "text"},
    "card": {"width_mm": "number", "height_mm": "number", "corner_radius_mm": "number", "turned": "bool"},
    "grid": {"columns": "integer", "rows": "integer"},
    "margins": {"top_mm": "number", "left_mm": "number"},
    "gutters": {"across_mm": "number", "down_mm": "number"},
}
REQUIRED = (("card", "width_mm"), ("card", "height_mm"), ("grid", "columns"), ("grid", "rows"))


@dataclass(frozen=True)
class SheetLayout:
    """A checked layout, in points: the trimmed card as drawn (portrait or not, as written), whether
    it lies turned a quarter on the sheet, the grid, the top-left margins and the gutters."""

    name: str
    paper: str
    card_w: float
    card_h: float
    corner: float
    turned: bool
    columns: int
    rows: int
    top: float
    left: float
    across: float
    down: float
    marks: str
    where: str  # the file, for messages


def _number(value: object, where: str) -> float:
    """A length in millimetres: a number (whole or not), not negative."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ParlourError(f"{where}: must be a number of millimetres, not {value!r}")
    if value < 0:
        raise ParlourError(f"{where}: is {value:g}; it cannot be negative")
    return float(value)


def check(data: dict[str, Any], where: str) -> SheetLayout:
    """The layout in `data` (parsed TOML), or one line naming what is wrong and the numbers. Every
    field goes through press.fields, as every template's does."""
    from generator.press import fields

    fields.known_keys(data, where, [*KEYS[""], *(t for t in KEYS if t)])
    tables: dict[str, dict[str, Any]] = {}
    for name in (t for t in KEYS if t):
        tables[name] = fields.table(data.get(name, {}), f"{where} [{name}]")
        fields.known_keys(tables[name], f"{where} [{name}]", list(KEYS[name]))
    for table, key in REQUIRED:
        if key not in tables[table]:
            raise ParlourError(f"{where}: [{table}] needs {key}")

    def length(table: str, key: str, default: float = 0.0) -> float:
        v = tables[table].get(key)
        return default if v is None else _number(v, f"{where} {table}.{key}")

    name = fields.text(data.get("name", Path(where).stem), f"{where} name", limit=80)
    paper = fields.one_of(data.get("paper", "letter"), f"{where} paper", list(PAPERS))
    marks = fields.one_of(data.get("marks", "crop"), f"{where} marks", MARKS)
    cw, ch = length("card", "width_mm"), length("card", "height_mm")
    for side in (cw, ch):
        if not SIDE_MM[0] <= side <= SIDE_MM[1]:
            raise ParlourError(
                f"{where}: a card of {cw:g} x {ch:g} mm: each side must be {SIDE_MM[0]:g} to {SIDE_MM[1]:g} mm"
            )
    corner = length("card", "corner_radius_mm")
    if corner > min(cw, ch) / 2:
        raise ParlourError(
            f"{where}: a corner radius of {corner:g} mm is more than half the card's {min(cw, ch):g} mm side"
        )
    turned = tables["card"].get("turned", False)
    if not isinstance(turned, bool):
        raise ParlourError(f"{where} card.turned: must be true or false, not {turned!r}")
    cols = fields.count(tables["grid"]["columns"], f"{where} grid.columns", 1, MAX_GRID)
    rows = fields.count(tables["grid"]["rows"], f"{where} grid.rows", 1, MAX_GRID)
    lay = SheetLayout(
        name,
        paper,
        cw * mm,
        ch * mm,
        corner * mm,
        turned,
        cols,
        rows,
        length("margins", "top_mm") * mm,
        length("margins", "left_mm") * mm,
        length("gutters", "across_mm") * mm,
        length("gutters", "down_mm") * mm,
        marks,
        where,
    )
    _check_fits(lay)
    return lay


def _check_fits(lay: SheetLayout) -> None:
    """One line naming the numbers when the grid runs off its paper."""
    p = get_paper(lay.paper)
    cw, ch = (lay.card_h, lay.card_w) if lay.turned else (lay.card_w, lay.card_h)
    need_w = lay.left + lay.columns * cw + (lay.columns - 1) * lay.across
    need_h = lay.top + lay.rows * ch + (lay.rows - 1) * lay.down
    for what, n, size, gap, start, need, room in (
        ("columns", lay.columns, cw, lay.across, lay.left, need_w, p.width),
        ("rows", lay.rows, ch, lay.down, lay.top, need_h, p.height),
    ):
        if need > room + 0.01:
            raise ParlourError(
                f"{lay.where}: {n} {what} of {size / mm:g} mm with {gap / mm:g} mm gutters from {start / mm:g} mm "
                f"in need {need / mm:.1f} mm; {lay.paper} paper is {room / mm:.1f} mm"
            )


def read_layout(path: str) -> SheetLayout:
    """The layout in the TOML file at `path`, or a packaged one named like 'business-cards-letter-10'."""
    from generator import templates

    packaged = f"layouts/{path}.toml"
    if not Path(path).exists() and packaged in templates.names():
        data, where = templates.read_toml(packaged)
        return check(data, where)
    return check(templates.read_toml_file(path, "--layout"), path)


def layout_names() -> list[str]:
    """The packaged example layouts, by name."""
    from generator import templates

    return [n[len("layouts/") : -len(".toml")] for n in templates.names() if n.startswith("layouts/")]
