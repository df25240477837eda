"""Writing `doublets daily`: a PDF a day into a folder, or one book whose memory stays flat.

The book is made in two passes so that its memory does not grow with the number of days: the
first chooses each day's sheet, counts its pages and parks the sheet (pickled) in a temporary
file; the second draws the pages in order, reading each day's sheet back only when its first
page is drawn and dropping it after its last (press.document.PageRun). Only what must be known
before the first page is drawn, each day's page count ("page x of y"), is kept from the first
pass; everything else waits on disk, and each finished page goes straight into the PDF file.
"""

from __future__ import annotations

import datetime as dt
import pickle
import tempfile
from array import array
from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import IO, Any

from generator.errors import ParlourError
from generator.games.doublets.model import Sheet
from generator.options import OUTPUT_DIR, PrintOptions, json_note, progress, status, write_json, write_outputs
from generator.press.booklet import ANSWERS
from generator.press.document import Page, PageRun

TITLE = "Doublets"


ANSWERS_ONLY = "answers"  # daily_pages: only the key pages (a book prints them at its back)


def dated_name(kind: str, first: dt.date | str, last: dt.date | None = None) -> str:
    """The one naming scheme for dated Doublets PDFs (without .pdf): doublets-KIND-DATE, e.g.
    doublets-daily-2025-01-01 for a day's file or a one-day book, doublets-sheet-2025-01-01 for
    `sheet --date`, and doublets-daily-2025-01-01_to_2025-01-07 for a longer book."""
    iso = first if isinstance(first, str) else first.isoformat()
    name = f"doublets-{kind}-{iso}"
    if last is not None and last.isoformat() != iso:
        name += f"_to_{last.isoformat()}"
    return name


def daily_name(first: dt.date, last: dt.date | None = None) -> str:
    """doublets-daily-FIRST[_to_LAST] (see dated_name)."""
    return dated_name("daily", first, last)


def daily_pages(sh: Sheet, paper: Any, key: str, bookmark: str | None, style: Any) -> list:
    """One day's pages: its sheet (and key), labelled with the date, the first page bookmarked."""
    from generator.games.doublets import draw
    from generator.games.doublets.draw import sheet as sheet_draw

    if key == ANSWERS_ONLY:  # a book's keys, at its back
        return sheet_draw.key_pages(sh, paper, f"{TITLE} answers for {draw.long_date(sh.date or '')}", style)
    label = f"{TITLE} for {draw.long_date(sh.date or '')}"
    pages = sheet_draw.sheet_pages(sh, paper, key, label=label, style=style)
    if bookmark:
        pages[0] = replace(pages[0], bookmark=bookmark)
    return pages


class SheetSpool:
    """Chosen sheets parked in a temporary file, read back one at a time by their number."""

    def __init__(self) -> None:
        self.file: IO[bytes] = tempfile.TemporaryFile(prefix="parlour-sheets-")
        self.offsets = array("q")  # where each sheet starts in the file

    def add(self, sheet: Sheet) -> int:
        """Park a sheet; returns its number."""
        self.file.seek(0, 2)
        self.offsets.append(self.file.tell())
        pickle.dump(sheet, self.file, protocol=pickle.HIGHEST_PROTOCOL)
        return len(self.offsets) - 1

    def get(self, n: int) -> Sheet:
        """Sheet number `n`, read back from the file."""
        self.file.seek(self.offsets[n])
        sheet = pickle.load(self.file)
        assert isinstance(sheet, Sheet)
        return sheet

    def close(self) -> None:
        self.file.close()


def _day_mark(d: dt.date) -> str:
    """A day's outline entry, e.g. "Wed 1 January"."""
    from generator.games.doublets import draw

    return f"{draw.DAYS[d.weekday()][:3]} {d.day} {draw.MONTHS[d.month - 1]}"


class _Days(PageRun):
    """The pages of a run of consecutive spooled days (a month, or every day's key at the back of a
    booklet), made from the spool one day at a time as they are drawn: only that day is in memory."""

    def __init__(self, spool: SheetSpool, paper: Any, key: str, style: Any) -> None:
        self.spool, self.paper, self.key, self.style = spool, paper, key, style
        self.first = self.stop = 0  # the spooled sheets first .. stop - 1
        self.count = 0

    def add(self, n: int, pages: int) -> None:
        """Day `n` of the spool (the next one) comes next, with `pages` pages."""
        if self.stop == self.first:
            self.first = self.stop = n
        assert n == self.stop, "days of a run are consecutive"
        self.stop, self.count = n + 1, self.count + pages

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[Page]:
        for n in range(self.first, self.stop):
            sh = self.spool.get(n)
            mark = None if self.key == ANSWERS_ONLY else _day_mark(dt.date.fromisoformat(sh.date or ""))
            yield from daily_pages(sh, self.paper, self.key, mark, self.style)


class _Answers(PageRun):
    """Every day's answers at the back of a book, as many days to a page as fit (a day too long
    for a page has pages of its own), made from the spool as they are drawn."""

    def __init__(self, spool: SheetSpool, paper: Any, style: Any) -> None:
        from generator.games.doublets.draw import sheet as sheet_draw

        self.spool, self.paper, self.style = spool, paper, style
        self.room = sheet_draw.key_room(paper)
        self.groups: list[list[int]] = []  # spooled day numbers, page by page
        self.used = self.room  # height used on the last page
        self.count = 0

    def add(self, n: int, sheet: Sheet) -> None:
        """Day `n` of the spool (the next one), whose sheet is `sheet`."""
        from generator.games.doublets.draw import sheet as sheet_draw

        height = sheet_draw.days_key_height(sheet, self.paper, self.style)
        if height > self.room:  # its own pages
            self.groups.append([n])
            self.count += len(daily_pages(sheet, self.paper, ANSWERS_ONLY, None, self.style))
            self.used = self.room
        elif self.used + height > self.room:
            self.groups.append([n])
            self.count += 1
            self.used = height
        else:
            self.groups[-1].append(n)
            self.used += height

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[Page]:
        from generator.games.doublets import draw
        from generator.games.doublets.draw import sheet as sheet_draw

        for group in self.groups:
            sheets = [self.spool.get(n) for n in group]
            label = f"{TITLE} answers for {draw.long_date(sheets[0].date or '')}"
            if sheet_draw.days_key_height(sheets[0], self.paper, self.style) > self.room:
                yield from daily_pages(sheets[0], self.paper, ANSWERS_ONLY, None, self.style)
            else:
                yield sheet_draw.days_key_page(sheets, self.paper, label, self.style)


def write_book(
    opts: PrintOptions, first: dt.date, last: dt.date, days: int, sheets: Iterable[Sheet], key: str
) -> None:
    """All the days in one PDF, a section a month and a bookmark a day (memory flat in `days`)."""
    from generator.games.doublets import draw
    from generator.press.document import Document

    tx = opts.outputs
    assert tx is not None
    if opts.output is not None:
        tx.file(opts.output_text or opts.output, "--output")
    elif OUTPUT_DIR.exists() and not OUTPUT_DIR.is_dir():
        raise ParlourError(
            f"a file named {str(OUTPUT_DIR)!r} is in the way of the default output folder: "
            "move it, or give -o FILE"
        )
    title = f"{TITLE}: a sheet a day, {draw.long_date(first.isoformat())} on"
    doc = Document(opts.paper, title, f"{days} daily sheets", opts.style)
    spool = SheetSpool()
    at_back = key == "separate"  # a book (and a booklet) gathers every key at its back, as puzzle books do
    day_key = "none" if at_back else key
    answers = _Answers(spool, opts.paper, opts.style)
    model_days: list[dict[str, object]] | None = [] if opts.json_path is not None else None
    month: str | None = None
    try:
        for sh in progress(sheets, days, "choosing puzzles"):  # first pass: choose, count, park
            d = dt.date.fromisoformat(sh.date or "")
            name = f"{draw.MONTHS[d.month - 1]} {d.year}"
            if name != month:
                month, pages = name, _Days(spool, opts.paper, day_key, opts.style)
                doc.add(name, pages)
            n = spool.add(sh)
            pages.add(n, len(daily_pages(sh, opts.paper, day_key, _day_mark(d), opts.style)))
            if at_back:
                answers.add(n, sh)
            if model_days is not None:
                model_days.append(sh.to_json())
        if len(answers):
            doc.add(ANSWERS, answers)
        span = draw.long_date(first.isoformat()) + (
            f" to {draw.long_date(last.isoformat())}" if last != first else ""
        )
        opts.cover = (TITLE, "A sheet a day", span, f"{days} puzzle sheet{'s' if days != 1 else ''}")
        write_outputs(doc, opts, daily_name(first, last), {"days": model_days or []})
    finally:
        spool.close()


def write_folder(opts: PrintOptions, days: int, sheets: Iterable[Sheet], key: str) -> None:
    """A PDF a day into a folder, all put in place together at the end."""

    out_dir = _check_folder(opts)
    tx = opts.outputs
    assert tx is not None
    staged = tx.directory(out_dir, "--output", make_parents=opts.output is None)
    png_dir = tx.staged("--png")
    written: list[Path] = []
    model_days = []
    for sh in progress(sheets, days, "printing daily sheets"):
        name = _write_day(opts, sh, staged, key)
        written.append(out_dir / name)
        model_days.append({**sh.to_json(), "file": name})
        if png_dir is not None:
            from generator.press.preview import render_pngs

            render_pngs(staged / name, png_dir, stem=Path(name).stem)
    write_json(opts.json_path, {"days": model_days}, tx)
    tx.commit()
    what = f"wrote {len(written)} daily sheet{'s' if len(written) != 1 else ''} into {out_dir}"
    if days > 1:
        what += f" ({written[0].name} to {written[-1].name})"
    if opts.png_dir:
        what += f", previews in {opts.png_dir}"
    status(what + json_note(opts))


def _write_day(opts: PrintOptions, sh: Sheet, staged: Path, key: str) -> str:
    """Render one day's PDF into the staged folder; returns its file name."""
    from generator.games.doublets import draw
    from generator.press.document import Document

    doc = Document(
        opts.paper, f"{TITLE} for {draw.long_date(sh.date or '')}", draw.sheet_about(sh), opts.style
    )
    doc.add(draw.long_date(sh.date or ""), daily_pages(sh, opts.paper, key, None, opts.style))
    name = f"{daily_name(dt.date.fromisoformat(sh.date or ''))}.pdf"
    try:
        doc.render(str(staged / name))
    except OSError as exc:
        raise ParlourError(f"cannot write {name} ({exc.strerror or exc}); nothing was written") from None
    return name


def _check_folder(opts: PrintOptions) -> Path:
    """The folder for a PDF a day, refused with one line if it cannot be one."""
    out_dir = opts.output if opts.output is not None else OUTPUT_DIR / "daily"
    if str(out_dir) == "-":
        raise ParlourError(
            "--output -: daily sheets without --book are many files; give a folder, or add --book"
        )
    if out_dir.exists() and not out_dir.is_dir():
        raise ParlourError(
            f"--output {str(out_dir)!r} is a file: without --book, give a directory for the daily PDFs"
        )
    parent = out_dir.parent if str(out_dir.parent) else Path(".")
    if opts.output is not None and not out_dir.exists() and not parent.is_dir():
        raise ParlourError(
            f"--output: directory {str(parent)!r} does not exist; create it or choose another path"
        )
    if opts.output is None and OUTPUT_DIR.exists() and not OUTPUT_DIR.is_dir():
        raise ParlourError(
            f"a file named {str(OUTPUT_DIR)!r} is in the way of the default output folder: move it, or give -o DIR"
        )
    return out_dir
