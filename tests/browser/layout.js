// What a layout test asks of a page: does it scroll, do the prompt's buttons sit inside the
// window, does anything stick out of the window or out of its own box (cut off)?
(kind) => {
  const W = innerWidth,
    H = innerHeight;
  const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
  const out = {
    scrollHeight: document.documentElement.scrollHeight,
    scrollWidth: document.documentElement.scrollWidth,
    width: W,
    height: H,
    outside: [],
    overflowing: [],
    buttons: 0,
  };
  const name = (el) =>
    (el.id ? "#" + el.id : el.tagName.toLowerCase() + "." + el.className) +
    " " +
    (el.textContent || "").trim().slice(0, 30);
  for (const b of document.querySelectorAll(
    "#prompt-actions button, #dice-area button, #final button, #final a.button",
  )) {
    if (!visible(b)) continue;
    out.buttons++;
    const r = b.getBoundingClientRect();
    if (r.top < 0 || r.left < 0 || r.bottom > H + 0.5 || r.right > W + 0.5)
      out.outside.push(name(b) + ` ${r.top | 0},${r.bottom | 0}`);
  }
  // anything wider than the window, or cut off inside a box that scrolls sideways
  for (const el of document.querySelectorAll("#main *")) {
    if (!visible(el) || el.closest("dialog") || el.closest("svg")) continue;
    const r = el.getBoundingClientRect();
    if (r.right > W + 1) out.overflowing.push(name(el) + ` right ${r.right | 0}`);
    const style = getComputedStyle(el);
    if (
      ["auto", "scroll", "hidden"].includes(style.overflowX) &&
      el.scrollWidth > el.clientWidth + 1 &&
      !el.matches(".log, .side")
    )
      out.overflowing.push(name(el) + ` cut ${el.scrollWidth}>${el.clientWidth}`);
  }
  out.overflowing = out.overflowing.slice(0, 8);
  return out;
};
