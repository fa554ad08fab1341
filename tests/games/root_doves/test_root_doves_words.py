"""Every key the Root/Doves module and panel can emit is in companion/games/root_doves/i18n/, in
English and in French, with the same placeholders; and no key there is unused.

Keys are gathered by playing many seeded random games through ``legal`` (log lines,
prompts, checklists, evacuation lines, parameters, word values), by reading the error
codes out of the rules' source, and the panel's keys out of its script.
"""

from __future__ import annotations

import random
import re
import string
from pathlib import Path

import pytest

from companion.games.root_doves import DICE, game
from companion.games.root_doves import view as views
from tests.support.games.root_doves.helpers import PLAYERS, fresh, started
from tests.support.play import resolve_draws
from tests.support.words import catalog
from tests.support.words import template_keys as keys_for_templates

ROOT = Path(__file__).resolve().parents[3]
CATALOG = catalog("root_doves")
RULES = sorted((ROOT / "companion/games/root_doves").glob("*.py"))
PANEL = (ROOT / "companion/games/root_doves/panel.js").read_text(encoding="utf-8")
SUITS = ("fox", "rabbit", "mouse", "bird")
# Keys built from a word at run time, listed in full (the source shows only their stem).
FAMILIES = {
    "error.root_doves.not_": ("birdsong", "daylight", "evening"),
    "error.root_doves.evacuation_": ("no_pacification", "empty_pile"),
    "root_doves.phase.": ("birdsong", "daylight", "evening"),
    "root_doves.panel.won_by.": ("points", "dominance"),
    "root_doves.panel.token.": ("ceasefire", "pacification"),
}


def fill(template, rng):
    action = {"type": template["type"], "seat": template["seat"]}
    for name, spec in template["params"].items():
        kind = spec["kind"]
        if kind == "int":
            action[name] = rng.randint(spec["min"], min(spec["max"], spec["min"] + 4))
        elif kind == "choice":
            action[name] = rng.choice(spec["options"])
        elif kind == "multi":
            action[name] = rng.sample(spec["options"], rng.randint(spec["min"], spec["max"]))
        elif kind == "dice":
            action[name] = [rng.randint(0, 3) for _ in spec["dice"]]
        else:
            action[name] = "Col"
    return action


def emitted_keys(state, keys):
    prompt = game.prompt(state)
    if prompt:
        keys.add(prompt["why"]["key"])
    view = game.view(state, 0)
    keys.update(item["key"] for item in view["checklist"] or [])
    keys.update(
        line["key"]
        for line in (view["evacuation"]["last_line"], view["evacuation"]["next_line"])
        if line
    )
    keys.update(chart["title"] for chart in view["charts"])


def template_keys(templates, keys, state):
    keys |= keys_for_templates("root_doves", templates, set(state["clearings"]) | set(PLAYERS))


def explore(seed, start, skip, steps=300):
    rng, keys, state = random.Random(seed), set(), start
    for _ in range(steps):
        templates = [t for seat in (None, 0, 1, 2) for t in game.legal(state, seat)]
        template_keys(templates, keys, state)
        emitted_keys(state, keys)
        choices = [t for t in templates if t["type"] not in skip]
        if not choices:
            break
        action = resolve_draws(game, state, fill(rng.choice(choices), rng), rng)
        try:
            state = game.apply(state, action)
        except game.RuleError:
            continue
        keys.add(game.describe(action, None)["key"])
    return keys


@pytest.fixture(scope="module")
def used_keys():
    return gather_keys()


def gather_keys():
    keys = set()
    quiet = {"score", "set_hand", "extra_hits", "lose_warriors", "remove_building", "battle"}
    for seed in range(8):
        keys |= explore(seed, started(), quiet)
        keys |= explore(seed, started(), {"score", "set_hand"}, steps=150)
    keys |= explore(0, fresh(), set(), steps=60)
    keys |= tour()
    keys |= {game.describe(a(kind), None)["key"] for kind in game.REPLAY_ONLY}  # old journals
    keys |= {"game.root_doves"} | {f"die.{kind.name}" for kind in DICE}  # title, dice names
    keys |= {
        f"root_doves.log.{kind}.{value}"
        for kind, param in views.KEYED_BY.items()
        for value in value_options(kind, param)
    }
    keys |= {
        f"root_doves.log.remove_token.{how}.{suit}"
        for suit in SUITS
        for how in ("discard", "discard_at")
    }
    keys |= {
        f"{kind}.root_doves.{name}" for name in game.OPTIONS for kind in ("option", "option_help")
    }
    keys |= error_keys() | panel_keys()
    for stem, words in FAMILIES.items():
        keys |= {stem + word for word in words}
    return keys


def a(kind, seat=0, **params):
    return {"type": kind, "seat": seat, **params}


OTHERS = (a("end_turn", 1), a("end_turn", 2))
# A scripted game through every Doves step, from the first Dawn.
SCRIPT = (
    a("no_evacuation", reason="no_pacification"),
    a("next_phase"),
    a("choose_mandate", mandate="emergency"),
    a("ceasefire", clearing="12", source="supply"),
    a("interposition", warriors=2),
    a("next_phase"),
    a("evening_draw", cards=1),
    a("end_turn"),
    *OTHERS,
    a("no_evacuation", reason="no_pacification"),
    a("next_phase"),
    a("choose_mandate", mandate="protection"),
    a("pacify", clearing="10"),
    a("disarm", opponent="Bruno"),
    a("exfiltrate", clearing="10"),
    a("refugee", **{"from": "12", "card": "fox"}),
    a("next_phase"),
    a("evening_draw", cards=1),
    a("end_turn"),
    *OTHERS,
    a("evacuate", cards=1, points=1),
    a("next_phase"),
    a("set_hand", cards=7),
    a("choose_mandate", mandate="stabilisation"),
    a("build", building="dispensary", clearing="10"),
    a("development_aid", opponent="Chloé"),
    a("craft", tokens=["10"], points=1),
    a("secure", clearing="12", card="fox"),
    a("next_phase"),
    a("evening_draw", cards=1),
    a("discard_down", cards=2),
    a("end_turn"),
    a("next_phase", 1),
    a("attack_doves", 1, clearing="10", attacker_warriors=3),
    a("battle_roll", 1, dice=[3, 1]),
    a("last_stand_draw"),
    a("end_battle", 1, attacker_hits=3, defender_hits=0),
    a("score", 1, points=10),
    a("set_points", None, player="Chloé", points=3),
    a("fix_warriors", None, clearing="10", warriors=2),
    a("activate_dominance", 1, suit="fox"),
    a("end_turn", 1),
    a("end_turn", 2),
    a("no_evacuation", reason="empty_pile"),
    a("next_phase"),
    a("choose_mandate", mandate="protection"),
    a("pacify", clearing="12"),
    a("exfiltrate", clearing="10"),
    a("refugee", **{"from": "12", "card": "bird"}),
    a("dispensary_refugee", card="mouse"),
    a("next_phase"),
    a("evening_draw", cards=1),
    a("end_turn"),
    a("dominance_victory", 1),
)
SETUP_SCRIPT = (
    a("set_evacuation_track", None, track="1, 2, 4, 6"),
    a("setup_ceasefire", clearing="10"),
    a("setup_warriors", clearing="10", warriors=5),
    a("setup_warriors", clearing="12", warriors=1),
    a("start_game", None),
    a("no_evacuation", reason="no_pacification"),
    a("strategic_retreat", **{"from": "12", "to": "10", "warriors": 1}),
)
BOARDS = (  # Pacification skipped for each reason; one warrior left for two Ceasefires
    (
        {
            "ceasefire": ["3"],
            "warriors": {"3": 1},
            "pacification": {"fox": None, "rabbit": "5", "mouse": None},
        },
        "protection",
        (),
    ),
    ({"ceasefire": ["4"], "warriors": {"12": 1}}, "protection", ()),
    (
        {"ceasefire": ["10", "12"], "warriors": {"10": 14}},
        "emergency",
        (a("interposition", clearings=["12"]),),
    ),
)


def run(state, actions, keys, rng):
    """Apply ``actions``, collecting what each state offers and says, and each log line."""
    for action in actions:
        templates = [t for seat in (None, 0, 1, 2) for t in game.legal(state, seat)]
        template_keys(templates, keys, state)
        emitted_keys(state, keys)
        state = game.apply(state, resolve_draws(game, state, action, rng))
        keys.add(game.describe(action, None)["key"])
    emitted_keys(state, keys)
    return state


def tour():
    """The scripted games above, collecting what each state and action says."""
    keys, rng = set(), random.Random(0)
    run(started(), SCRIPT, keys, rng)
    run(fresh(), SETUP_SCRIPT, keys, rng)
    for board, mandate, steps in BOARDS:
        state = {**started(), "board": {**started()["board"], **board}}
        run(
            state,
            (evacuation(state), a("next_phase"), a("choose_mandate", mandate=mandate), *steps),
            keys,
            rng,
        )
    return keys


def evacuation(state):
    """The Dawn's evacuation action, as the board decides it (one fixed choice per param)."""
    template = next(t for t in game.legal(state, 0) if t["type"] in ("evacuate", "no_evacuation"))
    return {
        "type": template["type"],
        "seat": 0,
        **{name: spec["options"][0] for name, spec in template["params"].items()},
    }


def value_options(kind, param):
    return {
        "mandate": ("emergency", "protection", "stabilisation"),
        "building": ("dispensary", "school"),
        "reason": ("no_pacification", "empty_pile"),
        "suit": ("fox", "rabbit", "mouse") if kind == "set_clearing" else SUITS,
        "card": SUITS,
    }[param]


def error_keys():
    codes = set()
    for path in RULES:
        codes |= set(re.findall(r'"(root_doves\.[a-z_]+)"', path.read_text(encoding="utf-8")))
    return {"error." + code for code in codes}


def panel_keys():
    return set(re.findall(r'"((?:value\.)?root_doves\.[a-z_.]*[a-z_])"', PANEL))


def placeholders(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_english_and_french_have_the_same_keys_and_placeholders():
    assert set(CATALOG["en"]) == set(CATALOG["fr"])
    for key, english in CATALOG["en"].items():
        french = CATALOG["fr"][key]
        assert english.strip() and french.strip(), key
        assert placeholders(english) == placeholders(french), key


def test_every_key_the_game_emits_is_translated(used_keys):
    missing = sorted(
        k
        for k in used_keys
        if k.split(".")[0] in ("action", "param", "option", "value", "error", "root_doves")
        and ("root_doves" in k)
        and k not in CATALOG["en"]
    )
    assert not missing


def test_every_action_type_is_offered_by_legal(used_keys):
    """The pages only show what ``legal`` offers: each action type must turn up there."""
    offered = {
        k.rsplit(".", 1)[1] for k in used_keys if k.startswith(("action.root_doves.", "verb."))
    }
    # (types only an old journal's replay holds are never offered: ``REPLAY_ONLY``)
    assert offered == set(game.HANDLERS) - game.REPLAY_ONLY


def test_no_translation_is_unused(used_keys):
    unused = sorted(set(CATALOG["en"]) - used_keys)
    assert not unused


def test_log_lines_fill_every_placeholder(used_keys):
    """A log line's words name only parameters ``describe`` gives."""
    state = started()
    for template in game.legal(state, 0):
        action = fill(template, random.Random(1))
        line = game.describe(action, None)
        if line["key"] in CATALOG["en"]:
            assert placeholders(CATALOG["en"][line["key"]]) <= set(line["params"]), line
