"""The card sheets' side footer: at 7 pt where the margins hold it, never below 6 pt, never cut short, clear of the crop marks."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.press.cards import (
    CARD_PRESETS,
    DUPLEX_NOTES,
    Card,
    DeckOptions,
    deck_pages,
    get_card,
    impose,
)
from generator.press.document import Document
from generator.press.impose import free_gaps as _free_gaps
from generator.press.impose import free_span as _free_span
from generator.press.paper import get_paper, mm
from generator.press.side_footer import END_PAD, FACE, MIN_SIZE, READABLE, SEP, flow, layout
from tests.textsize import text_runs

# the longest labels the games print on card sheets
LABEL = "Riddle Craft reference cards"


def _bare(text: str) -> str:
    return "".join(text.replace("·", " ").replace("…", "...").split())


def test_flow_keeps_parts_whole_where_they_fit_and_loses_nothing():
    text = f"alpha beta{SEP}page 17 of 20"
    assert flow(text, [100], len) == [text]
    assert flow(text, [10, 13], len) == ["alpha beta", "page 17 of 20"]
    # a part too long for every stretch breaks at words, in order
    lines = flow(text, [6, 6, 8, 6], len)
    assert lines is not None and all(len(s) <= w for s, w in zip(lines, [6, 6, 8, 6], strict=True))
    assert _bare("".join(lines)) == _bare(text)
    assert flow(text, [5, 5], len) is None  # does not fit: says so rather than cutting


def _one_card_deck(path: Path, paper: str, card: str, bleed: float, duplex: str) -> Path:
    lay = impose(get_paper(paper), get_card(card), bleed)
    cards = [Card("c", lambda c, box: None)] * lay.per_page
    doc = Document(get_paper(paper), "footer test")
    doc.add("Deck", deck_pages(cards, DeckOptions(lay, LABEL, back=lambda c, box: None, duplex=duplex)))
    doc.save(path)
    return path


@pytest.mark.parametrize("duplex", ["long", "short", "none"])
@pytest.mark.parametrize("bleed", [0.0, 3 * mm])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_side_footer_is_whole_and_at_least_6pt_on_every_preset(tmp_path, paper, bleed, duplex):
    for card in CARD_PRESETS:
        pdf = _one_card_deck(tmp_path / f"{card}.pdf", paper, card, bleed, duplex)
        runs = text_runs(pdf)
        assert runs and min(r.size for r in runs) >= MIN_SIZE - 1e-6, (card, min(r.size for r in runs))
        if duplex != "none":  # a two-sided sheet's footer is read at 7 pt or more on every card size
            assert min(r.size for r in runs) >= READABLE - 1e-6, (card, min(r.size for r in runs))
        reader = PdfReader(str(pdf))
        for n, page in enumerate(reader.pages, start=1):
            text = _bare(page.extract_text())
            side = "fronts" if n == 1 else "backs"
            left = f"{LABEL}, sheet 1 of 1: {side}  ·  page {n} of 2"
            right = f"print at 100 % (actual size)  ·  {DUPLEX_NOTES[duplex]}"
            assert _bare(left) in text and _bare(right) in text, (card, n, page.extract_text())
            assert "..." not in text


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("card", list(CARD_PRESETS))
@pytest.mark.parametrize("bleed", [0.0, 3 * mm])
def test_footer_lines_stay_between_the_crop_marks(paper, card, bleed):
    from generator.press.fonts import register_fonts, string_width

    register_fonts()
    lay = impose(get_paper(paper), get_card(card), bleed)
    gaps = _free_gaps(lay)
    _, ys = lay.cut_lines()
    marks = {*ys, *(y - bleed for y in ys), *(y + bleed for y in ys)}
    long_text = f"{LABEL}, sheet 10 of 10: fronts  ·  page 117 of 120"
    for reverse in (False, True):
        placed = layout(long_text, _free_span(lay), gaps, lay.paper.height, reverse)
        for (lo, hi), line, size in placed:
            assert size >= MIN_SIZE
            assert not any(lo < y < hi for y in marks)
            assert string_width(line, FACE, size) <= hi - lo - 2 * END_PAD + 1e-6
        assert _bare("".join(line for _, line, _ in placed)) == _bare(long_text)
