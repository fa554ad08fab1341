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
      value,
      inputmode: number ? "numeric" : null,
      "data-path": JSON.stringify([name, ...path]),
      "aria-label": label,
      class: "option-number",
    });
  }
  const isScalar = (v) => isNumber(v) || typeof v === "string";

  /* One structured value as fields: a table for {row: {column: n}}, a row for [n] or {k: n}. */
  function structured(game, name, value, path) {
    if (
      (Array.isArray(value) && value.every(isScalar)) ||
      (isTable(value) && Object.values(value).every(isScalar))
    ) {
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
    const rows = Object.entries(value);
    if (rows.every(([, v]) => isTable(v) && Object.values(v).every(isNumber))) {
      const columns = Object.keys(rows[0][1]);
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
              columns.map((c) =>
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
                ),
              ),
            ),
          ),
        ),
      );
    }
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

  C.optionControl = function (game, name, value, choices, players) {
    const label = C.t(`option.${game}.${name}`);
    const id = "option-" + name;
    const help = C.words[`option_help.${game}.${name}`];
    const helpId = "help-" + name;
    const described = help ? helpId : null;
    let input;
    if (choices) {
      input = C.h(
        "select",
        { id, "data-option": name, "data-kind": "text", "aria-describedby": described },
        choices.map((choice) =>
          C.h(
            "option",
            { value: choice, selected: choice === value },
            C.valueLabel(game, name, choice, []),
          ),
        ),
      );
    } else if (isNumber(value) && SEAT_OPTION.test(name)) {
      input = C.h(
        "select",
        {
          id,
          "data-option": name,
          "data-kind": "int",
          "aria-describedby": described,
          "data-seats": "yes",
        },
        players.map((player, seat) =>
          C.h(
            "option",
            { value: seat, selected: seat === value },
            player || C.t("new.player_n", { n: seat + 1 }),
          ),
        ),
      );
    } else if (typeof value === "boolean")
      input = C.h("input", {
        id,
        type: "checkbox",
        checked: value,
        "data-option": name,
        "data-kind": "bool",
        "aria-describedby": described,
      });
    else if (isNumber(value))
      input = C.h("input", {
        id,
        type: "number",
        value,
        "data-option": name,
        "data-kind": "int",
        "aria-describedby": described,
      });
    else if (typeof value === "string")
      input = C.h("input", {
        id,
        type: "text",
        value,
        "data-option": name,
        "data-kind": "text",
        "aria-describedby": described,
      });
    else {
      return C.h(
        "fieldset",
        {
          class: "param option-structured",
          "data-structured": name,
          "aria-describedby": described,
        },
        C.h("legend", { text: label }),
        help ? C.h("p", { class: "muted help", id: helpId, text: help }) : null,
        structured(game, name, value, []),
      );
    }
    return C.h(
      "div",
      { class: "param" },
      C.h("label", { for: id, text: label }),
      input,
      help ? C.h("p", { class: "muted help", id: helpId, text: help }) : null,
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
    const names = document.getElementById("player-names");
    const optionsBox = document.getElementById("options");
    const hint = document.getElementById("player-hint");
    const remembered = C.rememberedNames();
    document.body.appendChild(
      C.h(
        "datalist",
        { id: "known-names" },
        C.knownNames().map((n) => C.h("option", { value: n })),
      ),
    );
    let current = null;
    const typed = () => Array.from(names.querySelectorAll("input")).map((i) => i.value.trim());
    const addName = (value) => {
      const n = names.children.length + 1;
      names.appendChild(
        C.h(
          "label",
          { class: "param" },
          C.t("new.player_n", { n }),
          C.h("input", {
            type: "text",
            name: "player",
            maxlength: 24,
            value: value || "",
            required: true,
            autocomplete: "off",
            list: "known-names",
            oninput: seatNames,
          }),
        ),
      );
    };
    // a seat option lists the names as they are typed
    function seatNames() {
      optionsBox.querySelectorAll("select[data-seats] option").forEach((option, i, all) => {
        const seat = Number(option.value);
        option.textContent = typed()[seat] || C.t("new.player_n", { n: seat + 1 });
      });
    }
    const drawOptions = () => {
      optionsBox.dataset.game = current.game;
      optionsBox.replaceChildren(
        ...Object.entries(current.options).map(([name, value]) =>
          C.optionControl(current.game, name, value, (current.choices || {})[name], typed()),
        ),
      );
      if (!Object.keys(current.options).length)
        optionsBox.appendChild(C.h("p", { class: "muted", text: C.t("new.no_options") }));
    };
    const pickGame = () => {
      const chosen = form.querySelector("input[name=game]:checked").value;
      current = games.find((g) => g.game === chosen);
      hint.textContent = C.t("new.player_range", current.players);
      while (names.children.length < current.players.min)
        addName(remembered[names.children.length]);
      while (names.children.length > current.players.max) names.lastChild.remove();
      drawOptions();
    };
    form
      .querySelectorAll("input[name=game]")
      .forEach((r) => r.addEventListener("change", pickGame));
    document.getElementById("add-player").addEventListener("click", () => {
      if (names.children.length < current.players.max) {
        addName(remembered[names.children.length]);
        drawOptions();
      }
    });
    document.getElementById("remove-player").addEventListener("click", () => {
      if (names.children.length > current.players.min) {
        names.lastChild.remove();
        drawOptions();
      }
    });
    while (names.children.length < remembered.length) addName(remembered[names.children.length]);
    pickGame();
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const players = typed();
      const read = C.readOptions(optionsBox, current.options);
      if (read.bad) {
        C.toast(C.t("new.bad_option", { name: read.bad }));
        return;
      }
      try {
        const made = await C.post("/api/tables", {
          game: current.game,
          players,
          options: read.options,
        });
        C.rememberNames(players);
        location.href = "/table/" + made.id;
      } catch (error) {
        C.toast(error.message);
      }
    });
  };
})(window.Companion);
