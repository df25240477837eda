"""Register the TTF faces shipped in fonts/ with reportlab, and answer which face has a glyph."""

from __future__ import annotations

import functools
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from generator.errors import ParlourError

FONTS_DIR = Path(__file__).resolve().parents[2] / "fonts"

#: Logical name -> file in fonts/. "Sans" covers every symbol the games print (☑ ☒ ♠ ♥ ♦ ♣ ❂ ◐ ♛ ⚜).
FACES: dict[str, str] = {
    "Sans": "DejaVuSans.ttf",
    "Sans-Bold": "DejaVuSans-Bold.ttf",
    "Serif": "DejaVuSerif.ttf",
    "Serif-Bold": "DejaVuSerif-Bold.ttf",
    "Cond": "DejaVuSansCondensed.ttf",
    "Cond-Bold": "DejaVuSansCondensed-Bold.ttf",
}

#: The face used for any character the chosen face lacks.
FALLBACK = "Sans"


@cache
def register_fonts() -> tuple[str, ...]:
    """Register every face once per process; returns the logical names."""
    for name, filename in FACES.items():
        path = FONTS_DIR / filename
        if not path.is_file():
            raise ParlourError(f"font file {path} is missing: reinstall parlour from its source tree")
        pdfmetrics.registerFont(TTFont(name, str(path)))
    return tuple(FACES)


@cache
def _cmap(face: str) -> frozenset[int]:
    register_fonts()
    font = pdfmetrics.getFont(face)
    return frozenset(font.face.charToGlyph)


def has_glyph(face: str, char: str) -> bool:
    """True if `face` draws `char` itself (no missing-glyph box)."""
    return ord(char) in _cmap(face)


@functools.lru_cache(maxsize=65536)
def covers(face: str, text: str) -> bool:
    """True if `face` has a glyph for every character of `text`."""
    cmap = _cmap(face)
    return all(ord(ch) in cmap for ch in text)


def runs(text: str, face: str) -> list[tuple[str, str]]:
    """Split `text` into (face, chunk) runs, sending characters `face` lacks to the fallback face."""
    if covers(face, text):
        return [(face, text)]
    out: list[tuple[str, str]] = []
    for ch in text:
        f = face if (ch in " \t" or has_glyph(face, ch)) else FALLBACK
        if out and out[-1][0] == f:
            out[-1] = (f, out[-1][1] + ch)
        else:
            out.append((f, ch))
    return out


def string_width(text: str, face: str, size: float) -> float:
    """Width in points of `text` set in `face` at `size`, with glyph fallback."""
    if covers(face, text):
        return pdfmetrics.stringWidth(text, face, size)
    return sum(pdfmetrics.stringWidth(chunk, f, size) for f, chunk in runs(text, face))
