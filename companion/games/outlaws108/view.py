"""108 Outlaws: what the table sees (view), what it waits for (prompt), and log lines.

Nothing in 108 Outlaws is secret: hands are shown as counts, play areas are face up. So one
view serves the tablet and every phone; the phone's panel picks its own seat's part.
"""

from __future__ import annotations

from companion.games.outlaws108 import cards, scoring
from companion.games.outlaws108.turn import END_AT
from companion.rules.base import choice_prompt, line
from companion.rules.turns import next_seat


def _hand(area: dict) -> dict:
    hand = area["hand"]
    return {
        "earth": hand["earth"],
        "heaven": hand["heaven"],
        "total": hand["earth"] + hand["heaven"],
    }


def _area(state: dict, seat: int) -> dict:
    area = state["areas"][seat]
    return {
        "seat": seat,
        "name": state["players"][seat],
        "outlaws": area["outlaws"],
        "outlaw_count": len(area["outlaws"]),
        "campaigns": area["campaigns"],
        "campaign_points": sum(c["points"] for c in area["campaigns"]),
        "hand": _hand(area),
        "turns": area["turns"],
        "tally": {
            "active": cards.tally(area["outlaws"], active_only=True),
            "all": cards.tally(area["outlaws"], active_only=False),
        },
        "either": {
            "active": cards.flexible_units(area["outlaws"], active_only=True),
            "all": cards.flexible_units(area["outlaws"], active_only=False),
        },
    }


def end_status(state: dict) -> dict:
    """Whether the end is triggered, by whom, and how many turns remain (the current one
    included) so that everyone has had the same number of turns."""
    reached = [
        a for a in range(len(state["players"])) if len(state["areas"][a]["outlaws"]) >= END_AT
    ]
    triggered = state["end_trigger"] is not None or bool(reached)
    turns_left = None
    if state["phase"] in ("scoring", "over"):
        turns_left = 0
    elif triggered:
        turns_left = len(state["order"]) - state["order"].index(state["current"])
    return {
        "triggered": triggered,
        "at": END_AT,
        "reached": reached,
        "by": state["end_trigger"],
        "turns_left": turns_left,
    }


def table_view(state: dict) -> dict:
    seats = len(state["players"])
    playing = state["phase"] not in ("scoring", "over")
    end = end_status(state)
    last_turn = end["turns_left"] == 1
    out = {
        "phase": state["phase"],
        "players": state["players"],
        "order": state["order"],
        "start": state["start"],
        "current": state["current"] if playing else None,
        # After the last turn of the final round comes the scoring, not another player.
        "next": next_seat(state["current"], seats) if playing and not last_turn else None,
        "last_turn": playing and last_turn,
        "solo": state["campaign_row"] is not None,
        "hand_limit": state["hand_limit"],
        "areas": [_area(state, seat) for seat in range(seats)],
        "turn": state["turn"] if playing else None,
        "end": end,
        "campaigns_left": state["campaigns_left"],
        "campaign_row": state["campaign_row"],
        "removal": state["removal"],
        "removals_done": state["removals_done"],
        "standings": None,
    }
    if not playing:
        out["standings"] = scoring.standings(state["players"], state["areas"], state["order"])
        out["unscored"] = scoring.unscored(state["areas"])
    return out


def prompt(state: dict) -> dict | None:
    phase = state["phase"]
    if phase == "campaign_row":
        waiting = [c for c in state["campaign_row"] if c["cost"] is None]
        return choice_prompt(
            0,
            f"outlaws108.why.describe_{waiting[0]['tier']}",
            slot=waiting[0]["slot"],
            left=len(waiting),
        )
    if phase == "removal":
        routine = state["removal"]
        if routine["finished"]:
            key = "removed" if routine["removed"] else "removed_none"
            return choice_prompt(
                0,
                f"outlaws108.why.{key}",
                campaigns=_slots(routine["removed"]),
                count=len(routine["removed"]),
            )
        return choice_prompt(
            0,
            f"outlaws108.why.removal_icon_{routine['row']}",
            card=routine["card"],
            icon=routine["icon"],
            outlaws=routine["threshold"],
        )
    if phase == "scoring":
        left = scoring.unscored(state["areas"])
        if left == 0:
            return choice_prompt(None, "outlaws108.why.confirm_scores")
        return choice_prompt(None, "outlaws108.why.scoring", left=left)
    if phase == "over":
        return None
    return _turn_prompt(state)


def _turn_prompt(state: dict) -> dict:
    seat = state["current"]
    name = state["players"][seat]
    hand = state["areas"][seat]["hand"]
    if state["turn"]["action"] is not None:
        # The free campaign stays open until it is used [Free Action: Embark on a Campaign].
        done = "_campaigned" if state["turn"]["campaigned"] else ""
        return choice_prompt(seat, f"outlaws108.why.finish_turn{done}", player=name)
    if state["hand_limit"] is not None and hand["earth"] + hand["heaven"] >= state["hand_limit"]:
        return choice_prompt(
            seat, "outlaws108.why.must_play", player=name, limit=state["hand_limit"]
        )
    if end_status(state)["turns_left"] == 1:
        return choice_prompt(seat, "outlaws108.why.last_turn", player=name)
    done = "_campaigned" if state["turn"]["campaigned"] else ""
    return choice_prompt(seat, f"outlaws108.why.turn{done}", player=name)


def _slots(slots: list[int]) -> str:
    return ", ".join(str(s) for s in slots)


PLAYS = ("play_earth", "play_heaven", "effect_play_earth", "effect_play_heaven")


def log_line(action: dict) -> dict:
    kind, seat = action["type"], action.get("seat")
    if kind == "draw":
        # ``cards`` is a word (earth_2, earth_1, heaven_1) the pages translate.
        return line("outlaws108.log.draw", seat=seat, cards=action["cards"])
    if kind == "effect_draw":
        return line(
            "outlaws108.log.effect_draw",
            seat=seat,
            earth=action["earth"],
            heaven=action["heaven"],
            points=action["points"],
        )
    if kind in PLAYS:
        return _play_line(action)
    if kind == "campaign":
        tier = action.get("tier") or "slot"
        return line(
            f"outlaws108.log.campaign_{tier}",
            seat=seat,
            slot=action.get("slot"),
            points=action.get("points"),
            exhausted=_slots(action["exhaust"]),
            count=len(action["exhaust"]),
        )
    if kind in ("exhaust", "revive"):
        return line(
            f"outlaws108.log.{kind}",
            seat=seat,
            outlaws=_slots(action["outlaws"]),
            count=len(action["outlaws"]),
        )
    if kind == "discard":
        return line(f"outlaws108.log.discard_{action['realm']}", seat=seat)
    if kind == "removal_icon":
        key = "removal_none" if action["icon"] == "none" else "removal_icon"
        return line(f"outlaws108.log.{key}", seat=seat, icon=action["icon"])
    if kind == "describe_campaign":
        return line(
            "outlaws108.log.describe_campaign",
            slot=action["slot"],
            points=action["points"],
            icons=len(cards.cost_from_counts(action)),
        )
    if kind == "describe_heaven":
        # one key per number of icon types, each icon a word the pages translate
        wanted = [
            (icon, action[f"set_{icon}"]) for icon in cards.ICONS if action.get(f"set_{icon}")
        ]
        params = {f"icon{i}": icon for i, (icon, _) in enumerate(wanted, 1)}
        params.update({f"count{i}": n for i, (_, n) in enumerate(wanted, 1)})
        return line(
            f"outlaws108.log.describe_heaven.{len(wanted)}",
            number=action["number"],
            points=action["points"],
            **params,
        )
    if kind == "fix_card":
        # a card put right without a number (it has none printed to key) says so in words,
        # never "No. 0" or "No. —"
        return line(
            "outlaws108.log.fix_card" if action["number"] else "outlaws108.log.fix_card_unnumbered",
            player=action["player"],
            slot=action["place"],
            **({"number": action["number"]} if action["number"] else {}),
            icons=", ".join(action["icons"]) or "—",
        )
    if kind in ("score_heaven", "score_campaign"):
        return line(
            f"outlaws108.log.{kind}",
            seat=seat,
            points=action["points"],
            card=action.get("outlaw") or action.get("campaign"),
        )
    return line(f"outlaws108.log.{kind}", seat=seat)


def _play_line(action: dict) -> dict:
    """``Ann plays Earth card No. 44, exhausting outlaws 1, 3.``: the number and the
    exhausted outlaws (``count`` of them, for the plural) are said when given."""
    realm = action["type"].rsplit("_", 1)[1]
    key = f"outlaws108.log.play_{realm}" + ("_no" if action.get("number") else "")
    if action.get("exhaust") and realm == "earth":
        key += "_exhausting"
    return line(
        key,
        seat=action.get("seat"),
        number=action.get("number"),
        exhausted=_slots(action.get("exhaust", [])),
        count=len(action.get("exhaust", [])),
    )
