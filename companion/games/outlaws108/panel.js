// @ts-check
// 108 Outlaws board: play areas as rows of cards (active upright, exhausted turned 90°),
// icon tallies, whose turn and who is next, turns left once the end is triggered, the
// solo campaign row and removal routine, and the final table with rank titles.
// The tablet (ctx.seat === null) shows every area; a phone shows its own area first.
// Also the card catalogue's editor, which the tablet's tools sheet opens (catalogueEditor).

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
    ctx.h("span", {}, ctx.t("outlaws108.panel.campaign_points", { points: area.campaign_points })),
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

// -- The card catalogue's editor (the tablet's tools sheet: companion/storage/card_catalogue.py) --------
// Every entry kept on this Pi (a card by its number, a campaign by its tier and points),
// a card fixed or any entry deleted, and the catalogue's history. It opens in the page's
// dialog; the server checks every value and only the table's tablet may change anything.
const NAVY_TARGETS = ["leadership", "infantry", "cavalry", "scout", "support"];
const editorWord = (C, key, params) => C.t("outlaws108.editor." + key, params);

function numberOrder(a, b) {
  const [x, y] = [Number(a), Number(b)];
  if (Number.isInteger(x) && Number.isInteger(y)) return x - y;
  if (Number.isInteger(x) !== Number.isInteger(y)) return Number.isInteger(x) ? -1 : 1;
  return a < b ? -1 : 1;
}

function entryName(C, key) {
  const campaign = /^(minor|major)-(\d+)$/.exec(key);
  if (campaign)
    return editorWord(C, "campaign_name", {
      tier: C.t("value.outlaws108." + campaign[1]),
      points: Number(campaign[2]),
    });
  return editorWord(C, "card_name", { number: Number(key) });
}

function costText(C, cost) {
  return cost.map((icon) => GLYPH[icon] + " " + C.t("value.outlaws108." + icon)).join(" + ");
}

function scoringText(C, scoring) {
  if (!scoring) return "";
  const set = Object.entries(scoring.set)
    .map(([icon, n]) => n + " " + GLYPH[icon] + " " + C.t("value.outlaws108." + icon))
    .join(", ");
  return editorWord(C, "scoring_text", { points: scoring.points, set });
}

// What an entry says, in words: a card's icons, Navy conversion and Heaven rule, or a
// campaign's known costs.
function entryText(C, entry) {
  if (!entry) return editorWord(C, "nothing");
  if (entry.costs) return entry.costs.map((cost) => costText(C, cost)).join(" | ");
  const parts = [entry.icons.map((icon) => GLYPH[icon] + " " + C.t("value.outlaws108." + icon))];
  if (entry.navy_as)
    parts.push(editorWord(C, "navy_text", { icon: C.t("value.outlaws108." + entry.navy_as) }));
  if (entry.scoring) parts.push(scoringText(C, entry.scoring));
  return parts.flat().join(", ");
}

function historyLine(C, line) {
  const when = new Date(line.at).toLocaleString(C.lang, {
    dateStyle: "short",
    timeStyle: "short",
  });
  const why = editorWord(C, "source_" + line.source + (line.by ? "_by" : ""), { by: line.by });
  return C.h(
    "li",
    { class: "outlaws108-change" },
    C.h("span", { class: "outlaws108-muted" }, when + " \u00B7 "),
    C.h("b", {}, entryName(C, line.key)),
    " \u00B7 " + why + ": ",
    entryText(C, line.before) + " \u2192 " + entryText(C, line.after),
  );
}

// The fix form of one card: its icons (one or two), a Ruan Brother's Navy conversion and,
// for a Heaven card, its scoring rule (points per complete set of icons).
function fixForm(C, editor) {
  const draft = editor.draft;
  const heaven = Number(draft.key) >= 1 && Number(draft.key) <= 36;
  const toggle = (icon) => {
    draft.icons = draft.icons.includes(icon)
      ? draft.icons.filter((i) => i !== icon)
      : draft.icons.concat([icon]).slice(-2);
    editor.redraw();
  };
  const count = (name, value, max, set) =>
    C.h("input", {
      type: "number",
      min: 0,
      max,
      value,
      id: "catalogue-" + name,
      class: "outlaws108-count-input",
      oninput: (event) => set(Number(event.target.value) || 0),
    });
  return C.h(
    "form",
    {
      class: "outlaws108-fix",
      id: "catalogue-fix",
      onsubmit: (event) => {
        event.preventDefault();
        editor.save();
      },
    },
    C.h("h3", {}, editorWord(C, "fix_title", { number: Number(draft.key) })),
    C.h(
      "div",
      { class: "param" },
      editorWord(C, "icons"),
      C.h(
        "div",
        { class: "options" },
        ICONS.map((icon) =>
          C.h(
            "button",
            {
              type: "button",
              class: "big",
              "data-icon": icon,
              "aria-pressed": draft.icons.includes(icon) ? "true" : "false",
              onclick: () => toggle(icon),
            },
            GLYPH[icon] + " " + C.t("value.outlaws108." + icon),
          ),
        ),
      ),
    ),
    C.h(
      "label",
      { class: "param" },
      editorWord(C, "navy_as"),
      C.h(
        "select",
        {
          id: "catalogue-navy",
          value: draft.navy_as || "",
          onchange: (event) => {
            draft.navy_as = event.target.value || null;
          },
        },
        [C.h("option", { value: "" }, editorWord(C, "no_conversion"))].concat(
          NAVY_TARGETS.map((icon) =>
            C.h("option", { value: icon }, C.t("value.outlaws108." + icon)),
          ),
        ),
      ),
    ),
    heaven
      ? C.h(
          "div",
          { class: "param" },
          editorWord(C, "scoring"),
          C.h(
            "div",
            { class: "outlaws108-sets" },
            C.h(
              "label",
              {},
              editorWord(C, "points_per_set"),
              count("points", draft.points, 30, (n) => (draft.points = n)),
            ),
            ICONS.map((icon) =>
              C.h(
                "label",
                {},
                GLYPH[icon] + " " + C.t("value.outlaws108." + icon),
                count("set-" + icon, draft.set[icon] || 0, 8, (n) => (draft.set[icon] = n)),
              ),
            ),
          ),
        )
      : null,
    C.h(
      "div",
      { class: "row" },
      C.h("button", { type: "submit", class: "primary big" }, editorWord(C, "save")),
      C.h(
        "button",
        {
          type: "button",
          class: "big",
          onclick: () => {
            editor.draft = null;
            editor.redraw();
          },
        },
        C.t("ui.cancel"),
      ),
    ),
  );
}

function entryRow(C, editor, key, entry) {
  const card = !entry.costs;
  const doomed = editor.doomed === key;
  return C.h(
    "tr",
    { "data-key": key },
    C.h("th", { scope: "row" }, entryName(C, key)),
    C.h("td", {}, entryText(C, entry)),
    C.h(
      "td",
      { class: "outlaws108-entry-tools" },
      card
        ? C.h(
            "button",
            { type: "button", class: "big", "data-fix": key, onclick: () => editor.fix(key) },
            editorWord(C, "fix"),
          )
        : null,
      C.h(
        "button",
        {
          type: "button",
          class: "big danger",
          "data-delete": key,
          // a second tap deletes: one mistaken tap never loses an entry
          onclick: () => (doomed ? editor.remove(key) : editor.doom(key)),
        },
        doomed ? editorWord(C, "delete_sure") : editorWord(C, "delete"),
      ),
    ),
  );
}

function editorView(C, editor) {
  const keys = Object.keys(editor.entries).sort(numberOrder);
  return C.h(
    "div",
    { class: "outlaws108-editor", id: "catalogue-editor" },
    C.h(
      "div",
      { class: "row outlaws108-editor-head" },
      C.h("h2", {}, editorWord(C, "title", { count: keys.length })),
      C.h(
        "button",
        { type: "button", class: "big", id: "catalogue-close", onclick: C.closeDialog },
        editorWord(C, "close"),
      ),
    ),
    editor.draft ? fixForm(C, editor) : null,
    keys.length
      ? C.h(
          "table",
          { class: "outlaws108-table outlaws108-entries" },
          keys.map((key) => entryRow(C, editor, key, editor.entries[key])),
        )
      : C.h("p", { class: "outlaws108-empty" }, editorWord(C, "empty")),
    C.h("h3", {}, editorWord(C, "history")),
    editor.history.length
      ? C.h(
          "ol",
          { class: "outlaws108-history", id: "catalogue-history" },
          editor.history.map((line) => historyLine(C, line)),
        )
      : C.h("p", { class: "outlaws108-empty" }, editorWord(C, "no_history")),
  );
}

/* C: what the page gives the editor (web/static/table.js, editorTools) */
async function openEditor(tableId, C) {
  const path = "/api/tables/" + tableId + "/catalogue";
  const editor = { entries: {}, history: [], draft: null, doomed: null };
  const load = async () => {
    const [file, changes] = await Promise.all([C.get(path), C.get(path + "/history")]);
    editor.entries = file.entries;
    editor.history = changes.history;
    editor.redraw();
  };
  const send = async (where, data, done) => {
    try {
      await C.post(where, data);
      C.toast(done, true);
      editor.draft = null;
      editor.doomed = null;
      await load();
    } catch (error) {
      C.toast(error.message);
    }
  };
  editor.fix = (key) => {
    const entry = editor.entries[key];
    const scoring = entry.scoring || { set: {}, points: 0 };
    editor.draft = {
      key,
      icons: entry.icons.slice(),
      navy_as: entry.navy_as,
      points: scoring.points,
      set: Object.assign({}, scoring.set),
    };
    editor.doomed = null;
    editor.redraw();
  };
  editor.doom = (key) => {
    editor.doomed = key;
    editor.redraw();
  };
  editor.save = () => {
    const draft = editor.draft;
    const set = {};
    for (const [icon, n] of Object.entries(draft.set)) if (n) set[icon] = n;
    const scored = Object.keys(set).length > 0;
    const entry = {
      icons: draft.icons,
      navy_as: draft.navy_as,
      scoring: scored ? { set, points: draft.points } : null,
    };
    return send(
      path + "/" + encodeURIComponent(draft.key),
      { entry },
      editorWord(C, "saved", { number: Number(draft.key) }),
    );
  };
  editor.remove = (key) =>
    send(
      path + "/" + encodeURIComponent(key) + "/delete",
      {},
      editorWord(C, "deleted", { name: entryName(C, key) }),
    );
  editor.redraw = C.openDialog(() => editorView(C, editor));
  try {
    await load();
  } catch (error) {
    C.toast(error.message);
  }
}

/* The seat's own box (web/static/table.js, Panel.own): its outlaws against the end, its hand
   (with the limit when one holds) and its campaigns' points. */
function own(view, ctx) {
  const area = view.areas.find((a) => a.seat === ctx.seat);
  if (!area) return null;
  return [
    ctx.t("outlaws108.panel.outlaws", { count: area.outlaw_count, at: view.end.at }),
    ctx.t("outlaws108.own.hand", { cards: area.hand.total }) +
      (view.hand_limit
        ? " " + ctx.t("outlaws108.panel.hand_limit", { limit: view.hand_limit })
        : ""),
    ctx.t("outlaws108.panel.campaign_points", { points: area.campaign_points }),
  ];
}

/** @type {import("../../../web/static/table.js").Panel} */
export default {
  own,
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
  catalogueEditor: openEditor,
};
