"""The pack's sections: each command module registers its own, so a new game edits no shared list."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from generator.options import PrintOptions
    from generator.press.document import Page

#: A pack section's maker: given the options, its title, its pages and its JSON content model.
SectionMaker = Callable[["PrintOptions"], tuple[str, list["Page"], Any]]


@dataclass(frozen=True)
class PackSection:
    """One section of `parlour pack`: its JSON key (users type it with hyphens), the name messages
    use, its maker, its place in the pack (lower first), the --players counts it takes, if any, and
    whether it is optional (printed only when --games names it, e.g. the piecepack kit)."""

    key: str
    title: str
    make: SectionMaker
    order: int
    players: tuple[int, int] | None = None
    optional: bool = False

    @property
    def name(self) -> str:
        """The name a user types: the JSON key with hyphens ('fighting-words')."""
        return self.key.replace("_", "-")


_SECTIONS: dict[str, PackSection] = {}


def register(
    key: str,
    title: str,
    make: SectionMaker,
    order: int,
    players: tuple[int, int] | None = None,
    optional: bool = False,
) -> None:
    """Add a section to the pack (a command module calls this once, when it is imported)."""
    old = _SECTIONS.get(key)
    if old is not None and old.make is not make:
        raise ValueError(f"two pack sections are keyed {key!r}")
    _SECTIONS[key] = PackSection(key, title, make, order, players, optional)


def registered() -> list[PackSection]:
    """The sections registered so far, in print order (commands.pack imports every command first)."""
    return sorted(_SECTIONS.values(), key=lambda s: (s.order, s.key))
