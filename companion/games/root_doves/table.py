"""Root for the whole table: factions, the victory-point track, dominance, turn order, setup.

Every faction's points are typed in by the table (``score``) except what the Doves' own
rules score (evacuation, buildings, crafted items, Development Aid), which the companion
adds itself. First to 30 wins at once; a faction that activates a dominance card leaves the
track and wins instead at the start of its Birdsong (base Root, 3.3). Turns go clockwise
(seat order) from the first player; phases are Birdsong, Daylight, Evening (for the Doves:
Aurore, Jour, Crépuscule).
"""

from __future__ import annotations

from companion.games.root_doves import board as board_rules
from companion.rules.base import (
    RuleError,
    choice_param,
    int_param,
    line,
    replace_at,
    require,
    template,
    text_param,
)
from companion.rules.fixes import fix_template
from companion.rules.turns import next_seat

WIN_AT = 30
DOMINANCE_AT = 10
PHASES = ("birdsong", "daylight", "evening")
DOMINANCE_SUITS = ("fox", "rabbit", "mouse", "bird")
MOST_POINTS = 60
MOST_TRACK_POINTS = 99


def faction_names(players: list[str], doves: int, typed: object) -> list[str | None]:
    """Each seat's faction: None for the Doves (named by the catalog), else the typed name
    (a comma-separated string or a list, one per seat) or the player's name."""
    if isinstance(typed, str):
        typed = [part.strip() for part in typed.split(",")] if typed.strip() else []
    if not isinstance(typed, list):
        raise RuleError("bad_param", name="factions")
    names: list[str | None] = []
    for seat, player in enumerate(players):
        given = typed[seat] if seat < len(typed) else ""
        require(isinstance(given, str), "bad_param", name="factions")
        names.append(None if seat == doves else (given.strip()[:30] or player))
    return names


def seat_of(state: dict, player: object) -> int:
    """The seat of a player named in a choice (names are unique at a table)."""
    require(player in state["players"], "bad_choice", name="player")
    return state["players"].index(player)


# -- the victory-point track ----------------------------------------------------------------
def add_points(state: dict, seat: int, points: int) -> dict:
    """Score ``points`` for ``seat``; a faction with a dominance card scores nothing."""
    if state["dominance"][seat] is not None or points == 0:
        return state
    vp = replace_at(state["vp"], seat, max(0, state["vp"][seat] + points))
    state = {**state, "vp": vp}
    if vp[seat] >= WIN_AT and state["stage"] == "play":
        state = {
            **state,
            "stage": "over",
            "winner": seat,
            "won_by": "points",
            "history": state["history"] + [[state["turn"]["number"], vp]],
        }
    return state


def score(state: dict, action: dict) -> dict:
    seat = action["seat"]
    require(state["dominance"][seat] is None, "root_doves.dominance_no_points")
    return add_points(state, seat, action["points"])


def set_points(state: dict, action: dict) -> dict:
    """The table corrects a faction's points (a score typed wrong turns ago): the marker
    goes to ``points``; reaching 30 still wins at once."""
    seat = seat_of(state, action["player"])
    require(state["dominance"][seat] is None, "root_doves.dominance_no_points")
    return add_points(state, seat, action["points"] - state["vp"][seat])


def activate_dominance(state: dict, action: dict) -> dict:
    """Base Root 3.3: at 10+ points, in Daylight, a dominance card replaces the VP marker.
    The card is played from hand: the Doves' hand count drops by one."""
    seat = action["seat"]
    require(state["vp"][seat] >= DOMINANCE_AT, "root_doves.dominance_needs_ten")
    require(state["dominance"][seat] is None, "root_doves.dominance_already")
    require(action["suit"] in DOMINANCE_SUITS, "bad_choice", name="suit")
    if seat == state["doves"]:
        state = {**state, "board": board_rules.spend_cards(state["board"], 1)}
    return {**state, "dominance": replace_at(state["dominance"], seat, action["suit"])}


def dominance_victory(state: dict, action: dict) -> dict:
    seat = action["seat"]
    require(state["dominance"][seat] is not None, "root_doves.no_dominance")
    require(state["turn"]["phase"] == "birdsong", "root_doves.dominance_at_birdsong")
    return {**state, "stage": "over", "winner": seat, "won_by": "dominance"}


def track_legal(state: dict, seat: int) -> list[dict]:
    """What any faction may do on the track at any time of play (the form starts at 1)."""
    if state["dominance"][seat] is not None:
        return []
    return [template("score", seat, points=int_param(1, WIN_AT))]


def correction_legal(state: dict) -> list[dict]:
    """The tablet's correction of a faction's points (never on a phone: seat None)."""
    scoring = [
        name for seat, name in enumerate(state["players"]) if state["dominance"][seat] is None
    ]
    out = [fix_warriors_template(state)]
    if scoring:
        out.insert(
            0,
            template(
                "set_points", None, player=choice_param(scoring), points=int_param(0, MOST_POINTS)
            ),
        )
    return out


def fix_warriors_template(state: dict) -> dict:
    """The tablet sets the Doves' warriors in one clearing to what the map shows (a move
    the table forgot, warriors to put back), as one logged correction. Each clearing says
    the count the companion has; the count is bounded by the warriors in supply."""
    board = state["board"]
    clearings = sorted(state["clearings"], key=board_rules.clearing_order)
    labels = [
        line("root_doves.fix.clearing", clearing=c, warriors=board_rules.warriors_at(board, c))
        for c in clearings
    ]
    return fix_template(
        "warriors",
        clearing=choice_param(clearings, labels=labels),
        warriors=int_param(0, board_rules.WARRIOR_SUPPLY),
    )


def fix_warriors(state: dict, action: dict) -> dict:
    board, clearing, wanted = state["board"], action["clearing"], action["warriors"]
    have = board_rules.warriors_at(board, clearing)
    most = have + board_rules.warriors_in_supply(board)
    require(
        wanted <= most,
        "root_doves.fix_beyond_supply",
        clearing=clearing,
        most=most,
        supply=board_rules.warriors_in_supply(board),
    )
    if wanted > have:
        board = board_rules.place_warriors(board, clearing, wanted - have)
    elif wanted < have:
        board = board_rules.remove_warriors(board, clearing, have - wanted)
    return {**state, "board": board}


def dominance_legal(state: dict, seat: int) -> list[dict]:
    """On one's own turn: activate at 10+ in Daylight, claim the win at Birdsong."""
    phase = state["turn"]["phase"]
    if state["dominance"][seat] is not None:
        return [template("dominance_victory", seat)] if phase == "birdsong" else []
    if phase == "daylight" and state["vp"][seat] >= DOMINANCE_AT:
        return [template("activate_dominance", seat, suit=choice_param(DOMINANCE_SUITS))]
    return []


# -- turn order -----------------------------------------------------------------------------
def begin_turn(state: dict, seat: int, number: int) -> dict:
    turn = {"seat": seat, "phase": "birdsong", "number": number}
    doves_turn = new_doves_turn() if seat == state["doves"] else None
    return {**state, "turn": turn, "doves_turn": doves_turn}


def new_doves_turn() -> dict:
    """What one Doves turn has used: the checklist of SCU.4-6 and the mandates' limits."""
    return {
        "evacuated": False,
        "retreat": False,
        "mandate": None,
        "step": None,
        "actions": 0,
        "disarmed": [],
        "aid": False,
        "skipped": None,
        "exfiltration": None,
        "activated": [],
        "drawn": False,
    }


def advance_phase(state: dict) -> dict:
    turn = state["turn"]
    index = PHASES.index(turn["phase"])
    require(index + 1 < len(PHASES), "root_doves.last_phase")
    return {**state, "turn": {**turn, "phase": PHASES[index + 1]}}


def end_turn(state: dict) -> dict:
    """The next faction clockwise; the points at the end of each turn feed the chart."""
    turn = state["turn"]
    history = state["history"] + [[turn["number"], state["vp"]]]
    state = {**state, "history": history}
    return begin_turn(state, next_seat(turn["seat"], len(state["players"])), turn["number"] + 1)


def faction_turn_legal(state: dict, seat: int, also: list[dict]) -> list[dict]:
    """A faction the companion does not model: ``also`` (battle, dominance), then it walks
    the phases."""
    out = list(also)
    if state["turn"]["phase"] != "evening":
        out.append(template("next_phase", seat))
    out.append(template("end_turn", seat))
    return out


# -- setup (SCU.3 and the numbers of the physical board) ------------------------------------
def setup_legal(state: dict, seat: int | None) -> list[dict]:
    board = state["board"]
    clearings = sorted(state["clearings"], key=board_rules.clearing_order)
    if seat is None:
        out = [
            template(
                "set_clearing",
                None,
                clearing=text_param(12, shape="label", pattern="[^,]+"),
                suit=choice_param(board_rules.CLEARING_SUITS),
            ),
            template("set_evacuation_track", None, track=text_param(60, shape="numbers")),
            template(
                "set_building_slot",
                None,
                building=choice_param(board_rules.BUILDINGS),
                slot=int_param(1, 2),
                cost=int_param(0, 6),
                points=int_param(0, 10),
                draw=int_param(0, 2),
            ),
        ]
        if setup_done(board):
            out.append(template("start_game", None))
        return out
    if seat != state["doves"]:
        return []
    out = []
    if not board["ceasefire"]:
        out.append(template("setup_ceasefire", seat, clearing=choice_param(clearings)))
    left = board_rules.SETUP_WARRIORS - sum(board["warriors"].values())
    if left:
        out.append(
            template(
                "setup_warriors",
                seat,
                clearing=choice_param(clearings),
                warriors=int_param(1, left),
            )
        )
    return out


def setup_done(board: dict) -> bool:
    placed = sum(board["warriors"].values())
    return bool(board["ceasefire"]) and placed == board_rules.SETUP_WARRIORS


def set_clearing(state: dict, action: dict) -> dict:
    """A clearing's name (its number in ASCII digits when it is one, no comma: its
    template's shape) and suit."""
    clearing = action["clearing"].strip()
    require(clearing != "" and "," not in clearing, "bad_text", name="clearing", max=12)
    return {**state, "clearings": {**state["clearings"], clearing: action["suit"]}}


def set_evacuation_track(state: dict, action: dict) -> dict:
    """SCU.4.1: the whole track from the faction board in one go, "1, 2, 3, 5, 7": the points
    for 1, 2, 3… refugee cards (at most 10 columns; more cards score the last column)."""
    track = parse_track(action["track"])
    return {**state, "board": {**state["board"], "track": track}}


def parse_track(typed: str) -> list[int]:
    parts = [part.strip() for part in typed.replace(";", ",").replace(" ", ",").split(",")]
    numbers = [part for part in parts if part]
    require(
        0 < len(numbers) <= board_rules.TRACK_COLUMNS
        and all(n.isascii() and n.isdigit() and int(n) <= MOST_TRACK_POINTS for n in numbers),
        "root_doves.bad_track",
        columns=board_rules.TRACK_COLUMNS,
    )
    return [int(n) for n in numbers]


def set_building_slot(state: dict, action: dict) -> dict:
    board = state["board"]
    kind, index = action["building"], action["slot"] - 1
    slot = {"cost": action["cost"], "points": action["points"], "draw": action["draw"]}
    slots = {**board["slots"], kind: replace_at(board["slots"][kind], index, slot)}
    return {**state, "board": {**board, "slots": slots}}


def setup_ceasefire(state: dict, action: dict) -> dict:
    require(not state["board"]["ceasefire"], "root_doves.setup_ceasefire_placed")
    return {**state, "board": board_rules.place_ceasefire(state["board"], action["clearing"])}


def setup_warriors(state: dict, action: dict) -> dict:
    board = state["board"]
    left = board_rules.SETUP_WARRIORS - sum(board["warriors"].values())
    require(action["warriors"] <= left, "root_doves.setup_six_warriors", left=left)
    return {
        **state,
        "board": board_rules.place_warriors(board, action["clearing"], action["warriors"]),
    }


def start_game(state: dict, action: dict) -> dict:
    require(setup_done(state["board"]), "root_doves.setup_incomplete")
    state = {**state, "stage": "play", "history": [[0, state["vp"]]]}
    return begin_turn(state, state["first_seat"], 1)
