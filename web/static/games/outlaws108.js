// 108 Outlaws board: play areas as rows of cards (active upright, exhausted turned 90°),
// icon tallies, whose turn and who is next, turns left once the end is triggered, the
// solo campaign row and removal routine, and the final table with rank titles.
// The tablet (ctx.seat === null) shows every area; a phone shows its own area first.
(function () {
  "use strict";

  var GLYPH = {
    leadership: "\u265B", navy: "\u2693", infantry: "\u2694", cavalry: "\u265E",
    scout: "\u25CE", support: "\u271A", campaign: "\u2691"
  };
  var ICONS = ["leadership", "navy", "infantry", "cavalry", "scout", "support", "campaign"];

  var CSS = [
    ".outlaws108 { font-size: 1.25rem; color: var(--fg); }",
    ".outlaws108 h3 { font-size: 1.5rem; margin: .4rem 0; }",
    ".outlaws108-status { display: flex; flex-wrap: wrap; gap: 1rem; font-size: 1.5rem; margin-bottom: .6rem; }",
    ".outlaws108-end { color: var(--accent); font-weight: bold; }",
    ".outlaws108-area { background: var(--card); border-radius: .6rem; padding: .6rem .8rem; margin: .5rem 0; border: 3px solid transparent; }",
    ".outlaws108-area.current { border-color: var(--accent); }",
    ".outlaws108-head { display: flex; flex-wrap: wrap; gap: 1.2rem; align-items: baseline; }",
    ".outlaws108-name { font-size: 1.6rem; font-weight: bold; }",
    ".outlaws108-muted { color: var(--muted); }",
    ".outlaws108-cards { display: flex; flex-wrap: wrap; gap: .5rem; margin: .5rem 0; min-height: 6.6rem; align-items: center; }",
    ".outlaws108-slot { width: 6.6rem; height: 6.6rem; display: flex; align-items: center; justify-content: center; }",
    ".outlaws108-card { width: 4.4rem; height: 6.2rem; border-radius: .4rem; padding: .2rem; box-sizing: border-box;" +
      " display: flex; flex-direction: column; align-items: center; justify-content: space-between;" +
      " color: #111; border: 2px solid rgba(0,0,0,.35); transition: transform .2s; }",
    ".outlaws108-card.earth { background: #7fbf6a; }",
    ".outlaws108-card.heaven { background: #e9c94a; }",
    ".outlaws108-card.exhausted { transform: rotate(90deg); opacity: .75; }",
    ".outlaws108-no { font-size: 1.3rem; font-weight: bold; }",
    ".outlaws108-icons { font-size: 1.3rem; line-height: 1.1; text-align: center; }",
    ".outlaws108-flip { border-top: 1px dashed #333; }",
    ".outlaws108-points { font-size: .95rem; font-weight: bold; }",
    ".outlaws108-tally { display: flex; flex-wrap: wrap; gap: .4rem .9rem; }",
    ".outlaws108-chip { white-space: nowrap; }",
    ".outlaws108-chip b { font-size: 1.35rem; }",
    ".outlaws108-campaigns { display: flex; flex-wrap: wrap; gap: .5rem; }",
    ".outlaws108-camp { background: var(--bg); border: 2px solid var(--muted); border-radius: .4rem; padding: .2rem .5rem; }",
    ".outlaws108-camp.major { border-color: var(--accent); }",
    ".outlaws108-camp.taken, .outlaws108-camp.removed { opacity: .4; text-decoration: line-through; }",
    ".outlaws108-table { border-collapse: collapse; font-size: 1.35rem; width: 100%; color: var(--fg); }",
    ".outlaws108-table td, .outlaws108-table th { padding: .3rem .6rem; text-align: left; border-bottom: 1px solid var(--muted); }",
    ".outlaws108-title { font-style: italic; font-size: 1.1rem; }"
  ].join("\n");

  function iconText(icons) {
    return (icons || []).map(function (icon) { return GLYPH[icon] || "?"; }).join(" ");
  }

  function iconNames(ctx, icons) {
    return (icons || []).map(function (icon) { return ctx.t("value.outlaws108." + icon); }).join(", ");
  }

  function outlawCard(ctx, outlaw) {
    var cls = "outlaws108-card " + outlaw.realm + (outlaw.exhausted ? " exhausted" : "");
    var title = ctx.t("value.outlaws108." + outlaw.realm) + " #" + outlaw.slot + ": " +
      iconNames(ctx, outlaw.icons.concat(outlaw.upside_down));
    var parts = [
      ctx.h("div", { "class": "outlaws108-no" }, outlaw.number ? String(outlaw.number) : "#" + outlaw.slot),
      ctx.h("div", { "class": "outlaws108-icons" },
        outlaw.strategist ? iconText(outlaw.icons).replace(" ", "/") : iconText(outlaw.icons))
    ];
    if (outlaw.upside_down.length) {
      parts.push(ctx.h("div", { "class": "outlaws108-icons outlaws108-flip" }, iconText(outlaw.upside_down)));
    }
    if (outlaw.navy_as) {
      parts.push(ctx.h("div", { "class": "outlaws108-icons" }, GLYPH.navy + "\u2192" + GLYPH[outlaw.navy_as]));
    }
    if (outlaw.points !== null && outlaw.points !== undefined) {
      parts.push(ctx.h("div", { "class": "outlaws108-points" }, ctx.t("outlaws108.panel.points", { points: outlaw.points })));
    }
    return ctx.h("div", { "class": "outlaws108-slot" },
      ctx.h("div", { "class": cls, title: title }, parts));
  }

  function tally(ctx, area, which) {
    var counts = area.tally[which];
    var chips = ICONS.filter(function (icon) { return counts[icon].up_to > 0; }).map(function (icon) {
      var c = counts[icon];
      var n = c.sure === c.up_to ? String(c.sure) : c.sure + "\u2013" + c.up_to;
      return ctx.h("span", { "class": "outlaws108-chip", title: ctx.t("value.outlaws108." + icon) },
        GLYPH[icon] + " " + ctx.t("value.outlaws108." + icon) + " ", ctx.h("b", {}, n));
    });
    if (!chips.length) chips = [ctx.h("span", { "class": "outlaws108-muted" }, "\u2014")];
    return ctx.h("div", { "class": "outlaws108-tally" },
      ctx.h("span", { "class": "outlaws108-muted" }, ctx.t("outlaws108.panel.tally_" + which)), chips);
  }

  function campaignsTaken(ctx, area) {
    if (!area.campaigns.length) return null;
    return ctx.h("div", { "class": "outlaws108-campaigns" }, area.campaigns.map(function (c) {
      return ctx.h("span", { "class": "outlaws108-camp " + c.tier },
        ctx.t("value.outlaws108." + c.tier) + " \u00B7 " + ctx.t("outlaws108.panel.points", { points: c.points }) +
        (c.cost && c.cost.length ? " \u00B7 " + iconText(c.cost) : ""));
    }));
  }

  function areaBlock(ctx, view, area) {
    var current = view.current === area.seat;
    var head = ctx.h("div", { "class": "outlaws108-head" },
      ctx.h("span", { "class": "outlaws108-name" }, area.name),
      ctx.h("span", {}, ctx.t("outlaws108.panel.outlaws", { count: area.outlaw_count, at: view.end.at })),
      ctx.h("span", {}, ctx.t("outlaws108.panel.hand", {
        total: area.hand.total, earth: area.hand.earth, heaven: area.hand.heaven })),
      view.hand_limit ? ctx.h("span", { "class": "outlaws108-muted" },
        ctx.t("outlaws108.panel.hand_limit", { limit: view.hand_limit })) : null,
      ctx.h("span", {}, ctx.t("outlaws108.panel.campaign_points", { points: area.campaign_points })),
      current ? ctx.h("span", { "class": "outlaws108-end" }, ctx.t("outlaws108.panel.their_turn")) : null);
    return ctx.h("section", { "class": "outlaws108-area" + (current ? " current" : "") },
      head,
      ctx.h("div", { "class": "outlaws108-cards" }, area.outlaws.map(function (o) { return outlawCard(ctx, o); })),
      tally(ctx, area, "active"), tally(ctx, area, "all"),
      campaignsTaken(ctx, area));
  }

  function status(ctx, view) {
    var items = [];
    if (view.current !== null && view.current !== undefined) {
      items.push(ctx.h("span", {}, ctx.t("outlaws108.panel.turn", { player: view.players[view.current] })));
      items.push(ctx.h("span", { "class": "outlaws108-muted" },
        ctx.t("outlaws108.panel.next", { player: view.players[view.next] })));
    }
    if (view.end.triggered && view.end.turns_left) {
      items.push(ctx.h("span", { "class": "outlaws108-end" },
        ctx.t("outlaws108.panel.turns_left", { count: view.end.turns_left })));
    }
    if (view.campaigns_left) {
      items.push(ctx.h("span", {}, ctx.t("outlaws108.panel.campaigns_left", view.campaigns_left)));
    }
    return ctx.h("div", { "class": "outlaws108-status" }, items);
  }

  function campaignRow(ctx, view) {
    if (!view.campaign_row) return null;
    return ctx.h("div", {},
      ctx.h("h3", {}, ctx.t("outlaws108.panel.campaign_row")),
      ctx.h("div", { "class": "outlaws108-campaigns" }, view.campaign_row.map(function (c) {
        return ctx.h("span", { "class": "outlaws108-camp " + c.tier + " " + c.status },
          c.slot + ". " + ctx.t("value.outlaws108." + c.tier) +
          (c.cost ? " \u00B7 " + iconText(c.cost) + " \u00B7 " + ctx.t("outlaws108.panel.points", { points: c.points }) : ""));
      })));
  }

  function removal(ctx, view) {
    var routine = view.removal;
    if (!routine || !routine.finished) return null;
    var text = routine.removed.length
      ? ctx.t("outlaws108.panel.remove", { campaigns: routine.removed.join(", ") })
      : ctx.t("outlaws108.panel.remove_none");
    return ctx.h("h3", { "class": "outlaws108-end" }, text);
  }

  function standings(ctx, view) {
    if (!view.standings) return null;
    var header = ctx.h("tr", {}, ["place", "player", "heaven", "campaigns", "total", "outlaws", "rank"].map(function (k) {
      return ctx.h("th", {}, ctx.t("outlaws108.panel.col_" + k));
    }));
    var rows = view.standings.map(function (line) {
      return ctx.h("tr", {},
        ctx.h("td", {}, String(line.place)), ctx.h("td", {}, line.name),
        ctx.h("td", {}, String(line.heaven)), ctx.h("td", {}, String(line.campaigns)),
        ctx.h("td", {}, ctx.h("b", {}, String(line.total))), ctx.h("td", {}, String(line.outlaws)),
        ctx.h("td", { "class": "outlaws108-title" }, ctx.t("outlaws108.rank." + line.rank)));
    });
    return ctx.h("div", {},
      ctx.h("h3", {}, ctx.t(view.phase === "over" ? "outlaws108.panel.final" : "outlaws108.panel.provisional")),
      ctx.h("table", { "class": "outlaws108-table" }, [header].concat(rows)));
  }

  Companion.registerPanel("outlaws108", {
    render: function (view, ctx) {
      var areas = view.areas;
      if (ctx.seat !== null && ctx.seat !== undefined) {
        // A phone: its own area (hand count, tally) only; the table shows everyone's.
        areas = areas.filter(function (a) { return a.seat === ctx.seat; });
      }
      return ctx.h("div", { "class": "outlaws108" },
        ctx.h("style", {}, CSS),
        status(ctx, view),
        standings(ctx, view),
        removal(ctx, view),
        areas.map(function (area) { return areaBlock(ctx, view, area); }),
        campaignRow(ctx, view));
    }
  });
})();
