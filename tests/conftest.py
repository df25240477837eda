"""Shared fixtures: run the CLI in-process and read PDFs back."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Invoke `parlour ARGS...` in a temp working directory; returns click's Result."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()

    def _run(*args: str):
        return runner.invoke(cli, [str(a) for a in args], catch_exceptions=False)

    return _run
