"""reportlab's Canvas with faster text and colour operators that write the very same bytes.

reportlab's drawString builds a text object per call (measuring the string on the way, though only
drawRightString and drawCentredString need its width), splits the text into font subsets and
formats its size and leading anew each time; parlour draws thousands of short strings per pack,
many of them the same ones ('What am I?', '•', a footer). PressCanvas writes the same operators
('BT 1 0 0 1 x y Tm /F1+0 9 Tf 10.8 TL (...) Tj T* ET') directly, and keeps, per canvas, the
formatted run of each (face, size, leading, text) once drawn: a text's subset codes are assigned
the first time it is drawn and never change within a document, so its formatted run cannot
either. Colours set by RGB triples keep their formatted operator the same way. Anything off the
plain path (text modes, character or word spacing, a direction, shaping, a top-down canvas,
non-TrueType faces, text that is not a plain str) goes to reportlab's own code.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from operator import itemgetter
from typing import Any

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.pdfbase.ttfonts import ShapedStr
from reportlab.pdfgen import canvas as rl_canvas
from reportlab.pdfgen.canvas import PATH_OPS, Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from generator.cache import keep

_STATE = tuple(Canvas.STATE_ATTRIBUTES)  # what saveState keeps and restoreState puts back
_state_of = itemgetter(*_STATE)

#: formatted runs kept per canvas at most; past that the store starts afresh (a long daily book
#: draws ever new lines; the pack draws ~2,500 distinct ones)
RUNS_KEPT = 8192
#: recorded drawings kept per canvas at most (see PressCanvas.replay)
REPLAYS_KEPT = 4096


def _plain(mode: Any, char_space: float, direction: Any, word_space: Any, shaping: bool) -> bool:
    """True when a draw*String call asks for nothing beyond the text and where it goes (the short
    path's case); any text mode, spacing, direction or shaping is left to reportlab."""
    return mode is None and not char_space and direction is None and not word_space and not shaping


def _string_drawer(rl_method: Callable[..., None], anchor: float, where: str) -> Callable[..., None]:
    """PressCanvas's version of one of reportlab's three draw*String methods (same parameters):
    the short path, `anchor` of the text's width left of x, when the arguments allow it; else
    reportlab's own method."""

    def draw(
        self: PressCanvas,
        x: float,
        y: float,
        text: str,
        mode: int | None = None,
        charSpace: float = 0,  # noqa: N803 (reportlab's names)
        direction: str | None = None,
        wordSpace: float | None = None,  # noqa: N803
        shaping: bool = False,
    ) -> None:
        if not self._quick_string(x, y, text, anchor, _plain(mode, charSpace, direction, wordSpace, shaping)):
            rl_method(self, x, y, text, mode, charSpace, direction, wordSpace, shaping)

    draw.__name__ = rl_method.__name__
    draw.__qualname__ = f"PressCanvas.{rl_method.__name__}"
    draw.__doc__ = f"Draw `text` {where}, as Canvas.{rl_method.__name__} does."
    return draw


class PressCanvas(Canvas):
    """A Canvas whose plain drawString / drawRightString / drawCentredString and RGB colour setters
    take a short path to the same operators (see the module's docstring)."""

    # reportlab's Canvas sets these untyped; named here so that mypy knows them
    _currentMatrix: tuple[float, float, float, float, float, float]
    _extgstate: Any

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._runs: dict[tuple[str, float, float, str], str] = {}
        self._fill_ops: dict[tuple[float, float, float], str] = {}
        self._stroke_ops: dict[tuple[float, float, float], str] = {}
        self._replays: dict[Hashable, list[str]] = {}
        self._subset_names: dict[tuple[str, int], str] = {}
        self._nums: dict[float, str] = {}
        self._sizes: dict[tuple[float, float], str] = {}

    def _num(self, v: float) -> str:
        """fp_str(v), kept per value (a deck's cards repeat their coordinates): fp_str of several
        numbers is theirs joined by spaces."""
        found = self._nums.get(v)
        if found is None:
            found = keep(self._nums, v, fp_str(v), RUNS_KEPT)
        return found

    def _subset_name(self, font: Any, subset: int) -> str:
        """font.getSubsetInternalName(subset, doc): the first call for a face registers it with
        the document, and the name never changes afterwards, so it is kept."""
        key = (font.fontName, subset)
        name = self._subset_names.get(key)
        if name is None:
            name = self._subset_names[key] = font.getSubsetInternalName(subset, self._doc)
        return name

    def _size_ops(self, size: float, leading: float) -> str:
        """'{size} Tf {leading} TL' as the text object writes it."""
        ops = self._sizes.get((size, leading))
        if ops is None:
            ops = keep(self._sizes, (size, leading), f"{fp_str(size)} Tf {fp_str(leading)} TL", RUNS_KEPT)
        return ops

    def replay(self, key: Hashable, draw: Callable[[], None]) -> None:
        """Call draw() the first time `key` is seen on this canvas, recording the operators it
        writes; afterwards write the same operators again without calling it. For a drawing that
        leaves the canvas's state as it found it (saveState ... restoreState) and whose operators
        depend only on `key`: the same card frame, rule or line of text at the same place on every
        card of a deck (a card's coordinates are its own)."""
        ops = self._replays.get(key)
        if ops is not None:
            self._code.extend(ops)
            return
        code = self._code
        start = len(code)
        draw()
        if self._code is code:  # (a drawing that began or ended a form is not recorded)
            keep(self._replays, key, code[start:], REPLAYS_KEPT)

    def _run(self, text: str) -> str | None:
        """The operators that set `text` in the current face, size and leading (the part of a text
        object between its Tm and its T*), as reportlab's textobject formats them; None off the
        plain path."""
        if type(text) is not str or not self.bottomup:
            return None
        key = (self._fontname, self._fontsize, self._leading, text)
        run = self._runs.get(key)
        if run is not None:
            return run
        font = getFont(self._fontname)
        if not font._dynamicFont:
            return None
        escape = self._escape
        ops = []
        cur = -1
        for subset, chunk in _split(font, text, self._doc):
            if subset != cur:
                ops.append(
                    f"{self._subset_name(font, subset)} {self._size_ops(self._fontsize, self._leading)}"
                )
                cur = subset
            ops.append(f"({escape(chunk)}) Tj")
        return keep(self._runs, key, " ".join(ops), RUNS_KEPT)

    def saveState(self) -> None:  # noqa: N802 (reportlab's name)
        """Canvas.saveState: the state attributes kept (as one tuple rather than a dict), the
        extended graphics state pushed, 'q' written."""
        self.state_stack.append(_state_of(self.__dict__))
        self._extgstate = self._extgstate.pushCopy()
        self._code.append("q")

    def restoreState(self) -> None:  # noqa: N802 (reportlab's name)
        """Canvas.restoreState: 'Q' written, the attributes kept by the matching save put back."""
        self._code.append("Q")
        self.pop_state_stack()

    def pop_state_stack(self) -> None:
        """Put back the state on top of the stack: a tuple from saveState, or a dict from
        reportlab's own push_state_stack (beginForm pushes one)."""
        state = self.state_stack.pop()
        self.__dict__.update(state if type(state) is dict else zip(_STATE, state, strict=True))

    def beginText(self, x: float = 0, y: float = 0, direction: str | None = None) -> PDFTextObject:  # noqa: N802
        """A text object (as Canvas.beginText) whose text is split into font subsets by the
        short path too (platypus paragraphs draw through these)."""
        return _PressText(self, x, y, direction=direction)

    def _quick_string(self, x: float, y: float, text: str, anchor: float, plain: bool) -> bool:
        """Write `text` at (x, y) by the short path, `anchor` of its width left of x (0 for
        drawString, 0.5 centred, 1 right); False, with nothing written, where reportlab must do it
        (any of the unusual arguments, or a face that is not a subsetting TrueType one)."""
        run = self._run(text) if plain else None
        if run is None:
            return False
        if anchor:
            x -= anchor * stringWidth(text, self._fontname, self._fontsize)
        self._code.append(f"BT 1 0 0 1 {self._num(x)} {self._num(y)} Tm {run} T* ET")
        return True

    drawString = _string_drawer(Canvas.drawString, 0, "with its baseline starting at (x, y)")
    drawRightString = _string_drawer(Canvas.drawRightString, 1, "ending at x")
    drawCentredString = _string_drawer(Canvas.drawCentredString, 0.5, "centred on x")

    def transform(self, a: float, b: float, c: float, d: float, e: float, f: float) -> None:
        """Canvas.transform: the matrix tracked, and 'a b c d e f cm' written; right after another
        'cm' reportlab merges the two, and that (rarer) case is left to it."""
        code = self._code
        if code and code[-1][-3:] == " cm":
            super().transform(a, b, c, d, e, f)
            return
        if rl_canvas.ENABLE_TRACKING:
            a0, b0, c0, d0, e0, f0 = self._currentMatrix
            self._currentMatrix = (
                a0 * a + c0 * b,
                b0 * a + d0 * b,
                a0 * c + c0 * d,
                b0 * c + d0 * d,
                a0 * e + c0 * f + e0,
                b0 * e + d0 * f + f0,
            )
        n = self._num
        code.append(f"{n(a)} {n(b)} {n(c)} {n(d)} {n(e)} {n(f)} cm")

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        """Canvas.line: a segment from (x1, y1) to (x2, y2), stroked."""
        n = self._num
        self._code.append(f"n {n(x1)} {n(y1)} m {n(x2)} {n(y2)} l S")

    def rect(self, x: float, y: float, width: float, height: float, stroke: int = 1, fill: int = 0) -> None:
        """Canvas.rect: a rectangle from its lower left corner (x, y)."""
        n = self._num
        self._code.append(
            f"n {n(x)} {n(y)} {n(width)} {n(height)} re " + PATH_OPS[stroke, fill, self._fillMode]
        )

    def setLineWidth(self, width: float) -> None:  # noqa: N802 (reportlab's name)
        """Canvas.setLineWidth."""
        self._lineWidth = width
        self._code.append(f"{self._num(width)} w")

    def setFillColorRGB(self, r: float, g: float, b: float, alpha: float | None = None) -> None:  # noqa: N802
        """Set the fill colour from red, green and blue in 0..1, as Canvas.setFillColorRGB does."""
        if alpha is not None or self._enforceColorSpace:
            super().setFillColorRGB(r, g, b, alpha)
            return
        rgb = (r, g, b)
        op = self._fill_ops.get(rgb)
        if op is None:
            op = self._fill_ops[rgb] = f"{fp_str(rgb)} rg"
        self._fillColorObj = rgb
        self._code.append(op)

    def setStrokeColorRGB(self, r: float, g: float, b: float, alpha: float | None = None) -> None:  # noqa: N802
        """Set the stroke colour from red, green and blue in 0..1, as Canvas.setStrokeColorRGB does."""
        if alpha is not None or self._enforceColorSpace:
            super().setStrokeColorRGB(r, g, b, alpha)
            return
        rgb = (r, g, b)
        op = self._stroke_ops.get(rgb)
        if op is None:
            op = self._stroke_ops[rgb] = f"{fp_str(rgb)} RG"
        self._strokeColorObj = rgb
        self._code.append(op)


def _split(font: Any, text: str, doc: Any) -> list[tuple[int, bytes]]:
    """font.splitString(text, doc): the text's (subset, codes) chunks. When every character already
    has its code in the first subset (the usual case after a page or two), the one chunk is made
    here; anything else (a character seen for the first time, one from a later subset, a no-break
    space, a character the face lacks) goes to reportlab, which assigns the codes."""
    state = font.state.get(doc)
    if state is not None and "\xa0" not in text:
        assigned = state.assignments
        try:
            codes = bytes([assigned[c] for c in map(ord, text)])
        except (KeyError, ValueError):  # not yet assigned; or a code past 255, in a later subset
            pass
        else:
            return [(0, codes)] if codes else []
    return font.splitString(text, doc)


def replay(c: Canvas, key: Hashable, draw: Callable[[], None]) -> None:
    """PressCanvas.replay on a PressCanvas; on any other canvas (a measuring one, a card image's),
    simply draw()."""
    own = getattr(c, "replay", None)
    if own is None:
        draw()
    else:
        own(key, draw)


class _PressText(PDFTextObject):
    """reportlab's text object, formatting plain text in a TrueType face with `_split` (the same
    operators as PDFTextObject._formatText); anything else goes to reportlab's own formatting."""

    _curSubset: int  # set untyped by reportlab's text object

    def _formatText(self, text: str) -> str:  # noqa: N802 (reportlab's name)
        font = getFont(self._fontname)
        if type(text) is not str or not font._dynamicFont or (font.shapable and isinstance(text, ShapedStr)):
            return str(super()._formatText(text))
        canvas: PressCanvas = self._canvas
        escape = canvas._escape
        ops = []
        for subset, chunk in _split(font, text, canvas._doc):
            if subset != self._curSubset:
                ops.append(
                    f"{canvas._subset_name(font, subset)} {canvas._size_ops(self._fontsize, self._leading)}"
                )
                self._curSubset = subset
            ops.append(f"({escape(chunk)}) Tj")
        return " ".join(ops)
