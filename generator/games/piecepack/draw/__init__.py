"""How the print-and-play piecepack looks: tile faces and the common gridded back, coins (rank side
and suit side), and the faces painted on the nets of dice, pawns and pyramids."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from generator.games.piecepack import model as pp
from generator.games.piecepack.draw import pieces
from generator.games.piecepack.draw.pieces import glyph_centred, pale
from generator.press.cards import Card, CardBox, Drawer
from generator.press.nets import Face, face_name
from generator.press.style import RGB, Style

#: Draws on one face of a net in the page's style, the canvas turned so the face's 'up' points up
#: the page and the origin at the face's centre.
Painter = Callable[[Canvas, Face, Style], None]


def rank_glyph(c: Canvas, rank: str, x: float, y: float, size: float, colour: RGB, style: Style) -> None:
    """A rank's label (blank for null) with the middle of its ink at (x, y)."""
    label = pp.RANK_LABELS[rank]
    if label:
        glyph_centred(c, label, x, y, size, colour, style.text("piece_rank").face)


def suit_glyph(c: Canvas, suit: str, x: float, y: float, size: float, colour: RGB) -> None:
    """A suit's glyph with the middle of its ink at (x, y)."""
    glyph_centred(c, pp.SUIT_GLYPHS[suit], x, y, size, colour)


# --- tiles and coins, drawn by the pieces the set-up page uses -----------------------------------


def tile_face(suit: str, rank: str) -> Drawer:
    """A tile's face: the rank large in the middle, the suit small in the top-left corner."""

    def draw(c: Canvas, box: CardBox) -> None:
        pieces.draw_tile_face(c, box.width / 2, box.height / 2, box.width, suit, rank, box.style)

    return draw


def tile_back() -> Drawer:
    """The back all tiles share: the grid that splits a tile into four cells (the Sorcerer's board
    is laid from these)."""

    def draw(c: Canvas, box: CardBox) -> None:
        pieces.draw_tile_back(c, box.width / 2, box.height / 2, box.width, box.style)

    return draw


def coin_rank_side(rank: str) -> Drawer:
    """A coin's rank side, in ink: it tells nothing of the coin's suit (the null coin is blank)."""

    def draw(c: Canvas, box: CardBox) -> None:
        pieces.draw_coin_rank(c, box.width / 2, box.height / 2, box.width, rank, box.style)

    return draw


def coin_suit_side(suit: str) -> Drawer:
    """A coin's suit side: the suit's glyph, on a disc of its colour when the style fills."""

    def draw(c: Canvas, box: CardBox) -> None:
        pieces.draw_coin_suit(c, box.width / 2, box.height / 2, box.width, suit, box.style)

    return draw


def tile_cards(ps: list[pp.Piece]) -> list[Card]:
    return [Card(f"{p.suit} tile {p.rank}", tile_face(p.suit, p.rank or "null")) for p in ps]


def coin_cards(ps: list[pp.Piece]) -> list[Card]:
    """The coins, rank side as the front and suit side as the back."""
    return [
        Card(f"{p.suit} coin {p.rank}", coin_rank_side(p.rank or "null"), coin_suit_side(p.suit)) for p in ps
    ]


# --- faces painted on nets ------------------------------------------------------------------------


def die_painter(suit: str, size: float) -> Painter:
    """A die's face: the rank the net's fold gives it, in the suit's colour, with the suit small in a
    corner of every face (so a null face still says whose die it is)."""
    faces = {face_name(n): r for n, r in pp.DIE_FACES.items()}

    def paint(c: Canvas, face: Face, style: Style) -> None:
        colour = style.suit(suit)
        rank = faces[face.name]
        rank_glyph(c, rank, 0, 0, size * 0.6, colour, style)
        suit_glyph(c, suit, -size * 0.32, size * 0.32, size * 0.2, colour)

    return paint


def pawn_painter(suit: str, width: float, side: float) -> Painter:
    """A pawn's side (`width` x `side`): a standing figure in the suit's colour, the suit's glyph on
    its body; both sides alike, so the pawn shows its suit from the front and the back."""

    def paint(c: Canvas, face: Face, style: Style) -> None:
        if face.name == "base":
            return
        colour = style.suit(suit)
        filled = style.tint is not None
        foot, neck, head = -0.42 * side, 0.12 * side, 0.2 * width
        c.saveState()
        c.setFillColorRGB(*(colour if filled else style.paper))
        c.setStrokeColorRGB(*colour)
        c.setLineWidth(0.8)
        p = c.beginPath()  # the body: a flared cone from the foot to the collar
        p.moveTo(-0.42 * width, foot)
        p.lineTo(0.42 * width, foot)
        p.curveTo(0.3 * width, foot + 0.3 * side, 0.14 * width, neck - 0.15 * side, 0.14 * width, neck)
        p.lineTo(-0.14 * width, neck)
        p.curveTo(-0.14 * width, neck - 0.15 * side, -0.3 * width, foot + 0.3 * side, -0.42 * width, foot)
        p.close()
        c.drawPath(p, stroke=1, fill=1)
        c.ellipse(-0.26 * width, neck - 0.03 * side, 0.26 * width, neck + 0.03 * side, stroke=1, fill=1)
        c.circle(0, neck + 0.03 * side + head * 0.95, head, stroke=1, fill=1)
        c.restoreState()
        suit_glyph(c, suit, 0, foot + 0.2 * side, width * 0.5, style.paper if filled else colour)

    return paint


def pyramid_painter(suit: str, rank: str, base: float) -> Painter:
    """A pyramid's face (the canvas's origin at the face's centroid, the apex up): the suit's glyph;
    the front face filled in the suit's colour and labelled FRONT, the others light, the rank letter
    small above the base of each."""

    def paint(c: Canvas, face: Face, style: Style) -> None:
        colour = style.suit(suit)
        filled = style.tint is not None
        front = face.name == "front"
        glyph_ink = colour
        if front and filled:
            c.saveState()
            c.setFillColorRGB(*colour)
            c.rect(-base, -base * 2, 2 * base, 4 * base, stroke=0, fill=1)  # clipped to the face
            c.restoreState()
            glyph_ink = style.paper
        elif filled:
            c.saveState()
            c.setFillColorRGB(*pale(colour, 0.18))
            c.rect(-base, -base * 2, 2 * base, 4 * base, stroke=0, fill=1)
            c.restoreState()
        suit_glyph(c, suit, 0, base * 0.15, base * 0.42, glyph_ink)
        label = "FRONT" if front else rank
        face_name, size = style.font("label")
        glyph_centred(c, label, 0, -base * 0.3, size, glyph_ink, face_name)

    return paint
