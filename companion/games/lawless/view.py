"""What Lawless shows: the view of the table, the prompt the table waits on, the log lines.

Lawless has no secrets in the companion: hands are physical and only their sizes are
tracked, which are public. So every seat sees the same view, plus a ``me`` part naming its
own ranches and hand size.
"""

from __future__ import annotations

from companion.games.lawless.ranch import (
    ANGLES,
    CHARACTER_BONUS,
    CLOCK,
    capacity,
    cowboy_count,
    multiplier,
    sale_value,
    surveillance_bonus,
    watched_herds,
)
from companion.games.lawless.scoring import fortune_chart, prestige_chart, score_table
from companion.games.lawless.table import (
    FACE_DOWN_COST,
    HAND_LIMIT,
    POINT_PRICE,
    current,
    freeze,
    left_ranch,
    owner,
)
from companion.rules.base import choice_prompt, dice_prompt, line

D6 = ["d6"]
# Log lines whose wording depends on a word value get one key per value, so that no
# untranslated word ends up inside a sentence.
VARIANT_PARAM = {
    "place_terrain": "quality",
    "place_herd": "quality",
    "place_cowboy": "level",
    "play_lynching": "character",
    "aim_killer": "character",
}


def view(state: dict, seat: int | None) -> dict:
    out = {
        "phase": state["phase"],
        "step": state["step"],
        # "turn" is the seat to play (the shell's convention); "turn_number" counts turns.
        "turn": None if state["phase"] in ("first_player", "over") else current(state)["player"],
        "turn_number": state["turn"],
        "round": (max(state["turn"], 1) - 1) // len(state["ranches"]) + 1,
        "current": state["current"],
        "player": current(state)["player"],
        "points": state["points"],
        "bought": state["bought"],
        "point_price": POINT_PRICE,
        "bank": state["ledger"]["bank"],
        "pile": state["pile"],
        "row": [
            {"position": i + 1, "filled": card, "cost": i + 1}
            for i, card in enumerate(state["row"])
        ],
        "face_down_cost": FACE_DOWN_COST,
        "hand_limit": HAND_LIMIT,
        "players": [
            {"player": p, "name": name, "hand": state["hands"][p]}
            for p, name in enumerate(state["names"])
        ],
        "ranches": [ranch_view(state, i) for i in range(len(state["ranches"]))],
        "killers": [
            {"number": n, **k, "shot_total": sum(k["shot"])}
            for n, k in sorted(state["killers"].items())
        ],
        "news": state["news"],
        "options": state["options"],
        "charts": [fortune_chart(state), prestige_chart(state)],
        "final": state["phase"] == "over",
        "scoring": score_table(state) if state["phase"] == "over" else None,
    }
    if seat is not None:
        out["me"] = {
            "player": seat,
            "hand": state["hands"][seat],
            "ranches": [i for i, r in enumerate(state["ranches"]) if r["player"] == seat],
        }
    return out


def ranch_view(state: dict, index: int) -> dict:
    ranch = state["ranches"][index]
    terrains = []
    for terrain in ranch["terrains"]:
        herds = [
            {
                **herd,
                "angle": ANGLES[herd["rotation"]],
                "clock": CLOCK[herd["rotation"]],
                "multiplier": multiplier(herd),
                "value": sale_value(herd),
                "sellable": not terrain["raided"],
            }
            for herd in terrain["herds"]
        ]
        terrains.append({**terrain, "herds": herds, "capacity": capacity(terrain)})
    return {
        "index": index,
        "name": ranch["name"],
        "player": ranch["player"],
        "fortune": state["ledger"]["purses"][index],
        "hand": state["hands"][ranch["player"]],
        "terrains": terrains,
        "characters": ranch["characters"],
        "cowboys": cowboy_count(ranch),
        "fences": ranch["fences"],
        "surveillance_bonus": surveillance_bonus(ranch),
        "stampede": ranch["stampede"],
        "trophies": ranch["trophies"],
        "herd_count": len(watched_herds(ranch, freeze(state))),
    }


def prompt(state: dict) -> dict | None:
    phase = state["phase"]
    if phase == "over":
        return None
    if phase == "first_player":
        return choice_prompt(None, "lawless.why.first_player")
    name = current(state)["name"]
    if phase == "surveillance":
        return _surveillance_prompt(state, name)
    if phase == "escape":
        return choice_prompt(
            owner(state), "lawless.why.escape", ranch=name, losses=state["step"]["losses"]
        )
    if phase == "sale":
        return choice_prompt(owner(state), "lawless.why.sale", ranch=name)
    if phase == "mines":
        step = state["step"]
        if step["first"] is None:
            return dice_prompt(
                owner(state),
                D6,
                "mine_roll",
                "lawless.why.mine_first",
                ranch=name,
                terrain=step["queue"][0],
            )
        return dice_prompt(
            owner(state),
            D6,
            "mine_roll",
            "lawless.why.mine_second",
            ranch=name,
            terrain=step["queue"][0],
            first=step["first"],
        )
    if phase == "discard":
        return choice_prompt(
            owner(state), "lawless.why.discard", ranch=name, count=state["step"]["excess"]
        )
    return _action_prompt(state, name)


def _surveillance_prompt(state: dict, name: str) -> dict:
    step = state["step"]
    ranch = current(state)
    if step["difficulty"] is None:
        left = state["ranches"][left_ranch(state)]
        herds = len(watched_herds(ranch, freeze(state))) * (2 if ranch["stampede"] else 1)
        # the roller is a player (with 2 players, not the name of their ranch)
        return dice_prompt(
            left["player"],
            D6,
            "surveillance_difficulty",
            "lawless.why.difficulty",
            ranch=name,
            roller=state["names"][left["player"]],
            herds=herds,
        )
    return dice_prompt(
        owner(state),
        D6,
        "surveillance_roll",
        "lawless.why.surveillance",
        ranch=name,
        difficulty=step["difficulty"],
        bonus=surveillance_bonus(ranch),
    )


def _action_prompt(state: dict, name: str) -> dict:
    step = state["step"]
    if step is None:
        return choice_prompt(
            owner(state), "lawless.why.actions", ranch=name, points=state["points"]
        )
    kind = step["kind"]
    if kind == "hold_up":
        return dice_prompt(owner(state), D6, "hold_up_roll", "lawless.why.hold_up", ranch=name)
    if kind == "trapper":
        return dice_prompt(owner(state), D6, "trapper_roll", "lawless.why.trapper", ranch=name)
    defender = state["ranches"][step["defender"]]
    if kind == "aim":
        return choice_prompt(owner(state), "lawless.why.aim", ranch=name, target=defender["name"])
    killer = state["killers"][step["killer"]]
    if step["attack"] is None:
        return dice_prompt(
            owner(state),
            D6,
            "duel_attack",
            "lawless.why.duel_attack",
            ranch=name,
            killer=step["killer"],
            bonus=killer["bonus"],
            target=defender["name"],
        )
    return dice_prompt(
        defender["player"],
        D6,
        "duel_defend",
        "lawless.why.duel_defend",
        ranch=defender["name"],
        bonus=CHARACTER_BONUS[step["target"]],
        attack=step["attack"],
    )


def describe(action: dict, seat: int | None) -> dict:
    """The log line of an action: all public (Lawless keeps no secrets)."""
    action_type = action["type"]
    key = f"lawless.log.{action_type}"
    if action_type in VARIANT_PARAM:
        key += "." + str(action.get(VARIANT_PARAM[action_type]))
    elif action_type == "play_hold_up" and action.get("target") == "bank":
        key += ".bank"
    elif action_type == "sell_herds" and not action.get("herds"):
        key += ".none"
    params = {"seat": action.get("seat")}
    moved = (action.get("noted") or {}).get("moved")
    if isinstance(moved, int):  # a coin correction says what it moved (game.notes)
        key += ".from_bank" if moved > 0 else ".to_bank" if moved < 0 else ".same"
        params["moved"] = abs(moved)
    for name, value in action.items():
        if name in ("type", "seat", "drawn", "noted"):
            continue
        if name == "dice":
            params["roll"] = "+".join(str(face) for face in value)
        elif isinstance(value, list):
            params[name] = ", ".join(str(item) for item in value)
        else:
            params[name] = value
    return line(key, **params)
