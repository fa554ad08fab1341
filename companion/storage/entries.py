"""What a journal row says happened: one frozen dataclass per kind, read and written here only.

A row's ``entry`` column is a JSON object whose ``"kind"`` names what happened
(docs/architecture.md, "The journal"); the field names below are the row's, so every journal
written before these classes existed reads unchanged:

==================  =====================================================================
``action``          :class:`ActionApplied` — a move of the game, resolved (``drawn``,
                    ``known``), with the ``rules`` version it was made under
``undo``            :class:`ActionUndone` — the ``target`` taken back, the sealed moves it
                    discards (``reopen``), what it had ``disclosed``, a fresh ``reseed``
``correction``      :class:`ActionCorrected` — the ``target``'s dice fixed: its ``action``
                    again, with the right dice
``close``           :class:`GameClosed` — the table confirms the end; the seed is published
``reissue``         :class:`SeatReissued` — a new join code for a ``seat``
``on_tablet``       :class:`SeatKeptOnTablet` — a ``seat`` played on the tablet behind a PIN
``private_open``    :class:`PrivatePageOpened` — that seat's private page opened there
``private_closed``  :class:`PrivatePageClosed` — and closed, ``why``: ``lock``/``expired``
==================  =====================================================================

Changes made through a request also keep ``requests`` (idempotency key -> the request's
fingerprint). :func:`from_row` refuses, as a :class:`~companion.errors.JournalError` naming
the table and the version, a row of a kind this companion does not know, a row missing a
field, or a row with a field no kind has: a journal is never read by guessing (as
eventsourcing's projectors refuse an event type they have no rule for).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from companion.errors import JournalError

Requests = Mapping[str, str]  # idempotency key -> the request's fingerprint


@dataclass(frozen=True)
class FreshSeed:
    """A seed committed when play resumes on a closed game (``companion/randomness/epochs.py``)."""

    seed: str  # hex
    hash: str  # its commitment, shown in the public log


@dataclass(frozen=True)
class ActionApplied:
    """A move of the game, as the rules applied it (its draws and catalogue facts in it)."""

    KIND: ClassVar[str] = "action"
    action: dict
    rules: int | None = None  # None: made under the table's recorded rules version
    requests: Requests = field(default_factory=dict)


@dataclass(frozen=True)
class ActionUndone:
    """The last action in effect taken back (docs/architecture.md, "What cannot be taken back")."""

    KIND: ClassVar[str] = "undo"
    target: int
    reopen: tuple[int, ...] = ()  # the sealed round's moves an undone reveal discards
    disclosed: tuple[dict, ...] = ()  # log lines: what the undone entry had shown
    reseed: FreshSeed | None = None
    requests: Requests = field(default_factory=dict)


@dataclass(frozen=True)
class ActionCorrected:
    """A misread roll fixed: the target action again, with the dice that really showed."""

    KIND: ClassVar[str] = "correction"
    target: int
    action: dict  # the target's action with the right dice, drawn again
    disclosed: tuple[dict, ...] = ()
    reseed: FreshSeed | None = None
    rules: int | None = None
    requests: Requests = field(default_factory=dict)


@dataclass(frozen=True)
class GameClosed:
    """The table confirmed the end: the seed in force is published."""

    KIND: ClassVar[str] = "close"
    requests: Requests = field(default_factory=dict)


@dataclass(frozen=True)
class SeatReissued:
    """A seat given a new join code; the old device is out."""

    KIND: ClassVar[str] = "reissue"
    seat: int


@dataclass(frozen=True)
class SeatKeptOnTablet:
    """A seat played on the tablet behind a PIN; its join code is spent."""

    KIND: ClassVar[str] = "on_tablet"
    seat: int


@dataclass(frozen=True)
class PrivatePageOpened:
    """A seat's private page opened on the tablet (the right PIN)."""

    KIND: ClassVar[str] = "private_open"
    seat: int


@dataclass(frozen=True)
class PrivatePageClosed:
    """That page closed: locked on the tablet, or its time was up."""

    KIND: ClassVar[str] = "private_closed"
    WHY: ClassVar[tuple[str, ...]] = ("lock", "expired")
    seat: int
    why: str


JournalEntry = (
    ActionApplied
    | ActionUndone
    | ActionCorrected
    | GameClosed
    | SeatReissued
    | SeatKeptOnTablet
    | PrivatePageOpened
    | PrivatePageClosed
)
KINDS: dict[str, type] = {
    kind.KIND: kind
    for kind in (
        ActionApplied,
        ActionUndone,
        ActionCorrected,
        GameClosed,
        SeatReissued,
        SeatKeptOnTablet,
        PrivatePageOpened,
        PrivatePageClosed,
    )
}


# -- what an entry does to the game --------------------------------------------------------
def put_in_effect(entry: JournalEntry) -> dict | None:
    """The action this entry puts in effect (an action's, a correction's), if any."""
    match entry:
        case ActionApplied(action=action) | ActionCorrected(action=action):
            return action
    return None


def taken_out(entry: JournalEntry) -> list[int]:
    """The versions an entry takes out of effect: an undo's or a correction's target, and
    the submissions an undone reveal discards."""
    match entry:
        case ActionUndone(target=target, reopen=reopen):
            return [target, *reopen]
        case ActionCorrected(target=target):
            return [target]
    return []


def with_requests(entry: JournalEntry, requests: Requests) -> JournalEntry:
    """The entry as made by these requests (only changes made through a request have them)."""
    if not isinstance(entry, ActionApplied | ActionUndone | ActionCorrected | GameClosed):
        raise TypeError(f"a {entry.KIND!r} entry is not made by a request")
    return replace(entry, requests=dict(requests))


# -- the row -------------------------------------------------------------------------------
def to_row(entry: JournalEntry) -> dict:
    """The JSON object stored for ``entry`` (its optional fields only when they say
    something, as rows have always been written)."""
    if not isinstance(entry, tuple(KINDS.values())):
        raise TypeError(f"not a journal entry: {entry!r}")
    row: dict[str, Any] = {"kind": entry.KIND}
    match entry:
        case ActionApplied(action=action, rules=rules):
            row["action"] = action
            _put(row, "rules", rules)
        case ActionUndone(target=target, reopen=reopen, disclosed=disclosed, reseed=reseed):
            row["target"] = target
            _put(row, "reopen", list(reopen))
            _put(row, "disclosed", list(disclosed))
            _put(row, "reseed", reseed and {"seed": reseed.seed, "hash": reseed.hash})
        case ActionCorrected(target=target, action=action, disclosed=disclosed, reseed=reseed):
            row["target"] = target
            _put(row, "disclosed", list(disclosed))
            _put(row, "reseed", reseed and {"seed": reseed.seed, "hash": reseed.hash})
            row["action"] = action
            _put(row, "rules", entry.rules)
        case GameClosed():
            pass
        case SeatReissued(seat=seat) | SeatKeptOnTablet(seat=seat) | PrivatePageOpened(seat=seat):
            row["seat"] = seat
        case PrivatePageClosed(seat=seat, why=why):
            row["seat"], row["why"] = seat, why
    _put(row, "requests", dict(getattr(entry, "requests", {})))
    return row


def _put(row: dict, name: str, value: Any) -> None:
    if value not in (None, [], {}):
        row[name] = value


def from_row(row: Any, table_id: str, version: int) -> JournalEntry:
    """The entry a stored row holds; a :class:`JournalError` naming the table and the
    version if it is of an unknown kind, lacks a field, or holds one no kind has."""
    where = f"table {table_id}: entry v{version}"
    if not isinstance(row, dict):
        raise JournalError(f"{where} is not a journal entry: {str(row)[:80]}")
    kind = row.get("kind")
    if kind not in KINDS:
        raise JournalError(
            f"{where} is of a kind this companion does not know: {kind!r} "
            f"(it knows {', '.join(KINDS)})"
        )
    try:
        entry = _read(kind, _Fields(row))
    except (KeyError, TypeError, ValueError) as error:
        raise JournalError(f"{where} is not a readable {kind!r} entry: {error}") from None
    extra = set(row) - _FIELDS[kind]
    if extra:
        raise JournalError(f"{where} ({kind!r}) holds fields no entry has: {sorted(extra)}")
    return entry


# every field a row of each kind may hold
_FIELDS = {
    "action": {"kind", "action", "rules", "requests"},
    "undo": {"kind", "target", "reopen", "disclosed", "reseed", "requests"},
    "correction": {"kind", "target", "action", "disclosed", "reseed", "rules", "requests"},
    "close": {"kind", "requests"},
    "reissue": {"kind", "seat"},
    "on_tablet": {"kind", "seat"},
    "private_open": {"kind", "seat"},
    "private_closed": {"kind", "seat", "why"},
}


def _read(kind: str, row: _Fields) -> JournalEntry:
    match kind:
        case "action":
            return ActionApplied(row.object("action"), row.rules(), row.requests())
        case "undo":
            return ActionUndone(
                row.number("target"),
                tuple(row.ints("reopen")),
                tuple(row.lines()),
                row.reseed(),
                row.requests(),
            )
        case "correction":
            return ActionCorrected(
                row.number("target"),
                row.object("action"),
                tuple(row.lines()),
                row.reseed(),
                row.rules(),
                row.requests(),
            )
        case "close":
            return GameClosed(row.requests())
        case "reissue":
            return SeatReissued(row.number("seat"))
        case "on_tablet":
            return SeatKeptOnTablet(row.number("seat"))
        case "private_open":
            return PrivatePageOpened(row.number("seat"))
        case "private_closed":
            why = row.row["why"]
            if why not in PrivatePageClosed.WHY:
                raise ValueError(f"'why' is {why!r}")
            return PrivatePageClosed(row.number("seat"), why)
    raise AssertionError(kind)  # from_row checked the kind against KINDS


class _Fields:
    """A row's fields, each checked for the type it must have."""

    def __init__(self, row: dict) -> None:
        self.row = row

    def number(self, name: str) -> int:
        value = self.row[name]
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{name!r} is {value!r}, not a number")
        return value

    def ints(self, name: str) -> list[int]:
        values = self.row.get(name, [])
        if not isinstance(values, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in values
        ):
            raise TypeError(f"{name!r} is {values!r}, not a list of numbers")
        return values

    def object(self, name: str) -> dict:
        value = self.row[name]
        if not isinstance(value, dict):
            raise TypeError(f"{name!r} is {value!r}, not an object")
        return value

    def lines(self) -> list[dict]:
        lines = self.row.get("disclosed", [])
        if not isinstance(lines, list) or not all(isinstance(line, dict) for line in lines):
            raise TypeError(f"'disclosed' is {lines!r}, not a list of log lines")
        return lines

    def rules(self) -> int | None:
        return self.number("rules") if "rules" in self.row else None

    def reseed(self) -> FreshSeed | None:
        fresh = self.row.get("reseed")
        if fresh is None:
            return None
        if not isinstance(fresh, dict) or set(fresh) != {"seed", "hash"}:
            raise TypeError(f"'reseed' is {fresh!r}, not a seed and its hash")
        return FreshSeed(str(fresh["seed"]), str(fresh["hash"]))

    def requests(self) -> dict[str, str]:
        found = self.row.get("requests", {})
        if not isinstance(found, dict):
            raise TypeError(f"'requests' is {found!r}, not an object")
        return found
