/* After the game: the final screen (standings and the number that decided each place; the
   charts stay beside), a rematch, the exports; and the home page's history tools (archive,
   delete). The seed and closing the game are web/static/ending.js's. */
"use strict";
window.Companion = window.Companion || {};
(function (C) {
  C.renderFinal = function (page, view) {
    const box = document.getElementById("final");
    if (!box) return;
    box.hidden = !view.table.ended;
    document.getElementById("prompt-actions").hidden = view.table.ended;
    C.mount(box, view.table.ended ? finalScreen(page, view) : null);
  };

  function finalScreen(page, view) {
    const standings = (view.table.standings || [])
      .slice()
      .sort((a, b) => (a.place || 99) - (b.place || 99));
    const winners = standings.filter((row) => row.place === 1).map((row) => C.seatName(row.seat));
    const headline =
      winners.length > 1
        ? C.t("final.winners_are", { names: winners.join(", ") })
        : winners.length
          ? C.t("final.winner_is", { name: winners[0] })
          : null;
    return C.h(
      C.Fragment,
      {},
      C.h("h2", { text: C.t("final.title") }),
      headline ? C.h("p", { class: "prompt", id: "winner", text: headline }) : null,
      standings.length ? standingsTable(standings) : null,
      afterButtons(page),
    ); // the seed line and "Close the game" are web/static/ending.js's
  }

  function standingsTable(standings) {
    return C.h(
      "table",
      { class: "score", id: "standings" },
      C.h(
        "thead",
        {},
        C.h(
          "tr",
          {},
          C.h("th", { text: C.t("final.place") }),
          C.h("th", { text: C.t("final.player") }),
          C.h("th", { text: C.t("final.score") }),
        ),
      ),
      C.h(
        "tbody",
        {},
        standings.map((row) =>
          C.h(
            "tr",
            { "data-seat": row.seat, key: row.seat },
            C.h("td", { text: row.place ? C.number(row.place) : C.t("final.unranked") }),
            C.h("td", { text: C.seatName(row.seat) }),
            C.h("td", { text: C.t(row.score.key, C.wordParams(row.score.params)) }),
          ),
        ),
      ),
    );
  }

  function afterButtons(page) {
    const base = `/api/tables/${page.id}`;
    return C.h(
      "div",
      { class: "row" },
      page.admin
        ? C.h(
            "button",
            {
              type: "button",
              class: "primary big",
              id: "rematch",
              title: C.t("final.rematch_help"),
              onclick: () => rematch(page),
            },
            C.t("final.rematch"),
          )
        : null,
      C.h(
        "a",
        { class: "button", id: "export-json", href: `${base}/export.json`, download: "" },
        C.t("final.export_json"),
      ),
      C.h(
        "a",
        {
          class: "button",
          id: "export-bgstats",
          href: `${base}/export.bgstats.json`,
          download: "",
        },
        C.t("final.export_bgstats"),
      ),
      C.h(
        "a",
        { class: "button", id: "open-bgstats", href: `${base}/bgstats` },
        C.t("final.open_bgstats"),
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

  /* A rematch began at the tablet: a phone joins its seat of the new table with the code
     its own stream was handed (companion/rematch.py) and goes there, no new scan; every
     other page goes to the new table. */
  C.followRematch = async function (data) {
    if (leaving) return;
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
      C.toast(C.t("ui.rematch_scan"));
      return;
    }
    leave(`/table/${data.table}`);
  };

  async function rematch(page) {
    try {
      const made = await C.post(`/api/tables/${page.id}/rematch`, {});
      leave("/table/" + made.id);
    } catch (error) {
      C.toast(error.message);
    }
  }

  /* The home page: archive or delete a past game (only its own tablet is offered these). */
  C.homePage = function () {
    C.chrome();
    C.watchLink();
    C.loadWords().then(() => {
      document.querySelectorAll(".history-row").forEach((row) => {
        const id = row.dataset.table;
        const archive = row.querySelector("[data-archive]");
        const remove = row.querySelector("[data-delete]");
        if (archive)
          archive.addEventListener("click", () =>
            change(`/api/tables/${id}/archive`, { archived: archive.dataset.archive === "yes" }),
          );
        if (remove)
          remove.addEventListener("click", () => {
            if (confirm(C.t("home.delete_confirm"))) change(`/api/tables/${id}/delete`, {});
          });
      });
    });
  };

  async function change(path, data) {
    try {
      await C.post(path, data);
      location.reload();
    } catch (error) {
      C.toast(error.message);
    }
  }
})(window.Companion);
