"""File safety across the command line: no command writes over its inputs, a packaged template or a
special file; outputs go to stdout with `-`; a failing or interrupted run leaves nothing behind,
also as an unprivileged user and under real signals."""

from __future__ import annotations

import hashlib
import json
import os
import resource
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from generator.games.fighting_words import model as fighting_words
from generator.games.riddle_craft import model as riddle_craft
from tests.clicheck import files_in, one_line_error

#: Every command that prints a PDF, with the arguments it needs to be quick.
PRINTERS = [
    ["pack"],
    ["calibrate"],
    ["doublets", "sheet"],
    ["doublets", "daily", "--from", "2025-01-01", "--days", "1", "--book"],
    ["doublets", "jewels"],
    ["doublets", "scorepad"],
    ["chimera", "key"],
    ["chimera", "pad"],
    ["fighting-words", "deck"],
    ["riddle-craft", "deck"],
    ["sorcerer", "board"],
    ["sorcerer", "notes"],
    ["sorcerer", "diagrams"],
]
#: Commands that answer on stdout and can also write --json.
ANSWERERS = [
    ["doublets", "solve", "head", "tail"],
    ["chimera", "check", "six", "heart", "shirt"],
    ["fighting-words", "stats", "--deals", "20"],
]
TEMPLATES = [fighting_words.TEMPLATE, riddle_craft.TEMPLATE]


def _digest(paths: list[Path]) -> list[str]:
    return [hashlib.sha256(p.read_bytes()).hexdigest() for p in paths]


def _ids(cmds: list[list[str]]) -> list[str]:
    return [" ".join(c[:2]) for c in cmds]


@pytest.mark.parametrize("option", ["-o", "--json", "--png"])
@pytest.mark.parametrize("cmd", PRINTERS, ids=_ids(PRINTERS))
def test_no_printer_writes_a_packaged_template(run, tmp_path, cmd, option):
    folder = TEMPLATES[0].parent
    before, listed = _digest(TEMPLATES), files_in(folder)
    target = TEMPLATES[0] if option != "--png" else folder
    line = one_line_error(run(*cmd, option, str(target)))
    assert "parlour's own files" in line or "is a file" in line
    assert _digest(TEMPLATES) == before and files_in(folder) == listed
    assert files_in(tmp_path) == []


@pytest.mark.parametrize("cmd", ANSWERERS, ids=_ids(ANSWERERS))
def test_no_answerer_writes_a_packaged_template(run, cmd):
    before = _digest(TEMPLATES)
    line = one_line_error(run(*cmd, "--json", str(TEMPLATES[1])))
    assert "parlour's own files" in line
    assert _digest(TEMPLATES) == before


def _letters(where: Path) -> Path:
    p = where / "m.toml"
    p.write_text("[letters]\n" + "\n".join(f"{c} = 4" for c in "aeioustrnlhdcm") + "\n")
    return p


def _fragments(where: Path) -> Path:
    p = where / "m.csv"
    p.write_text("text,kind\nI have stripes,looks\nI hum in the dark,does\nI live in a shoe,where\n")
    return p


_READERS = [
    ("fw-deck", ["fighting-words", "deck", "--letters", "m.toml"], _letters, True),
    ("fw-stats", ["fighting-words", "stats", "--deals", "20", "--letters", "m.toml"], _letters, False),
    ("rc-deck", ["riddle-craft", "deck", "--fragments", "m.csv"], _fragments, True),
]
_OVER_INPUT = [
    pytest.param(cmd, make, option, id=f"{name}-{option}")
    for name, cmd, make, prints in _READERS
    for option in ("-o", "--json", "--json-hardlink", "-o-symlink")
    if prints or not option.startswith("-o")  # stats writes no PDF
]


@pytest.mark.parametrize("cmd, make, option", _OVER_INPUT)
def test_no_command_writes_over_its_input(run, tmp_path, cmd, make, option):
    src = make(tmp_path)
    before = src.read_bytes()
    target = src.name
    expected = {src.name}
    if option.endswith("hardlink"):
        os.link(src, tmp_path / "other")
        target = "other"
    elif option.endswith("symlink"):
        (tmp_path / "other").symlink_to(src)
        target = "other"
    if target == "other":
        expected.add("other")
    flag = "--json" if option.startswith("--json") else "-o"
    line = one_line_error(run(*cmd, flag, target))
    assert "inputs" in line
    assert src.read_bytes() == before
    assert {p.name for p in tmp_path.iterdir()} == expected


@pytest.mark.parametrize("cmd", [["doublets", "sheet"], ["pack"]], ids=["sheet", "pack"])
def test_same_path_twice_is_refused(run, tmp_path, cmd):
    line = one_line_error(run(*cmd, "-o", "x.pdf", "--json", "x.pdf"))
    assert "same path" in line
    one_line_error(run(*cmd, "-o", "x.pdf", "--png", "x.pdf"))
    assert files_in(tmp_path) == []


def test_json_and_pdf_to_stdout_with_status_on_stderr(run, tmp_path):
    res = run("calibrate", "-o", "-")
    assert res.exit_code == 0, res.output
    assert res.stdout_bytes.startswith(b"%PDF-") and res.stdout_bytes.rstrip().endswith(b"%%EOF")
    assert "wrote standard output" in res.stderr
    res = run("calibrate", "-o", "c.pdf", "--json", "-")
    assert res.exit_code == 0
    assert json.loads(res.stdout)["paper"] and "wrote c.pdf" in res.stderr
    res = run("doublets", "solve", "head", "tail", "--json", "-")
    assert json.loads(res.stdout)["chain"][0] == "head" and "→" in res.stderr
    assert files_in(tmp_path) == ["c.pdf"]
    line = one_line_error(run("calibrate", "-o", "-", "--json", "-"))
    assert "standard output" in line
    assert files_in(tmp_path) == ["c.pdf"]


def test_pdf_to_stdout_is_the_same_pdf(run, tmp_path):
    run("calibrate", "-o", "c.pdf")
    assert run("calibrate", "-o", "-").stdout_bytes == (tmp_path / "c.pdf").read_bytes()


def test_status_lines_go_to_stderr(run):
    res = run("calibrate", "-o", "c.pdf")
    assert res.exit_code == 0 and res.stdout == "" and "wrote c.pdf" in res.stderr
    res = run("doublets", "daily", "--from", "2025-01-01", "--days", "2", "-o", "d")
    assert res.exit_code == 0 and res.stdout == "" and "wrote 2 daily sheets" in res.stderr


def test_symlink_output_is_written_through(run, tmp_path):
    (tmp_path / "real.pdf").write_text("old")
    (tmp_path / "link.pdf").symlink_to("real.pdf")
    assert run("calibrate", "-o", "link.pdf").exit_code == 0
    assert (tmp_path / "link.pdf").is_symlink()
    assert (tmp_path / "real.pdf").read_bytes().startswith(b"%PDF-")


def test_fifo_output_is_streamed(run, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    res = run("calibrate", "-o", "pipe", "--json", "c.json")
    reader.join(30)
    assert res.exit_code == 0, res.output
    assert got and got[0].startswith(b"%PDF-")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.json", "pipe"]


def test_dev_null_stays_a_device(run):
    before = os.stat("/dev/null")
    assert run("calibrate", "-o", "/dev/null", "--json", "/dev/null").exit_code == 2  # same path twice
    assert run("calibrate", "-o", "/dev/null").exit_code == 0
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino


def test_missing_folder_with_trailing_slash(run, tmp_path):
    line = one_line_error(run("calibrate", "-o", "out/"))
    assert "no such directory" in line and files_in(tmp_path) == [] and not (tmp_path / "out").exists()


def test_a_file_named_output_in_the_way(run, tmp_path):
    (tmp_path / "output").write_text("mine")
    for cmd in (["calibrate"], ["doublets", "daily", "--from", "2025-01-01", "--days", "1"]):
        line = one_line_error(run(*cmd))
        assert "'output'" in line
    assert (tmp_path / "output").read_text() == "mine" and files_in(tmp_path) == ["output"]


def test_long_file_names(run, tmp_path):
    name = "n" * 245 + ".pdf"
    assert run("calibrate", "-o", name).exit_code == 0
    assert files_in(tmp_path) == [name]
    line = one_line_error(run("calibrate", "-o", "n" * 300 + ".pdf"))
    assert "longer than" in line and files_in(tmp_path) == [name]


@pytest.mark.parametrize("where", ["/proc/x.pdf", "/sys/x.pdf", "/proc/self/x.pdf"])
def test_kernel_file_systems(run, tmp_path, where):
    one_line_error(run("calibrate", "-o", where))
    assert files_in(tmp_path) == []


def test_later_output_failure_leaves_no_pdf(run, tmp_path, monkeypatch):
    from generator.press import preview

    def broken(pdf, out, stem=None):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(preview, "render_pngs", broken)  # write_outputs imports it when it runs
    line = one_line_error(run("calibrate", "-o", "c.pdf", "--json", "c.json", "--png", "png"))
    assert "No space left" in line
    assert files_in(tmp_path) == [] and list(tmp_path.iterdir()) == []


def test_daily_book_checked_before_any_work(run, tmp_path):
    (tmp_path / "x.pdf").mkdir()
    one_line_error(run("doublets", "daily", "--from", "2025-01-01", "--days", "3", "--book", "-o", "x.pdf"))
    one_line_error(
        run("doublets", "daily", "--from", "2025-01-01", "--days", "3", "--png", "a.pdf", "-o", "a.pdf")
    )
    assert files_in(tmp_path) == []


def test_daily_folder_all_or_nothing(run, tmp_path, monkeypatch):
    from generator.games.doublets.draw import sheet as doublets_sheet_draw

    calls = {"n": 0}
    real = doublets_sheet_draw.sheet_pages

    def fail_third(*a, **k):
        calls["n"] += 1
        if calls["n"] == 3:
            raise OSError(28, "No space left on device")
        return real(*a, **k)

    monkeypatch.setattr(doublets_sheet_draw, "sheet_pages", fail_third)
    res = run("doublets", "daily", "--from", "2025-01-01", "--days", "4", "-o", "d", "--json", "d.json")
    assert res.exit_code == 2 and "Traceback" not in res.output
    assert list(tmp_path.iterdir()) == []


# -- real processes: full disk, full or closed stdout, signals ----------------------------------


def _parlour(*args: str, cwd: Path, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "generator", *args], cwd=cwd, capture_output=True, text=True, timeout=300, **kw
    )


def _one_line(proc: subprocess.CompletedProcess) -> str:
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    return lines[0]


def test_full_disk_is_one_line_and_no_file(tmp_path):
    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (20 * 1024, 20 * 1024))

    proc = _parlour("calibrate", "-o", "c.pdf", "--json", "c.json", cwd=tmp_path, preexec_fn=small_files)
    assert "File too large" in _one_line(proc)
    assert list(tmp_path.iterdir()) == []


def test_full_stdout(tmp_path):
    with open("/dev/full", "w") as full:
        for args in (["doublets", "solve", "head", "tail"], ["words", "export"], ["calibrate", "-o", "-"]):
            proc = subprocess.run(
                [sys.executable, "-m", "generator", *args],
                cwd=tmp_path,
                stdout=full,
                stderr=subprocess.PIPE,
                text=True,
                timeout=300,
            )
            assert "standard output" in _one_line(proc)
    assert list(tmp_path.iterdir()) == []


def test_closed_stdout(tmp_path):
    for args in (["doublets", "solve", "head", "tail"], ["calibrate", "-o", "-"]):
        proc = subprocess.run(
            [sys.executable, "-m", "generator", *args],
            cwd=tmp_path,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            timeout=300,
            preexec_fn=lambda: os.close(1),
        )
        assert "standard output" in _one_line(proc)


def test_broken_pipe(tmp_path):
    proc = subprocess.Popen(
        [sys.executable, "-m", "generator", "words", "export", "--tier", "broad"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    proc.stdout.close()  # the reader goes away, as `| head` does
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 2 and "Traceback" not in err and "standard output" in err


def _leftovers(where: Path) -> list[str]:
    names = [str(p.relative_to(where)) for p in where.rglob("*")]
    return sorted(names)


def _default_signals() -> None:
    """In the child before exec: the default action for the signals this test sends."""
    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(s, signal.SIG_DFL)


def _system_temps(tmpdir: Path) -> set[str]:
    """parlour's own spool files in the child's temp directory (a private one, so that other test
    runs on the machine cannot make this test fail)."""
    return {p.name for p in tmpdir.glob("parlour.*.part")}


@pytest.mark.parametrize(
    "sig, code",
    [(signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGHUP, 129)],
    ids=["INT", "TERM", "HUP"],
)
@pytest.mark.parametrize(
    "args",
    [
        ["pack", "--png", "png", "--json", "pack.json", "-o", "pack.pdf"],
        [
            "doublets",
            "daily",
            "--from",
            "2025-01-01",
            "--days",
            "400",
            "--book",
            "-o",
            "book.pdf",
            "--json",
            "-",
        ],
        ["doublets", "daily", "--from", "2025-01-01", "--days", "60", "-o", "days", "--png", "png"],
    ],
    ids=["pack", "daily-book", "daily-files"],
)
def test_signal_mid_run_leaves_nothing(tmp_path, sig, code, args):
    systmp = tmp_path.parent / f"{tmp_path.name}-tmp"  # the child's TMPDIR, outside its cwd
    systmp.mkdir()
    proc = subprocess.Popen(
        [sys.executable, "-m", "generator", *args],
        cwd=tmp_path,
        env={**os.environ, "TMPDIR": str(systmp)},
        # As from a terminal: a shell running CI in the background starts jobs with SIGINT ignored,
        # and parlour (rightly, as under nohup) keeps ignoring what its caller ignores.
        preexec_fn=_default_signals,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if any(p.name.endswith(".part") for p in tmp_path.iterdir()):
            break
        time.sleep(0.01)
    time.sleep(0.3)  # well into the work
    assert proc.poll() is None, "the command finished before it could be interrupted"
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == code, err
    assert b"Traceback" not in err and b"Interrupted" in err
    assert out == b""
    assert _leftovers(tmp_path) == []
    assert _system_temps(systmp) == set()


# -- an unprivileged user -----------------------------------------------------------------------


def _as_nobody(args: list[str], cwd: Path) -> tuple[int, str]:
    """Run `parlour ARGS` in a forked child that dropped root for nobody (the code stays imported,
    so the interpreter's own files need not be readable by nobody). Returns (exit code, stderr)."""
    import csv  # noqa: F401  (the press's card readers, imported when a command runs)
    import difflib  # noqa: F401  (click's "did you mean")
    import encodings.utf_8_sig  # noqa: F401  (text files are read as utf-8-sig; codecs load lazily)
    import tomllib  # noqa: F401  (the settings file, read when a command runs)

    import pypdfium2  # noqa: F401
    from click.testing import CliRunner
    from PIL import Image

    import generator.cli as cli_module
    import generator.commands.calibrate  # noqa: F401  (imported before the fork)
    import generator.games.doublets.command  # noqa: F401
    import generator.games.doublets.draw  # noqa: F401
    import generator.press.preview  # noqa: F401
    from generator.press.fonts import register_fonts

    Image.init()  # PIL loads its PNG writer lazily
    register_fonts()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        try:
            os.close(read)
            if os.geteuid() == 0:
                os.setgroups([])
                os.setgid(65534)
                os.setuid(65534)
            os.chdir(cwd)
            res = CliRunner().invoke(cli_module.cli, args)
            os.write(write, json.dumps([res.exit_code, res.stderr]).encode())
        finally:
            os._exit(0)
    os.close(write)
    data = b""
    while chunk := os.read(read, 65536):
        data += chunk
    os.close(read)
    os.waitpid(pid, 0)
    code, err = json.loads(data)
    return code, err


def _unreachable_for_others(path: Path) -> Path | None:
    """The first folder above `path` (itself included) that other users cannot pass through,
    or None: nobody must reach the checkout's code, fonts and templates."""
    for folder in (path, *path.parents):
        if not folder.stat().st_mode & stat.S_IXOTH:
            return folder
    return None


@pytest.fixture
def shared_dir():
    """A directory nobody can write in, below one it can reach."""
    closed = _unreachable_for_others(Path(__file__).resolve().parents[1])
    if closed is not None:
        why = f"{closed} is closed to other users, so nobody cannot run parlour from this checkout"
        if os.environ.get("CI"):
            pytest.fail(why + " (.ci/run opens its checkout with chmod o+x)")
        pytest.skip(why)
    top = Path(tempfile.mkdtemp(prefix="parlour-nobody-"))
    top.chmod(0o777)
    yield top
    import shutil

    for p in top.rglob("*"):
        if p.is_dir():
            p.chmod(0o777)
    shutil.rmtree(top)


@pytest.mark.parametrize(
    "args, needle",
    [
        (["calibrate", "-o", "c.pdf", "--png", "ro/previews"], "--png"),
        (["calibrate", "-o", "c.pdf", "--png", "ro"], "--png"),
        (["calibrate", "-o", "ro/c.pdf"], "--output"),
        (["calibrate", "-o", "c.pdf", "--json", "ro/c.json"], "--json"),
        (["calibrate", "-o", "readonly.pdf"], "read-only"),
        (["doublets", "daily", "--from", "2025-01-01", "--days", "2", "-o", "ro/days"], "--output"),
        (["doublets", "daily", "--from", "2025-01-01", "--days", "2", "-o", "ro"], "--output"),
    ],
)
def test_unwritable_places_as_an_unprivileged_user(shared_dir, args, needle):
    ro = shared_dir / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    (shared_dir / "readonly.pdf").write_text("keep")
    (shared_dir / "readonly.pdf").chmod(0o444)
    code, err = _as_nobody(args, shared_dir)
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert code == 2 and len(lines) == 1 and needle in lines[0], err
    assert sorted(p.name for p in shared_dir.rglob("*")) == ["readonly.pdf", "ro"]
    assert (shared_dir / "readonly.pdf").read_text() == "keep"


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_signal_a_library_annotated_keeps_its_exit_code(sig):
    """reportlab's paragraph parser re-raises what it catches as the same class with a message
    (annotateException): a signal landing there still exits 128 + its number, not 1."""
    from reportlab.lib.utils import annotateException

    from generator.cli import Interrupted, _interrupt_code

    with pytest.raises(Interrupted) as caught:
        try:
            raise Interrupted(sig)
        except Interrupted:
            annotateException("paragraph text '<para>x</para>' caused exception")
    assert not isinstance(caught.value.args[0], int)  # the message replaced the signal number
    assert caught.value.signum == sig and _interrupt_code(caught.value) == 128 + sig


def test_nobody_can_print_where_allowed(shared_dir):
    code, err = _as_nobody(["calibrate", "-o", "c.pdf", "--png", "png"], shared_dir)
    assert code == 0, err
    assert (shared_dir / "c.pdf").stat().st_uid == (65534 if os.geteuid() == 0 else os.geteuid())


@pytest.mark.parametrize("where", ["templates", "package"])
def test_templates_export_never_writes_into_parlour(run, tmp_path, where):
    import generator

    folder = TEMPLATES[0].parent if where == "templates" else Path(generator.__file__).parent / "data"
    before = sorted((p.name, p.stat().st_mtime_ns) for p in folder.iterdir())
    line = one_line_error(run("templates", "export", str(folder), "--force"))
    assert "parlour's own files" in line
    assert sorted((p.name, p.stat().st_mtime_ns) for p in folder.iterdir()) == before
    assert run("templates", "export", "mine").exit_code == 0
    assert files_in(tmp_path / "mine") == [n for n in files_in(TEMPLATES[0].parent) if n.endswith(".toml")]


def test_stats_progress_counts_every_deal():
    from generator.games.fighting_words import model as fw

    seen: list[int] = []
    plain = fw.stats(fw.load_deck(), deals=1234, seed=5)
    with_bar = fw.stats(fw.load_deck(), deals=1234, seed=5, progress=seen.append)
    assert sum(seen) == 1234 and len(seen) > 100
    assert with_bar == plain  # the bar changes nothing in the figures


def test_stats_shows_a_progress_bar_on_a_terminal(tmp_path):
    import pty

    from generator.games.fighting_words.command import PROGRESS_FROM

    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "generator", "fighting-words", "stats", "--deals", str(PROGRESS_FROM)],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=slave,
    )
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    out, _ = proc.communicate(timeout=600)
    os.close(master)
    assert proc.returncode == 0
    assert b"dealing" in seen and b"100%" in seen
    assert b"dealing" not in out and b"first turn" in out  # the report on stdout, the bar on the terminal


def test_dev_stdout_to_a_pipe_is_a_stream(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "generator", "calibrate", "-o", "/dev/stdout", "--json", "c.json"],
        cwd=tmp_path,
        capture_output=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(b"%PDF-") and b"wrote /dev/stdout" in proc.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.json"]


def test_a_cache_directory_nobody_can_write_costs_time_not_output(shared_dir, monkeypatch):
    """As an unprivileged user whose cache directory is read-only (and holds a stale file it may
    not remove): what a cache would hold is made afresh, nothing is saved or removed, and the PDF
    is the one a writable cache gives."""
    import shutil
    import time

    from click.testing import CliRunner

    from generator.cli import cli
    from generator.press import fonts

    faces = shared_dir / "fonts"  # a copy nobody can read, wherever the checkout is
    shutil.copytree(fonts.fonts_dir(), faces)
    for p in [faces, *faces.iterdir()]:
        p.chmod(0o755 if p.is_dir() else 0o644)
    monkeypatch.setattr(fonts, "fonts_dir", lambda: faces)
    cache = shared_dir / "cache"
    cache.mkdir()
    stale = cache / "face-DejaVuSans-0badf00d-1a.bin"
    stale.write_bytes(b"old")
    old = time.time() - 30 * 86400
    os.utime(stale, (old, old))
    cache.chmod(0o555)
    monkeypatch.setenv("PARLOUR_CACHE_DIR", str(cache))
    code, err = _as_nobody(["calibrate", "-o", "c.pdf"], shared_dir)
    assert code == 0, err
    assert sorted(p.name for p in cache.iterdir()) == [stale.name] and stale.read_bytes() == b"old"
    monkeypatch.setenv("PARLOUR_CACHE_DIR", str(shared_dir / "writable"))
    res = CliRunner().invoke(cli, ["calibrate", "-o", str(shared_dir / "w.pdf")])
    assert res.exit_code == 0, res.output
    assert (shared_dir / "c.pdf").read_bytes() == (shared_dir / "w.pdf").read_bytes()


# -- the cache is verified, never trusted -------------------------------------------------------

ROOT = Path(__file__).resolve().parents[1]

#: Commands that, between them, read every kind of cache file parlour writes.
CACHE_READERS = [
    ["rules", "chimera", "-o", "rules.pdf"],  # the rules' fitting
    ["piecepack", "--pieces", "coins", "-o", "pieces.pdf"],  # the ink boxes
    ["doublets", "jewels", "--json", "jewels.json", "-o", "jewels.pdf"],  # the ends
    ["doublets", "sheet", "--json", "sheet.json", "-o", "sheet.pdf"],  # the keyable bitsets
    [
        "doublets",
        "sheet",
        "--count",
        "9",
        "--length",
        "3",
        "--json",
        "big.json",
        "-o",
        "big.pdf",
    ],  # capacities
    ["doublets", "solve", "head", "tail", "--all"],  # the one-shot word lists
    ["doublets", "daily", "--from", "2027-03-18", "--days", "1", "--book", "-o", "daily.pdf"],  # the stories
    ["chimera", "key", "--json", "key.json", "-o", "key.pdf"],  # the referee's answers
    ["fighting-words", "check", "trade"],  # the word index
]
CACHE_KINDS = {"rules-fit", "ink", "doublets-ends", "doublets-keyable", "doublets-capacity",
               "doublets-stories", "doublets-words", "chimera-answers", "fighting-words",
               "doublets-story-cycle", "doublets-daily-classes", "doublets-daily-class-year"}  # fmt: skip

#: Runs CACHE_READERS in one process (so each cache file is read from disk once) and prints what
#: each made (its files and standard output, hashed) and every line it wrote on stderr.
_READ_ALL = """
import hashlib, json, os, sys
from click.testing import CliRunner
from generator.cli import cli
made, err = [], []
for args in json.loads(sys.argv[1]):
    res = CliRunner().invoke(cli, args)
    files = {n: hashlib.sha256(open(n, "rb").read()).hexdigest() for n in sorted(os.listdir("."))}
    made.append([res.exit_code, res.stdout, files])
    err += [ln for ln in res.stderr.splitlines() if ln.strip() and not ln.startswith("wrote ")]
    for n in files:
        os.unlink(n)
print(json.dumps({"made": made, "err": err}))
"""


def _read_all(cache: Path, work: Path) -> dict:
    work.mkdir(exist_ok=True)
    env = {**os.environ, "PARLOUR_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-c", _READ_ALL, json.dumps(CACHE_READERS)],
        cwd=work, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def _kind(name: str) -> str:
    """The kind of a cache file `KIND-DIGEST.bin` (cache.derived_path); a face's ink is one kind."""
    kind = name.rsplit("-", 1)[0]
    return "ink" if kind.startswith("ink-") else kind


def _flip(at: int | float) -> Callable[[bytes], bytes]:
    def mutate(data: bytes) -> bytes:
        b = bytearray(data)
        i = min(len(b) - 1, int(at * len(b))) if isinstance(at, float) else at
        b[i] ^= 0x41
        return bytes(b)

    return mutate


MUTATIONS: dict[str, Callable[[bytes], bytes]] = {
    "magic": _flip(2),
    "builder": _flip(20),
    "digest": _flip(60),
    "payload-early": _flip(0.1),
    "payload-middle": _flip(0.5),
    "last-byte": _flip(1.0),
    "five-bytes": lambda d: _flip(0.2)(_flip(0.35)(_flip(0.5)(_flip(0.65)(_flip(0.8)(d))))),
    "truncated": lambda d: d[: len(d) // 2],
    "empty": lambda d: b"",
}


@pytest.fixture(scope="module")
def fresh_cache(tmp_path_factory):
    """A cache built from nothing by CACHE_READERS, and what they made with it."""
    top = tmp_path_factory.mktemp("cache-kinds")
    first = _read_all(top / "cache", top / "work")
    assert first["err"] == [], first["err"]
    again = _read_all(top / "cache", top / "work")  # read back: the same outputs
    assert again["made"] == first["made"]
    kinds = {_kind(p.name) for p in (top / "cache").iterdir()}
    assert kinds == CACHE_KINDS  # every kind is tried (a new kind must join CACHE_READERS)
    return top / "cache", first["made"]


def _damaged_copy(pristine: Path, where: Path, damage: Callable[[Path, bytes], None]) -> Path:
    import shutil

    shutil.copytree(pristine, where)
    for p in sorted(where.iterdir()):
        data = p.read_bytes()
        p.unlink()
        damage(p, data)
    return where


@pytest.mark.parametrize("mutation", list(MUTATIONS))
def test_a_damaged_cache_file_gives_the_fresh_answer(fresh_cache, tmp_path, mutation):
    """Every cache file of every kind damaged the same way at once: every output is what a fresh
    cache gives, with at most one warning line; the damaged files are replaced by good ones."""
    pristine, made = fresh_cache
    cache = _damaged_copy(pristine, tmp_path / "cache", lambda p, d: p.write_bytes(MUTATIONS[mutation](d)))
    got = _read_all(cache, tmp_path / "work")
    assert got["made"] == made
    assert len(got["err"]) <= 1 and all("warning" in ln for ln in got["err"]), got["err"]
    assert _read_all(cache, tmp_path / "work")["err"] == []  # rebuilt: quiet from now on


def _special(kind: str) -> Callable[[Path, bytes], None]:
    def make(p: Path, data: bytes) -> None:
        if kind == "fifo":
            os.mkfifo(p)
        elif kind == "dev-zero":
            p.symlink_to("/dev/zero")
        elif kind == "folder":
            p.mkdir()
        elif kind == "dangling-link":
            p.symlink_to(p.with_name("nowhere"))
        elif kind == "huge":
            with open(p, "wb") as fh:
                fh.truncate(200 * 2**20)  # sparse: no disk is used
        elif kind in ("wrong-shape", "not-marshal"):  # sealed, and under the right key
            import marshal

            from generator import cache

            stamp = data.split(b"\n", 3)[3].partition(b"\n")[0]  # (magic, builder, digest, payload)
            body = marshal.dumps(7) if kind == "wrong-shape" else b"\xffnot marshal"
            p.write_bytes(cache.sealed(stamp + b"\n" + body))

    return make


@pytest.mark.parametrize(
    "kind", ["fifo", "dev-zero", "folder", "dangling-link", "huge", "wrong-shape", "not-marshal"]
)
def test_a_cache_file_that_is_not_a_file_never_hangs(fresh_cache, tmp_path, kind):
    """Each cache file replaced by a FIFO (no writer), a link to /dev/zero, a folder, a broken link,
    a 200 MB file, or a whole file under its own key holding a value of another shape (an int) or
    no value at all: the outputs are the fresh ones, with at most one warning."""
    pristine, made = fresh_cache
    cache = _damaged_copy(pristine, tmp_path / "cache", _special(kind))
    got = _read_all(cache, tmp_path / "work")
    assert got["made"] == made
    assert len(got["err"]) <= 1 and all("warning" in ln for ln in got["err"]), got["err"]


# -- the settings file, standard output twice, XDG, stale temporaries ---------------------------


def _lane(*args: str, cwd: Path, env: dict[str, str] | None = None, **kw) -> subprocess.CompletedProcess:
    """`parlour ARGS` in a real process running this checkout's code."""
    full = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    kw.setdefault("stdout", subprocess.PIPE)
    kw.setdefault("stderr", subprocess.PIPE)
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd, env=full, timeout=300, **kw)


@pytest.mark.parametrize(
    "args",
    [
        ["-o", "/dev/stdout", "--json", "-"],
        ["-o", "-", "--json", "/dev/stdout"],
        ["-o", "/dev/fd/1", "--json", "-"],
    ],
)
@pytest.mark.parametrize("into", ["pipe", "file"])
def test_standard_output_named_twice_is_refused(tmp_path, args, into):
    """Two outputs that are one file (standard output by its name and by `-`): one line, exit 2,
    nothing on standard output, whether it is a pipe or a file."""
    if into == "file":
        with open(tmp_path / "x", "wb") as out:
            proc = _lane("rules", "doublets", *args, cwd=tmp_path, stdout=out)
        assert (tmp_path / "x").read_bytes() == b""
    else:
        proc = _lane("rules", "doublets", *args, cwd=tmp_path)
        assert proc.stdout == b""
    lines = proc.stderr.decode().splitlines()
    assert proc.returncode == 2 and len(lines) == 1 and "standard output" in lines[0], proc.stderr


def test_stdout_file_named_as_an_output_is_refused(tmp_path):
    """`--json x -o - > x`: the JSON would replace the file the PDF is streaming into."""
    with open(tmp_path / "x", "wb") as out:
        proc = _lane("rules", "doublets", "--json", "x", "-o", "-", cwd=tmp_path, stdout=out)
    assert proc.returncode == 2 and b"standard output" in proc.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["x"]


@pytest.mark.parametrize("xdg", ["", "relative", "./rel", "~/notexpanded"])
def test_an_empty_or_relative_xdg_config_home_is_ignored(tmp_path, xdg):
    """The XDG rules: XDG_CONFIG_HOME must be absolute, else ~/.config is used; a settings file in
    the working directory is neither read nor written."""
    home = tmp_path / "home"
    work = tmp_path / "work"
    home.mkdir()
    for rel in ("relative", "rel", "~/notexpanded", ""):
        bad = work / rel / "parlour" / "config.toml"
        bad.parent.mkdir(parents=True, exist_ok=True)
        bad.write_text('paper = "nonsense"\n')  # would fail every command if it were read
    env = {"HOME": str(home), "XDG_CONFIG_HOME": xdg}
    proc = _lane("calibrate", "--save", "1,2", cwd=work, env=env)
    assert proc.returncode == 0, proc.stderr
    assert (home / ".config" / "parlour" / "config.toml").read_text().count('back_offset = "1,2"') == 1
    assert all(p.read_text() == 'paper = "nonsense"\n' for p in work.rglob("config.toml"))


def test_the_settings_writer_may_write_the_settings(run, tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_CONFIG", str(tmp_path / "c.toml"))
    assert run("calibrate", "--save", "1,2").exit_code == 0
    assert run("calibrate", "--save", "3,4").exit_code == 0
    assert 'back_offset = "3,4"' in (tmp_path / "c.toml").read_text()
    line = one_line_error(run("calibrate", "-o", str(tmp_path / "c.toml")))
    assert "settings file" in line and 'back_offset = "3,4"' in (tmp_path / "c.toml").read_text()


def test_saving_into_a_read_only_folder_names_the_settings_file_as_nobody(shared_dir, monkeypatch):
    ro = shared_dir / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    monkeypatch.setenv("PARLOUR_CONFIG", str(ro / "config.toml"))
    code, err = _as_nobody(["calibrate", "--save", "1,2"], shared_dir)
    if os.geteuid() != 0 and os.access(ro, os.W_OK):
        pytest.skip("cannot make a folder read-only here")
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert code == 2 and len(lines) == 1 and "settings file" in lines[0] and "--output" not in lines[0], err
    assert list(ro.iterdir()) == []


def test_settings_file_as_output_is_refused_as_nobody(shared_dir, monkeypatch):
    settings = shared_dir / "c.toml"
    settings.write_text('paper = "a4"\n')
    settings.chmod(0o666)
    monkeypatch.setenv("PARLOUR_CONFIG", str(settings))
    code, err = _as_nobody(["calibrate", "-o", "c.toml"], shared_dir)
    assert code == 2 and "settings file" in err, err
    assert settings.read_text() == 'paper = "a4"\n'


def test_a_ligature_is_the_letters_it_stands_for(run):
    """`solve ﬁsh dish`: the ﬁ ligature (one character) is f and i (NFKC), as a reader sees it."""
    res = run("doublets", "solve", "\ufb01sh", "dish")
    assert res.exit_code == 0 and res.stdout.startswith("fish → dish"), res.output
    assert run("words", "\ufb01sh").stdout.startswith("fish ")


def test_a_template_with_a_byte_order_mark_is_read(run, tmp_path):
    from generator import templates

    assert run("templates", "export", "t").exit_code == 0
    style = tmp_path / "t" / "style.toml"
    style.write_bytes(b"\xef\xbb\xbf" + style.read_bytes())
    assert run("rules", "doublets", "--templates", "t", "-o", "bom.pdf").exit_code == 0
    assert run("rules", "doublets", "-o", "plain.pdf").exit_code == 0
    assert (tmp_path / "bom.pdf").read_bytes() == (tmp_path / "plain.pdf").read_bytes()
    assert templates.override_dir() is None


@pytest.mark.parametrize("where", ["templates", "fonts", "generator"])
def test_a_cache_dir_inside_parlour_is_ignored(run, tmp_path, monkeypatch, where):
    """PARLOUR_CACHE_DIR pointing into parlour's own files: nothing is written there."""
    target = ROOT / where
    before = sorted(p.name for p in target.rglob("*"))
    monkeypatch.setenv("PARLOUR_CACHE_DIR", str(target))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))
    from generator import cache

    assert cache.cache_dir() == tmp_path / "xdg-cache" / "parlour"
    res = run("rules", "doublets", "-o", "r.pdf")
    assert res.exit_code == 0, res.output
    assert sorted(p.name for p in target.rglob("*")) == before
