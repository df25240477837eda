"""The Chimera's Lair deck: its JSON against the rules' arithmetic worked a second way, and the PDF
read back (words, letters, marks, corners, backs behind fronts)."""

from __future__ import annotations

import json
import math
from collections import Counter
from fractions import Fraction

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from generator.games.chimera import model as ch
from generator.games.chimera.draw import deck as cd
from generator.press.paper import mm
from tests.clicheck import files_in, one_line_error
from tests.pathcheck import page_paths

SHARE = {"third": (Fraction(1, 3), False), "half": (Fraction(1, 2), False), "over-half": (Fraction(1, 2), True),
         "two-thirds": (Fraction(2, 3), False), "three-quarters": (Fraction(3, 4), False)}  # fmt: skip


def need(total: int, variant: str) -> int:
    """The fewest letters, from the share as an exact fraction: at least the share, or more than it."""
    share, strict = SHARE[variant]
    exact = share * total
    return math.floor(exact) + 1 if strict else math.ceil(exact)


@pytest.mark.parametrize("variant", list(ch.VARIANTS))
def test_deck_model_lists_52_cards_with_their_letters_and_need(variant):
    model = cd.deck_model(ch.variant(variant))
    assert model["variant"] == variant
    cards = model["cards"]
    assert len(cards) == 52
    assert len({(c["face"], c["suit"]) for c in cards}) == 52
    assert Counter(c["suit"] for c in cards) == {s.upper(): 13 for s in ch.SUITS}
    for c in cards:
        assert c["letters"] == c["face"] + c["suit"]
        assert c["min_letters"] == need(len(c["letters"]), variant)
    roles = Counter(c["role"] for c in cards)
    assert roles == {"plain": 48, "key": 3, "chimera": 1}
    chimera = next(c for c in cards if c["role"] == "chimera")
    assert (chimera["face"], chimera["suit"]) == ("ACE", "SPADE")
    assert {c["suit"] for c in cards if c["role"] == "key"} == {"HEART", "CLUB", "DIAMOND"}


def test_the_printed_deck_reads_back(run, tmp_path):
    res = run("chimera", "deck", "--json", "d.json", "-o", "d.pdf", "--variant", "two-thirds")
    assert res.exit_code == 0, res.output
    model = json.loads((tmp_path / "d.json").read_text())
    assert model["variant"] == "two-thirds" and len(model["cards"]) == 52
    assert model["blank_cards"] == 0  # 52 cards on sheets of 9: no spares unless --blanks
    reader = PdfReader(str(tmp_path / "d.pdf"))
    assert len(reader.pages) == 12  # six sheets of nine, each with its backs
    fronts = "".join(reader.pages[i].extract_text() for i in range(0, 12, 2))
    assert fronts.count("THE CHIMERA") == 1
    assert fronts.count("KEY\n") + fronts.count("KEY ") >= 3
    for word in ("SIX", "HEART", "QUEEN", "DIAMOND"):
        assert word in fronts
    flat = " ".join(fronts.split())
    assert "8 letters: an answer needs 6 or more" in flat  # SIX HEART: two thirds of 8 -> 6
    assert "12 letters: an answer needs 8 or more" in flat  # QUEEN DIAMOND
    backs = "".join(reader.pages[i].extract_text() for i in range(1, 12, 2))
    assert backs.count("Chimera's Lair") >= 52


def _chars(pdf, index):
    doc = pdfium.PdfDocument(str(pdf))
    tp = doc[index].get_textpage()
    out = []
    for i in range(tp.count_chars()):
        ch_ = tp.get_text_range(i, 1)
        if ch_.strip():
            x0, y0, x1, y1 = tp.get_charbox(i)
            out.append((ch_, (x0 + x1) / 2, (y0 + y1) / 2))
    doc.close()
    return out


def test_each_card_has_its_rank_and_suit_in_two_corners(run, tmp_path):
    assert run("chimera", "deck", "-o", "d.pdf").exit_code == 0
    text = _chars(tmp_path / "d.pdf", 0)  # the first sheet: ace to nine of spades
    pips = [t for t in text if t[0] == "♠"]
    assert len(pips) == 9 * 3  # two corners and the middle of each card
    ranks = Counter(c for c, _, _ in text if c in "A23456789")
    for r in "A23456789":
        assert ranks[r] >= 2


def test_backs_land_behind_fronts_after_a_long_edge_flip(run, tmp_path):
    assert run("chimera", "deck", "-o", "d.pdf").exit_code == 0
    pdf = tmp_path / "d.pdf"
    W = float(PdfReader(str(pdf)).pages[0].mediabox.width)

    def cards(index):
        out = []
        for p in page_paths(pdf, index):
            x0, y0, x1, y1 = p.bbox()
            if p.stroked and abs((x1 - x0) / mm - 63.5) < 0.2 and abs((y1 - y0) / mm - 88.9) < 0.2:
                out.append(((x0 + x1) / 2, (y0 + y1) / 2))
        return out

    fronts, backs = cards(0), cards(1)
    assert len(fronts) == len(backs) == 9
    assert sorted((round(W - x, 1), round(y, 1)) for x, y in fronts) == sorted(
        (round(x, 1), round(y, 1)) for x, y in backs
    )
    # each back's big spade sits in the middle of its card
    spades = [(x, y) for c, x, y in _chars(pdf, 1) if c == "♠"]
    assert len(spades) == 9
    for x, _ in spades:
        assert min(abs(x - bx) for bx, _ in backs) < 2


def test_bad_variant_is_one_line(run, tmp_path):
    res = run("chimera", "deck", "--variant", "most")
    assert "--variant" in one_line_error(res)
    assert files_in(tmp_path) == []


@pytest.mark.parametrize("card", ["mini", "square", "tarot"])
def test_every_card_size_prints_and_small_cards_say_less_rather_than_shrink(run, tmp_path, card):
    res = run("chimera", "deck", "--card", card, "-o", "d.pdf")
    assert res.exit_code == 0, res.output
    text = " ".join(PdfReader(str(tmp_path / "d.pdf")).pages[0].extract_text().split())
    assert "THE CHIMERA" in text and "needs 4" in text


def test_same_deck_same_bytes(run, tmp_path):
    assert run("chimera", "deck", "-o", "a.pdf", "--variant", "third").exit_code == 0
    assert run("chimera", "deck", "-o", "b.pdf", "--variant", "third").exit_code == 0
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
