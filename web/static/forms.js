/* Forms: a control for each kind of action parameter, drawn from the form's state, and the
   dialog they open in. */
"use strict";
(function (C) {
  /* Which parameters name a seat: the list the game declares (SEAT_PARAMS in its folder's
     __init__.py), put on every page as data-seat-params; never guessed from a name. */
  const seatParams = new Set(JSON.parse(document.body.dataset.seatParams || "[]"));
  C.isSeatParam = (name) => seatParams.has(name);

  /* The label of one choice value: the game's word for it, or a player's name for a seat. */
  C.valueLabel = function (game, name, value, players) {
    const word = C.words[`value.${game}.${value}`];
    if (word !== undefined) return word;
    if (typeof value === "number" && C.isSeatParam(name) && players && players[value] !== undefined)
      return players[value];
    if (value === null) return "—";
    return String(value);
  };

  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

  /* What a parameter holds before the player touches it. */
  const START = {
    int: (spec) => (spec.default !== undefined ? spec.default : spec.min),
    text: (spec) => spec.default,
    choice: (spec) =>
      spec.default !== undefined
        ? spec.default
        : spec.options.length === 1
          ? spec.options[0]
          : undefined,
    multi: (spec) => (spec.default || []).slice(),
    dice: (spec) => spec.dice.map(() => null),
  };

  /* A form's state: the values it will send, and for a multiple choice the buttons pressed
     (by index: a default may repeat an option). `redraw` draws the form again from it. */
  C.formState = function (game, params, players, redraw) {
    const form = { game, players, values: {}, pressed: {}, redraw };
    for (const [name, spec] of Object.entries(params)) {
      const start = START[spec.kind];
      if (start && start(spec) !== undefined) form.values[name] = start(spec);
      if (spec.kind === "multi") form.pressed[name] = pressedAtStart(spec, form.values[name]);
    }
    return form;
  };

  function pressedAtStart(spec, chosen) {
    const left = chosen.slice();
    const pressed = new Set();
    spec.options.forEach((option, index) => {
      const at = left.findIndex((v) => same(v, option));
      if (at >= 0) {
        pressed.add(index);
        left.splice(at, 1);
      }
    });
    return pressed;
  }

  function intControl(form, name, spec, label) {
    const id = "param-" + name;
    const by = spec.step || 1;
    const step = (d) => {
      const v = (form.values[name] || 0) + d * by;
      form.values[name] = Math.min(spec.max, Math.max(spec.min, v));
      form.redraw();
    };
    return C.h(
      "div",
      { class: "param" },
      C.h("label", { for: id, text: label }),
      C.h(
        "div",
        { class: "row" },
        C.h("button", { type: "button", "aria-label": "−", onclick: () => step(-1) }, "−"),
        C.h("input", {
          id,
          type: "number",
          min: spec.min,
          max: spec.max,
          step: by,
          value: form.values[name],
          inputmode: "numeric",
          oninput: (e) => {
            form.values[name] = parseInt(e.target.value, 10);
          },
        }),
        C.h("button", { type: "button", "aria-label": "+", onclick: () => step(1) }, "+"),
      ),
    );
  }

  function textControl(form, name, spec, label) {
    const id = "param-" + name;
    return C.h(
      "div",
      { class: "param" },
      C.h("label", { for: id, text: label }),
      C.h("input", {
        id,
        type: "text",
        maxlength: spec.max,
        value: form.values[name],
        oninput: (e) => {
          form.values[name] = e.target.value;
        },
      }),
    );
  }

  function optionText(form, name, spec, index) {
    const given = (spec.labels || [])[index];
    if (given === undefined)
      return C.valueLabel(form.game, name, spec.options[index], form.players);
    return typeof given === "string" ? given : C.t(given.key, C.wordParams(given.params));
  }

  function optionButtons(form, name, spec, label, isOn, press) {
    return C.h(
      "div",
      { class: "param" },
      C.h("span", { text: label }),
      C.h(
        "div",
        { class: "options", role: "group", "aria-label": label },
        spec.options.map((option, index) =>
          C.h(
            "button",
            {
              type: "button",
              "aria-pressed": isOn(index) ? "true" : "false",
              "data-value": JSON.stringify(option),
              "data-index": index,
              onclick: () => {
                press(index);
                form.redraw();
              },
            },
            optionText(form, name, spec, index),
          ),
        ),
      ),
    );
  }

  function choiceControl(form, name, spec, label) {
    return optionButtons(
      form,
      name,
      spec,
      label,
      (index) => form.values[name] === spec.options[index],
      (index) => {
        form.values[name] = spec.options[index];
      },
    );
  }

  function multiControl(form, name, spec, label) {
    const pressed = form.pressed[name];
    return optionButtons(
      form,
      name,
      spec,
      label,
      (index) => pressed.has(index),
      (index) => {
        if (pressed.has(index)) pressed.delete(index);
        else pressed.add(index);
        const order = [...pressed].sort((a, b) => a - b);
        form.values[name] = order.map((i) => spec.options[i]);
      },
    );
  }

  function diceControl(form, name, spec) {
    const faces = form.values[name];
    const pick = (i, face) => {
      faces[i] = face;
      form.redraw();
    };
    return C.h(
      "div",
      { class: "param" },
      C.h("span", { text: C.t("ui.type_dice") }),
      spec.dice.map((kind, i) =>
        C.h(
          "div",
          { class: "options", role: "group", "aria-label": C.t("die." + kind) + " " + (i + 1) },
          C.dice[kind].faces.map((face) =>
            C.h(
              "button",
              {
                type: "button",
                class: "die-pick",
                "aria-pressed": faces[i] === face ? "true" : "false",
                "aria-label": C.t("die." + kind) + " " + face,
                "data-die": i,
                "data-face": face,
                onclick: () => pick(i, face),
              },
              C.die(kind, face, C.t("die." + kind) + " " + face),
            ),
          ),
        ),
      ),
    );
  }

  const CONTROLS = {
    int: intControl,
    text: textControl,
    choice: choiceControl,
    multi: multiControl,
    dice: diceControl,
  };

  /* The control of one open parameter of a form (C.formState), by its kind. */
  C.paramControl = function (form, name, spec) {
    const control = CONTROLS[spec.kind];
    if (!control) return C.h("p", { text: name });
    return control(form, name, spec, C.t(`param.${form.game}.${name}`));
  };

  /* A dialog drawn from a function of its form's state; returns the redraw. A new dialog
     never reuses the last one's fields. */
  C.openDialog = function (draw) {
    const dialog = document.getElementById("dialog");
    C.unmount(dialog);
    const redraw = () => {
      C.mount(dialog, draw());
      C.applyLink();
    };
    redraw();
    if (!dialog.open) dialog.showModal();
    return redraw;
  };
  C.closeDialog = () => document.getElementById("dialog").close();

  /* The OK and Cancel row at the foot of every dialog. */
  C.okCancel = (okAttrs) =>
    C.h(
      "div",
      { class: "row" },
      C.h("button", Object.assign({ type: "submit", class: "primary big" }, okAttrs), C.t("ui.ok")),
      C.h("button", { type: "button", class: "big", onclick: C.closeDialog }, C.t("ui.cancel")),
    );

  /* Send what a dialog says; it closes when the companion took it, else it says why (and
     closes too when its moment has passed: the new round's button is on the screen). */
  C.sendAndClose = async function (send) {
    try {
      await send();
      C.closeDialog();
    } catch (error) {
      C.toast(error.message);
      if (error.code === "moment_passed") C.closeDialog();
    }
  };
})(window.Companion);
