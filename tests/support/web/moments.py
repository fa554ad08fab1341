"""What several test files share: ``Sale``."""

from __future__ import annotations

from tests.support.reliability.server import Client, join_seat
from tests.support.web.live import call

ANN, BRUNO, CID = 0, 1, 2


class Sale:
    """An Abilene table of three with every phone joined, Ann's throw made."""

    def __init__(self, live) -> None:
        self.live = live
        made = live.api(
            "POST",
            "/api/tables",
            {"game": "abilene", "players": ["Ann", "Bruno", "Cid"]},
            token="script",
        )
        self.id, self.admin = made["id"], made["admin_token"]
        client = Client(live.server.effective_port)
        self.phones = [join_seat(client, self.id, seat["join_code"]) for seat in made["seats"]]
        self.act(None, {"type": "throw", "seat": ANN, "dice": [0, 0, 1, 1, 1]})

    def act(self, seat, action, lang="en"):
        token = self.admin if seat is None else self.phones[seat]
        path = f"/api/tables/{self.id}/actions"
        return call(self.live, "POST", path, token, {"action": action}, lang)

    def view(self, seat=None) -> dict:
        token = self.admin if seat is None else self.phones[seat]
        return call(self.live, "GET", f"/api/tables/{self.id}", token)[1]

    def shown(self, seat, kind) -> dict:
        """The template ``seat``'s phone shows for ``kind`` now (what its dialog is made of)."""
        return next(t for t in self.view(seat)["legal"] if t["type"] == kind)

    def sell(self) -> None:
        assert self.act(ANN, {"type": "sell", "seat": ANN})[0] == 200

    def submit(self, seat, template, **chosen):
        return self.act(seat, {"type": template["type"], "seat": seat, **chosen, **fixed(template)})


def fixed(template) -> dict:
    """What the page adds to a dialog's values: the round the dialog was opened in."""
    return {"round": template["round"]} if "round" in template else {}
