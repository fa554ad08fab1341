"""Where hardware input goes: dice to the prompt that asks for them, keys to the keypad,
cards to the registry. Runs on the service's writer thread only.

A roll that answers the active table's dice prompt becomes that prompt's action; other dice
thrown while a prompt asks for dice are refused (``wrong_dice``); a roll when none is asked
is shown as a free roll and changes nothing (docs/architecture.md, "Where a roll goes"). A roll
from the sensor can be set to wait for ``confirm``. The keypad types one face per die, in
the order the prompt lists the dice; ``confirm`` sends them.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Protocol

from companion.access.idempotency import Request, first_answer, same_or_mismatch
from companion.errors import CompanionError, Forbidden
from companion.known_games import registry
from companion.play.answers import HARDWARE, DiceParts, owned_dice, require_dice_answerer
from companion.play.awaited import awaited_seats
from companion.play.table import Table, Viewer
from companion.rules import cards
from companion.rules.base import RuleError
from companion.rules.dice import arrange, bad_face, is_face, matches
from companion.writer.input_events import (
    ButtonPressed,
    CardScanned,
    DeviceStatus,
    DiceMoving,
    DieRolled,
    DieTilted,
    InputEvent,
    InputRefused,
)

DEVICE = HARDWARE


class Desk(Protocol):
    """What the router is handed: the writer thread's side of the service, and no more."""

    tables: dict[str, Table]

    def active_table_id(self) -> str | None: ...

    def set_device(self, name: str, status: dict) -> None: ...

    def publish(self, kind: str, data: dict, table_id: str) -> None: ...

    def act_now(
        self,
        table_id: str,
        action: dict,
        viewer: Viewer,
        source: str,
        request: Request | None = None,
        parts: dict | None = None,
    ) -> dict: ...

    def roll_virtual(
        self,
        table_id: str,
        viewer: Viewer,
        source: str,
        prompt: dict | None = None,
        request: Request | None = None,
    ) -> dict: ...

    def card_name(self, game: str, uid: str) -> str | None: ...

    def frame_receipt(
        self, receipt: tuple[str, str, int] | None
    ) -> AbstractContextManager[None]: ...

    def roll_refused(self, device: str, what: str, code: str) -> None: ...

    def die_seat(self, device: str) -> int | None: ...

    def publish_to_seat(self, kind: str, data: dict, table_id: str, seat: int) -> None: ...


class InputRouter:
    def __init__(self, service: Desk, sensor_confirm: bool) -> None:
        self.service = service
        self.sensor_confirm = sensor_confirm
        self.keypad: list[int] = []
        self.pending: list[int] | None = None  # a sensor roll waiting for confirm
        self._parts: dict[str, DiceParts] = {}  # table id -> dice in so far, die by die

    # -- dispatch ------------------------------------------------------------------------
    def handle(self, event: InputEvent) -> None:
        if isinstance(event, DeviceStatus):
            self.service.set_device(
                event.device or event.kind,
                {
                    "kind": event.kind,
                    "state": event.state,
                    "detail": event.detail,
                    "counters": dict(event.counters),
                    "check": event.check,
                },
            )
        elif isinstance(event, DiceMoving):
            self._tell("moving", {})
        elif isinstance(event, DieTilted):
            self._tell("tilt", {"die": event.die})
        elif isinstance(event, DieRolled):
            self._device_roll(event)
        elif isinstance(event, InputRefused):
            self.service.roll_refused(event.device, event.what, event.reason)
            self._tell("input_error", {"code": event.reason, "params": {"what": event.what}})
        elif isinstance(event, ButtonPressed):
            self.button(event)
        elif isinstance(event, CardScanned):
            self.card(event)

    def _device_roll(self, event: DieRolled) -> None:
        """A throw from a device: answered (its receipt written with the action), shown as
        free, or refused and counted; only then may the device hear its ACK. A die given to
        a seat (``service.devices.give_die``) answers as that seat's own device."""
        table = self._active()
        owner = event.seat if event.seat is not None else self.service.die_seat(event.device)
        by = HARDWARE if owner is None else Viewer(seat=owner)
        try:
            if table is not None:
                with self.service.frame_receipt(event.receipt):
                    self.roll(
                        table, event.dice, by, event.source, wait_for_confirm=event.wait_for_confirm
                    )
        except (RuleError, CompanionError) as error:
            # the reader is told nothing it could act on; the dashboard is, and counts it
            what = " ".join(f"{kind}:{face}" for kind, face in event.dice)
            self.service.roll_refused(event.device or event.source, what, error.code)
            if table is not None:
                self._tell(
                    "input_error",
                    {"code": error.code, "params": error.params, "what": what},
                    table.id,
                )
        finally:
            if event.ack is not None:
                event.ack()

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

    def parts(self, table: Table) -> DiceParts | None:
        """The dice in so far for a prompt answered die by die (stale after any change)."""
        found = self._parts.get(table.id)
        if found is None or found.version != table.version:
            return None
        return found

    def roll(
        self,
        table: Table,
        thrown: tuple[tuple[str, int], ...],
        by: Viewer,
        way: str,
        request: Request | None = None,
        wait_for_confirm: bool = False,
    ) -> dict:
        """Route one throw from ``by`` (a seat's device, the tablet, the hardware) that came
        in through ``way``; return what became of it (for the HTTP caller). A retried
        request whose throw already answered its prompt gets that first answer, even after
        a restart (the journal keeps its key): never a second reading as a free roll."""
        replayed = first_answer(table, request)
        if replayed is not None:
            return replayed
        prompt = self.dice_prompt(table)
        require_dice_answerer(prompt, by)
        shown = [{"die": kind, "face": face} for kind, face in thrown]
        if prompt is not None and "owners" in prompt:
            return self._part(table, prompt, list(thrown), by, way, request, shown)
        if prompt is None:
            # "at": the version after which the page clears the dice (a free roll: the next
            # change; a throw that answers: the change after its answer)
            at = table.version
            self._tell("roll", {"dice": shown, "free": True, "source": way, "at": at}, table.id)
            return {"free": True}
        if not matches(prompt["dice"], [k for k, _ in thrown]):
            # a throw asked for, and other dice thrown: refused, never a free roll
            raise RuleError("wrong_dice", expected=",".join(prompt["dice"]))
        faces = arrange(prompt["dice"], list(thrown))
        of = awaited_seats(prompt, None)  # whose throw it is, shown with the dice
        if wait_for_confirm or (self.sensor_confirm and way == "reader"):
            self.pending = faces
            roll = {
                "dice": shown,
                "pending": True,
                "source": way,
                "of": of,
                "at": table.version + 1,
            }
            self._tell("roll", roll, table.id)
            return {"pending": True}
        roll = {"dice": shown, "source": way, "of": of, "at": table.version + 1}
        self._tell("roll", roll, table.id)
        return self._answer(table, prompt, faces, by.label, way, request)

    def _part(
        self,
        table: Table,
        prompt: dict,
        thrown: list,
        by: Viewer,
        way: str,
        request: Request | None,
        shown: list,
    ) -> dict:
        """One or more dice of a prompt whose dice belong to different people."""
        parts = self.parts(table) or DiceParts(table.version, list(prompt["dice"]))
        if request is not None and request.key in parts.keys:
            same_or_mismatch(request, parts.keys[request.key])
            return {"parts": parts.public(), "replayed": True}
        label = way if by == HARDWARE else by.label  # "seat:2", "admin", or "reader"
        owned = owned_dice(prompt, by)
        if not parts.place(thrown, owned, label):
            # more dice than the thrower's own (a duellist's two), or not its kinds: refused
            if len(thrown) > len(owned):
                raise Forbidden("dice_by_their_owners")
            raise RuleError("wrong_dice", expected=",".join(prompt["dice"][i] for i in owned))
        if request is not None:
            parts.keys[request.key] = request.fingerprint
        self._parts[table.id] = parts
        # whose dice these are: the thrower's own, or (from the tablet or the reader) the owners'
        of = [by.seat] if by.seat is not None else awaited_seats(prompt, None)
        self._tell(
            "roll", {"dice": shown, "source": way, "of": of, "at": table.version + 1}, table.id
        )
        if not parts.complete:
            self._tell("dice_parts", parts.public(), table.id)
            return {"parts": parts.public()}
        actor = "+".join(dict.fromkeys(label for label in parts.by if label))
        earlier = {k: v for k, v in parts.keys.items() if request is None or k != request.key}
        faces = [face for face in parts.faces if face is not None]  # every die is in
        return self._answer(table, prompt, faces, actor, way, request, earlier)

    def _answer(
        self,
        table: Table,
        prompt: dict,
        faces: list[int],
        actor: str,
        way: str,
        request: Request | None = None,
        earlier: dict | None = None,
    ) -> dict:
        """Send the prompt's action with its dice. Whoever answered was checked against the
        prompt; the action goes in with the table's authority and that answerer's name. A
        refusal goes back to the caller, who tells it once: a device's on the dashboard
        (``_device_roll``, ``button``), a page's in its HTTP reply."""
        action = {**prompt["action"], "dice": faces}
        return self.service.act_now(
            table.id, action, Viewer(admin=True, device=actor), way, request, earlier
        )

    def virtual(self, table: Table, by: Viewer, request: Request | None = None) -> list[str] | dict:
        """Virtual dice for the whole prompt, drawn from the table's seed like every other
        draw (undo and roll again throws the same faces), thrown for ``by`` — who must be
        allowed to answer every die of it — and shown like a thrown roll. The dice kinds
        thrown; for a retried request that already threw, its first answer (the journal
        keeps its key, so a retry after a restart never throws for the next prompt)."""
        replayed = first_answer(table, request)
        if replayed is not None:
            return replayed
        prompt = self.dice_prompt(table)
        require_dice_answerer(prompt, by)
        if prompt is None:
            raise RuleError("no_dice_asked")
        if len(owned_dice(prompt, by)) != len(prompt["dice"]):
            raise Forbidden("virtual_roll_whole_prompt")  # each owner throws their own
        label = "buttons" if by == HARDWARE else by.label  # the GPIO roll button
        done = self.service.roll_virtual(
            table.id, Viewer(admin=True, device=label), "virtual", request=request
        )
        self._tell(
            "roll",
            {
                "dice": [{"die": kind, "face": face} for kind, face in done["dice"]],
                "source": "virtual",
                "of": awaited_seats(prompt, None),
                "at": table.version,  # told once the throw's change is made
            },
            table.id,
        )
        return list(prompt["dice"])

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
            self._digit(table, int(role[len("digit") :]))
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
            self.virtual(table, HARDWARE)

    def _keyed(self, table: Table) -> tuple[dict, list[str]]:
        """The open dice prompt and the dice the keypad types for it, in its order: all of
        them, or those still to come when the prompt is answered die by die."""
        prompt = self.dice_prompt(table)
        if prompt is None:
            raise RuleError("no_dice_asked")
        parts = self.parts(table) if "owners" in prompt else None
        if parts is None:
            return prompt, list(prompt["dice"])
        return prompt, [kind for kind, face in zip(parts.dice, parts.faces) if face is None]

    def _digit(self, table: Table, face: int) -> None:
        _, kinds = self._keyed(table)
        if len(self.keypad) >= len(kinds):
            raise RuleError("keypad_full", count=len(kinds))
        if not is_face(kinds[len(self.keypad)], face):
            raise bad_face(kinds[len(self.keypad)], face)
        self.keypad = self.keypad + [face]
        self._tell("keypad", {"typed": self.keypad, "dice": kinds}, table.id)

    def _confirm(self, table: Table) -> None:
        prompt, kinds = self._keyed(table)
        if self.pending is not None:
            faces, self.pending = self.pending, None
            kinds = list(prompt["dice"])
        elif len(self.keypad) == len(kinds):
            faces = self.keypad
        else:
            raise RuleError("keypad_incomplete", count=len(kinds))
        self.keypad = []
        self.roll(table, tuple(zip(kinds, faces)), HARDWARE, "buttons")

    def _next(self, table: Table) -> None:
        """The ``next`` button: the game's turn-ending action (``END_TURN``), when it is
        legal as it is, with nothing to fill in."""
        ends = registry.end_turn(table.record.game)
        for template in table.legal_for(DEVICE):
            if template["type"] in ends and not template["params"]:
                self.service.act_now(
                    table.id,
                    {"type": template["type"], "seat": template["seat"]},
                    DEVICE,
                    "buttons",
                )
                return
        raise RuleError("cannot_end_turn_now")

    def after_change(self, table: Table) -> None:
        """A committed change makes typed or pending dice stale."""
        if self.keypad or self.pending is not None:
            self.keypad, self.pending = [], None
            self._tell("keypad", {"typed": []}, table.id)

    # -- cards ---------------------------------------------------------------------------
    def card(self, event: CardScanned) -> None:
        """A scanned tag: unknown ones are named once from the dashboard; a known one fills
        in the card the table asks for (companion/rules/cards.py). A fill for a secret
        submission goes to that seat's own device only, and nothing of it to the others."""
        table = self._active()
        if table is None:
            return
        prompt = table.prompt() if not table.ended else None
        secret = bool(prompt and prompt.get("kind") == "secret")
        name = self.service.card_name(table.record.game, event.uid)
        if name is None:
            if not secret:  # naming it now would show everyone what is being hidden
                faces = registry.card_faces(table.record.game).values()
                self._tell(
                    "card_unknown",
                    {
                        "uid": event.uid,
                        "faces": [{"name": face.name, "label": face.label} for face in faces],
                    },
                    table.id,
                )
            return
        face = registry.card_faces(table.record.game).get(name)
        filled = cards.fill(face, self._card_templates(table, prompt)) if face else None
        if face is not None and filled is not None and filled.get("secret"):
            self.service.publish_to_seat(
                "card",
                {"uid": event.uid, "card": name, "label": face.label, "fill": filled},
                table.id,
                filled["seat"],
            )
            return
        self._tell(
            "card",
            {"uid": event.uid, "card": name, "label": face.label if face else None, "fill": filled},
            table.id,
        )

    def _card_templates(self, table: Table, prompt: dict | None) -> list[dict]:
        """Every seat's templates, the seats the prompt waits for first."""
        seats = list(range(len(table.record.players)))
        first = (
            []
            if prompt is None
            else (
                [prompt["seat"]]
                if prompt.get("seat") is not None
                else list(prompt.get("seats", []))
            )
        )
        order = first + [None] + [seat for seat in seats if seat not in first]
        return [t for seat in order for t in table.game.legal(table.state, seat)]
