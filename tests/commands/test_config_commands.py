"""`parlour config` and `parlour calibrate --save`, and the settings file reaching every command
(options typed on the command line always win)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator import config
from tests.clicheck import files_in, one_line_error


def _settings(text: str) -> Path:
    path = config.config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _table(output: str) -> dict[str, tuple[str, str]]:
    """`parlour config` lines after the first -> {key: (value, source)}."""
    rows = {}
    for line in output.splitlines()[1:]:
        key, value, source = line.split(maxsplit=2)
        rows[key] = (value, source)
    return rows


def test_config_without_a_file_shows_the_defaults(run, settings_home):
    res = run("config")
    assert res.exit_code == 0, res.output
    path = settings_home / "parlour" / "config.toml"
    assert res.output.splitlines()[0].startswith(f"settings file: {path} (not there yet")
    assert _table(res.output) == {s.key: (s.default, "default") for s in config.SETTINGS}
    assert run("config", "--path").output == f"{path}\n"


def test_config_says_where_each_setting_came_from(run):
    path = _settings('paper = "A4"\nduplex = "short"\nback_offset = "1.5,-0.5"\n')
    res = run("config", "--duplex", "LONG")
    assert res.exit_code == 0, res.output
    assert res.output.splitlines()[0] == f"settings file: {path}"
    assert _table(res.output) == {
        "paper": ("a4", f"{path} line 1"),
        "card": ("poker", "default"),
        "duplex": ("long", "command line"),
        "back_offset": ("1.5,-0.5", f"{path} line 3"),
        "spelling": ("us", "default"),
    }


def test_calibrate_save_stores_the_offset_for_every_deck(run, tmp_path):
    res = run("calibrate", "--save", "1.5, -0.50")
    assert res.exit_code == 0, res.output
    path = config.config_path()
    assert str(path) in res.output
    assert tomllib.loads(path.read_text()) == {"back_offset": "1.5,-0.5"}
    assert files_in(tmp_path) == []  # --save prints no sheet
    assert _table(run("config").output)["back_offset"] == ("1.5,-0.5", f"{path} line 2")
    # Saving again replaces the value instead of adding a second key.
    run("calibrate", "--save", "0,0")
    assert tomllib.loads(path.read_text()) == {"back_offset": "0,0"}


@pytest.mark.parametrize(
    "args, needle",
    [
        (["--save", "1.5"], "--save"),
        (["--save", "30,0"], "over 20 mm"),
        (["--save", "1,1", "-o", "cal.pdf"], "leave out -o"),
    ],
)
def test_calibrate_save_bad_input(run, tmp_path, args, needle):
    line = one_line_error(run("calibrate", *args))
    assert needle in line
    assert not config.config_path().exists()
    assert files_in(tmp_path) == []


def _deck(run, name: str, *args: str) -> bytes:
    res = run("fighting-words", "deck", "-o", name, *args)
    assert res.exit_code == 0, res.output
    return Path(name).read_bytes()


def test_decks_use_the_saved_offset_and_options_win(run):
    plain = _deck(run, "plain.pdf")
    typed = _deck(run, "typed.pdf", "--back-offset", "2,-1")
    assert typed != plain
    run("calibrate", "--save", "2,-1")
    assert _deck(run, "saved.pdf") == typed  # the file's offset, as if typed
    assert _deck(run, "zero.pdf", "--back-offset", "0,0") == plain  # the command line wins


def test_paper_card_and_duplex_come_from_the_file(run):
    _settings('paper = "a4"\ncard = "bridge"\nduplex = "none"\n')
    from_file = _deck(run, "file.pdf")
    typed = _deck(run, "typed.pdf", "--paper", "a4", "--card", "bridge", "--duplex", "none")
    assert from_file == typed
    box = PdfReader("file.pdf").pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)  # A4 in points
    # Options win over the file.
    res = run("calibrate", "--paper", "letter", "-o", "cal.pdf")
    assert res.exit_code == 0
    box = PdfReader("cal.pdf").pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


def test_help_shows_the_defaults_in_force(run):
    assert "[default: letter]" in run("calibrate", "--help").output
    _settings('paper = "a4"\nback_offset = "1,-1"\n')
    text = " ".join(run("pack", "--help").output.split())
    assert "Paper size. [default: a4]" in text
    assert "[default: 1,-1]" in text


@pytest.mark.parametrize(
    "text, line, needle",
    [
        ('\npaper = "b5"\n', 2, "paper = 'b5' is not one of letter, a4"),
        ('card = "poker"\nduplex = "sideways"\n', 2, "duplex = 'sideways'"),
        ('back_offset = "3"\n', 1, "back_offset '3' is not X,Y"),
        ("paper = a4\n", 1, "not valid TOML"),
        ('colour = "red"\n', 1, "unknown setting 'colour'"),
    ],
)
def test_bad_settings_file_is_one_line_exit_2(run, tmp_path, text, line, needle):
    path = _settings(text)
    for args in (["pack", "-o", "p.pdf"], ["config"]):
        err = one_line_error(run(*args))
        assert err.startswith(f"Error: {path} line {line}: "), err
        assert needle in err
    assert files_in(tmp_path) == []


def test_a_setting_a_command_does_not_take_is_left_alone(run):
    # sheets have no --card: a card setting does not reach them (nor break them)
    _settings('card = "mini"\npaper = "a4"\n')
    res = run("doublets", "sheet", "-o", "s.pdf")
    assert res.exit_code == 0, res.output
    box = PdfReader("s.pdf").pages[0].mediabox
    assert round(float(box.width)) == 595


def test_parlour_config_env_names_another_file(run, tmp_path, monkeypatch):
    other = tmp_path / "elsewhere.toml"
    other.write_text('paper = "a4"\n')
    monkeypatch.setenv("PARLOUR_CONFIG", str(other))
    assert _table(run("config").output)["paper"] == ("a4", f"{other} line 1")


def test_completion_still_works_with_a_bad_settings_file():
    from click.testing import CliRunner

    from generator.cli import cli

    _settings('paper = "b5"\n')
    env = {"_PARLOUR_COMPLETE": "bash_complete", "COMP_WORDS": "parlour pack --pap", "COMP_CWORD": "2"}
    res = CliRunner().invoke(cli, [], env=env, prog_name="parlour")
    assert res.exit_code == 0 and res.stdout == "plain,--paper\n"


def test_spelling_setting_reaches_doublets_and_matches_its_option(run, tmp_path):
    from generator.words.ladder import DEFAULT_SPELLING, SPELLINGS

    assert config.BY_KEY["spelling"].default == DEFAULT_SPELLING
    from generator.commands.config import SPELLINGS as shown

    assert tuple(shown) == tuple(SPELLINGS)
    path = _settings('spelling = "UK"\n')
    res = run("doublets", "sheet", "--json", "file.json", "-o", "file.pdf")
    assert res.exit_code == 0, res.output
    run("doublets", "sheet", "--spelling", "uk", "--json", "typed.json", "-o", "typed.pdf")
    assert (tmp_path / "file.json").read_text() == (tmp_path / "typed.json").read_text()
    assert (tmp_path / "file.pdf").read_bytes() == (tmp_path / "typed.pdf").read_bytes()
    assert "[default: uk]" in " ".join(run("doublets", "sheet", "--help").output.split())
    assert _table(run("config").output)["spelling"] == ("uk", f"{path} line 1")


def test_spelling_setting_reaches_the_pack_and_its_option_wins(run, tmp_path):
    from pypdf import PdfReader

    def rules_text(pdf: str) -> str:
        reader = PdfReader(str(tmp_path / pdf))
        return " ".join(" ".join((p.extract_text() or "").split()) for p in reader.pages)

    _settings('spelling = "uk"\n')
    assert run("pack", "--games", "sorcerer", "-o", "set.pdf").exit_code == 0
    assert run("pack", "--games", "sorcerer", "--spelling", "us", "-o", "typed.pdf").exit_code == 0
    assert "empty centre" in rules_text("set.pdf") and "center" not in rules_text("set.pdf")
    assert "empty center" in rules_text("typed.pdf") and "centre" not in rules_text("typed.pdf")
    assert "[default: uk]" in " ".join(run("pack", "--help").output.split())
