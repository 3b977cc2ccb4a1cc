// Generic rendering of any game's view (a JSON-safe dict): nested dicts become
// labelled panels, lists of dicts become tables, lists of plain values chips.
// Per-game renderers (static/games/<name>.js) may draw a board instead; this is
// the fallback and also renders whatever parts they leave out.
import { SEAT_COLOURS, notationsShown } from "./common.js";

export const ENVELOPE = new Set(["game", "version", "players", "seat", "is_over", "to_move", "decisions", "scores", "ranking"]);

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

let translateLabel = (s) => s;
// The interface language's words for common view keys (set by the app).
export function setLabelTranslator(fn) { translateLabel = fn; }

export function label(key) {
  const s = String(key).replace(/_/g, " ");
  return translateLabel(s.charAt(0).toUpperCase() + s.slice(1));
}

const isObj = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isPlain = (v) => v === null || typeof v !== "object";

let translateValue = (v) => v;
// The page's words for a view value that is a catalog key (set by the app, issue 15).
export function setValueTranslator(fn) { translateValue = fn; }

function plainText(v) {
  if (v === null || v === undefined) return "—";
  if (v === true) return "✓";
  if (v === false) return "✗";
  return String(translateValue(v));
}

function chips(list) {
  if (!list.length) return h("span", { class: "muted" }, "—");
  return h("span", { class: "chips" }, list.map((x) => h("span", { class: "chip" }, plainText(x))));
}

// A small inline rendering for table cells.
function cell(v, depth) {
  if (isPlain(v)) return h("span", { class: typeof v === "number" ? "num" : "" }, plainText(v));
  if (Array.isArray(v)) {
    if (v.every(isPlain)) return chips(v);
    if (depth > 2) return h("code", {}, JSON.stringify(v));
    return h("div", { class: "cellstack" }, v.map((x) => cell(x, depth + 1)));
  }
  const keys = Object.keys(v);
  if (!keys.length) return h("span", { class: "muted" }, "—");
  return h("span", { class: "kvs" }, keys.map((k) => h("span", { class: "kv" }, h("b", {}, label(k) + ": "), cell(v[k], depth + 1))));
}

function seatOfRow(row, i, len, players, byIndex) {
  for (const k of ["seat", "player"]) if (typeof row[k] === "number") return row[k];
  if (byIndex && len === players) return i;
  return null;
}

// Lists whose name says they hold one entry per seat.
export const perSeat = (key) => /^(players?|seats?)(_|$)|_by_seat$|_per_seat$/i.test(String(key));

export function table(rows, ctx, opts = {}) {
  const cols = [];
  for (const r of rows) for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
  const head = h("tr", {}, opts.rowKey ? h("th", {}, "") : null, cols.map((c) => h("th", {}, label(c))));
  const seatCol = (c, v) => ["seat", "player", "owner"].includes(c) && typeof v === "number" && v >= 0 && v < ctx.players;
  const body = rows.map((r, i) => {
    const seat = opts.seatRows ? seatOfRow(r, i, rows.length, ctx.players, opts.byIndex) : null;
    const cls = [seat !== null && seat === ctx.you ? "mine" : "", seat !== null && seat === ctx.toMove ? "tomove" : ""].join(" ").trim();
    return h("tr", { class: cls || null }, opts.rowKey ? h("th", {}, label(opts.rowKey[i])) : null,
      cols.map((c) => h("td", {}, !(c in r) ? "" : seatCol(c, r[c]) ? h("span", { class: "who s" + r[c] }, ctx.seatName(r[c])) : cell(r[c], 1))));
  });
  return h("div", { class: "tablewrap" }, h("table", { class: "grid" }, h("thead", {}, head), h("tbody", {}, body)));
}

function matrix(rows) {
  return h("div", { class: "tablewrap" }, h("table", { class: "grid matrix" }, h("tbody", {},
    rows.map((r) => h("tr", {}, (Array.isArray(r) ? r : [r]).map((c) => h("td", {}, cell(c, 2))))))));
}

// Whether a list of dicts reads well as a table (flat-ish rows).
function tabular(rows) {
  let width = 0;
  for (const r of rows) {
    const vals = Object.values(r);
    width = Math.max(width, vals.length);
    for (const v of vals) {
      if (isPlain(v)) continue;
      if (Array.isArray(v) && v.every(isPlain) && v.length <= 10) continue;
      if (isObj(v) && Object.keys(v).length <= 4 && Object.values(v).every(isPlain)) continue;
      return false;
    }
  }
  return width <= 14;
}

function rowTitle(r, i, ctx, byIndex) {
  const seat = seatOfRow(r, i, 0, ctx.players, false);
  if (seat !== null) return ctx.seatName(seat);
  if (byIndex) return ctx.seatName(i);
  for (const k of ["name", "title", "key", "code", "id"]) if (typeof r[k] === "string") return r[k];
  return `#${i + 1}`;
}

// Render one value under a heading.
export function value(key, v, ctx, depth = 0) {
  if (isPlain(v)) return h("div", { class: "field" }, h("span", { class: "k" }, label(key)), h("span", { class: "v" }, plainText(v)));
  if (Array.isArray(v)) {
    let body;
    if (v.length && v.every(isObj) && !tabular(v)) {
      const byIndex = perSeat(key) && v.length === ctx.players;
      body = h("div", { class: "cards" }, v.map((r, i) => {
        const seat = seatOfRow(r, i, v.length, ctx.players, byIndex);
        return h("section", { class: "panel d1" + (seat !== null && seat === ctx.you ? " mine" : "") + (seat !== null && seat === ctx.toMove ? " tomove" : "") },
          h("h4", {}, seat !== null ? h("span", { class: "who s" + seat }, rowTitle(r, i, ctx, byIndex)) : rowTitle(r, i, ctx, byIndex)),
          fields(r, ctx, depth + 2));
      }));
    } else if (v.length && v.every(isObj)) body = table(v, ctx, { seatRows: true, byIndex: perSeat(key) });
    else if (v.length && v.every(Array.isArray)) {
      body = perSeat(key) && v.length === ctx.players && v.every((r) => r.every(isPlain))
        ? table(v.map((r) => ({ [key]: r })), ctx, { seatRows: true, byIndex: true, rowKey: v.map((_, i) => ctx.seatName(i)) })
        : matrix(v);
    } else if (v.every(isPlain)) {
      if (perSeat(key) && v.length === ctx.players && v.length > 1 && v.every((x) => typeof x === "number")) {
        body = h("span", { class: "chips" }, v.map((x, i) => h("span", { class: "chip" + (i === ctx.you ? " mine" : "") }, `${ctx.seatLabel ? ctx.seatLabel(i) : ctx.seatName(i)}: ${x}`)));
      } else body = chips(v);
      return h("div", { class: "field" }, h("span", { class: "k" }, label(key)), h("span", { class: "v" }, body));
    } else body = h("div", { class: "cellstack" }, v.map((x, i) => value(`#${i + 1}`, x, ctx, depth + 1)));
    const wide = body.classList.contains("cards") || (body.querySelector && body.querySelectorAll("th").length > 7);
    return h("section", { class: `panel d${depth}` + (wide ? " wide" : "") }, h("h4", {}, label(key), h("span", { class: "count" }, ` (${v.length})`)), body);
  }
  // An object whose values are all objects with similar keys: a table keyed by name.
  const keys = Object.keys(v);
  if (keys.length >= 2 && keys.every((k) => isObj(v[k]))) {
    const rows = keys.map((k) => v[k]);
    const seatKeyed = keys.every((k) => /^\d+$/.test(k));
    return h("section", { class: `panel d${depth}` }, h("h4", {}, label(key)),
      table(rows, ctx, { rowKey: seatKeyed ? keys.map((k) => ctx.seatName(Number(k))) : keys, seatRows: seatKeyed, byIndex: seatKeyed }));
  }
  return h("section", { class: `panel d${depth}` }, h("h4", {}, label(key)), fields(v, ctx, depth + 1));
}

export function fields(obj, ctx, depth = 1, skip = new Set()) {
  const simple = [], complex = [];
  for (const [k, v] of Object.entries(obj)) {
    if (skip.has(k)) continue;
    const el = value(k, v, ctx, depth);
    (el.classList.contains("field") ? simple : complex).push(el);
  }
  return h("div", { class: "fields" }, simple.length ? h("div", { class: "simple" }, simple) : null, complex);
}

// The whole view, envelope left out.  Private parts (keys that name the viewer) first.
export function genericBoard(view, ctx) {
  const rest = {};
  for (const [k, v] of Object.entries(view)) if (!ENVELOPE.has(k) || (v !== null && typeof v === "object")) rest[k] = v;
  const simple = {}, complex = {};
  for (const [k, v] of Object.entries(rest)) (isPlain(v) || (Array.isArray(v) && v.every(isPlain) && v.length <= 12) ? simple : complex)[k] = v;
  const out = h("div", { class: "board generic" });
  if (Object.keys(simple).length) out.append(h("section", { class: "panel d0 summary" }, fields(simple, ctx, 1)));
  for (const [k, v] of Object.entries(complex)) out.append(value(k, v, ctx, 0));
  return out;
}

// --- helpers for per-game renderers (presentation only) ------------------------------

// The chooser open on the board, if any (one at a time): its box, and what finds it its piece again
// after a redraw (the piece's name, its place among the pieces of that name, the actions it offers).
let openChooser = null;
export function closeChooser() {
  if (openChooser) openChooser.box.remove();
  openChooser = null;
}

// One choice's button: its label in the page's language (costs and consequences are in the label
// text, issue 15), the notation small beside it only when the player's setting shows notations
// (issue 27: hidden by default).
export function choiceButton(ctx, a, cls = "choice") {
  const text = ctx.labelText ? ctx.labelText(a) : a;
  const shown = notationsShown() && text !== a;
  return h("button", { class: cls, "data-action": a, title: shown ? a : null, onclick: (ev) => { ev.stopPropagation(); closeChooser(); ctx.act(a); } },
    h("span", { class: "alabel" }, text), shown ? [" ", h("small", { class: "notation" }, a)] : null);
}

const piecesNamed = (name) => [...document.querySelectorAll("[data-piece]")].filter((e) => e.getAttribute("data-piece") === name);

// The chooser's buttons: ``lead`` (a function giving a button to put first, or none), one for each
// of ``acts`` and the cancel button; a button already in ``box`` with the same action and words is
// kept (a finger on it during a redraw still plays it).
function chooserButtons(box, ctx, acts, lead) {
  const old = new Map([...box.querySelectorAll(":scope > .choice:not(.cancel):not([data-lead])")].map((b) => [b.dataset.action, b]));
  const first = lead ? lead() : null;
  if (first) first.setAttribute("data-lead", "");
  const had = box.querySelector(":scope > [data-lead]");
  const out = first ? [had && had.outerHTML === first.outerHTML ? had : first] : [];
  out.push(...acts.map((a) => {
    const fresh = choiceButton(ctx, a);
    const kept = old.get(a);
    return kept && kept.textContent === fresh.textContent ? kept : fresh;
  }));
  const cancelText = ctx.t ? ctx.t("cancel") : "×";
  const cancel = box.querySelector(":scope > .choice.cancel");
  out.push(cancel && cancel.textContent === cancelText ? cancel
    : h("button", { class: "choice cancel", onclick: (ev) => { ev.stopPropagation(); closeChooser(); } }, cancelText));
  const now = [...box.children];
  if (now.length !== out.length || now.some((b, i) => b !== out[i])) box.replaceChildren(...out);
}

function placeChooser(box, el) {
  const r = el.getBoundingClientRect();
  Object.assign(box.style, { left: `${Math.max(4, Math.min(r.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - 260))}px`,
    top: `${r.bottom + window.scrollY + 4}px` });
}

// Open a chooser beside the piece ``el`` offering ``acts`` (one at a time).  A game may give the
// piece ``el.chooserOpts``: ``cls``, a class for the box, and ``lead``, a function giving a button
// to put first (Troyes' "pick this die"), asked again at each drawing of the piece.
export function chooserBeside(el, ctx, acts) {
  closeChooser();
  const opts = el.chooserOpts || {};
  const box = h("div", { class: "chooser" + (opts.cls ? " " + opts.cls : ""), role: "menu" });
  chooserButtons(box, ctx, acts, opts.lead);
  placeChooser(box, el);
  document.body.append(box);
  const name = el.getAttribute("data-piece");
  openChooser = { box, name, nth: piecesNamed(name).indexOf(el), acts };
}

// After the page has been drawn again (an update from the server, a clock tick, the language), the
// open chooser stays beside its piece with those of its actions that are still legal (issue 15
// follow-up); it closes when none is, or when its piece is no longer drawn.
export function keepChooser(ctx) {
  if (!openChooser) return;
  const { box, name, nth, acts } = openChooser;
  const still = (el) => acts.filter((a) => (el.getAttribute("data-actions") || "").split("|").includes(a));
  const same = piecesNamed(name);
  const candidates = same.filter((el) => still(el).length);
  const el = candidates.includes(same[nth]) ? same[nth] : candidates.length === 1 ? candidates[0] : null;
  if (!el) { closeChooser(); return; }
  const keep = still(el);
  chooserButtons(box, ctx, keep, (el.chooserOpts || {}).lead);
  placeChooser(box, el);
  if (!box.isConnected) document.body.append(box);
  openChooser = { box, name, nth: same.indexOf(el), acts };  // what it offered first, for the next drawing
}

// A piece or place on a board (HTML or SVG element).  ``acts`` are the legal notations it plays
// (none: it only explains itself); ``info`` may give its ``owner`` (a seat), its ``state``
// ("standing", "lying", "face down" ...) and its ``effect`` (the full text, from the component
// tables).  Hover (title) or tap shows the effect; a click plays the one action or opens a chooser.
export function piece(el, ctx, acts = [], info = {}) {
  // what the since-your-last-decision marks compare (marks.js): every piece, by its id or name
  el.setAttribute("data-pc", "");
  if (info.id !== undefined && info.id !== null) el.setAttribute("data-id", String(info.id));
  if (info.name !== undefined && info.name !== null) el.setAttribute("data-name", String(info.name));
  if (info.title) el.setAttribute("data-title", String(info.title));
  if (info.owner !== undefined && info.owner !== null) el.setAttribute("data-owner", String(info.owner));
  if (info.state) el.setAttribute("data-state", String(info.state));
  if (info.effect) el.setAttribute("data-effect", String(info.effect));
  const lines = [info.title, info.effect].filter(Boolean);
  const legal = (acts || []).filter((a) => !ctx.legal || ctx.legal.includes(a));
  if (legal.length) lines.push(...legal.map((a) => (ctx.labelText ? ctx.labelText(a) : a)));
  if (lines.length) {
    if (el instanceof SVGElement) el.append(svg("title", {}, lines.join("\n")));
    else el.setAttribute("title", lines.join("\n"));
  }
  if (!legal.length) {
    if (info.effect) {
      el.classList.add("explains");
      el.addEventListener("click", (ev) => { ev.stopPropagation(); ctx.explain ? ctx.explain(lines.join("\n")) : null; });
    }
    return el;
  }
  el.classList.add("clickable");
  el.setAttribute("data-piece", String(info.name ?? legal[0]));
  el.setAttribute("data-actions", legal.join("|"));
  el.addEventListener("click", (ev) => {
    ev.stopPropagation();
    if (legal.length === 1) { closeChooser(); ctx.act(legal[0]); } else chooserBeside(el, ctx, legal);
  });
  return el;
}

// The legal actions that have no piece or place (pass, done, end of turn ...), as buttons on the
// board itself, so that a whole game can be played on the board.
export function controls(ctx, acts) {
  const legal = (acts || []).filter((a) => !ctx.legal || ctx.legal.includes(a));
  if (!legal.length) return null;
  return h("div", { class: "controls" }, legal.map((a) => choiceButton(ctx, a, "control")));
}

// The generic rendering of every key not drawn by a per-game board.
export function restBoard(view, ctx, skip) {
  const rest = {};
  for (const [k, v] of Object.entries(view)) if (!skip.includes(k)) rest[k] = v;
  return genericBoard(rest, ctx);
}

export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) el.setAttribute(k, v);
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// (the seats' colours live in common.js; re-exported for the games' older imports)
export { SEAT_COLOURS };
