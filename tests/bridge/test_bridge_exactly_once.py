"""Exactly once, end to end (docs/protocol.md, "Exactly once"): a throw whose ACK is lost is
resent after a reconnect, or to a host that restarted between the commit and the ACK, and
must not be counted again — over a real pty and over ``socket://``, with a real journal
file and the real service and input router."""

from __future__ import annotations

import os
import random
import select
import socket
import threading
from contextlib import ExitStack

import pytest

from companion.app.cli import JournalFrames
from companion.play.table import Viewer
from companion.storage.journal import Journal
from companion.writer.service import Service
from firmware_bridge.die_reader import DieReader
from firmware_bridge.simulator import DieReaderSimulator

ADMIN = Viewer(admin=True)


class TcpDevice:
    """A networked die reader: the simulator's pty behind a TCP port. Dropping the
    connection does not reboot the device: it keeps its unacknowledged frames."""

    def __init__(self, sim: DieReaderSimulator) -> None:
        self.sim = sim
        self.server = socket.create_server(("127.0.0.1", 0))
        self.url = f"socket://127.0.0.1:{self.server.getsockname()[1]}"
        self._client: socket.socket | None = None
        self._accepted: list[socket.socket] = []  # every connection, closed at the end
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._pump, daemon=True)
        self._thread.start()

    def drop(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            client.close()

    def _pump(self) -> None:
        pty = os.open(os.readlink(self.sim.path), os.O_RDWR | os.O_NOCTTY)
        self.server.settimeout(0.05)
        while not self._stop.is_set():
            if self._client is None:
                try:
                    self._client, _ = self.server.accept()
                except (TimeoutError, OSError):
                    continue
                self._accepted.append(self._client)
            client = self._client
            try:
                watched: list[int | socket.socket] = [pty, client]
                ready, _, _ = select.select(watched, [], [], 0.02)
                if pty in ready:
                    client.sendall(os.read(pty, 4096))
                if client in ready:
                    data = client.recv(4096)
                    if not data:
                        raise ConnectionResetError
                    os.write(pty, data)
            except (OSError, ValueError):  # ValueError: dropped meanwhile (fd -1)
                if self._client is client:
                    self._client = None
                client.close()
        os.close(pty)

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
        self.drop()
        for client in self._accepted:
            client.close()
        self.server.close()


class Host:
    """The companion's side: journal file, service, reader, as ``companion serve``."""

    def __init__(self, db, url, clock) -> None:
        self.stack = ExitStack()
        self.journal = self.stack.enter_context(Journal(db))
        self.service = self.stack.enter_context(Service(self.journal))
        self.reader = self.stack.enter_context(
            DieReader(
                url,
                self.service.post,
                clock=clock,
                poll_s=0.002,
                backoff_min_s=0.2,
                backoff_max_s=0.5,
                memory=JournalFrames(self.journal),
            )
        )

    def version(self, tid) -> int:
        return self.service.view(tid, ADMIN)["table"]["version"]

    def close(self) -> None:
        self.stack.close()


@pytest.fixture(params=["pty", "socket"])
def link(request, tmp_path, clock):
    sim = DieReaderSimulator(
        tmp_path / "die-reader", dice=["d6"], clock=clock, rng=random.Random(3), poll_s=0.002
    )
    device = TcpDevice(sim) if request.param == "socket" else None
    yield request.param, sim, device, (device.url if device else str(sim.path))
    if device:
        device.close()
    sim.close()


def settle(host, clock, wait, what, check):
    wait(check, tick=lambda: clock.advance(0.05), what=what, timeout=10)


def test_a_resend_after_a_lost_ack_is_not_counted_again(link, tmp_path, clock, wait):
    kind, sim, device, url = link
    host = Host(tmp_path / "companion.sqlite", url, clock)
    try:
        settle(host, clock, wait, "online", lambda: host.reader.state == "online")
        tid = host.service.create_table("tally", ["Ann", "Bruno"], {})["id"]
        host.service.act(tid, {"type": "ask", "seat": 0}, ADMIN)
        sim.lose_ack(sim.next_seq + 1)  # MOVING, then the ROLL whose ACK is lost
        sim.throw(["d6"], [4])
        settle(host, clock, wait, "the roll committed", lambda: host.version(tid) == 2)
        assert sim.pending  # its ACK was lost: the device still holds the frame
        host.service.act(tid, {"type": "end_turn", "seat": 0}, ADMIN)
        host.service.act(tid, {"type": "ask", "seat": 1}, ADMIN)  # a prompt it could answer
        if device is not None:
            device.drop()  # the connection drops; the device keeps its frames
        else:
            host.close()  # the host restarts between the commit and the ACK
            host = Host(tmp_path / "companion.sqlite", url, clock)
        settle(host, clock, wait, "the resend ACKed", lambda: not sim.pending)
        assert host.version(tid) == 4  # Bruno's prompt still waits
        assert host.service.view(tid, ADMIN)["state"]["scores"] == [4, 0]
        assert host.reader.counters["resent"] >= 1
    finally:
        host.close()


def test_the_receipt_is_written_with_the_action_it_answers(tmp_path):
    from companion.storage.journal import Entry
    from companion.writer.input_events import DieRolled

    with Journal(tmp_path / "companion.sqlite") as journal, Service(journal) as service:
        tid = service.create_table("tally", ["Ann", "Bruno"], {})["id"]
        service.act(tid, {"type": "ask", "seat": 0}, ADMIN)
        acked = []
        service.post(
            DieRolled(
                (("d6", 5),),
                "reader",
                "die-reader",
                7,
                ack=lambda: acked.append(journal.reader_frames("ABL-9", "b1")),
                receipt=("ABL-9", "b1", 7),
            )
        )
        service.view(tid, ADMIN)  # after the roll on the writer's queue
        assert acked == [[7]]  # in the journal before the ACK could go out
        assert service.view(tid, ADMIN)["table"]["version"] == 2
        with pytest.raises(TypeError):  # a failed append (not a journal entry) leaves no receipt
            journal.append(
                tid,
                Entry(3, {"kind": "action"}, "x", "reader", "now", None),  # type: ignore[arg-type]
                receipt=("ABL-9", "b1", 8),
            )
        assert journal.reader_frames("ABL-9", "b1") == [7]
