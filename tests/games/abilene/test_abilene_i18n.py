"""Every key Abilene can emit is translated in English and French, and every action type
can be reached from ``legal``."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from companion.games.abilene import game as abilene
from companion.rules.base import RuleError
from companion.rules.dice import FACES
from tests.support.play import setup
from tests.support.words import action_key, catalog

ROOT = Path(__file__).resolve().parents[3]
CATALOG = catalog("abilene")
MODULES = sorted((ROOT / "companion/games/abilene").glob("*.py"))
PANEL = ROOT / "companion/games/abilene/panel.js"
NAMES = ["Ann", "Bob", "Cy", "Dee"]

# A scripted tour through every action type (and every word value) of the game.
TOUR: list[dict] = [
    {"type": "offer_loan", "seat": 1, "borrower": 2, "amount": 200, "interest": 100},
    {"type": "withdraw_loan_offer", "seat": 1},
    {"type": "offer_loan", "seat": 1, "borrower": 2, "amount": 200, "interest": 100},
    {"type": "decline_loan", "seat": 2},
    {"type": "take_loan", "seat": 0, "amount": 3000},
    {"type": "set_jail", "seat": None, "player": 0, "count": 5},
    {"type": "throw", "seat": 0, "dice": [2, 3, 1, 2, 4]},
    {"type": "free_cowboys", "seat": 0, "count": 1},
    {"type": "steal", "seat": 0, "ranch": 1},
    {"type": "duel", "seat": 0, "opponent": 1, "place": "challenger_ranch"},
    {"type": "duel_roll", "seat": 0, "dice": [2, 2]},
    {"type": "duel_roll", "seat": 0, "dice": [1, 2]},
    {"type": "duel", "seat": 0, "opponent": 2, "place": "opponent_ranch"},
    {"type": "duel_roll", "seat": 0, "dice": [4, 1]},
    {"type": "sell", "seat": 0},
    {"type": "cancel_sale", "seat": 0},
    {"type": "sell", "seat": 0},
    {"type": "corral_vote", "seat": 1, "card": "seller_brand"},
    {"type": "reveal_without", "seat": None, "absent_seat": 2},
    {"type": "sale_truth", "seat": 0, "brand": "seller_brand", "value": 600},
    {"type": "sell", "seat": 0},
    {"type": "corral_vote", "seat": 1, "card": "no_brand"},
    {"type": "corral_vote", "seat": 2, "card": "other_brand"},
    {"type": "sale_truth", "seat": 0, "brand": "no_brand", "value": 500},
    {"type": "sell", "seat": 0},
    {"type": "corral_vote", "seat": 1, "card": "other_brand"},
    {"type": "corral_vote", "seat": 2, "card": "other_brand"},
    {"type": "sale_truth", "seat": 0, "brand": "other_brand", "value": 1000},
    {"type": "take_loan", "seat": 0, "amount": 1000},
    {"type": "repay_loan", "seat": 0, "loan": 2},
    {"type": "end_turn", "seat": 0},
    {"type": "throw", "seat": 1, "dice": [2, 3, 1, 2, 4]},
    {"type": "duel", "seat": 1, "opponent": 2, "place": "elsewhere"},
    {"type": "duel_roll", "seat": 1, "dice": [1, 4]},
    {"type": "end_turn", "seat": 1},
    {"type": "throw", "seat": 2, "dice": [2, 3, 1, 2, 4]},
    {"type": "end_turn", "seat": 2},
    {"type": "throw", "seat": 0, "dice": [2, 3, 1, 2, 4]},
    {"type": "end_turn", "seat": 0},
    {"type": "offer_loan", "seat": 1, "borrower": 2, "amount": 800, "interest": 0},
    {"type": "accept_loan", "seat": 2},
    {"type": "set_jail", "seat": None, "player": 1, "count": 3},
    {"type": "throw", "seat": 1, "dice": [0, 0, 1, 1, 1]},
    {"type": "declare_bankruptcy", "seat": 1},
    {"type": "set_cattle", "seat": None, "ranch": 2, "count": 0},
]


def _fill(template: dict, rng: random.Random) -> dict:
    action = {"type": template["type"], "seat": template["seat"]}
    for name, spec in template["params"].items():
        if spec["kind"] == "int":
            low, high = spec["min"], spec["max"]
            action[name] = rng.choice([low, high, max(low, min(high, 100 * rng.randint(0, 20)))])
        elif spec["kind"] == "choice":
            action[name] = rng.choice(spec["options"])
        else:
            action[name] = [rng.choice(FACES[kind]) for kind in spec["dice"]]
    return action


class Collector:
    def __init__(self) -> None:
        self.keys: set[str] = set()
        self.types: set[str] = set()

    def state(self, state: dict) -> None:
        prompt = abilene.prompt(state)
        if prompt is not None:
            self.keys.add(prompt["why"]["key"])
        self.keys.add(f"abilene.step.{state['step']}")
        self.keys |= {f"abilene.reason.{p['reason']}" for p in state["payments"]}
        if state["last_duel"]:
            self.keys.add(f"abilene.fate.{state['last_duel']['fate']}")
        for seat in [None, *range(len(state["players"]))]:
            self.keys |= {c["title"] for c in abilene.view(state, seat)["charts"]}
            for template in abilene.legal(state, seat):
                self.template(template)

    def template(self, template: dict) -> None:
        self.types.add(template["type"])
        self.keys.add(action_key("abilene", template["type"]))
        for name, spec in template["params"].items():
            self.keys.add(f"param.abilene.{name}")
            if spec["kind"] == "choice" and name not in (
                "ranch",
                "opponent",
                "absent_seat",
                "borrower",
                "player",
                "loan",
            ):
                self.keys |= {f"value.abilene.{v}" for v in spec["options"] if isinstance(v, str)}

    def action(self, action: dict, players: int) -> None:
        for viewer in [None, *range(players)]:
            self.keys.add(abilene.describe(action, viewer)["key"])

    def error(self, error: RuleError) -> None:
        if error.code.startswith("abilene."):
            self.keys.add(f"error.{error.code}")


def _tour(collector: Collector) -> dict:
    state = setup(abilene, NAMES[:3], start_money=300)
    collector.state(state)
    for action in TOUR:
        state = abilene.apply(state, action)
        collector.action(action, 3)
        collector.state(state)
    return state


def _walk(collector: Collector, seed: int, players: int, steps: int = 150) -> None:
    rng = random.Random(seed)
    state = setup(abilene, NAMES[:players], start_money=1000, cattle_per_ranch=3)
    for _ in range(steps):
        templates = [t for s in [None, *range(players)] for t in abilene.legal(state, s)]
        if not templates:
            return
        action = _fill(rng.choice(templates), rng)
        try:
            state = abilene.apply(state, action)
        except RuleError as error:
            collector.error(error)
            continue
        collector.action(action, players)
        collector.state(state)


@pytest.fixture(scope="module")
def collected() -> Collector:
    collector = Collector()
    final = _tour(collector)
    assert final["over"] and final["bankrupt"] == [False, True, False]
    for seed in range(12):
        _walk(collector, seed, 2 + seed % 3)
    return collector


def _literals() -> tuple[set[str], set[str]]:
    """String literals in the rules modules: error codes (one dot) and other keys."""
    found = set()
    for module in MODULES:
        found |= set(re.findall(r'"(abilene\.[a-z_.]+)"', module.read_text(encoding="utf-8")))
    codes = {f"error.{k}" for k in found if k.count(".") == 1}
    return codes, {k for k in found if k.count(".") > 1}


def _panel_keys() -> set[str]:
    text = PANEL.read_text(encoding="utf-8")
    literal = set(re.findall(r'"((?:[a-z]+\.)?abilene\.[a-z_.]+)"', text))
    return {k for k in literal if not k.endswith(".")} | {
        f"abilene.panel.{s}" for s in ("voted", "waiting", "skipped")
    }


def _missing(keys: set[str]) -> dict:
    core = catalog("core")  # the verbs every game shares are the core's
    words = {lang: {**core[lang], **CATALOG[lang]} for lang in ("en", "fr")}
    return {
        lang: sorted(k for k in keys if k not in words[lang])
        for lang in ("en", "fr")
        if any(k not in words[lang] for k in keys)
    }


def test_every_action_type_is_reachable_from_legal(collected):
    from companion.games.abilene.game import _HANDLERS, REPLAY_ONLY

    # (types only an old journal's replay holds are never offered)
    assert collected.types == set(_HANDLERS) - REPLAY_ONLY


def test_every_key_met_in_play_is_translated(collected):
    assert _missing(collected.keys) == {}


def test_every_key_in_the_source_is_translated():
    codes, keys = _literals()
    assert codes and keys
    assert _missing(codes | keys) == {}


def test_every_option_and_panel_label_is_translated():
    assert _missing({f"option.abilene.{name}" for name in abilene.OPTIONS}) == {}
    assert _missing(_panel_keys()) == {}


def test_english_and_french_have_the_same_keys_and_placeholders():
    assert set(CATALOG["en"]) == set(CATALOG["fr"])
    for key, english in CATALOG["en"].items():
        assert set(re.findall(r"\{(\w+)[}:]", english)) == set(
            re.findall(r"\{(\w+)[}:]", CATALOG["fr"][key])
        ), key


# The shell's log shows a player's name for a number in a parameter named like these.
SEATISH_LOG = re.compile(r"seat|player|by|victim|target|owner")


@pytest.mark.parametrize(
    "action,seats",
    [
        ({"type": "steal", "seat": 0, "ranch": 2}, {"player": 0, "owner": 2}),
        (
            {"type": "duel", "seat": 0, "opponent": 1, "place": "elsewhere"},
            {"player": 0, "opponent_seat": 1},
        ),
        ({"type": "reveal_without", "seat": None, "absent_seat": 2}, {"absent_seat": 2}),
        (
            {"type": "offer_loan", "seat": 1, "borrower": 0, "amount": 100, "interest": 0},
            {"player": 1, "borrower_seat": 0},
        ),
        ({"type": "set_cattle", "seat": None, "ranch": 1, "count": 3}, {"owner": 1}),
        ({"type": "set_jail", "seat": None, "player": 1, "count": 3}, {"player": 1}),
    ],
)
def test_seats_in_log_lines_are_named_so_the_shell_shows_names(action, seats):
    params = abilene.describe(action, None)["params"]
    assert {k: params[k] for k in seats} == seats
    assert all(SEATISH_LOG.search(name) for name in seats)
