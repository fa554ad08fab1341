"""A join retried by the phone that made it: its answer (the 303 with the seat cookie) was
lost on the Wi-Fi, so it sends the same code again and is answered as the first join was;
any other device still gets 403, and a re-issued seat ends it."""

from __future__ import annotations

from companion.play.table import Viewer
from tests.support.reliability.inprocess import companion_app, fingerprint, new_table
from tests.support.web.clients import Device


def join(phone: Device, made: dict, seat: int = 0):
    return phone.client.post(f"/join/{made['id']}/{made['seats'][seat]['join_code']}")


def forget_seat_cookie(phone: Device, made: dict) -> None:
    """What a lost answer leaves: the phone never got the cookie."""
    phone.client.delete_cookie(f"tc_seat_{made['id']}")


def test_the_phone_whose_join_answer_was_lost_joins_again_with_the_same_code(tmp_path):
    """Before: 403 "already used", and the phone was out until the tablet re-issued."""
    with companion_app(tmp_path) as (service, app):
        tablet, made = new_table(app, "tally", ["Ann", "Bruno"])
        phone = Device(app)
        first = join(phone, made)
        assert first.status_code == 303
        forget_seat_cookie(phone, made)
        again = join(phone, made)
        assert again.status_code == 303 and again.location == first.location
        assert phone.get(f"/api/tables/{made['id']}").json["viewer"] == {
            "seat": 0,
            "admin": False,
        }
        assert phone.act(made["id"], {"type": "add", "seat": 0, "amount": 2}).status_code == 200


def test_another_device_with_the_spent_code_is_refused_and_changes_nothing(tmp_path):
    with companion_app(tmp_path) as (service, app):
        tablet, made = new_table(app, "tally", ["Ann", "Bruno"])
        phone = Device(app)
        assert join(phone, made).status_code == 303
        before = fingerprint(service)
        for other in (Device(app), app.test_client(use_cookies=False)):
            path = f"/join/{made['id']}/{made['seats'][0]['join_code']}"
            reply = other.client.post(path) if isinstance(other, Device) else other.post(path)
            assert reply.status_code == 403
        assert fingerprint(service) == before
        assert phone.get(f"/api/tables/{made['id']}").json["viewer"]["seat"] == 0


def test_a_second_join_ends_what_the_first_token_opened(tmp_path):
    with companion_app(tmp_path) as (service, app):
        tablet, made = new_table(app, "tally", ["Ann", "Bruno"])
        phone = Device(app)
        join(phone, made)
        stream = service.hub.subscribe(made["id"], Viewer(seat=0), "phone")
        join(phone, made)
        assert stream.closed


def test_after_a_reissue_the_old_code_joins_nobody(tmp_path):
    with companion_app(tmp_path) as (service, app):
        tablet, made = new_table(app, "tally", ["Ann", "Bruno"])
        phone = Device(app)
        join(phone, made)
        assert tablet.post(f"/api/tables/{made['id']}/seats/0/reissue", {}).status_code == 200
        forget_seat_cookie(phone, made)
        assert join(phone, made).status_code == 403
