"""What several test files share: ``PLAYERS``, ``act``, ``check_prompt``, ``dawn``,
``daylight_and_evening``, ``doves_turn``, ``evening``, ``fresh``, ``others_pass``, ``refused``,
``started``, ``types``."""

from __future__ import annotations

from companion.games.root_doves import game
from companion.rules.base import RuleError
from tests.support.play import play, setup

PLAYERS = ("Ann", "Bruno", "Chloé")


DOVES = 0


def act(kind, seat=DOVES, **params):
    """An action; ``from_`` stands for the ``from`` parameter (a Python keyword)."""
    if "from_" in params:
        params["from"] = params.pop("from_")
    return {"type": kind, "seat": seat, **params}


def fresh(players=PLAYERS, **options):
    return setup(game, players, **options)


def started(players=PLAYERS, **options):
    """Setup done (SCU.3.2), the Doves' first Dawn about to begin (seat 0 goes first)."""
    state = fresh(players, **options)
    doves = state["doves"]
    return play(
        game,
        state,
        act("setup_ceasefire", doves, clearing="10"),
        act("setup_warriors", doves, clearing="10", warriors=4),
        act("setup_warriors", doves, clearing="12", warriors=2),
        act("start_game", None),
    )


def refused(state, action):
    """The code ``apply`` refuses ``action`` with (and that nothing changed)."""
    try:
        game.apply(state, action)
    except RuleError as error:
        return error.code
    raise AssertionError(f"{action} was accepted")


def types(state, seat=DOVES):
    return [t["type"] for t in game.legal(state, seat)]


def others_pass(state):
    """Every faction after the Doves ends its turn, back to the Doves' Dawn."""
    while state["turn"]["seat"] != state["doves"] and state["stage"] == "play":
        state = play(game, state, act("end_turn", state["turn"]["seat"]))
    return state


def dawn(state, retreat=None):
    """Resolve the evacuation (whichever way the board decides) and go to Daylight."""
    template = next(
        t for t in game.legal(state, DOVES) if t["type"] in ("evacuate", "no_evacuation")
    )
    action = act(
        template["type"], **{name: spec["options"][0] for name, spec in template["params"].items()}
    )
    state = play(game, state, action)
    if state["stage"] != "play":
        return state
    if retreat:
        state = play(game, state, act("strategic_retreat", **retreat))
    return play(game, state, act("next_phase"))


def evening(state):
    """Daylight ends; the Evening draw, the discard down to five, the turn ends."""
    state = play(game, state, act("next_phase"))
    cards = 1 + sum(
        slot["draw"]
        for kind in ("dispensary", "school")
        for slot in state["board"]["slots"][kind][: len(state["board"]["buildings"][kind])]
    )
    state = play(game, state, act("evening_draw", cards=cards))
    if state["board"]["hand"] > 5:
        state = play(game, state, act("discard_down", cards=state["board"]["hand"] - 5))
    return play(game, state, act("end_turn"))


def daylight_and_evening(state, mandate, steps):
    """From Daylight: the mandate with ``steps``, Evening, then the other factions pass."""
    state = play(game, state, act("choose_mandate", mandate=mandate), *steps)
    return others_pass(evening(state))


def doves_turn(state, mandate, steps, retreat=None):
    """A whole Doves turn from Dawn."""
    return daylight_and_evening(dawn(state, retreat), mandate, steps)


# The prompt's words -> the button that answers them (the first one its seat is offered).
FIRST_BUTTON = {
    "root_doves.why.evacuate": ("evacuate",),
    "root_doves.why.no_evacuation.no_pacification": ("no_evacuation",),
    "root_doves.why.no_evacuation.empty_pile": ("no_evacuation",),
    "root_doves.why.mandate": ("choose_mandate",),
    "root_doves.why.interposition_first": ("ceasefire", "interposition"),
    "root_doves.why.pacify_first": ("pacify",),
    "root_doves.why.draw_first": ("evening_draw",),
    "root_doves.why.discard_first": ("discard_down",),
    "root_doves.why.doves_evening": ("end_turn",),
    "root_doves.why.battle_result": ("end_battle",),
}


def check_prompt(state):
    """The prompt names something its seat can do, and that step is the seat's first button."""
    prompt = game.prompt(state)
    if prompt is None:
        assert game.final(state)
        return
    buttons = [t["type"] for t in game.legal(state, prompt["seat"])]
    assert buttons, prompt
    if prompt["kind"] == "dice":
        assert buttons[0] == "battle_roll"
    elif prompt["why"]["key"] in FIRST_BUTTON:
        assert buttons[0] in FIRST_BUTTON[prompt["why"]["key"]], (prompt, buttons)
