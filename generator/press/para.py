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
from typing import Any

from reportlab.lib.fonts import ps2tt, tt2ps
from reportlab.platypus.paragraph import textTransformFrags
from reportlab.platypus.paraparser import ParaFrag, known_entities

__all__ = ["frags"]

# what html.parser hands ParaParser, token by token: text up to the next < or &, a tag, an entity
_TOKEN = re.compile(
    r'([^<&]+)|<(b|i)>|</(b|i|font)>|<font name="([A-Za-z0-9_.-]+)">|&([a-zA-Z][a-zA-Z0-9]*);'
)
_PUSH = {"b": "bold", "i": "italic"}


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
