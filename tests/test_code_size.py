"""The size rule of generator/: no function over 80 lines. Modules are sized by concept, not by
lines (one module per idea), so no line count is held for them."""

from __future__ import annotations

import ast
from pathlib import Path

import generator

ROOT = Path(generator.__file__).parent
MAX_FUNCTION = 80


def _modules() -> list[Path]:
    return sorted(ROOT.rglob("*.py"))


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
