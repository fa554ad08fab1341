"""What a player must read on each game's pages, for a given view (``tests/browser/
reading.py``): the shell's parts every game shares (whose turn, what the table waits for,
the log), then each game's board, one module per game named as its folder."""

from __future__ import annotations

import importlib

from tests.support.browser.reading import Read, Words

LOG_LINES = 12  # the newest lines, the ones a player looks at


def shell(view: dict, log: list[dict], words: Words) -> list[Read]:
    table, players = view["table"], view["table"]["players"]
    awaited = table["awaited"]  # whom the table waits for (companion/play/awaited.py)
    out = []
    if table["ended"]:
        out.append(Read("game over", words.t("ui.game_over"), "#turn"))
    elif view["viewer"].get("seat") in awaited:
        out.append(Read("whose turn", words.t("ui.your_turn"), "#turn"))  # a phone's own turn
    elif len(awaited) == 1:
        out.append(Read("whose turn", words.t("ui.turn_of", name=players[awaited[0]]), "#turn"))
    elif awaited:
        names = ", ".join(players[s] for s in awaited)
        out.append(Read("whose turn", words.t("ui.awaiting", names=names), "#turn"))
    prompt = view["prompt"]
    if prompt:
        out.append(Read("prompt", words.line(prompt["why"], players), "#prompt"))
    for entry in log[-LOG_LINES:]:
        text = words.line(entry["line"], players)
        if entry["line"].get("then"):
            text += " — " + words.line(entry["line"]["then"], players)
        # the line's number comes first, set apart by style only: "#61" then "3 warriors…"
        out.append(
            Read(
                f"log line {entry['version']}",
                text,
                f"#log li[data-version='{entry['version']}']",
                after_number=True,
            )
        )
    return out


def board(game: str, view: dict, words: Words) -> list:
    return importlib.import_module(f"{__name__}.{game}").reads(view["state"], view, words)
