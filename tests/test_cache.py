"""parlour's cache directory and its atomic writes."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from generator import cache


def test_env_var_wins(monkeypatch, tmp_path):
    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path / "c"))
    assert cache.cache_dir() == tmp_path / "c"


def test_platform_default(monkeypatch, tmp_path):
    monkeypatch.delenv(cache.ENV_VAR, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    d = cache.cache_dir()
    if sys.platform.startswith("linux"):
        assert d == tmp_path / "parlour"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/ignored")
    if sys.platform.startswith("linux"):
        assert cache.cache_dir() == Path.home() / ".cache" / "parlour"


def test_write_atomic(tmp_path):
    target = tmp_path / "a" / "b.bin"
    assert cache.write_atomic(target, b"xyz") and target.read_bytes() == b"xyz"
    blocker = tmp_path / "f"
    blocker.write_text("")
    assert not cache.write_atomic(blocker / "x.bin", b"1")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "f"]
    assert [p.name for p in (tmp_path / "a").iterdir()] == ["b.bin"]


def test_read_saved_takes_only_a_whole_file_of_its_version(tmp_path):
    path = tmp_path / "c" / "x.bin"
    assert cache.read_saved(path, 1, lambda d: True) is None  # missing
    cache.save(path, {"version": 1, "n": [1, 2]})
    assert cache.read_saved(path, 1, lambda d: d["n"] == [1, 2]) == {"version": 1, "n": [1, 2]}
    assert cache.read_saved(path, 2, lambda d: True) is None  # another format
    assert cache.read_saved(path, 1, lambda d: d["missing"]) is None  # KeyError: rebuild
    assert cache.read_saved(path, 1, lambda d: False) is None
    path.write_bytes(path.read_bytes()[:5])
    assert cache.read_saved(path, 1, lambda d: True) is None  # damaged


def test_loads_pauses_the_collector_and_gives_it_back() -> None:
    import gc
    import marshal

    from generator.cache import loads

    data = {"lists": [[i, i + 1] for i in range(2000)], "text": "x"}
    seen = []
    gc.callbacks.append(lambda phase, info: seen.append(phase))
    try:
        assert gc.isenabled()
        assert loads(marshal.dumps(data)) == data
        assert seen == [] and gc.isenabled()  # no collection ran while the 2,000 lists were made
        with pytest.raises(ValueError):
            loads(b"\xff not marshal")
        assert gc.isenabled()
        gc.disable()
        assert loads(marshal.dumps(data)) == data and not gc.isenabled()  # left as it was
    finally:
        gc.enable()
        gc.callbacks.pop()
