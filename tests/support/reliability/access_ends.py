"""What several test files share: ``GUARD_S``, ``Stream``, ``new_table``."""

from __future__ import annotations

import http.client
import threading

GUARD_S = 10.0  # a hang guard, not a speed test: the end is pushed, never polled


class Stream:
    """An SSE stream read on its own thread, keeping every byte."""

    def __init__(self, live, path, **auth) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", live.port, timeout=GUARD_S)
        headers = {}
        if auth.get("token"):
            headers["Authorization"] = f"Bearer {auth['token']}"
        if auth.get("cookie"):
            headers["Cookie"] = auth["cookie"]
        self.conn.request("GET", path, headers=headers)
        self.reply = self.conn.getresponse()
        self.data = b""
        self.first = threading.Event()
        self.ended = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()
        assert self.first.wait(GUARD_S), "the stream never sent its first state"

    def _read(self) -> None:
        try:
            while True:
                chunk = self.reply.read1(65536)
                if not chunk:
                    break
                self.data += chunk
                if b"event: state" in self.data:
                    self.first.set()
        except OSError:
            pass
        self.ended.set()

    def after_revoked(self) -> bytes:
        assert self.ended.wait(GUARD_S), "the stream of an ended credential stayed open"
        head, mark, tail = self.data.partition(b"event: revoked")
        assert mark, self.data[-300:]
        return tail.split(b"\n\n", 1)[1]

    def close(self) -> None:
        self.conn.close()


def new_table(live, players=("Ann", "Bruno", "Cid")):
    made = live.api(
        "POST", "/api/tables", {"game": "tally", "players": list(players)}, token="script"
    )  # a bearer: a script needs no CSRF cookie
    return made["id"], made["admin_token"], [s["join_code"] for s in made["seats"]]
