"""Builds for the page: the same Python function each command runs, in a small pool of worker
processes, behind a queue that never holds a request thread.

A worker calls the command's own callback with its parameters converted by the command's own
click types (the settings file's values as defaults, exactly as the command line attaches them):
no command-line text in between, and the PDF is the command line's, byte for byte. Each worker is
its own process, so builds use the machine's cores without sharing reportlab's process-wide
state, and a server stopped mid-build leaves nothing behind.

The queue: at most as many builds at once as the machine has cores; the rest wait in order, and
a request learns its place at once (the page shows it); beyond CAP waiting builds a request is
told the server is busy. Identical requests (same document, options and settings) share one
build. Built PDFs are kept in a small LRU; previews are rendered from them here, under a lock
(pdfium is not thread-safe).
"""

from __future__ import annotations

import contextlib
import io
import multiprocessing
import os
import tempfile
import threading
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator import config
from generator.errors import ParlourError

CACHE_SIZE = 12  # PDFs kept in memory, the most recently asked for (a pack is about 1 MB)
PREVIEW_CACHE_SIZE = 96
PREVIEW_DPI = 144  # 2x a 72-dpi page on the screen: sharp on a phone, and big enough to enlarge
CAP = 64  # builds waiting beyond the running ones before a request is told to come back
WORKERS = max(1, min(4, os.cpu_count() or 1))


class Busy(ParlourError):
    """Too many builds are waiting: try again in a moment."""


@dataclass(frozen=True)
class Built:
    """A built PDF: its bytes and page count (and, for a daily, the day's content as JSON); for a
    cutting machine, `bundle`: one zip of the PDF and the folder of cut files (or card images) the
    command line writes beside it, under the names the print guide gives them."""

    pdf: bytes
    pages: int
    model: Any = None
    bundle: bytes | None = None


# -- in a worker process ---------------------------------------------------------------------


def make(
    doc_name: str,
    values: dict[str, str],
    settings_file: str,
    want_model: bool = False,
    stem: str = "document",
) -> Built:
    """Run the command that prints `doc_name` with these values (by click parameter name, as the
    page spells them), as the command line would run it, with the server's settings file, into
    `stem`.pdf; in a worker process."""
    global _building
    _building = True
    try:
        return _make(doc_name, values, settings_file, want_model, stem)
    except _Stopped:  # the server is stopping: the temporary files are gone, so is this worker
        _end()
        raise
    finally:
        _building = False


def _make(doc_name: str, values: dict[str, str], settings_file: str, want_model: bool, stem: str) -> Built:
    import json

    os.environ[config.ENV_FILE] = settings_file

    import click
    from click.core import ParameterSource

    from generator.press.output import abort_all
    from generator.web.documents import command_context, document

    doc = document(doc_name)
    given = {**values, **{k: v for k, v in doc.fixed.items()}}
    with tempfile.TemporaryDirectory(prefix="parlour-serve.") as tmp:
        out = Path(tmp) / f"{stem}.pdf"
        model_path = Path(tmp) / "document.json"
        cmd, ctx = command_context(doc)
        extra = {"output": str(out)}
        if want_model:
            extra["json_path"] = str(model_path)
        said = io.StringIO()
        try:
            with contextlib.redirect_stderr(said), contextlib.redirect_stdout(io.StringIO()), ctx:
                for param in cmd.get_params(ctx):
                    name = str(param.name)
                    value: Any
                    if name in extra:
                        value, source = extra[name], ParameterSource.COMMANDLINE
                    elif name in given:
                        value, source = given[name], ParameterSource.COMMANDLINE
                    else:
                        value = param.get_default(ctx, call=True)
                        in_map = ctx.lookup_default(name, call=False) is not None
                        source = ParameterSource.DEFAULT_MAP if in_map else ParameterSource.DEFAULT
                    ctx.set_parameter_source(name, source)
                    if param.expose_value:
                        ctx.params[name] = param.process_value(ctx, value)
                    else:
                        param.process_value(ctx, value)
                if cmd.callback is not None:
                    ctx.invoke(cmd.callback, **ctx.params)
        except click.ClickException as e:
            raise ParlourError(e.format_message()) from None
        except click.exceptions.Exit as e:
            if e.exit_code:
                raise ParlourError(
                    said.getvalue().strip().splitlines()[-1] if said.getvalue() else "failed"
                ) from None
        finally:
            abort_all()
        data = out.read_bytes()
        model = json.loads(model_path.read_text(encoding="utf-8")) if want_model else None
        bundle = _bundle(out, values.get("cutter"))
    return Built(data, _page_count(data), model, bundle)


def _bundle(pdf: Path, cutter: str | None) -> bytes | None:
    """With a cutting machine: one zip of the PDF and the folder the command wrote beside it (cut
    files, or card images for Design Space), as the command line leaves them on disk; else None."""
    import zipfile

    from generator.options import cut_folder

    if not cutter:
        return None
    folder = cut_folder(str(pdf), cutter)
    if not folder.is_dir():
        return None
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.write(pdf, pdf.name, compress_type=zipfile.ZIP_DEFLATED)
        for f in sorted(folder.iterdir()):
            if f.is_file() and not f.is_symlink():
                packed = f.suffix.lower() in (".png", ".pdf")  # already compressed
                how = zipfile.ZIP_STORED if packed else zipfile.ZIP_DEFLATED
                zf.write(f, f"{folder.name}/{f.name}", compress_type=how)
    return buf.getvalue()


def _page_count(data: bytes) -> int:
    import pypdfium2 as pdfium  # (in a worker: one thread)

    pdf = pdfium.PdfDocument(data)
    try:
        return len(pdf)
    finally:
        pdf.close()


def _prime() -> None:
    """In a worker just started: import what every build needs (the commands, reportlab), so that
    the first preview does not wait for it."""
    import generator.press.document  # noqa: F401
    from generator.commands.pack import pack_sections

    pack_sections()


class _Stopped(BaseException):
    """SIGTERM in a worker in the middle of a build: unwind it (removing its files), then exit."""


_building = False


def _end() -> None:
    """End this worker as SIGTERM does by default."""
    import signal

    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.raise_signal(signal.SIGTERM)


def _on_term(signum: int, frame: Any) -> None:
    if _building:
        raise _Stopped
    _end()  # idle: nothing to clean up


def _quiet_worker() -> None:
    """A worker ignores Ctrl-C (the server stops it), stops on SIGTERM (a build under way first
    unwinds, removing its temporary files) and gives way to the server's own work."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _on_term)
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(5)


# -- in the server ---------------------------------------------------------------------------

#: What a fork server imports once, so that every worker starts with it loaded.
PRELOAD = ["generator.web.build", "generator.cli", "generator.press.document", "generator.commands.pack"]


def _context() -> Any:
    """Workers forked from a clean fork server that has imported what builds need (never a fork
    of this threaded server); spawned afresh where there is no fork server (Windows)."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(PRELOAD)
        return ctx
    return multiprocessing.get_context("spawn")


@dataclass(eq=False)
class Job:
    """One build: queued, running, then done (`built`) or failed (`error`)."""

    key: tuple
    doc_name: str
    values: dict[str, str]
    want_model: bool = False
    settings_file: str = ""
    stem: str = "document"  # the PDF's name (without .pdf): the cut files are named after it
    built: Built | None = None
    error: str | None = None
    done: threading.Event = field(default_factory=threading.Event)


class Builds:
    """The queue and the pool (started on first use)."""

    def __init__(self, workers: int = WORKERS, cap: int = CAP) -> None:
        self.workers, self.cap = workers, cap
        # re-entrant: a build already done when _dispatch adds its callback (it ended, or failed,
        # that fast) has the callback run at once in this thread, which holds the lock already
        self.lock = threading.RLock()
        self.waiting: deque[Job] = deque()
        self.running: set[Job] = set()
        self.jobs: OrderedDict[tuple, Job] = OrderedDict()  # every job not failed, done ones as an LRU
        self.pool: ProcessPoolExecutor | None = None
        self.closed = False
        self.broken = 0  # pools that died in a row: after a few, builds fail instead of retrying

    def _pool(self) -> ProcessPoolExecutor:
        if self.pool is None:
            if self.broken >= 3:
                raise RuntimeError("the build workers keep stopping")
            self.pool = ProcessPoolExecutor(self.workers, mp_context=_context(), initializer=_quiet_worker)
        return self.pool

    def submit(
        self,
        key: tuple,
        doc_name: str,
        values: dict[str, str],
        want_model: bool = False,
        stem: str = "document",
    ) -> Job:
        """The job for `key`: the one already made or under way, or a new one in the queue."""
        with self.lock:
            if self.closed:
                raise Busy("parlour is stopping")
            job = self.jobs.get(key)
            if job is not None:
                self.jobs.move_to_end(key)
                return job
            if len(self.waiting) >= self.cap:
                raise Busy("parlour is busy making other pages: try again in a moment")
            job = Job(key, doc_name, values, want_model, str(config.config_path()), stem=stem)
            self.jobs[key] = job
            self.waiting.append(job)
            self._dispatch()
            return job

    def prime(self) -> None:
        """Start the workers now and have each import what builds need (when the server starts)."""
        with self.lock:
            if self.closed:
                return
            pool = self._pool()
        for _ in range(self.workers):
            pool.submit(_prime)

    def place(self, job: Job) -> int:
        """0 when the job is being made (or done); else its place in the queue, from 1."""
        with self.lock:
            try:
                return self.waiting.index(job) + 1
            except ValueError:
                return 0

    def _dispatch(self) -> None:  # with the lock held
        while self.waiting and len(self.running) < self.workers:
            job = self.waiting.popleft()
            self.running.add(job)
            try:
                fut = self._pool().submit(
                    make, job.doc_name, job.values, job.settings_file, job.want_model, job.stem
                )
            except (RuntimeError, BrokenProcessPool):
                self._finish(job, None, "something went wrong while making it; try again")
                continue
            fut.add_done_callback(self._callback(job))

    def _callback(self, job: Job) -> Callable[[Future], None]:
        def done(fut: Future) -> None:
            error = None
            built = None
            try:
                built = fut.result()
                self.broken = 0
            except ParlourError as e:
                error = str(e)
            except BrokenProcessPool:
                error = (
                    "parlour is stopping"
                    if self.closed
                    else "something went wrong while making it; try again"
                )
                with self.lock:
                    if self.pool is not None and not self.closed:
                        self.broken += 1
                        self.pool = None  # a later request starts a fresh pool
            except Exception as e:  # noqa: BLE001 - said as one line, never a traceback
                error = "something went wrong while making it; try other choices"
                del e
            with self.lock:
                self._finish(job, built, error)
                self._dispatch()

        return done

    def _finish(self, job: Job, built: Built | None, error: str | None) -> None:  # lock held
        self.running.discard(job)
        job.built, job.error = built, error
        if error is not None and error.startswith(("parlour is stopping", "something went wrong")):
            self.jobs.pop(job.key, None)  # not the choices' fault: asking again tries again
        done = [k for k, j in self.jobs.items() if j.done.is_set() or j is job]
        for k in done[: max(0, len(done) - CACHE_SIZE)]:
            self.jobs.pop(k, None)
        job.done.set()

    def wait(self, job: Job, timeout: float | None = None) -> Built:
        """The job's PDF, waiting for it; its failure as a ParlourError."""
        if not job.done.wait(timeout):
            raise Busy("that is taking a long time: try again in a moment")
        if job.error is not None:
            raise ParlourError(job.error)
        assert job.built is not None
        return job.built

    def stop(self) -> None:
        """End the workers now (a build under way is dropped with its temporary files)."""
        with self.lock:
            self.closed = True
            pool, self.pool = self.pool, None
            waiting = list(self.waiting)
            self.waiting.clear()
            for job in waiting:
                self._finish(job, None, "parlour is stopping")
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
            for proc in multiprocessing.active_children():  # this server starts no other children
                proc.terminate()  # a worker unwinds on SIGTERM: its temporary files go with it
                proc.join(10)


BUILDS = Builds()


def settings_key() -> tuple:
    """A changed settings file changes what a bare request prints, so it is part of every key."""
    return (str(config.config_path()), *sorted(config.load().values.items()))


# -- previews --------------------------------------------------------------------------------

_render_lock = threading.Lock()
_previews: OrderedDict[tuple, bytes] = OrderedDict()


def preview(key: tuple, built: Built, page: int) -> bytes:
    """Page `page` (1-based) of a built PDF as a PNG at PREVIEW_DPI; a page it lacks is a LookupError."""
    if not 1 <= page <= built.pages:
        raise LookupError(f"there is no page {page}")
    with _render_lock:
        hit = _previews.get((*key, page))
        if hit is not None:
            _previews.move_to_end((*key, page))
            return hit
        import pypdfium2 as pdfium

        pdf = pdfium.PdfDocument(built.pdf)
        try:
            image = pdf[page - 1].render(scale=PREVIEW_DPI / 72).to_pil()
        finally:
            pdf.close()
        buf = io.BytesIO()
        image.save(buf, "PNG")
        png = buf.getvalue()
        _previews[(*key, page)] = png
        while len(_previews) > PREVIEW_CACHE_SIZE:
            _previews.popitem(last=False)
    return png


def stop() -> None:
    """When the server stops: end the workers, so that nothing is left behind."""
    BUILDS.stop()
