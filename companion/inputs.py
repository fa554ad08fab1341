"""Where hardware input goes: dice to the prompt that asks for them, keys to the keypad,
cards to the registry. Runs on the service's writer thread only.

A roll that answers the active table's dice prompt becomes that prompt's action; any other
roll is shown as a free roll and changes nothing (docs/architecture.md, "Where a roll goes"). A roll
from the sensor can be set to wait for ``confirm``. The keypad types one face per die, in
the order the prompt lists the dice; ``confirm`` sends them.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

from companion.errors import CompanionError
from companion.events import (ButtonPressed, CardScanned, DeviceStatus, DiceMoving, DieRolled,
                              DieTilted, InputEvent)
from companion.rules.base import RuleError
from companion.rules.dice import arrange, is_face, matches
from companion.table import Table, Viewer

DEVICE = Viewer(admin=True, device="device")
END_TURN_TYPES = ("end_turn", "next_turn", "pass")


class Desk(Protocol):
    """What the router is handed: the writer thread's side of the service, and no more."""

    tables: dict[str, Table]

    def active_table_id(self) -> str | None: ...

    def set_device(self, name: str, status: dict) -> None: ...

    def publish(self, kind: str, data: dict, table_id: str) -> None: ...

    def act_now(self, table_id: str, action: dict, viewer: Viewer, source: str) -> dict: ...

    def card_name(self, game: str, uid: str) -> str | None: ...


class InputRouter:
    def __init__(self, service: Desk, virtual_throw: Callable[[list[str]], Any] | None,
                 sensor_confirm: bool) -> None:
        self.service = service
        self.virtual_throw = virtual_throw
        self.sensor_confirm = sensor_confirm
        self.keypad: list[int] = []
        self.pending: list[int] | None = None  # a sensor roll waiting for confirm

    # -- dispatch ------------------------------------------------------------------------
    def handle(self, event: InputEvent) -> None:
        if isinstance(event, DeviceStatus):
            self.service.set_device(event.device or event.kind, {
                "kind": event.kind, "state": event.state, "detail": event.detail,
                "counters": dict(event.counters)})
        elif isinstance(event, DiceMoving):
            self._tell("moving", {})
        elif isinstance(event, DieTilted):
            self._tell("tilt", {"die": event.die})
        elif isinstance(event, DieRolled):
            table = self._active()
            if table is not None:
                try:
                    self.roll(table, event)
                except (RuleError, CompanionError):
                    pass  # already shown on the dashboard by _answer
        elif isinstance(event, ButtonPressed):
            self.button(event)
        elif isinstance(event, CardScanned):
            self.card(event)

    def _active(self) -> Table | None:
        table_id = self.service.active_table_id()
        return self.service.tables.get(table_id) if table_id else None

    def _tell(self, kind: str, data: dict, table_id: str | None = None) -> None:
        active = table_id or self.service.active_table_id()
        if active:
            self.service.publish(kind, data, active)

    # -- dice ----------------------------------------------------------------------------
    def dice_prompt(self, table: Table) -> dict | None:
        prompt = table.prompt() if not table.ended else None
        return prompt if prompt and prompt.get("kind") == "dice" else None

    def roll(self, table: Table, event: DieRolled) -> dict:
        """Route one throw; return what became of it (for the HTTP caller)."""
        shown = [{"die": kind, "face": face} for kind, face in event.dice]
        prompt = self.dice_prompt(table)
        if prompt is None or not matches(prompt["dice"], [k for k, _ in event.dice]):
            self._tell("roll", {"dice": shown, "free": True, "source": event.source}, table.id)
            return {"free": True}
        faces = arrange(prompt["dice"], list(event.dice))
        if event.wait_for_confirm or (self.sensor_confirm and event.source == "reader"):
            self.pending = faces
            self._tell("roll", {"dice": shown, "pending": True, "source": event.source},
                       table.id)
            return {"pending": True}
        self._tell("roll", {"dice": shown, "source": event.source}, table.id)
        return self._answer(table, prompt, faces, event.source)

    def _answer(self, table: Table, prompt: dict, faces: list[int], source: str) -> dict:
        action = {**prompt["action"], "dice": faces}
        try:
            return self.service.act_now(table.id, action, DEVICE, source)
        except (RuleError, CompanionError) as error:
            self._tell("input_error", {"code": error.code, "params": error.params}, table.id)
            raise

    def virtual(self, table: Table) -> list[str]:
        """Ask the virtual thrower (the simulator, in --sim) to throw what the prompt asks."""
        prompt = self.dice_prompt(table)
        kinds = prompt["dice"] if prompt else ["d6"]
        if self.virtual_throw is None:
            raise RuleError("no_virtual_dice")
        self.virtual_throw(list(kinds))
        return list(kinds)

    # -- buttons -------------------------------------------------------------------------
    def button(self, event: ButtonPressed) -> None:
        table = self._active()
        if table is None:
            return
        try:
            self._button(table, event)
        except (RuleError, CompanionError) as error:
            self._tell("input_error", {"code": error.code, "params": error.params}, table.id)

    def _button(self, table: Table, event: ButtonPressed) -> None:
        role = event.role
        if role.startswith("digit"):
            self._digit(table, int(role[len("digit"):]))
        elif role == "confirm":
            self._confirm(table)
        elif role == "undo":
            if event.long:
                self._tell("undo_requested", {}, table.id)
            else:
                self.keypad = []
                self._tell("keypad", {"typed": []}, table.id)
        elif role == "next":
            self._next(table)
        elif role == "roll":
            self.virtual(table)

    def _digit(self, table: Table, face: int) -> None:
        prompt = self.dice_prompt(table)
        if prompt is None:
            raise RuleError("no_dice_asked")
        kinds = prompt["dice"]
        if len(self.keypad) >= len(kinds):
            raise RuleError("keypad_full", count=len(kinds))
        if not is_face(kinds[len(self.keypad)], face):
            raise RuleError("bad_face", die=kinds[len(self.keypad)], face=str(face))
        self.keypad = self.keypad + [face]
        self._tell("keypad", {"typed": self.keypad, "dice": kinds}, table.id)

    def _confirm(self, table: Table) -> None:
        prompt = self.dice_prompt(table)
        if prompt is None:
            raise RuleError("no_dice_asked")
        if self.pending is not None:
            faces, self.pending = self.pending, None
        elif len(self.keypad) == len(prompt["dice"]):
            faces = self.keypad
        else:
            raise RuleError("keypad_incomplete", count=len(prompt["dice"]))
        self.keypad = []
        self._answer(table, prompt, faces, "buttons")

    def _next(self, table: Table) -> None:
        for template in table.legal_for(DEVICE):
            if template["type"] in END_TURN_TYPES and not template["params"]:
                self.service.act_now(table.id, {"type": template["type"],
                                                "seat": template["seat"]}, DEVICE, "buttons")
                return
        raise RuleError("cannot_end_turn_now")

    def after_change(self, table: Table) -> None:
        """A committed change makes typed or pending dice stale."""
        if self.keypad or self.pending is not None:
            self.keypad, self.pending = [], None
            self._tell("keypad", {"typed": []}, table.id)

    # -- cards ---------------------------------------------------------------------------
    def card(self, event: CardScanned) -> None:
        table = self._active()
        if table is None:
            return
        name = self.service.card_name(table.record.game, event.uid)
        if name is None:
            self._tell("card_unknown", {"uid": event.uid}, table.id)
        else:
            self._tell("card", {"uid": event.uid, "card": name}, table.id)
