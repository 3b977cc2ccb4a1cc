// The meeple browser client: lobby, table page and replay page (plain ES modules).
import { api, ApiError, setToken, tokenFor } from "./api.js";
import { applyStatic, gameTitle, getLang, lookup, message, setLang, t, viewLabel, word } from "./i18n.js";
import { resetNotice, soundToggle, turnNotice } from "./notify.js";
import { eventText, logList, scoreSheet, withoutSheet } from "./story.js";

const viewLabelOf = (text) => viewLabel(text);
import { closeChooser, genericBoard, h, keepChooser, setLabelTranslator, setValueTranslator } from "./render.js";

setLabelTranslator(viewLabel);
setValueTranslator(word);

const app = document.getElementById("app");
let cleanup = null;  // the current page's teardown (sockets, timers)
let rerender = null; // re-render the current page (language switch)

// The rules page of a game in the page's language (issue 15).
function howToPlay(game, id) {
  const lang = getLang() === "zh" ? "zh-TW" : "en";
  return h("a", { href: `/rules/${game}?lang=${lang}`, class: "howto", id, target: "_blank", rel: "noopener" }, t("how_to_play"));
}

// A refused act's reason in the page's language: the server's catalog message when it sent one.
function refusal(e) {
  return e instanceof ApiError && e.detail ? message(e.detail) : e.message;
}

// Labels whose action costs victory points or ends the player's round ask first (issue 15): the
// last part of the label key is one of these, or contains "without_food" or "lose".
const CONFIRM = new Set(["pass", "pass_place", "feed_none", "give_up", "emergency"]);
export function needsConfirm(label) {
  if (!label || typeof label.key !== "string") return false;
  const last = label.key.split(".").pop();
  return CONFIRM.has(last) || /without_food|(^|_)lose(_|$)/.test(last);
}

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
  if (table) tablePage(table[1]);
  else if (replay) replayPage(replay[1]);
  else lobbyPage();
}

// ---------------------------------------------------------------- lobby

const CLOCKS = [null, 30, 120, 600, 86400, 3 * 86400];
function clockLabel(s) {
  if (!s) return t("no_clock");
  if (s < 60) return t("clock_seconds", { n: s });
  if (s < 3600) return t("clock_minutes", { n: s / 60 });
  return t("clock_days", { n: s / 86400 });
}

// A bot level in player words (the server's levels random, easy, normal, hard; a level a server
// adds by --bot-levels shows by its name).
const LEVELS = { random: () => t("level_random"), easy: () => t("level_easy"), normal: () => t("level_normal"), hard: () => t("level_hard") };
export function levelName(b) { return LEVELS[b] ? LEVELS[b]() : b; }

// A lobby option's name, description and choices in the reader's language, from the catalog
// (game.<game>.option.<k>.name / .doc / .choice.<c>); the key itself only if the catalog lacks it.
const slugOf = (s) => String(s).toLowerCase().replace(/[^0-9a-z]+/g, "_").replace(/^_+|_+$/g, "") || "_";
function optionWords(game, k) {
  const base = `game.${game}.option.${k}`;
  return { name: lookup(`${base}.name`) || k, doc: lookup(`${base}.doc`) || "",
    choice: (c) => lookup(`${base}.choice.${slugOf(c)}`) || String(c) };
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
    body.seat = me >= 0 ? me : null;
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

// ---------------------------------------------------------------- table page

// A game's board module and its stylesheet (static/games/<name>.{js,css}), loaded once per page:
// every draw waits for both, so a board is never drawn unstyled (which would push the player's own
// panel off screen).
const gameModules = {};
function stylesheet(name) {
  if (document.querySelector(`link[data-game-css="${name}"]`)) return Promise.resolve();
  const link = h("link", { rel: "stylesheet", href: `/static/games/${name}.css`, "data-game-css": name });
  const loaded = new Promise((done) => { link.onload = done; link.onerror = done; setTimeout(done, 3000); });
  document.head.append(link);
  return loaded;
}
function gameRenderer(name, has) {
  if (!has) return Promise.resolve(null);
  if (!(name in gameModules)) {
    gameModules[name] = Promise.all([import(`/static/games/${name}.js`).catch(() => null), stylesheet(name)]).then(([mod]) => mod);
  }
  return gameModules[name];
}

// A seat is named by its 0-based index, as in the game's events and the terminal ("Seat 0"); a
// name a person chose follows it. The server's default names ("Seat 2", "Bot 2 (heuristic)")
// carry no more than the index and the bot kind, so they are shown as the label alone.
const DEFAULT_SEAT = /^Seat \d+$/, DEFAULT_BOT = /^Bot \d+ \((.+)\)$/;

function seatLabel(i) {
  return `${t("seat")} ${i}`;
}

function customName(name) {
  return typeof name === "string" && name && !DEFAULT_SEAT.test(name) && !DEFAULT_BOT.test(name) ? name : null;
}

function seatTitle(i, name, bot) {
  const m = typeof name === "string" ? name.match(DEFAULT_BOT) : null;
  const own = customName(name);
  if (own) return `${seatLabel(i)} · ${own}`;
  if (m || bot) return `${seatLabel(i)} · ${t("bot_kind", { bot: levelName(bot || m[1]) })}`;
  return seatLabel(i);
}

function seatName(data, i) {
  const s = data && data.seats && data.seats[i];
  if (!s) return seatLabel(i);
  return seatTitle(i, s.name, s.kind === "bot" ? s.bot : null);
}

// Where the game stands, from the view's own words (round, phase, step), if it has them.
function stage(v) {
  const bits = [];
  for (const k of ["round", "phase", "step"]) {
    if (typeof v[k] === "string" || typeof v[k] === "number") bits.push(k === "round" ? `${viewLabelOf("Round")} ${v[k]}` : String(word(String(v[k]))));
  }
  return bits.length ? h("span", { class: "stage muted" }, " · " + bits.join(" · ")) : null;
}

// Actions of one kind stay together (grouped by their label's key, without a heading: the labels
// name them); actions without a label by their notation's first word.
function groupActions(legal, labels) {
  const groups = new Map();
  for (const [i, a] of legal.entries()) {
    const lab = labels && labels[i];
    const k = lab && lab.key ? lab.key : a.split(/\s+/)[0];
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(a);
  }
  return groups;
}

async function tablePage(id) {
  let data = null, log = [], ws = null, closed = false, retry = 0, busy = false, filter = "", tab = "board";
  let receivedAt = Date.now();
  const page = h("div", { class: "tablepage" });
  app.replaceChildren(page);

  const token = () => tokenFor(id);

  async function act(notation) {
    if (busy) return;
    const i = data ? data.legal.indexOf(notation) : -1;
    const label = i >= 0 && data.labels ? data.labels[i] : null;
    if (needsConfirm(label) && !window.confirm(t("confirm_action", { action: message(label) }))) return;
    busy = true;
    page.classList.add("busy");
    try { await api("POST", `/api/tables/${id}/act`, { action: notation, decision: data ? data.decisions : 0 }, token()); }
    catch (e) {
      toast(refusal(e));
      // 409: the table moved on (a stale or repeated act changed nothing): show it as it is now
      if (e instanceof ApiError && e.status === 409) await refresh();
    }
    finally { busy = false; page.classList.remove("busy"); }
  }
  async function refresh() {
    try { const now = await api("GET", `/api/tables/${id}`, undefined, token()); data = now; log = now.log; receivedAt = Date.now(); draw(); }
    catch (e) { toast(e.message); }
  }
  async function post(path) {
    try { await api("POST", `/api/tables/${id}/${path}`, undefined, token()); } catch (e) { toast(e.message); }
  }
  async function sit(seat) {
    try {
      const res = await api("POST", `/api/tables/${id}/join`, { seat, name: localStorage.getItem("meeple:name") || undefined });
      setToken(id, res.token);
      connect(true);
    } catch (e) { toast(e.message); }
  }

  let drawSeq = 0;
  async function draw() {
    if (!data) return;
    // Load the game's board module first; a newer draw started meanwhile wins.
    const seq = ++drawSeq;
    const mod = await gameRenderer(data.table.game, data.table.renderer);
    if (seq !== drawSeq) return;
    const v = data.view, you = data.you, over = data.table.status === "over";
    const toMove = v.to_move;
    const focus = (acts) => {
      for (const b of page.querySelectorAll("#actions button.act")) b.classList.toggle("focus", acts.includes(b.dataset.action));
      const panel = page.querySelector("#actions");
      if (panel) panel.scrollIntoView({ block: "nearest", behavior: "smooth" });
    };
    const labelText = (a) => {
      const i = data.legal.indexOf(a);
      const lab = i >= 0 && data.labels ? data.labels[i] : null;
      return lab ? message(lab) : a;
    };
    const explain = (text) => toast(text, "info");
    const ctx = { you, toMove, players: data.table.players, seatName: (i) => seatName(data, i), seatLabel, legal: data.legal, act, focus, t, word, lang: getLang(), labelText, message, explain };
    // status bar
    let status;
    if (over) {
      const winners = (data.ranking && data.ranking[0]) || [];
      status = h("div", { class: "status over" }, h("b", {}, t("game_over")), " · ", t("winner"), ": ",
        winners.map((s) => seatName(data, s)).join(", "), " · ",
        h("a", { href: `/replay/${id}`, "data-link": true }, t("replay")));
    } else if (you !== null && toMove === you && data.legal.length) {
      status = h("div", { class: "status yourturn" }, h("b", {}, t("your_turn")), stage(v));
    } else {
      status = h("div", { class: "status" }, t("waiting_for", { who: seatName(data, toMove) }), stage(v));
    }
    const mine = you !== null ? data.seats[you] : null;
    // the clock's bot and "I'm back" only while the game runs (issue 15)
    const zombie = !over && mine && mine.zombie;
    turnNotice(!over && you !== null && toMove === you && data.legal.length > 0);
    const tools = h("div", { class: "tools" },
      data.undo ? h("button", { id: "undo", onclick: () => post("undo") }, "↶ " + t("undo")) : null,
      zombie ? h("button", { id: "back", class: "primary", onclick: () => post("back") }, t("im_back")) : null,
      you !== null && !over ? soundToggle() : null);
    // actions
    const groups = groupActions(data.legal, data.labels);
    const labels = new Map(data.legal.map((a, i) => [a, data.labels ? data.labels[i] : null]));
    const labelOf = (a) => labels.get(a) || null;
    // An action's button: its label in the page's language, the notation small beside it.
    const actionButton = (a, lab) => {
      const text = lab ? message(lab) : a;
      const match = (f) => !f || a.includes(f) || text.toLowerCase().includes(f.toLowerCase());
      return h("button", { class: "act" + (needsConfirm(lab) ? " confirm" : ""), "data-action": a, title: a, hidden: !match(filter), onclick: () => act(a) },
        lab ? [h("span", { class: "alabel" }, text), " ", h("small", { class: "notation" }, a)] : a);
    };
    const many = data.legal.length > 40;
    const actions = data.legal.length ? h("section", { class: "panel actions", id: "actions" },
      h("h3", {}, t("actions"), h("span", { class: "count" }, ` (${data.legal.length})`)),
      many ? h("input", { type: "search", class: "filter", placeholder: t("filter"), value: filter,
        oninput: (e) => { filter = e.target.value; for (const b of page.querySelectorAll("#actions button.act")) b.hidden = !!filter && !b.dataset.action.includes(filter) && !b.textContent.toLowerCase().includes(filter.toLowerCase()); } }) : null,
      [...groups.entries()].map(([k, list]) => h("div", { class: "group", "data-group": k },
        list.map((a) => actionButton(a, labelOf(a)))))) : null;
    // seats
    const seats = h("section", { class: "panel seats" }, h("h3", {}, t("seats")), h("ul", {}, data.seats.map((s) => h("li", {
      class: [s.seat === toMove && !over ? "tomove" : "", s.seat === you ? "mine" : ""].join(" ") },
      h("span", { class: "dot s" + s.seat }), h("b", {}, seatName(data, s.seat)), " ",
      s.kind === "human" && !s.open ? h("span", { class: "online" + ((data.online || []).includes(s.seat) ? " on" : ""), title: (data.online || []).includes(s.seat) ? t("online") : t("offline") }) : null,
      h("span", { class: "muted small" }, s.kind === "bot" ? (customName(s.name) ? t("bot_kind", { bot: levelName(s.bot) }) : "") : s.open ? t("open") : t("human")),
      s.zombie && !over ? h("span", { class: "tag" }, t("bot_plays")) : null,
      data.scores ? h("span", { class: "score" }, data.scores[s.seat]) : null,
      !over && s.clock !== null && s.clock !== undefined ? h("span", { class: "clock", "data-left": s.clock }, "") : null,
      s.open && you === null ? h("button", { class: "small sit", onclick: () => sit(s.seat) }, t("sit_here")) : null))));
    const watchers = data.watchers ? h("p", { class: "muted small" }, t("watchers", { n: data.watchers })) : null;
    const who = you === null ? h("p", { class: "muted", id: "whoami" }, t("spectator")) : h("p", { id: "whoami" }, t("you_are", { who: seatLabel(you) }));
    const invite = `${location.origin}/t/${id}`;
    const links = h("details", { class: "links" }, h("summary", {}, t("invite")),
      h("div", {}, h("input", { readonly: true, value: invite, id: "invite" }),
        h("button", { class: "small", onclick: () => navigator.clipboard && navigator.clipboard.writeText(invite).then(() => toast(t("copied"), "ok")) }, t("copy"))),
      you !== null ? h("div", {}, h("small", {}, t("private_link")),
        h("input", { readonly: true, value: `${invite}#token=${token()}`, class: "secret" })) : null);
    // board
    let board = null;
    const bv = over ? withoutSheet(v) : v;  // at game over the score sheet shows the breakdown
    if (mod && mod.render) {
      try { board = mod.render(bv, ctx); } catch (e) { console.error(e); board = null; }
    }
    // a game's own board is played by clicking it: the text list of actions follows it, as the
    // fallback (issue 15); the generic view has no pieces, so there the list comes first
    const drawn = !!board;
    page.classList.toggle("drawn", drawn);
    if (!board) board = genericBoard(bv, ctx);
    // The viewer's own position (private parts, resources, score as the table knows it), drawn by
    // the game's module when it exports mine(view, ctx): first on the page, above the actions.
    let own = null;
    if (mod && mod.mine && you !== null) {
      try { own = mod.mine(v, ctx); } catch (e) { console.error(e); own = null; }
    }
    const logEl = h("ol", { class: "log", id: "log" }, logList(log, (i) => seatName(data, i)));
    // the score sheet at game over: categories by seat name, the ranking by name
    const sheet = over ? scoreSheet(v, data.scores, data.ranking, data.table.players, (i) => seatName(data, i)) : null;
    // on a narrow screen the board and the log are two tabs (style.css), the board first
    const tabs = h("nav", { class: "tabs", id: "tabs" }, ["board", "log"].map((k) => h("button", {
      type: "button", "data-tab": k, class: tab === k ? "on" : null,
      onclick: () => { tab = k; page.classList.toggle("tab-log", tab === "log"); for (const b of tabs.children) b.classList.toggle("on", b.dataset.tab === tab); } },
    k === "board" ? t("tab_board") : t("log"))));
    page.classList.toggle("tab-log", tab === "log");
    page.replaceChildren(...[
      h("div", { class: "tablehead", "data-decisions": v.decisions, "data-status": data.table.status }, h("h2", {}, gameTitle(data.table.game, data.table.title)),
        howToPlay(data.table.game, "howto"),
        h("span", { class: "muted" }, `${t("table")} ${id} · ${t("decisions")}: ${v.decisions}`),
        h("span", { class: "conn " + (ws && ws.readyState === 1 ? "on" : "off") }, ws && ws.readyState === 1 ? t("connected") : t("disconnected"))),
      h("div", { class: "statusbar" }, status, tools),
      zombie ? h("p", { class: "warn" }, t("zombie_you")) : null,
      sheet, tabs,
      h("div", { class: "layout" },
        h("div", { class: "main" }, own ? h("section", { class: "panel mine", id: "mine" }, own) : null,
          drawn ? [h("div", { id: "board" }, board), actions] : [actions, h("div", { id: "board" }, board)]),
        h("aside", { class: "side" }, seats, who, watchers, links, h("section", { class: "panel logpanel", id: "logpanel" }, h("h3", {}, t("log")), logEl)))].filter(Boolean));
    logEl.scrollTop = logEl.scrollHeight;
    // a chooser open beside a piece stays open across the redraw while its piece and some of its
    // actions are still there (render.js keepChooser)
    keepChooser(ctx);
    tick();
  }

  function tick() {
    for (const el of page.querySelectorAll(".clock")) {
      const left = Math.max(0, Number(el.dataset.left) - (Date.now() - receivedAt) / 1000);
      const m = Math.floor(left / 60), s = Math.floor(left % 60);
      el.textContent = "⏱ " + (left >= 3600 ? t("clock_hours_left", { h: Math.floor(left / 3600), m: Math.floor((left % 3600) / 60) }) : `${m}:${String(s).padStart(2, "0")}`);
      el.classList.toggle("low", left < 15);
    }
  }
  const ticker = setInterval(tick, 1000);

  function connect(fresh) {
    if (ws) { ws.onclose = null; ws.close(); }
    const proto = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${proto}://${location.host}/ws/${id}`);
    ws.onopen = () => { retry = 0; ws.send(JSON.stringify({ token: token() })); };
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "error") {
        toast(msg.error);
        if (/token/.test(msg.error)) { localStorage.removeItem(`meeple:token:${id}`); connect(true); }
        else closed = true;
        return;
      }
      if (msg.type === "pong") return;
      if (msg.type === "presence") {  // batched counts of who has the table open
        if (data) { data.online = msg.online; data.watchers = msg.watchers; draw(); }
        return;
      }
      receivedAt = Date.now();
      if (msg.type === "full") { log = msg.log; data = msg; }
      else if (msg.type === "update") { log = log.concat(msg.entries).slice(-400); data = msg; }
      draw();
    };
    ws.onclose = () => {
      if (closed) return;
      retry = Math.min(retry + 1, 5);
      setTimeout(() => { if (!closed) connect(false); }, 300 * retry);
      if (data) draw();
    };
  }
  const pinger = setInterval(() => { if (ws && ws.readyState === 1) ws.send("ping"); }, 25000);

  try {
    const first = await api("GET", `/api/tables/${id}`, undefined, token());
    data = first; log = first.log; draw();
  } catch (e) {
    if (e instanceof ApiError && e.status === 403) { localStorage.removeItem(`meeple:token:${id}`); }
    else {
      page.replaceChildren(h("p", { class: "warn" }, `${t("error")}: ${e.message}`), h("a", { href: "/", "data-link": true }, t("back_to_lobby")));
      return;
    }
  }
  connect(true);
  cleanup = () => { closed = true; clearInterval(ticker); clearInterval(pinger); if (ws) { ws.onclose = null; ws.close(); } };
  rerender = () => draw();
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

  let showSeq = 0;
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
    const sheet = v.is_over ? scoreSheet(v, v.scores, v.ranking, info.table.players, ctx.seatName) : null;
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
          cur ? h("p", {}, h("b", {}, ctx.seatName(cur.seat)), ": ", cur.label ? message(cur.label) + " " : "", h("code", {}, cur.notation)) : null,
          sheet,
          r.events.length ? h("ul", { class: "log" }, r.events.map((ev) => h("li", {}, eventText(ev, (i) => seatTitle(i, info.seats[i], null))))) : null,
          board),
        h("aside", { class: "side" }, h("section", { class: "panel" }, h("h3", {}, t("log")),
          h("ol", { class: "log steps" }, info.steps.map((s, i) => h("li", { class: i + 1 === step ? "current" : "", onclick: () => go(i + 1) },
            h("span", { class: "who s" + s.seat }, ctx.seatName(s.seat)), " ", s.label ? h("span", { class: "alabel" }, message(s.label)) : null,
            " ", h("code", { class: "notation" }, s.notation)))))))].filter(Boolean));
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
langSel.addEventListener("change", () => {
  setLang(langSel.value);
  applyStatic();
  if (rerender) rerender();
});
route();
