"""What several test files share: ``Screen``."""

from __future__ import annotations

import json

from companion.play.table import Viewer
from companion.writer import merge_patch
from companion.writer.service import Service
from tests.support.values import numbers


class Screen:
    """One stream as a page that applies patches sees it."""

    def __init__(
        self,
        service: Service,
        table_id: str,
        viewer: Viewer,
        tokens: tuple[str | None, str | None],
        name: str,
    ):
        self.viewer = viewer
        admin_token, seat_token = tokens
        self.sub, self.version, self.view, _log = service.seats.catch_up_as(
            table_id, admin_token, seat_token, name, 0, "", None, True
        )
        self.patches = 0
        self.wholes = 0

    def drain(self) -> None:
        while not self.sub.events.empty():
            item = self.sub.events.get_nowait()
            assert item is not None, "a stream ended during the walk"
            kind, version, text = item
            data = json.loads(text)
            if kind in ("patch", "state"):
                assert version is not None, f"a {kind} names the version it shows"
            else:
                continue
            if kind == "patch":
                assert data["base"] == self.version, "a patch for another base"
                new = merge_patch.apply(self.view, data["patch"])
                assert_only_from(data["patch"], new)
                self.view, self.version = new, version
                self.patches += 1
            elif kind == "state":
                self.view, self.version = data["view"], version
                self.wholes += 1


def assert_only_from(patch: dict, view: dict) -> None:
    """Every member a patch sets is that member of ``view`` (the viewer's own new view),
    every member it removes is absent from it, and it holds no number ``view`` lacks."""
    assert set(numbers(patch)) <= set(numbers(view))
    for key, value in patch.items():
        if value is None:
            assert key not in view
        elif type(value) is dict and type(view.get(key)) is dict:
            assert_only_from(value, view[key])
        else:
            assert view[key] == value
