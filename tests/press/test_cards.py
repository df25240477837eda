"""Decks measured from their PDFs, for every preset on Letter and A4, with and without bleed, in every
duplex mode: backs behind their fronts and upright after the turn, printable crop marks, blanks."""

from __future__ import annotations

import math
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from pypdf import PdfReader

from generator.press.cards import CARD_PRESETS, Card, DeckOptions, deck_pages, get_card, impose
from generator.press.document import Document
from generator.press.paper import get_paper, mm

PAPERS = ("letter", "a4")
BLEEDS = (0.0, 3.0)
DUPLEX = ("long", "short", "none")


def _label(text: str):
    def draw(c, box):
        c.setFont("Sans", 9)
        c.drawCentredString(box.width / 2, box.height / 2, text)

    return draw


def _deck_pdf(
    path: Path, paper: str, card: str, bleed: float, duplex: str, n: int | None = None, **kw
) -> Path:
    lay = impose(get_paper(paper), get_card(card), bleed * mm)
    n = lay.per_page if n is None else n
    cards = [Card(f"c{i}", _label(f"F{i:02d}"), _label(f"B{i:02d}")) for i in range(n)]
    doc = Document(get_paper(paper), "deck")
    doc.add("Deck", deck_pages(cards, DeckOptions(lay, "Deck", duplex=duplex, **kw)))
    doc.save(path)
    return path


def _labels(pdf: Path, page: int, prefix: str) -> dict[str, tuple[float, float, float]]:
    """Each 3-character label starting with `prefix`: its centre (points) and the angle of its baseline
    (degrees anticlockwise), as pdfium reads them."""
    doc = pdfium.PdfDocument(str(pdf))
    tp = doc[page].get_textpage()
    text = tp.get_text_range()
    out = {}
    i = text.find(prefix)
    while i != -1:
        if not text[i + 1 : i + 3].isdigit():  # a letter of the turn diagram, say
            i = text.find(prefix, i + 1)
            continue
        boxes = [tp.get_charbox(i + k) for k in range(3)]
        cx = (min(b[0] for b in boxes) + max(b[2] for b in boxes)) / 2
        cy = (min(b[1] for b in boxes) + max(b[3] for b in boxes)) / 2
        # pdfium gives the angle clockwise in page space (y down); make it anticlockwise, y up
        angle = math.degrees(pdfium_c.FPDFText_GetCharAngle(tp.raw, i)) % 360
        out[text[i + 1 : i + 3]] = (cx, cy, (-angle) % 360)
        i = text.find(prefix, i + 3)
    doc.close()
    return out


def _count(pdf: Path, page: int, text: str) -> int:
    doc = pdfium.PdfDocument(str(pdf))
    n = doc[page].get_textpage().get_text_range().count(text)
    doc.close()
    return n


def _up(angle: float) -> tuple[int, int]:
    """The 'up' direction of text whose baseline runs at `angle` degrees, rounded to a unit step."""
    a = math.radians(angle + 90)
    return (round(math.cos(a)), round(math.sin(a)))


@pytest.mark.parametrize("duplex", DUPLEX)
@pytest.mark.parametrize("bleed", BLEEDS)
@pytest.mark.parametrize("paper", PAPERS)
def test_backs_lie_behind_their_fronts_and_read_upright_after_the_turn(tmp_path, paper, bleed, duplex):
    W, H = get_paper(paper).size
    for card in CARD_PRESETS:
        pdf = _deck_pdf(tmp_path / f"{card}.pdf", paper, card, bleed, duplex)
        fronts, backs = _labels(pdf, 0, "F"), _labels(pdf, 1, "B")
        assert fronts.keys() == backs.keys() and fronts
        for k, (fx, fy, fa) in fronts.items():
            bx, by, ba = backs[k]
            # the sheet turns over its long edge (x -> W - x; 'none' glues it on turned like a page)
            # or its short edge (y -> H - y); a direction (dx, dy) turns with it
            if duplex == "short":
                where, flip = (fx, H - fy), (lambda v: (v[0], -v[1]))
            else:
                where, flip = (W - fx, fy), (lambda v: (-v[0], v[1]))
            assert (bx, by) == pytest.approx(where, abs=1.0), (card, k)
            # turning the cut card over left to right keeps its 'up': the back's up is the front's,
            # carried through the sheet's flip
            assert _up(ba) == flip(_up(fa)), (card, k, fa, ba)


def test_upright_cards_read_upside_down_on_the_back_page_for_a_short_edge_flip(tmp_path):
    # the same fact, stated without the flip model: on the page the back's text stands on its head
    pdf = _deck_pdf(tmp_path / "d.pdf", "letter", "poker", 0.0, "short")
    assert {round(a) for *_, a in _labels(pdf, 0, "F").values()} == {0}
    assert {round(a) for *_, a in _labels(pdf, 1, "B").values()} == {180}


def _mark_lines(pdf: Path, page: int) -> list[tuple[float, float, float, float]]:
    """The straight strokes (m ... l) of the page-sized forms: crop marks, in page coordinates."""
    reader = PdfReader(str(pdf))
    pg = reader.pages[page]
    W, H = float(pg.mediabox.width), float(pg.mediabox.height)
    out = []
    for xo in pg["/Resources"]["/XObject"].values():
        form = xo.get_object()
        if [round(float(v)) for v in form["/BBox"]] != [0, 0, round(W), round(H)]:
            continue
        from pypdf.generic import ContentStream

        start = None
        for operands, op in ContentStream(form, reader).operations:
            if op == b"m":
                start = tuple(float(v) for v in operands)
            elif op == b"l" and start is not None:
                end = tuple(float(v) for v in operands)
                out.append((*start, *end))
                start = None
    return out


def _inside_band(seg, W, H, band=5 * mm) -> float:
    """Length of a horizontal or vertical segment lying `band` or more inside the page edge."""
    x1, y1, x2, y2 = seg
    if x1 == x2:
        if not band <= x1 <= W - band:
            return 0.0
        lo, hi = sorted((y1, y2))
        return max(0.0, min(hi, H - band) - max(lo, band))
    if not band <= y1 <= H - band:
        return 0.0
    lo, hi = sorted((x1, x2))
    return max(0.0, min(hi, W - band) - max(lo, band))


@pytest.mark.parametrize("duplex", ("long", "short"))
@pytest.mark.parametrize("bleed", BLEEDS)
@pytest.mark.parametrize("paper", PAPERS)
def test_every_crop_mark_keeps_3mm_inside_the_printable_area(tmp_path, paper, bleed, duplex):
    W, H = get_paper(paper).size
    for card in CARD_PRESETS:
        pdf = _deck_pdf(tmp_path / f"{card}.pdf", paper, card, bleed, duplex)
        lay = impose(get_paper(paper), get_card(card), bleed * mm)
        xs, ys = lay.cut_lines()
        for page in (0, 1):
            marks = _mark_lines(pdf, page)
            assert len(marks) == 2 * len(xs) + 2 * len(ys), (card, page)
            shortest = min(_inside_band(m, W, H) for m in marks)
            assert shortest >= 3 * mm - 0.01, (card, page, shortest / mm)
            for x1, y1, x2, y2 in marks:  # and none runs off the page
                assert min(x1, x2) >= 2 * mm - 0.01 and max(x1, x2) <= W - 2 * mm + 0.01
                assert min(y1, y2) >= 2 * mm - 0.01 and max(y1, y2) <= H - 2 * mm + 0.01


def test_blank_cards_with_the_common_back_fill_the_last_sheet(tmp_path):
    lay = impose(get_paper("letter"), get_card("poker"))  # 9 to a sheet
    back = _label("BKK")
    fronts = [Card(f"c{i}", _label(f"F{i:02d}")) for i in range(10)]
    deck = DeckOptions(lay, "Deck", back)
    assert deck.blank_count(10) == 8 and deck.blank_count(9) == 0 and deck.blank_count(0) == 0
    assert DeckOptions(lay, "Deck").blank_count(10) == 0  # no common back: nothing to put on a blank
    pages = deck_pages(fronts, deck)
    doc = Document(get_paper("letter"), "deck")
    doc.add("Deck", pages)
    pdf = doc.save(tmp_path / "d.pdf")
    assert len(_labels(pdf, 2, "F")) == 1
    assert _count(pdf, 3, "BKK") == 9  # one card's back and eight blanks'
    # without blanks, the last sheet has one card, one back, and the marks of one card
    doc = Document(get_paper("letter"), "deck")
    doc.add("Deck", deck_pages(fronts, DeckOptions(lay, "Deck", back, blanks=False)))
    pdf = doc.save(tmp_path / "n.pdf")
    assert _count(pdf, 3, "BKK") == 1
    assert len(_mark_lines(pdf, 2)) == 8 and len(_mark_lines(pdf, 0)) == 16


@pytest.mark.parametrize("bleed", BLEEDS)
@pytest.mark.parametrize("paper", PAPERS)
def test_backs_for_gluing_show_how_to_turn_the_sheet(tmp_path, paper, bleed):
    from generator.press.impose import free_span

    W, H = get_paper(paper).size
    for card in CARD_PRESETS:
        pdf = _deck_pdf(tmp_path / f"{card}.pdf", paper, card, bleed, "none")
        lay = impose(get_paper(paper), get_card(card), bleed * mm)
        x0, y0, x1, y1 = lay.grid
        b = bleed * mm
        lo, hi = free_span(lay)
        doc = pdfium.PdfDocument(str(pdf))
        for page, has_diagram in ((0, False), (1, True)):
            tp = doc[page].get_textpage()
            text = tp.get_text_range()
            letters = {}
            for i, ch in enumerate(text):
                if ch not in "BF":
                    continue
                left, bot, right, top = tp.get_charbox(i)
                cx, cy = (left + right) / 2, (bot + top) / 2
                if x0 - b < cx < x1 + b and y0 - b < cy < y1 + b:
                    continue  # a card's own label
                letters[ch] = (cx, cy, pdfium_c.FPDFText_GetFontSize(tp.raw, i))
            if not has_diagram:
                assert "B" not in letters and "F" not in letters, card
                continue
            assert set(letters) >= {"B", "F"}, card
            for cx, cy, size in (letters["B"], letters["F"]):
                assert size >= 6.0
                assert 5 * mm <= cx <= W - 5 * mm and 5 * mm <= cy <= H - 5 * mm
                beside = cx < x0 - b or cx > x1 + b
                assert not (beside and lo < cy < hi)  # clear of the side footers
        doc.close()
    # and the footer says it in words
    pages = deck_pages([Card("a", _label("F00"))], DeckOptions(lay, "Deck", _label("B00"), duplex="none"))
    assert "turn the backs sheet over left to right" in pages[1].note


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("card", [*CARD_PRESETS, "35x50", "45x120", "30x140"])  # and some that stack
def test_fold_sheets_put_each_back_behind_its_front_upright_after_the_fold(tmp_path, paper, card):
    from generator.press.cards import fold_pages
    from generator.press.impose import fold_layout

    p, cd = get_paper(paper), get_card(card)
    lay = fold_layout(p, cd)
    if card == "45x120" and paper == "letter":
        assert lay.stacked and not lay.turned
    if card == "30x140" and paper == "letter":
        assert lay.stacked and lay.turned
    n = lay.per_page + 1  # a full sheet and one strip on the next
    pairs = [(_label(f"F{i:02d}"), _label(f"B{i:02d}")) for i in range(n)]
    doc = Document(p, "fold")
    doc.add("Fold", fold_pages(pairs, p, cd, "Fold", "Cards to fold", "Cut, fold and glue."))
    pdf = doc.save(tmp_path / "f.pdf")
    assert len(PdfReader(str(pdf)).pages) == 2
    fronts, backs = _labels(pdf, 0, "F"), _labels(pdf, 0, "B")
    assert len(fronts) == len(backs) == lay.per_page
    for i in range(lay.per_page):
        (fx, fy, fa), (bx, by, ba) = fronts[f"{i:02d}"], backs[f"{i:02d}"]
        x1, y1, x2, y2 = lay.fold(i)
        if x1 == x2:  # folded about an upright line: x mirrors
            where, flip = (2 * x1 - fx, fy), (lambda v: (-v[0], v[1]))
        else:
            where, flip = (fx, 2 * y1 - fy), (lambda v: (v[0], -v[1]))
        assert (bx, by) == pytest.approx(where, abs=1.0)
        assert _up(ba) == flip(_up(fa))
