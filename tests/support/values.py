"""Looking inside JSON values the way a leak test must: by value, not by substring (a
secret 987 is not "in" a random hash that happens to contain the digits 987)."""

from __future__ import annotations

import json


def numbers(value) -> list[int]:
    """Every integer anywhere in a JSON value."""
    if isinstance(value, dict):
        return [n for item in value.values() for n in numbers(item)]
    if isinstance(value, list):
        return [n for item in value for n in numbers(item)]
    return [value] if type(value) is int else []


def stream_numbers(raw: bytes) -> list[int]:
    """Every integer in the JSON of a Server-Sent Events stream's ``data:`` lines."""
    found = []
    for line in raw.decode("utf-8", "replace").splitlines():
        if line.startswith("data: "):
            try:
                found += numbers(json.loads(line[6:]))
            except ValueError:
                continue  # a frame cut off where the stream was read
    return found
