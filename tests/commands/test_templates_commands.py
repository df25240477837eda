"""`parlour templates export/list` and the --templates option of every command that reads a template."""

from __future__ import annotations

import json
import re
import tomllib

import pytest

from generator import templates as tpl
from tests.clicheck import one_line_error


@pytest.fixture(autouse=True)
def no_env(monkeypatch):
    monkeypatch.delenv(tpl.ENV_VAR, raising=False)
    yield
    tpl.set_override(None)


def test_export_then_list_shows_the_users_copies(run, tmp_path):
    res = run("templates", "export", "mine")
    assert res.exit_code == 0, res.output
    mine = tmp_path / "mine"
    assert sorted(p.relative_to(mine).as_posix() for p in mine.rglob("*.toml")) == sorted(tpl.names())
    res = run("templates", "list", "--templates", "mine")
    assert res.exit_code == 0
    for name in tpl.names():
        assert re.search(rf"^{re.escape(name)}\s+mine/{re.escape(name)}$", res.stdout, re.M), res.stdout
    line = one_line_error(run("templates", "export", "mine"))
    assert "--force" in line
    assert run("templates", "export", "mine", "--force").exit_code == 0


def _letters(path, count_e: int) -> None:
    text = path.read_text(encoding="utf-8")
    text, n = re.subn(r"(?m)^e = \d+", f"e = {count_e}", text)
    assert n == 1
    path.write_text(text, encoding="utf-8")


def test_fighting_words_reads_the_users_letter_mix(run, tmp_path):
    run("templates", "export", "mine")
    _letters(tmp_path / "mine" / "fighting_words.toml", 40)
    base = run("fighting-words", "stats", "--deals", "5", "--json", "a.json")
    mine = run("fighting-words", "stats", "--deals", "5", "--json", "b.json", "--templates", "mine")
    assert base.exit_code == mine.exit_code == 0
    a = json.loads((tmp_path / "a.json").read_text())["deck"]["size"]
    b = json.loads((tmp_path / "b.json").read_text())["deck"]["size"]
    default_e = tomllib.loads(tpl.packaged_path("fighting_words.toml").read_text())["letters"]["e"]
    assert b - a == 40 - default_e


def test_sorcerer_notes_read_the_users_copy(run, tmp_path):
    run("templates", "export", "mine")
    notes = tmp_path / "mine" / "sorcerer_notes.toml"
    assert run("sorcerer", "notes", "--json", "a.json", "-o", "a.pdf").exit_code == 0
    text = notes.read_text(encoding="utf-8")
    first = json.loads((tmp_path / "a.json").read_text())
    blob = json.dumps(first)
    # change one word that the notes print, and see it come through
    word = next(w for w in re.findall(r"[A-Za-z]{6,}", text) if w in blob)
    notes.write_text(text.replace(word, "Zyzzogeton"), encoding="utf-8")
    res = run("sorcerer", "notes", "--json", "b.json", "-o", "b.pdf", "--templates", "mine")
    assert res.exit_code == 0, res.output
    assert "Zyzzogeton" in (tmp_path / "b.json").read_text()


@pytest.mark.parametrize(
    "args",
    [
        ["pack"],
        ["fighting-words", "deck"],
        ["fighting-words", "stats"],
        ["riddle-craft", "deck"],
        ["sorcerer", "board"],
        ["sorcerer", "notes"],
        ["rules"],
    ],
)
def test_every_template_reader_takes_templates_and_refuses_a_bad_directory(run, tmp_path, args):
    assert "--templates DIR" in run(*args, "--help").output
    line = one_line_error(run(*args, "--templates", "nowhere"))
    assert "nowhere" in line and "templates export" in line
    assert [p.name for p in tmp_path.rglob("*.pdf")] == []


def test_a_broken_user_template_names_file_and_line(run, tmp_path):
    run("templates", "export", "mine")
    (tmp_path / "mine" / "sorcerer_orbs.toml").write_text("[pattern]\nrings = [1, 2\nx = 3\n")
    line = one_line_error(run("sorcerer", "board", "--templates", "mine"))
    assert "sorcerer_orbs.toml" in line and "line 3" in line
