"""The game contract: what a game's rules module must define and what it may.

``companion/rules/base.py`` says what each part means. This module says which parts there
are, checks a rules module against them once, when the registry loads the game
(``companion/known_games/registry.py``), and fills every optional part the game leaves out with its
default there. The rest of the companion then reads ``game.draws`` or
``game.CORRECTIONS`` as plain attributes of a :class:`GameRules`: nothing else asks a game
whether it has a part (``tests/known_games/test_game_contract.py`` keeps it so).

A game that lacks a required part, or gives one of the wrong kind, is refused with every
fault named, before any table of it is loaded.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any, NamedTuple, Protocol, cast

from companion.errors import OperatorError

Migration = Callable[[dict], dict]


class GameRules(Protocol):
    """A game's rules module, as the core may use it (every part present)."""

    NAME: str
    PLAYERS: range
    OPTIONS: dict[str, Any]
    RULES_VERSION: int
    # optional, with their defaults below
    OPTION_CHOICES: Mapping[str, tuple]
    MIGRATIONS: Mapping[int, Migration]
    REPLAY_ONLY: frozenset[str]
    AFTER_THE_END: frozenset[str]
    CORRECTIONS: frozenset[str]
    BGG_ID: int | None

    def setup(self, players: list[str], options: dict) -> dict: ...
    def apply(self, state: dict, action: dict) -> dict: ...
    def legal(self, state: dict, seat: int | None) -> list[dict]: ...
    def prompt(self, state: dict) -> dict | None: ...
    def view(self, state: dict, seat: int | None) -> dict: ...
    def describe(self, action: dict, seat: int | None) -> dict: ...
    def final(self, state: dict) -> bool: ...
    def draws(self, state: dict, action: dict) -> dict[str, dict]: ...
    def discloses(self, before: dict, after: dict, action: dict) -> list[dict]: ...
    def notes(self, before: dict, after: dict, action: dict) -> dict | None: ...
    def standings(self, state: dict) -> list[dict]: ...
    def start_seat(self, state: dict) -> int | None: ...

    # a game that keeps a catalogue of its cards (``companion/storage/card_catalogue.py``) has all
    # three
    catalogue_key: Callable[..., Any] | None
    catalogue_entry: Callable[..., Any] | None
    check_entry: Callable[..., Any] | None


REQUIRED_FUNCTIONS = ("setup", "apply", "legal", "prompt", "view", "describe", "final")
REQUIRED_VALUES: dict[str, type | tuple[type, ...]] = {
    "NAME": str,
    "PLAYERS": range,
    "OPTIONS": dict,
    "RULES_VERSION": int,
}


def _no_draws(state: dict, action: dict) -> dict[str, dict]:
    return {}


def _discloses_nothing(before: dict, after: dict, action: dict) -> list[dict]:
    return []


def _notes_nothing(before: dict, after: dict, action: dict) -> dict | None:
    return None


def _no_standings(state: dict) -> list[dict]:
    return []


def _no_start_seat(state: dict) -> int | None:
    return None


#: The optional functions and what a game without one gets.
OPTIONAL_FUNCTIONS: dict[str, Callable[..., Any]] = {
    "draws": _no_draws,
    "discloses": _discloses_nothing,
    "notes": _notes_nothing,
    "standings": _no_standings,
    "start_seat": _no_start_seat,
}
#: The optional values, their kind and the default a game without one gets.
OPTIONAL_VALUES: dict[str, tuple[type | tuple[type, ...], Any]] = {
    "OPTION_CHOICES": (Mapping, {}),
    "MIGRATIONS": (Mapping, {}),
    "REPLAY_ONLY": ((frozenset, set, tuple), frozenset()),
    "AFTER_THE_END": ((frozenset, set, tuple), frozenset()),
    "CORRECTIONS": ((frozenset, set, tuple), frozenset()),
    "BGG_ID": ((int, type(None)), None),
}
CATALOGUE = ("catalogue_key", "catalogue_entry", "check_entry")


class GameContractError(OperatorError):
    """A game's rules module does not keep the contract."""


def faults(module: ModuleType) -> list[str]:
    """What ``module`` lacks or gives wrong, in words; empty when it keeps the contract."""
    found = []
    for name in REQUIRED_FUNCTIONS:
        if not callable(getattr(module, name, None)):
            found.append(f"no function {name}")
    for name, kind in REQUIRED_VALUES.items():
        value = getattr(module, name, None)
        if not isinstance(value, kind) or isinstance(value, bool):
            found.append(f"no {name} (a {_kind_name(kind)})")
    for name in OPTIONAL_FUNCTIONS:
        if hasattr(module, name) and not callable(getattr(module, name)):
            found.append(f"{name} is not a function")
    for name, (kind, _) in OPTIONAL_VALUES.items():
        if hasattr(module, name) and not isinstance(getattr(module, name), kind):
            found.append(f"{name} is not a {_kind_name(kind)}")
    catalogue = [name for name in CATALOGUE if callable(getattr(module, name, None))]
    if catalogue and len(catalogue) != len(CATALOGUE):
        found.append(f"a catalogue needs all of {', '.join(CATALOGUE)}")
    return found


def complete(module: ModuleType) -> GameRules:
    """``module`` checked against the contract, its missing optional parts filled with their
    defaults (once: a completed module is left as it is)."""
    problems = faults(module)
    if problems:
        name = getattr(module, "NAME", None) or module.__name__
        raise GameContractError(
            f"the game {name} does not keep the contract: " + "; ".join(problems)
        )
    for name, default in OPTIONAL_FUNCTIONS.items():
        if not hasattr(module, name):
            setattr(module, name, default)
    for name, (_, value) in OPTIONAL_VALUES.items():
        if not hasattr(module, name):
            setattr(module, name, value)
    for name in CATALOGUE:
        if not hasattr(module, name):
            setattr(module, name, None)
    return cast(GameRules, module)


class CatalogueHooks(NamedTuple):
    """A game's three catalogue functions (``companion/storage/card_catalogue.py``)."""

    key: Callable[[dict, dict], Any]
    entry: Callable[[dict, dict], Any]
    check: Callable[[str, Any], Any]


def catalogue_of(game: GameRules) -> CatalogueHooks | None:
    """The game's catalogue functions, or None for a game that keeps no catalogue."""
    if game.catalogue_key is None or game.catalogue_entry is None or game.check_entry is None:
        return None
    return CatalogueHooks(game.catalogue_key, game.catalogue_entry, game.check_entry)


def _kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(k.__name__ for k in kinds if k is not type(None))
