"""A pack's first sheet: the cover (title, what is inside and where) and, on its back, the print
guide (per section: which pages, on what paper, one- or two-sided and how the sheet turns)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from generator.press.fonts import string_width
from generator.press.paper import MARGIN, Paper, mm
from generator.press.parts import Header, computer_note, computer_note_height, line, sheet_header
from generator.press.style import Style
from generator.press.text import draw_text, fit_line, text_at

FLIPS = {"long": "two-sided, flip on the long edge", "short": "two-sided, flip on the short edge"}
BLANK = "a blank page: no need to print it"


@dataclass(frozen=True)
class GuideRow:
    """A run of a section's pages printed alike: pages first to last, on card stock or plain paper,
    one-sided or two-sided with the given flip; or a page left blank (`blank`), which need not be
    printed: it is there so that a sheet's front stays a front when the whole pack is printed
    two-sided."""

    section: str
    first: int
    last: int
    card: bool
    duplex: str | None
    blank: bool = False

    @property
    def pages(self) -> str:
        return f"{self.first}" if self.first == self.last else f"{self.first}–{self.last}"

    @property
    def paper(self) -> str:
        return "" if self.blank else "card stock" if self.card else "plain paper"

    @property
    def sides(self) -> str:
        return BLANK if self.blank else FLIPS.get(self.duplex or "", "one-sided")


def draw_cover(
    c: Canvas, paper: Paper, style: Style, title: str, subtitle: str, starts: Sequence[tuple[str, int]]
) -> None:
    """The cover: the title large with what it is under a rule, a picture of the games' own pieces
    (press.cover_art), then each section and the page it starts on, with dotted leaders."""
    from generator.press.cover_art import draw_cover_picture

    w, h = paper.size
    top = h - MARGIN
    big = style.text_style("title", size=34.0, min_size=18.0, align="centre", valign="bottom")
    draw_text(c, title, MARGIN, top - 20 * mm, w - 2 * MARGIN, 20 * mm, big, "cover title")
    line(c, w / 2 - 30 * mm, top - 23 * mm, w / 2 + 30 * mm, top - 23 * mm, style.accent, 1.0)
    sub = style.text_style("subtitle", align="centre", valign="top", color=style.ink)
    draw_text(c, subtitle, MARGIN, top - 36 * mm, w - 2 * MARGIN, 11 * mm, sub, "cover")
    face, size = style.font("contents")
    pitch = 7.5 * mm
    contents_h = 11 * mm + pitch * len(starts)
    note_h = 14 * mm
    pic_top = top - 40 * mm
    pic_bottom = MARGIN + note_h + contents_h + 6 * mm
    draw_cover_picture(c, style, MARGIN, pic_bottom, w - 2 * MARGIN, pic_top - pic_bottom)
    y = pic_bottom - 6 * mm
    head_face, head_size = style.font("heading")
    inside_x = MARGIN + 20 * mm
    inside_r = w - MARGIN - 20 * mm
    text_at(c, "Inside", inside_x - 4 * mm, y, head_face, head_size * 1.3, style.accent)
    y -= 9 * mm
    for name, start in starts:
        num = f"page {start}"
        text_at(c, name, inside_x, y, face, size, style.ink)
        text_at(c, num, inside_r, y, face, size, style.ink, align="right")
        left = inside_x + string_width(name, face, size) + 3 * mm
        right = inside_r - string_width(num, face, size) - 3 * mm
        if right > left:
            c.saveState()
            c.setStrokeColorRGB(*style.rule)
            c.setDash(0.6, 2.4)
            c.line(left, y + 1, right, y + 1)
            c.restoreState()
        y -= pitch
    note = style.text_style("body", align="centre", valign="top", color=style.muted)
    draw_text(
        c,
        "The next page is the print guide: which pages go on card stock, which print two-sided and "
        "how to turn the sheet. Print at 100 % (actual size).",
        MARGIN,
        MARGIN + 2 * mm,
        w - 2 * MARGIN,
        10 * mm,
        note,
        "cover",
    )


GUIDE_COLUMNS = (
    0.0,
    0.42,
    0.56,
    0.72,
)  # section, pages, paper, sides: where each starts (share of the width)


def draw_guide(
    c: Canvas, paper: Paper, style: Style, rows: Sequence[GuideRow], flips: set[str], cutting: Any = None
) -> None:
    """The print guide: how to print (and, for a cutting machine, how to cut), then a table of every
    run of pages."""
    w, h = paper.size
    width = w - 2 * MARGIN
    tips = [
        "Print at 100 % (actual size): switch off 'fit to page' or 'scale to fit' in the print dialog.",
        "Card stock of about 200-300 g/m² (or plain paper glued to thin card) for cards, tiles and "
        "pieces; plain paper for rules, keys and pads.",
    ]
    calibration = next((r for r in rows if r.section.lower().startswith("calibration")), None)
    if flips:
        where = f"the calibration sheet (pages {calibration.pages})" if calibration else "a calibration sheet"
        tips.append(
            "Two-sided sheets: print both sides of each sheet and turn it as the table says. If the "
            f"backs land out of line with the fronts, print {where} two-sided, hold it to the light "
            "and read the two numbers where its cross meets the scales; the back of that sheet says "
            "what to do with them."
        )
    text_h = 20 * mm
    if cutting is not None:  # (press.cutter.Cutter)
        from generator.press.cutter import BLEED_TIP, GUIDE_TIPS

        tips += [GUIDE_TIPS[cutting.name], BLEED_TIP]
        text_h += 22 * mm
    header = Header("Print guide", text=" ".join(tips), text_h=text_h, text_role="body")
    y = sheet_header(c, paper, style, header, what="print guide") - 6 * mm
    head_face, head_size = style.font("table_head")
    for label, at in zip(("Section", "Pages", "Paper", "Print"), GUIDE_COLUMNS, strict=True):
        text_at(c, label, MARGIN + at * width, y, head_face, head_size, style.accent)
    line(c, MARGIN, y - 2.2 * mm, w - MARGIN, y - 2.2 * mm, style.accent, 0.8)
    y -= 7.5 * mm
    pitch = min(7.5 * mm, (y - MARGIN) / max(1, len(rows)))
    last = ""
    for row in rows:
        cells = (row.section if row.section != last else "", row.pages, row.paper, row.sides)
        for i, (text, at) in enumerate(zip(cells, GUIDE_COLUMNS, strict=True)):
            room = ((GUIDE_COLUMNS[i + 1] if i + 1 < len(GUIDE_COLUMNS) else 1.0) - at) * width - 2 * mm
            bold = i == 0 or (i == 2 and row.card)
            st = style.text_style("table_head" if bold else "table")
            size = fit_line(text, room, st.but(min_size=6.5)) or 6.5
            text_at(c, text, MARGIN + at * width, y, st.face, size, style.ink)
        last = row.section
        line(c, MARGIN, y - 2.4 * mm, w - MARGIN, y - 2.4 * mm, style.rule, 0.3)
        y -= pitch
    if flips:
        note = computer_lines()
        room = y - MARGIN - 4 * mm
        if computer_note_height(note, width, style) <= room:
            computer_note(c, style, MARGIN, y - 2 * mm, width, note)


def computer_lines(other: str | None = None) -> list[str]:
    """The command lines of the 'At the computer' note: printing the calibration sheet, saving
    its two numbers, and one deck's own offset (`other`: the edge of the other sheet)."""
    lines = [
        "The calibration sheet alone: parlour calibrate (for a printer that flips on the short edge: "
        "parlour calibrate --duplex short).",
        "Save the two numbers once and every two-sided deck uses them: parlour calibrate --save X,Y "
        "(for +1.5 and -0.5: --save 1.5,-0.5).",
        "For one deck alone, add --back-offset X,Y to its command.",
    ]
    if other is not None:
        lines[0] = (
            f"The sheet for printers that flip on the {other} edge: parlour calibrate --duplex {other}."
        )
    return lines
