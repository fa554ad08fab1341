// 108 Outlaws board: play areas as rows of cards (active upright, exhausted turned 90°),
// icon tallies, whose turn and who is next, turns left once the end is triggered, the
// solo campaign row and removal routine, and the final table with rank titles.
// The tablet (ctx.seat === null) shows every area; a phone shows its own area first.
(function () {
  "use strict";

  var GLYPH = {
    leadership: "\u265B",
    navy: "\u2693",
    infantry: "\u2694",
    cavalry: "\u265E",
    scout: "\u25CE",
    support: "\u271A",
    campaign: "\u2691",
  };
  var ICONS = ["leadership", "navy", "infantry", "cavalry", "scout", "support", "campaign"];
  var ROW = 5; // cards in each solo display row

  var CSS = [
    ".outlaws108 { font-size: 1.25rem; color: var(--fg); }",
    ".outlaws108 h3 { font-size: 1.5rem; margin: .4rem 0; }",
    ".outlaws108-status { display: flex; flex-wrap: wrap; gap: .4rem 1.2rem; font-size: 1.6rem; margin-bottom: .6rem; }",
    ".outlaws108-end { color: var(--accent); font-weight: bold; }",
    ".outlaws108-area { background: var(--card2, var(--bg)); border-radius: .6rem; padding: .6rem .8rem; margin: .6rem 0; border: 3px solid transparent; }",
    ".outlaws108-area.current { border-color: var(--accent); }",
    ".outlaws108-head { display: flex; flex-wrap: wrap; gap: .3rem 1.2rem; align-items: baseline; }",
    ".outlaws108-name { font-size: 1.7rem; font-weight: bold; }",
    ".outlaws108-count { font-size: 1.5rem; font-weight: bold; }",
    ".outlaws108-count.near { color: var(--accent); }",
    ".outlaws108-muted { color: var(--muted); }",
    ".outlaws108-cards { display: flex; flex-wrap: wrap; gap: .4rem; margin: .5rem 0; align-items: center; }",
    ".outlaws108-slot { width: 7.6rem; height: 7.6rem; display: flex; align-items: center; justify-content: center; position: relative; }",
    ".outlaws108-card { width: 5.2rem; height: 7.3rem; border-radius: .45rem; padding: .2rem; box-sizing: border-box;" +
      " display: flex; flex-direction: column; align-items: center; justify-content: space-between;" +
      " color: #111; border: 2px solid rgba(0,0,0,.4); box-shadow: 0 2px 4px rgba(0,0,0,.35); }",
    ".outlaws108-card.earth { background: #86c46f; }",
    ".outlaws108-card.heaven { background: #efcf52; }",
    ".outlaws108-card.exhausted { transform: rotate(90deg); filter: saturate(.45) brightness(.8); }",
    ".outlaws108-badge { position: absolute; top: 0; left: 0; min-width: 1.9rem; height: 1.9rem; border-radius: 1rem;" +
      " background: var(--fg); color: var(--bg); font-weight: bold; font-size: 1.2rem; display: flex; align-items: center;" +
      " justify-content: center; z-index: 1; }",
    ".outlaws108-no { font-size: 1.05rem; font-weight: bold; min-height: 1.2rem; }",
    ".outlaws108-icons { font-size: 1.9rem; line-height: 1.05; text-align: center; }",
    ".outlaws108-flip { border-top: 2px dashed #333; font-size: 1.5rem; }",
    ".outlaws108-points { font-size: 1.1rem; font-weight: bold; background: rgba(255,255,255,.6); border-radius: .3rem; padding: 0 .25rem; }",
    ".outlaws108-points.waiting { background: #111; color: #efcf52; }",
    ".outlaws108-empty { color: var(--muted); font-style: italic; padding: .6rem 0; }",
    ".outlaws108-tally { display: flex; flex-wrap: wrap; align-items: baseline; gap: .3rem .9rem; margin: .15rem 0; }",
    ".outlaws108-tally-label { color: var(--muted); min-width: 8.5rem; }",
    ".outlaws108-chip { white-space: nowrap; }",
    ".outlaws108-chip b { font-size: 1.45rem; }",
    ".outlaws108-chip.either { border: 2px dashed var(--muted); border-radius: .4rem; padding: 0 .35rem; white-space: normal; }",
    ".outlaws108-campaigns { display: flex; flex-wrap: wrap; gap: .5rem; margin-top: .3rem; }",
    ".outlaws108-camp { background: var(--bg); border: 2px solid var(--muted); border-radius: .4rem; padding: .2rem .5rem; }",
    ".outlaws108-camp.major { border-color: var(--accent); }",
    ".outlaws108-camp.taken, .outlaws108-camp.removed { opacity: .45; text-decoration: line-through; }",
    ".outlaws108-table { border-collapse: collapse; font-size: 1.35rem; width: 100%; color: var(--fg); }",
    ".outlaws108-table td, .outlaws108-table th { padding: .3rem .6rem; text-align: left; border-bottom: 1px solid var(--muted); }",
    ".outlaws108-table tr.outlaws108-numbers td { border-bottom: none; padding-bottom: 0; }",
    ".outlaws108-table tr.first td { color: var(--accent); }",
    ".outlaws108-title { font-style: italic; font-size: 1.15rem; }",
    ".outlaws108-routine { display: inline-grid; grid-template-columns: auto repeat(5, 3.2rem); gap: .3rem; align-items: center; margin: .4rem 0; }",
    ".outlaws108-spot { height: 4.2rem; border-radius: .35rem; border: 2px solid var(--muted); display: flex; align-items: center; justify-content: center; font-weight: bold; }",
    ".outlaws108-spot.earth { background: rgba(134,196,111,.35); }",
    ".outlaws108-spot.heaven { background: rgba(239,207,82,.35); }",
    ".outlaws108-spot.here { border: 4px solid var(--accent); color: var(--accent); }",
    ".outlaws108-spot.passed { opacity: .35; }",
  ].join("\n");

  function word(ctx, value) {
    return ctx.t("value.outlaws108." + value);
  }

  function iconText(icons) {
    return (icons || [])
      .map(function (icon) {
        return GLYPH[icon] || "?";
      })
      .join(" ");
  }

  function iconNames(ctx, icons) {
    return (icons || [])
      .map(function (icon) {
        return word(ctx, icon);
      })
      .join(", ");
  }

  // One outlaw: its play-area number in a badge (the number the forms' buttons show),
  // the card number if told, its icons, the upside-down icons under a dashed line.
  function outlawCard(ctx, outlaw, scoring) {
    var cls = "outlaws108-card " + outlaw.realm + (outlaw.exhausted ? " exhausted" : "");
    var label =
      ctx.t("outlaws108.panel.slot", { slot: outlaw.slot }) +
      " \u00B7 " +
      word(ctx, outlaw.realm) +
      (outlaw.number ? " " + outlaw.number : "") +
      ": " +
      iconNames(ctx, outlaw.icons.concat(outlaw.upside_down)) +
      (outlaw.exhausted ? " (" + ctx.t("outlaws108.panel.exhausted") + ")" : "");
    var parts = [
      ctx.h("div", { class: "outlaws108-no" }, outlaw.number ? "No. " + outlaw.number : ""),
      ctx.h(
        "div",
        { class: "outlaws108-icons" },
        outlaw.strategist
          ? (outlaw.icons || [])
              .map(function (i) {
                return GLYPH[i];
              })
              .join("/")
          : iconText(outlaw.icons),
      ),
    ];
    if (outlaw.upside_down.length) {
      parts.push(
        ctx.h("div", { class: "outlaws108-icons outlaws108-flip" }, iconText(outlaw.upside_down)),
      );
    }
    if (outlaw.navy_as) {
      parts.push(
        ctx.h("div", { class: "outlaws108-icons" }, GLYPH.navy + "\u2192" + GLYPH[outlaw.navy_as]),
      );
    }
    if (outlaw.points !== null && outlaw.points !== undefined) {
      parts.push(
        ctx.h(
          "div",
          { class: "outlaws108-points" },
          ctx.t("outlaws108.panel.points", { points: outlaw.points }) +
            (outlaw.computed ? " " + ctx.t("outlaws108.panel.computed") : ""),
        ),
      );
    } else if (scoring && outlaw.realm === "heaven") {
      parts.push(
        ctx.h(
          "div",
          { class: "outlaws108-points waiting" },
          ctx.t("outlaws108.panel.points", { points: "?" }),
        ),
      );
    }
    return ctx.h(
      "div",
      { class: "outlaws108-slot", title: label, "aria-label": label, role: "img" },
      ctx.h("span", { class: "outlaws108-badge" }, String(outlaw.slot)),
      ctx.h("div", { class: cls }, parts),
    );
  }

  // Icons that surely count as one type, then each flexible group once ("⚓ or ♞ ×2").
  function tally(ctx, area, which) {
    var counts = area.tally[which];
    var chips = ICONS.filter(function (icon) {
      return counts[icon].sure > 0;
    }).map(function (icon) {
      return ctx.h(
        "span",
        { class: "outlaws108-chip", title: word(ctx, icon) },
        GLYPH[icon] + " " + word(ctx, icon) + " ",
        ctx.h("b", {}, String(counts[icon].sure)),
      );
    });
    (area.either[which] || []).forEach(function (group) {
      var names = group.icons
        .map(function (i) {
          return word(ctx, i);
        })
        .join(" " + ctx.t("outlaws108.panel.either") + " ");
      chips.push(
        ctx.h(
          "span",
          { class: "outlaws108-chip either", title: names },
          group.icons
            .map(function (i) {
              return GLYPH[i];
            })
            .join("/") +
            " " +
            names +
            " ",
          ctx.h("b", {}, "\u00D7" + group.count),
        ),
      );
    });
    if (!chips.length) chips = [ctx.h("span", { class: "outlaws108-muted" }, "\u2014")];
    return ctx.h(
      "div",
      { class: "outlaws108-tally" },
      ctx.h("span", { class: "outlaws108-tally-label" }, ctx.t("outlaws108.panel.tally_" + which)),
      chips,
    );
  }

  function campaignsTaken(ctx, area) {
    if (!area.campaigns.length) return null;
    // Numbered as the scoring form's "campaign" buttons are (1, 2, … in the order taken).
    return ctx.h(
      "div",
      { class: "outlaws108-campaigns" },
      area.campaigns.map(function (c, index) {
        return ctx.h(
          "span",
          { class: "outlaws108-camp " + c.tier },
          index +
            1 +
            ". " +
            word(ctx, c.tier) +
            " \u00B7 " +
            ctx.t("outlaws108.panel.points", { points: c.points }) +
            (c.cost && c.cost.length ? " \u00B7 " + iconText(c.cost) : ""),
        );
      }),
    );
  }

  function areaBlock(ctx, view, area) {
    var current = view.current === area.seat;
    var near = area.outlaw_count >= view.end.at - 2;
    var head = ctx.h(
      "div",
      { class: "outlaws108-head" },
      ctx.h("span", { class: "outlaws108-name" }, area.name),
      ctx.h(
        "span",
        { class: "outlaws108-count" + (near ? " near" : "") },
        ctx.t("outlaws108.panel.outlaws", { count: area.outlaw_count, at: view.end.at }),
      ),
      ctx.h(
        "span",
        {},
        ctx.t("outlaws108.panel.hand", {
          total: area.hand.total,
          earth: area.hand.earth,
          heaven: area.hand.heaven,
        }),
      ),
      view.hand_limit
        ? ctx.h(
            "span",
            { class: "outlaws108-muted" },
            ctx.t("outlaws108.panel.hand_limit", { limit: view.hand_limit }),
          )
        : null,
      ctx.h(
        "span",
        {},
        ctx.t("outlaws108.panel.campaign_points", { points: area.campaign_points }),
      ),
      current
        ? ctx.h("span", { class: "outlaws108-end" }, ctx.t("outlaws108.panel.their_turn"))
        : null,
    );
    var cards = area.outlaws.length
      ? ctx.h(
          "div",
          { class: "outlaws108-cards" },
          area.outlaws.map(function (o) {
            return outlawCard(ctx, o, view.phase === "scoring");
          }),
        )
      : ctx.h("div", { class: "outlaws108-empty" }, ctx.t("outlaws108.panel.no_outlaws"));
    // Once the game is over every outlaw is revived: active and all icons are the same.
    var playing = view.standings === null || view.standings === undefined;
    return ctx.h(
      "section",
      { class: "outlaws108-area" + (current ? " current" : ""), "data-seat": area.seat },
      head,
      cards,
      playing ? tally(ctx, area, "active") : null,
      tally(ctx, area, "all"),
      campaignsTaken(ctx, area),
    );
  }

  function status(ctx, view) {
    var items = [];
    if (view.current !== null && view.current !== undefined) {
      items.push(
        ctx.h("span", {}, ctx.t("outlaws108.panel.turn", { player: view.players[view.current] })),
      );
      if (view.last_turn) {
        items.push(ctx.h("span", { class: "outlaws108-end" }, ctx.t("outlaws108.panel.last_turn")));
      } else if (!view.solo && view.next !== null && view.next !== undefined) {
        items.push(
          ctx.h(
            "span",
            { class: "outlaws108-muted" },
            ctx.t("outlaws108.panel.next", { player: view.players[view.next] }),
          ),
        );
      }
    }
    if (view.end.triggered && view.end.turns_left > 1) {
      items.push(
        ctx.h(
          "span",
          { class: "outlaws108-end" },
          ctx.t("outlaws108.panel.turns_left", { count: view.end.turns_left }),
        ),
      );
    }
    if (view.campaigns_left && !view.standings) {
      items.push(ctx.h("span", {}, ctx.t("outlaws108.panel.campaigns_left", view.campaigns_left)));
    }
    return ctx.h("div", { class: "outlaws108-status" }, items);
  }

  function campaignRow(ctx, view) {
    if (!view.campaign_row) return null;
    return ctx.h(
      "div",
      {},
      ctx.h("h3", {}, ctx.t("outlaws108.panel.campaign_row")),
      ctx.h(
        "div",
        { class: "outlaws108-campaigns" },
        view.campaign_row.map(function (c) {
          return ctx.h(
            "span",
            { class: "outlaws108-camp " + c.tier + " " + c.status },
            c.slot +
              ". " +
              word(ctx, c.tier) +
              (c.cost
                ? " \u00B7 " +
                  iconText(c.cost) +
                  " \u00B7 " +
                  ctx.t("outlaws108.panel.points", { points: c.points })
                : ""),
          );
        }),
      ),
    );
  }

  // The solo removal routine: the two display rows, the card being looked at outlined.
  function routineMap(ctx, routine) {
    var cells = [];
    ["earth", "heaven"].forEach(function (row) {
      cells.push(ctx.h("span", {}, word(ctx, row)));
      for (var card = 1; card <= ROW; card += 1) {
        var here = !routine.finished && routine.row === row && routine.card === card;
        var passed =
          routine.row === "heaven"
            ? row === "earth" || card < routine.card
            : row === "earth" && card < routine.card;
        cells.push(
          ctx.h(
            "span",
            { class: "outlaws108-spot " + row + (here ? " here" : "") + (passed ? " passed" : "") },
            here ? "\u2193" + routine.icon : String(card),
          ),
        );
      }
    });
    return ctx.h("div", { class: "outlaws108-routine" }, cells);
  }

  function removal(ctx, view) {
    var routine = view.removal;
    if (!routine) return null;
    if (!routine.finished) return routineMap(ctx, routine);
    var text = routine.removed.length
      ? ctx.t("outlaws108.panel.remove", { campaigns: routine.removed.join(", ") })
      : ctx.t("outlaws108.panel.remove_none");
    return ctx.h("h3", { class: "outlaws108-end" }, text);
  }

  // The final table: one line of numbers per player, the rank title from the rulebook under it.
  function standings(ctx, view) {
    if (!view.standings) return null;
    var columns = ["place", "player", "heaven", "campaigns", "total", "outlaws"];
    var header = ctx.h(
      "tr",
      {},
      columns.map(function (k) {
        return ctx.h("th", {}, ctx.t("outlaws108.panel.col_" + k));
      }),
    );
    var rows = [];
    view.standings.forEach(function (line) {
      var cls = line.place === 1 ? "first" : "";
      rows.push(
        ctx.h(
          "tr",
          { class: cls + " outlaws108-numbers" },
          ctx.h("td", {}, String(line.place)),
          ctx.h("td", {}, line.name),
          ctx.h("td", {}, String(line.heaven)),
          ctx.h("td", {}, String(line.campaigns)),
          ctx.h("td", {}, ctx.h("b", {}, String(line.total))),
          ctx.h("td", {}, String(line.outlaws)),
        ),
      );
      rows.push(
        ctx.h(
          "tr",
          { class: cls },
          ctx.h("td", {}),
          ctx.h(
            "td",
            { class: "outlaws108-title", colspan: columns.length - 1 },
            ctx.t("outlaws108.rank." + line.rank) +
              (line.behind_by ? " — " + ctx.t("outlaws108.panel.tie_" + line.behind_by) : ""),
          ),
        ),
      );
    });
    return ctx.h(
      "div",
      {},
      ctx.h(
        "h3",
        {},
        ctx.t(view.phase === "over" ? "outlaws108.panel.final" : "outlaws108.panel.provisional"),
      ),
      ctx.h("table", { class: "outlaws108-table" }, [header].concat(rows)),
    );
  }

  Companion.registerPanel("outlaws108", {
    render: function (view, ctx) {
      var areas = view.areas;
      if (ctx.seat !== null && ctx.seat !== undefined) {
        // A phone: its own area first, then the others (everything is public).
        areas = areas
          .filter(function (a) {
            return a.seat === ctx.seat;
          })
          .concat(
            areas.filter(function (a) {
              return a.seat !== ctx.seat;
            }),
          );
      }
      return ctx.h(
        "div",
        { class: "outlaws108" },
        ctx.h("style", {}, CSS),
        status(ctx, view),
        standings(ctx, view),
        removal(ctx, view),
        areas.map(function (area) {
          return areaBlock(ctx, view, area);
        }),
        campaignRow(ctx, view),
      );
    },
  });
})();
