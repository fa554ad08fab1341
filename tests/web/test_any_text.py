"""Any Unicode string in any string parameter of any game breaks nothing.

For every game: a table walked to a random state by random legal actions, then, in every
string parameter (typed text, a choice or a pick among strings) of every template any
viewer is offered there, any string at all -- hypothesis's Unicode text and the values
that broke tables before (``"²"``, NUL, U+202E, full-width digits). Each is answered as a
refusal or a change, never a 500; then every view, log and ``/api/health`` answers 200, no
game raised anything but its own refusals (``tables_faulted`` stays empty), and the writer
and the follower threads are alive.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.known_games import registry
from firmware_bridge.follower import TableFollower
from tests.support.reliability.drive import fill, player_names
from tests.support.web.clients import Device, join

GAMES = sorted(registry.found())
BROKE_BEFORE = ["²", "1, ²", "\x00", "a\nb", "Ann\u202e", "\u200b", "０９１", "093", " ", ""]
strings = st.one_of(st.sampled_from(BROKE_BEFORE), st.text(max_size=40))


def string_params(template: dict) -> list[str]:
    out = []
    for name, spec in template["params"].items():
        options = spec.get("options", [])
        if spec["kind"] == "text" or any(isinstance(o, str) for o in options):
            out.append(name)
    return out


class Table:
    def __init__(self, app, tablet: Device, game: str) -> None:
        made = tablet.post("/api/tables", {"game": game, "players": player_names(game)}).json
        self.id, self.tablet = made["id"], tablet
        self.phones = [join(Device(app), made, seat) for seat in range(len(made["seats"]))]

    def viewers(self) -> list[tuple[Device, int | None]]:
        return [(self.tablet, None)] + [(phone, s) for s, phone in enumerate(self.phones)]

    def offered(self) -> list[tuple[Device, dict]]:
        """Every template with the device that may send it (a secret one: its seat's)."""
        out = []
        for device, seat in self.viewers():
            legal = self.get(device, f"/api/tables/{self.id}")["legal"]
            out += [(device, t) for t in legal if seat is not None or not t.get("secret")]
        return out

    def send(self, device: Device, action: dict) -> int:
        reply = device.act(self.id, action)
        assert reply.status_code < 500, (action, reply.json)
        return reply.status_code

    def get(self, device: Device, path: str) -> dict:
        reply = device.get(path)
        assert reply.status_code == 200, (path, reply.json)
        return reply.json


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    game=st.sampled_from(GAMES),
    seed=st.integers(0, 2**32),
    walk=st.integers(0, 30),
    typed=st.lists(strings, min_size=1, max_size=6),
)
def test_no_string_in_any_parameter_breaks_a_table(app, tablet, service, game, seed, walk, typed):
    rng = random.Random(seed)
    table = Table(app, tablet, game)
    with TableFollower(service.signals, every_s=0.01, closing=(RuntimeError,)) as follower:
        for _ in range(walk):  # a random state of the game
            offered = table.offered()
            if not offered:
                break
            device, template = rng.choice(offered)
            table.send(device, fill(template, rng))
        texts = iter(typed * 1000)
        for device, template in table.offered():
            for name in string_params(template):
                table.send(device, {**fill(template, rng), name: next(texts)})
        for device, _seat in table.viewers():
            table.get(device, f"/api/tables/{table.id}")
            table.get(device, f"/api/tables/{table.id}/log")
        health = table.get(tablet, "/api/health")
        assert health["tables_faulted"] == {}, health["tables_faulted"]
        assert follower._thread.is_alive()
    assert service._thread.is_alive()
