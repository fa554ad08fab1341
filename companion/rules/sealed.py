"""Secret submissions, revealed together.

Used wherever seats choose in secret and everyone learns the choices at once: Nowheresville's
planning, Abilene's corral votes. A sealed round is plain state::

    {"id": str, "purpose": str, "seats": [int, ...], "choices": {str(seat): payload},
     "skipped": [int], "moves": int}

Rules modules keep it in their state while it is open; ``view_of`` is the only thing a view
may show of it: who has submitted, and one's own payload — never anyone else's.
A seat whose submission never comes can be skipped only by a visible, logged action
(``skip``), never silently. Until the reveal a seat may change its own submission
(``may_submit`` stays true; ``submit`` replaces it).

A submission belongs to its moment: each round has an ``id`` (its purpose and a number the
game gives, unique over the game: Nowheresville's round, Abilene's sale), which the prompt
and every submission template (:func:`submission`) carry. A submission names the round it
answers (``action["round"]``); one for a round that is over, or for another round, is
refused (``moment_passed``) and changes nothing. A phone left open on last round's dialog
cannot vote in this one. A round saved before rounds had ids has none, and its submissions
are taken as before.

The reveal is a barrier: a game's prompt for an open round is made by :func:`prompt`, which
names the round and counts its ``moves``, so the table can tell (knowing no game) which
actions moved the round. Undoing the reveal discards every move of that round and asks
every seat again (``companion/play/barrier.py``).
"""

from __future__ import annotations

from typing import Any

from companion.rules.base import RuleError, secret_prompt, secret_template


def open_round(purpose: str, seats: list[int], number: int) -> dict:
    """A round of ``purpose`` for ``seats``; ``number`` tells it from every other round of
    that purpose in the game (no two rounds of one game share an id)."""
    return {
        "id": f"{purpose}-{number}",
        "purpose": purpose,
        "seats": sorted(seats),
        "choices": {},
        "skipped": [],
        "moves": 0,
    }


def round_id(sealed: dict) -> str | None:
    """The round's id (None for a round saved before rounds had ids)."""
    return sealed.get("id")


def submission(sealed: dict, action_type: str, seat: int, **params: dict) -> dict:
    """The template of ``seat``'s secret submission to this round: the round it answers is
    one of its fixed parts, which the action sends back as ``"round"``."""
    out = secret_template(action_type, seat, **params)
    if round_id(sealed) is not None:
        out["round"] = round_id(sealed)
    return out


def may_submit(sealed: dict, seat: int | None) -> bool:
    """``seat`` may submit now, or change what it submitted: the round is open to it."""
    return seat in sealed["seats"] and seat not in sealed["skipped"]


def submit(sealed: dict, seat: int, payload: Any) -> dict:
    """``seat``'s submission, or its change of mind before the reveal."""
    if seat not in sealed["seats"]:
        raise RuleError("not_your_submission")
    if seat in sealed["skipped"]:
        raise RuleError("already_submitted")
    choices = dict(sealed["choices"])
    choices[str(seat)] = payload
    return {**sealed, "choices": choices, "moves": _moves(sealed) + 1}


def skip(sealed: dict, seat: int) -> dict:
    """Reveal without ``seat``: the tablet's visible way past a submission that never comes."""
    if seat not in waiting(sealed):
        raise RuleError("not_waiting_for_seat", seat=seat)
    return {**sealed, "skipped": sorted(sealed["skipped"] + [seat]), "moves": _moves(sealed) + 1}


def _moves(sealed: dict) -> int:
    return sealed.get("moves", 0)  # a round saved before moves were counted


def prompt(sealed: dict, why: str, **why_params: Any) -> dict:
    """The table waits for this round: who is waited for and who is in, never what, and
    the round's identity and move count, public, so an undone reveal can be a barrier."""
    out = secret_prompt(waiting(sealed), submitted(sealed), why, **why_params)
    out["round"] = {
        "id": round_id(sealed),
        "purpose": sealed["purpose"],
        "seats": sealed["seats"],
        "moves": _moves(sealed),
    }
    return out


def waiting(sealed: dict) -> list[int]:
    return [
        s for s in sealed["seats"] if str(s) not in sealed["choices"] and s not in sealed["skipped"]
    ]


def submitted(sealed: dict) -> list[int]:
    return [s for s in sealed["seats"] if str(s) in sealed["choices"]]


def complete(sealed: dict) -> bool:
    return not waiting(sealed)


def choice(sealed: dict, seat: int) -> Any:
    """The payload of ``seat`` (None if skipped). Only for rules code, never for a view."""
    return sealed["choices"].get(str(seat))


def view_of(sealed: dict, seat: int | None) -> dict:
    """What ``seat`` may see of an open round: who is done, and its own payload only."""
    out = {
        "purpose": sealed["purpose"],
        "seats": sealed["seats"],
        "id": round_id(sealed),
        "submitted": submitted(sealed),
        "skipped": sealed["skipped"],
        "waiting": waiting(sealed),
    }
    if seat is not None and str(seat) in sealed["choices"]:
        out["mine"] = sealed["choices"][str(seat)]
    return out
