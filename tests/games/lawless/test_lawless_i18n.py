"""Every key Lawless can emit is in companion/games/lawless/i18n/, in English and in French."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from companion.games.lawless import game
from companion.games.lawless.ranch import CHARACTERS, LEVELS, QUALITIES
from companion.games.lawless.view import VARIANT_PARAM
from tests.support.games.lawless.games import run_game
from tests.support.play import setup
from tests.support.words import action_key, catalog

ROOT = Path(__file__).resolve().parents[3]
CATALOG = catalog("lawless")
CORE = catalog("core")
# Codes from companion/rules/base.py, dice.py and ledger.py that Lawless can raise.
SHARED_CODES = {
    "not_now",
    "bad_param",
    "bad_choice",
    "bad_action",
    "missing_param",
    "out_of_range",
    "wrong_dice_count",
    "bad_face",
    "cannot_afford",
    "player_count",
    "bad_option",
}
VARIANT_VALUES = {"quality": QUALITIES, "level": LEVELS, "character": CHARACTERS}
# Choice values that are identifiers or names, not words.
NOT_WORDS = re.compile(r"^([TH]\d+|\d+)$")


def placeholders(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_both_languages_have_the_same_keys_and_placeholders(language):
    other = "fr" if language == "en" else "en"
    assert set(CATALOG[language]) == set(CATALOG[other])
    for key, text in CATALOG[language].items():
        assert text.strip(), key
        assert placeholders(text) == placeholders(CATALOG[other][key]), key


def module_keys():
    """Every literal key in the rules modules (error codes get their ``error.`` prefix)."""
    keys = set()
    for path in (ROOT / "companion/games/lawless").glob("*.py"):
        for literal in re.findall(r'"(lawless\.[a-z_.]+)"', path.read_text(encoding="utf-8")):
            if literal.endswith(("_", ".")):
                continue
            kind = literal.split(".")[1]
            keys.add(
                literal
                if kind in ("why", "news", "chart", "log", "sale", "fix")
                else "error." + literal
            )
    keys |= {f"lawless.news.game_over_{reason}" for reason in ("pile_empty", "bank_empty")}
    return keys


def action_keys():
    keys = {action_key("lawless", t) for t in game.HANDLERS}
    for action_type in game.HANDLERS:
        if action_type in VARIANT_PARAM:
            keys |= {
                f"lawless.log.{action_type}.{v}" for v in VARIANT_VALUES[VARIANT_PARAM[action_type]]
            }
        else:
            keys.add(f"lawless.log.{action_type}")
    keys |= {"lawless.log.play_hold_up.bank", "lawless.log.sell_herds.none"}
    keys |= {f"option.lawless.{name}" for name in game.OPTIONS}
    return keys


def played_keys():
    """Keys met while playing whole games: log lines, prompts, params, word values, news."""
    keys = set()
    for players, seed in ((["Ann", "Bob"], 4), (["Ann", "Bob", "Cid", "Dee"], 5)):
        state, actions = run_game(players, seed)
        replay = setup(game, players)
        for action in actions:
            keys |= _offered(replay, len(players))
            keys.add(game.describe(action, None)["key"])
            replay = game.apply(replay, action)
            keys |= {entry["key"] for entry in replay["news"]}
    return keys


def _offered(state, players):
    keys = set()
    asked = game.prompt(state)
    if asked:
        keys.add(asked["why"]["key"])
    for seat in [None, *range(players)]:
        for template in game.legal(state, seat):
            for name, spec in template["params"].items():
                keys.add(f"param.lawless.{name}")
                for option in spec.get("options", []):
                    if (
                        isinstance(option, str)
                        and not NOT_WORDS.match(option)
                        and option not in [r["name"] for r in state["ranches"]]
                        and option not in state["names"]
                    ):
                        keys.add(f"value.lawless.{option}")
    return keys


def panel_keys():
    """Keys the board drawing asks for, literal or built from a known list."""
    source = (ROOT / "companion/games/lawless/panel.js").read_text(encoding="utf-8")
    keys = {
        k for k in re.findall(r'"((?:lawless|value)\.[a-z_.0-9]+)"', source) if not k.endswith(".")
    }
    keys |= {f"lawless.panel.category.{c}" for c in ("terrains", "herds", "cowboys", "coins")}
    keys |= {f"lawless.clock.{c}" for c in ("noon", "3", "6", "9")}
    keys |= {f"value.lawless.{v}" for v in (*QUALITIES, *CHARACTERS, "bank")}
    return keys


@pytest.mark.parametrize("source", [module_keys, action_keys, played_keys, panel_keys])
def test_every_key_is_translated(source):
    for language in ("en", "fr"):
        missing = sorted(
            k for k in source() if k not in CATALOG[language] and k not in CORE[language]
        )  # the shared verbs are the core's
        assert not missing, (language, missing)


def test_the_shared_error_codes_lawless_raises_are_in_the_core_catalog():
    for language in ("en", "fr"):
        assert not [c for c in SHARED_CODES if f"error.{c}" not in CORE[language]], language


def test_the_game_has_a_name():
    assert CATALOG["en"]["game.lawless"] == "Lawless"
    assert CATALOG["fr"]["game.lawless"] == "Sans Foi Ni Loi"
