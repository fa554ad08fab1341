/* Tagged cards on the pages: naming an unknown tag once (from the game's own list of cards,
   or in words for a game without one), and a scanned card filling in the form the table
   asks for — opened with the card's values, for the player to check and send. */
"use strict";
(function (C) {
  function label(face) {
    return face.label ? C.t(face.label.key, C.wordParams(face.label.params)) : face.name;
  }

  C.askCard = function (tableId, uid, faces) {
    const card = { name: faces && faces.length ? faces[0].name : "" };
    const pick = (event) => {
      card.name = event.target.value;
    };
    const field =
      faces && faces.length
        ? C.h(
            "select",
            { required: true, "aria-label": C.t("ui.card_name"), onchange: pick },
            faces.map((face) => C.h("option", { value: face.name }, label(face))),
          )
        : C.h("input", {
            type: "text",
            maxlength: 40,
            required: true,
            "aria-label": C.t("ui.card_name"),
            oninput: pick,
          });
    const submit = (event) => {
      event.preventDefault();
      C.sendAndClose(() => C.post(`/api/tables/${tableId}/cards`, { uid, card: card.name }));
    };
    C.openDialog(() =>
      C.h(
        "form",
        { class: "stack", onsubmit: submit },
        C.h("h2", { text: C.t("ui.card_unknown") }),
        C.h("label", { class: "param" }, C.t("ui.card_name"), field),
        C.okCancel(),
      ),
    );
  };

  /* "admin" pages fill the table's forms; a seat's page fills its own (a secret one too). */
  C.cardScanned = function (data, mayFill) {
    const name = data.label ? label(data) : data.card;
    C.toast(C.t("ui.card_scanned", { card: name }), true);
    if (!data.fill || !mayFill(data.fill)) return;
    if (Object.keys(data.fill.params).length) {
      C.openForm(data.fill);
      return;
    }
    // A card with nothing to fill in is still only proposed: the player sends it.
    const game = document.body.dataset.game;
    const send = () => C.sendAndClose(() => C.act({ type: data.fill.type, seat: data.fill.seat }));
    C.openDialog(() =>
      C.h(
        "div",
        { class: "stack" },
        C.h("h2", { text: C.t(`action.${game}.${data.fill.type}`) }),
        C.h(
          "div",
          { class: "row" },
          C.h("button", { type: "button", class: "primary big", onclick: send }, C.t("ui.ok")),
          C.h("button", { type: "button", class: "big", onclick: C.closeDialog }, C.t("ui.cancel")),
        ),
      ),
    );
  };
})(window.Companion);
