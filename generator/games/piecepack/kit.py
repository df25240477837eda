"""The piecepack kit in print order: tiles and coins as two-sided decks through the press's deck
machinery, then sheets of nets for the dice, pawns and pyramids."""

from __future__ import annotations

from typing import Any

from generator.games.piecepack import draw
from generator.games.piecepack import model as pp
from generator.games.piecepack import nets as pn
from generator.press.cards import Card, DeckOptions, Drawer, deck_pages, fold_pages
from generator.press.document import Page
from generator.press.impose import CardSize, impose
from generator.press.paper import Paper, mm

TILE = CardSize("tile", pp.TILE_MM * mm, pp.TILE_MM * mm)
COIN = CardSize("coin", pp.COIN_MM * mm, pp.COIN_MM * mm)


def net_items(k: pp.Kit, kind: str) -> list[pn.Item]:
    return [pn.MAKERS[p.kind](p) for p in k.of(kind)]


FOLD_HOWTO = (
    "For printers without two-sided printing. Cut each strip out along its solid outline, fold it "
    "on the dashed line with the print outside, and glue the halves back to back."
)


def _two_sided(
    cards: list[Card],
    size: CardSize,
    paper: Paper,
    title: str,
    back: Drawer | None,
    duplex: str,
    offset: tuple[float, float],
) -> list[Page]:
    """Fronts and backs sheets aligned for the flip, as the decks print them (no blank pieces: the
    standard fixes how many there are); or, with duplex "none", strips to fold."""
    if duplex == "none":
        pairs = [(card.front, card.back or back) for card in cards]
        return fold_pages(
            [(f, b) for f, b in pairs if b is not None], paper, size, title, f"{title} to fold", FOLD_HOWTO
        )
    deck = DeckOptions(impose(paper, size), title, back, duplex, offset, blanks=False)
    return deck_pages(cards, deck)


def kit_parts(
    k: pp.Kit, paper: Paper, duplex: str, back_offset: tuple[float, float]
) -> list[tuple[str, list[Page]]]:
    """(part title, pages) for each chosen kind, in print order. Tiles and coins print as decks do
    (fronts sheet, then the backs sheet mirrored for the flip), or with duplex "none" as strips to
    fold; the rest as sheets of nets."""
    parts: list[tuple[str, list[Page]]] = []
    if "tiles" in k.kinds:
        tiles = draw.tile_cards(k.of("tile"))
        pages = _two_sided(tiles, TILE, paper, "Piecepack tiles", draw.tile_back(), duplex, back_offset)
        parts.append(("Tiles", pages))
    if "coins" in k.kinds:
        coins = draw.coin_cards(k.of("coin"))
        parts.append(("Coins", _two_sided(coins, COIN, paper, "Piecepack coins", None, duplex, back_offset)))
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
