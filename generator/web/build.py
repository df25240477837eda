"""Build a document's PDF in-process with the same click command the terminal runs, and render
its pages as PNG previews; built PDFs are kept in a small in-memory LRU per normalised query.

The commands keep process-wide memos (fonts, word graphs, reportlab's settings), so builds run
one at a time under a lock; a second tab waits for the first and then gets its own PDF (or the
cached one). Only Doublets dailies, which can take seconds, are built by the same command in a
child process. pdfium is not thread-safe either: previews render under their own lock.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import click

from generator import config
from generator.errors import ParlourError
from generator.web.documents import Document, command_line

CACHE_SIZE = 8  # PDFs kept in memory (the most recently asked for)
PREVIEW_DPI = 60


@dataclass(frozen=True)
class Built:
    """A built PDF: its bytes and page count."""

    pdf: bytes
    pages: int


BUILD_LOCK = threading.Lock()  # one build at a time (see above)
_render_lock = threading.Lock()
_cache: OrderedDict[tuple, Built] = OrderedDict()
_cache_lock = threading.Lock()
_previews: OrderedDict[tuple, bytes] = OrderedDict()
PREVIEW_CACHE_SIZE = 64


def run_cli(args: list[str]) -> str:
    """Run `parlour ARGS` in this process, as the terminal would (the settings file gives the
    defaults); returns what it said on stderr. Bad input raises ParlourError or click.UsageError."""
    from generator.cli import cli
    from generator.press.output import abort_all

    said = io.StringIO()
    try:
        with contextlib.redirect_stderr(said), contextlib.redirect_stdout(io.StringIO()):
            with cli.make_context("parlour", list(args)) as ctx:
                cli.invoke(ctx)
    except click.exceptions.Exit as e:
        if e.exit_code:
            raise ParlourError(
                said.getvalue().strip().splitlines()[-1] if said.getvalue() else "failed"
            ) from None
    finally:
        abort_all()
    return said.getvalue()


#: Documents built by the command in a child process rather than in this one: a Doublets day late
#: in its year takes seconds (each day's sheet depends on the days before it); there it holds
#: neither the build lock nor this interpreter, so other pages keep printing meanwhile.
IN_CHILD = frozenset({"doublets-daily"})
CHILD_TIMEOUT = 600  # seconds
_children = threading.BoundedSemaphore(2)  # at most two child builds at once, whatever is asked
_running: set[subprocess.Popen] = set()
_scratch: set[str] = set()
_running_lock = threading.Lock()


def run_in_child(args: list[str], cwd: str) -> None:
    """Run `parlour ARGS` in a child process (the same interpreter and code as this server);
    its one-line error becomes a ParlourError. stop() ends it early."""
    import generator

    here = str(Path(generator.__file__).resolve().parent.parent)  # the tree this server runs from
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (here, os.environ.get("PYTHONPATH")) if p)}
    with _children:
        proc = subprocess.Popen(
            [sys.executable, "-m", "generator", *args],
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        with _running_lock:
            _running.add(proc)
        if hasattr(os, "setpriority"):  # give way to the server's own work (printing, previews)
            with contextlib.suppress(OSError):
                os.setpriority(os.PRIO_PROCESS, proc.pid, 10)
        try:
            _, err = proc.communicate(timeout=CHILD_TIMEOUT)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            raise ParlourError("that took too long to make; ask for less") from None
        finally:
            with _running_lock:
                _running.discard(proc)
    if proc.returncode != 0:
        lines = [ln for ln in err.splitlines() if ln.strip()]
        raise ParlourError(lines[-1].removeprefix("Error: ") if lines else "it could not be made")


@contextlib.contextmanager
def scratch(prefix: str = "parlour-serve.") -> Iterator[str]:
    """A private temporary directory for one build, removed afterwards (or by stop())."""
    with tempfile.TemporaryDirectory(prefix=prefix, ignore_cleanup_errors=True) as tmp:
        with _running_lock:
            _scratch.add(tmp)
        try:
            yield tmp
        finally:
            with _running_lock:
                _scratch.discard(tmp)


def stop() -> None:
    """When the server stops: end the child builds still running and remove their directories,
    so that nothing is left behind."""
    with _running_lock:
        procs, dirs = list(_running), list(_scratch)
    for proc in procs:
        proc.terminate()
    for proc in procs:
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
    for d in dirs:
        shutil.rmtree(d, ignore_errors=True)


def _key(doc: Document, options: tuple[tuple[str, str], ...]) -> tuple:
    settings = config.load()  # a changed settings file changes what a bare query prints
    return (doc.name, options, tuple(sorted(settings.values.items())))


def build(doc: Document, options: tuple[tuple[str, str], ...]) -> Built:
    """The PDF for `doc` with these (normalised) options: from the cache, or built now."""
    key = _key(doc, options)
    with _cache_lock:
        hit = _cache.get(key)
        if hit is not None:
            _cache.move_to_end(key)
            return hit
    if doc.name in IN_CHILD:
        with scratch() as tmp:
            out = Path(tmp) / f"{doc.name}.pdf"
            run_in_child(command_line(doc, options, str(out)), tmp)
            data = out.read_bytes()
        built = Built(data, _page_count(data))
    else:
        with BUILD_LOCK:
            with _cache_lock:  # built by another request while this one waited
                hit = _cache.get(key)
            if hit is not None:
                return hit
            with scratch() as tmp:
                out = Path(tmp) / f"{doc.name}.pdf"
                run_cli(command_line(doc, options, str(out)))
                data = out.read_bytes()
            built = Built(data, _page_count(data))
    with _cache_lock:
        _cache[key] = built
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return built


def _page_count(data: bytes) -> int:
    import pypdfium2 as pdfium

    with _render_lock:
        pdf = pdfium.PdfDocument(data)
        try:
            return len(pdf)
        finally:
            pdf.close()


def preview(doc: Document, options: tuple[tuple[str, str], ...], page: int) -> bytes:
    """Page `page` (1-based) of the document as a PNG; a page it does not have is a LookupError."""
    built = build(doc, options)
    if not 1 <= page <= built.pages:
        raise LookupError(
            f"{doc.name} has {built.pages} page{'s' if built.pages != 1 else ''}, not a page {page}"
        )
    key = (*_key(doc, options), page)
    with _cache_lock:
        hit = _previews.get(key)
    if hit is not None:
        return hit
    import pypdfium2 as pdfium

    with _render_lock:
        pdf = pdfium.PdfDocument(built.pdf)
        try:
            image = pdf[page - 1].render(scale=PREVIEW_DPI / 72).to_pil()
        finally:
            pdf.close()
    buf = io.BytesIO()
    image.save(buf, "PNG", optimize=False)
    png = buf.getvalue()
    with _cache_lock:
        _previews[key] = png
        while len(_previews) > PREVIEW_CACHE_SIZE:
            _previews.popitem(last=False)
    return png
