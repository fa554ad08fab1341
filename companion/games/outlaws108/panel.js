// 108 Outlaws board: play areas as rows of cards (active upright, exhausted turned 90°),
// icon tallies, whose turn and who is next, turns left once the end is triggered, the
// solo campaign row and removal routine, and the final table with rank titles.
// The tablet (ctx.seat === null) shows every area; a phone shows its own area first.
(function () {
  "use strict";

  const GLYPH = {
    leadership: "\u265B",
    navy: "\u2693",
    infantry: "\u2694",
    cavalry: "\u265E",
    scout: "\u25CE",
    support: "\u271A",
    campaign: "\u2691",
  };
  const ICONS = ["leadership", "navy", "infantry", "cavalry", "scout", "support", "campaign"];
  const ROW = 5; // cards in each solo display row

  function word(ctx, value) {
    return ctx.t("value.outlaws108." + value);
  }

  function iconText(icons) {
    return (icons || []).map((icon) => GLYPH[icon] || "?").join(" ");
  }

  function iconNames(ctx, icons) {
    return (icons || []).map((icon) => word(ctx, icon)).join(", ");
  }

  // One outlaw: its play-area number in a badge (the number the forms' buttons show),
  // the card number if told, its icons, the upside-down icons under a dashed line.
  function outlawLabel(ctx, outlaw) {
    return (
      ctx.t("outlaws108.panel.slot", { slot: outlaw.slot }) +
      " \u00B7 " +
      word(ctx, outlaw.realm) +
      (outlaw.number ? " " + outlaw.number : "") +
      ": " +
      iconNames(ctx, outlaw.icons.concat(outlaw.upside_down)) +
      (outlaw.exhausted ? " (" + ctx.t("outlaws108.panel.exhausted") + ")" : "")
    );
  }

  // Its points once known; a Heaven card waits for them while the game is scored.
  function outlawPoints(ctx, outlaw, scoring) {
    if (outlaw.points !== null && outlaw.points !== undefined) {
      return ctx.h(
        "div",
        { class: "outlaws108-points" },
        ctx.t("outlaws108.panel.points", { points: outlaw.points }) +
          /* worked out from the catalogue's rule, or typed at the end (computed: false) */
          (outlaw.computed
            ? " " + ctx.t("outlaws108.panel.computed")
            : outlaw.computed === false
              ? " " + ctx.t("outlaws108.panel.typed")
              : ""),
      );
    }
    if (scoring && outlaw.realm === "heaven") {
      return ctx.h(
        "div",
        { class: "outlaws108-points waiting" },
        ctx.t("outlaws108.panel.points", { points: "?" }),
      );
    }
    return null;
  }

  function outlawFace(ctx, outlaw, scoring) {
    const icons = outlaw.strategist
      ? (outlaw.icons || []).map((i) => GLYPH[i]).join("/")
      : iconText(outlaw.icons);
    return [
      ctx.h("div", { class: "outlaws108-no" }, outlaw.number ? "No. " + outlaw.number : ""),
      ctx.h("div", { class: "outlaws108-icons" }, icons),
      outlaw.upside_down.length
        ? ctx.h("div", { class: "outlaws108-icons outlaws108-flip" }, iconText(outlaw.upside_down))
        : null,
      outlaw.navy_as
        ? ctx.h("div", { class: "outlaws108-icons" }, GLYPH.navy + "\u2192" + GLYPH[outlaw.navy_as])
        : null,
      outlawPoints(ctx, outlaw, scoring),
    ];
  }

  // One outlaw: its play-area number in a badge (the number the forms' buttons show),
  // the card number if told, its icons, the upside-down icons under a dashed line.
  function outlawCard(ctx, outlaw, scoring) {
    const cls = "outlaws108-card " + outlaw.realm + (outlaw.exhausted ? " exhausted" : "");
    const label = outlawLabel(ctx, outlaw);
    return ctx.h(
      "div",
      { class: "outlaws108-slot", title: label, "aria-label": label, role: "img" },
      ctx.h("span", { class: "outlaws108-badge" }, String(outlaw.slot)),
      ctx.h("div", { class: cls }, outlawFace(ctx, outlaw, scoring)),
    );
  }

  // Icons that surely count as one type, then each flexible group once ("⚓ or ♞ ×2").
  function tally(ctx, area, which) {
    const counts = area.tally[which];
    let chips = ICONS.filter((icon) => counts[icon].sure > 0).map((icon) =>
      ctx.h(
        "span",
        { class: "outlaws108-chip", title: word(ctx, icon) },
        GLYPH[icon] + " ",
        ctx.h("span", { class: "outlaws108-word" }, word(ctx, icon) + " "),
        ctx.h("b", {}, String(counts[icon].sure)),
      ),
    );
    (area.either[which] || []).forEach((group) => {
      const names = group.icons
        .map((i) => word(ctx, i))
        .join(" " + ctx.t("outlaws108.panel.either") + " ");
      chips.push(
        ctx.h(
          "span",
          { class: "outlaws108-chip either", title: names },
          group.icons.map((i) => GLYPH[i]).join("/") + " ",
          ctx.h("span", { class: "outlaws108-word" }, names + " "),
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
      area.campaigns.map((c, index) =>
        ctx.h(
          "span",
          { class: "outlaws108-camp " + c.tier },
          index +
            1 +
            ". " +
            word(ctx, c.tier) +
            " \u00B7 " +
            ctx.t("outlaws108.panel.points", { points: c.points }) +
            (c.cost && c.cost.length ? " \u00B7 " + iconText(c.cost) : ""),
        ),
      ),
    );
  }

  function areaHead(ctx, view, area) {
    const near = area.outlaw_count >= view.end.at - 2;
    const hand = { total: area.hand.total, earth: area.hand.earth, heaven: area.hand.heaven };
    return ctx.h(
      "div",
      { class: "outlaws108-head" },
      ctx.h("span", { class: "outlaws108-name" }, area.name),
      ctx.h(
        "span",
        { class: "outlaws108-count" + (near ? " near" : "") },
        ctx.t("outlaws108.panel.outlaws", { count: area.outlaw_count, at: view.end.at }),
      ),
      ctx.h("span", {}, ctx.t("outlaws108.panel.hand", hand)),
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
      view.current === area.seat
        ? ctx.h("span", { class: "outlaws108-end" }, ctx.t("outlaws108.panel.their_turn"))
        : null,
    );
  }

  function areaBlock(ctx, view, area) {
    const current = view.current === area.seat;
    const head = areaHead(ctx, view, area);
    const cards = area.outlaws.length
      ? ctx.h(
          "div",
          { class: "outlaws108-cards" },
          area.outlaws.map((o) => outlawCard(ctx, o, view.phase === "scoring")),
        )
      : ctx.h("div", { class: "outlaws108-empty" }, ctx.t("outlaws108.panel.no_outlaws"));
    // Once the game is over every outlaw is revived: active and all icons are the same.
    const playing = view.standings === null || view.standings === undefined;
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
    const items = [];
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
        view.campaign_row.map((c) =>
          ctx.h(
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
          ),
        ),
      ),
    );
  }

  // The solo removal routine: the two display rows, the card being looked at outlined.
  function routineMap(ctx, routine) {
    const cells = [];
    ["earth", "heaven"].forEach((row) => {
      cells.push(ctx.h("span", {}, word(ctx, row)));
      for (let card = 1; card <= ROW; card += 1) {
        const here = !routine.finished && routine.row === row && routine.card === card;
        const passed =
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
    const routine = view.removal;
    if (!routine) return null;
    if (!routine.finished) return routineMap(ctx, routine);
    const text = routine.removed.length
      ? ctx.t("outlaws108.panel.remove", {
          campaigns: routine.removed.join(", "),
          count: routine.removed.length,
        })
      : ctx.t("outlaws108.panel.remove_none");
    return ctx.h("h3", { class: "outlaws108-end" }, text);
  }

  // One player's line of numbers, and the rank title from the rulebook under it.
  function standingRows(ctx, line, width) {
    const cls = line.place === 1 ? "first" : "";
    const title =
      ctx.t("outlaws108.rank." + line.rank) +
      (line.behind_by ? " — " + ctx.t("outlaws108.panel.tie_" + line.behind_by) : "");
    return [
      ctx.h(
        "tr",
        { class: cls + " outlaws108-numbers" },
        ctx.h("td", {}, String(line.place)),
        ctx.h("td", {}, line.name),
        ctx.h("td", {}, String(line.heaven)),
        ctx.h("td", {}, String(line.campaigns)),
        ctx.h("td", {}, ctx.h("b", {}, String(line.total))),
        ctx.h("td", {}, String(line.outlaws)),
        ctx.h(
          "td",
          { class: "outlaws108-title outlaws108-wide", title },
          ctx.t("outlaws108.rank." + line.rank),
          line.behind_by
            ? ctx.h(
                "span",
                { class: "outlaws108-tie" },
                " — " + ctx.t("outlaws108.panel.tie_" + line.behind_by),
              )
            : null,
        ),
      ),
      ctx.h(
        "tr",
        { class: cls + " outlaws108-narrow" },
        ctx.h("td", {}),
        ctx.h("td", { class: "outlaws108-title", colspan: width - 1 }, title),
      ),
    ];
  }

  // The final table: one line of numbers per player, the rank title from the rulebook under it.
  function standings(ctx, view) {
    if (!view.standings) return null;
    const columns = ["place", "player", "heaven", "campaigns", "total", "outlaws"];
    const heading = ctx.t(
      view.phase === "over" ? "outlaws108.panel.final" : "outlaws108.panel.provisional",
    );
    // the tablet names the table in its last column's head, the phone above it
    const header = ctx.h(
      "tr",
      {},
      columns.map((k) => ctx.h("th", {}, ctx.t("outlaws108.panel.col_" + k))),
      ctx.h("th", { class: "outlaws108-wide outlaws108-heading" }, heading),
    );
    const rows = view.standings.flatMap((line) => standingRows(ctx, line, columns.length));
    return ctx.h(
      "div",
      {},
      ctx.h("h3", { class: "outlaws108-narrow" }, heading),
      ctx.h("table", { class: "outlaws108-table" }, [header].concat(rows)),
    );
  }

  window.Companion.registerPanel("outlaws108", {
    render(view, ctx) {
      let areas = view.areas;
      if (ctx.seat !== null && ctx.seat !== undefined) {
        // A phone: its own area first, then the others (everything is public).
        areas = areas
          .filter((a) => a.seat === ctx.seat)
          .concat(areas.filter((a) => a.seat !== ctx.seat));
      }
      return ctx.h(
        "div",
        { class: "outlaws108" },
        status(ctx, view),
        standings(ctx, view),
        removal(ctx, view),
        areas.map((area) => areaBlock(ctx, view, area)),
        campaignRow(ctx, view),
      );
    },
  });
})();
