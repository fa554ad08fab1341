"""108 Outlaws: turn order, play areas, icon tallies, the end of the game and its scoring.

Interpretations (rulebook sections in brackets; the same list is in
companion/games/outlaws108/rules.md):

- The companion does not know card texts. A played card is recorded as the table tells it
  (``play_earth`` / ``play_heaven``, every field optional but a Heaven card's cost): number
  (0 = not given), active icons, upside-down icons, for a Ruan Brother the icon its Navy icons
  may count as. What the rulebook prints is checked: Heaven is No. 1–36, Earth No. 37–108; an
  Earth card shows one icon, two different ones make it a Strategist; a Heavenly Spirit shows
  two, so one icon given means both are that icon [Earth Cards, Heaven Cards].
- The Draw action offers what 2 draw points buy: 2 Earth, 1 Earth or 1 Heaven card.
- A Heaven card needs at least one active outlaw exhausted to pay for it [Heaven Cards].
- Effects and Minor Campaign bonus actions (draw points, revive, another card) are open once
  a card was played or a Minor Campaign embarked on this turn; costs (exhaust, discard) any
  time of one's turn [Card Effect Types]. The Draw action and a Major Campaign open none.
- A campaign's cost is entered as a count per icon; the exhausted outlaws must cover it
  (less the icons a Campaign effect fulfils, ``waived``), each Strategist or converted Navy
  used as exactly one icon. With no cost entered, at least one outlaw must be exhausted.
- The end is checked when a turn ends: once anyone has 12 outlaws, play goes on until the
  player before the starting player has finished, so all had equal turns [End of the Game].
- Solo: hand limit 8, nine campaigns described at the start, removal routine after the turn
  in which the 4th and the 8th outlaw is played (see ``solo``).
"""

from __future__ import annotations

from companion.games.outlaws108 import cards, catalogue, scoring, solo, turn
from companion.games.outlaws108 import view as views

# the catalogue's hooks (companion/storage/card_catalogue.py), part of this game's entry points
from companion.games.outlaws108.catalogue import (  # noqa: F401
    catalogue_entry,
    catalogue_key,
    check_entry,
)
from companion.rules.base import (
    RuleError,
    choice_param,
    int_param,
    match_template,
    multi_param,
    once_per_state,
    replace,
    require,
    template,
)
from companion.rules.fixes import fix_template
from companion.rules.ranking import standing
from companion.rules.turns import next_seat, order_from

NAME = "outlaws108"
PLAYERS = range(1, 6)
OPTIONS = {"starting_player": 0}
RULES_VERSION = 3  # 3: a numbered card needs its icons; a typed Heaven score is typed
#: v1 -> v2: a v1 play carries no ``known`` entry and is recorded as it was typed.
#: v2 -> v3: a play or correction of a numbered card without icons replays as it was typed.
RECORDED_V2 = {f"{kind}_v2": kind for kind in (*catalogue.PLAYS, "fix_card")}
MIGRATIONS = {
    1: lambda action: action,
    2: lambda action: (
        {**action, "type": f"{action['type']}_v2"}
        if f"{action.get('type')}_v2" in RECORDED_V2
        else action
    ),
}
#: Types only a replay of a version-2 journal holds; the table refuses them from devices.
REPLAY_ONLY = frozenset(RECORDED_V2)

SOLO_HAND_LIMIT = 8
START_HAND = {"earth": 5, "heaven": 2}
TIERS = cards.TIERS
MAX_POINTS = 60
MAX_COST_EACH = cards.MAX_COST_EACH


def setup(players: list[str], options: dict) -> dict:
    seats = len(players)
    require(seats in PLAYERS, "outlaws108.player_count", min=PLAYERS.start, max=PLAYERS.stop - 1)
    start = options.get("starting_player", 0)
    require(
        isinstance(start, int) and not isinstance(start, bool) and 0 <= start < seats,
        "outlaws108.bad_starting_player",
        max=seats - 1,
    )
    is_solo = seats == 1
    return {
        "players": list(players),
        "start": start,
        "order": order_from(start, seats),
        "current": start,
        "phase": "campaign_row" if is_solo else "turn",
        "areas": [
            {"outlaws": [], "campaigns": [], "hand": dict(START_HAND), "turns": 0} for _ in players
        ],
        "turn": _new_turn(0),
        "end_trigger": None,
        "hand_limit": SOLO_HAND_LIMIT if is_solo else None,
        # 2 Minor and 1 Major Campaign per player; solo is set up as for 3 players.
        "campaigns_left": None if is_solo else {"minor": 2 * seats, "major": seats},
        "campaign_row": solo.campaign_row() if is_solo else None,
        "removal": None,
        "removals_pending": [],
        "removals_done": [],
    }


def _new_turn(outlaws_before: int) -> dict:
    # ``campaigned``: the tier of this turn's campaign (one per turn), None before it.
    return {"action": None, "campaigned": None, "outlaws_before": outlaws_before}


# -- legal ------------------------------------------------------------------------------------


@once_per_state
def legal(state: dict, seat: int | None) -> list[dict]:
    fixes = _fix_templates(state) if seat is None else []
    return _legal(state, seat) + fixes


def _fix_templates(state: dict) -> list[dict]:
    """The tablet's correction of a card already played: its number or its icons, as one
    logged action (no undo back to it) [Earth Cards, Heaven Cards]; and a Heaven card's
    scoring rule, typed once for the catalogue."""
    if state["phase"] not in ("turn", "removal", "scoring"):
        return []
    return _describe_templates(state) + _fix_card_templates(state)


def _describe_templates(state: dict) -> list[dict]:
    numbers = catalogue.undescribed(state)
    if not numbers:
        return []
    sets = {catalogue.set_param(icon): int_param(0, catalogue.MOST_SET) for icon in cards.ICONS}
    return [
        template(
            "describe_heaven",
            None,
            number=choice_param(numbers),
            points=int_param(0, catalogue.MOST_SET_POINTS),
            **sets,
        )
    ]


def _fix_card_templates(state: dict) -> list[dict]:
    owners = [name for name, area in zip(state["players"], state["areas"]) if area["outlaws"]]
    if not owners:
        return []
    most = max(len(area["outlaws"]) for area in state["areas"])
    return [
        fix_template(
            "card",
            player=choice_param(owners),
            place=int_param(1, most),
            number=int_param(0, 108),
            icons=multi_param(cards.ICONS, 0, 2),
            upside_down=multi_param(cards.ICONS, 0, 2),
            navy_as=multi_param(cards.NAVY_TARGETS, 0, 1),
        )
    ]


def _legal(state: dict, seat: int | None) -> list[dict]:
    phase = state["phase"]
    if phase == "turn":
        return _turn_templates(state, seat) if seat is not None and seat == state["current"] else []
    if phase == "campaign_row" and seat == 0:
        # One campaign at a time, in table order, so the slot is filled in already.
        return [
            template(
                "describe_campaign",
                0,
                slot=choice_param(solo.undescribed(state["campaign_row"])[:1]),
                points=int_param(0, MAX_POINTS),
                **_cost_params(),
            )
        ]
    if phase == "removal" and seat == 0:
        if state["removal"]["finished"]:
            return [template("rows_refreshed", 0)]
        return [template("removal_icon", 0, icon=choice_param(cards.ICONS + [solo.NO_MORE_ICONS]))]
    if phase == "scoring":
        return _scoring_templates(state, seat)
    return []


def _cost_params() -> dict:
    """A campaign's cost as one count per icon (``cost_navy``: 0–4), not repeated toggles."""
    return {cards.cost_param(icon): int_param(0, MAX_COST_EACH) for icon in cards.COST_ICONS}


def _turn_templates(state: dict, seat: int) -> list[dict]:
    now = turn.turn_templates_open(state, seat)
    out = []
    if not now["acted"]:
        if now["draw_options"]:
            out.append(template("draw", seat, cards=choice_param(now["draw_options"])))
        out.extend(_play_templates("play", seat, now))
    if not state["turn"]["campaigned"] and now["active"]:
        out.extend(_campaign_templates(state, seat, multi_param(now["active"])))
    if now["effects"]:
        if now["exhausted"]:
            out.append(template("revive", seat, outlaws=multi_param(now["exhausted"], 1)))
        if now["room"] != 0:
            out.append(
                template(
                    "effect_draw",
                    seat,
                    points=int_param(1, 6),
                    earth=int_param(0, 6),
                    heaven=int_param(0, 3),
                )
            )
        out.extend(_play_templates("effect_play", seat, now))
    if now["active"]:
        out.append(template("exhaust", seat, outlaws=multi_param(now["active"], 1)))
    if now["realms"]:
        out.append(template("discard", seat, realm=choice_param(now["realms"])))
    if now["acted"]:
        out.append(template("end_turn", seat))
    return out


def _play_templates(kind: str, seat: int, now: dict) -> list[dict]:
    """Play an Earth card / a Heaven card: one button each, every field optional but the
    Heaven card's cost (at least one outlaw exhausted) [Earth Cards, Heaven Cards]."""
    out = []
    shown = {"number": int_param(0, 108), "upside_down": multi_param(cards.ICONS, 0, 2)}
    if "earth" in now["realms"]:
        # An Earth card's cost may exhaust outlaws; with none active there is nothing to ask.
        cost = {"exhaust": multi_param(now["active"])} if now["active"] else {}
        out.append(
            template(f"{kind}_earth", seat, icons=multi_param(cards.ICONS, 0, 2), **shown, **cost)
        )
    if "heaven" in now["realms"] and now["active"]:
        out.append(
            template(
                f"{kind}_heaven",
                seat,
                exhaust=multi_param(now["active"], 1),
                heaven_icons=multi_param(cards.ICONS, 0, 2),
                **shown,
                navy_as=multi_param(cards.NAVY_TARGETS, 0, 1),
            )
        )
    return out


def _campaign_templates(state: dict, seat: int, active: dict) -> list[dict]:
    waived = int_param(0, 3)
    if state["campaign_row"] is not None:
        slots = solo.open_slots(state["campaign_row"])
        return (
            [template("campaign", seat, slot=choice_param(slots), exhaust=active, waived=waived)]
            if slots
            else []
        )
    tiers = [t for t in TIERS if state["campaigns_left"][t] > 0]
    if not tiers:
        return []
    return [
        template(
            "campaign",
            seat,
            tier=choice_param(tiers),
            points=int_param(0, cards.MAX_CAMPAIGN_POINTS),
            exhaust=active,
            **_cost_params(),
            waived=waived,
        )
    ]


def _scoring_templates(state: dict, seat: int | None) -> list[dict]:
    if seat is None:
        # Offered once every Heaven card has its points, so the button never refuses.
        return [template("confirm_scores", None)] if not scoring.unscored(state["areas"]) else []
    if seat not in range(len(state["players"])):
        return []
    area = state["areas"][seat]
    heaven = [o["slot"] for o in area["outlaws"] if o["realm"] == "heaven"]
    out = []
    if heaven:
        out.append(
            template(
                "score_heaven", seat, outlaw=choice_param(heaven), points=int_param(0, MAX_POINTS)
            )
        )
    if area["campaigns"]:
        out.append(
            template(
                "score_campaign",
                seat,
                campaign=choice_param(list(range(1, len(area["campaigns"]) + 1))),
                points=int_param(0, MAX_POINTS),
            )
        )
    return out


# -- apply ------------------------------------------------------------------------------------


def apply(state: dict, action: dict) -> dict:
    require(isinstance(action, dict), "bad_action")
    if action.get("type") in REPLAY_ONLY:  # checked when it was played, under version 2
        base = RECORDED_V2[action["type"]]
        return _HANDLERS[base](state, {**action, "type": base, "icons_as_typed": True})
    _explain_refusal(state, action)
    # ``known`` is the catalogue's entry, put there by the table
    # (companion/storage/card_catalogue.py)
    match_template(
        legal(state, action.get("seat")), {k: v for k, v in action.items() if k != "known"}
    )
    return _HANDLERS[action["type"]](state, action)


def _explain_refusal(state: dict, action: dict) -> None:
    """Codes a player can act on for the refusals ``not_now`` would leave unexplained."""
    if state["phase"] == "scoring" and action.get("type") == "confirm_scores":
        missing = scoring.unscored(state["areas"])
        require(missing == 0, "outlaws108.heaven_unscored", count=missing)
    if state["phase"] != "turn":
        return
    seat = action.get("seat")
    if seat != state["current"] or seat is None:
        return
    acted = state["turn"]["action"] is not None
    kind = action.get("type")
    if kind == "draw" and not acted:
        room = turn.room_in_hand(state, seat)
        require(room != 0, "outlaws108.must_play", limit=state["hand_limit"])
        cards = action.get("cards")
        taken = turn.DRAW_CHOICES.get(cards, ()) if isinstance(cards, str) else ()
        require(
            room is None or sum(taken) <= room,
            "outlaws108.hand_limit",
            limit=state["hand_limit"],
            hand=turn.hand_size(state["areas"][seat]),
        )
    if kind in ("play_heaven", "effect_play_heaven"):
        require(
            any(not o["exhausted"] for o in state["areas"][seat]["outlaws"]),
            "outlaws108.heaven_needs_cost",
        )
    if kind == "end_turn" and not acted:
        raise RuleError("outlaws108.choose_action")
    if kind == "campaign":
        require(not state["turn"]["campaigned"], "outlaws108.one_campaign_per_turn")
        require(
            any(not o["exhausted"] for o in state["areas"][seat]["outlaws"]),
            "outlaws108.no_active_outlaws",
        )


def _describe_campaign(state: dict, action: dict) -> dict:
    cost = cards.cost_from_counts(action)
    require(bool(cost), "outlaws108.campaign_cost_needed")
    row = solo.describe(state["campaign_row"], action["slot"], action["points"], cost)
    phase = "campaign_row" if solo.undescribed(row) else "turn"
    return replace(state, campaign_row=row, phase=phase)


def _end_turn(state: dict, action: dict) -> dict:
    seat = state["current"]
    area = state["areas"][seat]
    state = turn.with_area(state, seat, turns=area["turns"] + 1)
    reached = any(len(a["outlaws"]) >= turn.END_AT for a in state["areas"])
    if state["end_trigger"] is None and reached:
        state = replace(state, end_trigger=seat)
    following = next_seat(seat, len(state["players"]))
    if state["end_trigger"] is not None and following == state["start"]:
        # every Heaven card with a rule in the catalogue is scored from the tally
        areas = [
            {**a, "outlaws": catalogue.heaven_points(a["outlaws"])}
            for a in scoring.revive_all(state["areas"])
        ]
        return replace(state, phase="scoring", areas=areas)
    if state["campaign_row"] is not None:
        crossed = solo.thresholds_crossed(
            state["turn"]["outlaws_before"], len(area["outlaws"]), state["removals_done"]
        )
        if crossed:
            return _start_removal(state, crossed)
    return _next_turn(state, following)


def _next_turn(state: dict, seat: int) -> dict:
    before = len(state["areas"][seat]["outlaws"])
    return replace(state, phase="turn", current=seat, turn=_new_turn(before))


def _start_removal(state: dict, thresholds: list[int]) -> dict:
    return replace(
        state,
        phase="removal",
        removal=solo.start_routine(thresholds[0]),
        removals_pending=thresholds[1:],
        removals_done=state["removals_done"] + [thresholds[0]],
    )


def _removal_icon(state: dict, action: dict) -> dict:
    routine = solo.answer(state["removal"], state["campaign_row"], action["icon"])
    row = state["campaign_row"]
    if routine["removed"]:
        row = solo.set_status(row, routine["removed"], "removed")
    return replace(state, removal=routine, campaign_row=row)


def _rows_refreshed(state: dict, action: dict) -> dict:
    pending = state["removals_pending"]
    if pending:
        return _start_removal(replace(state, removal=None), pending)
    return _next_turn(replace(state, removal=None), 0)


def _score_heaven(state: dict, action: dict) -> dict:
    """A Heaven card's points typed at the end: marked typed, no longer the catalogue's."""
    seat = action["seat"]
    outlaws = [
        {**o, "points": action["points"], "computed": False} if o["slot"] == action["outlaw"] else o
        for o in state["areas"][seat]["outlaws"]
    ]
    return turn.with_area(state, seat, outlaws=outlaws)


def _score_campaign(state: dict, action: dict) -> dict:
    seat, index = action["seat"], action["campaign"] - 1
    taken = list(state["areas"][seat]["campaigns"])
    taken[index] = {**taken[index], "points": action["points"]}
    return turn.with_area(state, seat, campaigns=taken)


def _fix_card(state: dict, action: dict) -> dict:
    """Put right a played card: the same checks as playing it; its place, whether it is
    exhausted and any points typed for it stay."""
    seat = state["players"].index(action["player"])
    outlaws = state["areas"][seat]["outlaws"]
    slot = action["place"]
    require(
        slot <= len(outlaws),
        "outlaws108.no_such_slot",
        player=action["player"],
        slot=slot,
        slots=len(outlaws),
    )
    old = outlaws[slot - 1]
    # a correction: the icons typed win over the catalogue's (which learns them)
    icons, action = catalogue.corrected(old["realm"], action["icons"], action, old["icons"])
    number = action["number"]
    if number:
        for other, area in enumerate(state["areas"]):
            require(
                all(o["number"] != number or o is old for o in area["outlaws"]),
                "outlaws108.card_in_play",
                number=number,
                seat=other,
            )
    fixed = cards.new_outlaw(slot, old["realm"], icons, action)
    catalogue.require_icons(fixed, action)
    rule = (catalogue.known(action) or {}).get("scoring")
    if rule is None and number == old["number"]:
        rule = old.get("scoring")  # the same card: its rule stays
    fixed = {**fixed, "exhausted": old["exhausted"], "points": old["points"], "scoring": rule}
    return turn.with_area(state, seat, outlaws=[fixed if o is old else o for o in outlaws])


def _confirm_scores(state: dict, action: dict) -> dict:
    return replace(state, phase="over")


_HANDLERS = {
    "draw": turn.draw,
    "play_earth": turn.play,
    "play_heaven": turn.play,
    "effect_play_earth": turn.play,
    "effect_play_heaven": turn.play,
    "campaign": turn.campaign,
    "effect_draw": turn.effect_draw,
    "exhaust": lambda state, action: turn.turn_outlaws(state, action, True),
    "revive": lambda state, action: turn.turn_outlaws(state, action, False),
    "discard": turn.discard,
    "end_turn": _end_turn,
    "describe_campaign": _describe_campaign,
    "removal_icon": _removal_icon,
    "rows_refreshed": _rows_refreshed,
    "score_heaven": _score_heaven,
    "score_campaign": _score_campaign,
    "confirm_scores": _confirm_scores,
    "fix_card": _fix_card,
    "describe_heaven": lambda state, action: catalogue.describe_heaven(
        state, action, state["phase"] == "scoring"
    ),
}


# -- reading ----------------------------------------------------------------------------------


def final(state: dict) -> bool:
    return state["phase"] == "over"


def prompt(state: dict) -> dict | None:
    return views.prompt(state)


def view(state: dict, seat: int | None) -> dict:
    """Everything in 108 Outlaws is public (hands are counts), so every viewer sees it all."""
    return views.table_view(state)


def describe(action: dict, seat: int | None) -> dict:
    kind = action.get("type")
    base = RECORDED_V2.get(kind, kind) if isinstance(kind, str) else kind
    return views.log_line({**action, "type": base})


def start_seat(state: dict) -> int:
    """Who took the first turn: the one holding the Starting Player card (option
    ``starting_player``)."""
    return state["start"]


def standings(state: dict) -> list[dict]:
    """Places by points, then fewer outlaws, then later in turn order (scoring.standings)."""
    lines = scoring.standings(state["players"], state["areas"], state["order"])
    return [
        standing(
            line["seat"],
            line["place"],
            "final.points_outlaws",
            points=line["total"],
            outlaws=line["outlaws"],
        )
        for line in lines
    ]
