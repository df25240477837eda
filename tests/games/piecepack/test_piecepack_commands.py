"""`parlour piecepack`, measured from its PDFs: tile and coin sizes, backs behind fronts after the
flip, the pyramid nets' folded geometry, every die face once per die, the JSON piece list."""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import ImageChops
from pypdf import PdfReader

from generator.cli import cli
from generator.games.piecepack import model as pp
from generator.games.piecepack.draw import nets as pn
from generator.press.nets import face_name
from generator.press.paper import get_paper, mm
from tests.clicheck import files_in, one_line_error
from tests.pathcheck import page_paths
from tests.pdfcheck import fonts_embedded

GLYPH_SUIT = {g: s for s, g in pp.SUIT_GLYPHS.items()}


def make(tmp: Path, *args: str) -> tuple[Path, dict]:
    runner = CliRunner()
    pdf, js = tmp / "kit.pdf", tmp / "kit.json"
    res = runner.invoke(
        cli, ["piecepack", "-o", str(pdf), "--json", str(js), *args], env={"XDG_CONFIG_HOME": str(tmp)}
    )
    assert res.exit_code == 0, res.output
    return pdf, json.loads(js.read_text())


@pytest.fixture(scope="module", params=["letter", "a4"])
def kit(request, tmp_path_factory):
    tmp = tmp_path_factory.mktemp(f"kit-{request.param}")
    pdf, model = make(tmp, "--paper", request.param)
    return request.param, pdf, model


def labels(pdf: Path) -> list[str]:
    """Each page's footer label (the text before '·  page')."""
    out = []
    for page in PdfReader(str(pdf)).pages:
        text = page.extract_text()
        out.append(text)
    return out


def pages_with(pdf: Path, phrase: str) -> list[int]:
    return [i for i, t in enumerate(labels(pdf)) if phrase in t]


def chars(pdf: Path, index: int) -> list[tuple[str, float, float]]:
    """(character, centre x, centre y) of every printed character on a page."""
    doc = pdfium.PdfDocument(str(pdf))
    tp = doc[index].get_textpage()
    out = []
    for i in range(tp.count_chars()):
        ch = tp.get_text_range(i, 1)
        if ch.strip():
            x0, y0, x1, y1 = tp.get_charbox(i)
            out.append((ch, (x0 + x1) / 2, (y0 + y1) / 2))
    doc.close()
    return out


def outlines(pdf: Path, index: int, size_mm: float) -> list[tuple[float, float, float, float]]:
    """Stroked, solid closed shapes about `size_mm` across: (centre x, centre y, width, height)."""
    out = []
    for p in page_paths(pdf, index):
        if not p.stroked or p.dashed:
            continue
        x0, y0, x1, y1 = p.bbox()
        w, h = (x1 - x0) / mm, (y1 - y0) / mm
        if abs(w - size_mm) < 1.0 and abs(h - size_mm) < 1.0:
            out.append(((x0 + x1) / 2, (y0 + y1) / 2, w, h))
    return out


def test_json_lists_every_piece_once(kit):
    _, _, model = kit
    pieces = model["pieces"]
    assert len(pieces) == 24 + 24 + 4 + 4 + 12
    by_kind = Counter(p["kind"] for p in pieces)
    assert by_kind == {"tile": 24, "coin": 24, "die": 4, "pawn": 4, "pyramid": 12}
    for kind in ("tile", "coin"):
        got = sorted((p["suit"], p["rank"]) for p in pieces if p["kind"] == kind)
        assert got == sorted((s, r) for s in pp.SUITS for r in pp.RANKS)
    sizes = {p["kind"]: p["size_mm"] for p in pieces if p["kind"] != "pyramid"}
    assert sizes == {"tile": 50.8, "coin": 19.05, "die": 19.05, "pawn": 15.875}


def test_a_tile_measures_two_inches_and_its_back_lands_behind_it(kit):
    paper, pdf, model = kit
    fronts, backs = pages_with(pdf, "Piecepack tiles and coins, sheet 1 of")[:2]
    W = get_paper(paper).width
    front = outlines(pdf, fronts, 50.8)
    back = outlines(pdf, backs, 50.8)
    assert front and len(front) == len(back)
    for _, _, w, h in front + back:
        assert w == pytest.approx(50.8, abs=0.1) and h == pytest.approx(50.8, abs=0.1)
    mirrored = sorted((round(W - x, 1), round(y, 1)) for x, y, _, _ in front)
    assert mirrored == sorted((round(x, 1), round(y, 1)) for x, y, _, _ in back)
    # the faces carry their ranks in order, row by row from the top left
    slots = sorted({(round(x, 1), round(y, 1)) for x, y, _, _ in front}, key=lambda s: (-s[1], s[0]))
    tiles = [p for p in model["pieces"] if p["kind"] == "tile"][: len(slots)]
    assert len(slots) == min(24, len(tiles))
    text = chars(pdf, fronts)
    for (x, y), tile in zip(slots, tiles, strict=True):
        inside = [c for c, cx, cy in text if abs(cx - x) < 15 * mm and abs(cy - y) < 15 * mm]
        want = pp.RANK_LABELS[tile["rank"]]
        assert (want in inside) if want else not any(c in "A2345" for c in inside)
        corner = [
            c for c, cx, cy in text if abs(cx - x) < 25 * mm and abs(cy - y) < 25 * mm and c in GLYPH_SUIT
        ]
        assert corner == [pp.SUIT_GLYPHS[tile["suit"]]]


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_a_coin_measures_three_quarters_and_its_suit_side_lands_behind_its_rank(tmp_path, duplex):
    pdf, model = make(tmp_path, "--pieces", "coins", "--duplex", duplex)
    paper = get_paper("letter")
    assert len(PdfReader(str(pdf)).pages) == 2
    front = [o for o in outlines(pdf, 0, 19.05) if o[2] == pytest.approx(19.05, abs=0.1)]
    back = [o for o in outlines(pdf, 1, 19.05) if o[2] == pytest.approx(19.05, abs=0.1)]
    # each coin: its round rim, 3/4 in across, cut round (a cutting gap between coins, no square)
    assert len(front) == 24 and len(back) == 24
    for _, _, w, h in front + back:
        assert w == pytest.approx(19.05, abs=0.1) and h == pytest.approx(19.05, abs=0.1)
    centres = sorted({(round(x, 1), round(y, 1)) for x, y, _, _ in front}, key=lambda p: (-p[1], p[0]))
    coins = model["pieces"]
    assert len(centres) == len(coins) == 24
    front_text, back_text = chars(pdf, 0), chars(pdf, 1)
    for (x, y), coin in zip(centres, coins, strict=True):
        bx, by = (paper.width - x, y) if duplex == "long" else (x, paper.height - y)
        rank = [c for c, cx, cy in front_text if math.dist((cx, cy), (x, y)) < 6 * mm]
        suit = [c for c, cx, cy in back_text if math.dist((cx, cy), (bx, by)) < 6 * mm]
        assert rank == ([pp.RANK_LABELS[coin["rank"]]] if coin["rank"] != "null" else [])
        assert suit == [pp.SUIT_GLYPHS[coin["suit"]]]


def test_back_offset_moves_only_the_backs(tmp_path):
    plain, _ = make(tmp_path, "--pieces", "coins")
    moved_dir = tmp_path / "m"
    moved_dir.mkdir()
    moved, _ = make(moved_dir, "--pieces", "coins", "--back-offset", "1.5,-1")
    a = sorted((round(x, 1), round(y, 1)) for x, y, _, _ in outlines(plain, 1, 19.05))
    b = sorted((round(x - 1.5 * mm, 1), round(y + 1 * mm, 1)) for x, y, _, _ in outlines(moved, 1, 19.05))
    assert a == b
    assert outlines(plain, 0, 19.05) == outlines(moved, 0, 19.05)


def _apex_groups(pdf: Path, index: int) -> list[list[tuple[tuple[float, float], tuple[float, float]]]]:
    """The dashed folds of a pyramids page, grouped by the point four of them share (the apex)."""
    folds = [seg for p in page_paths(pdf, index) if p.stroked and p.dashed for seg in p.segments()]
    ends = Counter(round(pt[0], 2) for seg in folds for pt in seg)
    groups = []
    for key, n in ends.items():
        if n == 4:
            apex_folds = [s for s in folds if any(round(pt[0], 2) == key for pt in s)]
            if len({(round(s[0][1], 2)) for s in apex_folds} | {round(s[1][1], 2) for s in apex_folds}) >= 4:
                groups.append(apex_folds)
    return groups


def test_each_pyramid_net_folds_to_its_base_width_and_height(kit):
    _, pdf, model = kit
    pages = pages_with(pdf, "Piecepack pyramids")
    measured = []
    for index in pages:
        folds = [seg for p in page_paths(pdf, index) if p.stroked and p.dashed for seg in p.segments()]
        by_end = Counter((round(pt[0], 2), round(pt[1], 2)) for seg in folds for pt in seg)
        apexes = [pt for pt, n in by_end.items() if n == 4]
        for apex in apexes:
            rays = [s for s in folds if apex in {(round(p[0], 2), round(p[1], 2)) for p in s}]
            rim = [next(p for p in s if (round(p[0], 2), round(p[1], 2)) != apex) for s in rays]
            rim.sort(key=lambda p: math.atan2(p[1] - apex[1], p[0] - apex[0]))
            edges = [math.dist(apex, p) for p in rim]
            assert max(edges) - min(edges) < 0.05  # four equal sloping edges
            chords = [math.dist(rim[i], rim[i + 1]) for i in range(3)]
            assert max(chords) - min(chords) < 0.05  # the three base edges between folds are equal
            base, edge = sum(chords) / 3 / mm, sum(edges) / 4 / mm
            height = math.sqrt(edge**2 - base**2 / 2)  # the apex over the middle of the square base
            measured.append((base, height))
    want = sorted(p["size_mm"] for p in model["pieces"] if p["kind"] == "pyramid")
    got = sorted(measured)
    assert len(got) == len(want) == 12
    for (base, height), w in zip(got, want, strict=True):
        assert base == pytest.approx(w, abs=0.1)
        assert height == pytest.approx(w * pp.PYRAMID_HEIGHT_RATIO, abs=0.1)
    text = "".join(labels(pdf)[i] for i in pages)
    assert text.count("FRONT") >= 12  # one front face per pyramid (plus the instructions)


def test_every_die_face_is_printed_once_on_each_die(kit):
    paper, pdf, _ = kit
    index = pages_with(pdf, "Piecepack dice")[0]
    text = chars(pdf, index)
    k = pp.kit(("dice", "pawns"))
    items = [pn.die_item(p) for p in k.of("die")] + [pn.pawn_item(p) for p in k.of("pawn")]
    placed = [  # (laid out as the page lays them, the pawns beside the dice)
        pl
        for sheet in pn.pack_rows(items, get_paper(paper), pn.header("", "x").height)
        for pl in sheet
        if pl.item.piece.kind == "die"
    ]
    assert len(placed) == 4
    for pl in placed:
        net = pl.item.net.moved(pl.x, pl.y)
        x0, y0, x1, y1 = net.bbox()
        inside = [(c, x, y) for c, x, y in text if x0 <= x <= x1 and y0 <= y <= y1]
        ranks = sorted(c for c, _, _ in inside if c in "A2345")
        assert ranks == ["2", "3", "4", "5", "A"]
        glyphs = [c for c, _, _ in inside if c in GLYPH_SUIT]
        assert glyphs == [pp.SUIT_GLYPHS[pl.item.piece.suit]] * 6  # one on each face, null included
        # each rank sits on the face the fold gives it; opposite faces add up to five
        for face in net.faces:
            cx, cy = face.centre
            on = [c for c, x, y in inside if abs(x - cx) < 6 * mm and abs(y - cy) < 6 * mm and c in "A2345"]
            want = pp.RANK_LABELS[pp.DIE_FACES[face.normal]]
            assert on == ([want] if want else [])
            assert face_name(face.normal) == face.name


def test_pawns_show_their_suit_on_both_sides(tmp_path):
    pdf, _ = make(tmp_path, "--pieces", "pawns")
    text = chars(pdf, 0)
    counts = Counter(c for c, _, _ in text if c in GLYPH_SUIT)
    assert counts == {g: 2 for g in pp.SUIT_GLYPHS.values()}


def test_choosing_pieces_and_all_pyramids(tmp_path):
    pdf, model = make(tmp_path, "--pieces", "pyramids", "--pyramids", "all")
    assert Counter(p["kind"] for p in model["pieces"]) == {"pyramid": 24}
    reader = PdfReader(str(pdf))
    assert [o.title for o in reader.outline if not isinstance(o, list)] == ["Pyramids"]
    assert all("Piecepack pyramids" in t for t in labels(pdf))


def test_ink_saver_prints_no_colour(tmp_path):
    pdf, _ = make(tmp_path, "--ink-saver", "--pieces", "coins,dice,pawns,pyramids")
    doc = pdfium.PdfDocument(str(pdf))
    for i in range(len(doc)):
        r, g, b = doc[i].render(scale=40 / 72).to_pil().convert("RGB").split()
        spread = ImageChops.lighter(
            ImageChops.lighter(ImageChops.difference(r, g), ImageChops.difference(g, b)),
            ImageChops.difference(r, b),
        )
        assert sum(spread.histogram()[61:]) == 0, i  # no pixel whose channels differ by more than 60
    doc.close()


def test_fonts_embedded_and_same_bytes(tmp_path):
    a, _ = make(tmp_path, "--pieces", "tiles,dice")
    b_dir = tmp_path / "b"
    b_dir.mkdir()
    b, _ = make(b_dir, "--pieces", "tiles,dice")
    assert a.read_bytes() == b.read_bytes()
    assert all(fonts_embedded(a).values())


@pytest.mark.parametrize(
    "args,fragment",
    [
        (["--pieces", "cards"], "unknown piece kind"),
        (["--pieces", "tiels"], "did you mean tiles"),
        (["--pieces", ","], "empty"),
        (["--pyramids", "some"], "--pyramids"),
        (["--duplex", "sideways"], "--duplex"),
        (["--back-offset", "x,y"], "--back-offset"),
    ],
)
def test_bad_input_is_one_line_and_leaves_nothing(run, tmp_path, args, fragment):
    res = run("piecepack", *args)
    assert fragment in one_line_error(res)
    assert files_in(tmp_path) == []


def test_the_default_pack_carries_the_kit_and_one_flag_leaves_it_out(run, tmp_path):
    from generator.commands.pack import choose_sections

    # a family without a piecepack can play The Sorcerer's Chamber from the default pack alone
    assert choose_sections(None, None)[-2:] == ["sorcerer", "piecepack"]
    assert "piecepack" not in choose_sections(None, "piecepack")
    assert choose_sections("piecepack,sorcerer", None) == ["sorcerer", "piecepack"]
    res = run("pack", "--games", "sorcerer,piecepack", "--json", "p.json", "-o", "p.pdf")
    assert res.exit_code == 0, res.output
    model = json.loads((tmp_path / "p.json").read_text())
    assert len(model["piecepack"]["pieces"]) == 68
    reader = PdfReader(str(tmp_path / "p.pdf"))
    titles = [o.title for o in reader.outline if not isinstance(o, list)]
    assert titles[-2:] == ["The Sorcerer's Chamber", "Piecepack (to print if you have none)"]
    text = " ".join(" ".join(p.extract_text().split()) for p in reader.pages[:4])
    assert "piecepack kit at the back of this pack" in text  # the Sorcerer's How to play says where
    assert "parlour piecepack" not in text  # by its place in the pack, not by a command


def test_duplex_none_prints_tiles_and_coins_as_strips_to_fold(tmp_path):
    pdf, _ = make(tmp_path, "--pieces", "tiles,coins", "--duplex", "none")
    reader = PdfReader(str(pdf))
    texts = [p.extract_text() for p in reader.pages]
    assert all("fold" in t for t in texts)
    assert not any("backs" in t for t in texts)  # no separate backs sheet to glue on
    glyphs = Counter()
    strips, folds = [], []
    for i in range(len(reader.pages)):
        for p in page_paths(pdf, i):
            x0, y0, x1, y1 = p.bbox()
            size = sorted(((x1 - x0) / mm, (y1 - y0) / mm))
            if p.stroked and p.dashed and size[0] < 0.1 and size[1] > 15:
                folds.append(size[1])
            elif p.stroked and not p.dashed:
                strips.append(size)
        glyphs.update(c for c, _, _ in chars(pdf, i) if c in GLYPH_SUIT)
    # a strip is a piece's two sides joined along the fold: twice as long as the piece
    assert sum(1 for s in strips if s == pytest.approx([50.8, 101.6], abs=0.1)) == 24
    assert sum(1 for s in strips if s == pytest.approx([19.05, 38.1], abs=0.1)) == 24
    assert sorted(folds) == pytest.approx([19.05] * 24 + [50.8] * 24, abs=0.1)
    # every coin's suit side printed, and each tile face's suit mark
    assert glyphs == {g: 6 + 6 for g in pp.SUIT_GLYPHS.values()}


def test_net_captions_measure_in_the_papers_own_units(kit):
    """On Letter the nets' captions say inches (3/4 in dice, 1/2 in A pyramids); on A4 millimetres,
    which a family with a metric ruler reads, and no inch at all."""
    paper, pdf, _ = kit
    texts = " ".join(t for t in labels(pdf) if "Piecepack: dice" in t or "Piecepack: pyramids" in t)
    texts = " ".join(texts.split())
    if get_paper(paper).metric:
        assert "suns die, 19 mm" in texts and "suns A, 12.7 mm" in texts and "arms C, 15.9 mm" in texts
        assert not re.search(r"\d in\b", texts), texts
    else:
        assert "suns die, 3/4 in" in texts and "suns A, 1/2 in" in texts and "arms C, 5/8 in" in texts
        assert " mm" not in texts


@pytest.mark.parametrize("paper", ["letter", "a4", "a5", "legal", "a3"])
@pytest.mark.parametrize("pyramids", ["three", "all"])
def test_pyramid_nets_share_rows_by_size_and_use_the_sheet(paper, pyramids):
    """Each row of pyramid nets holds one size, its rows as evenly filled as they can be (never a
    net alone on a row while another row of its size holds three), no two nets' boxes overlap, and
    the rows reach down into the lowest third of the sheet when the sheet holds more than one
    (unless they are already SPREAD apart)."""
    p = get_paper(paper)
    k = pp.kit(("pyramids",), pyramids)
    items = sorted((pn.pyramid_item(x) for x in k.of("pyramid")), key=lambda it: it.piece.rank or "")
    head = pn.header("", "x").height
    sheets = pn.pack_rows(items, p, head)
    assert sum(map(len, sheets)) == len(items)
    top, bottom = p.height - 12 * mm - head, 12 * mm
    for sheet in sheets:
        rows: dict[float, list] = {}
        for pl in sheet:
            rows.setdefault(round(pl.y + pl.item.net.height, 3), []).append(pl)
        for row in rows.values():
            assert len({pl.item.piece.rank for pl in row}) == 1
        boxes = [(pl.x, pl.y, pl.x + pl.item.net.width, pl.y + pl.item.net.height) for pl in sheet]
        for i, a in enumerate(boxes):
            assert 12 * mm - 1e-6 <= a[0] and a[2] <= p.width - 12 * mm + 1e-6 and a[3] <= top + 1e-6
            for b in boxes[i + 1 :]:
                assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), (a, b)
        if len(rows) > 1:  # (on a big sheet, A3, the rows part by SPREAD at most and may stop higher)
            lowest = min(pl.y for pl in sheet) - pn.CAPTION_H
            tops = sorted(rows, reverse=True)
            spaced = all(
                a - b - pn.CAPTION_H - max(pl.item.net.height for pl in rows[a]) >= pn.GAP + pn.SPREAD - 0.01
                for a, b in zip(tops, tops[1:], strict=False)
            )
            assert lowest <= bottom + (top - bottom) / 3 or spaced, (paper, lowest, bottom, top)
    for rank in {it.piece.rank for it in items}:
        counts = [
            sum(1 for pl in sheet if pl.item.piece.rank == rank and round(pl.y + pl.item.net.height, 3) == y)
            for sheet in sheets
            for y in {round(pl.y + pl.item.net.height, 3) for pl in sheet if pl.item.piece.rank == rank}
        ]
        assert max(counts) - min(counts) <= 1, (paper, rank, counts)
