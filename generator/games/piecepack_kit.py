"""The piecepack kit in print order: tiles and coins as two-sided decks through the press's deck
machinery, then sheets of nets for the dice, pawns and pyramids."""

from __future__ import annotations

from typing import Any

from generator.games import piecepack as pp
from generator.games import piecepack_draw as draw
from generator.games import piecepack_nets as pn
from generator.games.piecepack_fold import fold_pages
from generator.press.cards import CardSize, DeckOptions, Layout, deck_pages, impose
from generator.press.document import Page
from generator.press.paper import Paper, mm

TILE = CardSize("tile", pp.TILE_MM * mm, pp.TILE_MM * mm)
COIN = CardSize("coin", pp.COIN_MM * mm, pp.COIN_MM * mm)


def tile_layout(paper: Paper) -> Layout:
    """Tiles imposed like cards: as many 2 in squares as fit, sharing cut lines."""
    return impose(paper, TILE)


def coin_layout(paper: Paper) -> Layout:
    return impose(paper, COIN)


def net_items(k: pp.Kit, kind: str) -> list[pn.Item]:
    return [pn.MAKERS[p.kind](p) for p in k.of(kind)]


def kit_parts(
    k: pp.Kit, paper: Paper, duplex: str, back_offset: tuple[float, float]
) -> list[tuple[str, list[Page]]]:
    """(part title, pages) for each chosen kind, in print order. Tiles and coins print as decks do
    (fronts sheet, then the backs sheet mirrored for the flip), or with duplex "none" as strips to
    fold; the rest as sheets of nets."""
    parts: list[tuple[str, list[Page]]] = []
    if "tiles" in k.kinds:
        cards = draw.tile_cards(k.of("tile"))
        if duplex == "none":  # one-sided printers: each tile's face and back fold over
            pages = fold_pages(cards, TILE, paper, "Piecepack tiles", draw.tile_back())
        else:
            pages = deck_pages(
                cards,
                DeckOptions(tile_layout(paper), "Piecepack tiles", draw.tile_back(), duplex, back_offset),
            )
        parts.append(("Tiles", pages))
    if "coins" in k.kinds:
        cards = draw.coin_cards(k.of("coin"))
        if duplex == "none":
            pages = fold_pages(cards, COIN, paper, "Piecepack coins")
        else:
            pages = deck_pages(
                cards, DeckOptions(coin_layout(paper), "Piecepack coins", None, duplex, back_offset)
            )
        parts.append(("Coins", pages))
    folded = net_items(k, "die") + net_items(k, "pawn")
    if folded:
        kinds = [w for w in ("dice", "pawns") if w in k.kinds]
        what = " and ".join(kinds)
        howto = " ".join(pn.HOWTO[w] for w in kinds)
        title = f"Piecepack {what}"
        parts.append((what.capitalize(), pn.net_pages(folded, paper, title, howto, title)))
    if "pyramids" in k.kinds:
        # rank by rank, so that each row holds one size in the four suits
        items = sorted(net_items(k, "pyramid"), key=lambda it: it.piece.rank or "")
        title = "Piecepack pyramids"
        parts.append(("Pyramids", pn.net_pages(items, paper, title, pn.HOWTO["pyramids"], title)))
    return parts


def nets_model(k: pp.Kit) -> list[dict[str, Any]]:
    """What each net folds into, for --json."""
    return pn.nets_model(net_items(k, "die") + net_items(k, "pawn") + net_items(k, "pyramid"))
