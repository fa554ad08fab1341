"""Nowheresville: Bandit Paradise — the companion keeps every player's money secret.

The action
types (this game's API) and every interpretation: ``companion/games/nowheresville/rules.md``.

The rooms: ``board`` (Locations, news), ``_gang`` (bandits, caps, death),
``_money`` (ledger, pots, virtual money deck, goal), ``_round`` (setup, Maintenance, secret
planning, reveal), ``_places`` (resolution order and rewards), ``_cards`` (typing in
Equipment, Fortune cards, the Sheriff), ``_fights`` (Shootout, robbery calculator),
``_views`` (views, log lines, prompts).

Interpretations chosen (rulebook section in brackets; details in the docs):

- Only the Bandit cards are typed in before round 1. An Equipment card is typed in when it
  comes to a bandit (drawn, stolen, bought), the Victim card at its first robbery; the Shop
  row and a new Victim are reminders in the Maintenance prompt [Game Setup, Maintenance].
  Black Market cards stay a face-down count until their owner reveals them, and their stats
  are typed in then (a gun's one-time bullets are collected at the reveal) [Black Market].
- With two players the first bandit entered is the original, the second the accomplice
  [Recommendations for 2 or 3 Players]. A bandit name already in play is given its
  owner's name ("Doc (Bruno)"): names identify bandits in every form.
- The order at a Location is agreed one place at a time (who comes first of those left);
  Shootout throws are typed in at the tablet [Location Resolution, Shootout].
- Money comes in $100 / $200 notes: Fortune amounts and Victim payouts are typed in $100
  steps; a physical pot is counted as how many of its notes are $200 [Game Setup 6].
- A bandit who dies takes no further part in the round, even the original who comes back
  [The Death of a Bandit]. A bandit killed by the Sheriff pays no $300 [Fortune Cards].
- A plan skipped by ``reveal_without`` keeps that gang at home without healing.
- At or over the goal at the end of a round, the most money wins; an exact tie at the top
  plays on, and nothing is said about it [The Goal and the End of the Game].
- Options: ``goal`` (0 = by player count), ``saloon`` (auto: left out with 2–3 players),
  ``money`` (physical notes or a virtual deck of ``notes_100`` x $100 and ``notes_200`` x
  $200), ``equal_is_enough``, ``runaway_misses``, ``fresh_market`` [Final Tips, Shootout].
"""

from __future__ import annotations

from companion.games.nowheresville import cards, fights, money, places, views
from companion.games.nowheresville import round as rounds
from companion.rules import ranking
from companion.rules.base import RuleError, match_template, once_per_state
from companion.rules.ledger import open_ledger

NAME = "nowheresville"
PLAYERS = range(2, 6)
RULES_VERSION = 3  # 2: cards typed when taken, order agreed one place at a time;
# 3: a killing shot is confirmed (option ``confirm_deaths``; absent from an older table's
# options, so ``LEGACY`` replays it as it was played)
MIGRATIONS = {2: lambda action: action}
OPTIONS = {
    "goal": 0,
    "saloon": "auto",
    "money": "physical",
    "notes_100": 40,
    "notes_200": 20,
    "equal_is_enough": False,
    "runaway_misses": False,
    "fresh_market": False,
    "confirm_deaths": True,
}
#: How a table made before an option existed was played: its recorded options lack the key,
#: and it must replay as it was played (a killing shot then killed at once).
LEGACY = {"confirm_deaths": False}
OPTION_CHOICES = {"saloon": ("auto", "in", "out"), "money": ("physical", "virtual")}

view = views.view
describe = views.describe
prompt = views.prompt
discloses = views.discloses


def _checked_options(options: dict) -> dict:
    merged = {**OPTIONS, **LEGACY, **options}
    if not isinstance(merged["confirm_deaths"], bool):
        raise RuleError("bad_option", name="confirm_deaths")
    for name, allowed in OPTION_CHOICES.items():
        if merged[name] not in allowed:
            raise RuleError("bad_option", name=name)
    for name in ("goal", "notes_100", "notes_200"):
        value = merged[name]
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 100000:
            raise RuleError("bad_option", name=name)
    if merged["money"] == "virtual" and merged["notes_100"] + merged["notes_200"] < 2:
        raise RuleError("bad_option", name="notes_100")
    return merged


def setup(players: list[str], options: dict) -> dict:
    """Game Setup: $500 each, pots empty until ``start`` deals their first notes."""
    count = len(players)
    if count not in PLAYERS:
        raise RuleError("player_count", min=PLAYERS.start, max=PLAYERS.stop - 1)
    options = _checked_options(options)
    virtual = options["money"] == "virtual"
    return {
        "players": list(players),
        "options": options,
        "goal": money.goal_for(count, options),
        "saloon": options["saloon"] == "in" or (options["saloon"] == "auto" and count >= 4),
        "phase": "setup",
        "round": 0,
        "ledger": open_ledger(count, money.START_MONEY, None),
        "bandits": {},
        "gangs": [[] for _ in players],
        "heal_cards": [0] * count,
        "next_card": 1,
        "victim": None,
        "pots": {"bank": 0, "coach": 0},
        "robbed": {"bank": False, "coach": False},
        "notes": (
            {"deck": money.fresh_deck(options), "discards": [], "bank": [], "coach": []}
            if virtual
            else None
        ),
        "planning": None,
        "placements": {},
        "resolution": None,
        "fallen": [],
        "pending": None,
        "shootout": None,
        "robbery": None,
        "takings": [[] for _ in players],
        "chart": [[[0, money.START_MONEY]] for _ in players],
        "news": [],
        "winner": None,
    }


def _legal_resolution(state: dict, seat: int | None) -> list[dict]:
    pending = state["pending"]
    if pending is not None:
        kind = pending["kind"]
        if kind == "card":
            return cards.legal_card_entry(state, seat)
        if kind == "fortune":
            return cards.legal_fortune(state, seat)
        if kind == "sheriff":
            return cards.legal_sheriff(state, seat)
        return fights.legal_after_robbery(state, seat)
    if state["shootout"] is not None:
        return fights.legal_shootout(state, seat)
    if state["robbery"] is not None:
        return fights.legal_robbery(state, seat)
    if state["resolution"]["unordered"]:
        return places.legal_ordering(state, seat)
    return places.legal_position(state, seat)


PHASE_LEGAL = {
    "setup": rounds.legal_setup,
    "maintenance": rounds.legal_maintenance,
    "planning": rounds.legal_planning,
    "resolution": _legal_resolution,
}


@once_per_state
def legal(state: dict, seat: int | None) -> list[dict]:
    if state["phase"] == "over":
        return []
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state["players"])
    ):
        return []
    return PHASE_LEGAL[state["phase"]](state, seat) + cards.legal_anytime(state, seat)


HANDLERS = {
    "enlist": rounds.enlist,
    "gear": cards.enter_card,
    "gun": cards.enter_card,
    "start": rounds.start,
    "maintenance": rounds.maintenance,
    "plan": rounds.plan,
    "reveal_without": rounds.reveal_without,
    "reveal_gear": cards.reveal,
    "reveal_gun": cards.reveal,
    "hand_gun": cards.hand_gun,
    "agree_order": places.agree_order,
    "shootout": fights.shootout,
    "arm": fights.arm,
    "shot": fights.shot,
    "end_shootout": lambda state, action: fights.end_shootout(state),
    "tie_roll": fights.tie_roll,
    "confirm_death": fights.confirm_death,
    "cancel_shot": fights.cancel_shot,
    "train": places.train,
    "work": places.work,
    "steal": places.steal,
    "rob": fights.rob,
    "buy": places.buy,
    "black_market": places.black_market,
    "decline": places.decline,
    "fortune_money": cards.fortune,
    "fortune_sheriff": cards.fortune,
    "fortune_bribe": cards.fortune,
    "fortune_heal": cards.fortune,
    "fortune_lucky_shot": cards.fortune,
    "fortune_bullets": cards.fortune,
    "fortune_wicked_man": cards.fortune,
    "fortune_brave_man": cards.fortune,
    "sheriff": cards.sheriff,
    "robbery_roll": fights.robbery_roll,
    "courage": fights.courage,
    "give_up": fights.give_up,
    "discard_gear": fights.discard_gear,
    "count_pot": fights.count_pot,
    "free_bandit": fights.free_bandit,
}


def apply(state: dict, action: dict) -> dict:
    """Check ``action`` against ``legal`` and the rules, and return the new state."""
    seat = action.get("seat") if isinstance(action, dict) else None
    match_template(legal(state, seat), action)
    return HANDLERS[action["type"]](state, action)


def draws(state: dict, action: dict) -> dict:
    """The virtual money deck: notes dealt face-down onto the Bank and the Coach."""
    if state.get("notes") is None or not isinstance(action, dict):
        return {}
    kind = action.get("type")
    if kind == "start" and state["phase"] == "setup" and rounds.ready_to_start(state):
        return money.note_draws(state, 2)
    if kind == "maintenance" and state["phase"] == "maintenance":
        return money.note_draws(state, sum(money.notes_due(state).values()))
    return {}


def final(state: dict) -> bool:
    return state["phase"] == "over"


def standings(state: dict) -> list[dict]:
    """Places by final money: it is secret only "during the game" (rulebook, "The Goal and
    the End of the Game"), and the end shows every purse to all (``views.final_money``).
    The winner has the most (an exact tie at the top plays on, so never shares it)."""
    purses = [money.purse(state, seat) for seat in range(len(state["players"]))]
    return [
        ranking.standing(seat, place, "final.money", amount=amount)
        for seat, (amount, place) in enumerate(zip(purses, ranking.places(purses)))
    ]
