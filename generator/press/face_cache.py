"""Loading a TTF face without re-parsing it: reportlab reads every table of a face (the character
map, about 6,000 glyph widths and glyph offsets) each time it loads one, about 12 ms a face and
70 ms for parlour's six. What that parse yields depends only on the font file and reportlab's
parser, so it is saved once in parlour's cache directory and read back with marshal; the file's
bytes are still read (subsetting copies glyphs out of them when the PDF is written).
"""

from __future__ import annotations

import functools
import marshal
from pathlib import Path
from typing import Any

from generator import cache

_FORMAT = 2  # 2: the glyph-to-character map saved apart, read only if asked for
_NOT_SAVED = ("_ttf_data", "_pdfScale")  # the file's bytes (read again) and a function (made again)
_ON_DEMAND = ("glyphToChar",)  # used only by text shaping (uharfbuzz): unmarshalled when first read


def cache_path(font: Path) -> Path:
    """Where one face's parse is kept, named by the file's and the parser's identity."""
    import reportlab
    from reportlab.pdfbase import ttfonts

    return cache.keyed_cache_path(
        f"face-{font.stem}",
        f"ttf-v{_FORMAT}-{font.name}-reportlab-{reportlab.Version}",
        ".bin",
        (font, Path(ttfonts.__file__)),
    )


def _scale(units_per_em: int) -> Any:
    """The font-units-to-1000ths function reportlab's extractInfo makes (the same arithmetic)."""
    if units_per_em == 1000:
        return lambda x: x
    mult = 1000 / units_per_em
    return lambda x: x * mult


def _saved(face: Any) -> dict[str, Any]:
    """What the cache file holds for a parsed face: its attributes in marshal's types."""
    from reportlab.pdfbase.ttfonts import TTFNameBytes

    attrs = {}
    names = []
    for k, v in vars(face).items():
        if k in _NOT_SAVED:
            continue
        if isinstance(v, TTFNameBytes):  # a bytes subclass carrying its text: keep the text
            names.append(k)
            v = v.ustr
        attrs[k] = v
    later = {k: marshal.dumps(attrs.pop(k)) for k in _ON_DEMAND if k in attrs}
    return {"version": _FORMAT, "attrs": attrs, "names": names, "later": later}


@functools.cache
def _face_class() -> Any:
    from reportlab.pdfbase.ttfonts import TTFontFace

    class SavedFace(TTFontFace):
        """reportlab's face, with the attributes in _ON_DEMAND unmarshalled when first read."""

        _later: dict[str, bytes]

        def __getattr__(self, name: str) -> Any:  # only for attributes not set yet
            later = self.__dict__.get("_later", {})
            if name not in later:
                raise AttributeError(name)
            value = marshal.loads(later.pop(name))
            setattr(self, name, value)
            return value

    return SavedFace


def _restored(path: Path, data: dict[str, Any]) -> Any:
    """A TTFontFace equal to reportlab's own parse of `path`, built from the saved attributes."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFNameBytes

    cls = _face_class()
    face = cls.__new__(cls)
    pdfmetrics.TypeFace.__init__(face, None)
    face._later = dict(data["later"])
    attrs = dict(data["attrs"])
    for k in data["names"]:
        attrs[k] = TTFNameBytes(attrs[k].encode("utf8"))
    face.__dict__.update(attrs)
    face._ttf_data = path.read_bytes()
    face._pdfScale = _scale(face.unitsPerEm)
    return face


def load_face(path: Path) -> Any:
    """reportlab's TTFontFace for the font file at `path`, from the cache when it holds it (parsed
    and saved otherwise; a cache that cannot be written is skipped)."""
    from reportlab.pdfbase.ttfonts import TTFontFace

    try:
        where = cache_path(path)
    except OSError:  # the font or the parser's file cannot be looked at: parse, keep nothing
        return TTFontFace(str(path))
    data = cache.read_saved(
        where, _FORMAT, lambda d: isinstance(d["attrs"], dict) and "charWidths" in d["attrs"]
    )
    if data is not None:
        return _restored(path, data)
    face = TTFontFace(str(path))
    try:
        cache.save(where, _saved(face))
    except ValueError:  # an attribute marshal cannot hold (another reportlab): just do not save
        pass
    return face


def load_font(name: str, path: Path) -> Any:
    """reportlab's TTFont named `name` for the file at `path` (its face through load_face), set up as
    TTFont's own constructor sets it up with its default arguments."""
    from fnmatch import fnmatch
    from weakref import WeakKeyDictionary

    from reportlab import rl_config
    from reportlab.pdfbase.ttfonts import TTEncoding, TTFont

    font = TTFont.__new__(TTFont)
    font.fontName = name
    font.face = load_face(path)
    font.encoding = TTEncoding()
    font.state = WeakKeyDictionary()
    font._asciiReadable = rl_config.ttfAsciiReadable
    font.shapable = not any(fnmatch(name, glob) for glob in rl_config.unShapedFontGlob)
    return font
