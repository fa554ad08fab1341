// ESLint for the pages' JavaScript (tests/test_lint.py runs it): ESLint's recommended rules
// over plain browser scripts, and the house dialect (docs/pages.md). The pages load no
// modules: each file is a classic script that adds its part to the one shared object
// `window.Companion` (web/templates/base.html loads them in order), and Preact comes from
// web/static/vendor/ as `window.preact`.
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

const dialect = {
  // a name that is used nowhere is a leftover; an unused catch error is fine
  "no-unused-vars": ["error", { caughtErrors: "none" }],
  eqeqeq: ["error", "always", { null: "ignore" }],
  "no-implicit-globals": "error",
  "no-var": "error",
  "prefer-const": "error",
  // callbacks are arrows; a named function is a declaration, or `C.name = function`
  "prefer-arrow-callback": "error",
  "no-restricted-syntax": ["error", ...REFUSED],
};

export default [
  {
    ignores: ["node_modules/", "**/node_modules/", "web/static/vendor/", "test-output/", ".venv/"],
  },
  js.configs.recommended,
  {
    files: ["web/static/**/*.js", "companion/games/*/panel.js", "tests/browser/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: { ...globals.browser } },
    rules: dialect,
  },
  // the shell's files are strict as a whole; a panel inside the function it registers from
  { files: ["web/static/**/*.js"], rules: { strict: ["error", "global"] } },
  { files: ["companion/games/*/panel.js"], rules: { strict: ["error", "function"] } },
  {
    files: ["hardware/micropython/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
