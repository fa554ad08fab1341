// @ts-check
/* Root with the United Doves Society: the table's bookkeeping drawn for one viewer
   (docs/adding-a-game.md, part 2). render() is a plain function of view(state, seat): every
   faction's points on the 30-point track, the phase, the Doves' board (tokens on and off the
   map, the refugee pile as cards by suit, buildings, warriors, the evacuation track), the
   mandate checklist, the last evacuation (or why there was none) and the battle in progress.
   The points chart (view.charts) is drawn by the shell. Nothing here is secret. */

const SUITS = ["fox", "rabbit", "mouse", "bird"];
const SUIT_COLOURS = { fox: "#d9534f", rabbit: "#e8c547", mouse: "#e8893a", bird: "#5aa9e6" };
const MARKS = {
  done: "✔",
  now: "➜",
  open: "○",
  later: "·",
  unused: "–",
  missed: "✗",
  skipped: "⤼",
};

function card(ctx, title, kids, extra) {
  return ctx.el("section", { class: "panel-box" + (extra ? " " + extra : "") }, [
    ctx.h("h3", { class: "panel-title" }, title),
    ...kids,
  ]);
}

function said(ctx, line) {
  return line ? ctx.t(line.key, line.params) : "";
}

function suitName(ctx, suit) {
  return ctx.t("value.root_doves." + suit);
}

function factionName(view, ctx, seat) {
  const faction = view.factions[seat];
  return faction === null ? ctx.t("root_doves.panel.doves_faction") : faction;
}

/* "Ann — United Doves Society"; a faction named after its player shows the name once. */
function label(view, ctx, seat) {
  const faction = factionName(view, ctx, seat);
  return faction === view.players[seat] ? faction : view.players[seat] + " — " + faction;
}

/* The same words as label(), the faction muted after the name: the tablet's score rows. */
function labelNode(view, ctx, seat) {
  const faction = factionName(view, ctx, seat);
  if (faction === view.players[seat]) return faction;
  return [view.players[seat], ctx.h("span", { class: "root_doves-faction" }, " — " + faction)];
}

function header(view, ctx) {
  if (view.stage === "setup") {
    return ctx.h("div", { class: "root_doves-phase" }, ctx.t("root_doves.panel.setup"));
  }
  if (view.stage === "over") {
    return ctx.h(
      "div",
      { class: "panel-big" },
      ctx.t("root_doves.panel.won_by." + view.won_by, { name: label(view, ctx, view.winner) }),
    );
  }
  const phase = ctx.t("root_doves.phase." + view.phase);
  return ctx.h(
    "div",
    { class: "root_doves-phase" },
    [
      ctx.t("root_doves.panel.turn", { number: view.turn_number }),
      view.players[view.turn],
      phase,
    ].join(" · "),
  );
}

function vpTrack(view, ctx) {
  const rows = view.players.map((_, seat) => {
    const dominance = view.dominance[seat];
    const share = Math.min(100, Math.round((100 * view.vp[seat]) / view.win_at));
    return ctx.el("tr", { class: seat === view.turn ? "root_doves-now" : "" }, [
      ctx.h("td", { class: "root_doves-who" }, labelNode(view, ctx, seat)),
      dominance
        ? ctx.h(
            "td",
            { colspan: 2 },
            ctx.t("root_doves.panel.dominance", { suit: suitName(ctx, dominance) }),
          )
        : ctx.h(
            "td",
            {},
            ctx.h(
              "div",
              { class: "root_doves-bar" },
              ctx.h("span", { style: { width: `${share}%` } }),
            ),
          ),
      dominance ? null : ctx.h("td", { class: "vp" }, String(view.vp[seat])),
    ]);
  });
  return card(ctx, ctx.t("root_doves.panel.vp_track", { win: view.win_at }), [
    ctx.h("table", { class: "root_doves-track" }, ...rows),
  ]);
}

function evacuation(view, ctx) {
  const last = view.evacuation.last;
  return card(ctx, ctx.t("root_doves.panel.evacuation"), [
    last
      ? ctx.h(
          "div",
          { class: "root_doves-line" + (last.reason ? " is-none" : "") },
          said(ctx, view.evacuation.last_line),
        )
      : null,
    ctx.h("div", { class: "root_doves-line is-next" }, said(ctx, view.evacuation.next_line)),
  ]);
}

function tokens(view, ctx) {
  const board = view.board;
  const ceasefires = [];
  board.ceasefire.on_map.forEach((c) =>
    ceasefires.push(
      ctx.h(
        "span",
        {
          class: "root_doves-token",
          title: ctx.t("root_doves.panel.in_clearing", { clearing: c }),
        },
        c,
      ),
    ),
  );
  for (let i = 0; i < board.ceasefire.supply; i++) {
    ceasefires.push(
      ctx.h(
        "span",
        { class: "root_doves-token is-off", title: ctx.t("root_doves.panel.on_track") },
        "—",
      ),
    );
  }
  const pacification = board.pacification.map((p) =>
    ctx.h(
      "span",
      {
        class: "root_doves-token" + (p.clearing ? "" : " is-off"),
        style: { borderColor: SUIT_COLOURS[p.suit] },
        title: suitName(ctx, p.suit),
      },
      p.clearing || "—",
    ),
  );
  /* the tablet names each row in one word, the whole sentence in its title */
  const row = (long, short, kids) =>
    ctx.h(
      "div",
      { class: "root_doves-row", title: long },
      ctx.h("span", { class: "root_doves-long" }, long),
      ctx.h("span", { class: "root_doves-short" }, short),
      ...kids,
    );
  return [
    row(
      ctx.t("root_doves.panel.ceasefire", { supply: board.ceasefire.supply }),
      ctx.t("root_doves.panel.token.ceasefire"),
      ceasefires,
    ),
    row(
      ctx.t("root_doves.panel.pacification"),
      ctx.t("root_doves.panel.token.pacification"),
      pacification,
    ),
  ];
}

function cardPic(ctx, suit) {
  return ctx.h(
    "span",
    {
      class: "root_doves-cardpic",
      style: { background: SUIT_COLOURS[suit] },
      title: suitName(ctx, suit),
    },
    suitName(ctx, suit),
  );
}

/* SCU.2.6: the card the companion drew at random, in large type until the next one. */
function discard(view, ctx) {
  const d = view.last_discard;
  if (!d || view.turn_number - d.turn >= view.players.length) return null; // one round
  const params = {
    turn: d.turn,
    clearing: d.clearing,
    by: d.by,
    place: d.place,
    card: d.card ? suitName(ctx, d.card) : "",
  };
  const key = !d.card
    ? "root_doves.panel.discard_none"
    : d.place
      ? "root_doves.panel.discard_at"
      : "root_doves.panel.discard";
  return ctx.h(
    "div",
    { class: "root_doves-discard" },
    d.card ? cardPic(ctx, d.card) : null,
    ctx.h("span", {}, ctx.t(key, params)),
  );
}

function pile(view, ctx) {
  const board = view.board;
  // in the order the table laid the cards, numbered: the random discard names a place
  const cards = board.pile.map((suit, i) =>
    ctx.h(
      "span",
      {
        class: "root_doves-placed",
        style: { background: SUIT_COLOURS[suit] },
        title: suitName(ctx, suit),
      },
      String(i + 1),
      ctx.h("span", { class: "sr-only" }, suitName(ctx, suit)),
    ),
  );
  const counts = SUITS.filter((s) => board.pile_by_suit[s]).map(
    (s) => `${suitName(ctx, s)} ${board.pile_by_suit[s]}`,
  );
  return [
    ctx.h(
      "div",
      { class: "root_doves-count" },
      ctx.t("root_doves.panel.pile", { cards: board.pile.length }),
      counts.length ? ctx.h("span", { class: "muted" }, " — " + counts.join(" · ")) : null,
    ),
    cards.length ? ctx.h("div", { class: "root_doves-row" }, ...cards) : null,
    discard(view, ctx),
    view.stage === "setup"
      ? ctx.h("div", { class: "muted root_doves-hint" }, ctx.t("root_doves.panel.board_numbers"))
      : null,
    ctx.h(
      "div",
      { class: "root_doves-cols" },
      ...board.track.map((points, i) =>
        ctx.h(
          "span",
          {
            class:
              "root_doves-col" +
              (Math.min(board.pile.length, board.track.length) === i + 1 ? " is-here" : ""),
            title: ctx.t("root_doves.panel.track_column", { cards: i + 1, points }),
          },
          [ctx.h("span", { class: "root_doves-long" }, `${i + 1}: `), String(points)],
        ),
      ),
    ),
  ];
}

function buildings(view, ctx) {
  return ["dispensary", "school"].map((kind) => {
    const b = view.board.buildings[kind];
    return ctx.h(
      "div",
      { class: "root_doves-row" },
      ctx.h("strong", {}, ctx.t("value.root_doves." + kind)),
      ...b.slots.map((slot, i) =>
        ctx.h(
          "span",
          { class: "root_doves-slot" + (slot.revealed ? " is-revealed" : "") },
          ctx.t("root_doves.panel.slot", {
            cost: slot.cost,
            points: slot.points,
            draw: slot.draw,
            where: slot.revealed ? b.placed[i] : "—",
          }),
        ),
      ),
    );
  });
}

/* The tablet's buildings: one row per slot, its numbers in aligned columns. */
function buildingTable(view, ctx) {
  const cols = [
    ctx.t("root_doves.panel.col_cost"),
    ctx.t("root_doves.panel.col_points"),
    ctx.t("root_doves.panel.col_draw"),
    ctx.t("root_doves.panel.col_where"),
  ];
  const rows = [];
  ["dispensary", "school"].forEach((kind) => {
    const b = view.board.buildings[kind];
    b.slots.forEach((slot, i) =>
      rows.push(
        ctx.h(
          "tr",
          {
            class: slot.revealed ? "is-revealed" : "",
            title: ctx.t("root_doves.panel.slot", {
              cost: slot.cost,
              points: slot.points,
              draw: slot.draw,
              where: slot.revealed ? b.placed[i] : "—",
            }),
          },
          ctx.h("th", {}, i ? "" : ctx.t("value.root_doves." + kind)),
          ctx.h("td", {}, String(slot.cost)),
          ctx.h("td", {}, String(slot.points)),
          ctx.h("td", {}, "+" + slot.draw),
          ctx.h("td", {}, slot.revealed ? b.placed[i] : "—"),
        ),
      ),
    );
  });
  return ctx.h(
    "table",
    { class: "root_doves-buildings" },
    ctx.h("tr", { class: "muted" }, ctx.h("th", {}), ...cols.map((c) => ctx.h("th", {}, c))),
    ...rows,
  );
}

function doves(view, ctx, tablet) {
  const board = view.board;
  const onMap = Object.entries(board.warriors.on_map)
    .map(([c, n]) => `${c}: ${n}`)
    .join(" · ");
  return card(
    ctx,
    ctx.t("root_doves.panel.doves_board", { name: view.players[view.doves] }),
    [
      ctx.h(
        "div",
        { class: "root_doves-count" },
        ctx.t("root_doves.panel.hand", { cards: board.hand, limit: board.hand_limit }),
      ),
      ...pile(view, ctx),
      ...tokens(view, ctx),
      ctx.h(
        "div",
        {},
        ctx.t("root_doves.panel.warriors", {
          supply: board.warriors.supply,
          total: board.warriors.total,
        }) + (onMap && !tablet ? " — " + onMap : ""),
      ),
      ...(tablet ? [buildingTable(view, ctx)] : buildings(view, ctx)),
      ctx.h(
        "div",
        {},
        ctx.t("root_doves.panel.draw", { cards: board.evening_draw, bonus: board.draw_bonus }),
      ),
    ],
    view.mine ? "root_doves-mine" : "",
  );
}

function clearings(view, ctx) {
  const tiles = view.clearings.map((c) =>
    ctx.h(
      "div",
      { class: "root_doves-clearing", style: { borderLeftColor: SUIT_COLOURS[c.suit] } },
      ctx.h("strong", {}, c.id + " "),
      suitName(ctx, c.suit),
      c.token ? ctx.h("div", {}, ctx.t("root_doves.panel.token." + c.token)) : null,
      c.warriors
        ? ctx.h("div", {}, ctx.t("root_doves.panel.warriors_here", { warriors: c.warriors }))
        : null,
      ...c.buildings.map((b) => ctx.h("div", {}, ctx.t("value.root_doves." + b))),
    ),
  );
  return card(ctx, ctx.t("root_doves.panel.clearings"), [
    ctx.h("div", { class: "root_doves-clearings" }, ...tiles),
  ]);
}

function checklist(view, ctx) {
  if (!view.checklist) return null;
  const items = view.checklist.map((item) =>
    ctx.h(
      "li",
      { class: "is-" + item.status },
      `${MARKS[item.status] || ""} ${ctx.t(item.key, item.params)}`,
    ),
  );
  return card(ctx, ctx.t("root_doves.panel.checklist"), [
    ctx.h("ul", { class: "root_doves-check" }, ...items),
  ]);
}

function battle(view, ctx, b, title) {
  if (!b) return null;
  const dice = b.dice
    ? b.dice.map((face) => ctx.die("root12", face))
    : [ctx.t("root_doves.panel.waiting_dice")];
  /* An ambush removes attackers before the roll: that side shows its warriors before and
     after it, so the cap on its rolled hits is in sight. */
  const side = (name, hits, warriors, left) =>
    ctx.h(
      "div",
      { class: "root_doves-side" },
      ctx.h("div", { class: "root_doves-line" }, name),
      ctx.h("div", { class: "root_doves-hits" }, String(hits)),
      ctx.h("div", { class: "muted root_doves-hits-label" }, ctx.t("root_doves.panel.hits")),
      warriors === null
        ? null
        : ctx.h(
            "div",
            {},
            left === null || left === warriors
              ? ctx.t("root_doves.panel.warriors_here", { warriors })
              : ctx.t("root_doves.panel.warriors_after_ambush", { warriors, left }),
          ),
    );
  const left = b.hits.attackers_left === undefined ? null : b.hits.attackers_left;
  return card(ctx, title, [
    ctx.h("div", {}, ctx.t("root_doves.panel.battle_in", { clearing: b.clearing })),
    ctx.h(
      "div",
      { class: "root_doves-battle" },
      side(b.attacker_name, b.hits.attacker, b.warriors[0], left),
      ctx.h("div", {}, ...dice),
      side(b.defender_name, b.hits.defender, b.warriors[1], null),
    ),
    b.hits.ambush
      ? ctx.h(
          "div",
          { class: "root_doves-line" },
          ctx.t("root_doves.panel.ambush", { name: b.defender_name, hits: b.hits.ambush }),
        )
      : null,
    b.last_stand
      ? ctx.h(
          "div",
          {},
          ctx.t(b.declined ? "root_doves.panel.last_stand_draw" : "root_doves.panel.last_stand"),
        )
      : null,
    b.hits.defenseless ? ctx.h("div", {}, ctx.t("root_doves.panel.defenseless")) : null,
    b.doves_excess_hits
      ? ctx.h(
          "div",
          { class: "root_doves-line" },
          ctx.t("root_doves.panel.excess_hits", { hits: b.doves_excess_hits }),
        )
      : null,
  ]);
}

/* The tablet: the scores and the evacuation, the Doves' board, the battle and the
   clearings, side by side (panel.css lays the three columns out on a tablet's window). */
function columns(ctx, kids) {
  return ctx.h(
    "div",
    { class: "root_doves-columns" },
    ...kids.map((parts) => ctx.h("div", { class: "root_doves-column" }, ...parts.filter(Boolean))),
  );
}

/* The seat's own box (web/static/table.js, Panel.own): its victory points (or its
   dominance); the Doves' seat adds its hand and the warriors left in its supply. */
function own(view, ctx) {
  const seat = ctx.seat;
  if (seat === null || seat === undefined || view.vp[seat] === undefined) return null;
  const dominance = view.dominance[seat];
  const board = view.board;
  return [
    dominance
      ? ctx.t("root_doves.panel.dominance", { suit: suitName(ctx, dominance) })
      : ctx.t("root_doves.own.vp", { points: view.vp[seat] }),
    view.mine && board
      ? ctx.t("root_doves.own.hand", { cards: board.hand, limit: board.hand_limit })
      : null,
    view.mine && board
      ? ctx.t("root_doves.own.warriors", {
          supply: board.warriors.supply,
          total: board.warriors.total,
        })
      : null,
  ].filter((figure) => figure !== null);
}

/** @type {import("../../../web/static/table.js").Panel} */
export default {
  own,
  render(view, ctx) {
    /* A battle in progress comes first for everyone; the Doves' own device then shows their
       turn and board before the table's track. */
    const fighting = battle(view, ctx, view.battle, ctx.t("root_doves.panel.battle"));
    if (ctx.seat === null || ctx.seat === undefined) {
      return ctx.h(
        "div",
        { class: "root_doves" },
        columns(ctx, [
          [header(view, ctx), vpTrack(view, ctx), evacuation(view, ctx)],
          [doves(view, ctx, true)],
          [
            fighting,
            clearings(view, ctx),
            checklist(view, ctx),
            // during a battle the last one is the journal's, beside the board
            fighting
              ? null
              : battle(view, ctx, view.last_battle, ctx.t("root_doves.panel.last_battle")),
          ],
        ]),
      );
    }
    const parts = view.mine
      ? [
          fighting,
          checklist(view, ctx),
          doves(view, ctx),
          evacuation(view, ctx),
          vpTrack(view, ctx),
          clearings(view, ctx),
        ]
      : [
          fighting,
          vpTrack(view, ctx),
          checklist(view, ctx),
          evacuation(view, ctx),
          doves(view, ctx),
          clearings(view, ctx),
          battle(view, ctx, view.last_battle, ctx.t("root_doves.panel.last_battle")),
        ];
    return ctx.h("div", { class: "root_doves" }, header(view, ctx), ...parts.filter(Boolean));
  },
};
