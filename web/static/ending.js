// @ts-check
/* What cannot be taken back, on the page: the end of a game and access that ends.
   - When the game is over every screen shows the result (the game's panel) and, once the
     tablet has closed the game, the published seed; until then the tablet can still undo
     or correct the last entries and offers "Close the game".
   - When the server ends this page's access (seat re-issued, private page locked or
     expired) the page wipes every secret from its screen and says why. */

import { closeDialog, openDialog, sendAndClose } from "./forms.js";
import { t } from "./shell.js";
import { Fragment, h, mount, unmount } from "./widgets.js";

/* The seed line, and the tablet's "Close the game". The tablet shows the seed as a short
   status in its header (the whole line in its title), so the prompt bar keeps its room
   for what the table does next; a phone shows it under the headline. */
export function renderEnd(view, admin, post) {
  const box = document.getElementById("table-end");
  if (!box) return;
  const table = view.table;
  const text = table.closed
    ? t("ui.seed_published", { seed: table.seed })
    : t("ui.seed_hash", { hash: table.seed_hash });
  const status = document.getElementById("seed-status");
  const line = h("p", { id: "seed-line", class: "muted seed", text, title: text });
  if (status) mount(status, line);
  mount(
    box,
    h(
      Fragment,
      {},
      status ? null : line,
      admin && table.ended && !table.closed
        ? h(
            "button",
            {
              type: "button",
              id: "close-game",
              class: "primary big",
              onclick: () => confirmClose(post),
            },
            t("ui.close_game"),
          )
        : null,
    ),
  );
}

function confirmClose(post) {
  openDialog(() =>
    h(
      "form",
      { method: "dialog", class: "stack" },
      h("h2", { text: t("ui.close_game") }),
      h("p", { text: t("ui.close_confirm") }),
      h(
        "div",
        { class: "row" },
        h(
          "button",
          {
            type: "button",
            class: "primary big",
            id: "close-yes",
            onclick: () => sendAndClose(post),
          },
          t("ui.close_game"),
        ),
        h("button", { type: "button", class: "big", onclick: closeDialog }, t("ui.cancel")),
      ),
    ),
  );
}

/* The server closed this page's access: nothing of the seat stays on screen. */
export function wipe(reason, tableId) {
  const ids = ["board", "actions", "log", "charts", "prompt-actions", "dice-area", "table-end"];
  for (const id of ids) {
    const node = document.getElementById(id);
    if (node) unmount(node);
  }
  for (const id of ["prompt", "turn"]) {
    const node = document.getElementById(id);
    if (node) node.textContent = "";
  }
  const dialog = /** @type {HTMLDialogElement} */ (document.getElementById("dialog"));
  if (dialog && dialog.open) dialog.close();
  if (dialog) unmount(dialog);
  const known = ["reissued", "locked", "expired", "deleted"].includes(reason) ? reason : "reissued";
  const back =
    known === "deleted"
      ? h("a", { class: "button big", href: "/" }, t("ui.home"))
      : h("a", { class: "button big", href: "/table/" + tableId }, t("ui.back_to_table"));
  const main = document.getElementById("main");
  main.replaceChildren();
  mount(
    main,
    h(
      "section",
      { class: "narrow center", id: "revoked" },
      h("p", { class: "banner alarm", role: "alert", text: t("ui.revoked." + known) }),
      back,
    ),
  );
}
