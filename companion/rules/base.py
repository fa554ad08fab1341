"""The game protocol every rules module follows, and the one error they raise.

A game is a plain module (see ``docs/architecture.md``) with these functions over plain
JSON-able state (dicts, lists, ints, strings, bools, None):

``setup(players, options) -> state``
    ``players`` is a list of names, in seat order (seat 0 first). ``options`` is a dict of
    table options, already merged with the game's ``OPTIONS`` defaults.
``apply(state, action) -> state``
    Returns a *new* state and never mutates its input. Only what changes is copied
    (structural sharing): a replay of 10,000 actions must stay well under a second.
    Illegal actions raise :class:`RuleError` and leave nothing changed.
    Every action is ``{"type": str, "seat": int | None, ...}``; ``seat`` is who acts.
``legal(state, seat) -> list[dict]``
    Action templates that ``seat`` (``None``: the table as a whole) may submit now. See
    :func:`template`. Pages offer exactly these, and property tests draw from them.
``prompt(state) -> dict | None``
    What the table is waiting for. See :func:`dice_prompt` and :func:`secret_prompt`.
``view(state, seat) -> dict``
    What one viewer may see: ``seat=None`` is the public table. Only views leave the process.
``describe(action, seat) -> dict``
    The log line that viewer may read: ``{"key": str, "params": {...}}``.
``draws(state, action) -> dict[str, dict]`` (optional)
    Random choices the action needs, as ``{name: {"population": [...], "count": k}}``. The
    name is the draw's *kind*: the k-th item of a kind in effect is derived from the seed
    and the kind (``companion/randomness/draws.py``), whatever other actions came between.
    The table draws them (see ``companion/randomness/draws.py``) and writes
``action["drawn"][name]`` as a list of ``k`` items drawn without replacement *before* ``apply`` sees
the action, so the journal holds resolved actions and replay is exact. Clients may never send
    ``"drawn"`` themselves; the table refuses it.
``discloses(before, after, action) -> list[dict]`` (optional)
    The public lines (:func:`line`) of what ``action`` told everyone that depended on a
    secret (a death toll, a robbery). An undo of it is marked in the public log and keeps
    these lines: undo is no oracle on secrets.
``notes(before, after, action) -> dict`` (optional)
    Public facts the log line needs from the state the action met (the coins a correction
    moved, what a sale revealed), written by the table into ``action["noted"]`` when it
    prepares the action (``companion/play/log_notes.py``); ``apply`` ignores them, ``describe``
reads them. Clients may never send ``"noted"``.
``final(state) -> bool``
    True once the game is over: every screen shows the result; the tablet closes the game,
    which publishes the seed.
``standings(state) -> list[dict]`` (optional)
    Once ``final``: each seat's place and the number that decided it
    (``ranking.standing``), public, for the final screen and the exports.
``start_seat(state) -> int | None`` (optional)
    The seat that took the first turn, once known (public): the play logger's start
    player. A game without one (every seat plans at once) has no start player.

Module attributes: ``NAME`` (the game id), ``PLAYERS`` (``range`` of player counts),
``OPTIONS`` (option name -> default), ``RULES_VERSION`` (an int, bumped when a change to
the rules module would replay an old journal differently).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from companion.rules import shapes
from companion.rules.dice import check_faces
from companion.rules.errors import RuleError

#: A rules step: a state and an action in, the new state out (``apply``'s shape).
Handler = Callable[[dict, dict], dict]


def template(action_type: str, seat: int | None, **params: dict) -> dict:
    """An action template for ``legal``: the fixed parts and the open parameters.

    Each open parameter is described by one of these (``kind`` first):

    - ``{"kind": "int", "min": a, "max": b}`` (and ``"step": s`` when not 1)
    - ``{"kind": "choice", "options": [value, ...]}`` (a value may be any JSON scalar)
    - ``{"kind": "multi", "options": [value, ...], "min": a, "max": b}`` -> list of values
    - ``{"kind": "text", "max": n, "shape": s}`` (``s`` from ``companion/rules/shapes.py``;
      and ``"pattern"`` when declared)
    - ``{"kind": "dice", "dice": ["d6", ...]}`` -> list of faces, answered by the die reader

    A secret submission is made with :func:`secret_template`; parameters that go only in
    some pairings are declared with :func:`combinations`.
    """
    return {"type": action_type, "seat": seat, "params": params}


def combinations(offered: dict, fillings: Sequence[dict]) -> dict:
    """``offered`` (a :func:`template`) whose choice parameters named in ``fillings`` go
    together only as one of them (a sticker's brand and value: no brand is $500): the page
    offers, once a parameter is chosen, only the values of the later ones that fill one of
    them, and :func:`match_template` refuses any other pairing. Every filling names the
    same parameters, each a choice of ``offered``, in the order of its ``params``."""
    names = [name for name in offered["params"] if name in fillings[0]]
    for filling in fillings:
        if set(filling) != set(names):
            raise ValueError("every filling names the same parameters of the template")
        for name, value in filling.items():
            if not any(same_value(o, value) for o in offered["params"][name]["options"]):
                raise ValueError(f"{value!r} is not a choice of {name!r}")
    return {**offered, "combinations": [{name: f[name] for name in names} for f in fillings]}


def secret_template(action_type: str, seat: int, **params: dict) -> dict:
    """A :func:`template` for a secret submission: only the seat's own device may send it."""
    return {**template(action_type, seat, **params), "secret": True}


def blocked(offered: dict, code: str, **params: Any) -> dict:
    """``offered`` (a :func:`template`) shown but not open now: the page draws it dimmed
    and, tapped, says why in the game's words (``code``: the refusal the rules would give,
    with its ``params``) without sending anything. For a move the player may hold in hand
    and cannot pay for (a card the companion does not see): its button stays where the
    player looks for it, and says at a glance that it cannot be played now."""
    return {**offered, "blocked": {"code": code, "params": params}}


def int_param(low: int, high: int, step: int = 1, default: int | None = None) -> dict:
    """Whole numbers from ``low`` to ``high``; with ``step``, only ``low + k * step``
    (money in $100s): the page's +/- buttons move by the step. ``default`` is what the
    form starts at (the current value, say); otherwise it starts at ``low``."""
    out = {"kind": "int", "min": low, "max": high}
    if step != 1:
        out["step"] = step
    if default is not None:
        out["default"] = default
    return out


def choice_param(options: Sequence, default: Any = None, labels: list | None = None) -> dict:
    """One of ``options``; ``default`` (one of them) is picked when the form opens. A
    single option is always picked. ``labels``, one per option, say what a button shows
    when the value alone would not (a card by its number): a plain string, or a line
    (``line(key, **params)``) put into words in the viewer's language."""
    out = {"kind": "choice", "options": list(options)}
    if default is not None:
        out["default"] = default
    if labels is not None:
        if len(labels) != len(out["options"]):
            raise ValueError("one label per option")
        out["labels"] = list(labels)
    return out


def money_choice(options: Sequence[int], default: int | None = None) -> dict:
    """One of ``options``, each a sum of money: its button shows the amount as the viewer's
    language writes money ("$1,000", « 1 000 $ »: ``core.money``, through the pages' one
    money formatter in ``web/static/words.js``), never the bare ``1000``."""
    return choice_param(options, default, labels=[line("core.money", amount=v) for v in options])


def multi_param(
    options: Sequence, low: int = 0, high: int | None = None, default: list | None = None
) -> dict:
    out = {
        "kind": "multi",
        "options": list(options),
        "min": low,
        "max": len(options) if high is None else high,
    }
    if default is not None:
        out["default"] = list(default)
    return out


def text_param(
    longest: int = 60,
    default: str | None = None,
    shape: str = "printable",
    pattern: str | None = None,
) -> dict:
    """Typed text of a declared ``shape`` (``companion/rules/shapes.py``: printable text,
    a number in digits, a list of numbers), at most ``longest`` characters, matching
    ``pattern`` (a regular expression) when given: checked and normalised before the rules
    see it."""
    if shape not in shapes.SHAPES:
        raise ValueError(f"no text shape {shape!r}")
    out = {"kind": "text", "max": longest, "shape": shape}
    if pattern is not None:
        out["pattern"] = pattern
    if default is not None:
        out["default"] = default
    return out


def dice_param(dice: list[str]) -> dict:
    return {"kind": "dice", "dice": list(dice)}


def dice_prompt(
    seat: int | None,
    dice: list[str],
    action_type: str,
    why: str,
    *,
    owners: list[int | None] | None = None,
    **why_params: Any,
) -> dict:
    """The table waits for a throw of ``dice``; the faces become ``action["dice"]``.

    ``seat`` is whose prompt it is: that seat's own device may answer it (the tablet and
    this Pi's hardware always may); ``None`` is the table's, answered from the tablet or the
    hardware only. When the dice belong to different people (each of two ranchers throws
    one cowboy die), ``owners`` names each die's seat, in the order of ``dice``: the prompt
    is answered die by die, each from its owner's device (or from the tablet or hardware,
    in that order), and the action is sent when the last one lands.

    ``why`` is a catalog key saying what the roll is for (shown in large type).
    """
    out: dict[str, Any] = {
        "kind": "dice",
        "seat": seat,
        "dice": list(dice),
        "action": {"type": action_type, "seat": seat},
        "why": {"key": why, "params": why_params},
    }
    if owners is not None:
        if len(owners) != len(dice):
            raise ValueError("one owner per die")
        out["owners"] = list(owners)
    return out


def choice_prompt(seat: int | None, why: str, **why_params: Any) -> dict:
    """The table waits for ``seat`` to choose among its legal actions."""
    return {"kind": "choice", "seat": seat, "why": {"key": why, "params": why_params}}


def secret_prompt(waiting: list[int], submitted: list[int], why: str, **why_params: Any) -> dict:
    """The table waits for secret submissions: says *who* has submitted, never what."""
    return {
        "kind": "secret",
        "seats": sorted(waiting),
        "submitted": sorted(submitted),
        "why": {"key": why, "params": why_params},
    }


def line(key: str, **params: Any) -> dict:
    """A log line for ``describe``: a catalog key and its parameters."""
    return {"key": key, "params": params}


def require(condition: object, code: str, **params: Any) -> None:
    """Raise ``RuleError(code, **params)`` unless ``condition`` holds."""
    if not condition:
        raise RuleError(code, **params)


def same_value(option: Any, value: Any) -> bool:
    """``value`` is exactly ``option``: JSON's ``2.0`` is not the choice ``2``, ``true`` is not
    ``1``, and a list or an object is never a scalar choice."""
    return type(option) is type(value) and not isinstance(value, (list, dict)) and option == value


def check_param(spec: dict, value: Any, name: str) -> Any:
    """Validate one submitted value against its template parameter; return it normalised."""
    kind = spec["kind"]
    if kind == "int":
        require(isinstance(value, int) and not isinstance(value, bool), "bad_param", name=name)
        require(
            spec["min"] <= value <= spec["max"],
            "out_of_range",
            name=name,
            min=spec["min"],
            max=spec["max"],
        )
        step = spec.get("step", 1)
        require((value - spec["min"]) % step == 0, "out_of_step", name=name, step=step)
        return value
    if kind == "choice":
        require(
            any(same_value(option, value) for option in spec["options"]), "bad_choice", name=name
        )
        return value
    if kind == "multi":
        require(isinstance(value, list), "bad_param", name=name)
        require(
            spec["min"] <= len(value) <= spec["max"],
            "out_of_range",
            name=name,
            min=spec["min"],
            max=spec["max"],
        )
        pool = list(spec["options"])
        for item in value:
            index = next((i for i, option in enumerate(pool) if same_value(option, item)), None)
            if index is None:
                raise RuleError("bad_choice", name=name)
            del pool[index]
        return value
    if kind == "text":
        shape = spec.get("shape", "printable")
        return shapes.shaped(value, shape, spec["max"], name, spec.get("pattern"))
    if kind == "dice":
        return check_faces(spec["dice"], value)
    raise RuleError("bad_param", name=name)


def normalised(templates: list[dict], action: Any) -> Any:
    """``action`` with each parameter as its template keeps it (typed text by its shape:
    ``"０９３"`` is ``"93"``), for the table to journal and the rules to see. An action that
    fills no template is returned as it is, for the rules to refuse in their own words."""
    try:
        candidate = match_template(templates, action)
    except RuleError:
        return action
    params = candidate["params"]
    return {**action, **{name: check_param(params[name], action[name], name) for name in params}}


def match_template(templates: list[dict], action: dict) -> dict:
    """Find the legal template ``action`` fills in, check every parameter, return it.

    Games may call this at the top of ``apply`` so that what the pages offer and what the
    rules accept are one list. Extra keys that are not parameters are refused. A template of
    a sealed round's submission names its round (``"round"``, ``sealed.submission``); an
    action that names another round is refused (``moment_passed``). One that names none is
    a journal's entry from before rounds had ids: the live table requires it
    (``companion/writer/service.py``).
    """
    require(isinstance(action, dict) and isinstance(action.get("type"), str), "bad_action")
    candidates = [
        t for t in templates if t["type"] == action["type"] and t["seat"] == action.get("seat")
    ]
    require(bool(candidates), "not_now", action=action["type"])
    last_error: RuleError | None = None
    for candidate in candidates:
        try:
            params = candidate["params"]
            extra = set(action) - set(params) - {"type", "seat", "drawn", "round", "noted"}
            require(not extra, "bad_param", name=",".join(sorted(extra)))
            if "round" in action:
                require("round" in candidate, "bad_param", name="round")
                require(same_value(candidate["round"], action["round"]), "moment_passed")
            for name, spec in params.items():
                require(name in action, "missing_param", name=name)
                check_param(spec, action[name], name)
            _check_combination(candidate, action)
            return candidate
        except RuleError as error:
            last_error = error
    assert last_error is not None
    raise last_error


def _check_combination(candidate: dict, action: dict) -> None:
    """The action's values of a template's :func:`combinations` are one of its fillings."""
    fillings = candidate.get("combinations")
    if not fillings:
        return
    fits = any(all(same_value(v, action[n]) for n, v in f.items()) for f in fillings)
    require(fits, "bad_combination", names=", ".join(fillings[0]))


def replace(mapping: dict, **changes: Any) -> dict:
    """A shallow copy of ``mapping`` with ``changes``: the unit of structural sharing."""
    out = dict(mapping)
    out.update(changes)
    return out


def replace_at(items: list, index: int, value: Any) -> list:
    """A shallow copy of ``items`` with ``items[index] = value``."""
    out = list(items)
    out[index] = value
    return out


_KEPT_TEMPLATES = 32  # (state, arguments) pairs remembered: every seat of the last few states

Made = TypeVar("Made")


def once_per_state(legal: Callable[..., Made]) -> Callable[..., Made]:
    """``legal`` made once per state and arguments. Rules are pure and a state is never
    changed in place, so the same state object always has the same templates: the table's
    checks, ``apply``'s own ``match_template`` and every viewer's ``legal`` list share one
    computation. (Any pure function of a state can be made once so: a game's public part of
    its views, say.) Only the last few are kept, each with its state held, so that an id
    cannot be reused while it is remembered. What is returned is shared: read it, never
    change it. No lock (rules import nothing of threads): each step is one dict operation,
    and two threads that miss together only both compute it."""
    kept: dict[tuple, tuple[dict, Made]] = {}

    @functools.wraps(legal)
    def remembered(state: dict, *args: Any) -> Made:
        key = (id(state), args)
        hit = kept.get(key)
        if hit is not None and hit[0] is state:
            return hit[1]
        templates = legal(state, *args)
        kept.pop(key, None)
        kept[key] = (state, templates)
        if len(kept) > _KEPT_TEMPLATES:
            for old in list(kept)[: len(kept) - _KEPT_TEMPLATES]:  # the oldest first
                kept.pop(old, None)
        return templates

    return remembered
