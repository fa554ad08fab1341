"""The United Doves Society's faction board: tokens, refugee pile, warriors and buildings.

Plain functions over the board dict (kept at ``state["board"]``); each returns a new board
and copies only what changes. Rule numbers are those of the French Law of Root text
(``SCU.x.y``). Numbers printed on the physical faction board (the evacuation track, the
building slots' costs, points and draw bonuses) are not in the rules text: they are typed in
by the table at setup from the editable defaults below and kept with the game.
"""

from __future__ import annotations

from companion.rules.base import RuleError, require

CLEARING_SUITS = ("fox", "rabbit", "mouse")
CARD_SUITS = ("fox", "rabbit", "mouse", "bird")  # a bird card is wild, recorded as a bird
BUILDINGS = ("dispensary", "school")
CEASEFIRE_TOKENS = 3  # SCU.2.5
WARRIOR_SUPPLY = 15  # SCU.3.1
SETUP_WARRIORS = 6  # SCU.3.2
STARTING_HAND = 3  # base Root: each player draws three cards at setup
HAND_LIMIT = 5  # SCU.6.1
TRACK_COLUMNS = 10  # evacuation track columns the table can fill in

# The Autumn map's clearing priority numbers (printed on the board) and their suits, as
# transcribed in a public Root simulator's map data; the table edits them at setup.
AUTUMN_CLEARINGS = {
    "1": "fox",
    "2": "mouse",
    "3": "rabbit",
    "4": "rabbit",
    "5": "rabbit",
    "6": "fox",
    "7": "mouse",
    "8": "fox",
    "9": "mouse",
    "10": "rabbit",
    "11": "mouse",
    "12": "fox",
}
# Placeholders until the table types its faction board's numbers
# (companion/games/root_doves/rules.md).
DEFAULT_TRACK = [1, 2, 3, 5, 7, 9, 11, 13, 15, 17]
DEFAULT_SLOTS = {
    "dispensary": [{"cost": 1, "points": 1, "draw": 0}, {"cost": 2, "points": 2, "draw": 0}],
    "school": [{"cost": 1, "points": 1, "draw": 1}, {"cost": 2, "points": 2, "draw": 1}],
}


def new_board() -> dict:
    """SCU.3: tokens and buildings on their tracks, 15 warriors in supply, three cards."""
    return {
        "hand": STARTING_HAND,
        "pile": [],
        "ceasefire": [],
        "pacification": {suit: None for suit in CLEARING_SUITS},
        "warriors": {},
        "buildings": {kind: [] for kind in BUILDINGS},
        "track": list(DEFAULT_TRACK),
        "slots": {kind: [dict(s) for s in DEFAULT_SLOTS[kind]] for kind in BUILDINGS},
    }


# -- reading the board ----------------------------------------------------------------------
def token_at(board: dict, clearing: str) -> str | None:
    """'ceasefire', 'pacification' or None: a clearing never holds both (SCU.5.1 I, 5.2 I)."""
    if clearing in board["ceasefire"]:
        return "ceasefire"
    if clearing in board["pacification"].values():
        return "pacification"
    return None


def token_clearings(board: dict) -> list[str]:
    placed = [c for c in board["pacification"].values() if c is not None]
    return board["ceasefire"] + placed


def pacified(board: dict) -> list[str]:
    return [c for c in board["pacification"].values() if c is not None]


def ceasefires_in_supply(board: dict) -> int:
    return CEASEFIRE_TOKENS - len(board["ceasefire"])


def warriors_at(board: dict, clearing: str) -> int:
    return board["warriors"].get(clearing, 0)


def warriors_in_supply(board: dict) -> int:
    return WARRIOR_SUPPLY - sum(board["warriors"].values())


def buildings_at(board: dict, clearing: str) -> list[str]:
    return [kind for kind in BUILDINGS if clearing in board["buildings"][kind]]


def next_slot(board: dict, kind: str) -> dict | None:
    """The slot the next building of ``kind`` leaves (the leftmost still covered)."""
    built = len(board["buildings"][kind])
    slots = board["slots"][kind]
    return slots[built] if built < len(slots) else None


def draw_bonus(board: dict) -> int:
    """Draw bonuses revealed on the building tracks (SCU.6.1)."""
    return sum(
        slot["draw"]
        for kind in BUILDINGS
        for slot in board["slots"][kind][: len(board["buildings"][kind])]
    )


def evacuation_points(board: dict, cards: int) -> int:
    """SCU.4.1: the column for ``cards``; more cards than columns score the last column."""
    if cards <= 0:
        return 0
    track = board["track"]
    return track[min(cards, len(track)) - 1]


def pile_by_suit(board: dict) -> dict[str, int]:
    return {suit: board["pile"].count(suit) for suit in CARD_SUITS}


def card_fits(card: str, suit: str) -> bool:
    """A card of the clearing's suit, or a bird (birds are wild in Root)."""
    return card == suit or card == "bird"


# -- changing the board ---------------------------------------------------------------------
def spend_cards(board: dict, cards: int) -> dict:
    require(board["hand"] >= cards, "root_doves.not_enough_cards", cards=cards, hand=board["hand"])
    return {**board, "hand": board["hand"] - cards}


def draw_cards(board: dict, cards: int) -> dict:
    return {**board, "hand": board["hand"] + cards}


def add_refugee(board: dict, card: str) -> dict:
    """A card goes from the Doves' hand onto the refugee pile (SCU.2.4, SCU.5.2 III)."""
    require(board["hand"] >= 1, "root_doves.no_cards")
    return {**board, "hand": board["hand"] - 1, "pile": board["pile"] + [card]}


def drawn_place(drawn: object) -> tuple[int | None, str]:
    """The random discard as drawn: ``[place, suit]`` (rules version 3), or a bare suit as
    journalled by version 2 (the first card of that suit goes)."""
    if isinstance(drawn, list) and len(drawn) == 2 and isinstance(drawn[0], int):
        return drawn[0], drawn[1]
    return None, str(drawn)


def discard_refugee(board: dict, card: str, place: int | None = None) -> dict:
    """Remove the refugee card at ``place`` (1 = the first laid) of the pile, which holds
    ``card``'s suit; without a place, one card of that suit (the random discard, SCU.2.6)."""
    pile = list(board["pile"])
    if place is None:
        require(card in pile, "root_doves.not_in_pile", card=str(card)[:8])
        pile.remove(card)
    else:
        require(
            isinstance(place, int) and 1 <= place <= len(pile) and pile[place - 1] == card,
            "root_doves.not_in_pile",
            card=str(card)[:8],
        )
        del pile[place - 1]
    return {**board, "pile": pile}


def place_ceasefire(board: dict, clearing: str, source: str = "supply") -> dict:
    """SCU.2.5 / 5.1 I: from the track or moved from another clearing; one per clearing."""
    require(token_at(board, clearing) is None, "root_doves.clearing_has_token", clearing=clearing)
    tokens = list(board["ceasefire"])
    if source == "supply":
        require(ceasefires_in_supply(board) > 0, "root_doves.no_ceasefire_left")
    else:
        require(source in tokens, "root_doves.no_ceasefire_there", clearing=source)
        tokens.remove(source)
    return {**board, "ceasefire": sorted(tokens + [clearing], key=clearing_order)}


def pacify(board: dict, clearing: str, suit: str) -> dict:
    """SCU.5.2 I: the Ceasefire is replaced by the Pacification token of the clearing's suit."""
    require(clearing in board["ceasefire"], "root_doves.no_ceasefire_there", clearing=clearing)
    require(board["pacification"][suit] is None, "root_doves.pacification_in_play", suit=suit)
    tokens = [c for c in board["ceasefire"] if c != clearing]
    return {**board, "ceasefire": tokens, "pacification": {**board["pacification"], suit: clearing}}


def remove_token(board: dict, clearing: str) -> tuple[dict, str]:
    """An enemy removes the token in ``clearing``; it goes back to its track."""
    kind = token_at(board, clearing)
    if kind is None:
        raise RuleError("root_doves.no_token_there", clearing=clearing)
    if kind == "ceasefire":
        return {**board, "ceasefire": [c for c in board["ceasefire"] if c != clearing]}, kind
    pacification = {s: (None if c == clearing else c) for s, c in board["pacification"].items()}
    return {**board, "pacification": pacification}, kind


def place_warriors(board: dict, clearing: str, count: int) -> dict:
    require(warriors_in_supply(board) >= count, "root_doves.no_warriors_in_supply")
    warriors = dict(board["warriors"])
    warriors[clearing] = warriors.get(clearing, 0) + count
    return {**board, "warriors": warriors}


def remove_warriors(board: dict, clearing: str, count: int) -> dict:
    have = warriors_at(board, clearing)
    require(have >= count, "root_doves.not_enough_warriors", clearing=clearing, warriors=have)
    warriors = dict(board["warriors"])
    if have == count:
        del warriors[clearing]
    else:
        warriors[clearing] = have - count
    return {**board, "warriors": warriors}


def move_warriors(board: dict, origin: str, destination: str, count: int) -> dict:
    require(origin != destination, "root_doves.same_clearing")
    return place_warriors(remove_warriors(board, origin, count), destination, count)


def build(board: dict, kind: str, clearing: str) -> tuple[dict, dict]:
    """SCU.5.3 II: place the leftmost building of ``kind``; returns (board, the slot freed)."""
    slot = next_slot(board, kind)
    if slot is None:
        raise RuleError("root_doves.no_building_left", building=kind)
    require(
        clearing not in board["buildings"][kind],
        "root_doves.building_already_there",
        building=kind,
        clearing=clearing,
    )
    board = spend_cards(board, slot["cost"])
    buildings = {**board["buildings"], kind: board["buildings"][kind] + [clearing]}
    return {**board, "buildings": buildings}, slot


def remove_building(board: dict, kind: str, clearing: str) -> dict:
    """An enemy removes a building: it returns to the track, covering its slot again."""
    require(
        clearing in board["buildings"][kind],
        "root_doves.no_building_there",
        building=kind,
        clearing=clearing,
    )
    placed = list(board["buildings"][kind])
    placed.remove(clearing)
    return {**board, "buildings": {**board["buildings"], kind: placed}}


def clearing_order(clearing: str) -> tuple:
    """Numbers in numeric order, then names."""
    number = clearing.isascii() and clearing.isdigit()  # "²" is a digit, not a number
    return (0, int(clearing), "") if number else (1, 0, clearing)
