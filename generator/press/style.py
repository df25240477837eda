"""The house style: named colour roles and text roles that inherit from a parent.

Drawing code asks for a role (``style.accent``, ``style.text("card_title")``) and never for a
literal face, size or colour, and never tests for ink-saver mode: ``--ink-saver`` is a second
Style derived from the first by swapping roles (fills become None, colours become ink).
``templates/style.toml`` (copy it with ``parlour templates export``) may override any role.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any

from generator.errors import ParlourError

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.press.text import TextStyle

RGB = tuple[float, float, float]

#: The piecepack suits, in the standard's order.
SUITS = ("suns", "moons", "crowns", "arms")


def hex_rgb(code: str) -> RGB:
    """'#D55E00' -> (0.835, 0.369, 0.0)."""
    return (int(code[1:3], 16) / 255, int(code[3:5], 16) / 255, int(code[5:7], 16) / 255)


@dataclass(frozen=True)
class TextRole:
    """How one kind of text is set. `colour` names a colour role; `min_size` is the least a fitter
    may shrink it to (nothing parlour prints goes below 6 pt)."""

    face: str
    size: float
    colour: str = "ink"
    leading: float = 1.22
    min_size: float = 6.0


#: Text roles: name -> (parent, changes). A role inherits every field it does not set.
TEXT_ROLES: dict[str, tuple[str | None, dict[str, Any]]] = {
    "body": (None, {"face": "Sans", "size": 9.0}),
    "title": ("body", {"face": "Serif-Bold", "size": 20.0, "colour": "accent", "leading": 1.15}),
    "subtitle": ("title", {"size": 12.0}),
    "heading": ("body", {"face": "Sans-Bold", "size": 10.0, "colour": "accent"}),
    "strong": ("body", {"face": "Sans-Bold"}),
    "small": ("body", {"size": 7.5, "min_size": 7.0}),  # nothing a player reads on a page under 7 pt
    "caption": ("small", {"colour": "muted", "size": 7.0}),
    "label": ("caption", {"face": "Cond"}),
    "footer": ("caption", {"size": 7.0}),
    "table": ("body", {"size": 8.0}),
    "table_head": ("table", {"face": "Sans-Bold"}),
    "key": ("table", {"face": "Cond"}),
    "key_head": ("key", {"face": "Cond-Bold", "colour": "accent"}),
    "key_entry": ("key_head", {"size": 8.5, "colour": "ink"}),
    "key_answer": ("key", {"size": 7.2, "leading": 1.18}),
    "key_count": ("key_answer", {"face": "Cond-Bold"}),
    "prose": ("body", {"face": "Serif", "size": 10.0, "leading": 1.28}),
    "contents": ("prose", {"size": 12.0}),
    "card_title": ("title", {"size": 11.0}),
    "card_body": ("body", {"size": 8.0, "min_size": 7.0}),  # nothing on a card face under 7 pt
    "card_small": ("card_body", {"size": 7.5, "colour": "muted"}),
    "card_glyph": ("body", {"face": "Sans-Bold", "size": 48.0}),
    "back_title": ("card_title", {"colour": "back_ink"}),
    "chain": ("body", {"size": 11.0, "min_size": 7.0, "leading": 1.3}),  # a word chain set out in full
    "aside": ("body", {"size": 8.5, "colour": "muted"}),  # a quiet note beside a heading or an entry
    "card_name": ("card_title", {"size": 17.0, "leading": 1.1}),
    "card_heading": ("card_title", {"size": 13.0}),
    "card_text": ("card_body", {"face": "Serif", "size": 11.0, "leading": 1.25}),
    "card_words": ("card_title", {"size": 20.0, "colour": "ink", "leading": 1.18, "min_size": 10.0}),
    "card_mark": ("card_body", {"face": "Sans-Bold", "size": 12.5}),
    "card_label": ("card_small", {"face": "Sans-Bold", "size": 7.0, "colour": "accent"}),
    "card_note": ("card_small", {"face": "Serif", "size": 8.5}),
    "card_list": ("key", {"size": 10.5, "leading": 1.16}),
    "back_name": ("back_title", {"size": 14.0}),
    "card_index": ("card_title", {"face": "Sans-Bold", "size": 14.0, "colour": "ink"}),
    "card_letters": ("card_body", {"face": "Cond-Bold", "size": 11.0}),
    "piece_rank": ("card_glyph", {"size": 40.0}),
    "note": ("key", {"size": 10.0, "min_size": 8.0, "leading": 1.16}),
}


@dataclass(frozen=True, eq=False)
class Style:
    """Colour roles (attributes) and text roles (`text(name)`) for one printing.

    Fill roles (`tint`, `back_fill`) are None when the style draws no large fills."""

    name: str = "colour"
    ink: RGB = hex_rgb("#000000")
    muted: RGB = hex_rgb("#616161")  # footers, captions
    rule: RGB = hex_rgb("#9E9E9E")  # cut lines, light rules
    outline: RGB = hex_rgb("#B2B2B2")  # card outlines on a deck sheet
    accent: RGB = hex_rgb("#1F4580")  # headings, card frames
    paper: RGB = hex_rgb("#FFFFFF")
    tint: RGB | None = hex_rgb("#E6EDF7")  # large light fills
    back_fill: RGB | None = hex_rgb("#294066")  # card backs
    back_ink: RGB = hex_rgb("#FAF2DB")  # what is drawn on a card back: a warm cream
    red_suit: RGB = hex_rgb("#B8171F")  # hearts and diamonds of a playing-card deck
    suits: Mapping[str, RGB] = field(
        default_factory=lambda: {
            "suns": hex_rgb("#D55E00"),
            "moons": hex_rgb("#000000"),
            "crowns": hex_rgb("#009E73"),
            "arms": hex_rgb("#0072B2"),
        }
    )
    roles: Mapping[str, tuple[str | None, Mapping[str, Any]]] = field(
        default_factory=lambda: dict(TEXT_ROLES)
    )
    _table: dict[str, TextRole] = field(init=False, repr=False, default_factory=dict)

    # -- colour roles -------------------------------------------------------------------------
    @property
    def fills(self) -> bool:
        """Whether large areas are filled (False for the ink-saver style)."""
        return self.tint is not None

    def colour(self, role: str) -> RGB | None:
        """A colour role by name ('accent', 'back_fill', 'suit:crowns', ...)."""
        if role.startswith("suit:"):
            return self.suit(role[5:])
        if role in COLOUR_ROLES:
            value: RGB | None = getattr(self, role)
            return value
        raise KeyError(f"no colour role {role!r}")

    def ink_of(self, role: str) -> RGB:
        """A colour role that must draw something: a fill role that is off gives the paper."""
        value = self.colour(role)
        return self.paper if value is None else value

    def suit(self, suit: str) -> RGB:
        return self.suits[suit]

    # -- text roles ---------------------------------------------------------------------------
    def text(self, role: str) -> TextRole:
        """The text role `role`, with everything it does not set taken from its parents."""
        found = self._table.get(role)
        if found is None:
            found = self._table[role] = _resolve(self.roles, role)
        return found

    def font(self, role: str, size: float | None = None) -> tuple[str, float]:
        """(face, size) of a role; `size` replaces the role's size (e.g. after fitting)."""
        t = self.text(role)
        return t.face, t.size if size is None else size

    def set_font(
        self, c: Canvas, role: str, size: float | None = None, colour: RGB | None = None
    ) -> TextRole:
        """Set the canvas's font and fill colour for text of `role`; returns the role."""
        t = self.text(role)
        c.setFont(t.face, t.size if size is None else size)
        c.setFillColorRGB(*(colour if colour is not None else self.ink_of(t.colour)))
        return t

    def text_style(self, role: str, **changes: Any) -> TextStyle:
        """A press.text TextStyle for `role` (for draw_text and the fitters)."""
        from generator.press.text import TextStyle

        t = self.text(role)
        base = TextStyle(
            face=t.face, size=t.size, min_size=t.min_size, leading=t.leading, color=self.ink_of(t.colour)
        )
        return base.but(**changes) if changes else base

    # -- variants -----------------------------------------------------------------------------
    def saving_ink(self) -> Style:
        """The same style for printing with little ink: no fills, colours become ink."""
        plain = {s: self.ink for s in self.suits}
        return replace(
            self,
            name="ink-saver",
            accent=self.ink,
            tint=None,
            back_fill=None,
            back_ink=self.ink,
            red_suit=self.ink,
            suits=plain,
        )

    def but(self, **changes: Any) -> Style:
        return replace(self, **changes)  # the role cache is per instance: replace() starts a new one


COLOUR_ROLES = tuple(f.name for f in fields(Style) if f.name not in ("name", "suits", "roles", "_table"))


def _resolve(table: Mapping[str, tuple[str | None, Mapping[str, Any]]], role: str) -> TextRole:
    chain: list[Mapping[str, Any]] = []
    name: str | None = role
    seen: set[str] = set()
    while name is not None:
        if name not in table:
            raise KeyError(f"no text role {name!r}")
        if name in seen:
            raise KeyError(f"text role {role!r} inherits from itself")
        seen.add(name)
        parent, changes = table[name]
        chain.append(changes)
        name = parent
    merged: dict[str, Any] = {}
    for changes in reversed(chain):
        merged.update(changes)
    return TextRole(**merged)


DEFAULT = Style()
INK_SAVER = DEFAULT.saving_ink()

_ROLE_KEYS = {f.name for f in fields(TextRole)} | {"parent"}


def _colour_value(value: Any, where: str) -> RGB | None:
    if value in ("none", "None", False):
        return None
    if isinstance(value, str) and len(value) == 7 and value.startswith("#"):
        try:
            return hex_rgb(value)
        except ValueError:
            pass
    raise ParlourError(f'{where}: colour {value!r} is not a #RRGGBB code or "none"; write e.g. "#1F4580"')


def from_toml(data: Mapping[str, Any], where: str, base: Style = DEFAULT) -> Style:
    """`base` with the overrides of a style.toml: [colours] role = "#RRGGBB", [suits] suit = ...,
    and [text.ROLE] face/size/colour/leading/min_size/parent."""
    from generator.press import fields
    from generator.press.fonts import FACES

    changes: dict[str, Any] = {}
    for key in data:
        if key not in ("colours", "suits", "text"):
            raise ParlourError(f"{where}: unknown table [{key}]; use [colours], [suits] or [text.ROLE]")
    for role, value in fields.table(data.get("colours", {}), f"{where}: [colours]").items():
        if role not in COLOUR_ROLES:
            raise ParlourError(f"{where}: [colours] has no role {role!r}; known: {', '.join(COLOUR_ROLES)}")
        colour = _colour_value(value, f"{where}, [colours] {role}")
        if colour is None and role not in ("tint", "back_fill"):
            raise ParlourError(f'{where}: [colours] {role} cannot be "none"; only tint and back_fill can')
        changes[role] = colour
    suits = dict(base.suits)
    for suit, value in fields.table(data.get("suits", {}), f"{where}: [suits]").items():
        if suit not in SUITS:
            raise ParlourError(f"{where}: [suits] has no suit {suit!r}; known: {', '.join(SUITS)}")
        colour = _colour_value(value, f"{where}, [suits] {suit}")
        if colour is None:
            raise ParlourError(f"{where}: [suits] {suit} needs a colour")
        suits[suit] = colour
    changes["suits"] = suits
    roles = {k: (p, dict(ch)) for k, (p, ch) in base.roles.items()}
    for role, table in fields.table(data.get("text", {}), f"{where}: [text]").items():
        if not isinstance(table, Mapping):
            raise ParlourError(f"{where}: [text.{role}] must be a table")
        bad = sorted(set(table) - _ROLE_KEYS)
        if bad:
            raise ParlourError(
                f"{where}: [text.{role}] has unknown key {bad[0]!r}; use {', '.join(sorted(_ROLE_KEYS))}"
            )
        parent, old = roles.get(role, ("body", {}))
        new = dict(old)
        for key, value in table.items():
            if key == "parent":
                parent = fields.text(value, f"{where}: [text.{role}] parent", limit=40)
            elif key == "face":
                if not isinstance(value, str) or value not in FACES:
                    raise ParlourError(
                        f"{where}: [text.{role}] face {value!r} unknown; use one of {', '.join(FACES)}"
                    )
                new[key] = value
            elif key == "colour":
                if not isinstance(value, str) or value not in COLOUR_ROLES:
                    raise ParlourError(f"{where}: [text.{role}] colour {value!r} is not a colour role")
                new[key] = value
            else:
                if (
                    not isinstance(value, int | float)
                    or isinstance(value, bool)
                    or not 0 < value <= 1000  # (nan and inf fail this too)
                ):
                    raise ParlourError(f"{where}: [text.{role}] {key} must be a positive number up to 1000")
                new[key] = float(value)
        roles[role] = (parent, new)
    changes["roles"] = roles
    style = replace(base, **changes)
    for role in roles:
        try:
            t = style.text(role)
        except KeyError as exc:
            raise ParlourError(f"{where}: [text.{role}] {exc.args[0]}; fix its parent") from None
        if t.size < 6.0 or t.min_size < 6.0:
            raise ParlourError(f"{where}: [text.{role}] would print below 6 pt; use 6 or more")
    return style


def get_style(ink_saver: bool) -> Style:
    """The house style, or the user's when their templates directory (--templates DIR) holds a
    style.toml; with `ink_saver`, its ink-saving twin. The packaged templates/style.toml spells out
    these same defaults for users to copy (a test holds the two equal)."""
    from generator import templates

    style = DEFAULT
    user = templates.override_dir()
    if user is not None and os.path.lexists(user / "style.toml"):  # (not a file: locate says why)
        data, where = templates.read_toml("style.toml")
        style = from_toml(data, where)
    return style.saving_ink() if ink_saver else style
