"""A stream's events written by the thread that makes them (``Subscriber.attach``,
``companion/writer/hub.py``; the real server's side is ``web/server.py`` ``TableTask.send_now``):
what was queued before the sink goes first and in order, nothing is written after the end,
a sink that cannot take an event ends the stream, and a revoked stream says why, last."""

from __future__ import annotations

import queue

from companion.play.table import Viewer
from companion.writer.hub import Hub


class Sink:
    def __init__(self, takes: int | None = None) -> None:
        self.got: list[tuple[str, int | None, str]] = []
        self.takes = takes  # how many events it takes before its client is gone

    def __call__(self, kind, event_id, text) -> bool:
        if self.takes is not None and len(self.got) >= self.takes:
            return False
        self.got.append((kind, event_id, text))
        return True


def queued(sub) -> list:
    out = []
    while True:
        try:
            out.append(sub.events.get_nowait())
        except queue.Empty:
            return out


def stream():
    return Hub().subscribe("t", Viewer(), "phone")


def test_what_was_queued_before_the_sink_goes_first_and_in_order():
    sub, sink = stream(), Sink()
    sub.push("state", 1, "a")
    sub.push("roll", None, "b")
    assert sub.attach(sink)
    sub.push("state", 2, "c")
    assert sink.got == [("state", 1, "a"), ("roll", None, "b"), ("state", 2, "c")]
    assert queued(sub) == []  # the stream's own thread is left nothing to write


def test_a_stream_ended_before_it_attaches_writes_nothing_and_keeps_its_end():
    sub, sink = stream(), Sink()
    sub.push("state", 1, "a")
    sub.close()
    assert not sub.attach(sink)
    assert sink.got == []
    left = queued(sub)
    assert left[0] == ("state", 1, "a") and left[-1] is None  # its reader still sees the end


def test_nothing_is_written_after_the_end():
    sub, sink = stream(), Sink()
    assert sub.attach(sink)
    sub.close()
    sub.push("state", 3, "late")
    assert sink.got == []
    assert queued(sub) == [None]


def test_a_sink_that_cannot_take_an_event_ends_the_stream():
    sub, sink = stream(), Sink(takes=1)
    assert sub.attach(sink)
    sub.push("state", 1, "a")
    sub.push("state", 2, "b")  # the client is gone: the stream ends
    sub.push("state", 3, "c")
    assert sink.got == [("state", 1, "a")]
    assert sub.closed and queued(sub) == [None]


def test_a_revoked_stream_says_why_last_and_ends():
    sub, sink = stream(), Sink()
    assert sub.attach(sink)
    sub.push("state", 1, "a")
    sub.revoke("reissued")
    sub.push("state", 2, "secret for the old seat")
    assert [kind for kind, _, _ in sink.got] == ["state", "revoked"]
    assert '"reissued"' in sink.got[-1][2]
    assert queued(sub) == [None]
