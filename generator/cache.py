"""parlour's cache: derived data built once and kept on disk (the Fighting Words word index,
the Doublets ends, a rules fitting...), through one seam, `derived`.

    value = cache.derived("kind", inputs, build)

`build()` is a pure function of the files named in `inputs` (data and template files) and of
parlour's own code. Its value is kept in the cache directory in a file named by `kind` and a
digest of everything it depends on: parlour's version and the SHA-256 of its code, Python's
version (marshal's format), `params` and the SHA-256 of each input file's bytes. So a changed data
file, template or line of code gives a new key, never a stale answer; no list of modules or
modification times is kept by hand. Every file is sealed (its SHA-256 written at its head and
checked on every read), written atomically (a temp file and a rename), read only when it is a
regular file under a size bound, and a missing, damaged, foreign or undecodable file is simply
rebuilt: a cache costs time, never output. A new kind of derived data needs nothing here: call
`derived` from the top caller with the files the builder reads. Two doors name those files:
`words.lexicon.kept` (the packaged data) and `press.fonts.kept` (the font files)."""

from __future__ import annotations

import functools
import hashlib
import marshal
import os
import re
import stat
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

_T = TypeVar("_T")


ENV_VAR = "PARLOUR_CACHE_DIR"
STALE_DAYS = 7  # a cache file no run has read for this long, whose data has a newer file, is removed
STALE_PART_DAYS = 1  # a half-written copy (a run killed while saving) older than this is removed

#: Every cache file starts with this line, then the line of what built it (_builder), then the
#: SHA-256 of the rest: a file whose rest does not match is damaged, and is never used.
MAGIC = b"parlour cache\n"
ENVELOPE = 2  # the layout above, and a derived value's key at the head of the payload; in every key
MAX_BYTES = 128 * 2**20  # far above the largest cache file (the word index)

_warned: list[str] = []  # the one warning a run gives about its cache (see `_warn`)


def _warn(path: Path, why: str) -> None:
    """One line on stderr, once per run, for a cache file that is not used (damaged, or not a
    file): the data is built afresh, so the output does not change, only the time it takes."""
    if _warned:
        return
    _warned.append(str(path))
    try:
        sys.stderr.write(f"parlour: warning: ignored cache file {path} ({why}); its data is built afresh\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):  # no stderr: nothing to say it on
        pass


def _own_files() -> list[Path]:
    """parlour's own folders (code, data, templates, fonts): never a cache directory."""
    pkg = Path(__file__).resolve().parent
    return [pkg, pkg.parent / "templates", pkg.parent / "fonts"]


@functools.lru_cache(maxsize=16)
def _inside_own_files(folder: str) -> bool:
    """Whether `folder` (resolved) is one of parlour's own folders or lies inside one (asked once
    a run for each folder: every cache file's path is found through cache_dir)."""
    real = Path(os.path.realpath(folder))
    return any(real == own or own in real.parents for own in _own_files())


def cache_dir() -> Path:
    """The platform's per-user cache directory for parlour ($PARLOUR_CACHE_DIR wins, unless it
    points into parlour's own files: then it is ignored, with a warning).

    Linux and others: $XDG_CACHE_HOME/parlour (when absolute) or ~/.cache/parlour; macOS:
    ~/Library/Caches/parlour; Windows: %LOCALAPPDATA%\\parlour\\Cache. Not created here.
    """
    if os.environ.get(ENV_VAR):
        try:
            chosen = Path(os.environ[ENV_VAR]).expanduser()
        except RuntimeError:  # ~nosuchuser: a home that is not there
            chosen = Path(os.environ[ENV_VAR])
            _warn(
                chosen, f"${ENV_VAR} names a home directory that is not there; the usual cache folder is used"
            )
        else:
            if not _inside_own_files(str(chosen)):
                return chosen
            _warn(chosen, f"${ENV_VAR} points into parlour's own files; the usual cache folder is used")
    home = Path.home()
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
        return (Path(base) if base else home / "AppData" / "Local") / "parlour" / "Cache"
    if sys.platform == "darwin":
        return home / "Library" / "Caches" / "parlour"
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".cache") / "parlour"


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


#: cache files of parlour before `derived` (NAME-CRC-LENGTH.bin or .idx): old versions of every kind
_BEFORE = r"[A-Za-z][A-Za-z0-9.-]*-[0-9a-f]{8}-[0-9a-f]{1,4}\.(?:bin|idx)"


def _siblings(path: Path) -> re.Pattern[str]:
    """The names of the other versions of the cache file `KIND-DIGEST.bin` (see `derived_path`:
    other data, code or params, or a parlour from before `derived`), and of half-written copies of
    any of them."""
    kind = path.name[: -len(".bin")].rsplit("-", 1)[0]
    return re.compile(rf"\.?(?:{re.escape(kind)}-[0-9a-f]{{16}}\.bin|{_BEFORE})(\.\d+\.part)?")


def prune(path: Path, now: float | None = None) -> list[Path]:
    """Remove the other versions of the cache file `path` that no run has read for STALE_DAYS
    (an upgrade or a rebuilt lexicon leaves the old ones behind). Returns what was removed."""
    now = time.time() if now is None else now
    pattern = _siblings(path)
    gone = []
    try:
        for other in path.parent.iterdir():
            if other.name != path.name and pattern.fullmatch(other.name):
                days = STALE_PART_DAYS if other.name.endswith(".part") else STALE_DAYS
                try:
                    if now - other.lstat().st_mtime > days * 86400:
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


class Unusable(ValueError):
    """A file that is not read: not a regular file, or too big."""


def read_regular(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file at `path`, read without ever blocking: opened non-blocking
    (a FIFO does not wait for a writer), then checked to be a regular file (not a FIFO, a device
    such as /dev/zero, a folder) of at most `limit` bytes, and read to no more than that.
    Raises OSError (missing, unreadable) or Unusable."""
    flags = (
        os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    )
    fd = os.open(path, flags)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = "a folder" if stat.S_ISDIR(st.st_mode) else "not a regular file"
            raise Unusable(kind)
        if st.st_size > limit:
            raise Unusable(f"over {limit // 2**20} MB")
        data = os.read(fd, st.st_size + 1)  # one read, no copies, for a file that keeps its size
        if len(data) <= st.st_size:
            chunks = [data]
            while chunk := os.read(fd, 1 << 22):  # (growing while read)
                chunks.append(chunk)
                if sum(map(len, chunks)) > limit:
                    raise Unusable(f"over {limit // 2**20} MB")
            data = b"".join(chunks) if len(chunks) > 1 else data
        elif len(data) > limit:
            raise Unusable(f"over {limit // 2**20} MB")
        return data
    finally:
        os.close(fd)


def _builder() -> bytes:
    """What builds the cache files: parlour's version and Python's (marshal's format is Python's)."""
    from generator import __version__

    major, minor = sys.version_info[:2]
    return f"parlour {__version__} python {major}.{minor} envelope {ENVELOPE}".encode()


def sealed(payload: bytes) -> bytes:
    """`payload` as a cache file holds it: MAGIC, the builder line, its SHA-256, then itself."""
    return MAGIC + _builder() + b"\n" + hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload


def verified(path: Path) -> memoryview | None:
    """What the cache file at `path` holds (a view of the bytes read, not a copy), when it is a
    whole file sealed by this parlour: None when it is missing or unreadable (silently), or of
    another builder (stale: silently), or damaged, not a regular file or too big (with one
    warning a run). Never blocks."""
    try:
        raw = read_regular(path)
    except Unusable as exc:
        _warn(path, str(exc))
        return None
    except OSError:
        return None
    builder_at = len(MAGIC)
    digest_at = raw.find(b"\n", builder_at, builder_at + 200) + 1
    payload_at = raw.find(b"\n", digest_at, digest_at + 100) + 1 if digest_at else 0
    if not raw.startswith(MAGIC) or not payload_at:
        _warn(path, "not a parlour cache file")
        return None
    if raw[builder_at : digest_at - 1] != _builder():
        return None  # written by another parlour or Python: rebuilt as stale, no warning
    payload = memoryview(raw)[payload_at:]
    if raw[digest_at : payload_at - 1] != hashlib.sha256(payload).hexdigest().encode():
        _warn(path, "damaged: its checksum does not match")
        return None
    return payload


def write_verified(path: Path, payload: bytes) -> bool:
    """Save `payload` at `path` sealed (see `sealed`), atomically; False when it cannot be."""
    return write_atomic(path, sealed(payload))


# -- the seam: derived data ---------------------------------------------------------------------

_KIND = re.compile(r"[a-z0-9][a-z0-9._-]{0,79}")
_DIGESTS: dict[tuple[str, int, int, int, int, int], str] = {}  # (path, dev, inode, size, times) -> SHA
_IDENTITY: list[str] = []  # parlour's version and the digest of its code, found once a run


def _identity() -> str:
    """parlour's version and the SHA-256 of every Python file of its package (name and bytes), so
    an edit to any rule that derives cached data keys it anew without a list of modules."""
    if not _IDENTITY:
        from generator import __version__

        pkg = Path(__file__).resolve().parent
        h = hashlib.sha256()
        for path in sorted(pkg.rglob("*.py")):
            h.update(path.relative_to(pkg).as_posix().encode() + b"\0")
            h.update(hashlib.sha256(read_regular(path)).digest())
        _IDENTITY.append(f"parlour {__version__} code {h.hexdigest()}")
    return _IDENTITY[0]


def file_digest(path: str | os.PathLike[str]) -> str:
    """The SHA-256 of the bytes of the regular file at `path` (bounded read; OSError or Unusable
    when it cannot be read). A file already hashed this run and not changed since (same inode,
    size, modification and change times: a write moves the change time, which no one can set back)
    is not read again: a shortcut within a run, never part of a key."""
    p = os.fspath(path)
    st = os.stat(p)
    memo = (p, st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
    got = _DIGESTS.get(memo)
    if got is None:
        if len(_DIGESTS) >= 256:  # (bounded: a long-running server hashes templates as they change)
            _DIGESTS.clear()
        got = _DIGESTS[memo] = hashlib.sha256(read_regular(Path(p))).hexdigest()
    return got


def derived_key(kind: str, inputs: Iterable[str | os.PathLike[str]], params: object = None) -> str:
    """The SHA-256 (hex) `derived` keys a value on: the kind, `params` (by repr), parlour's identity
    (see `_identity`) and the digest of each input file in order. OSError or Unusable when an input
    cannot be read."""
    major, minor = sys.version_info[:2]
    parts = [kind, repr(params), _identity(), f"python {major}.{minor}", f"envelope {ENVELOPE}"]
    parts += [file_digest(p) for p in inputs]
    return hashlib.sha256("\n".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def derived_path(kind: str, key: str) -> Path:
    """Where the value of `kind` under `key` is kept: `KIND-DIGEST.bin` in the cache directory."""
    return cache_dir() / f"{kind}-{key[:16]}.bin"


_UNDECODABLE = (ValueError, EOFError, TypeError, KeyError, IndexError, AttributeError)


def derived(
    kind: str,
    inputs: Iterable[str | os.PathLike[str]],
    build: Callable[[], _T],
    *,
    params: object = None,
    encode: Callable[[_T], bytes] | None = None,
    decode: Callable[[memoryview], _T] | None = None,
) -> _T:
    """`build()`, kept in parlour's cache: read back when a file of this `kind` holds it under the
    same key, else built, saved and returned.

    kind: the file's name (lower-case letters, digits, '.', '_', '-'), e.g. "doublets-ends".
    inputs: every data or template file `build` reads (their bytes join the key; parlour's code
        and version always do).
    params: the plain values (str, int, float, tuples of them...) `build` also depends on, e.g. a
        length; their repr joins the key.
    encode / decode: the value to bytes and back (marshal by default, so plain values only);
        `decode` gets a read-only view of the saved bytes and may raise ValueError, TypeError,
        KeyError, IndexError or EOFError to have the value built afresh.

    An input that cannot be read, a cache that cannot be written or a value `encode` refuses
    (ValueError) only costs time: the value is built and returned unsaved. `build` should be
    pure: its value must depend on nothing but its inputs, its params and parlour's code."""
    if not _KIND.fullmatch(kind):
        raise ValueError(f"bad cache kind {kind!r}")
    try:
        key = derived_key(kind, inputs, params)
    except (OSError, Unusable):
        return build()
    path = derived_path(kind, key)
    stamp = key.encode() + b"\n"
    payload = verified(path)
    if payload is not None and payload[: len(stamp)] == stamp:
        try:
            body = payload[len(stamp) :]
            value = marshal.loads(body) if decode is None else decode(body)
        except _UNDECODABLE:
            pass  # of another shape: built again below
        else:
            touch(path)  # still in use: prune keeps it
            return value
    value = build()
    try:
        data = marshal.dumps(value) if encode is None else encode(value)  # type: ignore[arg-type]
    except ValueError:  # (marshal: a type it cannot hold) kept for this run only
        return value
    write_verified(path, stamp + data)
    return value
