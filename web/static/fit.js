// @ts-check
/* The tablet's board fitted to its pane, as a scoreboard is: when the board and the charts
   are taller or wider than the space under the prompt bar, they are drawn smaller (CSS
   zoom) until they fit, but never so small that a number on the board reads under 16 px
   from across the table. Only on a tablet-sized window; a phone's page scrolls. */
const TABLET = "(min-width: 760px) and (min-height: 600px)";
const SMALLEST = 16; // px: the smallest number players read from their seats
const LEGIBLE = 12; // px: the smallest chart label still read; under it a chart is a sparkline

export function fitBoard() {
  const area = document.querySelector(".dashboard .board-area");
  if (!area) return;
  const parts = /** @type {HTMLElement[]} */ ([...area.children]);
  parts.forEach((part) => (part.style.zoom = ""));
  /** @type {NodeListOf<SVGSVGElement>} */ (area.querySelectorAll("svg.chart")).forEach((svg) => {
    svg.classList.remove("sparkline");
    svg.removeAttribute("preserveAspectRatio");
    if (svg.dataset.view) svg.setAttribute("viewBox", svg.dataset.view);
  });
  if (!matchMedia(TABLET).matches) return;
  zoomToFit(area, parts);
  sparklines(area);
}

function zoomToFit(area, parts) {
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

/* A chart drawn so small that its labels would read under LEGIBLE px keeps its lines and
   drops its text (the numbers players read stay on the scoreboard beside it): a label too
   small to read from across the table is noise, not information. A sparkline fills its
   box: its plot is stretched to the strip, its strokes kept as wide as drawn, and the key
   beside its title names each line's player in that line's colour. */
function sparklines(area) {
  for (const svg of /** @type {NodeListOf<SVGSVGElement>} */ (area.querySelectorAll("svg.chart"))) {
    const label = svg.querySelector("text");
    const box = svg.getBoundingClientRect();
    const view = svg.viewBox.baseVal;
    if (!label || !view || !view.width || !view.height) continue;
    const scale = Math.min(box.width / view.width, box.height / view.height);
    if (parseFloat(getComputedStyle(label).fontSize) * scale < LEGIBLE) {
      svg.classList.add("sparkline");
      // with no text to keep square, the plot alone takes the whole strip the board
      // leaves (the end labels' margin too); the key beside the title says whose line
      svg.setAttribute("preserveAspectRatio", "none");
      svg.dataset.view = svg.getAttribute("viewBox");
      if (svg.dataset.plot) svg.setAttribute("viewBox", svg.dataset.plot);
    }
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
