"""`parlour doublets`: solve a Doublet, print puzzle sheets, daily sheets, Jewels and scoring paper."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from generator.errors import ParlourError
from generator.games.doublets import model
from generator.options import SPELLING_OPTION, PrintOptions, day_span, print_options, write_outputs
from generator.sections import register
from generator.words.ladder import DEFAULT_SPELLING, MAX_LENGTH, MIN_LENGTH

TITLE = "Doublets"
DIFFICULTY_CHOICES = [*model.DIFFICULTIES, model.MIXED]
KEY_MODES = ("separate", "bottom", "none")
MAX_DAYS = 3660
MAX_COUNT = 60


def _given(name: str) -> bool:
    """True if the option `name` was typed on the command line (not left at its default)."""
    ctx = click.get_current_context()
    return ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE


def parse_links(text: str | None) -> tuple[int, int] | None:
    """'3-5' -> (3, 5); '4' -> (4, 4); None stays None."""
    if text is None:
        return None
    m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", text)
    if not m:
        raise ParlourError(f"--links {text!r} is not a range like 3-5 (or one number, like 4)")
    lo = int(m.group(1))
    hi = int(m.group(2)) if m.group(2) else lo
    if not 1 <= lo <= hi <= model.MAX_PAR:
        raise ParlourError(f"--links {text}: give a range from 1 up to at most {model.MAX_PAR}, like 3-5")
    return lo, hi


def parse_date(text: str, option: str = "--date") -> dt.date:
    """YYYY-MM-DD, or a one-line error naming the option."""
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise ParlourError(f"{option} {text!r} is not a date like 2025-03-01 (YYYY-MM-DD)") from None


def _check_count(count: int, length: int | None) -> None:
    if not 1 <= count <= MAX_COUNT:
        raise ParlourError(f"--count {count}: give 1 to {MAX_COUNT} puzzles")
    if length is not None and not MIN_LENGTH <= length <= MAX_LENGTH:
        raise ParlourError(f"--length {length}: Doublets uses words of {MIN_LENGTH} to {MAX_LENGTH} letters")


def _check_players(players: int) -> None:
    if not 2 <= players <= model.MAX_PLAYERS:
        raise ParlourError(f"--players {players}: Doublets is for 2 to {model.MAX_PLAYERS} players")


@click.group()
def doublets() -> None:
    """Doublets (Lewis Carroll's word ladders): solve, puzzle sheets, daily sheets, Jewels, scoring paper.

    \b
    Example:
      parlour doublets solve head tail
      parlour doublets sheet --difficulty hard --length 5
    """


# -- solve --------------------------------------------------------------------------------------


@doublets.command()
@click.argument("head")
@click.argument("tail")
@click.option("--all", "show_all", is_flag=True, help="List the shortest chains, not just the friendliest.")
@click.option(
    "--limit",
    type=int,
    default=50,
    show_default=True,
    help="With --all, list at most this many chains (the count is always exact).",
)
@click.option(
    "--json",
    "json_path",
    type=click.Path(path_type=Path),
    default=None,
    help='Also write {"chain", "links", "shortest_chains"} to this file.',
)
@click.pass_context
def solve(
    ctx: click.Context, head: str, tail: str, show_all: bool, limit: int, json_path: Path | None
) -> None:
    """Find the shortest chain from HEAD to TAIL, changing one letter at a time.

    Prints the friendliest shortest chain (the one made of the most familiar words), how many
    links it has, and how many shortest chains there are in all.

    \b
    Exit status: 0 a chain was found, 1 no chain joins the two words,
    2 bad input (a word not in the list, different lengths, ...).

    \b
    Example:
      parlour doublets solve head tail
      parlour doublets solve cold warm --all --limit 20
    """
    from generator.options import write_json
    from generator.press.output import STDOUT, Outputs
    from generator.words.ladder import NoChain, ladder_words
    from generator.words.ladder import solve as solve_doublet

    if limit < 1:
        raise ParlourError(f"--limit {limit}: give at least 1")
    import unicodedata

    # a typographic ligature (ﬁ, ﬂ) or a full-width letter is the letters it stands for
    head, tail = (unicodedata.normalize("NFKC", w) for w in (head, tail))
    with Outputs() as tx:
        if json_path is not None:
            tx.file(json_path, "--json")
        err = str(json_path) == STDOUT
        try:
            # the word lists come from parlour's cache (the full lexicon loads only to explain a bad word)
            sol = solve_doublet(head, tail, limit=limit if show_all else 0, lexicon=ladder_words())
        except NoChain as e:  # an answer, not bad input: say so and exit 1, like the other checkers
            click.echo(str(e), err=err)
            write_json(json_path, {"chain": None, "links": None, "shortest_chains": 0}, tx)
            tx.commit()
            ctx.exit(1)
        click.echo(" → ".join(sol.chain), err=err)
        count = sol.shortest_chains
        ways = "the only shortest chain" if count == 1 else f"one of {count:,} shortest chains"
        click.echo(f"{sol.links} link{'s' if sol.links != 1 else ''} · {ways}", err=err)
        if sol.unprintable:
            words = ", ".join(sol.unprintable)
            click.echo(f"every shortest chain needs a word parlour would not print ({words})", err=err)
            if sol.clean is None:
                click.echo("no chain of words parlour prints joins them", err=err)
            else:
                n = len(sol.clean) - 2
                click.echo(f"shortest chain of printed words ({n} link{'s' if n != 1 else ''}):", err=err)
                click.echo(" → ".join(sol.clean), err=err)
        if show_all:
            click.echo("", err=err)
            width = len(str(len(sol.chains)))
            for n, chain in enumerate(sol.chains, start=1):
                click.echo(f"{n:>{width}}. {' → '.join(chain)}", err=err)
            if sol.truncated:
                click.echo(
                    f"... and {count - len(sol.chains):,} more ({len(sol.chains)} of {count:,} shown; "
                    "raise --limit)",
                    err=err,
                )
        write_json(json_path, sol.to_json(), tx)
        tx.commit()


# -- sheets -------------------------------------------------------------------------------------


WEEK_HELP = "Letters per word of the practice puzzles (3 to 8) [default: 4; the story may be 3 to 6]."


def _sheet_options(difficulty: str = "medium", week: bool = False, count: int = 8) -> list:
    length = (
        click.option("--length", type=int, default=None, help=WEEK_HELP)
        if week
        else click.option(
            "--length", type=int, default=4, show_default=True, help="Letters per word (3 to 8)."
        )
    )
    return [
        click.option("--count", type=int, default=count, show_default=True, help="Puzzles on the sheet."),
        length,
        click.option(
            "--difficulty",
            type=click.Choice(DIFFICULTY_CHOICES, case_sensitive=False),
            default=difficulty,
            show_default=True,
            help="How hard: by par and by how few ways there are to do it; mixed = graded, easiest first.",
        ),
        click.option(
            "--links", default=None, metavar="A-B", help="Instead of --difficulty: pars from A to B links."
        ),
        click.option(
            "--key",
            type=click.Choice(KEY_MODES, case_sensitive=False),
            default="separate",
            show_default=True,
            help="Answer key on its own page, upside down at the foot of the sheet, or none.",
        ),
        click.option(
            "--unique", is_flag=True, help="Only puzzles with exactly one shortest chain (medium or harder)."
        ),
        SPELLING_OPTION,
    ]


def _with(options):
    def decorate(f):
        for opt in reversed(options):
            f = opt(f)
        return f

    return decorate


def make_sheet_from_options(
    count: int,
    length: int,
    difficulty: str,
    links: str | None,
    seed: int | None,
    date: dt.date | None,
    unique: bool = False,
    spelling: str = DEFAULT_SPELLING,
) -> model.Sheet:
    """The sheet the options ask for (errors as one line)."""
    from generator.games.doublets.choose import SheetAsk, make_sheet

    _check_count(count, length)
    rng = parse_links(links)
    if rng is not None and _given("difficulty"):
        raise ParlourError("give --difficulty or --links, not both")
    ask = SheetAsk(links=rng, unique=unique, spelling=spelling.lower(), date=date)
    return make_sheet(
        count, length, None if rng else difficulty.lower(), seed=None if date else seed, ask=ask
    )


@doublets.command()
@_with(_sheet_options())
@click.option(
    "--date", default=None, metavar="YYYY-MM-DD", help="Make the sheet for this date (instead of --seed)."
)
@print_options(booklet=True)
def sheet(
    opts: PrintOptions,
    count: int,
    length: int,
    difficulty: str,
    links: str | None,
    key: str,
    unique: bool,
    spelling: str,
    date: str | None,
) -> None:
    """Print a sheet of Doublets: each puzzle shows its two end words and one blank rung per link.

    Every par is exact (the fewest links possible), both ends are everyday words, and no word
    ends two puzzles. The answer key gives the friendliest shortest chain for each.

    \b
    Example:
      parlour doublets sheet                          # 8 medium 4-letter puzzles, key on page 2
      parlour doublets sheet --difficulty mixed --length 5 --key bottom
      parlour doublets sheet --links 5-7 --date 2025-03-01 --paper a4
      parlour doublets sheet --unique --difficulty hard --spelling uk
    """
    from generator.games.doublets import draw
    from generator.games.doublets.draw import sheet as sheet_draw
    from generator.press.booklet import ANSWERS
    from generator.press.document import Document

    day = parse_date(date) if date else None
    if day is not None and _given("seed"):
        raise ParlourError("give --seed or --date, not both")
    sh = make_sheet_from_options(count, length, difficulty, links, opts.seed, day, unique, spelling)
    if sh.key_word_limit > model.MAX_KEY_USES:
        click.echo(
            f"note: so few such puzzles exist that some words are in up to {sh.key_word_limit} keys "
            f"of this sheet (usually at most {model.MAX_KEY_USES}); ask for fewer puzzles to avoid it",
            err=True,
        )
    doc = Document(opts.paper, f"{TITLE}: {draw.sheet_about(sh)}", draw.sheet_when(sh), opts.style)
    opts.cover = (TITLE, draw.sheet_about(sh), draw.sheet_when(sh))  # a booklet's cover
    if opts.booklet is not None and key.lower() == "separate":  # the key at the back, not facing its sheet
        doc.add("Puzzle sheet", sheet_draw.sheet_pages(sh, opts.paper, "none", style=opts.style))
        doc.add(ANSWERS, sheet_draw.key_pages(sh, opts.paper, f"{TITLE} answer key", opts.style))
    else:
        doc.add("Puzzle sheet", sheet_draw.sheet_pages(sh, opts.paper, key.lower(), style=opts.style))
    from generator.games.doublets.daily_files import dated_name

    name = dated_name("sheet", sh.date) if sh.date else "doublets-sheet"
    write_outputs(doc, opts, name, sh.to_json())


# -- daily --------------------------------------------------------------------------------------


def _daily_sheets(
    start: dt.date,
    days: int,
    count: int,
    length: int | None,
    difficulty: str,
    links: str | None,
    unique: bool = False,
    spelling: str = DEFAULT_SPELLING,
):
    """The daily sheets (daily.daily_sheets: each date's sheet its own, whatever the range)."""
    from generator.games.doublets.daily import DailyRequest, daily_sheets

    _check_count(count, length)
    rng = parse_links(links)
    if rng is not None and _given("difficulty"):
        raise ParlourError("give --difficulty or --links, not both")
    req = DailyRequest(count, length, None if rng else difficulty.lower(), rng, unique, spelling.lower())
    yield from daily_sheets(start, days, req)


@doublets.command()
@click.option("--from", "start", default=None, metavar="YYYY-MM-DD", help="The first day [default: today].")
@click.option("--days", type=int, default=7, show_default=True, help="How many days (up to ten years).")
@click.option("--book", is_flag=True, help="One PDF with a bookmark for every day, instead of a file a day.")
@_with(_sheet_options(model.MIXED, week=True, count=model.DAILY_COUNT))
@print_options(seed=False, plan_output=False, booklet=True)
def daily(
    opts: PrintOptions,
    start: str | None,
    days: int,
    book: bool,
    count: int,
    length: int | None,
    difficulty: str,
    links: str | None,
    key: str,
    unique: bool,
    spelling: str,
) -> None:
    """Print a Doublets sheet for every day: the same date always gives the same sheet.

    Without --book each day is its own PDF, doublets-daily-YYYY-MM-DD.pdf, in the --output
    directory (default output/daily/). With --book the days go into one PDF (-o names it;
    default output/doublets-daily-FIRST_to_LAST.pdf) with an outline by month and day.
    There is no --seed: the date is the seed, and any date is as quick as today. Each day leads
    with a story (Drive PIG into the STY), then graded practice with everyday words; within
    any year no practice puzzle comes back, and an end word waits at least a month before it
    returns. The week has a shape: easy to hard on weekdays, longer chains at the weekend.

    \b
    Example:
      parlour doublets daily                   # a week from today
      parlour doublets daily --from 2025-01-01 --days 7
      parlour doublets daily --from 2025-01-01 --days 365 --book -o year.pdf
    """
    first = dt.date.today() if start is None else parse_date(start, "--from")
    if not 1 <= days <= MAX_DAYS:
        raise ParlourError(f"--days {days}: give 1 to {MAX_DAYS} days")
    last = day_span(first, days)
    out = opts.output
    if not book and out is not None and out.suffix.lower() == ".pdf" and not out.is_dir():
        raise ParlourError(
            f"--output {str(out)!r} names a PDF: add --book to put the days in one PDF, "
            "or give a directory for a PDF a day"
        )
    _check_count(count, length)
    parse_links(links)
    key = key.lower()
    if opts.booklet is not None and not book:
        raise ParlourError("--booklet folds one PDF into a booklet: add --book")
    sheets = _daily_sheets(first, days, count, length, difficulty, links, unique, spelling)
    if book:
        from generator.games.doublets.daily_files import write_book

        write_book(opts, first, last, days, sheets, key)
    else:
        from generator.games.doublets.daily_files import write_folder

        write_folder(opts, days, sheets, key)


# -- Jewels -------------------------------------------------------------------------------------


@doublets.command()
@click.option("--players", type=int, default=2, show_default=True, help="2, or more for the round game.")
@SPELLING_OPTION
@print_options()
def jewels(opts: PrintOptions, players: int, spelling: str) -> None:
    """Print twelve Jewels (four each of 3, 4 and 5 letters) and a key with the best score.

    The Jewels are everyday words, dealt as the rules have players choose them, and always allow
    chains and at least one Necklace. The key gives a best-scoring set of chains with the marks
    worked out: a Jewel at an end scores its letters, a set Jewel twice that, each link costs one.

    \b
    Example:
      parlour doublets jewels --seed 3
      parlour doublets jewels --players 4 --paper a4
    """
    from generator.games.doublets.draw import jewels as jewels_draw
    from generator.games.doublets.jewels import make_jewels
    from generator.press.document import Document

    _check_players(players)
    jw = make_jewels(players, opts.seed, spelling=spelling.lower())
    doc = Document(opts.paper, f"{TITLE}: Jewels", f"Twelve Jewels, seed {opts.seed}", opts.style)
    doc.add("Jewels", [jewels_draw.jewels_page(jw), jewels_draw.jewels_key_page(jw)])
    write_outputs(doc, opts, "doublets-jewels", jw.to_json())


# -- scoring paper ------------------------------------------------------------------------------


@doublets.command()
@click.option(
    "--players",
    type=click.IntRange(2, model.MAX_PLAYERS),
    default=2,
    show_default=True,
    help=f"2, or 3 to {model.MAX_PLAYERS} for the round game.",
)
@click.option(
    "--games",
    type=click.IntRange(1, 500),
    default=None,
    help="How many games to print [default: a page full].",
)
@print_options(seed=False)
def scorepad(opts: PrintOptions, players: int, games: int | None) -> None:
    """Print scoring paper: names, Declarations and Marks for four Doublets, Jewels and Total.

    For three or more players it is the round game's paper, with a line for the President and
    the decision marks for that many players.

    \b
    Example:
      parlour doublets scorepad
      parlour doublets scorepad --players 5 --games 6 --paper a4
    """
    from generator.games.doublets.draw import pad as pad_draw
    from generator.games.doublets.scorepad import make_scorepad
    from generator.press.document import Document

    _check_players(players)
    if games is not None and not 1 <= games <= 500:
        raise ParlourError(f"--games {games}: give 1 to 500 games")
    pad = make_scorepad(players)
    pages = pad_draw.scorepad_pages(pad, opts.paper, games)
    doc = Document(opts.paper, f"{TITLE}: scoring paper", f"{players} players", opts.style)
    doc.add("Scoring paper", pages)
    per = pad_draw.games_per_page(pad, opts.paper)
    data = {**pad.to_json(), "games": games or per, "games_per_page": per, "pages": len(pages)}
    write_outputs(doc, opts, f"doublets-scorepad-{players}", data)


# -- the pack -----------------------------------------------------------------------------------


def pack_section(opts: PrintOptions) -> tuple[str, list[Any], Any]:
    """The pack's Doublets section: 8 graded 4-letter puzzles with their key, Jewels with their key,
    and a page of scoring paper (for two players unless the pack's --players says otherwise)."""
    from generator.games.doublets.choose import SheetAsk, make_sheet
    from generator.games.doublets.draw import jewels as jewels_draw
    from generator.games.doublets.draw import pad as pad_draw
    from generator.games.doublets.draw import sheet as sheet_draw
    from generator.games.doublets.jewels import make_jewels
    from generator.games.doublets.scorepad import make_round_scorepad, make_scorepad

    sh = make_sheet(8, 4, model.MIXED, seed=opts.seed, ask=SheetAsk(spelling=opts.spelling))
    players = opts.players or 2
    jw = make_jewels(players, opts.seed, spelling=opts.spelling)
    pad = make_scorepad(players)
    # without --players the pack serves both games: the two-player paper and the round game's
    round_pad = make_round_scorepad() if opts.players is None else None
    papers = pad_draw.scorepad_pages(pad, opts.paper)
    if round_pad is not None:
        papers += pad_draw.scorepad_pages(round_pad, opts.paper)
    parts = [
        ("Puzzle sheet", sheet_draw.sheet_pages(sh, opts.paper, "separate", style=opts.style)),
        ("Jewels", [jewels_draw.jewels_page(jw), jewels_draw.jewels_key_page(jw)]),
        ("Scoring paper", papers),
    ]
    pages = [
        replace(p, bookmark=title if i == 0 else None) for title, part in parts for i, p in enumerate(part)
    ]
    content = {"sheet": sh.to_json(), "jewels": jw.to_json(), "scorepad": pad.to_json()}
    if round_pad is not None:
        content["round_scorepad"] = round_pad.to_json()
    return TITLE, pages, content


for _param in daily.params:  # -o means a directory here unless --book
    if _param.name == "output":
        _param.help = "Without --book: the directory for the daily PDFs [default: output/daily]. With --book: the PDF to write."


register("doublets", TITLE, pack_section, order=10, players=(2, model.MAX_PLAYERS))
