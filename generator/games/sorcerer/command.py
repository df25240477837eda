"""`parlour sorcerer`: The Sorcerer's Chamber set-up diagram, full-size board, cheat notes and move diagrams."""

from __future__ import annotations

from typing import Any

import click

from generator.errors import ParlourError
from generator.games.sorcerer import model as sc
from generator.games.sorcerer.draw import diagrams as diagrams_draw
from generator.games.sorcerer.draw import full_size as full_size_draw
from generator.games.sorcerer.draw import notes as notes_draw
from generator.games.sorcerer.draw import setup as setup_draw
from generator.options import PrintOptions, print_options, write_outputs
from generator.press.document import Document, Page
from generator.sections import register
from generator.templates import templates_option

TITLE = "The Sorcerer's Chamber"


def parse_suits(text: str | None) -> list[str] | None:
    """'suns,crowns' -> ['suns', 'crowns'] (spaces allowed); None when not given."""
    if text is None:
        return None
    parts = [p.strip() for p in text.replace(" ", ",").split(",") if p.strip()]
    if not parts:
        raise ParlourError("--suits is empty: give suits separated by commas, e.g. --suits suns,crowns")
    return parts


def make_chamber(players: int | None, suits: str | None, seed: int) -> sc.Chamber:
    """The set-up from the command-line choices (players default to the number of suits, else 2)."""
    chosen = parse_suits(suits)
    if players is None and chosen is not None and not 2 <= len(chosen) <= 4:
        raise ParlourError(
            f"--suits names {len(chosen)} suit{'s' if len(chosen) != 1 else ''}: "
            "The Sorcerer's Chamber needs 2 to 4 players, one suit each"
        )
    if players is None:
        players = len(chosen) if chosen else 2
    if chosen is not None and len(chosen) != players:
        raise ParlourError(
            f"--players {players} needs {players} suits, but --suits gives {len(chosen)}: {', '.join(chosen)}"
        )
    return sc.setup(players, chosen, seed)


def board_model(
    chamber: sc.Chamber, pattern: sc.OrbPattern, full_size: bool, opts: PrintOptions
) -> dict[str, Any]:
    """The board model for --json, with the pattern's provenance and (full size) the pieces."""
    model = chamber.to_json()
    model["players"] = len(chamber.sorcerers)
    model["pattern_source"] = pattern.source
    model["full_size"] = full_size
    if full_size:
        model["pieces"] = [
            {
                "name": p.name,
                "shown_in": [round(v / 72, 4) for v in p.shown],
                "cut": list(p.cut),
                "strips": list(p.strips),
            }
            for p in full_size_draw.full_size_pieces(opts.paper)
        ]
    return model


def board_pages(
    chamber: sc.Chamber, pattern: sc.OrbPattern, full_size: bool, opts: PrintOptions
) -> list[Page]:
    pages = [setup_draw.setup_page(chamber, pattern.name)]
    if full_size:
        pages += full_size_draw.full_size_pages(chamber, opts.paper)
    return pages


@click.group()
def sorcerer() -> None:
    """The Sorcerer's Chamber (piecepack + pyramids): set-up diagram, full-size board, notes, diagrams.

    \b
    Example:
      parlour sorcerer board --players 3 --seed 7
      parlour sorcerer notes --paper a4
    """


@sorcerer.command()
@click.option(
    "--players",
    type=int,
    default=None,
    help="Number of players, 2 to 4 [default: the number of --suits, else 2].",
)
@click.option(
    "--suits",
    default=None,
    metavar="LIST",
    help="The players' suits, comma-separated, from suns, moons, crowns, arms "
    "[default: suns,moons for two, then crowns, arms].",
)
@click.option(
    "--full-size",
    is_flag=True,
    help="Also print the 10 in board at real size (2 in tiles), in pieces to tape together.",
)
@print_options()
@templates_option
def board(opts: PrintOptions, players: int | None, suits: str | None, full_size: bool) -> None:
    """Print the chamber's set-up: tiles, portals, walls, time stones, orbs and sorcerers.

    The orb pattern is parlour's own (templates/sorcerer_orbs.toml; the original diagram is lost);
    --seed deals the 24 coins' suits onto it. With --full-size the set-up page is followed by the
    board at real size over several pages, with glue strips and registration marks.

    \b
    Example:
      parlour sorcerer board --players 3 --seed 7
      parlour sorcerer board --suits crowns,arms --full-size --paper a4
    """
    if players is not None and not 2 <= players <= 4:
        raise click.BadParameter(f"{players} is not 2, 3 or 4", param_hint="'--players'")
    chamber = make_chamber(players, suits, opts.seed)
    pattern = sc.load_orb_pattern()
    doc = Document(opts.paper, f"{TITLE}: set-up", "Board layout and orb set-up", opts.style)
    doc.add("Set-up", board_pages(chamber, pattern, full_size, opts))
    write_outputs(doc, opts, "sorcerer-board", board_model(chamber, pattern, full_size, opts))


@sorcerer.command()
@print_options(seed=False)
@templates_option
def notes(opts: PrintOptions) -> None:
    """Print the cheat notes, four to a page, to cut out and keep by each player.

    The text comes from templates/sorcerer_notes.toml: moves, the seven spells with their costs,
    own-suit orbs and where spent orbs go.

    \b
    Example:
      parlour sorcerer notes --paper a4
    """
    text = sc.load_notes()
    doc = Document(opts.paper, f"{TITLE}: cheat notes", "Cut-out rules summary", opts.style)
    doc.add("Cheat notes", [notes_draw.notes_page(text, opts.paper)])
    write_outputs(doc, opts, "sorcerer-notes", notes_draw.notes_model(text, opts.paper, opts.style))


@sorcerer.command()
@print_options(seed=False)
def diagrams(opts: PrintOptions) -> None:
    """Print the move diagrams: steps, turns, and the steps on and off a portal.

    Every arrow is worked out from the board model, not drawn by hand.

    \b
    Example:
      parlour sorcerer diagrams --ink-saver
    """
    doc = Document(opts.paper, f"{TITLE}: move diagrams", "How a sorcerer moves", opts.style)
    doc.add("Move diagrams", [diagrams_draw.diagrams_page()])
    write_outputs(doc, opts, "sorcerer-diagrams", diagrams_draw.diagrams_model())


def pack_section(opts: PrintOptions) -> tuple[str, list[Page], Any]:
    """The pack's section: a set-up (one page for 2, 3 or 4 players unless the pack's --players
    chooses one count), the cheat notes and the move diagrams."""
    every_count = opts.players is None  # one page for 2, 3 or 4: every sorcerer on the board
    chamber = sc.setup(opts.players or len(sc.SUITS), None, opts.seed)
    pattern = sc.load_orb_pattern()
    text = sc.respelled_notes(sc.load_notes(), opts.spelling)
    pages = [
        setup_draw.setup_page(chamber, pattern.name, spelling=opts.spelling, every_count=every_count),
        notes_draw.notes_page(text, opts.paper),
        diagrams_draw.diagrams_page(opts.spelling),
    ]
    board = board_model(chamber, pattern, False, opts)
    # the counts this set-up serves: every count when the page shows every sorcerer
    board["for_players"] = list(range(2, len(sc.SUITS) + 1)) if every_count else [len(chamber.sorcerers)]
    model = {
        "board": board,
        "notes": notes_draw.notes_model(text, opts.paper, opts.style),
        "diagrams": diagrams_draw.diagrams_model(),
    }
    return TITLE, pages, model


register("sorcerer", TITLE, pack_section, order=50, players=(2, len(sc.SUITS)))
