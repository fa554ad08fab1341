/* Abilene: the table's bookkeeping drawn for one viewer (docs/adding-a-game.md, part 2).
   render() is a plain function of view(state, seat): players' money, cattle and jail, the
   five dice, duels, the sealed sale (who has voted, never what), the last sale with every
   payment, loans and dues. The money chart (view.charts) is drawn by the shell. */
(function () {
  "use strict";

  const STYLE = `
.abilene { font-size: 1.35rem; color: var(--fg); display: grid; gap: .8rem; }
.abilene-step { font-size: 1.8rem; font-weight: 700; }
.abilene-dice { display: flex; gap: .6rem; align-items: center; flex-wrap: wrap; }
.abilene table { width: 100%; border-collapse: collapse; }
.abilene th { color: var(--muted); font-weight: 400; text-align: right; padding: .2rem .5rem; }
.abilene td { text-align: right; padding: .3rem .5rem; font-variant-numeric: tabular-nums; }
.abilene th:first-child, .abilene td:first-child { text-align: left; }
.abilene-active td { color: var(--accent); font-weight: 700; }
.abilene-out td { color: var(--muted); text-decoration: line-through; }
.abilene-money { font-size: 1.6rem; font-weight: 700; }
.abilene-votes { display: flex; gap: .8rem; flex-wrap: wrap; }
.abilene-vote { border: 2px solid var(--muted); border-radius: .5rem; padding: .3rem .7rem; }
.abilene-vote.is-in { border-color: var(--accent); }
.abilene ul { margin: 0; padding-left: 1.2rem; }
.abilene-mine { border: 2px solid var(--accent); }`;

  /* An element from a list of children, leaving out the empty ones. */
  function el(ctx, tag, attrs, kids) {
    return ctx.h(tag, attrs, ...kids.filter((k) => k !== null && k !== undefined));
  }

  function name(view, seat) {
    const row = view.players[seat];
    return row ? row.name : String(seat);
  }

  function who(view, ctx, seat) {
    return seat === "bank" ? ctx.t("abilene.panel.bank") : name(view, seat);
  }

  function dollars(ctx, amount) {
    const grouped = String(Math.abs(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, "\u202f");
    return (amount < 0 ? "−" : "") + ctx.t("abilene.panel.dollars", { amount: grouped });
  }

  function card(ctx, title, kids, extraClass) {
    const cls = "panel-box" + (extraClass ? " " + extraClass : "");
    return el(ctx, "section", { class: cls },
      [ctx.h("h3", { class: "panel-title" }, title), ...kids]);
  }

  function header(view, ctx) {
    const step = ctx.t("abilene.step." + view.step);
    const text = view.over ? step : [ctx.t("abilene.panel.turn", { turn: view.turn }),
      name(view, view.active), step].join(" · ");
    return ctx.h("div", { class: "abilene-step" }, text);
  }

  function dice(view, ctx) {
    const d = view.dice;
    if (!d) { return null; }
    return card(ctx, ctx.t("param.abilene.dice"), [
      ctx.h("div", { class: "abilene-dice" },
        ctx.die("cattle", d.cattle[0]), ctx.die("cattle", d.cattle[1]),
        ctx.h("span", { class: "panel-big" },
          ctx.t("abilene.panel.distance", { distance: d.distance }))),
      ctx.h("div", { class: "abilene-dice" },
        ctx.h("span", {}, ctx.t("abilene.panel.cowboy_moves")),
        ...d.cowboy.map((face) => ctx.die("cowboy", face)))
    ]);
  }

  function players(view, ctx) {
    const heads = ["", "abilene.panel.money", "abilene.panel.cattle", "abilene.panel.cowboys",
      "abilene.panel.jail", "abilene.panel.owes"];
    const head = el(ctx, "tr", {}, heads.map((k) => ctx.h("th", {}, k ? ctx.t(k) : "")));
    const rows = view.players.map((p) => {
      const cls = p.bankrupt ? "abilene-out" : (p.seat === view.active ? "abilene-active" : "");
      return ctx.h("tr", { class: cls },
        ctx.h("td", {}, p.name + (p.bankrupt ? " · " + ctx.t("abilene.panel.bankrupt") : "")),
        ctx.h("td", { class: "abilene-money" }, dollars(ctx, p.money)),
        ctx.h("td", {}, String(p.cattle)),
        ctx.h("td", {}, String(p.cowboys_free)),
        ctx.h("td", {}, p.jail ? `${p.jail} (${dollars(ctx, p.jail_fee)})` : "–"),
        ctx.h("td", {}, p.owes ? dollars(ctx, p.owes) : "–"));
    });
    return card(ctx, ctx.t("abilene.panel.money"), [el(ctx, "table", {}, [head, ...rows])]);
  }

  function duel(view, ctx) {
    const out = [];
    if (view.duel) {
      out.push(ctx.h("div", { class: "abilene-step" }, ctx.t("abilene.panel.duel", {
        challenger: name(view, view.duel.challenger), opponent: name(view, view.duel.opponent) })));
      out.push(ctx.h("div", {}, ctx.t("value.abilene." + view.duel.place)));
    }
    const last = view.last_duel;
    if (last && last.turn === view.turn) {
      const roll = last.rolls[last.rolls.length - 1];
      const text = ctx.t("abilene.panel.last_duel", { winner: name(view, last.winner),
        loser: name(view, last.loser) }) + " — " + name(view, last.loser) + " " +
        ctx.t("abilene.fate." + last.fate);
      out.push(ctx.h("div", { class: "abilene-dice" },
        ctx.die("cowboy", roll[0]), ctx.die("cowboy", roll[1]), ctx.h("span", {}, text)));
    }
    return out.length ? card(ctx, ctx.t("action.abilene.duel"), out) : null;
  }

  function openSale(view, ctx) {
    const sale = view.sale;
    if (!sale) { return null; }
    const votes = sale.seats.map((seat) => {
      const state = sale.submitted.includes(seat) ? "voted"
        : (sale.skipped.includes(seat) ? "skipped" : "waiting");
      return ctx.h("span", { class: "abilene-vote" + (state === "voted" ? " is-in" : "") },
        name(view, seat) + ": " + ctx.t("abilene.panel." + state));
    });
    let mine = null;
    if (sale.mine !== undefined && sale.mine !== null) {
      mine = ctx.h("div", { class: "abilene-step" }, typeof sale.mine === "string"
        ? ctx.t("abilene.panel.your_card", { card: ctx.t("value.abilene." + sale.mine) })
        : ctx.t("abilene.panel.your_sticker", {
          brand: ctx.t("value.abilene." + sale.mine.brand), value: sale.mine.value }));
    }
    return card(ctx, ctx.t("abilene.panel.sale", { seller: name(view, sale.seller) }),
      [el(ctx, "div", { class: "abilene-votes" }, votes), mine]);
  }

  function payment(view, ctx, p) {
    return ctx.h("li", {}, ctx.t("abilene.panel.payment", {
      payer: who(view, ctx, p.payer), payee: who(view, ctx, p.payee),
      amount: p.amount, reason: ctx.t("abilene.reason." + p.reason) }));
  }

  function list(view, ctx, items) {
    return el(ctx, "ul", {}, items.map((p) => payment(view, ctx, p)));
  }

  function lastSale(view, ctx) {
    const s = view.last_sale;
    if (!s) { return null; }
    const votes = Object.keys(s.votes).map((seat) => {
      const c = s.votes[seat];
      return ctx.h("span", { class: "abilene-vote is-in" }, name(view, Number(seat)) + ": " +
        (c === null ? ctx.t("abilene.panel.skipped") : ctx.t("value.abilene." + c)));
    });
    const title = ctx.t("abilene.panel.last_sale", { seller: name(view, s.seller),
      brand: ctx.t("value.abilene." + s.truth.brand), value: s.truth.value });
    return card(ctx, title, [
      el(ctx, "div", { class: "abilene-votes" }, votes),
      ctx.h("div", {}, ctx.t(s.seen ? "abilene.panel.seen" : "abilene.panel.unseen") + " · " +
        ctx.t("abilene.panel.price", { percent: s.percent, price: s.price })),
      list(view, ctx, s.payments)
    ]);
  }

  function loans(view, ctx) {
    const items = view.loans.map((x) => ctx.h("li", {}, ctx.t("abilene.panel.loan_row", {
      id: x.id, lender: who(view, ctx, x.lender), debtor: name(view, x.debtor),
      principal: x.principal, interest: x.interest, due: x.due })));
    const o = view.loan_offer;
    if (o) {
      items.push(ctx.h("li", {}, ctx.t("abilene.panel.loan_offer", { lender: name(view, o.lender),
        borrower: name(view, o.borrower), amount: o.amount, interest: o.interest })));
    }
    return [
      items.length ? card(ctx, ctx.t("abilene.panel.loans"), [el(ctx, "ul", {}, items)]) : null,
      view.dues.length ? card(ctx, ctx.t("abilene.panel.dues"), [list(view, ctx, view.dues)]) : null
    ];
  }

  function payments(view, ctx) {
    if (!view.payments.length) { return null; }
    return card(ctx, ctx.t("abilene.panel.payments"),
      [list(view, ctx, view.payments.slice(-8).reverse())]);
  }

  function mine(view, ctx) {
    const me = view.me;
    if (!me) { return null; }
    return card(ctx, ctx.t("abilene.panel.you"), [
      ctx.h("div", { class: "abilene-money" }, dollars(ctx, me.money)),
      me.owes ? ctx.h("div", {}, ctx.t("abilene.panel.you_owe", { owes: me.owes })) : null
    ], "abilene-mine");
  }

  function result(view, ctx) {
    if (!view.result) { return null; }
    const rows = view.result.standings.map((s) => {
      const won = view.result.winners.includes(s.seat);
      return ctx.h("tr", { class: won ? "abilene-active" : "" },
        ctx.h("td", {}, `${s.place}. ${name(view, s.seat)}` +
          (won ? " · " + ctx.t("abilene.panel.winner") : "")),
        ctx.h("td", { class: "abilene-money" }, dollars(ctx, s.money)));
    });
    return card(ctx, ctx.t("abilene.panel.result"), [el(ctx, "table", {}, rows)]);
  }

  function rules(view, ctx) {
    return ctx.h("div", { style: "color: var(--muted); font-size: 1rem" },
      ctx.t("abilene.panel.jail_fees") + ": " +
      view.rules.jail_fees.map((fee) => dollars(ctx, fee)).join(" + "));
  }

  Companion.registerPanel("abilene", {
    render(view, ctx) {
      return el(ctx, "div", { class: "abilene" }, [
        ctx.h("style", {}, STYLE), mine(view, ctx), header(view, ctx), result(view, ctx),
        dice(view, ctx), players(view, ctx), duel(view, ctx), openSale(view, ctx),
        lastSale(view, ctx), ...loans(view, ctx), payments(view, ctx), rules(view, ctx)
      ]);
    }
  });
})();
