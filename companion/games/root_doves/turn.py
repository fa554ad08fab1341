"""The Doves' turn: Aurore (SCU.4), Jour and its three Mandates (SCU.5), Crépuscule (SCU.6).

Interpretations (companion/games/root_doves/rules.md): one Mandate per Daylight; its steps go in the
printed order (Emergency I→II→III, Civil Protection I→II→III); a mandatory step (Emergency
II, Civil Protection I when possible) must be done before Daylight ends. What needs the map
(control, adjacency, enemy pieces, whom Disarm may target) is the table's to judge: the
companion lists the clearings that pass what it knows (tokens, warriors, suits).
"""

from __future__ import annotations

from typing import Any

from companion.games.root_doves import board as B
from companion.games.root_doves import table as track
from companion.rules.base import replace, require

MANDATES = ("emergency", "protection", "stabilisation")
ACTIONS_PER_MANDATE = 3
MANDATE_ACTIONS = {
    "emergency": ("move", "battle", "recruit"),  # SCU.5.1 III
    "protection": ("move", "battle", "recruit", "disarm"),  # SCU.5.2 II
    "stabilisation": ("move", "build", "development_aid", "secure"),  # SCU.5.3
}
FIRST_STEP = {"emergency": "ceasefire", "protection": "pacify", "stabilisation": "actions"}


# -- what the turn allows -------------------------------------------------------------------
def doves_turn(state: dict) -> dict:
    require(
        state["stage"] == "play" and state["turn"]["seat"] == state["doves"],
        "root_doves.not_doves_turn",
    )
    return state["doves_turn"]


def in_phase(state: dict, phase: str) -> dict:
    turn = doves_turn(state)
    require(state["turn"]["phase"] == phase, f"root_doves.not_{phase}")
    return turn


def with_turn(state: dict, **changes: Any) -> dict:
    return {**state, "doves_turn": replace(state["doves_turn"], **changes)}


def in_step(state: dict, mandate: str, step: str) -> dict:
    turn = in_phase(state, "daylight")
    require(turn["mandate"] == mandate, "root_doves.not_in_mandate", mandate=mandate)
    require(turn["step"] == step, "root_doves.not_this_step")
    return turn


def action_blocker(state: dict, kind: str) -> str | None:
    """Why one of the mandate's three actions cannot be taken now (None: it can)."""
    if state["turn"]["phase"] != "daylight":
        return "root_doves.not_daylight"
    turn = state["doves_turn"]
    if turn["mandate"] is None or kind not in MANDATE_ACTIONS[turn["mandate"]]:
        return "root_doves.not_in_mandate"
    if turn["step"] != "actions":
        return "root_doves.not_this_step"
    if turn["actions"] >= ACTIONS_PER_MANDATE:
        return "root_doves.no_actions_left"
    return None


def use_action(state: dict, kind: str) -> dict:
    """Count one of the mandate's three actions (SCU.5.x: "jusqu'à 3 actions")."""
    doves_turn(state)
    blocker = action_blocker(state, kind)
    require(blocker is None, blocker or "")
    return with_turn(state, actions=state["doves_turn"]["actions"] + 1)


def pacify_choices(state: dict) -> list[str]:
    """SCU.5.2 I: a Ceasefire clearing with a Dove warrior whose suit's token is free."""
    board = state["board"]
    return [
        c
        for c in board["ceasefire"]
        if B.warriors_at(board, c) > 0 and board["pacification"][state["clearings"][c]] is None
    ]


def settle(state: dict) -> dict:
    """A mandatory Pacification that became impossible mid-step (an enemy removed the
    Ceasefire token or the warriors) is skipped, as SCU.5.2 I says, instead of blocking."""
    turn = state.get("doves_turn")
    if turn and turn["step"] == "pacify" and not pacify_choices(state):
        return with_turn(state, step="actions", skipped=pacify_skip_reason(state))
    return state


def pacify_skip_reason(state: dict) -> str:
    board = state["board"]
    if not board["ceasefire"]:
        return "no_ceasefire"
    if all(board["pacification"][state["clearings"][c]] is not None for c in board["ceasefire"]):
        return "no_pacification_left"
    return "no_warriors"


def evacuation_outcome(board: dict) -> tuple[int, int, str | None]:
    """SCU.4.1 / 2.7: (cards, points, why not) — no Pacification token in play, no evacuation."""
    cards = len(board["pile"])
    if not B.pacified(board):
        return cards, 0, "no_pacification"
    if cards == 0:
        return 0, 0, "empty_pile"
    return cards, B.evacuation_points(board, cards), None


def leave_blocker(state: dict) -> str | None:
    """What must be done before the Doves' current phase may end."""
    turn, phase = state["doves_turn"], state["turn"]["phase"]
    if phase == "birdsong" and not turn["evacuated"]:
        return "root_doves.evacuate_first"
    if phase == "daylight" and turn["step"] == "ceasefire":
        return "root_doves.interposition_first"
    if phase == "daylight" and turn["step"] == "pacify":
        return "root_doves.pacify_first"
    if phase == "evening" and not turn["drawn"]:
        return "root_doves.draw_first"
    if phase == "evening" and state["board"]["hand"] > B.HAND_LIMIT:
        return "root_doves.discard_first"
    return None


# -- Aurore (SCU.4) -------------------------------------------------------------------------
def evacuate(state: dict, action: dict) -> dict:
    turn = in_phase(state, "birdsong")
    require(not turn["evacuated"], "root_doves.already_evacuated")
    cards, points, reason = evacuation_outcome(state["board"])
    require(reason is None, f"root_doves.evacuation_{reason}")
    record = {
        "turn": state["turn"]["number"],
        "cards": cards,
        "points": points,
        "by_suit": B.pile_by_suit(state["board"]),
        "reason": None,
    }
    state = {**state, "board": {**state["board"], "pile": []}, "evacuation": record}
    return track.add_points(with_turn(state, evacuated=True), state["doves"], points)


def no_evacuation(state: dict, action: dict) -> dict:
    turn = in_phase(state, "birdsong")
    require(not turn["evacuated"], "root_doves.already_evacuated")
    cards, _, reason = evacuation_outcome(state["board"])
    require(reason is not None, "root_doves.must_evacuate")
    record = {
        "turn": state["turn"]["number"],
        "cards": cards,
        "points": 0,
        "by_suit": B.pile_by_suit(state["board"]),
        "reason": reason,
    }
    return with_turn({**state, "evacuation": record}, evacuated=True)


def strategic_retreat(state: dict, action: dict) -> dict:
    """SCU.4.2: one move into a clearing with a token, ignoring rule, once per turn."""
    turn = in_phase(state, "birdsong")
    require(turn["evacuated"], "root_doves.evacuate_first")
    require(not turn["retreat"], "root_doves.retreat_used")
    require(
        B.token_at(state["board"], action["to"]) is not None,
        "root_doves.retreat_needs_token",
        clearing=action["to"],
    )
    board = B.move_warriors(state["board"], action["from"], action["to"], action["warriors"])
    return with_turn({**state, "board": board}, retreat=True)


# -- Jour (SCU.5) ---------------------------------------------------------------------------
def choose_mandate(state: dict, action: dict) -> dict:
    turn = in_phase(state, "daylight")
    require(turn["mandate"] is None, "root_doves.mandate_chosen")
    mandate = action["mandate"]
    step, skipped = FIRST_STEP[mandate], None
    if mandate == "protection" and not pacify_choices(state):
        step, skipped = "actions", pacify_skip_reason(state)
    return with_turn(state, mandate=mandate, step=step, skipped=skipped)


def ceasefire(state: dict, action: dict) -> dict:
    """SCU.5.1 I: as often as wished, from the track or moved from another clearing."""
    in_step(state, "emergency", "ceasefire")
    board = B.place_ceasefire(state["board"], action["clearing"], action["source"])
    return {**state, "board": board}


def interposition_due(board: dict) -> int:
    return min(B.warriors_in_supply(board), len(board["ceasefire"]))


def interposition(state: dict, action: dict) -> dict:
    """SCU.5.1 II: a warrior in each Ceasefire clearing (as many as the supply allows);
    ``warriors`` when every Ceasefire gets one (or none can), else the ``clearings`` chosen."""
    in_step(state, "emergency", "ceasefire")
    board = state["board"]
    due = interposition_due(board)
    if "clearings" in action:
        chosen = action["clearings"]
    else:
        require(
            action.get("warriors") == due and due in (0, len(board["ceasefire"])),
            "root_doves.interposition_each_ceasefire",
            warriors=due,
        )
        chosen = list(board["ceasefire"]) if due else []
    require(
        len(set(chosen)) == len(chosen) == due and set(chosen) <= set(board["ceasefire"]),
        "root_doves.interposition_each_ceasefire",
        warriors=due,
    )
    for clearing in chosen:
        board = B.place_warriors(board, clearing, 1)
    return with_turn({**state, "board": board}, step="actions")


def pacify(state: dict, action: dict) -> dict:
    in_step(state, "protection", "pacify")
    clearing = action["clearing"]
    require(
        B.warriors_at(state["board"], clearing) > 0,
        "root_doves.pacify_needs_warrior",
        clearing=clearing,
    )
    board = B.pacify(state["board"], clearing, state["clearings"][clearing])
    return with_turn({**state, "board": board}, step="actions")


def move(state: dict, action: dict) -> dict:
    state = use_action(state, "move")
    board = B.move_warriors(state["board"], action["from"], action["to"], action["warriors"])
    return {**state, "board": board}


def recruit(state: dict, action: dict) -> dict:
    state = use_action(state, "recruit")
    require(
        B.token_at(state["board"], action["clearing"]) is not None,
        "root_doves.recruit_needs_token",
        clearing=action["clearing"],
    )
    return {**state, "board": B.place_warriors(state["board"], action["clearing"], 1)}


def disarm(state: dict, action: dict) -> dict:
    """SCU.5.2 II d: a random card from an opponent; once per opponent."""
    state = use_action(state, "disarm")
    opponent = track.seat_of(state, action["opponent"])
    require(opponent != state["doves"], "bad_choice", name="opponent")
    require(opponent not in state["doves_turn"]["disarmed"], "root_doves.already_disarmed")
    require(bool(B.pacified(state["board"])), "root_doves.needs_pacification")
    state = with_turn(state, disarmed=state["doves_turn"]["disarmed"] + [opponent])
    return {**state, "board": B.draw_cards(state["board"], 1)}


def build(state: dict, action: dict) -> dict:
    state = use_action(state, "build")
    clearing = action["clearing"]
    require(
        clearing in B.pacified(state["board"]),
        "root_doves.build_needs_pacification",
        clearing=clearing,
    )
    board, slot = B.build(state["board"], action["building"], clearing)
    return track.add_points({**state, "board": board}, state["doves"], slot["points"])


def development_aid(state: dict, action: dict) -> dict:
    """SCU.5.3 III: the opponent scores 1, the Doves draw 2; once per turn."""
    state = use_action(state, "development_aid")
    require(not state["doves_turn"]["aid"], "root_doves.aid_used")
    opponent = track.seat_of(state, action["opponent"])
    require(opponent != state["doves"], "bad_choice", name="opponent")
    require(bool(B.pacified(state["board"])), "root_doves.needs_pacification")
    state = {**with_turn(state, aid=True), "board": B.draw_cards(state["board"], 2)}
    return track.add_points(state, opponent, 1)


def secure(state: dict, action: dict) -> dict:
    """SCU.5.3 IV: spend a card; the table moves the enemy warriors out."""
    state = use_action(state, "secure")
    board, clearing = state["board"], action["clearing"]
    require(
        B.token_at(board, clearing) is not None and B.warriors_at(board, clearing) > 0,
        "root_doves.secure_needs_token_and_warrior",
        clearing=clearing,
    )
    return {**state, "board": B.spend_cards(board, 1)}


def craft(state: dict, action: dict) -> dict:
    """SCU.2.1 / 5.4: activate tokens (each once a turn), spend the card, score the item."""
    turn = in_phase(state, "daylight")
    require(turn["mandate"] == "stabilisation", "root_doves.craft_only_stabilisation")
    tokens = action["tokens"]
    on_map = B.token_clearings(state["board"])
    require(bool(tokens) and len(set(tokens)) == len(tokens), "bad_param", name="tokens")
    for clearing in tokens:
        require(clearing in on_map, "root_doves.no_token_there", clearing=clearing)
        require(clearing not in turn["activated"], "root_doves.token_activated", clearing=clearing)
    state = with_turn(state, activated=turn["activated"] + list(tokens))
    state = {**state, "board": B.spend_cards(state["board"], 1)}
    return track.add_points(state, state["doves"], action["points"])


def exfiltrate(state: dict, action: dict) -> dict:
    """SCU.5.2 III: choose a pacified clearing you rule; ends step II."""
    in_step(state, "protection", "actions")
    clearing = action["clearing"]
    require(
        clearing in B.pacified(state["board"]),
        "root_doves.exfiltrate_needs_pacification",
        clearing=clearing,
    )
    chosen = {"clearing": clearing, "used": [], "dispensary": False}
    return with_turn(state, step="exfiltration", exfiltration=chosen)


def refugee(state: dict, action: dict) -> dict:
    """One card per adjacent clearing with a token, of that clearing's suit (bird is wild)."""
    in_step(state, "protection", "exfiltration")
    chosen, origin = state["doves_turn"]["exfiltration"], action["from"]
    require(
        origin != chosen["clearing"] and B.token_at(state["board"], origin) is not None,
        "root_doves.refugee_needs_token",
        clearing=origin,
    )
    require(origin not in chosen["used"], "root_doves.already_exfiltrated", clearing=origin)
    suit = state["clearings"][origin]
    require(
        B.card_fits(action["card"], suit), "root_doves.card_must_match", suit=suit, clearing=origin
    )
    board = B.add_refugee(state["board"], action["card"])
    chosen = {**chosen, "used": chosen["used"] + [origin]}
    return with_turn({**state, "board": board}, exfiltration=chosen)


def dispensary_refugee(state: dict, action: dict) -> dict:
    """Then one card of any suit if the chosen clearing has a Dispensary."""
    in_step(state, "protection", "exfiltration")
    chosen = state["doves_turn"]["exfiltration"]
    require(
        chosen["clearing"] in state["board"]["buildings"]["dispensary"],
        "root_doves.no_dispensary",
        clearing=chosen["clearing"],
    )
    require(not chosen["dispensary"], "root_doves.dispensary_used")
    board = B.add_refugee(state["board"], action["card"])
    return with_turn({**state, "board": board}, exfiltration={**chosen, "dispensary": True})


def perilous_rescue(state: dict, action: dict) -> dict:
    """SCU.2.4: on their turn, after clearing out every enemy warrior from a clearing
    without a token, a card of that clearing's suit onto the pile."""
    require(doves_turn(state)["evacuated"], "root_doves.evacuate_first")
    clearing = action["clearing"]
    require(
        B.token_at(state["board"], clearing) is None,
        "root_doves.rescue_needs_no_token",
        clearing=clearing,
    )
    suit = state["clearings"][clearing]
    require(
        B.card_fits(action["card"], suit),
        "root_doves.card_must_match",
        suit=suit,
        clearing=clearing,
    )
    return {**state, "board": B.add_refugee(state["board"], action["card"])}


# -- Crépuscule (SCU.6) ---------------------------------------------------------------------
def evening_cards(board: dict) -> int:
    return 1 + B.draw_bonus(board)


def evening_draw(state: dict, action: dict) -> dict:
    turn = in_phase(state, "evening")
    require(not turn["drawn"], "root_doves.already_drawn")
    board = B.draw_cards(state["board"], evening_cards(state["board"]))
    return with_turn({**state, "board": board}, drawn=True)


def discard_down(state: dict, action: dict) -> dict:
    turn = in_phase(state, "evening")
    require(turn["drawn"], "root_doves.draw_first")
    require(state["board"]["hand"] > B.HAND_LIMIT, "root_doves.within_hand_limit")
    return {**state, "board": {**state["board"], "hand": B.HAND_LIMIT}}


def next_phase(state: dict, action: dict) -> dict:
    require(action["seat"] == state["turn"]["seat"], "root_doves.not_your_turn")
    if state["turn"]["seat"] == state["doves"]:
        blocker = leave_blocker(state)
        require(blocker is None, blocker or "")
        require(state["turn"]["phase"] != "evening", "root_doves.last_phase")
    return track.advance_phase(state)


def end_turn(state: dict, action: dict) -> dict:
    require(action["seat"] == state["turn"]["seat"], "root_doves.not_your_turn")
    if state["turn"]["seat"] == state["doves"]:
        require(state["turn"]["phase"] == "evening", "root_doves.not_evening")
        blocker = leave_blocker(state)
        require(blocker is None, blocker or "")
    return track.end_turn(state)
