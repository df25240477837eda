"""The installed tool, as .ci/run builds it: the wheel's contents, and the pack printed by a wheel
installed in a fresh venv outside the checkout, read back and compared with this checkout's.

.ci/run sets PARLOUR_WHEEL and PARLOUR_INSTALLED_PDF (and PARLOUR_REQUIRE_INSTALLED=1, so that a
missing file fails instead of skipping); a plain `pytest` run skips this module.
"""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

import pytest

WHEEL = os.environ.get("PARLOUR_WHEEL")
PDF = os.environ.get("PARLOUR_INSTALLED_PDF")
ROOT = Path(__file__).resolve().parents[1]

if not (WHEEL and PDF) and not os.environ.get("PARLOUR_REQUIRE_INSTALLED"):
    pytest.skip("run by .ci/run after it installs the wheel", allow_module_level=True)


def test_the_ci_gave_us_a_wheel_and_a_pdf():
    assert WHEEL and Path(WHEEL).is_file(), "PARLOUR_WHEEL must name the built wheel"
    assert PDF and Path(PDF).is_file(), "PARLOUR_INSTALLED_PDF must name the pack the wheel printed"


def test_wheel_holds_fonts_templates_data_and_licences():
    names = set(zipfile.ZipFile(WHEEL).namelist())
    for ttf in (ROOT / "fonts").glob("*.ttf"):
        assert f"generator/_fonts/{ttf.name}" in names
    for toml in (ROOT / "templates").rglob("*.toml"):
        assert f"generator/_templates/{toml.relative_to(ROOT / 'templates').as_posix()}" in names
    assert {"generator/data/lexicon.txt", "generator/data/LICENSE-wordlists.txt"} <= names
    assert "generator/_fonts/LICENSE-DejaVu.txt" in names
    licences = {n.split("/licenses/", 1)[1] for n in names if "/licenses/" in n}
    assert {"LICENSE", "fonts/LICENSE-DejaVu.txt", "generator/data/LICENSE-wordlists.txt"} <= licences
    meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = zipfile.ZipFile(WHEEL).read(meta).decode()
    assert "License-Expression: MIT" in text
    requires = [ln for ln in text.splitlines() if ln.startswith("Requires-Dist:") and "extra ==" not in ln]
    assert not [r for r in requires if "wordfreq" in r or "networkx" in r], requires


def test_installed_pack_is_a_valid_pdf_identical_to_the_checkouts(run, tmp_path):
    from pypdf import PdfReader

    from tests.pdfcheck import fonts_embedded

    installed = Path(PDF).read_bytes()
    assert installed.startswith(b"%PDF-") and installed.rstrip().endswith(b"%%EOF")
    reader = PdfReader(PDF)
    assert len(reader.pages) > 50
    assert reader.outline and all(fonts_embedded(Path(PDF)).values())
    res = run("pack", "-o", "here.pdf")  # the same command in this checkout's (editable) install
    assert res.exit_code == 0, res.output
    assert (tmp_path / "here.pdf").read_bytes() == installed
