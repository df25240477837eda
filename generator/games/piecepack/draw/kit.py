"""The piecepack kit in print order: tiles and coins packed together on two-sided sheets (a title
and what to do at the top of each, a cutting gap round every coin), then sheets of nets for the
dice, pawns and pyramids."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from generator.games.piecepack import draw
from generator.games.piecepack import model as pp
from generator.games.piecepack.draw import nets as pn
from generator.press import cutter as cut
from generator.press.cards import DUPLEX_NOTES, Card, DeckPrint, Drawer, fold_pages, place
from generator.press.document import Page, PageInfo
from generator.press.impose import CardSize, Slot, back_turn
from generator.press.paper import MARGIN, Paper, mm
from generator.press.parts import Header, sheet_header

TILE = CardSize("tile", pp.TILE_MM * mm, pp.TILE_MM * mm)
COIN = CardSize("coin", pp.COIN_MM * mm, pp.COIN_MM * mm)


def net_items(k: pp.Kit, kind: str, metric: bool = False) -> list[pn.Item]:
    """The nets of the kit's pieces of `kind`, captioned in mm when `metric` (else inches)."""
    return [pn.MAKERS[p.kind](p, metric) for p in k.of(kind)]


FOLD_HOWTO = (
    "For printers without two-sided printing. Cut each strip out along its solid outline, fold it "
    "on the dashed line with the print outside, and glue the halves back to back."
)


PIECE_GAP = 3 * mm  # a cutting gap round every coin (tiles share their cut lines)
SIDE = 6.5 * mm  # pieces come this near the side edges (the footer runs along the bottom)
FOOT = 13 * mm  # the footer's band at the bottom of a sheet, clear of every piece
SHEET_HOWTO = (
    "Print both sides on card stock (or glue the sheets to thin card). Cut the tiles apart on their "
    "outlines and each coin round its circle: the back puts the grid behind each tile and the suit "
    "behind each coin."
)
SHEET_HOWTO_H = 11 * mm


@dataclass(frozen=True)
class Spot:
    """One piece on a kit sheet: where its front goes, its size, and its two sides."""

    slot: Slot
    size: CardSize
    front: Drawer
    back: Drawer


def piece_header(title: str, duplex: str, sheet: str = "") -> Header:
    """A kit sheet's header: its title ('Piecepack: tiles and coins'), which sheet it is and the
    paper at the right, then what to do."""
    where = f"{sheet}, on card stock" if sheet else "print on card stock"
    return Header(title, (where, DUPLEX_NOTES[duplex]), SHEET_HOWTO, SHEET_HOWTO_H, "small")


def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def pack_pieces(
    tiles: Sequence[tuple[Drawer, Drawer]],
    coins: Sequence[tuple[Drawer, Drawer]],
    paper: Paper,
    header_h: float,
    area: tuple[float, float, float, float] | None = None,
) -> list[list[Spot]]:
    """Sheets of tiles and coins: on each sheet as many of the tiles left as fit, in a block at the
    top-left under the header, then coins in every free place of a lattice (coin plus cutting gap)
    beside and under the block; each sheet's pieces centred across the page. With `area` (a cutting
    machine's readable area, centred on the page) every piece lies inside it."""
    W, H = paper.size
    x0, x1, top, bottom = SIDE, W - SIDE, H - MARGIN - header_h, FOOT
    if area is not None:
        x0, x1, top, bottom = max(x0, area[0]), min(x1, area[2]), min(top, area[3]), max(bottom, area[1])
    t, d = TILE.width, COIN.width
    cols, rows = int((x1 - x0 + 1e-6) // t), int((top - bottom + 1e-6) // t)
    if cols < 1 or rows < 1:
        raise ValueError(f"piecepack tiles do not fit on {paper.name} paper")
    tiles, coins = list(tiles), list(coins)
    sheets: list[list[Spot]] = []
    while tiles or coins:
        spots: list[Spot] = []
        n = min(len(tiles), cols * rows)
        for i, (front, back) in enumerate(tiles[:n]):
            r, col = divmod(i, cols)
            spots.append(Spot(Slot(x0 + col * t, top - (r + 1) * t, t, t, False, 0), TILE, front, back))
        del tiles[:n]
        block = (
            (
                x0 - PIECE_GAP,
                top - math.ceil(n / cols) * t - PIECE_GAP,
                x0 + min(n, cols) * t + PIECE_GAP,
                top + PIECE_GAP,
            )
            if n
            else (0.0, 0.0, 0.0, 0.0)
        )
        pitch = d + PIECE_GAP
        across, down = (
            int((x1 - x0 + PIECE_GAP + 1e-6) // pitch),
            int((top - bottom + PIECE_GAP + 1e-6) // pitch),
        )
        for j in range(down):
            for i in range(across):
                if not coins:
                    break
                cx, cy = x1 - d - (across - 1 - i) * pitch, top - d - j * pitch
                if not _overlaps((cx, cy, cx + d, cy + d), block):
                    front, back = coins.pop(0)
                    spots.append(Spot(Slot(cx, cy, d, d, False, 0), COIN, front, back))
        if not spots:
            raise ValueError(f"piecepack coins do not fit on {paper.name} paper")
        left = min(s.slot.x for s in spots)
        right = max(s.slot.x + s.slot.w for s in spots)
        shift = (W - left - right) / 2
        sheets.append(
            [
                Spot(Slot(s.slot.x + shift, s.slot.y, s.slot.w, s.slot.h, False, 0), s.size, s.front, s.back)
                for s in spots
            ]
        )
    return sheets


def _back_slot(s: Slot, paper: Paper, duplex: str) -> Slot:
    """Where a piece's back goes so that it lands behind its front after the flip (as deck sheets)."""
    W, H = paper.size
    turn = back_turn(False, duplex)
    if duplex == "short":
        return Slot(s.x, H - s.y - s.h, s.w, s.h, False, turn)
    return Slot(W - s.x - s.w, s.y, s.w, s.h, False, turn)


def _outline(c: Canvas, spot: Spot, colour: tuple[float, float, float]) -> None:
    """A tile's cut outline (coins are cut round their own circle)."""
    if spot.size is TILE:
        c.saveState()
        c.setStrokeColorRGB(*colour)
        c.setLineWidth(0.3)
        c.rect(spot.slot.x, spot.slot.y, spot.slot.w, spot.slot.h, stroke=1, fill=0)
        c.restoreState()


def piece_pages(
    tiles: Sequence[tuple[Drawer, Drawer]],
    coins: Sequence[tuple[Drawer, Drawer]],
    paper: Paper,
    duplex: str,
    offset: tuple[float, float],
    machine: cut.Cutter | None = None,
) -> list[Page]:
    """Two-sided sheets of tiles and coins: a fronts page under a title and what to do, then its
    backs page mirrored for the flip (shifted by the printer's back offset). With a cutting machine
    that reads marks, the fronts carry its marks and cut lines instead of the title."""
    what = " and ".join(w for w, got in (("tiles", tiles), ("coins", coins)) if got)
    head = piece_header(f"Piecepack: {what}", duplex, "sheet 1 of 2")
    marker = machine if machine is not None and machine.marks else None
    # with a cutting machine's marks the top band is theirs: no header (the print guide says what to do)
    area = marker.readable(paper) if marker is not None else None
    sheets = pack_pieces(tiles, coins, paper, 0.0 if marker is not None else head.height, area)
    pages: list[Page] = []
    for n, sheet in enumerate(sheets, start=1):
        more = f", sheet {n} of {len(sheets)}" if len(sheets) > 1 else ""
        title = f"Piecepack {what}{more}"  # the footer's and bookmarks' label
        head_n = piece_header(f"Piecepack: {what}", duplex, f"sheet {n} of {len(sheets)}" if more else "")
        cut_sheet = _cut_sheet(marker, paper, sheet, f"{title}: fronts") if marker is not None else None

        def fronts(
            c: Canvas, info: PageInfo, sheet: list[Spot] = sheet, head_n: Header = head_n, cs=cut_sheet
        ) -> None:
            if cs is None:
                sheet_header(c, paper, info.style, head_n, what="kit sheet")
            for spot in sheet:
                place(c, spot.slot, spot.size, spot.front, info.style)
                if cs is None:
                    _outline(c, spot, info.style.outline)
            if cs is not None:
                cut.draw_marks(c, cs.cutter, paper)
                cut.draw_guides(c, cs)

        def backs(c: Canvas, info: PageInfo, sheet: list[Spot] = sheet) -> None:
            c.saveState()
            c.translate(*offset)
            for spot in sheet:
                b = _back_slot(spot.slot, paper, duplex)
                place(c, b, spot.size, spot.back, info.style)
                _outline(c, Spot(b, spot.size, spot.front, spot.back), info.style.outline)
            c.restoreState()

        note = DUPLEX_NOTES[duplex]
        pages.append(
            Page(
                fronts,
                f"{title}: fronts",
                note=note,
                side="front",
                duplex=duplex,
                card=True,
                cut=cut_sheet,
                footer="bottom" if cut_sheet is None else "sides",  # the bottom corners hold marks
            )
        )
        pages.append(Page(backs, f"{title}: backs", note=note, side="back", duplex=duplex, card=True))
    return pages


def _cut_sheet(machine: cut.Cutter, paper: Paper, sheet: list[Spot], label: str) -> cut.CutSheet:
    """What the machine cuts on a kit sheet: each tile's square, each coin's circle."""
    outlines = [
        cut.Outline(
            s.slot.x, s.slot.y, s.slot.w, s.slot.h, s.slot.w / 2 if s.size is COIN else 0.0, s.size.name
        )
        for s in sheet
    ]
    sheet_cut = cut.CutSheet(machine, paper, outlines, label=label)
    cut.check_inside(sheet_cut)
    return sheet_cut


def kit_parts(
    k: pp.Kit,
    paper: Paper,
    duplex: str,
    back_offset: tuple[float, float],
    machine: cut.Cutter | None = None,
) -> list[tuple[str, list[Page]]]:
    """(part title, pages) for each chosen kind, in print order. Tiles and coins print as decks do
    (fronts sheet, then the backs sheet mirrored for the flip), or with duplex "none" as strips to
    fold; the rest as sheets of nets."""
    parts: list[tuple[str, list[Page]]] = []
    back = draw.tile_back()
    tile_cards = (
        [Card(c.name, c.front, back) for c in draw.tile_cards(k.of("tile"))] if "tiles" in k.kinds else []
    )
    coin_cards = [c for c in draw.coin_cards(k.of("coin")) if c.back] if "coins" in k.kinds else []
    tiles = [(c.front, back) for c in tile_cards]
    coins = [(c.front, c.back) for c in coin_cards if c.back is not None]
    # what --cards makes images of: each tile and coin at its size, both sides (cards.csv names them)
    decks = {
        name: DeckPrint(f"Piecepack {name.lower()}", tuple(cards), None, size, 0.0, corner)
        for name, cards, size, corner in (
            ("Tiles", tile_cards, TILE, 0.0),  # a cutting machine cuts tiles square...
            ("Coins", coin_cards, COIN, COIN.width / 2),  # ...and coins round
        )
        if cards
    }
    if duplex == "none":  # strips to fold, one kind to a sheet
        for name, pieces, size in (("Tiles", tiles, TILE), ("Coins", coins, COIN)):
            if pieces:
                label = f"Piecepack {name.lower()}"
                pages = fold_pages(pieces, paper, size, label, f"{label} to fold", FOLD_HOWTO)
                parts.append((name, [replace(p, deck=decks[name]) for p in pages]))
    elif tiles or coins:
        title = " and ".join(n for n, got in (("Tiles", tiles), ("coins", coins)) if got).capitalize()
        pages = piece_pages(tiles, coins, paper, duplex, back_offset, machine)
        parts.append((title, [replace(p, deck=tuple(decks.values())) for p in pages]))
    folded = net_items(k, "die", paper.metric) + net_items(k, "pawn", paper.metric)
    if folded:
        kinds = [w for w in ("dice", "pawns") if w in k.kinds]
        what = " and ".join(kinds)
        howto = " ".join(pn.HOWTO[w] for w in kinds)
        title = f"Piecepack {what}"
        parts.append(
            (what.capitalize(), pn.net_pages(folded, paper, f"Piecepack: {what}", howto, title, machine))
        )
    if "pyramids" in k.kinds:
        # rank by rank, so that each row holds one size in the four suits
        items = sorted(net_items(k, "pyramid", paper.metric), key=lambda it: it.piece.rank or "")
        title = "Piecepack pyramids"
        parts.append(
            (
                "Pyramids",
                pn.net_pages(items, paper, "Piecepack: pyramids", pn.HOWTO["pyramids"], title, machine),
            )
        )
    return parts


def nets_model(k: pp.Kit) -> list[dict[str, Any]]:
    """What each net folds into, for --json."""
    return pn.nets_model(net_items(k, "die") + net_items(k, "pawn") + net_items(k, "pyramid"))
