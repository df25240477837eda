"""The browser tests fail, not skip, under CI when Chromium is missing (and skip elsewhere)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pytest_playwright", reason="pytest-playwright is not installed")

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("ci", "verdict"), [("true", "error"), ("", "skipped")])
def test_a_missing_chromium_fails_under_ci_and_skips_elsewhere(tmp_path, ci, verdict):
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTEST_ADDOPTS", "PYTEST_XDIST_WORKER")}
    env |= {
        "CI": ci,
        "PARLOUR_CHROMIUM": str(tmp_path / "no-chromium"),
        "PATH": str(Path(sys.executable).parent),
    }
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "-o",
            "addopts=",
            "-q",
            "-rfEs",
            "tests/web/test_browser.py",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = done.stdout + done.stderr
    assert "Chromium is missing" in out, out
    if verdict == "error":
        assert done.returncode == 1 and " error" in out and "passed" not in out, out
    else:
        assert done.returncode == 0 and " skipped" in out and "passed" not in out and "failed" not in out, out
