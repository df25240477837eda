"""A module imported on first use: command modules name their drawing modules this way, so a
query command (chimera check, fighting-words check) never loads the drawing code or reportlab."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any


class LazyModule(ModuleType):
    """Stands for the module `name`; the first attribute looked up imports it."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.__dict__["_lazy_target"] = name

    def __getattr__(self, attr: str) -> Any:
        module = importlib.import_module(self.__dict__["_lazy_target"])
        return getattr(module, attr)


def lazy_module(name: str) -> Any:
    """`name`, imported when first used (typed Any so callers read as if it were the module)."""
    return LazyModule(name)
