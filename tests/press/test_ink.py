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
    ink._saved.cache_clear()
    yield tmp_path / "cache"
    ink.ink_box.cache_clear()
    ink._saved.cache_clear()


def _forget() -> None:
    ink.ink_box.cache_clear()
    ink._saved.cache_clear()


@pytest.mark.parametrize("face", sorted(FACES))
def test_saved_boxes_equal_a_fresh_rasterisation(fresh, face):
    made = {ch: ink.ink_box(face, ch) for ch in CHARS}
    assert ink.cache_path(face).is_file()
    _forget()
    saved = ink._saved(face)
    assert saved == {ch: ink.rasterised(face, ch) for ch in CHARS}  # the oracle: no cache
    assert {ch: ink.ink_box(face, ch) for ch in CHARS} == made


def test_boxes_come_from_the_file_once_saved(fresh, monkeypatch):
    want = ink.ink_box("Serif", "Q")
    _forget()

    def refuse(face, ch):
        raise AssertionError("rasterised again")

    monkeypatch.setattr(ink, "rasterised", refuse)
    assert ink.ink_box("Serif", "Q") == want


def test_new_characters_join_the_saved_ones(fresh):
    ink.ink_box("Sans", "A")
    _forget()
    ink.ink_box("Sans", "B")
    _forget()
    assert set(ink._saved("Sans")) == {"A", "B"}


@pytest.mark.parametrize(
    "damage",
    [
        b"not marshal at all",
        marshal.dumps({"version": 0, "boxes": {"A": (0.0, 0.0, 1.0, 1.0)}}),  # another format
        marshal.dumps({"version": 1, "boxes": {"A": (0.0, 0.0, 1.0)}}),  # a box of three
        marshal.dumps({"version": 1, "boxes": {"A": [0.0, 0.0, 1.0, 1.0]}}),  # not a tuple
        marshal.dumps({"version": 1}),
        marshal.dumps([1, 2, 3]),
    ],
)
def test_a_damaged_file_is_rebuilt(fresh, damage):
    path = ink.cache_path("Sans")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(damage)
    assert ink.ink_box("Sans", "A") == ink.rasterised("Sans", "A")
    _forget()
    assert ink._saved("Sans") == {"A": ink.rasterised("Sans", "A")}


def test_an_unknown_face_is_refused(fresh):
    with pytest.raises(KeyError, match="no face"):
        ink.ink_box("Comic", "A")


def test_a_deck_drawn_from_the_cache_is_the_deck_drawn_without(fresh, run, tmp_path):
    assert run("fighting-words", "deck", "-o", "cold.pdf").exit_code == 0  # builds the files
    assert any(fresh.glob("ink-*"))
    _forget()
    assert run("fighting-words", "deck", "-o", "warm.pdf").exit_code == 0  # reads them
    assert (tmp_path / "cold.pdf").read_bytes() == (tmp_path / "warm.pdf").read_bytes()


def test_each_face_keeps_its_own_file_through_pruning(fresh):
    """The faces' files are not versions of one another: writing one never prunes another, however
    long the others have gone unread."""
    import os

    from generator import cache as cache_files

    for face in sorted(FACES):
        ink.ink_box(face, "A")
    paths = {face: ink.cache_path(face) for face in FACES}
    assert len(set(paths.values())) == len(FACES)
    old = 1_000_000_000  # 2001: long past STALE_DAYS
    for path in paths.values():
        os.utime(path, (old, old))
    for path in paths.values():
        assert cache_files.prune(path) == []
    assert all(p.is_file() for p in paths.values())
