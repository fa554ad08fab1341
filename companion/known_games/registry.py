"""The games this companion knows, found from their folders.

A game is one package under ``companion/games/<name>/`` (see docs/adding-a-game.md): its
rules in ``game.py``, its words in ``i18n/<lang>.json``, its board in ``panel.js`` and its
rule notes in ``rules.md``. Nothing here lists the games: a folder with a ``game.py`` is a
game. Packages outside the project can add one through the ``table_companion.games`` entry
point group, as pytest plugins do; tests add their own small game with ``register``.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import inspect
import logging
import pkgutil
from dataclasses import dataclass
from importlib.machinery import FileFinder
from pathlib import Path
from types import ModuleType
from typing import cast

import companion.games
from companion.errors import OperatorError
from companion.known_games.game_contract import GameContractError, GameRules, complete
from companion.rules import dice

log = logging.getLogger("companion")
ENTRY_POINTS = "table_companion.games"
LANGUAGES = ("en", "fr")


@dataclass(frozen=True)
class GamePackage:
    """One game's folder: its rules module and the files beside it."""

    name: str
    rules: ModuleType
    folder: Path

    @property
    def panel(self) -> Path:
        return self.folder / "panel.js"

    def words_file(self, lang: str) -> Path:
        return self.folder / "i18n" / f"{lang}.json"


_found: dict[str, GamePackage] | None = None
_extra: dict[str, GamePackage] = {}


def _package(module: ModuleType) -> GamePackage:
    """A game's package, its rules module checked against the contract and completed with
    the defaults of what it leaves out (``companion/known_games/game_contract.py``)."""
    complete(module)
    return GamePackage(module.NAME, module, Path(inspect.getfile(module)).resolve().parent)


def _discover() -> dict[str, GamePackage]:
    global _found
    if _found is None:
        found = {}
        for info in sorted(pkgutil.iter_modules(companion.games.__path__), key=lambda i: i.name):
            finder = info.module_finder  # a folder on disk: the games are files
            if (
                info.ispkg
                and isinstance(finder, FileFinder)
                and (Path(finder.path) / info.name / "game.py").is_file()
            ):
                module = importlib.import_module(f"companion.games.{info.name}.game")
                found[module.NAME] = _package(module)
        for point in importlib.metadata.entry_points(group=ENTRY_POINTS):
            module = point.load()
            try:
                package = _package(module)
            except GameContractError as error:
                # another package's game that breaks the contract costs its own line, never
                # the companion (the games here are held to it by the tests)
                log.warning("%s (from %s): left out", error, point.value)
                continue
            found.setdefault(package.name, package)
        _found = found
    return _found


def register(module: ModuleType) -> None:
    """Add a game module at run time (tests use this for their small test-only game); its
    words are looked for in ``i18n/`` beside the module, as for any game."""
    _extra[module.NAME] = _package(module)


def package(name: str) -> GamePackage:
    if name in _extra:
        return _extra[name]
    found = _discover()
    if name not in found:
        raise KeyError(name)
    return found[name]


def game(name: str) -> GameRules:
    return cast(GameRules, package(name).rules)


def names() -> list[str]:
    found = _discover()
    return list(found) + [n for n in _extra if n not in found]


def found() -> list[str]:
    """The games found in their folders (and entry points), without those added by tests."""
    return list(_discover())


def packages() -> list[GamePackage]:
    return [package(name) for name in names()]


def die_kinds() -> dict[str, dice.DieKind]:
    """Every die kind: the kernel's d6 and those each game's package declares."""
    _discover()
    return dict(dice.KINDS)


def faces() -> dict[str, tuple[int, ...]]:
    """Every die kind's faces (repeated faces listed each time)."""
    _discover()
    return dice.FACES


def _declared(name: str) -> ModuleType:
    """The package ``__init__`` a game's declarations live in (beside ``DICE``)."""
    rules = package(name).rules
    return importlib.import_module(rules.__package__) if rules.__package__ else rules


def card_faces(name: str) -> dict:
    """The cards a game lets tags stand for (``CARD_FACES`` in its package ``__init__``,
    see ``companion/rules/cards.py``): name -> ``CardFace``; none for a game without."""
    return dict(getattr(_declared(name), "CARD_FACES", None) or {})


class UndeclaredContract(OperatorError):
    """A game's package does not declare a part of the rules contract every game must."""


def _contract(name: str, part: str) -> tuple[str, ...]:
    value = getattr(_declared(name), part, None)
    if not isinstance(value, tuple) or not all(isinstance(item, str) for item in value):
        raise UndeclaredContract(f"the game {name} declares no {part} (a tuple of names)")
    return value


def seat_params(name: str) -> tuple[str, ...]:
    """The parameters of a game's actions, log lines and prompts that hold a seat number
    (``SEAT_PARAMS``): the pages, the exports and the refusals show the player's name."""
    return _contract(name, "SEAT_PARAMS")


def end_turn(name: str) -> tuple[str, ...]:
    """The action types that end a turn in a game (``END_TURN``): the last button, asked
    about first when the seat could still do more, and the GPIO ``next`` button."""
    return _contract(name, "END_TURN")
