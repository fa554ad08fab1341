"""Checking what a new table is asked to be: player names and options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.known_games import registry
from companion.rules import shapes
from companion.rules.base import RuleError
from companion.rules.dice import bad_face, is_face

LONGEST_NAME = 24


def check_players(players: Any, allowed: range) -> list[str]:
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RuleError("bad_players")
    if len(players) not in allowed:
        raise RuleError("player_count", min=allowed.start, max=allowed.stop - 1)
    names = [_name(p) for p in players]
    if len({n.casefold() for n in names}) != len(names):
        raise RuleError("duplicate_player_name")
    return names


def _name(typed: str) -> str:
    """A player's name as printable text (no control or direction characters)."""
    try:
        return shapes.shaped(typed, "printable", LONGEST_NAME, "players")
    except RuleError as error:
        if error.code == "unprintable_text":
            raise
        raise RuleError("bad_player_name", max=LONGEST_NAME) from None


def check_options(options: Any, defaults: dict, choices: Mapping[str, tuple] | None = None) -> dict:
    """Merge ``options`` over the game's defaults; each value must have its default's type
    (a default of None accepts any JSON value), and be one of the game's
    ``OPTION_CHOICES`` where it lists them."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise RuleError("bad_options")
    merged = dict(defaults)
    for name, value in options.items():
        if name not in defaults:
            raise RuleError("unknown_option", name=str(name)[:40])
        default = defaults[name]
        if default is not None and not _same_kind(default, value):
            raise RuleError("bad_option", name=name)
        if choices and name in choices and value not in choices[name]:
            raise RuleError("bad_option", name=name)
        merged[name] = value
    return merged


def _same_kind(default: Any, value: Any) -> bool:
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(default, bool) and isinstance(value, bool)
    if isinstance(default, int):
        return isinstance(value, int)
    return isinstance(value, type(default))


def check_thrown(dice: Any) -> tuple[tuple[str, int], ...]:
    """Dice sent from a page: ``[{"die": kind, "face": n}, ...]``, one to six of them."""
    if not isinstance(dice, list) or not 1 <= len(dice) <= 6:
        raise RuleError("bad_dice")
    out = []
    for item in dice:
        if (
            not isinstance(item, dict)
            or not isinstance(item.get("die"), str)
            or item["die"] not in registry.faces()
        ):
            raise RuleError("bad_dice")
        if not is_face(item["die"], item.get("face")):
            raise bad_face(item["die"], item.get("face"))
        out.append((item["die"], item["face"]))
    return tuple(out)
