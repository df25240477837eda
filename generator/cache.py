"""parlour's cache directory (derived data built once and reused, e.g. the Fighting Words index),
and `keep`, the store step of parlour's bounded in-process memos."""

from __future__ import annotations

import marshal
import os
import re
import sys
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

_K = TypeVar("_K")
_V = TypeVar("_V")


def keep(store: dict[_K, _V], key: _K, value: _V, limit: int) -> _V:
    """store[key] = value, returned; a store already holding `limit` entries is emptied first, so
    an in-process memo of a long run (a ten-year daily book) cannot grow without bound."""
    if len(store) >= limit:
        store.clear()
    store[key] = value
    return value


ENV_VAR = "PARLOUR_CACHE_DIR"
STALE_DAYS = 7  # a cache file no run has read for this long, whose data has a newer file, is removed


def cache_dir() -> Path:
    """The platform's per-user cache directory for parlour ($PARLOUR_CACHE_DIR wins).

    Linux and others: $XDG_CACHE_HOME/parlour or ~/.cache/parlour; macOS: ~/Library/Caches/parlour;
    Windows: %LOCALAPPDATA%\\parlour\\Cache. Not created here.
    """
    if os.environ.get(ENV_VAR):
        return Path(os.environ[ENV_VAR]).expanduser()
    home = Path.home()
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
        return (Path(base) if base else home / "AppData" / "Local") / "parlour" / "Cache"
    if sys.platform == "darwin":
        return home / "Library" / "Caches" / "parlour"
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".cache") / "parlour"


def data_cache_path(name: str, key: str, suffix: str, code: tuple[str, ...] = ()) -> Path:
    """A cache file for data derived from the packaged lexicon: named `name-HASH-LEN.suffix`, where
    the hash covers `key` (the format of what is cached) and the data files' paths, sizes and
    modification times, so a rebuilt lexicon gets a new file. `code` names the modules (as
    `__file__` paths) whose rules derive the data: their identity joins the hash the same way, so
    a changed rule gets a new file too."""
    data = Path(__file__).resolve().parent / "data"
    return keyed_cache_path(
        name, key, suffix, (data / "lexicon.txt", data / "blocklist.txt", *map(Path, code))
    )


def keyed_cache_path(name: str, key: str, suffix: str, sources: tuple[Path, ...]) -> Path:
    """A cache file named `name-HASH-LEN.suffix`, where the hash covers `key` and the path, size and
    modification time of each file in `sources` (what the cached data is derived from)."""
    for path in sources:
        st = path.stat()
        key += f"|{path}|{st.st_size}|{st.st_mtime_ns}"
    return cache_dir() / f"{name}-{zlib.crc32(key.encode()):08x}-{len(key):x}{suffix}"


def write_atomic(path: Path, data: bytes) -> bool:
    """Write `data` to `path` through a temp file and a rename; False (and nothing left) on failure."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass
        return False
    prune(path)
    return True


def _siblings(path: Path) -> re.Pattern[str]:
    """The names of the other versions of a `name-HASH-LEN.suffix` cache file (other data files,
    code or formats), and of half-written copies of any of them."""
    name = path.name[: len(path.name) - len(path.suffix)].rsplit("-", 2)[0]
    return re.compile(rf"\.?{re.escape(name)}-[0-9a-f]{{8}}-[0-9a-f]+{re.escape(path.suffix)}(\.\d+\.part)?")


def prune(path: Path, now: float | None = None) -> list[Path]:
    """Remove the other versions of the cache file `path` that no run has read for STALE_DAYS
    (an upgrade or a rebuilt lexicon leaves the old ones behind). Returns what was removed."""
    now = time.time() if now is None else now
    pattern = _siblings(path)
    gone = []
    try:
        for other in path.parent.iterdir():
            if other.name != path.name and pattern.fullmatch(other.name):
                try:
                    if now - other.stat().st_mtime > STALE_DAYS * 86400:
                        other.unlink()
                        gone.append(other)
                except OSError:
                    pass
    except OSError:
        pass
    return gone


def touch(path: Path) -> None:
    """Mark a cache file as read now (prune keeps what runs still read)."""
    try:
        os.utime(path)
    except OSError:
        pass


def loads(data: bytes) -> Any:
    """marshal.loads: the data a cache file holds."""
    return marshal.loads(data)


def read_saved(path: Path, version: int, valid: Callable[[dict[str, Any]], bool]) -> dict[str, Any] | None:
    """The marshalled dict saved at `path` when it holds `version` and passes `valid`; None when
    the file is missing, damaged, of another format or fails the check (the caller rebuilds it)."""
    try:
        data = loads(path.read_bytes())
        if isinstance(data, dict) and data.get("version") == version and valid(data):
            touch(path)
            return data
    except (OSError, ValueError, EOFError, TypeError, KeyError, AttributeError):
        pass
    return None


def save(path: Path, data: dict[str, Any]) -> None:
    """Marshal `data` into `path` (atomically; a cache that cannot be written is skipped)."""
    write_atomic(path, marshal.dumps(data))
