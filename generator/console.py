"""The `parlour` console script's entry point, and `python -m generator`'s.

The cyclic garbage collector goes off here, before the command line's modules import: a command is
a short run that keeps what it makes (modules, word lists, models, pages), and the collector would
walk all of it again and again while finding next to nothing (in a pack, about 20 ms of collections,
half of them while click and the games' modules import). cli.main keeps it off for the command;
Document._render turns it on while pages are drawn, so drawing's garbage is collected as usual.
"""

import gc

gc.disable()

from generator.cli import main  # noqa: E402  (imported with the collector off)

__all__ = ["main"]
