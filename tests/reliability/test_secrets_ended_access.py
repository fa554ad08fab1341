"""Secrets and access that ended: the differential leak test extended to streams whose
credential was re-issued, locked or expired, and to a sealed round asked again after its
reveal was undone (companion/writer/seats.py, companion/writer/hub.py, companion/play/barrier.py).

Twin tally games, identical up to one seat's secret bid — made after that seat was
re-issued (its old phone's stream was open), after a private session on the tablet was
locked and another one expired (each with its stream open), and after a whole round was
revealed and the reveal undone. Every other viewer, and every ended stream, must receive
the same bytes in both games; each ended stream ended with a ``revoked`` event.
"""

from __future__ import annotations

from contextlib import ExitStack

from companion.play.table import Viewer
from tests.support.reliability.inprocess import companion_app, new_table
from tests.support.reliability.leak import Deterministic, collect, normalised
from tests.support.reliability.streams import frames_until_idle, open_stream, parse_frame
from tests.support.web.clients import Device

PLAYERS = ["Ann", "Bruno", "Cid"]
SEAT_VIEW = {"X-Companion-View": "seat"}


def admin_device(app, made) -> Device:
    """Another page on the tablet: it holds the table's admin cookie."""
    device = Device(app)
    device.client.set_cookie(f"tc_admin_{made['id']}", made["admin_token"])
    return device


def joined(app, tid, code) -> Device:
    phone = Device(app)
    assert phone.client.post(f"/join/{tid}/{code}").status_code == 303
    return phone


def ended_stream(reply) -> list[str]:
    frames, ended = frames_until_idle(reply)
    if not ended:
        more, ended = frames_until_idle(reply)
        frames += more
    assert ended, "the stream of an ended credential is still open"
    assert parse_frame(frames[-1])[1] == "revoked"
    return frames


def end_access(service, app, tablet, made, old_phone, phones, watchers) -> dict:
    """Seat 1 re-issued while its old phone's stream is open (a new phone takes the seat);
    seat 2 on the tablet, one private session locked and one expired, each with its stream
    open. Returns each ended stream's frames; the pages that held them become watchers."""
    tid = made["id"]
    base = f"/api/tables/{tid}"
    old_stream = open_stream(old_phone, tid)
    frames_until_idle(old_stream)
    code = tablet.post(f"{base}/seats/1/reissue", {}).json["join_url"].rsplit("/", 1)[1]
    ended = {"reissued": ended_stream(old_stream)}
    phones[1] = joined(app, tid, code)
    assert tablet.post(f"{base}/seats/2/pin", {"pin": "2468"}).status_code == 200
    for why in ("locked", "expired"):
        page = admin_device(app, made)
        assert page.post(f"{base}/seats/2/unlock", {"pin": "2468"}).status_code == 200
        stream = page.client.get(f"{base}/events?as=seat", buffered=False)
        frames_until_idle(stream)
        if why == "locked":
            assert page.post(f"{base}/lock", {}, headers=SEAT_VIEW).status_code == 200
        else:  # what the server's expiry timer does when the session's time is up
            table = service.table(tid)
            service.call(lambda: service.seats._end_session(table, 2, "expired"))
        ended[why] = ended_stream(stream)
        watchers[why] = page
    return ended


def play(tmp, bid: int) -> dict:
    with ExitStack() as stack:
        service, app = stack.enter_context(
            companion_app(tmp, memory=True, streams={"heartbeat_s": 0.01})
        )
        tablet, made = new_table(app, "tally", PLAYERS)
        tid = made["id"]
        base = f"/api/tables/{tid}"
        phones = {s: joined(app, tid, made["seats"][s]["join_code"]) for s in (0, 1)}
        old_phone = phones[1]
        watchers = {"table": Device(app), "tablet": tablet, "seat0": phones[0]}
        streams = {name: open_stream(d, tid) for name, d in watchers.items()}
        ended = end_access(service, app, tablet, made, old_phone, phones, watchers)
        pin_page = admin_device(app, made)
        assert pin_page.post(f"{base}/seats/2/unlock", {"pin": "2468"}).status_code == 200
        # a whole round, revealed, then the reveal undone: every seat is asked again
        assert tablet.act(tid, {"type": "call_bids", "seat": 0}).status_code == 200
        for seat, device, extra in (
            (0, phones[0], {}),
            (1, phones[1], {}),
            (2, pin_page, {"headers": SEAT_VIEW}),
        ):
            reply = device.post(
                f"{base}/actions",
                {"action": {"type": "bid", "seat": seat, "amount": 10 + seat}},
                **extra,
            )
            assert reply.status_code == 200, reply.json
        assert service.view(tid, _admin())["state"]["revealed"] == [10, 11, 12]
        assert tablet.post(f"{base}/undo", {}).status_code == 200
        assert service.view(tid, _admin())["prompt"]["submitted"] == []
        # the twins differ from here: seat 1's new, secret bid
        assert phones[1].act(tid, {"type": "bid", "seat": 1, "amount": bid}).status_code == 200
        version = service.table(tid).version
        live = {name: "".join(frames_until_idle(reply)[0]) for name, reply in streams.items()}
        for name, device in watchers.items():
            device.is_admin = name != "table" and name != "seat0"
        seen = {
            name: collect(
                device,
                app,
                tid,
                3,
                [],
                [live.get(name, "")],
                {"type": "bid", "seat": 1, "amount": 1},
                version,
                False,
            )
            for name, device in watchers.items()
        }
        for why, frames in ended.items():
            seen[f"{why} stream"] = [("stream", "".join(frames).encode())]
        seen["seat1"] = [("view", phones[1].get(f"{base}?as=seat").data)]
        return seen


def _admin():
    return Viewer(admin=True)


def test_ended_credentials_and_undone_reveals_leak_nothing(tmp_path, monkeypatch):
    fixed = Deterministic(monkeypatch)
    fixed.reset()
    a = play(tmp_path / "a", 700)
    fixed.reset()
    b = play(tmp_path / "b", 900)
    assert a["seat1"] != b["seat1"], "the secret never reached its own seat: vacuous"
    leaks = []
    for viewer, items in a.items():
        if viewer == "seat1":
            continue
        for (name, data_a), (_n, data_b) in zip(items, b[viewer]):
            if normalised(data_a) != normalised(data_b):
                leaks.append(f"{viewer}: {name}")
        assert b"700" not in b"".join(d for _, d in items) or viewer == "seat1"
    assert not leaks, leaks
    for why in ("reissued", "locked", "expired"):
        frames = b"".join(d for _, d in a[f"{why} stream"]).decode()
        assert f'"reason":"{why}"' in frames
