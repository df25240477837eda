"""Where a glyph's ink lies, found by rasterising it, and kept in parlour's cache: to centre a glyph by
eye rather than by its advance width.

Rasterising is slow next to reading a kept answer (and it loads Pillow), and it depends only on the
font file, the rasteriser (Pillow's version) and the code below: each glyph's box is kept in
parlour's cache (fonts.kept).
"""

from __future__ import annotations

import marshal
from functools import cache

from generator.press.fonts import FACES, font_path, kept

INK_EM = 600  # pixels to the em when a glyph is rasterised to find its ink

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


def _box(view: memoryview) -> Box:
    box = marshal.loads(view)
    if type(box) is not tuple or len(box) != 4 or not all(type(x) is float for x in box):
        raise ValueError("not an ink box")
    return box


@cache
def ink_box(face: str, ch: str) -> Box:
    """A glyph's ink (left, bottom, right, top) from its origin on the baseline, per point of size
    (see `rasterised`), kept in parlour's cache (keyed on the font file, the text and Pillow's
    version): once kept, a run need not load Pillow at all."""
    from PIL import __version__ as pillow

    if face not in FACES:
        raise KeyError(f"no face {face!r}")
    return kept(
        f"ink-{face.lower()}",
        lambda: rasterised(face, ch),
        faces=[face],
        params=(ch, INK_EM, pillow),
        decode=_box,
    )
