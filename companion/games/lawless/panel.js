// @ts-check
/* Lawless (Sans Foi Ni Loi): the table's bookkeeping drawn for one viewer
   (docs/adding-a-game.md, part 2). render() is a plain function of view(state, seat):
   the bank, the pile and the row with its costs, action points, each ranch as a board
   (terrains with their herds drawn at their true rotation and sale value, cowboys,
   bonuses), the hired killers, what just happened, and at the end the scoring table as in
   the rulebook. The chart of fortunes (view.charts) is drawn by the shell. */

// Word values that appear inside news lines and are translated before filling them in.
const WORDS = [
  "poor",
  "average",
  "excellent",
  "novice",
  "experienced",
  "veteran",
  "sheriff",
  "mayor",
  "undertaker",
  "bank",
];
const CHARACTERS = ["sheriff", "mayor", "undertaker", "veteran", "experienced", "novice"];
const CATEGORIES = ["terrains", "herds", "cowboys", "coins"];

function box(ctx, title, kids, extra) {
  return ctx.el("section", { class: "panel-box" + (extra ? " " + extra : "") }, [
    title ? ctx.h("h3", { class: "panel-title" }, title) : null,
    ...kids,
  ]);
}

function word(ctx, value) {
  return WORDS.includes(value) ? ctx.t("value.lawless." + value) : value;
}

function line(ctx, entry) {
  const params = {};
  for (const [k, v] of Object.entries(entry.params || {})) params[k] = word(ctx, v);
  return ctx.t(entry.key, params);
}

function header(view, ctx) {
  if (view.phase === "first_player") return null;
  const ranch = view.ranches[view.current];
  return box(ctx, null, [
    ctx.el("div", { class: "lawless-head" }, [
      ctx.h(
        "span",
        { class: "panel-big" },
        view.final ? ctx.t("lawless.panel.game_over") : ranch.name,
      ),
      ctx.h(
        "span",
        {},
        ctx.t("lawless.panel.turn", {
          turn: view.turn_number,
          round: view.round,
        }),
      ),
      view.final
        ? null
        : ctx.h(
            "span",
            { class: "panel-big" },
            ctx.t("lawless.panel.points", { points: view.points }),
          ),
      view.bought
        ? ctx.h("span", {}, ctx.t("lawless.panel.bought", { bought: view.bought }))
        : null,
      ctx.h(
        "span",
        {},
        ctx.t("lawless.panel.bank"),
        " ",
        ctx.h("span", { class: "lawless-money" }, String(view.bank)),
      ),
    ]),
  ]);
}

function row(view, ctx) {
  const slots = view.row.map((slot) =>
    ctx.h(
      "div",
      {
        class: "lawless-slot " + (slot.filled ? "is-full" : "is-empty"),
        title: ctx.t("lawless.panel.cost", { cost: slot.cost }),
      },
      String(slot.cost),
    ),
  );
  const pile = ctx.h(
    "div",
    {
      class: "lawless-slot is-pile",
      title: ctx.t("lawless.panel.cost", { cost: view.face_down_cost }),
    },
    String(view.face_down_cost),
  );
  return box(ctx, ctx.t("lawless.panel.row"), [
    ctx.el("div", { class: "lawless-row" }, [
      ...slots,
      pile,
      ctx.h("span", {}, ctx.t("lawless.panel.pile", { pile: view.pile })),
    ]),
  ]);
}

/* A herd card at its real angle: noon, 3, 6 or 9 o'clock = 0, 90, 180, 270 degrees clockwise.
   As on the printed card, the coins at its top edge give the base value; the hand drawn on
   it points at the top edge, so it reads as a clock hand. The id and the value a sale would
   bring now stay upright below the card. */
function herdDrawing(ctx, herd) {
  const base = { poor: 1, average: 2, excellent: 3 }[herd.quality];
  const coins = [];
  for (let i = 0; i < base; i++) {
    coins.push(
      ctx.s("circle", {
        cx: 50 + (i - (base - 1) / 2) * 14,
        cy: 24,
        r: 6,
        fill: "#d4a017",
        stroke: "#8a6a0c",
        "stroke-width": 1.5,
      }),
    );
  }
  const card = ctx.s(
    "g",
    { transform: `rotate(${herd.angle} 50 50)` },
    ctx.s("rect", {
      x: 22,
      y: 8,
      width: 56,
      height: 84,
      rx: 7,
      fill: "#f4efe2",
      stroke: "#7b3fa0",
      "stroke-width": 5,
    }),
    ...coins,
    ctx.s("path", {
      d: "M50 76 V40 M40 50 L50 40 L60 50",
      stroke: "#7b3fa0",
      "stroke-width": 6,
      "stroke-linecap": "round",
      "stroke-linejoin": "round",
      fill: "none",
    }),
    ctx.s("circle", { cx: 50, cy: 76, r: 5, fill: "#7b3fa0" }),
  );
  return card;
}

function herdCard(ctx, herd) {
  const card = herdDrawing(ctx, herd);
  const svg = ctx.s(
    "svg",
    {
      viewBox: "0 0 100 100",
      role: "img",
      "data-angle": herd.angle,
      "aria-label": ctx.t("lawless.panel.herd_label", {
        herd: herd.id,
        quality: ctx.t("value.lawless." + herd.quality),
        clock: ctx.t("lawless.clock." + herd.clock),
      }),
    },
    card,
  );
  return ctx.h(
    "div",
    {
      class: "lawless-herd" + (herd.sellable ? "" : " is-stuck"),
      "data-herd": herd.id,
    },
    svg,
    ctx.h("span", { class: "lawless-herd-id" }, herd.id),
    ctx.h(
      "span",
      { class: "lawless-herd-value" },
      ctx.t("lawless.panel.herd_value", {
        multiplier: herd.multiplier,
        value: herd.value,
      }),
    ),
  );
}

function terrainCard(ctx, terrain) {
  const cls =
    "lawless-terrain" + (terrain.raided ? " is-raided" : "") + (terrain.mine ? " is-mine" : "");
  const marks = [];
  if (terrain.raided) marks.push(ctx.t("lawless.panel.raided"));
  if (terrain.mine) marks.push(ctx.t("lawless.panel.mine"));
  return ctx.el("div", { class: cls, "data-terrain": terrain.id }, [
    ctx.h(
      "div",
      { class: "lawless-terrain-label" },
      terrain.id +
        " · " +
        ctx.t("value.lawless." + terrain.quality) +
        " · " +
        ctx.t("lawless.panel.capacity", {
          herds: terrain.herds.length,
          capacity: terrain.capacity,
        }),
    ),
    marks.length ? ctx.h("div", {}, marks.join(" · ")) : null,
    ctx.el(
      "div",
      { class: "lawless-herds" },
      terrain.herds.map((h) => herdCard(ctx, h)),
    ),
  ]);
}

function chips(ctx, ranch) {
  const out = [];
  for (const kind of CHARACTERS) {
    const count = ranch.characters[kind];
    if (!count) continue;
    const green = ["sheriff", "mayor", "undertaker"].includes(kind);
    out.push(
      ctx.h(
        "span",
        { class: "lawless-chip" + (green ? " is-green" : "") },
        (count > 1 ? count + " × " : "") + ctx.t("value.lawless." + kind),
      ),
    );
  }
  if (ranch.fences)
    out.push(
      ctx.h(
        "span",
        { class: "lawless-chip is-green" },
        ctx.t("lawless.panel.fences", { fences: ranch.fences }),
      ),
    );
  if (ranch.stampede)
    out.push(ctx.h("span", { class: "lawless-chip is-red" }, ctx.t("lawless.panel.stampede")));
  if (ranch.trophies)
    out.push(
      ctx.h(
        "span",
        { class: "lawless-chip is-red" },
        ctx.t("lawless.panel.trophies", { trophies: ranch.trophies }),
      ),
    );
  return ctx.el("div", { class: "lawless-chips" }, out);
}

function ranchBoard(view, ctx, ranch) {
  const mine = view.me && view.me.ranches.includes(ranch.index);
  const cls =
    "lawless-ranch" +
    (ranch.index === view.current && !view.final ? " is-current" : "") +
    (mine ? " is-mine" : "");
  return box(
    ctx,
    null,
    [
      ctx.el("div", { class: "lawless-head" }, [
        ctx.h("h3", {}, ranch.name),
        ctx.h(
          "span",
          { class: "lawless-money" },
          ctx.t("lawless.panel.coins", { coins: ranch.fortune }),
        ),
        ctx.h("span", {}, ctx.t("lawless.panel.hand", { cards: ranch.hand })),
        ctx.h("span", {}, ctx.t("lawless.panel.watch", { bonus: ranch.surveillance_bonus })),
      ]),
      ranch.terrains.length
        ? ctx.el(
            "div",
            { class: "lawless-terrains" },
            ranch.terrains.map((t) => terrainCard(ctx, t)),
          )
        : ctx.h("div", { class: "lawless-terrain-label" }, ctx.t("lawless.panel.no_terrain")),
      chips(ctx, ranch),
    ],
    cls,
  );
}

function duelStep(view, ctx, s) {
  const killer = view.killers.find((k) => k.number === s.killer);
  const attack =
    s.attack !== null && s.attack !== undefined
      ? ctx.h("span", { class: "panel-big" }, ctx.t("lawless.panel.attack", { attack: s.attack }))
      : null;
  const duel = ctx.t("lawless.panel.duel", {
    killer: s.killer,
    bonus: killer.bonus,
    target: view.ranches[s.defender].name,
    character: s.kind === "aim" ? "?" : ctx.t("value.lawless." + s.target),
  });
  return [ctx.h("span", {}, duel), attack];
}

function stepParts(view, ctx, s) {
  if (view.phase === "surveillance" && s.difficulty !== null) {
    const difficulty = ctx.t("lawless.panel.difficulty", {
      roll: s.roll,
      herds: s.difficulty - s.roll,
      difficulty: s.difficulty,
    });
    return [ctx.die("d6", s.roll), ctx.h("span", {}, difficulty)];
  }
  if (view.phase === "mines" && s.first !== null) {
    return [
      ctx.die("d6", s.first),
      ctx.h("span", {}, ctx.t("lawless.panel.mine_first", { terrain: s.queue[0] })),
    ];
  }
  if (s.kind === "duel" || s.kind === "aim") return duelStep(view, ctx, s);
  return [];
}

function step(view, ctx) {
  const s = view.step;
  if (!s) return null;
  const kids = stepParts(view, ctx, s);
  return kids.length ? box(ctx, null, [ctx.el("div", { class: "lawless-step" }, kids)]) : null;
}

function killers(view, ctx) {
  if (!view.killers.length) return null;
  const items = view.killers.map((k) =>
    ctx.h(
      "li",
      {},
      ctx.t(k.alive ? "lawless.panel.killer" : "lawless.panel.killer_dead", {
        killer: k.number,
        bonus: k.bonus,
        bounty: k.bounty,
        shot: k.shot_total,
      }),
    ),
  );
  return box(ctx, ctx.t("lawless.panel.killers"), [ctx.el("ul", {}, items)], "lawless-killers");
}

function news(view, ctx) {
  if (!view.news.length) return null;
  const items = view.news
    .slice(-6)
    .reverse()
    .map((entry) => ctx.h("li", {}, line(ctx, entry)));
  return box(ctx, ctx.t("lawless.panel.news"), [ctx.el("ul", {}, items)], "lawless-news");
}

function scoringHead(ctx) {
  const groups = ctx.el("tr", {}, [
    ctx.h("th", { rowspan: 2 }, ctx.t("lawless.panel.ranch")),
    ...CATEGORIES.map((c) => ctx.h("th", { colspan: 2 }, ctx.t("lawless.panel.category." + c))),
    ctx.h("th", { rowspan: 2 }, ctx.t("lawless.panel.total")),
  ]);
  const unit = (c) => (c === "coins" ? "lawless.panel.unit_coins" : "lawless.panel.unit_cards");
  const units = ctx.el(
    "tr",
    {},
    CATEGORIES.flatMap((c) => [
      ctx.h("th", {}, ctx.t(unit(c))),
      ctx.h("th", {}, ctx.t("lawless.panel.score")),
    ]),
  );
  return [groups, units];
}

function scoringRows(ctx, table, twoRanches) {
  return table.rows.map((r) =>
    ctx.h(
      "tr",
      {
        class: !twoRanches && table.winners.includes(r.player) ? "lawless-win" : "",
      },
      ctx.h("td", {}, r.ranch),
      ...CATEGORIES.flatMap((c) => [
        ctx.h("td", {}, String(r.cells[c].count)),
        ctx.h("td", { class: "lawless-points" }, String(r.cells[c].points)),
      ]),
      ctx.h("td", { class: "lawless-money" }, String(r.total)),
    ),
  );
}

/* With 2 players, each player's two ranches added up. */
function scoringTotals(ctx, table) {
  return table.players.map((p, i) =>
    ctx.h(
      "tr",
      {
        class:
          (i === 0 ? "lawless-sum " : "") + (table.winners.includes(p.player) ? "lawless-win" : ""),
      },
      ctx.h("td", { colspan: 1 + 2 * CATEGORIES.length }, p.name),
      ctx.h("td", { class: "lawless-money" }, String(p.total)),
    ),
  );
}

/* Every player's total in large type: readable across the table and on a phone. */
function standings(ctx, table) {
  return table.players
    .slice()
    .sort((a, b) => b.total - a.total)
    .map((p) =>
      ctx.h(
        "span",
        { class: table.winners.includes(p.player) ? "lawless-money" : "" },
        ctx.t("lawless.panel.standing", { name: p.name, points: p.total }),
      ),
    );
}

/* The rulebook's "Example of Scoring": for each category the cards (or coins) and the points
   they score, then the total; with 2 players each player's two ranches are added below. */
function scoring(view, ctx) {
  const table = view.scoring;
  if (!table) return null;
  const twoRanches = table.rows.length > table.players.length;
  const totals = twoRanches ? scoringTotals(ctx, table) : [];
  const winners = table.winners.map((seat) => table.players[seat].name).join(", ");
  return box(ctx, ctx.t("lawless.panel.scoring"), [
    ctx.h("div", { class: "panel-big" }, ctx.t("lawless.panel.winner", { names: winners })),
    ctx.el("div", { class: "lawless-head lawless-standings" }, standings(ctx, table)),
    ctx.h(
      "div",
      { class: "lawless-scroll" },
      ctx.el("table", {}, [...scoringHead(ctx), ...scoringRows(ctx, table, twoRanches), ...totals]),
    ),
  ]);
}

function mine(view, ctx) {
  if (!view.me || view.final) return null;
  return box(ctx, null, [
    ctx.h(
      "div",
      {},
      ctx.t("lawless.panel.your_hand", {
        cards: view.me.hand,
        limit: view.hand_limit,
      }),
    ),
  ]);
}

/* On a phone, the seat's own ranch(es) come first. */
function ordered(view) {
  if (!view.me) return view.ranches;
  const own = view.ranches.filter((r) => view.me.ranches.includes(r.index));
  return own.concat(view.ranches.filter((r) => !view.me.ranches.includes(r.index)));
}

/* The seat's own box (web/static/table.js, Panel.own): the coins of each of its ranches and
   the cards in its hand against the limit. */
function own(view, ctx) {
  if (!view.me) return null;
  const ranches = view.ranches.filter((r) => view.me.ranches.includes(r.index));
  return [
    ...ranches.map((r) => ctx.t("lawless.panel.coins", { coins: r.fortune })),
    ctx.t("lawless.own.hand", { cards: view.me.hand, limit: view.hand_limit }),
  ];
}

/** @type {import("../../../web/static/table.js").Panel} */
export default {
  own,
  render(view, ctx) {
    return ctx.el("div", { class: "lawless" }, [
      mine(view, ctx),
      scoring(view, ctx),
      header(view, ctx),
      step(view, ctx),
      row(view, ctx),
      ctx.el(
        "div",
        { class: "lawless-ranches" },
        ordered(view).map((r) => ranchBoard(view, ctx, r)),
      ),
      killers(view, ctx),
      news(view, ctx),
    ]);
  },
};
