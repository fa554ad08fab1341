// What a layout test measures on the real page (Chromium, at the window's real size): the
// page and every box that scrolls (scrollHeight against clientHeight, the journal counted
// by the lines it shows; the board's own boxes apart), every part of the prompt bar and of
// the board inside the window (apart), the prompt's buttons, the size of the board's
// numbers, and what sticks out sideways.
() => {
  const W = innerWidth,
    H = innerHeight;
  const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
  const name = (el) =>
    (el.id ? "#" + el.id : el.tagName.toLowerCase() + "." + String(el.className).split(" ")[0]) +
    " " +
    (el.textContent || "").trim().slice(0, 24);
  const inside = (r) =>
    r.top >= -0.5 && r.left >= -0.5 && r.bottom <= H + 0.5 && r.right <= W + 0.5;
  const log = document.getElementById("log");
  const logBox = log && log.getBoundingClientRect();
  const lines = log ? [...log.children] : [];
  const shown = lines.filter((li) => {
    const r = li.getBoundingClientRect();
    return r.height && r.top >= logBox.top - 0.5 && r.bottom <= logBox.bottom + 0.5 && inside(r);
  }).length;
  const out = {
    width: W,
    height: H,
    scrollHeight: document.documentElement.scrollHeight,
    scrollWidth: document.documentElement.scrollWidth,
    logLines: lines.length,
    logShown: shown,
    scrolling: [],
    boardScrolling: [],
    outside: [],
    boardOutside: [],
    small: [],
    chartSmall: [],
    sideways: [],
    buttons: 0,
  };
  for (const el of document.querySelectorAll("body *")) {
    if (!visible(el) || el.closest("dialog, svg, select, .sr-only")) continue;
    const style = getComputedStyle(el);
    const scrolls = ["auto", "scroll", "hidden"].includes(style.overflowY);
    // the journal once it shows five lines, and its lines, which the tablet cuts to four
    // rows with the whole line in their title (companion.css), are the only exceptions
    const journal = log && log.contains(el) && shown >= 5;
    if (scrolls && el.scrollHeight > el.clientHeight + 1 && !journal)
      out[el.closest(".board-area") ? "boardScrolling" : "scrolling"].push(
        name(el) + ` ${el.scrollHeight}>${el.clientHeight}`,
      );
    const r = el.getBoundingClientRect();
    if (r.right > W + 1) out.sideways.push(name(el) + ` right ${r.right | 0}`);
  }
  // the board, the charts and the prompt bar: every part of them inside the window
  for (const el of document.querySelectorAll(
    "#board, #board *, #charts, #charts *, #now, #now *",
  )) {
    if (!visible(el) || (el.closest("svg") && el.tagName !== "svg")) continue;
    const r = el.getBoundingClientRect();
    if (r.width && r.height && !inside(r))
      out[el.closest("#now") ? "outside" : "boardOutside"].push(
        name(el) + ` ${r.left | 0},${r.top | 0}-${r.right | 0},${r.bottom | 0}`,
      );
  }
  // numbers read from across the table: every text with a digit on the board
  const walker = document.createTreeWalker(
    document.getElementById("board") || document.body,
    NodeFilter.SHOW_TEXT,
  );
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!/\d/.test(node.textContent) || !visible(el) || el.closest("svg")) continue;
    const size = parseFloat(getComputedStyle(el).fontSize) * (el.currentCSSZoom || 1);
    if (size < 15.9) out.small.push(name(el) + ` ${size}px`);
  }
  // a chart's text at the size it is drawn: its font size times the SVG's scale (its box
  // against its viewBox, as preserveAspectRatio's "meet" draws it)
  for (const el of document.querySelectorAll("#charts svg text")) {
    if (!visible(el)) continue;
    const svg = el.closest("svg");
    const box = svg.getBoundingClientRect();
    const view = svg.viewBox.baseVal;
    const scale = Math.min(box.width / view.width, box.height / view.height);
    const size = Math.round(parseFloat(getComputedStyle(el).fontSize) * scale * 10) / 10;
    if (size < 11.9) out.chartSmall.push(name(el) + ` ${size}px`);
  }
  for (const b of document.querySelectorAll("#prompt-actions button, #dice-area button")) {
    if (!visible(b)) continue;
    out.buttons++;
  }
  for (const key of [
    "scrolling",
    "boardScrolling",
    "outside",
    "boardOutside",
    "small",
    "chartSmall",
    "sideways",
  ]) {
    out[key + "Count"] = out[key].length;
    out[key] = out[key].slice(0, 6);
  }
  return out;
};
