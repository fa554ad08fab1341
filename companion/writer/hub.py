"""Fan-out of per-viewer updates to live subscribers (the SSE streams).

The writer thread publishes. A stream served by waitress attaches a *sink* once its first
frames are out, and from then on the publishing thread writes each event to that client
itself (``web/server.py``): a change reaches every screen without waking a thread per
screen. Elsewhere (Flask's test client) each subscriber owns a small queue that its stream
drains. A subscriber only ever receives payloads made for its own viewer. Views are computed
once per distinct viewer per change, not once per stream.

A change is made in two steps: :meth:`Hub.prepare_change` makes every viewer's view and its
JSON (the service runs it while the journal's commit syncs, ``companion/writer/service.py``) and
sends nothing; :meth:`Hub.send` queues what it made, once the entry is on disk. A stream
that asked for patches gets, for a change, a JSON Merge Patch from the view it last got to
the new one (``companion/writer/merge_patch.py``), made from that subscriber's own two views only;
a stream gets the full view when it opens and whenever no patch can say the change.
"""

from __future__ import annotations

import itertools
import queue
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

import orjson

from companion.errors import Busy
from companion.play.table import Table, Viewer
from companion.writer import merge_patch

MAX_QUEUE = 256


def encode(data: dict) -> str:
    """The JSON text of one event, compact (orjson: the views are most of the writer's
    work, and it makes their text several times faster than ``json``; int keys become
    strings, as ``json.dumps`` does)."""
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()


# Writes one event of a stream to its client at once, from whichever thread made it: True
# if it went (or is on its way), False if the stream cannot take it (gone, or too far behind).
Sink = Callable[[str, "int | None", str], bool]


@dataclass(eq=False)
class Subscriber:
    table_id: str
    viewer: Viewer
    device: str
    number: int
    address: str = ""
    # SimpleQueue (C): a change wakes every stream at once, and its put and get cost a
    # fraction of queue.Queue's; the bound is kept by hand (push)
    events: queue.SimpleQueue[tuple[str, int | None, str] | None] = field(
        default_factory=queue.SimpleQueue
    )
    closed: bool = False
    patches: bool = False  # the client applies merge patches (``?patch=merge``)
    # the view this stream last got, whole or patched to, and its version: the base of its
    # next patch (the writer thread sets it when the stream opens and at each change)
    base: dict | None = None
    base_version: int = -1
    # once attached, events go straight to the client from the thread that makes them (no
    # thread per screen to wake); the queue then only says "end"
    sink: Sink | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def sent(self, view: dict, version: int) -> None:
        """``view`` (of ``version``) is what this stream now shows: its next patch's base."""
        self.base, self.base_version = view, version

    def attach(self, sink: Sink) -> bool:
        """From now on ``sink`` writes this stream's events as they are made; what was
        queued before goes first, in order. False if the stream has ended (its end is left
        in the queue for its reader)."""
        with self._lock:
            while not self.closed:
                try:
                    item = self.events.get_nowait()
                except queue.Empty:
                    self.sink = sink
                    return True
                if item is None:
                    break
                if not sink(*item):
                    self._end()
            self.events.put_nowait(None)
            return False

    def push(self, kind: str, event_id: int | None, data: str) -> None:
        with self._lock:
            if self.closed:
                return
            if self.sink is not None:
                if not self.sink(kind, event_id, data):
                    self._end()  # gone or stuck: the client reconnects with Last-Event-ID
                return
            if self.events.qsize() >= MAX_QUEUE:
                # A stream this far behind is dead or stuck: end it; the client reconnects
                # with Last-Event-ID and catches up from the journal, losing nothing.
                self._end()
                return
            self.events.put_nowait((kind, event_id, data))

    def close(self) -> None:
        with self._lock:
            self._end()

    def _end(self) -> None:
        if not self.closed:
            self.closed = True
            self.events.put_nowait(None)

    @property
    def at_the_table(self) -> bool:
        """The tablet's stream or a joined seat's: a stranger's stream gives way to it."""
        return self.viewer.admin or self.viewer.seat is not None

    def evict(self, reason: str) -> None:
        """Made room for another stream: say why (an ``evicted`` event, after what is
        queued), then end. The page does not reconnect by itself (``docs/api.md``)."""
        with self._lock:
            if self.closed:
                return
            text = encode({"reason": reason})
            if self.sink is not None:
                self.sink("evicted", None, text)
            else:
                self.events.put_nowait(("evicted", None, text))
            self._end()

    def revoke(self, reason: str) -> None:
        """The credential this stream was opened with has ended: drop whatever is still
        queued (made for a viewer who may no longer see it), say why, and end."""
        text = encode({"reason": reason})
        with self._lock:
            self.closed = True
            while True:
                try:
                    self.events.get_nowait()
                except queue.Empty:
                    break
            if self.sink is not None:
                self.sink("revoked", None, text)
            else:
                self.events.put_nowait(("revoked", None, text))
            self.events.put_nowait(None)


@dataclass(frozen=True)
class Change:
    """The events one change makes, per subscriber: ``(subscriber, kind, text, view)``."""

    version: int
    events: list[tuple[Subscriber, str, str, dict]]


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
        self,
        table_id: str,
        viewer: Viewer,
        device: str,
        address: str = "",
        cap: int | None = None,
        patches: bool = False,
    ) -> Subscriber:
        """A new stream for ``device`` (at most ``cap`` of its own, the hub's per-device
        cap if None), within the caps per address and in all. The slots of those two caps
        are the table's first: the stream of the tablet or of a joined seat pushes out a
        stranger's (the oldest of the stranger device with the most), and a stranger's
        never pushes out one of theirs. Among streams of one kind, over a cap, the
        *greediest* device of that group (the most streams; on a tie the one with the
        oldest stream) loses its *oldest* stream, if it holds more than its share (the
        cap divided evenly among the group's devices, the newcomer counted). A device
        within its share is never evicted: if every device is, the new stream is refused
        (503). So a phone that reconnects is never locked out by its own dead stream, and
        a client with many ids cannot push out the table's. An evicted stream is told
        why (:meth:`Subscriber.evict`). ``patches``: the stream takes merge patches
        after its first full view (which the caller hands it and records with
        :meth:`Subscriber.sent`)."""
        sub = Subscriber(table_id, viewer, device, next(self._numbers), address, patches=patches)
        own = self.max_per_device if cap is None else cap
        with self._lock:
            live = list(self._subscribers)
            evict: list[Subscriber] = []
            groups = [([s for s in live if s.device == device], own, False)]
            if address:
                groups.append(
                    ([s for s in live if s.address == address], self.max_per_address, True)
                )
            groups.append((live, self.max_streams, True))
            for group, limit, shared in groups:
                left = [s for s in group if s not in evict]
                evict += (
                    _make_room_for(sub, left, limit) if shared else _make_room(left, limit, device)
                )
            for old in evict:
                self._subscribers.remove(old)
            self._subscribers.append(sub)
        for old in evict:
            old.evict("too_many_streams")
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
        """Make and send at once (a change that is already on disk)."""
        self.send(self.prepare_change(table, after))

    def prepare_change(self, table: Table, after: int) -> Change:
        """For each subscriber of ``table``: its own view and the log lines after
        ``after``, as a full ``state`` event or, for a stream that takes patches, a
        ``patch`` event from the view it last got. Each view, log and text is made once per
        distinct viewer (a patch once per viewer and base), however many streams it has.
        Sends nothing."""
        version = table.version
        views: dict[Viewer, dict] = {}
        logs: dict[Viewer, list] = {}
        full: dict[Viewer, str] = {}
        patches: dict[tuple[Viewer, int], str | None] = {}
        out: list[tuple[Subscriber, str, str, dict]] = []
        for sub in self._for_table(table.id):
            viewer = sub.viewer
            if viewer not in views:
                views[viewer] = table.view(viewer)
                logs[viewer] = table.log_for(viewer, after)
            view = views[viewer]
            if sub.patches and sub.base is not None and sub.base_version == after:
                key = (viewer, id(sub.base))
                if key not in patches:
                    patch = merge_patch.diff(sub.base, view)
                    patches[key] = (
                        None
                        if patch is None
                        else encode({"base": after, "patch": patch, "log": logs[viewer]})
                    )
                text = patches[key]
                if text is not None:
                    out.append((sub, "patch", text, view))
                    continue
            if viewer not in full:
                full[viewer] = encode({"view": view, "log": logs[viewer]})
            out.append((sub, "state", full[viewer], view))
        return Change(version, out)

    def send(self, change: Change) -> None:
        """Queue what :meth:`prepare_change` made (only once its entry is durable)."""
        for sub, kind, text, view in change.events:
            sub.sent(view, change.version)
            sub.push(kind, change.version, text)

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


def _make_room_for(newcomer: Subscriber, group: list[Subscriber], limit: int) -> list[Subscriber]:
    """The streams of ``group`` (a cap shared by many devices) to end so that
    ``newcomer``'s fits in ``limit``: strangers' first if it is the table's; a stranger's
    only among strangers, in the slots the table's streams leave."""
    strangers = [s for s in group if not s.at_the_table]
    if not newcomer.at_the_table:
        return _make_room(strangers, limit - (len(group) - len(strangers)), newcomer.device)
    over = len(group) + 1 - max(limit, 0)
    evict: list[Subscriber] = []
    while len(evict) < over and len(evict) < len(strangers):
        left = [s for s in strangers if s not in evict]
        counts = Counter(s.device for s in left)
        evict.append(max(left, key=lambda s: (counts[s.device], -s.number)))
    if len(evict) < over:
        table = [s for s in group if s.at_the_table]
        evict += _make_room(table, limit, newcomer.device)
    return evict


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
        oldest: dict[str, int] = {}
        for s in left:
            oldest.setdefault(s.device, s.number)
        greediest = max(
            (d for d in counts if d in oldest), key=lambda d: (counts[d], -oldest[d]), default=None
        )
        if greediest is None or counts[greediest] <= share:
            raise Busy("too_many_streams")
        evict.append(next(s for s in left if s.device == greediest))
    return evict
