// @ts-check
/* The actions a screen offers: the prompt's own at the top (exactly the ones that answer
   what the table waits for), every other legal action beside; one form for any template;
   one verb list across games; ending a turn while something is left to do asks first. */

import {
  closeDialog,
  formState,
  okCancel,
  openDialog,
  paramControl,
  sendAndClose,
} from "./forms.js";
import { t, toast, wordParams, words } from "./shell.js";
import { act, page, seatName } from "./table.js";
import { awaited } from "./turn.js";
import { Fragment, h, mount } from "./widgets.js";

const body = document.body;
// The game's turn-ending actions (its END_TURN, put on the page by the server).
const END_TURN = new Set(JSON.parse(body.dataset.endTurn || "[]"));

/* A game's own word for an action, else the core's shared verb ("End the turn"). */
function actionLabel(game, type) {
  const own = words[`action.${game}.${type}`];
  return own !== undefined ? own : t(`verb.${type}`);
}

/* Does this template answer the prompt? A dice prompt's own action, a waiting seat's
   sealed submission (what else such a seat may do meanwhile, a loan during a sale, is
   not what the table waits for), a choice prompt's seat. */
function answers(prompt, template) {
  if (prompt.kind === "dice") return !!prompt.action && template.type === prompt.action.type;
  if (prompt.kind === "secret")
    return !!template.secret && (prompt.seats || []).includes(template.seat);
  return template.seat === prompt.seat;
}

/* A dice prompt's own action, when all it asks is its dice, is answered by the dice area
   beside it (roll them, type the faces, throw my die; web/static/dice.js): a button of its
   own would open the same dialog a second time, on a row of its own. */
function diceAreaAnswers(prompt, template) {
  if (!prompt || prompt.kind !== "dice" || !prompt.action) return false;
  const params = Object.values(template.params || {});
  return template.type === prompt.action.type && params.every((p) => p.kind === "dice");
}

/* On a phone, a prompt's answers are offered only while the table still waits for their
   seat (turn.js: a voter whose card is in, a duellist whose die is in, is waiting for the
   others); a throw answered die by die goes in from the dice area (diceAreaAnswers). */
const stillAnswers = (view, template) =>
  answers(view.prompt, template) && (view.viewer.admin || awaited(view).includes(template.seat));

function splitActions(view, current) {
  const prompt = view.prompt;
  const legal = view.legal.filter((t) => !diceAreaAnswers(prompt, t));
  let top = prompt ? legal.filter((t) => stillAnswers(view, t)) : [];
  if (!prompt)
    top = legal.filter((t) => t.seat === current || current === null || current === undefined);
  const last = (list) =>
    list.filter((t) => !END_TURN.has(t.type)).concat(list.filter((t) => END_TURN.has(t.type)));
  /* Over, the prompt's row is hidden (final.js): what is still open (a game's
     AFTER_THE_END, Lawless' coins at the final count) goes in the actions list. */
  if (view.table && view.table.ended) return { top: [], rest: last(legal) };
  const rest = legal.filter((t) => !top.includes(t));
  return { top: last(top), rest: last(rest) };
}

/* On the tablet a button names its seat ("Fence — Farah"), unless every answer of the
   prompt bar is that one seat's, whom the headline already names. */
function button(page, template, named = true) {
  const ends = END_TURN.has(template.type);
  const label =
    actionLabel(page.game, template.type) +
    (named && page.admin && template.seat !== null ? " — " + seatName(template.seat) : "");
  // a secret submission stands out, a correction looks apart
  const kind = template.secret ? "primary" : template.type.startsWith("fix_") ? "fix" : "";
  // offered but not open now (a card the ranch cannot pay for): dimmed where the player
  // looks for it, and tapped it says why in the rules' words, sending nothing
  const blocked = template.blocked;
  const why = blocked ? t("error." + blocked.code, wordParams(blocked.params)) : null;
  return h(
    "button",
    {
      key: `${template.type} ${template.seat}`,
      type: "button",
      class: [kind, ends ? "end-turn" : "", blocked ? "blocked" : ""].join(" ").trim() || null,
      "data-action": template.type,
      "data-seat": template.seat === null ? "" : template.seat,
      "aria-disabled": blocked ? "true" : null,
      title: why,
      onclick: () => (blocked ? toast(why) : ends ? endTurn(page, template) : openForm(template)),
    },
    label,
  );
}

export function renderActions(page, view, current) {
  const { top, rest } = splitActions(view, current);
  mount(
    document.getElementById("prompt-actions"),
    top.map((t) => button(page, t, new Set(top.map((o) => o.seat)).size > 1)),
  );
  const idle = top.length ? "ui.nothing_else" : "ui.nothing_to_do";
  mount(
    document.getElementById("actions"),
    h(
      Fragment,
      {},
      h("h2", { text: t(top.length ? "ui.other_actions" : "ui.actions") }),
      h(
        "div",
        { class: "actions-list" },
        rest.map((t) => button(page, t)),
        rest.length
          ? null
          : h("p", {
              class: "muted",
              text: view.table.ended ? t("ui.game_over") : t(idle),
            }),
      ),
    ),
  );
}

/* Ending the turn while the same seat could still do something asks first, naming what
   is left (points to spend, cards to play): a tap too many is the costliest mistake. */
function endTurn(page, template) {
  // what is still open: a move offered but blocked (nothing can pay for it) is not left
  const left = page.view.legal.filter(
    (t) => t.seat === template.seat && !END_TURN.has(t.type) && !t.blocked,
  );
  if (!left.length) return openForm(template);
  const labels = [...new Set(left.map((t) => actionLabel(page.game, t.type)))];
  const yes = () => {
    closeDialog();
    openForm(template);
  };
  openDialog(() =>
    h(
      "form",
      { method: "dialog", class: "stack", id: "end-turn-check" },
      h("h2", { text: t("ui.end_turn_check", { count: left.length }) }),
      h(
        "ul",
        {},
        labels.map((label) => h("li", { text: label })),
      ),
      h(
        "div",
        { class: "row" },
        h(
          "button",
          { type: "button", class: "primary big", id: "end-turn-yes", onclick: yes },
          actionLabel(page.game, template.type),
        ),
        h(
          "button",
          { type: "button", class: "big", id: "end-turn-no", onclick: closeDialog },
          t("ui.keep_playing"),
        ),
      ),
    ),
  );
}

/* One form for any legal template: its open parameters become big touch controls. The
   form is drawn from its own state, so nothing the table does meanwhile touches it. */
export function openForm(template) {
  const names = Object.keys(template.params);
  // a sealed round's submission names the round this form was opened in, so a dialog left
  // open (and the retries of its send) can never count in a later round
  const fixed = { type: template.type, seat: template.seat };
  if (template.round !== undefined) fixed.round = template.round;
  if (!names.length) return act(fixed).catch((e) => toast(e.message));
  let redraw = () => {};
  const form = formState(
    page.game,
    template.params,
    page.view.table.players,
    () => redraw(),
    template.combinations,
  );
  const submit = (event) => {
    event.preventDefault();
    const action = Object.assign({}, fixed, form.values);
    sendAndClose(() => act(action));
  };
  redraw = openDialog(() =>
    h(
      "form",
      { method: "dialog", class: "stack", onsubmit: submit, "data-form": template.type },
      h("h2", { text: actionLabel(page.game, template.type) }),
      names.map((name) => paramControl(form, name, template.params[name])),
      okCancel({ value: "ok" }),
    ),
  );
}
