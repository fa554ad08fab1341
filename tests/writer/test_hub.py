"""The stream caps (``companion/writer/hub.py``): over a cap, the greediest device's oldest stream
goes, never the stream of a device within its share; if every device is within its share,
the new stream is refused."""

from __future__ import annotations

import pytest

from companion.errors import Busy
from companion.play.table import Viewer
from companion.writer.hub import Hub


def open_streams(hub: Hub, device: str, count: int, address: str = "", cap=None):
    return [hub.subscribe("t", Viewer(), device, address, cap) for _ in range(count)]


def test_the_greediest_device_gives_way_in_all():
    hub = Hub(max_streams_per_device=10, max_streams=6)
    tablet = open_streams(hub, "tablet", 1)
    greedy = open_streams(hub, "greedy", 5)
    phone = open_streams(hub, "phone", 1)  # full: greedy (5 > 6 // 3) loses its oldest
    assert [s.closed for s in greedy] == [True, False, False, False, False]
    assert not tablet[0].closed and not phone[0].closed
    assert hub.count() == 6


def test_nobody_over_their_share_means_the_newcomer_is_refused():
    hub = Hub(max_streams_per_device=10, max_streams=3)
    held = [open_streams(hub, name, 1)[0] for name in ("a", "b", "c")]
    with pytest.raises(Busy) as refused:
        hub.subscribe("t", Viewer(), "d")
    assert refused.value.code == "too_many_streams" and refused.value.status == 503
    assert not any(s.closed for s in held) and hub.count() == 3


def test_a_device_that_reconnects_ends_its_own_oldest_stream():
    hub = Hub(max_streams_per_device=2, max_streams=40)
    mine = open_streams(hub, "phone", 3)
    assert [s.closed for s in mine] == [True, False, False]


def test_the_cap_per_address_counts_every_device_there():
    hub = Hub(max_streams_per_device=4, max_streams=40, max_streams_per_address=3)
    other = open_streams(hub, "tablet", 2, "10.0.0.2")
    crowd = open_streams(hub, "minted-1", 2, "10.0.0.9") + open_streams(
        hub, "minted-2", 1, "10.0.0.9"
    )
    newcomer = hub.subscribe("t", Viewer(), "minted-3", "10.0.0.9")
    assert [s.closed for s in crowd] == [True, False, False]  # minted-1 held 2 > 3 // 3
    assert not newcomer.closed and not any(s.closed for s in other)


def test_an_anonymous_device_holds_one_stream():
    hub = Hub()
    streams = open_streams(hub, "anon:10.0.0.9", 3, "10.0.0.9", cap=1)
    assert [s.closed for s in streams] == [True, True, False]


def drained(sub) -> list[tuple[str, str]]:
    out = []
    while not sub.events.empty():
        item = sub.events.get_nowait()
        if item is not None:
            out.append((item[0], item[2]))
    return out


@pytest.mark.parametrize("who", [Viewer(admin=True), Viewer(seat=1)])
def test_the_tablet_and_a_joined_seat_push_out_strangers_when_full(who):
    """Before: forty signed ids minted by cookie-less requests, one stream each, filled the
    hub, and a phone that had just joined, or the tablet reopening its stream, got 503."""
    hub = Hub(max_streams_per_device=4, max_streams=40)
    strangers = [open_streams(hub, f"minted-{n}", 1, f"10.0.0.{n % 4}")[0] for n in range(40)]
    mine = hub.subscribe("t", who, "the-table", "10.0.0.50")
    assert not mine.closed and hub.count() == 40
    assert [s.closed for s in strangers] == [True] + [False] * 39  # the oldest stranger's
    assert drained(strangers[0]) == [("evicted", '{"reason":"too_many_streams"}')]


def test_the_table_takes_the_slots_of_its_own_address_from_strangers_there():
    """A neighbour behind the tablet's own address cannot hold the address's slots."""
    hub = Hub(max_streams_per_device=4, max_streams=40, max_streams_per_address=3)
    crowd = [open_streams(hub, f"minted-{n}", 1, "10.0.0.9")[0] for n in range(3)]
    tablet = hub.subscribe("t", Viewer(admin=True), "tablet", "10.0.0.9")
    assert not tablet.closed and [s.closed for s in crowd] == [True, False, False]


def test_a_stranger_never_pushes_out_the_table():
    hub = Hub(max_streams_per_device=4, max_streams=4)
    table = [hub.subscribe("t", Viewer(seat=n), f"phone-{n}") for n in range(3)]
    first = hub.subscribe("t", Viewer(), "stranger-1")
    with pytest.raises(Busy):  # the one slot the table leaves is taken, by a device within
        hub.subscribe("t", Viewer(), "stranger-2")  # its share of it
    many = open_streams(hub, "stranger-1", 3)  # its own cap: its own oldest goes
    assert first.closed and [s.closed for s in many] == [True, True, False]
    assert not any(s.closed for s in table)


def test_an_evicted_stream_is_told_why_after_what_it_was_sent():
    hub = Hub(max_streams_per_device=1)
    old = hub.subscribe("t", Viewer(seat=0), "phone")
    hub.publish("roll", {"dice": []}, "t")
    hub.subscribe("t", Viewer(seat=0), "phone")
    assert [kind for kind, _ in drained(old)] == ["roll", "evicted"]
