"""`parlour piecepack`: a print-and-play piecepack with pyramids (tiles, coins, dice, pawns)."""

from __future__ import annotations

from typing import Any

import click

from generator.config import BY_KEY
from generator.games.piecepack import model as pp
from generator.lazy import lazy_module
from generator.options import PrintOptions, print_options, write_outputs
from generator.press.document import Document, Page
from generator.press.print_defaults import DUPLEX_MODES
from generator.sections import register

kit_draw = lazy_module("generator.games.piecepack.draw.kit")  # drawing loads only when something prints

TITLE = "Piecepack"


def kit_parts(k: pp.Kit, opts: PrintOptions) -> list[tuple[str, list[Page]]]:
    """(part title, pages) in print order for the chosen kinds."""
    return kit_draw.kit_parts(k, opts.paper, opts.duplex, opts.back_offset, opts.machine())


def kit_model(k: pp.Kit, opts: PrintOptions) -> dict[str, Any]:
    model = k.to_json()
    model["nets"] = kit_draw.nets_model(k)
    return model


@click.command()
@click.option(
    "--pieces",
    default=None,
    metavar="LIST",
    help=f"Print only these kinds, comma-separated, from {', '.join(pp.KINDS)} [default: all].",
)
@click.option(
    "--pyramids",
    type=click.Choice(pp.PYRAMID_SETS, case_sensitive=False),
    default="three",
    show_default=True,
    help="The three smallest pyramids of each suit (what The Sorcerer's Chamber uses), or all six.",
)
@click.option(
    "--back-offset",
    default=None,
    metavar="X,Y",
    help="Shift the backs of tiles and coins by X,Y mm to match your printer (see 'parlour calibrate').",
)
@click.option(
    "--duplex",
    type=click.Choice(DUPLEX_MODES, case_sensitive=False),
    default=BY_KEY["duplex"].default,
    show_default=True,
    help="How the sheet is turned for the backs of tiles and coins: long edge, short edge, or none "
    "(one-sided printing: each tile and coin as a strip to fold over and glue).",
)
@print_options(seed=False, images=True)  # it reads --duplex and --back-offset into opts as for the decks
def piecepack(opts: PrintOptions, pieces: str | None, pyramids: str) -> None:
    """Print a piecepack to cut out: tiles, coins, dice, pawns and pyramids, in four suits.

    \b
    What prints (sizes of the common reference set):
      tiles     24, 2 in square: rank and suit on the face, the four-cell grid on the back
      coins     24, 3/4 in across: the rank on one side, the suit on the other
      dice      4, one per suit, faces null (blank), ace, 2-5: cube nets with glue tabs
                that fold into 3/4 in dice (the reference 1/2 in is too small to fold well)
      pawns     4, one per suit: a strip that folds into a standing tent showing the suit
                from the front and from the back
      pyramids  3 per suit (1/2, 9/16, 5/8 in bases) or 6 with --pyramids all: open-based
                pyramids that stack, the smallest on top; one face says FRONT
    Tiles and coins print as a fronts sheet and a backs sheet, like the card decks, for a
    two-sided printer (--duplex long or short, --back-offset); with --duplex none each
    piece's two sides print side by side, to cut out as a strip, fold and glue. Print on
    card stock, or glue the sheets to thin card before cutting.

    \b
    Example:
      parlour piecepack --paper a4
      parlour piecepack --pieces dice,pawns,pyramids --pyramids all
      parlour piecepack --pieces tiles,coins --duplex short --json kit.json
    """
    k = pp.kit(pp.parse_kinds(pieces), pyramids.lower())
    doc = Document(
        opts.paper, f"{TITLE}: print and play", "Tiles, coins, dice, pawns and pyramids", opts.style
    )
    for title, pages in kit_parts(k, opts):
        doc.add(title, pages)
    write_outputs(doc, opts, "piecepack", kit_model(k, opts))


def pack_section(opts: PrintOptions) -> tuple[str, list[Page], Any]:
    """The pack's piecepack section: the whole kit with the three smallest pyramids of each suit."""
    from dataclasses import replace

    k = pp.kit()
    pages: list[Page] = []
    for title, part in kit_parts(k, opts):
        pages += [replace(p, bookmark=title if i == 0 else None) for i, p in enumerate(part)]
    return "Piecepack (to print if you have none)", pages, kit_model(k, opts)


# in the default pack, so a family without a piecepack can play The Sorcerer's Chamber from the pack
# alone; who owns one leaves it out with --skip piecepack
register("piecepack", TITLE, pack_section, order=55)
