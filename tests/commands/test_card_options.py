"""The card options every deck command shares: custom --card sizes, --blanks and the JSON count."""

from __future__ import annotations

import json

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from generator.press.paper import mm
from tests.clicheck import one_line_error


def test_a_custom_card_size_prints_cards_of_that_size(run, tmp_path):
    res = run("fighting-words", "deck", "--card", "63x88", "-o", "d.pdf", "--paper", "a4")
    assert res.exit_code == 0, res.output
    page = PdfReader(str(tmp_path / "d.pdf")).pages[0]
    x0, y0, x1, y1 = (float(v) for v in page.trimbox)
    # a4 takes 3 x 3 of them, sharing cut lines: the trim box is the grid
    assert (x1 - x0, y1 - y0) == pytest.approx((3 * 63 * mm, 3 * 88 * mm), abs=0.01)


@pytest.mark.parametrize(
    "args, needle",
    [
        (["--card", "200x300"], "do not fit on letter paper"),
        (["--card", "190x200", "--paper", "a4", "--bleed", "5"], "bleed do not fit on a4 paper"),
        (["--card", "63x"], "--card '63x' is not a card size"),
        (["--card", "5x88"], "20 to 400 mm"),
    ],
)
def test_a_card_that_does_not_fit_or_parse_is_one_line_exit_2_and_no_file(run, tmp_path, args, needle):
    line = one_line_error(run("riddle-craft", "deck", "-o", "d.pdf", *args))
    assert needle in line
    assert not (tmp_path / "d.pdf").exists()


def test_blanks_fill_the_last_sheet_and_the_json_counts_them(run, tmp_path):
    assert run("riddle-craft", "deck", "-o", "a.pdf", "--json", "a.json", "--blanks").exit_code == 0
    assert run("riddle-craft", "deck", "-o", "b.pdf", "--json", "b.json").exit_code == 0
    filled = json.loads((tmp_path / "a.json").read_text())
    short = json.loads((tmp_path / "b.json").read_text())
    refs = 4  # the reference cards share the riddle cards' last sheet, each with its own back
    cards = len(filled["riddles"]) + refs
    assert filled["blank_cards"] == -cards % 9 > 0  # poker on letter: 9 to a sheet
    assert short["blank_cards"] == 0  # by default backs print only behind real fronts
    # the blanks carry the common back: the last backs sheet places it in every place but the
    # reference cards' (drawn in place, not as the shared form), or once per riddle card left
    assert _placed_on_last_riddle_backs(tmp_path / "a.pdf") == 9 - refs + 1  # and its sheet of marks
    assert _placed_on_last_riddle_backs(tmp_path / "b.pdf") == cards % 9 - refs + 1  # the riddles left over


def _placed_on_last_riddle_backs(pdf) -> int:
    """How many forms (the common back, the marks) the last riddle backs page places."""
    reader = PdfReader(str(pdf))
    last = max(
        i
        for i, pg in enumerate(reader.pages)
        if "Craft cards, sheet" in pg.extract_text() and "backs" in pg.extract_text()
    )
    ops = ContentStream(reader.pages[last].get_contents(), reader).operations
    return sum(op == b"Do" for _, op in ops)
