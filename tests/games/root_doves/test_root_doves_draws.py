"""The random refugee discard (SCU.2.6): drawn by the table, uniform over the pile's CARDS,
recorded in the action, replayed exactly.

The draws go through the table's real derivation (``companion.randomness.draws``: HMAC-SHA256 of a
fresh secret seed and the action's position, rejection-sampled), exactly as
``companion/play/table.py`` resolves them before ``apply``.
"""

from __future__ import annotations

import json
import math
from collections import Counter

import pytest

from companion.games.root_doves import game
from companion.randomness import draws as table_draws
from tests.support.games.root_doves.draws import REMOVE, pacified_with_pile
from tests.support.games.root_doves.helpers import act, refused, started
from tests.support.play import play

# Two chi-square tests below; each may fail a fair draw with probability ALPHA, so the
# whole file fails a fair draw less than once in a million runs (Bonferroni: 2 x 5e-7).
ALPHA = 5e-7
# Critical values of the chi-square distribution at upper tail ALPHA:
# - 2 degrees of freedom (three suits): the survival function is exp(-x/2), so
#   x = -2 ln(5e-7) = 2 x 14.50866 = 29.0173.
# - 3 degrees of freedom (four suits): sf(x) = erfc(sqrt(x/2)) + sqrt(2x/pi) exp(-x/2);
#   solving sf(x) = 5e-7 by bisection gives x = 32.0940.
# ``test_critical_values`` re-derives both numbers.
CRITICAL = {2: 29.0173, 3: 32.0940}
RUNS = 6000


def survival(x, df):
    if df == 2:
        return math.exp(-x / 2)
    return math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2)


def table_draw(seed, k, spec):
    """The table's k-th draw of each kind in ``spec`` (companion/play/table.py does this)."""
    return table_draws.resolve(seed, {kind: k for kind in spec}, spec)


def discarded(before, after):
    gone = Counter(before["board"]["pile"]) - Counter(after["board"]["pile"])
    assert sum(gone.values()) == 1, "exactly one refugee card is discarded"
    return next(iter(gone))


def chi_square(counts, expected):
    return sum((counts.get(k, 0) - e) ** 2 / e for k, e in expected.items())


def simulate(pile, population=None):
    """Discard counts over RUNS removals drawn the table's way with a fresh seed."""
    state = pacified_with_pile(pile)
    seed = table_draws.new_seed()
    spec = game.draws(state, REMOVE)
    if population is not None:
        spec = {"refugee": {"population": population, "count": 1}}
    counts = Counter()
    for position in range(RUNS):
        action = {**REMOVE, "drawn": table_draw(seed, position, spec)}
        counts[discarded(state, game.apply(state, action))] += 1
    return counts, seed


def test_critical_values():
    for df, value in CRITICAL.items():
        assert survival(value, df) == pytest.approx(ALPHA, rel=1e-3)


@pytest.mark.parametrize(
    "pile",
    [
        ["fox", "fox", "fox", "rabbit", "bird"],  # 3 suits, 2 df
        ["fox", "rabbit", "rabbit", "mouse", "bird", "bird", "bird", "bird"],  # 4 suits, 3 df
    ],
)
def test_the_discard_is_uniform_over_the_cards(pile):
    """Each card is equally likely, so a suit goes in proportion to its cards in the pile."""
    counts, seed = simulate(pile)
    share = Counter(pile)
    expected = {suit: RUNS * n / len(pile) for suit, n in share.items()}
    statistic = chi_square(counts, expected)
    assert statistic < CRITICAL[len(share) - 1], (counts, seed.hex())


def test_a_draw_uniform_over_suits_would_be_caught():
    """The same statistic rejects the wrong rule (each suit equally likely)."""
    pile = ["fox", "fox", "fox", "rabbit", "bird"]
    counts, _ = simulate(pile, population=sorted(set(pile)))
    expected = {suit: RUNS * n / len(pile) for suit, n in Counter(pile).items()}
    assert chi_square(counts, expected) > 10 * CRITICAL[2]


def test_the_draw_spec_is_the_piles_cards():
    state = pacified_with_pile(["fox", "bird", "fox"])
    # each card by its place as the table laid it, so two foxes are two different cards
    assert game.draws(state, REMOVE) == {
        "refugee": {"population": [[1, "fox"], [2, "bird"], [3, "fox"]], "count": 1}
    }
    assert game.draws(pacified_with_pile([]), REMOVE) == {}
    assert game.draws(state, act("remove_token", clearing="10", by="Bruno")) == {}  # Ceasefire
    assert game.draws(state, act("remove_token", clearing=12, by="Bruno")) == {}
    assert game.draws(state, act("score", 1, points=1)) == {}


@pytest.mark.parametrize(
    "drawn, code",
    [
        (None, "root_doves.draw_missing"),
        ({"refugee": ["mouse"]}, "root_doves.not_in_pile"),
        ({"refugee": []}, "root_doves.draw_missing"),
    ],
)
def test_a_pacification_removal_needs_the_tables_draw(drawn, code):
    state = pacified_with_pile(["fox", "bird"])
    action = dict(REMOVE) if drawn is None else {**REMOVE, "drawn": drawn}
    assert refused(state, action) == code


def test_a_ceasefire_removal_draws_nothing_and_scores_the_remover():
    state = play(game, started(), act("remove_token", clearing="10", by="Chloé"))
    assert state["board"]["ceasefire"] == [] and state["vp"] == [0, 0, 1]
    assert (
        refused(
            started(),
            {**act("remove_token", clearing="10", by="Chloé"), "drawn": {"refugee": ["fox"]}},
        )
        == "bad_param"
    )


def test_the_log_and_the_table_say_which_suit_went():
    state = pacified_with_pile(["fox", "bird"])
    action = {**REMOVE, "drawn": {"refugee": ["bird"]}}
    after = game.apply(state, action)
    assert after["board"]["pile"] == ["fox"] and after["vp"][1] == 1
    assert after["board"]["pacification"]["fox"] is None
    line = game.describe(action, None)
    assert line == {
        "key": "root_doves.log.remove_token.discard.bird",
        "params": {"clearing": "12", "by": "Bruno", "seat": 0},
    }
    assert game.describe(REMOVE, 2)["key"] == "root_doves.log.remove_token"


def repacify(state):
    """The fox token back in 12 and a Ceasefire back in 10 (a board edit, the same live and
    in replay), so the script can remove them again."""
    board = {
        **state["board"],
        "ceasefire": ["10"],
        "pacification": {"fox": "12", "rabbit": None, "mouse": None},
    }
    return {**state, "board": board}


def test_replay_reproduces_each_draw_exactly():
    """The journal holds resolved actions: the same actions with the same ``drawn`` give the
    same state, and the same seed and the count of earlier refugee draws derive the same
    cards again."""
    seed = table_draws.new_seed()
    initial = pacified_with_pile(["fox", "rabbit", "mouse", "bird", "fox", "bird"])
    script = [REMOVE, act("set_hand", cards=4), act("remove_token", clearing="10", by="Chloé")]
    state, journal = initial, []
    for _ in range(3):
        for action in script:
            spec = game.draws(state, action)
            if spec:
                action = {
                    **action,
                    "drawn": table_draws.resolve(seed, table_draws.counts(journal), spec),
                }
            state = game.apply(state, action)
            journal.append(action)
        state = repacify(state)
    replayed = initial
    for position, action in enumerate(journal):
        if "drawn" in action:
            spec = game.draws(replayed, {k: v for k, v in action.items() if k != "drawn"})
            assert (
                table_draws.resolve(seed, table_draws.counts(journal[:position]), spec)
                == action["drawn"]
            )
        replayed = game.apply(replayed, action)
        if position % len(script) == len(script) - 1:
            replayed = repacify(replayed)
    assert json.dumps(replayed, sort_keys=True) == json.dumps(state, sort_keys=True)
    assert len(state["board"]["pile"]) == 3 and state["vp"] == [0, 3, 3]


@pytest.mark.parametrize(
    "pile, clearing, shown",
    [
        (["bird"], "12", {"turn": 1, "clearing": "12", "by": "Bruno", "card": "bird", "place": 1}),
        (
            [],
            "12",
            {"turn": 1, "clearing": "12", "by": "Bruno", "card": None, "place": None},
        ),  # pile empty
        (["fox"], "10", None),  # a Ceasefire: no discard
    ],
)
def test_the_table_sees_the_random_discard(pile, clearing, shown):
    """SCU.2.6: the dashboard says which card went (or that the pile was empty) until the
    next Pacification token is removed; a Ceasefire's removal discards nothing."""
    state = play(
        game, repacify(pacified_with_pile(pile)), act("remove_token", clearing=clearing, by="Bruno")
    )
    assert game.view(state, None)["last_discard"] == shown
    assert game.view(state, 2)["last_discard"] == shown


def test_the_discard_takes_the_very_card_drawn_and_the_log_names_its_place():
    """Two foxes in the pile: the draw names the second one (place 3), that card goes, and
    the log line and the panel say "card 3 of the pile"."""
    state = repacify(pacified_with_pile(["fox", "bird", "fox", "mouse"]))
    action = {**act("remove_token", clearing="12", by="Bruno"), "drawn": {"refugee": [[3, "fox"]]}}
    after = game.apply(state, action)
    assert after["board"]["pile"] == ["fox", "bird", "mouse"]
    assert after["last_discard"]["place"] == 3
    line = game.describe(action, None)
    assert line["key"] == "root_doves.log.remove_token.discard_at.fox"
    assert line["params"]["place"] == 3
    wrong = {**action, "drawn": {"refugee": [[2, "fox"]]}}  # place 2 holds a bird
    assert refused(state, wrong) == "root_doves.not_in_pile"


def test_a_discard_journalled_by_rules_version_2_still_replays():
    state = repacify(pacified_with_pile(["fox", "bird"]))
    old = {**act("remove_token", clearing="12", by="Bruno"), "drawn": {"refugee": ["bird"]}}
    after = game.apply(state, old)
    assert after["board"]["pile"] == ["fox"] and after["last_discard"]["place"] is None
    assert game.describe(old, None)["key"] == "root_doves.log.remove_token.discard.bird"
