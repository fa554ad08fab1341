// @ts-check
/* Nowheresville: Bandit Paradise — the board, drawn from view(state, seat).
 *
 * The tablet (ctx.seat === null) sees the Location cards as laid out on the table (Bank,
 * Coach and Prison on top, the Saloon at the bottom) with the bandits sent there, the pots
 * as stacks of face-down notes, the Victim, every gang with its tokens and Wounds, who has
 * planned, any Shootout or robbery in progress, and the public news. A phone sees the same
 * with its own money, plan, pot takings and gang first. The view never carries anyone
 * else's money, so nothing here could show it.
 */

// The layout of the Location cards, top row first ("Game Setup", point 5).
const ROWS = [
  ["bank", "coach", "prison"],
  ["shop", "black_market"],
  ["town"],
  ["school"],
  ["saloon"],
  ["hideout"],
];
const PRICE = { shop: 100, black_market: 200 };
const CAPS = { bullets: 6, courage: 3, experience: 3 };
const SLOTS = ["original", "accomplice", "accomplice2"];

function placeName(ctx, place) {
  return ctx.t("value.nowheresville." + place);
}

// Small drawings of the robbery symbols and a gun, as on the Equipment cards.
function icon(ctx, kind) {
  const s = ctx.s,
    line = { fill: "none", stroke: "currentColor", "stroke-width": 2 };
  const parts = {
    hat: [
      s("path", {
        d: "M1 14Q12 21 23 14Q19 14 17 12L16 5Q14 3 12 5Q10 3 8 5L7 12Q5 14 1 14Z",
        fill: "currentColor",
      }),
    ],
    safe: [
      s("rect", Object.assign({ x: 3, y: 3, width: 18, height: 17, rx: 2 }, line)),
      s("circle", Object.assign({ cx: 12, cy: 11.5, r: 4 }, line)),
    ],
    envelope: [
      s("rect", Object.assign({ x: 2, y: 5, width: 20, height: 14, rx: 1 }, line)),
      s("path", Object.assign({ d: "M2 5L12 13L22 5" }, line)),
    ],
    gun: [s("path", { d: "M2 6h18v5h-8l-1 7H6l1-7H2z", fill: "currentColor" })],
  };
  return s(
    "svg",
    {
      viewBox: "0 0 24 22",
      class: "nowheresville-icon",
      role: "img",
      "aria-label": ctx.t("nowheresville.ui.icon." + kind),
    },
    parts[kind],
  );
}

function cardNode(ctx, card) {
  if (card.kind === "gear") {
    return ctx.el(
      "span",
      "nowheresville-card",
      ctx.el("b", "", "#" + card.id),
      ["hat", "safe", "envelope"].map((symbol) => [icon(ctx, symbol), String(card[symbol])]),
    );
  }
  return ctx.el(
    "span",
    "nowheresville-card",
    ctx.el("b", "", "#" + card.id),
    icon(ctx, "gun"),
    ctx.t("nowheresville.ui.gun", {
      experience: card.experience,
      free: card.free,
      hands: card.hands,
    }),
  );
}

function chip(ctx, text, state) {
  return ctx.el("span", "nowheresville-chip" + (state ? " is-" + state : ""), text);
}

function pips(full, count, cls) {
  let out = "";
  for (let i = 0; i < full; i += 1) {
    out += i < count ? "\u25CF" : "\u25CB";
  }
  return { text: out, cls: "nowheresville-pips " + (cls || "") };
}

function pipLine(ctx, label, full, count, cls) {
  const p = pips(full, count, cls);
  return ctx.el(
    "div",
    "nowheresville-token",
    ctx.el("span", "nowheresville-label", label + " "),
    ctx.el("span", p.cls, p.text),
    // the tablet's scoreboard reads the count, the phone counts the pips
    ctx.el("span", "nowheresville-count", count + "/" + full),
  );
}

function header(view, ctx) {
  const out = [
    ctx.el(
      "div",
      "nowheresville-head",
      ctx.el("span", "panel-big", ctx.t("nowheresville.ui.round", { round: view.round })),
      ctx.el("span", "", ctx.t("nowheresville.ui.phase." + view.phase)),
      ctx.el("span", "nowheresville-muted", ctx.t("nowheresville.ui.goal", { goal: view.goal })),
    ),
  ];
  if (view.winner !== null && view.winner !== undefined) {
    out.push(
      ctx.el(
        "div",
        "nowheresville-winner",
        ctx.t("nowheresville.ui.winner", {
          player: view.players[view.winner],
        }),
      ),
    );
  }
  if (view.final) out.push(finalMoney(view, ctx));
  return out;
}

/* The end, on every screen: each player's money, so anyone can check the winner. */
function finalMoney(view, ctx) {
  const rows = view.final.money.map((amount, seat) =>
    ctx.h(
      "li",
      {
        "data-final-seat": seat,
        class: seat === view.final.winner ? "nowheresville-won" : "",
      },
      ctx.t("nowheresville.ui.final_row", {
        player: view.players[seat],
        money: amount,
      }),
    ),
  );
  return ctx.el(
    "section",
    "panel-box nowheresville-final",
    ctx.el("h3", "panel-title", ctx.t("nowheresville.ui.final", { goal: view.final.goal })),
    ctx.el("ul", "", rows),
  );
}

function myPlan(view, ctx, plan) {
  const gang = view.gangs[view.mine.seat];
  const slots = Object.keys(plan).filter((slot) => slot !== "heal");
  const heal =
    plan.heal && plan.heal !== "none"
      ? chip(
          ctx,
          ctx.t("nowheresville.ui.heal_on", {
            bandit: gang[SLOTS.indexOf(plan.heal)],
          }),
        )
      : null;
  return ctx.el(
    "p",
    "",
    ctx.t("nowheresville.ui.my_plan"),
    " ",
    slots.map((slot) =>
      chip(ctx, gang[SLOTS.indexOf(slot)] + " \u2192 " + placeName(ctx, plan[slot])),
    ),
    heal,
  );
}

function takings(view, ctx) {
  const taking = (row) =>
    ctx.t("nowheresville.ui.taking", {
      round: row.round,
      pot: placeName(ctx, row.pot),
      amount: row.amount,
    });
  return ctx.el(
    "ul",
    "",
    view.mine.takings.map((row) => ctx.el("li", "", taking(row))),
  );
}

function mine(view, ctx) {
  const plan = view.planning && view.planning.mine;
  return ctx.el(
    "section",
    "panel-box",
    ctx.el("h3", "panel-title", ctx.t("nowheresville.ui.my_money")),
    ctx.el("div", "panel-big", ctx.t("nowheresville.ui.money", { amount: view.mine.money })),
    plan ? myPlan(view, ctx, plan) : null,
    view.mine.takings.length ? takings(view, ctx) : null,
  );
}

function planning(view, ctx) {
  const plan = view.planning;
  return ctx.el(
    "section",
    "panel-box",
    ctx.el("h3", "panel-title", ctx.t("nowheresville.ui.planning")),
    plan.seats.map((seat) => {
      const done = plan.submitted.indexOf(seat) >= 0,
        skipped = plan.skipped.indexOf(seat) >= 0;
      return chip(
        ctx,
        view.players[seat] +
          " \u2014 " +
          ctx.t(
            done
              ? "nowheresville.ui.chosen"
              : skipped
                ? "nowheresville.ui.skipped"
                : "nowheresville.ui.choosing",
          ),
        done || skipped ? "" : "now",
      );
    }),
  );
}

// Face-down notes on a pot: the count is public, what they are worth never is.
function notes(ctx, count) {
  const s = ctx.s;
  const shown = Array.from({ length: Math.min(count, 6) }, (_, i) => i);
  const svg = s(
    "svg",
    {
      viewBox: "0 0 90 50",
      role: "img",
      "aria-label": ctx.t("nowheresville.ui.notes", { notes: count }),
    },
    shown.map((i) =>
      s("rect", {
        x: 4 + i * 6,
        y: 16 - i * 2,
        width: 58,
        height: 30,
        rx: 3,
        fill: "#3d6b47",
        stroke: "#c9e4c5",
        "stroke-width": 2,
      }),
    ),
  );
  return ctx.el(
    "div",
    "nowheresville-notes",
    count ? svg : null,
    // the number and its noun are one sentence: the plural is the locale's
    ctx.el(
      "span",
      "nowheresville-pot",
      ctx.t("nowheresville.ui.notes_face_down", { notes: count }),
    ),
  );
}

function placeBody(view, ctx, place) {
  if (place === "bank" || place === "coach") {
    return notes(ctx, view.pots[place]);
  }
  if (place === "town") {
    return ctx.el(
      "div",
      view.victim ? "" : "nowheresville-muted",
      view.victim
        ? ctx.t("nowheresville.ui.victim", view.victim)
        : ctx.t("nowheresville.ui.victim_unknown"),
    );
  }
  if (PRICE[place]) {
    return ctx.el(
      "div",
      "nowheresville-muted",
      ctx.t("nowheresville.ui.money", { amount: PRICE[place] }),
    );
  }
  return null;
}

function placeCard(view, ctx, place, here) {
  const res = view.resolution,
    now = res && res.place === place;
  const names = now && res.order.length ? res.order.concat(res.unordered) : here[place] || [];
  return ctx.el(
    "div",
    "nowheresville-place" + (now ? " is-now" : "") + (names.length ? "" : " is-empty"),
    ctx.el("h3", "", placeName(ctx, place)),
    placeBody(view, ctx, place),
    ctx.el(
      "div",
      "",
      names.map((name) =>
        chip(
          ctx,
          name,
          view.fallen.indexOf(name) >= 0 ? "fallen" : name === view.current ? "now" : "",
        ),
      ),
    ),
  );
}

function board(view, ctx) {
  const here = {};
  Object.keys(view.placements).forEach((name) => {
    (here[view.placements[name]] = here[view.placements[name]] || []).push(name);
  });
  return ctx.el(
    "section",
    "",
    ROWS.map((row) => {
      const shown = row.filter(
        (place) => view.places.indexOf(place) >= 0 && (place !== "hideout" || here.hideout),
      );
      return shown.length
        ? ctx.el(
            "div",
            "nowheresville-row",
            shown.map((place) => placeCard(view, ctx, place, here)),
          )
        : null;
    }),
  );
}

// A gang's slots, as the planning form names them ("Starting bandit", "Accomplice"...).
function slotOf(view, name) {
  const b = view.bandits[name];
  return SLOTS[view.gangs[b.seat].indexOf(name)];
}

function banditTokens(ctx, b) {
  return [
    ctx.el(
      "div",
      "nowheresville-token nowheresville-wounds",
      ctx.t("nowheresville.ui.wounds", { wounds: b.wounds, hits: b.hits }) + " ",
      ctx.el(
        "span",
        pips(b.hits, b.wounds).cls + " nowheresville-wound",
        pips(b.hits, b.wounds).text,
      ),
    ),
    pipLine(ctx, ctx.t("param.nowheresville.bullets"), CAPS.bullets, b.bullets),
    pipLine(ctx, ctx.t("param.nowheresville.courage"), CAPS.courage, b.courage),
    pipLine(ctx, ctx.t("nowheresville.ui.experience_tokens"), CAPS.experience, b.experience),
    ctx.el(
      "div",
      "nowheresville-token nowheresville-xp",
      ctx.t("nowheresville.ui.experience_total", { total: b.experience_total }),
      b.wicked.length
        ? " \u00B7 " + ctx.t("nowheresville.ui.wicked", { count: b.wicked.length })
        : "",
      b.lucky ? " \u00B7 " + ctx.t("nowheresville.ui.lucky", { count: b.lucky }) : "",
    ),
  ];
}

function banditCards(ctx, b) {
  const hidden = b.face_down
    ? ctx.el(
        "span",
        "nowheresville-card is-hidden",
        ctx.t("nowheresville.ui.face_down", { count: b.face_down }),
      )
    : null;
  return ctx.el(
    "div",
    "nowheresville-cards",
    b.equipment.map((card) => cardNode(ctx, card)),
    hidden,
  );
}

function bandit(view, ctx, name) {
  const b = view.bandits[name];
  const where = view.placements[name];
  const slot = ctx.t("value.nowheresville." + slotOf(view, name));
  return ctx.el(
    "div",
    "panel-box nowheresville-bandit" + (name === view.current ? " is-now" : ""),
    ctx.el(
      "h3",
      "",
      name,
      " ",
      ctx.el("span", "nowheresville-muted", slot),
      where ? [" ", chip(ctx, placeName(ctx, where))] : null,
    ),
    banditTokens(ctx, b),
    banditCards(ctx, b),
  );
}

function gang(view, ctx, seat) {
  return ctx.el(
    "div",
    "nowheresville-gang",
    ctx.el(
      "h3",
      "",
      view.players[seat],
      view.heal_cards[seat]
        ? ctx.el(
            "span",
            "nowheresville-muted",
            " \u2014 " +
              ctx.t("nowheresville.ui.heal_cards", {
                count: view.heal_cards[seat],
              }),
          )
        : null,
    ),
    view.gangs[seat].map((name) => bandit(view, ctx, name)),
  );
}

function gangs(view, ctx, seats) {
  return ctx.el(
    "section",
    "nowheresville-gangs",
    seats.map((seat) => gang(view, ctx, seat)),
  );
}

function fighter(ctx, fight, f) {
  return ctx.el(
    "li",
    f.fallen ? "nowheresville-muted" : "",
    ctx.t("nowheresville.ui.fighter", {
      bandit: f.bandit,
      wounds: f.wounds,
      experience: f.experience_total,
      free: f.free_left,
      bullets: f.bullets,
    }),
    fight.rolls[f.bandit] ? [" ", ctx.die("d6", fight.rolls[f.bandit])] : null,
  );
}

function shootout(view, ctx) {
  const fight = view.shootout;
  const place = placeName(ctx, fight.place);
  const first = fight.chooses_first.join(", ");
  const runaways = fight.runaways.length
    ? ctx.el(
        "p",
        "nowheresville-muted",
        ctx.t("nowheresville.ui.runaways", { names: fight.runaways.join(", ") }),
      )
    : null;
  return ctx.el(
    "section",
    "panel-box",
    ctx.el("h3", "panel-title", ctx.t("nowheresville.ui.shootout", { place })),
    ctx.el("p", "", ctx.t("nowheresville.ui.chooses_first", { names: first })),
    ctx.el(
      "ul",
      "",
      fight.fighters.map((f) => fighter(ctx, fight, f)),
    ),
    runaways,
  );
}

function robbery(view, ctx) {
  const r = view.robbery;
  return ctx.el(
    "section",
    "panel-box",
    ctx.el(
      "h3",
      "panel-title",
      ctx.t("nowheresville.ui.robbery", {
        bandit: r.bandit,
        place: placeName(ctx, r.place),
      }),
    ),
    ctx.el(
      "div",
      "nowheresville-total",
      r.roll ? ctx.die("d6", r.roll) : "?",
      " + ",
      icon(ctx, r.symbol),
      String(r.bonus),
      r.courage ? " + " + r.courage : "",
      r.roll ? " = " + r.total : "",
      ctx.el(
        "span",
        "nowheresville-muted",
        " (" + ctx.t("nowheresville.ui.needed", { needed: r.needed }) + ")",
      ),
    ),
  );
}

function newsLine(view, ctx, item) {
  const params = {};
  Object.keys(item).forEach((k) => {
    params[k] = Array.isArray(item[k]) ? item[k].join(", ") : item[k];
  });
  if (typeof item.player === "number") {
    params.player = view.players[item.player];
  }
  if (typeof item.to === "number") {
    params.to = view.players[item.to];
  }
  if (item.place) {
    params.place = placeName(ctx, item.place);
  }
  if (item.pot) {
    params.pot = placeName(ctx, item.pot);
  }
  let text = ctx.t("nowheresville.news." + item.kind, params);
  if (item.kind === "death" && item.paid) {
    text += " " + ctx.t("nowheresville.ui.death_paid", params);
  }
  if (item.kind === "robbery") {
    text += " " + ctx.t(item.success ? "nowheresville.ui.success" : "nowheresville.ui.failure");
  }
  return ctx.el("li", "", text);
}

function news(view, ctx, tablet) {
  const items = view.news.slice(tablet ? -3 : -8).reverse();
  return items.length
    ? ctx.el(
        "section",
        "panel-box nowheresville-news",
        ctx.el("h3", "panel-title", ctx.t("nowheresville.ui.news")),
        ctx.el(
          "ul",
          "",
          items.map((item) => newsLine(view, ctx, item)),
        ),
      )
    : null;
}

/* The seat's own box (web/static/table.js, Panel.own): its secret money, and during the
   planning whether its plan is in. */
function own(view, ctx) {
  if (!view.mine) return null;
  const planning = view.planning;
  return [
    ctx.t("nowheresville.own.money", { amount: view.mine.money }),
    planning && planning.seats.includes(view.mine.seat)
      ? ctx.t(planning.mine ? "nowheresville.own.planned" : "nowheresville.own.to_plan")
      : null,
  ].filter((figure) => figure !== null);
}

/** @type {import("../../../web/static/table.js").Panel} */
export default {
  own,
  render(view, ctx) {
    const seats = view.players.map((_, seat) => seat);
    const own = view.mine ? view.mine.seat : null;
    const others = seats.filter((seat) => seat !== own);
    return ctx.el(
      "div",
      "nowheresville",
      header(view, ctx),
      view.mine ? mine(view, ctx) : null,
      own !== null ? gangs(view, ctx, [own]) : null,
      view.planning ? planning(view, ctx) : null,
      view.shootout ? shootout(view, ctx) : null,
      view.robbery ? robbery(view, ctx) : null,
      board(view, ctx),
      gangs(view, ctx, others),
      news(view, ctx, ctx.seat === null || ctx.seat === undefined),
    );
  },
};
