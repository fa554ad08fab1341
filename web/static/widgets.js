/* Drawing helpers shared by every page and every game panel: elements, dice, charts.
   Plain ES2017, no libraries, nothing from the internet. */
"use strict";
window.Companion = window.Companion || {};
(function (C) {
  const SVG = "http://www.w3.org/2000/svg";

  function put(node, attrs, children) {
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith("on") && typeof value === "function")
        node.addEventListener(key.slice(2), value);
      else if (key === "text") node.textContent = value;
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }
  C.h = (tag, attrs, ...children) => put(document.createElement(tag), attrs, children);
  C.s = (tag, attrs, ...children) => put(document.createElementNS(SVG, tag), attrs, children);

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
  C.dice = JSON.parse(document.body.dataset.dice || "{}");

  C.die = function (kind, face, label) {
    const [bg, fg] = (C.dice[kind] || C.dice.d6 || { colours: ["#f7f3e8", "#1a1a1a"] }).colours;
    const name = label || (C.t ? C.t("die." + kind) + " " + face : kind + " " + face);
    const svg = C.s("svg", {
      viewBox: "0 0 100 100",
      class: "die die-" + kind,
      role: "img",
      "aria-label": name,
      "data-face": face,
      "data-kind": kind,
    });
    svg.appendChild(
      C.s("rect", {
        x: 4,
        y: 4,
        width: 92,
        height: 92,
        rx: 18,
        fill: bg,
        stroke: fg,
        "stroke-width": 3,
      }),
    );
    if (kind === "d6" && PIPS[face]) {
      for (const [x, y] of PIPS[face])
        svg.appendChild(C.s("circle", { cx: x, cy: y, r: 9, fill: fg }));
    } else {
      svg.appendChild(
        C.s("text", {
          x: 50,
          y: 66,
          "text-anchor": "middle",
          "font-size": 48,
          "font-weight": 700,
          fill: fg,
          text: String(face),
        }),
      );
    }
    return svg;
  };

  const SERIES_COLOURS = [
    "#f0b43c",
    "#6fb3ff",
    "#ff7f7f",
    "#7fdc8f",
    "#c89bff",
    "#ffd36f",
    "#5fe0d8",
  ];

  /* chart = {title: key, series: [{label, points: [[x, y], ...]}]} -> an inline SVG line chart */
  C.chart = function (chart) {
    const W = 480,
      H = 260,
      L = 40,
      B = 26,
      T = 14,
      R = 150;
    const all = chart.series.flatMap((s) => s.points);
    const maxX = Math.max(1, ...all.map((p) => p[0])),
      minX = Math.min(0, ...all.map((p) => p[0]));
    const maxY = Math.max(1, ...all.map((p) => p[1]));
    // Start at 0 unless every value sits high above it (money around $10,000): then start
    // just under the lowest value, so the lines do not all squeeze against the top.
    const lowest = Math.min(...all.map((p) => p[1]));
    const minY =
      lowest < 0 ? lowest : lowest > maxY / 2 ? Math.floor((lowest * 0.9) / 100) * 100 : 0;
    const x = (v) => L + ((v - minX) / (maxX - minX || 1)) * (W - L - R);
    const y = (v) => H - B - ((v - minY) / (maxY - minY || 1)) * (H - B - T);
    const title = C.t ? C.t(chart.title) : chart.title;
    const svg = C.s("svg", {
      viewBox: `0 0 ${W} ${H}`,
      class: "chart",
      role: "img",
      "aria-label": title,
    });
    svg.appendChild(C.s("line", { x1: L, y1: H - B, x2: W - R, y2: H - B, class: "axis" }));
    svg.appendChild(C.s("line", { x1: L, y1: T, x2: L, y2: H - B, class: "axis" }));
    svg.appendChild(C.s("text", { x: 4, y: T + 10, text: C.number(maxY) }));
    svg.appendChild(C.s("text", { x: 4, y: H - B, text: C.number(minY) }));
    svg.appendChild(
      C.s("text", { x: W - R, y: H - 6, "text-anchor": "end", text: C.number(maxX) }),
    );
    const labels = [];
    chart.series.forEach((series, i) => {
      const colour = SERIES_COLOURS[i % SERIES_COLOURS.length];
      const pts = series.points.map((p) => `${x(p[0]).toFixed(1)},${y(p[1]).toFixed(1)}`).join(" ");
      if (!series.points.length) return;
      svg.appendChild(
        C.s("polyline", { points: pts, fill: "none", stroke: colour, "stroke-width": 3 }),
      );
      for (const p of series.points)
        svg.appendChild(C.s("circle", { cx: x(p[0]), cy: y(p[1]), r: 3, fill: colour }));
      const last = series.points[series.points.length - 1];
      labels.push({ y: y(last[1]) + 5, colour, text: `${series.label} ${C.number(last[1])}` });
    });
    // end labels, pushed apart so that equal values do not print on top of each other
    labels.sort((a, b) => a.y - b.y);
    labels.forEach((label, i) => {
      if (i && label.y - labels[i - 1].y < 19) label.y = labels[i - 1].y + 19;
    });
    const over = labels.length ? labels[labels.length - 1].y - (H - 4) : 0;
    if (over > 0)
      labels.forEach((label) => {
        label.y = Math.max(T + 12, label.y - over);
      });
    for (const label of labels) {
      svg.appendChild(
        C.s("text", { x: W - R + 8, y: label.y, style: "fill:" + label.colour, text: label.text }),
      );
    }
    return C.h("figure", { class: "chart-box" }, C.h("figcaption", { text: title }), svg);
  };
})(window.Companion);
