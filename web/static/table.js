// @ts-check
/* The live table page: the stream, and the parts every game shares (turn, prompt, actions,
   board, charts, log, undo, seats) drawn from the latest view. A change redraws by diffing
   (web/static/widgets.js): nodes, scroll positions and an open dialog stay as they are. */

import { renderActions } from "./actions.js";
import { askCard, cardScanned } from "./cards.js";
import { showDevices, streamDown, watchDevices } from "./devices.js";
import {
  askForReader,
  correctRoll,
  drawDice,
  settleDice,
  showActive as drawActive,
  showKeypad,
  showRoll,
  showRolling,
} from "./dice.js";
import { renderEnd, wipe } from "./ending.js";
import { followRematch, renderFinal } from "./final.js";
import { fitBoard } from "./fit.js";
import { closeDialog, openDialog, sendAndClose } from "./forms.js";
import { alarm, applyLink, setLink } from "./link.js";
import { mergePatch } from "./patch.js";
import { renderSeats as drawSeats, seatCodes } from "./seats.js";
import { chrome, get, key, lang, loadWords, post, refusal, t, toast, wordParams } from "./shell.js";
import { noticeTurn, soundToggle, turnLine } from "./turn.js";
import { Fragment, chart, die, el, h, mount, s, unmount } from "./widgets.js";
import { money, number } from "./words.js";

const body = document.body;
export const page = { view: null, log: [], version: 0, stream: null };

export async function tablePage() {
  chrome();
  page.id = body.dataset.table;
  page.game = body.dataset.game;
  page.admin = body.dataset.admin === "yes";
  const loading = loadPanel(page.game);
  await loadWords();
  panel = await loading;
  const undo = document.getElementById("undo");
  if (undo) undo.addEventListener("click", confirmUndo);
  const correct = document.getElementById("correct");
  if (correct) correct.addEventListener("click", () => correctRoll(page.view.table.correctable));
  connect();
  watchStream();
  if (body.dataset.onTablet === "yes") privateOnTablet();
  soundToggle();
  if (page.admin) showActive((await get("/api/health")).active_table);
  if (page.admin) askedForReader();
  if (page.admin && document.getElementById("catalogue")) catalogueTools(); // its game keeps one
  if (page.admin) watchDevices(() => (page.view ? page.view.table.players : []));
}

/* A state event: the view as this page may see it, and the log lines since `after`.
   Everything the page shows follows from here. */
function onState(data) {
  if (data.devices) showDevices(data.devices);
  const fresh = data.log.filter((line) => line.version > page.version || !page.log.length);
  const undone = new Set(
    data.log
      .filter((l) => l.kind === "undo" || l.kind === "correction")
      .map((l) => l.line.params.version),
  );
  const first = (fresh[0] || { version: Infinity }).version;
  page.log = page.log.filter((l) => l.version < first).concat(fresh);
  page.log.forEach((l) => {
    if (undone.has(l.version)) l.undone = true;
  });
  page.version = data.view.table.version;
  page.view = data.view;
  render();
}

function showActive(activeId) {
  drawActive(activeId, page.admin, page.id);
}

/* Asks made while this page was closed are waiting on the server. */
async function askedForReader() {
  const asks = (await get(`/api/tables/${page.id}/active/asks`)).asks;
  if (asks.length) askForReader(page.id, asks[asks.length - 1]);
}

/* A game that keeps a card catalogue (companion/storage/card_catalogue.py): the tablet exports it as a
   file, imports one a club shares, and opens the game's editor of it. */
async function catalogueTools() {
  const box = document.getElementById("catalogue");
  try {
    await get(`/api/tables/${page.id}/catalogue`);
  } catch (error) {
    return;
  }
  const importFile = async (event) => {
    const input = event.target;
    const chosen = input.files[0];
    if (!chosen) return;
    try {
      const file = JSON.parse(await chosen.text());
      const reply = await post(`/api/tables/${page.id}/catalogue`, { file });
      toast(t("ui.catalogue_imported", reply), true);
    } catch (error) {
      toast(error instanceof SyntaxError ? t("error.catalogue_bad_file") : error.message);
    }
    input.value = "";
  };
  box.hidden = false;
  mount(box, catalogue(importFile));
}

function catalogue(importFile) {
  return h(
    Fragment,
    {},
    h("h2", { text: t("ui.catalogue") }),
    h(
      "a",
      {
        href: `/api/tables/${page.id}/catalogue`,
        download: `${page.game}-catalogue.json`,
        id: "catalogue-export",
      },
      t("ui.catalogue_export"),
    ),
    /* the game's own editor of its entries, when its panel has one */
    panel && panel.catalogueEditor
      ? h(
          "button",
          {
            type: "button",
            class: "big",
            id: "catalogue-edit",
            onclick: () => panel.catalogueEditor(page.id, editorTools()),
          },
          t("ui.catalogue_edit"),
        )
      : null,
    h(
      "label",
      { class: "param" },
      t("ui.catalogue_import"),
      h("input", {
        type: "file",
        accept: "application/json,.json",
        id: "catalogue-file",
        "aria-label": t("ui.catalogue_import"),
        onchange: importFile,
      }),
    ),
  );
}

/* A private page on the shared tablet locks itself: on "Done", when the tablet is put
   down (hidden), or after two minutes without a touch. */
function privateOnTablet() {
  let idle = Date.now();
  const lock = async () => {
    try {
      const reply = await post(`/api/tables/${page.id}/lock`, {});
      location.href = reply.table_url;
    } catch (error) {
      location.href = "/table/" + page.id;
    }
  };
  document.getElementById("lock").addEventListener("click", lock);
  for (const kind of ["pointerdown", "keydown"])
    document.addEventListener(kind, () => {
      idle = Date.now();
    });
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) lock();
  });
  setInterval(() => {
    if (Date.now() - idle > 120000) lock();
  }, 5000);
}

/* A phone that slept may hold a stream that will never speak again: the server sends a
   ping every 15 s, so silence for 40 s (or waking up) means start a fresh one. */
function watchStream() {
  const check = () => {
    if (page.stream && Date.now() - page.heard > 40000) {
      page.stream.close();
      connect();
    }
  };
  setInterval(check, 5000);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) check();
  });
}

function connect() {
  const seatView = body.dataset.seat !== undefined ? "&as=seat" : "";
  // patch=merge: the whole view on connect and resume, then a merge patch per change
  const source = new EventSource(
    `/api/tables/${page.id}/events?after=${page.version}${seatView}&patch=merge`,
  );
  page.stream = source;
  page.heard = Date.now();
  const heard = () => {
    page.heard = Date.now();
  };
  for (const kind of ["ping", "state", "patch", "roll", "devices", "keypad"])
    source.addEventListener(kind, heard);
  source.onopen = () => {
    setLink(true);
    streamDown(false);
  };
  source.onerror = () => {
    if (page.stream !== source) return; // ended on purpose (revoked)
    setLink(false);
    streamDown(true);
    if (source.readyState === EventSource.CLOSED) setTimeout(connect, 1500);
  };
  const on = (kind, handle) =>
    source.addEventListener(kind, (event) => handle(JSON.parse(event.data || "null")));
  on("state", onState);
  on("patch", (data) => {
    if (!page.view || page.view.table.version !== data.base) {
      // a gap, or nothing to patch: start again from the whole view
      source.close();
      if (page.stream === source) connect();
      return;
    }
    const current = { ...page.view, table: { ...page.view.table } };
    delete current.table.dice_parts; // not game state: any change clears them
    onState({ view: mergePatch(current, data.patch), log: data.log });
  });
  listenToTable(on);
  on("evicted", () => {
    source.close();
    // a stream this page had already left for a newer one (after a restart, say) was
    // the one pushed out: the page goes on with the newer
    if (page.stream !== source) return;
    page.stream = null; // reconnecting would push out another page: the reader reloads
    streamDown(true);
    alarm(t("ui.evicted"));
  });
  on("revoked", (data) => {
    source.close();
    page.stream = null; // never reconnect with a credential the server ended
    page.view = null;
    page.log = [];
    wipe(data.reason, page.id);
  });
}

/* The stream's other events: the dice and devices, cards, and the tablet's questions. */
function listenToTable(on) {
  on("devices", (data) => showDevices(data.devices));
  on("roll", showRoll);
  on("moving", showRolling);
  on("tilt", (data) => toast(t("ui.tilt", { die: t("die." + data.die) })));
  on("keypad", showKeypad);
  on("dice_parts", (data) => {
    page.view.table.dice_parts = data;
    drawDice();
    drawTurn(page.view); // a duellist whose die is in is no longer awaited
    renderActions(page, page.view, currentSeat(page.view)); // nor offered the throw
  });
  on("input_error", (data) => toast(refusal(data)));
  on("undo_requested", () => page.admin && confirmUndo());
  on("card_unknown", (data) => page.admin && askCard(page.id, data.uid, data.faces));
  on("card", (data) =>
    cardScanned(data, (fill) =>
      fill.secret
        ? body.dataset.seat !== undefined
        : page.admin || String(fill.seat) === body.dataset.seat,
    ),
  );
  on("active", (data) => showActive(data.table));
  on("archived", (data) => toast(t(data.archived ? "ui.archived" : "ui.unarchived"), true));
  on("rematch", (data) => followRematch(data));
  on("hardware_asked", (ask) => page.admin && askForReader(page.id, ask));
  on("seats", () => page.admin && seatCodes(page.id));
  on("alarm", (data) => alarm(t("ui.history_lost", data)));
}

export function seatName(seat) {
  return seat === null || seat === undefined ? t("ui.table") : page.view.table.players[seat];
}

const currentSeat = (view) =>
  Number.isInteger(view.state.turn) ? view.state.turn : view.table.current_seat;

function render() {
  const view = page.view;
  if (view.table.fault) return renderFault(view);
  // The headline says whom the table waits for (the left-hand opponent rolling for a
  // surveillance test, say: turn.js); the actions and the seat chips follow the game's turn.
  const current = currentSeat(view);
  document.getElementById("prompt").textContent = promptLine(view.prompt);
  settleDice(view.table.version);
  renderBoard(view);
  renderOwn(view);
  renderActions(page, view, current);
  drawTurn(view);
  renderSeats(view, current);
  // nobody joins a finished game
  if (view.table.ended) document.querySelectorAll("#join-drawer").forEach((d) => d.remove());
  renderFinal(page, view);
  renderCharts(view.state.charts || [], view.table.players);
  renderLog();
  renderFixes(view);
  renderEnd(view, page.admin, () =>
    post(`/api/tables/${page.id}/close`, { idempotency_key: key() }, 3),
  );
  applyLink();
  fitBoard();
}

/* A table whose game cannot show its state (companion/play/faults.py): no board, and the
   tablet keeps Undo and Correct to take the last entry back; the log still reads. */
function renderFault(view) {
  document.getElementById("turn").textContent = "";
  document.getElementById("prompt").textContent = "";
  mount(
    document.getElementById("board"),
    h("p", { class: "banner alarm", id: "table-fault", text: t("ui.table_fault") }),
  );
  renderActions(page, view, null);
  renderSeats(view, null);
  renderCharts([]);
  renderLog();
  renderFixes(view);
  applyLink();
}

function drawTurn(view) {
  document.getElementById("turn").textContent = turnLine(view);
  noticeTurn(view);
}

function promptLine(prompt) {
  if (!prompt) return "";
  const why = t(prompt.why.key, wordParams(prompt.why.params));
  if (prompt.kind !== "secret") return why;
  const names = prompt.seats.map(seatName).join(", ") || "—";
  return why + " — " + t("ui.waiting_for", { names });
}

/* The end is a moment the table confirms: the last entries stay correctable. */
function renderFixes(view) {
  const undo = document.getElementById("undo");
  if (undo) undo.hidden = !(page.admin && view.table.can_undo);
  const correct = document.getElementById("correct");
  if (correct) correct.hidden = !(undo && view.table.correctable);
}

/* What a game panel is given besides its state (docs/adding-a-game.md). */
function panelContext(view) {
  return {
    t,
    seat: view.viewer.seat,
    h,
    el,
    s,
    die,
    number,
    money,
    chart,
    players: view.table.players,
    view,
  };
}

/* What a game's own editor of its catalogue is given (108 Outlaws' catalogueEditor). */
// (made when asked: the modules that give them are not all evaluated when this one is)
const editorTools = () => ({ h, t, get, post, toast, openDialog, closeDialog, lang });

/** @typedef {ReturnType<typeof panelContext>} PanelContext */
/**
 * @typedef {object} Panel
 * @property {(state: any, ctx: PanelContext) => any} render the board for one viewer
 * @property {(state: any, ctx: PanelContext) => string[] | null} [own] a seat's own secret
 *   numbers, the ones its player reads most, each a short figure ("$12,000", "Owes $3,000"):
 *   the seat page draws them in one line under the seat's name, above every action
 * @property {(tableId: string, tools: ReturnType<typeof editorTools>) => any} [catalogueEditor]
 */

/** @type {Panel | null} */
let panel = null;

/* A game's panel is a module of its own folder (companion/games/<game>/panel.js, served at
   /static/games/<game>/panel.js) whose default export draws the board: the page imports the
   one of the game it shows, when the server says the game has one (data-panel). */
async function loadPanel(game) {
  if (body.dataset.panel !== "yes") return null;
  try {
    return (await import(`/static/games/${encodeURIComponent(game)}/panel.js`)).default;
  } catch (error) {
    console.error(error); // the rest of the page works without its board
    return null;
  }
}

function renderBoard(view) {
  const box = document.getElementById("board");
  if (!panel) return unmount(box); // nothing of its own (a fault's banner gone)
  let drawn;
  try {
    drawn = panel.render(view.state, panelContext(view));
  } catch (error) {
    drawn = h("p", { class: "banner alarm", text: t("ui.board_error") });
    console.error(error);
  }
  mount(box, drawn);
}

/* The seat's own box (the page's #own, marked data-own): the figures its game's panel gives
   (Panel.own), in one fixed place above the prompt and every action, so a phone's first
   screen always shows what is the player's own whatever the moment draws under it. */
function renderOwn(view) {
  const box = document.getElementById("own");
  if (!box) return; // the tablet's page: no seat of its own
  let figures = null;
  try {
    figures = panel && panel.own ? panel.own(view.state, panelContext(view)) : null;
  } catch (error) {
    console.error(error);
  }
  box.hidden = !(figures && figures.length);
  mount(
    box,
    (figures || []).map((figure, i) =>
      h("span", { key: i, class: i ? "own-figure" : "own-figure own-first", text: figure }),
    ),
  );
}

export async function act(action) {
  const reply = await post(
    `/api/tables/${page.id}/actions`,
    { action, expected_version: page.version, idempotency_key: key() },
    3,
  );
  return reply;
}

function renderSeats(view, current) {
  drawSeats(page.id, view.table.players, current);
  if (page.admin && !page.seatsAsked) {
    page.seatsAsked = true;
    seatCodes(page.id);
  }
}

function renderCharts(charts, players = []) {
  const box = document.getElementById("charts");
  box.hidden = !charts.length;
  mount(
    box,
    charts.map((one, i) => h(Fragment, { key: one.title + " " + i }, chart(one, players))),
  );
}

/* Who answered a log line: a seat's phone, the tablet, the die reader, the keypad… */
function answeredBy(by) {
  if (by.kind === "several") return by.by.map(answeredBy).join(" + ");
  return t("ui.by." + by.kind, by.kind === "seat" ? { seat: seatName(by.seat) } : {});
}

function logLine(entry) {
  const line = entry.line;
  const classes = [entry.fix ? "fix" : "", entry.undone ? "undone" : ""].join(" ").trim();
  const said =
    t(line.key, wordParams(line.params)) +
    (line.then ? " — " + t(line.then.key, wordParams(line.then.params)) : "") +
    (line.also || []).map((also) => " — " + t(also.key, wordParams(also.params))).join("");
  // the tablet shows a long line in four (companion.css): the whole of it is its title
  return h(
    "li",
    { key: entry.version, "data-version": entry.version, class: classes || null, title: said },
    h("span", { class: "v", text: "#" + entry.version }),
    entry.fix ? h("strong", { class: "fix-mark", text: t("core.fix") + " — " }) : "",
    said,
    entry.by ? h("span", { class: "by muted", text: " · " + answeredBy(entry.by) }) : null,
  );
}

/* Newest first; each line keeps its node (keyed by version), only its "undone" mark
   changes, so a long evening's log is not redrawn on every roll. */
function renderLog() {
  mount(document.getElementById("log"), page.log.slice().reverse().map(logLine));
}

function confirmUndo() {
  const last = page.log.filter((l) => l.kind === "action" && !l.undone).pop();
  const yes = () =>
    sendAndClose(() =>
      post(
        `/api/tables/${page.id}/undo`,
        { expected_version: page.version, idempotency_key: key() },
        3,
      ),
    );
  openDialog(() =>
    h(
      "form",
      { method: "dialog", class: "stack" },
      h("h2", { text: t("ui.undo_confirm") }),
      last ? h("p", { text: t(last.line.key, wordParams(last.line.params)) }) : null,
      // every screen has shown the result: undoing reopens the game, not the secrets
      page.view.table.ended
        ? h("p", {
            class: "banner alarm",
            id: "undo-after-end",
            text: t("ui.undo_after_end"),
          })
        : null,
      h(
        "div",
        { class: "row" },
        h(
          "button",
          { type: "button", class: "danger big", id: "undo-yes", onclick: yes },
          t("ui.undo"),
        ),
        h("button", { type: "button", class: "big", onclick: closeDialog }, t("ui.cancel")),
      ),
    ),
  );
}
