"""What the Doves' seat may do now: the templates the pages turn into buttons and forms.

Choices list only what passes the checks the companion can make (tokens, warriors, suits,
the mandate's limits); ``apply`` re-checks everything with error codes a player can act on.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.games.root_doves import board as B
from companion.games.root_doves import turn as T
from companion.rules.base import choice_param, int_param, multi_param, template

CRAFT_POINTS = 4
MOST_CARDS = 40


def ordered(clearings: Iterable[str]) -> list[str]:
    return sorted(clearings, key=B.clearing_order)


def opponents(state: dict) -> list[str]:
    """The Doves' opponents, by player name (choices and log lines read as names)."""
    return [name for s, name in enumerate(state["players"]) if s != state["doves"]]


def corrections_legal(state: dict, seat: int) -> list[dict]:
    """Whenever play is on: what enemies do to the Doves' pieces, and the hand's count."""
    board = state["board"]
    out = [template("set_hand", seat, cards=int_param(0, MOST_CARDS))]
    if B.token_clearings(board):
        out.append(
            template(
                "remove_token",
                seat,
                clearing=choice_param(ordered(B.token_clearings(board))),
                by=choice_param(opponents(state)),
            )
        )
    built = [k for k in B.BUILDINGS if board["buildings"][k]]
    if built:
        places = {c for k in built for c in board["buildings"][k]}
        out.append(
            template(
                "remove_building",
                seat,
                building=choice_param(built),
                clearing=choice_param(ordered(places)),
                by=choice_param(opponents(state)),
            )
        )
    if board["warriors"]:
        out.append(
            template(
                "lose_warriors",
                seat,
                clearing=choice_param(ordered(board["warriors"])),
                warriors=int_param(1, max(board["warriors"].values())),
            )
        )
    return out


def turn_legal(state: dict, seat: int, also: list[dict]) -> list[dict]:
    """The Doves' own turn, phase by phase: the step the prompt asks for first (the
    Evening's ``end_turn`` among them), then ``also`` (battle, dominance), Perilous Rescue,
    and ``next_phase`` last."""
    phase, turn = state["turn"]["phase"], state["doves_turn"]
    if phase == "birdsong" and not turn["evacuated"]:
        return [evacuation_template(state, seat)] + also
    if phase == "birdsong":
        out = retreat_legal(state, seat)
    elif phase == "daylight":
        out = daylight_legal(state, seat)
    else:
        out = evening_legal(state, seat)
    out = out + also + rescue_legal(state, seat)
    if phase != "evening" and T.leave_blocker(state) is None:
        out.append(template("next_phase", seat))
    return out


def evacuation_template(state: dict, seat: int) -> dict:
    """SCU.4.1: the outcome is fixed by the board; the action carries it for the log."""
    cards, points, reason = T.evacuation_outcome(state["board"])
    if reason is None:
        return template(
            "evacuate", seat, cards=choice_param([cards]), points=choice_param([points])
        )
    return template("no_evacuation", seat, reason=choice_param([reason]))


def rescue_legal(state: dict, seat: int) -> list[dict]:
    board = state["board"]
    open_clearings = [c for c in state["clearings"] if B.token_at(board, c) is None]
    if board["hand"] < 1 or not open_clearings:
        return []
    return [
        template(
            "perilous_rescue",
            seat,
            clearing=choice_param(ordered(open_clearings)),
            card=choice_param(B.CARD_SUITS),
        )
    ]


def retreat_legal(state: dict, seat: int) -> list[dict]:
    board = state["board"]
    if state["doves_turn"]["retreat"]:
        return []
    route = route_params(board, B.token_clearings(board))
    return [template("strategic_retreat", seat, **route)] if route else []


def route_params(board: dict, targets: list[str]) -> dict | None:
    """``from``/``to``/``warriors`` for a move of Doves warriors, or None when no clearing
    with warriors has somewhere else to go. The form opens on a real move (never from a
    clearing to itself), and a single clearing with warriors is not offered as a target."""
    sources = ordered(board["warriors"])
    pairs = [(a, b) for a in sources for b in ordered(targets) if a != b]
    if not pairs:
        return None
    first, to = pairs[0]
    destinations = ordered(t for t in targets if len(sources) > 1 or t != first)
    return {
        "from": choice_param(sources, default=first),
        "to": choice_param(destinations, default=to),
        "warriors": int_param(1, max(board["warriors"].values())),
    }


def daylight_legal(state: dict, seat: int) -> list[dict]:
    turn = state["doves_turn"]
    if turn["mandate"] is None:
        return [template("choose_mandate", seat, mandate=choice_param(T.MANDATES))]
    step = turn["step"]
    if step == "ceasefire":
        return ceasefire_legal(state, seat)
    if step == "pacify":
        return [template("pacify", seat, clearing=choice_param(ordered(T.pacify_choices(state))))]
    if step == "exfiltration":
        return exfiltration_legal(state, seat)
    out = mandate_actions_legal(state, seat)
    if turn["mandate"] == "protection" and B.pacified(state["board"]):
        out.append(
            template("exfiltrate", seat, clearing=choice_param(ordered(B.pacified(state["board"]))))
        )
    if turn["mandate"] == "stabilisation":
        out += craft_legal(state, seat)
    return out


def ceasefire_legal(state: dict, seat: int) -> list[dict]:
    board = state["board"]
    targets = [c for c in state["clearings"] if B.token_at(board, c) is None]
    sources = (["supply"] if B.ceasefires_in_supply(board) else []) + ordered(board["ceasefire"])
    out = []
    if targets and sources:
        out.append(
            template(
                "ceasefire",
                seat,
                clearing=choice_param(ordered(targets)),
                source=choice_param(sources),
            )
        )
    out.append(interposition_template(state, seat))
    return out


def interposition_template(state: dict, seat: int) -> dict:
    """SCU.5.1 II: one warrior in each Ceasefire clearing. When the supply covers them all
    (or none) there is nothing to choose: the form holds one pre-filled count. Only a short
    supply asks which clearings get the warriors left."""
    board = state["board"]
    due = T.interposition_due(board)
    if due in (0, len(board["ceasefire"])):
        return template("interposition", seat, warriors=choice_param([due]))
    return template(
        "interposition", seat, clearings=multi_param(ordered(board["ceasefire"]), due, due)
    )


def mandate_actions_legal(state: dict, seat: int) -> list[dict]:
    board, turn = state["board"], state["doves_turn"]
    can = {
        kind for kind in T.MANDATE_ACTIONS[turn["mandate"]] if T.action_blocker(state, kind) is None
    }
    everywhere = ordered(state["clearings"])
    out = []
    route = route_params(board, everywhere)
    if "move" in can and route:
        out.append(template("move", seat, **route))
    if "recruit" in can and B.warriors_in_supply(board) and B.token_clearings(board):
        out.append(
            template("recruit", seat, clearing=choice_param(ordered(B.token_clearings(board))))
        )
    pacified = B.pacified(board)
    targets = [
        name for name in opponents(state) if state["players"].index(name) not in turn["disarmed"]
    ]
    if "disarm" in can and pacified and targets:
        out.append(template("disarm", seat, opponent=choice_param(targets)))
    kinds = [k for k in B.BUILDINGS if B.next_slot(board, k) is not None]
    if "build" in can and pacified and kinds:
        out.append(
            template(
                "build",
                seat,
                building=choice_param(kinds),
                clearing=choice_param(ordered(pacified)),
            )
        )
    if "development_aid" in can and pacified and not turn["aid"]:
        out.append(template("development_aid", seat, opponent=choice_param(opponents(state))))
    secured = [c for c in B.token_clearings(board) if B.warriors_at(board, c) > 0]
    if "secure" in can and secured and board["hand"] >= 1:
        out.append(
            template(
                "secure",
                seat,
                clearing=choice_param(ordered(secured)),
                card=choice_param(B.CARD_SUITS),
            )
        )
    return out


def craft_legal(state: dict, seat: int) -> list[dict]:
    board = state["board"]
    ready = [c for c in B.token_clearings(board) if c not in state["doves_turn"]["activated"]]
    if not ready or board["hand"] < 1:
        return []
    return [
        template(
            "craft", seat, tokens=multi_param(ordered(ready), 1), points=int_param(0, CRAFT_POINTS)
        )
    ]


def exfiltration_legal(state: dict, seat: int) -> list[dict]:
    board, chosen = state["board"], state["doves_turn"]["exfiltration"]
    if board["hand"] < 1:
        return []
    out = []
    sources = [
        c for c in B.token_clearings(board) if c != chosen["clearing"] and c not in chosen["used"]
    ]
    if sources:
        out.append(
            template(
                "refugee",
                seat,
                **{"from": choice_param(ordered(sources)), "card": choice_param(B.CARD_SUITS)},
            )
        )
    if chosen["clearing"] in board["buildings"]["dispensary"] and not chosen["dispensary"]:
        out.append(template("dispensary_refugee", seat, card=choice_param(B.CARD_SUITS)))
    return out


def evening_legal(state: dict, seat: int) -> list[dict]:
    board, turn = state["board"], state["doves_turn"]
    if not turn["drawn"]:
        return [template("evening_draw", seat, cards=choice_param([T.evening_cards(board)]))]
    if board["hand"] > B.HAND_LIMIT:
        return [template("discard_down", seat, cards=choice_param([board["hand"] - B.HAND_LIMIT]))]
    return [template("end_turn", seat)]
