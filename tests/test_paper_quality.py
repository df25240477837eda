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
    "pack-ink": ("pack", "--ink-saver"),
    "chimera-deck": ("chimera", "deck"),
    "fw-deck": ("fighting-words", "deck"),
    "rc-deck": ("riddle-craft", "deck"),
    "piecepack": ("piecepack",),
    "rules-booklet": ("rules", "--booklet"),
    "daily-book": ("doublets", "daily", "--from", "2026-01-01", "--days", "7", "--book"),
    "sheet": ("doublets", "sheet"),
    "jewels": ("doublets", "jewels"),
    "scorepad": ("doublets", "scorepad"),
    "calibration": ("calibrate",),
}

FLOOR_PT = 7.0  # nothing on a card face is smaller
LEAST_FILL = 1 / 3  # a page's content reaches at least this far down its body
LABELS = ("print at 100 %", " of ")  # what the footers and side labels of every sheet say


#: options added after --paper, so that the pack is the very build the family-pages test reads
SHARED = {"pack": ("--spelling", "us")}


#: the papers beside Letter and A4: each prints the whole pack (every deck, the kit, the rules, pads,
#: keys and the Sorcerer's pages), checked like the rest, and the rules booklet where it halves well
NEW_PAPERS = ("legal", "tabloid", "a3", "a5")
NEW_ON = {"pack": NEW_PAPERS, "rules-booklet": ("legal", "tabloid")}
# (A3's booklet, A4 pages two to a side, prints well, but pdfium reads the ring diagram's letters of
# the Jewels example one to a line there, which the broken-word check takes for a split word)


class _PDFs(dict):
    """(name, paper) -> the PDF, written the first time a test asks for it."""

    def __init__(self, make) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: tuple[str, str]) -> Path:
        self[key] = path = self.make(*key)
        return path


@pytest.fixture(scope="session")
def pdfs(printed) -> dict[tuple[str, str], Path]:
    """Every PDF under test, written once when first read: (name, paper) -> path. With
    PAPER_QUALITY_PDFS=DIR the checks read DIR/<name>-<paper>.pdf instead (written by another tree:
    how each check was seen to fail on the output from before it)."""
    other = os.environ.get("PAPER_QUALITY_PDFS")
    if other:
        return _PDFs(lambda name, paper: Path(other) / f"{name}-{paper}.pdf")
    return _PDFs(lambda name, paper: printed(*COMMANDS[name], "--paper", paper, *SHARED.get(name, ())))


def _cases(names: list[str]) -> list[tuple[str, str]]:
    """(name, paper) for Letter and A4, and for the new papers where NEW_ON prints the name."""
    return [(n, p) for n in names for p in PAPERS] + [(n, p) for n in names for p in NEW_ON.get(n, ())]


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


@pytest.mark.parametrize(("name", "paper"), _cases(list(COMMANDS)))
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


@pytest.mark.parametrize(("name", "paper"), _cases(["pack", "chimera-deck", "fw-deck", "rc-deck"]))
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


@pytest.mark.parametrize(
    ("name", "paper"), _cases(["pack", "chimera-deck", "fw-deck", "rc-deck", "piecepack"])
)
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


@pytest.mark.parametrize(("name", "paper"), _cases(list(COMMANDS)))
def test_no_page_is_nearly_empty(pdfs, name, paper):
    # on paper taller than A4 (legal, tabloid, A3) a page is near-empty when it holds less than a
    # third of an A4 body: a one-page section as long as it is on A4 fills less of a taller page
    from generator.press.paper import get_paper

    least = LEAST_FILL * min(1.0, BODY_A4 / (get_paper(paper).height - 13 * MM))
    thin = [
        f"page {n}: content reaches {share:.0%} down"
        for n, share, text in fills(pdfs[name, paper])
        if share < least and "left blank" not in text.lower()
    ]
    assert not thin, "\n".join(thin)


BODY_A4 = 297 * MM - 13 * MM  # an A4 page's body height (the footer band left out), points


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
    # the Fighting Words and Riddle Craft reference cards have a back of their own beside the deck's
    assert len(fills["fw-deck"]) == 2 and len(fills["rc-deck"]) == 2, fills
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


# --- text that flows: balanced columns, headings kept with their text, tables whole -----------------

#: the outputs with rules pages (two columns of flowing text)
FLOWING = ("pack", "pack-ink", "rules-booklet")


@dataclass(frozen=True)
class Line:
    """A run of characters on one baseline within one column (or across the page)."""

    text: str
    x0: float
    x1: float
    y: float  # baseline
    size: float  # the largest font size in it


@dataclass(frozen=True)
class Rule:
    """A horizontal stroked line (a table's rule): its ends, height and stroke width."""

    x0: float
    x1: float
    y: float
    width: float


@dataclass(frozen=True)
class Sheet:
    """One page as a reader meets it (half a printed side in a booklet), in reading order:
    its lines, its horizontal rules, its footer text, its size."""

    number: str  # where it is: "12" or "3 left"
    lines: list[Line]
    rules: list[Rule]
    footer: str
    size: tuple[float, float]


def _page_items(page) -> tuple[list[tuple[str, float, float, float, float, float]], list[Rule]]:
    """(char, x0, x1, baseline, top, size) for each printed character and the page's horizontal rules."""
    import ctypes

    tp = page.get_textpage()
    chars = []
    ox, oy = ctypes.c_double(), ctypes.c_double()
    for i in range(tp.count_chars()):
        ch = tp.get_text_range(i, 1)
        if not ch.strip():
            continue
        x0, y0, x1, y1 = tp.get_charbox(i)
        pdfium_raw.FPDFText_GetCharOrigin(tp.raw, i, ctypes.byref(ox), ctypes.byref(oy))
        chars.append((ch, x0, x1, oy.value, y1, pdfium_raw.FPDFText_GetFontSize(tp.raw, i)))
    rules = []
    width = ctypes.c_float()
    for obj in page.get_objects(filter=[pdfium_raw.FPDF_PAGEOBJ_PATH], max_depth=3):
        x0, y0, x1, y1 = obj.get_bounds()
        if x1 - x0 > 30 and y1 - y0 < 2.0:
            pdfium_raw.FPDFPageObj_GetStrokeWidth(obj.raw, ctypes.byref(width))
            rules.append(Rule(x0, x1, (y0 + y1) / 2, width.value))
    return chars, rules


def _lines(chars: list[tuple[str, float, float, float, float, float]], mid: float) -> list[Line]:
    """Characters grouped into lines: by baseline, and apart on either side of the gutter at `mid`
    unless a run of them crosses it."""
    out: list[Line] = []
    rows: dict[int, list] = {}
    for c in chars:
        rows.setdefault(round(c[3] * 2), []).append(c)
    for _, row in sorted(rows.items(), reverse=True):
        row.sort(key=lambda c: c[1])
        runs: list[list] = [[row[0]]]
        for c in row[1:]:
            if c[1] - runs[-1][-1][2] > 12:  # a wide gap: the gutter or a table's column
                runs.append([c])
            else:
                runs[-1].append(c)
        for run in runs:
            out.append(
                Line(
                    "".join(c[0] for c in run),
                    run[0][1],
                    run[-1][2],
                    run[0][3],
                    max(c[5] for c in run),
                )
            )
    return out


def reading_sheets(path: Path, booklet: bool = False) -> Iterator[Sheet]:
    """The pages of `path` as a reader meets them; a booklet's printed sides are cut into their
    two half pages and put back in reading order."""
    from generator.press.booklet import book_order

    doc = pdfium.PdfDocument(str(path))
    try:
        halves: dict[int, Sheet] = {}
        order = book_order(2 * len(doc)) if booklet else []
        for n, page in enumerate(doc, start=1):
            w, h = page.get_size()
            chars, rules = _page_items(page)
            if not booklet:
                yield _sheet(str(n), chars, rules, 0.0, w, h)
                continue
            for k, (name, x) in enumerate((("left", 0.0), ("right", w / 2))):
                mine = [c for c in chars if x <= (c[1] + c[2]) / 2 < x + w / 2]
                ruled = [r for r in rules if x <= (r.x0 + r.x1) / 2 < x + w / 2]
                halves[order[n - 1][k]] = _sheet(f"{n} {name}", mine, ruled, x, w / 2, h)
        for i in sorted(halves):
            yield halves[i]
    finally:
        doc.close()


def _sheet(number: str, chars, rules: list[Rule], x: float, w: float, h: float) -> Sheet:
    """A Sheet from one page's (or half page's) characters, moved so that its left edge is at 0."""
    chars = [(c[0], c[1] - x, c[2] - x, c[3], c[4], c[5]) for c in chars]
    rules = [Rule(r.x0 - x, r.x1 - x, r.y, r.width) for r in rules]
    foot = [c for c in chars if c[3] < 13 * MM]
    footer = "".join(c[0] for c in sorted(foot, key=lambda c: c[1]))
    body = [c for c in chars if c[3] >= 13 * MM]
    return Sheet(number, _lines(body, w / 2), rules, footer, (w, h))


_READ: dict[Path, list[Sheet]] = {}


def _flowing_sheets(pdfs, name: str, paper: str) -> list[Sheet]:
    """The rules pages (two columns of flowing text) of an output, read once per session."""
    path = pdfs[name, paper]
    if path not in _READ:
        _READ[path] = [
            s
            for s in reading_sheets(path, booklet=name == "rules-booklet")
            if "howtoplay" in s.footer.replace(" ", "")
        ]
    return _READ[path]


def _body(s: Sheet) -> tuple[list[Line], list[Line], float, float]:
    """(left column lines, right column lines, body top, body bottom) of a two-column page: below
    the page's heading band (the lines crossing the middle near the top) and its continued line."""
    from generator.press.paper import MARGIN

    w, h = s.size
    mid = w / 2
    top = h - MARGIN + 1
    crossing = [ln.y for ln in s.lines if ln.x0 < mid - 2 and ln.x1 > mid + 2 and ln.y > h * 0.6]
    if crossing:
        top = min(top, min(crossing) - 1)
    body = [ln for ln in s.lines if ln.y < top]
    left = [ln for ln in body if ln.x1 <= mid + 1]
    right = [ln for ln in body if ln.x0 >= mid - 1]
    return left, right, top, 13 * MM


def one_sided_columns(sheets: list[Sheet]) -> list[str]:
    """Two-column pages whose text sits in one column while the other is empty (a page holding
    only a few lines aside: too little to share)."""
    bad = []
    for s in sheets:
        left, right, top, bottom = _body(s)
        filled = left or right
        if (left and right) or not filled:
            continue
        span = max(ln.y for ln in filled) - min(ln.y for ln in filled)
        if span > 0.15 * (top - bottom):
            side = "left" if left else "right"
            bad.append(f"page {s.number}: only the {side} column holds text ({span / MM:.0f} mm of it)")
    return bad


def _body_size(s: Sheet) -> float:
    sizes: dict[float, int] = {}
    for ln in s.lines:
        sizes[round(ln.size, 1)] = sizes.get(round(ln.size, 1), 0) + len(ln.text)
    return max(sizes, key=lambda k: sizes[k]) if sizes else 0.0


def lonely_headings(sheets: list[Sheet]) -> list[str]:
    """Headings (lines set larger than the page's body text, at a column's left edge) with fewer
    than two lines under them in their column on their page."""
    from generator.press.paper import MARGIN

    bad = []
    for s in sheets:
        left, right, _, _ = _body(s)
        body = _body_size(s)
        for col in (left, right):
            col = sorted(col, key=lambda ln: -ln.y)
            edge = min((ln.x0 for ln in col), default=0.0)
            heads = [
                i
                for i, ln in enumerate(col)
                if ln.size >= body + 0.4
                and ln.x0 <= edge + 2
                and sum(ch.isalpha() for ch in ln.text) >= 3
                and ln.x0 >= MARGIN - 2
            ]
            for k, i in enumerate(heads):
                end = heads[k + 1] if k + 1 < len(heads) else len(col)
                if end - i - 1 < 2 and not (k + 1 < len(heads) and end == i + 1):
                    bad.append(f"page {s.number}: heading {col[i].text!r} has {end - i - 1} line(s) under it")
    return bad


def _fragments(s: Sheet) -> list[tuple[str, int, float, float]]:
    """The table pieces on a page: (header text, data rows, top, bottom) for each, in reading order.
    A piece starts at its header's thick rule; each data row ends with a thin rule the same width."""
    w, _ = s.size
    out = []
    for thick in [r for r in s.rules if r.width >= 0.6]:
        same = sorted(
            (
                r
                for r in s.rules
                if r.width < 0.6
                and abs(r.x0 - thick.x0) < 2
                and abs(r.x1 - thick.x1) < 2
                and r.y < thick.y - 2
            ),
            key=lambda r: -r.y,
        )
        rows, last = 0, thick.y
        for r in same:
            nearer = [t for t in s.rules if t.width >= 0.6 and r.y < t.y < last and abs(t.x0 - thick.x0) < 2]
            if nearer or last - r.y > 300:
                break  # the next piece, or something else further down
            rows, last = rows + 1, r.y
        head = "".join(
            ln.text
            for ln in s.lines
            if thick.x0 - 1 <= ln.x0 and ln.x1 <= thick.x1 + 1 and thick.y < ln.y < thick.y + 28
        )
        out.append((head, rows, thick.y, 0 if thick.x0 < w / 2 - 5 else 1))
    return sorted(out, key=lambda f: (f[3], -f[2]))


def split_tables(sheets: list[Sheet]) -> list[str]:
    """Tables broken across columns or pages leaving a piece of a single row."""
    pieces = [(s.number, f) for s in sheets for f in _fragments(s)]
    bad = []
    for k, (where, (head, rows, _, _)) in enumerate(pieces):
        before = k > 0 and pieces[k - 1][1][0] == head
        after = k + 1 < len(pieces) and pieces[k + 1][1][0] == head
        if (before or after) and rows < 2:
            bad.append(f"page {where}: a piece of the table headed {head!r} holds {rows} row")
    return bad


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", FLOWING)
def test_two_column_pages_use_both_columns(pdfs, name, paper):
    sheets = _flowing_sheets(pdfs, name, paper)
    assert sheets
    bad = one_sided_columns(sheets)
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", FLOWING)
def test_every_heading_keeps_two_lines_under_it(pdfs, name, paper):
    bad = lonely_headings(_flowing_sheets(pdfs, name, paper))
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", FLOWING)
def test_no_table_is_split_leaving_one_row(pdfs, name, paper):
    sheets = _flowing_sheets(pdfs, name, paper)
    assert any(_fragments(s) for s in sheets)
    bad = split_tables(sheets)
    assert not bad, "\n".join(bad)


# --- finished cards: text well inside the cut --------------------------------------------------------

INSET = 3 * MM  # every letter on a card at least this far inside its cut line and its frame
DECKS = ("pack", "chimera-deck", "fw-deck", "rc-deck")


def _card_slots(paper: str) -> list[Box]:
    """The cut lines of every card place on a poker-card sheet, fronts and backs."""
    from generator.press.cards import get_card, impose
    from generator.press.paper import get_paper

    lay = impose(get_paper(paper), get_card("poker"))
    slots = [lay.slot(i) for i in range(lay.per_page)] + [
        lay.back_slot(i, "long") for i in range(lay.per_page)
    ]
    return sorted({(s.x, s.y, s.x + s.w, s.y + s.h) for s in slots})


def _frames(page, slots: list[Box]) -> dict[Box, list[tuple[Box, float]]]:
    """Per card place, the frames printed on its card: outlines that run round nearly the whole card
    inside its cut, each as (box, corner radius). The radius is read from the path's own points
    (where its bottom edge starts beyond its left edge), which a quarter turn or a shift keeps."""
    import ctypes

    out: dict[Box, list[tuple[Box, float]]] = {}
    x, y = ctypes.c_float(), ctypes.c_float()
    for obj in page.get_objects(filter=[pdfium_raw.FPDF_PAGEOBJ_PATH], max_depth=4):
        bx = obj.get_bounds()
        for s in slots:
            w, h = s[2] - s[0], s[3] - s[1]
            if not _inside(bx, s, tol=1.0) or bx[2] - bx[0] < 0.8 * w or bx[3] - bx[1] < 0.8 * h:
                continue
            if min(bx[0] - s[0], s[2] - bx[2], bx[1] - s[1], s[3] - bx[3]) < 0.5 * MM:
                continue  # the cut outline itself
            pts = []
            for i in range(pdfium_raw.FPDFPath_CountSegments(obj.raw)):
                seg = pdfium_raw.FPDFPath_GetPathSegment(obj.raw, i)
                pdfium_raw.FPDFPathSegment_GetPoint(seg, ctypes.byref(x), ctypes.byref(y))
                pts.append((x.value, y.value))
            low, left, right = min(p[1] for p in pts), min(p[0] for p in pts), max(p[0] for p in pts)
            # the bottom edge's left end (past the curve's control points) is the corner's radius in
            radius = max(p[0] for p in pts if abs(p[1] - low) < 0.05 and p[0] < (left + right) / 2) - left
            out.setdefault(s, []).append((bx, radius))
    return out


def _clearance(box: Box, frame: Box, radius: float) -> float:
    """How far a letter's box stays inside a frame with rounded corners (negative: it crosses)."""
    x0, y0, x1, y1 = box
    fx0, fy0, fx1, fy1 = frame
    gap = min(x0 - fx0, fx1 - x1, y0 - fy0, fy1 - y1)
    r = radius
    for px, cx in ((x0, fx0 + r), (x1, fx1 - r)):
        for py, cy in ((y0, fy0 + r), (y1, fy1 - r)):
            in_corner = (px < cx if cx < (fx0 + fx1) / 2 else px > cx) and (
                py < cy if cy < (fy0 + fy1) / 2 else py > cy
            )
            if in_corner:
                gap = min(gap, r - math.dist((px, py), (cx, cy)))
    return gap


def near_the_edge(path: Path, slots: list[Box]) -> list[str]:
    """Letters on a card closer than INSET to its edge as the eye sees it: the cut line, or the
    frame printed round the card when there is one (its rounded corners followed)."""
    bad = []
    doc = pdfium.PdfDocument(str(path))
    try:
        for n, (page, p) in enumerate(zip(doc, read_pages(path), strict=True), start=1):
            if p.trim is None:
                continue  # not a card sheet
            frames = _frames(page, slots)
            for ch, box, _ in p.chars:
                cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
                for s in slots:
                    if not (s[0] <= cx <= s[2] and s[1] <= cy <= s[3]):
                        continue
                    gaps = [(_clearance(box, s, 0.0), "cut")]
                    round_it = [fr for fr in frames.get(s, []) if _inside(box, fr[0], tol=3 * MM)]
                    if round_it:  # the outermost frame (a double frame's inner line is its lining)
                        f, r = min(round_it, key=lambda fr: fr[0][0])
                        gaps.append((_clearance(box, f, r), "frame"))
                    gap, edge = min(gaps)
                    if gap < INSET - 0.05:
                        bad.append(f"page {n}: {ch!r} {gap / MM:.1f} mm from the {edge}")
                    break
    finally:
        doc.close()
    return bad


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", DECKS)
def test_card_text_keeps_3mm_inside_the_cut(pdfs, name, paper):
    bad = near_the_edge(pdfs[name, paper], _card_slots(paper))
    assert not bad, f"{len(bad)} letters:\n" + "\n".join(bad[:25])


# --- printer's words in one place ------------------------------------------------------------------


def _command_pattern() -> re.Pattern[str]:
    """'parlour' followed by one of its commands (as the command line defines them), or an option."""
    import click

    from generator.cli import cli

    commands = cli.list_commands(click.Context(cli))
    assert "calibrate" in commands
    names = "|".join(sorted(map(re.escape, commands), key=len, reverse=True))
    return re.compile(rf"\bparlour\s+(?:{names})\b|(?<![\w-])--[a-z]")


_COMMAND = _command_pattern()
PRINTERS_PAGES = ("Print guide", "Calibration sheet")
AT_THE_COMPUTER = "At the computer"  # the note's heading, as the reader sees it


def _boxes(page) -> list[Box]:
    """The rectangles drawn on a page (paths closing on four corners), as boxes."""
    out = []
    for obj in page.get_objects(filter=[pdfium_raw.FPDF_PAGEOBJ_PATH], max_depth=3):
        x0, y0, x1, y1 = obj.get_bounds()
        if x1 - x0 > 40 and y1 - y0 > 20:
            out.append((x0, y0, x1, y1))
    return out


def stray_commands(path: Path) -> list[str]:
    """Command lines and option names on a page other than the print guide and the calibration
    sheet, or on those outside their boxed 'At the computer' note."""
    bad = []
    doc = pdfium.PdfDocument(str(path))
    try:
        for n, page in enumerate(doc, start=1):
            tp = page.get_textpage()
            text = tp.get_text_range()
            hits = list(_COMMAND.finditer(text))
            if not hits:
                continue
            first = text.strip().splitlines()[0] if text.strip() else ""
            if not any(first.startswith(t) for t in PRINTERS_PAGES):
                bad += [f"page {n}: {text[m.start() : m.start() + 30]!r}" for m in hits]
                continue
            note = text.find(AT_THE_COMPUTER)
            boxes = []
            if note >= 0:
                x0, y0, x1, y1 = tp.get_charbox(note)
                boxes = [b for b in _boxes(page) if _inside((x0, y0, x1, y1), b, tol=0)]
            for m in hits:
                box = tp.get_charbox(m.start())
                if not any(_inside(box, b, tol=0) for b in boxes):
                    bad.append(
                        f"page {n}: {text[m.start() : m.start() + 30]!r} outside an {AT_THE_COMPUTER!r} box"
                    )
    finally:
        doc.close()
    return bad


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", list(COMMANDS))
def test_commands_only_in_the_at_the_computer_note(pdfs, name, paper):
    bad = stray_commands(pdfs[name, paper])
    assert not bad, "\n".join(bad[:20])
