// @ts-check
/* Drawing helpers shared by every page and every game panel: elements, dice, charts.
   Preact (web/static/vendor/) underneath, nothing from the internet. */

import { t } from "./shell.js";
import { Fragment, h as element, render } from "./vendor/preact.module.js";
import { number } from "./words.js";

// set as DOM properties (checked, selected…), where true and false mean what they say
// (defaultChecked too: made "" it would leave a box that defaults to true unticked)
const BOOLEAN_PROPS = {
  checked: 1,
  defaultChecked: 1,
  selected: 1,
  disabled: 1,
  required: 1,
  hidden: 1,
  open: 1,
};

/* Elements are Preact vnodes: a page draws what the state says and Preact changes only
   what differs from the last drawing, so nodes, scroll positions and half-typed forms
   stay. `text` is the element's only child; null, undefined and false leave a prop out. */
function props(attrs) {
  const out = {};
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false || name === "text") continue;
    out[name] = value === true && !(name in BOOLEAN_PROPS) ? "" : value;
  }
  return out;
}
export const h = (tag, attrs, ...children) =>
  attrs && "text" in attrs && attrs.text !== null && attrs.text !== undefined
    ? element(tag, props(attrs), String(attrs.text))
    : element(tag, props(attrs), ...children);
export const s = h; // an <svg> puts its children in the SVG namespace
/* The panels' one element helper: attributes, or just a class name ("" for none), then
   children, any of them an array; null, undefined and false draw nothing (Preact). */
export const el = (tag, attrs, ...children) =>
  h(tag, typeof attrs === "string" ? (attrs ? { class: attrs } : {}) : attrs, ...children);
export { Fragment };
/* Draw a vnode into a container; the next call diffs against this one. */
export const mount = (container, vnode) => render(vnode, container);
/* Forget what was drawn there (a dialog opening a different form starts afresh). */
export const unmount = (container) => render(null, container);

// Pips for a d6-style face; Root's and Abilene's dice show numbers, as on the real dice.
const PIPS = {
  1: [[50, 50]],
  2: [
    [28, 28],
    [72, 72],
  ],
  3: [
    [28, 28],
    [50, 50],
    [72, 72],
  ],
  4: [
    [28, 28],
    [72, 28],
    [28, 72],
    [72, 72],
  ],
  5: [
    [28, 28],
    [72, 28],
    [50, 50],
    [28, 72],
    [72, 72],
  ],
  6: [
    [28, 26],
    [72, 26],
    [28, 50],
    [72, 50],
    [28, 74],
    [72, 74],
  ],
};
// Each die kind's faces and colours, as the games declare them (the page's data-dice).
export const dice = JSON.parse(document.body.dataset.dice || "{}");

export function die(kind, face, label) {
  const [bg, fg] = (dice[kind] || dice.d6 || { colours: ["#f7f3e8", "#1a1a1a"] }).colours;
  const name = label || t("die." + kind) + " " + face;
  const marks =
    kind === "d6" && PIPS[face]
      ? PIPS[face].map(([x, y]) => s("circle", { cx: x, cy: y, r: 9, fill: fg }))
      : s("text", {
          x: 50,
          y: 66,
          "text-anchor": "middle",
          "font-size": 48,
          "font-weight": 700,
          fill: fg,
          text: String(face),
        });
  return s(
    "svg",
    {
      viewBox: "0 0 100 100",
      class: "die die-" + kind,
      role: "img",
      "aria-label": name,
      "data-face": face,
      "data-kind": kind,
    },
    s("rect", {
      x: 4,
      y: 4,
      width: 92,
      height: 92,
      rx: 18,
      fill: bg,
      stroke: fg,
      "stroke-width": 3,
    }),
    marks,
  );
}

const SERIES_COLOURS = [
  "#f0b43c",
  "#6fb3ff",
  "#ff7f7f",
  "#7fdc8f",
  "#c89bff",
  "#ffd36f",
  "#5fe0d8",
];

const CHART = { W: 480, H: 260, L: 40, B: 26, T: 14, R: 150 };

/* The scales of a chart: x and y map a point's values to the drawing. */
function scales(chart) {
  const { W, H, L, B, T, R } = CHART;
  const all = chart.series.flatMap((s) => s.points);
  const maxX = Math.max(1, ...all.map((p) => p[0]));
  const minX = Math.min(0, ...all.map((p) => p[0]));
  const maxY = Math.max(1, ...all.map((p) => p[1]));
  // Start at 0 unless every value sits high above it (money around $10,000): then start
  // just under the lowest value, so the lines do not all squeeze against the top.
  const lowest = Math.min(...all.map((p) => p[1]));
  const minY = lowest < 0 ? lowest : lowest > maxY / 2 ? Math.floor((lowest * 0.9) / 100) * 100 : 0;
  const x = (v) => L + ((v - minX) / (maxX - minX || 1)) * (W - L - R);
  const y = (v) => H - B - ((v - minY) / (maxY - minY || 1)) * (H - B - T);
  return { x, y, maxX, minY, maxY };
}

/* End labels, pushed apart so that equal values do not print on top of each other. */
function endLabels(chart, y, colours) {
  const { H, T } = CHART;
  const labels = chart.series
    .map((series, i) => [series, colours[i]])
    .filter(([series]) => series.points.length)
    .map(([series, colour]) => {
      const last = series.points[series.points.length - 1];
      return { y: y(last[1]) + 5, colour, text: `${series.label} ${number(last[1])}` };
    });
  labels.sort((a, b) => a.y - b.y);
  labels.forEach((label, i) => {
    if (i && label.y - labels[i - 1].y < 19) label.y = labels[i - 1].y + 19;
  });
  const over = labels.length ? labels[labels.length - 1].y - (H - 4) : 0;
  if (over > 0)
    labels.forEach((label) => {
      label.y = Math.max(T + 12, label.y - over);
    });
  return labels;
}

function line(series, colour, x, y) {
  if (!series.points.length) return null;
  const pts = series.points.map((p) => `${x(p[0]).toFixed(1)},${y(p[1]).toFixed(1)}`).join(" ");
  return [
    s("polyline", { points: pts, fill: "none", stroke: colour, "stroke-width": 3 }),
    series.points.map((p) => s("circle", { cx: x(p[0]), cy: y(p[1]), r: 3, fill: colour })),
  ];
}

/* Which colour is whose, beside the title: shown once the chart is a sparkline and its end
   labels are gone (companion.css). */
function key(chart, colours) {
  return h(
    "span",
    { class: "chart-key" },
    chart.series.map((series, i) =>
      // a property, not a style attribute: the page allows no inline style
      h("span", {
        style: { color: colours[i] },
        text: series.label,
      }),
    ),
  );
}

/* Each series' colour: a player's own in every chart (by their seat among `players`, when
   a series is named after one), so two charts side by side never swap whose line is whose. */
function seriesColours(chart, players) {
  return chart.series.map((series, i) => {
    const seat = players.indexOf(series.label);
    return SERIES_COLOURS[(seat >= 0 ? seat : i) % SERIES_COLOURS.length];
  });
}

/* chart = {title: key, series: [{label, points: [[x, y], ...]}]} -> an inline SVG line chart;
   `players`: the table's, in seat order */
export function chart(chart, players = []) {
  const { W, H, L, B, T, R } = CHART;
  const colours = seriesColours(chart, players);
  const { x, y, maxX, minY, maxY } = scales(chart);
  const title = t(chart.title);
  return h(
    "figure",
    { class: "chart-box", "data-chart": chart.title },
    h("figcaption", {}, h("span", { text: title }), key(chart, colours)),
    s(
      "svg",
      {
        viewBox: `0 0 ${W} ${H}`,
        // the plot alone, for a sparkline (web/static/fit.js): no axis text, no end labels
        "data-plot": `${L - 4} ${T - 4} ${W - L - R + 8} ${H - B - T + 8}`,
        class: "chart",
        role: "img",
        "aria-label": title,
      },
      s("line", { x1: L, y1: H - B, x2: W - R, y2: H - B, class: "axis" }),
      s("line", { x1: L, y1: T, x2: L, y2: H - B, class: "axis" }),
      s("text", { x: 4, y: T + 10, text: number(maxY) }),
      s("text", { x: 4, y: H - B, text: number(minY) }),
      s("text", { x: W - R, y: H - 6, "text-anchor": "end", text: number(maxX) }),
      chart.series.map((series, i) => line(series, colours[i], x, y)),
      endLabels(chart, y, colours).map((label) =>
        // a property, not a style attribute: the page allows no inline style
        s("text", {
          x: W - R + 8,
          y: label.y,
          style: { fill: label.colour },
          text: label.text,
        }),
      ),
    ),
  );
}
