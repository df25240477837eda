"""generator/ uses its dependencies through their public APIs only (the project's rule: use
dependencies as published; see docs/architecture.md): an AST scan of every module for private
names of other packages and for patching.

A dependency is any module imported absolutely that is not parlour's own: reportlab, click, PIL,
pypdf, pypdfium2, flask, waitress and the stdlib alike. The scan fails on
  (a) importing a private name or module: `from reportlab.platypus.paragraph import _split`,
      `import _thread`, `from _thread import allocate_lock`;
  (b) reading or writing a private attribute (`_name`, not `__dunder__`; or the instance's own
      `__dict__`) of a name bound to a
      dependency (`pdfmetrics._fonts`, `sys._getframe`), of a value made by one
      (`c = Canvas(...); c._code`) or annotated as one (`def f(c: Canvas): c._doc`), through
      getattr/setattr with a literal name, or from a subclass of a dependency's class
      (`self._code`, `super()._formatText`, overriding `_setup`);
  (c) assigning to (or deleting) an attribute of a dependency's module or of a name imported
      from one (`re.compile = ...`, `Canvas.drawString = ...`), except reportlab.rl_config,
      reportlab's published configuration.
A scan is only worth as much as its ability to fail: the snippets below must be caught.
"""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path
from typing import Any

import pytest

import generator

ROOT = Path(generator.__file__).parent
OWN = "generator"
#: what a program may set as the authors publish it: reportlab's settings, and the standard streams
#: (the sys documentation says a program may replace them)
WRITABLE = ("reportlab.rl_config", "sys.stdout", "sys.stderr", "sys.stdin")


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _private_module(module: str) -> bool:
    return any(_private(part) for part in module.split("."))


def _resolve(origin: str) -> Any:
    """The object a dotted origin names (a module, or a name in one); None if it cannot be found."""
    parts = origin.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for attr in parts[i:]:
            obj = getattr(obj, attr, None)
        return obj
    return None


class _Scan(ast.NodeVisitor):
    """One module's violations, as 'line: what' strings."""

    def __init__(self, tree: ast.Module) -> None:
        self.found: list[str] = []
        self.bound: dict[str, str] = {}  # name -> dotted origin, for names bound to a dependency
        self.made: set[str] = set()  # names holding a value made by (or annotated as) a dependency's
        for node in ast.walk(tree):
            self._bind(node)
        for node in ast.walk(tree):
            self._derive(node)

    # -- what names stand for -------------------------------------------------------------
    def _bind(self, node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] != OWN:
                    self.bound[a.asname or a.name.split(".")[0]] = (
                        a.name if a.asname else a.name.split(".")[0]
                    )
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            if node.module.split(".")[0] not in (OWN, "__future__"):
                for a in node.names:
                    self.bound[a.asname or a.name] = f"{node.module}.{a.name}"

    def _origin(self, node: ast.AST) -> str | None:
        """The dependency a Name or a chain of attributes on one stands for, else None."""
        if isinstance(node, ast.Name):
            return self.bound.get(node.id)
        if isinstance(node, ast.Attribute):
            base = self._origin(node.value)
            return None if base is None else f"{base}.{node.attr}"
        return None

    def _dep_typed(self, ann: ast.AST | None) -> bool:
        if ann is None:
            return False
        if isinstance(ann, ast.BinOp):  # Canvas | None
            return self._dep_typed(ann.left) or self._dep_typed(ann.right)
        if isinstance(ann, ast.Constant) and isinstance(ann.value, str):
            try:
                return self._dep_typed(ast.parse(ann.value, mode="eval").body)
            except SyntaxError:
                return False
        return self._origin(ann) is not None

    def _dep_made(self, value: ast.AST | None) -> bool:
        """A call that makes a dependency's value: one of its classes, or a function of a package
        that is not the stdlib's (the stdlib's copy.copy or dict.get hand back what they are given)."""
        if not isinstance(value, ast.Call):
            return False
        origin = self._origin(value.func)
        if origin is None:
            return False
        if origin.split(".")[0] not in sys.stdlib_module_names:
            return True
        return isinstance(_resolve(origin), type)

    def _derive(self, node: ast.AST) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            args = node.args
            for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
                if self._dep_typed(a.annotation):
                    self.made.add(a.arg)
        elif isinstance(node, ast.Assign) and self._dep_made(node.value):
            self.made.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            if self._dep_typed(node.annotation) or self._dep_made(node.value):
                self.made.add(node.target.id)
        elif isinstance(node, ast.withitem) and isinstance(node.optional_vars, ast.Name):
            if self._dep_made(node.context_expr):
                self.made.add(node.optional_vars.id)

    def _is_dep_value(self, node: ast.AST) -> bool:
        if isinstance(node, ast.Name):
            return node.id in self.bound or node.id in self.made
        if isinstance(node, ast.Attribute):
            return self._origin(node) is not None
        return self._dep_made(node)

    def _flag(self, node: ast.AST, what: str) -> None:
        self.found.append(f"{getattr(node, 'lineno', 0)}: {what}")

    # -- (a) imports ----------------------------------------------------------------------
    def visit_Import(self, node: ast.Import) -> None:
        for a in node.names:
            if _private_module(a.name):
                self._flag(node, f"imports the private module {a.name}")

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level or not node.module or node.module.split(".")[0] == OWN:
            return
        if _private_module(node.module):
            self._flag(node, f"imports from the private module {node.module}")
        for a in node.names:
            if _private(a.name):
                self._flag(node, f"imports the private name {node.module}.{a.name}")

    # -- (b) private attributes -----------------------------------------------------------
    def visit_Attribute(self, node: ast.Attribute) -> None:
        if (_private(node.attr) or node.attr == "__dict__") and self._is_dep_value(node.value):
            self._flag(node, f"uses the private attribute {ast.unparse(node)}")
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        f = node.func
        if isinstance(f, ast.Name) and f.id in ("getattr", "setattr", "delattr", "hasattr") and node.args:
            name = node.args[1] if len(node.args) > 1 else None
            if isinstance(name, ast.Constant) and isinstance(name.value, str):
                target = node.args[0]
                if _private(name.value) and self._is_dep_value(target):
                    self._flag(node, f"{f.id}s the private attribute {name.value!r} of {ast.unparse(target)}")
                if f.id in ("setattr", "delattr") and self._patches(target):
                    self._flag(node, f"{f.id}s an attribute of the dependency {ast.unparse(target)}")
        self.generic_visit(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        bases = [o for b in node.bases if (o := self._origin(b)) is not None]
        if bases:
            self._subclass(node, [_resolve(o) for o in bases])
        self.generic_visit(node)

    def _subclass(self, node: ast.ClassDef, bases: list[Any]) -> None:
        """A class deriving from a dependency's: its private names must be its own, not its base's."""

        def inherited(name: str) -> bool:
            return any(base is not None and hasattr(base, name) for base in bases)

        own = {n.name for n in node.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
        for sub in ast.walk(node):
            if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) and sub.value.id == "self":
                if isinstance(sub.ctx, ast.Store) and not inherited(sub.attr):
                    own.add(sub.attr)
            elif isinstance(sub, ast.AnnAssign | ast.Assign):
                targets = sub.targets if isinstance(sub, ast.Assign) else [sub.target]
                own.update(t.id for t in targets if isinstance(t, ast.Name) and not inherited(t.id))
        for sub in node.body:
            if isinstance(sub, ast.FunctionDef | ast.AsyncFunctionDef) and _private(sub.name):
                if inherited(sub.name):
                    self._flag(sub, f"{node.name} overrides its dependency base's private {sub.name}")
        for sub in ast.walk(node):
            if not (isinstance(sub, ast.Attribute) and _private(sub.attr)):
                continue
            v = sub.value
            via_self = isinstance(v, ast.Name) and v.id == "self"
            via_super = isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id == "super"
            if via_super or (via_self and (inherited(sub.attr) or sub.attr not in own)):
                self._flag(sub, f"{node.name} uses its dependency base's private {ast.unparse(sub)}")

    # -- (c) patching ---------------------------------------------------------------------
    def _patches(self, target: ast.AST) -> bool:
        origin = self._origin(target)
        return origin is not None and not origin.startswith(WRITABLE)

    def _writable(self, target: ast.Attribute) -> bool:
        origin = self._origin(target)
        return origin is not None and origin in WRITABLE

    def _check_targets(self, targets: list[ast.expr]) -> None:
        for t in targets:
            for sub in ast.walk(t):
                if isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store | ast.Del):
                    if self._patches(sub.value) and not self._writable(sub):
                        self._flag(sub, f"assigns into the dependency: {ast.unparse(sub)}")

    def visit_Assign(self, node: ast.Assign) -> None:
        self._check_targets(node.targets)
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self._check_targets([node.target])
        self.generic_visit(node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self._check_targets([node.target])
        self.generic_visit(node)

    def visit_Delete(self, node: ast.Delete) -> None:
        self._check_targets(node.targets)
        self.generic_visit(node)


def violations(source: str) -> list[str]:
    """What in `source` reaches past a dependency's public API (see the module's docstring)."""
    tree = ast.parse(source)
    scan = _Scan(tree)
    scan.visit(tree)
    return sorted(set(scan.found), key=lambda s: int(s.split(":")[0]))


def _modules() -> list[Path]:
    return sorted(ROOT.rglob("*.py"))


def test_generator_uses_its_dependencies_public_api_only() -> None:
    found = {
        f"{p.relative_to(ROOT.parent)}:{v}": None
        for p in _modules()
        for v in violations(p.read_text("utf-8"))
    }
    assert not found, "private names or patches of a dependency:\n" + "\n".join(found)


def test_the_scan_sees_every_module() -> None:
    names = {str(p.relative_to(ROOT)) for p in _modules()}
    assert {"cli.py", "console.py", "press/document.py", "press/flow.py", "press/fonts.py"} <= names
    assert len(names) > 50


@pytest.mark.parametrize(
    "snippet",
    [
        # (a) private names and modules imported
        "from reportlab.platypus.paragraph import _getFragWords\n",
        "from reportlab.platypus.paragraph import split, _shy as shy\n",
        "import _thread\n",
        "from _thread import allocate_lock\n",
        "from reportlab.lib._private import x\n",
        # (b) private attributes read or written
        "from reportlab.pdfbase import pdfmetrics\nfonts = pdfmetrics._fonts\n",
        "import reportlab.pdfbase.pdfmetrics\nreportlab.pdfbase.pdfmetrics._fonts.clear()\n",
        "import sys\nf = sys._getframe(1)\n",
        "import gc as g\ng._secret = 1\n",
        "from reportlab.pdfgen.canvas import Canvas\nc = Canvas('x.pdf')\nc._code.append('q')\n",
        "from reportlab.pdfgen.canvas import Canvas\ndef f(c: Canvas) -> None:\n    return c._doc\n",
        "from reportlab.pdfgen.canvas import Canvas\ndef f(c: 'Canvas | None'):\n    c._code\n",
        "from reportlab.pdfgen import canvas\ndef f(c: canvas.Canvas):\n    c._fontname\n",
        "from reportlab.pdfbase import pdfmetrics\ngetattr(pdfmetrics, '_fonts')\n",
        "from reportlab.pdfgen.canvas import Canvas\ndef f(c: Canvas):\n    c.__dict__.setdefault('_x', 1)\n",
        "from reportlab.pdfgen.canvas import Canvas\n"
        "class C(Canvas):\n    def f(self):\n        return self._code\n",
        "from reportlab.platypus import Paragraph\n"
        "class P(Paragraph):\n    def _setup(self, *a):\n        pass\n",
        "from reportlab.pdfgen.textobject import PDFTextObject\n"
        "class T(PDFTextObject):\n    def f(self, t):\n        return super()._formatText(t)\n",
        # (c) patches
        "import re\nre.compile = lambda *a: None\n",
        "from reportlab.pdfgen.canvas import Canvas\nCanvas.drawString = print\n",
        "from reportlab.pdfbase import pdfmetrics\nsetattr(pdfmetrics, 'registerFont', print)\n",
        "import click\ndel click.echo\n",
        "import sys\nsys.exit = print\n",
        "from pathlib import Path\np = Path('x')\np._raw_paths\n",
    ],
)
def test_the_scan_catches(snippet: str) -> None:
    assert violations(snippet), snippet


@pytest.mark.parametrize(
    "snippet",
    [
        "from __future__ import annotations\nimport sys\nsys.modules.get('x')\n",
        "from reportlab import rl_config\nrl_config.invariant = 1\n",
        "import reportlab.rl_config\nreportlab.rl_config.warnOnMissingFontGlyphs = 0\n",
        "from reportlab.pdfgen.canvas import Canvas\nc = Canvas('x.pdf')\nc.drawString(1, 2, 'x')\n",
        "from reportlab.platypus import Flowable\n"
        "class K(Flowable):\n    def wrap(self, w, h):\n        self._sizes = [w]\n        return self._sizes\n",
        "class Own:\n    def __init__(self):\n        self._x = 1\n    def f(self):\n        return self._x\n",
        "from generator.press import fonts\nfonts._cmap('Sans')\n",  # parlour's own private names
        "from .fonts import _cmap\n",
        "import dataclasses\n@dataclasses.dataclass\nclass D:\n    x: int = 0\n",
        "import sys\nsys.stdout = open('log', 'w')\n",
        "import copy\ng = copy.copy(own)\ng._costs = {}\n",  # what the stdlib hands back is ours
    ],
)
def test_the_scan_lets_public_use_be(snippet: str) -> None:
    assert violations(snippet) == [], snippet


def test_the_collector_is_set_in_one_place() -> None:
    """One garbage-collector setting, documented in generator/console.py; no other module imports gc
    (a pause here and there would make the collector's behaviour depend on which path ran)."""

    root = Path(generator.__file__).parent
    users = set()
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names = (
                [a.name for a in node.names] if isinstance(node, ast.Import)
                else [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            )  # fmt: skip
            if "gc" in names:
                users.add(path.relative_to(root).as_posix())
    assert users == {"console.py"}
