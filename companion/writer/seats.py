"""Who sits where: tokens, joining by QR code, re-issuing a seat, and a seat kept on the
tablet behind a PIN. A part of :class:`companion.writer.service.Service` (``service.seats``; its
writer thread runs every one of these), kept in its own room.

Access that ends, ends now: re-issuing a seat, locking its private session on the tablet,
or that session expiring on the server closes the streams the old credential opened, at
once, with a ``revoked`` event saying why (``Hub.revoke``); the page then wipes every
secret from its screen. Opening and closing a private session are public log lines.
"""

from __future__ import annotations

import hmac
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from companion.access import idempotency as requests
from companion.access import pin_sessions, tokens
from companion.access.idempotency import Request, Unbound
from companion.access.viewer import Asker, Credentials
from companion.errors import Forbidden
from companion.play.table import Table, Viewer, find
from companion.rules.base import RuleError
from companion.storage import clock_labels
from companion.storage.entries import (
    JournalEntry,
    PrivatePageClosed,
    PrivatePageOpened,
    SeatKeptOnTablet,
    SeatReissued,
)
from companion.storage.journal import Entry, Journal
from companion.writer.hub import Hub, Subscriber

CREDENTIALS_REMEMBERED = 512  # known tokens kept for the limits, by hash (a table has a few)


class Seats:
    def __init__(
        self,
        journal: Journal,
        hub: Hub,
        tables: dict[str, Table],
        call: Callable[[Callable[[], Any]], Any],
        post: Callable[[Callable[[], Any]], None],
        view: Callable[[Table, Viewer], dict],
        session_s: float,
    ) -> None:
        """``tables``: the service's own (shared, never copied); ``call``: run as the
        writer and answer; ``post``: run as the writer later (a session's expiry; nothing
        once the service is closed); ``view``: a table's view for a viewer as a stream
        starts with it; ``session_s``: how long a private session on the tablet lasts."""
        self.journal = journal
        self.hub = hub
        self.tables = tables
        self.call = call
        self.post = post
        self.view = view
        self.pin_tries = pin_sessions.PinTries()
        self.sessions = pin_sessions.Sessions(session_s)
        self.credentials_seen: OrderedDict[str, None] = OrderedDict()
        # (table, seat) -> (hash of the join code spent, the signed device that spent it,
        # the seat's issue then): a join retried by that device is answered again (``join``)
        self.joined_by: dict[tuple[str, int], tuple[str, str, int]] = {}

    def viewer_for(self, table_id: str, admin_token: str | None, seat_token: str | None) -> Viewer:
        return self.call(lambda: self._viewer_for(table_id, admin_token, seat_token))

    def credential_known(self, token: str) -> bool:
        """``token`` is (or was) the tablet's or a seat's credential at some table here: a
        script that brings it counts as a device of its own for the stream caps and the
        request rate (``web/context.py``), not as its address's anonymous device. Only
        tokens found are remembered, by their hash (this is for the limits: who a token
        stands for is asked again with every request)."""
        if not token or len(token) > 200:
            return False
        hashed = tokens.digest(token)
        if hashed in self.credentials_seen:
            return True

        def task() -> bool:
            for table_id in list(self.tables):
                found = self._viewer_for(table_id, token, token)
                if found.admin or found.seat is not None:
                    return True
            return False

        if not self.call(task):
            return False
        self.credentials_seen[hashed] = None
        while len(self.credentials_seen) > CREDENTIALS_REMEMBERED:
            self.credentials_seen.popitem(last=False)
        return True

    def on_behalf(
        self,
        table_id: str,
        asker: Asker,
        request: Request | Unbound | None,
        work: Callable[[Viewer, Request | None], Any],
    ) -> Any:
        """``work(viewer, request)`` on the writer thread, with whoever ``asker`` is for
        ``table_id`` worked out in the same step (one hop for a request, and no credential
        changes in between) and ``request`` bound to that viewer."""

        def task() -> Any:
            viewer = self.who(table_id, asker)
            return work(viewer, requests.bind(request, viewer.label))

        return self.call(task)

    def who(self, table_id: str, asker: Asker) -> Viewer:
        """Writer thread only: the viewer the credentials ``asker`` stand for (a
        :class:`Viewer` is itself)."""
        if isinstance(asker, Credentials):
            return self._viewer_for(table_id, asker.admin_token, asker.seat_token)
        return asker

    def _viewer_for(self, table_id: str, admin_token: str | None, seat_token: str | None) -> Viewer:
        table = find(self.tables, table_id)
        hashed = tokens.Hashed()  # one token (a script's bearer is tried as both) hashed once
        if seat_token and len(seat_token) <= 200:
            on_tablet = self.journal.pin_hashes(table_id)
            for seat, token_hash, _join, _issue in self.journal.seats(table_id):
                if seat not in on_tablet and tokens.matches(seat_token, token_hash, hashed):
                    return Viewer(seat=seat)
            in_session = self.sessions.seat_for(table_id, seat_token, hashed.digest)
            if in_session is not None:
                return Viewer(seat=in_session)
        if admin_token and tokens.matches(admin_token, table.record.admin_hash, hashed):
            return Viewer(admin=True)
        return Viewer()

    def catch_up_as(
        self,
        table_id: str,
        admin_token: str | None,
        seat_token: str | None,
        device: str,
        after: int,
        address: str = "",
        cap: int | None = None,
        patches: bool = False,
    ) -> tuple[Subscriber, int, dict, list[dict]]:
        """A new stream: who it is for is worked out on the writer thread, in the same step
        as the subscription, so a credential re-issued or locked in between opens nothing
        (``address``, ``cap`` and ``patches``: ``Hub.subscribe``). The full view it starts
        with is the base of its first patch."""

        def task() -> tuple[Subscriber, int, dict, list[dict]]:
            table = find(self.tables, table_id)
            viewer = self._viewer_for(table_id, admin_token, seat_token)
            sub = self.hub.subscribe(table_id, viewer, device, address, cap, patches)
            view = self.view(table, viewer)
            sub.sent(view, table.version)
            return sub, table.version, view, table.log_for(viewer, after)

        return self.call(task)

    def join(self, table_id: str, code: Any, device: str | None = None) -> tuple[int, str]:
        """Spend a seat's single-use join code; the device gets the seat's token. The
        same code again from the same signed ``device`` (its answer was lost on the way:
        it never got the cookie) is answered as the first join was, with a fresh token
        for the seat (the one sent before stops working, and any stream it opened ends),
        until the tablet re-issues the seat. Any other device gets 403."""

        def task() -> tuple[int, str]:
            find(self.tables, table_id)
            if isinstance(code, str):
                unspent = self._unspent(table_id, code)
                if unspent is not None:
                    seat, issue = unspent
                    if device:
                        self.joined_by[(table_id, seat)] = (tokens.digest(code), device, issue)
                    return seat, self._seat_token(table_id, seat)
                again = self._joined_again(table_id, code, device)
                if again is not None:
                    self.hub.revoke(table_id, again, "reissued")
                    return again, self._seat_token(table_id, again)
            raise Forbidden("join_code_spent")

        return self.call(task)

    def seat_of_code(self, table_id: str, code: Any, device: str | None = None) -> int | None:
        """The seat ``join`` would give ``device`` for ``code``, spending nothing: the seat
        of an unspent code, or the one this device joined with it (its answer lost); None
        for a code unknown, used by another device or replaced, which joins nobody."""

        def task() -> int | None:
            find(self.tables, table_id)
            if not isinstance(code, str):
                return None
            unspent = self._unspent(table_id, code)
            return unspent[0] if unspent else self._joined_again(table_id, code, device)

        return self.call(task)

    def _unspent(self, table_id: str, code: str) -> tuple[int, int] | None:
        """``(seat, issue)`` of the seat whose unspent join code ``code`` is, or None."""
        for seat, _token, join_code, issue in self.journal.seats(table_id):
            if tokens.same_code(code, join_code):
                return seat, issue
        return None

    def _seat_token(self, table_id: str, seat: int) -> str:
        token = tokens.new_token()
        self.journal.spend_join_code(table_id, seat, tokens.digest(token))
        self.hub.publish("seats", {"joined": seat}, table_id, only=lambda v: v.admin)
        return token

    def _joined_again(self, table_id: str, code: str, device: str | None) -> int | None:
        """The seat ``code`` joined, if ``device`` is the one that spent it and the seat
        was not re-issued since."""
        if not device:
            return None
        issues = {seat: issue for seat, _t, _code, issue in self.journal.seats(table_id)}
        for (table, seat), (code_hash, joiner, issue) in self.joined_by.items():
            if (
                table == table_id
                and issues.get(seat) == issue
                and tokens.matches(code, code_hash)
                and hmac.compare_digest(joiner.encode(), device.encode())
            ):
                return seat
        return None

    def reissue(self, table_id: str, seat: Any, viewer: Viewer) -> str:
        """A new join code for ``seat`` (lost phone); the old device loses access, and the
        public log says so — the tablet can never quietly take a seat's secrets."""

        def task() -> str:
            table = find(self.tables, table_id)
            # the tablet, or the seat's own phone letting it go (it took another seat)
            if not viewer.admin and viewer.seat != seat:
                raise Forbidden("reissue_needs_tablet")
            self._check_seat(table, seat)
            code = tokens.new_join_code()
            before = table.version
            entry = Entry(
                before + 1,
                SeatReissued(seat),
                viewer.label,
                "web",
                clock_labels.now_label(),
                None,
            )
            self.journal.reissue_seat(
                table_id, seat, tokens.digest(tokens.new_token()), code, entry
            )
            self.sessions.end(table_id, seat)
            # before anything else is sent: the old device's streams get no further byte
            self.hub.revoke(table_id, seat, "reissued")
            table.commit_note(entry)
            self.hub.publish_change(table, before)
            return code

        return self.call(task)

    def keep_on_tablet(self, table_id: str, seat: Any, pin: Any, viewer: Viewer) -> None:
        """A player without a phone: the seat lives on the tablet behind a PIN they chose."""

        def task() -> None:
            table = find(self.tables, table_id)
            if not viewer.admin:
                raise Forbidden("needs_token")
            self._check_seat(table, seat)
            code = dict((s, c) for s, _t, c, _i in self.journal.seats(table_id))[seat]
            if code is None or seat in self.journal.pin_hashes(table_id):
                raise RuleError("seat_already_taken")
            digest = pin_sessions.pin_digest(table_id, seat, pin_sessions.check_pin(pin))
            before = table.version
            entry = Entry(
                before + 1,
                SeatKeptOnTablet(seat),
                viewer.label,
                "web",
                clock_labels.now_label(),
                None,
            )
            self.journal.keep_on_tablet(
                table_id, seat, digest, tokens.digest(tokens.new_token()), entry
            )
            table.commit_note(entry)
            self.hub.publish_change(table, before)
            self.hub.publish("seats", {"on_tablet": seat}, table_id, only=lambda v: v.admin)

        self.call(task)

    def unlock(self, table_id: str, seat: Any, pin: Any, viewer: Viewer, device: str = "") -> str:
        """The right PIN, typed on the tablet, opens a short private session: a fresh token
        for this seat, known only in memory, ending on the server after
        ``sessions.length_s``. The public log says the seat's page is open on the tablet."""

        def task() -> str:
            table = find(self.tables, table_id)
            if not viewer.admin:
                raise Forbidden("unlock_needs_tablet")
            self._check_seat(table, seat)
            stored = self.journal.pin_hashes(table_id).get(seat)
            if stored is None:
                raise Forbidden("seat_not_on_tablet")
            self.pin_tries.check(table_id, seat, device)
            if not isinstance(pin, str) or not tokens.same_code(
                pin_sessions.pin_digest(table_id, seat, pin), stored
            ):
                self.pin_tries.failed(table_id, seat, device)
                raise Forbidden("wrong_pin")
            self.pin_tries.succeeded(table_id, seat, device)
            self._end_session(table, seat, "lock")  # a session left open: closed first
            token = tokens.new_token()
            self._log_note(table, PrivatePageOpened(seat), viewer)
            session = self.sessions.open(table_id, seat, tokens.digest(token))
            self._later(
                self.sessions.length_s, lambda: self._end_session(table, seat, "expired", session)
            )
            return token

        return self.call(task)

    def lock(self, table_id: str, viewer: Viewer) -> None:
        """End a private session on the tablet: its token stops working and its streams
        end now."""

        def task() -> None:
            table = find(self.tables, table_id)
            if viewer.seat is None or self.sessions.current(table_id, viewer.seat) is None:
                raise Forbidden("needs_token")
            self._end_session(table, viewer.seat, "lock")

        self.call(task)

    def _end_session(
        self, table: Table, seat: int, why: str, session: pin_sessions.Session | None = None
    ) -> None:
        """Close the seat's private session (only ``session``, when given: a timer for an
        older one does nothing), its streams, and say so in the public log."""
        if self.sessions.end(table.id, seat, session):
            self.hub.revoke(table.id, seat, "locked" if why == "lock" else why)
            self._log_note(table, PrivatePageClosed(seat, why), Viewer(admin=True))

    def _log_note(self, table: Table, entry: JournalEntry, viewer: Viewer) -> int:
        """Journal an entry that changes no game state, adopt it and broadcast it."""
        before = table.version
        written = Entry(before + 1, entry, viewer.label, "web", clock_labels.now_label(), None)
        self.journal.append(table.id, written, ended=table.ended)
        table.commit_note(written)
        self.hub.publish_change(table, before)
        return written.version

    def _later(self, delay_s: float, task: Callable[[], Any]) -> None:
        """Run ``task`` on the writer thread after ``delay_s`` (a session's expiry)."""
        timer = threading.Timer(delay_s, self.post, (task,))
        timer.daemon = True
        timer.start()

    def _check_seat(self, table: Table, seat: Any) -> None:
        if (
            not isinstance(seat, int)
            or isinstance(seat, bool)
            or not (0 <= seat < len(table.record.players))
        ):
            raise RuleError("bad_seat")

    def join_codes(self, table_id: str, viewer: Viewer) -> dict[int, str | None]:
        """Each seat's unspent join code, for the tablet's QR codes (None once joined).

        Codes are kept readable so the tablet can show them again after a reload; they are
        single-use, and the tablet could re-issue a seat anyway (publicly logged)."""

        def task() -> dict[int, str | None]:
            find(self.tables, table_id)
            if not viewer.admin:
                raise Forbidden("needs_token")
            on_tablet = self.journal.pin_hashes(table_id)
            return {
                s: ("on_tablet" if s in on_tablet else code)
                for s, _t, code, _i in self.journal.seats(table_id)
            }

        return self.call(task)
