"""A smoke run of what users do most, in one file: .ci/run also runs it against the lowest versions
pyproject allows (`uv pip install --resolution lowest-direct`), so those bounds are ones that work.

Each command runs in-process; every PDF is read back with pypdf (pages, size) and one page drawn
with pypdfium2, so a dependency that installs but draws nothing fails here.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pypdfium2
import pytest
from pypdf import PdfReader

LETTER = (612, 792)


def _pdf(path: Path, pages: int | None = None) -> PdfReader:
    reader = PdfReader(path)
    assert len(reader.pages) >= 1
    if pages is not None:
        assert len(reader.pages) == pages
    box = reader.pages[0].mediabox
    assert sorted((round(float(box.width)), round(float(box.height)))) in (list(LETTER), [595, 842])
    doc = pypdfium2.PdfDocument(str(path))
    try:
        image = doc[0].render(scale=0.25).to_pil()
        low, high = image.convert("L").getextrema()
        assert low < 128 < high  # ink on paper: something dark was drawn on a light page
    finally:
        doc.close()
    return reader


def test_pack(run, tmp_path: Path) -> None:
    result = run("pack", "-o", "pack.pdf", "--json", "pack.json")
    assert result.exit_code == 0, result.output
    reader = _pdf(tmp_path / "pack.pdf")
    assert len(reader.pages) > 40
    text = reader.pages[len(reader.pages) // 2].extract_text()
    assert text.strip()
    assert json.loads((tmp_path / "pack.json").read_text())


@pytest.mark.parametrize("deck", ["chimera", "fighting-words", "riddle-craft"])
def test_decks_with_card_images(run, tmp_path: Path, deck: str) -> None:
    result = run(deck, "deck", "-o", "deck.pdf", "--cards", "cards", "--dpi", "72")
    assert result.exit_code == 0, result.output
    _pdf(tmp_path / "deck.pdf")
    rows = list(csv.DictReader((tmp_path / "cards" / "cards.csv").open()))
    assert rows and all((tmp_path / "cards" / r["file"]).is_file() for r in rows)


def test_rules_booklet(run, tmp_path: Path) -> None:
    result = run("rules", "--booklet", "-o", "rules.pdf")
    assert result.exit_code == 0, result.output
    reader = _pdf(tmp_path / "rules.pdf")
    box = reader.pages[0].mediabox
    assert float(box.width) > float(box.height)  # half pages two to a landscape side


def test_solve_and_the_checkers(run) -> None:
    solved = run("doublets", "solve", "cold", "warm")
    assert solved.exit_code == 0 and "3 links" in solved.output
    assert run("chimera", "check", "SIX", "HEART", "SHIRT").exit_code == 0
    assert run("chimera", "check", "six", "heart", "hearts").exit_code == 1
    assert run("fighting-words", "check", "TRN").exit_code == 0
    assert run("fighting-words", "check", "XQJ").exit_code == 1


def test_saving_a_setting_keeps_the_file(run, tmp_path: Path, monkeypatch) -> None:
    """calibrate --save through tomlkit (at its lowest allowed version too): comments, quoted keys
    and a multi-line value's neighbours kept, the file read back by every command."""
    settings = tmp_path / "c.toml"
    settings.write_text(
        '# mine\n"paper" = "a4"  # A4\nback_offset = [\n  1.5,\n  -0.5,\n]\nspelling = "uk"\n'
    )
    monkeypatch.setenv("PARLOUR_CONFIG", str(settings))
    assert run("calibrate", "--save", "2,3").exit_code == 0
    assert settings.read_text() == '# mine\n"paper" = "a4"  # A4\nback_offset = "2,3"\nspelling = "uk"\n'
    assert run("config").exit_code == 0
