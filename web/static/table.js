/* The live table page: the stream, and the parts every game shares (turn, prompt, actions,
   board, charts, log, undo, seats) drawn from the latest view. A change redraws by diffing
   (web/static/widgets.js): nodes, scroll positions and an open dialog stay as they are. */
"use strict";
(function (C) {
  const body = document.body;
  const page = { view: null, log: [], version: 0, stream: null };
  C.page = page;

  C.tablePage = async function () {
    C.chrome();
    await C.loadWords();
    page.id = body.dataset.table;
    page.game = body.dataset.game;
    page.admin = body.dataset.admin === "yes";
    const undo = document.getElementById("undo");
    if (undo) undo.addEventListener("click", confirmUndo);
    const correct = document.getElementById("correct");
    if (correct)
      correct.addEventListener("click", () => C.correctRoll(page.view.table.correctable));
    connect();
    watchStream();
    if (body.dataset.onTablet === "yes") privateOnTablet();
    C.soundToggle();
    if (page.admin) showActive((await C.get("/api/health")).active_table);
    if (page.admin) askedForReader();
    if (page.admin && document.getElementById("catalogue")) catalogueTools(); // its game keeps one
    if (page.admin) C.watchDevices(() => (page.view ? page.view.table.players : []));
  };

  /* A state event: the view as this page may see it, and the log lines since `after`.
     Everything the page shows follows from here. */
  C.onState = function (data) {
    if (data.devices) C.showDevices(data.devices);
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
  };

  function showActive(activeId) {
    C.showActive(activeId, page.admin, page.id);
  }

  /* Asks made while this page was closed are waiting on the server. */
  async function askedForReader() {
    const asks = (await C.get(`/api/tables/${page.id}/active/asks`)).asks;
    if (asks.length) C.askForReader(page.id, asks[asks.length - 1]);
  }

  /* A game that keeps a card catalogue (companion/catalogue.py): the tablet exports it as a
     file, imports one a club shares, and opens the game's editor of it. */
  async function catalogueTools() {
    const box = document.getElementById("catalogue");
    try {
      await C.get(`/api/tables/${page.id}/catalogue`);
    } catch (error) {
      return;
    }
    const importFile = async (event) => {
      const input = event.target;
      const chosen = input.files[0];
      if (!chosen) return;
      try {
        const file = JSON.parse(await chosen.text());
        const reply = await C.post(`/api/tables/${page.id}/catalogue`, { file });
        C.toast(C.t("ui.catalogue_imported", reply), true);
      } catch (error) {
        C.toast(error instanceof SyntaxError ? C.t("error.catalogue_bad_file") : error.message);
      }
      input.value = "";
    };
    box.hidden = false;
    C.mount(box, catalogue(importFile));
  }

  function catalogue(importFile) {
    return C.h(
      C.Fragment,
      {},
      C.h("h2", { text: C.t("ui.catalogue") }),
      C.h(
        "a",
        {
          href: `/api/tables/${page.id}/catalogue`,
          download: `${page.game}-catalogue.json`,
          id: "catalogue-export",
        },
        C.t("ui.catalogue_export"),
      ),
      /* the game's own editor of its entries, when its panel has one */
      C.panels[page.game] && C.panels[page.game].catalogueEditor
        ? C.h(
            "button",
            {
              type: "button",
              class: "big",
              id: "catalogue-edit",
              onclick: () => C.panels[page.game].catalogueEditor(page.id),
            },
            C.t("ui.catalogue_edit"),
          )
        : null,
      C.h(
        "label",
        { class: "param" },
        C.t("ui.catalogue_import"),
        C.h("input", {
          type: "file",
          accept: "application/json,.json",
          id: "catalogue-file",
          "aria-label": C.t("ui.catalogue_import"),
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
        const reply = await C.post(`/api/tables/${page.id}/lock`, {});
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
      C.setLink(true);
      C.streamDown(false);
    };
    source.onerror = () => {
      if (page.stream !== source) return; // ended on purpose (revoked)
      C.setLink(false);
      C.streamDown(true);
      if (source.readyState === EventSource.CLOSED) setTimeout(connect, 1500);
    };
    const on = (kind, handle) =>
      source.addEventListener(kind, (event) => handle(JSON.parse(event.data || "null")));
    on("state", C.onState);
    on("patch", (data) => {
      if (!page.view || page.view.table.version !== data.base) {
        // a gap, or nothing to patch: start again from the whole view
        source.close();
        if (page.stream === source) connect();
        return;
      }
      const current = { ...page.view, table: { ...page.view.table } };
      delete current.table.dice_parts; // not game state: any change clears them
      C.onState({ view: C.mergePatch(current, data.patch), log: data.log });
    });
    listenToTable(on);
    on("evicted", () => {
      source.close();
      // a stream this page had already left for a newer one (after a restart, say) was
      // the one pushed out: the page goes on with the newer
      if (page.stream !== source) return;
      page.stream = null; // reconnecting would push out another page: the reader reloads
      C.streamDown(true);
      C.alarm(C.t("ui.evicted"));
    });
    on("revoked", (data) => {
      source.close();
      page.stream = null; // never reconnect with a credential the server ended
      page.view = null;
      page.log = [];
      C.wipe(data.reason, page.id);
    });
  }

  /* The stream's other events: the dice and devices, cards, and the tablet's questions. */
  function listenToTable(on) {
    on("devices", (data) => C.showDevices(data.devices));
    on("roll", C.showRoll);
    on("moving", C.showRolling);
    on("tilt", (data) => C.toast(C.t("ui.tilt", { die: C.t("die." + data.die) })));
    on("keypad", C.showKeypad);
    on("dice_parts", (data) => {
      page.view.table.dice_parts = data;
      C.drawDice();
      drawTurn(page.view); // a duellist whose die is in is no longer awaited
    });
    on("input_error", (data) => C.toast(C.refusal(data)));
    on("undo_requested", () => page.admin && confirmUndo());
    on("card_unknown", (data) => page.admin && C.askCard(page.id, data.uid, data.faces));
    on("card", (data) =>
      C.cardScanned(data, (fill) =>
        fill.secret
          ? body.dataset.seat !== undefined
          : page.admin || String(fill.seat) === body.dataset.seat,
      ),
    );
    on("active", (data) => showActive(data.table));
    on("archived", (data) => C.toast(C.t(data.archived ? "ui.archived" : "ui.unarchived"), true));
    on("rematch", (data) => C.followRematch(data));
    on("hardware_asked", (ask) => page.admin && C.askForReader(page.id, ask));
    on("seats", () => page.admin && C.seatCodes(page.id));
    on("alarm", (data) => C.alarm(C.t("ui.history_lost", data)));
  }

  function seatName(seat) {
    return seat === null || seat === undefined ? C.t("ui.table") : page.view.table.players[seat];
  }
  C.seatName = (seat) => seatName(seat);

  function render() {
    const view = page.view;
    if (view.table.fault) return renderFault(view);
    // The headline says whom the table waits for (the left-hand opponent rolling for a
    // surveillance test, say: turn.js); the actions and the seat chips follow the game's turn.
    const current = Number.isInteger(view.state.turn) ? view.state.turn : view.table.current_seat;
    document.getElementById("prompt").textContent = promptLine(view.prompt);
    C.settleDice();
    renderBoard(view);
    C.renderActions(page, view, current);
    drawTurn(view);
    renderSeats(view, current);
    // nobody joins a finished game
    if (view.table.ended) document.querySelectorAll("#join-drawer").forEach((d) => d.remove());
    C.renderFinal(page, view);
    renderCharts(view.state.charts || []);
    renderLog();
    renderFixes(view);
    C.renderEnd(view, page.admin, () =>
      C.post(`/api/tables/${page.id}/close`, { idempotency_key: C.key() }, 3),
    );
    C.applyLink();
    C.fitBoard();
  }

  /* A table whose game cannot show its state (companion/faults.py): no board, and the
     tablet keeps Undo and Correct to take the last entry back; the log still reads. */
  function renderFault(view) {
    document.getElementById("turn").textContent = "";
    document.getElementById("prompt").textContent = "";
    C.mount(
      document.getElementById("board"),
      C.h("p", { class: "banner alarm", id: "table-fault", text: C.t("ui.table_fault") }),
    );
    C.renderActions(page, view, null);
    renderSeats(view, null);
    renderCharts([]);
    renderLog();
    renderFixes(view);
    C.applyLink();
  }

  function drawTurn(view) {
    document.getElementById("turn").textContent = C.turnLine(view);
    C.noticeTurn(view);
  }

  function promptLine(prompt) {
    if (!prompt) return "";
    const why = C.t(prompt.why.key, C.wordParams(prompt.why.params));
    if (prompt.kind !== "secret") return why;
    const names = prompt.seats.map(seatName).join(", ") || "—";
    return why + " — " + C.t("ui.waiting_for", { names });
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
      t: C.t,
      seat: view.viewer.seat,
      h: C.h,
      el: C.el,
      s: C.s,
      die: C.die,
      number: C.number,
      money: C.money,
      chart: C.chart,
      players: view.table.players,
      view: view,
    };
  }

  function renderBoard(view) {
    const box = document.getElementById("board");
    const panel = C.panels[page.game];
    if (!panel) return C.unmount(box); // nothing of its own (a fault's banner gone)
    let drawn;
    try {
      drawn = panel.render(view.state, panelContext(view));
    } catch (error) {
      drawn = C.h("p", { class: "banner alarm", text: C.t("ui.board_error") });
      console.error(error);
    }
    C.mount(box, drawn);
  }

  C.act = async function (action) {
    const reply = await C.post(
      `/api/tables/${page.id}/actions`,
      { action, expected_version: page.version, idempotency_key: C.key() },
      3,
    );
    return reply;
  };

  function renderSeats(view, current) {
    C.renderSeats(page.id, view.table.players, current);
    if (page.admin && !page.seatsAsked) {
      page.seatsAsked = true;
      C.seatCodes(page.id);
    }
  }

  function renderCharts(charts) {
    const box = document.getElementById("charts");
    box.hidden = !charts.length;
    C.mount(
      box,
      charts.map((chart, i) => C.h(C.Fragment, { key: chart.title + " " + i }, C.chart(chart))),
    );
  }

  /* Who answered a log line: a seat's phone, the tablet, the die reader, the keypad… */
  function answeredBy(by) {
    if (by.kind === "several") return by.by.map(answeredBy).join(" + ");
    return C.t("ui.by." + by.kind, by.kind === "seat" ? { seat: seatName(by.seat) } : {});
  }

  function logLine(entry) {
    const line = entry.line;
    const classes = [entry.fix ? "fix" : "", entry.undone ? "undone" : ""].join(" ").trim();
    const said =
      C.t(line.key, C.wordParams(line.params)) +
      (line.then ? " — " + C.t(line.then.key, C.wordParams(line.then.params)) : "") +
      (line.also || []).map((also) => " — " + C.t(also.key, C.wordParams(also.params))).join("");
    // the tablet shows a long line in four (companion.css): the whole of it is its title
    return C.h(
      "li",
      { key: entry.version, "data-version": entry.version, class: classes || null, title: said },
      C.h("span", { class: "v", text: "#" + entry.version }),
      entry.fix ? C.h("strong", { class: "fix-mark", text: C.t("core.fix") + " — " }) : "",
      said,
      entry.by ? C.h("span", { class: "by muted", text: " · " + answeredBy(entry.by) }) : null,
    );
  }

  /* Newest first; each line keeps its node (keyed by version), only its "undone" mark
     changes, so a long evening's log is not redrawn on every roll. */
  function renderLog() {
    C.mount(document.getElementById("log"), page.log.slice().reverse().map(logLine));
  }

  function confirmUndo() {
    const last = page.log.filter((l) => l.kind === "action" && !l.undone).pop();
    const yes = () =>
      C.sendAndClose(() =>
        C.post(
          `/api/tables/${page.id}/undo`,
          { expected_version: page.version, idempotency_key: C.key() },
          3,
        ),
      );
    C.openDialog(() =>
      C.h(
        "form",
        { method: "dialog", class: "stack" },
        C.h("h2", { text: C.t("ui.undo_confirm") }),
        last ? C.h("p", { text: C.t(last.line.key, C.wordParams(last.line.params)) }) : null,
        // every screen has shown the result: undoing reopens the game, not the secrets
        page.view.table.ended
          ? C.h("p", {
              class: "banner alarm",
              id: "undo-after-end",
              text: C.t("ui.undo_after_end"),
            })
          : null,
        C.h(
          "div",
          { class: "row" },
          C.h(
            "button",
            { type: "button", class: "danger big", id: "undo-yes", onclick: yes },
            C.t("ui.undo"),
          ),
          C.h("button", { type: "button", class: "big", onclick: C.closeDialog }, C.t("ui.cancel")),
        ),
      ),
    );
  }
})(window.Companion);
