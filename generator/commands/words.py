"""`parlour words`: look words up in the lexicon (tier, frequency, why not) or export it."""

from __future__ import annotations

import click

from generator.words.lexicon import DEFAULT_TIER, TIERS, Lookup, load

WHY_NOT = {
    "blocked": "blocked (on parlour's blocklist, never printed)",
    "capitalised": "capitalised only (a name, not a word here)",
    "unknown": "not found",
}
TIER_NOTE = {
    "common": "puzzle word",
    "standard": "accepted anywhere",
    "broad": "accepted by referees only, never chosen for puzzles",
}


class WordsGroup(click.Group):
    """A group whose first argument may be a word instead of a subcommand.

    ``parlour words cat dog`` runs the hidden ``lookup`` subcommand on ``cat dog``; a word that
    happens to be a subcommand's name can be looked up with ``parlour words lookup WORD``.
    """

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            return "lookup", self.commands["lookup"], args
        return super().resolve_command(ctx, args)


@click.group(cls=WordsGroup, invoke_without_command=True, no_args_is_help=False)
@click.pass_context
def words(ctx: click.Context) -> None:
    """Check words against parlour's lexicon, or print the lexicon.

    \b
      parlour words WORD...      for each word: found or not, its tier and zipf
                                 frequency; if not found, why not and close matches
      parlour words export       the lexicon, one word per line

    \b
    Tiers, narrowest first: common (zipf >= 3, used for puzzle words), standard (the
    lexicon proper: any answer or link), broad (larger lists, for referees only).

    \b
    Exit status of a lookup: 0 if every word was found (in any tier), 1 if any was not,
    2 for bad usage. To look up a word spelt like a subcommand, write
    'parlour words lookup export'.

    \b
    Examples:
      parlour words cat recieve paris
      parlour words export --tier common > common.txt
    """
    if ctx.invoked_subcommand is None:
        raise click.UsageError("give one or more words to look up, or 'export'", ctx=ctx)


def describe(found: Lookup) -> str:
    """One line of text after the word: yes/no, tier and zipf, or why not and close matches."""
    if found.entry is not None:
        e = found.entry
        return f"yes  {e.tier:<8}  zipf {e.zipf:.1f}  ({TIER_NOTE[e.tier]})"
    line = f"no   {WHY_NOT[found.status]}"
    if found.suggestions:
        line += "; close: " + ", ".join(found.suggestions)
    return line


@words.command("lookup", hidden=True)
@click.argument("word_args", metavar="WORD...", nargs=-1, required=True)
@click.pass_context
def lookup(ctx: click.Context, word_args: tuple[str, ...]) -> None:
    """Say for each WORD whether it is in the lexicon, and if not why not.

    \b
    Exit status: 0 if every word was found, 1 if any was not.

    \b
    Example:
      parlour words lookup export stanza
    """
    lex = load()
    results = [lex.lookup(w) for w in word_args]
    width = max(len(r.word) for r in results)
    for r in results:
        click.echo(f"{r.word:<{width}}  {describe(r)}")
    if any(r.status != "ok" for r in results):
        ctx.exit(1)


@words.command("export")
@click.option(
    "--tier",
    type=click.Choice(TIERS, case_sensitive=False),
    default=DEFAULT_TIER,
    show_default=True,
    help="Print this tier and the narrower ones (broad prints everything).",
)
@click.option(
    "--length",
    type=click.IntRange(min=1),
    default=None,
    help="Only words of this many letters.",
)
def export(tier: str, length: int | None) -> None:
    """Print the lexicon, one word per line, in alphabetical order.

    \b
    Without --tier this is the standard tier (common words included); broad words are
    printed only when asked for with --tier broad.

    \b
    Example:
      parlour words export --tier common --length 5 > five.txt
    """
    found = load().words(tier.lower(), length)
    if found:
        click.echo("\n".join(found))
