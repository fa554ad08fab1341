"""What each viewer may see and read: views, log lines and prompts.

The only ways anything leaves the rules. The table (seat ``None``) sees the board: pots as a
count of notes, the Victim, every bandit's public Attributes and Wounds, who has
planned (never what), the round and phase, and the public news. A phone sees that plus its
own money, plan, pot takings and money chart. Never another seat's balance, plan, pot sum or
Fortune amount: the virtual money deck (``state["notes"]``) is never shown to anyone.
"""

from __future__ import annotations

from typing import Any

from companion.games.nowheresville import gang, money
from companion.games.nowheresville.board import (
    HIDEOUT,
    current_bandit,
    owner,
    places_in_play,
    resolving,
)
from companion.games.nowheresville.fights import in_use, tied_roller, total
from companion.games.nowheresville.gang import SLOTS
from companion.games.nowheresville.round import new_victim_due
from companion.rules import sealed
from companion.rules.base import choice_prompt, dice_prompt, line, secret_prompt

# Actions whose payload is secret: the acting seat reads the detail, the others only this.
SECRET_DETAIL = {
    "plan": SLOTS + ("heal",),
    "count_pot": ("big_notes",),
    "fortune_money": ("amount",),
    "fortune_bribe": ("amount",),
}
LIST_FIELDS = ("facing", "guns", "gear")


def public_bandit(one: dict) -> dict:
    return {**one, "hits": one["card"]["hits"], "experience_total": gang.experience_total(one)}


def public_shootout(state: dict) -> dict | None:
    fight = state["shootout"]
    if fight is None:
        return None
    fighters = []
    for name in fight["facing"]:
        if name not in state["bandits"]:
            continue
        one, arms = state["bandits"][name], in_use(state, name)
        fighters.append(
            {
                "bandit": name,
                "guns": [c["id"] for c in arms],
                "experience_total": gang.experience_total(one, arms),
                "free_left": gang.free_shots(one, arms) - fight["free_used"].get(name, 0),
                "bullets": one["bullets"],
                "wounds": one["wounds"],
                "fallen": name in state["fallen"],
            }
        )
    standing = [f for f in fighters if not f["fallen"]]
    best = max((f["experience_total"] for f in standing), default=0)
    return {
        "place": fight["place"],
        "fighters": fighters,
        "runaways": fight["runaways"],
        "shots": fight["shots"],
        "standing": fight["standing"],
        "rolls": fight["rolls"],
        "deadly": fight.get("deadly"),
        "chooses_first": [f["bandit"] for f in standing if f["experience_total"] == best],
    }


def public_robbery(state: dict) -> dict | None:
    robbery = state["robbery"]
    if robbery is None:
        return None
    shown = {**robbery, "needed": needed(state, robbery)}
    if robbery["roll"] is not None:
        shown["total"] = total(robbery)
    return shown


def needed(state: dict, robbery: dict) -> int:
    """The total that succeeds: more than the target, or equal with ``equal_is_enough``."""
    return robbery["target"] + (0 if state["options"]["equal_is_enough"] else 1)


def view(state: dict, seat: int | None) -> dict:
    out = {
        "round": state["round"],
        "phase": state["phase"],
        "goal": state["goal"],
        "saloon": state["saloon"],
        "options": state["options"],
        "players": state["players"],
        "places": places_in_play(state) + [HIDEOUT],
        "gangs": state["gangs"],
        "heal_cards": state["heal_cards"],
        "bandits": {name: public_bandit(one) for name, one in state["bandits"].items()},
        "pots": state["pots"],
        "robbed": state["robbed"],
        "victim": state["victim"],
        "planning": sealed.view_of(state["planning"], seat) if state["planning"] else None,
        "placements": state["placements"],
        "resolution": state["resolution"],
        "current": current_bandit(state),
        "shootout": public_shootout(state),
        "robbery": public_robbery(state),
        "pending": state["pending"],
        "fallen": state["fallen"],
        "news": state["news"],
        "winner": state["winner"],
    }
    if state["phase"] == "over":
        out["final"] = final_money(state)
    if seat is not None:
        out["mine"] = {
            "seat": seat,
            "money": money.purse(state, seat),
            "takings": state["takings"][seat],
        }
        out["charts"] = [
            {
                "title": "nowheresville.chart.money",
                "series": [{"label": state["players"][seat], "points": state["chart"][seat]}],
            }
        ]
    return out


# News that tells the table something about a secret: a death toll is paid only by an owner
# over $1,000, a robbery's and a pot's outcome depend on secret money and notes.
DISCLOSING = ("death", "robbery", "pot_taken", "winner")


def discloses(before: dict, after: dict, action: dict) -> list[dict]:
    """What ``action`` (from ``before`` to ``after``) told everyone that depended on a
    secret, as public lines: an undo of it keeps them in the log (no free fishing)."""
    told = [item for item in after["news"] if item not in before["news"]]
    return [
        line(f"nowheresville.news.{item['kind']}", **{k: v for k, v in item.items() if k != "kind"})
        for item in told
        if item["kind"] in DISCLOSING
    ]


def final_money(state: dict) -> dict:
    """End of the game: money is secret only while the rules need it so; now everyone can
    check the winner (at or over the goal, the most money)."""
    return {
        "goal": state["goal"],
        "winner": state["winner"],
        "money": [money.purse(state, s) for s in range(len(state["players"]))],
    }


def describe(action: dict, seat: int | None) -> dict:
    """The log line ``seat`` may read: secret payloads only for the seat that sent them."""
    kind = action.get("type", "")
    params: dict[str, Any] = {"player": action.get("seat")}
    for name, value in action.items():
        if name in ("type", "seat", "drawn", "dice"):
            continue
        params[name] = ", ".join(str(v) for v in value) if name in LIST_FIELDS else value
    if "dice" in action:
        params["roll"] = action["dice"][0] if action["dice"] else None
    key = f"nowheresville.log.{kind}"
    if kind == "rob":
        params.setdefault("gear", "—")
    if kind == "train":  # one word per lesson, so each is said in the reader's language
        lessons = list(params.pop("attributes", []))
        params.update({f"lesson{i + 1}": a for i, a in enumerate(lessons)})
        key += f".{len(lessons)}"
    if kind in SECRET_DETAIL:
        if seat is None or seat != action.get("seat"):
            return line(key, **{k: v for k, v in params.items() if k in ("player", "bandit")})
        key += ".own"
        if kind == "plan":
            key += f".{sum(slot in action for slot in SLOTS)}"
            key += ".heal" if action.get("heal", "none") != "none" else ""
    return line(key, **params)


def maintenance_prompt(state: dict) -> dict:
    """What the table does by hand before the tap: notes (physical mode), the Shop row, the
    Victim."""
    due = money.notes_due(state)
    shop = (
        "fresh"
        if state["options"]["fresh_market"]
        else "victim"
        if new_victim_due(state)
        else "shop"
    )
    return choice_prompt(
        None,
        f"nowheresville.why.maintenance.{state['options']['money']}.{shop}",
        bank=due["bank"],
        coach=due["coach"],
    )


def prompt(state: dict) -> dict | None:
    phase = state["phase"]
    if phase == "setup":
        return choice_prompt(
            None, "nowheresville.why.setup." + ("two" if len(state["players"]) == 2 else "one")
        )
    if phase == "maintenance":
        return maintenance_prompt(state)
    if phase == "planning":
        plan = state["planning"]
        return sealed.prompt(plan, "nowheresville.why.planning")
    if phase == "resolution":
        return _resolution_prompt(state)
    return None


def _resolution_prompt(state: dict) -> dict:
    pending, fight, robbery = state["pending"], state["shootout"], state["robbery"]
    res = state["resolution"]
    if pending is not None:
        name = pending["bandit"]
        if pending["kind"] == "count":
            return secret_prompt(
                [owner(state, name)],
                [],
                f"nowheresville.why.count.{pending['pot']}",
                bandit=name,
                notes=pending["notes"],
            )
        why = f"nowheresville.why.{pending['kind']}"
        if pending["kind"] == "card":
            why += "." + pending["source"]
        return choice_prompt(owner(state, name), why, bandit=name)
    if fight is not None:
        if fight["standing"] is not None:
            roller = tied_roller(fight)
            return dice_prompt(
                owner(state, roller),
                ["d6"],
                "tie_roll",
                "nowheresville.why.tie_roll",
                bandit=roller,
            )
        if fight.get("deadly"):
            return choice_prompt(None, "nowheresville.why.confirm_death", **fight["deadly"])
        return choice_prompt(None, f"nowheresville.why.shootout.{fight['place']}")
    if robbery is not None:
        name = robbery["bandit"]
        goal = needed(state, robbery)
        if robbery["roll"] is None:
            return dice_prompt(
                owner(state, name),
                ["d6"],
                "robbery_roll",
                f"nowheresville.why.robbery.{robbery['place']}",
                bandit=name,
                needed=goal,
                bonus=robbery["bonus"],
            )
        return choice_prompt(
            owner(state, name),
            "nowheresville.why.courage",
            bandit=name,
            total=total(robbery),
            needed=goal,
            short=goal - total(robbery),
        )
    if res["unordered"]:
        return choice_prompt(None, f"nowheresville.why.order.{res['place']}")
    name = resolving(state)
    why = f"nowheresville.why.turn.{res['place']}"
    if res["place"] == "town" and res["position"]:
        why += ".second"  # only the ranch's $100 for him
    return choice_prompt(owner(state, name), why, bandit=name, position=res["position"] + 1)
