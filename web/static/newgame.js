// @ts-check
/* The new-game page. Its options: every one labelled and explained, in the page's language;
   a structured option gets a real editor made from the shape of its default (a list of
   numbers is a row of number fields, a table of numbers is a table, deeper ones nest), a
   seat option is a choice among the names typed above. The page sends back the same shape. */

import { valueLabel } from "./forms.js";
import { watchLink } from "./link.js";
import { chrome, get, loadWords, post, t, toast, words } from "./shell.js";
import { Fragment, h, mount } from "./widgets.js";

const SEAT_OPTION = /(^|_)(seat|player)$/;
const isNumber = (v) => typeof v === "number";
const isTable = (v) => v && typeof v === "object" && !Array.isArray(v);

function part(game, key) {
  const word = words[`option_part.${game}.${key}`];
  return word !== undefined ? word : String(key);
}

function numberField(game, name, path, value, label) {
  const number = isNumber(value);
  return h("input", {
    type: number ? "number" : "text",
    defaultValue: value, // the page reads its fields when it sends: they are the state
    inputmode: number ? "numeric" : null,
    "data-path": JSON.stringify([name, ...path]),
    "aria-label": label,
    class: "option-number",
  });
}
const isScalar = (v) => isNumber(v) || typeof v === "string";

/* A row of fields for [n] or {k: n}. */
function fieldRow(game, name, value, path) {
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return h(
    "div",
    { class: "row option-row" },
    entries.map(([key, v]) =>
      h(
        "label",
        { class: "param" },
        part(game, key),
        numberField(game, name, [...path, key], v, part(game, key)),
      ),
    ),
  );
}

/* A table of fields for {row: {column: n}}. */
function fieldTable(game, name, rows, path) {
  const columns = Object.keys(rows[0][1]);
  const cell = (row, cells, c) =>
    h(
      "td",
      {},
      numberField(game, name, [...path, row, c], cells[c], part(game, row) + " — " + part(game, c)),
    );
  return h(
    "table",
    { class: "score option-table" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", {}),
        columns.map((c) => h("th", { scope: "col", text: part(game, c) })),
      ),
    ),
    h(
      "tbody",
      {},
      rows.map(([row, cells]) =>
        h(
          "tr",
          {},
          h("th", { scope: "row", text: part(game, row) }),
          columns.map((c) => cell(row, cells, c)),
        ),
      ),
    ),
  );
}

/* One structured value as fields: a table for {row: {column: n}}, a row for [n] or {k: n},
   deeper ones nested in fieldsets. */
function structured(game, name, value, path) {
  const scalars =
    (Array.isArray(value) && value.every(isScalar)) ||
    (isTable(value) && Object.values(value).every(isScalar));
  if (scalars) return fieldRow(game, name, value, path);
  const rows = Object.entries(value);
  if (rows.every(([, v]) => isTable(v) && Object.values(v).every(isNumber)))
    return fieldTable(game, name, rows, path);
  return h(
    "div",
    { class: "stack" },
    rows.map(([key, v]) =>
      h(
        "fieldset",
        {},
        h("legend", { text: part(game, key) }),
        structured(game, name, v, [...path, key]),
      ),
    ),
  );
}

/* The field of one option, by the shape of its default. */
function optionInput(game, name, value, choices, players, described) {
  const base = { id: "option-" + name, "data-option": name, "aria-describedby": described };
  if (choices)
    return h(
      "select",
      { ...base, "data-kind": "text" },
      choices.map((choice) =>
        h(
          "option",
          { value: choice, selected: choice === value },
          valueLabel(game, name, choice, []),
        ),
      ),
    );
  if (isNumber(value) && SEAT_OPTION.test(name))
    return h(
      "select",
      { ...base, "data-kind": "int", "data-seats": "yes" },
      players.map((player, seat) =>
        h(
          "option",
          { value: seat, selected: seat === value },
          player || t("new.player_n", { n: seat + 1 }),
        ),
      ),
    );
  // drawn with defaultValue: the page reads its fields when it sends, they are the state
  if (typeof value === "boolean")
    return h("input", {
      ...base,
      type: "checkbox",
      defaultChecked: value,
      "data-kind": "bool",
    });
  if (isNumber(value))
    return h("input", { ...base, type: "number", defaultValue: value, "data-kind": "int" });
  if (typeof value === "string")
    return h("input", { ...base, type: "text", defaultValue: value, "data-kind": "text" });
  return null;
}

function optionControl(game, name, value, choices, players) {
  const label = t(`option.${game}.${name}`);
  const help = words[`option_help.${game}.${name}`];
  const helpId = "help-" + name;
  const described = help ? helpId : null;
  const helpLine = help ? h("p", { class: "muted help", id: helpId, text: help }) : null;
  const input = optionInput(game, name, value, choices, players, described);
  if (input)
    return h(
      "div",
      { class: "param" },
      h("label", { for: "option-" + name, text: label }),
      input,
      helpLine,
    );
  return h(
    "fieldset",
    { class: "param option-structured", "data-structured": name, "aria-describedby": described },
    h("legend", { text: label }),
    helpLine,
    structured(game, name, value, []),
  );
}

/* The options as the server wants them, or the label of the first field that is not a
   number where one is needed. */
function readOptions(box, defaults) {
  const options = {};
  for (const input of box.querySelectorAll("[data-option]")) {
    const kind = input.dataset.kind,
      name = input.dataset.option;
    if (kind === "bool") options[name] = input.checked;
    else if (kind === "int") {
      const n = Number(input.value);
      if (input.value === "" || !Number.isInteger(n))
        return { bad: t(`option.${box.dataset.game}.${name}`) };
      options[name] = n;
    } else options[name] = input.value;
  }
  for (const fieldset of box.querySelectorAll("[data-structured]")) {
    const name = fieldset.dataset.structured;
    const value = JSON.parse(JSON.stringify(defaults[name]));
    for (const input of fieldset.querySelectorAll("[data-path]")) {
      const path = JSON.parse(input.dataset.path).slice(1);
      const n = Number(input.value);
      if (input.type === "number" && (input.value === "" || !Number.isInteger(n)))
        return { bad: input.getAttribute("aria-label") };
      let at = value;
      for (const key of path.slice(0, -1)) at = at[key];
      at[path[path.length - 1]] = input.type === "number" ? n : input.value;
    }
    options[name] = value;
  }
  return { options };
}

/* Names remembered on this tablet: the last table's, and every name used here before. */
const NAMES = "tc-names",
  KNOWN = "tc-known-names";
const rememberedNames = () => JSON.parse(localStorage.getItem(NAMES) || "[]");
const knownNames = () => JSON.parse(localStorage.getItem(KNOWN) || "[]");
function rememberNames(names) {
  localStorage.setItem(NAMES, JSON.stringify(names));
  const known = [...new Set([...names, ...knownNames()])].slice(0, 40);
  localStorage.setItem(KNOWN, JSON.stringify(known));
}

/* ---------------------------------------------------------------- the page */
export async function newTablePage() {
  chrome();
  watchLink();
  await loadWords();
  const games = (await get("/api/games")).games;
  const form = document.getElementById("new-table");
  const remembered = rememberedNames();
  const page = { games, names: remembered.slice(), current: null };
  mount(
    document.getElementById("known-names"),
    knownNames().map((n) => h("option", { value: n })),
  );
  const pickGame = () => {
    const chosen = /** @type {HTMLInputElement} */ (form.querySelector("input[name=game]:checked"))
      .value;
    page.current = games.find((g) => g.game === chosen);
    const { min, max } = page.current.players;
    while (page.names.length < min) page.names.push(remembered[page.names.length] || "");
    page.names = page.names.slice(0, max);
    drawNewTable(page);
  };
  form.querySelectorAll("input[name=game]").forEach((r) => r.addEventListener("change", pickGame));
  document.getElementById("add-player").addEventListener("click", () => {
    if (page.names.length >= page.current.players.max) return;
    page.names.push(remembered[page.names.length] || "");
    drawNewTable(page);
  });
  document.getElementById("remove-player").addEventListener("click", () => {
    if (page.names.length <= page.current.players.min) return;
    page.names.pop();
    drawNewTable(page);
  });
  pickGame();
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    startTable(page);
  });
}

/* The names typed so far, their fields, and the chosen game's options. */
function drawNewTable(page) {
  const current = page.current;
  const typed = page.names.map((name) => name.trim());
  document.getElementById("player-hint").textContent = t("new.player_range", current.players);
  mount(
    document.getElementById("player-names"),
    page.names.map((name, i) =>
      h(
        "label",
        { class: "param", key: i },
        t("new.player_n", { n: i + 1 }),
        h("input", {
          type: "text",
          name: "player",
          maxlength: 24,
          value: name,
          required: true,
          autocomplete: "off",
          list: "known-names",
          oninput: (event) => {
            page.names[i] = event.target.value;
            drawNewTable(page); // a seat option lists the names as they are typed
          },
        }),
      ),
    ),
  );
  const optionsBox = document.getElementById("options");
  optionsBox.dataset.game = current.game;
  const options = Object.entries(current.options);
  mount(
    optionsBox,
    options.length
      ? options.map(([name, value]) =>
          h(
            Fragment,
            { key: `${current.game}.${name}` },
            optionControl(current.game, name, value, (current.choices || {})[name], typed),
          ),
        )
      : h("p", { class: "muted", text: t("new.no_options") }),
  );
}

async function startTable(page) {
  const players = page.names.map((name) => name.trim());
  const read = readOptions(document.getElementById("options"), page.current.options);
  if (read.bad) {
    toast(t("new.bad_option", { name: read.bad }));
    return;
  }
  try {
    const made = await post("/api/tables", {
      game: page.current.game,
      players,
      options: read.options,
    });
    rememberNames(players);
    location.href = "/table/" + made.id;
  } catch (error) {
    toast(error.message);
  }
}
