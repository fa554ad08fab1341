"""Power cuts: the real server killed with SIGKILL while clients play every game.

Short run (every test run): about a dozen cuts. Long run (``--long``): over a hundred.
Figures land in test-output/reliability/ for docs/reliability.md.
"""

from __future__ import annotations

import pytest

from tests.support.reliability.drive import record
from tests.support.reliability.power import run_power_cuts


def check(figures) -> None:
    assert figures["acknowledged_lost"] == 0
    assert figures["server_errors_5xx"] == 0
    assert figures["acknowledged"] > 0, "the clients never got an action through"
    assert figures["kills_with_requests_in_flight"] > 0, "no cut landed mid-request"


def test_power_cuts_lose_no_acknowledged_action(tmp_path):
    figures = run_power_cuts(tmp_path, kills=10, seed=20240611)
    record("power_cut_short", dict(figures))
    check(figures)


@pytest.mark.long
def test_power_cuts_long(tmp_path):
    figures = run_power_cuts(tmp_path, kills=110, seed=19930101)
    record("power_cut_long", dict(figures))
    check(figures)
