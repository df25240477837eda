"""Helpers for tests that read PDFs back: fonts, boxes, viewer preferences, rasters."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader


def fonts_embedded(path: Path) -> dict[str, bool]:
    """BaseFont name -> whether its font program is embedded, over every page."""
    reader = PdfReader(str(path))
    seen: dict[str, bool] = {}
    for page in reader.pages:
        res = page.get("/Resources")
        if not res:
            continue
        fonts = res.get_object().get("/Font")
        if not fonts:
            continue
        for ref in fonts.get_object().values():
            font = ref.get_object()
            name = str(font.get("/BaseFont"))
            desc = None
            if "/DescendantFonts" in font:
                desc = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            else:
                desc = font.get("/FontDescriptor")
            embedded = False
            if desc is not None:
                d = desc.get_object()
                embedded = any(k in d for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            seen[name] = seen.get(name, True) and embedded
    return seen
