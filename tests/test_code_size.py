"""The size rules of generator/: no module over 600 lines, no function over 80 (issue 12)."""

from __future__ import annotations

import ast
from pathlib import Path

import generator

ROOT = Path(generator.__file__).parent
MAX_MODULE = 600
MAX_FUNCTION = 80


def _modules() -> list[Path]:
    return sorted(ROOT.rglob("*.py"))


def test_no_module_is_over_600_lines() -> None:
    long = {
        str(p.relative_to(ROOT)): n
        for p in _modules()
        if (n := len(p.read_text("utf-8").splitlines())) > MAX_MODULE
    }
    assert not long, f"split these by what they draw or compute: {long}"


def test_no_function_is_over_80_lines() -> None:
    long = {}
    for p in _modules():
        for node in ast.walk(ast.parse(p.read_text("utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                n = (node.end_lineno or node.lineno) - node.lineno + 1
                if n > MAX_FUNCTION:
                    long[f"{p.relative_to(ROOT)}:{node.lineno} {node.name}"] = n
    assert not long, f"split these functions: {long}"


def test_the_rules_see_every_module() -> None:
    # the walk finds the packages the wheel ships (a rule that read nothing would pass)
    found = {p.relative_to(ROOT).parts[0] for p in _modules()}
    assert {"commands", "games", "press", "words"} <= found
