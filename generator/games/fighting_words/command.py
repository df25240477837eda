"""`parlour fighting-words`: the letter and event deck with reference cards, the challenge checker,
and the deck doctor."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from generator.lazy import lazy_module
from generator.options import PrintOptions, print_options, write_json, write_outputs
from generator.press.output import STDOUT, Outputs
from generator.sections import register
from generator.templates import templates_option
from generator.words.pattern import LIST_NAMES, MIN_WORD, Growth, can_grow, complete

draw = lazy_module("generator.games.fighting_words.draw")  # drawing loads only when something prints
press_cards = lazy_module("generator.press.cards")
press_document = lazy_module("generator.press.document")

if TYPE_CHECKING:
    from generator.games.fighting_words import model as fw
    from generator.press.cards import Card
    from generator.press.document import Page
else:  # the model (its templates and dataclasses) loads only when a deck is made, not for `check`
    fw = lazy_module("generator.games.fighting_words.model")

TITLE = "Fighting Words"
PROGRESS_FROM = 20_000  # deals: from here `stats` shows a progress bar on a terminal
TARGET = 0.95  # the share of first turns the default deck must let play


def deck_parts(deck: fw.Deck, opts: PrintOptions) -> list[tuple[str, list[Page]]]:
    """(part title, pages) in print order: the letter and event cards with the deck's back, the
    reference cards (their own back) after them on the same sheets, so that no sheet is printed
    for a handful of cards; backs print only behind real fronts."""
    cards = [card for _, part in deck_cards(deck, opts) for card in part]
    return [("Cards", press_cards.deck_pages(cards, opts.deck(f"{TITLE} deck", draw.common_back())))]


def deck_cards(deck: fw.Deck, opts: PrintOptions) -> list[tuple[str, list[Card]]]:
    """(part title, cards): the letter and event cards, then the reference cards if any."""
    parts = [("Letter and event cards", draw.letter_cards(deck) + draw.event_cards(deck))]
    if deck.reference:
        box = press_cards.CardBox(opts.card.width, opts.card.height, style=opts.style)  # to fit the text to
        parts.append(("Reference cards", draw.reference_cards(deck, box)))
    return parts


def deck_model(deck: fw.Deck, opts: PrintOptions) -> dict[str, Any]:
    """The --json content: letters and events (as the model writes them), plus reference cards, and
    how many blank cards (only with --blanks) fill the last sheet."""
    model = deck.to_json()
    model["reference_sets"] = draw.REFERENCE_SETS
    with_back = opts.deck(TITLE, draw.common_back())
    model["blank_cards"] = with_back.blank_count(sum(len(cards) for _, cards in deck_cards(deck, opts)))
    return model


def pack_section(opts: PrintOptions) -> tuple[str, list[Page], Any]:
    """The pack's Fighting Words section: the default deck and its reference cards."""
    deck = fw.load_deck()
    pages: list[Page] = []
    for title, part in deck_parts(deck, opts):
        pages += [replace(p, bookmark=title if i == 0 else None) for i, p in enumerate(part)]
    return TITLE, pages, deck_model(deck, opts)


LETTERS_OPTION = click.option(
    "--letters",
    "letters_file",
    type=click.Path(path_type=Path, dir_okay=False),
    default=None,
    metavar="FILE",
    help="Your own deck as TOML, like templates/fighting_words.toml: a [letters] table "
    "(letter = count), and optionally [[events]] and [[reference]] (else the template's).",
)
DECK_SIZE_OPTION = click.option(
    "--deck-size",
    type=int,
    default=None,
    metavar="N",
    help="Scale the deck to N cards (letters and events keep their proportions, at least one of each).",
)


@click.group("fighting-words")
def fighting_words() -> None:
    """Fighting Words: build one word together, a letter at a time; finish it to score.

    \b
    Example:
      parlour fighting-words deck --paper a4
      parlour fighting-words check TRN
      parlour fighting-words stats
    """


@fighting_words.command()
@LETTERS_OPTION
@DECK_SIZE_OPTION
@print_options(cards=True, seed=False)
@templates_option
def deck(opts: PrintOptions, letters_file: Path | None, deck_size: int | None) -> None:
    """Print the Fighting Words deck: letter cards, event cards and reference cards.

    \b
    One PDF, 9 cards to a sheet, each sheet of fronts followed by its backs:
      letter cards      one capital per card, large, and in two opposite corners
                        so it reads from either side of the table
      event cards       name, what it does, and PLAY AT ONCE or KEEP
      reference cards   your turn, scoring, challenges, end and ties (two sets)

    \b
    The default deck is 108 cards (94 letters, 14 events) from
    templates/fighting_words.toml; copy and edit it, then pass it with --letters.

    \b
    Example:
      parlour fighting-words deck --paper a4 -o fighting-words.pdf
      parlour fighting-words deck --letters mine.toml --deck-size 135
      parlour fighting-words deck --ink-saver --json deck.json
    """
    model = fw.load_deck(letters_file, deck_size)
    doc = press_document.Document(
        opts.paper, f"{TITLE} deck", "Letter, event and reference cards", opts.style
    )
    for title, pages in deck_parts(model, opts):
        doc.add(title, pages)
    write_outputs(doc, opts, "fighting-words-deck", deck_model(model, opts))


def _upper(words: list[str]) -> str:
    return ", ".join(w.upper() for w in words)


def _example(grow: Growth) -> str:
    """' e.g. TURN, RETURN (from the common list)', or, when every fitting word is one parlour
    never shows (a drug name, a likely misspelling), which list holds one."""
    where = LIST_NAMES[grow.tier or "broad"]
    if not grow.examples:
        return f" from {where} (none shown: each such word names a drug or looks misspelt)"
    return f", e.g. {_upper(grow.examples)} (from {where})"


@fighting_words.command()
@click.argument("letters")
@click.option(
    "--complete",
    "is_complete",
    is_flag=True,
    help="Instead ask: is LETTERS a finished word (4+ letters, in the dictionary), and what does it score?",
)
@click.pass_context
def check(ctx: click.Context, letters: str, is_complete: bool) -> None:
    """Settle a challenge: can LETTERS, in this order, still grow into a word?

    \b
    A word of 4 or more letters can still be made if letters are added before, after
    or between these ones, keeping their order: TRN can (TuRN, reTuRN...), QZX cannot.
    The rules' authority is a large dictionary, so the check uses the broadest list
    parlour has ('parlour words export --tier broad') and says which list answered:
    the examples come from the words parlour prints first, then the narrowest list
    that has any (common words, the standard list, the broad list), never a drug's
    name or a likely misspelling (those are still accepted).

    \b
    With --complete: is LETTERS a finished word, and how many points it scores
    (1, plus 1 for each letter past the sixth).

    \b
    Exit status: 0 yes, 1 no, 2 bad input (letters A-Z only).

    \b
    Example:
      parlour fighting-words check TRN
      parlour fighting-words check QOPH          # yes: from the broad list
      parlour fighting-words check --complete famished
    """
    if is_complete:
        done = complete(letters)
        line = done.reason
        if not done.complete:
            grow = can_grow(done.word)
            if grow.can_grow:
                line += f" It can still grow{_example(grow)}."
            else:
                line += f" No word of {MIN_WORD}+ letters in parlour's broad list holds these letters in this order."
        click.echo(line)
        if not done.complete:
            ctx.exit(1)
        return
    grow = can_grow(letters)
    shown = grow.letters.upper()
    if grow.can_grow:
        click.echo(f"{shown}: yes, it can still grow into a word{_example(grow)}")
        return
    click.echo(
        f"{shown}: no, no word of {MIN_WORD}+ letters in parlour's broad list holds "
        f"{'-'.join(shown)} in this order"
    )
    ctx.exit(1)


def stats_lines(deck: fw.Deck, s: fw.DeckStats, top: int = 5) -> list[str]:
    """The deck doctor's report, one line each."""
    met = "met" if s.playable_share >= TARGET else "NOT met"
    lines = [
        f"{TITLE} deck: {deck.size} cards ({deck.letter_total} letters, {deck.event_total} events), "
        f"{s.deals} deals, seed {s.seed}",
        f"7-card hands that can spell a {MIN_WORD}+ letter word on their own: {s.dealt_share:.1%}",
        f"hands at their first turn (7 + the draw) that can play a {MIN_WORD}+ letter word: "
        f"{s.playable_share:.1%} (target ≥ {TARGET:.0%}: {met})",
        f"mean points per completed word: {s.mean_points:.2f} over all the words a hand can make, "
        f"{s.mean_best_points:.2f} for its best word",
        "letters that most often strand players (no word in the hand uses them):",
    ]
    for ls in s.stranding(top):
        lines.append(f"  {ls.letter.upper()}  {ls.rate:6.1%}  ({ls.stranded} of {ls.dealt} dealt)")
    return [ln.replace("%", " %") for ln in lines]


@fighting_words.command()
@LETTERS_OPTION
@DECK_SIZE_OPTION
@templates_option
@click.option(
    "--deals",
    type=click.IntRange(1, 1_000_000),
    default=2000,
    show_default=True,
    help="How many first turns to simulate.",
)
@click.option("--seed", type=int, default=1, show_default=True, help="Seed for the shuffles.")
@click.option(
    "--json",
    "json_path",
    type=click.Path(path_type=Path),
    default=None,
    metavar="FILE",
    help="Also write the figures as JSON to this file.",
)
def stats(
    letters_file: Path | None, deck_size: int | None, deals: int, seed: int, json_path: Path | None
) -> None:
    """Deck doctor: deal many first turns and report how playable the deck is.

    \b
    Two shares of hands that can make a word of 4+ letters from their own letters:
      7-card hands          the seven cards as dealt, on their own
      first turns           the seven plus the card drawn to start the turn;
                            the default deck aims for at least 95 %
    then the mean points per completed word, and the letters that most often
    strand a player (dealt, but no word the hand can make uses them).

    \b
    Example:
      parlour fighting-words stats --deals 5000 --seed 3
      parlour fighting-words stats --letters mine.toml --json stats.json
    """
    with Outputs([letters_file]) as tx:
        if json_path is not None:
            tx.file(json_path, "--json")
        model = fw.load_deck(letters_file, deck_size)
        if sys.stderr.isatty() and deals >= PROGRESS_FROM:
            with click.progressbar(length=deals, label="dealing", file=sys.stderr) as bar:
                s = fw.stats(model, deals=deals, seed=seed, progress=bar.update)
        else:
            s = fw.stats(model, deals=deals, seed=seed)
        for line in stats_lines(model, s):
            click.echo(line, err=str(json_path) == STDOUT)
        data = {"deck": {"size": model.size, "source": model.source}, **s.to_json(), "target": TARGET}
        write_json(json_path, data, tx)
        tx.commit()


register("fighting_words", TITLE, pack_section, order=30)
