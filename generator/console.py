"""The `parlour` console script's entry point, and `python -m generator`'s.

Its one garbage-collector setting: the objects still alive when the command ends are frozen
(gc.freeze) on the way out, so that the collection Python runs while it shuts down does not walk
everything the command built (modules, word lists, models, pages) only to find it all still
referenced; their memory goes with the process. While the command runs, the collector works as
usual. Registered first, the freeze runs after every other exit handler.
"""

import atexit
import gc

atexit.register(gc.freeze)

from generator.cli import main  # noqa: E402  (after the exit handler: it runs last)

__all__ = ["main"]
