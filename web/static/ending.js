/* What cannot be taken back, on the page: the end of a game and access that ends.
   - When the game is over every screen shows the result (the game's panel) and, once the
     tablet has closed the game, the published seed; until then the tablet can still undo
     or correct the last entries and offers "Close the game".
   - When the server ends this page's access (seat re-issued, private page locked or
     expired) the page wipes every secret from its screen and says why. */
"use strict";
window.Companion = window.Companion || {};
(function (C) {
  /* The seed line, and the tablet's "Close the game". The tablet shows the seed as a short
     status in its header (the whole line in its title), so the prompt bar keeps its room
     for what the table does next; a phone shows it under the headline. */
  C.renderEnd = function (view, admin, post) {
    const box = document.getElementById("table-end");
    if (!box) return;
    const table = view.table;
    const text = table.closed
      ? C.t("ui.seed_published", { seed: table.seed })
      : C.t("ui.seed_hash", { hash: table.seed_hash });
    const status = document.getElementById("seed-status");
    const line = C.h("p", { id: "seed-line", class: "muted seed", text, title: text });
    if (status) C.mount(status, line);
    C.mount(
      box,
      C.h(
        C.Fragment,
        {},
        status ? null : line,
        admin && table.ended && !table.closed
          ? C.h(
              "button",
              {
                type: "button",
                id: "close-game",
                class: "primary big",
                onclick: () => confirmClose(post),
              },
              C.t("ui.close_game"),
            )
          : null,
      ),
    );
  };

  function confirmClose(post) {
    C.openDialog(() =>
      C.h(
        "form",
        { method: "dialog", class: "stack" },
        C.h("h2", { text: C.t("ui.close_game") }),
        C.h("p", { text: C.t("ui.close_confirm") }),
        C.h(
          "div",
          { class: "row" },
          C.h(
            "button",
            {
              type: "button",
              class: "primary big",
              id: "close-yes",
              onclick: () => C.sendAndClose(post),
            },
            C.t("ui.close_game"),
          ),
          C.h("button", { type: "button", class: "big", onclick: C.closeDialog }, C.t("ui.cancel")),
        ),
      ),
    );
  }

  /* The server closed this page's access: nothing of the seat stays on screen. */
  C.wipe = function (reason, tableId) {
    const ids = ["board", "actions", "log", "charts", "prompt-actions", "dice-area", "table-end"];
    for (const id of ids) {
      const node = document.getElementById(id);
      if (node) C.unmount(node);
    }
    for (const id of ["prompt", "turn"]) {
      const node = document.getElementById(id);
      if (node) node.textContent = "";
    }
    const dialog = document.getElementById("dialog");
    if (dialog && dialog.open) dialog.close();
    if (dialog) C.unmount(dialog);
    const known = ["reissued", "locked", "expired", "deleted"].includes(reason)
      ? reason
      : "reissued";
    const back =
      known === "deleted"
        ? C.h("a", { class: "button big", href: "/" }, C.t("ui.home"))
        : C.h("a", { class: "button big", href: "/table/" + tableId }, C.t("ui.back_to_table"));
    const main = document.getElementById("main");
    main.replaceChildren();
    C.mount(
      main,
      C.h(
        "section",
        { class: "narrow center", id: "revoked" },
        C.h("p", { class: "banner alarm", role: "alert", text: C.t("ui.revoked." + known) }),
        back,
      ),
    );
  };
})(window.Companion);
