/* The dice area of the table page: what was thrown (kept across changes: the table wants to
   see it), what the keypad has typed so far, the dice the prompt asks for and whose they
   are, and the ways this screen may answer (roll, type the faces, bring the reader here).
   One drawing from `dice` below and the page's view; every event only changes `dice`. */
"use strict";
(function (C) {
  const dice = {
    roll: null,
    typed: null,
    rolling: false,
    elsewhere: false,
    offerReader: false,
    activeId: null,
  };

  C.drawDice = function () {
    const area = document.getElementById("dice-area");
    const page = C.page;
    if (!area || !page.view) return;
    area.classList.toggle("rolling", dice.rolling);
    const prompt = page.view.prompt;
    C.mount(
      area,
      C.h(
        C.Fragment,
        {},
        typedRow(),
        rolledRow(),
        dice.rolling && !dice.roll
          ? C.h("span", { class: "prompt", text: C.t("ui.rolling") })
          : null,
        prompt && prompt.kind === "dice" ? asked(page, prompt) : null,
        page.admin ? readerLine(page) : null,
        dice.offerReader ? readerButton(page) : null,
      ),
    );
    C.applyLink();
  };

  /* A change of the table: what the keypad typed and "rolling" are over. */
  C.settleDice = function () {
    Object.assign(dice, { typed: null, rolling: false });
    C.drawDice();
  };
  C.showRoll = function (roll) {
    Object.assign(dice, { roll, rolling: false });
    C.drawDice();
  };
  C.showRolling = function () {
    dice.rolling = true;
    C.drawDice();
  };
  C.showKeypad = function (data) {
    dice.typed = data.typed.length ? data : null;
    C.drawDice();
  };
  /* Hardware input goes to one table: offer to bring it here when it is elsewhere. */
  C.showActive = function (activeId, admin, tableId) {
    dice.activeId = activeId;
    dice.elsewhere = admin && !!activeId && activeId !== tableId;
    dice.offerReader = admin && activeId !== tableId;
    C.drawDice();
  };

  function typedRow() {
    if (!dice.typed) return null;
    return C.h(
      "div",
      { class: "row typed" },
      C.h("span", { text: C.t("ui.typed") }),
      dice.typed.typed.map((face, i) => C.die(dice.typed.dice[i], face)),
    );
  }

  function rolledRow() {
    const roll = dice.roll;
    if (!roll) return null;
    return C.h(
      "div",
      { class: "row rolled", "aria-live": "polite", "data-free": roll.free ? "yes" : "no" },
      roll.dice.map((d) => C.die(d.die, d.face)),
      roll.free ? C.h("span", { class: "muted", text: C.t("ui.free_roll") }) : null,
      // whose throw it was: it stays on screen after the table moved on
      !roll.free && roll.of && roll.of.length
        ? C.h("span", {
            class: "muted throw-of",
            text: C.t("ui.throw_of", { names: roll.of.map(C.seatName).join(", ") }),
          })
        : null,
      roll.pending ? C.h("span", { class: "muted", text: C.t("ui.press_confirm") }) : null,
    );
  }

  /* Where the hardware goes, said on the tablet whichever table it feeds. */
  function readerLine(page) {
    const here = dice.activeId === page.id;
    return C.h("p", {
      class: "muted",
      id: "reader-where",
      "data-here": here ? "yes" : "no",
      text: C.t(here ? "ui.reader_here" : dice.activeId ? "ui.reader_elsewhere" : "ui.reader_free"),
    });
  }

  /* Another table's tablet asks for the hardware: this tablet (the one it feeds) sees who
     asks and gives it with one tap, or keeps it. */
  C.askForReader = function (tableId, ask) {
    const give = () =>
      C.sendAndClose(() => C.post(`/api/tables/${tableId}/active/give`, { table: ask.table }));
    C.openDialog(() =>
      C.h(
        "form",
        { method: "dialog", class: "stack", id: "reader-ask" },
        C.h("h2", { text: C.t("ui.reader_ask", { game: C.t("game." + ask.game) }) }),
        C.h("p", { text: ask.players.join(", ") }),
        C.h(
          "div",
          { class: "row" },
          C.h(
            "button",
            { type: "button", class: "primary big", id: "reader-give", onclick: give },
            C.t("ui.reader_give"),
          ),
          C.h(
            "button",
            { type: "button", class: "big", id: "reader-keep", onclick: C.closeDialog },
            C.t("ui.reader_keep"),
          ),
        ),
      ),
    );
  };

  function readerButton(page) {
    const bring = () =>
      C.post(`/api/tables/${page.id}/active`, {})
        .then((reply) => reply.asked && C.toast(C.t("ui.reader_asked"), true))
        .catch((e) => C.toast(e.message));
    return C.h(
      "button",
      { type: "button", id: "use-reader", class: "big", onclick: bring },
      C.t("ui.use_reader"),
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
      C.h(
        "div",
        { class: "row", id: "asked-dice" },
        prompt.dice.map((k, i) =>
          C.h(
            "span",
            { class: "badge" },
            C.t("die." + k) + (owners ? " — " + C.seatName(owners[i]) : ""),
          ),
        ),
      ),
      owners ? partsRow(page, prompt) : null,
      page.admin && dice.elsewhere
        ? C.h("p", { class: "banner", id: "elsewhere", text: C.t("ui.elsewhere") })
        : null,
      mine.length ? answers(page, prompt, mine) : null,
    ];
  }

  function partsRow(page, prompt) {
    const parts = page.view.table.dice_parts;
    const count = parts ? parts.in : 0;
    return C.h(
      "div",
      { class: "row", id: "dice-parts", "data-in": count },
      C.h("span", { text: C.t("ui.dice_parts", { in: count, of: prompt.dice.length }) }),
      (parts ? parts.faces : []).map((face, i) =>
        face === null ? null : C.die(prompt.dice[i], face),
      ),
    );
  }

  function answers(page, prompt, mine) {
    const owners = prompt.owners;
    const roll = () => C.post(`/api/tables/${page.id}/roll`, {}).catch((e) => C.toast(e.message));
    const rollButton =
      !owners || page.admin
        ? C.h(
            "button",
            { type: "button", class: "primary big", id: "virtual-roll", onclick: roll },
            C.t("ui.roll"),
          )
        : null;
    if (!owners) {
      const typeThem = () =>
        C.openForm({
          type: prompt.action.type,
          seat: prompt.action.seat,
          params: { dice: { kind: "dice", dice: prompt.dice } },
        });
      return [rollButton, typeButton(C.t("ui.type_dice"), typeThem)];
    }
    const parts = page.view.table.dice_parts;
    const kinds = mine
      .filter((i) => (page.admin ? !(parts && parts.faces[i] !== null) : true))
      .map((i) => prompt.dice[i]);
    const label = page.admin ? C.t("ui.type_dice") : C.t("ui.throw_mine");
    return [rollButton, kinds.length ? typeButton(label, () => typeDice(page, kinds)) : null];
  }

  function typeButton(label, onclick) {
    return C.h("button", { type: "button", class: "big", id: "type-dice", onclick }, label);
  }

  /* A dialog of dice to type: `send` gets the faces once every die has one. */
  function diceDialog(page, title, kinds, send) {
    let redraw = () => {};
    const form = C.formState(
      page.game,
      { dice: { kind: "dice", dice: kinds } },
      page.view.table.players,
      () => redraw(),
    );
    const submit = (event) => {
      event.preventDefault();
      if (form.values.dice.some((face) => face === null)) {
        C.toast(C.t("error.wrong_dice_count", { expected: kinds.length }));
        return;
      }
      C.sendAndClose(() => send(form.values.dice));
    };
    redraw = C.openDialog(() =>
      C.h(
        "form",
        { class: "stack", onsubmit: submit },
        C.h("h2", { text: title }),
        C.paramControl(form, "dice", { kind: "dice", dice: kinds }),
        C.okCancel(),
      ),
    );
  }

  /* Dice of a prompt answered die by die: this screen's own dice, typed, go in as a throw. */
  function typeDice(page, kinds) {
    const shown = page.version; // the prompt's moment: a die for one that passed is refused
    diceDialog(page, C.t("ui.type_dice"), kinds, (faces) =>
      C.post(
        `/api/tables/${page.id}/dice`,
        { dice: kinds.map((die, i) => ({ die, face: faces[i] })), expected_version: shown },
        3,
      ),
    );
  }

  /* A misread roll: the tablet types the faces that really showed. */
  C.correctRoll = function (fix) {
    const page = C.page;
    diceDialog(page, C.t("ui.correct"), fix.dice, (faces) =>
      C.post(
        `/api/tables/${page.id}/correct`,
        { dice: faces, expected_version: page.version, idempotency_key: C.key() },
        3,
      ),
    );
  };
})(window.Companion);
