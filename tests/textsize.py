"""Printed text sizes read back from a PDF: every text run with its size as it lands on the page.

An independent reading of the content streams (pypdf parses them; this walks the operators): the
graphics state stack (q/Q, cm), text matrices (Tm, Td, TD, T*), Tf, Tz and form XObjects (Do,
with their /Matrix), so a size set small and scaled up, or set large and scaled down, is measured
as printed: the height an em square has on the page.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import ContentStream

from tests.pathcheck import IDENTITY, Matrix
from tests.pathcheck import _mul as mul


@dataclass(frozen=True)
class Run:
    """One shown string: its text (as decoded by pypdf's font map when it can, else raw), the
    printed size in points, where it starts on the page, and the page number (1-based)."""

    page: int
    text: str
    size: float
    x: float
    y: float
    angle: float = 0.0  # the baseline's direction on the page, in degrees (90: reading upward)


def _decode(operand: object) -> str:
    if isinstance(operand, bytes):
        return operand.decode("latin-1", "replace")
    return str(operand)


def _walk(
    content: ContentStream, resources: object, ctm: Matrix, page: int, out: list[Run], depth: int
) -> None:
    stack: list[tuple[Matrix, float, float]] = []
    size, scale = 0.0, 1.0
    tm = tlm = IDENTITY
    leading = 0.0
    xobjects = {}
    if resources is not None:
        res = resources.get_object()
        if "/XObject" in res:
            xobjects = res["/XObject"].get_object()

    def show(text: str) -> None:
        m = mul(tm, ctm)
        # the em square's height as printed: the text-space y unit through Tm and the CTM
        printed = abs(size) * math.hypot(m[2], m[3])
        if text.strip():
            angle = math.degrees(math.atan2(m[1], m[0]))
            out.append(Run(page, text, printed, m[4], m[5], round(angle, 1)))

    for operands, op in content.operations:
        if op == b"q":
            stack.append((ctm, size, scale))
        elif op == b"Q":
            if stack:
                ctm, size, scale = stack.pop()
        elif op == b"cm":
            ctm = mul(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
        elif op == b"BT":
            tm = tlm = IDENTITY
        elif op == b"Tf":
            size = float(operands[1])
        elif op == b"Tz":
            scale = float(operands[0]) / 100
        elif op == b"TL":
            leading = float(operands[0])
        elif op == b"Tm":
            tm = tlm = tuple(float(v) for v in operands)  # type: ignore[assignment]
        elif op in (b"Td", b"TD"):
            tx, ty = float(operands[0]), float(operands[1])
            if op == b"TD":
                leading = -ty
            tm = tlm = mul((1, 0, 0, 1, tx, ty), tlm)
        elif op == b"T*":
            tm = tlm = mul((1, 0, 0, 1, 0, -leading), tlm)
        elif op in (b"Tj", b"'", b'"'):
            if op != b"Tj":
                tm = tlm = mul((1, 0, 0, 1, 0, -leading), tlm)
            show(_decode(operands[-1]))
        elif op == b"TJ":
            show("".join(_decode(p) for p in operands[0] if not isinstance(p, (int, float))))
        elif op == b"Do" and depth < 8:
            name = operands[0]
            if name in xobjects:
                xo = xobjects[name].get_object()
                if xo.get("/Subtype") == "/Form":
                    matrix = tuple(float(v) for v in xo.get("/Matrix", IDENTITY))
                    inner = ContentStream(xo, xo.pdf if hasattr(xo, "pdf") else None)
                    _walk(inner, xo.get("/Resources", resources), mul(matrix, ctm), page, out, depth + 1)  # type: ignore[arg-type]


def text_runs(path: str | Path) -> list[Run]:
    """Every non-blank text run on every page of the PDF at `path`."""
    reader = PdfReader(str(path))
    out: list[Run] = []
    for n, page in enumerate(reader.pages, start=1):
        contents = page.get_contents()
        if contents is None:
            continue
        _walk(ContentStream(contents, reader), page.get("/Resources"), IDENTITY, n, out, 0)
    return out


def smallest(path: str | Path) -> Run | None:
    """The run printed smallest (None if the PDF has no text)."""
    runs = text_runs(path)
    return min(runs, key=lambda r: r.size) if runs else None
