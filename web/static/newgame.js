/* The new-game page. Its options: every one labelled and explained, in the page's language;
   a structured option gets a real editor made from the shape of its default (a list of
   numbers is a row of number fields, a table of numbers is a table, deeper ones nest), a
   seat option is a choice among the names typed above. The page sends back the same shape. */
"use strict";
window.Companion = window.Companion || {};
(function (C) {
  const SEAT_OPTION = /(^|_)(seat|player)$/;
  const isNumber = (v) => typeof v === "number";
  const isTable = (v) => v && typeof v === "object" && !Array.isArray(v);

  function part(game, key) {
    const word = C.words[`option_part.${game}.${key}`];
    return word !== undefined ? word : String(key);
  }

  function numberField(game, name, path, value, label) {
    const number = isNumber(value);
    return C.h("input", {
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
    return C.h(
      "div",
      { class: "row option-row" },
      entries.map(([key, v]) =>
        C.h(
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
      C.h(
        "td",
        {},
        numberField(
          game,
          name,
          [...path, row, c],
          cells[c],
          part(game, row) + " — " + part(game, c),
        ),
      );
    return C.h(
      "table",
      { class: "score option-table" },
      C.h(
        "thead",
        {},
        C.h(
          "tr",
          {},
          C.h("th", {}),
          columns.map((c) => C.h("th", { scope: "col", text: part(game, c) })),
        ),
      ),
      C.h(
        "tbody",
        {},
        rows.map(([row, cells]) =>
          C.h(
            "tr",
            {},
            C.h("th", { scope: "row", text: part(game, row) }),
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
    return C.h(
      "div",
      { class: "stack" },
      rows.map(([key, v]) =>
        C.h(
          "fieldset",
          {},
          C.h("legend", { text: part(game, key) }),
          structured(game, name, v, [...path, key]),
        ),
      ),
    );
  }

  /* The field of one option, by the shape of its default. */
  function optionInput(game, name, value, choices, players, described) {
    const base = { id: "option-" + name, "data-option": name, "aria-describedby": described };
    if (choices)
      return C.h(
        "select",
        { ...base, "data-kind": "text" },
        choices.map((choice) =>
          C.h(
            "option",
            { value: choice, selected: choice === value },
            C.valueLabel(game, name, choice, []),
          ),
        ),
      );
    if (isNumber(value) && SEAT_OPTION.test(name))
      return C.h(
        "select",
        { ...base, "data-kind": "int", "data-seats": "yes" },
        players.map((player, seat) =>
          C.h(
            "option",
            { value: seat, selected: seat === value },
            player || C.t("new.player_n", { n: seat + 1 }),
          ),
        ),
      );
    // drawn with defaultValue: the page reads its fields when it sends, they are the state
    if (typeof value === "boolean")
      return C.h("input", {
        ...base,
        type: "checkbox",
        defaultChecked: value,
        "data-kind": "bool",
      });
    if (isNumber(value))
      return C.h("input", { ...base, type: "number", defaultValue: value, "data-kind": "int" });
    if (typeof value === "string")
      return C.h("input", { ...base, type: "text", defaultValue: value, "data-kind": "text" });
    return null;
  }

  C.optionControl = function (game, name, value, choices, players) {
    const label = C.t(`option.${game}.${name}`);
    const help = C.words[`option_help.${game}.${name}`];
    const helpId = "help-" + name;
    const described = help ? helpId : null;
    const helpLine = help ? C.h("p", { class: "muted help", id: helpId, text: help }) : null;
    const input = optionInput(game, name, value, choices, players, described);
    if (input)
      return C.h(
        "div",
        { class: "param" },
        C.h("label", { for: "option-" + name, text: label }),
        input,
        helpLine,
      );
    return C.h(
      "fieldset",
      { class: "param option-structured", "data-structured": name, "aria-describedby": described },
      C.h("legend", { text: label }),
      helpLine,
      structured(game, name, value, []),
    );
  };

  /* The options as the server wants them, or the label of the first field that is not a
     number where one is needed. */
  C.readOptions = function (box, defaults) {
    const options = {};
    for (const input of box.querySelectorAll("[data-option]")) {
      const kind = input.dataset.kind,
        name = input.dataset.option;
      if (kind === "bool") options[name] = input.checked;
      else if (kind === "int") {
        const n = Number(input.value);
        if (input.value === "" || !Number.isInteger(n))
          return { bad: C.t(`option.${box.dataset.game}.${name}`) };
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
  };

  /* Names remembered on this tablet: the last table's, and every name used here before. */
  const NAMES = "tc-names",
    KNOWN = "tc-known-names";
  C.rememberedNames = () => JSON.parse(localStorage.getItem(NAMES) || "[]");
  C.knownNames = () => JSON.parse(localStorage.getItem(KNOWN) || "[]");
  C.rememberNames = function (names) {
    localStorage.setItem(NAMES, JSON.stringify(names));
    const known = [...new Set([...names, ...C.knownNames()])].slice(0, 40);
    localStorage.setItem(KNOWN, JSON.stringify(known));
  };

  /* ---------------------------------------------------------------- the page */
  C.newTablePage = async function () {
    C.chrome();
    C.watchLink();
    await C.loadWords();
    const games = (await C.get("/api/games")).games;
    const form = document.getElementById("new-table");
    const remembered = C.rememberedNames();
    const page = { games, names: remembered.slice(), current: null };
    C.mount(
      document.getElementById("known-names"),
      C.knownNames().map((n) => C.h("option", { value: n })),
    );
    const pickGame = () => {
      const chosen = form.querySelector("input[name=game]:checked").value;
      page.current = games.find((g) => g.game === chosen);
      const { min, max } = page.current.players;
      while (page.names.length < min) page.names.push(remembered[page.names.length] || "");
      page.names = page.names.slice(0, max);
      drawNewTable(page);
    };
    form
      .querySelectorAll("input[name=game]")
      .forEach((r) => r.addEventListener("change", pickGame));
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
  };

  /* The names typed so far, their fields, and the chosen game's options. */
  function drawNewTable(page) {
    const current = page.current;
    const typed = page.names.map((name) => name.trim());
    document.getElementById("player-hint").textContent = C.t("new.player_range", current.players);
    C.mount(
      document.getElementById("player-names"),
      page.names.map((name, i) =>
        C.h(
          "label",
          { class: "param", key: i },
          C.t("new.player_n", { n: i + 1 }),
          C.h("input", {
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
    C.mount(
      optionsBox,
      options.length
        ? options.map(([name, value]) =>
            C.h(
              C.Fragment,
              { key: `${current.game}.${name}` },
              C.optionControl(current.game, name, value, (current.choices || {})[name], typed),
            ),
          )
        : C.h("p", { class: "muted", text: C.t("new.no_options") }),
    );
  }

  async function startTable(page) {
    const players = page.names.map((name) => name.trim());
    const read = C.readOptions(document.getElementById("options"), page.current.options);
    if (read.bad) {
      C.toast(C.t("new.bad_option", { name: read.bad }));
      return;
    }
    try {
      const made = await C.post("/api/tables", {
        game: page.current.game,
        players,
        options: read.options,
      });
      C.rememberNames(players);
      location.href = "/table/" + made.id;
    } catch (error) {
      C.toast(error.message);
    }
  }
})(window.Companion);
