"""The command line: help, version, and bad input giving one line on stderr, exit 2, and no file."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator import __version__
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
    assert sorted(p.name for p in (tmp_path / "prev").iterdir()) == ["cal-001.png", "cal-002.png"]


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
