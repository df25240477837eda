"""`parlour sorcerer board|notes|diagrams` and the pack section: files, JSON, pages, and one-line errors."""

from __future__ import annotations

import json

import pytest
from pypdf import PdfReader

from generator.games.sorcerer import model as sc
from generator.games.sorcerer.command import pack_section
from generator.options import PrintOptions
from generator.press.cards import get_card
from generator.press.output import FILE_LIST
from generator.press.paper import get_paper
from generator.press.style import get_style
from tests.clicheck import files_in as _files
from tests.clicheck import one_line_error as _one_line_error
from tests.pdfcheck import fonts_embedded
from tests.textsize import text_runs

GLYPHS = {"❂", "◐", "♛", "⚜"}


def test_help_has_examples(run):
    res = run("--help")
    assert "sorcerer" in res.output
    for args in (["sorcerer"], ["sorcerer", "board"], ["sorcerer", "notes"], ["sorcerer", "diagrams"]):
        res = run(*args, "--help")
        assert res.exit_code == 0 and "Example" in res.output
    assert "--full-size" in run("sorcerer", "board", "--help").output


def test_board_defaults_to_two_players_in_the_output_dir(run, tmp_path):
    res = run("sorcerer", "board")
    assert res.exit_code == 0, res.output
    pdf = tmp_path / "output" / "sorcerer-board.pdf"
    reader = PdfReader(str(pdf))
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert "set-up for 2 players" in text and GLYPHS <= set(text)
    assert all(fonts_embedded(pdf).values())


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_board_json_is_the_board_model(run, tmp_path, paper):
    res = run(
        "sorcerer",
        "board",
        "--players",
        "3",
        "--seed",
        "4",
        "--paper",
        paper,
        "--json",
        "b.json",
        "-o",
        "b.pdf",
    )
    assert res.exit_code == 0, res.output
    box = PdfReader(str(tmp_path / "b.pdf")).pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(get_paper(paper).size)
    model = json.loads((tmp_path / "b.json").read_text())
    assert len(model["spaces"]) == 84
    assert all(set(s) == {"id", "kind", "row", "col"} for s in model["spaces"])
    assert {"id": "portal-arms", "kind": "portal", "row": 8, "col": 0} in model["spaces"]
    assert len(model["orbs"]) == 24 and all(set(o) == {"space", "suit"} for o in model["orbs"])
    assert [s["suit"] for s in model["sorcerers"]] == ["suns", "moons", "crowns"]
    assert all(set(s) == {"suit", "space", "facing"} for s in model["sorcerers"])
    assert model["players"] == 3 and model["seed"] == 4 and model["full_size"] is False
    assert "original diagram is lost" in model["pattern_source"]
    # the model is exactly the set-up the seed deals
    expected = sc.setup(3, seed=4).to_json()
    assert {k: model[k] for k in expected} == expected


def test_suits_choose_the_players(run, tmp_path):
    res = run("sorcerer", "board", "--suits", "Crowns, arm", "--json", "b.json", "-o", "b.pdf")
    assert res.exit_code == 0, res.output
    model = json.loads((tmp_path / "b.json").read_text())
    assert model["sorcerers"] == [
        {"suit": "crowns", "space": "portal-crowns", "facing": "SW"},
        {"suit": "arms", "space": "portal-arms", "facing": "NE"},
    ]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_full_size_adds_the_board_in_four_pieces(run, tmp_path, paper):
    res = run("sorcerer", "board", "--full-size", "--paper", paper, "--json", "b.json", "-o", "b.pdf")
    assert res.exit_code == 0, res.output
    reader = PdfReader(str(tmp_path / "b.pdf"))
    assert len(reader.pages) == 5
    assert "piece B2 of 4" in reader.pages[4].extract_text()
    model = json.loads((tmp_path / "b.json").read_text())
    assert model["full_size"] is True
    assert [p["name"] for p in model["pieces"]] == ["A1", "A2", "B1", "B2"]
    assert model["pieces"][3]["shown_in"][2:] == [10.0, 10.0]  # inches: the far corner of the 10 in board


def test_the_same_seed_gives_identical_bytes(run, tmp_path):
    for name, seed in (("a", "3"), ("b", "3"), ("c", "4")):
        assert run("sorcerer", "board", "--seed", seed, "-o", f"{name}.pdf").exit_code == 0
    a, b, c = ((tmp_path / f"{n}.pdf").read_bytes() for n in "abc")
    assert a == b and a != c


@pytest.mark.parametrize(
    "cmd, pages, needle", [("notes", 1, "Deflect"), ("diagrams", 1, "Portal: 5 diagonal steps")]
)
def test_notes_and_diagrams(run, tmp_path, cmd, pages, needle):
    res = run("sorcerer", cmd, "--ink-saver", "--json", "m.json", "--png", "prev", "-o", "x.pdf")
    assert res.exit_code == 0, res.output
    reader = PdfReader(str(tmp_path / "x.pdf"))
    assert len(reader.pages) == pages and needle in reader.pages[0].extract_text()
    assert all(fonts_embedded(tmp_path / "x.pdf").values())
    assert json.loads((tmp_path / "m.json").read_text())
    assert _files(tmp_path / "prev") == [FILE_LIST, "x-001.png"]  # (the list of what parlour wrote)


@pytest.mark.parametrize(
    "args, needle",
    [
        (["--players", "5"], "--players"),
        (["--players", "1"], "--players"),
        (["--players", "two"], "--players"),
        (["--suits", "suns,stars"], "unknown suit 'stars'"),
        (["--players", "3", "--suits", "suns,moons"], "needs 3 suits"),
        (["--suits", "suns,suns"], "different suit"),
        (["--suits", "suns"], "2 to 4 players"),
        (["--suits", ","], "--suits is empty"),
        (["--paper", "b5"], "--paper"),
        (["-o", "nowhere/b.pdf"], "does not exist"),
    ],
)
def test_bad_board_input_is_one_line_exit_2_and_no_file(run, tmp_path, args, needle):
    line = _one_line_error(run("sorcerer", "board", *args, "--json", "b.json"))
    assert needle in line
    assert _files(tmp_path) == []


def _opts(paper: str = "letter") -> PrintOptions:
    return PrintOptions(
        get_paper(paper), None, 2, None, None, get_style(False), get_card("poker"), 0.0, (0, 0), "long"
    )


def test_pack_section_has_board_notes_and_diagrams():
    title, pages, model = pack_section(_opts())
    assert title == "The Sorcerer's Chamber"
    assert [p.bookmark for p in pages] == ["Set-up diagram", "Cheat notes", "Move diagrams"]
    assert set(model) == {"board", "notes", "diagrams"}
    assert len(model["board"]["orbs"]) == 24 and model["board"]["seed"] == 2
    assert len(model["diagrams"]["panels"]) == 6


def test_pack_includes_the_sorcerer_section(run, tmp_path):
    res = run("pack", "--json", "pack.json", "-o", "pack.pdf")
    assert res.exit_code == 0, res.output
    reader = PdfReader(str(tmp_path / "pack.pdf"))
    titles = [o.title for o in reader.outline if not isinstance(o, list)]
    assert "The Sorcerer's Chamber" in titles
    assert "sorcerer" in json.loads((tmp_path / "pack.json").read_text())


SORCERER_RUNS = [
    ("board", "--players", "4", "--full-size"),
    ("board", "--players", "3", "--full-size", "--paper", "a4", "--ink-saver"),
    ("notes",),
    ("notes", "--paper", "a4"),
    ("diagrams",),
    ("diagrams", "--paper", "a4", "--ink-saver"),
]


@pytest.mark.parametrize("args", SORCERER_RUNS, ids=["-".join(a) for a in SORCERER_RUNS])
def test_every_sorcerer_page_prints_nothing_below_6pt(run, tmp_path, args):
    """Read from the content streams: the set-up page's tile labels, indices and portal words, the
    full-size pieces' labels and assembly note, the notes and the diagrams are all 6 pt or more."""
    assert run("sorcerer", *args, "-o", "s.pdf").exit_code == 0
    small = [r for r in text_runs(tmp_path / "s.pdf") if r.size < 6.0 - 1e-6]
    assert small == []
