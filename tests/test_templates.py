"""The templates loader: packaged copies, the user's override directory, export, and one-line errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator import templates as tpl
from generator.commands.templates import copy_templates
from generator.errors import ParlourError

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def no_override(monkeypatch):
    monkeypatch.delenv(tpl.ENV_VAR, raising=False)
    tpl.set_override(None)
    yield
    tpl.set_override(None)


def test_names_are_the_repository_templates():
    on_disk = sorted(
        p.relative_to(ROOT / "templates").as_posix() for p in (ROOT / "templates").rglob("*.toml")
    )
    assert tpl.names() == on_disk and "fighting_words.toml" in on_disk


def test_packaged_copy_is_the_repository_file():
    for name in tpl.names():
        assert tpl.packaged_path(name).read_bytes() == (ROOT / "templates" / name).read_bytes()
        assert tpl.locate(name) == tpl.packaged_path(name)
    with pytest.raises(ParlourError, match="not part of parlour"):
        tpl.packaged_path("nope.toml")


def test_export_copies_every_template_and_refuses_to_overwrite(tmp_path):
    dest = tmp_path / "mine"
    written = copy_templates(dest)
    assert sorted(p.relative_to(dest).as_posix() for p in written) == tpl.names()
    for name in tpl.names():
        assert (dest / name).read_bytes() == tpl.packaged_path(name).read_bytes()
    (dest / "riddle_craft.toml").write_text("# mine\n", encoding="utf-8")
    with pytest.raises(ParlourError, match="--force"):
        copy_templates(dest)
    assert (dest / "riddle_craft.toml").read_text(encoding="utf-8") == "# mine\n"
    copy_templates(dest, force=True)
    assert (dest / "riddle_craft.toml").read_bytes() == tpl.packaged_path("riddle_craft.toml").read_bytes()
    afile = tmp_path / "afile"
    afile.write_text("x")
    with pytest.raises(ParlourError, match="is a file"):
        copy_templates(afile)


def test_override_reads_the_users_copy_and_falls_back_for_the_rest(tmp_path):
    (tmp_path / "sorcerer_notes.toml").write_text("title = 'mine'\n", encoding="utf-8")
    tpl.set_override(tmp_path)
    assert tpl.locate("sorcerer_notes.toml") == tmp_path / "sorcerer_notes.toml"
    assert tpl.read_toml("sorcerer_notes.toml") == ({"title": "mine"}, str(tmp_path / "sorcerer_notes.toml"))
    assert tpl.locate("riddle_craft.toml") == tpl.packaged_path("riddle_craft.toml")
    tpl.set_override(None)
    assert tpl.locate("sorcerer_notes.toml") == tpl.packaged_path("sorcerer_notes.toml")


def test_env_var_sets_the_override(tmp_path, monkeypatch):
    copy_templates(tmp_path)
    monkeypatch.setenv(tpl.ENV_VAR, str(tmp_path))
    assert tpl.set_override(None) == tmp_path
    assert tpl.locate("fighting_words.toml") == tmp_path / "fighting_words.toml"


def test_bad_override_directories_are_refused(tmp_path):
    with pytest.raises(ParlourError, match="not a directory"):
        tpl.set_override(tmp_path / "missing")
    (tmp_path / "notes.txt").write_text("x")
    with pytest.raises(ParlourError, match="holds none of parlour's templates"):
        tpl.set_override(tmp_path)


def test_toml_errors_name_the_file_and_line(tmp_path):
    bad = tmp_path / "fighting_words.toml"
    bad.write_text("[letters]\na = 3\nb = = 4\n", encoding="utf-8")
    tpl.set_override(tmp_path)
    with pytest.raises(ParlourError) as err:
        tpl.read_toml("fighting_words.toml")
    msg = str(err.value)
    assert msg.startswith(f"{bad}, line 3, column") and "not valid TOML" in msg and "\n" not in msg
    with pytest.raises(ParlourError, match=r"mine.toml, line 1"):
        tpl.parse_toml("= nothing", "mine.toml")
    with pytest.raises(ParlourError, match="does not exist"):
        tpl.read_toml_file(tmp_path / "absent.toml", "--letters")


def test_one_toml_reader_for_files_a_user_names(tmp_path):
    from generator.games.riddle_craft import model as riddle_craft

    bom = tmp_path / "bom.toml"
    bom.write_bytes('\ufeff[riddles]\ndoes = ["I hum"]\n'.encode())
    assert tpl.read_toml_file(bom, "fragments file") == {"riddles": {"does": ["I hum"]}}
    # a fragments file goes through the same reader, so it says the same things
    assert riddle_craft._load_toml(bom, "fragments file") == tpl.read_toml_file(bom)
    (tmp_path / "dir.toml").mkdir()
    for read in (tpl.read_toml_file, riddle_craft._load_toml):
        with pytest.raises(ParlourError, match="is a folder"):
            read(tmp_path / "dir.toml", "fragments file")


def test_an_edited_template_is_parsed_at_once(tmp_path):
    from generator.games.rules import model as rm

    copy_templates(tmp_path / "mine")
    tpl.set_override(tmp_path / "mine")
    assert rm.load_rules("chimera").title == rm.load_rules("chimera").title
    path = tmp_path / "mine" / "rules" / "chimera.toml"
    text = path.read_text(encoding="utf-8")
    old = rm.load_rules("chimera").title
    path.write_text(text.replace(f'title = "{old}"', 'title = "Chimera, my way"', 1), encoding="utf-8")
    assert rm.load_rules("chimera").title == "Chimera, my way"
    path.write_text(text, encoding="utf-8")
    assert rm.load_rules("chimera").title == old


def test_a_bad_template_is_still_one_line():
    with pytest.raises(ParlourError, match=r"t.toml, line 1, column \d+: not valid TOML"):
        tpl.parse_toml("a = = 1", "t.toml")
