"""What each viewer may see and read: views, log lines and prompts.

The only ways anything leaves the rules. The table (seat ``None``) sees the board: pots as a
count of notes, the Shop, the Victim, every bandit's public Attributes and Wounds, who has
planned (never what), the round and phase, and the public news. A phone sees that plus its
own money, plan, pot takings and money chart. Never another seat's balance, plan, pot sum or
Fortune amount: the virtual money deck (``state["notes"]``) is never shown to anyone.
"""

from __future__ import annotations

from companion.rules import nowheresville_gang as gang
from companion.rules import nowheresville_money as money
from companion.rules import sealed
from companion.rules.base import choice_prompt, dice_prompt, line, secret_prompt
from companion.rules.nowheresville_board import (HIDEOUT, current_bandit, owner,
                                                 places_in_play)
from companion.rules.nowheresville_fights import in_use, next_roller, total

# Actions whose payload is secret: the acting seat reads the detail, the others only this.
SECRET_DETAIL = {"plan": ("places",), "count_pot": ("amount",),
                 "fortune_money": ("amount",), "fortune_bribe": ("amount",)}
LIST_FIELDS = ("order", "facing", "attributes", "guns", "gear")


def public_bandit(one: dict) -> dict:
    return {**one, "hits": one["card"]["hits"],
            "experience_total": gang.experience_total(one)}


def public_shootout(state: dict) -> dict | None:
    fight = state["shootout"]
    if fight is None:
        return None
    fighters = []
    for name in fight["facing"]:
        if name not in state["bandits"]:
            continue
        one, arms = state["bandits"][name], in_use(state, name)
        fighters.append({"bandit": name, "guns": [c["id"] for c in arms],
                         "experience_total": gang.experience_total(one, arms),
                         "free_left": gang.free_shots(one, arms)
                         - fight["free_used"].get(name, 0),
                         "bullets": one["bullets"], "wounds": one["wounds"],
                         "fallen": name in state["fallen"]})
    standing = [f for f in fighters if not f["fallen"]]
    best = max((f["experience_total"] for f in standing), default=0)
    return {"place": fight["place"], "fighters": fighters, "runaways": fight["runaways"],
            "shots": fight["shots"], "standing": fight["standing"], "rolls": fight["rolls"],
            "chooses_first": [f["bandit"] for f in standing if f["experience_total"] == best]}


def public_robbery(state: dict) -> dict | None:
    robbery = state["robbery"]
    if robbery is None:
        return None
    shown = dict(robbery)
    if robbery["roll"] is not None:
        shown["total"] = total(robbery)
    return shown


def view(state: dict, seat: int | None) -> dict:
    out = {
        "round": state["round"], "phase": state["phase"], "goal": state["goal"],
        "saloon": state["saloon"], "options": state["options"],
        "players": state["players"], "places": places_in_play(state) + [HIDEOUT],
        "gangs": state["gangs"], "heal_cards": state["heal_cards"],
        "bandits": {name: public_bandit(one) for name, one in state["bandits"].items()},
        "pots": state["pots"], "robbed": state["robbed"],
        "shop": state["shop"], "victim": state["victim"],
        "planning": sealed.view_of(state["planning"], seat) if state["planning"] else None,
        "placements": state["placements"], "resolution": state["resolution"],
        "current": current_bandit(state), "shootout": public_shootout(state),
        "robbery": public_robbery(state), "pending": state["pending"],
        "fallen": state["fallen"], "news": state["news"], "winner": state["winner"],
    }
    if seat is not None:
        out["mine"] = {"seat": seat, "money": money.purse(state, seat),
                       "takings": state["takings"][seat]}
        out["charts"] = [{"title": "nowheresville.chart.money",
                          "series": [{"label": state["players"][seat],
                                      "points": state["chart"][seat]}]}]
    return out


def describe(action: dict, seat: int | None) -> dict:
    """The log line ``seat`` may read: secret payloads only for the seat that sent them."""
    kind = action.get("type", "")
    params = {"player": action.get("seat")}
    for name, value in action.items():
        if name in ("type", "seat", "drawn", "dice"):
            continue
        params[name] = ", ".join(str(v) for v in value) if name in LIST_FIELDS else value
    if "dice" in action:
        params["roll"] = action["dice"][0] if action["dice"] else None
    if kind in SECRET_DETAIL:
        if seat is not None and seat == action.get("seat"):
            if kind == "plan":
                params["places"] = ", ".join(f"{k}: {v}" for k, v in action.items()
                                             if k not in ("type", "seat"))
            return line(f"nowheresville.log.{kind}.own", **params)
        public = {k: v for k, v in params.items() if k in ("player", "bandit")}
        return line(f"nowheresville.log.{kind}", **public)
    return line(f"nowheresville.log.{kind}", **params)


def prompt(state: dict) -> dict | None:
    phase = state["phase"]
    if phase == "setup":
        return choice_prompt(None, "nowheresville.why.setup")
    if phase == "maintenance":
        return choice_prompt(None, "nowheresville.why.maintenance")
    if phase == "restock":
        return choice_prompt(None, "nowheresville.why.restock",
                             cards=3 - len(state["shop"]),
                             victim=int(state["victim"] is None))
    if phase == "planning":
        plan = state["planning"]
        return secret_prompt(sealed.waiting(plan), sealed.submitted(plan),
                             "nowheresville.why.planning")
    if phase == "resolution":
        return _resolution_prompt(state)
    return None


def _resolution_prompt(state: dict) -> dict:
    pending, fight, robbery = state["pending"], state["shootout"], state["robbery"]
    res = state["resolution"]
    if pending is not None:
        name = pending["bandit"]
        if pending["kind"] == "count":
            return secret_prompt([owner(state, name)], [],
                                 f"nowheresville.why.count.{pending['pot']}",
                                 bandit=name, notes=pending["notes"])
        return choice_prompt(owner(state, name), f"nowheresville.why.{pending['kind']}",
                             bandit=name)
    if fight is not None:
        if fight["standing"] is not None:
            roller = next_roller(fight)
            return dice_prompt(owner(state, roller), ["d6"], "tie_roll",
                               "nowheresville.why.tie_roll", bandit=roller)
        return choice_prompt(None, f"nowheresville.why.shootout.{fight['place']}")
    if robbery is not None:
        name = robbery["bandit"]
        if robbery["roll"] is None:
            return dice_prompt(owner(state, name), ["d6"], "robbery_roll",
                               f"nowheresville.why.robbery.{robbery['place']}", bandit=name,
                               target=robbery["target"], bonus=robbery["bonus"])
        short = robbery["target"] - total(robbery) + (
            0 if state["options"]["equal_is_enough"] else 1)
        return choice_prompt(owner(state, name), "nowheresville.why.courage", bandit=name,
                             total=total(robbery), target=robbery["target"], short=short)
    if res["unordered"]:
        return choice_prompt(None, f"nowheresville.why.order.{res['place']}")
    name = current_bandit(state)
    return choice_prompt(owner(state, name), f"nowheresville.why.turn.{res['place']}",
                         bandit=name, position=res["position"] + 1)
