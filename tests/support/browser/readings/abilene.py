"""Abilene: the turn, the five dice and the cattle's distance, every ranch's money, cattle,
free cowboys, jail (and its fee) and debts, duels' dice, the last sale's sticker, price and
payments, loans and offers, dues, the final money — and on a phone its own money and debts
(``companion/games/abilene/panel.js``)."""

from __future__ import annotations

from tests.support.browser.reading import Check, Dice, Read, Words


def dollars(w: Words, amount: int) -> str:
    """Money as the page writes it, by the locale's rules."""
    return w.money(amount)


def name(s: dict, seat) -> str:
    return s["players"][seat]["name"]


def who(s: dict, w: Words, seat) -> str:
    return w.t("abilene.panel.bank") if seat == "bank" else name(s, seat)


def reads(s: dict, view: dict, w: Words) -> list:
    t = w.t
    step = t(f"abilene.step.{s['step']}")
    out: list[Check] = [
        Read(
            "turn",
            step
            if s["over"]
            else " · ".join(
                [t("abilene.panel.turn", turn=s["turn_number"]), name(s, s["active"]), step]
            ),
        )
    ]
    if s["dice"] and not s["over"]:
        box = t("param.abilene.dice")
        out += [
            Read(
                "distance",
                t("abilene.panel.distance", distance=s["dice"]["distance"]),
                "section.panel-box",
                heading=box,
            ),
            Dice(
                "the five dice",
                tuple(s["dice"]["cattle"] + s["dice"]["cowboy"]),
                "section.panel-box",
                heading=box,
            ),
        ]
    for p in s["players"]:
        jail = f"{p['jail']} ({dollars(w, p['jail_fee'])})" if p["jail"] else "–"
        owes = dollars(w, p["owes"]) if p["owes"] else "–"
        shown = p["name"] + (f" · {t('abilene.panel.bankrupt')}" if p["bankrupt"] else "")
        money = dollars(w, p["money"]) + (
            " " + t("abilene.panel.shortfall", amount=dollars(w, p["shortfall"]))
            if p.get("shortfall")
            else ""
        )  # what the debts left unpaid
        out.append(
            Read(
                f"{p['name']}'s ranch",
                f"{shown} {money} {p['cattle']} {p['cowboys_free']} {jail} {owes}",
                ".abilene table",
            )
        )
    if s.get("me"):
        out += mine_reads(s["me"], w)
    if s["duel"]:
        for roll in s["duel"]["rolls"]:
            out.append(Dice("duel dice", tuple(roll), ".abilene-dice"))
    if s["last_sale"]:
        out += sale_reads(s, s["last_sale"], w)
    # the loans, a list that grows with the game: every line on a phone, the newest three
    # on the tablet's board (companion/games/abilene/panel.js, bounded); the payments are
    # the journal's on the tablet, a phone lists the last eight
    loans = loan_reads(s, w)
    out += loans if w.narrow else loans[-3:]
    for p in s["dues"] + (s["payments"][-8:] if w.narrow else []):
        out.append(payment(s, w, p))
    for line in s.get("final") or []:  # the final table: purse, what debts left unpaid, final
        place = t("abilene.panel.bankrupt_out") if line["place"] is None else f"{line['place']}."
        won = f" · {t('abilene.panel.winner')}" if line["winner"] else ""
        short = f"−{dollars(w, line['shortfall'])}" if line["shortfall"] else "—"
        final = "—" if line["money"] is None else dollars(w, line["money"])
        out.append(
            Read(
                f"{name(s, line['seat'])}'s final money",
                f"{place} {name(s, line['seat'])}{won} {dollars(w, line['purse'])} {short} {final}",
                f"tr[data-final-seat='{line['seat']}']",
            )
        )
    rules = s["rules"]
    out.append(
        Read(
            "jail fees",
            t(
                "abilene.panel.jail_fees",
                fees=" + ".join(dollars(w, fee) for fee in rules["jail_fees"]),
                cost=dollars(w, rules["free_cost"]),
                more=rules["free_when_more_than"],
            ),
        )
    )
    return out


def loan_reads(s: dict, w: Words) -> list:
    out = [
        Read(
            f"loan {loan['id']}",
            w.t(
                "abilene.panel.loan_row",
                id=loan["id"],
                lender=who(s, w, loan["lender"]),
                debtor=name(s, loan["debtor"]),
                principal=dollars(w, loan["principal"]),
                interest=dollars(w, loan["interest"]),
                due=dollars(w, loan["due"]),
            ),
        )
        for loan in s["loans"]
    ]
    for o in s.get("loan_offers") or []:  # several offers may be open at once
        out.append(
            Read(
                f"loan offer {o['lender']} → {o['borrower']}",
                w.t(
                    "abilene.panel.loan_offer",
                    lender=name(s, o["lender"]),
                    borrower=name(s, o["borrower"]),
                    amount=dollars(w, o["amount"]),
                    interest=dollars(w, o["interest"]),
                    offer=o["id"],
                ),
            )
        )
    return out


def mine_reads(me: dict, w: Words) -> list:
    box = w.t("abilene.panel.you")
    out = [Read("my money", dollars(w, me["money"]), "section.panel-box", heading=box)]
    if me["owes"]:
        out.append(
            Read(
                "my debts",
                w.t("abilene.panel.you_owe", owes=dollars(w, me["owes"])),
                "section.panel-box",
                heading=box,
            )
        )
    if me["unpaid"]:
        out.append(
            Read(
                "what I must pay now",
                w.t("abilene.panel.you_unpaid", amount=dollars(w, me["unpaid"])),
                "section.panel-box",
                heading=box,
            )
        )
    return out


def payment(s: dict, w: Words, p: dict) -> Read:
    return Read(
        f"payment {p['payer']} → {p['payee']}",
        w.t(
            "abilene.panel.payment",
            payer=who(s, w, p["payer"]),
            payee=who(s, w, p["payee"]),
            amount=dollars(w, p["amount"]),
            reason=w.t(f"abilene.reason.{p['reason']}"),
        ),
    )


def sale_reads(s: dict, sale: dict, w: Words) -> list:
    heading = w.t("abilene.panel.last_sale", seller=name(s, sale["seller"]), turn=sale["turn"])
    seen = w.t("abilene.panel.seen" if sale["seen"] else "abilene.panel.unseen")
    return [
        Read(
            "sale sticker",
            f"{w.value(sale['truth']['brand'])} · {dollars(w, sale['truth']['value'])}",
            "section.panel-box",
            heading=heading,
        ),
        Read(
            "sale price",
            f"{seen} · "
            + w.t("abilene.panel.price", percent=sale["percent"], price=dollars(w, sale["price"])),
            "section.panel-box",
            heading=heading,
        ),
    ]
