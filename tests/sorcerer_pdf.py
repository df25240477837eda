"""Read Sorcerer's Chamber pages back: render pages, list the characters pdfium finds, check glyphs and margins."""

from __future__ import annotations

import ctypes
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
from pypdf import PdfReader

from generator.games.piecepack.draw.pieces import SUIT_GLYPHS
from generator.press.document import Document, Page
from generator.press.fonts import FACES, has_glyph
from generator.press.paper import MARGIN, get_paper, mm
from generator.press.style import get_style
from tests.pdfcheck import fonts_embedded

GLYPHS = set(SUIT_GLYPHS.values())
PAPERS = ["letter", "a4"]
FACE_BY_PDF_NAME = {Path(f).stem: face for face, f in FACES.items()}


def render(
    tmp_path: Path, pages: list[Page], paper: str = "letter", ink_saver: bool = False, name: str = "t"
) -> Path:
    doc = Document(get_paper(paper), "test", style=get_style(ink_saver))
    doc.add("Sorcerer", pages)
    return doc.save(tmp_path / f"{name}.pdf")


def chars(pdf: Path, index: int = 0) -> list[tuple[str, str, tuple[float, float, float, float]]]:
    """(character, font name, box) for every character pdfium finds on a page."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = doc[index]
        tp = page.get_textpage()
        out = []
        for i in range(tp.count_chars()):
            ch = chr(pdfium_raw.FPDFText_GetUnicode(tp.raw, i))
            buf = ctypes.create_string_buffer(256)
            flags = ctypes.c_int()
            pdfium_raw.FPDFText_GetFontInfo(tp.raw, i, buf, 256, ctypes.byref(flags))
            out.append((ch, buf.value.decode(), tp.get_charbox(i)))
        return out
    finally:
        doc.close()


def assert_no_missing_glyphs(pdf: Path) -> None:
    """Every character drawn is set in a face that has it (no tofu boxes), and all fonts are embedded."""
    assert fonts_embedded(pdf) and all(fonts_embedded(pdf).values())
    for index in range(len(PdfReader(str(pdf)).pages)):
        for ch, font, _ in chars(pdf, index):
            if ch.isspace() or ch in "\r\n\x02\ufffe":
                continue
            face = FACE_BY_PDF_NAME.get(font)
            assert face is not None, f"unexpected font {font!r}"
            assert has_glyph(face, ch), f"{ch!r} drawn in {face}, which lacks it"


def assert_text_inside_margins(pdf: Path, paper: str) -> None:
    """All text sits inside the margins, except the footer in the bottom margin."""
    w, h = get_paper(paper).size
    for index in range(len(PdfReader(str(pdf)).pages)):
        for ch, _, (left, bottom, right, top) in chars(pdf, index):
            if ch.isspace():
                continue
            assert MARGIN - 0.5 <= left and right <= w - MARGIN + 0.5, (ch, left, right)
            assert top <= h - MARGIN + 0.5, (ch, top)
            assert bottom >= MARGIN - 0.5 or top < 10 * mm, (ch, bottom)  # the footer sits at 7 mm


def raster(pdf: Path, dpi: int, index: int = 0):
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return doc[index].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        doc.close()


def dark_runs(row: list[int], threshold: int = 90) -> list[float]:
    """Centres (in pixels) of runs of dark pixels along a scanline."""
    runs, start = [], None
    for i, v in enumerate([*row, 255]):
        if v < threshold and start is None:
            start = i
        elif v >= threshold and start is not None:
            runs.append((start + i - 1) / 2)
            start = None
    return runs
