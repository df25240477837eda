"""Helpers for CLI tests: the one-line error contract, and what files a run left behind."""

from __future__ import annotations

from pathlib import Path


def one_line_error(res) -> str:
    """Assert a click Result failed the parlour way (exit 2, one line on stderr, no traceback); return the line."""
    assert res.exit_code == 2, (res.exit_code, res.output)
    lines = [ln for ln in res.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, res.stderr
    assert "Traceback" not in res.stderr
    return lines[0]


def files_in(where: Path) -> list[str]:
    """Every file below `where`, as sorted relative paths."""
    return sorted(str(p.relative_to(where)) for p in where.rglob("*") if p.is_file())
