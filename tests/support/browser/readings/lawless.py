"""Lawless: the bank, the pile and the row's costs, action points, every ranch's fortune,
hand and surveillance, every terrain's herds with their multiplier and sale value, the hired
killers, the surveillance and mine dice, and the scoring table at the end
(``companion/games/lawless/panel.js``)."""

from __future__ import annotations

from tests.support.browser.reading import Dice, Read, Words

CATEGORIES = ("terrains", "herds", "cowboys", "coins")
CHARACTERS = ("sheriff", "mayor", "undertaker", "veteran", "experienced", "novice")


def reads(s: dict, view: dict, w: Words) -> list:
    t = w.t
    out = [
        Read("pile", t("lawless.panel.pile", pile=s["pile"])),
        Read(
            "row costs",
            " ".join(str(slot["cost"]) for slot in s["row"]) + f" {s['face_down_cost']}",
            ".lawless-row",
        ),
    ]
    if s["phase"] != "first_player":
        out.append(Read("bank", f"{t('lawless.panel.bank')} {s['bank']}", ".lawless-head"))
        out.append(
            Read("turn and round", t("lawless.panel.turn", turn=s["turn_number"], round=s["round"]))
        )
        if not s["final"]:
            out.append(Read("action points", t("lawless.panel.points", points=s["points"])))
        if s["bought"]:
            out.append(Read("points bought", t("lawless.panel.bought", bought=s["bought"])))
    for ranch in s["ranches"]:
        out += ranch_reads(ranch, w)
    for killer in s["killers"]:
        key = "lawless.panel.killer" if killer["alive"] else "lawless.panel.killer_dead"
        out.append(
            Read(
                f"killer {killer['number']}",
                t(
                    key,
                    killer=killer["number"],
                    bonus=killer["bonus"],
                    bounty=killer["bounty"],
                    shot=killer["shot_total"],
                ),
            )
        )
    out += step_reads(s, w)
    if s.get("me") and not s["final"]:
        out.append(
            Read(
                "my hand",
                t("lawless.panel.your_hand", cards=s["me"]["hand"], limit=s["hand_limit"]),
            )
        )
    if s["scoring"]:
        out += scoring_reads(s["scoring"], w)
    return out


def ranch_reads(ranch: dict, w: Words) -> list:
    t, name = w.t, ranch["name"]

    def mine(what: str, text: str) -> Read:
        return Read(f"{name}'s {what}", text, "section.lawless-ranch", heading=name)

    out = [
        mine("fortune", t("lawless.panel.coins", coins=ranch["fortune"])),
        mine("hand", t("lawless.panel.hand", cards=ranch["hand"])),
        mine("surveillance", t("lawless.panel.watch", bonus=ranch["surveillance_bonus"])),
    ]
    for kind in CHARACTERS:
        count = ranch["characters"][kind]
        if count:
            out.append(mine(f"{kind}s", (f"{count} × " if count > 1 else "") + w.value(kind)))
    if ranch["fences"]:
        out.append(mine("fences", t("lawless.panel.fences", fences=ranch["fences"])))
    if ranch["trophies"]:
        out.append(mine("trophies", t("lawless.panel.trophies", trophies=ranch["trophies"])))
    for terrain in ranch["terrains"]:
        where = f"[data-terrain='{terrain['id']}']"
        out.append(
            Read(
                f"terrain {terrain['id']}",
                t(
                    "lawless.panel.capacity",
                    herds=len(terrain["herds"]),
                    capacity=terrain["capacity"],
                ),
                where,
            )
        )
        for herd in terrain["herds"]:
            out.append(
                Read(
                    f"herd {herd['id']}",
                    t(
                        "lawless.panel.herd_value",
                        multiplier=herd["multiplier"],
                        value=herd["value"],
                    ),
                    f"[data-herd='{herd['id']}']",
                )
            )
    return out


def step_reads(s: dict, w: Words) -> list:
    step = s["step"]
    if not step:
        return []
    if s["phase"] == "surveillance" and step.get("difficulty") is not None:
        return [
            Dice("surveillance die", (step["roll"],), ".lawless-step"),
            Read(
                "surveillance difficulty",
                w.t(
                    "lawless.panel.difficulty",
                    roll=step["roll"],
                    herds=step["difficulty"] - step["roll"],
                    difficulty=step["difficulty"],
                ),
            ),
        ]
    if s["phase"] == "mines" and step.get("first") is not None:
        return [Dice("mine die", (step["first"],), ".lawless-step")]
    if step.get("kind") in ("duel", "aim") and step.get("attack") is not None:
        return [Read("attack", w.t("lawless.panel.attack", attack=step["attack"]))]
    return []


def scoring_reads(table: dict, w: Words) -> list:
    t = w.t
    winners = ", ".join(table["players"][seat]["name"] for seat in table["winners"])
    out = [Read("winner", t("lawless.panel.winner", names=winners))]
    for player in table["players"]:
        out.append(
            Read(
                f"{player['name']}'s standing",
                t("lawless.panel.standing", name=player["name"], points=player["total"]),
                ".lawless-standings",
            )
        )
    for row in table["rows"]:
        cells = " ".join(
            f"{row['cells'][c]['count']} {row['cells'][c]['points']}" for c in CATEGORIES
        )
        out.append(
            Read(
                f"{row['ranch']}'s scoring row",
                f"{row['ranch']} {cells} {row['total']}",
                ".lawless table",
            )
        )
    return out
