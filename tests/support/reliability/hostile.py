"""Hostile values: what a broken or malicious client can put where a game expects a number,
a choice, a name or a list of dice."""

from __future__ import annotations

import json
import random

# Not a pair (low before high): valid in JSON as \u escapes, impossible in UTF-8.
LONE_SURROGATES = "\udc00x\ud800"

HOSTILE_VALUES: list[object] = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    2**63,
    -(2**63),
    10**30,
    float("inf"),
    float("nan"),
    "",
    "0",
    "1",
    " ",
    "x" * 5000,
    LONE_SURROGATES,
    "\u0000",
    "<b>x</b>",
    [],
    {},
    [[[]]],
    {"$ne": 1},
    [1] * 1000,
    ["a", None],
    {"type": "add"},
]


def nested(depth: int) -> bytes:
    """A JSON body that is an object holding ``depth`` nested lists."""
    return b'{"action": ' + b"[" * depth + b"]" * depth + b"}"


def mutate(action: dict, rng: random.Random, others: list[str], seats: int) -> dict:
    """``action`` broken in one way a client could break it."""
    out = dict(action)
    names = [k for k in out if k not in ("type", "seat")]
    how = rng.choice(
        ["value", "value", "value", "drop", "extra", "seat", "type", "drawn", "as_string", "listed"]
    )
    if how == "value" and names:
        out[rng.choice(names)] = rng.choice(HOSTILE_VALUES)
    elif how == "drop" and names:
        del out[rng.choice(names)]
    elif how == "extra":
        out[rng.choice(["x", "dice", "amount", "__proto__", "seat_token"])] = rng.choice(
            HOSTILE_VALUES
        )
    elif how == "seat":
        out["seat"] = rng.choice([seats, -1, 99, True, "0", None, 0.0, [0]])
    elif how == "type":
        out["type"] = rng.choice(others + ["", "undo", "drawn", LONE_SURROGATES, 7, None])
    elif how == "drawn":
        out["drawn"] = {"card": ["anything"]}
    elif how == "as_string" and names:
        name = rng.choice(names)
        out[name] = str(out[name])
    elif names:
        name = rng.choice(names)
        out[name] = [out[name]]
    else:
        out["type"] = rng.choice(HOSTILE_VALUES)
    return out


def header(headers, name: str) -> str:
    for key, value in headers.items():
        if key.lower() == name.lower():
            return value[0] if isinstance(value, list) else value
    return ""


def check_reply(status: int, content_type: str, body: bytes, path: str) -> None:
    """What every answer to anything must look like."""
    assert status < 500, f"{status} on {path}: {body[:300]!r}"
    assert b"Traceback" not in body and b'File "/' not in body, body[:300]
    if status >= 400 and path.startswith("/api/"):
        assert content_type.startswith("application/json"), (status, content_type, body[:200])
        error = json.loads(body)["error"]
        assert isinstance(error["code"], str) and error["code"]
        assert isinstance(error["message"], str) and error["message"]
