"""--booklet: half-size pages two to a side in saddle-stitch order, read back from the page labels."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from generator.press.booklet import ONE_BOOKLET, SIGNATURE, book_order, half_paper, saddle_order, signatures
from generator.press.paper import get_paper, mm
from tests.textsize import text_runs

PAGE = re.compile(r"page (\d+) of (\d+)")


def fold(sides: list[tuple[str, str]]) -> list[str]:
    """The oracle: what a reader meets, page by page, in the booklet that a stack of printed sheets
    folds into. `sides` are the printed sides in print order, (left half, right half): sheet 1's
    front, its back (turned over on the short edge, so its left half lies behind the front's right
    half), sheet 2's front... Stacked in print order and folded with sheet 1 outside, each sheet
    opens at its front's right half, then the back's left half; past the centre, the back's right
    half, then the front's left half, from the innermost sheet out."""
    sheets = [(sides[i], sides[i + 1]) for i in range(0, len(sides), 2)]
    first = [half for front, back in sheets for half in (front[1], back[0])]
    second = [half for front, back in reversed(sheets) for half in (back[1], front[0])]
    return first + second


@pytest.mark.parametrize("n", [4, 8, 12, 16, 40, 64])
def test_saddle_order_folds_into_reading_order(n):
    sides = [(str(a), str(b)) for a, b in saddle_order(n)]
    assert fold(sides) == [str(i) for i in range(n)]
    assert len(sides) == n // 2  # two pages a side, two sides a sheet


def test_long_books_are_signatures_folded_one_by_one():
    assert signatures(1) == [4] and signatures(17) == [20] and signatures(ONE_BOOKLET) == [ONE_BOOKLET]
    assert signatures(ONE_BOOKLET + 1) == [SIGNATURE, SIGNATURE, 4]
    order = book_order(100)
    seen = []
    start = 0
    for n in signatures(100):
        part = order[len(seen) // 2 : len(seen) // 2 + n // 2]
        seen += fold([(str(a), str(b)) for a, b in part])
        start += n
    assert seen == [str(i) for i in range(100)]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_half_paper_is_half_the_sheet(paper):
    p, h = get_paper(paper), half_paper(get_paper(paper))
    assert (2 * h.width, h.height) == pytest.approx((p.height, p.width))
    assert h.name == {"a4": "a5", "letter": "half-letter"}[paper]


def _halves(pdf: Path) -> list[tuple[str, str]]:
    """The text of the left and right half of every side."""
    doc = pdfium.PdfDocument(str(pdf))
    out = []
    try:
        for i in range(len(doc)):
            page = doc[i]
            w, h = page.get_size()
            tp = page.get_textpage()
            out.append((tp.get_text_bounded(0, 0, w / 2, h), tp.get_text_bounded(w / 2, 0, w, h)))
            tp.close()
            page.close()
    finally:
        doc.close()
    return out


def _label(text: str) -> str:
    """A half page's name for the fold: its 'page n of m' number, or 'cover'."""
    m = PAGE.search(text)
    if m:
        return m.group(1)
    return "cover" if "A sheet a day" in text or "How to play" in text else f"?{text[:40]!r}"


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_rules_booklet_folds_in_page_order(run, tmp_path, paper):
    res = run("rules", "--booklet", "--paper", paper, "-o", "r.pdf")
    assert res.exit_code == 0, res.output
    reader = PdfReader(str(tmp_path / "r.pdf"))
    full = get_paper(paper)
    for page in reader.pages:  # landscape sheets of the chosen paper
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(
            (full.height, full.width)
        )
    assert str(reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"]) == "/DuplexFlipShortEdge"
    pages = fold([(_label(a), _label(b)) for a, b in _halves(tmp_path / "r.pdf")])
    total = len(pages)
    assert total % 4 == 0
    assert pages == ["cover"] + [str(i) for i in range(2, total + 1)]
    # nothing shrinks: the half pages are placed at their own size, so the booklet prints its text at
    # the sizes of the same pages drawn on half the paper by themselves
    from generator.games.rules import draw as rules_draw
    from generator.games.rules import model as rm
    from generator.press.document import Document

    doc = Document(half_paper(full), "alone")
    for game in rm.GAMES:
        doc.add(game, rules_draw.rules_pages(rm.load_rules(game), half_paper(full), doc.style))
    doc.save(tmp_path / "alone.pdf")
    alone = {round(r.size, 2) for r in text_runs(tmp_path / "alone.pdf")}
    booklet = {round(r.size, 2) for r in text_runs(tmp_path / "r.pdf")}
    assert alone <= booklet and min(booklet) == min(alone)  # the cover adds its own sizes, no smaller


def test_booklet_is_the_same_bytes_each_time(run, tmp_path):
    for name in ("a", "b"):
        assert run("rules", "chimera", "--booklet", "-o", f"{name}.pdf").exit_code == 0
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_half_pages_sit_whole_on_their_half_of_the_sheet(run, tmp_path):
    """No half page's drawing strays over the fold: every text run starts inside its own half."""
    assert run("rules", "doublets", "--booklet", "--paper", "a4", "-o", "r.pdf").exit_code == 0
    half = get_paper("a4").height / 2
    for r in text_runs(tmp_path / "r.pdf"):
        assert not (half - 5 * mm < r.x < half + 5 * mm), r


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_week_of_daily_sheets_folds_in_page_order_with_the_answers_at_the_back(run, tmp_path, paper):
    from generator.games.doublets.daily import DailyRequest, daily_sheets

    res = run(
        "doublets",
        "daily",
        "--from",
        "2025-01-01",
        "--days",
        "7",
        "--length",
        "4",  # 4-letter practice: one half page a sheet
        "--book",
        "--booklet",
        "--paper",
        paper,
        "-o",
        "week.pdf",
    )
    assert res.exit_code == 0, res.output
    halves = _halves(tmp_path / "week.pdf")
    pages = fold([(_label(a), _label(b)) for a, b in halves])
    assert pages == ["cover"] + [str(i) for i in range(2, len(pages) + 1)] and len(pages) % 4 == 0
    text = {(_label(a)): a.replace("\r\n", "\n") for a, _ in halves} | {
        (_label(b)): b.replace("\r\n", "\n") for _, b in halves
    }
    assert "1 January 2025 to" in text["cover"] and "7 January 2025" in text["cover"]
    # the seven sheets in date order, then any Notes, then the key pages (several days a page)
    kinds = []
    for n in pages[1:]:
        t = text[n]
        kinds.append(
            "key" if "answers" in t.split("\n")[0] else "notes" if t.startswith("Notes") else "sheet"
        )
    assert kinds[:7] == ["sheet"] * 7 and "sheet" not in kinds[7:]
    first_key = kinds.index("key")
    assert set(kinds[7:first_key]) <= {"notes"} and set(kinds[first_key:]) == {"key"}
    days = [re.search(r"(\d+) January 2025", text[n]).group(1) for n in pages[1:8]]
    assert days == [str(d) for d in range(1, 8)]
    # every day's sheet holds that day's puzzles, story first; the key pages hold every day's
    # answers once, in date order, each day's in its sheet's order
    sheets = list(daily_sheets("2025-01-01", 7, DailyRequest(length=4)))
    for n, sh in zip(pages[1:8], sheets, strict=True):
        assert len(sh.puzzles) == 4 and sh.puzzles[0].prompt in text[n]
        at = [
            text[n].index(f"\n{' '.join(p.start.upper())}\n{' '.join(p.end.upper())}\n") for p in sh.puzzles
        ]
        assert at == sorted(at)
    keys = [text[n] for n in pages[1 + first_key :]]
    assert len(keys) < 7  # the days share key pages
    under: list[tuple[str, list[str]]] = []
    for t in keys:
        body = t.split("just as right.\n", 1)[1]
        for m in re.finditer(r"^(\w+day \d+ January 2025)\n((?:(?!\w+day \d+ January).*\n)*)", body, re.M):
            # a long chain wraps at a space beside an arrow: after it, or before it (click\n→ CHICK)
            block = m.group(2).replace("→\n", "→ ").replace("\n→ ", " → ")
            chains = [line for line in block.split("\n") if "→" in line]
            under.append((m.group(1), chains))
    assert [day for day, _ in under] == [text[n].split("\n")[0].split(" ", 1)[1] for n in pages[1:8]]
    for (_, chains), sh in zip(under, sheets, strict=True):
        assert chains == [
            " → ".join([p.chain[0].upper(), *p.chain[1:-1], p.chain[-1].upper()]) for p in sh.puzzles
        ]


def test_booklet_needs_one_pdf(run):
    from tests.clicheck import one_line_error

    assert "--book" in one_line_error(run("doublets", "daily", "--days", "2", "--booklet"))
