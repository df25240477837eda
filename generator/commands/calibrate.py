"""`parlour calibrate`: the two-sided calibration sheet."""

from __future__ import annotations

import click

from generator.commands.common import PrintOptions, print_options, write_outputs
from generator.press.calibration import calibration_model, calibration_pages
from generator.press.document import Document


@click.command()
@print_options()
def calibrate(opts: PrintOptions) -> None:
    """Print a two-sided sheet to check scaling and measure your printer's duplex offset.

    \b
    Rulers (100 mm and 4 in, both ways, both sides) show whether the page is being scaled;
    a cross on the front and scales on the back give the --back-offset for card decks.

    \b
    Example:
      parlour calibrate --paper a4 -o calibration.pdf
    """
    doc = Document(
        opts.paper, "parlour calibration sheet", "Printer scaling and duplex alignment", opts.style
    )
    doc.add("Calibration sheet", calibration_pages(opts.paper))
    write_outputs(doc, opts, "calibration", calibration_model(opts.paper))
