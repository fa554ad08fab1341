"""Nobody at the table is shut out: a real Chromium tablet and four phones keep their live
streams, and every change reaches every one of them, while 200 strangers on the same
address (everything here is 127.0.0.1, so the per-address cap is theirs too) mint signed
ids and open streams with them, open streams with made-up bearer tokens, make tables of
their own, and retry a spent join code."""

from __future__ import annotations

import http.client
import json
import socket
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.support.browser.input_authority import join
from tests.support.browser.tables import make_table

pytestmark = pytest.mark.browser
STRANGERS = 200
GUARD_S = 15.0


def stranger(port: int, made: dict, number: int) -> tuple[socket.socket | None, list[int]]:
    """One stranger's go at everything; returns the stream it may still hold, and the
    statuses it got."""
    statuses = []
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=GUARD_S)
    conn.request("GET", "/api/health")
    reply = conn.getresponse()
    reply.read()
    statuses.append(reply.status)
    cookies = "; ".join(
        value.split(";", 1)[0] for name, value in reply.getheaders() if name == "Set-Cookie"
    )
    csrf = next(c.split("=", 1)[1] for c in cookies.split("; ") if c.startswith("tc_csrf="))
    headers = {"Cookie": cookies, "Content-Type": "application/json", "X-CSRF-Token": csrf}
    body = json.dumps({"game": "tally", "players": [f"S{number}", "T"]})
    conn.request("POST", "/api/tables", body=body, headers=headers)
    reply = conn.getresponse()
    reply.read()
    statuses.append(reply.status)
    code = made["seats"][0]["join_code"]
    conn.request("POST", f"/join/{made['id']}/{code}", headers={"Cookie": cookies})
    reply = conn.getresponse()
    reply.read()
    statuses.append(reply.status)
    conn.close()
    auth = f"Cookie: {cookies}" if number % 2 else f"Authorization: Bearer made-up-{number}"
    sock = socket.create_connection(("127.0.0.1", port), timeout=GUARD_S)
    path = f"/api/tables/{made['id']}/events"
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{auth}\r\n\r\n".encode())
    head = sock.recv(65536)
    statuses.append(int(head.split()[1]))
    return sock, statuses


def table_streams(live, table_id: str) -> int:
    """The live streams of the tablet and the joined seats."""
    subscribers = live.service.hub._for_table(table_id)
    return sum(
        1 for s in subscribers if (s.viewer.admin or s.viewer.seat is not None) and not s.closed
    )


def test_the_tablet_and_four_phones_stay_live_while_200_strangers_attack(browser, live, shoot):
    tablet_context = browser.new_context(viewport={"width": 1280, "height": 800})
    tablet = tablet_context.new_page()
    made = make_table(tablet, live, players=("Ann", "Bruno", "Cleo", "Dora"))
    tablet.goto(f"{live.url}/table/{made['id']}")
    tablet.wait_for_selector("#log", state="attached")
    phones = [join(browser, live, made, seat) for seat in range(4)]
    pages = [tablet] + [page for _, page in phones]
    held = []
    try:
        with ThreadPoolExecutor(16) as pool:
            attacks = [pool.submit(stranger, live.port, made, n) for n in range(STRANGERS)]
            for _ in range(5):  # the table plays on throughout
                live.api(
                    "POST",
                    f"/api/tables/{made['id']}/actions",
                    {"action": {"type": "add", "seat": 0, "amount": 1}},
                    token=made["admin_token"],
                )
            results = [attack.result() for attack in attacks]
        held = [sock for sock, _ in results]
        for _, statuses in results:
            assert 500 not in statuses and statuses[2] == 403, statuses  # the code is spent
        # with the strangers' streams still held: the tablet reopens its page, and a
        # phone opens its seat in a second tab (before: 503 too_many_streams for both)
        tablet.reload()
        tablet.wait_for_selector("#log li[data-version='5']", state="attached")
        second_tab = phones[0][0].new_page()
        second_tab.goto(f"{live.url}/seat/{made['id']}")
        pages.append(second_tab)
        live.api(
            "POST",
            f"/api/tables/{made['id']}/actions",
            {"action": {"type": "add", "seat": 0, "amount": 1}},
            token=made["admin_token"],
        )
        for page in pages:
            page.wait_for_selector("#log li[data-version='6']", state="attached")
            assert page.evaluate("Companion.page.stream !== null"), "a page was pushed out"
        # and they stay: six streams of the table's own, none pushed out by another
        # (before: the second tab pushed out the first, which came back and pushed it out)
        for _ in range(20):
            assert table_streams(live, made["id"]) == len(pages)
            time.sleep(0.1)
        assert live.service.active_table_id() == made["id"]  # no stranger took the dice
        shoot(tablet, "strangers-attacked-tablet")
        shoot(phones[0][1], "strangers-attacked-phone")
    finally:
        for sock in held:
            sock.close()
        for context, _ in phones:
            context.close()
        tablet_context.close()
