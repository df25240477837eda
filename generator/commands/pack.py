"""`parlour pack`: the game-night pack, one PDF with a contents page and a section per game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from generator.commands import chimera, doublets, fighting_words, riddle_craft, sorcerer
from generator.commands.common import PrintOptions, print_options, write_outputs
from generator.commands.rules import open_with_rules
from generator.errors import ParlourError
from generator.press.calibration import calibration_model, calibration_pages
from generator.press.document import Document, Page
from generator.templates import templates_option

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


def section_name(key: str) -> str:
    """The name a user types for a section: its JSON key with hyphens ('fighting-words')."""
    return key.replace("_", "-")


def player_ranges() -> dict[str, tuple[int, int]]:
    """The sections a --players count changes, and the counts each game allows."""
    from generator.games import chimera as ch
    from generator.games import doublets as db

    return {"doublets": (2, db.MAX_PLAYERS), "chimera": (ch.MIN_PLAYERS, ch.MAX_PLAYERS), "sorcerer": (2, 4)}


def _names(text: str, option: str, known: list[str]) -> list[str]:
    """'doublets, Chimera' -> ['doublets', 'chimera'] (JSON keys), or a one-line error."""
    import difflib

    out = []
    for raw in text.replace(" ", ",").split(","):
        if not raw.strip():
            continue
        key = raw.strip().lower().replace("-", "_")
        if key not in known:
            names = [section_name(k) for k in known]
            close = difflib.get_close_matches(section_name(key), names, n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise ParlourError(f"{option}: unknown section {raw.strip()!r}{hint}: use {', '.join(names)}")
        if key not in out:
            out.append(key)
    if not out:
        raise ParlourError(
            f"{option} is empty: give section names separated by commas, e.g. doublets,chimera"
        )
    return out


def choose_sections(games: str | None, skip: str | None) -> list[str]:
    """The JSON keys of the sections to print, in print order, from --games and --skip."""
    known = [key for key, _ in sections()]
    if games is not None and skip is not None:
        raise ParlourError("give --games (the sections to print) or --skip (the ones to leave out), not both")
    if games is not None:
        wanted = set(_names(games, "--games", known))
        return [k for k in known if k in wanted]
    if skip is not None:
        left_out = set(_names(skip, "--skip", known))
        chosen = [k for k in known if k not in left_out]
        if not chosen:
            raise ParlourError("--skip leaves nothing to print: leave at least one section in")
        return chosen
    return known


def check_players(players: int | None, chosen: list[str]) -> None:
    """--players must suit every chosen game that has a player count."""
    if players is None:
        return
    ranges = player_ranges()
    titles = {"doublets": "Doublets", "chimera": "Chimera's Lair", "sorcerer": "The Sorcerer's Chamber"}
    counted = [k for k in chosen if k in ranges]
    if not counted:
        raise ParlourError(
            "--players changes Doublets, Chimera's Lair and The Sorcerer's Chamber: none is in the pack"
        )
    for key in counted:
        lo, hi = ranges[key]
        if not lo <= players <= hi:
            raise ParlourError(
                f"--players {players}: {titles[key]} is for {lo} to {hi} players; "
                f"leave it out with --skip {section_name(key)} or give fewer players"
            )


@click.command()
@click.option(
    "--games",
    default=None,
    metavar="LIST",
    help="Print only these sections, comma-separated, from calibration, doublets, chimera, "
    "fighting-words, riddle-craft, sorcerer [default: all].",
)
@click.option("--skip", default=None, metavar="LIST", help="Leave these sections out (names as for --games).")
@click.option(
    "--players",
    type=int,
    default=None,
    metavar="N",
    help="Print for N players: Doublets Jewels and scoring paper (2-12), the Chimera's Lair pad "
    "(2-6) and The Sorcerer's Chamber set-up (2-4) [default: 2, 4 and 2].",
)
@print_options(cards=True)
@templates_option
def pack(opts: PrintOptions, games: str | None, skip: str | None, players: int | None) -> None:
    """Print the game-night pack: every game's sheets, pads and decks in one PDF.

    \b
    The PDF opens with a contents page and has a bookmark for each section. --games or --skip
    chooses the sections; --players N sets the player count of every game that has one.

    \b
    Example:
      parlour pack                      # output/pack.pdf on Letter
      parlour pack --paper a4 --seed 7 -o pack-a4.pdf
      parlour pack --games doublets,chimera --players 3
      parlour pack --skip calibration,sorcerer
    """
    chosen = choose_sections(games, skip)
    check_players(players, chosen)
    opts.players = players
    doc = Document(
        opts.paper,
        "parlour game-night pack",
        "Sheets, pads and decks for five parlour games"
        if len(chosen) == len(sections())
        else "Sheets, pads and decks for a game night",
        opts.style,
        contents=True,
    )
    model: dict[str, Any] = {}
    for key, make in sections():
        if key not in chosen:
            continue
        title, pages, content = make(opts)
        pages, content = open_with_rules(key, pages, content, opts)  # each game opens with its rules
        doc.add(title, pages)
        model[key] = content
    write_outputs(doc, opts, "pack", model)
