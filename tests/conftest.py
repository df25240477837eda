"""Shared fixtures: run the CLI in-process and read PDFs back."""

from __future__ import annotations

import gc
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

# Before anything else is imported or collected (this module is the first the suite loads, in every
# xdist worker too): the settings, the cache and the templates point into a folder of the run's
# own, so no test reads or writes the user's settings file or cache, whatever a fixture of wider
# scope does first. HOME goes there as well, for code that falls back on ~/.cache or ~/.config.
_ISOLATED = Path(tempfile.mkdtemp(prefix="parlour-tests-"))
for _var, _sub in (
    ("HOME", "home"),
    ("XDG_CONFIG_HOME", "config"),
    ("XDG_CACHE_HOME", "cache-home"),
    ("PARLOUR_CACHE_DIR", "cache"),
):
    (_ISOLATED / _sub).mkdir()
    os.environ[_var] = str(_ISOLATED / _sub)
for _var in ("PARLOUR_CONFIG", "PARLOUR_TEMPLATES"):
    os.environ.pop(_var, None)


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(_ISOLATED, ignore_errors=True)


from generator.cli import cli  # noqa: E402  (after the environment above is set)


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
