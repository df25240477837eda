"""The piecepack kit in print order: tiles and coins as two-sided decks through the press's deck
machinery, then sheets of nets for the dice, pawns and pyramids."""

from __future__ import annotations

from typing import Any

from generator.games import piecepack as pp
from generator.games import piecepack_draw as draw
from generator.games import piecepack_nets as pn
from generator.press.cards import CardSize, Layout, deck_pages, impose
from generator.press.document import Page
from generator.press.paper import Paper, mm
from generator.press.style import Style

TILE = CardSize("tile", pp.TILE_MM * mm, pp.TILE_MM * mm)
COIN = CardSize("coin", pp.COIN_MM * mm, pp.COIN_MM * mm)


def tile_layout(paper: Paper) -> Layout:
    """Tiles imposed like cards: as many 2 in squares as fit, sharing cut lines."""
    return impose(paper, TILE)


def coin_layout(paper: Paper) -> Layout:
    return impose(paper, COIN)


def net_items(k: pp.Kit, kind: str, style: Style) -> list[pn.Item]:
    return [pn.MAKERS[p.kind](p, style) for p in k.of(kind)]


def kit_parts(
    k: pp.Kit, paper: Paper, style: Style, duplex: str, back_offset: tuple[float, float]
) -> list[tuple[str, list[Page]]]:
    """(part title, pages) for each chosen kind, in print order."""
    parts: list[tuple[str, list[Page]]] = []
    if "tiles" in k.kinds:
        cards = draw.tile_cards(k.of("tile"), style)
        pages = deck_pages(
            cards,
            tile_layout(paper),
            "Piecepack tiles",
            back=draw.tile_back(style),
            duplex=duplex,
            back_offset=back_offset,
        )
        parts.append(("Tiles", pages))
    if "coins" in k.kinds:
        cards = draw.coin_cards(k.of("coin"), style)
        pages = deck_pages(
            cards, coin_layout(paper), "Piecepack coins", duplex=duplex, back_offset=back_offset
        )
        parts.append(("Coins", pages))
    folded = net_items(k, "die", style) + net_items(k, "pawn", style)
    if folded:
        what = " and ".join(w for w in ("dice", "pawns") if w in k.kinds)
        howto = " ".join(pn.HOWTO[w] for w in ("dice", "pawns") if w in k.kinds)
        parts.append(
            (what.capitalize(), pn.net_pages(folded, paper, f"Piecepack {what}", howto, f"Piecepack {what}"))
        )
    if "pyramids" in k.kinds:
        # rank by rank, so that each row holds one size in the four suits
        items = sorted(net_items(k, "pyramid", style), key=lambda it: it.piece.rank or "")
        parts.append(
            (
                "Pyramids",
                pn.net_pages(items, paper, "Piecepack pyramids", pn.HOWTO["pyramids"], "Piecepack pyramids"),
            )
        )
    return parts


def nets_model(k: pp.Kit, style: Style) -> list[dict[str, Any]]:
    items = net_items(k, "die", style) + net_items(k, "pawn", style) + net_items(k, "pyramid", style)
    return pn.nets_model(items)
