"""Read the vector paths of a PDF page back (through form XObjects, with the transforms applied):
what was stroked, dashed or not, in which colour, as polylines in page points."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import ContentStream

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)


def _mul(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF's row-vector convention: [x y 1] m n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


@dataclass
class Path_:
    """One painted path: its subpaths as lists of points (curve control points included)."""

    subpaths: list[list[tuple[float, float]]]
    stroked: bool
    filled: bool
    dashed: bool
    stroke: tuple[float, ...]
    width: float

    def segments(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        out = []
        for sp in self.subpaths:
            out += list(zip(sp, sp[1:], strict=False))
        return out

    def bbox(self) -> tuple[float, float, float, float]:
        pts = [p for sp in self.subpaths for p in sp]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return (min(xs), min(ys), max(xs), max(ys))


def page_paths(pdf: Path, index: int) -> list[Path_]:
    """Every painted path on page `index`."""
    reader = PdfReader(str(pdf))
    page = reader.pages[index]
    out: list[Path_] = []
    _walk(page.get_contents(), page["/Resources"], reader, IDENTITY, out)
    return out


def _walk(contents, resources, reader, ctm: Matrix, out: list[Path_]) -> None:
    stream = ContentStream(contents, reader)
    state = {"ctm": ctm, "dash": False, "stroke": (0.0,), "width": 1.0}
    stack = []
    subpaths: list[list[tuple[float, float]]] = []
    for operands, op in stream.operations:
        op = op.decode() if isinstance(op, bytes) else op
        nums = [float(v) for v in operands] if op in ("cm", "m", "l", "c", "v", "y", "re", "w") else []
        m = state["ctm"]
        if op == "q":
            stack.append(dict(state))
        elif op == "Q":
            state = stack.pop()
        elif op == "cm":
            state["ctm"] = _mul(tuple(nums), m)
        elif op == "w":
            state["width"] = nums[0]
        elif op == "d":
            state["dash"] = len(operands[0]) > 0
        elif op in ("RG", "G", "K"):
            state["stroke"] = tuple(float(v) for v in operands)
        elif op == "m":
            subpaths.append([_apply(m, *nums)])
        elif op == "l":
            subpaths[-1].append(_apply(m, *nums))
        elif op in ("c", "v", "y"):
            subpaths[-1] += [_apply(m, nums[i], nums[i + 1]) for i in range(0, len(nums), 2)]
        elif op == "re":
            x, y, w, h = nums
            subpaths.append(
                [
                    _apply(m, x, y),
                    _apply(m, x + w, y),
                    _apply(m, x + w, y + h),
                    _apply(m, x, y + h),
                    _apply(m, x, y),
                ]
            )
        elif op == "h":
            if subpaths and subpaths[-1]:
                subpaths[-1].append(subpaths[-1][0])
        elif op in ("S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n"):
            if op in ("s", "b", "b*"):
                for sp in subpaths:
                    sp.append(sp[0])
            if op != "n" and subpaths:
                stroked = op in ("S", "s", "B", "B*", "b", "b*")
                filled = op not in ("S", "s")
                out.append(Path_(subpaths, stroked, filled, state["dash"], state["stroke"], state["width"]))
            subpaths = []
        elif op == "Do":
            xobj = resources["/XObject"][operands[0]].get_object()
            if xobj.get("/Subtype") == "/Form":
                fm = tuple(float(v) for v in xobj.get("/Matrix", IDENTITY))
                _walk(xobj, xobj.get("/Resources", resources), reader, _mul(fm, m), out)
