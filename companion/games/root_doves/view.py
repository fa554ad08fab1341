"""What the table sees of a Root game with the Doves: the view, log lines and prompts.

Nothing in this game is secret (the refugee pile is open, and hand sizes are public in
Root), so every viewer gets the same view; the Doves' own device is told it is theirs.
"""

from __future__ import annotations

from typing import Any

from companion.games.root_doves import battle as battle_rules
from companion.games.root_doves import board as B
from companion.games.root_doves import table as track
from companion.games.root_doves import turn as T
from companion.rules.base import choice_prompt, dice_prompt, line

# Log lines whose words depend on a word value: the value picks the key.
KEYED_BY = {
    "choose_mandate": "mandate",
    "build": "building",
    "remove_building": "building",
    "set_clearing": "suit",
    "set_building_slot": "building",
    "no_evacuation": "reason",
    "activate_dominance": "suit",
    "perilous_rescue": "card",
    "refugee": "card",
    "dispensary_refugee": "card",
    "secure": "card",
}


def view(state: dict, seat: int | None) -> dict:
    return {
        "stage": state["stage"],
        "players": state["players"],
        "factions": state["factions"],
        "doves": state["doves"],
        "mine": seat is not None and seat == state["doves"],
        "vp": state["vp"],
        "dominance": state["dominance"],
        "win_at": track.WIN_AT,
        "winner": state["winner"],
        "won_by": state["won_by"],
        # ``turn`` is whose turn it is (the shell reads it); the phase and number apart.
        "turn": state["turn"]["seat"] if state["stage"] == "play" else None,
        "phase": state["turn"]["phase"],
        "turn_number": state["turn"]["number"],
        "hits_capped": state["hits_capped"],
        "clearings": clearings_view(state),
        "board": board_view(state),
        "checklist": checklist(state),
        "evacuation": evacuation_view(state),
        "last_discard": state["last_discard"],
        "battle": battle_view(state, state["battle"]),
        "last_battle": battle_view(state, state["last_battle"]),
        "charts": [vp_chart(state)],
    }


def clearings_view(state: dict) -> list[dict]:
    board = state["board"]
    out = []
    for clearing in sorted(state["clearings"], key=B.clearing_order):
        out.append(
            {
                "id": clearing,
                "suit": state["clearings"][clearing],
                "token": B.token_at(board, clearing),
                "warriors": B.warriors_at(board, clearing),
                "buildings": B.buildings_at(board, clearing),
            }
        )
    return out


def board_view(state: dict) -> dict:
    board = state["board"]
    buildings = {}
    for kind in B.BUILDINGS:
        built = len(board["buildings"][kind])
        slots = [{**slot, "revealed": i < built} for i, slot in enumerate(board["slots"][kind])]
        buildings[kind] = {
            "placed": board["buildings"][kind],
            "slots": slots,
            "next": B.next_slot(board, kind),
        }
    return {
        "hand": board["hand"],
        "hand_limit": B.HAND_LIMIT,
        "pile": board["pile"],
        "pile_by_suit": B.pile_by_suit(board),
        "ceasefire": {
            "on_map": board["ceasefire"],
            "supply": B.ceasefires_in_supply(board),
            "total": B.CEASEFIRE_TOKENS,
        },
        "pacification": [{"suit": s, "clearing": c} for s, c in board["pacification"].items()],
        "warriors": {
            "on_map": board["warriors"],
            "supply": B.warriors_in_supply(board),
            "total": B.WARRIOR_SUPPLY,
        },
        "buildings": buildings,
        "draw_bonus": B.draw_bonus(board),
        "evening_draw": T.evening_cards(board),
        "track": board["track"],
    }


def evacuation_view(state: dict) -> dict:
    """The last Dawn's evacuation (or why none), and what the next Dawn would do."""
    cards, points, reason = T.evacuation_outcome(state["board"])
    if reason is None:
        upcoming = line("root_doves.evacuation.next", cards=cards, points=points)
    else:
        upcoming = line(f"root_doves.evacuation.next_none.{reason}", cards=cards)
    last = state["evacuation"]
    if last is None:
        said = None
    elif last["reason"] is None:
        said = line(
            "root_doves.evacuation.done",
            turn=last["turn"],
            cards=last["cards"],
            points=last["points"],
        )
    else:
        said = line(
            f"root_doves.evacuation.none.{last['reason']}", turn=last["turn"], cards=last["cards"]
        )
    return {"last": last, "last_line": said, "next_line": upcoming}


def battle_view(state: dict, battle: dict | None) -> dict | None:
    if battle is None:
        return None
    return {
        **battle,
        "hits": battle_rules.hits(battle, state["hits_capped"]),
        "attacker_name": state["players"][battle["attacker"]],
        "defender_name": state["players"][battle["defender"]],
    }


def vp_chart(state: dict) -> dict:
    """Points by turn: one point per faction at the end of each turn, plus now."""
    rows = list(state["history"])
    number = state["turn"]["number"]
    if not rows or rows[-1][0] != number or rows[-1][1] != state["vp"]:
        rows.append([number, state["vp"]])
    series = [
        {"label": name, "points": [[x, vps[seat]] for x, vps in rows]}
        for seat, name in enumerate(state["players"])
    ]
    return {"title": "root_doves.chart.vp", "series": series}


# -- the Doves' checklist -------------------------------------------------------------------
def _item(key: str, status: str, **params: Any) -> dict:
    return {"key": key, "status": status, "params": params}


def checklist(state: dict) -> list[dict] | None:
    """The Doves' turn as steps with their limits (None when it is not their turn)."""
    if state["stage"] != "play" or state["turn"]["seat"] != state["doves"]:
        return None
    turn, phase = state["doves_turn"], state["turn"]["phase"]
    order = track.PHASES.index(phase)

    def status(done: bool, at: str) -> str:
        if done:
            return "done"
        return "now" if at == phase else ("later" if track.PHASES.index(at) > order else "missed")

    items = [
        evacuation_item(state, status(turn["evacuated"], "birdsong")),
        _item(
            "root_doves.check.retreat",
            "done" if turn["retreat"] else ("open" if phase == "birdsong" else "unused"),
        ),
    ]
    items.append(_item("root_doves.check.mandate", status(turn["mandate"] is not None, "daylight")))
    if turn["mandate"]:
        items += mandate_items(state, turn)
    board = state["board"]
    items.append(
        _item(
            "root_doves.check.draw", status(turn["drawn"], "evening"), cards=T.evening_cards(board)
        )
    )
    over = max(0, board["hand"] - B.HAND_LIMIT)
    items.append(
        _item(
            "root_doves.check.discard",
            status(turn["drawn"] and not over, "evening"),
            hand=board["hand"],
            limit=B.HAND_LIMIT,
            over=over,
        )
    )
    return items


def evacuation_item(state: dict, status: str) -> dict:
    """SCU.4.1 on the checklist: once resolved, what it scored or why nothing happened."""
    record = state["evacuation"]
    if status != "done" or record is None:
        return _item("root_doves.check.evacuation", status)
    if record["reason"] is None:
        return _item(
            "root_doves.check.evacuation_done",
            status,
            cards=record["cards"],
            points=record["points"],
        )
    return _item(
        f"root_doves.check.evacuation_none.{record['reason']}", status, cards=record["cards"]
    )


def mandate_items(state: dict, turn: dict) -> list[dict]:
    mandate, step = turn["mandate"], turn["step"]
    limit = T.ACTIONS_PER_MANDATE
    used = _item(
        f"root_doves.check.actions.{mandate}",
        "done" if turn["actions"] >= limit else ("now" if step == "actions" else "later"),
        used=turn["actions"],
        limit=limit,
    )
    if mandate == "emergency":
        return [
            _item("root_doves.check.ceasefire", "open" if step == "ceasefire" else "done"),
            _item("root_doves.check.interposition", "now" if step == "ceasefire" else "done"),
            used,
        ]
    if mandate == "protection":
        if turn["skipped"]:
            pacify = _item(f"root_doves.check.pacify_skipped.{turn['skipped']}", "skipped")
        else:
            pacify = _item("root_doves.check.pacify", "now" if step == "pacify" else "done")
        opponents = len(state["players"]) - 1
        return [
            pacify,
            used,
            _item(
                "root_doves.check.disarm",
                "done" if len(turn["disarmed"]) >= opponents else "open",
                used=len(turn["disarmed"]),
                limit=opponents,
            ),
            _item("root_doves.check.exfiltration", "now" if step == "exfiltration" else "open"),
        ]
    tokens = len(B.token_clearings(state["board"]))
    return [
        used,
        _item("root_doves.check.aid", "done" if turn["aid"] else "open"),
        _item("root_doves.check.craft", "open", used=len(turn["activated"]), limit=tokens),
    ]


# -- log lines ------------------------------------------------------------------------------
def describe(action: dict, seat: int | None) -> dict:
    """The log line for ``action`` (the same for every viewer: nothing here is secret)."""
    kind = action.get("type", "")
    kind = {**battle_rules.RECORDED_V2, **battle_rules.RECORDED_V3}.get(kind, kind)
    params = {k: v for k, v in action.items() if k not in ("type", "seat", "drawn")}
    params["seat"] = action.get("seat")
    for name, value in list(params.items()):
        if isinstance(value, list):
            params[name] = ", ".join(str(v) for v in value)
    key = f"root_doves.log.{kind}"
    if kind == "battle_roll" and isinstance(action.get("dice"), list) and action["dice"]:
        params.update(high=max(action["dice"]), low=min(action["dice"]))
    if kind in KEYED_BY:
        key = f"{key}.{action.get(KEYED_BY[kind])}"
    if kind == "ceasefire":
        key += ".supply" if action.get("source") == "supply" else ".moved"
    if kind == "interposition" and not action.get("clearings"):
        key += ".all" if action.get("warriors") else ".none"
    if kind == "remove_token":
        drawn = (action.get("drawn") or {}).get("refugee")
        if drawn:
            place, card = B.drawn_place(drawn[0])
            key = f"{key}.discard.{card}" if place is None else f"{key}.discard_at.{card}"
            if place is not None:
                params["place"] = place
    return line(key, **params)


# -- what the table waits for ---------------------------------------------------------------
def prompt(state: dict) -> dict | None:
    if state["stage"] == "over":
        return None
    if state["stage"] == "setup":
        return choice_prompt(None, "root_doves.why.setup")
    battle = state["battle"]
    if battle is not None:
        names = {
            "attacker": state["players"][battle["attacker"]],
            "defender": state["players"][battle["defender"]],
            "clearing": battle["clearing"],
        }
        if battle["dice"] is None and battle_rules.attackers_left(battle) == 0:
            return choice_prompt(battle["attacker"], "root_doves.why.battle_ambushed", **names)
        if battle["dice"] is None:
            return dice_prompt(
                battle["attacker"],
                battle_rules.DICE,
                "battle_roll",
                "root_doves.why.battle",
                **names,
            )
        offer = battle["last_stand"] and not battle["declined"]
        why = "root_doves.why.battle_result" + ("_last_stand" if offer else "")
        return choice_prompt(battle["attacker"], why, **names)
    seat, phase = state["turn"]["seat"], state["turn"]["phase"]
    player = state["players"][seat]
    if seat != state["doves"]:
        return choice_prompt(seat, f"root_doves.why.{phase}", player=player)
    why, params = doves_why(state)
    return choice_prompt(seat, why, player=player, **params)


def doves_why(state: dict) -> tuple[str, dict]:
    """What the Doves' turn waits for, and the numbers the words need."""
    turn, phase, board = state["doves_turn"], state["turn"]["phase"], state["board"]
    blocker = T.leave_blocker(state)
    if blocker == "root_doves.evacuate_first":
        cards, points, reason = T.evacuation_outcome(board)
        if reason is None:
            return "root_doves.why.evacuate", {"cards": cards, "points": points}
        return f"root_doves.why.no_evacuation.{reason}", {"cards": cards}
    if blocker == "root_doves.draw_first":
        return "root_doves.why.draw_first", {"cards": T.evening_cards(board)}
    if blocker == "root_doves.discard_first":
        return "root_doves.why.discard_first", {"over": board["hand"] - B.HAND_LIMIT}
    if blocker is not None:
        return "root_doves.why." + blocker.split(".", 1)[1], {}
    if phase == "daylight" and turn["mandate"] is None:
        return "root_doves.why.mandate", {}
    if phase == "daylight" and turn["step"] == "actions":
        return "root_doves.why.doves_actions", {
            "left": T.ACTIONS_PER_MANDATE - turn["actions"],
            "mandate": turn["mandate"],
        }
    if phase == "daylight" and turn["step"] == "exfiltration":
        return "root_doves.why.exfiltration", {"clearing": turn["exfiltration"]["clearing"]}
    return f"root_doves.why.doves_{phase}", {}
