/* Start the page: inline scripts are forbidden by the Content-Security-Policy. */
"use strict";
(function (C) {
  const theme = localStorage.getItem("tc-theme") || "theme-dark";
  document.body.classList.add(theme);
  const kind = document.body.dataset.page;
  if (kind === "table") C.tablePage();
  else if (kind === "new") C.newTablePage();
  else if (kind === "home") C.homePage();
  else {
    C.chrome();
    C.watchLink();
  }
})(window.Companion);
