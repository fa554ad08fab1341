"""Against the real server: device ids the server signed, limits
per address, the stream cap that evicts only the greediest, and CSRF whenever a cookie
authenticates.

Before the fix: 300 requests with 300 made-up ``tc_device`` cookies all got 200; 41 streams
with made-up cookies evicted every other device's stream, and a phone received 4 of 10
updates; an admin cookie with a junk ``Authorization: Bearer`` skipped the CSRF check.
"""

from __future__ import annotations

import json
import math
import random
import secrets
import string
import time

import pytest

from tests.support.reliability.drive import FIGURES
from tests.support.reliability.raw import (
    exchange,
    exchange_full,
    http,
    open_stream,
    served_table,
    signed_device,
    tablet_acts,
)

ATTACKERS = [f"127.0.0.{i}" for i in range(2, 10)]
PHONE = "127.0.0.20"


def made_up_cookie(rng: random.Random, index: int) -> str:
    """Every shape a forger might try: the old free-form id, an id with a random
    signature, a real-looking id signed by another key, an empty signature."""
    hexes = "".join(rng.choice("0123456789abcdef") for _ in range(16))
    shapes = [
        "".join(rng.choice(string.ascii_letters) for _ in range(20)),
        f"{hexes}.{secrets.token_urlsafe(16)[:22]}",
        f"{hexes}.",
        hexes,
    ]
    return shapes[index % len(shapes)]


@pytest.fixture
def served(tmp_path):
    with served_table(tmp_path, "") as found:
        yield found


def test_made_up_device_cookies_share_one_tight_bucket(served):
    proc, made = served
    rng = random.Random(300)
    tablet = signed_device(proc.port)
    statuses, started = [], time.monotonic()
    for index in range(300):
        cookies = {"tc_device": made_up_cookie(rng, index)}
        status, set_cookies, body = exchange_full(
            proc.port,
            http(
                "GET", f"/api/tables/{made['id']}", cookies=cookies, extra="Accept-Language: fr\r\n"
            ),
            source=ATTACKERS[0],
        )
        statuses.append(status)
        if status == 429:
            assert json.loads(body)["error"]["message"].startswith("Trop de requêtes")
        # a forged id is replaced by one the server signed
        assert set_cookies.get("tc_device", "") != cookies["tc_device"]
    ok, elapsed = statuses.count(200), time.monotonic() - started
    assert statuses.count(429) == 300 - ok
    # the anonymous bucket of that address: its burst (120 a minute / 4) and its refill
    # (2 a second) over the run, whatever one cookie says
    assert ok <= 30 + math.ceil(2 * elapsed)
    status, _ = exchange(proc.port, http("GET", f"/api/tables/{made['id']}", cookies=tablet))
    assert status == 200  # the tablet, a signed device, is served all along
    _figures(
        "forged_device_requests",
        {"requests": 300, "answered_200": ok, "refused_429": statuses.count(429)},
    )


def test_streams_with_made_up_or_minted_ids_never_evict_the_table(served):
    """41 streams with made-up cookies, then 41 with ids the attacker had the server sign
    (one cookie-less request each), from eight addresses; the tablet's and a phone's
    streams stay, and each receives all ten updates."""
    proc, made = served
    rng = random.Random(41)
    tablet = signed_device(proc.port)
    phone = signed_device(proc.port, PHONE)
    code = made["seats"][0]["join_code"]
    status, joined, _ = exchange_full(
        proc.port,
        http(
            "POST",
            f"/join/{made['id']}/{code}",
            cookies=phone,
            extra="Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 0\r\n",
        ),
        PHONE,
    )
    assert status == 303, joined
    phone.update(joined)
    tablet_stream = open_stream(proc.port, made["id"], made["admin_token"], 0, cookies=tablet)
    phone_stream = open_stream(proc.port, made["id"], None, 0, PHONE, phone)
    start = tablet_stream.next_state()["view"]["table"]["version"]
    phone_stream.next_state()
    crowd, refused = [], 0
    minted = [signed_device(proc.port, ATTACKERS[i % len(ATTACKERS)]) for i in range(41)]
    for index in range(82):
        source = ATTACKERS[index % len(ATTACKERS)]
        cookies = {"tc_device": made_up_cookie(rng, index)} if index < 41 else minted[index - 41]
        sock = open_stream(proc.port, made["id"], None, 0, source, cookies)
        if sock.status() != b"200":  # 503, or the connection itself refused
            refused += 1
            sock.close()
        else:
            crowd.append(sock)
    try:
        for _ in range(10):
            tablet_acts(proc.port, made, rng, tablet)
        seen = {"tablet": [], "phone": []}
        for name, stream in (("tablet", tablet_stream), ("phone", phone_stream)):
            while len(seen[name]) < 10:
                seen[name].append(stream.next_state()["view"]["table"]["version"])
    finally:
        for sock in crowd:
            sock.close()
        tablet_stream.close()
        phone_stream.close()
    assert seen["tablet"] == seen["phone"] == list(range(start + 1, start + 11))
    _figures(
        "forged_device_streams",
        {
            "streams_tried": 82,
            "refused_503": refused,
            "table_updates_seen": "10 of 10 (tablet and phone)",
        },
    )


def test_a_junk_bearer_header_does_not_skip_csrf_for_an_admin_cookie(served):
    proc, made = served
    tablet = signed_device(proc.port)
    cookies = {**tablet, f"tc_admin_{made['id']}": made["admin_token"]}
    for token in ("junk", made["admin_token"], ""):
        status, body = exchange(
            proc.port,
            http(
                "POST",
                f"/api/tables/{made['id']}/undo",
                data={},
                cookies=cookies,
                extra=f"Authorization: Bearer {token}\r\n",
            ),
        )
        assert status == 403 and json.loads(body)["error"]["code"] == "csrf", body
    status, body = exchange(
        proc.port, http("GET", f"/api/tables/{made['id']}", made["admin_token"])
    )
    assert json.loads(body)["table"]["version"] == 0
    # with the double-submitted token it goes through (then refused by the rules: no undo)
    status, body = exchange(
        proc.port,
        http(
            "POST",
            f"/api/tables/{made['id']}/undo",
            data={},
            cookies=cookies,
            extra=f"Authorization: Bearer junk\r\nX-CSRF-Token: {tablet['tc_csrf']}\r\n",
        ),
    )
    assert status != 403, body


def _figures(name: str, figures: dict) -> None:
    FIGURES.mkdir(parents=True, exist_ok=True)
    (FIGURES / f"{name}.json").write_text(json.dumps(figures, indent=2), encoding="utf-8")
