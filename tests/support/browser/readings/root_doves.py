"""Root with the United Doves Society: the turn, every faction's victory points (or its
dominance), the refugee pile and its suits, the Doves' hand, warriors, evening draw and
ceasefire tokens, the warriors in each clearing, a battle's dice and hits, the winner
(``companion/games/root_doves/panel.js``)."""

from __future__ import annotations

from tests.support.browser.reading import Check, Dice, Read, Words

SUITS = ("fox", "rabbit", "mouse", "bird")


def label(s: dict, w: Words, seat: int) -> str:
    faction = s["factions"][seat]
    faction = w.t("root_doves.panel.doves_faction") if faction is None else faction
    return faction if faction == s["players"][seat] else f"{s['players'][seat]} — {faction}"


def reads(s: dict, view: dict, w: Words) -> list:
    t, board = w.t, s["board"]
    out = []
    if s["stage"] == "over":
        out.append(
            Read(
                "winner", t(f"root_doves.panel.won_by.{s['won_by']}", name=label(s, w, s["winner"]))
            )
        )
    elif s["stage"] != "setup":
        out.append(
            Read(
                "turn",
                " · ".join(
                    [
                        t("root_doves.panel.turn", number=s["turn_number"]),
                        s["players"][s["turn"]],
                        t(f"root_doves.phase.{s['phase']}"),
                    ]
                ),
            )
        )
    track = w.t("root_doves.panel.vp_track", win=s["win_at"])
    for seat in range(len(s["players"])):
        shown = (
            t("root_doves.panel.dominance", suit=w.value(s["dominance"][seat]))
            if s["dominance"][seat]
            else str(s["vp"][seat])
        )
        out.append(
            Read(
                f"{s['players'][seat]}'s points",
                f"{label(s, w, seat)} {shown}",
                "section.panel-box",
                heading=track,
            )
        )
    counts = " · ".join(
        f"{w.value(suit)} {board['pile_by_suit'][suit]}"
        for suit in SUITS
        if board["pile_by_suit"][suit]
    )
    out.append(
        Read(
            "refugee pile",
            t("root_doves.panel.pile", cards=len(board["pile"]))
            + (f" — {counts}" if counts else ""),
        )
    )
    doves = t("root_doves.panel.doves_board", name=s["players"][s["doves"]])
    out += [
        Read(what, text, "section.panel-box", heading=doves)
        for what, text in (
            (
                "the Doves' hand",
                t("root_doves.panel.hand", cards=board["hand"], limit=board["hand_limit"]),
            ),
            (
                "the Doves' warriors",
                t(
                    "root_doves.panel.warriors",
                    supply=board["warriors"]["supply"],
                    total=board["warriors"]["total"],
                ),
            ),
            (
                "the evening draw",
                t("root_doves.panel.draw", cards=board["evening_draw"], bonus=board["draw_bonus"]),
            ),
        )
    ]
    for clearing in s["clearings"]:
        if clearing["warriors"]:
            out.append(
                Read(
                    f"warriors in clearing {clearing['id']}",
                    f"{clearing['id']} {w.value(clearing['suit'])} "
                    + t("root_doves.panel.warriors_here", warriors=clearing["warriors"]),
                    ".root_doves-clearing",
                )
            )
    for key, title in (
        ("battle", "root_doves.panel.battle"),
        ("last_battle", "root_doves.panel.last_battle"),
    ):
        # the tablet leaves the last battle to the journal while a battle is open
        over_on_tablet = key == "last_battle" and s["battle"] and not w.narrow
        if s[key] and (key == "battle" or not s.get("mine")) and not over_on_tablet:
            out += battle_reads(s[key], w, t(title))
    return out


def battle_reads(b: dict, w: Words, heading: str) -> list:
    out: list[Check] = [
        Read(
            "battle clearing",
            w.t("root_doves.panel.battle_in", clearing=b["clearing"]),
            "section.panel-box",
            heading=heading,
        ),
        Read(
            "hits",
            f"{b['attacker_name']} {b['hits']['attacker']} {w.t('root_doves.panel.hits')}",
            "section.panel-box",
            heading=heading,
        ),
        Read(
            "hits taken",
            f"{b['defender_name']} {b['hits']['defender']} {w.t('root_doves.panel.hits')}",
            "section.panel-box",
            heading=heading,
        ),
    ]
    if b["dice"]:
        out.append(Dice("battle dice", tuple(b["dice"]), "section.panel-box", heading=heading))
    return out
