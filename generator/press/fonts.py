"""parlour's TTF faces (fonts/, shipped as generator._fonts): registered with reportlab when a
document first needs them, and which face has a glyph."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from generator.errors import ParlourError

PACKAGE = "generator._fonts"


def fonts_dir() -> Path:
    """Where the faces are: inside the installed package (or fonts/ in an editable install)."""
    from generator.templates import package_dir

    return Path(str(package_dir(PACKAGE)))


def __getattr__(name: str) -> Any:
    if name == "FONTS_DIR":  # found on first use, so importing this module reads nothing
        return fonts_dir()
    raise AttributeError(name)


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


def font_path(face: str) -> Path:
    """The TTF file of one of parlour's faces."""
    return fonts_dir() / FACES[face]


_T = TypeVar("_T")


def kept(
    kind: str,
    build: Callable[[], _T],
    *,
    faces: Iterable[str] = FACES,
    params: object = None,
    encode: Callable[[_T], bytes] | None = None,
    decode: Callable[[memoryview], _T] | None = None,
) -> _T:
    """`build()`, a value derived from the font files of `faces` (every face by default) and from
    parlour's code, kept in parlour's cache: cache.derived with those files as its inputs (see it
    for `params`, `encode` and `decode`). What is derived from the faces goes through here."""
    from generator import cache

    paths = [font_path(f) for f in faces]
    return cache.derived(kind, paths, build, params=params, encode=encode, decode=decode)


@cache
def register_fonts() -> tuple[str, ...]:
    """Register parlour's faces with reportlab by name (TTFont(name, path), once per process), with
    the bold face of each family for platypus's <b>. Returns the logical names."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for face in FACES:
        path = font_path(face)
        if not path.is_file():
            raise ParlourError(
                f"font file {path} is missing: parlour is damaged; reinstall it (pip install --force-reinstall)"
            )
        pdfmetrics.registerFont(TTFont(face, str(path)))
    for face in FACES:  # after the faces: registering a face resets its family's mapping
        bold = f"{face}-Bold"
        if bold in FACES:
            pdfmetrics.registerFontFamily(face, normal=face, bold=bold, italic=face, boldItalic=bold)
    return tuple(FACES)


def registered() -> list[str]:
    """parlour's faces reportlab knows so far in this process (for tests and benchmarks)."""
    from reportlab.pdfbase import pdfmetrics

    known = set(pdfmetrics.getRegisteredFontNames())
    return [f for f in FACES if f in known]


@cache
def _cmap(face: str) -> frozenset[int]:
    from reportlab.pdfbase import pdfmetrics

    register_fonts()
    font = pdfmetrics.getFont(face)
    return frozenset(font.face.charToGlyph)


def has_glyph(face: str, char: str) -> bool:
    """True if `face` draws `char` itself (no missing-glyph box)."""
    return ord(char) in _cmap(face)


@functools.lru_cache(maxsize=2048)  # small: each distinct text is a key, and a long book has many
def covers(face: str, text: str) -> bool:
    """True if `face` has a glyph for every character of `text`."""
    return _cmap(face).issuperset(map(ord, text))


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
    return _width_per_1000(text, face) * size * 0.001


@functools.lru_cache(maxsize=8192)  # the pack measures ~4,100 texts; a long book's would grow without end
def _width_per_1000(text: str, face: str) -> float:
    """Width of `text` in `face` at 1000 pt. Widths scale linearly with the size (the result agrees
    with reportlab's stringWidth at that size to the last bit or two), and text fitting measures
    the same words at size after size: each word and face is measured once."""
    width = _string_width or _load_string_width()
    if covers(face, text):
        return width(text, face, 1000)
    return sum(width(chunk, f, 1000) for f, chunk in runs(text, face))


_string_width: Any = None  # reportlab's pdfmetrics.stringWidth, imported on first use (not at import)


def _load_string_width() -> Any:
    global _string_width
    from reportlab.pdfbase.pdfmetrics import stringWidth

    _string_width = stringWidth
    return stringWidth


#: Bidirectional classes of right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko...), Arabic
#: digits and the marks that reorder text: one rule for them all, refused (see check_drawable).
_RIGHT_TO_LEFT = frozenset({"R", "AL", "AN", "RLE", "RLO", "RLI", "LRE", "LRO", "LRI", "PDF", "PDI", "FSI"})


def check_drawable(text: str, where: str) -> None:
    """Refuse, naming the character and `where` it is, text that no face can draw (it would print as
    an empty box), that holds a control character such as NUL, or that runs right to left (it
    would print backwards: parlour refuses it rather than shaping it)."""
    import unicodedata

    for ch in text:
        if ch in "\t\n\r":
            continue
        code = f"U+{ord(ch):04X}"
        name = unicodedata.name(ch, "")
        shown = f"{ch!r} ({code}{' ' + name if name else ''})"
        if unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn"):
            raise ParlourError(f"{where}: holds the control or unassigned character {code}; remove it")
        if unicodedata.bidirectional(ch) in _RIGHT_TO_LEFT:
            raise ParlourError(
                f"{where}: holds right-to-left text ({shown}); parlour sets text left to right only "
                "and would print it backwards: write it in a left-to-right script"
            )
        if ord(ch) > 0xFFFF:  # emoji and other astral characters: the PDF's text map cannot hold them
            raise ParlourError(
                f"{where}: parlour cannot print {shown} (emoji and characters beyond U+FFFF are not "
                "supported): rewrite the text without it"
            )
        if not has_glyph(FALLBACK, ch):
            raise ParlourError(
                f"{where}: parlour's fonts cannot draw {shown}; it would print as an empty box: "
                "rewrite the text without it"
            )
