// ESLint for the pages' JavaScript (tests/test_lint.py runs it): ESLint's recommended rules
// over the pages' ES modules, and the house dialect (docs/pages.md). Each file imports what
// it uses and exports what it offers; web/static/boot.js is the one the pages load, a game's
// panel.js is imported by the table page, and Preact comes from web/static/vendor/.
// The browser probes (tests/browser/*.js) are plain scripts a test evaluates in the page.
import js from "@eslint/js";
import globals from "globals";

// What the Content-Security-Policy (web/guard.py: no 'unsafe-inline' styles) would refuse,
// and markup made from text: elements are made with ctx.h/ctx.el only.
const REFUSED = [
  {
    selector: "CallExpression[callee.property.name=/^(h|el|s)$/][arguments.0.value='style']",
    message: "a <style> element: the CSP refuses it; put the rule in the game's panel.css",
  },
  {
    selector: "CallExpression[callee.name=/^(h|el)$/][arguments.0.value='style']",
    message: "a <style> element: the CSP refuses it; put the rule in the game's panel.css",
  },
  {
    selector: "Property[key.name='style'][value.type='Literal'][value.value=/:/]",
    message: "a style attribute written as a string: the CSP refuses it; give an object",
  },
  {
    selector: "Property[key.name='style'] > TemplateLiteral > TemplateElement[value.raw=/:/]",
    message: "a style attribute written as a string: the CSP refuses it; give an object",
  },
  {
    selector: "CallExpression[callee.property.name='setAttribute'][arguments.0.value='style']",
    message: "a style attribute written as a string: the CSP refuses it; give an object",
  },
  {
    selector: "MemberExpression[property.name='cssText']",
    message: "a style attribute written as a string: the CSP refuses it; give an object",
  },
  {
    selector: "AssignmentExpression > MemberExpression.left[property.name=/^(inner|outer)HTML$/]",
    message: "innerHTML: make elements with ctx.h, never markup from text",
  },
  {
    selector: "CallExpression[callee.property.name='insertAdjacentHTML']",
    message: "innerHTML: make elements with ctx.h, never markup from text",
  },
];

// window.Companion is for debugging and the browser tests (web/static/boot.js sets it): a
// module imports what it uses, never reads another's exports through the global.
const THROUGH_THE_GLOBAL = {
  selector: "MemberExpression[property.name='Companion']:not(AssignmentExpression > .left)",
  message: "window.Companion is for debugging and tests: import what the module uses",
};

const dialect = {
  // a name that is used nowhere is a leftover; an unused catch error is fine
  "no-unused-vars": ["error", { caughtErrors: "none" }],
  eqeqeq: ["error", "always", { null: "ignore" }],
  "no-implicit-globals": "error",
  "no-var": "error",
  "prefer-const": "error",
  // callbacks are arrows; a named function is a declaration
  "prefer-arrow-callback": "error",
  "no-restricted-syntax": ["error", ...REFUSED],
};

export default [
  {
    ignores: ["node_modules/", "**/node_modules/", "web/static/vendor/", "test-output/", ".venv/"],
  },
  js.configs.recommended,
  {
    files: ["web/static/**/*.js", "companion/games/*/panel.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
    rules: {
      ...dialect,
      "no-restricted-syntax": ["error", ...REFUSED, THROUGH_THE_GLOBAL],
      strict: "error", // a module is strict: a "use strict" left over says a script was pasted
    },
  },
  {
    files: ["tests/browser/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: { ...globals.browser } },
    rules: dialect,
  },
  {
    files: ["hardware/micropython/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
