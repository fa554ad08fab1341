"""Concurrency over real HTTP (waitress on loopback, the LiveServer of the browser tests):
two devices acting on the same version — exactly one wins, the other gets 409; twenty
clients hammering one table — every acknowledged action is in the journal once, in one
order that every client and a live stream agree on.
"""

from __future__ import annotations

import json
import random
import socket
import threading
import urllib.error
import urllib.request
import uuid
from collections import Counter
from typing import Any

import pytest

from tests.support.browser.live_server import LiveServer
from tests.support.reliability.drive import record_part
from tests.support.reliability.server import Client, join_seat


@pytest.fixture
def live(tmp_path):
    server = LiveServer(tmp_path)
    yield server
    server.close()


def post(live, path: str, body: dict, token: str) -> tuple[int, dict]:
    request = urllib.request.Request(
        live.url + path,
        method="POST",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def new_table(live, target: int = 10**9) -> tuple[str, str, str]:
    made = live.api(
        "POST",
        "/api/tables",
        {"game": "tally", "players": ["Ann", "Bruno"], "options": {"target": target}},
        token="script",
    )
    port = int(live.url.rsplit(":", 1)[1])
    ann = join_seat(Client(port), made["id"], made["seats"][0]["join_code"])
    return made["id"], made["admin_token"], ann


def test_two_devices_on_the_same_version_one_wins_one_gets_409(live):
    table_id, admin, ann = new_table(live)
    outcomes = Counter()
    for round_ in range(25):
        version = live.api("GET", f"/api/tables/{table_id}", token=admin)["table"]["version"]
        gate = threading.Barrier(2)
        replies = {}

        def tap(name, token, amount):
            gate.wait()
            replies[name] = post(
                live,
                f"/api/tables/{table_id}/actions",
                {
                    "action": {"type": "add", "seat": 0, "amount": amount},
                    "expected_version": version,
                    "idempotency_key": uuid.uuid4().hex,
                },
                token,
            )

        threads = [
            threading.Thread(target=tap, args=("tablet", admin, 1)),
            threading.Thread(target=tap, args=("phone", ann, 2)),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        statuses = sorted(status for status, _ in replies.values())
        assert statuses == [200, 409], (round_, replies)
        loser = next(body for status, body in replies.values() if status == 409)
        assert loser["error"]["code"] == "stale_version"
        winner = next(name for name, (status, _) in replies.items() if status == 200)
        outcomes[winner] += 1
        after = live.api("GET", f"/api/tables/{table_id}", token=admin)["table"]["version"]
        assert after == version + 1
    record_part("concurrency_short", "same_version_races", dict(outcomes))


class StreamWatcher(threading.Thread):
    """A 21st client: reads the table's SSE stream and keeps every state event's id."""

    def __init__(self, live, table_id: str, token: str, until: threading.Event) -> None:
        super().__init__(daemon=True)
        port = int(live.url.rsplit(":", 1)[1])
        self.raw = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.raw.sendall(
            f"GET /api/tables/{table_id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Authorization: Bearer {token}\r\n\r\n".encode()
        )
        self.until = until
        self.ids: list[int] = []
        self.logged: list[int] = []

    def run(self) -> None:
        buffer = b""
        while not self.until.is_set():
            try:
                data = self.raw.recv(65536)
            except OSError:
                return
            if not data:
                return
            buffer += data
            while b"\n\n" in buffer:
                block, buffer = buffer.split(b"\n\n", 1)
                self.take(block.decode(errors="replace"))

    def take(self, block: str) -> None:
        lines = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        if lines.get("event") == "state" and "id" in lines:
            self.ids.append(int(lines["id"]))
            self.logged += [e["version"] for e in json.loads(lines["data"])["log"]]

    def close(self) -> None:
        self.until.set()
        self.raw.close()


def hammer(live, clients: int, each: int, seed: int) -> dict:
    table_id, admin, _ = new_table(live)
    done = threading.Event()
    watcher = StreamWatcher(live, table_id, admin, done)
    watcher.start()
    acked: list[tuple[int, str, int]] = []  # (version, idempotency key, amount)
    refused: Counter[int] = Counter()  # status -> how many
    lock = threading.Lock()

    def client(number: int) -> None:
        rng = random.Random(seed * 1000 + number)
        for _ in range(each):
            body: dict[str, Any] = {
                "action": {"type": "add", "seat": 0, "amount": rng.randint(1, 5)},
                "idempotency_key": uuid.uuid4().hex,
            }
            if rng.random() < 0.5:  # half the taps come from a page that may be stale
                view = live.api("GET", f"/api/tables/{table_id}", token=admin)
                body["expected_version"] = view["table"]["version"]
            status, reply = post(live, f"/api/tables/{table_id}/actions", body, admin)
            with lock:
                if status == 200:
                    acked.append(
                        (reply["version"], body["idempotency_key"], body["action"]["amount"])
                    )
                else:
                    refused[status] += 1

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    check_one_order(live, table_id, admin, acked, refused, watcher)
    watcher.close()
    return {
        "clients": clients,
        "acknowledged": len(acked),
        **{str(k): v for k, v in refused.items()},
    }


def check_one_order(live, table_id, admin, acked, refused, watcher) -> None:
    assert set(refused) <= {409}, refused  # only stale versions are refused
    versions = sorted(v for v, _, _ in acked)
    assert versions == list(range(1, len(acked) + 1)), "gaps or doubles in the versions"
    entries = live.service.call(lambda: list(live.service.table(table_id).entries))
    assert [(e.version, e.idem) for e in entries] == sorted((v, k) for v, k, _ in acked)
    view = live.api("GET", f"/api/tables/{table_id}", token=admin)
    assert view["state"]["scores"][0] == sum(amount for _, _, amount in acked)
    log = live.api("GET", f"/api/tables/{table_id}/log", token=admin)["log"]
    assert [e["version"] for e in log] == versions
    for _ in range(3000):  # the stream's last frames may still be on the wire
        if len(set(watcher.logged)) >= len(versions):
            break
        watcher.until.wait(0.01)
    assert watcher.ids == sorted(set(watcher.ids)), "the stream went back or repeated"
    assert sorted(set(watcher.logged)) == versions, "the stream missed a change"


def test_twenty_clients_hammering_one_table_agree_on_one_order(live):
    figures = hammer(live, clients=20, each=10, seed=1)
    record_part("concurrency_short", "twenty_clients", figures)


@pytest.mark.long
def test_twenty_clients_long(live):
    figures = hammer(live, clients=20, each=100, seed=2)
    record_part("concurrency_long", "twenty_clients", figures)
