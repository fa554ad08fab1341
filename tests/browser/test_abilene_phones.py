"""Abilene on the players' phones (390×844), in real Chromium, as a tester found them: the
sticker dialog offers only the stickers the rules accept, a refused dialog's reason is read
on top of that dialog, a duellist whose die is in is not offered the throw again, and a loan
offer is said in words on the borrower's phone (and the lender's)."""

from __future__ import annotations

import pytest

from tests.support.browser.tables import make_table
from tests.support.screens import REACHED, TABLET, phone_for

pytestmark = pytest.mark.browser

BOB, DAVE, CAROL = 0, 1, 2
NAMES = ("Bob", "Dave", "Carol")
VALUES_OFFERED = """() => [...document.querySelectorAll('#dialog [data-value]')]
    .map((b) => [JSON.parse(b.dataset.value), b.getAttribute('aria-pressed') === 'true'])
    .filter(([value]) => typeof value === 'number')"""


@pytest.fixture
def table(browser, live):
    """An Abilene table of three, Bob's turn, the tablet's page open."""
    tablet = browser.new_context(viewport=TABLET).new_page()
    made = make_table(tablet, live, "abilene", NAMES)

    def act(action):
        path = f"/api/tables/{made['id']}/actions"
        return live.api("POST", path, {"action": action}, token=made["admin_token"])

    made["act"] = act
    yield made
    tablet.context.close()


def test_the_sticker_dialog_offers_only_the_values_its_brand_may_have(browser, live, table):
    table["act"]({"type": "throw", "seat": BOB, "dice": [0, 0, 1, 1, 1]})
    table["act"]({"type": "sell", "seat": BOB})
    bob = phone_for(browser, live, table, BOB)
    bob.click("[data-action=sale_truth]")
    bob.click('#dialog [data-value="\\"no_brand\\""]')
    assert bob.evaluate(VALUES_OFFERED) == [[500, True]]  # unbranded: $500, picked
    bob.click('#dialog [data-value="\\"seller_brand\\""]')
    assert bob.evaluate(VALUES_OFFERED) == [[v, False] for v in (100, 300, 600, 1000)]
    bob.click('#dialog [data-value="1000"]')
    bob.click('#dialog [data-value="\\"no_brand\\""]')  # the $1,000 cannot stay
    assert bob.evaluate(VALUES_OFFERED) == [[500, True]]
    bob.click('#dialog [data-value="\\"other_brand\\""]')
    bob.click('#dialog [data-value="600"]')
    bob.click("#dialog button[type=submit]")
    bob.wait_for_selector("#dialog", state="hidden")
    view = live.api("GET", f"/api/tables/{table['id']}", token=table["admin_token"])
    assert view["state"]["sale"]["submitted"] == [BOB]
    bob.context.close()


def test_a_refused_dialog_says_why_on_top_of_it(browser, live, table, shoot):
    offer = {"type": "offer_loan", "seat": BOB, "borrower": CAROL, "amount": 1000, "interest": 100}
    table["act"](offer)
    carol = phone_for(browser, live, table, CAROL)
    carol.click("[data-action=accept_loan]")  # her dialog opens; Bob takes his offer back
    table["act"]({"type": "withdraw_loan_offer", "seat": BOB, "offer": 1})
    carol.click("#dialog button[type=submit]")
    toast = carol.wait_for_selector("#toast", state="visible")
    shoot(carol, "abilene-refusal-over-dialog", full_page=False)
    assert carol.evaluate("document.getElementById('dialog').open")  # the form stays
    box = toast.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 844 and box["x"] >= 0, box
    assert box["x"] + box["width"] <= 390, box
    assert toast.evaluate(REACHED), "the refusal is under the dialog"
    assert toast.inner_text() == "There is no open loan offer 1."
    carol.context.close()


def test_a_duellist_whose_die_is_in_waits_for_the_other(browser, live, table, shoot):
    table["act"]({"type": "throw", "seat": BOB, "dice": [0, 0, 1, 1, 1]})
    table["act"]({"type": "duel", "seat": BOB, "opponent": DAVE, "place": "elsewhere"})
    bob, dave = (phone_for(browser, live, table, s) for s in (BOB, DAVE))
    bob.wait_for_selector("#type-dice")
    # his die only: the whole throw is never a phone's to send (dice_by_their_owners)
    assert bob.query_selector("[data-action=duel_roll]") is None
    bob.click("#type-dice")
    bob.click("#dialog [data-face='3']")
    bob.click("#dialog button[type=submit]")
    said = bob.wait_for_selector("#dice-mine-in")
    shoot(bob, "abilene-duel-die-in", full_page=False)
    assert said.inner_text() == "Your die is in: waiting for Dave"
    assert bob.query_selector("#type-dice") is None
    assert bob.query_selector("[data-action=duel_roll]") is None
    assert bob.inner_text("#turn") == "Dave's turn"
    dave.wait_for_selector("#dice-parts[data-in='1']")
    assert dave.query_selector("#type-dice") is not None  # Dave still throws his
    assert dave.query_selector("#dice-mine-in") is None
    for phone in (bob, dave):
        phone.context.close()


def test_a_loan_offer_is_said_on_the_borrowers_phone(browser, live, table):
    carol, bob = (phone_for(browser, live, table, s) for s in (CAROL, BOB))
    offer = {"type": "offer_loan", "seat": BOB, "borrower": CAROL, "amount": 1000, "interest": 100}
    table["act"](offer)
    carol.wait_for_selector("[data-action=accept_loan]")
    own = carol.inner_text("#own")
    assert "Offer 1: Bob lends you $1,000 at $100 interest" in own, own
    bob.wait_for_selector("[data-action=withdraw_loan_offer]")
    assert "Offer 1: you lend Carol $1,000 at $100 interest" in bob.inner_text("#own")
    for phone in (carol, bob):
        phone.context.close()
