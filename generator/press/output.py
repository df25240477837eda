"""All outputs of one command as one transaction: checked before any work, staged, committed together.

A command plans every file and folder it will write (`Outputs.file`, `Outputs.directory`) before it
starts working. Planning refuses, with one line, a path that cannot or must not be written: a
folder, a missing folder, one of the command's own inputs, a packaged template, the same path given
twice, a name too long for its folder. Each output gets a short temporary name beside its target
(created at once, so an unwritable place fails before any work); the command writes there, and
`commit` renames every temporary over its target at the end. Special files (FIFOs, devices,
`/dev/stdout`) and `-` (standard output) are written as a stream at commit, never renamed over;
a symlink is written through (its target is replaced). Anything that fails or is interrupted
removes every temporary: no partial or half-committed set of files is left behind.
"""

from __future__ import annotations

import atexit
import importlib
import os
import re
import shutil
import stat
import sys
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.errors import ParlourError

STDOUT = "-"

#: Every transaction not yet committed or aborted, so that an exit path can clean it up.
_LIVE: list[Outputs] = []

#: The settings file in force (named by the command line's group before any command runs): an
#: input of every command, whether or not it exists yet, so no output may land on it.
_SETTINGS: list[Path] = []

STALE_PART_DAYS = 1  # a `.NAME.XXXX.part` of parlour's own naming older than this is a leftover


def settings_file_is(path: str | os.PathLike[str] | None) -> None:
    """Name the settings file of the command about to run (None: none): every Outputs treats it
    as an input (through symlinks, by path and by inode), and only `Outputs(settings=False)` (the
    writer of the settings themselves) may write it."""
    _SETTINGS[:] = [] if path is None else [Path(path)]


def protected_dirs() -> list[Path]:
    """Folders parlour never writes into: its own package (code, data, packaged templates and fonts)
    and the source tree's templates/ and fonts/ wherever they resolve."""
    import generator

    pkg = Path(generator.__file__).resolve().parent
    dirs = [pkg, pkg.parent / "templates", pkg.parent / "fonts"]
    for package in ("generator._templates", "generator._fonts"):
        try:
            module = importlib.import_module(package)
        except ImportError:  # not installed as package data: skip
            continue
        for root in map(Path, getattr(module, "__path__", ())):  # a namespace package may have several
            if root.is_dir():  # (not a folder inside a zip file)
                dirs.append(root.resolve())
    out: list[Path] = []
    for d in dirs:
        if d not in out:
            out.append(d)
    return out


def _template_overrides() -> list[Path]:
    """The user's template copies in force (--templates DIR): inputs of every command that reads one."""
    templates = sys.modules.get("generator.templates")
    folder = getattr(templates, "_override", None)
    if not isinstance(folder, Path) or not folder.is_dir():
        return []
    return [p for p in folder.rglob("*.toml") if p.is_file()]


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


def _stdout_identity() -> tuple[int, int] | None:
    """(device, inode) of what standard output is (a pipe, a file, a terminal), when it is a real
    descriptor: `-o /dev/stdout --json -` names it twice."""
    try:
        st = os.fstat(sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):  # closed, or not a file (a test's capture)
        return None
    return (st.st_dev, st.st_ino)


def _fd_identity(fd: int) -> tuple[int, int] | None:
    """(device, inode) of what open descriptor `fd` is; standard output as sys.stdout has it."""
    if fd == 1:
        return _stdout_identity()
    try:
        st = os.fstat(fd)
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


def _writable_fd(fd: int) -> bool:
    try:
        import fcntl

        return fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE in (os.O_WRONLY, os.O_RDWR)
    except (ImportError, OSError):
        return True  # no fcntl (Windows): the write itself will say


def _write_fd(fd: int, src: Any) -> None:
    """Copy file object `src` to descriptor `fd` at its own offset (appending, for `>>`)."""
    while chunk := src.read(1 << 16):
        view = memoryview(chunk)
        while view:
            view = view[os.write(fd, view) :]


#: The list a replaced folder keeps of the files parlour put there (see Outputs.directory).
FILE_LIST = ".parlour-files"
_FILE_LIST_LIMIT = 2**20


def _listed(folder: Path, listing: str) -> list[str]:
    """The names `folder`'s list `listing` holds (FILE_LIST: one a line; a .csv file: its `file`
    column); none when it is missing, not a regular file, too big or not readable."""
    path = folder / listing
    try:
        st = os.lstat(path)
        if not stat.S_ISREG(st.st_mode) or st.st_size > _FILE_LIST_LIMIT:
            return []
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    if listing.endswith(".csv"):
        import csv
        import io

        try:
            lines = [row.get("file") or "" for row in csv.DictReader(io.StringIO(text, newline=""))]
        except csv.Error:
            return []
    else:
        lines = text.splitlines()
    names = [listing]
    for line in lines:
        parts = line.split("/")
        if line and not line.startswith("/") and all(p not in ("", ".", "..") for p in parts):
            names.append(line)
    return names


#: The temporaries parlour stages outputs in: `.STEM.parlour-XXXXXXXX.part` (STEM: the first 16
#: characters of the output's name; XXXXXXXX: mkstemp's random letters), each file with a marker
#: beside it, the same name and MARK_SUFFIX, holding MARK_HEAD and the temporary's device and
#: inode. A leftover is parlour's beyond doubt only when both are there and agree (see sweep_parts).
_PART = re.compile(r"\.[^/]{1,16}\.parlour-[a-z0-9_]{8}\.part")
PART_INFIX = ".parlour-"
MARK_SUFFIX = ".mark"
MARK_HEAD = "parlour's temporary beside this marker: safe to delete\n"
_MARK_LIMIT = 256  # bytes: a marker is one short line and a number


def _mark_text(st: os.stat_result) -> str:
    return f"{MARK_HEAD}{st.st_dev}:{st.st_ino}\n"


def stage_file(where: str | os.PathLike[str] | None, name: str) -> Path:
    """Make a temporary file for output `name` in `where` (None: the system's temporary folder)
    with its marker beside it, then sweep that folder (sweep_parts). Raises OSError."""
    fd, tmp = tempfile.mkstemp(dir=where, prefix=f".{_short(name)}{PART_INFIX}", suffix=".part")
    try:
        st = os.fstat(fd)
    finally:
        os.close(fd)
    try:
        mark = os.open(
            tmp + MARK_SUFFIX, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600
        )
        try:
            os.write(mark, _mark_text(st).encode())
        finally:
            os.close(mark)
    except OSError:
        unstage(Path(tmp))
        raise
    sweep_parts(os.path.dirname(tmp))
    return Path(tmp)


def unstage(tmp: Path) -> None:
    """Remove a temporary file stage_file made, and its marker (either may be gone already)."""
    for p in (str(tmp), str(tmp) + MARK_SUFFIX):
        try:
            os.unlink(p)
        except OSError:
            pass


def sweep_parts(folder: Path | str, now: float | None = None) -> list[Path]:
    """Remove the temporaries parlour left in `folder` (a run killed outright by SIGKILL or a power
    cut could not clean up): only a regular file of parlour's naming, older than STALE_PART_DAYS,
    of this user, whose marker beside it (also old, also this user's) names its very device and
    inode; a marker whose file is gone goes too. Never a folder, never a link, never anything else.
    Returns what was removed; anything unreadable is left alone."""
    import time

    now = time.time() if now is None else now
    gone: list[Path] = []
    me = os.geteuid() if hasattr(os, "geteuid") else None

    def ours(st: os.stat_result) -> bool:
        return (
            stat.S_ISREG(st.st_mode)
            and (me is None or st.st_uid == me)
            and now - st.st_mtime >= STALE_PART_DAYS * 86400
        )

    try:
        with os.scandir(folder) as entries:
            marks = [
                e
                for e in entries
                if e.name.endswith(MARK_SUFFIX) and _PART.fullmatch(e.name[: -len(MARK_SUFFIX)])
            ]
    except OSError:
        return gone
    for mark in marks:
        try:
            st = mark.stat(follow_symlinks=False)
            if not ours(st) or st.st_size > _MARK_LIMIT:
                continue
            with open(mark.path, "rb") as f:
                text = f.read(_MARK_LIMIT + 1).decode("utf-8", "replace")
            if not text.startswith(MARK_HEAD):
                continue
            part = mark.path[: -len(MARK_SUFFIX)]
            try:
                pst: os.stat_result | None = os.lstat(part)
            except FileNotFoundError:
                pst = None
            if pst is not None:
                if not ours(pst) or text != _mark_text(pst):
                    continue
                os.unlink(part)
                gone.append(Path(part))
            os.unlink(mark.path)
            gone.append(Path(mark.path))
        except OSError:
            pass
    return gone


#: Names of an open descriptor: written through it, as `-` is, never replaced.
_FD_NAME = re.compile(
    r"/dev/(?:(stdin)|(stdout)|(stderr)|fd/(\d+))|/proc/(?:self|thread-self|(\d+)(?:/task/\d+)?)/fd/(\d+)"
)
_STD_FD = {1: 0, 2: 1, 3: 2}


def descriptor_of(path: str) -> int | None:
    """The descriptor `path` names (/dev/stdout, /dev/stderr, /dev/stdin, /dev/fd/N,
    /proc/self/fd/N, also through links and linked folders), or None. Such a name is a view of a
    descriptor this process already has open: writing it by name would truncate or replace what
    the descriptor points at (a `>>` redirect's file), so it is written through the descriptor."""
    p = os.path.abspath(path)
    for _ in range(40):
        m = _FD_NAME.fullmatch(p)
        if m is not None:
            for group, fd in _STD_FD.items():
                if m.group(group):
                    return fd
            if m.group(5) is not None and int(m.group(5)) != os.getpid():
                return None  # another process's descriptor: an ordinary path for us
            return int(m.group(4) or m.group(6))
        try:
            if not os.path.islink(p):
                head, tail = os.path.split(p)
                real = os.path.join(os.path.realpath(head), tail)
                if real == p:
                    return None
                p = real
                continue
            p = os.path.normpath(os.path.join(os.path.dirname(p), os.readlink(p)))
        except OSError:
            return None
    return None


def _within(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def _short(name: str) -> str:
    """A short, readable stem for a temporary name (a long output name must not make it too long)."""
    return (name[:16] or "out").replace("%", "_")


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _umask_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


@dataclass
class _Planned:
    what: str  # the option, for messages: --output, --json, --png
    shown: str  # the path as the user gave it
    target: Path | None  # the final path, through symlinks; None for standard output
    directory: bool
    stream: bool  # copied into the target at commit (standard output, FIFOs, devices)
    staged: Path  # the temporary file or folder the command writes into
    make_parents: bool = False
    staged_inside: bool = False  # a folder staged inside its existing target
    fd: int | None = None  # the open descriptor written through (1: standard output, '-')
    listing: str | None = None  # the list of parlour's files in this folder: earlier ones not made again go


class Outputs:
    """Plan, stage and commit every output of one command (see the module docstring).

    Use as a context manager: leaving the block without `commit` (an error, Ctrl-C, a signal)
    removes every temporary.
    """

    def __init__(self, inputs: Iterable[str | os.PathLike[str] | None] = (), settings: bool = True) -> None:
        self._planned: list[_Planned] = []
        self._inputs: list[tuple[Path, tuple[int, int] | None]] = []
        self._settings: list[tuple[Path, tuple[int, int] | None]] = []
        for p in [*inputs, *_template_overrides(), *(_SETTINGS if settings else ())]:
            if p is None or str(p) == STDOUT:
                continue
            path = Path(os.path.realpath(p))
            self._inputs.append((path, _identity(path)))
        if settings:
            self._settings = self._inputs[len(self._inputs) - len(_SETTINGS) :]
        self._done = False
        _LIVE.append(self)

    # -- planning --------------------------------------------------------------------------

    def _check_target(self, what: str, shown: str, target: Path, directory: bool = False) -> None:
        ident = _identity(target)
        for path, other in self._settings:
            if path == target or (ident is not None and ident == other):
                raise ParlourError(
                    f"{what} {shown!r} is parlour's settings file ({path}): writing it would destroy "
                    "your settings; choose another file name"
                )
        for path, other in self._inputs:
            if path == target or (ident is not None and ident == other):
                raise ParlourError(
                    f"{what} {shown!r} is one of this command's inputs: writing it would destroy it; "
                    "choose another file name"
                )
        for plan in self._planned:
            if plan.target is None or plan.fd is not None:
                continue
            same = plan.target == target or (ident is not None and ident == _identity(plan.target))
            if (
                same
                or (plan.directory and _within(target, plan.target))
                or (directory and _within(plan.target, target))
            ):
                raise ParlourError(
                    f"{what} {shown!r} is the same path as {plan.what} {plan.shown!r}: give each output its own path"
                )
        self._check_stdout(what, shown, ident)
        for folder in protected_dirs():
            if _within(target, folder):
                raise ParlourError(
                    f"{what} {shown!r} is inside parlour's own files ({folder}): write your copy somewhere else"
                )

    def _check_stdout(self, what: str, shown: str, ident: tuple[int, int] | None) -> None:
        """Refuse a path that is where standard output already goes for another output."""
        if ident is None:
            return
        for other in self._planned:
            if other.fd is not None and ident == _fd_identity(other.fd):
                where = "standard output" if other.fd == 1 else f"descriptor {other.fd}"
                raise ParlourError(
                    f"{what} {shown!r} is where {where} goes, and {other.what} {other.shown} writes there "
                    "too: give each output its own path"
                )

    def stdout(self, what: str, shown: str = STDOUT) -> Path:
        """Plan standard output as `what`'s destination; returns the temporary to write into."""
        return self._plan_descriptor(what, shown, 1)

    def _plan_descriptor(self, what: str, shown: str, fd: int) -> Path:
        """Plan a write through open descriptor `fd` (`-` and /dev/stdout: 1; /dev/fd/N: N)."""
        where = "standard output" if fd == 1 else "standard error" if fd == 2 else f"descriptor {fd}"
        if fd == 0:
            raise ParlourError(
                f"{what} {shown!r} is standard input, which parlour reads, not writes: give a file name"
            )
        for plan in self._planned:
            if plan.fd == fd:
                raise ParlourError(
                    f"{what} {shown} and {plan.what} {plan.shown} both ask for {where}: send one of them to a file"
                )
        ident = _fd_identity(fd)
        if fd == 1 and (sys.stdout is None or not hasattr(sys.stdout, "buffer")):
            raise ParlourError(f"{what} {shown}: standard output is closed; give a file name instead")
        if fd != 1 and ident is None:
            raise ParlourError(f"{what} {shown!r}: {where} is not open; give a file name instead")
        if fd != 1 and not _writable_fd(fd):
            raise ParlourError(f"{what} {shown!r}: {where} is not open for writing; give a file name instead")
        for plan in self._planned:
            if (
                ident is not None
                and plan.target is not None
                and not plan.directory
                and _identity(plan.target) == ident
            ):
                raise ParlourError(
                    f"{what} {shown} and {plan.what} {plan.shown!r} are the same file ({where} "
                    "goes there): give each output its own path"
                )
            if ident is not None and plan.fd is not None and _fd_identity(plan.fd) == ident:
                raise ParlourError(
                    f"{what} {shown} and {plan.what} {plan.shown} go to the same place: give each output its own path"
                )
        for path, other in self._inputs:
            if ident is not None and ident == other:
                raise ParlourError(
                    f"{what} {shown!r}: {where} goes to one of this command's inputs ({path}); "
                    "choose another path"
                )
        tmp = stage_file(None, "parlour")
        self._planned.append(_Planned(what, shown, None, False, True, tmp, fd=fd))
        return tmp

    def file(self, path: str | os.PathLike[str], what: str = "--output", make_parents: bool = False) -> Path:
        """Plan one file; returns the temporary path the command writes into (committed by `commit`).

        `make_parents`: a missing parent directory is created at commit (the default output/)."""
        try:
            return self._file(path, what, make_parents)
        except OSError as exc:  # e.g. a path component too long, a loop of symlinks
            raise ParlourError(f"{what}: cannot use {str(path)[:60]!r} ({_reason(exc)})") from None

    def directory(
        self,
        path: str | os.PathLike[str],
        what: str = "--png",
        make_parents: bool = False,
        listing: str | None = None,
    ) -> Path:
        """Plan a directory of files (created if missing); returns a temporary directory to write into.

        `listing`: the name of the list of what parlour writes into the folder (FILE_LIST, which
        commit writes, or a manifest the command writes, such as --cards' cards.csv). What an
        earlier run's list names and this run does not write again is removed at commit, so the
        folder holds only this run's files beside the user's own (a smaller deck leaves no stale
        images; fewer pages leave no stale previews)."""
        try:
            return self._directory(path, what, make_parents, listing)
        except OSError as exc:
            raise ParlourError(f"{what}: cannot use {str(path)[:60]!r} ({_reason(exc)})") from None

    def _file(self, path: str | os.PathLike[str], what: str, make_parents: bool) -> Path:
        shown = str(path)
        if shown == STDOUT:
            return self.stdout(what)
        fd = descriptor_of(shown)
        if fd is not None:
            return self._plan_descriptor(what, shown, fd)
        if shown.endswith(("/", os.sep, "/.")):
            if Path(shown).is_dir():
                raise ParlourError(
                    f"{what} {shown!r} is a directory: give a file name such as {Path(shown) / 'out.pdf'}"
                )
            raise ParlourError(
                f"{what} {shown!r} ends with '/', which names a directory, and there is no such directory: "
                "create it, or give a file name without the slash"
            )
        given = Path(shown)
        self._check_name(what, shown, given)
        if given.is_dir():
            raise ParlourError(
                f"{what} {shown!r} is a directory: give a file name such as {given / 'out.pdf'}"
            )
        try:
            special = not stat.S_ISREG(os.stat(given).st_mode)
        except OSError:
            special = False
        if special:  # a FIFO, a device, /dev/stdout (a link to a pipe): written as a stream, by its name
            return self._plan_stream(what, shown, given)
        target = Path(os.path.realpath(given))
        if target.is_dir():
            raise ParlourError(
                f"{what} {shown!r} is a directory: give a file name such as {given / 'out.pdf'}"
            )
        parent = target.parent
        if not parent.is_dir():
            if make_parents and not parent.exists() and parent.parent.is_dir():
                pass
            elif parent.exists() or make_parents:
                raise ParlourError(
                    f"{what} {shown!r}: {str(given.parent)!r} is a file, not a directory; "
                    "move it away or choose another path"
                )
            else:
                raise ParlourError(
                    f"{what}: directory {str(given.parent)!r} does not exist; create it or choose another path"
                )
        self._check_name(what, shown, target)
        self._check_target(what, shown, target)
        try:
            st: os.stat_result | None = os.stat(target)
        except OSError:
            st = None
        stream = st is not None and not stat.S_ISREG(st.st_mode)
        if stream:
            # never opened before commit: opening a FIFO here would hand its reader an early end of file
            if not os.access(target, os.W_OK):
                raise ParlourError(
                    f"{what}: cannot write to {shown!r} (permission denied); choose another path"
                )
            tmp = stage_file(None, "parlour")
            self._planned.append(_Planned(what, shown, target, False, True, tmp))
            return tmp
        if st is not None and not os.access(target, os.W_OK):
            raise ParlourError(f"{what}: {shown!r} is read-only (permission denied); choose another path")
        where = parent if parent.is_dir() else parent.parent
        try:
            tmp = stage_file(where, target.name)
        except OSError as exc:
            raise ParlourError(
                f"{what}: cannot write in {str(where)!r} ({_reason(exc)}); choose another path"
            ) from None
        self._planned.append(
            _Planned(what, shown, target, False, False, tmp, make_parents=not parent.is_dir())
        )
        return tmp

    def _plan_stream(self, what: str, shown: str, given: Path) -> Path:
        ident = _identity(given)
        for _path, other in self._inputs:
            if ident is not None and ident == other:
                raise ParlourError(f"{what} {shown!r} is one of this command's inputs; choose another path")
        for plan in self._planned:
            if plan.target is not None and ident is not None and ident == _identity(plan.target):
                raise ParlourError(
                    f"{what} {shown!r} is the same path as {plan.what} {plan.shown!r}: give each output its own path"
                )
        self._check_stdout(what, shown, ident)
        # never opened before commit: opening a FIFO here would hand its reader an early end of file
        if not os.access(given, os.W_OK):
            raise ParlourError(f"{what}: cannot write to {shown!r} (permission denied); choose another path")
        tmp = stage_file(None, "parlour")
        self._planned.append(_Planned(what, shown, given, False, True, tmp))
        return tmp

    def _directory(
        self, path: str | os.PathLike[str], what: str, make_parents: bool, listing: str | None
    ) -> Path:
        shown = str(path)
        if shown == STDOUT:
            raise ParlourError(f"{what} -: this option needs a directory, not standard output")
        given = Path(shown)
        self._check_name(what, shown, given)
        target = Path(os.path.realpath(given))
        if target.exists() and not target.is_dir():
            raise ParlourError(f"{what} {shown!r} is a file, not a directory; give a directory")
        self._check_name(what, shown, target)
        self._check_target(what, shown, target, directory=True)
        if target.is_dir():
            where, inside = target, True
        else:
            where, inside = target.parent, False
            if not where.is_dir():
                ancestor = where
                while make_parents and not ancestor.exists() and ancestor != ancestor.parent:
                    ancestor = ancestor.parent
                if not (make_parents and ancestor.is_dir()):
                    raise ParlourError(
                        f"{what}: directory {str(given.parent)!r} does not exist; create it first"
                    )
                where = ancestor
        try:
            tmp = tempfile.mkdtemp(dir=where, prefix=f".{_short(target.name)}{PART_INFIX}", suffix=".part")
        except OSError as exc:
            raise ParlourError(
                f"{what}: cannot write in {str(where)!r} ({_reason(exc)}); choose another directory"
            ) from None
        sweep_parts(where)
        self._planned.append(
            _Planned(
                what,
                shown,
                target,
                True,
                False,
                Path(tmp),
                make_parents=make_parents,
                staged_inside=inside,
                listing=listing,
            )
        )
        return Path(tmp)

    @staticmethod
    def _check_name(what: str, shown: str, target: Path) -> None:
        try:
            limit = os.pathconf(target.parent if os.path.isdir(target.parent) else ".", "PC_NAME_MAX")
        except (OSError, ValueError):
            limit = 255
        if len(os.fsencode(target.name)) > limit:
            raise ParlourError(
                f"{what}: the file name in {shown[:40]!r}... is longer than {limit} bytes; shorten it"
            )

    def staged(self, what: str) -> Path | None:
        """The temporary planned for `what` (e.g. '--output'), or None."""
        for plan in self._planned:
            if plan.what == what:
                return plan.staged
        return None

    def target(self, what: str) -> str | None:
        """How the user named `what`'s destination ('-' for standard output)."""
        for plan in self._planned:
            if plan.what == what:
                return plan.shown
        return None

    # -- committing ------------------------------------------------------------------------

    def _dir_moves(self, plan: _Planned) -> list[tuple[Path, Path]]:
        assert plan.target is not None
        moves = []
        for item in sorted(p for p in plan.staged.rglob("*") if not p.is_dir()):
            dest = plan.target / item.relative_to(plan.staged)
            if os.path.lexists(dest):
                st = os.lstat(dest)
                if not stat.S_ISREG(st.st_mode):
                    raise ParlourError(
                        f"{plan.what}: {str(dest)!r} exists and is not a regular file; move it away"
                    )
                ident = (st.st_dev, st.st_ino)
                if any(ident == other for _, other in self._inputs):
                    raise ParlourError(
                        f"{plan.what}: {str(dest)!r} is one of this command's inputs; choose another directory"
                    )
            moves.append((item, dest))
        return moves

    def commit(self) -> None:
        """Put every staged output in place: streams first (they can fail), then renames."""
        if self._done:
            return
        mode = _umask_mode()
        stale: list[tuple[Path, list[str]]] = []
        for plan in self._planned:
            if plan.directory and plan.listing is not None and plan.target is not None:
                made = sorted(
                    p.relative_to(plan.staged).as_posix() for p in plan.staged.rglob("*") if not p.is_dir()
                )
                if plan.listing == FILE_LIST:
                    (plan.staged / FILE_LIST).write_text("".join(m + "\n" for m in made), encoding="utf-8")
                    made.append(FILE_LIST)
                if plan.target.is_dir():
                    old = _listed(plan.target, plan.listing)
                    stale.append((plan.target, sorted(set(old) - set(made))))
        # Check everything a rename could trip on before anything is put in place.
        dir_moves = {
            id(p): self._dir_moves(p)
            for p in self._planned
            if p.directory and (p.staged_inside or (p.target is not None and p.target.exists()))
        }
        for plan in self._planned:
            if plan.stream:
                self._stream(plan)
        try:
            for plan in self._planned:
                if plan.stream or plan.target is None:
                    continue
                if plan.make_parents:
                    plan.target.parent.mkdir(parents=True, exist_ok=True)
                if plan.directory:
                    moves = dir_moves.get(id(plan))
                    if moves is None:
                        for item in plan.staged.rglob("*"):
                            os.chmod(item, mode | ((mode & 0o444) >> 2) if item.is_dir() else mode)
                        os.chmod(plan.staged, mode | ((mode & 0o444) >> 2))  # rw -> rwx where readable
                        os.rename(plan.staged, plan.target)
                    else:
                        for src, dest in moves:
                            os.chmod(src, mode)
                            dest.parent.mkdir(parents=True, exist_ok=True)
                            os.replace(src, dest)
                        shutil.rmtree(plan.staged, ignore_errors=True)  # only emptied folders remain
                else:
                    try:
                        keep = stat.S_IMODE(os.stat(plan.target).st_mode)
                    except OSError:
                        keep = mode
                    os.chmod(plan.staged, keep)
                    os.replace(plan.staged, plan.target)
                    unstage(plan.staged)  # (its marker)
        except OSError as exc:
            raise ParlourError(f"cannot put the output in place ({_reason(exc)})") from None
        for folder, names in stale:
            self._remove_listed(folder, names)
        self._done = True
        self._forget()

    def _remove_listed(self, folder: Path, names: list[str]) -> None:
        """Remove the files parlour wrote into `folder` before and did not write again: only a
        regular file of this user's that is no input of this command."""
        me = os.geteuid() if hasattr(os, "geteuid") else None
        for name in names:
            path = folder / name
            try:
                st = os.lstat(path)
                if not stat.S_ISREG(st.st_mode) or (me is not None and st.st_uid != me):
                    continue
                if any((st.st_dev, st.st_ino) == other for _, other in self._inputs):
                    continue
                if any(
                    os.path.islink(folder.joinpath(*name.split("/")[:i]))
                    for i in range(1, name.count("/") + 1)
                ):
                    continue  # a linked folder on the way: not ours to follow
                os.unlink(path)
            except OSError:
                pass

    def _stream(self, plan: _Planned) -> None:
        try:
            if plan.fd == 1:
                out = sys.stdout
                if out is None:
                    raise ParlourError(f"{plan.what} -: standard output is closed; give a file name instead")
                out.flush()
                with open(plan.staged, "rb") as src:
                    shutil.copyfileobj(src, out.buffer if hasattr(out, "buffer") else out)
                out.flush()
            elif plan.fd is not None:
                if plan.fd == 2 and sys.stderr is not None:
                    sys.stderr.flush()
                with open(plan.staged, "rb") as src:
                    _write_fd(plan.fd, src)
            else:
                assert plan.target is not None
                with open(plan.staged, "rb") as src, open(plan.target, "wb") as dest:
                    shutil.copyfileobj(src, dest)
        except OSError as exc:
            where = (
                "standard output"
                if plan.fd == 1
                else f"descriptor {plan.fd}"
                if plan.fd is not None
                else repr(plan.shown)
            )
            raise ParlourError(f"{plan.what}: cannot write to {where} ({_reason(exc)})") from None

    def abort(self) -> None:
        """Remove every temporary; nothing is put in place. Safe to call twice."""
        if self._done:
            return
        self._done = True
        for plan in self._planned:
            if plan.directory:
                shutil.rmtree(plan.staged, ignore_errors=True)
            else:
                unstage(plan.staged)
        self._forget()

    def _forget(self) -> None:
        if self in _LIVE:
            _LIVE.remove(self)
        for plan in self._planned:  # the stream stages live in the system temp folder
            if plan.stream:
                unstage(plan.staged)

    def __enter__(self) -> Outputs:
        return self

    def __exit__(self, *exc: object) -> None:
        self.abort()


def abort_all() -> None:
    """Remove the temporaries of every transaction still open (on exit, or when a signal arrives)."""
    for tx in list(_LIVE):
        tx.abort()


atexit.register(abort_all)


def write_text(path: Path, text: str) -> None:
    """Write `text` as UTF-8 into a staged path."""
    path.write_text(text, encoding="utf-8")


def json_text(data: Any) -> str:
    """parlour's one way of writing JSON: UTF-8 as is, indented by two, a newline at the end."""
    import json

    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def dump_json(path: Path, data: Any) -> None:
    """Write `data` as JSON (json_text) into a staged path."""
    write_text(path, json_text(data))
