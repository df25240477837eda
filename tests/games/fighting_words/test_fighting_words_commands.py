"""`parlour fighting-words`: check against a brute-force scan, --complete, the deck PDF/JSON, stats."""

from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.words.lexicon import load
from tests.clicheck import files_in, one_line_error

TEMPLATE = Path(__file__).resolve().parents[3] / "templates" / "fighting_words.toml"


def _is_subsequence(small: str, big: str) -> bool:
    it = iter(big)
    return all(ch in it for ch in small)


def test_check_agrees_with_a_brute_force_scan(run):
    """The referee checks the broadest list and names the narrowest list holding a fitting word."""
    lex = load()
    words = [w for w in lex.words("broad") if len(w) >= 4]
    rng = random.Random(7)
    probes = ["qz", "tgr", "xq", "zzzq", "aeiouy", "jjj", "qoph", "dsjr"]
    probes += [
        "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(2, 4))) for _ in range(12)
    ]
    names = {"common": "common words", "standard": "standard list", "broad": "broad list only"}
    for p in probes:
        fits = [w for w in words if _is_subsequence(p, w)]
        res = run("fighting-words", "check", p)
        assert res.exit_code == (0 if fits else 1), (p, res.output)
        if fits:
            narrowest = min((lex.tier(w) for w in fits), key=("common", "standard", "broad").index)
            assert f"(from parlour's {names[narrowest]})" in res.output, (p, res.output)
        else:
            assert "broad list" in res.output


def test_qoph_is_a_word_from_the_broad_list(run):
    """Issue 11: QOPH is in a large dictionary, so the check must not say no."""
    res = run("fighting-words", "check", "QOPH")
    assert res.exit_code == 0 and "QOPH" in res.output and "broad list" in res.output
    res = run("fighting-words", "check", "--complete", "qoph")
    assert res.exit_code == 0 and "1 point" in res.output and "broad list" in res.output


def test_check_complete_points(run):
    res = run("fighting-words", "check", "--complete", "famished")
    assert res.exit_code == 0 and "3 points" in res.output
    res = run("fighting-words", "check", "--complete", "bird")
    assert res.exit_code == 0 and "1 point" in res.output
    assert run("fighting-words", "check", "--complete", "brid").exit_code == 1


@pytest.mark.parametrize("bad", ["a1", "", "tr n"])
def test_check_bad_input(run, bad):
    one_line_error(run("fighting-words", "check", bad))


def test_deck_matches_the_template_and_marks_every_event(run, tmp_path):
    res = run("fighting-words", "deck", "-o", "fw.pdf", "--json", "fw.json")
    assert res.exit_code == 0, res.output
    model = json.loads((tmp_path / "fw.json").read_text())
    toml = tomllib.loads(TEMPLATE.read_text())
    assert model["letters"] == {k: v for k, v in toml["letters"].items()}
    names = {e["name"] for e in model["events"]}
    assert {
        "Backspace",
        "Reversal",
        "Tip of My Tongue",
        "Trash Talk",
        "That'll Work",
        "Spelling Bee Sting",
        "Editor",
    } <= names and any(n.startswith("How Do You Say") for n in names)
    assert all(e["timing"] in ("immediate", "keep") for e in model["events"])
    pages = PdfReader(str(tmp_path / "fw.pdf")).pages
    text = " ".join(" ".join(p.extract_text() for p in pages).upper().split())
    for e in model["events"]:
        assert " ".join(e["name"].split("…")[0].upper().split()) in text, e["name"]
        timing = "PLAY AT ONCE" if e["timing"] == "immediate" else "KEEP"
        assert timing in text
    # the rules list BACKSPACE twice: two cards in the model and two printed faces
    (backspace,) = [e for e in model["events"] if e["name"] == "Backspace"]
    assert backspace["count"] == 2 and text.count("BACKSPACE") == 2
    total = sum(model["letters"].values()) + sum(e["count"] for e in model["events"])
    assert total == model["size"]


def test_bad_letters_file_one_line_no_file(run, tmp_path):
    (tmp_path / "mine.toml").write_text("[letters]\na = -3\n")
    one_line_error(run("fighting-words", "deck", "--letters", "mine.toml", "-o", "fw.pdf"))
    assert files_in(tmp_path) == ["mine.toml"]


def test_stats_prints_both_shares_and_meets_the_target(run):
    res = run("fighting-words", "stats", "--deals", "1500", "--seed", "3")
    assert res.exit_code == 0, res.output
    assert "7-card hands" in res.output and "first turn" in res.output
    line = next(ln for ln in res.output.splitlines() if "first turn" in ln)
    share = float(line.split(":")[1].split("%")[0])
    assert share >= 95.0


def test_deck_help_gives_the_template_counts(run):
    from generator.games.fighting_words import model as fw

    deck = fw.load_deck()
    res = run("fighting-words", "deck", "--help")
    flat = " ".join(res.output.split())
    assert f"{deck.size} cards ({deck.letter_total} letters, {deck.event_total} events)" in flat
