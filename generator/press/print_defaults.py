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

#: --cards-size: the trimmed sizes and bleeds online card printers ask for, named by size (inches
#: or millimetres, as the shops that use them write them): name -> (width, height, bleed) in mm.
#: 1/8 in (3.175 mm) of bleed on each side is what the inch-sized shops' templates show (a poker
#: card's file is then 2.75 x 3.75 in, 825 x 1125 pixels at 300 dpi); the millimetre ones ask 3 mm.
CARD_SHOP_SIZES: dict[str, tuple[float, float, float]] = {
    "poker-2.5x3.5in": (63.5, 88.9, 3.175),
    "bridge-2.25x3.5in": (57.15, 88.9, 3.175),
    "mini-1.75x2.5in": (44.45, 63.5, 3.175),
    "tarot-2.75x4.75in": (69.85, 120.65, 3.175),
    "square-3.5in": (88.9, 88.9, 3.175),
    "poker-63x88mm": (63.0, 88.0, 3.0),
    "euro-59x92mm": (59.0, 92.0, 3.0),
}
