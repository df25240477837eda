"""`parlour riddle-craft`: the Riddle Craft deck (riddle cards, When Cards, reference cards, tokens) as one PDF."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from generator.errors import ParlourError
from generator.games.riddle_craft import draw
from generator.games.riddle_craft.draw import cutouts
from generator.games.riddle_craft.model import RiddleCraftDeck, build_deck
from generator.options import PrintOptions, print_options, write_outputs
from generator.press.cards import CardBox, deck_pages
from generator.press.document import Document, Page
from generator.sections import register
from generator.templates import templates_option

TITLE = "Riddle Craft"


def deck_parts(deck: RiddleCraftDeck, opts: PrintOptions, fold: bool = False) -> list[tuple[str, list[Page]]]:
    """(part title, pages) in print order: the two-sided parts first, then the one-sided sheets.

    The riddle and reference cards share sheets (no sheet printed for a handful of reference
    cards), each with its own back. The When Cards print once: two-sided, or as strips to fold
    when `fold` asks for them or the printer is one-sided (duplex "none"). Every two-sided part has
    an even number of pages, so when the whole PDF goes through a duplex printer each sheet of
    fronts still meets its own backs.
    """
    style = opts.style
    box = CardBox(opts.card.width, opts.card.height, style=style)  # a card as it prints, to fit text to
    draw.check_riddles_fit(deck.riddles, box)
    cards = draw.riddle_cards(deck) + (draw.reference_cards(deck, box) if deck.reference else [])
    title = "Riddle and reference cards" if deck.reference else "Riddle cards"
    parts: list[tuple[str, list[Page]]] = [
        (title, deck_pages(cards, opts.deck(f"{TITLE} cards", draw.common_back())))
    ]
    fold = fold or opts.duplex == "none"
    if deck.when and not fold:
        when = draw.when_cards(deck.when, box)
        parts.append(("When Cards", deck_pages(when, opts.deck(f"{TITLE} When Cards"))))
    if deck.when and fold:
        label = f"{TITLE} When Cards to fold"
        parts.append(
            ("When Cards to fold", cutouts.fold_pages(deck.when, opts.paper, opts.card, style, label))
        )
    parts.append(("Tokens", cutouts.tokens_pages(deck.tokens, opts.paper, f"{TITLE} tokens")))
    return parts


def pack_section(opts: PrintOptions) -> tuple[str, list[Page], Any]:
    """The pack's Riddle Craft section: the packaged deck, one bookmark per part."""
    deck = build_deck()
    pages: list[Page] = []
    for title, part in deck_parts(deck, opts):
        pages += [replace(p, bookmark=title if i == 0 else None) for i, p in enumerate(part)]
    return TITLE, pages, deck_model(deck, opts)


def deck_model(deck: RiddleCraftDeck, opts: PrintOptions) -> dict[str, Any]:
    """The --json content: the deck as the model writes it, and how many blank cards (with the
    common back, only with --blanks) fill the last sheet of the riddle and reference cards."""
    model = deck.to_json()
    with_back = opts.deck(TITLE, draw.common_back())
    model["blank_cards"] = with_back.blank_count(len(deck.riddles) + len(deck.reference))
    return model


@click.group("riddle-craft")
def riddle_craft() -> None:
    """Riddle Craft: build a riddle together from fragment cards, then answer "What am I?".

    \b
    Example:
      parlour riddle-craft deck --paper a4
    """


@riddle_craft.command()
@print_options(cards=True, seed=False)
@templates_option
@click.option(
    "--fragments",
    type=click.Path(path_type=Path),
    default=None,
    metavar="FILE",
    help="Your own fragments, as TOML (like templates/riddle_craft.toml) or CSV (text,kind). "
    "A kind is one of the template's kinds or a word of your own (printed as the card's label); "
    "one a letter or two off a known kind is refused as a typo. "
    "By default they REPLACE the 118 built-in fragments; see --fragments-mode.",
)
@click.option(
    "--fragments-mode",
    type=click.Choice(["replace", "extend"], case_sensitive=False),
    default=None,
    help="replace (the default): print only the fragments in FILE, e.g. an edited copy of the "
    "template. extend: print the built-in fragments and then FILE's (a repeat is an error).",
)
@click.option(
    "--fold-when",
    is_flag=True,
    help="Print the When Cards as strips to cut, fold over and glue (for a one-sided printer) "
    "instead of two-sided.",
)
def deck(opts: PrintOptions, fragments: Path | None, fragments_mode: str | None, fold_when: bool) -> None:
    """Print the Riddle Craft deck: riddle cards, When Cards, reference cards and tokens.

    \b
    One PDF with a bookmark per part:
      riddle cards        9 to a sheet, the common back on the following page, with
                          the reference cards (turn, challenge and vote, end of game,
                          press your luck) after them on the same sheets
      When Cards          "only when" / "except when", two-sided, each side behind the
                          other (with --fold-when or --duplex none: strips to cut, fold
                          over and glue instead)
      tokens              7 check (+1) and 7 cross (-1) round tokens to cut out

    \b
    A fragment too long for the card, an empty one or a repeated one is an error
    naming it; nothing is written.

    \b
    Example:
      parlour riddle-craft deck --paper a4 -o riddles.pdf
      parlour riddle-craft deck --fragments mine.csv --fragments-mode extend
      parlour riddle-craft deck --fold-when     # When Cards as strips to fold
      parlour riddle-craft deck --ink-saver --json deck.json
    """
    if fragments is None and fragments_mode is not None:
        raise ParlourError("--fragments-mode needs --fragments FILE: give the file of fragments to use")
    model = build_deck(fragments, fragments_mode or "replace")  # type: ignore[arg-type]
    doc = Document(opts.paper, f"{TITLE} deck", "Riddle, When and reference cards, and tokens", opts.style)
    for title, pages in deck_parts(model, opts, fold=fold_when):
        doc.add(title, pages)
    write_outputs(doc, opts, "riddle-craft-deck", deck_model(model, opts))


register("riddle_craft", TITLE, pack_section, order=40)
