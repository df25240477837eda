"""A platypus Paragraph's fragments built straight from the simple markup parlour writes, without reportlab's HTML parser.

reportlab's Paragraph runs its text through ParaParser, an html.parser subclass, to get the
"frags": one ParaFrag per run of text in one face. For the little markup parlour writes
(<b>, <i>, <font name="...">, and the entities &amp; &lt; &gt;) `frags` builds the same list by
doing what ParaParser does for those tags (the same pushes, pops and face look-ups, through
reportlab's own ps2tt and tt2ps), at a fraction of the cost. Anything else, and anything that
goes wrong, answers None: the caller then lets ParaParser do it, so behaviour outside the subset
(other tags, errors) is reportlab's own.
"""

from __future__ import annotations

import re
from string import whitespace
from typing import Any

import reportlab
from reportlab.lib.fonts import ps2tt, tt2ps
from reportlab.pdfbase.pdfmetrics import getAscentDescent, getFont, stringWidth
from reportlab.platypus.paragraph import (
    _FK_TEXT,
    FragLine,
    ParaLines,
    _getFragWords,
    _HSFrag,
    _processed_frags,
    _shy,
    _SplitFrag,
    lstrip,
    split,
    strip,
    textTransformFrags,
)
from reportlab.platypus.paraparser import ParaFrag, known_entities

__all__ = ["frags", "break_lines", "CHECKED"]

#: The reportlab versions whose Paragraph.breakLines `break_lines` follows step by step, as
#: checked by tests/press/test_para.py; under any other version reportlab breaks every line itself.
CHECKED = frozenset({"5.1.0"})
_FOLLOWS = reportlab.Version in CHECKED

# what html.parser hands ParaParser, token by token: text up to the next < or &, a tag, an entity
_TOKEN = re.compile(
    r'([^<&]+)|<(b|i)>|</(b|i|font)>|<font name="([A-Za-z0-9_.-]+)">|&([a-zA-Z][a-zA-Z0-9]*);'
)
_PUSH = {"b": "bold", "i": "italic"}
_SHY = _shy  # the soft hyphen, which reportlab breaks at
_PLAIN_WORDS = (list, _HSFrag)  # fragwords of plain text (not split, soft-hyphenated or injected)
_NOT_PLAIN = frozenset(("cbDefn", "lineBreak", "backColor", "nobr"))  # fragments break_lines leaves alone
_SAME = ("fontName", "fontSize", "textColor", "rise", "us_lines", "link", "backColor", "nobr")


def _initial(style: Any) -> dict[str, Any]:
    """The attributes ParaParser's <para> fragment starts with (ParaParser._initial_frag, in its order)."""
    face, bold, italic = ps2tt(style.fontName)
    return {
        "rise": 0,
        "greek": 0,
        "link": [],
        "fontName": face,
        "bold": bold,
        "italic": italic,
        "fontSize": style.fontSize,
        "textColor": style.textColor,
        "us_lines": [],
        "__tag__": "para",
    }


def frags(text: str, style: Any) -> list[ParaFrag] | None:
    """ParaParser's fragments of cleaned paragraph `text` in `style` (what Paragraph keeps as
    .frags), or None when the text uses markup outside parlour's subset."""
    if text.startswith("<para"):
        return None  # a <para> tag of its own may restyle the paragraph
    try:
        stack = [_initial(style)]
        out: list[ParaFrag] = []
        pos = 0
        for m in _TOKEN.finditer(text):
            if m.start() != pos:
                return None
            pos = m.end()
            data, opened, closed, face, entity = m.groups()
            if entity is not None:
                data = known_entities.get(entity)
                if data is None:
                    return None
            if data is not None:
                f = dict(stack[-1])
                f["fontName"] = tt2ps(f["fontName"], f["bold"], f["italic"])
                f["text"] = data
                out.append(ParaFrag(**f))
            elif closed is not None:
                if len(stack) == 1 or stack.pop()["__tag__"] != closed:
                    return None
            else:
                f = dict(stack[-1])
                if opened is not None:
                    f["__tag__"] = opened
                    f[_PUSH[opened]] = 1
                else:
                    f["__tag__"] = "font"
                    f["fontName"], f["bold"], f["italic"] = ps2tt(face)
                stack.append(f)
        if pos != len(text) or len(stack) != 1:
            return None
    except ValueError:  # a face reportlab cannot map: let ParaParser report it
        return None
    textTransformFrags(out, style)
    return out


class _Fallback(Exception):
    """The paragraph needs something the short path does not do: reportlab breaks its lines."""


def break_lines(p: Any, width: Any) -> Any:
    """What reportlab's Paragraph.breakLines(width) returns (and leaves on `p`) for a paragraph of
    plain text in a style without hyphenation, shaping, bidi or bullet text; None for any other
    paragraph (the caller then asks reportlab). The same steps in the same order, so the same
    lines, widths and fragments, minus the costs that do not change the answer: a face is looked
    up once per fragment, not once per word, a space's width and a face's ascent once per face
    and size, and two fragments are compared by their attributes without rl_accel's sameFrag,
    which spends microseconds raising AttributeErrors for attributes plain text lacks."""
    style = p.style
    frags = p.frags
    if (
        not _FOLLOWS
        or not frags
        or p.bulletText
        or style.wordWrap
        or style.shaping
        or getattr(style, "hyphenationLang", "")
        or style.uriWasteReduce
        or style.embeddedHyphenation
    ):
        return None
    max_widths = list(width) if isinstance(width, (tuple, list)) else [width]
    if len(frags) == 1:
        return _one_fragment(p, frags[0], max_widths)
    words = _plain_words(frags, max_widths[0])
    if words is None:
        return None
    try:
        lines, width_max = _Lines(style, max_widths).fill(words)
    except _Fallback:
        return None
    p._width_max = width_max
    p.height = 0
    p._splitLongWordCount = p._hyphenations = 0
    p.frags = words
    return ParaLines(kind=1, lines=lines)


def _plain(f: Any) -> bool:
    """Whether ParaFrag `f` is plain text: no image, break, background, no-break or soft hyphen."""
    if not isinstance(f, ParaFrag):
        return False
    d = f.__dict__
    return "text" in d and _NOT_PLAIN.isdisjoint(d) and _SHY not in d["text"]


def _plain_words(frags: list[Any], max_width: float) -> list[Any] | None:
    """_getFragWords(frags): the paragraph's words, each [width, (fragment, text), ...]; None
    when a fragment is not plain text."""
    if not _processed_frags(frags):
        return _frag_words(frags) if all(map(_plain, frags)) else None
    words = _getFragWords(frags, max_width)  # words already (a paragraph broken before, or split)
    ok = None  # the last fragment found plain (a word's parts are mostly its neighbour's fragment)
    for w in words:
        if type(w) not in _PLAIN_WORDS:
            return None
        for f, _ in w[1:]:
            if f is not ok:
                d = f.__dict__
                if d.get("_fkind") != _FK_TEXT or not _NOT_PLAIN.isdisjoint(d):
                    return None
                ok = f
    return words


def _frag_words(frags: list[Any]) -> list[Any]:
    """reportlab's _getFragWords for fragments of plain text, step by step, each fragment's face
    looked up once."""
    out: list[Any] = []
    word: list[Any] = []
    n: float = 0
    strip_next = True
    for f in frags:
        text = f.text
        if text == "":
            continue
        f._fkind = _FK_TEXT
        if strip_next:
            text = lstrip(text)
            if not text:
                continue
            strip_next = False
        parts = split(text)
        if text[0] in whitespace or not parts:
            if word:
                word.insert(0, n)  # end the word before
                out.append(word)
                after_space = False
                word = []
                n = 0
            else:
                after_space = bool(out) and isinstance(out[-1], _HSFrag)
            if not after_space:
                parts.insert(0, "")
            elif not parts:
                continue
        widths = _widths(f.fontName, f.fontSize, "utf8")
        for w in parts[:-1]:
            word.append((f, w))
            n += widths[w]
            word.insert(0, n)
            out.append(_HSFrag(word))
            word = []
            n = 0
        w = parts[-1]
        word.append((f, w))
        n += widths[w]
        if text and text[-1] in whitespace:
            word.insert(0, n)
            out.append(_HSFrag(word))
            word = []
            n = 0
    if word:
        word.insert(0, n)
        out.append(word)
    if not out and frags:
        f = frags[0]
        f._fkind = _FK_TEXT
        out = [[0, (f, "")]]
    return out


class _Widths(dict[str, float]):
    """Text widths in one face at one size, measured once each (a word's width never changes)."""

    def __init__(self, measure: Any, size: float, encoding: str) -> None:
        super().__init__()
        self.measure, self.size, self.encoding = measure, size, encoding

    def __missing__(self, text: str) -> float:
        width: float = self.measure(text, self.size, self.encoding)
        self[text] = width
        return width


_WIDTHS: dict[tuple[Any, float, str], _Widths] = {}


def _widths(face: str, size: float, encoding: str) -> _Widths:
    """The widths of texts in `face` at `size` (what pdfmetrics.stringWidth gives: the registered
    font's own stringWidth), kept for this process, per font object."""
    font = getFont(face)
    key = (font, size, encoding)
    got = _WIDTHS.get(key)
    if got is None:
        got = _WIDTHS[key] = _Widths(font.stringWidth, size, encoding)
    return got


def _one_fragment(p: Any, f: Any, max_widths: list[float]) -> Any:
    """breakLines for a paragraph of one plain fragment (reportlab's kind-0 lines: (spare width,
    words) each), or None when it is not one."""
    style = p.style
    if style.endDots or not _plain(f):
        return None
    font_size = f.fontSize
    ascent, descent = getAscentDescent(f.fontName, font_size)
    text = strip(f.text)
    lines: list[tuple[float, list[str]]] = []
    width_max: float = 0
    if text:
        widths = _widths(f.fontName, font_size, p.encoding)
        space = widths[" "]
        shrink = style.spaceShrinkage * space
        split_long = style.splitLongWords
        last = len(max_widths) - 1
        lineno = 0
        max_width = max_widths[0]
        line: list[str] = []
        current = -space
        for word in split(text):
            word_width = widths[word]
            new_width = current + space + word_width
            lim_width = max_width + shrink * len(line)
            if new_width > lim_width and split_long:
                nmw = min(lineno, last)
                if word_width > max(max_widths[nmw : nmw + 1]):
                    return None  # a word wider than the column: reportlab splits it
            if new_width <= lim_width or not len(line):
                if word:
                    line.append(word)
                current = new_width
            else:
                if current > width_max:
                    width_max = current
                lines.append((max_width - current, line))
                line = [word]
                current = word_width
                lineno += 1
                max_width = max_widths[min(last, lineno)]
        if line != []:
            if current > width_max:
                width_max = current
            lines.append((max_width - current, line))
    p._width_max = width_max
    p.height = 0
    p._splitLongWordCount = p._hyphenations = 0
    return f.clone(kind=0, lines=lines, ascent=ascent, descent=descent, fontSize=font_size)


class _Lines:
    """The kind-1 loop of reportlab's Paragraph.breakLines for plain text fragwords."""

    def __init__(self, style: Any, max_widths: list[float]) -> None:
        self.max_widths = max_widths
        self.shrinkage = style.spaceShrinkage
        self.split_long = style.splitLongWords
        self._space: dict[tuple[str, float], float] = {}
        self._bounds: dict[tuple[str, float], tuple[float, float]] = {}
        # the line being filled (what breakLines keeps in locals)
        self.n = 0  # words on it
        self.space_width: float = 0  # of the space after its last word
        self.current: float = 0  # its width so far
        self.max_size: float = 0
        self.max_ascent: float = 0
        self.min_descent: float = 0
        self.g: Any = None  # its last fragment
        self.src: Any = None  # the fragment g was cloned from
        self.grown: Any = None  # the last fragment counted into the sizes

    def space(self, name: str, size: float) -> float:
        key = (name, size)
        got = self._space.get(key)
        if got is None:
            got = self._space[key] = stringWidth(" ", name, size)
        return got

    def bounds(self, name: str, size: float) -> tuple[float, float]:
        key = (name, size)
        got = self._bounds.get(key)
        if got is None:
            got = self._bounds[key] = getAscentDescent(name, size)
        return got

    def over(self, new_width: float, max_width: float, space_width: float, words: list[Any]) -> bool:
        """Whether a line `new_width` wide is too wide: wider than the limit breakLines works out.
        (With spaces that may only shrink, that limit is never below max_width: no need to work
        it out for a line that fits max_width.)"""
        if new_width <= max_width and self.shrinkage >= 0:
            return False
        return new_width > self.limit(max_width, space_width, words)

    def limit(self, max_width: float, space_width: float, words: list[Any]) -> float:
        """The width a line may reach: its spaces may shrink by `shrinkage` of their width."""
        if not self.shrinkage:
            return max_width
        shrink = space_width
        for wi in words:
            ns = wi.text.count(" ")
            if ns:
                shrink += ns * self.space(wi.fontName, wi.fontSize)
        return max_width + shrink * self.shrinkage

    def fill(self, fragwords: list[Any]) -> tuple[list[Any], float]:
        """(lines, widest line) as breakLines makes them; _Fallback where it would split a word."""
        max_widths = self.max_widths
        last = len(max_widths) - 1
        self.lineno = 0
        self.max_width = max_widths[0]
        self.width_max: float = 0
        self.lines: list[Any] = []
        self.words: list[Any] = []
        self.s_fw = 0
        for k, w in enumerate(fragwords):
            f = w[-1][0]
            font_name = f.fontName
            font_size = f.fontSize
            if not self.words:
                self.n = self.space_width = self.current = 0
                self.max_size = font_size
                self.max_ascent, self.min_descent = self.bounds(font_name, font_size)
                self.grown = f
            word_width = w[0]
            new_width = self.current + self.space_width + word_width if word_width > 0 else self.current
            over = self.over(new_width, self.max_width, self.space_width, self.words)
            if over and self.split_long and not isinstance(w, _SplitFrag):
                nmw = min(self.lineno, last)
                if word_width > max(max_widths[nmw : nmw + 1]):
                    raise _Fallback  # a word wider than the column: reportlab splits it
            if not (over and self.n > 0):
                self.add(w, font_name, new_width)
            else:
                self.end_line()
                self.s_fw = k
                self.lineno += 1
                self.max_width = max_widths[min(last, self.lineno)]
                self.space_width = self.space(font_name, font_size) if isinstance(w, _HSFrag) else 0
                self.current = word_width
                self.n = 1
                self.start_line(w)
        if self.words:
            self.end_line()
        return self.lines, self.width_max

    def grow(self, g: Any) -> None:
        """Count fragment `g` into the line's tallest size, ascent and descent (a fragment
        counted just before changes nothing)."""
        if g is self.grown:
            return
        self.grown = g
        ascent, descent = self.bounds(g.fontName, g.fontSize)
        self.max_size = max(self.max_size, g.fontSize)
        self.max_ascent = max(self.max_ascent, ascent)
        self.min_descent = min(self.min_descent, descent)

    def add(self, w: Any, font_name: str, new_width: float) -> None:
        """Put fragword `w` on the current line, joining its first part to the last fragment
        when they look the same."""
        f, n_text = w[1]
        if n_text:
            self.n += 1
        self.grow(f)
        words = self.words
        if not words:
            g = f.clone()
            self.words = words = [g]
            g.text = n_text
            self.src = f
        else:
            g = self.g
            if f is not self.src and not _same(g, f):  # (a clone of f is the same as f)
                if self.space_width:
                    wi = words[-1]
                    if not wi.text.endswith(" "):
                        wi.text += " "
                g = f.clone()
                words.append(g)
                g.text = n_text
                self.src = f
            elif self.space_width:
                if not g.text.endswith(" "):
                    g.text += " " + n_text
                else:
                    g.text += n_text
            else:
                g.text += n_text
        # (reportlab measures this space in the face of the word's last part, the size of its first)
        self.space_width = self.space(font_name, f.fontSize) if isinstance(w, _HSFrag) else 0
        ni = 0
        for part, text in w[2:]:
            g = part.clone()
            g.text = text
            if g.text:
                ni = 1
            words.append(g)
            self.grow(g)
            self.src = part
        self.g = g
        if not n_text and ni:
            self.n += 1
        self.current = new_width

    def start_line(self, w: Any) -> None:
        """Open a line with fragword `w`."""
        f = self.src = w[1][0]
        g = f.clone()
        self.max_size = g.fontSize
        self.max_ascent, self.min_descent = self.bounds(g.fontName, self.max_size)
        self.grown = f
        self.words = [g]
        g.text = w[1][1]
        for part, text in w[2:]:
            g = part.clone()
            g.text = text
            self.words.append(g)
            self.grow(g)
            self.src = part
        self.g = g

    def end_line(self) -> None:
        """Close the current line."""
        current = self.current
        if current > self.width_max:
            self.width_max = current
        self.lines.append(
            FragLine(
                extraSpace=self.max_width - current,
                wordCount=self.n,
                lineBreak=False,
                words=self.words,
                fontSize=self.max_size,
                ascent=self.max_ascent,
                descent=self.min_descent,
                maxWidth=self.max_width,
                sFW=self.s_fw,
            )
        )


def _same(g: Any, f: Any) -> bool:
    """rl_accel's sameFrag for two plain text fragments: the same face, size, colour, rise,
    underlines and links (compared as sameFrag does: the same object, or equal)."""
    gd, fd = g.__dict__, f.__dict__
    for key in _SAME:
        a, b = gd.get(key), fd.get(key)
        if a is not b and a != b:
            return False
    return True
