"""--cards: one PNG per card face and distinct back, sized from the preset and DPI, and cards.csv."""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageStat

from generator.games.fighting_words import model as fw
from generator.press.card_images import deck_images, pixels, write_card_images
from generator.press.cards import CARD_PRESETS, Card, DeckPrint, get_card, impose
from generator.press.paper import get_paper, mm
from generator.press.style import DEFAULT


def _fill(rgb):
    def draw(c, box):
        c.setFillColorRGB(*rgb)
        c.rect(
            -box.bleed, -box.bleed, box.width + 2 * box.bleed, box.height + 2 * box.bleed, stroke=0, fill=1
        )

    return draw


RED, BLUE, GREY = _fill((1, 0, 0)), _fill((0, 0, 1)), _fill((0.5, 0.5, 0.5))


@pytest.mark.parametrize("card", list(CARD_PRESETS))
@pytest.mark.parametrize(
    ("bleed_mm", "dpi"), [(0.0, 300), (3.0, 300), (25.4 / 8, 300), (3.0, 150), (0.0, 600)]
)
def test_png_size_is_the_preset_plus_bleed_at_the_dpi(card, bleed_mm, dpi):
    size = get_card(card)
    deck = DeckPrint("t", (Card("a", RED),), GREY, size, bleed_mm * mm)
    rows = deck_images(deck, dpi, DEFAULT)
    w_mm, h_mm = CARD_PRESETS[card]  # the oracle: millimetres straight to pixels
    want = (round((w_mm + 2 * bleed_mm) / 25.4 * dpi), round((h_mm + 2 * bleed_mm) / 25.4 * dpi))
    for _, png in rows:
        with Image.open(__import__("io").BytesIO(png)) as im:
            assert im.size == want
            assert round(im.info["dpi"][0]) == dpi


def test_poker_figures_print_shops_quote():
    poker = get_card("poker")
    assert (pixels(poker.width + 2 * 0.12 * 72, 300), pixels(poker.height + 2 * 0.12 * 72, 300)) == (
        822,
        1122,
    )
    assert (pixels(poker.width + 2 * 9, 300), pixels(poker.height + 2 * 9, 300)) == (825, 1125)  # 1/8 in
    assert (pixels(poker.width, 300), pixels(poker.height, 300)) == (750, 1050)


def test_alike_faces_are_one_file_counted_and_each_front_names_its_back(tmp_path):
    cards = (Card("r1", RED), Card("b", BLUE), Card("r2", RED), Card("own", RED, BLUE))
    deck = DeckPrint("Test Deck", cards, GREY, get_card("mini"), 0.0)
    rows = write_card_images([deck], tmp_path, 72, DEFAULT)
    table = [(r.file, r.side, r.position, r.count, r.back) for r in rows]
    assert table == [
        ("test-deck-back-001.png", "back", 1, 3, ""),
        ("test-deck-back-004.png", "back", 4, 1, ""),
        ("test-deck-001.png", "front", 1, 2, "test-deck-back-001.png"),
        ("test-deck-002.png", "front", 2, 1, "test-deck-back-001.png"),
        ("test-deck-004.png", "front", 4, 1, "test-deck-back-004.png"),  # same face, other back
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*(r.file for r in rows), "cards.csv"])
    with Image.open(tmp_path / "test-deck-back-004.png") as im:
        assert im.getpixel((5, 5)) == (0, 0, 255)


def _manifest(folder: Path) -> list[dict[str, str]]:
    with open(folder / "cards.csv", encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def test_fighting_words_manifest_matches_the_deck(run, tmp_path):
    res = run("fighting-words", "deck", "--cards", "png", "--dpi", "72", "--bleed", "-o", "d.pdf")
    assert res.exit_code == 0, res.output
    rows = _manifest(tmp_path / "png")
    assert sorted(p.name for p in (tmp_path / "png").iterdir()) == sorted(
        [r["file"] for r in rows] + ["cards.csv"]
    )
    deck = fw.load_deck()
    main = [r for r in rows if r["deck"] == "Fighting Words deck"]
    refs = 2 * len(deck.reference)  # the reference cards (their own back) share the deck's sheets
    fronts = [r for r in main if r["side"] == "front" and not r["name"].startswith("reference card")]
    assert sum(int(r["count"]) for r in fronts) == deck.size
    assert sum(int(r["count"]) for r in main if r["side"] == "back") == deck.size + refs
    # the oracle: the letter counts of the deck's own model
    letters = Counter()
    for r in fronts:
        if r["name"].startswith("letter card "):
            letters[r["name"][-1].lower()] += int(r["count"])
    assert dict(letters) == {k: v for k, v in deck.letters.items() if v}
    positions = [int(r["position"]) for r in fronts]
    assert positions == sorted(positions) and positions[0] == 1
    size = get_card("poker")
    want = (pixels(size.width + 6 * mm, 72), pixels(size.height + 6 * mm, 72))
    for r in rows:
        with Image.open(tmp_path / "png" / r["file"]) as im:
            assert im.size == want


def _mean_diff(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a.convert("L"), b.convert("L"))).mean)


def test_a_card_image_is_the_card_on_the_sheet(run, tmp_path):
    """Independent of how the PNG is made: crop the card out of the printed sheet and compare."""
    res = run("riddle-craft", "deck", "--cards", "png", "--dpi", "100", "-o", "d.pdf")
    assert res.exit_code == 0, res.output
    rows = [r for r in _manifest(tmp_path / "png") if r["deck"] == "Riddle Craft cards"]
    lay = impose(get_paper("letter"), get_card("poker"))
    doc = pdfium.PdfDocument(str(tmp_path / "d.pdf"))
    sheet = doc[0].render(scale=100 / 72).to_pil()
    doc.close()
    H = sheet.height

    def crop(i):
        s = lay.slot(i)
        box = (s.x, get_paper("letter").height - s.y - s.h, s.x + s.w, get_paper("letter").height - s.y)
        return sheet.crop(tuple(round(v * 100 / 72) for v in box))

    def image(pos):
        row = next(r for r in rows if r["side"] == "front" and int(r["position"]) == pos)
        with Image.open(tmp_path / "png" / row["file"]) as im:
            return im.convert("RGB")

    assert H > 0
    for i in range(3):
        own = image(i + 1).resize(crop(i).size)
        other = image(i + 2).resize(crop(i).size)
        assert _mean_diff(own, crop(i)) < 0.5 * _mean_diff(other, crop(i))


def test_same_deck_same_bytes(run, tmp_path):
    for name in ("a", "b"):
        assert run("riddle-craft", "deck", "--cards", name, "--dpi", "72", "-o", f"{name}.pdf").exit_code == 0
    files = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert files == sorted(p.name for p in (tmp_path / "b").iterdir())
    for name in files:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_a_failure_leaves_no_cards_folder_and_no_pdf(run, tmp_path, monkeypatch):
    from generator.press import card_images

    def boom(deck, dpi, style):
        raise card_images.ParlourError("boom")

    monkeypatch.setattr(card_images, "deck_images", boom)
    res = run("fighting-words", "deck", "--cards", "png", "-o", "d.pdf")
    assert res.exit_code == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("size", "trim_in", "bleed_in"),
    [
        ("poker-2.5x3.5in", (2.5, 3.5), 0.125),
        ("bridge-2.25x3.5in", (2.25, 3.5), 0.125),
        ("mini-1.75x2.5in", (1.75, 2.5), 0.125),
        ("tarot-2.75x4.75in", (2.75, 4.75), 0.125),
        ("square-3.5in", (3.5, 3.5), 0.125),
        ("poker-63x88mm", (63 / 25.4, 88 / 25.4), 3 / 25.4),
        ("euro-59x92mm", (59 / 25.4, 92 / 25.4), 3 / 25.4),
    ],
)
def test_a_print_shops_size_is_its_trim_and_bleed(size, trim_in, bleed_in):
    from generator.press.card_images import pixels, shop_size
    from generator.press.cards import CardSize, DeckPrint

    (deck,) = shop_size([DeckPrint("d", (), None, CardSize("poker", 1, 1), 0.0)], size)
    assert abs(deck.card.width - trim_in[0] * 72) < 0.01 and abs(deck.card.height - trim_in[1] * 72) < 0.01
    assert abs(deck.bleed - bleed_in * 72) < 0.01
    px = (pixels(deck.card.width + 2 * deck.bleed, 300), pixels(deck.card.height + 2 * deck.bleed, 300))
    assert px == (round((trim_in[0] + 2 * bleed_in) * 300), round((trim_in[1] + 2 * bleed_in) * 300))


def test_cards_size_writes_the_shops_pixels_whatever_the_pdf_prints(run, tmp_path):
    from PIL import Image

    res = run(
        "riddle-craft",
        "deck",
        "--card",
        "bridge",
        "--cards",
        "shop",
        "--cards-size",
        "poker-2.5x3.5in",
        "-o",
        "rc.pdf",
    )
    assert res.exit_code == 0, res.output
    pngs = sorted((tmp_path / "shop").glob("*.png"))
    assert pngs
    for p in pngs[:3]:
        with Image.open(p) as im:
            assert im.size == (825, 1125)  # 2.75 x 3.75 in at 300 dpi: the card and 1/8 in of bleed
    res = run("riddle-craft", "deck", "--cards-size", "poker-2.5x3.5in", "-o", "x.pdf")
    assert res.exit_code == 2 and "give --cards too" in res.output
