"""Live updates over Server-Sent Events, one stream per open page.

Each stream holds a waitress thread, so streams are capped per device (the oldest is
evicted: a phone that reconnects is never locked out by its own dead stream), per address
and in all (the greediest device gives way, ``companion/writer/hub.py``),
send a ``ping`` event every 15 s (so a vanished client is noticed, and a page can see
that its stream is alive) and end after a maximum
age (the browser reconnects by itself). ``Last-Event-ID`` resumes without loss: the missed
log lines and the current view are sent first. A page that asks for patches
(``?patch=merge``) then gets, for each change, a ``patch`` event (a JSON Merge Patch from the
view it has to the new one, with the base version and the new log lines) instead of the
whole view; it gets a whole ``state`` when the stream opens or resumes, and whenever a patch
cannot say the change (``companion/writer/merge_patch.py``). A client that claims a version newer
than the server's is a sign the server lost history: it gets an ``alarm`` event, never silence.
When the credential a stream was opened with ends (seat re-issued, private session locked
or expired) the hub sends it a last ``revoked`` event and it ends at once
(``companion/writer/seats.py``); who a stream is for is worked out on the writer thread together
with its subscription.
"""

from __future__ import annotations

import queue
import time
from functools import lru_cache

from flask import Blueprint, Response, request

from companion.writer import rematch
from companion.writer.hub import encode
from web.context import config, credentials, device, service
from web.replay import digits
from web.server import FRAMES_KEPT, SEND_NOW, WHEN_CLOSED

bp = Blueprint("stream", __name__, url_prefix="/api")


def frame(kind: str, text: str, event_id: int | None = None) -> str:
    """One SSE message; ``text`` is the event's JSON, already made by the hub."""
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {kind}\ndata: {text}\n\n"


@lru_cache(maxsize=FRAMES_KEPT)
def wire(kind: str, text: str, event_id: int | None) -> bytes:
    """:func:`frame` as the bytes a stream writes. Cached: a change gives every stream of
    one viewer the same text, so it is framed and encoded once, not once per screen (the
    text itself is the key: a stream only ever gets bytes equal to its own event)."""
    return frame(kind, text, event_id).encode()


def last_event_id() -> int:
    return digits(
        request.headers.get("Last-Event-ID") or request.args.get("after"), "Last-Event-ID"
    )


@bp.get("/tables/<table_id>/events")
def events(table_id):
    after = last_event_id()
    settings = config().streams
    asker = device()
    cap = settings.per_anonymous if asker.anonymous else settings.per_device
    patches = request.args.get("patch") == "merge"
    sub, version, view, log = service().seats.catch_up_as(
        table_id, *credentials(table_id), asker.key, after, asker.address, cap, patches
    )
    svc = service()
    hub = svc.hub
    send_now = request.environ.get(SEND_NOW)
    when_closed = request.environ.get(WHEN_CLOSED)
    if when_closed is not None:  # the client went away: the slot and the thread free now
        when_closed(lambda: hub.unsubscribe(sub))

    def sink(kind: str, event_id: int | None, text: str) -> bool:
        return send_now(wire(kind, text, event_id))

    def generate(clock=time.monotonic):
        started = clock()
        try:
            yield "retry: 1500\n\n"
            if after > version:
                yield frame(
                    "alarm", encode({"code": "history_lost", "client": after, "server": version})
                )
            yield frame(
                "state", encode({"view": view, "log": log, "devices": svc.devices.states}), version
            )
            # a rematch that began while this page was away (a phone that slept)
            if table_id in svc.rematches:
                for told in svc.call(lambda: rematch.told_late(svc, table_id, sub.viewer)):
                    yield frame("rematch", encode(told))
            # the headers and the first view are out: from here the thread that makes an
            # event writes it (web/server.py); this one only waits for the end
            attached = send_now is not None and sub.attach(sink)
            while clock() - started < settings.max_age_s:
                try:
                    item = sub.events.get(timeout=settings.heartbeat_s)
                except queue.Empty:
                    # an event, not a comment: the page can tell a live stream from a dead
                    # one (a phone that slept) only by what its EventSource delivers
                    if attached:
                        sub.push("ping", None, "{}")
                    else:
                        yield frame("ping", "{}")
                    continue
                if item is None:
                    return
                kind, event_id, data = item
                yield frame(kind, data, event_id)
        finally:
            hub.unsubscribe(sub)

    return Response(
        generate(),
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )
