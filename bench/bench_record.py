"""record against the stdlib's dataclass: CPU to make parlour's classes, and to make their instances.

Run: python bench/bench_record.py [--runs N]   (prints figures; asserts nothing)

1. Classes: every dataclass in generator/ is rebuilt from its fields and its own methods, once with
   `dataclasses.dataclass` (the floor, same flags) and once with `record`; process CPU of the
   decorator calls over all classes, median of N rounds.
2. Imports: fresh interpreters import what `parlour pack` needs (the collector off, as the parlour
   script imports); process CPU spent inside `record`, median of N runs.
3. Instances: the calls the pack makes most (Card: 2 of 3 fields positional; Slot: 6 positional;
   TextStyle through dataclasses.replace, all keywords; a mutable class by keyword) on the real
   class and on its stdlib twin; ns per call, median of N rounds, and the ratio.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import inspect
import json
import os
import pkgutil
import statistics
import subprocess
import sys
import time
import timeit
import types
from typing import Any

import generator
from generator.record import record

ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
GENERATED = {"__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"}
BOOKKEEPING = {"__dict__", "__weakref__", "__dataclass_fields__", "__dataclass_params__", "__record_params__"}

CHILD = r"""
import gc, json, time
gc.disable()  # as the parlour script imports (generator.console)
T = time.process_time
import click, reportlab.pdfgen.canvas
import generator.record as R
spent = [0.0, 0]
def timed(f):
    def g(*a, **k):
        t = T()
        try:
            return f(*a, **k)
        finally:
            spent[0] += T() - t
            spent[1] += 1
    return g
R._build = timed(R._build)
from generator.commands import sections as S
S.pack_sections()
print(json.dumps(spent))
"""


def real_classes() -> list[type]:
    found: dict[str, type] = {}
    for m in pkgutil.walk_packages(generator.__path__, "generator."):
        if m.name.startswith(
            ("generator._", "generator.__main__", "generator.console")
        ):  # (console turns the gc off)
            continue
        mod = importlib.import_module(m.name)
        for v in vars(mod).values():
            if isinstance(v, type) and v.__module__ == mod.__name__ and "__record_params__" in v.__dict__:
                found[f"{v.__module__}.{v.__qualname__}"] = v
    return [found[k] for k in sorted(found)]


def _made_by_record(value: Any) -> bool:
    fn = inspect.unwrap(value) if callable(value) else None
    code = getattr(fn, "__code__", None)
    return getattr(code, "co_filename", None) == sys.modules["generator.record"].__file__


def body_of(cls: type) -> dict[str, Any]:
    """The class body `cls` was made from: its own namespace less what record made, fields as field()."""
    ns = {
        k: v
        for k, v in cls.__dict__.items()
        if k not in BOOKKEEPING
        and k != "__match_args__"
        and not (k in GENERATED and (v is None or _made_by_record(v)))
    }
    own = cls.__dict__.get("__annotations__", {})
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if f.name in own:
            ns[f.name] = dataclasses.field(
                default=f.default,
                default_factory=f.default_factory,
                init=f.init,
                repr=f.repr,
                hash=f.hash,
                compare=f.compare,
                metadata=f.metadata,
            )
    return ns


def stdlib_twin(cls: type) -> type:
    frozen, eq = cls.__record_params__  # type: ignore[attr-defined]
    ns = body_of(cls)
    made = types.new_class(cls.__name__, cls.__bases__, {}, lambda n: n.update(ns))
    return dataclasses.dataclass(frozen=frozen, eq=eq)(made)


def class_round(classes: list[type]) -> tuple[float, float]:
    """CPU seconds of the decorator calls over all classes: (stdlib, record)."""
    spent = [0.0, 0.0]
    for cls in classes:
        frozen, eq = cls.__record_params__  # type: ignore[attr-defined]
        for i, deco in enumerate((dataclasses.dataclass(frozen=frozen, eq=eq), record(frozen=frozen, eq=eq))):
            ns = body_of(cls)
            made = types.new_class(cls.__name__, cls.__bases__, {}, lambda n, ns=ns: n.update(ns))
            t = time.process_time()
            deco(made)
            spent[i] += time.process_time() - t
    return spent[0], spent[1]


def imports_inside_record(runs: int) -> tuple[float, int]:
    argv = [sys.executable, "-c", CHILD]
    subprocess.run(argv, capture_output=True, env=ENV, check=True)  # warm bytecode, untimed
    figures = []
    for _ in range(runs):
        out = subprocess.run(argv, capture_output=True, text=True, env=ENV, check=True).stdout
        figures.append(json.loads(out.strip().splitlines()[-1]))
    return statistics.median(f[0] for f in figures), figures[0][1]


def instance_cases() -> list[tuple[str, str, dict[str, Any]]]:
    """(label, statement, names) for the calls the pack makes most."""
    from generator.press.cards import Card
    from generator.press.document import Page
    from generator.press.impose import Slot
    from generator.press.text import TextStyle

    def draw(c: Any, w: float, h: float) -> None:
        return None

    style = TextStyle()
    return [
        ("Card(name, front)", "C('ace', draw)", {"C": Card, "draw": draw}),
        ("Slot(6 positional)", "C(1.0, 2.0, 3.0, 4.0, False, 90)", {"C": Slot}),
        ("replace(TextStyle, size=9)", "replace(s, size=9.0)", {"C": TextStyle, "s": style}),
        ("Page(draw=, label=) mutable, 2 of 13", "C(draw=draw, label='x')", {"C": Page, "draw": draw}),
    ]


def per_call(stmt: str, names: dict[str, Any], runs: int) -> float:
    g = dict(names, replace=dataclasses.replace)
    number = 20000
    return statistics.median(timeit.repeat(stmt, globals=g, number=number, repeat=runs)) / number


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    classes = real_classes()
    print(f"python {sys.version.split()[0]}, {args.runs} runs, medians, {os.getloadavg()[0]:.2f} load")
    rounds = [class_round(classes) for _ in range(args.runs)]
    std = statistics.median(r[0] for r in rounds)
    rec = statistics.median(r[1] for r in rounds)
    n = len(classes)
    print(
        f"1. making generator/'s {n} classes     stdlib {std * 1e3:6.1f} ms ({std / n * 1e6:4.0f} us/class)"
    )
    print(
        f"                                      record {rec * 1e3:6.1f} ms ({rec / n * 1e6:4.0f} us/class)  x{rec / std:.2f}"
    )
    inside, count = imports_inside_record(args.runs)
    print(f"2. pack's imports: {count} classes made by record, {inside * 1e3:.1f} ms CPU inside record")
    print("3. instance creation                      stdlib ns  record ns   ratio")
    for label, stmt, names in instance_cases():
        twin = dict(names)
        twin["C"] = stdlib_twin(names["C"])
        if "s" in names:
            twin["s"] = twin["C"]()
        a = per_call(stmt, twin, args.runs)
        b = per_call(stmt, names, args.runs)
        print(f"   {label:36s} {a * 1e9:9.0f} {b * 1e9:10.0f} {b / a:7.2f}")


if __name__ == "__main__":
    main()
