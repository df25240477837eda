"""`parlour rules [GAME]`: the How to play pages of one game or all five, and the pack's rules pages."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import click

from generator.games.rules import draw
from generator.games.rules import model as rm
from generator.options import SPELLING_OPTION, PrintOptions, print_options, write_outputs
from generator.press.document import Document, Page
from generator.templates import templates_option


def rules_pages(game: str, opts: PrintOptions) -> tuple[list[Page], dict[str, Any]]:
    """One game's How to play pages (bookmarked) and its content model."""
    r = rm.load_rules(game, opts.spelling)
    pages = draw.rules_pages(r, opts.paper, opts.style)
    return pages, {**r.to_json(), "pages": len(pages)}


def open_with_rules(
    pack_key: str, pages: list[Page], content: Any, opts: PrintOptions
) -> tuple[list[Page], Any]:
    """A pack section with its game's rules in front, and its model with them under "how_to_play"
    (sections that are not a game come back unchanged)."""
    game = pack_key.replace("_", "-")
    if game not in rm.GAMES:
        return pages, content
    front, model = rules_pages(game, opts)
    if pages and pages[0].bookmark is None and pages[0].side != "back":
        pages = [replace(pages[0], bookmark=pages[0].label), *pages[1:]]
    if isinstance(content, dict):
        content = {"how_to_play": model, **content}
    return front + pages, content


@click.command("rules")
@click.argument("game", required=False, type=click.Choice(rm.GAMES, case_sensitive=False))
@SPELLING_OPTION
@print_options(seed=False, booklet=True)
@templates_option
def rules(opts: PrintOptions, game: str | None, spelling: str) -> None:
    """Print How to play: the rules of one game, or of all five when no GAME is given.

    GAME is one of doublets, chimera, fighting-words, riddle-craft, sorcerer. Each game's rules
    take one or two pages in parlour's own words, with worked examples; the text comes from
    templates/rules/GAME.toml (edit a copy: parlour templates export DIR, then --templates DIR).

    \b
    Example:
      parlour rules                     # all five into output/rules.pdf
      parlour rules chimera --paper a4 -o chimera-rules.pdf
    """
    opts.spelling = spelling.lower()
    games = [game.lower()] if game else list(rm.GAMES)
    title = "How to play" if not game else f"How to play {rm.load_rules(games[0], opts.spelling).title}"
    doc = Document(opts.paper, f"parlour: {title}", "Rules of the games in parlour's own words", opts.style)
    model: dict[str, Any] = {}
    for g in games:
        pages, content = rules_pages(g, opts)
        doc.add(content["title"], pages)
        model[g] = content
    write_outputs(doc, opts, f"rules-{games[0]}" if game else "rules", model)
