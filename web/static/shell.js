// @ts-check
/* The page shell: words, the API, the page's chrome (theme, language), refusals in words.
   The live table page is web/static/table.js; game panels draw only their own board. */

import { isSeatParam } from "./forms.js";
import { keepForLater, setLink } from "./link.js";
import { page } from "./table.js";
import { render } from "./words.js";

const body = document.body;
export let words = {};
let toastTimer;
export function t(key, params) {
  const text = words[key];
  return text === undefined ? key : render(text, params);
}
export const lang = body.dataset.lang || "en";

function cookie(name) {
  const hit = document.cookie.split("; ").find((part) => part.startsWith(name + "="));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : "";
}
export function key() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/* POST JSON with the CSRF header; a lost reply is retried with the same idempotency key,
   so a phone that retries never pays twice. */
export async function post(path, data, retries) {
  const payload = JSON.stringify(data || {});
  const once = (data && data.idempotency_key) || key(); // every change, answered once
  const headers = {
    "Content-Type": "application/json",
    "X-CSRF-Token": cookie("tc_csrf"),
    "Idempotency-Key": once,
  };
  if (body.dataset.seat !== undefined) headers["X-Companion-View"] = "seat";
  for (let attempt = 0; ; attempt++) {
    try {
      const reply = await fetch(path, {
        method: "POST",
        credentials: "same-origin",
        headers,
        body: payload,
      });
      const json = await reply.json().catch(() => ({}));
      if (!reply.ok)
        throw Object.assign(new Error((json.error || {}).message || reply.statusText), {
          status: reply.status,
          code: (json.error || {}).code,
        });
      return json;
    } catch (error) {
      if (error.status) throw error;
      if (attempt >= (retries || 0)) {
        // the companion could not be reached: a table change waits to be sent, anything
        // else says so in the page's language (never the browser's "Failed to fetch")
        setLink(false);
        if (keepForLater(path, payload, headers)) return { queued: true };
        throw Object.assign(new Error(t("ui.unreachable")), { unreachable: true });
      }
      await new Promise((r) => setTimeout(r, 400 * (attempt + 1)));
    }
  }
}
export async function get(path) {
  let reply;
  try {
    reply = await fetch(path, { credentials: "same-origin" });
  } catch (error) {
    setLink(false);
    throw new Error(t("ui.unreachable"), { cause: error });
  }
  if (!reply.ok) throw new Error(reply.statusText);
  return reply.json();
}
export function toast(message, ok) {
  const box = document.getElementById("toast");
  box.textContent = message;
  box.className = "toast" + (ok ? " ok" : "");
  box.hidden = false;
  onTop(box);
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    box.hidden = true;
    if (box.matches(":popover-open")) box.hidePopover();
  }, 4500);
}

/* The toast is a popover: shown (again), it is the top of the top layer, over the page and
   every dialog. While a modal dialog is open it is put inside it (all outside a modal dialog
   is inert: a finger and a screen reader would pass through it), so the refusal of a
   dialog's OK is read on that dialog; it goes back to the page when the dialog closes. */
function onTop(box) {
  if (!box.showPopover) return;
  const dialog = document.querySelector("dialog[open]");
  const home = dialog && dialog.matches(":modal") ? dialog : document.body;
  if (box.parentElement !== home) {
    home.append(box);
    if (home !== document.body) home.addEventListener("close", () => backHome(box), { once: true });
  }
  if (box.matches(":popover-open")) box.hidePopover();
  box.showPopover();
}

function backHome(box) {
  document.body.append(box);
  if (!box.hidden) onTop(box);
}

/* A dialog opened while a toast is shown goes above it: the toast is raised over it. */
export function keepToastOnTop() {
  const box = document.getElementById("toast");
  if (box && !box.hidden) onTop(box);
}

export async function loadWords() {
  const game = body.dataset.game ? `?game=${encodeURIComponent(body.dataset.game)}` : "";
  words = await get(`/api/i18n/${lang}.json${game}`);
}

export function chrome() {
  const theme = localStorage.getItem("tc-theme") || "theme-dark";
  body.classList.remove("theme-dark", "theme-light");
  body.classList.add(theme);
  document.getElementById("theme-toggle").addEventListener("click", () => {
    const next = body.classList.contains("theme-dark") ? "theme-light" : "theme-dark";
    body.classList.remove("theme-dark", "theme-light");
    body.classList.add(next);
    localStorage.setItem("tc-theme", next);
  });
  document.getElementById("lang-select").addEventListener("change", async (event) => {
    await post("/api/language", { lang: /** @type {HTMLSelectElement} */ (event.target).value });
    location.reload();
  });
}

/* A refusal in words, with what the table waits for (companion/play/refusals.py). */
export function refusal(error) {
  const params = error.params || {};
  const why =
    params.waiting && params.waiting.key
      ? t(params.waiting.key, wordParams(params.waiting.params))
      : "";
  const names = params.waiting_for;
  /* "Waiting for Ann" already names her: the prompt's line loses the "Ann:" it starts with
     (web/errors.py, _unnamed). */
  const head = names
    ? new RegExp("^" + names.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "\\s*:\\s*")
    : null;
  const tail =
    names && why
      ? t("core.refused_waiting_for", { names, why: why.replace(head, "") })
      : names
        ? t("core.refused_turn", { names })
        : why
          ? t("core.refused_waiting", { why })
          : "";
  return [t("error." + error.code, wordParams(params)), tail].filter(Boolean).join(" ");
}

/* A seat number in a parameter becomes the player's name; a word becomes the game's word. */
export function wordParams(params) {
  const out = {};
  for (const [name, value] of Object.entries(params || {})) {
    const players = page && page.view ? page.view.table.players : [];
    if (typeof value === "number" && isSeatParam(name) && players[value] !== undefined)
      out[name] = players[value];
    else if (
      typeof value === "string" &&
      words[`value.${body.dataset.game}.${value}`] !== undefined
    )
      out[name] = words[`value.${body.dataset.game}.${value}`];
    else if (Array.isArray(value)) out[name] = value.join(", ");
    else out[name] = value;
  }
  return out;
}
