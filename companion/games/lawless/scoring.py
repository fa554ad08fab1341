"""Lawless end-of-game scoring (rulebook "End of the Game", "Example of Scoring",
"Two-Player Rules") and the charts of fortunes and prestige over the game.

Four categories per ranch: terrains that are not raided, herds on those terrains, cowboy
cards, coins. Places are ranked 1-2-2-4 (ties share a place, the next one is skipped);
1st-4th score 5/3/2/1, 5th and 6th nothing, and a ranch with nothing in a category scores
nothing there. With 2 players, the four ranches are ranked and each player adds their two.
"""

from __future__ import annotations

from typing import Any

from companion.games.lawless.ranch import cowboy_count, scored_herd_count, scored_terrains
from companion.rules import ranking

CATEGORIES = ("terrains", "herds", "cowboys", "coins")
PLACE_POINTS = (5, 3, 2, 1)


def ranch_counts(state: dict) -> list[dict]:
    """What each ranch has in each category right now."""
    return [
        {
            "terrains": len(scored_terrains(ranch)),
            "herds": scored_herd_count(ranch),
            "cowboys": cowboy_count(ranch),
            "coins": state["ledger"]["purses"][index],
        }
        for index, ranch in enumerate(state["ranches"])
    ]


def score_counts(counts: list[dict]) -> list[dict]:
    """For each ranch: per category its count, place and points, and the total."""
    rows: list[dict[str, Any]] = [{"cells": {}, "total": 0} for _ in counts]
    for category in CATEGORIES:
        values = [c[category] for c in counts]
        places = ranking.places(values)
        points = ranking.place_points(values, PLACE_POINTS)
        for row, value, place, score in zip(rows, values, places, points):
            row["cells"][category] = {"count": value, "place": place, "points": score}
            row["total"] += score
    return rows


def player_totals(state: dict, rows: list[dict]) -> list[int]:
    """Each player's prestige: their ranch's total (with 2 players, their two ranches')."""
    totals = [0] * len(state["players"])
    for row, ranch in zip(rows, state["ranches"]):
        totals[ranch["player"]] += row["total"]
    return totals


def prestige_now(state: dict) -> list[int]:
    """Each player's prestige points if the game ended now (for the chart)."""
    return player_totals(state, score_counts(ranch_counts(state)))


def score_table(state: dict) -> dict:
    """The rulebook's scoring table: categories, places, points, totals, and the winners
    (every player holding the best total: a tie on the top is a shared win)."""
    rows = score_counts(ranch_counts(state))
    totals = player_totals(state, rows)
    for row, ranch in zip(rows, state["ranches"]):
        row["ranch"] = ranch["name"]
        row["player"] = ranch["player"]
    players = [
        {"player": seat, "name": state["names"][seat], "total": total}
        for seat, total in enumerate(totals)
    ]
    return {
        "categories": list(CATEGORIES),
        "rows": rows,
        "players": players,
        "winners": ranking.winners(totals),
    }


def fortune_chart(state: dict) -> dict:
    """Each ranch's coins at the end of every turn (x = turn number)."""
    series = []
    for index, ranch in enumerate(state["ranches"]):
        points = [[entry[0], entry[1][index]] for entry in state["history"]]
        series.append({"label": ranch["name"], "points": points})
    return {"title": "lawless.chart.fortunes", "series": series}


def prestige_chart(state: dict) -> dict:
    """Each player's prestige points as the scoring would give them at the end of every
    turn (x = turn number); at the end of the game it ends on the final totals."""
    series = []
    for seat, name in enumerate(state["names"]):
        # a state saved by rules version 1 noted no prestige: those turns are left out
        points = [[entry[0], entry[2][seat]] for entry in state["history"] if len(entry) > 2]
        series.append({"label": name, "points": points})
    return {"title": "lawless.chart.prestige", "series": series}
