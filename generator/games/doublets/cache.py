"""Doublets data that no seed changes, saved in parlour's cache: each length's candidate ends (with
the wide graph of frequent broad words), the Jewels graph and the keyable bitsets of a floor.

They depend only on the packaged lexicon, the spelling and the code that derives them, yet cost
more to build than a whole sheet costs to choose.  So for ladders over the packaged lexicon
(`Ladders.packaged`) each is read from a file named by its kind, spelling and length and keyed
by the data files' and the deriving modules' identity (cache.data_cache_path); a missing,
damaged or stale file is rebuilt by the same code as without a cache, and saved.  The keyable
bitsets are saved one start at a time and decoded when a sheet first asks for that start.
"""

from __future__ import annotations

import marshal
import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # pragma: no cover - typing only
    from generator.words.ladder import Ladders

_FORMAT = 1
T = TypeVar("T")


_DERIVING = (  # the modules whose rules derive what is saved
    "generator.games.doublets.cache",
    "generator.games.doublets.model",
    "generator.games.doublets.ends",
    "generator.games.doublets.jewels",
    "generator.games.doublets.choose",  # (the band capacities)
    "generator.games.doublets.story",  # (the story pool)
    "generator.words.ladder",
    "generator.words.ladder_search",
    "generator.words.lexicon",
    "generator.words.quick",
    "generator.words.relations",
)


def _code() -> tuple[str, ...]:
    """The files whose identity joins the cache key: each deriving module's own file (source or
    bytecode, as installed), found without importing it, and the unwelcome list and the relation data
    it reads."""
    from importlib.util import find_spec

    from generator.words.ladder import UNWELCOME_FILE
    from generator.words.relations import RELATIONS_FILE

    files = []
    for name in _DERIVING:
        origin = getattr(sys.modules.get(name), "__file__", None)
        if origin is None:
            spec = find_spec(name)
            origin = spec.origin if spec is not None else None
        if origin is None:
            raise FileNotFoundError(f"no file for {name}")
        files.append(origin)
    return (*files, str(UNWELCOME_FILE), str(RELATIONS_FILE))


def base_path() -> Path:
    """`doublets-HASH-LEN`: the hash of the format and the data files' and deriving modules'
    identity, which every file's name carries (found once, a stat per file)."""
    from generator.cache import data_cache_path

    return data_cache_path("doublets", f"doublets-derived-v{_FORMAT}", "", code=_code())


def cache_path(kind: str, spelling: str, length: int, base: Path | None = None) -> Path:
    """Where one kind of data of one spelling and length is saved, named like every cache file
    (cache.keyed_cache_path: `doublets-KIND-SPELLING-LENGTH-HASH-LEN.bin`, so saving it removes
    its stale versions); `base`: base_path()."""
    base = base_path() if base is None else base
    return base.with_name(f"doublets-{kind}-{spelling}-{length}-{base.name.split('-', 1)[1]}.bin")


def base_of(ladders: Ladders) -> Path | None:
    """base_path(), found once per ladders (a stat of each deriving file)."""
    got = ladders.memo.get("doublets-cache")
    if got is None:
        try:
            got = ladders.memo["doublets-cache"] = base_path()
        except OSError:  # a deriving file cannot be read: saved builds without the cache
            return None
    assert isinstance(got, Path)
    return got


def saved(
    kind: str,
    spelling: str,
    length: int,
    build: Callable[[], T],
    encode: Callable[[T], Any],
    decode: Callable[[Any], T],
    base: Path | None = None,
) -> T:
    """`decode` of what the cache file holds, or else `build()`, saved `encode`d for next time."""
    from generator import cache

    try:
        path = cache_path(kind, spelling, length, base)
    except OSError:  # a deriving file cannot be read (so no key for it): no cache
        return build()
    data = cache.read_saved(path, _FORMAT, lambda d: d["kind"] == kind and d["length"] == length)
    if data is not None:
        try:
            return decode(data["data"])
        except (ValueError, TypeError, KeyError, IndexError, EOFError):
            pass  # damaged inside: built again below
    got = build()
    cache.save(path, {"version": _FORMAT, "kind": kind, "length": length, "data": encode(got)})
    return got


class SavedMasks(Mapping[int, list[int]]):
    """Keyable bitsets by start, each decoded from its saved bytes the first time it is asked for."""

    def __init__(self, blobs: dict[int, bytes]) -> None:
        self._blobs = blobs
        self._got: dict[int, list[int]] = {}

    def __getitem__(self, start: int) -> list[int]:
        got = self._got.get(start)
        if got is None:
            got = self._got[start] = marshal.loads(self._blobs[start])
        return got

    def __len__(self) -> int:
        return len(self._blobs)

    def __iter__(self) -> Iterator[int]:
        return iter(self._blobs)

    def __contains__(self, start: object) -> bool:
        return start in self._blobs


def saved_keyable(
    spelling: str,
    length: int,
    floor: float,
    build: Callable[[], Mapping[int, list[int]]],
    base: Path | None = None,
) -> Mapping[int, list[int]]:
    """doublets_ends.keyable_masks_for's bitsets at `floor`, from the cache or `build`."""

    def encode(masks: Mapping[int, list[int]]) -> dict[int, bytes]:
        return {s: marshal.dumps(m) for s, m in masks.items()}

    def decode(blobs: dict[int, bytes]) -> Mapping[int, list[int]]:
        if type(blobs) is not dict or set(map(type, blobs.values())) - {bytes}:
            raise ValueError("not saved bitsets")
        return SavedMasks(blobs)

    return saved(f"keyable-{floor!r}", spelling, length, build, encode, decode, base)
