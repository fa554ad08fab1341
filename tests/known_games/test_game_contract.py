"""One game contract (``companion/known_games/game_contract.py``): checked when the registry loads a
game, every optional part filled with its default there, and no other module asking a game
whether it has a part."""

from __future__ import annotations

import ast
import types
from pathlib import Path

import pytest

from companion.known_games import game_contract, registry
from companion.known_games.game_contract import GameContractError
from tests.support.tally import game as tally

ROOT = Path(__file__).resolve().parents[2]
CHECKERS = {"companion/known_games/registry.py", "companion/known_games/game_contract.py"}


def bare_game(**parts) -> types.ModuleType:
    """A rules module of only the required parts (tally's), plus ``parts``."""
    module = types.ModuleType("bare")
    for name in game_contract.REQUIRED_FUNCTIONS + tuple(game_contract.REQUIRED_VALUES):
        setattr(module, name, getattr(tally, name))
    setattr(module, "NAME", "bare")  # noqa: B010 - a module made here, typed as any module
    for name, value in parts.items():
        setattr(module, name, value)
    return module


@pytest.mark.parametrize("name", registry.names())
def test_every_game_keeps_the_contract(name):
    rules = registry.package(name).rules
    assert game_contract.faults(rules) == []
    for part in (*game_contract.OPTIONAL_FUNCTIONS, *game_contract.OPTIONAL_VALUES):
        assert hasattr(rules, part), f"{name}: {part} was not filled in at load"


def test_a_game_without_a_part_gets_its_default():
    rules = game_contract.complete(bare_game())
    assert rules.draws({}, {}) == {}
    assert rules.discloses({}, {}, {}) == []
    assert rules.notes({}, {}, {}) is None
    assert rules.standings({}) == []
    assert rules.start_seat({}) is None
    assert rules.MIGRATIONS == {} and rules.REPLAY_ONLY == frozenset()
    assert rules.OPTION_CHOICES == {} and rules.BGG_ID is None
    assert game_contract.catalogue_of(rules) is None


def test_a_game_breaking_the_contract_is_refused_with_every_fault_named():
    broken = bare_game(RULES_VERSION="2", draws=[], CORRECTIONS="set_points")
    del broken.legal
    with pytest.raises(GameContractError) as refused:
        registry.register(broken)
    said = str(refused.value)
    for fault in (
        "no function legal",
        "no RULES_VERSION",
        "draws is not a function",
        "CORRECTIONS is not a frozenset",
    ):
        assert fault in said
    with pytest.raises(KeyError):
        registry.package("bare")


def test_half_a_catalogue_is_refused():
    half = bare_game(catalogue_key=lambda state, action: None)
    assert game_contract.faults(half) == [
        "a catalogue needs all of catalogue_key, catalogue_entry, check_entry"
    ]


def probes_of_a_game(path: Path) -> list[str]:
    """``getattr``/``hasattr`` calls on something named as a game (``game``, ``self.game``,
    ``rules``, ``registry.game(...)``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "hasattr")
            and node.args
        ):
            continue
        text = ast.unparse(node.args[0])
        if text in ("game", "self.game", "rules", "table.game") or text.startswith(
            ("registry.game(", "registry.package(")
        ):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_nothing_else_asks_a_game_whether_it_has_a_part():
    files = [
        p
        for folder in ("companion", "web", "firmware_bridge")
        for p in (ROOT / folder).rglob("*.py")
        if str(p.relative_to(ROOT)) not in CHECKERS and "games" not in p.relative_to(ROOT).parts
    ]
    probes = [probe for path in files for probe in probes_of_a_game(path)]
    assert probes == []


def test_another_packages_broken_game_is_left_out_with_a_line(monkeypatch, caplog):
    """A game from another installed package (the ``table_companion.games`` entry points)
    that breaks the contract costs its own line; the companion and its own games go on."""
    broken = bare_game(NAME="plugin_game")
    del broken.view

    class Point:
        value = "someones_games:plugin_game"

        @staticmethod
        def load():
            return broken

    monkeypatch.setattr(registry, "_found", None)
    monkeypatch.setattr(registry.importlib.metadata, "entry_points", lambda group: [Point])
    with caplog.at_level("WARNING", logger="companion"):
        found = registry.found()
    assert "plugin_game" not in found and "lawless" in found
    assert "no function view" in caplog.text and "someones_games:plugin_game" in caplog.text
