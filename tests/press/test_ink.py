"""press.ink: ink boxes read back from parlour's cache equal a fresh rasterisation (the oracle), a
damaged or foreign cache file is rebuilt, and a deck drawn from the cache is the deck drawn without."""

from __future__ import annotations

import marshal

import pytest

from generator.press import ink
from generator.press.fonts import FACES

CHARS = "AHJQgy7?★☑→.♠♥ "


@pytest.fixture
def fresh(monkeypatch, tmp_path):
    """An empty cache directory, and no ink boxes remembered in this process."""
    monkeypatch.setenv("PARLOUR_CACHE_DIR", str(tmp_path / "cache"))
    ink.ink_box.cache_clear()
    yield tmp_path / "cache"
    ink.ink_box.cache_clear()


def _forget() -> None:
    ink.ink_box.cache_clear()


def _refuse(monkeypatch) -> None:
    def refuse(face, ch):
        raise AssertionError("rasterised again")

    monkeypatch.setattr(ink, "rasterised", refuse)


@pytest.mark.parametrize("face", sorted(FACES))
def test_saved_boxes_equal_a_fresh_rasterisation(fresh, monkeypatch, face):
    made = {ch: ink.ink_box(face, ch) for ch in CHARS}
    assert len(list(fresh.glob(f"ink-{face.lower()}-*.bin"))) == len(CHARS)  # a file a glyph
    oracle = {ch: ink.rasterised(face, ch) for ch in CHARS}  # no cache
    _forget()
    _refuse(monkeypatch)
    assert {ch: ink.ink_box(face, ch) for ch in CHARS} == made == oracle


def test_boxes_come_from_the_file_once_saved(fresh, monkeypatch):
    want = ink.ink_box("Serif", "Q")
    _forget()
    _refuse(monkeypatch)
    assert ink.ink_box("Serif", "Q") == want


@pytest.mark.parametrize(
    "damage",
    [
        (0.0, 0.0, 1.0),  # a box of three
        [0.0, 0.0, 1.0, 1.0],  # not a tuple
        (0, 0, 1, 1),  # not floats
        {"A": 1},
    ],
)
def test_a_saved_value_of_another_shape_is_rebuilt(fresh, damage):
    from generator import cache

    ink.ink_box("Sans", "A")
    (path,) = fresh.iterdir()
    stamp = bytes(cache.verified(path) or b"").partition(b"\n")[0]
    path.write_bytes(cache.sealed(stamp + b"\n" + marshal.dumps(damage)))
    _forget()
    assert ink.ink_box("Sans", "A") == ink.rasterised("Sans", "A")
    assert marshal.loads(bytes(cache.verified(path) or b"").partition(b"\n")[2]) == ink.rasterised(
        "Sans", "A"
    )


def test_an_unknown_face_is_refused(fresh):
    with pytest.raises(KeyError, match="no face"):
        ink.ink_box("Comic", "A")


def test_a_deck_drawn_from_the_cache_is_the_deck_drawn_without(fresh, run, tmp_path):
    assert run("fighting-words", "deck", "-o", "cold.pdf").exit_code == 0  # builds the files
    assert any(fresh.glob("ink-*"))
    _forget()
    assert run("fighting-words", "deck", "-o", "warm.pdf").exit_code == 0  # reads them
    assert (tmp_path / "cold.pdf").read_bytes() == (tmp_path / "warm.pdf").read_bytes()


def test_pruning_keeps_each_faces_glyphs_that_runs_still_read(fresh):
    """A face's glyph files are versions of one kind (`ink-FACE`): saving one removes only those
    no run has read for a week, never another face's."""
    import os

    from generator import cache as cache_files

    ink.ink_box("Sans", "A")
    ink.ink_box("Cond", "A")
    (sans_a,) = fresh.glob("ink-sans-*.bin")
    (cond_a,) = fresh.glob("ink-cond-*.bin")
    old = 1_000_000_000  # 2001: long past STALE_DAYS
    for path in (sans_a, cond_a):
        os.utime(path, (old, old))
    ink.ink_box("Sans", "B")  # saved: Sans's unread A goes, Cond's stays
    assert not sans_a.exists() and cond_a.exists()
    assert cache_files.prune(cond_a) == []
