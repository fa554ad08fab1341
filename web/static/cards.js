// @ts-check
/* Tagged cards on the pages: naming an unknown tag once (from the game's own list of cards,
   or in words for a game without one), and a scanned card filling in the form the table
   asks for — opened with the card's values, for the player to check and send. */

import { openForm } from "./actions.js";
import { closeDialog, okCancel, openDialog, sendAndClose } from "./forms.js";
import { post, t, toast, wordParams } from "./shell.js";
import { act } from "./table.js";
import { h } from "./widgets.js";

function label(face) {
  return face.label ? t(face.label.key, wordParams(face.label.params)) : face.name;
}

export function askCard(tableId, uid, faces) {
  const card = { name: faces && faces.length ? faces[0].name : "" };
  const pick = (event) => {
    card.name = event.target.value;
  };
  const field =
    faces && faces.length
      ? h(
          "select",
          { required: true, "aria-label": t("ui.card_name"), onchange: pick },
          faces.map((face) => h("option", { value: face.name }, label(face))),
        )
      : h("input", {
          type: "text",
          maxlength: 40,
          required: true,
          "aria-label": t("ui.card_name"),
          oninput: pick,
        });
  const submit = (event) => {
    event.preventDefault();
    sendAndClose(() => post(`/api/tables/${tableId}/cards`, { uid, card: card.name }));
  };
  openDialog(() =>
    h(
      "form",
      { class: "stack", onsubmit: submit },
      h("h2", { text: t("ui.card_unknown") }),
      h("label", { class: "param" }, t("ui.card_name"), field),
      okCancel(),
    ),
  );
}

/* "admin" pages fill the table's forms; a seat's page fills its own (a secret one too). */
export function cardScanned(data, mayFill) {
  const name = data.label ? label(data) : data.card;
  toast(t("ui.card_scanned", { card: name }), true);
  if (!data.fill || !mayFill(data.fill)) return;
  if (Object.keys(data.fill.params).length) {
    openForm(data.fill);
    return;
  }
  // A card with nothing to fill in is still only proposed: the player sends it.
  const game = document.body.dataset.game;
  const send = () => sendAndClose(() => act({ type: data.fill.type, seat: data.fill.seat }));
  openDialog(() =>
    h(
      "div",
      { class: "stack" },
      h("h2", { text: t(`action.${game}.${data.fill.type}`) }),
      h(
        "div",
        { class: "row" },
        h("button", { type: "button", class: "primary big", onclick: send }, t("ui.ok")),
        h("button", { type: "button", class: "big", onclick: closeDialog }, t("ui.cancel")),
      ),
    ),
  );
}
