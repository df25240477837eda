"""Test helpers for card drawers: a card-sized box in a style, and box containment."""

from __future__ import annotations

from generator.press.cards import CardBox, get_card
from generator.press.style import DEFAULT, Style

Rect = tuple[float, float, float, float]


def box_of(card: str = "poker", style: Style = DEFAULT) -> CardBox:
    """The CardBox a drawer sees for one card of preset `card`, drawn in `style`."""
    c = get_card(card)
    return CardBox(c.width, c.height, style=style)


def inside(inner: Rect, outer: Rect) -> bool:
    """Whether rectangle (x, y, w, h) `inner` lies within `outer`, to a millionth of a point."""
    x, y, w, h = inner
    X, Y, W, H = outer
    return X - 1e-6 <= x and Y - 1e-6 <= y and x + w <= X + W + 1e-6 and y + h <= Y + H + 1e-6
