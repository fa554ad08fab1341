"""Independent moves never conflict, through waitress: three phones taking bank loans at
once, all chosen on the same screen, all land (``companion/play/independent_moves.py``); a move that
something since its screen may have changed is still refused as stale."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from tests.support.web.live import call
from tests.support.web.moments import Sale


def abilene(live):
    sale = Sale(live)  # an Abilene table of three, every phone joined
    return sale.id, sale.admin, sale.phones


def loan(live, table_id, token, seat, amount, version):
    body = {
        "action": {"type": "take_loan", "seat": seat, "amount": amount},
        "expected_version": version,
    }
    return call(live, "POST", f"/api/tables/{table_id}/actions", token, body)


def test_three_phones_taking_bank_loans_at_once_all_land(live):
    table_id, admin, phones = abilene(live)
    version = call(live, "GET", f"/api/tables/{table_id}", admin)[1]["table"]["version"]
    with ThreadPoolExecutor(3) as pool:
        replies = list(
            pool.map(
                lambda seat: loan(live, table_id, phones[seat], seat, 1000 * (seat + 1), version),
                range(3),
            )
        )
    assert [status for status, _ in replies] == [200, 200, 200], replies
    state = call(live, "GET", f"/api/tables/{table_id}", admin)[1]["state"]
    assert sorted(x["principal"] for x in state["loans"]) == [1000, 2000, 3000]


def test_a_move_chosen_before_a_change_to_its_own_seat_is_still_stale(live):
    table_id, admin, phones = abilene(live)
    version = call(live, "GET", f"/api/tables/{table_id}", admin)[1]["table"]["version"]
    assert loan(live, table_id, phones[1], 1, 1000, version)[0] == 200
    # Bruno's second loan was chosen before his first landed: his own affairs changed
    status, reply = loan(live, table_id, phones[1], 1, 500, version)
    assert status == 409 and reply["error"]["code"] == "stale_version"
    # the tablet's change for the table (a count set by hand) may change anything
    now = call(live, "GET", f"/api/tables/{table_id}", admin)[1]["table"]["version"]
    fix = {"type": "set_cattle", "seat": None, "ranch": 0, "count": 5}
    body = {"action": fix, "expected_version": now}
    assert call(live, "POST", f"/api/tables/{table_id}/actions", admin, body)[0] == 200
    status, reply = loan(live, table_id, phones[2], 2, 500, now)
    assert status == 409 and reply["error"]["code"] == "stale_version"
