"""parlour's cache directory and its atomic writes."""

from __future__ import annotations

import sys
from pathlib import Path

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


def _aged(path: Path, days: float, now: float) -> Path:
    import os

    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        path.write_bytes(b"old")
    os.utime(path, (now - days * 86400, now - days * 86400))
    return path


def test_saving_removes_the_other_versions_no_run_has_read_for_a_week(tmp_path, monkeypatch):
    """An upgrade or a rebuilt lexicon keys its cache files anew; the old ones go once unused."""
    import time

    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path))
    now = time.time()
    stale = _aged(tmp_path / "doublets-words-0123456789abcdef.bin", cache.STALE_DAYS + 1, now)
    recent = _aged(
        tmp_path / "doublets-words-fedcba9876543210.bin", cache.STALE_DAYS - 1, now
    )  # another install's
    half = _aged(tmp_path / ".doublets-words-0123456789abcdef.bin.4242.part", 30, now)  # a crashed write
    other_name = _aged(tmp_path / "doublets-ends-0123456789abcdef.bin", 30, now)  # not a version of it
    other_suffix = _aged(tmp_path / "doublets-words-0123456789abcdef.idx", 30, now)
    unrelated = _aged(tmp_path / "notes.txt", 30, now)
    before = _aged(tmp_path / "fighting-words-0badf00d-1a.idx", 30, now)  # a parlour before derived
    before_recent = _aged(tmp_path / "ink-Sans-0badf00d-1b.bin", 1, now)
    new = cache.derived_path("doublets-words", "ab" * 32)
    assert cache.write_atomic(new, b"new")
    left = {p.name for p in tmp_path.iterdir()}
    assert left == {
        new.name,
        recent.name,
        other_name.name,
        other_suffix.name,
        unrelated.name,
        before_recent.name,
    }
    assert not stale.exists() and not half.exists() and not before.exists()


def test_reading_a_derived_value_keeps_its_file(tmp_path, monkeypatch):
    import time

    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path))
    now = time.time()
    assert cache.derived("k", [], lambda: 1) == 1
    (kept,) = tmp_path.iterdir()
    _aged(kept, cache.STALE_DAYS + 3, now)
    assert cache.derived("k", [], lambda: 2) == 1  # read: marked as used now
    assert cache.prune(tmp_path / "k-0123456789abcdef.bin") == []
    assert kept.exists()
    _aged(kept, cache.STALE_DAYS + 3, now)
    assert cache.prune(tmp_path / "k-0123456789abcdef.bin") == [kept]


# -- the seam: derived -----------------------------------------------------------------------------


def _counting(value):
    calls = []

    def build():
        calls.append(1)
        return value

    return build, calls


def test_derived_builds_once_then_reads_back(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path / "c"))
    data = tmp_path / "words.txt"
    data.write_text("cat\ndog\n")
    build, calls = _counting({"n": [1, 2, 3]})
    assert cache.derived("test-kind", [data], build, params=("uk", 5)) == {"n": [1, 2, 3]}
    assert cache.derived("test-kind", [data], build, params=("uk", 5)) == {"n": [1, 2, 3]}
    assert len(calls) == 1
    [saved] = (tmp_path / "c").iterdir()
    assert saved.name.startswith("test-kind-") and saved.suffix == ".bin"
    assert cache.verified(saved) is not None  # sealed like every cache file


def test_derived_is_keyed_on_the_inputs_bytes_and_the_params(tmp_path, monkeypatch):
    import os

    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path / "c"))
    data = tmp_path / "words.txt"
    data.write_text("cat\n")
    first, _ = _counting("first")
    assert cache.derived("k", [data], first) == "first"
    st = data.stat()
    data.write_text("cow\n")  # same size, same modification time: only the bytes differ
    os.utime(data, ns=(st.st_atime_ns, st.st_mtime_ns))
    second, calls = _counting("second")
    assert cache.derived("k", [data], second) == "second" and calls
    again, calls = _counting("again")
    assert cache.derived("k", [data], again, params=2) == "again" and calls  # other params
    assert cache.derived("k", [data], again, params=2) == "again" and len(calls) == 1
    data.write_text("cat\n")  # back to the first bytes: the first value again
    assert cache.derived("k", [data], again) == "first"


def test_derived_builds_afresh_when_the_file_is_damaged_or_undecodable(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path / "c"))
    build, calls = _counting([1, 2])
    cache.derived("k", [], build)
    [saved] = (tmp_path / "c").iterdir()
    raw = saved.read_bytes()
    saved.write_bytes(raw[:-1] + bytes([raw[-1] ^ 1]))  # damaged: its checksum fails
    assert cache.derived("k", [], build) == [1, 2] and len(calls) == 2
    assert cache.derived("k", [], build) == [1, 2] and len(calls) == 2  # rebuilt and saved

    def refuse(view):
        raise ValueError("another shape")

    assert cache.derived("k", [], build, decode=refuse) == [1, 2] and len(calls) == 3


def test_derived_without_a_usable_cache_or_input_still_answers(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv(cache.ENV_VAR, str(blocker / "c"))  # cannot be made
    build, calls = _counting(7)
    assert cache.derived("k", [], build) == 7 and cache.derived("k", [], build) == 7
    assert len(calls) == 2
    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path / "c"))
    assert cache.derived("k", [tmp_path / "missing.txt"], build) == 7 and len(calls) == 3
    assert not (tmp_path / "c").exists()  # no key, nothing saved
    assert cache.derived("k", [tmp_path], build) == 7  # a folder is not an input file
    assert cache.derived("odd", [], lambda: object) is object  # marshal refuses it: kept unsaved
    assert not (tmp_path / "c").exists()


def test_derived_refuses_a_kind_that_is_not_a_plain_name():
    import pytest

    for bad in ("", "../x", "A", "a/b", "x" * 81):
        with pytest.raises(ValueError):
            cache.derived(bad, [], lambda: 1)


def test_derived_keys_on_parlours_own_code(tmp_path, monkeypatch):
    """An edit to any module of parlour keys every derived value anew (no list of modules)."""
    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path / "c"))
    before = cache.derived_key("k", [])
    monkeypatch.setattr(cache, "_IDENTITY", ["parlour 0 code edited"])
    assert cache.derived_key("k", []) != before


def test_saving_a_derived_value_removes_its_stale_versions(tmp_path, monkeypatch):
    import time

    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path))
    now = time.time()
    stale = _aged(tmp_path / "k-0123456789abcdef.bin", cache.STALE_DAYS + 1, now)
    other = _aged(tmp_path / "k2-0123456789abcdef.bin", cache.STALE_DAYS + 1, now)
    cache.derived("k", [], lambda: 1)
    assert not stale.exists() and other.exists()


def test_derived_data_goes_through_the_two_doors_only():
    """Only words.lexicon (data derived from the packaged lexicon) and press.fonts (from the
    fonts) import generator.cache; every other module keeps data through one of them."""
    import ast

    root = Path(cache.__file__).parent
    importers = set()
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (
                node.module == "generator.cache"
                or (node.module == "generator" and any(a.name == "cache" for a in node.names))
            ):
                importers.add(path.relative_to(root).as_posix())
            elif isinstance(node, ast.Import) and any(a.name == "generator.cache" for a in node.names):
                importers.add(path.relative_to(root).as_posix())
    assert importers == {"words/lexicon.py", "press/fonts.py"}
