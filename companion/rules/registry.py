"""The games this companion knows, by id."""

from __future__ import annotations

import importlib
from types import ModuleType

GAME_MODULES = {
    "lawless": "companion.rules.lawless",
    "nowheresville": "companion.rules.nowheresville",
    "outlaws108": "companion.rules.outlaws108",
    "root_doves": "companion.rules.root_doves",
    "abilene": "companion.rules.abilene",
}

_extra: dict[str, ModuleType] = {}


def register(module: ModuleType) -> None:
    """Add a game module at run time (tests use this for their small test-only game)."""
    _extra[module.NAME] = module


def game(name: str) -> ModuleType:
    if name in _extra:
        return _extra[name]
    if name not in GAME_MODULES:
        raise KeyError(name)
    return importlib.import_module(GAME_MODULES[name])


def names() -> list[str]:
    return list(GAME_MODULES) + [n for n in _extra if n not in GAME_MODULES]
