// @ts-check
/* After the game: the final screen (standings and the number that decided each place; the
   charts stay beside), a rematch, the exports; and the home page's history tools (archive,
   delete). The seed and closing the game are web/static/ending.js's. */

import { watchLink } from "./link.js";
import { chrome, loadWords, post, t, toast, wordParams } from "./shell.js";
import { seatName } from "./table.js";
import { Fragment, h, mount } from "./widgets.js";
import { number } from "./words.js";

export function renderFinal(page, view) {
  const box = document.getElementById("final");
  if (!box) return;
  box.hidden = !view.table.ended;
  document.getElementById("prompt-actions").hidden = view.table.ended;
  mount(box, view.table.ended ? finalScreen(page, view) : null);
}

function finalScreen(page, view) {
  const standings = (view.table.standings || [])
    .slice()
    .sort((a, b) => (a.place || 99) - (b.place || 99));
  const winners = standings.filter((row) => row.place === 1).map((row) => seatName(row.seat));
  const headline =
    winners.length > 1
      ? t("final.winners_are", { names: winners.join(", ") })
      : winners.length
        ? t("final.winner_is", { name: winners[0] })
        : null;
  return h(
    Fragment,
    {},
    h("h2", { text: t("final.title") }),
    headline ? h("p", { class: "prompt", id: "winner", text: headline }) : null,
    standings.length ? standingsTable(standings) : null,
    afterButtons(page),
  ); // the seed line and "Close the game" are web/static/ending.js's
}

function standingsTable(standings) {
  return h(
    "table",
    { class: "score", id: "standings" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { text: t("final.place") }),
        h("th", { text: t("final.player") }),
        h("th", { text: t("final.score") }),
      ),
    ),
    h(
      "tbody",
      {},
      standings.map((row) =>
        h(
          "tr",
          { "data-seat": row.seat, key: row.seat },
          h("td", { text: row.place ? number(row.place) : t("final.unranked") }),
          h("td", { text: seatName(row.seat) }),
          h("td", { text: t(row.score.key, wordParams(row.score.params)) }),
        ),
      ),
    ),
  );
}

function afterButtons(page) {
  const base = `/api/tables/${page.id}`;
  return h(
    "div",
    { class: "row" },
    page.admin
      ? h(
          "button",
          {
            type: "button",
            class: "primary big",
            id: "rematch",
            title: t("final.rematch_help"),
            onclick: () => rematch(page),
          },
          t("final.rematch"),
        )
      : null,
    h(
      "a",
      { class: "button", id: "export-json", href: `${base}/export.json`, download: "" },
      t("final.export_json"),
    ),
    h(
      "a",
      {
        class: "button",
        id: "export-bgstats",
        href: `${base}/export.bgstats.json`,
        download: "",
      },
      t("final.export_bgstats"),
    ),
    h(
      "a",
      { class: "button", id: "open-bgstats", href: `${base}/bgstats` },
      t("final.open_bgstats"),
    ),
  );
}

/* The tablet that asks for a rematch hears of it twice, from its own request and from its
   stream; the page leaves once, or the second navigation aborts the first. */
let leaving = false;
function leave(url) {
  if (leaving) return;
  leaving = true;
  location.href = url;
}

/* The tablet that asked for the rematch goes on its own request's answer, never on its
   stream's word: the answer carries the new table's admin cookie, and a page loaded before
   that cookie came is the new table seen by a stranger (no tools sheet, no joining codes,
   no devices) until a reload. */
let asked = false;

/* A rematch began at the tablet: a phone joins its seat of the new table with the code
   its own stream was handed (companion/play/rematch.py) and goes there, no new scan; every
   other page goes to the new table. */
export async function followRematch(data) {
  if (leaving || (asked && data.code === undefined)) return;
  if (data.code !== undefined) {
    try {
      const reply = await fetch(`/join/${data.table}/${encodeURIComponent(data.code)}`, {
        method: "POST",
        credentials: "same-origin",
      });
      if (reply.ok) {
        leave(`/seat/${data.table}`);
        return;
      }
    } catch (error) {
      /* not joined: the new table's QR code still holds this seat */
    }
    toast(t("ui.rematch_scan"));
    return;
  }
  leave(`/table/${data.table}`);
}

async function rematch(page) {
  asked = true;
  try {
    const made = await post(`/api/tables/${page.id}/rematch`, {});
    leave("/table/" + made.id);
  } catch (error) {
    asked = false;
    toast(error.message);
  }
}

/* The home page: archive or delete a past game (only its own tablet is offered these). */
export function homePage() {
  chrome();
  watchLink();
  const rows = /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".history-row"));
  loadWords().then(() => {
    rows.forEach((row) => {
      const id = row.dataset.table;
      const archive = /** @type {HTMLElement} */ (row.querySelector("[data-archive]"));
      const remove = row.querySelector("[data-delete]");
      if (archive)
        archive.addEventListener("click", () =>
          change(`/api/tables/${id}/archive`, { archived: archive.dataset.archive === "yes" }),
        );
      if (remove)
        remove.addEventListener("click", () => {
          if (confirm(t("home.delete_confirm"))) change(`/api/tables/${id}/delete`, {});
        });
    });
  });
}

async function change(path, data) {
  try {
    await post(path, data);
    location.reload();
  } catch (error) {
    toast(error.message);
  }
}
