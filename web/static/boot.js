// @ts-check
/* Start the page, the one module the pages load (web/templates/base.html): inline scripts are
   forbidden by the Content-Security-Policy. Every other module is imported from here. */

import { openForm } from "./actions.js";
import { homePage } from "./final.js";
import { watchLink } from "./link.js";
import { newTablePage } from "./newgame.js";
import { chrome, lang, words } from "./shell.js";
import { act, page, tablePage } from "./table.js";
import { render } from "./words.js";

// For debugging and the browser tests only: what they read of a running page. No module
// reads another's exports through it; each imports what it uses.
/** @type {any} */ (window).Companion = {
  page,
  act,
  openForm,
  render,
  lang,
  get words() {
    return words; // loaded once the page starts
  },
};

const theme = localStorage.getItem("tc-theme") || "theme-dark";
document.body.classList.add(theme);
const kind = document.body.dataset.page;
if (kind === "table") tablePage();
else if (kind === "new") newTablePage();
else if (kind === "home") homePage();
else {
  chrome();
  watchLink();
}
