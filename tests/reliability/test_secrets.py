"""Secrets: one differential leak test for every game with hidden information.

Two games are played identically except for one seat's secret submission (a sealed bid,
a corral vote or the sale's truth, a secret plan, a pot counted on the robber's phone, a
Fortune amount…). Every other viewer — the public table, the tablet, every other phone —
must receive byte-for-byte the same thing from every route, stream, log and refusal in both
games; and no viewer may ever receive another viewer's token. The games are the ones that
exist among nowheresville, abilene and the always-present test game tally.
"""

from __future__ import annotations

import pytest

from tests.support.reliability.drive import existing_games, record_part
from tests.support.reliability.leak import (
    Deterministic,
    Scenario,
    differences,
    differs_for_target,
    foreign_tokens,
    play_once,
    viewer_count,
)
from tests.support.reliability.openings import OPENINGS

VIRTUAL = (("money", "virtual"),)
# a robbery comes late in random play: in a game to the usual goal, 7 of 12 walks ended (or
# ran out of moves) before their pot was counted; to a far goal every one gets there
LONG_GAME = (("goal", 90000),)
# (game, options, secret): each secret kind worth varying, as the table option allows it
SECRETS = [
    ("nowheresville", (), "plan"),
    ("nowheresville", LONG_GAME, "count_pot"),
    ("nowheresville", VIRTUAL, "plan"),
    ("abilene", (), "sale_truth"),
    ("abilene", (), "corral_vote"),
    ("tally", (), "bid"),
]
HIDDEN = {g for g in ("nowheresville", "abilene") if g in existing_games()} | {"tally"}


def scenarios(seeds: range, points: range) -> list[Scenario]:
    return [
        Scenario(game, options, seed, point, secret)
        for game, options, secret in SECRETS
        if game in HIDDEN
        for seed in seeds
        for point in points
    ]


def scripted_scenarios() -> list[Scenario]:
    """Every secret kind reached by its scripted opening, for certain (openings.py)."""
    return [
        Scenario(game, options, 1, 1, secret.removesuffix("_virtual"), tuple(moves))
        for secret, (game, options, moves) in OPENINGS.items()
        if game in HIDDEN
    ]


def short_scenarios() -> list[Scenario]:
    """One random walk of each; a robbery comes late in random play, so its walk is one that gets
    there early and whose count does not end the game (walk seed 11: the end shows every
    player's money to all, on purpose; and plans may now be changed until the reveal, so
    the walks are not the ones they were)."""
    return [
        Scenario(game, options, 11 if secret == "count_pot" else 1, 1, secret)
        for game, options, secret in SECRETS
        if game in HIDDEN
    ]


def twins(tmp_path, monkeypatch, scenario: Scenario, leading: int = 0):
    fixed = Deterministic(monkeypatch)
    fixed.reset()
    first = play_once(tmp_path / "a", scenario, 0, leading)
    fixed.reset()
    second = play_once(tmp_path / "b", scenario, 1, leading)
    return first, second


def check(tmp_path, monkeypatch, scenario: Scenario, name: str, every_order=True) -> None:
    """The twins compared once with each viewer leading (every rotation of the public
    table, the tablet and the seats), so each is the first to be shown every state and the
    last: a view made for one viewer and kept for the next fails whichever viewer it was
    made for. Rotations rather than every permutation: what one viewer's view can leave
    behind for another depends on who came before, and each rotation puts a different
    viewer before all the others; n! twins would cost minutes per game. The long runs,
    many walks of each kind, take one rotation each, a different one from walk to walk."""
    count = viewer_count(scenario)
    orders = range(count) if every_order else [(scenario.walk_seed + scenario.point) % count]
    for leading in orders:
        check_order(tmp_path / f"from{leading}", monkeypatch, scenario, name, leading)


def check_order(tmp_path, monkeypatch, scenario: Scenario, name: str, leading: int) -> None:
    a, b = twins(tmp_path, monkeypatch, scenario, leading)
    # a leak test that reached no secret has compared nothing: that is a failure (pick
    # another walk, or script the way there in openings.py), never a skip
    assert a.target is not None, f"the walk reached no variable secret in {scenario}"
    assert (a.target, len(a.by_viewer)) == (b.target, len(b.by_viewer))
    assert differs_for_target(a, b), "the secret never reached its own seat: vacuous"
    leaks = differences(a, b) + foreign_tokens(a) + foreign_tokens(b)
    compared = sum(
        len(d) for v, items in a.by_viewer.items() if v != f"seat{a.target}" for _, d in items
    )
    record_part(
        name,
        f"{scenario.game} {dict(scenario.options)} {scenario.secret} "
        f"seed {scenario.walk_seed} point {scenario.point} from viewer {leading}",
        {
            "secret": a.submitted["type"],
            "viewers_compared": len(a.by_viewer) - 1,
            "items_per_viewer": len(a.by_viewer["table"]),
            "bytes_compared": compared,
            "leaks": len(leaks),
        },
    )
    assert not leaks, "\n".join(leaks[:10])


# every rotation of the viewers: up to ten twin games a case, a minute on a busy machine
@pytest.mark.timeout(600)
@pytest.mark.parametrize(
    "scenario",
    scripted_scenarios(),
    ids=lambda s: f"{s.game}-{s.secret}-{dict(s.options).get('money', 'physical')}",
)
def test_every_secret_kind_reached_by_script_leaks_nothing(tmp_path, monkeypatch, scenario):
    check(tmp_path, monkeypatch, scenario, "secrets_scripted")


@pytest.mark.timeout(600)
@pytest.mark.parametrize("scenario", short_scenarios(), ids=repr)
def test_no_viewer_can_tell_another_seats_secret(tmp_path, monkeypatch, scenario):
    check(tmp_path, monkeypatch, scenario, "secrets_short")


@pytest.mark.long
@pytest.mark.timeout(600)  # as its siblings: a stream that never idles fails, never hangs CI
@pytest.mark.parametrize("scenario", scenarios(range(2, 8), range(1, 3)), ids=repr)
def test_no_viewer_can_tell_another_seats_secret_long(tmp_path, monkeypatch, scenario):
    check(tmp_path, monkeypatch, scenario, "secrets_long", every_order=False)
