"""Nowheresville: the words for every key a game can emit, in English and French."""

from __future__ import annotations

import functools
import random
import re
from pathlib import Path

from companion.games.nowheresville import game as nv
from companion.games.nowheresville.board import HIDEOUT, NEWS, PLACES, SYMBOL
from companion.games.nowheresville.gang import ATTRIBUTES, SLOTS
from companion.games.nowheresville.views import SECRET_DETAIL
from companion.rules.base import RuleError
from tests.support.games.nowheresville.basics import started
from tests.support.games.nowheresville.game import Autopilot, rotating
from tests.support.play import resolve_draws
from tests.support.words import catalog as words_of
from tests.support.words import template_keys as keys_for_templates
from web.wording import PLACEHOLDER, render

ROOT = Path(__file__).resolve().parents[3]


def catalog():
    words = words_of("nowheresville")
    return words["en"], words["fr"]


def random_walk(players, mode, seed, steps=400):
    """Random legal actions (plain ``random``, no hypothesis): states and actions."""
    rng = random.Random(seed)
    state = started(players, money=mode, saloon="in")
    states, actions = [state], []
    for number in range(steps):
        offered = [t for seat in [None, *range(players)] for t in nv.legal(state, seat)]
        if not offered:
            break
        template = rng.choice(offered)
        action = {"type": template["type"], "seat": template["seat"]}
        for name, spec in template["params"].items():
            action[name] = {
                "int": lambda: rng.randint(spec["min"], spec["max"]),
                "choice": lambda: rng.choice(spec["options"]),
                "multi": lambda: rng.sample(spec["options"], rng.randint(spec["min"], spec["max"])),
                "text": lambda: f"Outlaw {seed}-{number}",
                "dice": lambda: [rng.randint(1, 6)],
            }[spec["kind"]]()
        action = resolve_draws(nv, state, action, rng)
        try:
            state = nv.apply(state, action)
        except RuleError:
            continue
        states.append(state)
        actions.append(action)
    return states, actions


@functools.lru_cache(maxsize=1)
def played_games():
    """A few whole games (Autopilot) and random walks, as (players, states, actions)."""
    return tuple(_played_games())


def _played_games():
    for players, mode in ((2, "physical"), (3, "virtual"), (5, "physical")):
        pilot = Autopilot(started(players, money=mode, saloon="in"), rotating)
        pilot.until(nv.final)
        yield players, pilot.states, pilot.actions
    for seed, (players, mode) in enumerate(
        [(2, "virtual"), (3, "physical"), (4, "virtual"), (5, "physical")]
    ):
        yield (players, *random_walk(players, mode, seed))
    yield (3, *deadly_shots())


def deadly_shots():
    """A killing shot held for the table's word, once cancelled and once confirmed."""
    from tests.support.games.nowheresville.basics import give
    from tests.support.games.nowheresville.fights import fighting

    state = give(fighting("Doc", "Kid"), "Doc", wounds=3)
    states, actions = [state], []
    for kind in ("shot", "cancel_shot", "shot", "confirm_death"):
        action = {"type": kind, "seat": None}
        if kind == "shot":
            action.update(shooter="Kid", target="Doc", wounds=1)
        state = nv.apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions


@functools.lru_cache(maxsize=1)
def keys_in_games():
    """Every key whole games and random walks emit: prompts, log lines, actions, params."""
    keys, bandit_names = set(), set()
    for players, states, actions in played_games():
        for state in states:
            bandit_names |= set(state["bandits"])
            why = (nv.prompt(state) or {}).get("why")
            if why:
                keys.add(why["key"])
            for seat in [None, *range(players)]:
                keys |= keys_for_templates("nowheresville", nv.legal(state, seat), bandit_names)
        for action in actions:
            for seat in [None, *range(players)]:
                keys.add(nv.describe(action, seat)["key"])
    return keys


def keys_in_sources():
    """Error codes, news kinds and the panel's own labels, read from the sources."""
    keys = {
        f"{kind}.nowheresville.{name}" for name in nv.OPTIONS for kind in ("option", "option_help")
    }
    keys |= {f"value.nowheresville.{v}" for values in nv.OPTION_CHOICES.values() for v in values}
    keys |= {f"action.nowheresville.{kind}" for kind in nv.HANDLERS}
    keys |= {f"nowheresville.log.{kind}" for kind in nv.HANDLERS if kind != "train"}
    for path in (ROOT / "companion/games/nowheresville").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        keys |= {
            f"error.{code}"
            for code in re.findall(r'"(nowheresville\.[a-z_]+)"', text)
            if not code.startswith(
                ("nowheresville.why", "nowheresville.log", "nowheresville.chart")
            )
        }
    panel = (ROOT / "companion/games/nowheresville/panel.js").read_text(encoding="utf-8")
    keys |= set(
        re.findall(r'"((?:param\.|value\.)?nowheresville\.[a-z0-9_.]*[a-z0-9_])"', panel)
    )  # whole keys
    keys |= {f"nowheresville.ui.icon.{kind}" for kind in ("hat", "safe", "envelope", "gun")}
    keys |= {f"nowheresville.news.{kind}" for kind in NEWS}
    keys |= {
        f"nowheresville.why.{kind}"
        for kind in (
            "setup.one",
            "setup.two",
            "planning",
            "card.saloon",
            "card.town",
            "card.shop",
            "fortune",
            "sheriff",
            "discard",
            "free",
            "courage",
            "tie_roll",
            "count.bank",
            "count.coach",
        )
    }
    keys |= {
        f"nowheresville.why.maintenance.{money}.{shop}"
        for money in nv.OPTION_CHOICES["money"]
        for shop in ("shop", "victim", "fresh")
    }
    keys |= {
        f"nowheresville.why.{step}.{place}" for place in PLACES for step in ("order", "shootout")
    }
    keys |= {f"nowheresville.why.turn.{place}" for place in PLACES if place != "saloon"}
    keys.add("nowheresville.why.turn.town.second")
    keys |= {f"nowheresville.why.robbery.{place}" for place in SYMBOL}
    keys |= {
        f"value.nowheresville.{word}" for word in (*PLACES, HIDEOUT, *SLOTS, *ATTRIBUTES, "none")
    }
    keys |= {f"nowheresville.log.{kind}.own" for kind in SECRET_DETAIL if kind != "plan"}
    keys |= {f"nowheresville.log.plan.own.{n}{heal}" for n in (1, 2, 3) for heal in ("", ".heal")}
    keys |= {f"nowheresville.log.train.{n}" for n in (0, 1, 2)}
    keys |= {f"param.nowheresville.{slot}" for slot in SLOTS}
    keys |= {
        f"nowheresville.ui.phase.{phase}"
        for phase in ("setup", "maintenance", "planning", "resolution", "over")
    }
    return keys | {"nowheresville.chart.money", "game.nowheresville"}  # the title: every page


def test_every_key_has_english_and_french_words():
    english, french = catalog()
    needed = keys_in_games() | keys_in_sources()
    assert not sorted(needed - set(english)), "missing in en"
    assert not sorted(needed - set(french)), "missing in fr"
    assert set(english) == set(french)
    assert not sorted(set(english) - needed), "words for keys nothing uses"


def test_every_action_type_turns_up_in_games_and_walks():
    seen = {k.split(".")[-1] for k in keys_in_games() if k.startswith("action.")}
    assert set(nv.HANDLERS) - seen <= {"enlist", "start", "arm", "hand_gun"}


def test_words_fill_in_with_the_parameters_given():
    english, french = catalog()
    lines = []
    for players, states, actions in played_games():
        lines += [nv.describe(a, s) for a in actions for s in [None, *range(players)]]
        lines += [p["why"] for p in map(nv.prompt, states) if p]
        lines += [
            {"key": f"nowheresville.news.{n['kind']}", "params": n}
            for state in states
            for n in state["news"]
        ]
    for lang, words in (("en", english), ("fr", french)):
        for one in lines:  # every placeholder of the line has its parameter
            filled = render(lang, words[one["key"]], one["params"])
            assert not PLACEHOLDER.search(filled), filled
