"""`parlour chimera`: Chimera's Lair answer checker, referee's key and scoring pads."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from generator.games.chimera import model as ch
from generator.lazy import lazy_module
from generator.options import SPELLING_OPTION, PrintOptions, print_options, write_json, write_outputs
from generator.press.output import STDOUT, Outputs
from generator.sections import register
from generator.words.pattern import quick_lexicon

draw = lazy_module("generator.games.chimera.draw")  # drawing loads only when something prints
press_cards = lazy_module("generator.press.cards")
press_document = lazy_module("generator.press.document")

if TYPE_CHECKING:
    from generator.press.document import Document, Page

TITLE = "Chimera's Lair"
PACK_PLAYERS = ch.MAX_PLAYERS  # a pad for six serves any game: leave the spare columns blank

variant_option = click.option(
    "--variant",
    type=click.Choice(list(ch.VARIANTS), case_sensitive=False),
    default=ch.DEFAULT_VARIANT,
    show_default=True,
    help="How many of the card's letters an answer must use: a third, half (the standard rule), "
    "over half, two thirds or three quarters.",
)


@click.group()
def chimera() -> None:
    """Chimera's Lair: check an answer, print the referee's key or scoring pads.

    \b
    Example:
      parlour chimera check SIX HEART SHIRT
      parlour chimera key --variant two-thirds
      parlour chimera pad --players 3 --sheets 5
    """


def singular_suit(word: str) -> str:
    """A plural suit (HEARTS) read as the singular the game uses, with a one-line note on stderr;
    anything else unchanged, for the game module to judge."""
    from generator.words.anagram import plural_forms

    w = word.strip().lower()
    if w in ch.SUITS:
        return word
    for s in ch.SUITS:
        if w in plural_forms(s):
            click.echo(
                f"note: reading {word.upper()} as {s.upper()} (the card is said with a singular suit)",
                err=True,
            )
            return s
    return word


@chimera.command()
@click.argument("face")
@click.argument("suit")
@click.argument("answer")
@variant_option
@click.option(
    "--json",
    "json_path",
    type=click.Path(path_type=Path),
    default=None,
    help="Also write the verdict as JSON to this file.",
)
@click.pass_context
def check(
    ctx: click.Context, face: str, suit: str, answer: str, variant: str, json_path: Path | None
) -> None:
    """Say whether ANSWER is a valid answer for the card FACE SUIT, and why.

    The card is read as two words, face value then singular suit (SIX HEART, ACE SPADE; 2-10, A,
    J, Q, K also work; a plural suit, SIX HEARTS, is read as the singular with a note).
    Words come from the broadest dictionary parlour has.

    \b
    Exit status: 0 valid, 1 invalid, 2 bad input (e.g. an unknown card word).

    \b
    Example:
      parlour chimera check SIX HEART SHIRT                    # valid
      parlour chimera check six heart hearts                   # invalid: a plural of HEART
      parlour chimera check 7 diamond mode --variant over-half  # invalid: too few letters
    """
    with Outputs() as tx:
        if json_path:
            tx.file(json_path, "--json")
        suit = singular_suit(suit)
        result = ch.check(face, suit, answer, variant, lexicon=quick_lexicon())  # fast for a one-shot check
        line = f"{'valid' if result.valid else 'invalid'}: {result.reason}"
        if not result.valid:
            line += f" A wrong answer costs {result.penalty} life points."
        if result.suggestions:
            line += f" Close valid answers: {', '.join(w.upper() for w in result.suggestions)}."
        click.echo(line, err=str(json_path) == STDOUT)
        write_json(json_path, result.to_json(), tx)
        tx.commit()
    if not result.valid:
        ctx.exit(1)


def key_document(key: ch.AnswerKey, opts: PrintOptions) -> Document:
    doc = press_document.Document(
        opts.paper,
        f"{TITLE}: referee's key ({key.variant.name})",
        "Every valid answer for all 52 cards",
        opts.style,
    )
    doc.add("Referee's key", draw.key_pages(key, opts.paper))
    return doc


@chimera.command()
@variant_option
@SPELLING_OPTION
@print_options(seed=False)
def key(opts: PrintOptions, variant: str, spelling: str) -> None:
    """Print the referee's key: every card's valid answers, most common first.

    All 52 cards in deck order (spades, hearts, diamonds, clubs; ace to king) on two pages. Each
    card shows its letters, the life points a wrong answer costs, the fewest letters an answer
    needs under the variant, how many answers there are and as many of them as fit; --json
    writes every answer.

    \b
    Example:
      parlour chimera key --paper a4
      parlour chimera key --variant three-quarters --json key.json
      parlour chimera key --spelling uk   # shows theatre, not theater
    """
    k = ch.answer_key(variant, spelling=spelling.lower())
    write_outputs(key_document(k, opts), opts, "chimera-key", draw.key_model(k, opts.paper, opts.style))


@chimera.command()
@click.option(
    "--players",
    type=int,
    default=PACK_PLAYERS,
    show_default=True,
    help=f"Number of players, {ch.MIN_PLAYERS} to {ch.MAX_PLAYERS}.",
)
@variant_option
@click.option(
    "--sheets",
    type=click.IntRange(1, 500),
    default=1,
    show_default=True,
    help="How many pad sheets (one per game) to print.",
)
@print_options(seed=False)
def pad(opts: PrintOptions, players: int, variant: str, sheets: int) -> None:
    """Print scoring pad sheets, one per game.

    Each sheet has a column of life points per player (from 50, with a row for every deduction),
    the three keys to tick, a numbered list of the answers given, a turn log, the variant in
    force and the rules in brief.

    \b
    Example:
      parlour chimera pad --players 3 --sheets 5
      parlour chimera pad --players 6 --variant over-half --paper a4
    """
    p = ch.pad(players, variant)
    doc = press_document.Document(
        opts.paper, f"{TITLE}: scoring pad", f"Scoring pad for {players} players", opts.style
    )
    doc.add("Scoring pad", draw.pad_pages(p, sheets, opts.paper))
    write_outputs(doc, opts, "chimera-pad", draw.pad_model(p, sheets, opts.paper))


@chimera.command()
@variant_option
@print_options(cards=True, seed=False)
def deck(opts: PrintOptions, variant: str) -> None:
    """Print a 52-card deck for Chimera's Lair, 9 to a sheet with a common back.

    Each card says its two words as the game reads them (SIX above the pip, HEART below), their
    count of letters, and how many of them an answer needs under --variant; the three key aces
    and the Chimera (the ace of spades) are marked. Rank and suit sit in the corners, so the deck
    serves for other games too; with --blanks, blank cards with the common back fill the last
    sheet. --json lists every card with its letters and the fewest letters an answer
    needs.

    \b
    Example:
      parlour chimera deck --paper a4
      parlour chimera deck --variant two-thirds --duplex short --json deck.json
    """
    from generator.games.chimera.draw import deck as chimera_deck

    v = ch.variant(variant)
    doc = press_document.Document(opts.paper, f"{TITLE} deck", "52 cards with their letters", opts.style)
    cards = chimera_deck.deck_cards(v)
    printing = opts.deck(f"{TITLE} deck", chimera_deck.back_drawer())
    doc.add("Deck", press_cards.deck_pages(cards, printing))
    model = chimera_deck.deck_model(v)
    model["blank_cards"] = printing.blank_count(
        len(cards)
    )  # spares with the common back (only with --blanks)
    write_outputs(doc, opts, "chimera-deck", model)


def pack_section(opts: PrintOptions) -> tuple[str, list[Page], Any]:
    """The pack's section: a pad (six players, the most the game takes, unless the pack's --players
    says otherwise) and the
    key for the standard (half) rule."""
    p = ch.pad(opts.players or PACK_PLAYERS, ch.DEFAULT_VARIANT)
    k = ch.answer_key(ch.DEFAULT_VARIANT, spelling=opts.spelling)
    pages = draw.pad_pages(p, 1, opts.paper) + draw.key_pages(k, opts.paper)
    model = {"pad": draw.pad_model(p, 1, opts.paper), "key": draw.key_model(k, opts.paper, opts.style)}
    return TITLE, pages, model


register("chimera", TITLE, pack_section, order=20, players=(ch.MIN_PLAYERS, ch.MAX_PLAYERS))
