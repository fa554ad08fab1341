/* Forms: a control for each kind of action parameter, the seats' QR codes and PINs. */
"use strict";
(function (C) {
  /* The label of one choice value: the game's word for it, or a player's name for a seat. */
  C.valueLabel = function (game, name, value, players) {
    const word = C.words[`value.${game}.${value}`];
    if (word !== undefined) return word;
    if (typeof value === "number" && C.isSeatParam(name) && players && players[value] !== undefined)
      return players[value];
    if (value === null) return "—";
    return String(value);
  };

  C.paramControl = function (game, name, spec, values, players) {
    const label = C.t(`param.${game}.${name}`);
    const id = "param-" + name;
    if (spec.kind === "int") {
      values[name] = spec.default !== undefined ? spec.default : spec.min;
      const by = spec.step || 1;
      const input = C.h("input", {
        id,
        type: "number",
        min: spec.min,
        max: spec.max,
        step: by,
        value: values[name],
        inputmode: "numeric",
        oninput: (e) => {
          values[name] = parseInt(e.target.value, 10);
        },
      });
      const step = (d) => {
        const v = Math.min(spec.max, Math.max(spec.min, (values[name] || 0) + d * by));
        values[name] = v;
        input.value = v;
      };
      return C.h(
        "div",
        { class: "param" },
        C.h("label", { for: id, text: label }),
        C.h(
          "div",
          { class: "row" },
          C.h("button", { type: "button", "aria-label": "−", onclick: () => step(-1) }, "−"),
          input,
          C.h("button", { type: "button", "aria-label": "+", onclick: () => step(1) }, "+"),
        ),
      );
    }
    if (spec.kind === "text") {
      if (spec.default !== undefined) values[name] = spec.default;
      const input = C.h("input", {
        id,
        type: "text",
        maxlength: spec.max,
        value: spec.default,
        oninput: (e) => {
          values[name] = e.target.value;
        },
      });
      return C.h("div", { class: "param" }, C.h("label", { for: id, text: label }), input);
    }
    if (spec.kind === "choice" || spec.kind === "multi") {
      const multi = spec.kind === "multi";
      if (multi) values[name] = (spec.default || []).slice();
      else
        values[name] =
          spec.default !== undefined
            ? spec.default
            : spec.options.length === 1
              ? spec.options[0]
              : undefined;
      const picked = new Set(); // indices pressed at the start (a default may repeat an option)
      if (multi) {
        const left = values[name].slice();
        spec.options.forEach((option, index) => {
          const at = left.findIndex((v) => JSON.stringify(v) === JSON.stringify(option));
          if (at >= 0) {
            picked.add(index);
            left.splice(at, 1);
          }
        });
      }
      const group = C.h("div", { class: "options", role: "group", "aria-label": label });
      spec.options.forEach((option, index) => {
        const on = multi ? picked.has(index) : values[name] === option;
        const given = (spec.labels || [])[index];
        const text =
          given === undefined
            ? C.valueLabel(game, name, option, players)
            : typeof given === "string"
              ? given
              : C.t(given.key, C.wordParams(given.params));
        const button = C.h(
          "button",
          {
            type: "button",
            "aria-pressed": on ? "true" : "false",
            "data-value": JSON.stringify(option),
            "data-index": index,
          },
          text,
        );
        button.addEventListener("click", () => {
          if (multi) {
            const on = button.getAttribute("aria-pressed") !== "true";
            button.setAttribute("aria-pressed", on ? "true" : "false");
            const picked = Array.from(group.children).filter(
              (b) => b.getAttribute("aria-pressed") === "true",
            );
            values[name] = picked.map((b) => spec.options[Number(b.dataset.index)]);
          } else {
            group
              .querySelectorAll("button")
              .forEach((b) => b.setAttribute("aria-pressed", "false"));
            button.setAttribute("aria-pressed", "true");
            values[name] = option;
          }
        });
        group.appendChild(button);
      });
      return C.h("div", { class: "param" }, C.h("span", { text: label }), group);
    }
    if (spec.kind === "dice") {
      values[name] = spec.dice.map(() => null);
      return C.h(
        "div",
        { class: "param" },
        C.h("span", { text: C.t("ui.type_dice") }),
        spec.dice.map((kind, i) => {
          const row = C.h("div", {
            class: "options",
            role: "group",
            "aria-label": C.t("die." + kind) + " " + (i + 1),
          });
          for (const face of C.dice[kind].faces) {
            const b = C.h(
              "button",
              {
                type: "button",
                class: "die-pick",
                "aria-pressed": "false",
                "aria-label": C.t("die." + kind) + " " + face,
                "data-die": i,
                "data-face": face,
              },
              C.die(kind, face, C.t("die." + kind) + " " + face),
            );
            b.addEventListener("click", () => {
              row
                .querySelectorAll("button")
                .forEach((x) => x.setAttribute("aria-pressed", "false"));
              b.setAttribute("aria-pressed", "true");
              values[name][i] = face;
            });
            row.appendChild(b);
          }
          return row;
        }),
      );
    }
    return C.h("p", { text: name });
  };

  /* The tablet shows one QR code per seat not yet joined, and can re-issue a seat. */
  C.seatCodes = async function (tableId) {
    let data;
    try {
      data = await C.get(`/api/tables/${tableId}/seats`);
    } catch (error) {
      return;
    }
    for (const seat of data.seats) {
      const slot = document.getElementById("qr-" + seat.seat);
      if (!slot) continue;
      const reissue = C.h(
        "button",
        {
          type: "button",
          class: "small",
          "data-reissue": seat.seat,
          onclick: async () => {
            if (!confirm(C.t("ui.reissue_confirm"))) return;
            try {
              await C.post(`/api/tables/${tableId}/seats/${seat.seat}/reissue`, {});
              C.seatCodes(tableId);
            } catch (error) {
              C.toast(error.message);
            }
          },
        },
        C.t("ui.reissue"),
      );
      const name = C.seatName(seat.seat);
      let shown;
      if (seat.on_tablet) {
        shown = C.h(
          "button",
          {
            type: "button",
            class: "small",
            "data-open-private": seat.seat,
            onclick: () => askPin(tableId, seat.seat, false),
          },
          C.t("ui.open_private", { name }),
        );
      } else if (seat.joined) {
        shown = C.h("span", { class: "badge", text: C.t("ui.joined") });
      } else {
        shown = C.h(
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
              onclick: () => askPin(tableId, seat.seat, true),
            },
            C.t("ui.no_phone"),
          ),
        );
      }
      slot.replaceChildren(shown, reissue);
    }
    C.joinDrawer(data.seats);
  };

  /* Joining lives in a drawer: open while seats are still to join, closed by itself the
     moment the last one has (the tablet can open it again to give a seat a new code). */
  C.joinDrawer = function (seats) {
    const drawer = document.getElementById("join-drawer");
    if (!drawer) return;
    const joined = seats.filter((s) => s.joined || s.on_tablet).length;
    document.getElementById("join-summary").textContent = C.t("ui.joined_count", {
      joined,
      count: seats.length,
    });
    const all = joined === seats.length;
    if (all && drawer.dataset.all !== "yes") drawer.open = false;
    if (!all) drawer.open = true;
    drawer.dataset.all = all ? "yes" : "no";
  };

  /* A player without a phone: choose a PIN once, then open the private page with it. */
  function askPin(tableId, seat, choosing) {
    const dialog = document.getElementById("dialog");
    const input = C.h("input", {
      type: "password",
      inputmode: "numeric",
      pattern: "[0-9]*",
      minlength: 4,
      maxlength: 8,
      autocomplete: "off",
      id: "pin-input",
      "aria-label": C.t("ui.pin"),
    });
    const form = C.h(
      "form",
      { class: "stack" },
      C.h("h2", {
        text: C.t(choosing ? "ui.choose_pin" : "ui.enter_pin", { name: C.seatName(seat) }),
      }),
      C.h("label", { class: "param" }, C.t("ui.pin"), input),
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
        if (choosing)
          await C.post(`/api/tables/${tableId}/seats/${seat}/pin`, { pin: input.value });
        const reply = await C.post(`/api/tables/${tableId}/seats/${seat}/unlock`, {
          pin: input.value,
        });
        location.href = reply.seat_url;
      } catch (error) {
        C.toast(error.message);
      }
    });
    dialog.replaceChildren(form);
    dialog.showModal();
  }
})(window.Companion);
