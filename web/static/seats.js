/* The tablet's seats: one chip per player, its QR code while the seat is not yet joined, a
   new code on request, a PIN for a player without a phone; the joining drawer around them.
   The codes are asked for at start and when a seat joins or is re-issued, not on every
   change: a change only moves the "current" mark. */
"use strict";
(function (C) {
  const seats = { codes: [], players: [], current: null, tableId: null };

  C.renderSeats = function (tableId, players, current) {
    Object.assign(seats, { tableId, players, current });
    draw();
  };

  /* Ask the companion for the seats' codes again. */
  C.seatCodes = async function (tableId) {
    let data;
    try {
      data = await C.get(`/api/tables/${tableId}/seats`);
    } catch (error) {
      return;
    }
    seats.tableId = tableId;
    seats.codes = data.seats;
    draw();
    joinDrawer(data.seats);
  };

  function draw() {
    const box = document.getElementById("seats");
    if (!box) return;
    const codes = new Map(seats.codes.map((code) => [code.seat, code]));
    C.mount(
      box,
      C.h(
        C.Fragment,
        {},
        C.h("h2", { text: C.t("ui.seats") }),
        seats.players.map((name, seat) =>
          C.h(
            "div",
            {
              class: "seat-chip" + (seat === seats.current ? " current" : ""),
              "data-seat": seat,
              key: seat,
            },
            C.h("strong", { text: name }),
            C.h("span", { class: "qr", id: "qr-" + seat }, code(codes.get(seat))),
          ),
        ),
      ),
    );
    C.applyLink();
  }

  function code(seat) {
    if (!seat) return null;
    const name = C.seatName(seat.seat);
    return [
      seat.on_tablet
        ? C.h(
            "button",
            {
              type: "button",
              class: "small",
              "data-open-private": seat.seat,
              onclick: () => askPin(seat.seat, false),
            },
            C.t("ui.open_private", { name }),
          )
        : seat.joined
          ? C.h("span", { class: "badge", text: C.t("ui.joined") })
          : joinCode(seat, name),
      C.h(
        "button",
        { type: "button", class: "small", "data-reissue": seat.seat, onclick: () => reissue(seat) },
        C.t("ui.reissue"),
      ),
    ];
  }

  function joinCode(seat, name) {
    return C.h(
      "span",
      { class: "stack" },
      C.h(
        "a",
        { href: seat.join_url, "aria-label": C.t("ui.join_link") },
        C.h("img", {
          src: seat.qr + "?code=" + encodeURIComponent(seat.join_url.split("/").pop()),
          alt: C.t("ui.qr_for", { name }),
        }),
      ),
      C.h(
        "button",
        {
          type: "button",
          class: "small",
          "data-keep-on-tablet": seat.seat,
          onclick: () => askPin(seat.seat, true),
        },
        C.t("ui.no_phone"),
      ),
    );
  }

  async function reissue(seat) {
    if (!confirm(C.t("ui.reissue_confirm"))) return;
    try {
      await C.post(`/api/tables/${seats.tableId}/seats/${seat.seat}/reissue`, {});
      C.seatCodes(seats.tableId);
    } catch (error) {
      C.toast(error.message);
    }
  }

  /* Joining lives in a drawer: open while seats are still to join, closed by itself the
     moment the last one has (the tablet can open it again to give a seat a new code). */
  function joinDrawer(codes) {
    const drawer = document.getElementById("join-drawer");
    if (!drawer) return;
    const joined = codes.filter((s) => s.joined || s.on_tablet).length;
    document.getElementById("join-summary").textContent = C.t("ui.joined_count", {
      joined,
      count: codes.length,
    });
    const all = joined === codes.length;
    if (all && drawer.dataset.all !== "yes") drawer.open = false;
    if (!all) drawer.open = true;
    // the tablet's tools sheet, where the codes are, shows them by itself until every seat
    // has joined, then closes (once each way: the tablet may open or close it meanwhile)
    const tools = document.getElementById("tools");
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
      C.sendAndClose(async () => {
        if (choosing) await C.post(`${base}/pin`, { pin: pin.value });
        const reply = await C.post(`${base}/unlock`, { pin: pin.value });
        location.href = reply.seat_url;
      });
    };
    C.openDialog(() =>
      C.h(
        "form",
        { class: "stack", onsubmit: submit },
        C.h("h2", {
          text: C.t(choosing ? "ui.choose_pin" : "ui.enter_pin", { name: C.seatName(seat) }),
        }),
        C.h(
          "label",
          { class: "param" },
          C.t("ui.pin"),
          C.h("input", {
            type: "password",
            inputmode: "numeric",
            pattern: "[0-9]*",
            minlength: 4,
            maxlength: 8,
            autocomplete: "off",
            id: "pin-input",
            "aria-label": C.t("ui.pin"),
            oninput: (event) => {
              pin.value = event.target.value;
            },
          }),
        ),
        C.okCancel(),
      ),
    );
  }
})(window.Companion);
