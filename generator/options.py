"""Options every printing command shares, and the one way a command writes its PDF, JSON and previews."""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from generator.config import BY_KEY
from generator.errors import ParlourError, printable
from generator.press.print_defaults import (
    CARD_PRESETS,
    CARD_SHOP_SIZES,
    CUTTERS,
    DEFAULT_BLEED_MM,
    DEFAULT_DPI,
    DUPLEX_MODES,
    MANIFEST,
)
from generator.words.spelling import DEFAULT_SPELLING, SPELLINGS

if TYPE_CHECKING:  # imported where used: a query command never loads the card, booklet or page code
    from generator.press.cards import CardSize, DeckOptions, Drawer, Layout
    from generator.press.document import Document
    from generator.press.style import Style
from generator.press.output import FILE_LIST, STDOUT, Outputs, dump_json
from generator.press.paper import PAPERS, Paper, get_paper, mm

OUTPUT_DIR = Path("output")
#: The days a run of daily sheets may cover: a day's place in the schedule needs the first day of
#: the year after it, and the last year a date can hold is 9999.
FIRST_DAY, LAST_DAY = dt.date(1, 1, 1), dt.date(9998, 12, 31)


def day_span(first: dt.date, days: int, option: str = "--from") -> dt.date:
    """The last of `days` days from `first`; one line when the run leaves the dates parlour can
    schedule (FIRST_DAY to LAST_DAY)."""
    if days < 1:
        return first
    if not FIRST_DAY <= first <= LAST_DAY or (LAST_DAY - first).days < days - 1:
        raise ParlourError(
            f"{option} {first.isoformat()} with --days {days} runs past {LAST_DAY.isoformat()}, the last day "
            "parlour can print daily sheets for; start earlier or print fewer days"
        )
    return first + dt.timedelta(days=days - 1)


#: click reads `--bleed -1` as an option `-1`, so the command line hands a negative value to an option
#: whose value is optional with a Unicode minus sign (see cli._negative_values).
MINUS = "\u2212"


class SignedFloat(click.types.FloatParamType):
    """A float that may arrive with a Unicode minus sign (U+2212) for its sign."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and value.startswith(MINUS):
            value = "-" + value[1:]
        return super().convert(value, param, ctx)


@dataclass
class PrintOptions:
    """The common options, parsed and checked."""

    paper: Paper
    output: Path | None
    seed: int
    json_path: Path | None
    png_dir: Path | None
    style: Style
    card: CardSize
    bleed: float  # points
    back_offset: tuple[float, float]  # points
    duplex: str
    blanks: bool = (
        False  # fill a deck's last sheet with blank cards (--blanks); else backs only behind fronts
    )
    players: int | None = None  # the pack's --players: each game's own default when None
    outputs: Outputs | None = None  # planned before the command works; committed by write_outputs
    output_text: str | None = None  # -o as typed: a trailing slash says a directory was meant
    cards_dir: Path | None = None  # --cards: one PNG per card face and back, and cards.csv
    booklet: Paper | None = None  # --booklet: the sheet paper; `paper` is then half of it
    cover: tuple[str, ...] | None = None  # a booklet cover's lines [default: the title and subject]
    dpi: int = DEFAULT_DPI  # --dpi of those PNGs
    spelling: str = DEFAULT_SPELLING  # the pack's --spelling: how prose, labels and card text spell
    cutter: str | None = None  # --cutter: a cutting machine's marks and cut files (press.cutter)
    cards_size: str | None = None  # --cards-size: the --cards images at a print shop's size and bleed
    sheet: Any = None  # --layout: a press.sheet_layout.SheetLayout of one's own

    def machine(self) -> Any:
        """The press.cutter.Cutter that --cutter names (or the --layout's marks), or None."""
        from generator.press.cutter import get_cutter

        if self.cutter is None and self.sheet is not None and self.sheet.marks in ("silhouette", "scanncut"):
            return get_cutter(self.sheet.marks)
        return get_cutter(self.cutter)

    def layout(self) -> Layout:
        from generator.press.cards import impose

        if self.sheet is not None:
            return self._own_layout()
        machine = self.machine()
        area = machine.readable(self.paper) if machine is not None and machine.marks else None
        return impose(self.paper, self.card, self.bleed, area)

    def _own_layout(self) -> Layout:
        """The --layout's grid: its card, margins and gutters; a bleed must fit in its gutters."""
        from generator.press.cards import CardSize, Layout

        sh = self.sheet
        b = self.bleed
        for n, gap, what in ((sh.columns, sh.across, "across_mm"), (sh.rows, sh.down, "down_mm")):
            if n > 1 and b > 0 and gap < 2 * b - 1e-6:
                raise ParlourError(
                    f"{sh.where}: a bleed of {b / mm:g} mm needs gutters of {2 * b / mm:g} mm; "
                    f"gutters.{what} is {gap / mm:g}: leave --bleed out or widen the gutters"
                )
        marks = "crop" if self.cutter is not None and sh.marks == "none" else sh.marks
        return Layout(
            self.paper,
            CardSize(sh.name, sh.card_w, sh.card_h),
            b,
            sh.columns,
            sh.rows,
            sh.turned,
            gutter=(sh.across, sh.down),
            origin=(sh.left, self.paper.height - sh.top),
            marks=self.cutter or marks,
            corner=sh.corner,
        )

    def deck(self, label: str, back: Drawer | None = None) -> DeckOptions:
        """How a deck part called `label` prints under these options (see press.cards.deck_pages)."""
        from generator.press.cards import DeckOptions

        return DeckOptions(
            self.layout(),
            label,
            back,
            self.duplex,
            self.back_offset,
            blanks=self.blanks,
            cutter=self.machine(),
        )


def command_inputs(values: dict[str, Any]) -> list[Path]:
    """The files a command reads, from its parsed parameters: every path that is not an output."""
    return [v for k, v in values.items() if isinstance(v, Path) and k not in OUTPUT_PARAMS]


OUTPUT_PARAMS = ("output", "json_path", "png_dir", "cards_dir")


def plan_outputs(
    opts: PrintOptions,
    inputs: list[Path],
    output: bool = True,
    raw_output: str | None = None,
    raw_json: str | None = None,
) -> Outputs:
    """Check and stage every output the options name, before any work (see press.output). The raw
    strings keep what a Path drops: a trailing slash says the user meant a directory."""
    tx = Outputs(inputs)
    try:
        if output and opts.output is not None:
            tx.file(raw_output or opts.output, "--output")
        elif output and OUTPUT_DIR.exists() and not OUTPUT_DIR.is_dir():
            raise ParlourError(
                f"a file named {str(OUTPUT_DIR)!r} is in the way of the default output folder: "
                "move it, or give -o FILE"
            )
        if opts.json_path is not None:
            tx.file(raw_json or opts.json_path, "--json")
        if opts.png_dir is not None:
            tx.directory(opts.png_dir, "--png", listing=FILE_LIST)
        if opts.cards_dir is not None:
            tx.directory(opts.cards_dir, "--cards", listing=MANIFEST)
    except BaseException:
        tx.abort()
        raise
    return tx


def print_options(
    cards: bool = False,
    seed: bool = True,
    plan_output: bool = True,
    booklet: bool = False,
    images: bool = False,
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Add --paper, -o/--output, --seed, --json, --png, --ink-saver (and the card options when `cards`).

    `cards` also adds --cards DIR and --dpi (card images of every deck the PDF prints); `images`
    adds only those (a command with card-like pieces but its own sizes); `booklet` adds --booklet.

    Leave out --seed (`seed=False`) where nothing is chosen at random. The defaults of --paper,
    --card, --duplex and --back-offset come from the settings file when it sets them
    (generator/config.py); an option typed on the command line always wins.

    Every output is checked and staged before the command runs (`plan_output=False`: the command
    plans -o itself, e.g. as a directory) and removed again if it fails or is interrupted."""

    def decorate(f: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(f)
        def wrapper(**kw: Any) -> Any:
            inputs = command_inputs(kw)
            opts, raw_output, raw_json = _read_print_options(kw, cards)
            opts.outputs = plan_outputs(opts, inputs, plan_output, raw_output, raw_json)
            with opts.outputs:
                return f(opts=opts, **kw)

        options = list(BASE_OPTIONS)
        if booklet:
            options.append(BOOKLET_OPTION)
        if seed:
            options.insert(2, SEED_OPTION)
        if cards:
            options += CARD_OPTIONS
        if cards or images:
            options += [*IMAGES_OPTIONS, CUTTER_OPTION]
        for opt in reversed(options):
            wrapper = opt(wrapper)
        return wrapper

    return decorate


def _read_print_options(kw: dict[str, Any], cards: bool) -> tuple[PrintOptions, str | None, str | None]:
    """PrintOptions from the values print_options added (taken out of `kw`), and -o and --json as typed;
    with `cards`, a card too big for the paper is refused before any work."""
    from generator.press.booklet import half_paper as booklet_half
    from generator.press.card_images import check_dpi
    from generator.press.cards import get_card, parse_offset
    from generator.press.style import get_style

    raw_output, raw_json = kw.pop("output"), kw.pop("json_path")
    opts = PrintOptions(
        paper=get_paper(kw.pop("paper")),
        output=None if raw_output is None else Path(raw_output),
        seed=kw.pop("seed", 1),
        json_path=None if raw_json is None else Path(raw_json),
        png_dir=kw.pop("png_dir"),
        style=get_style(kw.pop("ink_saver")),
        card=get_card(kw.pop("card", "poker")),
        bleed=kw.pop("bleed", 0.0) * mm,
        back_offset=parse_offset(kw.pop("back_offset", None)),
        duplex=kw.pop("duplex", "long"),
        blanks=kw.pop("blanks", False),
    )
    if not 0 <= opts.bleed <= 10 * mm:
        raise click.BadParameter("bleed must be between 0 and 10 mm", param_hint="'--bleed'")
    opts.cutter = kw.pop("cutter", None)
    layout_file = kw.pop("layout_file", None)
    if layout_file is not None:
        from generator.press.sheet_layout import read_layout

        for name in ("paper", "card"):
            if _given(name):
                raise click.BadParameter(
                    f"a layout names its own paper and card: give --layout or --{name}, not both",
                    param_hint="'--layout'",
                )
        opts.sheet = read_layout(layout_file)
        opts.paper = get_paper(opts.sheet.paper)
    machine = opts.machine()
    if machine is not None and not _given("bleed"):
        # a blade drifts: bleed is on unless --bleed says otherwise (a layout's gutters permitting)
        room = DEFAULT_BLEED_MM * mm
        if opts.sheet is not None:
            room = min(
                [room]
                + [
                    g / 2
                    for n, g in ((opts.sheet.columns, opts.sheet.across), (opts.sheet.rows, opts.sheet.down))
                    if n > 1
                ]
            )
        opts.bleed = room
    if cards:
        opts.layout()
    opts.output_text = raw_output
    if kw.pop("booklet", False):  # pages drawn on half the paper, imposed two to a side
        if opts.paper.name == "a5":
            raise click.BadParameter(
                "a booklet halves its paper, and half of A5 is too small to read: give --paper a4 or letter",
                param_hint="'--booklet'",
            )
        opts.booklet, opts.paper = opts.paper, booklet_half(opts.paper)
    opts.cards_dir, dpi = kw.pop("cards_dir", None), kw.pop("dpi", None)
    opts.cards_size = kw.pop("cards_size", None)
    if opts.cards_size is not None and opts.cards_dir is None:
        raise click.BadParameter(
            "--cards-size sets the size of the --cards DIR images: give --cards too",
            param_hint="'--cards-size'",
        )
    if dpi is not None:
        if opts.cards_dir is None and opts.cutter != "cricut":
            raise click.BadParameter(
                "--dpi sets the resolution of --cards DIR (or of --cutter cricut's images): give --cards too",
                param_hint="'--dpi'",
            )
        opts.dpi = check_dpi(dpi)
    return opts, raw_output, raw_json


def _given(name: str) -> bool:
    """True if the option `name` was typed (or came from the environment), not left at its default."""
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return False
    source = ctx.get_parameter_source(name)
    return source is not None and source not in (
        click.ParameterSource.DEFAULT,
        click.ParameterSource.DEFAULT_MAP,
    )


BASE_OPTIONS = [
    click.option(
        "--paper",
        type=click.Choice(list(PAPERS), case_sensitive=False),
        default=BY_KEY["paper"].default,
        show_default=True,
        help="Paper size.",
    ),
    click.option(
        "-o",
        "--output",
        type=click.Path(),
        default=None,
        help="PDF to write [default: output/<name>.pdf].",
    ),
    click.option(
        "--json",
        "json_path",
        type=click.Path(),
        default=None,
        help="Also write the content model as JSON to this file.",
    ),
    click.option(
        "--png",
        "png_dir",
        type=click.Path(path_type=Path),
        default=None,
        help="Also write one preview PNG per page into this directory.",
    ),
    click.option("--ink-saver", is_flag=True, help="No large filled areas; greyscale-friendly."),
]
SEED_OPTION = click.option(
    "--seed",
    type=int,
    default=1,
    show_default=True,
    help="Seed for anything chosen at random; the same seed gives the same PDF.",
)
CARD_OPTIONS = [
    click.option(
        "--card",
        default=BY_KEY["card"].default,
        show_default=True,
        metavar="SIZE",
        help=f"Card size: a preset ({', '.join(CARD_PRESETS)}) or WIDTHxHEIGHT in millimetres, like 63x88.",
    ),
    click.option(
        "--bleed",
        type=SignedFloat(),
        is_flag=False,
        flag_value=DEFAULT_BLEED_MM,
        default=0.0,
        help=f"Add bleed in mm around each card, with a gutter ({DEFAULT_BLEED_MM:g} mm "
        "if no value is given). Default: none; cards share cut lines.",
    ),
    click.option(
        "--back-offset",
        default=None,
        show_default=True,
        metavar="X,Y",
        help="Shift card backs by X,Y mm to match your printer (see 'parlour calibrate'; "
        "'parlour calibrate --save X,Y' makes it the default).",
    ),
    click.option(
        "--duplex",
        type=click.Choice(DUPLEX_MODES, case_sensitive=False),
        default=BY_KEY["duplex"].default,
        show_default=True,
        help="How the sheet is turned for backs: long edge, short edge, or none "
        "(backs printed one-sided for gluing).",
    ),
    click.option(
        "--blanks/--no-blanks",
        default=False,
        show_default=True,
        help="Fill a deck's last sheet with blank cards that carry the deck's back, or (the "
        "default) leave it short, with backs printed only behind real fronts (--json counts the blanks).",
    ),
]


LAYOUT_OPTION = click.option(
    "--layout",
    "layout_file",
    default=None,
    metavar="FILE",
    help="Lay the cards out as FILE says (a TOML sheet layout: paper, card size and corner radius, "
    "columns and rows, margins, gutters, marks), for business-card stock, label sheets or a print "
    "shop's template; 'parlour templates export' writes examples, or name one: "
    "business-cards-letter-10, labels-a4-8.",
)
CARD_OPTIONS.append(LAYOUT_OPTION)
CUTTER_OPTION = click.option(
    "--cutter",
    type=click.Choice(CUTTERS, case_sensitive=False),
    default=None,
    help="Print for a cutting machine: silhouette (Cameo, Portrait) and scanncut put the machine's "
    "registration marks on each sheet and write its cut files (SVG, and DXF with the cutter extra) "
    "into a folder beside the PDF; cricut writes each card as an image for Design Space's print then "
    f"cut. Turns bleed on ({DEFAULT_BLEED_MM:g} mm) unless --bleed is given.",
)


IMAGES_OPTIONS = [
    click.option(
        "--cards",
        "cards_dir",
        type=click.Path(path_type=Path),
        default=None,
        metavar="DIR",
        help="Also write one PNG per card face and per distinct back into DIR, with the "
        "bleed when --bleed is given, and cards.csv (file, side, deck, position, count, back), "
        "for print shops and Tabletop Simulator.",
    ),
    click.option(
        "--cards-size",
        "cards_size",
        type=click.Choice(list(CARD_SHOP_SIZES), case_sensitive=False),
        default=None,
        help="Draw the --cards images at a print shop's card size, with the bleed it asks for "
        "(1/8 in a side for the inch sizes, 3 mm for the millimetre ones), whatever size the PDF "
        "prints; at 300 dpi a poker-2.5x3.5in card is 825 x 1125 pixels.",
    ),
    click.option(
        "--dpi",
        type=int,
        default=None,
        metavar="N",
        help=f"Resolution of the --cards PNGs [default: {DEFAULT_DPI}].",
    ),
]
SPELLING_OPTION = click.option(
    "--spelling",
    type=click.Choice(SPELLINGS, case_sensitive=False),
    default=DEFAULT_SPELLING,
    show_default=True,
    help="Which variant spellings may be printed (us: gray, tire, theater; uk: grey, tyre, theatre).",
)
BOOKLET_OPTION = click.option(
    "--booklet",
    is_flag=True,
    help="Print as a booklet: half-size pages (A5 on A4, half-letter on Letter) two to a side, "
    "in the order that folds into a booklet when printed two-sided and flipped on the short edge; "
    "with a cover, and Notes pages to fill the last sheet.",
)


def default_output(name: str) -> Path:
    """output/NAME.pdf (the folder is made when the PDF is put in place)."""
    return OUTPUT_DIR / f"{name}.pdf"


def json_note(opts: PrintOptions) -> str:
    """The tail of a status line that says where --json went ("" without --json)."""
    if not opts.json_path:
        return ""
    return f", content in {'standard output' if str(opts.json_path) == STDOUT else opts.json_path}"


def status(msg: str) -> None:
    """A status line ("wrote ..."): on stderr, so that stdout carries only data."""
    click.echo(printable(msg), err=True)


def _render(doc: Document, pdf: Path, opts: PrintOptions, label: str) -> int:
    """Render `doc` into `pdf` (as a booklet when --booklet asks for one); returns the page count."""
    from generator.press import booklet

    sides = None
    if opts.booklet is not None:
        sides = booklet.prepare(doc, opts.cover or (doc.title, doc.subject))
    total = doc.page_count
    with contextlib.ExitStack() as stack:
        into = pdf
        if sides is not None:
            into = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="parlour."))) / "half.pdf"
        if sys.stderr.isatty() and total > 2:
            bar = stack.enter_context(click.progressbar(length=total, label=label, file=sys.stderr))
            doc.render(str(into), progress=bar.update)
        else:
            doc.render(str(into))
        if sides is not None:
            booklet.impose(into, pdf, sides, doc.title)
            return len(sides)
    return total


def write_outputs(doc: Document, opts: PrintOptions, name: str, model: Any = None) -> Path:
    """Render the PDF, the JSON and the previews into their staged temporaries, then put them all
    in place together; say what was written."""
    from generator.press.card_images import decks_in, write_card_images
    from generator.press.preview import render_pngs

    tx = opts.outputs
    if tx is None:  # called outside print_options: plan now
        tx = opts.outputs = plan_outputs(opts, [])
    with tx:
        pdf = tx.staged("--output")
        if pdf is None:
            pdf = tx.file(default_output(name), "--output", make_parents=True)
        shown = tx.target("--output") or str(default_output(name))
        shown_name = name if shown == STDOUT else Path(shown).stem
        if doc.page_count == 0:
            raise ParlourError("nothing to print: the document has no pages")
        doc.cutting = opts.machine()  # the print guide says how to cut
        try:
            total = _render(doc, pdf, opts, f"printing {shown_name}")
            json_tmp = tx.staged("--json")
            if json_tmp is not None:
                dump_json(json_tmp, model)
            png_tmp = tx.staged("--png")
            pngs: list[Path] = []
            if png_tmp is not None:
                pngs = render_pngs(pdf, png_tmp, stem=shown_name)
            cards_tmp = tx.staged("--cards")
            card_rows = []
            if cards_tmp is not None:
                card_rows = write_card_images(decks_in(doc), cards_tmp, opts.dpi, doc.style, opts.cards_size)
            cut_note = _write_cut_files(doc, opts, tx, shown)
        except OSError as exc:
            raise ParlourError(
                f"cannot write the output ({exc.strerror or exc}); nothing was written"
            ) from None
        tx.commit()
    where = "standard output" if shown == STDOUT else shown
    msg = f"wrote {where} ({total} page{'s' if total != 1 else ''})"
    if opts.png_dir:
        msg += f", {len(pngs)} preview{'s' if len(pngs) != 1 else ''} in {opts.png_dir}"
    if opts.cards_dir:
        msg += f", {len(card_rows)} card images and {MANIFEST} in {opts.cards_dir}"
    msg += cut_note
    status(msg + json_note(opts))
    return Path(shown)


def cut_folder(pdf: str, cutter: str) -> Path:
    """Where --cutter's files go: a folder beside the PDF, named after it and the machine's files."""
    p = Path(pdf)
    return p.with_name(f"{p.stem}-{'cricut' if cutter == 'cricut' else 'cut'}")


def _write_cut_files(doc: Document, opts: PrintOptions, tx: Outputs, shown: str) -> str:
    """--cutter's files, staged beside the PDF: the cut files of every marked sheet (silhouette,
    scanncut) or each card as an image for Design Space (cricut). Returns the status line's tail."""
    machine = opts.machine()
    if machine is None:
        return ""
    if shown == STDOUT:
        raise ParlourError("--cutter writes its files beside the PDF: give -o FILE, not standard output")
    folder = cut_folder(shown, machine.name)
    if machine.files:
        from generator.press.cutter import write_cut_files

        sheets = doc.cut_sheets()
        if not sheets:
            raise ParlourError(
                f"--cutter {machine.name}: this document has no pieces to cut; leave --cutter out"
            )
        tmp = tx.directory(folder, "--cutter", make_parents=True)
        names = write_cut_files(sheets, tmp, Path(shown).stem)
        dxf = any(n.endswith(".dxf") for n in names)
        extra = "" if dxf else " (no DXF: install parlour[cutter])"
        return f", {len(sheets)} cut file{'s' if len(sheets) != 1 else ''} in {folder}{extra}"
    from generator.press.card_images import decks_in, write_cricut_images

    decks = decks_in(doc)
    if not decks:
        raise ParlourError("--cutter cricut: this document prints no cards; leave --cutter out")
    tmp = tx.directory(folder, "--cutter", make_parents=True)
    rows = write_cricut_images(decks, tmp, opts.dpi, doc.style)
    return f", {len(rows)} card images for Design Space in {folder}"


def write_json(path: Path | None, data: Any, tx: Outputs) -> None:
    """Stage `data` as JSON for the planned --json output (committed with the transaction)."""
    tmp = tx.staged("--json")
    if path is not None and tmp is not None:
        try:
            dump_json(tmp, data)
        except OSError as exc:
            raise ParlourError(
                f"--json: cannot write {str(path)!r} ({exc.strerror or exc}); nothing was written"
            ) from None


def progress(items, total: int, label: str):
    """Yield from `items`, with a progress bar on stderr when it is a terminal and the run is long."""
    if not sys.stderr.isatty() or total < 5:
        yield from items
        return
    with click.progressbar(length=total, label=label, file=sys.stderr) as bar:
        for item in items:
            yield item
            bar.update(1)
