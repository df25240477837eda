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


@pytest.fixture
def cache_here(monkeypatch, tmp_path):
    monkeypatch.setenv("PARLOUR_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def _no_parser(monkeypatch):
    """From here on a parse that is not read back from the cache fails the test."""

    def refuse(text, where):
        raise AssertionError(f"{where} parsed again")

    monkeypatch.setattr(tpl, "_parse_toml", refuse)


def test_a_templates_parse_is_kept_and_read_back_the_same(cache_here, monkeypatch):
    import tomllib

    texts = {name: tpl.read_text(name)[0] for name in tpl.names()}
    fresh = {name: tomllib.loads(text) for name, text in texts.items()}
    first = {name: tpl.parse_toml(text, name) for name, text in texts.items()}  # parsed, then kept
    assert first == fresh
    assert len(list(cache_here.glob("toml-*.bin"))) == len(texts)
    _no_parser(monkeypatch)
    again = {name: tpl.parse_toml(text, name) for name, text in texts.items()}
    assert again == fresh
    assert all(type(again[n]) is dict for n in texts)


def test_an_edited_template_is_parsed_at_once(cache_here, tmp_path):
    from generator.games.rules import model as rm

    copy_templates(tmp_path / "mine")
    tpl.set_override(tmp_path / "mine")
    assert rm.load_rules("chimera").title == rm.load_rules("chimera").title  # parsed, then read back
    path = tmp_path / "mine" / "rules" / "chimera.toml"
    text = path.read_text(encoding="utf-8")
    old = rm.load_rules("chimera").title
    path.write_text(text.replace(f'title = "{old}"', 'title = "Chimera, my way"', 1), encoding="utf-8")
    assert rm.load_rules("chimera").title == "Chimera, my way"
    path.write_text(text, encoding="utf-8")
    assert rm.load_rules("chimera").title == old


def test_a_damaged_or_foreign_cache_file_is_parsed_again(cache_here, monkeypatch):
    text = 'title = "x"\n[[block]]\nkind = "para"\ntext = "y"\n'
    want = tpl.parse_toml(text, "t.toml")
    (saved,) = cache_here.glob("toml-*.bin")
    saved.write_bytes(saved.read_bytes()[:20])
    assert tpl.parse_toml(text, "t.toml") == want  # parsed and kept again
    import marshal

    # a file for this name holding another text's parse (as a hash collision would) is not used
    saved.write_bytes(marshal.dumps({"version": 1, "text": "other = 1", "data": {"other": 1}}))
    assert tpl.parse_toml(text, "t.toml") == want
    _no_parser(monkeypatch)
    assert tpl.parse_toml(text, "t.toml") == want


def test_no_cache_no_problem(tmp_path, monkeypatch):
    """A cache directory that cannot be made, a parser whose file cannot be looked at, and data
    marshal cannot hold (dates): each is parsed and nothing is written."""
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("PARLOUR_CACHE_DIR", str(blocker / "cache"))
    assert tpl.parse_toml("a = 1", "t.toml") == {"a": 1}
    assert tpl.parse_toml("a = 1", "t.toml") == {"a": 1}
    assert blocker.read_text() == "not a directory"

    monkeypatch.setenv("PARLOUR_CACHE_DIR", str(tmp_path / "cache"))
    import datetime

    assert tpl.parse_toml("d = 2026-11-24", "t.toml") == {"d": datetime.date(2026, 11, 24)}
    assert not list((tmp_path / "cache").glob("toml-*.bin"))

    from generator import cache

    def denied(*a, **k):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(cache, "keyed_cache_path", denied)
    assert tpl.parse_toml("b = 2", "t.toml") == {"b": 2}
    assert not list((tmp_path / "cache").glob("toml-*.bin"))


def test_a_bad_template_is_still_one_line_and_not_kept(cache_here):
    with pytest.raises(ParlourError, match=r"t.toml, line 1, column \d+: not valid TOML"):
        tpl.parse_toml("a = = 1", "t.toml")
    assert not list(cache_here.glob("toml-*.bin"))
