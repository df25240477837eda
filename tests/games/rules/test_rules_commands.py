"""`parlour rules [GAME]` and the pack's How to play pages: sections, pages per paper, text read back, fonts, errors."""

from __future__ import annotations

import json
import re

import pytest
from pypdf import PdfReader

from generator.games.rules import draw as rules_draw
from generator.games.rules import model as rm
from generator.games.rules.command import rules_pages
from generator.options import PrintOptions
from generator.press import flow
from generator.press.cards import get_card
from generator.press.paper import MARGIN, get_paper
from generator.press.style import get_style
from tests.clicheck import files_in, one_line_error
from tests.pdfcheck import fonts_embedded


def _outline(reader: PdfReader) -> list[tuple[int, str, int]]:
    """(depth, title, page number from 1) of every outline entry, in order."""
    out: list[tuple[int, str, int]] = []

    def walk(items, depth):
        for it in items:
            if isinstance(it, list):
                walk(it, depth + 1)
            else:
                out.append((depth, it.title, reader.get_destination_page_number(it) + 1))

    walk(reader.outline, 0)
    return out


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower().replace("’", "'"))


def test_rules_prints_five_sections_with_their_text(run, tmp_path):
    res = run("rules", "--json", "rules.json")
    assert res.exit_code == 0, res.output
    pdf = tmp_path / "output" / "rules.pdf"
    reader = PdfReader(str(pdf))
    top = [(t, p) for d, t, p in _outline(reader) if d == 0]
    titles = [r.title for r in rm.load_all()]
    assert [t for t, _ in top] == titles
    model = json.loads((tmp_path / "rules.json").read_text())
    assert list(model) == list(rm.GAMES)
    starts = [p for _, p in top] + [len(reader.pages) + 1]
    for (title, start), end, game in zip(top, starts[1:], rm.GAMES, strict=True):
        assert 1 <= end - start <= 2, f"{title} takes {end - start} pages"
        assert model[game]["pages"] == end - start
        text = " ".join(reader.pages[i].extract_text() for i in range(start - 1, end - 1))
        assert f"{title}: how to play" in text
        # a paragraph may run on to the next page: read past the running footer and head between
        running = rf"{re.escape(title)}: how to play(\W+page \d+ of \d+| \(continued\))|print at 100 % \(actual size\)"
        text = re.sub(running, " ", text)
        # every printed word of the model is on the pages, in the same order (nothing lost off a page)
        printed = " ".join(_words(text))
        para_words = [
            _words(rm.plain(b.text))
            for b in rm.load_rules(game).blocks
            if isinstance(b, rm.Para | rm.Heading)
        ]
        pos = 0
        for words in para_words:
            found = printed.find(" ".join(words), pos)
            assert found >= 0, f"{game}: missing {' '.join(words)[:60]!r}"
            pos = found
    assert all(fonts_embedded(pdf).values())
    for glyph in ("☑", "☒", "❂", "♛", "⚜", "♣"):
        assert glyph in " ".join(p.extract_text() for p in reader.pages), glyph


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", rm.GAMES)
def test_each_game_fits_one_or_two_pages_inside_the_margins(game, paper):
    p = get_paper(paper)
    r = rm.load_rules(game)
    pages = rules_draw.rules_pages(r, p)
    assert 1 <= len(pages) <= 2
    assert pages[0].bookmark == rules_draw.BOOKMARK
    lay = rules_draw.rules_layout(r, p)
    assert len(lay.pages) == len(pages)
    for items in lay.pages:
        for f, x, y, w, h in items:
            assert MARGIN - 0.01 <= x and x + w <= p.width - MARGIN + 0.01, (game, f)
            assert flow.BOTTOM - 0.01 <= y and y + h <= p.height - MARGIN + 0.01, (game, f)


def test_one_game_with_json_and_png(run, tmp_path):
    res = run("rules", "chimera", "--paper", "a4", "-o", "c.pdf", "--json", "c.json", "--png", "prev")
    assert res.exit_code == 0, res.output
    reader = PdfReader(str(tmp_path / "c.pdf"))
    assert abs(float(reader.pages[0].mediabox.width) - 595.28) < 0.5
    model = json.loads((tmp_path / "c.json").read_text())
    assert list(model) == ["chimera"]
    kinds = {b["kind"] for b in model["chimera"]["blocks"]}
    assert {"heading", "para", "bullets", "numbered", "table", "diagram"} <= kinds
    assert len(list((tmp_path / "prev").glob("*.png"))) == len(reader.pages) == model["chimera"]["pages"]


def test_game_names_ignore_case(run, tmp_path):
    res = run("rules", "Riddle-Craft", "-o", "r.pdf")
    assert res.exit_code == 0, res.output
    assert "Riddle Craft: how to play" in PdfReader(str(tmp_path / "r.pdf")).pages[0].extract_text()


def test_unknown_game_is_one_line_exit_2_and_no_file(run, tmp_path):
    line = one_line_error(run("rules", "chess", "-o", "x.pdf", "--json", "x.json"))
    assert "chess" in line and "doublets" in line
    assert files_in(tmp_path) == []


def test_help_has_an_example(run):
    res = run("rules", "--help")
    assert res.exit_code == 0 and "Example" in res.output and "fighting-words" in res.output


def test_same_input_same_bytes(run, tmp_path):
    run("rules", "sorcerer", "-o", "a.pdf")
    run("rules", "sorcerer", "-o", "b.pdf")
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def _opts(paper: str = "letter") -> PrintOptions:
    return PrintOptions(
        get_paper(paper), None, 1, None, None, get_style(False), get_card("poker"), 0.0, (0, 0), "long"
    )


def test_rules_pages_helper_counts_its_pages():
    pages, model = rules_pages("doublets", _opts())
    assert model["pages"] == len(pages) and model["game"] == "doublets"


def test_pack_opens_each_game_section_with_its_rules(run, tmp_path):
    res = run("pack", "--json", "pack.json")
    assert res.exit_code == 0, res.output
    reader = PdfReader(str(tmp_path / "output" / "pack.pdf"))
    outline = _outline(reader)
    titles = {r.title: r for r in rm.load_all()}
    seen = []
    for i, (depth, title, page) in enumerate(outline):
        if depth == 0 and title in titles:
            child = outline[i + 1]
            assert child[0] == 1 and child[1] == rules_draw.BOOKMARK and child[2] == page, (title, child)
            assert f"{title}: how to play" in reader.pages[page - 1].extract_text()
            seen.append(title)
    assert seen == list(titles)
    model = json.loads((tmp_path / "pack.json").read_text())
    for game in rm.GAMES:
        assert model[game.replace("-", "_")]["how_to_play"]["game"] == game
    assert "sheet" in model["doublets"] and "pad" in model["chimera"]  # the sections' own models stay


def test_templates_dir_overrides_a_game_s_rules(run, tmp_path):
    res = run("templates", "export", "mine")
    assert res.exit_code == 0, res.output
    mine = tmp_path / "mine" / "rules" / "chimera.toml"
    mine.write_text(
        mine.read_text(encoding="utf-8").replace('title = "Chimera\'s Lair"', 'title = "Beast Maze"')
    )
    res = run("rules", "chimera", "--templates", "mine", "-o", "c.pdf", "--json", "c.json")
    assert res.exit_code == 0, res.output
    assert "Beast Maze: how to play" in PdfReader(str(tmp_path / "c.pdf")).pages[0].extract_text()
    assert json.loads((tmp_path / "c.json").read_text())["chimera"]["source"].endswith("rules/chimera.toml")
