"""Doublets data that no seed changes, kept in parlour's cache for ladders over the packaged
lexicon: each length's candidate ends (with the wide graph of frequent broad words), the keyable
bitsets of a floor and the band capacities.

They depend only on the packaged data, the spelling and parlour's code, yet cost more to build
than a whole sheet costs to choose. Each goes through lexicon.kept (cache.derived keyed on every
packaged data file and on parlour's code), so no list of deriving modules is kept here. The
keyable bitsets are saved one start at a time and decoded when a sheet first asks for that start.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable, Iterator, Mapping
from typing import TypeVar

T = TypeVar("T")


def kept(
    kind: str,
    spelling: str,
    length: int,
    build: Callable[[], T],
    *,
    params: object = None,
    encode: Callable[[T], bytes] | None = None,
    decode: Callable[[memoryview], T] | None = None,
) -> T:
    """`build()` (of the packaged lexicon's ladders of `spelling` and `length` letters), kept in
    parlour's cache as `doublets-KIND` (see cache.derived for encode and decode)."""
    from generator.words import lexicon

    return lexicon.kept(
        f"doublets-{kind}", build, params=(spelling, length, params), encode=encode, decode=decode
    )


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


def _encode_masks(masks: Mapping[int, list[int]]) -> bytes:
    return marshal.dumps({s: marshal.dumps(m) for s, m in masks.items()})


def _decode_masks(view: memoryview) -> Mapping[int, list[int]]:
    blobs = marshal.loads(view)
    if type(blobs) is not dict or set(map(type, blobs.values())) - {bytes}:
        raise ValueError("not saved bitsets")
    return SavedMasks(blobs)


def keyable(
    spelling: str, length: int, floor: float, build: Callable[[], Mapping[int, list[int]]]
) -> Mapping[int, list[int]]:
    """ends.keyable_masks_for's bitsets at `floor`, kept."""
    return kept("keyable", spelling, length, build, params=floor, encode=_encode_masks, decode=_decode_masks)
