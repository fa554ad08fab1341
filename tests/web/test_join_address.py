"""Join links and their QR codes point to an address the phones can reach: a tablet that
opened the companion as localhost or 127.0.0.1 still prints the Pi's LAN address (the one
``companion serve`` prints), with the port it used; a name or address the tablet reached
from the network stays as it is."""

from __future__ import annotations

import pytest

from web import address, pages

LAN = "192.168.1.20"


@pytest.fixture
def on_the_lan(monkeypatch):
    monkeypatch.setattr(address, "lan_address", lambda: LAN)


@pytest.mark.parametrize(
    "asked, link",
    [
        ("localhost:8080", f"http://{LAN}:8080/join/"),
        ("127.0.0.1:8080", f"http://{LAN}:8080/join/"),
        ("localhost", f"http://{LAN}/join/"),
        ("companion.local:8080", "http://companion.local:8080/join/"),
        ("192.168.1.7:8080", "http://192.168.1.7:8080/join/"),
    ],
)
def test_every_join_link_names_an_address_phones_reach(app, tablet, on_the_lan, asked, link):
    made = tablet.post("/api/tables", {"game": "tally", "players": ["Ann", "Bruno"]}).json
    assert made["seats"][0]["join_url"].startswith(f"http://{LAN}/join/")  # asked as localhost
    script = app.test_client()  # the tablet's token, asked on that host: no cookie rides along
    token = {"Host": asked, "Authorization": f"Bearer {made['admin_token']}"}
    seats = script.get(f"/api/tables/{made['id']}/seats", headers=token).json
    assert all(s["join_url"].startswith(link) for s in seats["seats"])
    again = script.post(f"/api/tables/{made['id']}/seats/1/reissue", json={}, headers=token).json
    assert again["join_url"].startswith(link)


def test_the_qr_code_holds_that_address(tablet, on_the_lan, monkeypatch):
    drawn = []
    monkeypatch.setattr(pages, "qr_svg", lambda text: drawn.append(text) or "<svg/>")
    made = tablet.post("/api/tables", {"game": "tally", "players": ["Ann", "Bruno"]}).json
    tablet.get(f"/join/{made['id']}/seat-0.svg", headers={"Host": "localhost:8080"})
    code = made["seats"][0]["join_code"]
    assert drawn == [f"http://{LAN}:8080/join/{made['id']}/{code}"]


@pytest.mark.parametrize(
    "listening_on, lan, url, expected",
    [
        # listening on loopback only: no phone reaches it, the link stays as asked
        ("127.0.0.1", LAN, "http://localhost:8080/x", "http://localhost:8080/x"),
        # every interface but no network: nothing better to give
        ("0.0.0.0", "127.0.0.1", "http://localhost:8080/x", "http://localhost:8080/x"),
        # listening on one address: that one
        ("10.0.0.5", LAN, "http://127.0.0.1:8080/x", "http://10.0.0.5:8080/x"),
        ("::", LAN, "http://[::1]:8080/x", f"http://{LAN}:8080/x"),
    ],
)
def test_reachable(monkeypatch, listening_on, lan, url, expected):
    monkeypatch.setattr(address, "lan_address", lambda: lan)
    assert address.reachable(url, listening_on) == expected
