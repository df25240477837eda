"""Packaging: what pyproject ships (packages, fonts, templates, licences) and what it depends on."""

from __future__ import annotations

import ast
import fnmatch
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]

#: import name -> distribution name, for the third-party modules the package may import
DISTRIBUTIONS = {
    "reportlab": "reportlab",
    "click": "click",
    "PIL": "pillow",
    "pypdfium2": "pypdfium2",
    "pypdf": "pypdf",
    "tomlkit": "tomlkit",  # calibrate --save edits the settings file keeping its layout
}


def _dist_name(requirement: str) -> str:
    for sep in "<>=!~[; ":
        requirement = requirement.split(sep, 1)[0]
    return requirement.lower()


#: the same for the `web` extra (parlour serve), imported only under generator/web/
WEB_DISTRIBUTIONS = {"flask": "flask", "waitress": "waitress", "segno": "segno"}
WEB = ROOT / "generator" / "web"


def _imported_top_levels(where: Path, skip: Path | None = None) -> set[str]:
    """Top-level module names imported anywhere under `where` (at any depth, lazy imports too),
    leaving out the files under `skip`."""
    found: set[str] = set()
    for path in where.rglob("*.py"):
        if skip is not None and path.is_relative_to(skip):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
    return found


def test_every_subpackage_is_listed():
    listed = set(SETUPTOOLS["packages"])
    on_disk = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "generator").rglob("__init__.py")}
    assert on_disk - {"generator"} <= listed, f"add to [tool.setuptools] packages: {on_disk - listed}"
    mapped = SETUPTOOLS["package-dir"]
    assert mapped == {"generator._fonts": "fonts", "generator._templates": "templates"}
    for package, directory in mapped.items():
        assert package in listed and (ROOT / directory / "__init__.py").is_file()


def _shipped(package: str, directory: Path) -> set[str]:
    patterns = PYPROJECT["tool"]["setuptools"]["package-data"][package]
    out = set()
    for path in directory.rglob("*"):
        rel = path.relative_to(directory).as_posix()
        if path.is_file() and any(
            fnmatch.fnmatch(rel, pat) or ("**/" in pat and fnmatch.fnmatch(rel, pat.replace("**/", "")))
            for pat in patterns
        ):
            out.add(rel)
    return out


def test_package_data_covers_fonts_templates_and_data():
    fonts = {p.name for p in (ROOT / "fonts").iterdir() if p.suffix in (".ttf", ".txt")}
    assert fonts and _shipped("generator._fonts", ROOT / "fonts") == fonts
    toml = {p.relative_to(ROOT / "templates").as_posix() for p in (ROOT / "templates").rglob("*.toml")}
    assert toml and _shipped("generator._templates", ROOT / "templates") == toml
    data = {p.name for p in (ROOT / "generator" / "data").iterdir() if p.is_file()}
    assert {"lexicon.txt", "LICENSE-wordlists.txt"} <= data
    assert PYPROJECT["tool"]["setuptools"]["package-data"]["generator"] == ["data/*"]


def test_licence_is_spdx_and_every_licence_file_exists():
    project = PYPROJECT["project"]
    assert project["license"] == "MIT"
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    files = project["license-files"]
    assert {"LICENSE", "fonts/LICENSE-DejaVu.txt", "generator/data/LICENSE-wordlists.txt"} <= set(files)
    for name in files:
        assert (ROOT / name).is_file(), name
    words = (ROOT / "generator/data/LICENSE-wordlists.txt").read_text(encoding="utf-8")
    assert "Kevin Atkinson" in words and "CC-BY-SA 4.0" in words and "WordNet" in words
    # the build backend must know the SPDX form and license-files (setuptools 77+)
    assert any(r.startswith("setuptools>=7") for r in PYPROJECT["build-system"]["requires"])


def test_runtime_dependencies_are_exactly_what_the_package_imports():
    stdlib = set(sys.stdlib_module_names)
    third_party = _imported_top_levels(ROOT / "generator", skip=WEB) - stdlib - {"generator", "__future__"}
    third_party -= set(OPTIONAL)  # imported only when there, for an extra's feature (see below)
    assert third_party <= set(DISTRIBUTIONS), f"unexpected imports: {third_party - set(DISTRIBUTIONS)}"
    declared = {_dist_name(r) for r in PYPROJECT["project"]["dependencies"]}
    # rl-accel is never imported by parlour: reportlab picks it up itself (its C speed-ups)
    assert declared == {DISTRIBUTIONS[m] for m in third_party} | {"rl-accel"}


#: import name -> (extra, the one module that imports it, inside a try that does without it)
OPTIONAL = {"ezdxf": ("cutter", "generator/press/cutter.py")}


def test_an_optional_import_is_an_extra_and_tried_in_one_place():
    extras = {k: {_dist_name(r) for r in v} for k, v in PYPROJECT["project"]["optional-dependencies"].items()}
    for module, (extra, where) in OPTIONAL.items():
        assert module in extras[extra] and module in extras["test"]
        users = [
            p.relative_to(ROOT).as_posix()
            for p in (ROOT / "generator").rglob("*.py")
            if f"import {module}" in p.read_text(encoding="utf-8")
        ]
        assert users == [where], users
        assert f"try:\n        import {module}\n    except ImportError:" in (ROOT / where).read_text(
            encoding="utf-8"
        )


def test_the_web_extra_is_exactly_what_parlour_serve_imports_beyond_the_core():
    stdlib = set(sys.stdlib_module_names)
    web = _imported_top_levels(WEB) - stdlib - {"generator", "__future__"} - set(DISTRIBUTIONS)
    assert web == set(WEB_DISTRIBUTIONS), web
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert {_dist_name(r) for r in extras["web"]} == set(WEB_DISTRIBUTIONS.values())
    assert {_dist_name(r) for r in extras["web"]} <= {_dist_name(r) for r in extras["test"]}
    assert "pytest-playwright" in {_dist_name(r) for r in extras["test"]}


def test_build_and_test_tools_live_in_extras_where_they_are_used():
    extras = {k: {_dist_name(r) for r in v} for k, v in PYPROJECT["project"]["optional-dependencies"].items()}
    assert "wordfreq" in _imported_top_levels(ROOT / "scripts") and "wordfreq" in extras["build"]
    tests_use = _imported_top_levels(ROOT / "tests")
    for dist in ("networkx", "wordfreq", "pypdf", "hypothesis", "pytest"):
        assert dist in tests_use and dist in extras["test"], dist
