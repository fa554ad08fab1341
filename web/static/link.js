/* The link to the companion, on every page: while it cannot be reached the page says so in
   its language, its buttons are really disabled, device states read "unknown", and a change
   tapped just as the link fell is kept and sent (with its same idempotency key, so it is
   applied at most once) when the link is back. Nothing tapped is dropped without a word. */
"use strict";
window.Companion = window.Companion || {};
(function (C) {
  const body = document.body;
  const waiting = []; // changes not sent yet: {path, payload, headers, label}
  C.linkUp = true;

  /* Which requests are worth keeping: changes to a table, not a language or a lock. */
  const KEEP = /^\/api\/tables\/[^/]+\/(actions|dice|undo|correct)$/;

  C.keepForLater = function (path, payload, headers) {
    if (!KEEP.test(path)) return false;
    waiting.push({ path, payload, headers });
    showWaiting();
    return true;
  };

  /* The banners at the top of the page: changes waiting to be sent, history lost. */
  const notices = { alarm: null };
  C.alarm = (text) => {
    notices.alarm = text;
    showWaiting();
  };

  function showWaiting() {
    const box = document.getElementById("notices");
    if (!box) return;
    C.mount(
      box,
      C.h(
        C.Fragment,
        {},
        notices.alarm
          ? C.h("div", { class: "banner alarm", role: "alert", text: notices.alarm })
          : null,
        waiting.length
          ? C.h("div", {
              id: "waiting",
              class: "banner pending",
              role: "status",
              text: C.t("ui.waiting_to_send", { count: waiting.length }),
            })
          : null,
      ),
    );
  }

  async function flush() {
    while (waiting.length && C.linkUp) {
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
      if (reply.ok) C.toast(C.t("ui.sent_late"), true);
      else C.toast(C.t("ui.not_applied", { why: (json.error || {}).message || reply.statusText }));
    }
  }

  /* Every button of the page and of an open dialog, except the page's own chrome (theme,
     language), which works without the companion. */
  function controls() {
    return document.querySelectorAll(
      "#main button, #dialog button, #main input, #main select, #main textarea",
    );
  }

  C.applyLink = function () {
    for (const control of controls()) {
      if (!C.linkUp && !control.disabled) {
        control.disabled = true;
        control.dataset.linkOff = "yes";
      } else if (C.linkUp && control.dataset.linkOff) {
        control.disabled = false;
        delete control.dataset.linkOff;
      }
    }
  };

  C.setLink = function (up) {
    const changed = up !== C.linkUp;
    C.linkUp = up;
    const state = document.getElementById("link-state");
    body.classList.toggle("stale", !up);
    state.textContent = up ? "" : C.t("ui.unreachable");
    state.className = "link-state" + (up ? "" : " down");
    if (!up) {
      const reader = document.getElementById("reader-state");
      if (reader && reader.textContent) {
        reader.textContent = C.t("ui.reader_state", { state: C.t("device.unknown") });
        reader.className = "reader-state unknown";
      }
    }
    C.applyLink();
    if (up && changed) flush();
  };

  /* A page with no live stream (home, new game) asks the companion how it is. */
  C.watchLink = function () {
    const check = async () => {
      try {
        const reply = await fetch("/api/health", { credentials: "same-origin", cache: "no-store" });
        C.setLink(reply.ok);
      } catch (error) {
        C.setLink(false);
      }
    };
    setInterval(check, 5000);
    window.addEventListener("offline", () => C.setLink(false));
    window.addEventListener("online", check);
  };
})(window.Companion);
