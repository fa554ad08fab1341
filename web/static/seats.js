// @ts-check
/* The tablet's seats: one chip per player, its QR code while the seat is not yet joined, a
   new code on request, a PIN for a player without a phone; the joining drawer around them.
   The codes are asked for at start and when a seat joins or is re-issued, not on every
   change: a change only moves the "current" mark. */

import { okCancel, openDialog, sendAndClose } from "./forms.js";
import { applyLink } from "./link.js";
import { get, post, t, toast } from "./shell.js";
import { seatName } from "./table.js";
import { Fragment, h, mount } from "./widgets.js";

const seats = { codes: [], players: [], current: null, tableId: null };

export function renderSeats(tableId, players, current) {
  Object.assign(seats, { tableId, players, current });
  draw();
}

/* Ask the companion for the seats' codes again. */
export async function seatCodes(tableId) {
  let data;
  try {
    data = await get(`/api/tables/${tableId}/seats`);
  } catch (error) {
    return;
  }
  seats.tableId = tableId;
  seats.codes = data.seats;
  draw();
  joinDrawer(data.seats);
}

function draw() {
  const box = document.getElementById("seats");
  if (!box) return;
  const codes = new Map(seats.codes.map((code) => [code.seat, code]));
  mount(
    box,
    h(
      Fragment,
      {},
      h("h2", { text: t("ui.seats") }),
      seats.players.map((name, seat) =>
        h(
          "div",
          {
            class: "seat-chip" + (seat === seats.current ? " current" : ""),
            "data-seat": seat,
            key: seat,
          },
          h("strong", { text: name }),
          h("span", { class: "qr", id: "qr-" + seat }, code(codes.get(seat))),
        ),
      ),
    ),
  );
  applyLink();
}

function code(seat) {
  if (!seat) return null;
  const name = seatName(seat.seat);
  return [
    seat.on_tablet
      ? h(
          "button",
          {
            type: "button",
            class: "small",
            "data-open-private": seat.seat,
            onclick: () => askPin(seat.seat, false),
          },
          t("ui.open_private", { name }),
        )
      : seat.joined
        ? h("span", { class: "badge", text: t("ui.joined") })
        : joinCode(seat, name),
    h(
      "button",
      { type: "button", class: "small", "data-reissue": seat.seat, onclick: () => reissue(seat) },
      t("ui.reissue"),
    ),
  ];
}

function joinCode(seat, name) {
  return h(
    "span",
    { class: "stack" },
    h(
      "a",
      { href: seat.join_url, "aria-label": t("ui.join_link") },
      h("img", {
        src: seat.qr + "?code=" + encodeURIComponent(seat.join_url.split("/").pop()),
        alt: t("ui.qr_for", { name }),
      }),
    ),
    h(
      "button",
      {
        type: "button",
        class: "small",
        "data-keep-on-tablet": seat.seat,
        onclick: () => askPin(seat.seat, true),
      },
      t("ui.no_phone"),
    ),
  );
}

async function reissue(seat) {
  if (!confirm(t("ui.reissue_confirm"))) return;
  try {
    await post(`/api/tables/${seats.tableId}/seats/${seat.seat}/reissue`, {});
    seatCodes(seats.tableId);
  } catch (error) {
    toast(error.message);
  }
}

/* Joining lives in a drawer: open while seats are still to join, closed by itself the
   moment the last one has (the tablet can open it again to give a seat a new code). */
function joinDrawer(codes) {
  const drawer = /** @type {HTMLDetailsElement} */ (document.getElementById("join-drawer"));
  if (!drawer) return;
  const joined = codes.filter((s) => s.joined || s.on_tablet).length;
  document.getElementById("join-summary").textContent = t("ui.joined_count", {
    joined,
    count: codes.length,
  });
  const all = joined === codes.length;
  if (all && drawer.dataset.all !== "yes") drawer.open = false;
  if (!all) drawer.open = true;
  // the tablet's tools sheet, where the codes are, shows them by itself until every seat
  // has joined, then closes (once each way: the tablet may open or close it meanwhile)
  const tools = /** @type {HTMLDetailsElement} */ (document.getElementById("tools"));
  if (tools && all && drawer.dataset.all === "no") tools.open = false;
  if (tools && !all && drawer.dataset.all !== "no") tools.open = true;
  drawer.dataset.all = all ? "yes" : "no";
}

/* A player without a phone: choose a PIN once, then open the private page with it. */
function askPin(seat, choosing) {
  const base = `/api/tables/${seats.tableId}/seats/${seat}`;
  const pin = { value: "" };
  const submit = (event) => {
    event.preventDefault();
    sendAndClose(async () => {
      if (choosing) await post(`${base}/pin`, { pin: pin.value });
      const reply = await post(`${base}/unlock`, { pin: pin.value });
      location.href = reply.seat_url;
    });
  };
  openDialog(() =>
    h(
      "form",
      { class: "stack", onsubmit: submit },
      h("h2", {
        text: t(choosing ? "ui.choose_pin" : "ui.enter_pin", { name: seatName(seat) }),
      }),
      h(
        "label",
        { class: "param" },
        t("ui.pin"),
        h("input", {
          type: "password",
          inputmode: "numeric",
          pattern: "[0-9]*",
          minlength: 4,
          maxlength: 8,
          autocomplete: "off",
          id: "pin-input",
          "aria-label": t("ui.pin"),
          oninput: (event) => {
            pin.value = event.target.value;
          },
        }),
      ),
      okCancel(),
    ),
  );
}
