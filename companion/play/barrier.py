"""Reveals are barriers: undoing the reveal of sealed submissions reopens the round for every
seat, never for one (docs/architecture.md, "Reveals are barriers").

A sealed round's prompt (``companion/rules/sealed.py``, ``sealed.prompt``) carries the
round's ``purpose``, ``seats`` and ``moves`` (submissions, changes and skips so far), so the
table can see, knowing no game, which actions moved the round: those after which ``moves``
grew by one. The action after which the round's prompt is gone (or is another round) is the
reveal. Undoing it takes out every move of that round too, and every seat is asked again;
nobody ever chooses knowing the others' revealed choices while theirs stay fixed.
"""

from __future__ import annotations

from typing import Protocol

from companion.known_games.game_contract import GameRules


class Rounds(Protocol):
    """What the barrier reads of a table (a :class:`companion.play.table.Table`): its actions in
    effect, each state they lead to, and what it asks now."""

    @property
    def effective(self) -> list[tuple[int, dict]]: ...

    @property
    def game(self) -> GameRules: ...

    def state_at(self, position: int) -> dict: ...

    def prompt(self) -> dict | None: ...


def round_of(prompt: dict | None) -> dict | None:
    """The sealed round a prompt waits on, if it is one."""
    if not prompt or prompt.get("kind") != "secret":
        return None
    return prompt.get("round")


def is_move(before: dict | None, after: dict | None) -> bool:
    """``after`` is ``before``'s round with one more submission, change or skip."""
    return (
        before is not None
        and after is not None
        and before.get("id") == after.get("id")
        and before["purpose"] == after["purpose"]
        and before["seats"] == after["seats"]
        and after["moves"] == before["moves"] + 1
    )


def moves_to_discard(table: Rounds) -> tuple[bool, list[int]]:
    """Whether the last action in effect revealed a sealed round, and the versions of the
    round's earlier moves that an undo of it must discard with it."""
    last = len(table.effective) - 1
    asked = table.game.prompt(table.state_at(last))
    before = round_of(asked)
    # the reveal is the move that leaves no one waiting (a round given up, an Abilene sale
    # cancelled with votes still out, shows nothing and is a plain undo)
    if (
        asked is None
        or before is None
        or is_move(before, round_of(table.prompt()))
        or len(asked["seats"]) > 1
    ):
        return False, []
    moves = []
    after: dict | None = before
    for position in range(last - 1, -1, -1):
        earlier = round_of(table.game.prompt(table.state_at(position)))
        if earlier != after:
            if not is_move(earlier, after):
                break  # this action opened the round
            moves.append(table.effective[position][0])
        after = earlier
    return True, sorted(moves)


def without(effective: list, versions: list[int], at: int) -> list:
    """``effective`` without the actions ``versions`` (all of them must be in effect)."""
    if not versions:
        return effective
    kept = [item for item in effective if item[0] not in versions]
    if len(kept) != len(effective) - len(set(versions)):
        raise ValueError(f"entry {at} discards actions not in effect")
    return kept


def first_change(effective: list, versions: list[int]) -> int:
    """The first position whose state changes when ``versions`` are discarded (the end
    of ``effective`` if none are)."""
    return next((i for i, item in enumerate(effective) if item[0] in versions), len(effective))
