"""What several test files share: ``act``, ``at_place``, ``enlist``, ``gear``, ``give``,
``gun``, ``plan``, ``purses``, ``refused``, ``started``, ``types``, ``with_money``,
``with_victim``."""

from __future__ import annotations

import pytest

from companion.games.nowheresville import game as nv
from companion.rules.base import RuleError
from tests.support.play import play, setup

CARD = {"experience": 2, "courage": 1, "bullets": 2, "hits": 4}


NAMES = [["Doc", "Dan"], ["Kid", "Kim"], ["Jo", "Joy"], ["Lou", "Lu"], ["Max", "Mo"]]


PLAYERS = ["Ann", "Bob", "Cid", "Dee", "Eve"]


def act(kind, seat=None, **params):
    return {"type": kind, "seat": seat, **params}


def enlist(seat, name, **card):
    return act("enlist", seat, name=name, **{**CARD, **card})


def gear(hat=1, safe=1, envelope=1, seat=None):
    return act("gear", seat, hat=hat, safe=safe, envelope=envelope)


def gun(experience=1, free=0, bullets=0, hands=1, seat=None):
    return act("gun", seat, experience=experience, free=free, bullets=bullets, hands=hands)


def started(players=3, cards=None, **options):
    """A game past setup: its bandits (two each with two players), round 1 planning."""
    state = setup(nv, PLAYERS[:players], **options)
    per_seat = 2 if players == 2 else 1
    actions = [
        enlist(seat, NAMES[seat][i], **(cards or {}).get(NAMES[seat][i], {}))
        for seat in range(players)
        for i in range(per_seat)
    ]
    return play(nv, state, *actions, act("start"))


def with_victim(state, target=7, payout=400, robbed=False):
    """Test set-up shortcut: a Victim card already typed in."""
    return {**state, "victim": {"target": target, "payout": payout, "robbed": robbed}}


def plan(seat, **slots):
    return act("plan", seat, **slots)


def purses(state):
    return list(state["ledger"]["purses"])


def types(state, seat):
    return sorted({t["type"] for t in nv.legal(state, seat)})


def refused(state, action, code):
    with pytest.raises(RuleError) as caught:
        play(nv, state, action)
    assert caught.value.code == code
    return caught.value


def give(state, name, **changes):
    """Test set-up shortcut: a bandit with other tokens (state is plain data)."""
    return {**state, "bandits": {**state["bandits"], name: {**state["bandits"][name], **changes}}}


def with_money(state, *amounts):
    return {**state, "ledger": {**state["ledger"], "purses": list(amounts)}}


def at_place(players, place, *seats, **options):
    """Round 1 with the given seats' originals at ``place``, everyone else at home."""
    state = started(players, **options)
    return play(
        nv,
        state,
        *[
            plan(
                s,
                **(
                    {"original": place if s in seats else "hideout"}
                    | (
                        {"accomplice": "town" if place != "town" else "school"}
                        if players == 2
                        else {}
                    )
                ),
            )
            for s in range(players)
        ],
    )
