"""Reading Server-Sent Events from the Flask test client without waiting on a clock: with a
tiny heartbeat, a ``ping`` frame means "nothing more is queued for this stream"."""

from __future__ import annotations

import json


def open_stream(device, table_id: str, last: int | None = None):
    headers = {} if last is None else {"Last-Event-ID": str(last)}
    return device.client.get(f"/api/tables/{table_id}/events", headers=headers, buffered=False)


def frames_until_idle(reply, limit: int = 10_000) -> tuple[list[str], bool]:
    """Frames up to the first ping (not included); ``ended`` is True if the stream closed."""
    out: list[str] = []
    chunks = iter(reply.response)
    for _ in range(limit):
        try:
            chunk = next(chunks)
        except StopIteration:
            return out, True
        text = chunk.decode() if isinstance(chunk, bytes) else chunk
        if text.startswith("event: ping") or text.startswith(":"):
            return out, False
        out.append(text)
    raise AssertionError("a stream that never goes idle")


def parse_frame(text: str) -> tuple[int | None, str, dict]:
    event_id, kind, data = None, "message", {}
    for line in text.strip().splitlines():
        field, _, value = line.partition(": ")
        if field == "id":
            event_id = int(value)
        elif field == "event":
            kind = value
        elif field == "data":
            data = json.loads(value)
    return event_id, kind, data
