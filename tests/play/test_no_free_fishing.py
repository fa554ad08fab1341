"""No free fishing: undoing an entry whose public outcome depended on a
secret is marked as such in the public log, and what it disclosed stays there."""

from __future__ import annotations

from companion.errors import Forbidden
from companion.play.table import Viewer
from tests.support.games.nowheresville.secrecy import script

ADMIN = Viewer(admin=True)


def test_undoing_a_robbery_keeps_what_it_disclosed_in_the_log(service):
    tid = service.create_table(
        "nowheresville", ["Ann", "Bob", "Cid"], {"saloon": "in", "goal": 90000, "money": "physical"}
    )["id"]
    for action in script("physical"):
        try:
            service.act(tid, action, ADMIN)
        except Forbidden:  # a secret submission: from the seat's own phone
            service.act(tid, action, Viewer(seat=action["seat"]))
        if action["type"] == "robbery_roll":
            break
    public = service.view(tid, Viewer())["state"]["news"]
    shown = [item for item in public if item["kind"] == "robbery"][-1]
    service.undo(tid, ADMIN)
    line = service.log(tid, Viewer())[-1]["line"]
    assert line["key"] == "core.undo_disclosed"
    told = {item["key"]: item["params"] for item in line["also"]}
    assert told["nowheresville.news.robbery"]["total"] == shown["total"]
    assert told["nowheresville.news.robbery"]["success"] == shown["success"]
    # the same for every viewer: the mark is public
    assert service.log(tid, Viewer(seat=0))[-1]["line"] == line
