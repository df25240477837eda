"""What a buyer sees on paper, read back from every PDF the pack and the deck, kit and booklet
commands write, on Letter and A4: no word broken across lines, nothing under 7 pt on a card face,
no sheet label on a piece, no near-empty page, and each deck with a back of its own.

Each PDF is written once per test session; every check is a function of a PDF's pages, so it can
be (and was) run on the output from before this check existed, where each of them fails."""

from __future__ import annotations

import math
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest

from generator.words import lexicon

PAPERS = ("letter", "a4")
MM = 72 / 25.4

#: name -> the command line that writes it (the paper is added)
COMMANDS: dict[str, tuple[str, ...]] = {
    "pack": ("pack",),
    "chimera-deck": ("chimera", "deck"),
    "fw-deck": ("fighting-words", "deck"),
    "rc-deck": ("riddle-craft", "deck"),
    "piecepack": ("piecepack",),
    "rules-booklet": ("rules", "--booklet"),
    "daily-book": ("doublets", "daily", "--from", "2026-01-01", "--days", "7", "--book"),
}

FLOOR_PT = 7.0  # nothing on a card face is smaller
LEAST_FILL = 1 / 3  # a page's content reaches at least this far down its body
LABELS = ("print at 100 %", " of ")  # what the footers and side labels of every sheet say


#: options added after --paper, so that the pack is the very build the family-pages test reads
SHARED = {"pack": ("--spelling", "us")}


@pytest.fixture(scope="session")
def pdfs(printed) -> dict[tuple[str, str], Path]:
    """Every PDF under test, written once: (name, paper) -> path. With PAPER_QUALITY_PDFS=DIR the
    checks read DIR/<name>-<paper>.pdf instead (written by another tree: how each check was seen
    to fail on the output from before it)."""
    other = os.environ.get("PAPER_QUALITY_PDFS")
    if other:
        return {(name, paper): Path(other) / f"{name}-{paper}.pdf" for name in COMMANDS for paper in PAPERS}
    return {
        (name, paper): printed(*COMMANDS[name], "--paper", paper, *SHARED.get(name, ()))
        for name in COMMANDS
        for paper in PAPERS
    }


# --- reading pages back ----------------------------------------------------------------------------

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass(frozen=True)
class PageText:
    lines: list[str]
    chars: list[tuple[str, Box, float]]  # each printed character, its box and font size
    trim: Box | None  # the page's trim box when it is a card sheet
    size: tuple[float, float]


def read_pages(path: Path) -> Iterator[PageText]:
    doc = pdfium.PdfDocument(str(path))
    try:
        for page in doc:
            tp = page.get_textpage()
            chars = []
            for i in range(tp.count_chars()):
                ch = tp.get_text_range(i, 1)
                if ch.strip():
                    chars.append((ch, tp.get_charbox(i), pdfium_raw.FPDFText_GetFontSize(tp.raw, i)))
            media, trim = page.get_mediabox(), page.get_trimbox()
            yield PageText(
                tp.get_text_range().replace("\r", "").split("\n"),
                chars,
                None if tuple(trim) == tuple(media) else tuple(trim),
                page.get_size(),
            )
    finally:
        doc.close()


# --- words broken across lines ----------------------------------------------------------------------

_TOKEN = re.compile(r"[A-Za-z][A-Za-z']*")


def _edge_word(line: str, last: bool) -> str:
    """The word at the end (or start) of a line; letters spaced out one by one ('D I A M O') count
    as one word, as the eye reads them."""
    tokens = line.split()
    if not tokens:
        return ""
    order = list(reversed(tokens)) if last else tokens
    if len(order[0]) == 1 and order[0].isalpha():  # a run of spaced single letters
        run = []
        for t in order:
            if len(t) == 1 and t.isalpha():
                run.append(t)
            else:
                break
        return "".join(reversed(run) if last else run)
    parts = _TOKEN.findall(order[0])
    if not parts:
        return ""
    edge = parts[-1] if last else parts[0]
    stuck = order[0].endswith(edge) if last else order[0].startswith(edge)  # no punctuation between
    return edge if stuck else ""


def broken_words(lines: list[str], known: set[str]) -> list[str]:
    """'left' / 'right' pairs of consecutive lines where a word was cut in two: together they make a
    word, and one of the halves is none."""
    found = []
    for a, b in zip(lines, lines[1:], strict=False):
        left, right = _edge_word(a, last=True), _edge_word(b, last=False)
        if not left or not right:
            continue
        if len(left) == len(right) == 1:
            continue  # two letters, each alone on its card or line (H, I)

        def whole_word(part: str) -> bool:  # a lone capital is a letter in its own right (X, Y)
            return part.lower() in known or (len(part) == 1 and part.isupper())

        if (left + right).lower() in known and not (whole_word(left) and whole_word(right)):
            found.append(f"{a.strip()!r} / {b.strip()!r}")
    return found


@pytest.fixture(scope="session")
def words() -> set[str]:
    lx = lexicon.load()
    return {w for w in lx.words() if len(w) > 1} | {"a", "i"}


def _vocabulary(pages: list[PageText], words: set[str]) -> set[str]:
    """The lexicon's words and every word the document prints whole somewhere (Backspace...)."""
    seen = {t.lower() for p in pages for line in p.lines for t in _TOKEN.findall(line) if len(t) > 2}
    return words | seen


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", list(COMMANDS))
def test_no_word_is_broken_across_lines(pdfs, words, name, paper):
    pages = list(read_pages(pdfs[name, paper]))
    known = _vocabulary(pages, words)
    bad = [f"page {n}: {hit}" for n, p in enumerate(pages, start=1) for hit in broken_words(p.lines, known)]
    assert not bad, "\n".join(bad[:20])


def test_the_broken_word_check_finds_what_it_should():
    known = {"diamond", "when", "riddle", "backspace", "the", "three", "a", "cat"}
    assert broken_words(["T H R E E + D I A M O", "N D"], known)
    assert broken_words(["Whe", "n"], known) and broken_words(["Backspac", "e (two in"], known)
    assert not broken_words(["THREE", "DIAMOND"], known)
    assert not broken_words(["a", "cat"], known)  # two words, each whole
    assert not broken_words(["H", "I"], known) and not broken_words(
        ["crosses the", "Y scale"], known | {"they"}
    )


# --- small text on card faces -----------------------------------------------------------------------


def _inside(box: Box, area: Box, tol: float = 0.5) -> bool:
    return (
        box[0] >= area[0] - tol
        and box[1] >= area[1] - tol
        and box[2] <= area[2] + tol
        and box[3] <= area[3] + tol
    )


def _overlaps(box: Box, area: Box) -> bool:
    return box[0] < area[2] and area[0] < box[2] and box[1] < area[3] and area[1] < box[3]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", ["pack", "chimera-deck", "fw-deck", "rc-deck"])
def test_no_text_under_7pt_on_a_card_face(pdfs, name, paper):
    small = []
    faces = 0
    for n, p in enumerate(read_pages(pdfs[name, paper]), start=1):
        if p.trim is None:
            continue  # not a card sheet
        for ch, box, size in p.chars:
            if _inside(box, p.trim):
                faces += 1
                if size < FLOOR_PT - 0.01:
                    small.append(f"page {n}: {ch!r} at {size:.2f} pt")
    assert faces > 0
    assert not small, "\n".join(small[:20])


# --- labels on pieces ----------------------------------------------------------------------------------


def _label_boxes(p: PageText) -> list[Box]:
    """The boxes of the sheet's footer and side labels: the runs of characters that spell them."""
    text = "".join(ch for ch, _, _ in p.chars)
    out = []
    for label in ("printat100%", "page", "sheet"):
        for m in re.finditer(re.escape(label), text):
            boxes = [p.chars[i][1] for i in range(m.start(), m.end())]
            out.append(
                (
                    min(b[0] for b in boxes),
                    min(b[1] for b in boxes),
                    max(b[2] for b in boxes),
                    max(b[3] for b in boxes),
                )
            )
    return out


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", ["pack", "chimera-deck", "fw-deck", "rc-deck", "piecepack"])
def test_no_sheet_label_on_a_piece(pdfs, name, paper):
    bad = []
    for n, p in enumerate(read_pages(pdfs[name, paper]), start=1):
        pieces = ([p.trim] if p.trim is not None else []) + _kit_pieces(p)
        for label in _label_boxes(p):
            if any(_overlaps(label, piece) for piece in pieces):
                bad.append(f"page {n}: a label at {tuple(round(v) for v in label)}")
    assert not bad, "\n".join(bad[:10])


def _kit_pieces(p: PageText) -> list[Box]:
    """On a piecepack sheet of tiles: each tile, found from its big rank glyph (a tile is 2 in
    square round it). Coins and nets need no check: their labels are captions under them."""
    tile = 2 * 72.0
    boxes = []
    for ch, (x0, y0, x1, y1), size in p.chars:
        if size >= 30 and ch in "A2345":
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            boxes.append((cx - tile / 2, cy - tile / 2, cx + tile / 2, cy + tile / 2))
    return boxes


# --- near-empty pages --------------------------------------------------------------------------------


def fills(path: Path) -> Iterator[tuple[int, float, str]]:
    """(page, how far down its body the content reaches as a share of the body, its text) for each
    page: the body leaves out the footer band at the foot and the side labels' strips."""
    doc = pdfium.PdfDocument(str(path))
    try:
        for n, page in enumerate(doc, start=1):
            w, h = page.get_size()
            scale = 24 / 72
            img = page.render(scale=scale, grayscale=True).to_pil().convert("L")
            side, foot = round(12 * MM * scale), round(13 * MM * scale)
            body = img.crop((side, 0, img.width - side, img.height - foot))
            ink = body.point(lambda v: 255 if v < 200 else 0).getbbox()  # the box round every dark pixel
            lowest = -1 if ink is None else ink[3] - 1
            text = page.get_textpage().get_text_range()
            yield n, (lowest + 1) / body.height, text
    finally:
        doc.close()


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", list(COMMANDS))
def test_no_page_is_nearly_empty(pdfs, name, paper):
    thin = [
        f"page {n}: content reaches {share:.0%} down"
        for n, share, text in fills(pdfs[name, paper])
        if share < LEAST_FILL and "left blank" not in text.lower()
    ]
    assert not thin, "\n".join(thin)


# --- each deck its own back ----------------------------------------------------------------------------


def back_colours(path: Path, paper: str) -> dict[str, set[tuple[int, int, int]]]:
    """Per deck label ('Fighting Words deck'...), the fills of the backs on its backs pages: the
    colour just inside the top-left corner of each back placed (a poker card sheet's slots)."""
    from generator.press.cards import get_card, impose
    from generator.press.paper import get_paper

    lay = impose(get_paper(paper), get_card("poker"))
    doc = pdfium.PdfDocument(str(path))
    out: dict[str, set[tuple[int, int, int]]] = {}
    try:
        for page in doc:
            text = page.get_textpage().get_text_range()
            m = re.search(r"([A-Z][^\r\n:]*?), sheet \d+ of \d+: backs", text)
            if not m or "When Cards" in m.group(1) or tuple(page.get_trimbox()) == tuple(page.get_mediabox()):
                continue  # (When Cards have two faces, no back)
            _, h = page.get_size()
            scale = 1.0
            img = page.render(scale=scale).to_pil().convert("RGB")
            for i in range(lay.per_page):
                s = lay.back_slot(i, "long")
                at = (round((s.x + 1.2 * MM) * scale), round((h - s.y - s.h + 1.2 * MM) * scale))
                colour = img.getpixel(at)  # inside the top corner, outside the frame: the fill
                if colour != (255, 255, 255):
                    out.setdefault(m.group(1), set()).add(colour)
    finally:
        doc.close()
    return out


def _far(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    return math.dist(a, b) > 40


def _kinds(colours: set[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """Colours told apart by eye (near ones counted once)."""
    kept: list[tuple[int, int, int]] = []
    for c in sorted(colours):
        if all(_far(c, k) for k in kept):
            kept.append(c)
    return kept


@pytest.mark.parametrize("paper", PAPERS)
def test_each_deck_has_its_own_back(pdfs, paper):
    by_deck = {
        name: back_colours(pdfs[name, paper], paper) for name in ("chimera-deck", "fw-deck", "rc-deck")
    }
    fills = {name: _kinds({c for cs in found.values() for c in cs}) for name, found in by_deck.items()}
    assert all(fills.values()), fills
    # the Fighting Words reference cards have a back of their own beside the deck's
    assert len(fills["fw-deck"]) == 2, fills
    every = [c for cs in fills.values() for c in cs]
    assert len(_kinds(set(every))) == len(every), f"two decks share a back colour: {fills}"
    # and in the pack, the decks keep those backs
    pack = back_colours(pdfs["pack", paper], paper)
    in_pack = _kinds({c for cs in pack.values() for c in cs})
    assert len(in_pack) >= 3, pack


# --- the kit, packed -------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
def test_the_kit_takes_at_most_six_pages_with_a_cutting_gap_between_coins(pdfs, paper):
    from pypdf import PdfReader

    from generator.games.piecepack import draw as pp_draw
    from generator.games.piecepack import model as pp
    from generator.games.piecepack.draw import kit as kit
    from generator.press.paper import get_paper

    reader = PdfReader(str(pdfs["piecepack", paper]))
    assert len(reader.pages) <= 6
    for page in reader.pages[0:4:2]:  # each tile and coin sheet's front says what it is and what to do
        text = " ".join(page.extract_text().split())
        assert "Piecepack tiles and coins" in text and "Cut the tiles apart" in text
    k = pp.kit()
    tiles = [(c.front, pp_draw.tile_back()) for c in pp_draw.tile_cards(k.of("tile"))]
    coins = [(c.front, c.back) for c in pp_draw.coin_cards(k.of("coin")) if c.back]
    sheets = kit.pack_pieces(tiles, coins, get_paper(paper), kit.piece_header("x", "long").height)
    assert sum(len(s) for s in sheets) == 48 and len(sheets) == 2
    for sheet in sheets:
        spots = [(s.slot.x, s.slot.y, s.slot.x + s.slot.w, s.slot.y + s.slot.h, s.size.name) for s in sheet]
        for i, a in enumerate(spots):
            for b in spots[i + 1 :]:
                if "coin" in (a[4], b[4]):  # a coin keeps the cutting gap to every other piece
                    gap = max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])
                    assert gap >= kit.PIECE_GAP - 1e-6, (a, b)
