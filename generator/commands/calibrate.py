"""`parlour calibrate`: the two-sided calibration sheet, and saving the back offset it measures."""

from __future__ import annotations

from typing import Any

import click

from generator.config import BY_KEY
from generator.errors import ParlourError, printable
from generator.options import CUTTER_OPTION, PrintOptions, print_options, write_outputs
from generator.press.calibration import calibration_model, calibration_pages, cutter_test_page
from generator.press.document import Document, Page
from generator.press.print_defaults import DUPLEX_MODES
from generator.sections import register


def save_back_offset(text: str) -> None:
    """Check X,Y as --back-offset does, store it in the settings file and say where."""
    from generator import config
    from generator.press.impose import parse_offset

    parse_offset(text)
    x, y = (float(v) for v in text.replace(" ", "").split(","))
    value = f"{x:g},{y:g}"
    path = config.save_setting("back_offset", value)
    click.echo(
        printable(
            f"saved back_offset = {value} (mm) in {path}; card decks use it unless --back-offset is given"
        )
    )


@click.command()
@click.option(
    "--save",
    "save",
    default=None,
    metavar="X,Y",
    help="Instead of printing, store the back offset you measured (mm) in the settings file, "
    "so card decks use it without --back-offset.",
)
@click.option(
    "--duplex",
    type=click.Choice(DUPLEX_MODES, case_sensitive=False),
    default=BY_KEY["duplex"].default,
    show_default=True,
    help="The flip your decks use: long or short edge (none, for glued backs, prints the long-edge sheet).",
)
@CUTTER_OPTION
@print_options(seed=False)
def calibrate(opts: PrintOptions, save: str | None) -> None:
    """Print a two-sided sheet to check scaling and measure your printer's duplex offset.

    \b
    Rulers (100 mm and 4 in, both ways, both sides) show whether the page is being scaled;
    a cross on the front and scales on the back give the --back-offset for card decks.
    Save it once with --save X,Y and every deck uses it ('parlour config' shows it).
    With --cutter silhouette or scanncut a third sheet carries the machine's marks and a
    test card, and its cut file is written beside the PDF: cut it once to check the blade.

    \b
    Example:
      parlour calibrate --paper a4 -o calibration.pdf
      parlour calibrate --duplex short   # for decks printed with --duplex short
      parlour calibrate --save 1.5,-0.5
      parlour calibrate --cutter silhouette   # and a test card to cut, with its cut file
    """
    if save is not None:
        if opts.output or opts.json_path or opts.png_dir:
            raise ParlourError("--save stores the offset and prints nothing: leave out -o, --json and --png")
        try:
            save_back_offset(save)
        except ParlourError as e:
            raise ParlourError(str(e).replace("--back-offset", "--save")) from None
        return
    doc = Document(
        opts.paper, "parlour calibration sheet", "Printer scaling and duplex alignment", opts.style
    )
    duplex = opts.duplex.lower()  # print_options reads --duplex into opts
    doc.add("Calibration sheet", calibration_pages(opts.paper, duplex))
    machine = opts.machine()
    if machine is not None and not machine.marks:
        raise ParlourError(
            "--cutter cricut: Design Space calibrates its print then cut itself (its Calibration menu); "
            "leave --cutter out"
        )
    if machine is not None:  # a test card to cut, with its cut file
        doc.add("Cutting test", [cutter_test_page(opts.paper, machine)])
    write_outputs(doc, opts, "calibration", calibration_model(opts.paper, duplex))


def calibration_section(opts: PrintOptions) -> tuple[str, list[Page], Any]:
    """The pack's first section: the calibration sheet, for the flip the pack's decks use."""
    duplex = opts.duplex.lower()
    return "Calibration sheet", calibration_pages(opts.paper, duplex), calibration_model(opts.paper, duplex)


register("calibration", "the calibration sheet", calibration_section, order=0)
