"""108 Outlaws: what the table sees (view), what it waits for (prompt), and log lines.

Nothing in 108 Outlaws is secret: hands are shown as counts, play areas are face up. So one
view serves the tablet and every phone; the phone's panel picks its own seat's part.
"""

from __future__ import annotations

from companion.rules import outlaws108_cards as cards
from companion.rules import outlaws108_scoring as scoring
from companion.rules.outlaws108_turn import END_AT
from companion.rules.base import choice_prompt, line
from companion.rules.turns import next_seat


def _hand(area: dict) -> dict:
    hand = area["hand"]
    return {"earth": hand["earth"], "heaven": hand["heaven"],
            "total": hand["earth"] + hand["heaven"]}


def _area(state: dict, seat: int) -> dict:
    area = state["areas"][seat]
    return {"seat": seat, "name": state["players"][seat], "outlaws": area["outlaws"],
            "outlaw_count": len(area["outlaws"]), "campaigns": area["campaigns"],
            "campaign_points": sum(c["points"] for c in area["campaigns"]),
            "hand": _hand(area), "turns": area["turns"],
            "tally": {"active": cards.tally(area["outlaws"], active_only=True),
                      "all": cards.tally(area["outlaws"], active_only=False)}}


def end_status(state: dict) -> dict:
    """Whether the end is triggered, by whom, and how many turns remain (the current one
    included) so that everyone has had the same number of turns."""
    reached = [a for a in range(len(state["players"]))
               if len(state["areas"][a]["outlaws"]) >= END_AT]
    triggered = state["end_trigger"] is not None or bool(reached)
    turns_left = None
    if state["phase"] in ("scoring", "over"):
        turns_left = 0
    elif triggered:
        turns_left = len(state["order"]) - state["order"].index(state["current"])
    return {"triggered": triggered, "at": END_AT, "reached": reached,
            "by": state["end_trigger"], "turns_left": turns_left}


def table_view(state: dict) -> dict:
    seats = len(state["players"])
    playing = state["phase"] not in ("scoring", "over")
    out = {
        "phase": state["phase"], "players": state["players"], "order": state["order"],
        "start": state["start"], "current": state["current"] if playing else None,
        "next": next_seat(state["current"], seats) if playing else None,
        "solo": state["campaign_row"] is not None, "hand_limit": state["hand_limit"],
        "areas": [_area(state, seat) for seat in range(seats)],
        "turn": state["turn"] if playing else None,
        "end": end_status(state),
        "campaigns_left": state["campaigns_left"], "campaign_row": state["campaign_row"],
        "removal": state["removal"], "removals_done": state["removals_done"],
        "standings": None,
    }
    if not playing:
        out["standings"] = scoring.standings(state["players"], state["areas"], state["order"])
        out["unscored"] = scoring.unscored(state["areas"])
    return out


def prompt(state: dict) -> dict | None:
    phase = state["phase"]
    if phase == "campaign_row":
        left = sum(1 for c in state["campaign_row"] if c["cost"] is None)
        return choice_prompt(0, "outlaws108.why.describe_campaigns", left=left)
    if phase == "removal":
        routine = state["removal"]
        if routine["finished"]:
            key = "removed" if routine["removed"] else "removed_none"
            return choice_prompt(0, f"outlaws108.why.{key}",
                                 campaigns=", ".join(str(s) for s in routine["removed"]))
        return choice_prompt(0, f"outlaws108.why.removal_icon_{routine['row']}",
                             card=routine["card"], icon=routine["icon"],
                             outlaws=routine["threshold"])
    if phase == "scoring":
        return choice_prompt(None, "outlaws108.why.scoring", left=scoring.unscored(state["areas"]))
    if phase == "over":
        return None
    return _turn_prompt(state)


def _turn_prompt(state: dict) -> dict:
    seat = state["current"]
    name = state["players"][seat]
    hand = state["areas"][seat]["hand"]
    if state["turn"]["action"] is not None:
        return choice_prompt(seat, "outlaws108.why.finish_turn", player=name)
    if state["hand_limit"] is not None and hand["earth"] + hand["heaven"] >= state["hand_limit"]:
        return choice_prompt(seat, "outlaws108.why.must_play", player=name,
                             limit=state["hand_limit"])
    return choice_prompt(seat, "outlaws108.why.turn", player=name)


def _slots(slots: list[int]) -> str:
    return ", ".join(str(s) for s in slots)


def log_line(action: dict) -> dict:
    kind, seat = action["type"], action.get("seat")
    if kind in ("draw", "effect_draw"):
        return line(f"outlaws108.log.{kind}", seat=seat, earth=action["earth"],
                    heaven=action["heaven"], points=action.get("points", 2))
    if kind in ("play", "play_by_effect"):
        suffix = "_no" if action.get("number") else ""
        return line(f"outlaws108.log.play_{action['realm']}{suffix}", seat=seat,
                    number=action.get("number"), exhausted=_slots(action.get("exhaust", [])))
    if kind == "campaign":
        tier = action.get("tier") or "slot"
        return line(f"outlaws108.log.campaign_{tier}", seat=seat, slot=action.get("slot"),
                    points=action.get("points"), exhausted=_slots(action["exhaust"]))
    if kind in ("exhaust", "revive"):
        return line(f"outlaws108.log.{kind}", seat=seat, outlaws=_slots(action["outlaws"]))
    if kind == "discard":
        return line(f"outlaws108.log.discard_{action['realm']}", seat=seat)
    if kind == "removal_icon":
        return line(f"outlaws108.log.removal_icon.{action['icon']}", seat=seat)
    if kind == "describe_campaign":
        return line("outlaws108.log.describe_campaign", slot=action["slot"],
                    points=action["points"], icons=len(action["cost"]))
    if kind in ("score_heaven", "score_campaign"):
        return line(f"outlaws108.log.{kind}", seat=seat, points=action["points"],
                    card=action.get("outlaw") or action.get("campaign"))
    return line(f"outlaws108.log.{kind}", seat=seat)
