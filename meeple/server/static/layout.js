// The table page's frame (issue 27: tablePage split by concern): its head, the status bar with its
// tools, the seats, the invite links, the Board / Log tabs of a narrow screen, and how the parts
// are laid out.  The board, the decision bar, the marks and the log strip come from their modules.
import { gameTitle, t, viewLabel, word } from "./i18n.js";
import { soundToggle } from "./notify.js";
import { h } from "./render.js";
import { customName, levelName, seatLabel, seatName } from "./seats.js";

// The rules page of a game in the page's language (issue 15).
export function howToPlay(game, id, lang) {
  const code = lang === "zh" ? "zh-TW" : "en";
  return h("a", { href: `/rules/${game}?lang=${code}`, class: "howto", id, target: "_blank", rel: "noopener" }, t("how_to_play"));
}

// Where the game stands, from the view's own words (round, phase, step), if it has them.
export function stageWords(v) {
  const bits = [];
  for (const k of ["round", "phase", "step"]) {
    if (typeof v[k] === "string" || typeof v[k] === "number") bits.push(k === "round" ? `${viewLabel("Round")} ${v[k]}` : String(word(String(v[k]))));
  }
  return bits;
}

function stage(v) {
  const bits = stageWords(v);
  return bits.length ? h("span", { class: "stage muted" }, " · " + bits.join(" · ")) : null;
}

// The status line: game over with the winners, your turn, or whom the table waits for.
export function statusLine(data, id) {
  const v = data.view, you = data.you, over = data.table.status === "over";
  if (over) {
    const winners = (data.ranking && data.ranking[0]) || [];
    return h("div", { class: "status over" }, h("b", {}, t("game_over")), " · ", t("winner"), ": ",
      winners.map((s) => seatName(data, s)).join(", "), " · ",
      h("a", { href: `/replay/${id}`, "data-link": true }, t("replay")));
  }
  if (you !== null && v.to_move === you && data.legal.length) return h("div", { class: "status yourturn" }, h("b", {}, t("your_turn")), stage(v));
  return h("div", { class: "status" }, t("waiting_for", { who: seatName(data, v.to_move) }), stage(v));
}

// Undo, "I'm back" (only while the game runs, issue 15) and the sound toggle.
export function tools(data, post) {
  const over = data.table.status === "over";
  const mine = data.you !== null ? data.seats[data.you] : null;
  const zombie = !over && mine && mine.zombie;
  return h("div", { class: "tools" },
    data.undo ? h("button", { id: "undo", onclick: () => post("undo") }, "↶ " + t("undo")) : null,
    zombie ? h("button", { id: "back", class: "primary", onclick: () => post("back") }, t("im_back")) : null,
    data.you !== null && !over ? soundToggle() : null);
}

// The seats: who is to move, who is online, bots by level, clocks, an open seat to sit at.
export function seatsPanel(data, sit) {
  const over = data.table.status === "over", you = data.you, toMove = data.view.to_move;
  const online = data.online || [];
  return h("section", { class: "panel seats" }, h("h3", {}, t("seats")), h("ul", {}, data.seats.map((s) => h("li", {
    class: [s.seat === toMove && !over ? "tomove" : "", s.seat === you ? "mine" : ""].join(" ") },
  h("span", { class: "dot s" + s.seat }), h("b", {}, seatName(data, s.seat)), " ",
  s.kind === "human" && !s.open ? h("span", { class: "online" + (online.includes(s.seat) ? " on" : ""), title: online.includes(s.seat) ? t("online") : t("offline") }) : null,
  h("span", { class: "muted small" }, s.kind === "bot" ? (customName(s.name) ? t("bot_kind", { bot: levelName(s.bot) }) : "") : s.open ? t("open") : t("human")),
  s.zombie && !over ? h("span", { class: "tag" }, t("bot_plays")) : null,
  data.scores ? h("span", { class: "score", "data-id": `score:${s.seat}` }, data.scores[s.seat]) : null,
  !over && s.clock !== null && s.clock !== undefined ? h("span", { class: "clock", "data-left": s.clock }, "") : null,
  s.open && you === null ? h("button", { class: "small sit", onclick: () => sit(s.seat) }, t("sit_here")) : null))));
}

// Who you are, the watchers, the invite and private links.
export function aboutYou(data, id, token, toast) {
  const you = data.you;
  const watchers = data.watchers ? h("p", { class: "muted small" }, t("watchers", { n: data.watchers })) : null;
  const who = you === null ? h("p", { class: "muted", id: "whoami" }, t("spectator")) : h("p", { id: "whoami" }, t("you_are", { who: seatLabel(you) }));
  const invite = `${location.origin}/t/${id}`;
  const links = h("details", { class: "links" }, h("summary", {}, t("invite")),
    h("div", {}, h("input", { readonly: true, value: invite, id: "invite" }),
      h("button", { class: "small", onclick: () => navigator.clipboard && navigator.clipboard.writeText(invite).then(() => toast(t("copied"), "ok")) }, t("copy"))),
    you !== null ? h("div", {}, h("small", {}, t("private_link")),
      h("input", { readonly: true, value: `${invite}#token=${token}`, class: "secret" })) : null);
  return [who, watchers, links];
}

// On a narrow screen the board and the log are two tabs (style.css), the board first.
export function tabsNav(page, state) {
  const tabs = h("nav", { class: "tabs", id: "tabs" }, ["board", "log"].map((k) => h("button", {
    type: "button", "data-tab": k, class: state.tab === k ? "on" : null,
    onclick: () => {
      state.tab = k;
      page.classList.toggle("tab-log", state.tab === "log");
      for (const b of tabs.children) b.classList.toggle("on", b.dataset.tab === state.tab);
    } },
  k === "board" ? t("tab_board") : t("log"))));
  page.classList.toggle("tab-log", state.tab === "log");
  return tabs;
}

// The page's parts in their places: head, status, warning, score sheet, tabs; the main column
// (own position, then the board and the fallback list of actions) and the side column (the
// decision bar first, sticky; the seats, the links and the log).  On a phone the decision bar is a
// bottom sheet (style.css).
export function assemble(parts) {
  const { data, id, ws, lang, status, tools: bar, warn, sheet, rematch, badges, tabs, own, board, drawn, actions, decision, side, logEl } = parts;
  const v = data.view;
  const connected = ws && ws.readyState === 1;
  return [
    h("div", { class: "tablehead", "data-decisions": v.decisions, "data-status": data.table.status }, h("h2", {}, gameTitle(data.table.game, data.table.title)),
      howToPlay(data.table.game, "howto", lang), badges,
      h("span", { class: "muted" }, `${t("table")} ${id} · ${t("decisions")}: ${v.decisions}`),
      h("span", { class: "conn " + (connected ? "on" : "off") }, connected ? t("connected") : t("disconnected"))),
    h("div", { class: "statusbar" }, status, bar),
    warn, sheet, rematch, tabs,
    h("div", { class: "layout" },
      h("div", { class: "main" }, own ? h("section", { class: "panel mine", id: "mine" }, own) : null,
        drawn ? [h("div", { id: "board" }, board), actions] : [actions, h("div", { id: "board" }, board)]),
      decision,
      h("aside", { class: "side" }, side, h("section", { class: "panel logpanel", id: "logpanel" }, h("h3", {}, t("log")), logEl))),
  ].filter(Boolean);
}
