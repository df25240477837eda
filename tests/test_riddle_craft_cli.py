"""`parlour riddle-craft deck` read back from its PDF: faces, When Cards lining up, safe areas, tokens, errors."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import cli
from generator.games.riddle_craft import draw
from generator.games.riddle_craft.draw import cutouts as sheets
from generator.games.riddle_craft.model import load_template
from generator.press.cards import SAFE, CardBox, get_card, impose
from generator.press.impose import fold_layout
from generator.press.paper import get_paper
from tests.clicheck import one_line_error as _one_line_error
from tests.pdfcheck import fonts_embedded

RIDDLE_SHEETS = math.ceil((118 + 4) / 9)  # 14: the four reference cards share the last sheet
# page indexes (0-based) of each part, in print order
WHEN_FRONT = 2 * RIDDLE_SHEETS
REF_FRONT = 2 * RIDDLE_SHEETS - 2  # on the riddle cards' last sheet, after the last riddle
CARD_PAGES = WHEN_FRONT + 2  # the When Cards print once by default: two-sided
TOKENS = CARD_PAGES
PAGES = TOKENS + 1
FOLD = (WHEN_FRONT, WHEN_FRONT + 1)  # with --fold-when, strips to fold in their place

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1


def _make(tmp: Path, *args: str) -> tuple[Path, dict]:
    pdf, js = tmp / "deck.pdf", tmp / "deck.json"
    res = CliRunner().invoke(
        cli, ["riddle-craft", "deck", "-o", str(pdf), "--json", str(js), *args], catch_exceptions=False
    )
    assert res.exit_code == 0, res.output
    return pdf, json.loads(js.read_text(encoding="utf-8"))


@pytest.fixture(scope="module", params=["letter", "a4"])
def deck(request, tmp_path_factory):
    """(paper name, pdf path, json model) for the default deck on each paper."""
    pdf, model = _make(tmp_path_factory.mktemp(request.param), "--paper", request.param)
    return request.param, pdf, model


def _chars(page) -> list[tuple[str, Rect]]:
    """Every printed character on the page with its box (whitespace and line breaks left out)."""
    tp = page.get_textpage()
    out = []
    for i in range(tp.count_chars()):
        ch = tp.get_text_range(i, 1)
        if ch.strip():
            out.append((ch, tp.get_charbox(i)))
    return out


def _hits(page, text: str) -> list[Rect]:
    """The box around each occurrence of `text` (loose boxes: advance width by font height)."""
    tp = page.get_textpage()
    search = tp.search(text, match_case=True, match_whole_word=True)
    boxes = []
    while (hit := search.get_next()) is not None:
        i, n = hit
        cb = [tp.get_charbox(j, loose=True) for j in range(i, i + n)]
        boxes.append(
            (min(b[0] for b in cb), min(b[1] for b in cb), max(b[2] for b in cb), max(b[3] for b in cb))
        )
    return boxes


def _centre(r: Rect) -> tuple[float, float]:
    return ((r[0] + r[2]) / 2, (r[1] + r[3]) / 2)


def _safe_rects(paper: str) -> list[Rect]:
    lay = impose(get_paper(paper), get_card("poker"))
    rects = []
    for i in range(lay.per_page):
        for s in (lay.slot(i), lay.back_slot(i, "long")):
            rects.append((s.x + SAFE, s.y + SAFE, s.x + s.w - SAFE, s.y + s.h - SAFE))
    return rects


def _within(box: Rect, rect: Rect, tol: float = 0.05) -> bool:
    return (
        box[0] >= rect[0] - tol
        and box[1] >= rect[1] - tol
        and box[2] <= rect[2] + tol
        and box[3] <= rect[3] + tol
    )


# --- what is in the PDF --------------------------------------------------------------------------


def test_json_shape(deck):
    _, _, model = deck
    assert set(model) == {"riddles", "when", "tokens", "blank_cards"}
    assert model["blank_cards"] == 0  # backs only behind real fronts unless --blanks
    assert len(model["riddles"]) == 118
    assert all(set(r) == {"text", "kind"} for r in model["riddles"])
    assert len({r["text"] for r in model["riddles"]}) == 118
    assert model["when"] == [{"front": "only when", "back": "except when"}] * 6
    assert model["tokens"] == {"check": 7, "cross": 7}


def test_pages_bookmarks_and_fonts(deck):
    _, pdf, _ = deck
    reader = PdfReader(str(pdf))
    assert len(reader.pages) == PAGES
    top = [o.title for o in reader.outline if not isinstance(o, list)]
    assert top == ["Riddle and reference cards", "When Cards", "Tokens"]
    starts = {
        o.title: reader.get_destination_page_number(o) for o in reader.outline if not isinstance(o, list)
    }
    assert starts == {
        "Riddle and reference cards": 0,
        "When Cards": WHEN_FRONT,
        "Tokens": TOKENS,
    }
    # every two-sided part starts on an odd page, so a duplex run pairs each fronts page with its backs
    assert WHEN_FRONT % 2 == 0 and REF_FRONT % 2 == 0
    fonts = fonts_embedded(pdf)
    assert fonts and all(fonts.values())


def test_118_riddle_faces_one_per_card_in_order(deck):
    paper, pdf, model = deck
    lay = impose(get_paper(paper), get_card("poker"))
    face = draw.riddle_face(CardBox(lay.card.width, lay.card.height))
    fx, fy, fw, fh = face.text_box
    doc = pdfium.PdfDocument(str(pdf))
    found = []
    for sheet in range(RIDDLE_SHEETS):
        tp = doc[2 * sheet].get_textpage()
        for i in range(lay.per_page):
            s = lay.slot(i)
            text = tp.get_text_bounded(s.x + fx, s.y + fy, s.x + fx + fw, s.y + fy + fh)
            if text.strip():
                found.append(" ".join(text.split()))
    assert found[:118] == [r["text"] for r in model["riddles"]]
    assert len(found) == 118 + 4  # then the reference cards, on the last sheet
    # and each has the game's question beneath it, and the common back behind it
    x0, y0, x1, y1 = lay.grid  # (leaving out the footer in the margins)
    assert doc[0].get_textpage().get_text_bounded(x0, y0, x1, y1).count("What am I?") == 9
    assert doc[1].get_textpage().get_text_bounded(x0, y0, x1, y1).count("Riddle Craft") == 9


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_when_card_sides_line_up_after_the_flip(tmp_path, duplex):
    pdf, _ = _make(tmp_path, "--duplex", duplex)
    doc = pdfium.PdfDocument(str(pdf))
    W, H = doc[WHEN_FRONT].get_size()
    fronts = [_centre(b) for b in _hits(doc[WHEN_FRONT], "only when")]
    backs = [_centre(b) for b in _hits(doc[WHEN_FRONT + 1], "except when")]
    assert len(fronts) == len(backs) == 6
    lay = impose(get_paper("letter"), get_card("poker"))
    for i, (x, y) in enumerate(fronts):
        s = lay.slot(i)  # centred on its card...
        assert x == pytest.approx(s.x + s.w / 2, abs=1.0)
        # ...and the back's words sit exactly behind after the sheet is turned over
        flipped = (W - x, y) if duplex == "long" else (x, H - y)
        nearest = min(backs, key=lambda b: math.dist(b, flipped))
        assert nearest == pytest.approx(flipped, abs=1.0)


def test_no_text_outside_its_cards_safe_area(deck):
    paper, pdf, _ = deck
    lay = impose(get_paper(paper), get_card("poker"))
    x0, y0, x1, y1 = lay.grid
    safe = _safe_rects(paper)
    doc = pdfium.PdfDocument(str(pdf))
    checked = 0
    for n in range(CARD_PAGES):  # every card page: riddle, When and reference fronts and backs
        for ch, box in _chars(doc[n]):
            cx, cy = _centre(box)
            if not (x0 <= cx <= x1 and y0 <= cy <= y1):
                continue  # the footer, in the side margins
            assert any(_within(box, r) for r in safe), f"page {n + 1}: {ch!r} at {box} outside the safe area"
            checked += 1
    assert checked > 118 * 10


def test_fold_over_sides_mirror_about_the_fold(deck, tmp_path):
    paper, _, _ = deck
    pdf, _ = _make(tmp_path, "--paper", paper, "--fold-when")
    reader = PdfReader(str(pdf))
    top = [o.title for o in reader.outline if not isinstance(o, list)]
    assert top == ["Riddle and reference cards", "When Cards to fold", "Tokens"]  # once, folded
    lay = fold_layout(get_paper(paper), get_card("poker"))
    doc = pdfium.PdfDocument(str(pdf))
    pairs = 0
    fw, fh = lay.face
    for n in FOLD:
        page = doc[n]
        fronts = sorted((_centre(b) for b in _hits(page, "only when")), key=lambda p: -p[1])
        backs = sorted((_centre(b) for b in _hits(page, "except when")), key=lambda p: -p[1])
        assert len(fronts) == len(backs)
        for i, ((fx, fy), (bx, by)) in enumerate(zip(fronts, backs, strict=True)):
            fold = lay.fold_x(i)
            assert fx < fold < bx
            assert fx + bx == pytest.approx(2 * fold, abs=1.0)
            assert fy == pytest.approx(by, abs=1.0)
            pairs += 1
        # all text of the faces inside a face's safe area (the header and footer are outside the grid)
        gx0, gy0, gx1, gy1 = lay.grid
        faces = []
        for i in range(len(fronts)):
            x, y = lay.pair_origin(i)
            for left in (x, x + fw):
                faces.append((left + SAFE, y + SAFE, left + fw - SAFE, y + fh - SAFE))
        for ch, box in _chars(page):
            cx, cy = _centre(box)
            if gx0 <= cx <= gx1 and gy0 <= cy <= gy1:
                assert any(_within(box, f) for f in faces), f"{ch!r} at {box}"
    assert pairs == 6


def test_tokens_sheet_has_seven_of_each_with_values(deck):
    paper, pdf, _ = deck
    spots, _ = sheets.token_spots(load_template().tokens, get_paper(paper))
    page = pdfium.PdfDocument(str(pdf))[TOKENS]
    chars = _chars(page)
    for kind, symbol, sign in (("check", "☑", "+"), ("cross", "☒", "\u2212")):
        mine = [s for s in spots if s.kind == kind]
        assert len(mine) == 7
        for s in mine:
            inside = [ch for ch, box in chars if math.dist(_centre(box), (s.x, s.y)) < s.r - 2]
            assert sorted(inside) == sorted([symbol, sign, "1"]), inside


def test_ink_saver_backs_are_mostly_paper(tmp_path):
    def ink(pdf: Path, index: int) -> float:
        img = pdfium.PdfDocument(str(pdf))[index].render(scale=30 / 72).to_pil().convert("L")
        hist = img.histogram()
        return sum(hist[:128]) / sum(hist)  # share of dark pixels

    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    filled, _ = _make(tmp_path / "a")
    saver, _ = _make(tmp_path / "b", "--ink-saver")
    assert ink(filled, 1) > 0.5  # the common back is filled
    assert ink(saver, 1) < 0.1  # ...and only outlined when saving ink
    assert ink(saver, WHEN_FRONT) < 0.1


# --- --fragments ---------------------------------------------------------------------------------


def test_fragments_replace_by_default_and_extend_on_request(tmp_path):
    src = tmp_path / "mine.csv"
    src.write_text("text,kind\nI hum,does\nI creak,\nI hum in the rain,looks\n", encoding="utf-8")
    pdf, model = _make(tmp_path, "--fragments", str(src))
    assert [r["text"] for r in model["riddles"]] == ["I hum", "I creak", "I hum in the rain"]
    assert [r["kind"] for r in model["riddles"]] == ["does", "custom", "looks"]
    assert len(PdfReader(str(pdf)).pages) == 2 + 2 + 1  # riddles with the reference cards, When, tokens
    pdf, model = _make(tmp_path, "--fragments", str(src), "--fragments-mode", "extend")
    assert len(model["riddles"]) == 121 and model["riddles"][-1]["text"] == "I hum in the rain"
    pdf, model = _make(tmp_path, "--fragments", str(src), "--fragments-mode", "replace")
    assert len(model["riddles"]) == 3


@pytest.mark.parametrize(
    ("name", "text", "args", "needles"),
    [
        (
            "long.csv",
            "I hum\nI am " + " ".join(["remarkably"] * 80) + "\n",
            [],
            ["riddle card 2 of 2", "I am remarkably"],
        ),
        ("word.toml", '[riddles]\ndoes = ["I am ' + "x" * 50 + '"]\n', [], ["riddle card 1 of 1", "xxxx"]),
        ("long.csv", "I am " + " ".join(["remarkably"] * 80) + "\n", ["--fragments-mode", "extend"], ["119"]),
        ("empty.csv", "I hum\n  ,does\n", [], ["empty fragment", "line 2"]),
        ("dup.csv", "I hum\ni  HUM\n", [], ["duplicate", "line 2", "line 1"]),
        ("dup.csv", "I am round\n", ["--fragments-mode", "extend"], ["duplicate", "built-in"]),
        ("none.csv", "", [], ["holds no fragments"]),
    ],
)
def test_bad_fragments_one_line_exit_2_no_file(run, tmp_path, name, text, args, needles):
    (tmp_path / name).write_text(text, encoding="utf-8")
    before = {p.name for p in tmp_path.rglob("*")}
    line = _one_line_error(
        run("riddle-craft", "deck", "--fragments", name, "--json", "d.json", "--png", "png", *args)
    )
    for needle in needles:
        assert needle in line
    assert {p.name for p in tmp_path.rglob("*")} == before  # no PDF, JSON, previews or temp files


def test_fragments_mode_without_fragments(run, tmp_path):
    line = _one_line_error(run("riddle-craft", "deck", "--fragments-mode", "extend"))
    assert "--fragments" in line
    assert not list(tmp_path.rglob("*.pdf"))


def test_help_explains_the_default_mode(run):
    res = run("riddle-craft", "deck", "--help")
    assert res.exit_code == 0
    assert "Example" in res.output and "--fragments-mode" in res.output
    assert "replace (the default)" in " ".join(res.output.split())
    res = run("riddle-craft", "--help")
    assert res.exit_code == 0 and "deck" in res.output
    assert "riddle-craft" in run("--help").output


def test_default_output_name(run, tmp_path):
    res = run("riddle-craft", "deck", "--card", "mini", "--bleed")
    assert res.exit_code == 0, res.output
    assert (tmp_path / "output" / "riddle-craft-deck.pdf").is_file()


def test_pack_has_the_deck_with_a_bookmark_per_part(run, tmp_path):
    res = run("pack", "--json", "pack.json", "-o", "pack.pdf")
    assert res.exit_code == 0, res.output
    model = json.loads((tmp_path / "pack.json").read_text(encoding="utf-8"))
    assert len(model["riddle_craft"]["riddles"]) == 118
    reader = PdfReader(str(tmp_path / "pack.pdf"))
    outline = reader.outline
    titles = [o.title for o in outline if not isinstance(o, list)]
    assert "Riddle Craft" in titles
    children = outline[
        outline.index(next(o for o in outline if getattr(o, "title", "") == "Riddle Craft")) + 1
    ]
    assert [c.title for c in children] == [
        "How to play",
        "Riddle and reference cards",
        "When Cards",  # once: two-sided by default (strips to fold only with --duplex none)
        "Tokens",
    ]
