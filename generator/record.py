"""`record`: parlour's dataclass decorator, the stdlib's semantics without generating code at import.

On Python 3.11 `@dataclass(frozen=True)` writes six methods as source text and `exec`s them, about
0.7 ms a class; parlour defines over a hundred such classes, so start-up paid tens of milliseconds
compiling them. `record` lets `dataclasses.dataclass(cls, init=False, repr=False, eq=False)` do the
field bookkeeping (so `fields`, `replace`, `asdict`, `is_dataclass` and `__match_args__` work as
before), then attaches `__init__`, `__repr__`, `__eq__`, `__hash__` and, for frozen classes,
`__setattr__`/`__delattr__` made from closures over the field list: nothing is compiled (on 3.13
the stdlib's bookkeeping call itself execs one empty function; 3.13 builds a class's methods with
one exec, so records gain less there).

The behaviour is the stdlib's for the features parlour uses (tests/test_record.py checks it against
`dataclasses.dataclass` on generated classes): positional or keyword arguments in field order,
defaults, `field(default_factory=..., init=False, repr=False, compare=False, hash=...)`,
`__post_init__`, inheritance between records (the bases' fields first), methods a class body
defines itself are kept, the stdlib's `__hash__` table (frozen and eq: the hash of the compared
fields; eq and not frozen: unhashable; eq=False: inherited), `FrozenInstanceError`, the recursive
repr guard, `__eq__` answering `NotImplemented` for another class (and comparing as the running
Python's stdlib does: tuples up to 3.12, field by field after an identity check from 3.13).
`InitVar`, keyword-only fields and stdlib dataclass bases are refused with a TypeError.
`__dataclass_params__` describes what the stdlib generated (nothing); a record's own flags are
`__record_params__` = (frozen, eq).
"""

from __future__ import annotations

import abc
import dataclasses
import inspect
import sys
from _thread import get_ident
from collections.abc import Callable
from operator import attrgetter, itemgetter
from typing import Any, TypeVar, dataclass_transform, overload

__all__ = ["record"]

_T = TypeVar("_T")
_MISSING: Any = dataclasses.MISSING
_FACTORY: Any = dataclasses._HAS_DEFAULT_FACTORY  # type: ignore[attr-defined]  # the stdlib's '<factory>'
_INITVAR: Any = dataclasses._FIELD_INITVAR  # type: ignore[attr-defined]
_EMPTY = inspect.Parameter.empty
_POSITIONAL = inspect.Parameter.POSITIONAL_OR_KEYWORD
_PARAMS = "__record_params__"
_Fill = Callable[[tuple[Any, ...], dict[str, Any]], tuple[Any, ...]]
_DOC_PENDING = "(record: the docstring is written once __init__ exists)"


@overload
def record(cls: type[_T], /) -> type[_T]: ...


@overload
def record(*, frozen: bool = True, eq: bool = True) -> Callable[[type[_T]], type[_T]]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def record(cls: type[_T] | None = None, /, *, frozen: bool = True, eq: bool = True) -> Any:
    """`@record` is `@dataclass(frozen=True)`; `@record(frozen=False)` is `@dataclass`, and
    `@record(eq=False)` is `@dataclass(frozen=True, eq=False)`, without compiling any code."""

    def wrap(c: type[_T]) -> type[_T]:
        return _build(c, frozen, eq)

    return wrap if cls is None else wrap(cls)


def _build(cls: type[_T], frozen: bool, eq: bool) -> type[_T]:
    """Make `cls` a record: the stdlib's field bookkeeping, then the methods from closures."""
    _check_bases(cls, frozen)
    own = dict(cls.__dict__)  # what the class body defined, before anything is attached
    class_hash = own.get("__hash__", _MISSING)
    explicit_hash = not (class_hash is _MISSING or (class_hash is None and "__eq__" in own))
    no_doc = not cls.__doc__
    if no_doc:  # spare the stdlib an inspect.signature of an __init__ it did not make
        cls.__doc__ = _DOC_PENDING
    dataclasses.dataclass(cls, init=False, repr=False, eq=False)
    setattr(cls, _PARAMS, (frozen, eq))
    every = cls.__dataclass_fields__  # type: ignore[attr-defined]
    for f in every.values():
        if f._field_type is _INITVAR or f.kw_only is True:  # (a ClassVar's kw_only is MISSING)
            raise TypeError(
                f"record {cls.__qualname__}: field {f.name!r} is an InitVar or keyword-only, "
                "which record does not support"
            )
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    methods: dict[str, Any] = {"__init__": _init(cls, fields, frozen)}
    methods["__repr__"] = _repr([f.name for f in fields if f.repr])
    if eq:
        methods["__eq__"] = _eq([f.name for f in fields if f.compare])
    if frozen:
        methods["__setattr__"], methods["__delattr__"] = _frozen(cls, frozenset(f.name for f in fields))
        for name in ("__setattr__", "__delattr__"):
            if name in own:
                raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
    for name, fn in methods.items():
        if name not in own:
            fn.__qualname__ = f"{cls.__qualname__}.{fn.__name__}"
            fn.__module__ = cls.__module__
            setattr(cls, name, fn)
    if eq and not explicit_hash:
        cls.__hash__ = _hash(cls, fields) if frozen else None  # type: ignore[assignment]
    if no_doc:
        try:
            text_sig = str(inspect.signature(cls)).replace(" -> None", "")
        except (TypeError, ValueError):
            text_sig = ""
        cls.__doc__ = cls.__name__ + text_sig
    abc.update_abstractmethods(cls)
    return cls


def _check_bases(cls: type, frozen: bool) -> None:
    """The stdlib's rules for dataclass bases (all frozen or none), and no stdlib dataclass base:
    its generated methods and flags would not agree with a record's."""
    bases = [b for b in cls.__mro__[1:] if "__dataclass_fields__" in b.__dict__]
    if not bases:
        return
    for b in bases:
        if _PARAMS not in b.__dict__:
            raise TypeError(
                f"record {cls.__qualname__} cannot inherit from {b.__qualname__}, "
                "a stdlib dataclass: make the base a record too"
            )
    any_frozen = any(b.__dict__[_PARAMS][0] for b in bases)
    if any_frozen and not frozen:
        raise TypeError("cannot inherit non-frozen dataclass from a frozen one")
    if frozen and not any_frozen:
        raise TypeError("cannot inherit frozen dataclass from a non-frozen one")


def _init(cls: type[Any], fields: tuple[dataclasses.Field[Any], ...], frozen: bool) -> Callable[..., None]:
    """__init__: bind the arguments to the init fields (short paths for the common calls), fill
    the defaults and factories, assign every field the stdlib assigns, in field order."""
    names: list[str] = []  # the init fields: __init__'s parameters after self
    defaults: list[Any] = []  # their defaults: MISSING, a value or '<factory>'
    first_default = -1
    last_default = ""
    parameters = [inspect.Parameter(_self_name(cls), _POSITIONAL)]
    # the fields __init__ sets, in field order: an init field, or one not init with a factory (the
    # others keep the class attribute): (its place among the parameters or None, its factory or None)
    plan: list[tuple[int | None, Any]] = []
    assigned: list[str] = []
    for f in fields:
        factory = None if f.default_factory is _MISSING else f.default_factory
        if f.init:
            d = f.default if factory is None else _FACTORY
            if d is not _MISSING:
                first_default = len(names) if first_default < 0 else first_default
                last_default = f.name
            elif first_default >= 0:
                since = f" {last_default!r}" if sys.version_info >= (3, 13) else ""  # as the stdlib words it
                raise TypeError(f"non-default argument {f.name!r} follows default argument{since}")
            plan.append((len(names), factory))
            names.append(f.name)
            defaults.append(d)
            parameters.append(
                inspect.Parameter(
                    f.name, _POSITIONAL, default=_EMPTY if d is _MISSING else d, annotation=f.type
                )
            )
        elif factory is not None:
            plan.append((None, factory))
        else:
            continue
        assigned.append(f.name)
    first_default = len(names) if first_default < 0 else first_default
    given, values = tuple(names), tuple(defaults)
    fill = _filler(given, values, first_default, _binder(cls, given, values, first_default))
    put = object.__setattr__ if frozen else setattr
    post = hasattr(cls, "__post_init__")
    if post or len(assigned) > len(names) or any(make is not None for _, make in plan):
        init = _general_init(given, tuple(assigned), plan, fill, put, post)
    else:
        init = _simple_init(given, values[first_default:], fill, put)
    init.__signature__ = inspect.Signature(parameters, return_annotation=None)  # type: ignore[attr-defined]
    init.__annotations__ = {p.name: p.annotation for p in parameters[1:]} | {"return": None}
    return init


def _simple_init(
    names: tuple[str, ...], tail: tuple[Any, ...], fill: _Fill, put: Callable[[Any, str, Any], None]
) -> Callable[..., None]:
    """__init__ of a class whose fields are all init fields, without factories or __post_init__;
    inline, the calls giving the first fields by position and leaving the rest to their defaults."""
    n = len(names)
    pads = {n - len(tail) + i: tail[i:] for i in range(len(tail))}  # number of arguments -> defaults

    def __init__(self: Any, /, *args: Any, **kw: Any) -> None:
        if kw:
            args = fill(args, kw)
        elif len(args) != n:
            args = args + pads[len(args)] if len(args) in pads else fill(args, kw)
        for name, value in zip(names, args):  # noqa: B905 (fill gives n values; strict= costs 50 ns a field)
            put(self, name, value)

    return __init__


def _general_init(
    names: tuple[str, ...],
    assigned: tuple[str, ...],
    plan: list[tuple[int | None, Any]],
    fill: _Fill,
    put: Callable[[Any, str, Any], None],
    post: bool,
) -> Callable[..., None]:
    """__init__ with default factories (of init fields or not) or a __post_init__ to call."""
    n = len(names)

    def __init__(self: Any, /, *args: Any, **kw: Any) -> None:
        if kw or len(args) != n:
            args = fill(args, kw)
        for name, value in zip(assigned, _with_factories(args, plan)):  # noqa: B905 (as many)
            put(self, name, value)
        if post:
            self.__post_init__()

    return __init__


def _filler(names: tuple[str, ...], defaults: tuple[Any, ...], first_default: int, bind: _Fill) -> _Fill:
    """The arguments of any call but the one passing every init field by position, as the tuple
    of the init fields' values (defaults filled in; '<factory>' where a factory is to be called).
    Calls that bind cleanly are merged as dicts and read in field order (in C); any other call,
    wrong ones included, goes through `bind`, which says what is wrong as Python would."""
    n = len(names)
    tail = defaults[first_default:]
    given = {name: d for name, d in zip(names, defaults, strict=True) if d is not _MISSING}
    grab = _tuple_of(itemgetter, names)

    def fill(args: tuple[Any, ...], kw: dict[str, Any]) -> tuple[Any, ...]:
        k = len(args)
        if not kw:
            if first_default <= k < n:
                return args + tail[k - first_default :]
        elif not k and len(kw) == n:  # every field by keyword, as dataclasses.replace calls
            try:
                return grab(kw)
            except KeyError:
                pass
        elif k <= n and kw.keys().isdisjoint(names[:k]):
            merged = given | dict(zip(names, args)) | kw if k else given | kw  # noqa: B905 (k <= n)
            if len(merged) == n:  # no unknown keyword (the keys are then exactly the names)
                try:
                    return grab(merged)
                except KeyError:  # a field without default not given
                    pass
        return bind(args, kw)

    return fill


def _self_name(cls: type) -> str:
    """What the stdlib's __init__ calls its first parameter."""
    return "__dataclass_self__" if "self" in cls.__dataclass_fields__ else "self"  # type: ignore[attr-defined]


def _with_factories(args: tuple[Any, ...], plan: list[tuple[int | None, Any]]) -> list[Any]:
    """The values of the assigned fields in field order: an argument (its factory's value when it
    is '<factory>'), or for an init=False field the value of its factory, made in field order."""
    out = []
    for i, make in plan:
        if i is None:
            out.append(make())
        else:
            value = args[i]
            out.append(make() if make is not None and value is _FACTORY else value)
    return out


def _binder(
    cls: type, names: tuple[str, ...], defaults: tuple[Any, ...], first_default: int
) -> Callable[[tuple[Any, ...], dict[str, Any]], tuple[Any, ...]]:
    """The general binding of __init__'s arguments, with Python's own errors for bad calls."""
    n = len(names)
    where = {name: i for i, name in enumerate(names)}
    where.setdefault(_self_name(cls), -1)  # passing the stdlib's first parameter by name
    qual = f"{cls.__qualname__}.__init__()"

    def bind(args: tuple[Any, ...], kw: dict[str, Any]) -> tuple[Any, ...]:
        values = list(args[:n]) + [_MISSING] * (n - len(args))
        for key, value in kw.items():
            i = where.get(key)
            if i is None:
                raise TypeError(f"{qual} got an unexpected keyword argument {key!r}")
            if i < 0 or values[i] is not _MISSING:
                raise TypeError(f"{qual} got multiple values for argument {key!r}")
            values[i] = value
        if len(args) > n:
            raise TypeError(_too_many(qual, first_default, n, len(args)))
        missing = []
        for i in range(n):
            if values[i] is _MISSING:
                values[i] = defaults[i]
                if values[i] is _MISSING:
                    missing.append(names[i])
        if missing:
            raise TypeError(_missing(qual, missing))
        return tuple(values)

    return bind


def _too_many(qual: str, least: int, most: int, given: int) -> str:
    """Python's words for too many positional arguments (self counted, as Python counts it)."""
    takes = f"from {least + 1} to {most + 1}" if least < most else str(most + 1)
    noun = "argument" if takes == "1" else "arguments"
    verb = "was" if given + 1 == 1 else "were"
    return f"{qual} takes {takes} positional {noun} but {given + 1} {verb} given"


def _missing(qual: str, names: list[str]) -> str:
    """Python's words for missing required arguments."""
    quoted = [repr(s) for s in names]
    if len(quoted) == 1:
        listed = quoted[0]
    elif len(quoted) == 2:
        listed = f"{quoted[0]} and {quoted[1]}"
    else:
        listed = ", ".join(quoted[:-1]) + f", and {quoted[-1]}"
    noun = "argument" if len(quoted) == 1 else "arguments"
    return f"{qual} missing {len(quoted)} required positional {noun}: {listed}"


def _tuple_of(
    getter: Callable[..., Any], names: tuple[str, ...] | list[str]
) -> Callable[[Any], tuple[Any, ...]]:
    """A function from an object to the tuple of its `names` (attrgetter or itemgetter), even
    for zero or one name."""
    if len(names) > 1:
        return getter(*names)
    if not names:
        return lambda obj: ()
    one = getter(names[0])
    return lambda obj: (one(obj),)


def _getter(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    return _tuple_of(attrgetter, names)


def _repr(names: list[str]) -> Callable[[Any], str]:
    """__repr__: ClassName(field=value, ...) over the repr=True fields; '...' for an instance whose
    repr is being made in this thread already (as the stdlib's, which uses reprlib's guard)."""
    running: set[tuple[int, int]] = set()

    def __repr__(self: Any) -> str:
        key = id(self), get_ident()
        if key in running:
            return "..."
        running.add(key)
        try:
            shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in names])
        finally:
            running.discard(key)
        return f"{self.__class__.__qualname__}({shown})"

    return __repr__


def _eq(names: list[str]) -> Callable[[Any, Any], Any]:
    """__eq__ over the compare=True fields, for another instance of exactly the same class: the
    fields' tuples compared (Python 3.11, 3.12), or from 3.13 on, as that stdlib does, True for
    the instance itself, else the fields compared one by one (`a == b and ...`)."""
    if sys.version_info >= (3, 13):
        return _eq_fieldwise(names)
    key = _getter(names)

    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented

    return __eq__


def _eq_fieldwise(names: list[str]) -> Callable[[Any, Any], Any]:
    def __eq__(self: Any, other: Any) -> Any:
        if self is other:
            return True
        if other.__class__ is self.__class__:
            result: Any = True
            for name in names:
                result = getattr(self, name) == getattr(other, name)
                if not result:
                    break
            return result
        return NotImplemented

    return __eq__


def _hash(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> Callable[[Any], int]:
    """__hash__: the hash of the tuple of the fields that are hashed (hash=, else compare=)."""
    key = _getter([f.name for f in fields if (f.compare if f.hash is None else f.hash)])

    def __hash__(self: Any) -> int:
        return hash(key(self))

    __hash__.__qualname__ = f"{cls.__qualname__}.__hash__"
    __hash__.__module__ = cls.__module__
    return __hash__


def _frozen(cls: type[Any], names: frozenset[str]) -> tuple[Callable[..., None], Callable[..., None]]:
    """__setattr__ and __delattr__ that refuse the fields (and anything on the class itself)."""

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __setattr__, __delattr__
