"""What the build scripts share about the data files they write."""

from __future__ import annotations

import sys
from pathlib import Path


def check(path: Path, data: bytes, script: str) -> int:
    """The --check of a build script: 0 (and a line on stdout) if `path` holds exactly `data`,
    else 1 (and a line on stderr naming `script`, which rebuilds it)."""
    if path.exists() and path.read_bytes() == data:
        print(f"{path} is up to date")
        return 0
    print(f"{path} is stale: run {script}", file=sys.stderr)
    return 1
