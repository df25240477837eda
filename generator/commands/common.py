"""Options every printing command shares, and the one way a command writes its PDF, JSON and previews."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from generator.config import BY_KEY
from generator.press.cards import (
    CARD_PRESETS,
    DEFAULT_BLEED_MM,
    DUPLEX_MODES,
    CardSize,
    Layout,
    get_card,
    impose,
    parse_offset,
)
from generator.press.document import Document, atomic_write, check_output_path
from generator.press.paper import PAPERS, Paper, get_paper, mm
from generator.press.preview import check_png_dir, render_pngs
from generator.press.style import Style, get_style

OUTPUT_DIR = Path("output")


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
    players: int | None = None  # the pack's --players: each game's own default when None

    def layout(self) -> Layout:
        return impose(self.paper, self.card, self.bleed)


def print_options(
    cards: bool = False, seed: bool = True
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Add --paper, -o/--output, --seed, --json, --png, --ink-saver (and the card options when `cards`).

    Leave out --seed (`seed=False`) where nothing is chosen at random. The defaults of --paper,
    --card, --duplex and --back-offset come from the settings file when it sets them
    (generator/config.py); an option typed on the command line always wins."""

    def decorate(f: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(f)
        def wrapper(**kw: Any) -> Any:
            opts = PrintOptions(
                paper=get_paper(kw.pop("paper")),
                output=kw.pop("output"),
                seed=kw.pop("seed", 1),
                json_path=kw.pop("json_path"),
                png_dir=kw.pop("png_dir"),
                style=get_style(kw.pop("ink_saver")),
                card=get_card(kw.pop("card", "poker")),
                bleed=kw.pop("bleed", 0.0) * mm,
                back_offset=parse_offset(kw.pop("back_offset", None)),
                duplex=kw.pop("duplex", "long"),
            )
            if not 0 <= opts.bleed <= 10 * mm:
                raise click.BadParameter("bleed must be between 0 and 10 mm", param_hint="'--bleed'")
            return f(opts=opts, **kw)

        options = [
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
                type=click.Path(path_type=Path),
                default=None,
                help="PDF to write [default: output/<name>.pdf].",
            ),
            click.option(
                "--json",
                "json_path",
                type=click.Path(path_type=Path),
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
        if seed:
            options.insert(
                2,
                click.option(
                    "--seed",
                    type=int,
                    default=1,
                    show_default=True,
                    help="Seed for anything chosen at random; the same seed gives the same PDF.",
                ),
            )
        if cards:
            options += [
                click.option(
                    "--card",
                    type=click.Choice(list(CARD_PRESETS), case_sensitive=False),
                    default=BY_KEY["card"].default,
                    show_default=True,
                    help="Card size preset.",
                ),
                click.option(
                    "--bleed",
                    type=float,
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
            ]
        for opt in reversed(options):
            wrapper = opt(wrapper)
        return wrapper

    return decorate


def default_output(name: str) -> Path:
    OUTPUT_DIR.mkdir(exist_ok=True)
    return OUTPUT_DIR / f"{name}.pdf"


def write_outputs(doc: Document, opts: PrintOptions, name: str, model: Any = None) -> Path:
    """Check every path first, then write the PDF, the JSON and the previews; say what was written."""
    out = check_output_path(opts.output) if opts.output else None
    if opts.json_path:
        check_output_path(opts.json_path, "--json")
    if opts.png_dir:
        check_png_dir(opts.png_dir)
    out = out or default_output(name)
    total = doc.page_count
    if sys.stderr.isatty() and total > 2:
        with click.progressbar(length=total, label=f"printing {out.name}", file=sys.stderr) as bar:
            doc.save(out, progress=bar.update)
    else:
        doc.save(out)
    if opts.json_path:
        text = json.dumps(model, indent=2, ensure_ascii=False) + "\n"
        atomic_write(opts.json_path, lambda tmp: Path(tmp).write_text(text, encoding="utf-8"))
    msg = f"wrote {out} ({total} page{'s' if total != 1 else ''})"
    if opts.png_dir:
        pngs = render_pngs(out, opts.png_dir)
        msg += f", {len(pngs)} preview{'s' if len(pngs) != 1 else ''} in {opts.png_dir}"
    if opts.json_path:
        msg += f", content in {opts.json_path}"
    click.echo(msg)
    return out
