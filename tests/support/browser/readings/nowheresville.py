"""Nowheresville: the round and goal, the notes on the Bank and Coach pots, the Victim, each
bandit's Wounds, Experience, cards and gear, the Heal cards, a robbery's die and total, a
Shootout's fighters and dice, the winner — and on a phone its own secret money and pot
takings (``companion/games/nowheresville/panel.js``)."""

from __future__ import annotations

from tests.support.browser.reading import Check, Dice, Read, Words

POTS = ("bank", "coach")


def reads(s: dict, view: dict, w: Words) -> list:
    t = w.t
    out = [
        Read("round", t("nowheresville.ui.round", round=s["round"])),
        Read("goal", t("nowheresville.ui.goal", goal=s["goal"])),
    ]
    if s["winner"] is not None:
        out.append(Read("winner", t("nowheresville.ui.winner", player=s["players"][s["winner"]])))
    for pot in POTS:
        if pot in s["places"]:
            out.append(
                Read(
                    f"notes on the {pot}",
                    t("nowheresville.ui.notes_face_down", notes=s["pots"][pot]),
                    ".nowheresville-place",
                    heading=w.value(pot),
                )
            )
    if s["victim"] and "town" in s["places"]:
        out.append(
            Read(
                "victim",
                t("nowheresville.ui.victim", **s["victim"]),
                ".nowheresville-place",
                heading=w.value("town"),
            )
        )
    if s.get("mine"):
        out += mine_reads(s, w)
    for seat, count in enumerate(s["heal_cards"]):
        if count:
            out.append(
                Read(
                    f"{s['players'][seat]}'s heal cards",
                    f"{s['players'][seat]} — " + t("nowheresville.ui.heal_cards", count=count),
                )
            )
    for name, bandit in s["bandits"].items():
        out += bandit_reads(name, bandit, w)
    if s["robbery"]:
        out += robbery_reads(s["robbery"], w)
    if s["shootout"]:
        out += shootout_reads(s["shootout"], w)
    return out


def mine_reads(s: dict, w: Words) -> list:
    """The phone's own box: its money (secret) and what it took from the pots."""
    heading = w.t("nowheresville.ui.my_money")
    out = [
        Read(
            "my money",
            w.t("nowheresville.ui.money", amount=s["mine"]["money"]),
            "section.panel-box",
            heading=heading,
        )
    ]
    for row in s["mine"]["takings"]:
        out.append(
            Read(
                f"my taking in round {row['round']}",
                w.t(
                    "nowheresville.ui.taking",
                    round=row["round"],
                    pot=w.value(row["pot"]),
                    amount=row["amount"],
                ),
                "section.panel-box",
                heading=heading,
            )
        )
    return out


def bandit_reads(name: str, b: dict, w: Words) -> list:
    t = w.t

    def own(what: str, text: str) -> Read:
        return Read(f"{name}'s {what}", text, ".nowheresville-bandit", heading=name)

    out = [
        own("wounds", t("nowheresville.ui.wounds", wounds=b["wounds"], hits=b["hits"])),
        own("experience", t("nowheresville.ui.experience_total", total=b["experience_total"])),
    ]
    if b["wicked"]:
        out.append(own("wicked men", t("nowheresville.ui.wicked", count=len(b["wicked"]))))
    if b["lucky"]:
        out.append(own("lucky shots", t("nowheresville.ui.lucky", count=b["lucky"])))
    if b["face_down"]:
        out.append(own("face-down cards", t("nowheresville.ui.face_down", count=b["face_down"])))
    for card in b["equipment"]:
        if card["kind"] == "gear":
            text = f"#{card['id']} {card['hat']} {card['safe']} {card['envelope']}"
        else:
            text = f"#{card['id']} " + t(
                "nowheresville.ui.gun",
                experience=card["experience"],
                free=card["free"],
                hands=card["hands"],
            )
        out.append(own(f"card {card['id']}", text))
    return out


def robbery_reads(r: dict, w: Words) -> list:
    heading = w.t("nowheresville.ui.robbery", bandit=r["bandit"], place=w.value(r["place"]))
    text = (
        ("" if r["roll"] else "? ")
        + f"+ {r['bonus']}"
        + (f" + {r['courage']}" if r["courage"] else "")
        + (f" = {r['total']}" if r["roll"] else "")
        + f" ({w.t('nowheresville.ui.needed', needed=r['needed'])})"
    )
    out: list[Check] = [Read("robbery total", text, "section.panel-box", heading=heading)]
    if r["roll"]:
        out.append(Dice("robbery die", (r["roll"],), "section.panel-box", heading=heading))
    return out


def shootout_reads(fight: dict, w: Words) -> list:
    heading = w.t("nowheresville.ui.shootout", place=w.value(fight["place"]))
    out: list[Check] = []
    faces = []
    for f in fight["fighters"]:
        out.append(
            Read(
                f"fighter {f['bandit']}",
                w.t(
                    "nowheresville.ui.fighter",
                    bandit=f["bandit"],
                    wounds=f["wounds"],
                    experience=f["experience_total"],
                    free=f["free_left"],
                    bullets=f["bullets"],
                ),
                "section.panel-box",
                heading=heading,
            )
        )
        if fight["rolls"].get(f["bandit"]):
            faces.append(fight["rolls"][f["bandit"]])
    out.append(Dice("shootout dice", tuple(faces), "section.panel-box", heading=heading))
    return out
