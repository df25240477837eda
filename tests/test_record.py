"""generator/record.py against its oracle, the stdlib's `dataclasses.dataclass`.

Every class is built twice, once with `record` and once with `dataclasses.dataclass` and the same
flags, from generated specs (fields with defaults, factories, init/repr/compare/hash flags, frozen
or not, eq or not, a base class, a __post_init__, methods of its own) and from every real class in
generator/; the same calls must give the same values, exceptions (type and message), reprs,
equality, hashes, frozen behaviour, fields(), replace(), asdict(), __match_args__ and signature.
"""

from __future__ import annotations

import ast
import builtins
import copy
import dataclasses
import gc
import importlib
import inspect
import itertools
import pkgutil
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import generator
from generator import record as record_module
from generator.record import record

NAMES = ["a", "b", "c", "d", "e", "self"]
OWN = ["__post_init__", "__repr__", "__eq__", "__hash__", "hash_none", "__setattr__", "classvar"]


def outcome(fn: Callable[..., Any], *args: Any, **kw: Any) -> tuple[Any, ...]:
    """What a call did: ("ok", result) or ("raised", exception type, message)."""
    try:
        return ("ok", fn(*args, **kw))
    except Exception as e:  # the oracle and the record must fail alike
        return ("raised", type(e).__name__, str(e))


# ---- a class spec, built with either decorator


@st.composite
def field_specs(draw: st.DrawFn) -> dict[str, Any]:
    return {
        "default": draw(st.sampled_from(["none", "value", "count", "list"])),
        "value": draw(st.integers(-3, 3)),
        "init": draw(st.booleans()),
        "repr": draw(st.booleans()),
        "compare": draw(st.booleans()),
        "hash": draw(st.sampled_from([None, True, False])),
        "bare": draw(st.booleans()),  # a plain `name: int = value` when no flag needs field()
    }


@st.composite
def class_specs(draw: st.DrawFn) -> dict[str, Any]:
    names = draw(st.lists(st.sampled_from(NAMES), unique=True, max_size=5))
    return {
        "fields": [(name, draw(field_specs())) for name in names],
        "frozen": draw(st.booleans()),
        "eq": draw(st.booleans()),
        "own": draw(st.sets(st.sampled_from(OWN), max_size=3)),
    }


def make_field(spec: dict[str, Any], counter: Callable[[], int]) -> Any:
    default = spec["default"]
    plain = spec["init"] and spec["repr"] and spec["compare"] and spec["hash"] is None
    if plain and spec["bare"] and default in ("none", "value"):
        return dataclasses.MISSING if default == "none" else spec["value"]
    kw: dict[str, Any] = {k: spec[k] for k in ("init", "repr", "compare", "hash")}
    if default == "value":
        kw["default"] = spec["value"]
    elif default == "count":
        kw["default_factory"] = counter
    elif default == "list":
        kw["default_factory"] = lambda: [counter()]
    return dataclasses.field(**kw)


def body(spec: dict[str, Any]) -> dict[str, Any]:
    """The class body of a spec (fresh Field objects and factories for every build)."""
    ns: dict[str, Any] = {"__module__": __name__, "__qualname__": "C", "__annotations__": {}}
    count = itertools.count()
    for name, fs in spec["fields"]:
        ns["__annotations__"][name] = "int"
        value = make_field(fs, count.__next__)
        if value is not dataclasses.MISSING:
            ns[name] = value
    own = spec["own"]
    if "classvar" in own:
        ns["__annotations__"]["shared"] = ClassVar[int]
        ns["shared"] = 5
    if "__post_init__" in own:
        ns["__post_init__"] = lambda self: object.__setattr__(self, "seen", sorted(vars(self)))
    if "__repr__" in own:
        ns["__repr__"] = lambda self: "own repr"
    if "__eq__" in own:
        ns["__eq__"] = lambda self, other: "own eq"
    if "__hash__" in own:
        ns["__hash__"] = lambda self: 7
    elif "hash_none" in own:
        ns["__hash__"] = None
    if "__setattr__" in own:
        ns["__setattr__"] = lambda self, name, value: object.__setattr__(self, name, value)
    return ns


def decorator(kind: str, spec: dict[str, Any]) -> Callable[[type], type]:
    if kind == "record":
        return record(frozen=spec["frozen"], eq=spec["eq"])
    return dataclasses.dataclass(frozen=spec["frozen"], eq=spec["eq"])


def build(kind: str, spec: dict[str, Any], base: type | None = None) -> Any:
    """The class of `spec` made with `kind` ('record' or 'stdlib'), or how making it failed."""
    ns = body(spec)
    if "__eq__" in ns and "__hash__" not in ns:
        ns["__hash__"] = None  # what a class statement does for a body defining __eq__
    cls = types.new_class("C", (base,) if base else (), {}, lambda n: n.update(ns))
    return outcome(decorator(kind, spec), cls)


# ---- what an instance and its class do


def about_class(cls: type) -> list[Any]:
    return [
        cls.__match_args__,  # type: ignore[attr-defined]
        [
            (f.name, f.init, f.repr, f.compare, f.hash, f.default, f.default_factory is dataclasses.MISSING)
            for f in dataclasses.fields(cls)
        ],
        str(inspect.signature(cls)),
        [
            (p.name, p.kind, str(p.default), p.annotation)
            for p in inspect.signature(cls.__init__).parameters.values()
        ],
        cls.__doc__,
        cls.__hash__ is None,
        dataclasses.is_dataclass(cls),
    ]


def state(obj: Any) -> tuple[Any, ...]:
    """An instance's attributes as they are now (as text: they may later hold the instance)."""
    return outcome(lambda: repr(vars(obj)))


def trial(cls: type, calls: list[tuple[tuple[Any, ...], dict[str, Any]]]) -> list[Any]:
    """Everything observable about `cls` and instances made with `calls` (the first two made
    instances are compared with each other)."""
    seen: list[Any] = about_class(cls)
    made = []
    for args, kw in calls:
        got = outcome(cls, *args, **kw)
        seen.append(got[:1] + (state(got[1]),) if got[0] == "ok" else got)
        if got[0] == "ok":
            made.append(got[1])
    for x in made:
        seen.append(outcome(repr, x))
        if type(x).__hash__ is object.__hash__:
            seen.append("identity hash")
        else:
            seen.append(outcome(hash, x))
        seen += [outcome(dataclasses.asdict, x), outcome(dataclasses.astuple, x)]
        seen += [outcome(lambda x=x: state(copy.copy(x))), outcome(lambda x=x: state(copy.deepcopy(x)))]
        seen.append(outcome(lambda x=x: x.__eq__(object())))
        r = outcome(dataclasses.replace, x)
        seen.append(r[:1] + (state(r[1]),) if r[0] == "ok" else r)
        for name in [f.name for f in dataclasses.fields(x)][:2]:
            r = outcome(dataclasses.replace, x, **{name: 42})
            seen.append(r[:1] + (state(r[1]),) if r[0] == "ok" else r)
    if len(made) >= 2:
        x, y = made[:2]
        seen += [
            outcome(lambda: x == y),
            outcome(lambda: x != y),
            outcome(lambda: y == x),
            outcome(lambda: x == x),
        ]
    for x in made[:1]:
        for name in [f.name for f in dataclasses.fields(x)][:1] + ["other"]:
            seen += [outcome(setattr, x, name, [x]), state(x) if name != "other" else None]
            seen.append(outcome(repr, x))  # recursive when a field now holds x itself
            seen += [outcome(delattr, x, name), sorted(vars(x))]
    return seen


def same(a: list[Any], b: list[Any]) -> None:
    """Equal observations; an instance inside is compared by its repr."""
    assert len(a) == len(b)
    for i, (p, q) in enumerate(zip(a, b, strict=True)):
        assert repr(p) == repr(q), f"observation {i}: record {p!r} vs stdlib {q!r}"


@st.composite
def calls(draw: st.DrawFn) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
    out = []
    for _ in range(draw(st.integers(1, 4))):
        args = tuple(draw(st.lists(st.integers(0, 9), max_size=6)))
        kw = draw(st.dictionaries(st.sampled_from([*NAMES, "zz"]), st.integers(10, 19), max_size=3))
        out.append((args, kw))
    return out


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(class_specs(), calls())
def test_a_record_behaves_as_the_stdlib_dataclass(spec: dict[str, Any], tries: list[Any]) -> None:
    mine, oracle = build("record", spec), build("stdlib", spec)
    assert mine[0] == oracle[0], (mine, oracle)
    if mine[0] == "raised":
        assert mine == oracle
        return
    same(trial(mine[1], tries), trial(oracle[1], tries))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(class_specs(), class_specs(), calls())
def test_inheritance_behaves_as_the_stdlib(
    base: dict[str, Any], child: dict[str, Any], tries: list[Any]
) -> None:
    results = {}
    for kind in ("record", "stdlib"):
        b = build(kind, base)
        results[kind] = [b[:1]] if b[0] == "ok" else [b]
        if b[0] == "ok":
            c = build(kind, child, b[1])
            results[kind].append(c if c[0] == "raised" else ("ok",))
            if c[0] == "ok":
                plain = types.new_class("D", (c[1],), {}, lambda n: n.update({"__module__": __name__}))
                results[kind] += trial(c[1], tries) + trial(plain, tries)
    same(results["record"], results["stdlib"])


# ---- the decorator's forms and its refusals


def test_the_bare_form_is_frozen_with_eq() -> None:
    @record
    class P:
        x: int

    @record()
    class Q:
        x: int

    for cls in (P, Q):
        assert cls.__record_params__ == (True, True)  # type: ignore[attr-defined]
        with pytest.raises(dataclasses.FrozenInstanceError):
            cls(1).x = 2  # type: ignore[misc]
        assert hash(cls(1)) == hash(cls(1)) and cls(1) == cls(1)


def test_no_code_is_compiled() -> None:
    # record's own methods are closures: a class costs no more exec/compile calls than the
    # stdlib's bookkeeping call alone (none on Python 3.11 and 3.12; 3.13 execs one empty function)
    calls: list[str] = []

    def counting(name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def count(*args: Any, **kw: Any) -> Any:
            calls.append(name)
            return real(*args, **kw)

        return count

    def body() -> dict[str, Any]:
        return {  # (with a docstring: for a class without one the stdlib parses a signature)
            "__module__": __name__,
            "__doc__": "A point.",
            "__annotations__": {"x": "int", "y": "list[int]"},
            "y": dataclasses.field(default_factory=list),
        }

    def compiled(make: Callable[[type], Any], works: bool = True) -> int:
        calls.clear()
        cls = types.new_class("P", (), {}, lambda n: n.update(body()))
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(builtins, "exec", counting("exec", builtins.exec))
            mp.setattr(builtins, "compile", counting("compile", builtins.compile))
            made = make(cls)
        assert not works or made(1).y == made(1, []).y == []
        return len(calls)

    bookkeeping = compiled(lambda c: dataclasses.dataclass(c, init=False, repr=False, eq=False), works=False)
    assert compiled(record) == compiled(record(frozen=False, eq=False)) == bookkeeping
    assert compiled(dataclasses.dataclass(frozen=True)) >= 1  # (the count sees the stdlib's exec)
    if sys.version_info < (3, 13):
        assert bookkeeping == 0


@pytest.mark.parametrize(
    ("annotation", "value"),
    [("dataclasses.InitVar[int]", dataclasses.MISSING), ("int", dataclasses.field(kw_only=True))],
)
def test_unsupported_fields_are_refused(annotation: str, value: Any) -> None:
    ns: dict[str, Any] = {"__module__": __name__, "__annotations__": {"x": annotation}}
    if value is not dataclasses.MISSING:
        ns["x"] = value
    cls = types.new_class("P", (), {}, lambda n: n.update(ns))
    with pytest.raises(TypeError, match="does not support"):
        record(cls)


def test_a_stdlib_dataclass_base_is_refused() -> None:
    @dataclasses.dataclass
    class Base:
        x: int

    class P(Base):
        y: int

    with pytest.raises(TypeError, match="stdlib dataclass"):
        record(frozen=False)(P)


def test_instances_keep_their_attributes_as_the_stdlibs_do() -> None:
    # __init__ sets the fields one by one, as the stdlib's does: writing the instance __dict__ in
    # one go would make CPython turn its inline values into a dict object, and every later read
    # of a field slower (the garbage collector sees that dict among the instance's referents)
    @record
    class P:
        x: int
        y: int = 2

    @record(frozen=False)
    class M:
        x: int
        y: int = 2

    @dataclasses.dataclass(frozen=True)
    class Q:
        x: int
        y: int = 2

    def kinds(obj: object) -> list[str]:
        return [type(r).__name__ for r in gc.get_referents(obj)]

    assert kinds(P(1)) == kinds(M(1)) == kinds(Q(1))
    assert list(vars(P(1))) == list(vars(Q(1))) == ["x", "y"]


# ---- every real class in generator/


# modules not imported here: the entry points act on import (generator.console turns the gc off)
SIDE_EFFECTS = ("generator._", "generator.__main__", "generator.console")


def generator_modules() -> list[types.ModuleType]:
    return [
        importlib.import_module(m.name)
        for m in pkgutil.walk_packages(generator.__path__, "generator.")
        if not m.name.startswith(SIDE_EFFECTS)
    ]


def generator_classes() -> list[type]:
    found = {}
    for mod in generator_modules():
        for value in vars(mod).values():
            if (
                isinstance(value, type)
                and value.__module__ == mod.__name__
                and dataclasses.is_dataclass(value)
            ):
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return [found[k] for k in sorted(found)]


GENERATED = {"__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"}
_TWINS: dict[type, type] = {}


def made_by_record(value: Any) -> bool:
    fn = inspect.unwrap(value) if callable(value) else None
    return getattr(getattr(fn, "__code__", None), "co_filename", None) == record_module.__file__


def twin(cls: type) -> type:
    """The same class made by the stdlib: its own body (less what record made), its fields as
    field() specs, its record bases replaced by their twins."""
    if cls in _TWINS:
        return _TWINS[cls]
    frozen, eq = cls.__record_params__  # type: ignore[attr-defined]
    own = cls.__dict__
    ns = {k: v for k, v in own.items() if not (k in GENERATED and (made_by_record(v) or v is None))}
    for k in (
        "__dict__",
        "__weakref__",
        "__dataclass_fields__",
        "__dataclass_params__",
        "__record_params__",
        "__match_args__",
    ):
        ns.pop(k, None)
    if ns.get("__doc__", "").startswith(cls.__name__ + "("):
        ns["__doc__"] = None  # record wrote it, as the stdlib will
    names = own.get("__annotations__", {})
    for f in dataclasses.fields(cls):
        if f.name in names:
            ns[f.name] = dataclasses.field(
                default=f.default,
                default_factory=f.default_factory,
                init=f.init,
                repr=f.repr,
                hash=f.hash,
                compare=f.compare,
                metadata=f.metadata,
            )
    bases = tuple(twin(b) if "__record_params__" in b.__dict__ else b for b in cls.__bases__)
    made = types.new_class(cls.__name__, bases, {}, lambda n: n.update(ns))
    _TWINS[cls] = dataclasses.dataclass(frozen=frozen, eq=eq)(made)
    return _TWINS[cls]


def sample_calls(cls: type) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
    init = [f for f in dataclasses.fields(cls) if f.init]
    required = [
        f for f in init if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    ]
    return [
        (tuple(range(len(init))), {}),
        (tuple(range(100, 100 + len(init))), {}),
        (tuple(range(len(required))), {}),
        ((), {f.name: i for i, f in enumerate(init)}),
        (tuple(range(len(init) + 1)), {}),
    ]


CLASSES = generator_classes()


def test_the_real_classes_were_found() -> None:
    # the walk sees the packages' dataclasses (a check over nothing would pass)
    names = {c.__qualname__ for c in CLASSES}
    assert len(CLASSES) >= 100 and {"Card", "Slot", "TextStyle"} <= names


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: f"{c.__module__}.{c.__qualname__}")
def test_every_generator_class_behaves_as_its_stdlib_twin(cls: type) -> None:
    assert "__record_params__" in cls.__dict__, f"{cls.__qualname__} is not a record"
    tries = sample_calls(cls)
    same(trial(cls, tries), trial(twin(cls), tries))


def test_no_stdlib_dataclass_decorator_in_generator() -> None:
    # one kind of dataclass in the package: a stdlib dataclass next to records could inherit from
    # one (their flags do not agree) and would compile its methods at import again
    offences = []
    root = Path(generator.__file__).parent
    for path in sorted(root.rglob("*.py")):
        if path.name == "record.py":
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "dataclasses":
                offences += [
                    f"{path.name}:{node.lineno} imports {a.name}"
                    for a in node.names
                    if a.name in ("dataclass", "make_dataclass")
                ]
            elif isinstance(node, ast.Attribute) and node.attr in ("dataclass", "make_dataclass"):
                offences.append(f"{path.name}:{node.lineno} uses .{node.attr}")
    assert not offences, f"use generator.record.record instead: {offences}"
