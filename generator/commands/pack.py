"""`parlour pack`: the game-night pack, one PDF with a contents page and a section per game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from generator.commands import chimera, doublets, fighting_words, riddle_craft, sorcerer
from generator.commands.common import PrintOptions, print_options, write_outputs
from generator.commands.rules import open_with_rules
from generator.press.calibration import calibration_model, calibration_pages
from generator.press.document import Document, Page

#: A pack section: given the options, its title, its pages and its JSON content model.
SectionMaker = Callable[[PrintOptions], tuple[str, list[Page], Any]]


def calibration_section(opts: PrintOptions) -> tuple[str, list[Page], Any]:
    return "Calibration sheet", calibration_pages(opts.paper), calibration_model(opts.paper)


def sections() -> list[tuple[str, SectionMaker]]:
    """(json key, maker) for every section of the pack, in print order."""
    return [
        ("calibration", calibration_section),
        ("doublets", doublets.pack_section),
        ("chimera", chimera.pack_section),
        ("fighting_words", fighting_words.pack_section),
        ("riddle_craft", riddle_craft.pack_section),
        ("sorcerer", sorcerer.pack_section),
    ]


@click.command()
@print_options(cards=True)
def pack(opts: PrintOptions) -> None:
    """Print the game-night pack: every game's sheets, pads and decks in one PDF.

    \b
    The PDF opens with a contents page and has a bookmark for each section.

    \b
    Example:
      parlour pack                      # output/pack.pdf on Letter
      parlour pack --paper a4 --seed 7 -o pack-a4.pdf
    """
    doc = Document(
        opts.paper,
        "parlour game-night pack",
        "Sheets, pads and decks for five parlour games",
        opts.style,
        contents=True,
    )
    model: dict[str, Any] = {}
    for key, make in sections():
        title, pages, content = make(opts)
        pages, how_to_play = open_with_rules(key, pages, opts)  # each game's section opens with its rules
        doc.add(title, pages)
        model[key] = content
        if how_to_play is not None:
            model.setdefault("how_to_play", {})[key] = how_to_play
    write_outputs(doc, opts, "pack", model)
