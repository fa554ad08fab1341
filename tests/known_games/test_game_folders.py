"""Every folder under companion/games/ is a whole game (docs/adding-a-game.md): the rule entry
points, words in both languages for every key its rules emit, a panel, rule notes."""

from __future__ import annotations

import json
import shutil
import string
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.known_games import registry
from companion.rules import dice
from tests.support.play import legal_walk, setup
from tests.support.words import action_key, catalog

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = sorted(p for p in (ROOT / "companion/games").iterdir() if (p / "game.py").is_file())
ENTRY_POINTS = ("setup", "apply", "legal", "prompt", "view", "describe", "final")
WALKS = settings(
    max_examples=4,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def names(folder: Path) -> str:
    return folder.name


def test_the_registry_finds_every_folder_and_nothing_else():
    assert FOLDERS, "no game folder found"
    assert registry.found() == [folder.name for folder in FOLDERS]


@pytest.mark.parametrize("folder", FOLDERS, ids=names)
def test_the_rule_entry_points(folder):
    game = registry.game(folder.name)
    assert game.NAME == folder.name
    assert isinstance(game.PLAYERS, range) and len(game.PLAYERS) > 0
    assert isinstance(game.OPTIONS, dict)
    assert isinstance(game.RULES_VERSION, int)
    for name in ENTRY_POINTS:
        assert callable(getattr(game, name, None)), f"{folder.name} has no {name}()"
    # the rules contract its package declares (docs/adding-a-game.md)
    for part in (registry.seat_params, registry.end_turn):
        declared = part(folder.name)
        assert isinstance(declared, tuple) and len(set(declared)) == len(declared), part
    assert registry.seat_params(folder.name), f"{folder.name} declares no seat parameter"


def test_a_game_that_declares_no_seat_parameters_is_refused(monkeypatch):
    package = __import__("companion.games.lawless", fromlist=["SEAT_PARAMS"])
    monkeypatch.delattr(package, "SEAT_PARAMS")
    with pytest.raises(registry.UndeclaredContract, match="lawless declares no SEAT_PARAMS"):
        registry.seat_params("lawless")


# What the table page does with a panel (web/static/table.js, loadPanel): imports the module
# and draws with its default export's render(view, ctx); tsc checks the type, this the thing.
PANEL_EXPORT = """
import { pathToFileURL } from "node:url";
const panel = (await import(pathToFileURL(process.argv[1]))).default;
console.log(JSON.stringify(Object.keys(panel || {}).filter((k) => typeof panel[k] === "function")));
"""


@pytest.mark.parametrize("folder", FOLDERS, ids=names)
def test_the_panel_and_the_rule_notes(folder):
    if shutil.which("node") is None:  # ./scripts/test installs it; a check never turns off
        pytest.fail("Node.js is needed to load the panel ('sudo apt-get install nodejs')")
    done = subprocess.run(
        ["node", "--input-type=module", "-e", PANEL_EXPORT, str(folder / "panel.js")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "render" in json.loads(done.stdout), f"{folder.name}/panel.js exports no render()"
    assert (folder / "rules.md").read_text(encoding="utf-8").strip()


@pytest.mark.parametrize("folder", FOLDERS, ids=names)
def test_words_in_both_languages_with_the_same_placeholders(folder):
    words = catalog(folder.name)
    assert set(words["en"]) == set(words["fr"])
    for key, english in words["en"].items():
        assert fields(english) == fields(words["fr"][key]), key
    assert f"game.{folder.name}" in words["en"], "the game's title"
    for kind in getattr(
        __import__(f"companion.games.{folder.name}", fromlist=["DICE"]), "DICE", ()
    ):
        assert isinstance(kind, dice.DieKind)
        assert f"die.{kind.name}" in words["en"], f"the name of the {kind.name} die"


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def emitted(game, state, players: int) -> set[str]:
    """The keys one state makes a page say: log lines aside, its prompt and its actions."""
    keys = set()
    prompt = game.prompt(state)
    why = (prompt or {}).get("why")
    if why:
        keys.add(why["key"] if isinstance(why, dict) else why)
    for seat in [None, *range(players)]:
        for template in game.legal(state, seat):
            keys.add(action_key(game.NAME, template["type"]))
            keys.update(f"param.{game.NAME}.{name}" for name in template["params"])
    return keys


@pytest.mark.parametrize("folder", FOLDERS, ids=names)
@WALKS
@given(data=st.data())
def test_every_key_a_random_game_emits_has_words(folder, data):
    game = registry.game(folder.name)
    players = max(game.PLAYERS.start, min(3, game.PLAYERS.stop - 1))
    state = setup(game, [f"P{i}" for i in range(players)])
    keys = emitted(game, state, players)
    for _, action, after in legal_walk(game, state, data.draw, players, steps=40):
        for seat in [None, *range(players)]:
            keys.add(game.describe(action, seat)["key"])
        keys |= emitted(game, after, players)
    words = catalog(folder.name)
    core = catalog("core")
    for lang in registry.LANGUAGES:
        missing = sorted(k for k in keys if k not in words[lang] and k not in core[lang])
        assert not missing, f"{folder.name}: no {lang} words for {missing}"
