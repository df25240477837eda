"""reportlab's platypus, imported without the slow steps parlour never needs.

Importing `reportlab.platypus` compiles two patterns with character ranges running to U+FFFF:
a case-insensitive URL pattern (paragraph.uri_pat, used only to hyphenate URLs inside words) and
textsplit.rx (used only to split CJK text). Python's regex compiler visits every character of such
a range (and folds its case, for the first), which takes about 30 ms and 4 ms, a third of what
importing reportlab's canvas costs. Import this module before anything that imports platypus
(press.flow, games.rules_draw, reportlab.graphics): while it imports platypus, a pattern with a
range that wide is compiled the first time it is used instead of at import. Nothing else changes:
every other pattern compiles as usual, and a deferred one behaves as the compiled pattern (it is
compiled on its first use).
"""

from __future__ import annotations

import re
import sys
from typing import Any

WIDE = 0x3000  # a character range spanning more code points than this is "wide"


class LazyPattern:
    """A regular expression compiled on first use; any attribute is the compiled pattern's."""

    def __init__(self, pattern: str, flags: int) -> None:
        self._source, self._flags = pattern, flags
        self._compiled: re.Pattern[str] | None = None

    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = _REAL_COMPILE(self._source, self._flags)
        return self._compiled

    def __getattr__(self, name: str) -> Any:
        return getattr(self.compiled(), name)


_REAL_COMPILE = re.compile
_RANGE = re.compile(
    r"(?<!\\)(\\x[0-9a-fA-F]{2}|\\u[0-9a-fA-F]{4}|[^\\\]])-(\\x[0-9a-fA-F]{2}|\\u[0-9a-fA-F]{4}|[^\\\[])"
)


def _code(part: str) -> int:
    return int(part[2:], 16) if part.startswith("\\") else ord(part)


def slow_to_compile(pattern: object, flags: int) -> bool:
    """True for a str pattern with a character range wider than WIDE code points (written as
    characters or as \\x / \\u escapes): compiling one visits every code point in the range."""
    if not isinstance(pattern, str):
        return False
    return any(_code(b) - _code(a) > WIDE for a, b in _RANGE.findall(pattern))


def _deferring(pattern: Any, flags: int = 0) -> Any:
    if slow_to_compile(pattern, flags):
        return LazyPattern(pattern, flags)
    return _REAL_COMPILE(pattern, flags)


def import_platypus() -> None:
    """Import reportlab.platypus (and so reportlab.graphics' flowables) with slow patterns deferred."""
    if "reportlab.platypus" in sys.modules:
        return
    re.compile = _deferring
    try:
        import reportlab.platypus  # noqa: F401
    finally:
        re.compile = _REAL_COMPILE


import_platypus()
