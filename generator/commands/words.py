"""`parlour words`: look words up in the lexicon (tier, frequency, why not) or export it."""

from __future__ import annotations

import click

from generator.errors import ParlourError, printable
from generator.words.lexicon import DEFAULT_TIER, PRINT_TIER, TIERS, Lookup, load

MAX_WORD = 64  # characters of a word to look up (English words stop near 45)

WHY_NOT = {
    "blocked": "blocked (on parlour's blocklist, never printed)",
    "capitalised": "capitalised only (a name, not a word here)",
    "unknown": "not found",
}
TIER_NOTE = {
    "common": "frequent",
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
                                 frequency, whether parlour prints it (and if
                                 not, why); if not found, why not and close matches
      parlour words export       the lexicon, one word per line
      parlour words audit        check what parlour prints against the print vocabulary

    \b
    Tiers, narrowest first: common (zipf >= 3), standard (the lexicon proper: any
    answer or link), broad (larger lists, for referees only). Apart from the tiers,
    the print vocabulary: the standard words parlour may print, vetted when the lexicon
    is built (frequency, WordNet senses and labels, names; see scripts/README.md).

    \b
    Exit status of a lookup: 0 if every word was found (in any tier), 1 if any was not,
    2 for bad usage. To look up a word spelt like a subcommand, write
    'parlour words lookup export'.

    \b
    Examples:
      parlour words cat recieve paris
      parlour words export --tier common > common.txt
      parlour words export --tier print --length 4
    """
    if ctx.invoked_subcommand is None:
        raise click.UsageError("give one or more words to look up, or 'export'", ctx=ctx)


def describe(found: Lookup) -> str:
    """One line of text after the word: yes/no, tier and zipf, or why not and close matches."""
    if found.entry is not None:
        e = found.entry
        reason = load().print_reason(e.word)
        printed = "printed" if reason is None else f"not printed: {reason}"
        return f"yes  {e.tier:<8}  zipf {e.zipf:.1f}  ({TIER_NOTE[e.tier]}; {printed})"
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
    for w in word_args:  # checked before the lexicon loads: no answer to wait for
        if not w.strip():
            raise ParlourError("words: an empty word was given; give the words to look up")
        if len(w) > MAX_WORD:
            raise ParlourError(
                f"words: {w[:20]!r}... is {len(w)} characters long; the longest word parlour knows is "
                f"far shorter, so give words of at most {MAX_WORD} letters"
            )
    import unicodedata

    lex = load()
    results = [lex.lookup(unicodedata.normalize("NFKC", w)) for w in word_args]  # (ﬁsh: fish)
    width = max(len(r.word) for r in results)
    for r in results:
        click.echo(f"{r.word:<{width}}  {describe(r)}")
    if any(r.status != "ok" for r in results):
        ctx.exit(1)


@words.command("export")
@click.option(
    "--tier",
    type=click.Choice((*TIERS, PRINT_TIER), case_sensitive=False),
    default=DEFAULT_TIER,
    show_default=True,
    help="Print this tier and the narrower ones (broad prints everything; print: the vetted words "
    "parlour prints).",
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


@words.command("audit")
@click.option(
    "--from",
    "start",
    default="2026-01-01",
    show_default=True,
    metavar="YYYY-MM-DD",
    help="First day of the run of daily sheets.",
)
@click.option("--days", type=click.IntRange(0, 3660), default=365, show_default=True, help="Daily sheets.")
@click.option("--jewels", type=click.IntRange(0, 1000), default=60, show_default=True, help="Sets of Jewels.")
@click.option(
    "--quick",
    is_flag=True,
    help="A small sample: 4- and 5-letter sheets only, no Chimera key but 'half'.",
)
@click.option(
    "--json",
    "json_path",
    default=None,
    metavar="FILE",
    help="Also write the figures and every printed word as JSON ('-' for stdout).",
)
@click.pass_context
def audit(ctx: click.Context, start: str, days: int, jewels: int, quick: bool, json_path: str | None) -> None:
    """Make what parlour prints and check every printed word against the print vocabulary.

    Covers a run of daily Doublets sheets, sheets of every length and difficulty, sets of
    Jewels and the Chimera's Lair key under every variant, made exactly as the commands make
    them. Reports printed words outside the print vocabulary (there should be none), the
    share of key links with zipf >= 3.0, the rarest printed words, chains mixing two spellings
    of a word, repeated daily puzzles and end words back within 31 days.

    \b
    Exit status: 0 if every printed word is in the print vocabulary, 1 if not, 2 for bad usage.

    \b
    Example:
      parlour words audit                         # a year: a few minutes
      parlour words audit --days 30 --jewels 5 --quick --json audit.json
    """
    import datetime as dt

    from generator.commands import audit as word_audit
    from generator.press.output import Outputs, dump_json, json_text

    try:
        first = dt.date.fromisoformat(start.strip())
    except ValueError:
        raise click.BadParameter(f"{start!r} is not a date like 2026-01-01", param_hint="--from") from None
    from generator.options import day_span

    day_span(first, days)
    found = word_audit.gather(
        first,
        days,
        jewels,
        lengths=(4, 5) if quick else word_audit.SHEET_LENGTHS,
        chimera_variants=("half",) if quick else None,
        progress=lambda msg: click.echo(f"making {msg} ...", err=True),
    )
    lex = load()
    lines, data = word_audit.report(found, lex)
    if json_path == "-":
        click.echo(json_text(data), nl=False)
        for line in lines:
            click.echo(line, err=True)
    else:
        click.echo("\n".join(lines))
        if json_path:
            with Outputs() as tx:
                dump_json(tx.file(json_path, "--json"), data)
                tx.commit()
            click.echo(printable(f"wrote {json_path}"), err=True)
    if data["outside_print_vocabulary"]:
        ctx.exit(1)
