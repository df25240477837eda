"""`parlour doublets solve|sheet|daily|jewels|scorepad` and the pack section, read back from the files."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.games.doublets import draw, model
from generator.games.doublets.choose import make_sheet
from generator.games.doublets.command import pack_section
from generator.games.doublets.daily import daily_sheet
from generator.games.doublets.draw import sheet as sheet_draw
from generator.options import PrintOptions
from generator.press.cards import get_card
from generator.press.paper import PAPERS, get_paper
from generator.press.style import DEFAULT, get_style
from generator.words.ladder import solve
from generator.words.lexicon import blocklist, load
from tests.clicheck import files_in as _files
from tests.clicheck import one_line_error as _one_line_error
from tests.doublets_pdf import chains_in, ladders, page_rects, page_text
from tests.pdfcheck import fonts_embedded
from tests.wordsets import assert_valid_chain


@pytest.fixture(scope="module")
def lex():
    return load()


def test_help_has_examples(run):
    assert "doublets" in run("--help").output
    for sub in ([], ["solve"], ["sheet"], ["daily"], ["jewels"], ["scorepad"]):
        res = run("doublets", *sub, "--help")
        assert res.exit_code == 0 and "Example" in res.output, sub


# --- solve -------------------------------------------------------------------------------------


def test_solve_prints_the_friendliest_chain_links_and_count(run):
    res = run("doublets", "solve", "HEAD", "tail")
    assert res.exit_code == 0, res.stderr
    sol = solve("head", "tail")
    lines = res.output.splitlines()
    assert lines[0] == " → ".join(sol.chain)
    assert lines[1] == f"4 links · one of {sol.shortest_chains} shortest chains"
    assert len(lines) == 2


def test_solve_only_chain(run):
    sol = solve("ape", "man")
    res = run("doublets", "solve", "ape", "man")
    assert sol.shortest_chains == 1
    assert res.output.splitlines()[1] == f"{sol.links} links · the only shortest chain"


def test_solve_all_lists_every_chain_or_says_how_many_were_cut(run):
    full = solve("head", "tail", limit=1000)
    res = run("doublets", "solve", "head", "tail", "--all")
    listed = [ln.split(". ", 1)[1].split(" → ") for ln in res.output.splitlines()[3:]]
    assert listed == full.chains and len(listed) == full.shortest_chains
    res = run("doublets", "solve", "head", "tail", "--all", "--limit", "3")
    lines = res.output.splitlines()
    assert [ln.split(". ", 1)[1].split(" → ") for ln in lines[3:6]] == full.chains[:3]
    assert lines[6].startswith(f"... and {full.shortest_chains - 3} more (3 of {full.shortest_chains} shown")


def test_solve_json(run, tmp_path):
    res = run("doublets", "solve", "cold", "warm", "--json", "s.json")
    assert res.exit_code == 0
    data = json.loads((tmp_path / "s.json").read_text())
    assert sorted(data) == ["chain", "links", "shortest_chains"]
    sol = solve("cold", "warm")
    assert data == {"chain": sol.chain, "links": 3, "shortest_chains": sol.shortest_chains}


def _blocked_word(lex) -> str:
    return min(w for w in blocklist() if len(w) == 4 and w.isalpha() and w not in lex)


@pytest.mark.parametrize(
    "args, needles",
    [
        (["head", "tails"], ["4 letters", "5"]),
        (["hexd", "tail"], ["'hexd'", "not in the word list", "close words", "head"]),
        (["head", "head"], ["both ends"]),
        (["ab", "cd"], ["3 to 8"]),
        (["head", "tail", "--all", "--limit", "0"], ["--limit"]),
        (["head", "tail", "--json", "no/dir/s.json"], ["does not exist"]),
    ],
)
def test_solve_errors_one_line_exit_2_no_file(run, tmp_path, args, needles):
    line = _one_line_error(
        run("doublets", "solve", *args, *(["--json", "s.json"] if "--json" not in args else []))
    )
    for needle in needles:
        assert needle in line, line
    assert _files(tmp_path) == []


def test_solve_says_why_a_word_is_refused(run, lex):
    word = _blocked_word(lex)
    line = _one_line_error(run("doublets", "solve", word, "tail"))
    assert "blocklist" in line


# --- sheets ------------------------------------------------------------------------------------


def check_ladders_match_puzzles(pdf: Path, page: int, puzzles: list[dict]) -> None:
    """Every puzzle appears once as a ladder: its two ends in letter cells, exactly par blank rungs
    between them, all rungs as wide as the words."""
    found = ladders(pdf, page)
    assert len(found) == len(puzzles)
    by_ends = {(lad.top, lad.bottom): lad for lad in found}
    for p in puzzles:
        lad = by_ends[(p["start"].upper(), p["end"].upper())]
        assert lad.blanks == p["par"], p
        assert len(lad.rungs) == p["par"] + 2
        assert all(not r.letters for r in lad.rungs[1:-1])
        assert {r.cells for r in lad.rungs} == {len(p["start"])}
        assert lad.rungs[0].cell >= sheet_draw.CELL_MIN - 1e-6


def check_key_text(text: str, puzzles: list[dict], lex) -> None:
    """The key shows each puzzle's friendliest chain (valid, par + 2 words) and its chain count."""
    chains = chains_in(text)
    for p in puzzles:
        assert p["chain"] in chains, p["chain"]
        assert_valid_chain(p["chain"], lex, p["start"], p["end"], p["par"])
        assert draw.count_text(p["shortest_chains"]) in text
    assert len(chains) == len(puzzles)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_sheet_with_key_on_its_own_page(run, tmp_path, lex, paper):
    res = run("doublets", "sheet", "--paper", paper, "--seed", "4", "--json", "s.json")
    assert res.exit_code == 0, res.stderr
    pdf = tmp_path / "output" / "doublets-sheet.pdf"
    reader = PdfReader(str(pdf))
    assert len(reader.pages) == 2
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(PAPERS[paper])
    data = json.loads((tmp_path / "s.json").read_text())
    puzzles = data["puzzles"]
    assert len(puzzles) == 8
    assert [sorted(p) for p in puzzles] == [
        ["chain", "end", "par", "prompt", "relation", "shortest_chains", "start"]
    ] * 8
    check_ladders_match_puzzles(pdf, 0, puzzles)
    first = page_text(pdf, 0)
    assert "Doublets" in first and "No. 4" in first and "every rung must be a real" in first
    assert "no word may appear twice" in " ".join(first.split())
    for p in puzzles:
        assert f"{p['par']} links" in first
    assert chains_in(first) == []  # no answers on the puzzle page
    check_key_text(page_text(pdf, 1), puzzles, lex)
    assert all(fonts_embedded(pdf).values())


def test_sheet_fiendish_7_letters_key_at_the_foot_upside_down(run, tmp_path, lex):
    res = run(
        "doublets",
        "sheet",
        "--difficulty",
        "fiendish",
        "--length",
        "7",
        "--key",
        "bottom",
        "-o",
        "f.pdf",
        "--json",
        "f.json",
    )
    assert res.exit_code == 0, res.stderr
    pdf = tmp_path / "f.pdf"
    assert len(PdfReader(str(pdf)).pages) == 1
    puzzles = json.loads((tmp_path / "f.json").read_text())["puzzles"]
    assert {model.difficulty_of(p["par"], p["shortest_chains"]) for p in puzzles} == {"fiendish"}
    check_ladders_match_puzzles(pdf, 0, puzzles)
    upside_down = page_text(pdf, 0, 180)
    assert upside_down.startswith("Answers")
    check_key_text(upside_down, puzzles, lex)
    assert chains_in(page_text(pdf, 0, 0)) == []
    # The key band sits below every ladder.
    plan = sheet_draw.plan_sheet(make_sheet(8, 7, "fiendish", seed=1), get_paper("letter"), "bottom")
    assert len(plan) == 1 and plan[0].band > 0
    lowest_cell = min(r[1] for r in page_rects(pdf, 0) if abs(r[2] - r[3]) < 0.01)
    assert lowest_cell > draw.MARGIN + plan[0].band


def test_sheet_easy_3_letters_no_key_a4(run, tmp_path):
    res = run(
        "doublets",
        "sheet",
        "--difficulty",
        "easy",
        "--length",
        "3",
        "--key",
        "none",
        "--paper",
        "a4",
        "-o",
        "e.pdf",
        "--json",
        "e.json",
    )
    assert res.exit_code == 0
    pdf = tmp_path / "e.pdf"
    assert len(PdfReader(str(pdf)).pages) == 1
    puzzles = json.loads((tmp_path / "e.json").read_text())["puzzles"]
    check_ladders_match_puzzles(pdf, 0, puzzles)
    assert page_text(pdf, 0, 180).strip() == ""


def test_sheet_links_range_and_date(run, tmp_path):
    res = run(
        "doublets", "sheet", "--links", "5-6", "--date", "2025-03-01", "--count", "4", "--json", "l.json"
    )
    assert res.exit_code == 0, res.stderr
    pdf = (
        tmp_path / "output" / "doublets-sheet-2025-03-01.pdf"
    )  # doublets-KIND-DATE, as daily names its files
    data = json.loads((tmp_path / "l.json").read_text())
    assert data["date"] == "2025-03-01" and data["links"] == [5, 6]
    assert {p["par"] for p in data["puzzles"]} <= {5, 6}
    assert "Saturday 1 March 2025" in page_text(pdf, 0)
    check_ladders_match_puzzles(pdf, 0, data["puzzles"])


def test_many_puzzles_go_onto_several_pages_keeping_cells_big_enough(run, tmp_path):
    res = run(
        "doublets",
        "sheet",
        "--count",
        "20",
        "--length",
        "6",
        "--difficulty",
        "hard",
        "-o",
        "m.pdf",
        "--json",
        "m.json",
    )
    assert res.exit_code == 0
    pdf = tmp_path / "m.pdf"
    puzzles = json.loads((tmp_path / "m.json").read_text())["puzzles"]
    n = len(PdfReader(str(pdf)).pages)
    seen = []
    for page in range(n):
        found = ladders(pdf, page)
        seen += [(lad.top.lower(), lad.bottom.lower()) for lad in found]
    assert sorted(seen) == sorted((p["start"], p["end"]) for p in puzzles)


@pytest.mark.parametrize(
    "args, needle",
    [
        (["--links", "3-x"], "--links"),
        (["--links", "6-3"], "--links"),
        (["--links", "3-5", "--difficulty", "hard"], "not both"),
        (["--seed", "3", "--date", "2025-01-01"], "not both"),
        (["--date", "1/2/2025"], "YYYY-MM-DD"),
        (["--count", "0"], "--count"),
        (["--length", "9"], "--length"),
        (["--difficulty", "brutal"], "--difficulty"),
        (["--key", "top"], "--key"),
    ],
)
def test_sheet_errors_one_line_exit_2_no_file(run, tmp_path, args, needle):
    line = _one_line_error(run("doublets", "sheet", *args, "--json", "x.json"))
    assert needle in line, line
    assert _files(tmp_path) == []


def _fill_colours(pdf: Path) -> set[tuple[float, ...]]:
    """Every fill colour ('r g b rg') set on any page."""
    out = set()
    for page in PdfReader(str(pdf)).pages:
        for line in page.get_contents().get_data().decode("latin-1").splitlines():
            if line.endswith(" rg"):
                out.add(tuple(round(float(v), 3) for v in line.split()[:3]))
    return out


@pytest.mark.parametrize("command", [["sheet"], ["jewels"], ["scorepad"]])
def test_ink_saver_has_no_tinted_fills(run, tmp_path, command):
    run("doublets", *command, "-o", "a.pdf")
    run("doublets", *command, "-o", "b.pdf", "--ink-saver")
    tint = tuple(round(v, 3) for v in DEFAULT.tint)
    assert tint in _fill_colours(tmp_path / "a.pdf")
    assert _fill_colours(tmp_path / "b.pdf") <= {(0.0, 0.0, 0.0), (0.38, 0.38, 0.38)}


# --- daily -------------------------------------------------------------------------------------


def test_a_week_of_daily_sheets_is_deterministic(run, tmp_path, lex):
    res = run("doublets", "daily", "--from", "2025-12-29", "--days", "7", "--json", "d.json")
    assert res.exit_code == 0, res.stderr
    names = [f"output/daily/doublets-daily-{d}.pdf" for d in [
        "2025-12-29", "2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04"
    ]]  # fmt: skip
    assert _files(tmp_path) == sorted(["d.json", *names])
    data = json.loads((tmp_path / "d.json").read_text())
    assert [d["date"] for d in data["days"]] == [n[-14:-4] for n in names]
    first = tmp_path / names[0]
    check_ladders_match_puzzles(first, 0, data["days"][0]["puzzles"])
    check_key_text(page_text(first, 1), data["days"][0]["puzzles"], lex)
    assert "Monday 29 December 2025" in page_text(first, 0)
    # Same date, same bytes; another run into another directory.
    run("doublets", "daily", "--from", "2025-12-31", "--days", "2", "-o", "again")
    for day in ("2025-12-31", "2026-01-01"):
        a = (tmp_path / "output" / "daily" / f"doublets-daily-{day}.pdf").read_bytes()
        b = (tmp_path / "again" / f"doublets-daily-{day}.pdf").read_bytes()
        assert a == b
    # And the daily sheet is the model's sheet for that date.
    assert data["days"][0]["puzzles"] == daily_sheet("2025-12-29").to_json()["puzzles"]


def test_daily_book_has_an_outline_by_month_and_day(run, tmp_path):
    res = run(
        "doublets",
        "daily",
        "--from",
        "2025-01-30",
        "--days",
        "4",
        "--book",
        "-o",
        "book.pdf",
        "--key",
        "bottom",
    )
    assert res.exit_code == 0, res.stderr
    reader = PdfReader(str(tmp_path / "book.pdf"))
    assert len(reader.pages) == 4
    outline = reader.outline
    titles = [o.title if not isinstance(o, list) else [x.title for x in o] for o in outline]
    assert titles == [
        "January 2025",
        ["Thu 30 January", "Fri 31 January"],
        "February 2025",
        ["Sat 1 February", "Sun 2 February"],
    ]
    # The book's page for a day shows the same puzzles as that day's own file.
    run("doublets", "daily", "--from", "2025-02-01", "--days", "1", "--key", "bottom", "--json", "one.json")
    one = json.loads((tmp_path / "one.json").read_text())["days"][0]["puzzles"]
    check_ladders_match_puzzles(tmp_path / "book.pdf", 2, one)


@pytest.mark.parametrize(
    "args, needle",
    [
        (["--from", "2025-02-30"], "--from"),
        (["--from", "2025-01-01", "--days", "0"], "--days"),
        (["--from", "2025-01-01", "--seed", "3"], "--seed"),
        (["--from", "2025-01-01", "--count", "0"], "--count"),
        (["--from", "2025-01-01", "-o", "week.pdf"], "--book"),
        (["--from", "2025-01-01", "-o", "week.PDF"], "--book"),
    ],
)
def test_daily_errors(run, tmp_path, args, needle):
    line = _one_line_error(run("doublets", "daily", *args))
    assert needle in line
    assert _files(tmp_path) == []


# --- Jewels ------------------------------------------------------------------------------------


def recompute_score(chain: dict) -> int:
    """Marks for a chain by the rules, from its words alone: a Jewel at an end scores its letters,
    a set Jewel (between two others, or anywhere on a Necklace) double, each link -1."""
    words, jewels = chain["words"], set(chain["jewels"])
    links = [w for w in words if w not in jewels]
    total = -len(links)
    for i, w in enumerate(words):
        if w not in jewels:
            continue
        at_end = not chain["necklace"] and i in (0, len(words) - 1)
        total += len(w) * (1 if at_end else 2)
    return total


@pytest.mark.parametrize("players,paper", [(2, "letter"), (5, "a4")])
def test_jewels_sheet_and_key(run, tmp_path, lex, players, paper):
    res = run(
        "doublets", "jewels", "--players", str(players), "--seed", "3", "--paper", paper, "--json", "j.json"
    )
    assert res.exit_code == 0, res.stderr
    pdf = tmp_path / "output" / "doublets-jewels.pdf"
    assert len(PdfReader(str(pdf)).pages) == 2
    data = json.loads((tmp_path / "j.json").read_text())
    words = data["jewels"]
    assert len(words) == 12 and sorted(len(w) for w in words) == [3] * 4 + [4] * 4 + [5] * 4
    # The Jewels are printed in letter cells on the sheet.
    rungs = [lad.rungs[0].letters for lad in ladders(pdf, 0)]
    assert sorted(rungs) == sorted(w.upper() for w in words)
    sheet_text = page_text(pdf, 0)
    flat = " ".join(sheet_text.split())
    assert "never twice in the same chain" in flat and "Each Jewel may be used once" in flat
    assert "withdraw the faulty part" in flat
    if players == 2:
        assert "Player 1's Jewels" in sheet_text and "Player 2's Jewels" in sheet_text
    else:
        assert all(f"player {k}" in sheet_text for k in range(1, 5))
    # Key: every chain valid, each score recomputed from the words, the total printed.
    key = data["key"]
    total = 0
    used = set()
    for ch in key["chains"]:
        ws = ch["words"] + ([ch["words"][0]] if ch["necklace"] else [])
        assert all(w in lex for w in ch["words"])
        assert all(
            sum(a != b for a, b in zip(x, y, strict=True)) == 1 for x, y in zip(ws, ws[1:], strict=False)
        )
        assert len(set(ch["words"])) == len(ch["words"])
        assert not used & set(ch["jewels"])
        used |= set(ch["jewels"])
        assert recompute_score(ch) == ch["score"]
        total += ch["score"]
    assert total == key["score"]
    assert any(ch["necklace"] for ch in key["chains"])
    key_text = page_text(pdf, 1)
    assert f"= {key['score']} marks" in key_text or f"{key['score']} marks" in key_text
    for ch in key["chains"]:
        assert f"= {ch['score']}" in key_text
        printed = [c for c in chains_in(key_text) if c[: len(ch["words"])] == ch["words"]]
        assert printed, ch["words"]


def test_jewels_errors(run, tmp_path):
    assert "--players" in _one_line_error(run("doublets", "jewels", "--players", "1"))
    assert "--players" in _one_line_error(run("doublets", "jewels", "--players", "13"))
    assert _files(tmp_path) == []


# --- scoring paper -----------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_two_player_scorepad(run, tmp_path, paper):
    res = run("doublets", "scorepad", "--paper", paper, "--json", "p.json")
    assert res.exit_code == 0
    pdf = tmp_path / "output" / "doublets-scorepad-2.pdf"
    data = json.loads((tmp_path / "p.json").read_text())
    per = data["games_per_page"]
    assert per >= 4 and data["pages"] == 1 and data["games"] == per
    text = page_text(pdf, 0)
    for word in ("Names", "Declarations", "Marks", "Jewels", "Total"):
        assert text.count(word) >= per, word
    assert text.count("Game") == per and "President" not in text
    flat = " ".join(text.split())
    # the rules of marking, as the paper states them (rules for two players)
    assert "decision 2 to the first to declare links (I, or II when I abandoned)" in flat
    assert "Correct chains only" in flat
    assert "Neither chain correct: decision 2 to the first to abandon" in flat
    assert "null with more links than declared, or if not written out" in flat
    assert "null chain is measured as the correct one plus two links" in flat
    assert "No word twice in one chain" in flat


def test_round_game_scorepad_and_games(run, tmp_path):
    res = run("doublets", "scorepad", "--players", "5", "--games", "7", "--json", "p.json")
    assert res.exit_code == 0
    data = json.loads((tmp_path / "p.json").read_text())
    assert data["president"] and data["decision_marks"] == [5, 4, 3, 2, 2] and data["abandon_marks"] == [4, 2]
    per = data["games_per_page"]
    assert data["pages"] == math.ceil(7 / per)
    pdf = tmp_path / "output" / "doublets-scorepad-5.pdf"
    reader = PdfReader(str(pdf))
    assert len(reader.pages) == data["pages"]
    texts = [page_text(pdf, i) for i in range(len(reader.pages))]
    assert sum(t.count("Date") for t in texts) == 7  # one game line each
    assert all(t.count("President") == t.count("Date") + 1 for t in texts)  # + the header line
    assert all("decision 5 4 3 2 2" in t and "abandon 4 2" in t for t in texts)
    flat = " ".join(texts[0].split())
    assert (
        "Correct chains only: decision by place in Declarations, I 5, II 4, III 3, IV 2, V 2 (never under 2"
        in flat
    )
    assert "No correct chain: decision 4 to the first to abandon, 2 to the next" in flat
    assert "null with more links than declared" in flat
    assert "null chain is measured as the longest correct one plus two links" in flat


@pytest.mark.parametrize("args", [["--players", "1"], ["--players", "13"], ["--games", "0"]])
def test_scorepad_errors(run, tmp_path, args):
    _one_line_error(run("doublets", "scorepad", *args))
    assert _files(tmp_path) == []


# --- the pack ----------------------------------------------------------------------------------


def _opts(paper: str = "letter") -> PrintOptions:
    return PrintOptions(
        paper=get_paper(paper),
        output=None,
        seed=2,
        json_path=None,
        png_dir=None,
        style=get_style(False),
        card=get_card("poker"),
        bleed=0.0,
        back_offset=(0.0, 0.0),
        duplex="long",
    )


def test_pack_section():
    title, pages, content = pack_section(_opts())
    assert title == "Doublets"
    assert [p.bookmark for p in pages if p.bookmark] == ["Puzzle sheet", "Jewels", "Scoring paper"]
    assert sorted(content) == ["jewels", "round_scorepad", "scorepad", "sheet"]
    sheet = content["sheet"]
    assert len(sheet["puzzles"]) == 8 and sheet["length"] in (4, 5)
    assert sheet["difficulty"] in ("medium", "mixed")


def test_pack_section_has_both_scoring_papers_unless_players_are_given():
    """Issue 36: without --players the pack carries the two-player paper and, beside it, the round
    game's paper for 3 to 6, its decision marks given as the rule; with --players, that count's."""
    from dataclasses import replace

    _, pages, content = pack_section(_opts())
    assert content["scorepad"]["players"] == 2 and not content["scorepad"]["president"]
    round_pad = content["round_scorepad"]
    assert round_pad["president"] and round_pad["any_count"] and round_pad["rows"] == 6
    assert any(
        "as many marks as there are players" in n and "I 4, II 3, III 2, IV 2" in n
        for n in round_pad["notes"]
    )
    labels = [p.label for p in pages]
    assert labels.count("Doublets scoring paper") == 2
    _, pages3, content3 = pack_section(replace(_opts(), players=3))
    assert "round_scorepad" not in content3 and content3["scorepad"]["decision_marks"] == [3, 2, 2]
    assert [p.label for p in pages3].count("Doublets scoring paper") == 1


def test_pack_puts_doublets_first_among_the_games(run, tmp_path):
    res = run("pack", "-o", "pack.pdf", "--json", "pack.json")
    assert res.exit_code == 0
    titles = [o.title for o in PdfReader(str(tmp_path / "pack.pdf")).outline if not isinstance(o, list)]
    assert titles[:4] == ["Contents", "Print guide", "Calibration sheet", "Doublets"]
    assert "doublets" in json.loads((tmp_path / "pack.json").read_text())


# --- conventions: no chain is an answer, daily defaults and names -----------------------------


def _neighbours(word: str, words: set[str]) -> list[str]:
    return [
        word[:i] + c + word[i + 1 :]
        for i in range(len(word))
        for c in "abcdefghijklmnopqrstuvwxyz"
        if c != word[i] and word[:i] + c + word[i + 1 :] in words
    ]


def test_solve_no_chain_is_an_answer_exit_1(run, tmp_path, lex):
    # Independent oracle: neither word has a single one-letter neighbour in the lexicon.
    words = set(lex.words("broad", 4))
    assert "ugly" in words and "ebbs" in words
    assert _neighbours("ugly", words) == [] and _neighbours("ebbs", words) == []
    res = run("doublets", "solve", "ugly", "ebbs", "--json", "s.json")
    assert res.exit_code == 1
    assert res.stderr == ""
    assert res.stdout.startswith("no chain joins 'ugly' and 'ebbs'") and len(res.stdout.splitlines()) == 1
    data = json.loads((tmp_path / "s.json").read_text())
    assert data == {"chain": None, "links": None, "shortest_chains": 0}


def test_daily_starts_today_by_default(run, tmp_path):
    import datetime as dt

    before = dt.date.today()
    res = run("doublets", "daily", "--days", "2", "--json", "d.json")
    after = dt.date.today()
    assert res.exit_code == 0, res.output
    days = [d["date"] for d in json.loads((tmp_path / "d.json").read_text())["days"]]
    start = dt.date.fromisoformat(days[0])
    assert start in (before, after)
    assert days[1] == (start + dt.timedelta(days=1)).isoformat()


def test_daily_files_and_book_share_one_naming_scheme(run, tmp_path):
    assert run("doublets", "daily", "--from", "2025-03-01", "--days", "2").exit_code == 0
    assert run("doublets", "daily", "--from", "2025-03-01", "--days", "2", "--book").exit_code == 0
    assert run("doublets", "daily", "--from", "2025-03-05", "--days", "1", "--book").exit_code == 0
    assert _files(tmp_path) == [
        "output/daily/doublets-daily-2025-03-01.pdf",
        "output/daily/doublets-daily-2025-03-02.pdf",
        "output/doublets-daily-2025-03-01_to_2025-03-02.pdf",
        "output/doublets-daily-2025-03-05.pdf",
    ]


def test_daily_pdf_name_without_book_suggests_book(run, tmp_path):
    line = _one_line_error(run("doublets", "daily", "--days", "2", "-o", "year.pdf"))
    assert "add --book" in line and "'year.pdf'" in line
    assert _files(tmp_path) == [] and not (tmp_path / "year.pdf").exists()


def test_solve_says_when_every_shortest_chain_needs_an_unprinted_word(run, tmp_path):
    res = run("doublets", "solve", "eel", "pie", "--json", "s.json")
    assert res.exit_code == 0, res.stderr
    lines = res.stdout.splitlines()
    assert lines[0].split(" → ")[0] == "eel" and "would not print" in res.stdout
    data = json.loads((tmp_path / "s.json").read_text())
    assert data["unprintable"] and all(w in data["chain"] for w in data["unprintable"])
    clean = data["clean_chain"]
    assert clean[0] == "eel" and clean[-1] == "pie" and len(clean) > len(data["chain"])
    assert " → ".join(clean) in res.stdout
    lex = load()
    assert all(lex.printable(w) for w in clean[1:-1])
    plain = run("doublets", "solve", "pig", "sty")  # a chain of printed words: nothing more to say
    assert plain.exit_code == 0 and "would not print" not in plain.stdout
