"""A submission belongs to its moment, through waitress: the slow phone at an Abilene sale.

Ann sells; Bruno's phone is slow; the tablet reveals without him (the tablet's way past a
phone that does not answer); Ann sells again. Bruno's corral card for the first sale then
arrives -- his dialog was still open, and the page retries a failed send with the same
body -- and must not count in the second sale (``companion/rules/sealed.py``).
"""

from __future__ import annotations

import pytest

from tests.support.web.live import call
from tests.support.web.moments import ANN, BRUNO, CID, Sale, fixed


@pytest.mark.parametrize(
    "lang, words",
    [("en", "That moment has passed"), ("fr", "Ce moment est passé")],
)
def test_a_late_corral_card_from_the_last_sale_is_refused(live, lang, words):
    sale = Sale(live)
    sale.sell()
    brunos_dialog = sale.shown(BRUNO, "corral_vote")  # opened, then his phone stalls
    assert brunos_dialog["round"] == sale.view()["prompt"]["round"]["id"]
    truth = sale.shown(ANN, "sale_truth")
    assert sale.submit(ANN, truth, brand="no_brand", value=500)[0] == 200
    assert sale.submit(CID, sale.shown(CID, "corral_vote"), card="no_brand")[0] == 200
    assert sale.act(None, {"type": "reveal_without", "seat": None, "absent_seat": BRUNO})[0] == 200
    first = sale.view()["state"]["last_sale"]
    assert first["skipped"] == [BRUNO] and first["votes"][str(BRUNO)] is None
    sale.sell()  # Ann sells again: a new round
    before = sale.view()
    late = {"type": "corral_vote", "seat": BRUNO, "card": "other_brand", **fixed(brunos_dialog)}
    for _ in range(3):  # the page's retries send the very same body
        status, reply = sale.act(BRUNO, late, lang)
        assert status == 409, reply
        assert reply["error"]["code"] == "moment_passed"
        assert reply["error"]["message"].startswith(words)
    assert sale.view() == before  # refused: nothing changed, nobody is told anything
    assert sale.view(BRUNO)["state"]["sale"]["submitted"] == []
    # the card he chooses in the dialog of the sale now open counts in it
    now = sale.shown(BRUNO, "corral_vote")
    assert now["round"] != brunos_dialog["round"]
    assert sale.submit(BRUNO, now, card="no_brand")[0] == 200
    assert sale.view(BRUNO)["state"]["sale"]["submitted"] == [BRUNO]


def test_a_card_for_the_open_sale_lands_whoever_voted_first(live):
    """The round, not the version, is the moment: Cid's card landing first does not make
    Bruno's stale, though the table's version moved on under his dialog."""
    sale = Sale(live)
    sale.sell()
    version = sale.view()["table"]["version"]
    brunos_dialog = sale.shown(BRUNO, "corral_vote")
    assert sale.submit(CID, sale.shown(CID, "corral_vote"), card="no_brand")[0] == 200
    status, reply = sale.act(
        BRUNO,
        {"type": "corral_vote", "seat": BRUNO, "card": "seller_brand", **fixed(brunos_dialog)},
    )
    assert status == 200, reply
    stale = {"type": "corral_vote", "seat": CID, "card": "seller_brand"}
    status, reply = call(
        live,
        "POST",
        f"/api/tables/{sale.id}/actions",
        sale.phones[CID],
        {"action": stale, "expected_version": version},
    )
    # a change of mind that names no round is held to its expected version, as any action
    assert status == 409 and reply["error"]["code"] == "stale_version"


def test_a_round_named_for_an_action_that_has_none_is_refused(live):
    sale = Sale(live)
    status, reply = sale.act(ANN, {"type": "sell", "seat": ANN, "round": "corral-1"})
    assert status == 409 and reply["error"]["code"] == "moment_passed"
    assert sale.view()["state"]["sale"] is None


def test_a_late_die_of_a_duel_that_was_thrown_again_is_refused(live):
    """Each of two duellists throws their own cowboy die (a prompt answered die by die).
    Bruno's phone is slow, the tablet types his die, the duel is a tie and asks again; his
    phone's die, for the throw that is over, must not be taken as his die of the new one."""
    sale = Sale(live)
    assert (
        sale.act(ANN, {"type": "duel", "seat": ANN, "opponent": BRUNO, "place": "elsewhere"})[0]
        == 200
    )
    shown = sale.view(BRUNO)["table"]["version"]  # both dialogs open at this moment
    assert sale.view(BRUNO)["prompt"]["owners"] == [ANN, BRUNO]

    def die(seat, face, version):
        token = sale.admin if seat is None else sale.phones[seat]
        body = {"dice": [{"die": "cowboy", "face": face}], "expected_version": version}
        return call(live, "POST", f"/api/tables/{sale.id}/dice", token, body)

    assert die(ANN, 3, shown)[0] == 200
    assert die(None, 3, shown)[0] == 200  # the tablet, for Bruno: a tie
    again = sale.view()
    assert again["prompt"]["why"]["key"] == "abilene.why.duel_again"
    status, reply = die(BRUNO, 2, shown)
    assert status == 409 and reply["error"]["code"] == "moment_passed", reply
    assert sale.view() == again  # no die in: the new throw waits for both
    status, reply = die(BRUNO, 2, again["table"]["version"])
    assert status == 200 and reply["parts"]["faces"] == [None, 2]
