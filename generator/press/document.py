"""One PDF: metadata, outline, viewer preferences, footers, contents page, invariant mode, atomic save."""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from generator import __version__
from generator.errors import ParlourError
from generator.press.fonts import register_fonts
from generator.press.output import Outputs
from generator.press.paper import MARGIN, Paper, mm
from generator.press.side_footer import draw_side_footer
from generator.press.style import DEFAULT, Style

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


Box = tuple[float, float, float, float]
FOOT_LOW = 5.6 * mm  # a two-line footer's lower baseline: its descenders stay 5 mm in from the edge


@dataclass(frozen=True)
class PageInfo:
    """What a page's drawing function may want to know about where it sits."""

    number: int
    total: int
    paper: Paper
    style: Style


@dataclass
class Page:
    """One page: a drawing function plus what the footer and PDF boxes should say."""

    draw: Callable[[Canvas, PageInfo], None]
    label: str
    note: str | None = None  # e.g. "flip on the long edge"
    footer: str = "bottom"  # bottom | sides | none
    bookmark: str | None = None  # a second-level outline entry starting here
    trim_box: Box | None = None
    bleed_box: Box | None = None
    duplex: str | None = None  # "long" | "short" when this page is one side of a two-sided sheet
    side: str | None = (
        None  # "front" starts a two-sided sheet (it must fall on an odd page); "back" follows it
    )
    side_span: tuple[float, float] | None = (
        None  # for footer="sides": the stretch of margin free of crop marks
    )
    side_gaps: tuple[tuple[float, float], ...] = ()  # every such stretch, for a footer too long for one
    deck: Any = None  # for --cards: the press.cards.DeckPrint a sheet prints (a tuple: several)
    card: bool = False  # printed on card stock (cards, tiles, pieces to fold), for the print guide
    cut: Any = None  # what a cutting machine cuts on this sheet (a press.cutter.CutSheet), for its cut file


class PageRun(ABC):
    """Pages made only as they are drawn, one at a time, so that a long book's page models (a
    ten-year daily book's) are never all held at once; how many there are is known beforehand. Their pages are
    one-sided: no `side`, no `duplex` (no blank is ever put among them)."""

    @abstractmethod
    def __len__(self) -> int: ...

    @abstractmethod
    def __iter__(self) -> Iterator[Page]: ...


@dataclass
class Section:
    title: str
    pages: list[Page] | PageRun = field(default_factory=list)


def check_output_path(path: str | os.PathLike[str], what: str = "--output") -> Path:
    """Refuse early, with one line, a path that cannot or must not be written; nothing is left behind."""
    with Outputs() as tx:
        tx.file(path, what)
    return Path(path)


def atomic_write(
    path: str | os.PathLike[str],
    write: Callable[[str], object],
    what: str = "--output",
    settings: bool = True,
) -> None:
    """Call write(tmp_path) on a short-named temporary beside `path`, then put it in place (see
    press.output: special files are streamed, symlinks written through); clean up on failure.
    `what` names the destination in messages; `settings=False` only for writing the settings file."""
    with Outputs(settings=settings) as tx:
        tmp = tx.file(path, what)
        write(str(tmp))
        tx.commit()


def _draw_blank(c: Canvas, info: PageInfo) -> None:
    """A page left empty so that the next two-sided sheet starts on a front."""


class Document:
    """A list of sections of pages, drawn in one go so footers can say 'page x of y'."""

    def __init__(
        self,
        paper: Paper,
        title: str,
        subject: str = "",
        style: Style = DEFAULT,
        contents: bool = False,
    ) -> None:
        self.paper = paper
        self.title = title
        self.subject = subject
        self.style = style
        self.contents = contents
        self.sections: list[Section] = []
        self.cutting: Any = (
            None  # the press.cutter.Cutter the sheets are printed for: the print guide says how
        )

    def add(self, title: str, pages: list[Page] | PageRun) -> None:
        self.sections.append(Section(title, pages if isinstance(pages, PageRun) else list(pages)))

    def _walk(self, make: bool) -> Iterator[tuple[Section | None, bool, Page | None]]:
        """Every page in print order as (section, first in it, page), with a blank inserted wherever a
        sheet's front would land on a back (an even page): printed two-sided, each card's back then
        stays behind its front. The pages of a PageRun are made only if `make` (else None)."""
        n = 0
        if self.contents:  # the first sheet: the cover, and the print guide on its back
            n += 2
            yield None, True, Page(self._draw_cover, "Contents")
            yield None, True, Page(self._draw_guide, "Print guide")
        for sec in self.sections:
            if isinstance(sec.pages, PageRun):
                made = 0
                for page in sec.pages if make else (None for _ in range(len(sec.pages))):
                    if page is not None and (page.side or page.duplex):
                        raise ValueError(f"{sec.title}: pages made as they are drawn must be one-sided")
                    made += 1
                    yield sec, made == 1, page
                if made != len(sec.pages):
                    raise ValueError(f"{sec.title}: {made} pages made, {len(sec.pages)} announced")
                n += made
                continue
            for i, page in enumerate(sec.pages):
                if page.side == "front" and n % 2 == 1:
                    # the blank belongs before the section: its bookmark still opens on the first real page
                    n += 1
                    yield sec, False, Page(_draw_blank, "This side is left blank on purpose")
                n += 1
                yield sec, i == 0, page

    def cut_sheets(self) -> list[tuple[int, Any]]:
        """(page number, press.cutter.CutSheet) of every page a cutting machine cuts."""
        return [
            (n, page.cut)
            for n, (_, _, page) in enumerate(self._walk(make=False), start=1)
            if page is not None and page.cut is not None
        ]

    def _duplex(self) -> set[str]:
        """How the two-sided sheets in the document turn ("long", "short"); empty if there are none."""
        return {
            p.duplex for sec in self.sections if isinstance(sec.pages, list) for p in sec.pages if p.duplex
        }

    @property
    def page_count(self) -> int:
        return sum(1 for _ in self._walk(make=False))

    def section_starts(self) -> list[tuple[str, int]]:
        """(section title, first page number) for each section."""
        starts = []
        for n, (sec, first, _) in enumerate(self._walk(make=False), start=1):
            if sec is not None and first:
                starts.append((sec.title, n))
        return starts

    def guide_rows(self) -> list[Any]:
        """The print guide's rows (press.cover.GuideRow): each section's runs of pages printed
        alike (card stock or plain, one- or two-sided and the flip), and each page left blank on a
        row of its own, so nobody prints it or wonders where its content went."""
        from generator.press.cover import GuideRow

        rows: list[GuideRow] = []
        for n, (sec, _, page) in enumerate(self._walk(make=False), start=1):
            if sec is None:
                continue
            card = page is not None and page.card
            duplex = page.duplex if page is not None else None
            blank = page is not None and page.draw is _draw_blank
            prev = rows[-1] if rows else None
            if blank:  # (one before a section's first page is listed with the pages before it)
                rows.append(GuideRow(prev.section if prev else sec.title, n, n, False, None, blank=True))
            elif (
                prev is not None
                and not prev.blank
                and prev.section == sec.title
                and prev.card == card
                and prev.duplex == duplex
            ):
                rows[-1] = GuideRow(sec.title, prev.first, n, prev.card, prev.duplex)
            else:
                rows.append(GuideRow(sec.title, n, n, card, duplex))
        return rows

    def _draw_cover(self, c: Canvas, info: PageInfo) -> None:
        from generator.press.cover import draw_cover

        draw_cover(c, self.paper, info.style, self.title, self.subject, self.section_starts())

    def _draw_guide(self, c: Canvas, info: PageInfo) -> None:
        from generator.press.cover import draw_guide

        draw_guide(c, self.paper, info.style, self.guide_rows(), self._duplex(), self.cutting)

    def _footer(self, c: Canvas, page: Page, n: int, total: int) -> None:
        if page.footer == "none":
            return
        w, h = self.paper.size
        left = f"{page.label}  ·  page {n} of {total}"
        right = "print at 100 % (actual size)" + (f"  ·  {page.note}" if page.note else "")
        c.saveState()
        c.setFillColorRGB(*self.style.muted)
        if page.footer == "sides":
            # Card sheets: the bottom margin belongs to crop marks, so the footer runs up the side margins
            # between the marks, at 6 pt or more, flowed over several stretches rather than cut short.
            best = page.side_span or (h / 2 - 36 * mm, h / 2 + 36 * mm)
            draw_side_footer(c, w, h, left, right, best, page.side_gaps, self.style.font("label")[0])
        else:
            from reportlab.pdfbase.pdfmetrics import stringWidth

            self.style.set_font(c, "footer")
            face, size = self.style.font("footer")
            y = 7 * mm
            room = w - 2 * MARGIN - stringWidth(left, face, size) - 4 * mm
            if stringWidth(right, face, size) > room:  # a narrow page (A5): two lines, the right one above
                y = FOOT_LOW
                c.drawRightString(w - MARGIN, y + size * 1.25, right)
            else:
                c.drawRightString(w - MARGIN, y, right)
            c.drawString(MARGIN, y, left)
        c.restoreState()

    def render(self, path: str, progress: Callable[[int], None] | None = None) -> None:
        """Draw every page into `path` (not atomic: see save)."""
        with open(path, "wb") as out:
            self._render(out, progress)

    def _render(self, out: BinaryIO, progress: Callable[[int], None] | None) -> None:
        """Draw the pages one by one on one reportlab Canvas, which writes the file when saved."""
        from reportlab.pdfgen.canvas import Canvas

        register_fonts()
        total = self.page_count
        c = Canvas(out, pagesize=self.paper.size, invariant=1, pageCompression=1, initialFontName="Sans")
        c.setTitle(self.title)
        c.setAuthor("parlour")
        c.setSubject(self.subject or self.title)
        c.setCreator(f"parlour {__version__}")
        c.setViewerPreference("PrintScaling", "None")
        c.setViewerPreference("DisplayDocTitle", "true")
        duplex = self._duplex()
        if duplex:
            c.setViewerPreference(
                "Duplex", "DuplexFlipShortEdge" if duplex == {"short"} else "DuplexFlipLongEdge"
            )
        self._draw_pages(c, total, progress)
        c.showOutline()
        c.save()

    def _draw_pages(self, c: Canvas, total: int, progress: Callable[[int], None] | None) -> None:
        for n, (sec, first, page) in enumerate(self._walk(make=True), start=1):
            assert page is not None  # made
            if sec is not None and first:
                c.bookmarkPage(f"s{n}")
                c.addOutlineEntry(sec.title, f"s{n}", level=0)
            elif sec is None:
                c.bookmarkPage(f"f{n}")
                c.addOutlineEntry(page.label, f"f{n}", level=0)
            if page.bookmark:
                c.bookmarkPage(f"b{n}")
                c.addOutlineEntry(page.bookmark, f"b{n}", level=1)
            c.setTrimBox(list(page.trim_box) if page.trim_box else None)
            c.setBleedBox(list(page.bleed_box) if page.bleed_box else None)
            info = PageInfo(n, total, self.paper, self.style)
            c.saveState()
            page.draw(c, info)
            c.restoreState()
            self._footer(c, page, n, total)
            c.showPage()
            if progress:
                progress(1)

    def save(self, path: str | os.PathLike[str], progress: Callable[[int], None] | None = None) -> Path:
        """Render to a temp file beside `path`, then rename: a failed run leaves no file behind."""
        if self.page_count == 0:
            raise ParlourError("nothing to print: the document has no pages")
        atomic_write(path, lambda tmp: self.render(tmp, progress))
        return Path(path)
