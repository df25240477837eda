"""The command line: help, version, and bad input giving one line on stderr, exit 2, and no file."""

from __future__ import annotations

import json
import os
from pathlib import Path

import click
import pytest
from pypdf import PdfReader

from generator import __version__
from generator.press.output import FILE_LIST
from tests.clicheck import one_line_error as _one_line_error


def test_help_and_version(run):
    res = run("--help")
    assert res.exit_code == 0 and "pack" in res.output and "calibrate" in res.output
    res = run("--version")
    assert res.exit_code == 0 and __version__ in res.output
    for cmd in ("pack", "calibrate"):
        res = run(cmd, "--help")
        assert res.exit_code == 0 and "Example" in res.output and "--paper" in res.output


def _no_files(where: Path) -> list[str]:
    return [p.name for p in where.rglob("*") if p.is_file()]


@pytest.mark.parametrize(
    "args, needle",
    [
        (["calibrate", "--paper", "b5"], "--paper"),
        (["pack", "--back-offset", "1.5"], "--back-offset"),
        (["pack", "--back-offset", "x,y"], "--back-offset"),
        (["pack", "--card", "jumbo"], "--card"),
        (["pack", "--duplex", "sideways"], "--duplex"),
        (["calibrate", "-o", "missing/dir/cal.pdf"], "does not exist"),
        (["calibrate", "--json", "nowhere/x.json"], "does not exist"),
        (["calibrate", "--png", "no/such/dir"], "does not exist"),
        (["calibrate", "-o", "."], "is a directory"),
        (["calibrate", "--seed", "many"], "--seed"),
        (["calibrate", "--frobnicate"], "frobnicate"),
    ],
)
def test_bad_input_is_one_line_exit_2_no_file(run, tmp_path, args, needle):
    line = _one_line_error(run(*args))
    assert needle in line
    assert _no_files(tmp_path) == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_unwritable_output(run, tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    line = _one_line_error(run("calibrate", "-o", str(locked / "c.pdf")))
    assert "cannot write" in line


def test_unwritable_output_even_as_root(run, tmp_path):
    # a path whose parent is a regular file can never be written, whoever we are
    (tmp_path / "afile").write_text("x")
    line = _one_line_error(run("calibrate", "-o", "afile/c.pdf"))
    assert "is a file, not a directory" in line


def test_failed_render_leaves_nothing(tmp_path):
    from generator.errors import ParlourError
    from generator.press.document import Document, Page
    from generator.press.paper import get_paper

    def boom(c, info):
        raise ParlourError("card 3: text does not fit")

    doc = Document(get_paper("letter"), "t")
    doc.add("S", [Page(lambda c, i: None, "ok"), Page(boom, "bad")])
    with pytest.raises(ParlourError):
        doc.save(tmp_path / "x.pdf")
    assert _no_files(tmp_path) == []


def test_calibrate_writes_pdf_json_and_previews(run, tmp_path):
    res = run("calibrate", "--paper", "a4", "-o", "cal.pdf", "--json", "cal.json", "--png", "prev")
    assert res.exit_code == 0, res.output
    assert len(PdfReader(str(tmp_path / "cal.pdf")).pages) == 2
    model = json.loads((tmp_path / "cal.json").read_text())
    assert model["paper"] == "a4" and len(model["rulers"]) == 4
    assert sorted(p.name for p in (tmp_path / "prev").iterdir()) == [FILE_LIST, "cal-001.png", "cal-002.png"]


def test_pack_defaults_into_output_dir(run, tmp_path):
    res = run("pack")
    assert res.exit_code == 0, res.output
    pdf = tmp_path / "output" / "pack.pdf"
    reader = PdfReader(str(pdf))
    titles = [o.title for o in reader.outline if not isinstance(o, list)]
    assert titles[0] == "Contents" and "Calibration sheet" in titles
    assert "Contents" in reader.pages[0].extract_text()


def test_bare_parlour_shows_help_not_an_error(run):
    res = run()
    assert "Usage:" in res.output and "Error" not in res.output


def test_command_table_matches_the_commands():
    """cli.COMMANDS lists each command's module and its one-line help without importing it."""
    from generator.cli import COMMANDS, load_command

    for name, (_, short) in COMMANDS.items():
        cmd = load_command(name)
        assert cmd.name == name
        assert cmd.get_short_help_str(limit=500) == short, f"update cli.COMMANDS[{name!r}]'s help line"


def _modules_after(*args: str) -> set[str]:
    """The modules a real `parlour ARGS` process has imported when it exits."""
    import subprocess
    import sys

    code = (
        "import atexit, sys\n"
        "atexit.register(lambda: sys.__stderr__.write('MODULES ' + ' '.join(sorted(sys.modules)) + '\\n'))\n"
        "from generator.cli import main\n"
        f"sys.argv = ['parlour', *{list(args)!r}]\n"
        "main()\n"
    )
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    line = [ln for ln in res.stderr.splitlines() if ln.startswith("MODULES ")]
    assert line, res.stderr
    return set(line[-1].split()[1:])


def test_help_imports_no_command_module():
    mods = _modules_after("--help")
    assert "click" in mods
    assert not {m for m in mods if m.startswith(("generator.commands", "generator.games", "reportlab"))}


@pytest.mark.parametrize(
    "args",
    [
        ["chimera", "check", "SIX", "HEART", "SHIRT"],
        ["fighting-words", "check", "TRN"],
        ["doublets", "solve", "COLD", "WARM"],
    ],
)
def test_queries_load_no_page_code(args):
    """A one-shot query never loads reportlab, Pillow, or parlour's page, card and booklet code."""
    mods = _modules_after(*args)
    assert "generator.options" in mods  # the command ran
    page_code = (
        "reportlab",
        "PIL",
        "generator.press.cards",
        "generator.press.impose",
        "generator.press.booklet",
        "generator.press.document",
        "generator.press.card_images",
        "generator.games.doublets.jewels",
        "generator.games.doublets.daily",
    )
    assert not {m for m in mods if m.startswith(page_code)}


# --- conventions: every choice ignores case; --seed only where it changes something ------------


def _all_commands():
    """(path, command) for every command below `parlour`, groups' subcommands included."""
    import click

    from generator.cli import cli

    out = []

    def walk(group, prefix):
        ctx = click.Context(group)
        for name in group.list_commands(ctx):
            cmd = group.get_command(ctx, name)
            path = f"{prefix} {name}".strip()
            out.append((path, cmd))
            if isinstance(cmd, click.Group):
                walk(cmd, path)

    walk(cli, "")
    return out


def test_every_choice_option_ignores_case():
    import click

    choices = {
        (path, p.name): p.type.case_sensitive
        for path, cmd in _all_commands()
        for p in cmd.params
        if isinstance(p.type, click.Choice)
    }
    # paper, card, duplex, difficulty, key, variant, tier, fragments-mode, ... on every command
    assert len(choices) >= 20
    assert [where for where, sensitive in choices.items() if sensitive] == []


def test_upper_case_choices_give_the_same_pdf(run, tmp_path):
    run("riddle-craft", "deck", "--duplex", "short", "--paper", "a4", "-o", "lower.pdf")
    res = run("riddle-craft", "deck", "--duplex", "SHORT", "--paper", "A4", "-o", "upper.pdf")
    assert res.exit_code == 0, res.output
    assert (tmp_path / "lower.pdf").read_bytes() == (tmp_path / "upper.pdf").read_bytes()


SEEDED = {"pack", "doublets sheet", "doublets jewels", "sorcerer board", "fighting-words stats"}


def test_seed_only_on_commands_where_it_changes_something():
    with_seed = {path for path, cmd in _all_commands() if any(p.name == "seed" for p in cmd.params)}
    assert with_seed == SEEDED


@pytest.mark.parametrize(
    "args",
    [
        ["pack", "--games", "sorcerer"],
        ["doublets", "sheet"],
        ["doublets", "jewels"],
        ["sorcerer", "board"],
        ["fighting-words", "stats", "--deals", "50"],
    ],
)
def test_the_seed_changes_what_is_made(run, tmp_path, args):
    for seed in ("1", "2"):
        res = run(*args, "--seed", seed, "--json", f"s{seed}.json")
        assert res.exit_code == 0, res.output
    assert (tmp_path / "s1.json").read_text() != (tmp_path / "s2.json").read_text()


# --- shell completion (click's, through the real group) ------------------------------------------


def _complete(words: str) -> list[str]:
    """What click offers for the last word of `words` (a trailing space: a new word)."""
    from click.testing import CliRunner

    from generator.cli import cli

    env = {
        "_PARLOUR_COMPLETE": "bash_complete",
        "COMP_WORDS": words,
        "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1)),
    }
    res = CliRunner().invoke(cli, [], env=env, prog_name="parlour")
    assert res.exit_code == 0, res.output
    return [line.split(",", 1)[1] for line in res.stdout.splitlines()]


def test_completion_script_is_generated():
    from click.testing import CliRunner

    from generator.cli import cli

    res = CliRunner().invoke(cli, [], env={"_PARLOUR_COMPLETE": "bash_source"}, prog_name="parlour")
    assert res.exit_code == 0
    assert (
        "_parlour_completion()" in res.stdout
        and "complete -o nosort -F _parlour_completion parlour" in res.stdout
    )
    zsh = CliRunner().invoke(cli, [], env={"_PARLOUR_COMPLETE": "zsh_source"}, prog_name="parlour")
    assert "#compdef parlour" in zsh.stdout


def test_completion_completes_commands_options_and_choices():
    assert _complete("parlour pa") == ["pack"]
    assert set(_complete("parlour doublets s")) == {"solve", "sheet", "scorepad"}
    assert "--games" in _complete("parlour pack --g")
    assert _complete("parlour pack --paper ") == ["letter", "a4", "legal", "tabloid", "a3", "a5"]
    assert _complete("parlour pack --cutter ") == ["silhouette", "scanncut", "cricut"]
    assert _complete("parlour chimera key --variant h") == ["half"]


def test_completion_works_in_a_real_bash(tmp_path):
    import shutil
    import subprocess
    import sys

    bash = shutil.which("bash")
    exe = Path(sys.executable).parent / "parlour"
    if bash is None or not exe.exists():
        pytest.skip("needs bash and the installed parlour script")
    script = (
        'eval "$(_PARLOUR_COMPLETE=bash_source parlour)"; '
        "COMP_WORDS=(parlour doublets s); COMP_CWORD=2; _parlour_completion parlour; "
        'printf "%s\\n" "${COMPREPLY[@]}"'
    )
    env = {**os.environ, "PATH": f"{exe.parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    out = subprocess.run(
        [bash, "-c", script], capture_output=True, text=True, env=env, timeout=60, cwd=tmp_path
    )
    assert out.returncode == 0, out.stderr
    assert sorted(out.stdout.split()) == ["scorepad", "sheet", "solve"]


@pytest.mark.parametrize(
    "args",
    [
        ("chimera", "check", "SIX", "HEART", "SHIRT"),
        ("fighting-words", "check", "TRN"),
        ("doublets", "solve", "COLD", "WARM"),
    ],
)
def test_query_commands_never_load_drawing_or_reportlab(args):
    mods = _modules_after(*args)
    loaded = {m for m in mods if m.startswith(("reportlab", "PIL", "pypdfium2"))}
    assert not loaded, f"{' '.join(args)} imported {sorted(loaded)[:5]}"
    assert not {m for m in mods if m.endswith("_draw")}


@pytest.mark.parametrize(("args", "want"), [(["--version"], 0), (["pack", "--games", "nosuch"], 2)])
def test_the_console_script_freezes_the_collector_on_its_way_out(tmp_path, args, want):
    """The `parlour` script (generator.console) leaves what the command built out of the exit-time
    garbage collection; the exit code, output and other atexit handlers are as before."""
    import subprocess
    import sys

    code = (
        "import atexit, gc, sys\n"
        "atexit.register(lambda: sys.__stderr__.write(f'FROZEN {gc.get_freeze_count()}\\n'))\n"
        "from generator.console import main\n"
        f"sys.argv = ['parlour', *{args!r}]\n"
        "main()\n"
    )
    res = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=120
    )
    assert res.returncode == want, res.stderr
    frozen = [int(ln.split()[1]) for ln in res.stderr.splitlines() if ln.startswith("FROZEN ")]
    assert frozen and frozen[0] > 1000
    if want == 0:
        assert __version__ in res.stdout
    else:
        assert "Error: --games: unknown section 'nosuch'" in res.stderr
    assert not list(tmp_path.iterdir())


def test_the_console_script_runs_commands_with_the_collector_on(tmp_path):
    """Importing the console script's module changes nothing about the collector while the command
    runs (its only setting is the freeze on the way out); the PDF is the one cli.main writes."""
    import subprocess
    import sys

    code = (
        "import gc, sys\n"
        "threshold = gc.get_threshold()\n"
        "from generator.console import main\n"  # the console script's own module
        "assert gc.isenabled() and gc.get_threshold() == threshold and gc.get_freeze_count() == 0\n"
        "sys.argv = ['parlour', 'calibrate', '-o', 'a.pdf']\n"
        "try:\n"
        "    main()\n"
        "finally:\n"
        "    print(gc.isenabled(), gc.get_threshold() == threshold, gc.get_freeze_count() == 0)\n"
    )
    res = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=120
    )
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == ["True", "True", "True"]
    from generator.cli import cli

    assert cli.main(["calibrate", "-o", str(tmp_path / "b.pdf")], standalone_mode=False) == 0
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


@click.command()
def _swallowing() -> None:
    """A command whose library turns every exception into an error of its own, as reportlab's file
    opening does (a bare except around open): a signal arriving there comes out as that error."""
    import signal
    import time

    try:
        os.kill(os.getpid(), signal.SIGHUP)
        time.sleep(5)  # the handler raises here
    except BaseException:
        raise ValueError('Can\'t open file "font.ttf"') from None


def test_a_signal_a_library_swallowed_still_interrupts(monkeypatch, capsys):
    import generator.cli as cli_module

    monkeypatch.setitem(cli_module.COMMANDS, "swallowing", ("tests.test_cli:_swallowing", "A test command."))
    code = cli_module.cli.main(["swallowing"], standalone_mode=False)
    err = capsys.readouterr().err
    assert code == 129, err
    assert "Interrupted: nothing was written." in err and "Traceback" not in err and "font.ttf" not in err
