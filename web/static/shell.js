/* The page shell: words, the API, the page's chrome (theme, language), refusals in words.
   The live table page is web/static/table.js; game panels draw only their own board. */
"use strict";
window.Companion = window.Companion || {};
(function (C) {
  const body = document.body;
  C.words = {};
  C.panels = {};
  C.registerPanel = (game, panel) => {
    C.panels[game] = panel;
  };
  C.t = function (key, params) {
    const text = C.words[key];
    return text === undefined ? key : C.render(text, params);
  };
  C.lang = body.dataset.lang || "en";

  function cookie(name) {
    const hit = document.cookie.split("; ").find((part) => part.startsWith(name + "="));
    return hit ? decodeURIComponent(hit.slice(name.length + 1)) : "";
  }
  function key() {
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  /* POST JSON with the CSRF header; a lost reply is retried with the same idempotency key,
     so a phone that retries never pays twice. */
  C.post = async function (path, data, retries) {
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
          C.setLink(false);
          if (C.keepForLater(path, payload, headers)) return { queued: true };
          throw Object.assign(new Error(C.t("ui.unreachable")), { unreachable: true });
        }
        await new Promise((r) => setTimeout(r, 400 * (attempt + 1)));
      }
    }
  };
  C.get = async function (path) {
    let reply;
    try {
      reply = await fetch(path, { credentials: "same-origin" });
    } catch (error) {
      C.setLink(false);
      throw new Error(C.t("ui.unreachable"), { cause: error });
    }
    if (!reply.ok) throw new Error(reply.statusText);
    return reply.json();
  };
  C.toast = function (message, ok) {
    const box = document.getElementById("toast");
    box.textContent = message;
    box.className = "toast" + (ok ? " ok" : "");
    box.hidden = false;
    clearTimeout(C.toastTimer);
    C.toastTimer = setTimeout(() => {
      box.hidden = true;
    }, 4500);
  };

  async function loadWords() {
    const game = body.dataset.game ? `?game=${encodeURIComponent(body.dataset.game)}` : "";
    C.words = await C.get(`/api/i18n/${C.lang}.json${game}`);
  }

  function chrome() {
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
      await C.post("/api/language", { lang: event.target.value });
      location.reload();
    });
  }

  /* A refusal in words, with what the table waits for (companion/refusals.py). */
  C.refusal = function (error) {
    const params = error.params || {};
    const why =
      params.waiting && params.waiting.key
        ? C.t(params.waiting.key, C.wordParams(params.waiting.params))
        : "";
    const names = params.waiting_for;
    /* "Waiting for Ann" already names her: the prompt's line loses the "Ann:" it starts with
       (web/errors.py, _unnamed). */
    const head = names
      ? new RegExp("^" + names.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "\\s*:\\s*")
      : null;
    const tail =
      names && why
        ? C.t("core.refused_waiting_for", { names, why: why.replace(head, "") })
        : names
          ? C.t("core.refused_turn", { names })
          : why
            ? C.t("core.refused_waiting", { why })
            : "";
    return [C.t("error." + error.code, C.wordParams(params)), tail].filter(Boolean).join(" ");
  };

  /* A seat number in a parameter becomes the player's name; a word becomes the game's word. */
  C.wordParams = function (params) {
    const out = {};
    for (const [name, value] of Object.entries(params || {})) {
      const players = C.page && C.page.view ? C.page.view.table.players : [];
      if (typeof value === "number" && C.isSeatParam(name) && players[value] !== undefined)
        out[name] = players[value];
      else if (
        typeof value === "string" &&
        C.words[`value.${body.dataset.game}.${value}`] !== undefined
      )
        out[name] = C.words[`value.${body.dataset.game}.${value}`];
      else if (Array.isArray(value)) out[name] = value.join(", ");
      else out[name] = value;
    }
    return out;
  };

  C.loadWords = loadWords;
  C.chrome = chrome;
  C.key = key;
})(window.Companion);
