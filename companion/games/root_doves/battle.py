"""Battle with Root's two 12-sided dice (faces 0–3), for every faction at the table.

Base Root 4.3: the attacker deals the higher roll, the defender the lower; each side's
rolled hits are at most its warriors in the clearing (a table setting, ``hits_capped``);
extra hits (ambush, faction effects) are typed in and not capped; a defender with no
warriors is defenseless and takes one extra hit. The Doves' own rules:

- *Protégez les Civils* (SCU.2.2): in a clearing with a Ceasefire token, attackers may battle
  only the Doves.
- *Le Dernier Carré* (SCU.2.3): defending with warriors in a clearing with one of their
  tokens, the Doves deal one extra hit; after the roll they may deal no hits and draw a card.

The companion knows the Doves' warriors; the other side's are typed when hits are capped.
Hits the Doves take remove their warriors in the clearing; any left over are shown for the
Doves to take on buildings or tokens (``remove_building`` / ``remove_token``).
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.games.root_doves import board as B
from companion.games.root_doves import table as track
from companion.games.root_doves import turn as turn_rules
from companion.rules.base import Handler, choice_param, dice_param, int_param, require, template

DICE = ["root12", "root12"]
MOST_WARRIORS = 40
MOST_EXTRA_HITS = 6


def _sorted(clearings: Iterable[str]) -> list[str]:
    return sorted(clearings, key=B.clearing_order)


def doves_presence(board: dict) -> list[str]:
    """Clearings with any Doves piece: warriors, a token or a building."""
    places = set(board["warriors"]) | set(B.token_clearings(board))
    for kind in B.BUILDINGS:
        places |= set(board["buildings"][kind])
    return list(places)


def declare_legal(state: dict, seat: int) -> list[dict]:
    """Templates to start a battle on one's own turn (the Doves: as a mandate action).

    Another faction has two buttons: ``attack_doves`` (the companion knows the Doves'
    warriors) and ``battle`` against anyone else, never in a Ceasefire clearing (SCU.2.2).
    """
    doves, board, capped = state["doves"], state["board"], state["hits_capped"]
    names = state["players"]
    if state["turn"]["phase"] != "daylight":
        return []  # base Root 4.3: a battle is a Daylight action, never in Birdsong
    others = [names[s] for s in range(len(names)) if s != seat]
    if seat == doves:
        if turn_rules.action_blocker(state, "battle") or not board["warriors"]:
            return []
        extra = {"defender_warriors": int_param(0, MOST_WARRIORS)} if capped else {}
        return [
            template(
                "battle",
                seat,
                defender=choice_param(others),
                clearing=choice_param(_sorted(board["warriors"])),
                **extra,
            )
        ]
    # an attack needs warriors: the form opens at 1, never at 0 (base Root 4.3.1)
    counts = {"attacker_warriors": int_param(1, MOST_WARRIORS)} if capped else {}
    out = []
    present = doves_presence(board)
    if present:
        out.append(
            template("attack_doves", seat, clearing=choice_param(_sorted(present)), **counts)
        )
    rivals = [name for name in others if name != names[doves]]
    open_clearings = [c for c in state["clearings"] if c not in board["ceasefire"]]
    if rivals and open_clearings:
        if capped:
            counts = {**counts, "defender_warriors": int_param(0, MOST_WARRIORS)}
        out.append(
            template(
                "battle",
                seat,
                defender=choice_param(rivals),
                clearing=choice_param(_sorted(open_clearings)),
                **counts,
            )
        )
    return out


def pending_legal(state: dict, seat: int | None) -> list[dict]:
    """The two sides of the battle in progress: the roll (or, after it, the attacker's
    ``end_battle`` and the Doves' Last Stand) first, extra hits for either side after."""
    battle = state["battle"]
    if seat is None or seat not in (battle["attacker"], battle["defender"]):
        return []
    out = []
    left = attackers_left(battle)
    if battle["dice"] is None and left != 0:
        if seat == battle["attacker"]:
            out.append(template("battle_roll", seat, dice=dice_param(DICE)))
    else:
        if (
            seat == battle["defender"] == state["doves"]
            and battle["last_stand"]
            and not battle["declined"]
            and battle["dice"] is not None
        ):
            out.append(template("last_stand_draw", seat))
        if seat == battle["attacker"]:
            out.append(end_template(state, seat))
    most = MOST_EXTRA_HITS
    if seat == battle["defender"] and battle["dice"] is None and left is not None:
        most = min(most, left)  # an ambush removes at most the attackers there are
    return out + ([template("extra_hits", seat, hits=int_param(1, most))] if most else [])


def end_template(state: dict, seat: int) -> dict:
    """``end_battle`` carries the hits each side dealt (fixed, pre-filled) so the log line
    says them."""
    dealt = hits(state["battle"], state["hits_capped"])
    return template(
        "end_battle",
        seat,
        attacker_hits=choice_param([dealt["attacker"]]),
        defender_hits=choice_param([dealt["defender"]]),
    )


def ambush_hits(battle: dict) -> int:
    """The defender's hits before the roll. They stand whatever follows: Last Stand's "deal
    no hits" comes after the roll (SCU.2.3), when those attackers have already fallen. Only
    a Last Stand journalled under rules version 3 cancelled them (``ambush_cancelled``)."""
    return 0 if battle.get("ambush_cancelled") else battle.get("ambush", 0)


def attackers_left(battle: dict) -> int | None:
    """The attacker's warriors still in the clearing after an ambush (None: not known, or a
    battle of rules version 2, which had no ambush)."""
    if battle["warriors"][0] is None or battle.get("recorded_v2"):
        return None
    return max(battle["warriors"][0] - ambush_hits(battle), 0)


def battle(state: dict, action: dict, recorded_v2: bool = False) -> dict:
    """Base Root 4.3: the current faction battles ``defender`` in ``clearing``."""
    return _declare(state, action, track.seat_of(state, action["defender"]), recorded_v2)


def attack_doves(state: dict, action: dict, recorded_v2: bool = False) -> dict:
    """Another faction battles the Doves where they have a piece."""
    require(action["seat"] != state["doves"], "bad_choice", name="defender")
    return _declare(state, action, state["doves"], recorded_v2)


#: A battle journalled under rules version 2 (``MIGRATIONS`` renames its declaration): it
#: replays as it was played, in any phase, from 0 warriors, an ambush only adding hits.
#: Only a replay meets these types; the table refuses them from any device (``REPLAY_ONLY``).
RECORDED_V2 = {"battle_v2": "battle", "attack_doves_v2": "attack_doves"}


#: What rules version 3 journalled and version 4 replays apart (``MIGRATIONS[3]``).
RECORDED_V3 = {"last_stand_draw_v3": "last_stand_draw"}


def recorded_v3(action: dict) -> dict:
    """A version-3 action as version 4 reads it: its Last Stand cancelled the ambush, and an
    ``end_battle`` without hits took those the companion counted."""
    kind = action.get("type")
    if kind == "last_stand_draw" or (kind == "end_battle" and "attacker_hits" not in action):
        # the log of an unstated end says only that the battle is over
        return {**action, "type": f"{kind}_v3"}
    return action


def recorded_v2(kind: str) -> Handler:
    declare = battle if kind == "battle" else attack_doves
    return lambda state, action: declare(state, {**action, "type": kind}, recorded_v2=True)


def _declare(state: dict, action: dict, defender: int, recorded: bool = False) -> dict:
    attacker, clearing = action["seat"], action["clearing"]
    doves, board = state["doves"], state["board"]
    require(state["battle"] is None, "root_doves.battle_in_progress")
    require(state["turn"]["seat"] == attacker, "root_doves.not_your_turn")
    require(recorded or state["turn"]["phase"] == "daylight", "root_doves.battle_in_daylight")
    require(defender != attacker, "bad_choice", name="defender")
    if attacker == doves:
        state = turn_rules.use_action(state, "battle")
        require(
            B.warriors_at(board, clearing) > 0,
            "root_doves.battle_needs_warriors",
            clearing=clearing,
        )
    else:
        require(
            defender == doves or clearing not in board["ceasefire"],
            "root_doves.protect_civilians",
            clearing=clearing,
        )
    warriors = [
        _side_warriors(state, action, attacker, "attacker_warriors"),
        _side_warriors(state, action, defender, "defender_warriors"),
    ]
    defending = warriors[1]
    last_stand = (
        defender == doves
        and B.token_at(board, clearing) is not None
        and defending is not None
        and defending > 0
    )
    record = {
        "attacker": attacker,
        "defender": defender,
        "clearing": clearing,
        "warriors": warriors,
        "extra": [0, 0],
        "dice": None,
        "last_stand": last_stand,
        "declined": False,
    }
    if recorded:
        record["recorded_v2"] = True
    return {**state, "battle": record}


def _side_warriors(state: dict, action: dict, seat: int, key: str) -> int | None:
    if seat == state["doves"]:
        return B.warriors_at(state["board"], action["clearing"])
    return action.get(key) if state["hits_capped"] else None


def battle_roll(state: dict, action: dict) -> dict:
    battle = state["battle"]
    require(battle is not None, "root_doves.no_battle")
    require(battle["dice"] is None, "root_doves.already_rolled")
    return {**state, "battle": {**battle, "dice": list(action["dice"])}}


def extra_hits(state: dict, action: dict) -> dict:
    battle = state["battle"]
    require(battle is not None, "root_doves.no_battle")
    side = 0 if action["seat"] == battle["attacker"] else 1
    if side == 1 and battle["dice"] is None and not battle.get("recorded_v2"):
        # the defender's hits before the roll are an ambush: they remove attackers first
        # and so lower the attacker's cap (base Root 4.3.1)
        return {**state, "battle": {**battle, "ambush": battle.get("ambush", 0) + action["hits"]}}
    extra = list(battle["extra"])
    extra[side] += action["hits"]
    return {**state, "battle": {**battle, "extra": extra}}


def last_stand_draw(state: dict, action: dict) -> dict:
    """SCU.2.3: after the roll, deal no hits and draw one card instead."""
    battle = state["battle"]
    require(battle is not None and battle["dice"] is not None, "root_doves.roll_first")
    require(battle["last_stand"], "root_doves.no_last_stand")
    require(not battle["declined"], "root_doves.already_declined")
    board = B.draw_cards(state["board"], 1)
    return {**state, "board": board, "battle": {**battle, "declined": True}}


def last_stand_draw_v3(state: dict, action: dict) -> dict:
    """A Last Stand journalled under rules version 3, which also cancelled the ambush."""
    state = last_stand_draw(state, {**action, "type": "last_stand_draw"})
    return {**state, "battle": {**state["battle"], "ambush_cancelled": True}}


def hits(battle: dict, capped: bool) -> dict:
    """Hits each side deals: rolled (capped by its warriors if set) plus extras.

    Base Root 4.3.1: an ambush (the defender's hits before the roll) removes attackers
    first, so the attacker's rolled hits are capped by the warriors it still has; when the
    ambush removed them all the battle ends without a roll. Last Stand's "deal no hits"
    (SCU.2.3, « Après le lancer de dés ») drops the defender's roll, Last Stand hit and
    later extras, never the ambush: those attackers fell before the roll.
    """
    dice = battle["dice"] or [0, 0]
    rolled = [max(dice), min(dice)]
    left = attackers_left(battle)
    if capped:
        warriors = [
            battle["warriors"][0] if battle.get("recorded_v2") else left,
            battle["warriors"][1],
        ]
        rolled = [r if w is None else min(r, w) for r, w in zip(rolled, warriors)]
    ambush = ambush_hits(battle)
    defenseless = battle["warriors"][1] == 0
    if left == 0:  # every attacker fell to the ambush: no roll, no hits dealt
        return {
            "attacker": 0,
            "defender": ambush,
            "rolled": [0, 0],
            "defenseless": defenseless,
            "ambush": ambush,
            "attackers_left": 0,
        }
    by_attacker = rolled[0] + battle["extra"][0] + (1 if defenseless else 0)
    by_defender = ambush + rolled[1] + battle["extra"][1] + (1 if battle["last_stand"] else 0)
    if battle["declined"]:
        by_defender = ambush
    return {
        "attacker": by_attacker,
        "defender": by_defender,
        "rolled": rolled,
        "defenseless": defenseless,
        "ambush": ambush,
        "attackers_left": left,
    }


def end_battle(state: dict, action: dict) -> dict:
    """The Doves lose warriors to the hits they take; what is left goes on other pieces."""
    battle = state["battle"]
    require(
        battle is not None and (battle["dice"] is not None or attackers_left(battle) == 0),
        "root_doves.roll_first",
    )
    dealt = hits(battle, state["hits_capped"])
    board, excess = state["board"], 0
    if state["doves"] in (battle["attacker"], battle["defender"]):
        taken = dealt["defender"] if battle["attacker"] == state["doves"] else dealt["attacker"]
        lost = min(taken, B.warriors_at(board, battle["clearing"]))
        if lost:
            board = B.remove_warriors(board, battle["clearing"], lost)
        excess = taken - lost
    record = {**battle, "hits": dealt, "doves_excess_hits": excess, "turn": state["turn"]["number"]}
    return {**state, "board": board, "battle": None, "last_battle": record}
