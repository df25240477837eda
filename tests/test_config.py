"""The settings file: where it lives, reading it (errors name the file and line), and saving a key."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from generator import config
from generator.errors import ParlourError


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_path_honours_xdg_and_parlour_config(settings_home, monkeypatch, tmp_path):
    assert config.config_path() == settings_home / "parlour" / "config.toml"
    monkeypatch.setenv("PARLOUR_CONFIG", str(tmp_path / "mine.toml"))
    assert config.config_path() == tmp_path / "mine.toml"


def test_no_file_means_no_settings(settings_home):
    s = config.load()
    assert not s.exists and s.values == {}


def test_reads_every_key_with_its_line(settings_home):
    text = '# mine\npaper = "A4"\n\ncard="poker"\nduplex = "short"  # my printer\nback_offset = [1.5, -0.5]\n'
    text += "spelling = 'uk'\n"
    path = _write(config.config_path(), text)
    s = config.load()
    assert s.exists and s.path == path
    assert s.values == {
        "paper": "A4",
        "card": "poker",
        "duplex": "short",
        "back_offset": "1.5,-0.5",
        "spelling": "uk",
    }
    # Independent oracle for the lines: the line each key's text starts on.
    for key in s.values:
        line = next(n for n, ln in enumerate(text.splitlines(), 1) if ln.startswith(key))
        assert s.lines[key] == line
    assert s.where("duplex") == f"{path} line 5"


@pytest.mark.parametrize(
    "text, line, needle",
    [
        ('paper = "a4"\ncard = poker\n', 2, "not valid TOML"),
        ('paper = "a4"\n\npaprr = "a4"\n', 3, "unknown setting 'paprr'"),
        ('paper = "a4"\nback-offset = "1,1"\n', 2, "did you mean back_offset"),
        ("\nduplex = 2\n", 2, 'quoted string, like duplex = "long"'),
        ('paper = "a4"\n[doublets]\nspelling = "uk"\n', 2, "unknown section [doublets]"),
        ('paper = "a4"\npaper = "letter"\n', 2, "not valid TOML"),
    ],
)
def test_bad_file_is_one_line_naming_file_and_line(settings_home, text, line, needle):
    path = _write(config.config_path(), text)
    with pytest.raises(ParlourError) as e:
        config.load()
    msg = str(e.value)
    assert "\n" not in msg
    assert msg.startswith(f"{path} line {line}: "), msg
    assert needle in msg


def test_save_keeps_other_lines_and_replaces_the_key(settings_home):
    path = _write(config.config_path(), '# my settings\npaper = "a4"  # A4 at home\nback_offset = "0,0"\n')
    assert config.save_setting("back_offset", "1.5,-0.5") == path
    assert path.read_text() == '# my settings\npaper = "a4"  # A4 at home\nback_offset = "1.5,-0.5"\n'
    config.save_setting("duplex", "short")
    data = tomllib.loads(path.read_text())
    assert data == {"paper": "a4", "back_offset": "1.5,-0.5", "duplex": "short"}
    assert config.load().values == data


def test_save_makes_the_file_and_its_directory(settings_home):
    path = config.save_setting("back_offset", "-1,2")
    assert path == settings_home / "parlour" / "config.toml"
    assert tomllib.loads(path.read_text()) == {"back_offset": "-1,2"}
    assert [p.name for p in path.parent.iterdir()] == ["config.toml"]  # no temporary file left


def test_save_refuses_to_overwrite_a_broken_file(settings_home):
    path = _write(config.config_path(), "paper = \n")
    with pytest.raises(ParlourError, match="line 1"):
        config.save_setting("back_offset", "1,1")
    assert path.read_text() == "paper = \n"


def test_save_writes_through_a_symlink(settings_home, tmp_path):
    real = _write(tmp_path / "dotfiles" / "parlour.toml", 'paper = "a4"\n')
    link = config.config_path()
    link.parent.mkdir(parents=True)
    link.symlink_to(real)
    config.save_setting("back_offset", "1,1")
    assert link.is_symlink()
    assert tomllib.loads(real.read_text()) == {"paper": "a4", "back_offset": "1,1"}


def test_any_option_named_like_a_setting_takes_the_file_value(settings_home):
    """--spelling (Doublets) and any later option named like a setting get the file's value,
    through the same top-level group parlour runs; typed options still win."""
    import click
    from click.testing import CliRunner

    from generator.cli import ParlourGroup

    @click.group(cls=ParlourGroup)
    def top() -> None:
        pass

    @top.group()
    def game() -> None:
        pass

    @game.command()
    @click.option("--spelling", type=click.Choice(["us", "uk"], case_sensitive=False), default="us")
    @click.option("--paper", default="letter")
    def show(spelling: str, paper: str) -> None:
        src = click.get_current_context().get_parameter_source("spelling")
        click.echo(f"{spelling} {paper} {src.name}")

    def out(*args: str) -> str:
        res = CliRunner().invoke(top, list(args))
        return res.output.strip()

    assert out("game", "show") == "us letter DEFAULT"
    _write(config.config_path(), 'spelling = "UK"\npaper = "a4"\n')
    assert out("game", "show") == "uk a4 DEFAULT_MAP"
    assert out("game", "show", "--spelling", "us") == "us a4 COMMANDLINE"
    _write(config.config_path(), 'spelling = "scots"\n')
    res = CliRunner().invoke(top, ["game", "show"])
    assert res.exit_code == 2
    assert (
        res.stderr.strip()
        == f"Error: {config.config_path()} line 1: spelling = 'scots' is not one of us, uk; fix it or delete the line"
    )
