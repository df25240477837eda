"""A 52-card deck for Chimera's Lair: each card says its two words and their letters, how many of
them an answer needs under the variant, and marks the key aces and the Chimera; rank and suit sit
in the corners, so it serves as an ordinary deck too."""

from __future__ import annotations

from typing import Any

from reportlab.pdfgen.canvas import Canvas

from generator.games.chimera import model as ch
from generator.press import card_parts as parts
from generator.press.card_parts import inner as card_inner
from generator.press.cards import Card, CardBox, Drawer
from generator.press.paper import mm
from generator.press.style import RGB, Style, hex_rgb
from generator.press.text import draw_first_fitting, draw_text

GAME = "Chimera's Lair"
INDEX = {"ace": "A", "jack": "J", "queen": "Q", "king": "K"} | {
    f: str(n) for n, f in enumerate(ch.FACES, start=1) if 2 <= n <= 10
}
PIPS = {"heart": "♥", "club": "♣", "diamond": "♦", "spade": "♠"}
BACK = hex_rgb("#6B1F2C")  # the deck's own back: a deep wine, so it never mixes with another deck
POKER = (63.5 * mm, 88.9 * mm)
CORNER = 9 * mm  # the corner index column on a poker card
RED = frozenset({"heart", "diamond"})
MARKS = {
    "key": ("KEY", "answer it right and keep it: hold all three keys to win"),
    "chimera": ("THE CHIMERA", "answer it right to lose nothing; it always goes back under the deck"),
}


def suit_colour(suit: str, style: Style) -> RGB:
    """Hearts and diamonds in the style's playing-card red, the rest in ink."""
    return style.red_suit if suit in RED else style.ink


def card_model(card: ch.Card, v: ch.Variant) -> dict[str, Any]:
    """One card as the deck's JSON lists it."""
    return {
        "face": card.face.upper(),
        "suit": card.suit.upper(),
        "letters": card.letters.upper(),
        "min_letters": v.min_letters(card.penalty),
        "role": card.role,
    }


def deck_model(v: ch.Variant) -> dict[str, Any]:
    """The --json content of the deck: the variant and every card in deck order."""
    return {"variant": v.name, "rule": v.label, "cards": [card_model(c, v) for c in ch.deck()]}


def _scale(box: CardBox) -> float:
    """The card's size next to a poker card's, so that the corners follow the card preset."""
    return min(1.0, box.width / POKER[0], box.height / POKER[1])


def _corner(c: Canvas, box: CardBox, card: ch.Card, style: Style, colour: RGB) -> None:
    """Rank over suit in the top-left corner; the caller turns the card for the other corner."""
    x, y, _, h = card_inner(box)
    cw = CORNER * _scale(box)
    index = style.text_style("card_index", color=colour, valign="top")
    draw_text(c, INDEX[card.face], x, y + h - cw, cw, cw, index, f"{card.label} corner")
    draw_text(c, PIPS[card.suit], x, y + h - 1.9 * cw, cw, cw * 0.9, index, f"{card.label} corner")


def _mark(c: Canvas, card: ch.Card, style: Style, band: tuple[float, float, float, float]) -> None:
    """The band that marks a key ace or the Chimera, in the box `band` (x, y, w, h)."""
    word, note = MARKS[card.role]
    x, y, w, h = band
    fill = style.tint if card.role == "key" else style.back_fill
    ink = style.back_ink if card.role == "chimera" and fill is not None else style.accent
    c.saveState()
    c.setStrokeColorRGB(*style.accent)
    c.setLineWidth(0.9)
    if fill is not None:
        c.setFillColorRGB(*fill)
    c.roundRect(x, y, w, h, 1.5 * mm, stroke=1, fill=1 if fill is not None else 0)
    c.restoreState()
    head = style.text_style("card_title", color=ink)
    draw_text(c, word, x + 1 * mm, y + h * 0.52, w - 2 * mm, h * 0.42, head, f"{card.label} mark")
    small = style.text_style("card_small", color=ink)
    draw_first_fitting(
        c, (note, ""), (x + 1 * mm, y + 0.5 * mm, w - 2 * mm, h * 0.5), small, f"{card.label} mark"
    )


def _centre(c: Canvas, box: CardBox, card: ch.Card, v: ch.Variant, style: Style, colour: RGB) -> None:
    """Between the corners: the mark of a key ace or the Chimera, the two words with the suit's pip
    between them (said once: the corners carry the index), and what an answer needs under the variant."""
    x, y, w, h = card_inner(box)
    side = CORNER * _scale(box) - 1 * mm  # the corners' column
    left, width = x + side, w - 2 * side
    if card.role != "plain":
        _mark(c, card, style, (left, y + h * 0.72, width, h * 0.27))
    # the two words once, the suit's pip between them; their letters are what an answer is made of
    words = style.text_style("card_title", color=colour)
    what = f"{card.label} words"
    draw_text(c, card.face.upper(), left, y + h * 0.58, width, h * 0.12, words, what)
    pip = style.text_style("card_glyph", color=colour)
    draw_text(c, PIPS[card.suit], left, y + h * 0.44, width, h * 0.14, pip, f"{card.label} pip")
    draw_text(c, card.suit.upper(), left, y + h * 0.32, width, h * 0.12, words, what)
    need = v.min_letters(card.penalty)
    rules = (
        f"{card.penalty} letters: an answer needs {need} or more ({v.label}). Wrong: lose {card.penalty}.",
        f"{card.penalty} letters: an answer needs {need} or more. Wrong: lose {card.penalty}.",
        f"an answer needs {need} of {card.penalty} letters",
    )
    small = style.text_style("card_small", valign="top")
    draw_first_fitting(c, rules, (left, y, width, h * 0.29), small, f"{card.label} rule")


def face_drawer(card: ch.Card, v: ch.Variant) -> Drawer:
    """How one card's face is drawn (in the style of the page it lands on)."""

    def draw(c: Canvas, box: CardBox) -> None:
        style = box.style
        colour = suit_colour(card.suit, style)
        parts.frame(c, box, colour, 0.6)
        _corner(c, box, card, style, colour)
        c.saveState()
        c.translate(box.width, box.height)
        c.rotate(180)
        _corner(c, box, card, style, colour)
        c.restoreState()
        _centre(c, box, card, v, style, colour)

    return draw


def back_drawer() -> Drawer:
    """The back every card shares, on the deck's own wine red in a double frame: the game's name
    at the head and again turned at the foot (the back reads the same either way up), and between
    them a large spade inside two rings and the four suits round it."""

    def draw(c: Canvas, box: CardBox) -> None:
        style = box.style
        inks = parts.back_ground(c, box, style, own=BACK)
        parts.frame(c, box, inks.ink, 0.9, double=True)
        x, y, w, h = card_inner(box)
        title = style.text_style("back_title", color=inks.ink)
        for turn in (0, 180):
            c.saveState()
            if turn:
                c.translate(box.width, box.height)
                c.rotate(180)
            draw_text(c, GAME, x, y + h * 0.84, w, h * 0.16, title, "deck back")
            c.restoreState()
        r = parts.back_rings(c, box, inks, 0.42, 1.6, 2.2, dashed=True)
        glyph = style.text_style("card_glyph", color=inks.ink)
        draw_text(
            c, "♠", box.width / 2 - r * 0.6, box.height / 2 - r * 0.6, r * 1.2, r * 1.2, glyph, "deck back"
        )
        pips = style.text_style("card_index", color=inks.soft)
        for i, pip in enumerate(("♥", "♣", "♦", "♠")):
            cx = box.width / 2 + (r + 4 * mm) * (1 if i == 1 else -1 if i == 3 else 0)
            cy = box.height / 2 + (r + 4 * mm) * (1 if i == 0 else -1 if i == 2 else 0)
            if x <= cx - 3 * mm and cx + 3 * mm <= x + w:
                draw_text(c, pip, cx - 3 * mm, cy - 3 * mm, 6 * mm, 6 * mm, pips, "deck back")

    return draw


def deck_cards(v: ch.Variant) -> list[Card]:
    """The 52 cards in deck order (spades, hearts, diamonds, clubs; ace to king)."""
    return [Card(f"{c.face} of {c.suit}s", face_drawer(c, v)) for c in ch.deck()]
