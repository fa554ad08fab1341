"""Draws keyed by what they are (companion/randomness/draws.py, companion/play/table.py,
companion/app/verify_draws.py): the k-th draw of a kind in effect derives the same outcome whatever
came between; undo and redo draw the same; the verification tool re-derives every draw from the
seed."""

from __future__ import annotations

import types

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.app.verify_draws import verify
from companion.games.root_doves import game as root
from companion.known_games import game_contract
from companion.play.table import Table, Viewer
from companion.randomness import draws
from companion.rules.base import RuleError
from companion.rules.dice import FACES
from companion.storage.entries import ActionApplied
from companion.storage.journal import Entry, Journal, TableRecord
from companion.writer.service import Service
from tests.support.games.root_doves.draws import REMOVE, pacified_with_pile

ADMIN = Viewer(admin=True)
TOKENS = [f"t{i}" for i in range(40)]


def root_table(pile):
    """A Root table whose game starts with a Pacification token over ``pile`` (the rules
    are Root's own; only the starting position is set, as the rules tests do)."""
    game = types.ModuleType("root_from_pacified")
    game.__dict__.update(
        {name: getattr(root, name) for name in dir(root) if not name.startswith("__")}
    )
    game.setup = lambda players, options: pacified_with_pile(pile)
    rules = game_contract.complete(game)  # as the registry completes every game it loads
    record = TableRecord(
        "t1",
        "root_doves",
        ["Ann", "Bruno", "Chloé"],
        {},
        b"\x05" * 32,
        draws.commitment(b"\x05" * 32),
        1,
        "",
        "",
        False,
    )
    return Table(record, rules, [])


def commit(table, prepared):
    table.commit(Entry(table.version + 1, prepared.entry, "admin", "web", "", None), prepared)


def test_undo_harmless_actions_and_redo_draw_the_same_refugee_card():
    """Undo the random discard, send k harmless actions (``set_hand``
    with the same number), send it again: the same card for every k."""
    seen = set()
    for k in range(6):
        table = root_table(["fox", "rabbit", "mouse", "bird", "fox", "bird", "rabbit"])
        commit(table, table.prepare_action(REMOVE, ADMIN))
        first = table.effective[-1][1]["drawn"]["refugee"]
        commit(table, table.takeback.prepare_undo(ADMIN))
        hand = table.state["board"]["hand"]
        for _ in range(k):
            commit(
                table, table.prepare_action({"type": "set_hand", "seat": 0, "cards": hand}, ADMIN)
            )
        commit(table, table.prepare_action(REMOVE, ADMIN))
        again = table.effective[-1][1]["drawn"]["refugee"]
        assert again == first
        seen.add(repr(again[0]))  # one card: [place, suit]
    assert len(seen) == 1


def harmless_or_drawing(table, draw):
    """One legal tally action: a pick (kind ``token``), a virtual die (kind ``die``), or
    something that draws nothing."""
    prompt = table.prompt()
    if prompt and prompt["kind"] == "dice":
        return "roll"
    seat = table.state["turn"]
    if table.state["bids"] is not None:
        return {
            "type": "bid",
            "seat": draw(
                st.sampled_from([s for s in range(2) if s in table.state["bids"]["seats"]])
            ),
            "amount": 1,
        }
    return draw(
        st.sampled_from(
            [
                {"type": "pick", "seat": seat},
                {"type": "ask", "seat": seat},
                {"type": "end_turn", "seat": seat},
                {"type": "add", "seat": seat, "amount": 1},
                {"type": "call_bids", "seat": seat},
            ]
        )
    )


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_the_kth_draw_of_each_kind_is_its_derivation_from_the_seed(tmp_path_factory, data):
    """Any legal sequence with undos and harmless actions between: every draw in effect is
    the k-th of its kind derived from the seed (k counting that kind's draws in effect
    before it), redone draws equal the undone ones, and the verification tool agrees."""
    path = tmp_path_factory.mktemp("draws") / "journal.sqlite"
    with Service(Journal(path)) as service:
        tid = service.create_table("tally", ["Ann", "Bruno"], {"tokens": TOKENS, "target": 10_000})[
            "id"
        ]
        table = service.tables[tid]
        undone: dict[tuple[str, int], list] = {}
        for _ in range(data.draw(st.integers(5, 30))):
            # the count the table keeps, change by change, is the count of what is in effect
            assert table.drawn == draws.counts(a for _v, a in table.effective)
            if table.effective and data.draw(st.integers(0, 3)) == 0:
                _version, action = table.effective[-1]
                before = draws.counts(a for _v, a in table.effective[:-1])
                for kind, items in (action.get("drawn") or {}).items():
                    undone[(kind, before.get(kind, 0))] = items
                service.undo(tid, ADMIN)
                continue
            move = harmless_or_drawing(table, data.draw)
            try:
                if move == "roll":
                    service.throw(tid, ADMIN)
                else:
                    service.act(
                        tid, move, Viewer(seat=move["seat"]) if move["type"] == "bid" else ADMIN
                    )
            except RuleError:
                continue
        seed = table.record.seed
        counted: dict[str, int] = {}
        for _version, action in table.effective:
            for kind, items in (action.get("drawn") or {}).items():
                k = counted.get(kind, 0)
                if kind == draws.DIE:
                    assert items == draws.dice(
                        seed, {kind: k}, [(die, FACES[die]) for die, _f in items]
                    )
                else:
                    assert len(items) == 1 and items[0] in TOKENS
                    assert (
                        items[0]
                        == draws.resolve(
                            seed,
                            {kind: k},
                            {
                                kind: {
                                    "population": [
                                        t
                                        for t in TOKENS
                                        if t not in _picked_before(table, _version)
                                    ],
                                    "count": 1,
                                }
                            },
                        )[kind][0]
                    )
                if (kind, k) in undone:
                    assert items == undone[(kind, k)]  # undo and redo: the same draw
                counted[kind] = k + len(items)
        report = verify(service.journal, tid)
        assert report.ok and report.seeds_match


def _picked_before(table, version):
    return [
        item
        for v, a in table.effective
        if v < version
        for item in (a.get("drawn") or {}).get("token", [])
    ]


def test_verification_catches_a_draw_that_does_not_derive(tmp_path):
    path = tmp_path / "journal.sqlite"
    with Service(Journal(path)) as service:
        tid = service.create_table("tally", ["Ann", "Bruno"], {"tokens": TOKENS})["id"]
        service.act(tid, {"type": "pick", "seat": 0}, ADMIN)
        drawn = service.tables[tid].effective[-1][1]["drawn"]["token"]
        assert verify(service.journal, tid).ok
        # a token still in the pile, but not the one the second pick derives (the first
        # unpicked token would be it for one table seed in 39)
        pile = [t for t in TOKENS if t not in drawn]
        table = service.tables[tid]
        spec = {"token": {"population": pile, "count": 1}}
        derived = draws.resolve(table.epochs.seed, table.drawn, spec)["token"]
        other = next(t for t in pile if t not in derived)
        forged = Entry(
            2,
            ActionApplied({"type": "pick", "seat": 0, "drawn": {"token": [other]}}),
            "admin",
            "web",
            "",
            None,
        )
        service.journal.append(tid, forged)
        report = verify(service.journal, tid)
        assert not report.ok and [d.ok for d in report.draws] == [True, False]
        assert not verify(service.journal, tid, [bytes(32)]).seeds_match


def test_the_verify_command_re_derives_a_closed_games_draws(tmp_path, capsys):
    from companion.app.cli import main
    from companion.app.config import load

    database = load(overrides={"data": {"dir": str(tmp_path)}}).data.database
    with Service(Journal(database)) as service:
        tid = service.create_table("tally", ["Ann", "Bruno"], {"tokens": TOKENS, "target": 20})[
            "id"
        ]
        service.act(tid, {"type": "pick", "seat": 0}, ADMIN)
        service.act(tid, {"type": "ask", "seat": 0}, ADMIN)
        service.throw(tid, ADMIN)
        while not service.view(tid, ADMIN)["table"]["ended"]:
            service.act(tid, {"type": "add", "seat": 0, "amount": 5}, ADMIN)
        service.close_game(tid, ADMIN)
        published = service.view(tid, Viewer())["table"]["seed"]
    assert main(["verify", tid, "--data", str(tmp_path), "--seed", published]) == 0
    out = capsys.readouterr().out
    assert "#1 token from draw 0" in out and "#3 die from draw 0" in out
    assert "every draw derives from the seeds" in out
    assert main(["verify", tid, "--data", str(tmp_path), "--seed", "00" * 32]) == 1
    assert main(["verify", "nosuchtable", "--data", str(tmp_path)]) == 2
