"""The table of bad-input kinds, across every command: each gives one line on stderr naming what is
wrong, exit status 2, no traceback, and leaves no file behind in the working directory."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.clicheck import files_in, one_line_error

LETTERS = "[letters]\n" + "\n".join(f"{c} = 4" for c in "aeioustrnlhdcm") + "\n"
BIG_LETTERS = "[letters]\na = 600\ne = 600\n"
EVENTS_BOX = LETTERS + '[[events]]\nname = "Cat"\ncount = 2\ntiming = "keep"\ntext = "Draw a 猫 card."\n'

#: (id, command-line arguments, files to make first {name: bytes}, a fragment the one line must hold)
KINDS: list[tuple[str, list[str], dict[str, bytes], str]] = [
    # -- the command line itself
    ("unknown-command", ["frobnicate"], {}, "frobnicate"),
    ("unknown-option", ["calibrate", "--frobnicate"], {}, "frobnicate"),
    ("unknown-subcommand", ["doublets", "fly"], {}, "fly"),
    ("missing-argument", ["doublets", "solve", "head"], {}, "tail"),
    ("option-without-value", ["calibrate", "--paper"], {}, "--paper"),
    # -- rules, config, templates
    ("rules-unknown-game", ["rules", "chess"], {}, "chess"),
    ("rules-templates-not-a-dir", ["rules", "--templates", "nowhere"], {}, "not a directory"),
    ("rules-output-parent-is-file", ["rules", "doublets", "-o", "f/x.pdf"], {"f": b"x"}, "is a file"),
    ("config-paper-unknown", ["config", "--paper", "b5"], {}, "--paper"),
    ("config-back-offset-one-number", ["config", "--back-offset", "1"], {}, "--back-offset"),
    ("templates-export-onto-file", ["templates", "export", "f"], {"f": b"x"}, "is a file"),
    ("templates-export-no-dir", ["templates", "export"], {}, "DIRECTORY"),
    ("templates-unknown-subcommand", ["templates", "fly"], {}, "fly"),
    # -- common print options
    ("paper-unknown", ["calibrate", "--paper", "b5"], {}, "--paper"),
    ("card-unknown", ["pack", "--card", "jumbo"], {}, "--card"),
    ("duplex-unknown", ["pack", "--duplex", "sideways"], {}, "--duplex"),
    ("seed-not-number", ["doublets", "sheet", "--seed", "many"], {}, "--seed"),
    ("back-offset-one-number", ["pack", "--back-offset", "1.5"], {}, "--back-offset"),
    ("back-offset-words", ["pack", "--back-offset", "x,y"], {}, "--back-offset"),
    ("back-offset-nan", ["pack", "--back-offset", "nan,nan"], {}, "not a number"),
    ("back-offset-inf", ["fighting-words", "deck", "--back-offset", "inf,0"], {}, "not a number"),
    ("back-offset-huge", ["pack", "--back-offset", "25,0"], {}, "over 20 mm"),
    ("bleed-negative", ["pack", "--bleed", "-1"], {}, "between 0 and 10"),
    ("bleed-negative-equals", ["riddle-craft", "deck", "--bleed=-0.5"], {}, "between 0 and 10"),
    ("bleed-huge", ["pack", "--bleed", "50"], {}, "between 0 and 10"),
    ("bleed-nan", ["pack", "--bleed", "nan"], {}, "--bleed"),
    ("cards-dpi-low", ["fighting-words", "deck", "--cards", "c", "--dpi", "10"], {}, "--dpi"),
    ("cards-dpi-huge", ["riddle-craft", "deck", "--cards", "c", "--dpi", "5000"], {}, "--dpi"),
    ("cards-dpi-words", ["pack", "--cards", "c", "--dpi", "many"], {}, "--dpi"),
    ("cards-dpi-without-cards", ["riddle-craft", "deck", "--dpi", "300"], {}, "--cards"),
    ("cards-is-file", ["fighting-words", "deck", "--cards", "f"], {"f": b"x"}, "is a file"),
    ("cards-same-as-png", ["fighting-words", "deck", "--cards", "x", "--png", "x"], {}, "same path"),
    ("cards-to-stdout", ["riddle-craft", "deck", "--cards", "-"], {}, "standard output"),
    # -- output paths
    ("output-missing-dir", ["calibrate", "-o", "missing/dir/c.pdf"], {}, "does not exist"),
    ("output-trailing-slash", ["calibrate", "-o", "out/"], {}, "no such directory"),
    ("output-is-dir", ["calibrate", "-o", "."], {}, "is a directory"),
    ("output-parent-is-file", ["calibrate", "-o", "f/c.pdf"], {"f": b"x"}, "is a file"),
    ("output-same-as-json", ["doublets", "sheet", "-o", "x.pdf", "--json", "x.pdf"], {}, "same path"),
    ("output-same-as-png", ["calibrate", "-o", "x", "--png", "x"], {}, "same path"),
    ("output-name-too-long", ["calibrate", "-o", "n" * 300 + ".pdf"], {}, "longer than"),
    ("output-in-proc", ["calibrate", "-o", "/proc/x.pdf"], {}, "--output"),
    ("output-in-sys", ["calibrate", "-o", "/sys/x.pdf"], {}, "--output"),
    ("output-file-in-the-way", ["calibrate"], {"output": b"mine"}, "'output'"),
    ("output-both-stdout", ["calibrate", "-o", "-", "--json", "-"], {}, "standard output"),
    ("json-missing-dir", ["calibrate", "--json", "nowhere/x.json"], {}, "does not exist"),
    ("json-is-dir", ["chimera", "check", "six", "heart", "shirt", "--json", "."], {}, "is a directory"),
    ("png-missing-parent", ["calibrate", "--png", "no/such/dir"], {}, "does not exist"),
    ("png-is-file", ["calibrate", "--png", "p.txt"], {"p.txt": b"x"}, "is a file"),
    ("png-to-stdout", ["calibrate", "--png", "-"], {}, "standard output"),
    (
        "output-is-letters-input",
        ["fighting-words", "deck", "--letters", "m.toml", "-o", "m.toml"],
        {"m.toml": LETTERS.encode()},
        "inputs",
    ),
    (
        "json-is-fragments-input",
        ["riddle-craft", "deck", "--fragments", "m.csv", "--json", "m.csv"],
        {"m.csv": b"I hum,does\n"},
        "inputs",
    ),
    ("output-is-template", ["fighting-words", "deck", "-o", "TEMPLATE"], {}, "parlour's own files"),
    # -- doublets
    ("solve-unknown-word", ["doublets", "solve", "head", "qzxv"], {}, "qzxv"),
    ("solve-lengths-differ", ["doublets", "solve", "head", "tails"], {}, "length"),
    ("solve-limit-zero", ["doublets", "solve", "head", "tail", "--all", "--limit", "0"], {}, "--limit"),
    ("sheet-count-zero", ["doublets", "sheet", "--count", "0"], {}, "--count"),
    ("sheet-count-huge", ["doublets", "sheet", "--count", "1000"], {}, "--count"),
    ("sheet-length-2", ["doublets", "sheet", "--length", "2"], {}, "--length"),
    ("sheet-links-bad", ["doublets", "sheet", "--links", "three"], {}, "--links"),
    ("sheet-links-reversed", ["doublets", "sheet", "--links", "5-3"], {}, "--links"),
    ("sheet-difficulty", ["doublets", "sheet", "--difficulty", "brutal"], {}, "--difficulty"),
    ("sheet-date-bad", ["doublets", "sheet", "--date", "2025-02-30"], {}, "--date"),
    ("daily-from-bad", ["doublets", "daily", "--from", "yesterday"], {}, "--from"),
    ("daily-date-overflow", ["doublets", "daily", "--from", "9999-12-30", "--days", "3"], {}, "9999"),
    ("daily-days-zero", ["doublets", "daily", "--from", "2025-01-01", "--days", "0"], {}, "--days"),
    ("daily-days-huge", ["doublets", "daily", "--from", "2025-01-01", "--days", "99999"], {}, "--days"),
    ("daily-pdf-without-book", ["doublets", "daily", "--from", "2025-01-01", "-o", "d.pdf"], {}, "--book"),
    ("daily-stdout-without-book", ["doublets", "daily", "--from", "2025-01-01", "-o", "-"], {}, "--book"),
    (
        "daily-book-trailing-slash",
        ["doublets", "daily", "--from", "2025-01-01", "--days", "2", "--book", "-o", "year/"],
        {},
        "no such directory",
    ),
    (
        "daily-output-is-file",
        ["doublets", "daily", "--from", "2025-01-01", "-o", "d"],
        {"d": b"x"},
        "is a file",
    ),
    ("jewels-players-1", ["doublets", "jewels", "--players", "1"], {}, "--players"),
    ("scorepad-players-99", ["doublets", "scorepad", "--players", "99"], {}, "--players"),
    ("scorepad-games-0", ["doublets", "scorepad", "--games", "0"], {}, "--games"),
    # -- chimera
    ("chimera-face-unknown", ["chimera", "check", "twelve", "heart", "shirt"], {}, "twelve"),
    ("chimera-suit-unknown", ["chimera", "check", "six", "stars", "shirt"], {}, "stars"),
    ("chimera-variant", ["chimera", "key", "--variant", "most"], {}, "--variant"),
    ("chimera-pad-players", ["chimera", "pad", "--players", "0"], {}, "1 to 6 players"),
    ("chimera-pad-sheets", ["chimera", "pad", "--sheets", "0"], {}, "--sheets"),
    ("chimera-deck-variant", ["chimera", "deck", "--variant", "most"], {}, "--variant"),
    ("chimera-deck-card", ["chimera", "deck", "--card", "jumbo"], {}, "--card"),
    ("chimera-deck-back-offset", ["chimera", "deck", "--back-offset", "1"], {}, "--back-offset"),
    # -- fighting words
    ("fw-check-not-letters", ["fighting-words", "check", "tr7"], {}, "A-Z"),
    ("fw-letters-missing", ["fighting-words", "deck", "--letters", "none.toml"], {}, "none.toml"),
    (
        "fw-letters-binary",
        ["fighting-words", "deck", "--letters", "b.toml"],
        {"b.toml": b"\xff\xfe\x00[letters]"},
        "UTF-8",
    ),
    (
        "fw-letters-latin1",
        ["fighting-words", "stats", "--letters", "l.toml"],
        {"l.toml": "[letters]\n# caf\xe9\na = 50\n".encode("latin-1")},
        "UTF-8",
    ),
    (
        "fw-letters-not-toml",
        ["fighting-words", "deck", "--letters", "x.toml"],
        {"x.toml": b"a = = 3"},
        "TOML",
    ),
    (
        "fw-letters-no-table",
        ["fighting-words", "deck", "--letters", "x.toml"],
        {"x.toml": b"a = 3\n"},
        "unknown table",
    ),
    (
        "fw-letters-not-letter",
        ["fighting-words", "deck", "--letters", "x.toml"],
        {"x.toml": b"[letters]\nab = 3\ne = 40\n"},
        "single letter",
    ),
    (
        "fw-letters-negative",
        ["fighting-words", "deck", "--letters", "x.toml"],
        {"x.toml": b"[letters]\na = -3\ne = 40\n"},
        "0 or more",
    ),
    (
        "fw-letters-no-vowels",
        ["fighting-words", "deck", "--letters", "x.toml"],
        {"x.toml": b"[letters]\nt = 40\nr = 40\n"},
        "vowels",
    ),
    (
        "fw-letters-too-many",
        ["fighting-words", "deck", "--letters", "x.toml"],
        {"x.toml": BIG_LETTERS.encode()},
        "too many",
    ),
    (
        "fw-letters-too-many-stats",
        ["fighting-words", "stats", "--letters", "x.toml"],
        {"x.toml": BIG_LETTERS.encode()},
        "too many",
    ),
    (
        "fw-event-undrawable",
        ["fighting-words", "deck", "--letters", "x.toml"],
        {"x.toml": EVENTS_BOX.encode()},
        "U+732B",
    ),
    ("fw-deck-size-huge", ["fighting-words", "deck", "--deck-size", "5000"], {}, "deck size"),
    ("fw-deck-size-tiny", ["fighting-words", "deck", "--deck-size", "3"], {}, "deck size"),
    ("fw-stats-deals-zero", ["fighting-words", "stats", "--deals", "0"], {}, "--deals"),
    # -- riddle craft
    ("rc-fragments-missing", ["riddle-craft", "deck", "--fragments", "none.csv"], {}, "none.csv"),
    (
        "rc-fragments-binary",
        ["riddle-craft", "deck", "--fragments", "b.csv"],
        {"b.csv": b"\xff\xfe\x00\x01,looks\n"},
        "UTF-8",
    ),
    (
        "rc-fragments-format",
        ["riddle-craft", "deck", "--fragments", "f.txt"],
        {"f.txt": b"I hum\n"},
        "format",
    ),
    (
        "rc-csv-unterminated-quote",
        ["riddle-craft", "deck", "--fragments", "q.csv"],
        {"q.csv": b'"I am red,looks\nI fly,does\n'},
        "CSV",
    ),
    (
        "rc-csv-nul",
        ["riddle-craft", "deck", "--fragments", "n.csv"],
        {"n.csv": b"I am\x00 red,looks\n"},
        "U+0000",
    ),
    (
        "rc-csv-semicolons",
        ["riddle-craft", "deck", "--fragments", "s.csv"],
        {"s.csv": b"text;kind\nI am red;looks\n"},
        "semicolons",
    ),
    (
        "rc-csv-unknown-kind",
        ["riddle-craft", "deck", "--fragments", "k.csv"],
        {"k.csv": b"I am red,look\n"},
        "unknown kind",
    ),
    (
        "rc-csv-too-many-columns",
        ["riddle-craft", "deck", "--fragments", "c.csv"],
        {"c.csv": b"I am,red,looks\n"},
        "columns",
    ),
    (
        "rc-csv-cjk",
        ["riddle-craft", "deck", "--fragments", "c.csv"],
        {"c.csv": "I am a 猫,looks\n".encode()},
        "U+732B",
    ),
    (
        "rc-csv-emoji",
        ["riddle-craft", "deck", "--fragments", "e.csv"],
        {"e.csv": "I am \U0001f600,looks\n".encode()},
        "U+1F600",
    ),
    (
        "rc-csv-duplicate",
        ["riddle-craft", "deck", "--fragments", "d.csv"],
        {"d.csv": b"I hum,does\nI hum,does\n"},
        "duplicate",
    ),
    ("rc-csv-empty", ["riddle-craft", "deck", "--fragments", "e.csv"], {"e.csv": b""}, "no fragments"),
    ("rc-toml-bad", ["riddle-craft", "deck", "--fragments", "t.toml"], {"t.toml": b"[riddles\n"}, "TOML"),
    ("rc-mode-without-file", ["riddle-craft", "deck", "--fragments-mode", "extend"], {}, "--fragments"),
    # -- piecepack
    ("piecepack-kind", ["piecepack", "--pieces", "cards"], {}, "unknown piece kind"),
    ("piecepack-kind-typo", ["piecepack", "--pieces", "pawsn"], {}, "did you mean pawns"),
    ("piecepack-kinds-empty", ["piecepack", "--pieces", ","], {}, "--pieces is empty"),
    ("piecepack-pyramids", ["piecepack", "--pyramids", "some"], {}, "--pyramids"),
    ("piecepack-duplex", ["piecepack", "--duplex", "sideways"], {}, "--duplex"),
    ("piecepack-back-offset", ["piecepack", "--back-offset", "30,0"], {}, "over 20 mm"),
    # -- sorcerer, words, templates
    ("sorcerer-players", ["sorcerer", "board", "--players", "9"], {}, "players"),
    ("sorcerer-suits", ["sorcerer", "board", "--suits", "suns,stars"], {}, "stars"),
    ("templates-not-dir", ["sorcerer", "notes", "--templates", "t"], {"t": b"x"}, "--templates"),
    ("words-export-length", ["words", "export", "--length", "0"], {}, "--length"),
    ("words-export-tier", ["words", "export", "--tier", "rare"], {}, "--tier"),
    ("pack-games-unknown", ["pack", "--games", "chess"], {}, "chess"),
    # -- endless or impossible requests: refused at once
    ("words-empty", ["words", ""], {}, "empty word"),
    ("words-blank-among-others", ["words", "cat", "  "], {}, "empty word"),
    ("words-endless", ["words", "a" * 10_000], {}, "at most 64 letters"),
    ("fw-check-endless", ["fighting-words", "check", "t" * 10_000], {}, "at most 64 letters"),
    ("fw-complete-endless", ["fighting-words", "check", "--complete", "e" * 30_000], {}, "at most 64 letters"),
    ("sheet-mixed-impossible", ["doublets", "sheet", "--count", "60", "--length", "3", "--difficulty", "mixed"], {}, "cannot be made"),
    ("sheet-unique-impossible", ["doublets", "sheet", "--count", "12", "--length", "8", "--difficulty", "fiendish", "--unique"], {}, "cannot be made"),
    ("daily-impossible", ["doublets", "daily", "--from", "2025-01-01", "--days", "2", "--count", "60", "--length", "3", "--difficulty", "mixed"], {}, "fits the daily rules"),
    ("png-and-cards-one-folder", ["fighting-words", "deck", "--png", ".", "--cards", "./"], {}, "--cards '.' is the same path as --png"),
]  # fmt: skip


def _expand(args: list[str]) -> list[str]:
    from generator.games.fighting_words import model as fighting_words

    return [str(fighting_words.TEMPLATE) if a == "TEMPLATE" else a for a in args]


def test_the_table_is_large_and_distinct():
    ids = [k[0] for k in KINDS]
    assert len(ids) == len(set(ids)) and len(ids) >= 60
    assert len({k[1][0] for k in KINDS}) >= 8  # across the commands


@pytest.mark.parametrize("kind, args, files, needle", KINDS, ids=[k[0] for k in KINDS])
def test_bad_input_kind(run, tmp_path, kind, args, files, needle):
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    made = files_in(tmp_path)
    res = run(*_expand(args))
    line = one_line_error(res)
    assert res.stdout == "", f"a failed run printed to standard output: {res.stdout!r}"
    assert needle.lower() in line.lower(), line
    assert files_in(tmp_path) == made, "a failed run left a file behind"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(files), "a failed run left a directory"


# -- files that are not what they seem, and settings: made in place, with an environment -------

DEEP = ("a = " + "[" * 500 + "]" * 500 + "\n").encode()  # a 1 KB TOML file nested 500 deep
CONFIG = b'paper = "a4"\n'
STYLE_NAN = b"[text.body]\nsize = nan\n"

#: (id, arguments, files to make first {name: bytes, or "FIFO", "DIR", "->TARGET" (a symlink)},
#: environment ({tmp} is the working directory), a fragment the one line must hold)
PLACED: list[tuple[str, list[str], dict[str, bytes | str], dict[str, str], str]] = [
    # the settings file is an input of every command
    ("settings-is-output", ["rules", "doublets", "-o", "c.toml"], {"c.toml": CONFIG}, {"PARLOUR_CONFIG": "c.toml"}, "settings file"),
    ("settings-is-json", ["chimera", "key", "--json", "c.toml"], {"c.toml": CONFIG}, {"PARLOUR_CONFIG": "c.toml"}, "settings file"),
    ("settings-via-symlink", ["rules", "doublets", "-o", "l.toml"], {"c.toml": CONFIG, "l.toml": "->c.toml"}, {"PARLOUR_CONFIG": "c.toml"}, "settings file"),
    ("settings-not-yet-made", ["calibrate", "-o", "new.toml"], {}, {"PARLOUR_CONFIG": "{tmp}/new.toml"}, "settings file"),
    ("settings-default-place", ["calibrate", "-o", "x/parlour/config.toml"], {"x/parlour/config.toml": CONFIG}, {"XDG_CONFIG_HOME": "{tmp}/x"}, "settings file"),
    ("settings-fifo", ["calibrate"], {"f.toml": "FIFO"}, {"PARLOUR_CONFIG": "f.toml"}, "not a regular file"),
    ("settings-dev-zero", ["calibrate"], {"z.toml": "->/dev/zero"}, {"PARLOUR_CONFIG": "z.toml"}, "not a regular file"),
    ("settings-deep", ["calibrate"], {"d.toml": DEEP}, {"PARLOUR_CONFIG": "d.toml"}, "nested more than"),
    ("settings-dir", ["calibrate"], {"d.toml": "DIR"}, {"PARLOUR_CONFIG": "d.toml"}, "directory"),
    # user files: endless, deep or not files at all
    ("letters-deep", ["fighting-words", "deck", "--letters", "d.toml"], {"d.toml": DEEP}, {}, "nested more than"),
    ("fragments-deep", ["riddle-craft", "deck", "--fragments", "d.toml"], {"d.toml": DEEP}, {}, "nested more than"),
    ("letters-dev-zero", ["fighting-words", "deck", "--letters", "z.toml"], {"z.toml": "->/dev/zero"}, {}, "larger than"),
    ("letters-dangling", ["fighting-words", "deck", "--letters", "z.toml"], {"z.toml": "->nowhere"}, {}, "does not exist"),
    ("fragments-dir", ["riddle-craft", "deck", "--fragments", "d.csv"], {"d.csv": "DIR"}, {}, "folder"),
    # a template directory whose style.toml is not a file, or not a good one
    ("style-deep", ["rules", "doublets", "--templates", "t"], {"t/style.toml": DEEP}, {}, "nested more than"),
    ("style-fifo", ["rules", "doublets", "--templates", "t"], {"t/style.toml": "FIFO"}, {}, "style.toml"),
    ("style-dir", ["rules", "doublets", "--templates", "t"], {"t/style.toml": "DIR"}, {}, "a folder"),
    ("style-dangling", ["rules", "doublets", "--templates", "t"], {"t/style.toml": "->gone.toml"}, {}, "broken link"),
    ("style-dev-zero", ["rules", "doublets", "--templates", "t"], {"t/style.toml": "->/dev/zero"}, {}, "style.toml"),
    ("style-size-nan", ["rules", "doublets", "--templates", "t"], {"t/style.toml": STYLE_NAN}, {}, "positive number"),
    ("template-fifo", ["fighting-words", "deck", "--templates", "t"], {"t/fighting_words.toml": "FIFO", "t/style.toml": b""}, {}, "fighting_words.toml"),
    ("template-deep", ["fighting-words", "deck", "--templates", "t"], {"t/fighting_words.toml": DEEP}, {}, "nested more than"),
]  # fmt: skip


def _place(where: Path, name: str, spec: bytes | str) -> None:
    path = where / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(spec, bytes):
        path.write_bytes(spec)
    elif spec == "FIFO":
        os.mkfifo(path)
    elif spec == "DIR":
        path.mkdir()
    else:
        path.symlink_to(spec.removeprefix("->"))


def _tree(where: Path) -> list[tuple[str, bool]]:
    """Every entry below `where` (not following links), and whether it is a regular file."""
    return sorted((str(p.relative_to(where)), p.is_file() and not p.is_symlink()) for p in where.rglob("*"))


def test_the_placed_table_is_distinct():
    ids = [k[0] for k in PLACED] + [k[0] for k in KINDS]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("kind, args, files, env, needle", PLACED, ids=[k[0] for k in PLACED])
def test_placed_bad_input_kind(run, tmp_path, monkeypatch, kind, args, files, env, needle):
    for name, spec in files.items():
        _place(tmp_path, name, spec)
    for key, value in env.items():
        monkeypatch.setenv(key, value.format(tmp=tmp_path))
    before = _tree(tmp_path)
    kept = {n: (tmp_path / n).read_bytes() for n, s in files.items() if isinstance(s, bytes)}
    res = run(*args)
    line = one_line_error(res)
    assert res.stdout == ""
    assert needle.lower() in line.lower(), line
    assert _tree(tmp_path) == before, "a failed run left a file behind, or replaced one"
    assert {n: (tmp_path / n).read_bytes() for n in kept} == kept
