// @ts-check
/* The tablet's board fitted to its pane, as a scoreboard is: when the board and the charts
   are taller or wider than the space under the prompt bar, they are drawn smaller (CSS
   zoom) until they fit, but never so small that a number on the board reads under 16 px
   from across the table. Only on a tablet-sized window; a phone's page scrolls. */
const TABLET = "(min-width: 760px) and (min-height: 600px)";
const SMALLEST = 16; // px: the smallest number players read from their seats

export function fitBoard() {
  const area = document.querySelector(".dashboard .board-area");
  if (!area) return;
  const parts = /** @type {HTMLElement[]} */ ([...area.children]);
  parts.forEach((part) => (part.style.zoom = ""));
  if (!matchMedia(TABLET).matches) return;
  const least = Math.min(1, SMALLEST / smallestNumber(area));
  let zoom = 1;
  for (let pass = 0; pass < 4; pass++) {
    const over = Math.max(
      area.scrollHeight / area.clientHeight,
      area.scrollWidth / area.clientWidth,
    );
    if (over <= 1.002 || zoom <= least) return;
    zoom = Math.max(least, (zoom / over) * 0.995);
    parts.forEach((part) => (part.style.zoom = String(zoom)));
  }
}

/* The font size of the smallest text with a digit in it on the board (SVG charts aside). */
function smallestNumber(area) {
  let smallest = Infinity;
  const walker = document.createTreeWalker(area, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!/\d/.test(node.textContent) || el.closest("svg") || !el.getClientRects().length) continue;
    smallest = Math.min(smallest, parseFloat(getComputedStyle(el).fontSize));
  }
  return Number.isFinite(smallest) ? smallest : SMALLEST;
}

addEventListener("resize", () => fitBoard());
