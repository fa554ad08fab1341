"""Root with the United Doves Society (Société des Colombes Unies, a Law of Root fan faction).

The companion keeps, for the whole table, every faction's victory points (first to 30; a
dominance card instead), turn order and phase, and Root battles with the two 12-sided dice;
for the Doves, their board: the refugee pile by printed suit, the 3 Ceasefire and 3
Pacification tokens, warriors, buildings, draw bonuses, the Dawn evacuation, the random
refugee discard when a Pacification token is removed, the three Mandates as checklists with
their limits, and the Evening draw and discard to five. It does not know the map: clearings
are ids with a suit (the Autumn map by default, editable at setup); control, adjacency and
enemy pieces are the table's to judge.

Interpretations (with the rule numbers of the French text) are in the helper modules'
docstrings and in companion/games/root_doves/rules.md, with the action types (the game's API):
``table`` (factions, points, turns, setup), ``board`` (the faction
board), ``turn`` (Aurore, Jour, Crépuscule), ``battle`` (dice),
``legal`` (what is offered), ``view`` (views, log lines, prompts).
There are no secrets in this game: the pile and the Doves' hand count are open information.
"""

from __future__ import annotations

from companion.games.root_doves import battle as battle_rules
from companion.games.root_doves import board as B
from companion.games.root_doves import legal as offers
from companion.games.root_doves import table as track
from companion.games.root_doves import turn as T
from companion.games.root_doves import view as root_doves_view
from companion.rules.base import Handler, RuleError, match_template, once_per_state, require
from companion.rules.ranking import places, standing

NAME = "root_doves"
# boardgamegeek.com/boardgame/237182/root: the base game the Law of Root rules extend
BGG_ID = 237182
PLAYERS = range(2, 7)
RULES_VERSION = 4  # 4: ambush casualties stand after Last Stand; end_battle states its hits
#: v2 -> v3: a battle declared under version 2 replays by its version-2 rules (battle.py).
#: v3 -> v4: a Last Stand cancelled the ambush, an ``end_battle`` could leave out its hits.
MIGRATIONS = {
    2: lambda action: {
        **action,
        "type": {"battle": "battle_v2", "attack_doves": "attack_doves_v2"}.get(
            action.get("type"), action.get("type")
        ),
    },
    3: battle_rules.recorded_v3,
}
#: Corrections of a count, shown as corrections in the log (rules/fixes.py).
CORRECTIONS = frozenset({"set_points", "set_hand"})
#: Action types only a replay of an old journal holds; the table refuses them from devices.
REPLAY_ONLY = frozenset(
    {"battle_v2", "attack_doves_v2", "end_battle_v3", *battle_rules.RECORDED_V3}
)
OPTIONS = {
    "doves_seat": 0,  # which seat plays the United Doves Society
    "factions": "",  # each seat's faction, comma-separated (blank: the player's name)
    "first_seat": 0,  # who takes the first turn
    "hits_capped": True,  # base Root: rolled hits are at most one's warriors in the clearing
}

view = root_doves_view.view
describe = root_doves_view.describe
prompt = root_doves_view.prompt


def setup(players: list[str], options: dict) -> dict:
    require(len(players) in PLAYERS, "root_doves.player_count", min=2, max=6)
    require(len(set(players)) == len(players), "root_doves.duplicate_names")
    doves, first = options.get("doves_seat", 0), options.get("first_seat", 0)
    for name, seat in (("doves_seat", doves), ("first_seat", first)):
        require(
            isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players),
            "out_of_range",
            name=name,
            min=0,
            max=len(players) - 1,
        )
    return {
        "players": list(players),
        "doves": doves,
        "first_seat": first,
        "factions": track.faction_names(players, doves, options.get("factions", "")),
        "hits_capped": bool(options.get("hits_capped", True)),
        "stage": "setup",
        "clearings": dict(B.AUTUMN_CLEARINGS),
        "vp": [0] * len(players),
        "dominance": [None] * len(players),
        "winner": None,
        "won_by": None,
        "history": [],
        "turn": {"seat": first, "phase": "birdsong", "number": 0},
        "doves_turn": None,
        "battle": None,
        "last_battle": None,
        "evacuation": None,
        "last_discard": None,
        "board": B.new_board(),
    }


def final(state: dict) -> bool:
    return state["stage"] == "over"


# -- what may be done -----------------------------------------------------------------------
@once_per_state
def legal(state: dict, seat: int | None) -> list[dict]:
    """The seat's own step first (what the prompt asks for), then corrections and points."""
    if state["stage"] == "over" or not _is_seat(state, seat):
        return []
    if state["stage"] == "setup":
        return track.setup_legal(state, seat)
    if seat is None:
        return track.correction_legal(state)
    if state["battle"] is not None:
        out = battle_rules.pending_legal(state, seat)
    elif seat != state["turn"]["seat"]:
        out = []
    else:
        also = battle_rules.declare_legal(state, seat) + track.dominance_legal(state, seat)
        turn = offers.turn_legal if seat == state["doves"] else track.faction_turn_legal
        out = turn(state, seat, also)
    if seat == state["doves"]:
        out = out + offers.corrections_legal(state, seat)
    return out + track.track_legal(state, seat)


def _is_seat(state: dict, seat: object) -> bool:
    return seat is None or (
        isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state["players"])
    )


# -- what an action does --------------------------------------------------------------------
def apply(state: dict, action: dict) -> dict:
    require(isinstance(action, dict) and isinstance(action.get("type"), str), "bad_action")
    handler = HANDLERS.get(action["type"])
    if handler is None:
        raise RuleError("not_now", action=str(action["type"])[:30])
    if action["type"] in REPLAY_ONLY:  # checked when it was played, under an older version
        return T.settle(handler(state, action))
    try:
        match_template(legal(state, action.get("seat")), action)
    except RuleError as refused:
        raise (_explain(state, action, handler) or refused) from None
    return T.settle(handler(state, action))


def _explain(state: dict, action: dict, handler: Handler) -> RuleError | None:
    """The rule a refused action breaks, in the players' words, when the handler can say it.

    The templates already refused the action; running the pure handler on it only finds a
    more precise code (a Ceasefire already in the clearing, three actions used...). An action
    too malformed for the handler keeps the generic refusal.
    """
    if state["stage"] == "over":
        return RuleError("game_over")
    if state["stage"] == "setup" and action["type"] not in SETUP_TYPES:
        return RuleError("root_doves.setup_first")
    if action["type"] in DOVES_ONLY and action.get("seat") != state["doves"]:
        return None
    try:
        handler(state, action)
    except RuleError as error:
        return error
    except (TypeError, KeyError, ValueError, AttributeError, IndexError):
        return None
    return None


def draws(state: dict, action: dict) -> dict:
    """SCU.2.6: removing a Pacification token discards one refugee card at random.

    The population is the pile's cards (suits with multiplicity), so each card, not each
    suit, is equally likely.
    """
    if not isinstance(action, dict) or action.get("type") != "remove_token":
        return {}
    clearing, board = action.get("clearing"), state["board"]
    if state["stage"] != "play" or not isinstance(clearing, str) or not board["pile"]:
        return {}
    if B.token_at(board, clearing) != "pacification":
        return {}
    # each card by its place in the pile as the table laid it (1 = the first laid), with
    # its suit: the table takes that very card, not "a fox" among several
    return {
        "refugee": {
            "population": [[place, card] for place, card in enumerate(board["pile"], 1)],
            "count": 1,
        }
    }


def remove_token(state: dict, action: dict) -> dict:
    """An enemy removes a Doves token (scoring 1, base Root); a Pacification token's removal
    discards the refugee card the table drew at random."""
    require(state["stage"] == "play", "root_doves.setup_first")
    board, kind = B.remove_token(state["board"], action["clearing"])
    drawn = (action.get("drawn") or {}).get("refugee")
    card = None
    place = None
    if kind == "pacification" and board["pile"]:
        if not isinstance(drawn, list) or len(drawn) != 1:
            raise RuleError("root_doves.draw_missing")
        place, card = B.drawn_place(drawn[0])
        board = B.discard_refugee(board, card, place)
    else:
        require(drawn is None, "bad_param", name="drawn")
    if kind == "pacification":
        discard = {
            "turn": state["turn"]["number"],
            "clearing": action["clearing"],
            "by": action["by"],
            "card": card,
            "place": place,
        }
        state = {**state, "last_discard": discard}
    return track.add_points({**state, "board": board}, track.seat_of(state, action["by"]), 1)


def remove_building(state: dict, action: dict) -> dict:
    board = B.remove_building(state["board"], action["building"], action["clearing"])
    return track.add_points({**state, "board": board}, track.seat_of(state, action["by"]), 1)


def lose_warriors(state: dict, action: dict) -> dict:
    board = B.remove_warriors(state["board"], action["clearing"], action["warriors"])
    return {**state, "board": board}


def set_hand(state: dict, action: dict) -> dict:
    return {**state, "board": {**state["board"], "hand": action["cards"]}}


def score(state: dict, action: dict) -> dict:
    require(state["stage"] == "play", "root_doves.setup_first")
    return track.score(state, action)


def set_points(state: dict, action: dict) -> dict:
    require(state["stage"] == "play", "root_doves.setup_first")
    return track.set_points(state, action)


HANDLERS = {
    "set_clearing": track.set_clearing,
    "set_evacuation_track": track.set_evacuation_track,
    "set_building_slot": track.set_building_slot,
    "setup_ceasefire": track.setup_ceasefire,
    "setup_warriors": track.setup_warriors,
    "start_game": track.start_game,
    "score": score,
    "set_points": set_points,
    "fix_warriors": track.fix_warriors,
    "activate_dominance": track.activate_dominance,
    "dominance_victory": track.dominance_victory,
    "next_phase": T.next_phase,
    "end_turn": T.end_turn,
    "evacuate": T.evacuate,
    "no_evacuation": T.no_evacuation,
    "strategic_retreat": T.strategic_retreat,
    "choose_mandate": T.choose_mandate,
    "ceasefire": T.ceasefire,
    "interposition": T.interposition,
    "pacify": T.pacify,
    "move": T.move,
    "recruit": T.recruit,
    "disarm": T.disarm,
    "build": T.build,
    "development_aid": T.development_aid,
    "secure": T.secure,
    "craft": T.craft,
    "exfiltrate": T.exfiltrate,
    "refugee": T.refugee,
    "dispensary_refugee": T.dispensary_refugee,
    "perilous_rescue": T.perilous_rescue,
    "evening_draw": T.evening_draw,
    "discard_down": T.discard_down,
    "battle": battle_rules.battle,
    "attack_doves": battle_rules.attack_doves,
    "battle_roll": battle_rules.battle_roll,
    "extra_hits": battle_rules.extra_hits,
    "last_stand_draw": battle_rules.last_stand_draw,
    "end_battle": battle_rules.end_battle,
    **{old: battle_rules.recorded_v2(new) for old, new in battle_rules.RECORDED_V2.items()},
    "last_stand_draw_v3": battle_rules.last_stand_draw_v3,
    "end_battle_v3": battle_rules.end_battle,
    "remove_token": remove_token,
    "remove_building": remove_building,
    "lose_warriors": lose_warriors,
    "set_hand": set_hand,
}
SETUP_TYPES = {
    "set_clearing",
    "set_evacuation_track",
    "set_building_slot",
    "setup_ceasefire",
    "setup_warriors",
    "start_game",
}
DOVES_ONLY = {
    "evacuate",
    "no_evacuation",
    "strategic_retreat",
    "choose_mandate",
    "ceasefire",
    "interposition",
    "pacify",
    "move",
    "recruit",
    "disarm",
    "build",
    "development_aid",
    "secure",
    "craft",
    "exfiltrate",
    "refugee",
    "dispensary_refugee",
    "perilous_rescue",
    "evening_draw",
    "discard_down",
    "last_stand_draw",
    "remove_token",
    "remove_building",
    "lose_warriors",
    "set_hand",
    "setup_ceasefire",
    "setup_warriors",
}


def start_seat(state: dict) -> int:
    """Who took the first turn (the table's ``first_seat`` option)."""
    return state["first_seat"]


def standings(state: dict) -> list[dict]:
    """The winner first (by points or by a dominance card), the others by victory points."""
    vp, winner = state["vp"], state.get("winner")
    others = [v if seat != winner else max(vp) + 1 for seat, v in enumerate(vp)]
    return [
        standing(seat, place, "final.points", points=vp[seat])
        for seat, place in enumerate(places(others))
    ]
