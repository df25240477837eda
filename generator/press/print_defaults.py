"""The card and image settings the command line's print options name (presets, bleed, duplex
modes, card-image resolution), kept in a module cheap enough to import when any command starts."""

from __future__ import annotations

#: Trimmed card sizes in millimetres, portrait. A new preset is one line here.
CARD_PRESETS: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "mini": (44.45, 63.5),
    "euro": (59.0, 92.0),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
}
DEFAULT_BLEED_MM = 3.0
DUPLEX_MODES = ("long", "short", "none")

DEFAULT_DPI = 300  # --cards PNGs
MANIFEST = "cards.csv"  # the list --cards writes beside the PNGs
CUTTERS = ("silhouette", "scanncut", "cricut")  # --cutter: the machines press.cutter prints for
