// People on the server (issue 28): the account in the top bar, sign in / sign up, "my games",
// the leaderboard, a person's rating history, rated and turn-based tables, rematch, Web Push.
import { api, setToken, tokenFor } from "./api.js";
import { gameTitle, message, t } from "./i18n.js";
import { h } from "./render.js";

let me = null;          // {name, ...} of the signed-in account, or null
let known = false;

export async function whoAmI() {
  if (known) return me;
  try { const r = await api("GET", "/api/me"); me = r && r.name ? r : null; } catch { me = null; }
  known = true;
  return me;
}

// The seat tokens of this account's seats, into this browser (a seat is the account's on any device).
export async function adoptTokens() {
  if (!(await whoAmI())) return [];
  try {
    const { tables } = await api("GET", "/api/me/tables");
    for (const x of tables) if (!tokenFor(x.table)) setToken(x.table, x.token);
    return tables;
  } catch { return []; }
}

export function accountBar(navigate) {
  const box = h("span", { class: "account", id: "account" });
  whoAmI().then((who) => {
    const games = h("a", { href: "/ratings/", "data-link": true, id: "nav-ratings" }, t("leaderboard"));
    if (!who) { box.replaceChildren(games, " ", h("a", { href: "/me", "data-link": true, id: "nav-signin" }, t("sign_in"))); return; }
    box.replaceChildren(games, " ", h("a", { href: "/me", "data-link": true, id: "nav-me" }, `${t("my_games")} · ${who.name}`), " ",
      h("button", { type: "button", class: "small", id: "sign-out", onclick: async () => {
        await api("DELETE", "/api/session"); me = null; known = false; navigate("/"); refreshBar(navigate);
      } }, t("sign_out")));
  });
  return box;
}

function refreshBar(navigate) {
  const old = document.getElementById("account");
  if (old) old.replaceWith(accountBar(navigate));
}

// ---------------------------------------------------------------- sign in / my games

export async function mePage(app, navigate, toast) {
  const page = h("div", { class: "mepage" });
  app.replaceChildren(page);
  const who = await whoAmI();
  if (!who) { page.replaceChildren(signForm(navigate, toast)); return; }
  const tables = await adoptTokens();
  const row = (x) => h("tr", { "data-table": x.table, class: x.your_turn ? "yourturn" : null },
    h("td", {}, h("b", {}, gameTitle(x.game, x.game))), h("td", {}, x.seats.join(" · ")),
    h("td", {}, x.replay ? h("a", { href: x.replay, "data-link": true }, t("replay"))
      : h("a", { href: x.link, "data-link": true }, x.your_turn ? t("your_turn") : t("table"))));
  const part = (key, rows) => rows.length ? [h("h3", {}, PART_WORDS[key]()), h("table", { class: "grid mygames", id: `my-${key}` }, h("tbody", {}, rows.map(row)))] : [];
  const waiting = tables.filter((x) => x.your_turn), running = tables.filter((x) => !x.replay && !x.your_turn);
  page.replaceChildren(h("h2", {}, `${t("my_games")} · ${who.name}`),
    ...part("waiting_for_you", waiting), ...part("running_games", running), ...part("finished_games", tables.filter((x) => x.replay)),
    settings(who, toast), history(who.history || []));
}

function signForm(navigate, toast) {
  const name = h("input", { id: "acc-name", type: "text", maxlength: 40, autocomplete: "username" });
  const pass = h("input", { id: "acc-pass", type: "password", maxlength: 200, autocomplete: "current-password" });
  const go = async (create) => {
    const body = { name: name.value.trim(), password: pass.value };
    try {
      if (create) await api("POST", "/api/accounts", body);
      await api("POST", "/api/session", body);
      me = null; known = false;
      refreshBar(navigate);
      navigate("/me");
    } catch (e) { toast(e.detail ? message(e.detail) : e.message); }
  };
  return h("form", { class: "panel signin", id: "signin", onsubmit: (e) => { e.preventDefault(); go(false); } },
    h("h2", {}, t("account")),
    h("label", {}, h("span", {}, t("your_name")), name), h("label", {}, h("span", {}, t("password")), pass),
    h("button", { type: "submit", class: "primary", id: "signin-btn" }, t("sign_in")), " ",
    h("button", { type: "button", id: "signup-btn", onclick: () => go(true) }, t("sign_up")));
}

function settings(who, toast) {
  const email = h("input", { id: "acc-email", type: "email", value: who.email || "" });
  const mail = h("input", { id: "acc-mail", type: "checkbox", checked: !!who.mail });
  const push = h("input", { id: "acc-push", type: "checkbox", checked: !!who.push, onchange: async (e) => {
    if (e.target.checked) { try { await subscribe(); } catch (err) { e.target.checked = false; toast(err.message); } }
    else await api("PUT", "/api/me/settings", { push: false });
  } });
  const save = async () => {
    try {
      const body = { mail: mail.checked, lang: document.documentElement.lang.startsWith("zh") ? "zh_TW" : "en" };
      if (email.value.trim()) body.email = email.value.trim();
      await api("PUT", "/api/me/settings", body);
      toast(t("save"), "ok");
    } catch (e) { toast(e.detail ? message(e.detail) : e.message); }
  };
  return h("section", { class: "panel" },
    h("label", {}, push, " ", t("notify_push")),
    h("label", {}, h("span", {}, t("email")), email), h("label", {}, mail, " ", t("notify_mail")),
    h("button", { type: "button", onclick: save, id: "acc-save" }, t("save")));
}

async function subscribe() {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) throw new Error("no Web Push in this browser");
  const reg = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  const { key } = await api("GET", "/api/push/key");
  const raw = Uint8Array.from(atob(key.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: raw });
  await api("POST", "/api/me/push", sub.toJSON());
}

function history(rows) {
  if (!rows.length) return null;
  return h("section", { class: "panel", id: "rating-history" }, h("h3", {}, t("rating_history")),
    h("table", { class: "grid" }, h("tbody", {}, rows.map((r) => h("tr", {},
      h("td", {}, gameTitle(r.game, r.game)), h("td", {}, r.class === "2" ? t("players_2") : t("players_3")),
      h("td", {}, String(r.rating)), h("td", {}, h("a", { href: `/replay/${r.table}`, "data-link": true }, t("replay"))))))));
}

export async function personPage(app, name) {
  const page = h("div", { class: "personpage" });
  app.replaceChildren(page);
  try {
    const who = await api("GET", `/api/people/${encodeURIComponent(name)}`);
    page.replaceChildren(h("h2", {}, who.name), history(who.history) || h("p", { class: "muted" }, "—"));
  } catch (e) { page.replaceChildren(h("p", { class: "warn" }, e.message)); }
}

// ---------------------------------------------------------------- leaderboard

export async function ratingsPage(app, game) {
  const page = h("div", { class: "ratingspage" });
  app.replaceChildren(page);
  const { games } = await api("GET", "/api/games");
  let cur = game || (games[0] && games[0].name), klass = "";
  async function draw() {
    const q = klass ? `?players=${encodeURIComponent(klass)}` : "";
    const { ratings } = await api("GET", `/api/ratings/${cur}${q}`);
    const sel = h("select", { id: "ratings-game", onchange: (e) => { cur = e.target.value; draw(); } },
      games.map((x) => h("option", { value: x.name, selected: x.name === cur }, gameTitle(x.name, x.title))));
    const ks = h("select", { id: "ratings-class", onchange: (e) => { klass = e.target.value; draw(); } },
      [["", "—"], ["2", t("players_2")], ["3+", t("players_3")]].map(([v, l]) => h("option", { value: v, selected: v === klass }, l)));
    page.replaceChildren(h("h2", {}, t("leaderboard")), h("p", {}, sel, " ", ks),
      h("table", { class: "grid", id: "leaderboard" },
        h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, t("rating")), h("th", {}, t("games_played")), h("th", {}, ""))),
        h("tbody", {}, ratings.map((r) => h("tr", { "data-name": r.name, "data-kind": r.kind },
          h("td", {}, r.kind === "bot" ? `🤖 ${r.name}` : h("a", { href: `/u/${encodeURIComponent(r.name)}`, "data-link": true }, r.name)),
          h("td", {}, String(r.rating)), h("td", {}, String(r.games)),
          h("td", { class: "muted" }, r.class === "2" ? t("players_2") : t("players_3")))))));
  }
  await draw();
}

// ---------------------------------------------------------------- lobby and table page

export const MODES = ["live", "turn"];
const MODE_WORDS = { live: () => t("mode_live"), turn: () => t("mode_turn") };
const PART_WORDS = { waiting_for_you: () => t("waiting_for_you"), running_games: () => t("running_games"),
  finished_games: () => t("finished_games") };

// The lobby's extra fields: rated, live or turn-based.
export function lobbyFields(state) {
  return h("fieldset", { id: "people-opts" },
    h("label", {}, h("input", { type: "checkbox", id: "rated", checked: !!state.rated, onchange: (e) => { state.rated = e.target.checked; } }), " ", t("rated")),
    h("label", {}, h("span", {}, t("mode_turn")),
      h("select", { id: "mode", onchange: (e) => { state.mode = e.target.value; } },
        MODES.map((m) => h("option", { value: m, selected: (state.mode || "live") === m }, MODE_WORDS[m]())))));
}

const tableInfo = {};
export function tableBadges(id) {
  const box = h("span", { class: "badges", id: "table-badges" });
  const fill = (info) => box.replaceChildren(h("span", { class: "tag" }, info.rated ? t("rated") : t("unrated")), " ",
    h("span", { class: "tag" }, (MODE_WORDS[info.mode] || MODE_WORDS.live)()));
  if (tableInfo[id]) fill(tableInfo[id]);
  else api("GET", `/api/tables/${id}/people`).then((info) => { tableInfo[id] = info; fill(info); }).catch(() => {});
  return box;
}

// At game end: the rematch button (or the link to the rematch someone asked for).
export function rematchBar(id, token, log, navigate, toast) {
  const note = [...log].reverse().flatMap((e) => e.events || []).find((ev) => ev.type === "rematch");
  const go = (table, tok) => { if (tok) setToken(table, tok); else if (token) setToken(table, token); navigate(`/t/${table}`); };
  if (note) return h("p", { class: "rematch" }, h("button", { class: "primary", id: "rematch-go", onclick: () => go(note.table, null) }, t("rematch_go")));
  if (!token) return null;
  return h("p", { class: "rematch" }, h("button", { class: "primary", id: "rematch", onclick: async () => {
    try { const r = await api("POST", `/api/tables/${id}/rematch`, undefined, token); go(r.table, r.token); }
    catch (e) { toast(e.message); }
  } }, t("rematch")));
}
