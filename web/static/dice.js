// @ts-check
/* The dice area of the table page: what was thrown (kept across changes: the table wants to
   see it), what the keypad has typed so far, the dice the prompt asks for and whose they
   are, and the ways this screen may answer (roll, type the faces, bring the reader here).
   One drawing from `dice` below and the page's view; every event only changes `dice`. */

import { openForm } from "./actions.js";
import {
  closeDialog,
  formState,
  okCancel,
  openDialog,
  paramControl,
  sendAndClose,
} from "./forms.js";
import { applyLink } from "./link.js";
import { key, post, t, toast } from "./shell.js";
import { page, seatName } from "./table.js";
import { awaited } from "./turn.js";
import { Fragment, die, h, mount } from "./widgets.js";

const dice = {
  roll: null,
  rollAt: Infinity, // the table version a throw was shown at
  typed: null,
  rolling: false,
  elsewhere: false,
  offerReader: false,
  activeId: null,
};

export function drawDice() {
  const area = document.getElementById("dice-area");
  if (!area || !page.view) return;
  area.classList.toggle("rolling", dice.rolling);
  const prompt = page.view.prompt;
  mount(
    area,
    h(
      Fragment,
      {},
      typedRow(),
      rolledRow(),
      dice.rolling && !dice.roll ? h("span", { class: "prompt", text: t("ui.rolling") }) : null,
      prompt && prompt.kind === "dice" ? asked(page, prompt) : null,
      // a dice prompt's warning (#elsewhere) already says where the reader is: said once
      page.admin && !(dice.elsewhere && prompt && prompt.kind === "dice") ? readerLine(page) : null,
      dice.offerReader ? readerButton(page) : null,
    ),
  );
  applyLink();
}

/* A change of the table: what the keypad typed and "rolling" are over, and a throw is
   cleared by any change after the one it answered (its event's "at"): dice typed on a page
   or the next throw never sit beside an older throw's. */
export function settleDice(version) {
  Object.assign(dice, { typed: null, rolling: false });
  if (dice.roll && version !== undefined && version > dice.rollAt) dice.roll = null;
  drawDice();
}
export function showRoll(roll) {
  Object.assign(dice, { roll, rollAt: roll.at === undefined ? Infinity : roll.at, rolling: false });
  drawDice();
}
export function showRolling() {
  dice.rolling = true;
  drawDice();
}
export function showKeypad(data) {
  dice.typed = data.typed.length ? data : null;
  drawDice();
}
/* Hardware input goes to one table: offer to bring it here when it is elsewhere. */
export function showActive(activeId, admin, tableId) {
  dice.activeId = activeId;
  dice.elsewhere = admin && !!activeId && activeId !== tableId;
  dice.offerReader = admin && activeId !== tableId;
  drawDice();
}

function typedRow() {
  if (!dice.typed) return null;
  return h(
    "div",
    { class: "row typed" },
    h("span", { text: t("ui.typed") }),
    dice.typed.typed.map((face, i) => die(dice.typed.dice[i], face)),
  );
}

function rolledRow() {
  const roll = dice.roll;
  if (!roll) return null;
  return h(
    "div",
    { class: "row rolled", "aria-live": "polite", "data-free": roll.free ? "yes" : "no" },
    roll.dice.map((d) => die(d.die, d.face)),
    roll.free ? h("span", { class: "muted", text: t("ui.free_roll") }) : null,
    // whose throw it was: it stays on screen after the table moved on
    !roll.free && roll.of && roll.of.length
      ? h("span", {
          class: "muted throw-of",
          text: t("ui.throw_of", { names: roll.of.map(seatName).join(", ") }),
        })
      : null,
    roll.pending ? h("span", { class: "muted", text: t("ui.press_confirm") }) : null,
  );
}

/* Where the hardware goes, said on the tablet whichever table it feeds. */
function readerLine(page) {
  const here = dice.activeId === page.id;
  return h("p", {
    class: "muted",
    id: "reader-where",
    "data-here": here ? "yes" : "no",
    text: t(here ? "ui.reader_here" : dice.activeId ? "ui.reader_elsewhere" : "ui.reader_free"),
  });
}

/* Another table's tablet asks for the hardware: this tablet (the one it feeds) sees who
   asks and gives it with one tap, or keeps it. */
export function askForReader(tableId, ask) {
  const give = () =>
    sendAndClose(() => post(`/api/tables/${tableId}/active/give`, { table: ask.table }));
  openDialog(() =>
    h(
      "form",
      { method: "dialog", class: "stack", id: "reader-ask" },
      h("h2", { text: t("ui.reader_ask", { game: t("game." + ask.game) }) }),
      h("p", { text: ask.players.join(", ") }),
      h(
        "div",
        { class: "row" },
        h(
          "button",
          { type: "button", class: "primary big", id: "reader-give", onclick: give },
          t("ui.reader_give"),
        ),
        h(
          "button",
          { type: "button", class: "big", id: "reader-keep", onclick: closeDialog },
          t("ui.reader_keep"),
        ),
      ),
    ),
  );
}

function readerButton(page) {
  const bring = () =>
    post(`/api/tables/${page.id}/active`, {})
      .then((reply) => reply.asked && toast(t("ui.reader_asked"), true))
      .catch((e) => toast(e.message));
  return h(
    "button",
    { type: "button", id: "use-reader", class: "big", onclick: bring },
    t("ui.use_reader"),
  );
}

/* A prompt says whose it is; when its dice belong to different people each die names its
   thrower, and this screen offers only the dice it may throw. */
function asked(page, prompt) {
  const owners = prompt.owners;
  const seat = page.view.viewer.seat;
  const mine = prompt.dice
    .map((_, i) => i)
    .filter((i) => page.admin || (owners ? owners[i] === seat : prompt.seat === seat));
  return [
    h(
      "div",
      { class: "row", id: "asked-dice" },
      prompt.dice.map((k, i) =>
        h("span", { class: "badge" }, t("die." + k) + (owners ? " — " + seatName(owners[i]) : "")),
      ),
    ),
    owners ? partsRow(page, prompt) : null,
    page.admin && dice.elsewhere
      ? h("p", { class: "banner", id: "elsewhere", text: t("ui.elsewhere") })
      : null,
    mine.length ? answers(page, prompt, mine) : null,
  ];
}

function partsRow(page, prompt) {
  const parts = page.view.table.dice_parts;
  const count = parts ? parts.in : 0;
  return h(
    "div",
    { class: "row", id: "dice-parts", "data-in": count },
    h("span", { text: t("ui.dice_parts", { in: count, of: prompt.dice.length }) }),
    (parts ? parts.faces : []).map((face, i) => (face === null ? null : die(prompt.dice[i], face))),
  );
}

function answers(page, prompt, mine) {
  const owners = prompt.owners;
  const roll = () => post(`/api/tables/${page.id}/roll`, {}).catch((e) => toast(e.message));
  const rollButton =
    !owners || page.admin
      ? h(
          "button",
          { type: "button", class: "primary big", id: "virtual-roll", onclick: roll },
          t("ui.roll"),
        )
      : null;
  if (!owners) {
    const typeThem = () =>
      openForm({
        type: prompt.action.type,
        seat: prompt.action.seat,
        params: { dice: { kind: "dice", dice: prompt.dice } },
      });
    return [rollButton, typeButton(t("ui.type_dice"), typeThem)];
  }
  // only the dice not in yet: a duellist whose die is in waits for the other's
  const parts = page.view.table.dice_parts;
  const kinds = mine.filter((i) => !(parts && parts.faces[i] !== null)).map((i) => prompt.dice[i]);
  const label = page.admin ? t("ui.type_dice") : t("ui.throw_mine");
  if (!kinds.length && !page.admin) return mineIn(page.view);
  return [rollButton, kinds.length ? typeButton(label, () => typeDice(page, kinds)) : null];
}

/* A phone whose dice are all in says so, and whom the throw still waits for. */
function mineIn(view) {
  const names = awaited(view).map(seatName).join(", ");
  return h("p", { class: "muted", id: "dice-mine-in", text: t("ui.dice_mine_in", { names }) });
}

function typeButton(label, onclick) {
  return h("button", { type: "button", class: "big", id: "type-dice", onclick }, label);
}

/* A dialog of dice to type: `send` gets the faces once every die has one. */
function diceDialog(page, title, kinds, send) {
  let redraw = () => {};
  const form = formState(
    page.game,
    { dice: { kind: "dice", dice: kinds } },
    page.view.table.players,
    () => redraw(),
  );
  const submit = (event) => {
    event.preventDefault();
    if (form.values.dice.some((face) => face === null)) {
      toast(t("error.wrong_dice_count", { expected: kinds.length }));
      return;
    }
    sendAndClose(() => send(form.values.dice));
  };
  redraw = openDialog(() =>
    h(
      "form",
      { class: "stack", onsubmit: submit },
      h("h2", { text: title }),
      paramControl(form, "dice", { kind: "dice", dice: kinds }),
      okCancel(),
    ),
  );
}

/* Dice of a prompt answered die by die: this screen's own dice, typed, go in as a throw. */
function typeDice(page, kinds) {
  const shown = page.version; // the prompt's moment: a die for one that passed is refused
  diceDialog(page, t("ui.type_dice"), kinds, (faces) =>
    post(
      `/api/tables/${page.id}/dice`,
      { dice: kinds.map((die, i) => ({ die, face: faces[i] })), expected_version: shown },
      3,
    ),
  );
}

/* A misread roll: the tablet types the faces that really showed. */
export function correctRoll(fix) {
  diceDialog(page, t("ui.correct"), fix.dice, (faces) =>
    post(
      `/api/tables/${page.id}/correct`,
      { dice: faces, expected_version: page.version, idempotency_key: key() },
      3,
    ),
  );
}
