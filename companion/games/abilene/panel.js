// @ts-check
/* Abilene: the table's bookkeeping drawn for one viewer (docs/adding-a-game.md, part 2).
   render() is a plain function of view(state, seat): the five dice (cattle distance and the
   three cowboy moves), each ranch's money, cattle and jail, duels with their dice, the sealed
   sale (who has played a card, never what), the last sale with every card and payment, loans
   and dues. The money chart (view.charts) is drawn by the shell. */

function name(view, seat) {
  const row = view.players[seat];
  return row ? row.name : String(seat);
}

function who(view, ctx, seat) {
  return seat === "bank" ? ctx.t("abilene.panel.bank") : name(view, seat);
}

function dollars(ctx, amount) {
  return ctx.money(amount); // the locale's money format (Intl.NumberFormat), web/static/words.js
}

function card(ctx, title, kids, extraClass) {
  const cls = "panel-box" + (extraClass ? " " + extraClass : "");
  return ctx.el("section", { class: cls }, [ctx.h("h3", { class: "panel-title" }, title), ...kids]);
}

function header(view, ctx) {
  const step = ctx.t("abilene.step." + view.step);
  const text = view.over
    ? step
    : [ctx.t("abilene.panel.turn", { turn: view.turn_number }), name(view, view.active), step].join(
        " · ",
      );
  return ctx.h("div", { class: "abilene-step" }, text);
}

function dice(view, ctx) {
  const d = view.dice;
  if (!d || view.over) {
    return null;
  }
  return card(
    ctx,
    ctx.t("param.abilene.dice"),
    [
      ctx.h(
        "div",
        { class: "abilene-dice" },
        ctx.h("span", { class: "abilene-label" }, ctx.t("abilene.panel.cattle_dice")),
        ctx.die("cattle", d.cattle[0]),
        ctx.die("cattle", d.cattle[1]),
        ctx.h(
          "span",
          { class: "panel-big" },
          ctx.t("abilene.panel.distance", { distance: d.distance }),
        ),
      ),
      ctx.h(
        "div",
        { class: "abilene-dice" },
        ctx.h("span", { class: "abilene-label" }, ctx.t("abilene.panel.cowboy_moves")),
        ...d.cowboy.map((face) => ctx.die("cowboy", face)),
      ),
    ],
    "abilene-throw",
  );
}

function playerRow(view, ctx, p) {
  const playing = !view.over && p.seat === view.active;
  const cls = p.bankrupt ? "abilene-out" : playing ? "abilene-active" : "";
  return ctx.h(
    "tr",
    { class: cls },
    ctx.h("td", {}, p.name + (p.bankrupt ? " · " + ctx.t("abilene.panel.bankrupt") : "")),
    ctx.h(
      "td",
      { class: "abilene-money" + (p.money < 0 ? " abilene-short" : "") },
      dollars(ctx, p.money),
      p.shortfall
        ? ctx.h(
            "span",
            { class: "abilene-fee" },
            " " + ctx.t("abilene.panel.shortfall", { amount: dollars(ctx, p.shortfall) }),
          )
        : null,
    ),
    ctx.h("td", {}, String(p.cattle)),
    ctx.h("td", {}, String(p.cowboys_free)),
    ctx.h(
      "td",
      {},
      p.jail ? String(p.jail) : "–",
      p.jail ? ctx.h("span", { class: "abilene-fee" }, ` (${dollars(ctx, p.jail_fee)})`) : null,
    ),
    ctx.h("td", {}, p.owes ? dollars(ctx, p.owes) : "–"),
  );
}

function players(view, ctx) {
  const heads = [
    "",
    "abilene.panel.money",
    "abilene.panel.cattle",
    "abilene.panel.cowboys",
    "abilene.panel.jail",
    "abilene.panel.owes",
  ];
  const head = ctx.el(
    "tr",
    {},
    heads.map((k) => ctx.h("th", {}, k ? ctx.t(k) : "")),
  );
  const rows = view.players.map((p) => playerRow(view, ctx, p));
  return card(
    ctx,
    ctx.t("abilene.panel.ranches"),
    [ctx.h("div", { class: "abilene-scroll" }, ctx.el("table", {}, [head, ...rows]))],
    "abilene-ranches",
  );
}

/* One throw of a duel: the challenger's die, the challenged one's, and what came of it. */
function duelThrow(view, ctx, duel, roll, outcome) {
  return ctx.h(
    "div",
    {},
    ctx.h(
      "div",
      { class: "abilene-dice" },
      ctx.h("span", {}, name(view, duel.challenger)),
      ctx.die("cowboy", roll[0]),
      ctx.die("cowboy", roll[1]),
      ctx.h("span", {}, name(view, duel.opponent)),
    ),
    ctx.h("div", {}, outcome),
  );
}

function duel(view, ctx) {
  const out = [];
  const open = view.duel;
  if (open) {
    out.push(
      ctx.h(
        "div",
        { class: "abilene-step" },
        ctx.t("abilene.panel.duel", {
          challenger: name(view, open.challenger),
          opponent: name(view, open.opponent),
        }),
      ),
    );
    out.push(ctx.h("div", {}, ctx.t("value.abilene." + open.place)));
    open.rolls.forEach((roll) =>
      out.push(duelThrow(view, ctx, open, roll, ctx.t("abilene.panel.tie"))),
    );
  }
  const last = view.last_duel;
  if (!open && last && last.turn === view.turn_number) {
    const text = ctx.t("abilene.panel.last_duel", {
      winner: name(view, last.winner),
      loser: name(view, last.loser),
      fate: ctx.t("abilene.fate." + last.fate),
    });
    // every throw of the duel, the ties first, then the one that decided it
    last.rolls.forEach((roll, i) =>
      out.push(
        duelThrow(
          view,
          ctx,
          last,
          roll,
          i === last.rolls.length - 1 ? text : ctx.t("abilene.panel.tie_was"),
        ),
      ),
    );
  }
  return out.length ? card(ctx, ctx.t("action.abilene.duel"), out, "abilene-duel") : null;
}

function openSale(view, ctx) {
  const sale = view.sale;
  if (!sale) {
    return null;
  }
  // the opponents play corral cards; the seller types the sticker, and is shown apart
  const chips = sale.seats.map((seat) => {
    const state = sale.submitted.includes(seat)
      ? "voted"
      : sale.skipped.includes(seat)
        ? "skipped"
        : "waiting";
    const seller = seat === sale.seller;
    return ctx.h(
      "span",
      { class: "abilene-chip" + (state === "voted" ? " is-in" : "") },
      ctx.t(seller ? "abilene.panel.seller_sticker" : "abilene.panel.vote", {
        player: name(view, seat),
        card: ctx.t("abilene.panel." + (seller && state === "voted" ? "sticker_typed" : state)),
      }),
    );
  });
  let mine = null;
  if (sale.mine !== undefined && sale.mine !== null) {
    mine = ctx.h(
      "div",
      { class: "abilene-step" },
      typeof sale.mine === "string"
        ? ctx.t("abilene.panel.your_card", { card: ctx.t("value.abilene." + sale.mine) })
        : ctx.t("abilene.panel.your_sticker", {
            brand: ctx.t("value.abilene." + sale.mine.brand),
            value: dollars(ctx, sale.mine.value),
          }),
    );
  }
  return card(
    ctx,
    ctx.t("abilene.panel.sale", { seller: name(view, sale.seller) }),
    [ctx.el("div", { class: "abilene-chips" }, chips), mine],
    "abilene-open-sale",
  );
}

function payment(view, ctx, p) {
  return ctx.h("li", {}, paymentText(view, ctx, p));
}

function list(view, ctx, items) {
  return ctx.el(
    "ul",
    {},
    items.map((p) => payment(view, ctx, p)),
  );
}

/* A list that grows with the game (loans, payments): every line on a phone, which
   scrolls; on the tablet's board only the SHOWN newest, and a line saying how many more
   each phone lists (panel.css hides the older ones on the dashboard only). */
const SHOWN = 3;
function bounded(ctx, lines, newestFirst) {
  const more = Math.max(0, lines.length - SHOWN);
  const older = (i) => (newestFirst ? i >= SHOWN : i < more);
  const items = lines.map((line, i) =>
    ctx.h("li", { class: older(i) ? "abilene-older" : null }, line),
  );
  if (more)
    items.push(
      ctx.h("li", { class: "abilene-more" }, ctx.t("abilene.panel.more", { count: more })),
    );
  return ctx.el("ul", {}, items);
}

function paymentText(view, ctx, p) {
  return ctx.t("abilene.panel.payment", {
    payer: who(view, ctx, p.payer),
    payee: who(view, ctx, p.payee),
    amount: dollars(ctx, p.amount),
    reason: ctx.t("abilene.reason." + p.reason),
  });
}

/* What one opponent's corral card brought them: paid by or to the seller, or nothing. */
function outcome(ctx, sale, seat) {
  const paid = sale.payments.find((p) => p.payee === seat && p.payer === sale.seller);
  if (paid) {
    return ctx.t("abilene.panel.gets", { amount: dollars(ctx, paid.amount) });
  }
  const owed = sale.payments.find((p) => p.payer === seat && p.payee === sale.seller);
  return owed
    ? ctx.t("abilene.panel.pays", { amount: dollars(ctx, owed.amount) })
    : ctx.t("abilene.panel.nothing");
}

function corralCard(view, ctx, sale, key) {
  const seat = Number(key);
  const played = sale.votes[key];
  return ctx.h(
    "div",
    { class: "abilene-corral" },
    ctx.h("span", {}, name(view, seat)),
    ctx.h(
      "b",
      {},
      played === null ? ctx.t("abilene.panel.skipped") : ctx.t("value.abilene." + played),
    ),
    ctx.h("span", {}, outcome(ctx, sale, seat)),
  );
}

function lastSale(view, ctx) {
  const s = view.last_sale;
  if (!s) {
    return null;
  }
  const truth = ctx.t("value.abilene." + s.truth.brand) + " · " + dollars(ctx, s.truth.value);
  return card(
    ctx,
    ctx.t("abilene.panel.last_sale", { seller: name(view, s.seller), turn: s.turn }),
    [
      ctx.h(
        "div",
        { class: "abilene-dice" },
        ctx.h("span", { class: "abilene-sticker" }, truth),
        ctx.h(
          "span",
          {},
          ctx.t(s.seen ? "abilene.panel.seen" : "abilene.panel.unseen") +
            " · " +
            ctx.t("abilene.panel.price", { percent: s.percent, price: dollars(ctx, s.price) }),
        ),
      ),
      ctx.el(
        "div",
        { class: "abilene-chips" },
        Object.keys(s.votes).map((key) => corralCard(view, ctx, s, key)),
      ),
      list(view, ctx, s.payments),
    ],
    "abilene-last-sale",
  );
}

function loanRow(view, ctx, x) {
  return ctx.t("abilene.panel.loan_row", {
    id: x.id,
    lender: who(view, ctx, x.lender),
    debtor: name(view, x.debtor),
    principal: dollars(ctx, x.principal),
    interest: dollars(ctx, x.interest),
    due: dollars(ctx, x.due),
  });
}

function loans(view, ctx) {
  const items = view.loans.map((x) => loanRow(view, ctx, x));
  (view.loan_offers || []).forEach((o) => {
    // several offers may be open at once
    items.push(
      ctx.t("abilene.panel.loan_offer", {
        lender: name(view, o.lender),
        borrower: name(view, o.borrower),
        amount: dollars(ctx, o.amount),
        interest: dollars(ctx, o.interest),
        offer: o.id,
      }),
    );
  });
  return [
    items.length
      ? card(ctx, ctx.t("abilene.panel.loans"), [bounded(ctx, items, false)], "abilene-loans")
      : null,
    view.dues.length
      ? card(ctx, ctx.t("abilene.panel.dues"), [list(view, ctx, view.dues)], "abilene-mine")
      : null,
  ];
}

function payments(view, ctx) {
  if (!view.payments.length) {
    return null;
  }
  const lines = view.payments
    .slice(-8)
    .reverse()
    .map((p) => paymentText(view, ctx, p));
  return card(
    ctx,
    ctx.t("abilene.panel.payments"),
    [bounded(ctx, lines, true)],
    "abilene-payments",
  );
}

function mine(view, ctx) {
  const me = view.me;
  if (!me) {
    return null;
  }
  return card(
    ctx,
    ctx.t("abilene.panel.you"),
    [
      ctx.h("div", { class: "abilene-money" }, dollars(ctx, me.money)),
      me.owes
        ? ctx.h("div", {}, ctx.t("abilene.panel.you_owe", { owes: dollars(ctx, me.owes) }))
        : null,
      me.unpaid
        ? ctx.h("div", {}, ctx.t("abilene.panel.you_unpaid", { amount: dollars(ctx, me.unpaid) }))
        : null,
    ],
    "abilene-mine",
  );
}

/* The end, on every screen: every seat with the numbers that decided the ranking. */
function result(view, ctx) {
  if (!view.final) {
    return null;
  }
  const head = ctx.h(
    "tr",
    {},
    ["", "abilene.panel.purse", "abilene.panel.unpaid", "abilene.panel.final"].map((key) =>
      ctx.h("th", {}, key ? ctx.t(key) : ""),
    ),
  );
  const rows = view.final.map((s) =>
    ctx.h(
      "tr",
      { class: s.winner ? "abilene-active" : "", "data-final-seat": s.seat },
      ctx.h(
        "td",
        {},
        (s.place === null ? ctx.t("abilene.panel.bankrupt_out") : `${s.place}.`) +
          " " +
          name(view, s.seat) +
          (s.winner ? " · " + ctx.t("abilene.panel.winner") : ""),
      ),
      ctx.h("td", { class: "abilene-money" }, dollars(ctx, s.purse)),
      ctx.h("td", { class: "abilene-money" }, s.shortfall ? "−" + dollars(ctx, s.shortfall) : "—"),
      ctx.h("td", { class: "abilene-money" }, s.money === null ? "—" : dollars(ctx, s.money)),
    ),
  );
  return card(
    ctx,
    ctx.t("abilene.panel.result"),
    [ctx.el("table", {}, [head].concat(rows))],
    "abilene-result",
  );
}

function rules(view, ctx) {
  return ctx.h(
    "div",
    { class: "abilene-foot" },
    ctx.t("abilene.panel.jail_fees", {
      fees: view.rules.jail_fees.map((fee) => dollars(ctx, fee)).join(" + "),
      cost: dollars(ctx, view.rules.free_cost),
      more: view.rules.free_when_more_than,
    }),
  );
}

/* The loan offers made to the seat and by it, in words (who, how much, the interest): the
   phone's Accept, Decline and Withdraw buttons name no offer. */
function offers(view, ctx, seat) {
  return (view.loan_offers || [])
    .filter((o) => o.borrower === seat || o.lender === seat)
    .map((o) =>
      ctx.t(o.borrower === seat ? "abilene.own.offer_to_you" : "abilene.own.offer_by_you", {
        offer: o.id,
        lender: name(view, o.lender),
        borrower: name(view, o.borrower),
        amount: o.amount,
        interest: o.interest,
      }),
    );
}

/* The seat's own box (web/static/table.js, Panel.own): its money first, then what it owes,
   what it must pay now, its cattle, the loan offers made to it and by it and, during a
   sale, the card or sticker it played. */
function own(view, ctx) {
  const me = view.me;
  if (!me) return null;
  const ranch = view.players.find((p) => p.seat === me.seat);
  const played = view.sale && view.sale.mine !== undefined ? view.sale.mine : null;
  return [
    ctx.t("abilene.panel.you") + " " + dollars(ctx, me.money),
    me.owes ? ctx.t("abilene.own.owes", { owes: me.owes }) : null,
    me.unpaid ? ctx.t("abilene.own.unpaid", { amount: me.unpaid }) : null,
    ranch ? ctx.t("abilene.own.cattle", { cattle: ranch.cattle }) : null,
    ...offers(view, ctx, me.seat),
    played === null
      ? null
      : typeof played === "string"
        ? ctx.t("abilene.panel.your_card", { card: ctx.t("value.abilene." + played) })
        : ctx.t("abilene.panel.your_sticker", {
            brand: ctx.t("value.abilene." + played.brand),
            value: dollars(ctx, played.value),
          }),
  ].filter((figure) => figure !== null);
}

/** @type {import("../../../web/static/table.js").Panel} */
export default {
  own,
  render(view, ctx) {
    return ctx.el("div", { class: "abilene" }, [
      mine(view, ctx),
      header(view, ctx),
      result(view, ctx),
      dice(view, ctx),
      duel(view, ctx),
      openSale(view, ctx),
      players(view, ctx),
      lastSale(view, ctx),
      ...loans(view, ctx),
      payments(view, ctx),
      rules(view, ctx),
    ]);
  },
};
