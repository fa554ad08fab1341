"""108 Outlaws: whose turn and who is next, the end-triggered banner with the turns left
(or the last turn), the campaigns left, every play area's outlaw count against the end,
hand, campaign points, icon tallies and campaigns taken, and the final table
(``companion/games/outlaws108/panel.js``)."""

from __future__ import annotations

from tests.support.browser.reading import Read, Words

ICONS = ("leadership", "navy", "infantry", "cavalry", "scout", "support", "campaign")
STATUS = ".outlaws108-status"


def reads(s: dict, view: dict, w: Words) -> list:
    t, players = w.t, s["players"]
    out = []
    if s["current"] is not None:
        out.append(Read("turn", t("outlaws108.panel.turn", player=players[s["current"]]), STATUS))
        if s["last_turn"]:
            out.append(Read("last turn banner", t("outlaws108.panel.last_turn"), STATUS))
        elif not s["solo"] and s["next"] is not None:
            out.append(
                Read("next player", t("outlaws108.panel.next", player=players[s["next"]]), STATUS)
            )
    if s["end"]["triggered"] and s["end"]["turns_left"] > 1:
        out.append(
            Read(
                "turns left banner",
                t("outlaws108.panel.turns_left", count=s["end"]["turns_left"]),
                STATUS,
            )
        )
    if s["campaigns_left"] and not s["standings"]:
        out.append(
            Read(
                "campaigns left",
                t("outlaws108.panel.campaigns_left", **s["campaigns_left"]),
                STATUS,
            )
        )
    for area in s["areas"]:
        out += area_reads(s, area, w)
    for line in s["standings"] or []:
        out.append(
            Read(
                f"{line['name']}'s final line",
                f"{line['place']} {line['name']} "
                f"{line['heaven']} {line['campaigns']} {line['total']} {line['outlaws']}",
                ".outlaws108-table",
            )
        )
    return out


def area_reads(s: dict, area: dict, w: Words) -> list:
    t, name = w.t, area["name"]
    box = f"section.outlaws108-area[data-seat='{area['seat']}']"

    def own(what: str, text: str) -> Read:
        return Read(f"{name}'s {what}", text, box)

    out = [
        own(
            "outlaws", t("outlaws108.panel.outlaws", count=area["outlaw_count"], at=s["end"]["at"])
        ),
        own(
            "hand",
            t(
                "outlaws108.panel.hand",
                total=area["hand"]["total"],
                earth=area["hand"]["earth"],
                heaven=area["hand"]["heaven"],
            ),
        ),
        own(
            "campaign points", t("outlaws108.panel.campaign_points", points=area["campaign_points"])
        ),
    ]
    if s["hand_limit"]:
        out.append(own("hand limit", t("outlaws108.panel.hand_limit", limit=s["hand_limit"])))
    for icon in ICONS:
        sure = area["tally"]["all"][icon]["sure"]
        if sure:
            out.append(own(f"{icon} icons", f"{w.value(icon)} {sure}"))
    for number, campaign in enumerate(area["campaigns"], 1):
        out.append(
            own(
                f"campaign {number}",
                f"{number}. {w.value(campaign['tier'])} · "
                + t("outlaws108.panel.points", points=campaign["points"]),
            )
        )
    return out
