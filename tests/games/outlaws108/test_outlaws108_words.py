"""108 Outlaws words: every key the module and its panel can emit is in English and French,
and every action type is reachable from ``legal`` in a scripted game."""

from __future__ import annotations

import ast
import json
import shutil
import string
import subprocess
from pathlib import Path

import pytest

from companion.games.outlaws108 import cards, game
from companion.games.outlaws108.turn import DRAW_CHOICES
from companion.games.outlaws108.view import PLAYS
from tests.support.games.outlaws108.kit import cost, do, draw_turn, earth, new_game
from tests.support.games.outlaws108.scoring import band_of_outlaws, scoring_game
from tests.support.games.outlaws108.solo import answer_all, solo_game, to_removal
from tests.support.words import action_key, catalog

ROOT = Path(__file__).resolve().parents[3]
CATALOG = catalog("outlaws108")
RULES = sorted((ROOT / "companion/games/outlaws108").glob("*.py"))


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def sample_states() -> list[dict]:
    """States covering every phase, prompt and action type."""
    three = earth(new_game(3), "support")
    mid = do(do(three, "play_earth", 1, icons=["navy", "scout"]), "end_turn", 1)
    heaven_ready = draw_turn(mid)
    after_play = do(heaven_ready, "play_heaven", 0, number=27, exhaust=[1])
    before_action = do(heaven_ready, "campaign", 0, tier="minor", points=2, exhaust=[1])
    campaigned = do(before_action, "draw", 0, cards="earth_2")
    minor_next = new_game(1)
    for _ in range(3):
        minor_next = do(minor_next, "describe_campaign", 0, points=5, cost=["navy"])
    solo_removal = to_removal(solo_game({9: ["support"]}))
    heaven_walk, _ = answer_all(solo_removal, ["none"] * 5)
    removed, _ = answer_all(heaven_walk, ["support"])
    nothing, _ = answer_all(heaven_walk, ["none"] * 5)
    must_play = do(do(solo_game(), "draw", 0, cards="earth_1"), "end_turn", 0)
    scoring = scoring_game()
    all_scored = do(scoring, "score_heaven", 1, outlaw=2, points=3)
    over = do(all_scored, "confirm_scores", None)
    ended = band_of_outlaws(new_game(2), 12)
    last_turn = do(ended, "end_turn", 0)
    return [
        new_game(3),
        three,
        mid,
        heaven_ready,
        after_play,
        before_action,
        campaigned,
        minor_next,
        do(three, "draw", 1, cards="earth_2"),
        new_game(1),
        solo_game(),
        must_play,
        solo_removal,
        heaven_walk,
        removed,
        nothing,
        scoring,
        all_scored,
        over,
        ended,
        last_turn,
    ]


def templates_of(states):
    return [
        t for s in states for seat in [None, *range(len(s["players"]))] for t in game.legal(s, seat)
    ]


def log_lines() -> list[dict]:
    """A log line for every shape of action."""
    actions = [{"type": "draw", "seat": 0, "cards": taken} for taken in DRAW_CHOICES]
    actions += [{"type": "effect_draw", "seat": 0, "earth": 1, "heaven": 0, "points": 2}]
    actions += [
        {"type": kind, "seat": 0, "number": number, "exhaust": exhaust}
        for kind in PLAYS
        for number in (0, 40)
        for exhaust in ([], [1])
    ]
    actions += [
        {"type": "campaign", "seat": 0, "tier": tier, "points": 3, "exhaust": [1]}
        for tier in game.TIERS
    ]
    actions += [
        {"type": "campaign", "seat": 0, "slot": 4, "exhaust": [1, 2]},
        {"type": "exhaust", "seat": 0, "outlaws": [1]},
        {"type": "revive", "seat": 0, "outlaws": [1, 2]},
        {"type": "describe_campaign", "seat": 0, "slot": 1, "points": 2, **cost("navy")},
        {"type": "score_heaven", "seat": 0, "outlaw": 1, "points": 9},
        {"type": "score_campaign", "seat": 0, "campaign": 1, "points": 9},
    ]
    actions += [{"type": "discard", "seat": 0, "realm": realm} for realm in cards.REALMS]
    actions += [
        {"type": "removal_icon", "seat": 0, "icon": icon} for icon in cards.ICONS + ["none"]
    ]
    actions += [{"type": kind, "seat": 0} for kind in ("end_turn", "rows_refreshed")]
    actions += [{"type": "confirm_scores", "seat": None}]
    actions += [
        {
            "type": "fix_card",
            "seat": None,
            "player": "Ann",
            "place": 1,
            "number": n,
            "icons": icons,
            "upside_down": [],
            "navy_as": [],
        }
        for n, icons in ((0, []), (40, ["navy"]))
    ]
    sets = [dict.fromkeys((f"set_{i}" for i in cards.ICONS), 0)]
    sets += [{**sets[0], **{f"set_{i}": 2 for i in cards.ICONS[:k]}} for k in range(1, 8)]
    actions += [
        {"type": "describe_heaven", "seat": None, "number": 3, "points": 8, **chosen}
        for chosen in sets
    ]
    return [game.describe(action, seat) for action in actions for seat in (None, 0, 1)]


def error_codes() -> dict[str, set[str]]:
    """Every ``outlaws108.*`` code raised in the rules, with the parameter names it carries."""
    codes: dict[str, set[str]] = {}
    for path in RULES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            position = {"require": 1, "RuleError": 0}.get(node.func.id)
            if position is None or len(node.args) <= position:
                continue
            code = node.args[position]
            if (
                isinstance(code, ast.Constant)
                and isinstance(code.value, str)
                and code.value.startswith("outlaws108.")
            ):  # no call here passes **params: every keyword has its name
                codes.setdefault(code.value, set()).update(k.arg for k in node.keywords if k.arg)
    return codes


def needed_keys() -> dict[str, set[str] | None]:
    """Catalog key -> parameter names it is given (None: not checked)."""
    states = sample_states()
    keys: dict[str, set[str] | None] = {}
    for code, params in error_codes().items():
        keys[f"error.{code}"] = params
    prompts = [prompt for prompt in map(game.prompt, states) if prompt]
    for entry in log_lines() + [prompt["why"] for prompt in prompts]:
        keys[entry["key"]] = set(entry["params"])
    for template in templates_of(states):
        keys[action_key("outlaws108", template["type"])] = set()
        for name, spec in template["params"].items():
            keys[f"param.outlaws108.{name}"] = set()
            for value in spec.get("options", []):
                if isinstance(value, str) and not any(value in s["players"] for s in states):
                    keys[f"value.outlaws108.{value}"] = set()  # a player's name is no word
    for name in game.OPTIONS:
        keys[f"option.outlaws108.{name}"] = set()
    for line in game.view(states[-3], None)["standings"]:
        keys[f"outlaws108.rank.{line['rank']}"] = set()
    from companion.games.outlaws108.scoring import RANK_TABLE, TOP_RANK

    for title in [t for _, t in RANK_TABLE] + [TOP_RANK]:
        keys[f"outlaws108.rank.{title}"] = set()
    return keys


def test_every_action_type_is_reachable_from_legal():
    reached = {t["type"] for t in templates_of(sample_states())}
    assert reached == set(game._HANDLERS)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_key_is_translated_with_its_parameters(language):
    words = {**catalog("core")[language], **CATALOG[language]}  # the shared verbs: the core's
    for key, params in needed_keys().items():
        assert key in words, f"{language}: missing {key}"
        if params is not None:
            assert placeholders(words[key]) <= params, f"{language}: {key} needs {params}"


def test_languages_have_the_same_keys_and_placeholders():
    assert set(CATALOG["en"]) == set(CATALOG["fr"])
    for key, text in CATALOG["en"].items():
        assert placeholders(text) == placeholders(CATALOG["fr"][key]), key


def test_no_stale_log_or_prompt_keys():
    needed = set(needed_keys())
    spoken = {k for k in CATALOG["en"] if k.startswith(("outlaws108.log.", "outlaws108.why."))}
    assert spoken <= needed


HARNESS = """
import fs from "node:fs";
import { pathToFileURL } from "node:url";
const used = [];
// As the shell's ctx.h: children nested in arrays are flattened, empty ones skipped.
function h(tag, attrs, ...kids) {
  return { tag, attrs, kids: kids.flat(Infinity).filter(k => k !== null && k !== undefined) };
}
// the panel is an ES module whose default export draws the board, as the table page imports it
const panel = (await import(pathToFileURL(process.argv[2]))).default;
const views = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
for (const [seat, view] of views) {
  const ctx = { seat, h, s: h, die: () => h("span", {}), chart: () => h("div", {}),
                t(key, params) { used.push([key, Object.keys(params || {})]); return key; } };
  panel.render(view, ctx);
}
console.log(JSON.stringify(used));
"""


def test_panel_renders_every_phase_with_translated_words(tmp_path):
    if shutil.which("node") is None:  # ./scripts/test installs it; a check never turns off
        pytest.fail("Node.js is needed to run the panel ('sudo apt-get install nodejs')")
    views = [[seat, game.view(s, seat)] for s in sample_states() for seat in (None, 0)]
    (tmp_path / "views.json").write_text(json.dumps(views), encoding="utf-8")
    (tmp_path / "harness.mjs").write_text(HARNESS, encoding="utf-8")
    panel = ROOT / "companion/games/outlaws108/panel.js"
    out = subprocess.run(
        ["node", str(tmp_path / "harness.mjs"), str(panel), str(tmp_path / "views.json")],
        capture_output=True,
        text=True,
        check=True,
    )
    used = json.loads(out.stdout)
    assert used
    for key, params in used:
        for language in ("en", "fr"):
            assert key in CATALOG[language], f"{language}: panel key {key}"
            assert placeholders(CATALOG[language][key]) <= set(params), key
