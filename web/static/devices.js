// @ts-check
/* The Devices panel of the dashboard, and the reader badge in the top bar.
   Each device: its state (a simulated reader or mock pins say so, never "online"), when it
   was last heard, bad frames, refused rolls with the last reason, what to check when it is
   faulted; a Bluetooth die also shows its battery and whom it answers for. The figures come
   from /api/health (counters as they are now), asked every few seconds, and from the
   stream's "devices" events. While the stream or the server is down, every device state is
   replaced by "server unreachable": a state the page cannot refresh is not shown. */

import { applyLink } from "./link.js";
import { get, post, t, toast } from "./shell.js";
import { Fragment, h, mount } from "./widgets.js";

const BAD = ["binary", "too_long", "checksum", "unknown_type", "malformed", "version"];
const ROLLERS = ["die_reader", "ble_dice"];
const state = { devices: {}, owners: {}, down: false, players: () => [] };

function shownState(device) {
  if (device.state === "fault") return "fault"; // a stand-in that reports a fault has one
  if (device.stand_in) return device.stand_in; // "simulated" or "mock"
  return device.state || "offline";
}

/* The devices in fault now, by name. */
function faulted() {
  return Object.keys(state.devices).filter((name) => state.devices[name].state === "fault");
}

function devicesDown(down) {
  state.down = down;
  draw();
}

export function showDevices(devices, owners) {
  state.devices = devices || {};
  if (owners) state.owners = owners;
  draw();
}

function badge() {
  const node = document.getElementById("reader-state");
  if (!node) return;
  if (state.down) {
    node.textContent = t("ui.server_unreachable");
    node.className = "reader-state unreachable";
    return;
  }
  // a fault anywhere is said in the header, whichever device it is
  const faults = faulted();
  if (faults.length) {
    node.textContent = t("ui.devices_fault", { names: faults.join(", ") });
    node.className = "reader-state fault";
    return;
  }
  const reader = Object.values(state.devices).find((d) => d.kind === "die_reader");
  if (!reader) {
    node.textContent = t("ui.no_reader");
    node.className = "reader-state";
    return;
  }
  const shown = shownState(reader);
  // "Lecteur de dés : …"
  node.textContent = t("ui.reader_state", { state: t("device." + shown) });
  node.className = "reader-state " + shown;
}

function heard(device) {
  if (device.heard_s_ago === undefined) return "";
  if (device.heard_s_ago === null) return t("ui.never_heard");
  return t("ui.heard_ago", { seconds: Math.round(device.heard_s_ago) });
}

function badFrames(device) {
  const counters = device.counters || {};
  return BAD.reduce((sum, key) => sum + (counters[key] || 0), 0);
}

function ownerPicker(name) {
  const table = document.body.dataset.table;
  const choose = (event) => {
    const seat = event.target.value === "" ? null : Number(event.target.value);
    post(`/api/tables/${table}/dice-owners`, { device: name, seat })
      .then((reply) => {
        state.owners = reply.owners;
      })
      .catch((error) => toast(error.message));
  };
  return h(
    "label",
    { class: "param" },
    t("ui.die_owner"),
    h(
      "select",
      { "aria-label": t("ui.die_owner") + " " + name, onchange: choose },
      h("option", { value: "" }, t("ui.die_table")),
      state
        .players()
        .map((player, seat) =>
          h("option", { value: String(seat), selected: state.owners[name] === seat }, player),
        ),
    ),
  );
}

function row(name, device) {
  const shown = state.down ? "unreachable" : shownState(device);
  const items = [
    h("dt", { text: name }),
    h("dd", {
      class: "device-state " + shown,
      "data-device": name,
      text: state.down ? t("ui.server_unreachable") : t("device." + shown),
    }),
  ];
  const facts = [];
  if (heard(device)) facts.push(t("ui.last_heard", { when: heard(device) }));
  const counters = device.counters || {};
  if (BAD.some((key) => key in counters))
    facts.push(t("ui.bad_frames", { count: badFrames(device) }));
  if (ROLLERS.includes(device.kind) || device.refused) {
    facts.push(t("ui.refused_rolls", { count: device.refused || 0 }));
  }
  if (device.last_refused) {
    facts.push(
      t("ui.last_refused", {
        what: device.last_refused.what,
        why: t("error." + device.last_refused.code, { what: device.last_refused.what }),
      }),
    );
  }
  if (device.state === "fault" && device.detail) facts.push(device.detail);
  items.push(h("dd", { class: "device-facts" }, facts.join(" · ")));
  if (device.state === "fault" && device.check) {
    items.push(
      h("dd", { class: "device-check" }, t("ui.what_to_check", { what: t(device.check) })),
    );
  }
  return items;
}

function blueDice(device) {
  return Object.entries(device.dice || {}).map(([name, die]) => [
    h("dt", { text: name }),
    h("dd", { class: "device-state " + die.state, text: t("device." + die.state) }),
    h(
      "dd",
      { class: "device-facts" },
      [
        die.battery === null ? "" : t("ui.battery", { percent: die.battery }),
        die.unusable ? t("error." + die.unusable, { what: die.die_type }) : "",
      ]
        .filter(Boolean)
        .join(" · "),
    ),
    document.body.dataset.admin === "yes" ? h("dd", {}, ownerPicker(name)) : null,
  ]);
}

/* The tablet's devices are a compact status in its header; a device that falls into a
   fault opens the tools sheet, where the Devices panel says what to check, once. */
let shownFaults = new Set();
function openOnFault() {
  const now = faulted();
  const tools = /** @type {HTMLDetailsElement} */ (document.getElementById("tools"));
  if (tools && now.some((name) => !shownFaults.has(name))) {
    tools.open = true;
    const panel = document.getElementById("devices");
    if (panel) panel.scrollIntoView({ block: "nearest" });
  }
  shownFaults = new Set(now);
}

function draw() {
  badge();
  if (!state.down) openOnFault();
  const panel = document.getElementById("devices");
  if (!panel) return;
  const entries = Object.entries(state.devices).map(([name, device]) => [
    row(name, device),
    device.dice ? blueDice(device) : null,
  ]);
  mount(
    panel,
    h(Fragment, {}, h("h2", { text: t("ui.devices") }), h("dl", { class: "device-list" }, entries)),
  );
  applyLink();
}

/* Counters change with every line a device sends, not only with its state: ask. */
export function watchDevices(players) {
  state.players = players;
  const ask = () =>
    get("/api/health")
      .then((health) => {
        if (!state.streamDown) state.down = false;
        showDevices(health.devices, health.die_owners);
      })
      .catch(() => devicesDown(true));
  ask();
  setInterval(ask, 3000);
}
export function streamDown(down) {
  state.streamDown = down;
  devicesDown(down);
}
