// ESLint for the pages' JavaScript (tests/test_lint.py runs it): ESLint's recommended rules
// over plain browser scripts. The pages load no modules: each file is a classic script
// that adds its part to the one shared object `window.Companion` (web/templates/base.html
// loads them in order), and Preact comes from web/static/vendor/ as `window.preact`.
import js from "@eslint/js";
import globals from "globals";

export default [
  {
    ignores: ["node_modules/", "**/node_modules/", "web/static/vendor/", "test-output/", ".venv/"],
  },
  js.configs.recommended,
  {
    files: ["web/static/**/*.js", "companion/games/*/panel.js", "tests/browser/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      globals: { ...globals.browser },
    },
    rules: {
      // a name that is used nowhere is a leftover; an unused catch error is fine
      "no-unused-vars": ["error", { caughtErrors: "none" }],
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-implicit-globals": "error",
      "no-var": "error",
      "prefer-const": "error",
    },
  },
  {
    files: ["hardware/micropython/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
