// A small accessibility audit run inside a page: names, labels, alt text, contrast, focus.
() => {
  const problems = [];
  const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
  const name = (el) =>
    (el.getAttribute("aria-label") || el.textContent || el.getAttribute("title") || "").trim();
  for (const el of document.querySelectorAll("button, a[href], [role=button]")) {
    if (visible(el) && !name(el) && !el.querySelector("img[alt], svg[aria-label]"))
      problems.push("unnamed control: " + el.outerHTML.slice(0, 80));
  }
  for (const el of document.querySelectorAll("input, select, textarea")) {
    if (!visible(el) || el.type === "hidden") continue;
    const labelled =
      el.getAttribute("aria-label") || (el.labels && el.labels.length) || el.closest("label");
    if (!labelled) problems.push("unlabelled field: " + el.outerHTML.slice(0, 80));
  }
  for (const img of document.querySelectorAll("img"))
    if (!img.hasAttribute("alt")) problems.push("img without alt: " + img.src);
  const rgb = (c) => (c.match(/[\d.]+/g) || [0, 0, 0]).slice(0, 3).map(Number);
  const lum = (c) => {
    const [r, g, b] = rgb(c).map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const background = (el) => {
    while (el) {
      const c = getComputedStyle(el).backgroundColor;
      if (c && !c.startsWith("rgba(0, 0, 0, 0)") && c !== "transparent") return c;
      el = el.parentElement;
    }
    return "rgb(255, 255, 255)";
  };
  for (const el of document.querySelectorAll(
    "h1, h2, p, li, button, label, span, strong, a, legend, td, th",
  )) {
    if (!visible(el) || !el.textContent.trim() || el.closest("[disabled]") || el.closest("svg"))
      continue;
    const style = getComputedStyle(el);
    if (parseFloat(style.opacity) < 1 || document.body.classList.contains("stale")) continue;
    const a = lum(style.color),
      b = lum(background(el));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const large =
      parseFloat(style.fontSize) >= 24 ||
      (parseFloat(style.fontSize) >= 18.66 && parseInt(style.fontWeight, 10) >= 700);
    if (ratio < (large ? 3 : 4.5))
      problems.push(`low contrast ${ratio.toFixed(2)}: ${el.textContent.trim().slice(0, 40)}`);
  }
  if (!document.documentElement.lang) problems.push("no lang on <html>");
  return problems;
};
