"""Fan-out of per-viewer updates to live subscribers (the SSE streams).

The writer thread publishes; each subscriber owns a small queue that its stream drains. A
subscriber only ever receives payloads made for its own viewer. Views are computed once per
distinct viewer per change, not once per stream.
"""

from __future__ import annotations

import itertools
import json
import queue
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from companion.errors import Busy
from companion.table import Table, Viewer

MAX_QUEUE = 256


def encode(data: dict) -> str:
    """The JSON text of one event, compact."""
    return json.dumps(data, separators=(",", ":"))


@dataclass(eq=False)
class Subscriber:
    table_id: str
    viewer: Viewer
    device: str
    number: int
    address: str = ""
    events: queue.Queue[tuple[str, int | None, str] | None] = field(
        default_factory=lambda: queue.Queue(MAX_QUEUE)
    )
    closed: bool = False

    def push(self, kind: str, event_id: int | None, data: str) -> None:
        if self.closed:
            return
        try:
            self.events.put_nowait((kind, event_id, data))
        except queue.Full:
            # A stream this far behind is dead or stuck: end it; the client reconnects
            # with Last-Event-ID and catches up from the journal, losing nothing.
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            try:
                self.events.put_nowait(None)
            except queue.Full:
                pass

    def revoke(self, reason: str) -> None:
        """The credential this stream was opened with has ended: drop whatever is still
        queued (made for a viewer who may no longer see it), say why, and end."""
        self.closed = True
        while True:
            try:
                self.events.get_nowait()
            except queue.Empty:
                break
        self.events.put_nowait(("revoked", None, encode({"reason": reason})))
        self.events.put_nowait(None)


class Hub:
    def __init__(
        self,
        max_streams_per_device: int = 4,
        max_streams: int = 40,
        max_streams_per_address: int | None = None,
    ) -> None:
        """``max_streams_per_address`` None: no cap of its own (``max_streams``)."""
        self._lock = threading.Lock()
        self._subscribers: list[Subscriber] = []
        self._numbers = itertools.count(1)
        self.max_per_device = max_streams_per_device
        self.max_per_address = (
            max_streams if max_streams_per_address is None else max_streams_per_address
        )
        self.max_streams = max_streams

    def subscribe(
        self, table_id: str, viewer: Viewer, device: str, address: str = "", cap: int | None = None
    ) -> Subscriber:
        """A new stream for ``device`` (at most ``cap`` of its own, the hub's per-device
        cap if None), within the caps per address and in all. Over a cap, the *greediest*
        device of that group (the most streams; on a tie the one with the oldest stream)
        loses its *oldest* stream, if it holds more than its share (the cap divided
        evenly among the group's devices, the newcomer counted). A device within its share
        is never evicted: if every device is, the new stream is refused (503). So a phone
        that reconnects is never locked out by its own dead stream, and a client with
        many ids cannot push out the table's."""
        sub = Subscriber(table_id, viewer, device, next(self._numbers), address)
        own = self.max_per_device if cap is None else cap
        with self._lock:
            live = list(self._subscribers)
            evict: list[Subscriber] = []
            groups = [([s for s in live if s.device == device], own)]
            if address:
                groups.append(([s for s in live if s.address == address], self.max_per_address))
            groups.append((live, self.max_streams))
            for group, limit in groups:
                evict += _make_room([s for s in group if s not in evict], limit, device)
            for old in evict:
                old.close()
                self._subscribers.remove(old)
            self._subscribers.append(sub)
        return sub

    def unsubscribe(self, sub: Subscriber) -> None:
        sub.close()
        with self._lock:
            if sub in self._subscribers:
                self._subscribers.remove(sub)

    def revoke(self, table_id: str, seat: int, reason: str) -> int:
        """End, now, every stream seat ``seat`` of ``table_id`` holds (re-issued, locked,
        expired): none of them receives another byte made for that seat."""
        with self._lock:
            ended = [
                s for s in self._subscribers if s.table_id == table_id and s.viewer.seat == seat
            ]
            self._subscribers = [s for s in self._subscribers if s not in ended]
        for sub in ended:
            sub.revoke(reason)
        return len(ended)

    def count(self) -> int:
        with self._lock:
            return len(self._subscribers)

    def _for_table(self, table_id: str | None) -> list[Subscriber]:
        with self._lock:
            return [s for s in self._subscribers if table_id is None or s.table_id == table_id]

    def publish_change(self, table: Table, after: int) -> None:
        """Send each subscriber of ``table`` its own view and the log lines after ``after``,
        made and serialised once per distinct viewer, however many streams it has."""
        made: dict[Viewer, str] = {}
        for sub in self._for_table(table.id):
            if sub.viewer not in made:
                made[sub.viewer] = encode(
                    {"view": table.view(sub.viewer), "log": table.log_for(sub.viewer, after)}
                )
            sub.push("state", table.version, made[sub.viewer])

    def publish(
        self,
        kind: str,
        data: dict,
        table_id: str | None = None,
        only: Callable[[Viewer], bool] | None = None,
    ) -> None:
        """A transient event (a free roll, a device's state): not journalled, no event id."""
        text = encode(data)
        for sub in self._for_table(table_id):
            if only is None or only(sub.viewer):
                sub.push(kind, None, text)

    def close(self) -> None:
        with self._lock:
            subs, self._subscribers = self._subscribers, []
        for sub in subs:
            sub.close()


def _make_room(group: list[Subscriber], limit: int, newcomer: str) -> list[Subscriber]:
    """The streams of ``group`` to end so that one more, ``newcomer``'s, fits in
    ``limit``: each time the greediest device's oldest, while it is over its share."""
    group = sorted(group, key=lambda s: s.number)
    evict: list[Subscriber] = []
    while len(group) - len(evict) + 1 > max(limit, 0):
        left = [s for s in group if s not in evict]
        counts = Counter(s.device for s in left)
        counts[newcomer] += 1
        share = max(1, limit // len(counts))
        oldest = {}
        for s in left:
            oldest.setdefault(s.device, s.number)
        greediest = max(
            (d for d in counts if d in oldest), key=lambda d: (counts[d], -oldest[d]), default=None
        )
        if greediest is None or counts[greediest] <= share:
            raise Busy("too_many_streams")
        evict.append(next(s for s in left if s.device == greediest))
    return evict
