// @ts-check
/* Forms: a control for each kind of action parameter, drawn from the form's state, and the
   dialog they open in. */

import { applyLink } from "./link.js";
import { keepToastOnTop, t, toast, wordParams, words } from "./shell.js";
import { dice, die, h, mount, unmount } from "./widgets.js";

/* Which parameters name a seat: the list the game declares (SEAT_PARAMS in its folder's
   __init__.py), put on every page as data-seat-params; never guessed from a name. */
const seatParams = new Set(JSON.parse(document.body.dataset.seatParams || "[]"));
export const isSeatParam = (name) => seatParams.has(name);

/* The label of one choice value: the game's word for it, or a player's name for a seat. */
export function valueLabel(game, name, value, players) {
  const word = words[`value.${game}.${value}`];
  if (word !== undefined) return word;
  if (typeof value === "number" && isSeatParam(name) && players && players[value] !== undefined)
    return players[value];
  if (value === null) return "—";
  return String(value);
}

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
   (by index: a default may repeat an option). `redraw` draws the form again from it.
   `combinations`, a template's, are the only fillings some of its choices go in together. */
export function formState(game, params, players, redraw, combinations) {
  const form = { game, players, values: {}, pressed: {}, redraw, combinations };
  for (const [name, spec] of Object.entries(params)) {
    const start = START[spec.kind];
    if (start && start(spec) !== undefined) form.values[name] = start(spec);
    if (spec.kind === "multi") form.pressed[name] = pressedAtStart(spec, form.values[name]);
  }
  return form;
}

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
  return h(
    "div",
    { class: "param" },
    h("label", { for: id, text: label }),
    h(
      "div",
      { class: "row" },
      h("button", { type: "button", "aria-label": "−", onclick: () => step(-1) }, "−"),
      h("input", {
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
      h("button", { type: "button", "aria-label": "+", onclick: () => step(1) }, "+"),
    ),
  );
}

function textControl(form, name, spec, label) {
  const id = "param-" + name;
  return h(
    "div",
    { class: "param" },
    h("label", { for: id, text: label }),
    h("input", {
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
  if (given === undefined) return valueLabel(form.game, name, spec.options[index], form.players);
  return typeof given === "string" ? given : t(given.key, wordParams(given.params));
}

/* The fillings of the form's combinations that agree with what it holds in the parameters
   before `name` (in the template's order); null when `name` goes with any value. */
function fillingsFor(form, name) {
  const fillings = form.combinations || [];
  if (!fillings.length || !(name in fillings[0])) return null;
  const names = Object.keys(fillings[0]);
  const before = names.slice(0, names.indexOf(name));
  return fillings.filter((filling) =>
    before.every((n) => form.values[n] === undefined || same(filling[n], form.values[n])),
  );
}

/* May the form offer `option` for `name`? Only if some filling goes with the choices made. */
function goesWith(form, name, option) {
  const fillings = fillingsFor(form, name);
  return fillings === null || fillings.some((filling) => same(filling[name], option));
}

/* After a choice, each later parameter of its combination keeps its value only if that
   still goes with it, and takes the one value left when only one does ($500, no brand). */
function followChoice(form, name) {
  const fillings = form.combinations || [];
  if (!fillings.length || !(name in fillings[0])) return;
  const names = Object.keys(fillings[0]);
  for (const later of names.slice(names.indexOf(name) + 1)) {
    const left = fillingsFor(form, later).map((filling) => filling[later]);
    const values = left.filter((v, i) => left.findIndex((w) => same(v, w)) === i);
    if (!values.some((v) => same(v, form.values[later]))) delete form.values[later];
    if (values.length === 1) form.values[later] = values[0];
  }
}

/** @param {(index: number) => boolean} [shown] which options are offered (all) */
function optionButtons(form, name, spec, label, isOn, press, shown = () => true) {
  return h(
    "div",
    { class: "param" },
    h("span", { text: label }),
    h(
      "div",
      { class: "options", role: "group", "aria-label": label },
      spec.options.map((option, index) =>
        !shown(index)
          ? null
          : h(
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
      followChoice(form, name);
    },
    (index) => goesWith(form, name, spec.options[index]),
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
  return h(
    "div",
    { class: "param" },
    h("span", { text: t("ui.type_dice") }),
    spec.dice.map((kind, i) =>
      h(
        "div",
        { class: "options", role: "group", "aria-label": t("die." + kind) + " " + (i + 1) },
        dice[kind].faces.map((face) =>
          h(
            "button",
            {
              type: "button",
              class: "die-pick",
              "aria-pressed": faces[i] === face ? "true" : "false",
              "aria-label": t("die." + kind) + " " + face,
              "data-die": i,
              "data-face": face,
              onclick: () => pick(i, face),
            },
            die(kind, face, t("die." + kind) + " " + face),
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

/* The control of one open parameter of a form (formState), by its kind. */
export function paramControl(form, name, spec) {
  const control = CONTROLS[spec.kind];
  if (!control) return h("p", { text: name });
  return control(form, name, spec, t(`param.${form.game}.${name}`));
}

/* A dialog drawn from a function of its form's state; returns the redraw. A new dialog
   never reuses the last one's fields. */
export function openDialog(draw) {
  const dialog = /** @type {HTMLDialogElement} */ (document.getElementById("dialog"));
  unmount(dialog);
  const redraw = () => {
    mount(dialog, draw());
    applyLink();
  };
  redraw();
  if (!dialog.open) dialog.showModal();
  keepToastOnTop();
  return redraw;
}
export const closeDialog = () =>
  /** @type {HTMLDialogElement} */ (document.getElementById("dialog")).close();

/* The OK and Cancel row at the foot of every dialog. */
export const okCancel = (okAttrs) =>
  h(
    "div",
    { class: "row" },
    h("button", Object.assign({ type: "submit", class: "primary big" }, okAttrs), t("ui.ok")),
    h("button", { type: "button", class: "big", onclick: closeDialog }, t("ui.cancel")),
  );

/* Send what a dialog says; it closes when the companion took it, else it says why (and
   closes too when its moment has passed: the new round's button is on the screen). */
export async function sendAndClose(send) {
  try {
    await send();
    closeDialog();
  } catch (error) {
    toast(error.message);
    if (error.code === "moment_passed") closeDialog();
  }
}
