"""The play as the BG Stats app imports it: the JSON its "push plays" link carries (BG Stats,
"Push plays to BG Stats from other apps or websites",
https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/;
``docs/after-the-game.md``). Pure: made from the play record of ``web/after.py``
(players, standings, the journal's public lines) and the game's own attributes.

- ``playDate`` is the local date and time the first move was made, as the app's example
  writes it (``2020-10-23 19:16:58``, no zone); ``durationMin`` runs from that move to the
  one that ended the game (undone moves left out; the tablet's "close" is not a move).
- each player's ``rank`` is the game's place, ``score`` the number that decided it,
  ``winner`` the first place; ``startPlayer`` the seat that took the first turn
  (``start_seat``).
- ``comments`` carry the seed's hash and how many counts were corrected by hand.
- ``game.bggId`` only where the game declares a ``BGG_ID``: the app then matches the game
  by name, and a wrong id would file the play under another game.
"""

from __future__ import annotations

from datetime import datetime, tzinfo
from typing import Any

SOURCE = "Table Companion"
MOVES = ("action", "correction")  # the journal lines that are play, not housekeeping


def bgstats_play(play: dict, bgg_id: int | None = None, zone: tzinfo | None = None) -> dict:
    """The BG Stats play of a finished table's ``play`` record; ``zone`` None: the Pi's."""
    places = {row["seat"]: row for row in play["standings"]}
    players = []
    for seat, name in enumerate(play["players"]):
        row = places.get(seat, {})
        player: dict[str, Any] = {
            "name": name,
            "sourcePlayerId": name,  # the table knows a player by name only
            "startPlayer": seat == play.get("start_seat"),
            "winner": row.get("place") == 1,
        }
        if row.get("place") is not None:
            player["rank"] = row["place"]
        score = _deciding_number(row)
        if score is not None:
            player["score"] = score
        players.append(player)
    moves = [line["at"] for line in play["log"] if line["kind"] in MOVES and not line["undone"]]
    start = _local(moves[0] if moves else play["created"], zone)
    out: dict[str, Any] = {
        "sourceName": SOURCE,
        "sourcePlayId": play["id"],
        "playDate": start.strftime("%Y-%m-%d %H:%M:%S"),
        "game": {
            "name": play["title"],
            "sourceGameId": play["game"],
            "highestWins": True,  # the five games: most points or money wins
            "noPoints": not any("score" in p for p in players),
        },
        "players": players,
        "comments": "; ".join(
            filter(None, [f"seed sha256 {play['seed_hash']}", play.get("corrections_text")])
        ),
    }
    if bgg_id is not None:
        out["game"]["bggId"] = bgg_id
    if moves:
        out["durationMin"] = round((_local(moves[-1], zone) - start).total_seconds() / 60)
    return out


def _deciding_number(row: dict) -> int | float | None:
    """The first number of the standing's line (points, money): what decided the place."""
    for value in ((row.get("score") or {}).get("params") or {}).values():
        if isinstance(value, int | float) and not isinstance(value, bool):
            return value
    return None


def _local(label: str, zone: tzinfo | None) -> datetime:
    """A journal label (UTC, ISO 8601) in the local zone: the date the players would write."""
    return datetime.fromisoformat(label).astimezone(zone)
