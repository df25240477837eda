"""Shared fixtures: run the CLI in-process and read PDFs back."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli


@pytest.fixture(autouse=True)
def settings_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test sees an empty config directory, never the user's own settings file."""
    home = tmp_path_factory.mktemp("xdg")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    monkeypatch.delenv("PARLOUR_CONFIG", raising=False)
    return home


_FROZEN_AT_START = gc.get_freeze_count()  # (some Pythons start with objects frozen)


@pytest.fixture(autouse=True)
def collector_left_on():
    """A test that leaves Python's cyclic collector off or frozen fails: later tests would run with
    it so."""
    yield
    enabled, frozen = gc.isenabled(), gc.get_freeze_count() > _FROZEN_AT_START
    gc.enable()
    if frozen:
        gc.unfreeze()
    assert enabled, "the test left the garbage collector off"
    assert not frozen, "the test left objects frozen (gc.freeze without gc.unfreeze)"


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Invoke `parlour ARGS...` in a temp working directory; returns click's Result."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()

    def _run(*args: str):
        return runner.invoke(cli, [str(a) for a in args], catch_exceptions=False)

    return _run


@pytest.fixture(scope="session")
def printed(tmp_path_factory: pytest.TempPathFactory):
    """`printed(*args)`: the PDF `parlour ARGS -o FILE` writes, made once per test session (per
    xdist worker) and shared by every test that only reads it. No settings file is read."""
    made: dict[tuple[str, ...], Path] = {}
    where = tmp_path_factory.mktemp("printed")

    def get(*args: str) -> Path:
        if args not in made:
            out = where / f"{len(made)}.pdf"
            with pytest.MonkeyPatch.context() as mp:
                mp.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("xdg")))
                mp.delenv("PARLOUR_CONFIG", raising=False)
                res = CliRunner().invoke(cli, [*args, "-o", str(out)], catch_exceptions=False)
            assert res.exit_code == 0, res.output
            made[args] = out
        return made[args]

    return get
