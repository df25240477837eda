"""The one exception type for user-facing errors: a single line saying what is wrong and how to fix it."""

import re as _re


class ParlourError(Exception):
    """One-line user error."""


#: What must not reach a terminal raw: C0 and C1 controls (ESC starts colour and cursor codes, a
#: newline would break a one-line message), the marks that reorder text, and the lone surrogates
#: that stand for undecodable bytes of a file name.
_UNPRINTABLE = _re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _escape(m: _re.Match[str]) -> str:
    c = ord(m.group())
    if 0xDC80 <= c <= 0xDCFF:  # a byte the file system name held that is not UTF-8
        return f"\\x{c - 0xDC00:02x}"
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def printable(text: object) -> str:
    """`text` safe to show on a terminal on one line: every control character, reordering mark and
    undecodable byte written as an escape (\\x1b, \\u202e), the rest as it is."""
    return _UNPRINTABLE.sub(_escape, str(text))
