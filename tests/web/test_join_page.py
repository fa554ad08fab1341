"""The join page behind a seat's QR code shows only what a code that still joins says: a
code used by another phone, replaced by the tablet, or never made gets one page in the
device's language that says so and where a new one is, names no seat and offers no join.
Before, it read "Join as None" ("Leave Alice's seat and join as None") and its button led
to a page headed "403"."""

from __future__ import annotations

import html
import re

import pytest

from tests.support.web.clients import Device, join

PLAYERS = ["Alice", "Bob", "Carol"]
SPENT = {
    "en": ("This join code can no longer be used", "Table tools, Joining"),
    "fr": ("Ce code pour rejoindre ne sert plus", "Outils de la table, Rejoindre la partie"),
}
LANGUAGE = {"en": "en-US,en;q=0.9", "fr": "fr-FR,fr;q=0.9"}


@pytest.fixture
def made(tablet):
    return tablet.post("/api/tables", {"game": "abilene", "players": PLAYERS}).json


def words(reply) -> str:
    """The page's text as the player reads it."""
    return html.unescape(re.sub(r"<[^>]+>", " ", reply.get_data(as_text=True)))


def spent_link(how: str, made: dict, tablet, device) -> str:
    """Bob's join link once it joins nobody: used by Bob's phone, replaced, or never made."""
    link = f"/join/{made['id']}/{made['seats'][1]['join_code']}"
    if how == "used":
        join(device(), made, 1)
    elif how == "replaced":
        assert tablet.post(f"/api/tables/{made['id']}/seats/1/reissue", {}).status_code == 200
    else:
        link = f"/join/{made['id']}/not-a-code-of-this-table"
    return link


def viewer_of(who: str, made: dict, device) -> Device:
    """A phone holding Alice's seat already, or a phone holding nothing."""
    return join(device(), made, 0) if who == "holder" else device()


@pytest.mark.parametrize("lang", sorted(SPENT))
@pytest.mark.parametrize("who", ["holder", "fresh"])
@pytest.mark.parametrize("how", ["used", "replaced", "unknown"])
def test_a_code_that_joins_nobody_says_so_and_names_no_seat(tablet, device, made, how, who, lang):
    link = spent_link(how, made, tablet, device)
    phone = viewer_of(who, made, device)
    for reply in (
        phone.get(link, headers={"Accept-Language": LANGUAGE[lang]}),
        phone.client.post(link, headers={"Accept-Language": LANGUAGE[lang]}),  # a tap
    ):
        text = words(reply)
        title, where = SPENT[lang]
        assert reply.status_code == 403
        assert title in text and where in text, text
        assert "<form" not in reply.get_data(as_text=True)
        for leak in (*PLAYERS, "None", "403"):
            assert leak not in text, (leak, text)
    back = f'href="/seat/{made["id"]}"' in reply.get_data(as_text=True)
    assert back == (who == "holder")  # a phone with a seat is offered its own page back
    seat = phone.get(f"/api/tables/{made['id']}").json["viewer"]["seat"]
    assert seat == (0 if who == "holder" else None)  # the tap changed nothing


def test_the_code_this_phone_spent_without_its_answer_still_names_its_seat(device, made):
    """A join whose answer was lost is answered again (test_join_again.py): its page too."""
    phone = join(device(), made, 1)
    phone.client.delete_cookie(f"tc_seat_{made['id']}")
    page = words(phone.get(f"/join/{made['id']}/{made['seats'][1]['join_code']}"))
    assert "Join as Bob — Abilene, table started at" in page


def test_the_tablet_opening_a_spent_code_is_not_told_it_still_works(tablet, device, made):
    join(device(), made, 1)
    reply = tablet.get(f"/join/{made['id']}/{made['seats'][1]['join_code']}")
    text = words(reply)
    assert reply.status_code == 403
    assert "This join code can no longer be used" in text
    assert "still works" not in text and "Bob" not in text
