"""Never touch what is not ours (issue 37): the temporary-file sweep, paths naming an open
descriptor, settings edits, bounded templates, one validation of every template field, and the
messages. Every test here failed on the code before the issue was fixed."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from tests.clicheck import one_line_error
from tests.test_file_safety import ROOT, _as_nobody, _lane, shared_dir  # noqa: F401  (a fixture)

OLD = time.time() - 3 * 86400


def _age(*paths: Path) -> None:
    for p in paths:
        os.utime(p, (OLD, OLD), follow_symlinks=False)


# -- 1. the temporary-file sweep ------------------------------------------------------------------


def _look_alikes(d: Path) -> list[Path]:
    """The user's files and folders shaped like parlour's temporaries, three days old."""
    album = d / ".photos.20230615.part" / "album"
    album.mkdir(parents=True)
    (album / "img.jpg").write_text("x")
    made = [d / ".photos.20230615.part", album / "img.jpg"]
    for name in (
        ".thesis.chapter1.part",
        ".c.pdf.abcd_123.part",  # the old naming, without a marker
        ".c.pdf.parlour-abcd_123.part",  # today's naming, without a marker
        ".d.pdf.parlour-abcd_124.part",  # a marker that does not name it
        ".d.pdf.parlour-abcd_124.part.mark",
        ".e.pdf.parlour-abcd_125.part.mark",  # a marker-shaped file of the user's words
    ):
        (d / name).write_text("notes")
    (d / ".dir.pdf.parlour-abcd_126.part").mkdir()  # a folder of parlour's naming: never swept
    made += [
        d / n for n in (".thesis.chapter1.part", ".c.pdf.abcd_123.part", ".dir.pdf.parlour-abcd_126.part")
    ]
    made += [d / ".c.pdf.parlour-abcd_123.part", d / ".d.pdf.parlour-abcd_124.part"]
    made += [d / ".d.pdf.parlour-abcd_124.part.mark", d / ".e.pdf.parlour-abcd_125.part.mark"]
    (d / ".d.pdf.parlour-abcd_124.part.mark").write_text(
        "parlour's temporary beside this marker: safe to delete\n1:2\n"
    )
    _age(*made)
    return made


@pytest.mark.parametrize(
    "args",
    [
        ["calibrate", "-o", "out.pdf"],
        ["calibrate", "-o", "out.pdf", "--png", "p", "--json", "c.json"],
        ["templates", "export", "t"],
        ["doublets", "daily", "--from", "2025-01-01", "--days", "1", "-o", "."],
    ],
    ids=["-o", "--png", "export", "daily"],
)
def test_the_sweep_leaves_the_users_look_alikes(run, tmp_path, args):
    made = _look_alikes(tmp_path)
    res = run(*args)
    assert res.exit_code == 0, res.output
    assert all(os.path.lexists(p) for p in made), sorted(p.name for p in made if not p.exists())
    assert (tmp_path / ".photos.20230615.part" / "album" / "img.jpg").read_text() == "x"


def test_the_system_temp_folder_is_swept_only_of_parlours_own(run, tmp_path, monkeypatch):
    """`-o -` stages in $TMPDIR: a file there of the old naming (anyone's) stays."""
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    theirs = [tmp / "parlour.abcd1234.part", tmp / ".parlour.parlour-abcd1234.part"]
    for p in theirs:
        p.write_text("someone else's")
    _age(*theirs)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp))
    res = run("calibrate", "-o", "-")
    assert res.exit_code == 0 and res.stdout_bytes.startswith(b"%PDF-")
    assert sorted(p.name for p in tmp.iterdir()) == sorted(p.name for p in theirs)


def test_parlours_own_leftovers_are_swept(run, tmp_path):
    """A temporary parlour staged (with its marker) and a run killed outright left: gone with
    the next run that writes beside it, once a day old; a fresh one stays."""
    from generator.press.output import MARK_SUFFIX, stage_file

    old = stage_file(tmp_path, "c.pdf")
    old.write_bytes(b"half a pdf")  # (a write keeps the inode the marker names)
    fresh = stage_file(tmp_path, "d.pdf")
    orphan = stage_file(tmp_path, "e.pdf")
    orphan.unlink()
    _age(old, Path(str(old) + MARK_SUFFIX), Path(str(orphan) + MARK_SUFFIX))
    assert run("calibrate", "-o", "c.pdf").exit_code == 0
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted(["c.pdf", fresh.name, fresh.name + MARK_SUFFIX]), left


def test_a_killed_run_leaves_a_leftover_the_next_run_recognises(tmp_path):
    """SIGKILL mid-run: what is left is a marked temporary, which the sweep (once it is old) removes."""
    import signal

    proc = subprocess.Popen(
        [sys.executable, "-m", "generator", "rules", "-o", "r.pdf", "--png", "p"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stderr=subprocess.DEVNULL,
    )
    deadline = time.time() + 120

    def marked() -> bool:  # a marker with its text (a kill between creating and filling it
        # leaves a temporary parlour cannot prove its own, which is never swept: the safe side)
        for p in tmp_path.glob("*.mark"):
            try:
                if p.read_text().count("\n") == 2:
                    return True
            except OSError:
                pass
        return False

    while time.time() < deadline and not marked():
        time.sleep(0.01)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    left = [p for p in tmp_path.iterdir() if p.is_file()]
    assert left, "the run ended before it staged anything"
    _age(*left)
    assert _lane("calibrate", "-o", "c.pdf", cwd=tmp_path).returncode == 0
    assert not any(p.is_file() and p.name != "c.pdf" for p in tmp_path.iterdir())


# -- 2. paths naming an open descriptor -------------------------------------------------------------


CHECK = ["chimera", "check", "SIX", "HEART", "SHIRT"]


@pytest.mark.parametrize("name", ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1", "link", "/dev/./stdout"])
def test_a_descriptor_name_appends_to_a_redirect(tmp_path, name):
    """`--json /dev/stdout >> log.txt`: the earlier content and parlour's own line stay."""
    (tmp_path / "link").symlink_to("/dev/stdout")
    log = tmp_path / "log.txt"
    log.write_text("previous\n")
    with open(log, "ab") as out:
        proc = _lane(*CHECK, "--json", name, cwd=tmp_path, stdout=out)
    assert proc.returncode == 0, proc.stderr
    text = log.read_text()
    assert text.startswith("previous\n"), text
    rest = text[len("previous\n") :]
    line, _, data = rest.partition("\n")
    assert "six" in line.lower() and json.loads(data)["answer"]


def test_a_descriptor_name_inside_a_grouped_redirect(tmp_path):
    script = f"{{ echo header; {sys.executable} -m generator {' '.join(CHECK)} --json /dev/stdout; echo footer; }} > report.txt"
    proc = subprocess.run(
        ["bash", "-c", script], cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=300
    )
    assert proc.returncode == 0
    lines = (tmp_path / "report.txt").read_text().splitlines()
    assert lines[0] == "header" and lines[-1] == "footer" and len(lines) > 4, lines


def test_stderr_and_other_descriptors_are_written_through(tmp_path):
    """`-o /dev/fd/3 3>>three.txt --json /dev/stderr 2>>err.txt`: both appended, nothing replaced."""
    (tmp_path / "err.txt").write_text("before\n")
    (tmp_path / "three.txt").write_text("kept\n")
    script = (
        f"{sys.executable} -m generator rules doublets -o /dev/fd/3 --json /dev/stderr "
        "3>>three.txt 2>>err.txt"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(["bash", "-c", script], cwd=tmp_path, env=env, timeout=300)
    err = (tmp_path / "err.txt").read_text()
    assert proc.returncode == 0, err
    assert err.startswith("before\n{"), err[:200]
    data = (tmp_path / "three.txt").read_bytes()
    assert data.startswith(b"kept\n%PDF-") and data.rstrip().endswith(b"%%EOF")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["err.txt", "three.txt"]


def test_standard_input_named_as_an_output_is_refused(tmp_path):
    src = tmp_path / "in.txt"
    src.write_text("mine\n")
    with open(src, "rb") as stdin:
        proc = _lane(*CHECK, "--json", "/dev/stdin", cwd=tmp_path, stdin=stdin)
    assert proc.returncode == 2 and b"standard input" in proc.stderr, proc.stderr
    assert src.read_text() == "mine\n"


def test_a_closed_descriptor_is_one_line(run, tmp_path):
    line = one_line_error(run(*CHECK, "--json", "/dev/fd/97"))
    assert "descriptor 97" in line and "not open" in line


# -- 12. a second run leaves only what parlour lists ----------------------------------------------


def test_a_smaller_deck_leaves_only_its_own_images(run, tmp_path):
    (tmp_path / "C").mkdir()
    (tmp_path / "C" / "mine.png").write_bytes(b"the user's")
    assert run("riddle-craft", "deck", "--cards", "C", "--dpi", "72", "-o", "r.pdf").exit_code == 0
    first = {p.name for p in (tmp_path / "C").glob("*.png")}
    small = tmp_path / "m.csv"
    small.write_text("text,kind\nI have stripes,looks\nI hum in the dark,does\nI live in a shoe,where\n")
    assert (
        run(
            "riddle-craft", "deck", "--fragments", "m.csv", "--cards", "C", "--dpi", "72", "-o", "r.pdf"
        ).exit_code
        == 0
    )
    with open(tmp_path / "C" / "cards.csv", encoding="utf-8") as f:
        listed = {row["file"] for row in csv.DictReader(f)}
    pngs = {p.name for p in (tmp_path / "C").glob("*.png")}
    assert len(first) > len(listed) + 1
    assert pngs == listed | {"mine.png"}
    assert (tmp_path / "C" / "mine.png").read_bytes() == b"the user's"


def test_fewer_pages_leave_only_this_runs_previews(run, tmp_path):
    (tmp_path / "P").mkdir()
    (tmp_path / "P" / "r-099.png").write_bytes(b"the user's")
    assert run("rules", "--png", "P", "-o", "r.pdf").exit_code == 0
    many = len(list((tmp_path / "P").glob("r-*.png")))
    assert run("rules", "doublets", "--png", "P", "-o", "r.pdf").exit_code == 0
    names = sorted(p.name for p in (tmp_path / "P").glob("*.png"))
    assert many > 4 and names == ["r-001.png", "r-002.png", "r-099.png"], names


# -- 3, 8. settings edits, ~user paths, loops of links -------------------------------------------


SAVED = {
    "multi-line array": (
        'paper = "a4"\nback_offset = [\n  1.5,\n  -0.5,\n]\n',
        'paper = "a4"\nback_offset = "2,3"\n',
    ),
    "quoted key": (
        '"paper" = "a4"\n"back_offset" = "1,1"  # measured in May\n',
        '"paper" = "a4"\n"back_offset" = "2,3"  # measured in May\n',
    ),
    "U+2028 in a comment": (
        'paper = "a4"  # note\u2028here\nback_offset = "1,1"\n',
        'paper = "a4"  # note\u2028here\nback_offset = "2,3"\n',
    ),
    "literal strings and no newline at the end": (
        "# mine\n'spelling' = 'uk'",
        "# mine\n'spelling' = 'uk'\nback_offset = \"2,3\"\n",
    ),
    "CRLF line ends": (
        'paper = "a4"\r\nback_offset = "1,1"\r\n',
        'paper = "a4"\r\nback_offset = "2,3"\r\n',
    ),
}


@pytest.mark.parametrize("before, after", SAVED.values(), ids=SAVED.keys())
def test_save_keeps_a_valid_settings_file_valid(run, tmp_path, monkeypatch, before, after):
    settings = tmp_path / "c.toml"
    settings.write_bytes(before.encode())
    monkeypatch.setenv("PARLOUR_CONFIG", str(settings))
    res = run("calibrate", "--save", "2,3")
    assert res.exit_code == 0, res.output
    assert settings.read_bytes().decode() == after
    shown = run("config")
    assert shown.exit_code == 0, shown.output
    assert "back_offset  2,3" in shown.stdout.replace("   ", "  ")
    assert run("calibrate", "-o", "c.pdf").exit_code == 0


def test_a_save_that_would_not_read_back_is_refused(run, tmp_path, monkeypatch):
    """The new text is read back before it replaces the file: a writer that lost a key is caught."""
    import tomlkit

    settings = tmp_path / "c.toml"
    settings.write_text('paper = "a4"\nspelling = "uk"\n')
    monkeypatch.setenv("PARLOUR_CONFIG", str(settings))
    monkeypatch.setattr(tomlkit, "dumps", lambda doc: 'back_offset = "2,3"\n')
    line = one_line_error(run("calibrate", "--save", "2,3"))
    assert str(settings) in line and "line" in line and "by hand" in line
    assert settings.read_text() == 'paper = "a4"\nspelling = "uk"\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.toml"]


@pytest.mark.parametrize("args", [["calibrate", "--save", "2,3"], ["config"], ["calibrate", "-o", "c.pdf"]])
def test_a_settings_file_linked_to_itself_is_one_line(run, tmp_path, monkeypatch, args):
    (tmp_path / "loop.toml").symlink_to("loop.toml")
    monkeypatch.setenv("PARLOUR_CONFIG", str(tmp_path / "loop.toml"))
    line = one_line_error(run(*args))
    assert "loop" in line and "not there yet" not in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["loop.toml"]


def test_a_settings_link_loop_as_nobody(shared_dir, monkeypatch):  # noqa: F811  (the fixture)
    (shared_dir / "a.toml").symlink_to("b.toml")
    (shared_dir / "b.toml").symlink_to("a.toml")
    monkeypatch.setenv("PARLOUR_CONFIG", str(shared_dir / "a.toml"))
    code, err = _as_nobody(["calibrate", "--save", "1,2"], shared_dir)
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert code == 2 and len(lines) == 1 and "loop" in lines[0], err


@pytest.mark.parametrize(
    "args, env",
    [
        (["config"], {"PARLOUR_CONFIG": "~nosuchuser/x"}),
        (["calibrate", "--save", "1,2"], {"PARLOUR_CONFIG": "~nosuchuser/x"}),
        (["rules", "doublets", "--templates", "~nosuchuser/x"], {}),
        (["rules", "doublets"], {"PARLOUR_TEMPLATES": "~nosuchuser/x"}),
        (["templates", "export", "~nosuchuser/x"], {}),
    ],
    ids=["config", "save", "--templates", "PARLOUR_TEMPLATES", "export"],
)
def test_a_home_that_is_not_there_is_one_line(run, tmp_path, monkeypatch, args, env):
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    line = one_line_error(run(*args))
    assert "~nosuchuser" in line
    assert list(tmp_path.iterdir()) == []


# -- 5. standard error closed or full ---------------------------------------------------------------


@pytest.mark.parametrize("stderr", ["closed", "full"])
def test_an_unwritable_stderr_loses_no_output(tmp_path, stderr):
    kw: dict = {"preexec_fn": lambda: os.close(2)} if stderr == "closed" else {}
    with open("/dev/full", "wb") as full:
        if stderr == "full":
            kw["stderr"] = full
        proc = _lane("calibrate", "-o", "a.pdf", "--json", "a.json", cwd=tmp_path, **kw)
    assert proc.returncode == 0
    data = (tmp_path / "a.pdf").read_bytes()
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    assert json.loads((tmp_path / "a.json").read_text())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "a.pdf"]


def test_an_error_with_stderr_closed_still_exits_2_and_touches_no_file(tmp_path):
    """With descriptor 2 closed, the first file opened would take its number: the error message
    must not land in an output."""
    proc = _lane(
        "calibrate", "-o", "a.pdf", "--paper", "nonsense", cwd=tmp_path, preexec_fn=lambda: os.close(2)
    )
    assert proc.returncode == 2 and list(tmp_path.iterdir()) == []


# -- 6. far dates ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["doublets", "daily", "--from", "9999-01-01", "--days", "1"],
        ["doublets", "daily", "--from", "9999-12-31", "--days", "1", "--book"],
        ["doublets", "daily", "--from", "9998-12-01", "--days", "40", "--book"],
        ["words", "audit", "--from", "9999-12-31"],
        ["words", "audit", "--from", "9999-12-31", "--days", "3", "--jewels", "0", "--quick"],
    ],
    ids=["daily", "book", "runs-past", "audit", "audit-quick"],
)
def test_a_far_date_is_one_line(run, tmp_path, args):
    line = one_line_error(run(*args))
    assert "9998-12-31" in line and "--from" in line
    assert list(tmp_path.iterdir()) == []


def test_the_last_day_prints(run, tmp_path):
    assert run("doublets", "daily", "--from", "9998-12-31", "--days", "1", "-o", "d").exit_code == 0
    assert [p.name for p in (tmp_path / "d").glob("*.pdf")] == ["doublets-daily-9998-12-31.pdf"]


# -- 13, 14. a header-less CSV, messages ----------------------------------------------------------


def test_a_headerless_csv_keeps_its_first_row(run, tmp_path):
    (tmp_path / "m.csv").write_text("I am round,text\nI am soft,senses\nI am loud,looks\n")
    res = run("riddle-craft", "deck", "--fragments", "m.csv", "--json", "-", "-o", "r.pdf")
    assert res.exit_code == 0, res.output
    texts = [r["text"] for r in json.loads(res.stdout)["riddles"]]
    assert texts[:3] == ["I am round", "I am soft", "I am loud"], texts


def test_a_header_still_names_the_columns(run, tmp_path):
    (tmp_path / "m.csv").write_text("Kind,Text\nsenses,I am soft\nlooks,I am loud\nwhere,I sit on a shelf\n")
    res = run("riddle-craft", "deck", "--fragments", "m.csv", "--json", "-", "-o", "r.pdf")
    assert res.exit_code == 0, res.output
    riddles = json.loads(res.stdout)["riddles"]
    assert [(r["text"], r["kind"]) for r in riddles[:2]] == [("I am soft", "senses"), ("I am loud", "looks")]


def test_a_deleted_working_folder_is_named(tmp_path):
    gone = tmp_path / "gone"
    gone.mkdir()
    proc = subprocess.run(
        [
            "bash",
            "-c",
            f"cd {gone} && rmdir {gone} && exec {sys.executable} -m generator calibrate -o {tmp_path}/abs.pdf",
        ],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    lines = proc.stderr.splitlines()
    assert proc.returncode in (0, 2) and len(lines) == 1, proc.stderr
    assert "standard output" not in lines[0]
    assert proc.returncode == 0 or "working folder" in lines[0]


def test_one_player_asks_for_more(run):
    line = one_line_error(run("pack", "--players", "1"))
    assert "more players" in line and "fewer" not in line


@pytest.mark.parametrize(
    "name, shown",
    [
        ("esc\x1b[31mred.pdf", "esc\\x1b[31mred.pdf"),
        ("a\nb.pdf", "a\\x0ab.pdf"),
        ("bell\x07.pdf", "bell\\x07.pdf"),
        ("rtl\u202eFDP.pdf", "rtl\\u202eFDP.pdf"),
    ],
)
def test_control_characters_in_a_name_never_reach_the_terminal(tmp_path, name, shown):
    for args in (["calibrate", "-o", name], ["calibrate", "-o", f"no{name}/x.pdf"]):
        proc = _lane(*args, cwd=tmp_path)
        err = proc.stderr.decode()
        assert shown in err or repr(name)[1:-1] in err, err
        assert not any(c in err[:-1] for c in "\x1b\x07\u202e\x9b\r\n"), err
        assert err.count("\n") == 1


def test_an_undecodable_name_is_shown_escaped(tmp_path):
    proc = _lane("calibrate", "-o", os.fsdecode(b"\xff\xfe.pdf"), cwd=tmp_path)
    assert proc.returncode == 0 and b"wrote \\xff\\xfe.pdf" in proc.stderr, proc.stderr


# -- 4, 7, 9, 10. every template field checked, bounded, on every path -----------------------------


TEMPLATES_DIR = ROOT / "templates"


def _edited(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """A --templates folder holding the packaged `name` with `old` replaced by `new`."""
    text = (TEMPLATES_DIR / name).read_text(encoding="utf-8")
    assert old in text, old
    out = tmp_path / "t" / name
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path / "t"


RULES_HEAD = 'title = "T"\nfacts = "f"\n[[block]]\nkind = "diagram"\ncaption = "c"\n'
RULES = {
    "chain of two lengths": (
        "doublets",
        'diagram = "chain"\nwords = ["cold", "cord", "cards"]\njewels = ["cold"]',
    ),
    "necklace without words": ("doublets", 'diagram = "necklace"\nwords = []\njewels = []'),
    "words = 5": ("doublets", 'diagram = "chain"\nwords = 5\njewels = []'),
    "a jewel not in the chain": (
        "doublets",
        'diagram = "chain"\nwords = ["cold", "cord"]\njewels = ["warm"]',
    ),
    "an emoji word": ("doublets", 'diagram = "chain"\nwords = ["c\U0001f600ld", "cord"]\njewels = []'),
    "face = 7": (
        "chimera",
        'diagram = "chimera_card"\nface = 7\nsuit = "club"\nsymbol = "x"\ngood = ["uncle"]\nbad = []',
    ),
    'bad = [["club"]]': (
        "chimera",
        'diagram = "chimera_card"\nface = "seven"\nsuit = "club"\nsymbol = "x"\ngood = ["uncle"]\nbad = [["club"]]',
    ),
    "an emoji in good": (
        "chimera",
        'diagram = "chimera_card"\nface = "seven"\nsuit = "club"\nsymbol = "x"\ngood = ["un\U0001f600le"]\nbad = []',
    ),
    "cards = []": (
        "riddle-craft",
        'diagram = "when_riddle"\ncards = []\nmodifies = "x"\nwhen = "only when"\ncondition = "c"\nanswer = "a"',
    ),
    "modifies no card": (
        "riddle-craft",
        'diagram = "when_riddle"\ncards = ["I sing"]\nmodifies = "I hum"\nwhen = "w"\ncondition = "c"\nanswer = "a"',
    ),
}


@pytest.mark.parametrize("game, block", RULES.values(), ids=RULES.keys())
def test_a_bad_diagram_block_is_one_line(run, tmp_path, game, block):
    rules = tmp_path / "t" / "rules" / f"{game}.toml"
    rules.parent.mkdir(parents=True)
    rules.write_text(RULES_HEAD + block + "\n", encoding="utf-8")
    line = one_line_error(run("rules", game, "--templates", "t", "-o", "r.pdf"))
    assert f"{game}.toml" in line and "block 1" in line
    assert not (tmp_path / "r.pdf").exists()


BAD_TEXTS = {
    "CJK": "\u6f22\u5b57",
    "NUL": "\\u0000",
    "ESC": "\\u001b[31m",
    "emoji": "\U0001f600",
    "Hebrew": "\u05e9\u05dc\u05d5\u05dd",
    "Arabic": "\u0645\u0631\u062d\u0628\u0627",
    "RLO": "\u202e",
}


@pytest.mark.parametrize("kind", BAD_TEXTS)
@pytest.mark.parametrize(
    "cmd, name, old, new",
    [
        (["rules", "doublets"], "rules/doublets.toml", 'caption = "A Doublet', 'caption = "{} A Doublet'),
        (["riddle-craft", "deck"], "riddle_craft.toml", 'front = "only when"', 'front = "only {}"'),
        (["riddle-craft", "deck"], "riddle_craft.toml", 'symbol = "\u2611"', 'symbol = "{}"'),
        (["riddle-craft", "deck"], "riddle_craft.toml", 'title = "Your turn"', 'title = "Your {}"'),
        (["riddle-craft", "deck"], "riddle_craft.toml", '"Hands hold 5 cards.', '"Hands {} hold 5 cards.'),
        (["sorcerer", "notes"], "sorcerer_notes.toml", 'heading = "Spells"', 'heading = "Spells {}"'),
        (["sorcerer", "board"], "sorcerer_orbs.toml", 'name = "Compass rose"', 'name = "Compass {}"'),
    ],
    ids=[
        "rules-caption",
        "when-front",
        "token-symbol",
        "reference-title",
        "reference-line",
        "notes",
        "orb-name",
    ],
)
def test_text_the_fonts_cannot_print_rightly_is_refused_everywhere(run, tmp_path, cmd, name, old, new, kind):
    bad = BAD_TEXTS[kind]
    if "symbol" in old and kind in ("Hebrew", "Arabic", "ESC"):
        bad = bad[:1]  # (a symbol is at most two characters)
    _edited(tmp_path, name, old, new.format(bad))
    line = one_line_error(run(*cmd, "--templates", "t", "-o", "x.pdf"))
    assert name.split("/")[-1] in line
    assert "\x1b" not in line and "\x00" not in line
    assert not (tmp_path / "x.pdf").exists()


SIZES = {
    "[when] count = 10000000": ("count = 6\n\n# Tokens", "count = 10000000\n\n# Tokens"),
    "[when] count = 10**19": ("count = 6\n\n# Tokens", "count = 10000000000000000000\n\n# Tokens"),
    "[when] count = -1": ("count = 6\n\n# Tokens", "count = -1\n\n# Tokens"),
    "[when] count = 2.5": ("count = 6\n\n# Tokens", "count = 2.5\n\n# Tokens"),
    "[tokens.check] count = 10000000": ("value = 1\ncount = 7", "value = 1\ncount = 10000000"),
    "[tokens.check] value = true": ("value = 1\ncount = 7", "value = true\ncount = 7"),
    'reference lines = "text"': ('lines = [\n    "Round one', 'lines = "text"\nx = [\n    "Round one'),
    "reference of 150 lines": (
        'lines = [\n    "Round one',
        "lines = [" + '"a line",' * 150 + ']\nx = [\n    "Round one',
    ),
    "a 5000-character When Card": ('front = "only when"', 'front = "' + "w" * 5000 + '"'),
}


@pytest.mark.parametrize("old, new", SIZES.values(), ids=SIZES.keys())
def test_riddle_craft_template_values_are_checked_before_any_work(run, tmp_path, old, new):
    _edited(tmp_path, "riddle_craft.toml", old, new)
    line = one_line_error(run("riddle-craft", "deck", "--templates", "t", "-o", "x.pdf"))
    assert "riddle_craft.toml" in line
    assert not (tmp_path / "x.pdf").exists()


def _letters_with(tmp_path: Path, extra: str) -> Path:
    p = tmp_path / "m.toml"
    p.write_text("[letters]\n" + "\n".join(f"{c} = 4" for c in "aeioustrnlhdcm") + "\n" + extra)
    return p


LETTERS = {
    "timing = []": '[[events]]\nname = "Odd"\ncount = 1\ntiming = []\ntext = "x"\n',
    "count = 10**19": '[[events]]\nname = "Odd"\ncount = 10000000000000000000\ntiming = "keep"\ntext = "x"\n',
    'lines = "text"': '[[reference]]\ntitle = "T"\nlines = "text"\n',
    "150 lines": '[[reference]]\ntitle = "T"\nlines = [' + '"a line of the card",' * 150 + "]\n",
    "NUL in a reference line": '[[reference]]\ntitle = "T"\nlines = ["a\\u0000b"]\n',
    "Hebrew event name": '[[events]]\nname = "\u05e9\u05dc\u05d5\u05dd"\ncount = 1\ntiming = "keep"\ntext = "x"\n',
}


@pytest.mark.parametrize("cmd", [["deck", "-o", "x.pdf"], ["stats", "--deals", "5"]], ids=["deck", "stats"])
@pytest.mark.parametrize("extra", LETTERS.values(), ids=LETTERS.keys())
def test_a_letters_file_is_checked_on_every_path(run, tmp_path, cmd, extra):
    _letters_with(tmp_path, extra)
    line = one_line_error(run("fighting-words", cmd[0], "--letters", "m.toml", *cmd[1:]))
    assert "m.toml" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.toml"]


def test_a_long_reference_card_goes_over_several_cards(run, tmp_path):
    """40 lines (the most a card may hold): shared out over cards in polynomial time."""
    _letters_with(tmp_path, '[[reference]]\ntitle = "Long"\nlines = [' + '"a line of the card",' * 40 + "]\n")
    res = run("fighting-words", "deck", "--letters", "m.toml", "-o", "x.pdf", "--json", "x.json")
    assert res.exit_code == 0, res.output
    from pypdf import PdfReader

    text = "".join(page.extract_text() for page in PdfReader(tmp_path / "x.pdf").pages)
    parts = sorted(set(__import__("re").findall(r"Long (\d+)/(\d+)", text)))
    copies = text.count("Long 1/")  # (each reference card prints as often as the deck asks)
    assert parts and len(parts) == int(parts[0][1]) and text.count("a line of the card") == 40 * copies


def test_even_splits_matches_every_split_and_stays_polynomial():
    """The most even cut (dynamic programming) has the longest run of the best of all cuts
    (enumerated: the oracle), and 150 lines take no combinatorial time."""
    import random
    from itertools import combinations

    from generator.press.card_parts import _even_splits, _most_even

    rng = random.Random(37)
    for _ in range(200):
        lines = tuple("x" * rng.randint(1, 30) for _ in range(rng.randint(1, 9)))
        for count in range(2, len(lines) + 2):
            best = min(
                max(sum(map(len, lines[a:b])) for a, b in zip((0, *cuts), (*cuts, len(lines)), strict=True))
                for cuts in combinations(range(1, len(lines) + 1), count - 1)
                if all(lines[a:b] for a, b in zip((0, *cuts[:-1]), cuts, strict=True))
            )
            got = _most_even(lines, count)
            assert sum(got, ()) == lines and len(got) == count and all(got[:-1])
            assert max(sum(map(len, r)) for r in got) == best
    long = tuple("y" * rng.randint(5, 60) for _ in range(150))
    for count in range(2, 40):
        (split,) = _even_splits(long, count)[:1]
        assert sum(split, ()) == long and len(split) == count


# -- 11. piecepack --cards ---------------------------------------------------------------------------


def _cards(folder: Path) -> list[dict[str, str]]:
    with open(folder / "cards.csv", encoding="utf-8") as f:
        return list(csv.DictReader(f))


@pytest.mark.parametrize("duplex", ["long", "none"])
def test_piecepack_cards_are_its_tiles_and_coins(run, tmp_path, duplex):
    from PIL import Image

    res = run("piecepack", "--cards", "C", "--dpi", "72", "--duplex", duplex, "-o", "p.pdf")
    assert res.exit_code == 0, res.output
    rows = _cards(tmp_path / "C")
    fronts = [r for r in rows if r["side"] == "front"]
    assert sorted({r["deck"] for r in rows}) == ["Piecepack coins", "Piecepack tiles"]
    assert sum(int(r["count"]) for r in fronts if r["deck"] == "Piecepack tiles") == 24
    assert sum(int(r["count"]) for r in fronts if r["deck"] == "Piecepack coins") == 24
    for r in rows:  # 2 in tiles and 3/4 in coins, at 72 dpi
        with Image.open(tmp_path / "C" / r["file"]) as im:
            assert im.size == ((144, 144) if "tiles" in r["deck"] else (54, 54)), r
    assert {p.name for p in (tmp_path / "C").glob("*.png")} == {r["file"] for r in rows}


def test_the_pack_with_the_piecepack_gives_its_images_too(run, tmp_path):
    res = run("pack", "--games", "fighting-words,piecepack", "--cards", "d", "--dpi", "72", "-o", "p.pdf")
    assert res.exit_code == 0, res.output
    decks = {r["deck"] for r in _cards(tmp_path / "d")}
    assert {"Piecepack tiles", "Piecepack coins"} <= decks and any("Fighting" in d for d in decks)


def test_piecepack_without_tiles_or_coins_says_so(run, tmp_path):
    line = one_line_error(run("piecepack", "--pieces", "dice", "--cards", "C", "-o", "p.pdf"))
    assert "--cards" in line
    assert list(tmp_path.iterdir()) == []


# -- attacks beyond the issue's list -----------------------------------------------------------------


def test_a_poisoned_file_list_removes_nothing_outside_the_folder(run, tmp_path):
    """The list a --png folder keeps is read back as data: names that climb out of the folder,
    absolute names, links and folders are never removed."""
    victim = tmp_path / "victim.txt"
    victim.write_text("mine")
    (tmp_path / "P").mkdir()
    (tmp_path / "P" / "linked.png").symlink_to(victim)
    (tmp_path / "P" / "sub").mkdir()
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "x.png").write_text("mine too")
    (tmp_path / "P" / "via").symlink_to(tmp_path / "elsewhere")
    from generator.press.output import FILE_LIST

    (tmp_path / "P" / FILE_LIST).write_text(
        f"../victim.txt\n{victim}\nlinked.png\nsub\nvia/x.png\n./r-001.png\n"
    )
    assert run("rules", "doublets", "--png", "P", "-o", "r.pdf").exit_code == 0
    assert victim.read_text() == "mine" and (tmp_path / "P" / "linked.png").is_symlink()
    assert (tmp_path / "P" / "sub").is_dir() and (tmp_path / "elsewhere" / "x.png").read_text() == "mine too"


def test_a_poisoned_cards_csv_removes_nothing_outside_the_folder(run, tmp_path):
    (tmp_path / "victim.png").write_text("mine")
    (tmp_path / "C").mkdir()
    (tmp_path / "C" / "cards.csv").write_text("file,side\n../victim.png,front\n/etc/hostname,front\n")
    assert run("riddle-craft", "deck", "--cards", "C", "--dpi", "72", "-o", "r.pdf").exit_code == 0
    assert (tmp_path / "victim.png").read_text() == "mine"


def test_a_marker_beside_a_link_or_someone_elses_name_removes_nothing(run, tmp_path):
    """A marker that names a link's own inode (lstat): links are never swept."""
    from generator.press.output import MARK_HEAD, MARK_SUFFIX

    target = tmp_path / "precious.txt"
    target.write_text("keep")
    link = tmp_path / ".p.pdf.parlour-abcdefgh.part"
    link.symlink_to(target)
    st = os.lstat(link)
    mark = Path(str(link) + MARK_SUFFIX)
    mark.write_text(f"{MARK_HEAD}{st.st_dev}:{st.st_ino}\n")
    _age(link, mark, target)
    assert run("calibrate", "-o", "c.pdf").exit_code == 0
    assert link.is_symlink() and target.read_text() == "keep"


def test_too_many_fragments_is_one_line_before_any_work(run, tmp_path):
    (tmp_path / "big.csv").write_text("text,kind\n" + "".join(f"I am clue {i},looks\n" for i in range(5000)))
    line = one_line_error(run("riddle-craft", "deck", "--fragments", "big.csv", "-o", "x.pdf"))
    assert "2,000" in line
    (tmp_path / "big.toml").write_text(
        "riddles = [" + ",".join(f'"I am clue {i}"' for i in range(5000)) + "]\n"
    )
    line = one_line_error(run("riddle-craft", "deck", "--fragments", "big.toml", "-o", "x.pdf"))
    assert "2,000" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.csv", "big.toml"]


@pytest.mark.parametrize("name", ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/0"])
def test_a_descriptor_as_the_settings_file_is_refused(tmp_path, name):
    """PARLOUR_CONFIG=/dev/stdout: saving would replace the file standard output goes to."""
    out = tmp_path / "out.txt"
    out.write_text("before\n")
    with open(out, "ab") as f:
        proc = _lane("calibrate", "--save", "1,2", cwd=tmp_path, env={"PARLOUR_CONFIG": name}, stdout=f)
    assert proc.returncode == 2 and b"descriptor" in proc.stderr, proc.stderr
    assert out.read_text() == "before\n"


def test_a_descriptor_open_only_for_reading_is_refused(tmp_path):
    (tmp_path / "in.txt").write_text("mine\n")
    proc = subprocess.run(
        ["bash", "-c", f"{sys.executable} -m generator rules doublets -o /dev/fd/3 3<in.txt"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 2 and "not open for writing" in proc.stderr, proc.stderr
    assert (tmp_path / "in.txt").read_text() == "mine\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.txt"]


def test_thread_self_names_the_same_descriptor(tmp_path):
    log = tmp_path / "log.txt"
    log.write_text("previous\n")
    with open(log, "ab") as out:
        proc = _lane(*CHECK, "--json", "/proc/thread-self/fd/1", cwd=tmp_path, stdout=out)
    assert proc.returncode == 0 and log.read_text().startswith("previous\n")


# -- as an unprivileged user -------------------------------------------------------------------------


def test_nobody_never_sweeps_another_users_temporaries(shared_dir):  # noqa: F811  (the fixture)
    """In a folder two users share, a marked leftover of another user's stays, however old."""
    from generator.press.output import MARK_SUFFIX, stage_file

    theirs = stage_file(shared_dir, "c.pdf")
    mark = Path(str(theirs) + MARK_SUFFIX)
    for p in (theirs, mark):
        p.chmod(0o666)
    _age(theirs, mark)
    code, err = _as_nobody(["calibrate", "-o", "mine.pdf"], shared_dir)
    assert code == 0, err
    assert theirs.exists() and mark.exists()
    if os.geteuid() == 0:
        assert (shared_dir / "mine.pdf").stat().st_uid == 65534


def test_nobody_saves_settings_keeping_the_file(shared_dir, monkeypatch):  # noqa: F811  (the fixture)
    settings = shared_dir / "c.toml"
    settings.write_text('# mine\npaper = "a4"\nback_offset = [\n  1.5,\n  -0.5,\n]\n')
    settings.chmod(0o666)
    monkeypatch.setenv("PARLOUR_CONFIG", str(settings))
    code, err = _as_nobody(["calibrate", "--save", "2,3"], shared_dir)
    assert code == 0, err
    assert settings.read_text() == '# mine\npaper = "a4"\nback_offset = "2,3"\n'
    assert sorted(p.name for p in shared_dir.iterdir()) == ["c.toml"]


def test_nobody_gets_one_line_for_a_bad_template_field(shared_dir):  # noqa: F811  (the fixture)
    rules = shared_dir / "t" / "rules" / "doublets.toml"
    rules.parent.mkdir(parents=True)
    rules.write_text(RULES_HEAD + 'diagram = "necklace"\nwords = []\njewels = []\n')
    for p in (shared_dir / "t", rules.parent):
        p.chmod(0o755)
    import generator.games.rules.command  # noqa: F401  (imported before the fork: the stdlib
    import generator.games.rules.draw  # noqa: F401  of this interpreter may be closed to nobody)

    code, err = _as_nobody(["rules", "doublets", "--templates", "t", "-o", "r.pdf"], shared_dir)
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert code == 2 and len(lines) == 1 and "block 1" in lines[0], err
    assert not (shared_dir / "r.pdf").exists()


STYLES = {
    "face = []": "[text.body]\nface = []\n",
    "colour = []": "[text.body]\ncolour = []\n",
    "colours = 5": "colours = 5\n",
    "suits = []": "suits = []\n",
    "[text] body = 5": "[text]\nbody = 5\n",
    "parent = 7": "[text.body]\nparent = 7\n",
}


@pytest.mark.parametrize("text", STYLES.values(), ids=STYLES.keys())
def test_a_style_field_of_the_wrong_type_is_one_line(run, tmp_path, text):
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "style.toml").write_text(text)
    line = one_line_error(run("rules", "doublets", "--templates", "t", "-o", "x.pdf"))
    assert "style.toml" in line
    assert not (tmp_path / "x.pdf").exists()


OTHER_SHAPES = {
    "riddle_craft.toml": ("[when]\nfront", "when = 5\n[whenx]\nfront"),
    "sorcerer_notes.toml": ("[[sections]]", "[[old]]"),  # and `sections = 5` first (below)
    "sorcerer_orbs.toml": ('name = "Compass rose"', 'name = ["Compass rose"]'),
}


@pytest.mark.parametrize("name", OTHER_SHAPES)
def test_a_table_or_list_of_the_wrong_shape_is_one_line(run, tmp_path, name):
    old, new = OTHER_SHAPES[name]
    folder = _edited(tmp_path, name, old, new)
    if name == "sorcerer_notes.toml":
        notes = folder / name
        notes.write_text("sections = 5\n" + notes.read_text().replace("[[sections]]", "[[old]]"))
    cmd = {"riddle_craft.toml": ["riddle-craft", "deck"], "sorcerer_notes.toml": ["sorcerer", "notes"]}
    line = one_line_error(run(*cmd.get(name, ["sorcerer", "board"]), "--templates", "t", "-o", "x.pdf"))
    assert name in line


def test_a_cache_folder_in_a_home_that_is_not_there_costs_time_not_output(tmp_path):
    proc = _lane("rules", "doublets", "-o", "r.pdf", cwd=tmp_path, env={"PARLOUR_CACHE_DIR": "~nosuchuser/c"})
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr, proc.stderr
    assert b"PARLOUR_CACHE_DIR" in proc.stderr and (tmp_path / "r.pdf").exists()
