"""Where a glyph's ink lies, found by rasterising it, and kept in parlour's cache: to centre a glyph by
eye rather than by its advance width.

Rasterising is slow next to reading a saved answer (the pack asks for a few dozen glyphs), and it depends
only on the font file, the rasteriser (Pillow's version) and the code below: each face's answers
are saved in one cache file named by those, read back with marshal, and grow as new characters
are asked for; a missing, damaged or other-format file is simply rebuilt.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from generator import cache as cache_files
from generator.press.fonts import FACES, font_path

INK_EM = 600  # pixels to the em when a glyph is rasterised to find its ink
_FORMAT = 1

Box = tuple[float, float, float, float]


def rasterised(face: str, ch: str) -> Box:
    """A glyph's ink (left, bottom, right, top) from its origin on the baseline, per point of size,
    found by rasterising it at INK_EM pixels to the em (no cache)."""
    from PIL import ImageFont

    if face not in FACES:
        raise KeyError(f"no face {face!r}")
    font = ImageFont.truetype(str(font_path(face)), INK_EM)
    # The glyph's own bitmap and where its corner sits from the origin (what ImageDraw.text pastes).
    mask, (ox, oy) = font.getmask2(ch, mode="L", anchor="ls")
    found = mask.getbbox()
    if found is None:  # a blank glyph: its advance, on the baseline
        return (0.0, 0.0, font.getlength(ch) / INK_EM, 0.0)
    left, top, right, bottom = found  # pixels from the bitmap's corner, y down
    return ((left + ox) / INK_EM, -(bottom + oy) / INK_EM, (right + ox) / INK_EM, -(top + oy) / INK_EM)


def cache_path(face: str) -> Path:
    """The cache file of one face's ink boxes, named by the font file, Pillow and this module."""
    from PIL import __version__ as pillow

    return cache_files.keyed_cache_path(
        f"ink-{face}",
        f"ink-v{_FORMAT}-{face}-{INK_EM}-pillow-{pillow}",
        ".bin",
        (font_path(face), Path(__file__)),
    )


def _valid(data: dict[str, Any]) -> bool:
    boxes = data["boxes"]
    return isinstance(boxes, dict) and all(
        isinstance(k, str) and type(v) is tuple and len(v) == 4 and all(type(x) is float for x in v)
        for k, v in boxes.items()
    )


@cache
def _saved(face: str) -> dict[str, Box]:
    """The face's ink boxes read from the cache (empty when there is no usable file)."""
    data = cache_files.read_saved(cache_path(face), _FORMAT, _valid)
    return data["boxes"] if data is not None else {}


@cache
def ink_box(face: str, ch: str) -> Box:
    """A glyph's ink (left, bottom, right, top) from its origin on the baseline, per point of size
    (see `rasterised`), from the cache when it has been found before."""
    if face not in FACES:
        raise KeyError(f"no face {face!r}")
    boxes = _saved(face)
    found = boxes.get(ch)
    if found is None:
        found = boxes[ch] = rasterised(face, ch)
        cache_files.save(cache_path(face), {"version": _FORMAT, "boxes": boxes})
    return found
