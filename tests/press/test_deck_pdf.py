"""A deck printed through the press, read back: symbols, boxes, duplex hints, and where backs land."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from generator.press.cards import Card, DeckOptions, deck_pages, get_card, impose
from generator.press.document import Document
from generator.press.paper import get_paper, mm
from generator.press.text import TextStyle, draw_text
from tests.pdfcheck import fonts_embedded

SYMBOLS = "☑☒♠♥♦♣❂◐♛⚜"


def _deck(path: Path, n: int = 11, duplex: str = "long", offset=(0.0, 0.0), paper="letter") -> Path:
    p = get_paper(paper)
    lay = impose(p, get_card("poker"))

    def front(i):
        def draw(c, box):
            x, y, w, h = box.inner
            draw_text(c, f"F{i:02d}", x, y, w, h, TextStyle("Sans", 16, 6), f"card {i}")
            draw_text(c, SYMBOLS, x, y, w, 20, TextStyle("Serif-Bold", 12, 6), f"card {i} symbols")

        return draw

    def back_of(i):
        def draw(c, box):
            x, y, w, h = box.inner
            draw_text(c, f"B{i:02d}", x, y, w, h, TextStyle("Sans", 16, 6), f"back {i}")

        return draw

    cards = [Card(f"c{i}", front(i), back_of(i)) for i in range(n)]
    doc = Document(p, "deck test")
    doc.add("Deck", deck_pages(cards, DeckOptions(lay, "Test deck", duplex=duplex, back_offset=offset)))
    doc.save(path)
    return path


def test_symbols_render_from_embedded_fonts(tmp_path):
    pdf = _deck(tmp_path / "d.pdf")
    text = PdfReader(str(pdf)).pages[0].extract_text()
    for ch in SYMBOLS:
        assert ch in text
    fonts = fonts_embedded(pdf)
    assert fonts and all(fonts.values())


def test_card_pages_carry_trim_and_bleed_boxes_and_duplex_hint(tmp_path):
    reader = PdfReader(str(_deck(tmp_path / "d.pdf")))
    assert len(reader.pages) == 4  # 11 cards: two sheets, fronts + backs each
    for page in reader.pages:
        assert "/TrimBox" in page and "/BleedBox" in page
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == "/DuplexFlipLongEdge" and prefs["/PrintScaling"] == "/None"
    glued = PdfReader(str(_deck(tmp_path / "g.pdf", duplex="none")))
    assert "/Duplex" not in glued.trailer["/Root"]["/ViewerPreferences"]


def _centres(pdf: Path, page_index: int, prefix: str) -> dict[str, tuple[float, float]]:
    """Centre (in points, PDF coordinates) of each 3-character label starting with `prefix`."""
    doc = pdfium.PdfDocument(str(pdf))
    tp = doc[page_index].get_textpage()
    text = tp.get_text_range()
    out = {}
    i = text.find(prefix)
    while i != -1:
        label = text[i : i + 3]
        boxes = [tp.get_charbox(i + k) for k in range(3)]
        x0 = min(b[0] for b in boxes)
        x1 = max(b[2] for b in boxes)
        y0 = min(b[1] for b in boxes)
        y1 = max(b[3] for b in boxes)
        out[label] = ((x0 + x1) / 2, (y0 + y1) / 2)
        i = text.find(prefix, i + 3)
    doc.close()
    return out


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_each_back_lands_behind_its_front_after_a_long_edge_flip(tmp_path, paper):
    pdf = _deck(tmp_path / "d.pdf", paper=paper)
    W = get_paper(paper).width
    fronts = _centres(pdf, 0, "F")
    backs = _centres(pdf, 1, "B")
    assert len(fronts) == 9 and len(backs) == 9
    for label, (fx, fy) in fronts.items():
        bx, by = backs["B" + label[1:]]
        assert W - bx == pytest.approx(fx, abs=1.5)  # mirrored across the long edge
        assert by == pytest.approx(fy, abs=1.5)


def test_back_offset_shifts_backs_only(tmp_path):
    plain = _centres(_deck(tmp_path / "a.pdf"), 1, "B")
    moved = _centres(_deck(tmp_path / "b.pdf", offset=(2 * mm, -1 * mm)), 1, "B")
    for label, (x, y) in plain.items():
        mx, my = moved[label]
        assert (mx - x, my - y) == pytest.approx((2 * mm, -1 * mm), abs=0.3)
    assert _centres(tmp_path / "a.pdf", 0, "F") == _centres(tmp_path / "b.pdf", 0, "F")


def test_same_deck_same_bytes(tmp_path):
    assert _deck(tmp_path / "a.pdf").read_bytes() == _deck(tmp_path / "b.pdf").read_bytes()


def test_two_sided_sheets_start_on_odd_pages_and_decks_keep_their_own_backs(tmp_path):
    """A pack-like PDF: a one-page section, then two decks with different common backs."""
    from generator.press.document import Page

    p = get_paper("letter")
    lay = impose(p, get_card("poker"))

    def labelled(text):
        def draw(c, box):
            x, y, w, h = box.inner
            draw_text(c, text, x, y, w, h, TextStyle("Sans", 14, 6), text)

        return draw

    doc = Document(p, "pack", contents=True)
    doc.add("Sheet", [Page(lambda c, i: None, "one page")])
    # (the cover and the print guide are pages 1 and 2, the sheet page 3:) Deck A would start on page 4
    doc.add("Deck A", deck_pages([Card("a", labelled("AAA"))], DeckOptions(lay, "Deck A", labelled("BACKA"))))
    doc.add("Deck B", deck_pages([Card("b", labelled("BBB"))], DeckOptions(lay, "Deck B", labelled("BACKB"))))
    pdf = tmp_path / "pack.pdf"
    doc.save(pdf)
    reader = PdfReader(str(pdf))
    texts = [pg.extract_text() for pg in reader.pages]
    fronts = [i + 1 for i, t in enumerate(texts) if "AAA" in t or "BBB" in t]
    assert fronts and all(n % 2 == 1 for n in fronts), fronts
    assert any("BACKA" in t for t in texts) and any("BACKB" in t for t in texts)
    assert "left blank on purpose" in texts[fronts[0] - 2]  # the page before Deck A's first front
    starts = dict(doc.section_starts())
    assert starts["Deck A"] == fronts[0] and starts["Deck B"] == fronts[1]
    marks = {
        o.title: reader.get_destination_page_number(o) + 1 for o in reader.outline if not isinstance(o, list)
    }
    assert marks["Deck A"] == fronts[0]  # the bookmark opens on the deck, not on the blank before it
    # the print guide names the blank page on a row of its own, as one not to print, and no run of
    # pages to print holds it
    blank = fronts[0] - 1
    rows = doc.guide_rows()
    assert [(r.section, r.first, r.last) for r in rows if r.blank] == [("Sheet", blank, blank)]
    assert not any(r.first <= blank <= r.last for r in rows if not r.blank)
    assert "no need to print" in texts[1] and f"{blank}" in texts[1]


def test_side_footer_stays_clear_of_crop_marks():
    from generator.press.impose import free_span as _free_span

    for paper in ("letter", "a4"):
        for card in ("mini", "poker", "tarot"):
            for bleed in (0.0, 3 * mm):
                lay = impose(get_paper(paper), get_card(card), bleed)
                lo, hi = _free_span(lay)
                _, ys = lay.cut_lines()
                marks = {*ys, *(y - bleed for y in ys), *(y + bleed for y in ys)}
                assert not any(lo < y < hi for y in marks)
                assert hi - lo >= 20 * mm


def test_card_drawers_get_the_style_of_the_page_they_are_drawn_on(tmp_path):
    from generator.press.style import get_style

    seen = []

    def face(c, box):
        seen.append(("front", box.style))

    def back(c, box):
        seen.append(("back", box.style))

    lay = impose(get_paper("letter"), get_card("poker"))
    for ink_saver in (False, True):
        seen.clear()
        style = get_style(ink_saver)
        doc = Document(get_paper("letter"), "styled deck", style=style)
        doc.add("Deck", deck_pages([Card("a", face), Card("b", face)], DeckOptions(lay, "Styled", back)))
        doc.save(tmp_path / f"s{ink_saver}.pdf")
        assert [side for side, _ in seen] == ["front", "front", "back"]  # the common back is drawn once
        assert all(s is style for _, s in seen)
        assert (style.tint is None) == ink_saver
