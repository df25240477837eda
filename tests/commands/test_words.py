"""`parlour words`: lookups with tiers and reasons, exit codes, and export by tier."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from generator.cli import ParlourGroup
from generator.commands.words import words
from generator.words.lexicon import load


@pytest.fixture(scope="module")
def lex():
    return load()


@pytest.fixture
def parlour():
    """`parlour` as the top level runs it (errors -> one line, exit 2), holding `words`."""
    group = ParlourGroup(name="parlour", commands={"words": words})
    runner = CliRunner()

    def _run(*args: str):
        return runner.invoke(group, ["words", *args], catch_exceptions=False)

    return _run


def _one_line_error(res) -> str:
    assert res.exit_code == 2, (res.exit_code, res.output)
    lines = [ln for ln in res.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, res.stderr
    return lines[0]


def test_found_words_exit_0_with_tier_and_zipf(parlour, lex):
    res = parlour("cat", "House")
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    assert len(lines) == 2
    assert re.match(r"cat\s+yes\s+common\s+zipf \d\.\d\b", lines[0])
    assert lines[1].startswith("house") and f"zipf {lex.zipf('house'):.1f}" in lines[1]


def test_typo_exit_1_with_close_matches(parlour):
    res = parlour("recieve")
    assert res.exit_code == 1
    assert "not found" in res.stdout and "close: receive" in res.stdout


def test_blocked_and_capitalised_say_why(parlour):
    res = parlour("bitch", "paris")
    assert res.exit_code == 1
    blocked, capital = res.stdout.splitlines()
    assert blocked.startswith("bitch") and "blocked" in blocked
    assert capital.startswith("paris") and "capitalised only" in capital


def test_one_missing_word_makes_the_whole_lookup_exit_1(parlour):
    res = parlour("cat", "qzqzqzqzqz", "dog")
    assert res.exit_code == 1
    lines = res.stdout.splitlines()
    assert [ln.split()[0] for ln in lines] == ["cat", "qzqzqzqzqz", "dog"]
    assert "not found" in lines[1] and "close" not in lines[1]


def test_broad_word_counts_as_found(parlour, lex):
    broad_only = sorted(set(lex.words("broad")) - set(lex.words("standard")))[0]
    res = parlour(broad_only)
    assert res.exit_code == 0
    assert "broad" in res.stdout


def test_word_spelt_like_a_subcommand_via_lookup(parlour):
    res = parlour("lookup", "export")
    assert res.exit_code == 0
    assert res.stdout.startswith("export") and "yes" in res.stdout


def test_export_defaults_to_standard_tier(parlour, lex):
    res = parlour("export")
    assert res.exit_code == 0
    out = res.stdout.splitlines()
    assert out == lex.words("standard")
    standard_only = sorted(set(lex.words("standard")) - set(lex.words("common")))[0]
    broad_only = sorted(set(lex.words("broad")) - set(lex.words("standard")))[0]
    assert "cat" in out and standard_only in out and broad_only not in out


@pytest.mark.parametrize("tier", ["common", "broad", "Standard"])
def test_export_by_tier(parlour, lex, tier):
    res = parlour("export", "--tier", tier)
    assert res.exit_code == 0
    assert res.stdout.splitlines() == lex.words(tier.lower())


def test_export_by_length(parlour, lex):
    res = parlour("export", "--tier", "common", "--length", "4")
    assert res.exit_code == 0
    assert res.stdout.splitlines() == lex.words("common", 4)


def test_help_has_examples_and_exit_status(parlour):
    res = parlour("--help")
    assert res.exit_code == 0
    assert "Example" in res.stdout and "Exit status" in res.stdout
    assert "export" in res.stdout
    assert not re.search(r"^\s+lookup\s", res.stdout, re.M), "lookup is a hidden helper"
    res = parlour("export", "--help")
    assert res.exit_code == 0 and "Example" in res.stdout and "--tier" in res.stdout


@pytest.mark.parametrize(
    "args, needle",
    [
        ([], "give one or more words"),
        (["export", "--tier", "huge"], "--tier"),
        (["export", "--length", "0"], "--length"),
        (["--frobnicate"], "frobnicate"),
    ],
)
def test_bad_usage_is_one_line_exit_2(parlour, args, needle):
    assert needle in _one_line_error(parlour(*args))
