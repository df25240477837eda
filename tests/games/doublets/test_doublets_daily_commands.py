"""Tests for generator.games.doublets.daily_files: one naming scheme, the sheet spool, and a book
drawn day by day (each day made only once the day before is in the file) that is byte for byte
the book drawn with every page built first."""

from __future__ import annotations

import datetime as dt

from generator.games.doublets import daily_files as D
from generator.games.doublets.daily import DailyRequest, daily_sheets
from generator.games.doublets.draw import DAYS, MONTHS
from generator.games.doublets.draw.sheet import days_key_page
from generator.press.document import Document
from generator.press.paper import get_paper
from generator.press.style import DEFAULT
from tests.clicheck import files_in


def test_one_naming_scheme_for_dated_files():
    day = dt.date(2025, 3, 1)
    assert D.daily_name(day) == "doublets-daily-2025-03-01"
    assert D.daily_name(day, day) == "doublets-daily-2025-03-01"
    assert D.daily_name(day, dt.date(2025, 3, 7)) == "doublets-daily-2025-03-01_to_2025-03-07"
    assert D.dated_name("sheet", "2025-03-01") == "doublets-sheet-2025-03-01"


def test_sheet_with_a_date_is_named_like_the_dailies(run, tmp_path):
    assert run("doublets", "sheet", "--date", "2025-03-01", "--count", "2").exit_code == 0
    assert run("doublets", "sheet", "--count", "2").exit_code == 0
    assert files_in(tmp_path) == ["output/doublets-sheet-2025-03-01.pdf", "output/doublets-sheet.pdf"]


def test_the_spool_gives_back_each_sheet():
    sheets = list(daily_sheets("2025-03-01", 3, DailyRequest(count=2)))
    spool = D.SheetSpool()
    try:
        numbers = [spool.add(s) for s in sheets]
        assert [spool.get(n) for n in reversed(numbers)] == list(reversed(sheets))
    finally:
        spool.close()


def test_the_book_drawn_day_by_day_equals_the_book_built_first(run, tmp_path):
    """The oracle: the same days as one Document whose pages were all built before drawing."""
    res = run("doublets", "daily", "--from", "2025-01-30", "--days", "3", "--book", "-o", "lazy.pdf")
    assert res.exit_code == 0, res.output
    paper = get_paper("letter")
    sheets = list(daily_sheets("2025-01-30", 3))  # the week's shape, as the command
    first = dt.date(2025, 1, 30)
    doc = Document(paper, "Doublets: a sheet a day, Thursday 30 January 2025 on", "3 daily sheets", DEFAULT)
    months: dict[str, list] = {}
    answers: list = []
    for sh in sheets:
        d = dt.date.fromisoformat(sh.date or "")
        mark = f"{DAYS[d.weekday()][:3]} {d.day} {MONTHS[d.month - 1]}"
        months.setdefault(f"{MONTHS[d.month - 1]} {d.year}", []).extend(
            D.daily_pages(sh, paper, "none", mark, DEFAULT)
        )
    # every key at the back, the three days on one page
    answers.append(days_key_page(sheets, paper, "Doublets answers for Thursday 30 January 2025", DEFAULT))
    for title, pages in months.items():
        doc.add(title, pages)
    doc.add(D.ANSWERS, answers)
    assert list(months) == ["January 2025", "February 2025"] and first.month == 1
    doc.render(str(tmp_path / "eager.pdf"))
    assert (tmp_path / "lazy.pdf").read_bytes() == (tmp_path / "eager.pdf").read_bytes()


def test_the_book_builds_each_day_once_while_drawing(run, tmp_path, monkeypatch):
    built: list[str] = []
    real = D.daily_pages

    def counting(sh, *a, **k):
        built.append(sh.date)
        return real(sh, *a, **k)

    monkeypatch.setattr(D, "daily_pages", counting)
    assert run("doublets", "daily", "--from", "2025-03-01", "--days", "4", "--book").exit_code == 0
    days = ["2025-03-01", "2025-03-02", "2025-03-03", "2025-03-04"]
    # each day's sheet counted once, then drawn once, in order (never all held at once); the
    # keys at the back share a page, made from the spool as it is drawn
    assert built == days + days


def test_each_day_is_made_for_drawing_only_after_the_day_before_is_drawn(run, monkeypatch):
    from reportlab.pdfgen.canvas import Canvas

    events: list[str] = []
    real = D.daily_pages
    shown = Canvas.showPage

    def making(sh, *a, **k):
        events.append(f"made {sh.date}")
        return real(sh, *a, **k)

    def drawing(self: Canvas) -> None:
        events.append("drew")
        shown(self)

    monkeypatch.setattr(D, "daily_pages", making)
    monkeypatch.setattr(Canvas, "showPage", drawing)
    assert run("doublets", "daily", "--from", "2025-03-30", "--days", "3", "--book").exit_code == 0
    days = ["2025-03-30", "2025-03-31", "2025-04-01"]
    counted, drawn = events[:3], events[3:]
    assert counted == [f"made {d}" for d in days]  # first pass: choose, count, park
    # the sheets, each made just before it is drawn, then the three days' keys on one page
    assert drawn == [e for d in days for e in [f"made {d}", "drew"]] + ["drew"]
