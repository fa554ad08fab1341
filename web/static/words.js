// @ts-check
/* Sentences from the catalog's texts, by the locale's own rules (the browser's Intl): the
   same placeholder grammar as the server's web/wording.py (docs/i18n.md).
     {name}                          a number the locale's way ("1,600", « 1 600 »)
     {name:money}                    dollars ("$1,600", « 1 600 $ »)
     {name:id}                       a number that names something, written bare
     {name:plural:one=# cow;other=# cows}   the form Intl.PluralRules picks, # = the number
   French elision (« d’Ann ») happens as a value is put in; French spacing is already in the
   texts the server sends. */
const lang = document.body.dataset.lang || "en";
const numbers = new Intl.NumberFormat(lang);
const dollars = new Intl.NumberFormat(lang, {
  style: "currency",
  currency: "USD",
  currencyDisplay: "narrowSymbol",
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const plurals = new Intl.PluralRules(lang);
const PLACEHOLDER = /\{([A-Za-z_][\w-]*)(?::([^{}]*))?\}/g;
const VOWEL = /^[aeiouyhàâäéèêëîïôöûüœæ]/i;
const ELIDED = /(^|\s)(de|que|jusque) $/i;
const isNumber = (v) => typeof v === "number" && Number.isFinite(v);

export const number = (value) => (isNumber(value) ? numbers.format(value) : String(value));
export const money = (value) => (isNumber(value) ? dollars.format(value) : String(value));
function plural(value, forms) {
  const choices = {};
  for (const part of forms.split(";")) {
    const at = part.indexOf("=");
    if (at > 0) choices[part.slice(0, at)] = part.slice(at + 1);
  }
  const category = isNumber(value) ? plurals.select(Math.abs(value)) : "other";
  const text = choices[category] !== undefined ? choices[category] : choices.other || "";
  return text.split("#").join(number(value));
}

function put(value, spec) {
  if (spec && spec.startsWith("plural:")) return plural(value, spec.slice(7));
  if (!isNumber(value)) return String(value);
  if (spec === "money") return money(value);
  if (spec === "id") return String(value);
  return number(value);
}

/* text with its placeholders filled; one with no value stays as it is */
export function render(text, params) {
  params = params || {};
  let out = "",
    at = 0,
    match;
  PLACEHOLDER.lastIndex = 0;
  while ((match = PLACEHOLDER.exec(text)) !== null) {
    out += text.slice(at, match.index);
    at = match.index + match[0].length;
    if (!(match[1] in params)) {
      out += match[0];
      continue;
    }
    const value = put(params[match[1]], match[2]);
    if (lang === "fr" && VOWEL.test(value)) {
      out = out.replace(ELIDED, (all, space, word) => space + word.slice(0, -1) + "’");
    }
    out += value;
  }
  return out + text.slice(at);
}
