// The page's words, from the server's gettext catalog (GET /api/i18n/<lang>, issue 14): the same
// catalog the terminal reads, so there are no hand-kept tables here.  The page's language codes
// are "en" and "zh" (Traditional Chinese, catalog zh_TW); the choice is remembered per browser and
// defaults to what the browser's Accept-Language asks for (GET /api/i18n).
import { slug } from "./common.js";
const CATALOG = { en: "en", zh: "zh_TW" };
const STORE = "meeple:lang";

async function fetchJson(url) {
  const res = await fetch(url, { headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res.json();
}

async function defaultLang() {
  try {
    const info = await fetchJson("/api/i18n");
    return String(info.lang || "").startsWith("zh") ? "zh" : "en";
  } catch {
    return (navigator.language || "").startsWith("zh") ? "zh" : "en";
  }
}

const catalogs = {};
await Promise.all(Object.entries(CATALOG).map(async ([code, lang]) => {
  try { catalogs[code] = await fetchJson(`/api/i18n/${lang}`); }
  catch (e) { console.error("meeple: no catalog for", lang, e); catalogs[code] = { messages: {}, names: {} }; }
}));

let lang = localStorage.getItem(STORE);
if (!CATALOG[lang]) lang = await defaultLang();
keepCookie();

const missing = new Set();

function fill(text, args) {
  let s = String(text);
  if (args) for (const [k, v] of Object.entries(args)) s = s.replaceAll(`{${k}}`, v);
  return s;
}

function plural(forms, args) {
  const n = args && typeof args.n === "number" ? args.n : 1;
  if (forms.length < 2) return forms[0] || "";
  const rule = new Intl.PluralRules(catalogs[lang].tag || "en").select(n);
  return rule === "one" ? forms[0] : forms[forms.length - 1];
}

// The entry of a catalog key in the current language, or undefined.
export function lookup(key) {
  const messages = catalogs[lang].messages;
  const found = messages[key];
  if (found === undefined || found === "") return undefined;
  return found;
}

const capital = (s) => (typeof s === "string" && lang === "en" ? s.charAt(0).toUpperCase() + s.slice(1) : s);

function entry(key) {
  // interface strings are web.<key>; a full key (troyes.activities.baker.name, an event's key) is
  // itself; a heading given as English words is a view label (label.<slug>), capitalised as a
  // heading in English.
  for (const k of [`web.${key}`, key]) {
    const found = lookup(k);
    if (found !== undefined) return found;
  }
  return capital(lookup(`label.${slug(key)}`));
}

// A word of a view in the page's language: a catalog key (valueText), a view word (value.<slug>,
// for plain lower-case words), a component's name; anything else as it is.
export function word(text) {
  if (typeof text !== "string" || !text) return text;
  const keyed = valueText(text);
  if (keyed !== text) return keyed;
  if (/^[a-z][a-z -]*$/.test(text)) {
    const found = lookup(`value.${slug(text)}`);
    if (typeof found === "string") return found;
  }
  const names = catalogs[lang].names || {};
  return names[text] || text;
}

export function getLang() { return lang; }

// The server renders its refusals in the page's language too (issue 27): it reads this cookie
// before the browser's Accept-Language (meeple/server/web.py, request_language).
function keepCookie() { document.cookie = `meeple_lang=${CATALOG[lang]}; path=/; SameSite=Lax; max-age=31536000`; }

export function setLang(l) {
  lang = CATALOG[l] ? l : "en";
  localStorage.setItem(STORE, lang);
  document.documentElement.lang = lang === "zh" ? "zh-Hant-TW" : "en";
  keepCookie();
}

// The text of a key with {placeholders} filled in.  A key missing from the catalog shows as
// itself (never as another language's text) and is listed in missingKeys() for the tests.
export function t(key, args) {
  const found = entry(key);
  if (found === undefined) { missing.add(key); return fill(key, args); }
  return fill(Array.isArray(found) ? plural(found, args) : found, args);
}

// A list argument's elements are joined by the catalog's web.list_join (", " / "、", as
// meeple/i18n/render.py's joiner does for the terminal).

function arg(v) {
  if (Array.isArray(v)) return v.map(arg).join(lookup("web.list_join") ?? ", ");
  if (v && typeof v === "object") return v.key ? message(v) : (v.text || "");
  return v;
}

// An event, refusal reason or action label carried as {key, args}: rendered in the page's language
// (an argument that is itself a message is rendered first, a list's elements each and joined);
// without a key, or with a key the catalog lacks, its English text.
export function message(m) {
  if (!m || typeof m !== "object") return String(m ?? "");
  if (!m.key) return m.text || m.type || "";
  if (entry(m.key) === undefined && m.text) return m.text;
  const args = {};
  for (const [k, v] of Object.entries(m.args || {})) args[k] = arg(v);
  return t(m.key, args);
}

// A view's value that is itself a catalog key (Messina's now.step is "messina.task.place"): its
// words in the page's language; anything else as it is.
export function valueText(v) {
  if (typeof v !== "string" || !/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/.test(v)) return v;
  const found = lookup(v);
  return typeof found === "string" ? found : Array.isArray(found) ? found[0] : v;
}

export function missingKeys() { return [...missing]; }

// A view's field label (the generic board passes "Turn order" for turn_order), a component's name,
// or the text as it is.
export function viewLabel(text) {
  const seat = /^seat (\d+)$/i.exec(String(text));
  if (seat) return `${t("seat")} ${seat[1]}`;
  const found = lookup(`label.${slug(text)}`);
  if (found !== undefined) return capital(found);
  const names = catalogs[lang].names || {};
  const lower = String(text).charAt(0).toLowerCase() + String(text).slice(1);
  return names[text] || names[lower] || text;
}

export function gameTitle(name, fallback) {
  return lookup(`game.${name}.title`) || fallback || name;
}

export function applyStatic(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}

// Views that still hold English component names as values (until the games' views carry keys):
// a text node that is exactly a component's English name shows its name in the page's language.
// Notations (action buttons, <code>) and form fields are left as they are.
const KEEP = "code, [data-action], button.act, input, textarea, script, style";

function translateNode(node) {
  if (lang === "en") return;
  const names = catalogs[lang].names || {};
  const text = node.nodeValue;
  const trimmed = text.trim();
  const found = names[trimmed] || (trimmed && lookup(`value.${slug(trimmed)}`) !== undefined && /^[a-z][a-z -]*$/.test(trimmed) ? lookup(`value.${slug(trimmed)}`) : undefined);
  if (!found || found === trimmed) return;
  const parent = node.parentElement;
  if (!parent || parent.closest(KEEP)) return;
  node.nodeValue = text.replace(trimmed, found);
}

function translateTree(root) {
  if (lang === "en" || !root) return;
  if (root.nodeType === Node.TEXT_NODE) { translateNode(root); return; }
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) translateNode(n);
}

const observer = new MutationObserver((records) => {
  for (const r of records) {
    if (r.type === "characterData") translateNode(r.target);
    for (const n of r.addedNodes) translateTree(n);
  }
});

function watch() {
  const app = document.getElementById("app");
  if (!app) return;
  translateTree(app);
  observer.observe(app, { childList: true, subtree: true, characterData: true });
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch);
else watch();
