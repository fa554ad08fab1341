/* The page shell: words, the API, the live stream, and the parts every game shares (turn,
   prompt, dice, actions, log, undo, seats). Game panels draw only their own board. */
"use strict";
window.Companion = window.Companion || {};
(function (C) {
  const body = document.body;
  C.words = {};
  C.panels = {};
  C.registerPanel = (game, panel) => {
    C.panels[game] = panel;
  };
  C.t = function (key, params) {
    const text = C.words[key];
    return text === undefined ? key : C.render(text, params);
  };
  C.lang = body.dataset.lang || "en";

  function cookie(name) {
    const hit = document.cookie.split("; ").find((part) => part.startsWith(name + "="));
    return hit ? decodeURIComponent(hit.slice(name.length + 1)) : "";
  }
  function key() {
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  /* POST JSON with the CSRF header; a lost reply is retried with the same idempotency key,
     so a phone that retries never pays twice. */
  C.post = async function (path, data, retries) {
    const payload = JSON.stringify(data || {});
    const once = (data && data.idempotency_key) || key(); // every change, answered once
    const headers = {
      "Content-Type": "application/json",
      "X-CSRF-Token": cookie("tc_csrf"),
      "Idempotency-Key": once,
    };
    if (body.dataset.seat !== undefined) headers["X-Companion-View"] = "seat";
    for (let attempt = 0; ; attempt++) {
      try {
        const reply = await fetch(path, {
          method: "POST",
          credentials: "same-origin",
          headers,
          body: payload,
        });
        const json = await reply.json().catch(() => ({}));
        if (!reply.ok)
          throw Object.assign(new Error((json.error || {}).message || reply.statusText), {
            status: reply.status,
            code: (json.error || {}).code,
          });
        return json;
      } catch (error) {
        if (error.status) throw error;
        if (attempt >= (retries || 0)) {
          // the companion could not be reached: a table change waits to be sent, anything
          // else says so in the page's language (never the browser's "Failed to fetch")
          C.setLink(false);
          if (C.keepForLater(path, payload, headers)) return { queued: true };
          throw Object.assign(new Error(C.t("ui.unreachable")), { unreachable: true });
        }
        await new Promise((r) => setTimeout(r, 400 * (attempt + 1)));
      }
    }
  };
  C.get = async function (path) {
    let reply;
    try {
      reply = await fetch(path, { credentials: "same-origin" });
    } catch (error) {
      C.setLink(false);
      throw new Error(C.t("ui.unreachable"));
    }
    if (!reply.ok) throw new Error(reply.statusText);
    return reply.json();
  };
  C.toast = function (message, ok) {
    const box = document.getElementById("toast");
    box.textContent = message;
    box.className = "toast" + (ok ? " ok" : "");
    box.hidden = false;
    clearTimeout(C.toastTimer);
    C.toastTimer = setTimeout(() => {
      box.hidden = true;
    }, 4500);
  };

  async function loadWords() {
    const game = body.dataset.game ? `?game=${encodeURIComponent(body.dataset.game)}` : "";
    C.words = await C.get(`/api/i18n/${C.lang}.json${game}`);
  }

  function chrome() {
    const theme = localStorage.getItem("tc-theme") || "theme-dark";
    body.classList.remove("theme-dark", "theme-light");
    body.classList.add(theme);
    document.getElementById("theme-toggle").addEventListener("click", () => {
      const next = body.classList.contains("theme-dark") ? "theme-light" : "theme-dark";
      body.classList.remove("theme-dark", "theme-light");
      body.classList.add(next);
      localStorage.setItem("tc-theme", next);
    });
    document.getElementById("lang-select").addEventListener("change", async (event) => {
      await C.post("/api/language", { lang: event.target.value });
      location.reload();
    });
  }

  /* ---------------------------------------------------------------- the table page */
  const page = { view: null, log: [], version: 0, stream: null, rolling: null };
  C.page = page;

  C.tablePage = async function () {
    chrome();
    await loadWords();
    page.id = body.dataset.table;
    page.game = body.dataset.game;
    page.admin = body.dataset.admin === "yes";
    const undo = document.getElementById("undo");
    if (undo) undo.addEventListener("click", confirmUndo);
    connect();
    watchStream();
    if (body.dataset.onTablet === "yes") privateOnTablet();
    C.soundToggle();
    if (page.admin) showActive((await C.get("/api/health")).active_table);
    if (page.admin) catalogueTools();
    if (page.admin) C.watchDevices(() => (page.view ? page.view.table.players : []));
  };

  /* A game that keeps a card catalogue (companion/catalogue.py): the tablet exports it as a
     file and imports one a club shares. */
  async function catalogueTools() {
    try {
      await C.get(`/api/tables/${page.id}/catalogue`);
    } catch (error) {
      return;
    }
    const input = C.h("input", {
      type: "file",
      accept: "application/json,.json",
      id: "catalogue-file",
      "aria-label": C.t("ui.catalogue_import"),
    });
    input.addEventListener("change", async () => {
      const chosen = input.files[0];
      if (!chosen) return;
      try {
        const reply = await C.post(`/api/tables/${page.id}/catalogue`, {
          file: JSON.parse(await chosen.text()),
        });
        C.toast(C.t("ui.catalogue_imported", reply), true);
      } catch (error) {
        C.toast(error instanceof SyntaxError ? C.t("error.catalogue_bad_file") : error.message);
      }
      input.value = "";
    });
    const box = C.h(
      "section",
      { class: "log-box catalogue", id: "catalogue" },
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
      C.h("label", { class: "param" }, C.t("ui.catalogue_import"), input),
    );
    const side = document.querySelector(".side");
    if (side) side.appendChild(box);
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

  /* Hardware input goes to one table: offer to bring it here when it is elsewhere. */
  function showActive(activeId) {
    const area = document.getElementById("dice-area");
    document.querySelectorAll("#use-reader").forEach((b) => b.remove());
    page.elsewhere = page.admin && !!activeId && activeId !== page.id;
    if (page.view) renderDicePrompt(page.view.prompt);
    if (!page.admin || activeId === page.id) return;
    area.parentElement.appendChild(
      C.h(
        "button",
        {
          type: "button",
          id: "use-reader",
          class: "big",
          onclick: () =>
            C.post(`/api/tables/${page.id}/active`, {}).catch((e) => C.toast(e.message)),
        },
        C.t("ui.use_reader"),
      ),
    );
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
    source.addEventListener("state", (event) => showState(JSON.parse(event.data)));
    source.addEventListener("patch", (event) => {
      const data = JSON.parse(event.data);
      if (!page.view || page.view.table.version !== data.base) {
        // a gap, or nothing to patch: start again from the whole view
        source.close();
        if (page.stream === source) connect();
        return;
      }
      const current = { ...page.view, table: { ...page.view.table } };
      delete current.table.dice_parts; // not game state: any change clears them
      showState({ view: C.mergePatch(current, data.patch), log: data.log });
    });
    function showState(data) {
      if (data.devices) showDevices(data.devices);
      const fresh = data.log.filter((line) => line.version > page.version || !page.log.length);
      const undone = new Set(
        data.log
          .filter((l) => l.kind === "undo" || l.kind === "correction")
          .map((l) => l.line.params.version),
      );
      page.log = page.log
        .filter((l) => l.version < (fresh[0] || { version: Infinity }).version)
        .concat(fresh);
      page.log.forEach((l) => {
        if (undone.has(l.version)) l.undone = true;
      });
      page.version = data.view.table.version;
      page.view = data.view;
      render();
    }
    source.addEventListener("devices", (event) => showDevices(JSON.parse(event.data).devices));
    source.addEventListener("roll", (event) => showRoll(JSON.parse(event.data)));
    source.addEventListener("moving", () => showRolling());
    source.addEventListener("tilt", (event) =>
      C.toast(C.t("ui.tilt", { die: C.t("die." + JSON.parse(event.data).die) })),
    );
    source.addEventListener("keypad", (event) => showKeypad(JSON.parse(event.data)));
    source.addEventListener("dice_parts", (event) => {
      page.view.table.dice_parts = JSON.parse(event.data);
      renderDicePrompt(page.view.prompt);
    });
    source.addEventListener("input_error", (event) => C.toast(C.refusal(JSON.parse(event.data))));
    source.addEventListener("undo_requested", () => {
      if (page.admin) confirmUndo();
    });
    source.addEventListener("card_unknown", (event) => {
      const data = JSON.parse(event.data);
      if (page.admin) C.askCard(page.id, data.uid, data.faces);
    });
    source.addEventListener("card", (event) =>
      C.cardScanned(JSON.parse(event.data), (fill) =>
        fill.secret
          ? body.dataset.seat !== undefined
          : page.admin || String(fill.seat) === body.dataset.seat,
      ),
    );
    source.addEventListener("active", (event) => showActive(JSON.parse(event.data).table));
    source.addEventListener("seats", () => {
      if (page.admin) C.seatCodes(page.id);
    });
    source.addEventListener("revoked", (event) => {
      source.close();
      page.stream = null; // never reconnect with a credential the server ended
      page.view = null;
      page.log = [];
      C.wipe(JSON.parse(event.data).reason, page.id);
    });
    source.addEventListener("alarm", (event) => {
      const data = JSON.parse(event.data);
      const main = document.getElementById("main");
      main.prepend(
        C.h("div", { class: "banner alarm", role: "alert", text: C.t("ui.history_lost", data) }),
      );
    });
  }

  function showDevices(devices) {
    C.showDevices(devices); // devices.js: the badge and the Devices panel
  }

  function seatName(seat) {
    return seat === null || seat === undefined ? C.t("ui.table") : page.view.table.players[seat];
  }
  C.seatName = (seat) => seatName(seat);

  function render() {
    const view = page.view;
    const promptBox = document.getElementById("prompt");
    const turn = document.getElementById("turn");
    const prompt = view.prompt;
    // The headline is the game's turn; the prompt line says who must act now (the
    // left-hand opponent rolling for a surveillance test, say).
    const current = Number.isInteger(view.state.turn) ? view.state.turn : view.table.current_seat;
    turn.textContent = C.turnLine(view, current);
    promptBox.textContent = prompt
      ? C.t(prompt.why.key, C.wordParams(prompt.why.params)) +
        (prompt.kind === "secret"
          ? " — " + C.t("ui.waiting_for", { names: prompt.seats.map(seatName).join(", ") || "—" })
          : "")
      : "";
    renderDicePrompt(prompt);
    renderBoard(view);
    C.renderActions(page, view, current);
    C.noticeTurn(view, current);
    renderSeats(view, current);
    if (view.table.ended) document.querySelectorAll("#join-drawer").forEach((d) => d.remove()); // nobody joins a finished game
    C.renderFinal(page, view);
    renderCharts(view.state.charts || []);
    renderLog();
    const undo = document.getElementById("undo");
    // the end is a moment the table confirms: the last entries stay correctable
    if (undo) undo.hidden = !(page.admin && view.table.can_undo);
    C.renderEnd(view, page.admin, () =>
      C.post(`/api/tables/${page.id}/close`, { idempotency_key: key() }, 3),
    );
    const fix = view.table.correctable;
    document.querySelectorAll("#correct").forEach((b) => b.remove());
    if (undo && fix)
      undo.after(
        C.h(
          "button",
          { type: "button", id: "correct", class: "small", onclick: () => correctRoll(fix) },
          C.t("ui.correct"),
        ),
      );
    C.applyLink();
  }

  /* A misread roll: the tablet types the faces that really showed. */
  function correctRoll(fix) {
    const dialog = document.getElementById("dialog");
    const values = {};
    const form = C.h(
      "form",
      { class: "stack" },
      C.h("h2", { text: C.t("ui.correct") }),
      C.paramControl(
        page.game,
        "dice",
        { kind: "dice", dice: fix.dice },
        values,
        page.view.table.players,
      ),
      C.h(
        "div",
        { class: "row" },
        C.h("button", { type: "submit", class: "primary big" }, C.t("ui.ok")),
        C.h(
          "button",
          { type: "button", class: "big", onclick: () => dialog.close() },
          C.t("ui.cancel"),
        ),
      ),
    );
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        await C.post(
          `/api/tables/${page.id}/correct`,
          { dice: values.dice, expected_version: page.version, idempotency_key: key() },
          3,
        );
        dialog.close();
      } catch (error) {
        C.toast(error.message);
      }
    });
    dialog.replaceChildren(form);
    dialog.showModal();
  }

  function renderBoard(view) {
    const box = document.getElementById("board");
    const panel = C.panels[page.game];
    box.replaceChildren();
    if (!panel) return;
    try {
      box.appendChild(
        panel.render(view.state, {
          t: C.t,
          seat: view.viewer.seat,
          h: C.h,
          s: C.s,
          die: C.die,
          number: C.number,
          money: C.money,
          chart: C.chart,
          players: view.table.players,
          view: view,
        }),
      );
    } catch (error) {
      box.appendChild(C.h("p", { class: "banner alarm", text: C.t("ui.board_error") }));
      console.error(error);
    }
  }

  function renderDicePrompt(prompt) {
    const area = document.getElementById("dice-area");
    area.replaceChildren();
    if (page.lastRoll) area.appendChild(page.lastRoll);
    if (!prompt || prompt.kind !== "dice") return;
    // A prompt says whose it is; when its dice belong to different people each die names
    // its thrower, and this screen offers only the dice it may throw.
    const owners = prompt.owners;
    const seat = page.view.viewer.seat;
    const mine = prompt.dice
      .map((_, i) => i)
      .filter((i) => page.admin || (owners ? owners[i] === seat : prompt.seat === seat));
    area.appendChild(
      C.h(
        "div",
        { class: "row", id: "asked-dice" },
        prompt.dice.map((k, i) =>
          C.h(
            "span",
            { class: "badge" },
            C.t("die." + k) + (owners ? " — " + seatName(owners[i]) : ""),
          ),
        ),
      ),
    );
    const parts = page.view.table.dice_parts;
    if (owners) {
      area.appendChild(
        C.h(
          "div",
          { class: "row", id: "dice-parts", "data-in": parts ? parts.in : 0 },
          C.h("span", {
            text: C.t("ui.dice_parts", { in: parts ? parts.in : 0, of: prompt.dice.length }),
          }),
          (parts ? parts.faces : []).map((face, i) =>
            face === null ? null : C.die(prompt.dice[i], face),
          ),
        ),
      );
    }
    if (page.admin && page.elsewhere)
      area.appendChild(C.h("p", { class: "banner", id: "elsewhere", text: C.t("ui.elsewhere") }));
    if (!mine.length) return;
    if (!owners || page.admin) {
      area.appendChild(
        C.h(
          "button",
          {
            type: "button",
            class: "primary big",
            id: "virtual-roll",
            onclick: () =>
              C.post(`/api/tables/${page.id}/roll`, {}).catch((e) => C.toast(e.message)),
          },
          C.t("ui.roll"),
        ),
      );
    }
    if (owners) {
      const kinds = mine
        .filter((i) => (page.admin ? !(parts && parts.faces[i] !== null) : true))
        .map((i) => prompt.dice[i]);
      if (kinds.length)
        area.appendChild(
          C.h(
            "button",
            { type: "button", class: "big", id: "type-dice", onclick: () => typeDice(kinds) },
            page.admin ? C.t("ui.type_dice") : C.t("ui.throw_mine"),
          ),
        );
      return;
    }
    area.appendChild(
      C.h(
        "button",
        {
          type: "button",
          class: "big",
          id: "type-dice",
          onclick: () =>
            C.openForm({
              type: prompt.action.type,
              seat: prompt.action.seat,
              params: { dice: { kind: "dice", dice: prompt.dice } },
            }),
        },
        C.t("ui.type_dice"),
      ),
    );
  }

  /* Dice of a prompt answered die by die: this screen's own dice, typed, go in as a throw. */
  function typeDice(kinds) {
    const dialog = document.getElementById("dialog");
    const values = {};
    const form = C.h(
      "form",
      { class: "stack" },
      C.h("h2", { text: C.t("ui.type_dice") }),
      C.paramControl(
        page.game,
        "dice",
        { kind: "dice", dice: kinds },
        values,
        page.view.table.players,
      ),
      C.h(
        "div",
        { class: "row" },
        C.h("button", { type: "submit", class: "primary big" }, C.t("ui.ok")),
        C.h(
          "button",
          { type: "button", class: "big", onclick: () => dialog.close() },
          C.t("ui.cancel"),
        ),
      ),
    );
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (values.dice.some((face) => face === null)) {
        C.toast(C.t("error.wrong_dice_count", { expected: kinds.length }));
        return;
      }
      try {
        await C.post(
          `/api/tables/${page.id}/dice`,
          { dice: kinds.map((die, i) => ({ die, face: values.dice[i] })) },
          3,
        );
        dialog.close();
      } catch (error) {
        C.toast(error.message);
      }
    });
    dialog.replaceChildren(form);
    dialog.showModal();
  }

  function showRolling() {
    const area = document.getElementById("dice-area");
    if (!area) return;
    area.querySelectorAll(".die").forEach((d) => d.classList.add("rolling"));
    if (!area.querySelector(".die"))
      area.appendChild(C.h("span", { class: "prompt", text: C.t("ui.rolling") }));
  }

  function showRoll(roll) {
    const area = document.getElementById("dice-area");
    const shown = C.h(
      "div",
      { class: "row rolled", "aria-live": "polite", "data-free": roll.free ? "yes" : "no" },
      roll.dice.map((d) => C.die(d.die, d.face)),
      roll.free ? C.h("span", { class: "muted", text: C.t("ui.free_roll") }) : null,
      roll.pending ? C.h("span", { class: "muted", text: C.t("ui.press_confirm") }) : null,
    );
    area.querySelectorAll(".rolled").forEach((n) => n.remove());
    area.prepend(shown);
    page.lastRoll = shown; // kept across re-renders: the table wants to see what was thrown
  }

  function showKeypad(data) {
    const area = document.getElementById("dice-area");
    area.querySelectorAll(".typed").forEach((n) => n.remove());
    if (data.typed.length)
      area.prepend(
        C.h(
          "div",
          { class: "row typed" },
          C.h("span", { text: C.t("ui.typed") }),
          data.typed.map((face, i) => C.die(data.dice[i], face)),
        ),
      );
  }

  C.act = async function (action) {
    const reply = await C.post(
      `/api/tables/${page.id}/actions`,
      { action, expected_version: page.version, idempotency_key: key() },
      3,
    );
    return reply;
  };

  /* The seat chips are made once; a change only moves the "current" mark. Their QR codes
     are fetched at start and when a seat joins or is re-issued, not on every change. */
  function renderSeats(view, current) {
    const box = document.getElementById("seats");
    if (!box) return;
    if (!box.dataset.made) {
      box.dataset.made = "yes";
      box.replaceChildren(C.h("h2", { text: C.t("ui.seats") }));
      view.table.players.forEach((name, seat) => {
        box.appendChild(
          C.h(
            "div",
            { class: "seat-chip", "data-seat": seat },
            C.h("strong", { text: name }),
            C.h("span", { class: "qr", id: "qr-" + seat }),
          ),
        );
      });
      if (page.admin) C.seatCodes(page.id);
    }
    box
      .querySelectorAll(".seat-chip")
      .forEach((chip) => chip.classList.toggle("current", Number(chip.dataset.seat) === current));
  }

  function renderCharts(charts) {
    const box = document.getElementById("charts");
    box.replaceChildren();
    box.hidden = !charts.length;
    charts.forEach((chart) => box.appendChild(C.chart(chart)));
  }

  /* A seat number in a parameter becomes the player's name; a word becomes the game's word. */
  C.SEAT_PARAM =
    /^(seat|player|players|opponent|target|victim|defender|attacker|shooter|owner|lender|borrower|payer|payee|rival|ranch|by|first|challenger|seller|winner|loser|faction)$|_seat$/;
  /* A refusal in words, with what the table waits for (companion/refusals.py). */
  C.refusal = function (error) {
    const params = error.params || {};
    const why =
      params.waiting && params.waiting.key
        ? C.t(params.waiting.key, C.wordParams(params.waiting.params))
        : "";
    const names = params.waiting_for;
    const tail =
      names && why
        ? C.t("core.refused_waiting_for", { names, why })
        : names
          ? C.t("core.refused_turn", { names })
          : why
            ? C.t("core.refused_waiting", { why })
            : "";
    return [C.t("error." + error.code, params), tail].filter(Boolean).join(" ");
  };

  C.wordParams = function (params) {
    const out = {};
    for (const [name, value] of Object.entries(params || {})) {
      const players = page.view ? page.view.table.players : [];
      if (typeof value === "number" && C.SEAT_PARAM.test(name) && players[value] !== undefined)
        out[name] = players[value];
      else if (typeof value === "string" && C.words[`value.${page.game}.${value}`] !== undefined)
        out[name] = C.words[`value.${page.game}.${value}`];
      else if (Array.isArray(value)) out[name] = value.join(", ");
      else out[name] = value;
    }
    return out;
  };

  /* Who answered a log line: a seat's phone, the tablet, the die reader, the keypad… */
  function answeredBy(by) {
    if (by.kind === "several") return by.by.map(answeredBy).join(" + ");
    return C.t("ui.by." + by.kind, by.kind === "seat" ? { seat: seatName(by.seat) } : {});
  }

  /* New log lines are added at the top; lines already shown only change their "undone"
     mark (the log of a long evening is not redrawn on every roll). */
  function renderLog() {
    const list = document.getElementById("log");
    const shown = new Map(Array.from(list.children, (li) => [Number(li.dataset.version), li]));
    for (const entry of page.log) {
      let li = shown.get(entry.version);
      if (!li) {
        li = C.h(
          "li",
          { "data-version": entry.version, class: entry.fix ? "fix" : "" },
          C.h("span", { class: "v", text: "#" + entry.version }),
          entry.fix ? C.h("strong", { class: "fix-mark", text: C.t("core.fix") + " — " }) : "",
          C.t(entry.line.key, C.wordParams(entry.line.params)),
          entry.line.then
            ? " — " + C.t(entry.line.then.key, C.wordParams(entry.line.then.params))
            : "",
          (entry.line.also || [])
            .map((also) => " — " + C.t(also.key, C.wordParams(also.params)))
            .join(""),
          entry.by ? C.h("span", { class: "by muted", text: " · " + answeredBy(entry.by) }) : null,
        );
        const after = Array.from(list.children).find(
          (other) => Number(other.dataset.version) < entry.version,
        );
        list.insertBefore(li, after || null);
        shown.set(entry.version, li);
      }
      li.classList.toggle("undone", !!entry.undone);
    }
  }

  async function confirmUndo() {
    const dialog = document.getElementById("dialog");
    const last = page.log.filter((l) => l.kind === "action" && !l.undone).pop();
    dialog.replaceChildren(
      C.h(
        "form",
        { method: "dialog", class: "stack" },
        C.h("h2", { text: C.t("ui.undo_confirm") }),
        last ? C.h("p", { text: C.t(last.line.key, C.wordParams(last.line.params)) }) : null,
        C.h(
          "div",
          { class: "row" },
          C.h(
            "button",
            {
              type: "button",
              class: "danger big",
              id: "undo-yes",
              onclick: async () => {
                try {
                  await C.post(
                    `/api/tables/${page.id}/undo`,
                    { expected_version: page.version, idempotency_key: key() },
                    3,
                  );
                  dialog.close();
                } catch (error) {
                  C.toast(error.message);
                }
              },
            },
            C.t("ui.undo"),
          ),
          C.h(
            "button",
            { type: "button", class: "big", onclick: () => dialog.close() },
            C.t("ui.cancel"),
          ),
        ),
      ),
    );
    dialog.showModal();
  }

  C.loadWords = loadWords;
  C.chrome = chrome;
})(window.Companion);
