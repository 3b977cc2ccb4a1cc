// The meeple browser client: lobby, table page and replay page (plain ES modules).
import { api, setToken, tokenFor } from "./api.js";
import { applyStatic, gameTitle, getLang, lookup, message, setLang, t, viewLabel, word } from "./i18n.js";
import { resetNotice } from "./notify.js";
import { eventText, scoreSheet, withoutSheet } from "./story.js";
import { closeChooser, genericBoard, h, setLabelTranslator, setValueTranslator } from "./render.js";
import { levelName, seatLabel, seatTitle } from "./seats.js";
import { howToPlay as rulesLink } from "./layout.js";
import { gameRenderer, tablePage } from "./table.js";
import { notationsShown, setNotationsShown, slug } from "./common.js";
import { accountBar, adoptTokens, lobbyFields, mePage, personPage, ratingsPage } from "./people.js";

setLabelTranslator(viewLabel);
setValueTranslator(word);

const app = document.getElementById("app");
let cleanup = null;  // the current page's teardown (sockets, timers)
let rerender = null; // re-render the current page (language switch)

// The rules page of a game in the page's language (issue 15).
const howToPlay = (game, id) => rulesLink(game, id, getLang());
export { levelName };
export { needsConfirm } from "./decision.js";

function toast(msg, kind = "error") {
  const el = document.getElementById("toast");
  el.textContent = msg;
  el.className = kind;
  el.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { el.hidden = true; }, 5000);
}

function navigate(path) {
  history.pushState({}, "", path);
  route();
}

document.addEventListener("click", (ev) => {
  const a = ev.target.closest("a[data-link]");
  if (a && !ev.metaKey && !ev.ctrlKey && a.origin === location.origin) {
    ev.preventDefault();
    navigate(a.pathname + a.search);
  }
});
window.addEventListener("popstate", () => route());

function route() {
  if (cleanup) { cleanup(); cleanup = null; }
  rerender = null;
  closeChooser();
  resetNotice();
  // A private link carries the seat token in the fragment (never sent to the server).
  const m = location.hash.match(/token=([\w-]+)/);
  const path = location.pathname;
  const table = path.match(/^\/t\/([\w-]+)/);
  const replay = path.match(/^\/replay\/([\w-]+)/);
  if (m && table) {
    setToken(table[1], m[1]);
    history.replaceState({}, "", path);
  }
  app.replaceChildren();
  const ratings = path.match(/^\/ratings\/([\w-]*)/), person = path.match(/^\/u\/([^/]+)/);
  if (table) openTable(table[1]);
  else if (replay) replayPage(replay[1]);
  else if (path === "/me") mePage(app, navigate, toast);
  else if (ratings) ratingsPage(app, ratings[1]);
  else if (person) personPage(app, decodeURIComponent(person[1]));
  else lobbyPage();
}

// ---------------------------------------------------------------- lobby

const CLOCKS = [null, 30, 120, 600, 12 * 3600, 86400, 3 * 86400];  // hours and days: turn-based tables
function clockLabel(s) {
  if (!s) return t("no_clock");
  if (s < 60) return t("clock_seconds", { n: s });
  if (s < 3600) return t("clock_minutes", { n: s / 60 });
  if (s < 86400) return t("hours", { n: s / 3600 });
  return t("clock_days", { n: s / 86400 });
}

// A lobby option's name, description and choices in the reader's language, from the catalog
// (game.<game>.option.<k>.name / .doc / .choice.<c>); the key itself only if the catalog lacks it.
function optionWords(game, k) {
  const base = `game.${game}.option.${k}`;
  return { name: lookup(`${base}.name`) || k, doc: lookup(`${base}.doc`) || "",
    choice: (c) => lookup(`${base}.choice.${slug(c)}`) || String(c) };
}

async function lobbyPage() {
  let games = [], botKinds = ["random"], allowSeeds = false;
  const form = h("form", { class: "panel create", id: "create" });
  const list = h("div", { id: "tables" });
  const page = h("div", { class: "lobby" },
    h("section", { class: "col" }, h("h2", {}, t("new_table")), h("p", { class: "muted" }, t("create_hint")), form),
    h("section", { class: "col" }, h("h2", {}, t("tables"), " ",
      h("button", { type: "button", class: "small", onclick: () => loadTables() }, t("refresh"))), list));
  app.replaceChildren(page);
  try {
    const data = await api("GET", "/api/games");
    games = data.games;
    botKinds = data.bots;  // the server's bot levels (random, easy, normal, hard, ...)
    allowSeeds = !!data.allow_seeds;  // the server draws every seed unless started with --allow-seeds
  } catch (e) { toast(e.message); }
  const state = { game: localStorage.getItem("meeple:lastgame") || (games[0] && games[0].name), players: null, seats: [], options: {} };

  function drawForm() {
    const g = games.find((x) => x.name === state.game) || games[0];
    if (!g) { form.replaceChildren(h("p", {}, t("no_games"))); return; }
    state.game = g.name;
    if (!state.players || state.players < g.min_players || state.players > g.max_players) state.players = Math.min(Math.max(g.min_players, 2), g.max_players);
    while (state.seats.length < state.players) state.seats.push(state.seats.length === 0 ? "you" : "bot:" + (botKinds.includes("normal") ? "normal" : "random"));
    state.seats.length = state.players;
    const gameSel = h("select", { name: "game", id: "game", onchange: (e) => { state.game = e.target.value; state.options = {}; drawForm(); } },
      games.map((x) => h("option", { value: x.name, selected: x.name === g.name }, gameTitle(x.name, x.title))));
    const plSel = h("select", { name: "players", id: "players", onchange: (e) => { state.players = Number(e.target.value); drawForm(); } },
      Array.from({ length: g.max_players - g.min_players + 1 }, (_, i) => g.min_players + i)
        .map((n) => h("option", { value: n, selected: n === state.players }, n)));
    const opts = Object.entries(g.options).map(([k, o]) => {
      const cur = k in state.options ? state.options[k] : o.default;
      const words = optionWords(g.name, k);
      let input;
      if (o.choices) input = h("select", { onchange: (e) => { state.options[k] = o.choices[e.target.selectedIndex]; } },
        o.choices.map((c) => h("option", { value: String(c), selected: c === cur }, words.choice(c))));
      else if (typeof o.default === "boolean") input = h("input", { type: "checkbox", checked: cur, onchange: (e) => { state.options[k] = e.target.checked; } });
      else if (typeof o.default === "number") input = h("input", { type: "number", value: cur, onchange: (e) => { state.options[k] = Number(e.target.value); } });
      else input = h("input", { type: "text", value: cur, onchange: (e) => { state.options[k] = e.target.value; } });
      return h("label", { class: "opt", "data-option": k, title: words.doc }, h("span", { class: "oname" }, words.name), input,
        h("small", { class: "muted odoc" }, words.doc));
    });
    const seatRows = state.seats.map((who, i) => h("div", { class: "seatrow" }, h("span", {}, seatLabel(i)),
      h("select", { class: "seatkind", "data-seat": i, onchange: (e) => { state.seats[i] = e.target.value; drawForm(); } },
        h("option", { value: "you", selected: who === "you" }, t("you")),
        h("option", { value: "open", selected: who === "open" }, t("open_seat")),
        botKinds.map((b) => h("option", { value: "bot:" + b, selected: who === "bot:" + b }, t("bot_kind", { bot: levelName(b) }))))));
    const clockSel = h("select", { id: "clock" }, CLOCKS.map((c) => h("option", { value: c ?? "" }, c ? `${clockLabel(c)} ${t("per_decision")}` : t("no_clock"))));
    const name = h("input", { id: "name", type: "text", maxlength: 40, value: localStorage.getItem("meeple:name") || "" });
    const seed = h("input", { id: "seed", type: "number", min: 0 });
    form.replaceChildren(
      h("label", {}, h("span", {}, t("game")), gameSel, howToPlay(g.name, "howto")),
      h("label", {}, h("span", {}, t("players")), plSel),
      opts.length ? h("fieldset", {}, h("legend", {}, t("options")), opts) : null,
      h("fieldset", {}, h("legend", {}, t("seats")), seatRows),
      h("label", {}, h("span", {}, t("clock")), clockSel),
      lobbyFields(state),
      h("label", {}, h("span", {}, t("your_name")), name),
      allowSeeds ? h("label", {}, h("span", {}, t("seed")), seed) : null,
      h("button", { type: "submit", class: "primary", id: "create-btn" }, t("create")));
  }

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const me = state.seats.indexOf("you");
    const seats = state.seats.map((s) => (s.startsWith("bot:") ? { kind: "bot", bot: s.slice(4) } : { kind: "human" }));
    const name = form.querySelector("#name").value.trim();
    if (name) localStorage.setItem("meeple:name", name);
    const body = { game: state.game, players: state.players, options: state.options, seats, name };
    if (state.rated) body.rated = true;
    if (state.mode === "turn") body.mode = "turn";
    if (me >= 0) body.seat = me;  // left out: the first person seat (null is refused, issue 30)
    const clock = form.querySelector("#clock").value;
    if (clock) body.clock = Number(clock);
    const seedInput = form.querySelector("#seed");
    if (seedInput && seedInput.value !== "") body.seed = Number(seedInput.value);
    try {
      const res = await api("POST", "/api/tables", body);
      localStorage.setItem("meeple:lastgame", state.game);
      setToken(res.table, res.token);
      navigate(`/t/${res.table}`);
    } catch (e) { toast(e.message); }
  });

  async function loadTables() {
    try {
      const { tables } = await api("GET", "/api/tables");
      if (!tables.length) { list.replaceChildren(h("p", { class: "muted" }, t("no_tables"))); return; }
      list.replaceChildren(h("table", { class: "grid lobbylist" },
        h("thead", {}, h("tr", {}, h("th", {}, t("game")), h("th", {}, t("seats")), h("th", {}, t("status")), h("th", {}, ""))),
        h("tbody", {}, tables.map((x) => {
          const open = x.seats.filter((s) => s.open).length;
          const mine = tokenFor(x.id);
          return h("tr", { "data-table": x.id },
            h("td", {}, h("b", {}, gameTitle(x.game, x.title)), h("div", { class: "muted small" }, x.id)),
            h("td", {}, x.seats.map((s, i) => h("span", { class: "chip" + (s.open ? " openseat" : "") }, s.open ? `${seatLabel(i)} · ${t("open")}` : seatTitle(i, s.name, s.kind === "bot" ? s.bot : null)))),
            h("td", {}, t(x.status === "over" ? "over" : "playing"), open ? ` · ${open} ${t("open_seats")}` : "",
              x.clock ? ` · ⏱ ${clockLabel(x.clock)}` : "",
              x.seeded ? h("span", { class: "tag seeded", title: t("seeded") }, " 🎲") : null),
            h("td", {}, x.status === "over"
              ? h("a", { href: `/replay/${x.id}`, "data-link": true }, t("replay"))
              : h("a", { href: `/t/${x.id}`, "data-link": true }, mine ? t("table") : open ? t("join") : t("watch"))));
        }))));
    } catch (e) { toast(e.message); }
  }

  drawForm();
  loadTables();
  const timer = setInterval(loadTables, 5000);
  cleanup = () => clearInterval(timer);
  rerender = () => route();
}

// ---------------------------------------------------------------- table page (table.js)

// The table page's teardown and redraw, once it has loaded (unless the reader went elsewhere).
function openTable(id) {
  // an account's seats on any device (people.js) before the table page asks with its token
  const page = adoptTokens().then(() => tablePage(app, id, toast, navigate));
  const teardown = () => page.then((p) => p.cleanup());
  cleanup = teardown;
  page.then((p) => { if (cleanup === teardown) rerender = p.rerender; });
}

// ---------------------------------------------------------------- replay page

async function replayPage(id) {
  const page = h("div", { class: "replaypage" });
  app.replaceChildren(page);
  let info;
  try { info = await api("GET", `/api/tables/${id}/replay`); }
  catch (e) {
    page.replaceChildren(h("p", { class: "warn" }, e.status === 409 ? t("not_over") : `${t("error")}: ${e.message}`),
      h("a", { href: `/t/${id}`, "data-link": true }, t("table")));
    return;
  }
  const total = info.steps.length;
  let step = total, seat = "";
  const data = { seats: info.seats.map((name, i) => ({ seat: i, name })) };

  let showSeq = 0, byRound = null;
  async function show() {
    const q = seat === "" ? "" : `?seat=${seat}`;
    const seq = ++showSeq;
    const r = await api("GET", `/api/tables/${id}/replay/${step}${q}`);
    const mod = await gameRenderer(info.table.game, info.table.renderer);
    if (seq !== showSeq) return;
    const v = r.view;
    const you = seat === "" ? null : Number(seat);
    const ctx = { you, toMove: v.to_move, players: info.table.players, seatName: (i) => seatTitle(i, info.seats[i], null), seatLabel, legal: [], act: () => {}, t, word, lang: getLang() };
    // the last step of a finished game: its score sheet, as the table page shows it
    if (v.is_over && byRound === null) {  // the table's rows by round (its finished payload), once
      try { byRound = (await api("GET", `/api/tables/${id}`)).score_by_round || []; } catch { byRound = []; }
      if (seq !== showSeq) return;
    }
    const sheet = v.is_over ? scoreSheet(v, v.scores, v.ranking, info.table.players, ctx.seatName, byRound) : null;
    const bv = v.is_over ? withoutSheet(v) : v;
    let board = null;
    if (mod && mod.render) { try { board = mod.render(bv, ctx); } catch (e) { console.error(e); } }
    if (!board) board = genericBoard(bv, ctx);
    // The viewer's own position (private parts, resources, score as the table knows it), drawn by
    // the game's module when it exports mine(view, ctx): first on the page, above the actions.
    let own = null;
    if (mod && mod.mine && you !== null) {
      try { own = mod.mine(v, ctx); } catch (e) { console.error(e); own = null; }
    }
    const seatSel = h("select", { id: "replay-seat", onchange: (e) => { seat = e.target.value; show(); } },
      h("option", { value: "", selected: seat === "" }, t("spectator_short")),
      info.seats.map((name, i) => h("option", { value: i, selected: String(i) === seat }, seatTitle(i, name, null))));
    const go = (n) => { step = Math.max(0, Math.min(total, n)); show(); };
    const slider = h("input", { type: "range", min: 0, max: total, value: step, id: "replay-step", onchange: (e) => go(Number(e.target.value)) });
    const cur = step > 0 ? info.steps[step - 1] : null;
    page.replaceChildren(...[
      h("div", { class: "tablehead" }, h("h2", {}, `${t("replay_title")}: ${gameTitle(info.table.game, info.table.title)}`),
        h("a", { href: `/t/${id}`, "data-link": true, class: "muted" }, `${t("table")} ${id}`)),
      h("div", { class: "statusbar replaybar" },
        h("label", {}, t("as_seat"), " ", seatSel),
        h("button", { onclick: () => go(0) }, "« " + t("first")),
        h("button", { id: "prev", onclick: () => go(step - 1) }, "◀ " + t("prev")),
        slider,
        h("button", { id: "next", onclick: () => go(step + 1) }, t("next") + " ▶"),
        h("button", { onclick: () => go(total) }, t("last") + " »"),
        h("span", { id: "stepno" }, `${t("step")} ${step} / ${total}`)),
      h("div", { class: "layout" },
        h("div", { class: "main" },
          cur ? h("p", {}, h("b", {}, ctx.seatName(cur.seat)), ": ", cur.label ? message(cur.label) + " " : "",
            !cur.label || notationsShown() ? h("code", {}, cur.notation) : null) : null,
          sheet,
          r.events.length ? h("ul", { class: "log" }, r.events.map((ev) => h("li", {}, eventText(ev, (i) => seatTitle(i, info.seats[i], null))))) : null,
          board),
        h("aside", { class: "side" }, h("section", { class: "panel" }, h("h3", {}, t("log")),
          h("ol", { class: "log steps" }, info.steps.map((s, i) => h("li", { class: i + 1 === step ? "current" : "", onclick: () => go(i + 1) },
            h("span", { class: "who s" + s.seat }, ctx.seatName(s.seat)), " ", s.label ? h("span", { class: "alabel" }, message(s.label)) : null,
            " ", !s.label || notationsShown() ? h("code", { class: "notation" }, s.notation) : null))))))].filter(Boolean));
    const curEl = page.querySelector(".steps .current");
    if (curEl) curEl.scrollIntoView({ block: "nearest" });
  }
  await show();
  rerender = () => show();
}

// ---------------------------------------------------------------- start

const langSel = document.getElementById("lang");
langSel.value = getLang();
setLang(getLang());
applyStatic();
document.querySelector(".topbar .spacer").after(accountBar(navigate));
langSel.addEventListener("change", () => {
  setLang(langSel.value);
  applyStatic();
  if (rerender) rerender();
});
// the setting beside the language: show each action's notation (issue 27; hidden by default)
const notationBox = document.getElementById("notations");
if (notationBox) {
  notationBox.checked = notationsShown();
  notationBox.addEventListener("change", () => {
    setNotationsShown(notationBox.checked);
    if (rerender) rerender();
  });
}
route();
