// @ts-check
/* The link to the companion, on every page: while it cannot be reached the page says so in
   its language, its buttons are really disabled, device states read "unknown", and a change
   tapped just as the link fell is kept and sent (with its same idempotency key, so it is
   applied at most once) when the link is back. Nothing tapped is dropped without a word. */

import { t, toast } from "./shell.js";
import { Fragment, h, mount } from "./widgets.js";

const body = document.body;
const waiting = []; // changes not sent yet: {path, payload, headers, label}
let linkUp = true;

/* Which requests are worth keeping: changes to a table, not a language or a lock. */
const KEEP = /^\/api\/tables\/[^/]+\/(actions|dice|undo|correct)$/;

export function keepForLater(path, payload, headers) {
  if (!KEEP.test(path)) return false;
  waiting.push({ path, payload, headers });
  showWaiting();
  return true;
}

/* The banners at the top of the page: changes waiting to be sent, history lost. */
const notices = { alarm: null };
export const alarm = (text) => {
  notices.alarm = text;
  showWaiting();
};

function showWaiting() {
  const box = document.getElementById("notices");
  if (!box) return;
  mount(
    box,
    h(
      Fragment,
      {},
      notices.alarm
        ? h("div", { class: "banner alarm", role: "alert", text: notices.alarm })
        : null,
      waiting.length
        ? h("div", {
            id: "waiting",
            class: "banner pending",
            role: "status",
            text: t("ui.waiting_to_send", { count: waiting.length }),
          })
        : null,
    ),
  );
}

async function flush() {
  while (waiting.length && linkUp) {
    const next = waiting[0];
    let reply;
    try {
      reply = await fetch(next.path, {
        method: "POST",
        credentials: "same-origin",
        headers: next.headers,
        body: next.payload,
      });
    } catch (error) {
      return;
    } // still down: keep it for the next time
    waiting.shift();
    showWaiting();
    const json = await reply.json().catch(() => ({}));
    if (reply.ok) toast(t("ui.sent_late"), true);
    else toast(t("ui.not_applied", { why: (json.error || {}).message || reply.statusText }));
  }
}

/** @typedef {HTMLButtonElement | HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement} Control */

/* Every button of the page and of an open dialog, except the page's own chrome (theme,
   language), which works without the companion. */
function controls() {
  return /** @type {NodeListOf<Control>} */ (
    document.querySelectorAll(
      "#main button, #dialog button, #main input, #main select, #main textarea",
    )
  );
}

export function applyLink() {
  for (const control of controls()) {
    if (!linkUp && !control.disabled) {
      control.disabled = true;
      control.dataset.linkOff = "yes";
    } else if (linkUp && control.dataset.linkOff) {
      control.disabled = false;
      delete control.dataset.linkOff;
    }
  }
}

export function setLink(up) {
  const changed = up !== linkUp;
  linkUp = up;
  const state = document.getElementById("link-state");
  body.classList.toggle("stale", !up);
  state.textContent = up ? "" : t("ui.unreachable");
  state.className = "link-state" + (up ? "" : " down");
  if (!up) {
    const reader = document.getElementById("reader-state");
    if (reader && reader.textContent) {
      reader.textContent = t("ui.reader_state", { state: t("device.unknown") });
      reader.className = "reader-state unknown";
    }
  }
  applyLink();
  if (up && changed) flush();
}

/* A page with no live stream (home, new game) asks the companion how it is. */
export function watchLink() {
  const check = async () => {
    try {
      const reply = await fetch("/api/health", { credentials: "same-origin", cache: "no-store" });
      setLink(reply.ok);
    } catch (error) {
      setLink(false);
    }
  };
  setInterval(check, 5000);
  window.addEventListener("offline", () => setLink(false));
  window.addEventListener("online", check);
}
