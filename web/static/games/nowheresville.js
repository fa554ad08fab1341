/* Nowheresville: Bandit Paradise — the board, drawn from view(state, seat).
 *
 * The tablet (ctx.seat === null) sees the Locations as laid out on the table (Bank, Coach
 * and Prison on top, the Saloon at the bottom), the pots as a count of notes, the Shop,
 * the Victim, every gang with its public Attributes and Wounds, who has planned, any
 * Shootout or robbery in progress, and the public news. A phone sees the same and, on top,
 * its own money, plan and pot takings. The view never carries anyone else's money, so
 * nothing here could show it.
 */
(function () {
  "use strict";

  // The layout of the Location cards, top row first ("Game Setup", point 5).
  var ROWS = [["bank", "coach", "prison"], ["shop", "black_market"], ["town"], ["school"],
              ["saloon"]];
  var SYMBOLS = { hat: "\u{1F920}", safe: "\u{1F512}", envelope: "\u2709" };

  var CSS = [
    ".nowheresville{font-size:1.25rem;color:var(--fg);display:grid;gap:.8rem}",
    ".nowheresville h3{margin:.2rem 0;font-size:1.35rem}",
    ".nowheresville-card{background:var(--card);border-radius:.6rem;padding:.6rem .8rem}",
    ".nowheresville-head{display:flex;flex-wrap:wrap;gap:1.2rem;align-items:baseline}",
    ".nowheresville-big{font-size:2.2rem;font-weight:700}",
    ".nowheresville-winner{font-size:2.4rem;font-weight:800;color:var(--accent);",
    "text-align:center}",
    ".nowheresville-row{display:flex;gap:.6rem}",
    ".nowheresville-row>*{flex:1}",
    ".nowheresville-card.is-now{outline:3px solid var(--accent)}",
    ".nowheresville-muted{color:var(--muted)}",
    ".nowheresville-chip{display:inline-block;border:1px solid var(--muted);border-radius:1rem;",
    "padding:.05rem .55rem;margin:.1rem .25rem .1rem 0;white-space:nowrap}",
    ".nowheresville-chip.is-now{border-color:var(--accent);color:var(--accent);font-weight:700}",
    ".nowheresville-gangs{display:grid;gap:.6rem;",
    "grid-template-columns:repeat(auto-fill,minmax(17rem,1fr))}",
    ".nowheresville-meter{letter-spacing:.1rem}",
    ".nowheresville-news li{margin:.15rem 0}"
  ].join("");

  // Children may be nested arrays and empty parts (null, false, ""): flatten and drop them.
  function list(items) {
    var out = [];
    (function walk(item) {
      if (Array.isArray(item)) { item.forEach(walk); } else if (item !== null &&
          item !== undefined && item !== false && item !== "") { out.push(item); }
    }(items));
    return out;
  }

  // ctx.h with flattened children and attributes always an object.
  function maker(ctx) {
    return function (tag, attrs) {
      var kids = list(Array.prototype.slice.call(arguments, 2));
      return ctx.h.apply(null, [tag, attrs || {}].concat(kids));
    };
  }

  function placeName(ctx, place) { return ctx.t("value.nowheresville." + place); }

  function cardText(ctx, card) {
    if (card.kind === "gear") {
      return "#" + card.id + " " + SYMBOLS.hat + card.hat + " " + SYMBOLS.safe + card.safe +
        " " + SYMBOLS.envelope + card.envelope;
    }
    return "#" + card.id + " " + ctx.t("nowheresville.ui.gun", {
      experience: card.experience, free: card.free, hands: card.hands });
  }

  function chip(ctx, text, now) {
    return maker(ctx)("span", { class: "nowheresville-chip" + (now ? " is-now" : "") }, text);
  }

  function header(view, ctx) {
    var h = maker(ctx);
    var out = [h("div", { class: "nowheresville-head" },
      h("span", { class: "nowheresville-big" },
        ctx.t("nowheresville.ui.round", { round: view.round })),
      h("span", {}, ctx.t("nowheresville.ui.phase." + view.phase)),
      h("span", { class: "nowheresville-muted" },
        ctx.t("nowheresville.ui.goal", { goal: view.goal })))];
    if (view.winner !== null && view.winner !== undefined) {
      out.push(h("div", { class: "nowheresville-winner" },
        ctx.t("nowheresville.ui.winner", { player: view.players[view.winner] })));
    }
    return out;
  }

  function mine(view, ctx) {
    if (!view.mine) { return null; }
    var h = maker(ctx), plan = view.planning && view.planning.mine;
    var takings = view.mine.takings.map(function (row) {
      return h("li", {}, ctx.t("nowheresville.ui.taking", {
        round: row.round, pot: placeName(ctx, row.pot), amount: row.amount }));
    });
    return h("section", { class: "nowheresville-card" },
      h("h3", {}, ctx.t("nowheresville.ui.my_money")),
      h("div", { class: "nowheresville-big" }, "$" + view.mine.money),
      plan ? h("p", {}, ctx.t("nowheresville.ui.my_plan"), " ",
        list(Object.keys(plan).filter(function (slot) { return plan[slot] !== "none"; })
          .map(function (slot) {
            return chip(ctx, ctx.t("value.nowheresville." + slot) + ": " +
              ctx.t("value.nowheresville." + plan[slot]));
          }))) : null,
      takings.length ? h("ul", {}, takings) : null);
  }

  function planning(view, ctx) {
    if (!view.planning) { return null; }
    var h = maker(ctx);
    return h("section", { class: "nowheresville-card" },
      h("h3", {}, ctx.t("nowheresville.ui.planning")),
      list(view.planning.seats.map(function (seat) {
        var done = view.planning.submitted.indexOf(seat) >= 0;
        var skipped = view.planning.skipped.indexOf(seat) >= 0;
        return chip(ctx, view.players[seat] + " — " + ctx.t(done ?
          "nowheresville.ui.chosen" : skipped ? "nowheresville.ui.skipped" :
            "nowheresville.ui.choosing"), !done && !skipped);
      })));
  }

  function placeBody(view, ctx, place) {
    var h = maker(ctx);
    if (place === "bank" || place === "coach") {
      return h("div", { class: "nowheresville-big" },
        ctx.t("nowheresville.ui.notes", { notes: view.pots[place] }));
    }
    if (place === "town" && view.victim) {
      return h("div", {}, ctx.t("nowheresville.ui.victim", {
        target: view.victim.target, payout: view.victim.payout }));
    }
    if (place === "shop") {
      return h("div", {}, view.shop.length ? view.shop.map(function (card) {
        return chip(ctx, cardText(ctx, card));
      }) : ctx.t("nowheresville.ui.empty"));
    }
    return null;
  }

  function board(view, ctx) {
    var h = maker(ctx), res = view.resolution;
    var here = {};
    Object.keys(view.placements).forEach(function (name) {
      (here[view.placements[name]] = here[view.placements[name]] || []).push(name);
    });
    return h("section", { class: "nowheresville-board" }, ROWS.map(function (row) {
      return h("div", { class: "nowheresville-row" }, list(row.map(function (place) {
        if (view.places.indexOf(place) < 0) { return null; }
        var now = res && res.place === place;
        var order = now && res.order.length ? res.order : (here[place] || []);
        var cls = "nowheresville-card nowheresville-place" + (now ? " is-now" : "");
        return h("div", { class: cls },
          h("h3", {}, placeName(ctx, place)),
          placeBody(view, ctx, place),
          h("div", {}, order.map(function (name) {
            return chip(ctx, name, name === view.current);
          })));
      })));
    }));
  }

  function meter(full, count) {
    var out = "";
    for (var i = 0; i < full; i += 1) { out += i < count ? "\u25CF" : "\u25CB"; }
    return out;
  }

  function bandit(view, ctx, name) {
    var h = maker(ctx), b = view.bandits[name];
    var where = view.placements[name];
    return h("div", { class: "nowheresville-card" + (name === view.current ? " is-now" : "") },
      h("h3", {}, name, " ", h("span", { class: "nowheresville-muted" },
        ctx.t(b.original ? "value.nowheresville.original" : "value.nowheresville.accomplice"))),
      where ? h("div", {}, chip(ctx, placeName(ctx, where))) : null,
      h("div", { class: "nowheresville-meter" },
        ctx.t("nowheresville.ui.wounds", { wounds: b.wounds, hits: b.hits }), " ",
        meter(b.hits, b.wounds)),
      h("div", {}, ctx.t("nowheresville.ui.tokens", {
        bullets: b.bullets, courage: b.courage, experience: b.experience })),
      h("div", {}, ctx.t("nowheresville.ui.experience_total", { total: b.experience_total })),
      h("div", {}, b.equipment.map(function (card) { return chip(ctx, cardText(ctx, card)); }),
        b.face_down ?
          chip(ctx, ctx.t("nowheresville.ui.face_down", { count: b.face_down })) : null,
        b.lucky ? chip(ctx, ctx.t("nowheresville.ui.lucky", { count: b.lucky })) : null));
  }

  function gangs(view, ctx) {
    var h = maker(ctx);
    return h("section", { class: "nowheresville-gangs" }, view.gangs.map(function (members, seat) {
      return h("div", {},
        h("h3", {}, view.players[seat],
          view.heal_cards[seat] ? " — " + ctx.t("nowheresville.ui.heal_cards",
            { count: view.heal_cards[seat] }) : ""),
        members.map(function (name) { return bandit(view, ctx, name); }));
    }));
  }

  function shootout(view, ctx) {
    var fight = view.shootout, h = maker(ctx);
    if (!fight) { return null; }
    return h("section", { class: "nowheresville-card" },
      h("h3", {}, ctx.t("nowheresville.ui.shootout", { place: placeName(ctx, fight.place) })),
      h("p", {}, ctx.t("nowheresville.ui.chooses_first", {
        names: fight.chooses_first.join(", ") })),
      h("ul", {}, fight.fighters.map(function (f) {
        return h("li", { class: f.fallen ? "nowheresville-muted" : "" }, ctx.t(
          "nowheresville.ui.fighter", { bandit: f.bandit, wounds: f.wounds,
            experience: f.experience_total, free: f.free_left, bullets: f.bullets }),
          fight.rolls[f.bandit] ? [" ", ctx.die("d6", fight.rolls[f.bandit])] : null);
      })),
      fight.runaways.length ? h("p", { class: "nowheresville-muted" },
        ctx.t("nowheresville.ui.runaways", { names: fight.runaways.join(", ") })) : null);
  }

  function robbery(view, ctx) {
    var r = view.robbery, h = maker(ctx);
    if (!r) { return null; }
    return h("section", { class: "nowheresville-card" },
      h("h3", {}, ctx.t("nowheresville.ui.robbery", {
        bandit: r.bandit, place: placeName(ctx, r.place) })),
      h("div", { class: "nowheresville-big" },
        r.roll ? ctx.die("d6", r.roll) : "?", " + " + SYMBOLS[r.symbol] + r.bonus,
        r.courage ? " + " + r.courage : "",
        r.roll ? " = " + r.total : "", " / " + r.target));
  }

  function newsLine(view, ctx, item) {
    var params = {};
    Object.keys(item).forEach(function (k) { params[k] = item[k]; });
    if (typeof item.player === "number") { params.player = view.players[item.player]; }
    if (typeof item.to === "number") { params.to = view.players[item.to]; }
    if (item.place) { params.place = placeName(ctx, item.place); }
    if (item.pot) { params.pot = placeName(ctx, item.pot); }
    var text = ctx.t("nowheresville.news." + item.kind, params);
    if (item.kind === "death" && item.paid) {
      text += " " + ctx.t("nowheresville.ui.death_paid", params);
    }
    if (item.kind === "robbery") {
      text += " " + ctx.t(item.success ? "nowheresville.ui.success" : "nowheresville.ui.failure");
    }
    return maker(ctx)("li", {}, text);
  }

  function news(view, ctx) {
    var items = view.news.slice(-8).reverse();
    if (!items.length) { return null; }
    var h = maker(ctx);
    return h("section", { class: "nowheresville-card nowheresville-news" },
      h("h3", {}, ctx.t("nowheresville.ui.news")),
      h("ul", {}, items.map(function (item) { return newsLine(view, ctx, item); })));
  }

  Companion.registerPanel("nowheresville", {
    render: function (view, ctx) {
      return maker(ctx)("div", { class: "nowheresville" }, ctx.h("style", {}, CSS),
        header(view, ctx), mine(view, ctx), planning(view, ctx), shootout(view, ctx),
        robbery(view, ctx), board(view, ctx), gangs(view, ctx), news(view, ctx));
    }
  });
}());
