"""`parlour chimera`: check exit codes and reasons, the key (PDF and JSON), the pad, bad input."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.games.chimera import model as chimera
from tests.clicheck import files_in, one_line_error
from tests.pdfcheck import fonts_embedded


@pytest.mark.parametrize(
    "answer, code",
    [("hear", 0), ("heat", 0), ("shirt", 0), ("heart", 1), ("hearts", 1), ("six", 1), ("zebra", 1)],
)
def test_check_exit_codes_follow_the_rules_example(run, answer, code):
    res = run("chimera", "check", "SIX", "HEART", answer)
    assert res.exit_code == code, res.output
    assert res.output.startswith("valid" if code == 0 else "invalid")


def test_check_says_how_many_letters_and_which_letter(run):
    short = run("chimera", "check", "six", "heart", "hi")
    assert short.exit_code == 1 and "4" in short.output  # half of 8 letters
    missing = run("chimera", "check", "six", "heart", "zest")
    assert missing.exit_code == 1 and "Z" in missing.output


@pytest.mark.parametrize(
    "args", [("SIX", "HEARTZ", "shirt"), ("ELEVEN", "HEART", "shirt"), ("SIX", "HEART", "sh1rt")]
)
def test_check_bad_input_is_one_line_exit_2(run, args):
    one_line_error(run("chimera", "check", *args))


def _brute_valid(card_words: list[str], word: str, need: int) -> bool:
    pool = Counter("".join(card_words))
    w = Counter(word)
    return all(pool[ch] >= n for ch, n in w.items()) and len(word) >= need


def test_key_json_and_pdf(run, tmp_path):
    res = run("chimera", "key", "-o", "key.pdf", "--json", "key.json")
    assert res.exit_code == 0, res.output
    model = json.loads((tmp_path / "key.json").read_text())
    cards = model["cards"]
    assert len(cards) == 52 and model["variant"] == "half"
    assert [c["words"] for c in cards] == [list(c.words) for c in chimera.deck()]  # deck order
    full = chimera.answer_key("half").to_json()["cards"]
    for got, want in zip(cards, full, strict=True):
        assert got["answers"] == want["answers"]
        assert all(a == a.lower() for a in got["answers"])
        plural = {w + "s" for w in got["words"]} | {w + "es" for w in got["words"]}
        for a in got["answers"][:40]:  # an independent letter-multiset check on each card's top answers
            assert (
                _brute_valid(got["words"], a, got["min_letters"])
                and a not in got["words"]
                and a not in plural
            )
    text = " ".join(p.extract_text() for p in PdfReader(str(tmp_path / "key.pdf")).pages).upper()
    for c in cards:
        assert " + ".join(w.upper() for w in c["words"]) in text
    assert "THE CHIMERA" in text
    assert all(fonts_embedded(tmp_path / "key.pdf").values())


def test_pad_sheets_and_players(run, tmp_path):
    res = run("chimera", "pad", "--players", "3", "--sheets", "2", "-o", "pad.pdf")
    assert res.exit_code == 0, res.output
    pages = PdfReader(str(tmp_path / "pad.pdf")).pages
    assert len(pages) == 2
    text = pages[0].extract_text()
    assert "50" in text and "Player 3" in text and "Player 4" not in text
    flat = " ".join(text.split())
    assert "The rules in brief" in flat
    for phrase in ("at least half of the letters on the card", "The dictionary decides", "with no winner"):
        assert phrase in flat, phrase


def test_pad_states_the_variant_share(run, tmp_path):
    res = run(
        "chimera", "pad", "--variant", "three-quarters", "--players", "6", "--paper", "a4", "-o", "p.pdf"
    )
    assert res.exit_code == 0, res.output
    flat = " ".join(PdfReader(str(tmp_path / "p.pdf")).pages[0].extract_text().split())
    assert "uses at least three quarters of the letters on the card" in flat


@pytest.mark.parametrize("players", ["0", "7", "lots"])
def test_pad_bad_players_one_line_no_file(run, tmp_path, players):
    one_line_error(run("chimera", "pad", "--players", players, "-o", "pad.pdf"))
    assert files_in(tmp_path) == []


def test_pad_for_one_player_as_the_rules_allow_a_solo_game(run, tmp_path):
    res = run("chimera", "pad", "--players", "1", "-o", "pad.pdf", "--json", "pad.json")
    assert res.exit_code == 0, res.output
    assert json.loads((tmp_path / "pad.json").read_text())["player_labels"] == ["Player 1"]


def test_check_reads_a_plural_suit_as_singular_with_a_note(run):
    plural = run("chimera", "check", "six", "HEARTS", "shirt", "--json", "p.json")
    single = run("chimera", "check", "six", "heart", "shirt", "--json", "s.json")
    assert plural.exit_code == single.exit_code == 0
    assert plural.stdout == single.stdout
    assert plural.stderr.strip() == "note: reading HEARTS as HEART (the card is said with a singular suit)"
    assert single.stderr == ""
    assert Path("p.json").read_text() == Path("s.json").read_text()
    for suit, singular in (("Spades", "SPADE"), ("diamonds", "DIAMOND"), ("CLUBS", "CLUB")):
        res = run("chimera", "check", "ace", suit, "space")
        assert f"as {singular}" in res.stderr and res.exit_code in (0, 1)


def test_pack_key_json_follows_the_users_style(run, tmp_path):
    """A style.toml that sets the key's answers larger prints fewer of them, and --json says so."""
    from generator.games.chimera import draw as chimera_draw
    from generator.press.paper import get_paper
    from generator.press.style import from_toml

    def shown(*extra: str) -> int:
        res = run("pack", "--games", "chimera", "--json", "p.json", "-o", "p.pdf", *extra)
        assert res.exit_code == 0, res.output
        return sum(
            c["shown"] for c in json.loads((tmp_path / "p.json").read_text())["chimera"]["key"]["cards"]
        )

    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "style.toml").write_text("[text.key_answer]\nsize = 9.0\n", encoding="utf-8")
    plain, larger = shown(), shown("--templates", str(mine))
    big = from_toml({"text": {"key_answer": {"size": 9.0}}}, "style.toml")
    key = chimera.answer_key("half")
    assert larger < plain
    assert larger == sum(e.shown for e in chimera_draw.layout_key(key, get_paper("letter"), big))
