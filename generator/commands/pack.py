"""`parlour pack`: the game-night pack, one PDF with a cover, a print guide and a section per game."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from typing import Any

import click

from generator.errors import ParlourError
from generator.games.rules.command import open_with_rules
from generator.options import SPELLING_OPTION, PrintOptions, print_options, write_outputs
from generator.press.document import Document
from generator.sections import PackSection, SectionMaker, registered
from generator.templates import templates_option

__all__ = [
    "pack",
    "sections",
    "section_name",
    "player_ranges",
    "choose_sections",
    "check_players",
    "SectionMaker",
]


def pack_sections() -> list[PackSection]:
    """Every section of the pack, in print order: each game's command module (and calibrate)
    registers its own when imported, so a new game edits no shared list."""
    import generator.commands
    import generator.games

    for package in (generator.commands, generator.games):
        for module in pkgutil.iter_modules(package.__path__):
            name = f"{package.__name__}.{module.name}"
            if module.ispkg:
                if importlib.util.find_spec(f"{name}.command") is None:
                    continue
                name += ".command"
            importlib.import_module(name)
    return registered()


def sections() -> list[tuple[str, SectionMaker]]:
    """(json key, maker) for every section of the pack, in print order (each command module
    registers its own with commands.sections.register)."""
    return [(s.key, s.make) for s in pack_sections()]


def section_name(key: str) -> str:
    """The name a user types for a section: its JSON key with hyphens ('fighting-words')."""
    return key.replace("_", "-")


def _counted() -> list[PackSection]:
    return [s for s in pack_sections() if s.players is not None]


def player_ranges() -> dict[str, tuple[int, int]]:
    """The sections a --players count changes, and the counts each game allows."""
    return {s.key: s.players for s in _counted() if s.players is not None}


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


def usual_sections() -> list[str]:
    """The JSON keys of the sections printed when --games does not choose: all but the optional ones."""
    return [s.key for s in pack_sections() if not s.optional]


def choose_sections(games: str | None, skip: str | None) -> list[str]:
    """The JSON keys of the sections to print, in print order, from --games and --skip (an optional
    section prints only when --games names it)."""
    known = [key for key, _ in sections()]
    usual = usual_sections()
    if games is not None and skip is not None:
        raise ParlourError("give --games (the sections to print) or --skip (the ones to leave out), not both")
    if games is not None:
        wanted = set(_names(games, "--games", known))
        return [k for k in known if k in wanted]
    if skip is not None:
        left_out = set(_names(skip, "--skip", known))
        chosen = [k for k in usual if k not in left_out]
        if not chosen:
            raise ParlourError("--skip leaves nothing to print: leave at least one section in")
        return chosen
    return usual


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def check_players(players: int | None, chosen: list[str]) -> None:
    """--players must suit every chosen game that has a player count."""
    if players is None:
        return
    counted = _counted()
    if not any(s.key in chosen for s in counted):
        raise ParlourError(f"--players changes {_and([s.title for s in counted])}: none is in the pack")
    for s in counted:
        if s.key in chosen and s.players is not None:
            lo, hi = s.players
            if not lo <= players <= hi:
                raise ParlourError(
                    f"--players {players}: {s.title} is for {lo} to {hi} players; "
                    f"leave it out with --skip {s.name} or give {'more' if players < lo else 'fewer'} players"
                )


class _ListedOption(click.Option):
    """An option whose help names the registered sections, filled in when help is shown."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        counted = _counted()
        filled = (self.help or "").format(
            sections=", ".join(s.name for s in pack_sections()),
            optional=", ".join(s.name for s in pack_sections() if s.optional) or "none",
            players=", ".join(
                f"{s.title} ({s.players[0]}-{s.players[1]})" for s in counted if s.players is not None
            ),
        )
        old, self.help = self.help, filled
        try:
            return super().get_help_record(ctx)
        finally:
            self.help = old


@click.command()
@click.option(
    "--games",
    cls=_ListedOption,
    default=None,
    metavar="LIST",
    help="Print only these sections, comma-separated, from {sections} [default: all but the "
    "optional {optional}].",
)
@click.option("--skip", default=None, metavar="LIST", help="Leave these sections out (names as for --games).")
@click.option(
    "--players",
    cls=_ListedOption,
    type=int,
    default=None,
    metavar="N",
    help="Print for N players in every game that has a player count: {players} [default: each game's own].",
)
@SPELLING_OPTION
@print_options(cards=True)
@templates_option
def pack(opts: PrintOptions, games: str | None, skip: str | None, players: int | None, spelling: str) -> None:
    """Print the game-night pack: every game's sheets, pads and decks in one PDF.

    \b
    The PDF opens with a cover (what is inside, and where) and a print guide on its back (which
    pages go on card stock, which print two-sided and how to turn them), and has a bookmark for
    each section. --games or --skip chooses the sections; --players N sets the player count of
    every game that has one; --spelling sets how the rules, labels and cards spell (us: center,
    gray; uk: centre, grey).

    \b
    Example:
      parlour pack                      # output/pack.pdf on Letter
      parlour pack --paper a4 --seed 7 -o pack-a4.pdf
      parlour pack --games doublets,chimera --players 3
      parlour pack --skip calibration,sorcerer
      parlour pack --spelling uk --paper a4
    """
    chosen = choose_sections(games, skip)
    check_players(players, chosen)
    opts.players = players
    opts.spelling = spelling.lower()
    doc = Document(
        opts.paper,
        "parlour game-night pack",
        "Sheets, pads and decks for five parlour games"
        if chosen == usual_sections()
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
