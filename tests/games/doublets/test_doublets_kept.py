"""Tests for generator.games.doublets.kept: what is read back from parlour's cache equals a fresh
build over the full lexicon (the oracle), damaged files are rebuilt, and sheets and Jewels made
from the cache are the ones made without it."""

from __future__ import annotations

import pytest

from generator import cache
from generator.games.doublets import ends as DE
from generator.games.doublets import jewels as DJ
from generator.games.doublets import kept as DK
from generator.games.doublets import model as D
from generator.games.doublets.choose import SheetAsk, make_sheet
from generator.games.doublets.jewels import make_jewels
from generator.words import ladder
from generator.words import lexicon as L
from generator.words.ladder import LINK_ZIPF_FLOOR, Ladders, ladders_for
from generator.words.lexicon import load

FLOORS = (D.SHEET_LINK_ZIPF, LINK_ZIPF_FLOOR)


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_CACHE_DIR", str(tmp_path))
    return tmp_path


def _packaged(spelling: str) -> Ladders:
    """New ladders over the packaged lexicon (nothing derived yet in memory), as ladders_for
    makes them: a spelling other than the first shares the first one's graphs."""
    first = Ladders(ladder.ladder_words(), packaged=True)
    if spelling == first.spelling:
        return first
    return Ladders(first.lexicon, spelling=spelling, base=first, packaged=True)


def _fresh(spelling: str) -> Ladders:
    """The oracle: ladders over the full lexicon, everything derived afresh (never cached)."""
    lad = Ladders(load(), spelling=spelling)
    assert not lad.packaged
    return lad


def _derived(lad: Ladders, length: int) -> dict:
    """Everything the cache stands in for, as plain data (masks decoded start by start)."""
    g = lad.graph(length)
    ends = D.ends_for(lad, length)
    jg = DJ._jewel_graph(lad, length)
    keyable = {f: DE.keyable_masks_for(g, ends, f) for f in FLOORS}
    return {
        "words": g.words,
        "adj": [sorted(a) for a in g.adj],
        "avoid": g.avoid,
        "components": (list(g._components()), list(g.component_sizes())),
        "pool": ends.pool,
        "groups": ends.by_component,
        "component": list(ends.component),
        "position": ends.position,
        "wide": None if ends.wide is None else (ends.wide.words, [sorted(a) for a in ends.wide.adj]),
        "jewels": (jg.words, [sorted(a) for a in jg.adj]),
        "keyable": {f: {s: list(m[s]) for s in ends.pool} for f, m in keyable.items()},
        "keyable_sizes": {f: len(m) for f, m in keyable.items()},
    }


def _kinds(folder) -> set[str]:
    return {p.name.rsplit("-", 1)[0] for p in folder.iterdir()}


@pytest.mark.parametrize(("length", "spelling"), [(3, "us"), (4, "us"), (4, "uk"), (5, "us")])
def test_cached_data_equals_a_fresh_build(cache_dir, monkeypatch, length, spelling):
    want = _derived(_fresh(spelling), length)
    built = _derived(_packaged(spelling), length)  # built (from the cached word lists) and saved
    assert _kinds(cache_dir) == {"doublets-words", "doublets-ends", "doublets-keyable"}

    def no_build(*args, **kwargs):
        raise AssertionError("built again instead of read from the cache")

    monkeypatch.setattr(D, "_ends", no_build)
    monkeypatch.setattr(DE, "_keyable_masks", no_build)
    read = _derived(_packaged(spelling), length)  # read back from the files
    for key in want:
        assert built[key] == want[key], key
        assert read[key] == want[key], key


def test_saved_masks_read_like_the_dict_they_were(cache_dir):
    lad = _packaged("us")
    g, ends = lad.graph(3), D.ends_for(lad, 3)
    plain = DE._keyable_masks(g, ends, D.SHEET_LINK_ZIPF)
    saved = DK.keyable("us", 3, D.SHEET_LINK_ZIPF, lambda: plain)  # built: saved as bytes
    assert saved is plain
    again = DK.keyable("us", 3, D.SHEET_LINK_ZIPF, lambda: pytest.fail("not read back"))
    assert isinstance(again, DK.SavedMasks)
    assert len(again) == len(plain) and list(again) == list(plain)
    assert ends.pool[0] in again and -1 not in again
    assert again == plain and dict(again.items()) == plain


def _ends_file(folder):
    (path,) = (p for p in folder.iterdir() if p.name.rsplit("-", 1)[0] == "doublets-ends")
    return path


@pytest.mark.parametrize("damage", [b"garbage", b"", "other-key", "inner", "not-a-tuple"])
def test_a_damaged_file_is_rebuilt(cache_dir, damage):
    import marshal

    from generator.cache import sealed, verified

    lad = _packaged("us")
    want = _derived(_fresh("us"), 3)
    D.ends_for(lad, 3)
    path = _ends_file(cache_dir)
    payload = bytes(verified(path) or b"")  # (a cache file is sealed: see generator.cache)
    stamp, _, body = payload.partition(b"\n")
    if damage == "other-key":  # another key's value in this file (as a digest clash would put it)
        payload = b"0" * len(stamp) + b"\n" + body
    elif damage == "inner":
        payload = stamp + b"\n" + marshal.dumps(marshal.loads(body)[:3])  # a tuple too short to unpack
    elif damage == "not-a-tuple":
        payload = stamp + b"\n" + marshal.dumps(7)
    path.write_bytes(damage if isinstance(damage, bytes) else sealed(payload))
    got = _derived(_packaged("us"), 3)
    assert got == want
    stamp2, _, body2 = bytes(verified(path) or b"").partition(b"\n")
    assert stamp2 == stamp and marshal.loads(body2)[0] == want["pool"]  # written again, whole


def test_each_spelling_and_length_has_its_own_file(cache_dir):
    for sp, n in (("us", 3), ("uk", 3), ("us", 4)):
        D.ends_for(_packaged(sp), n)
    assert sorted(_kinds(cache_dir)) == ["doublets-ends", "doublets-words"]
    assert len([p for p in cache_dir.iterdir() if p.name.startswith("doublets-ends-")]) == 3


def test_saving_removes_the_stale_versions_of_that_kind_only(cache_dir):
    import os
    import time

    old = time.time() - (cache.STALE_DAYS + 1) * 86400
    stale = cache_dir / "doublets-ends-0123456789abcdef.bin"  # an older code's or lexicon's
    others = [cache_dir / f"doublets-{k}-0123456789abcdef.bin" for k in ("keyable", "capacity", "ends-x")]
    for p in (stale, *others):
        p.write_bytes(b"old")
        os.utime(p, (old, old))
    D.ends_for(_packaged("us"), 3)
    assert _ends_file(cache_dir).is_file() and not stale.exists()
    assert all(p.exists() for p in others)


def test_without_a_data_file_the_data_is_built_and_not_saved(cache_dir, monkeypatch):
    lad = _packaged("us")  # (the word lists are saved first)
    real = L.data_files()
    monkeypatch.setattr(L, "data_files", lambda: (*real, str(cache_dir / "gone.txt")))
    assert D.ends_for(lad, 3).pool == D.ends_for(_fresh("us"), 3).pool
    assert _kinds(cache_dir) == {"doublets-words"}


def test_an_unwritable_cache_still_gives_the_data(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("in the way")
    monkeypatch.setenv("PARLOUR_CACHE_DIR", str(blocker / "sub"))
    lad = _packaged("us")
    assert D.ends_for(lad, 3).pool == D.ends_for(_fresh("us"), 3).pool
    assert not (blocker / "sub").exists()


@pytest.mark.parametrize("seed", [0, 7])
def test_sheets_and_jewels_from_the_cache_are_the_fresh_ones(seed):
    """make_sheet and make_jewels over the packaged lexicon (cache) and over an explicit lexicon
    (never cached) choose the same puzzles and keys."""
    fresh = load()
    assert ladders_for(None).packaged and not ladders_for(fresh).packaged
    for ask in (SheetAsk(), SheetAsk(spelling="uk")):
        a = make_sheet(8, 4, D.MIXED, seed=seed, ask=ask)
        b = make_sheet(8, 4, D.MIXED, seed=seed, lexicon=fresh, ask=ask)
        assert a.to_json() == b.to_json()
    assert (
        make_sheet(6, 5, "hard", seed=seed).to_json()
        == make_sheet(6, 5, "hard", seed=seed, lexicon=fresh).to_json()
    )
    assert make_jewels(3, seed).to_json() == make_jewels(3, seed, lexicon=fresh).to_json()


def test_the_story_pool_from_the_cache_is_the_fresh_one(cache_dir, monkeypatch):
    from generator.games.doublets import story as DS

    want = DS.story_pool(_fresh("us"))  # the oracle: never cached
    assert DS.story_pool(_packaged("us")) == want  # built and saved
    monkeypatch.setattr(DS, "_story_pool", lambda ladders: pytest.fail("built again"))
    assert DS.story_pool(_packaged("us")) == want  # read back
    assert "doublets-stories" in _kinds(cache_dir)
