// The table page (issue 27: split by concern): what it holds (the payload, the log), acting and
// refreshing, and one drawing of the page from its parts: the frame (layout.js), the game's board
// (games/<name>.js, else render.js genericBoard), the decision bar and the fallback list
// (decision.js), the since-your-last-decision strip (logstrip.js) and marks (marks.js), the log
// and the score sheet (story.js); the socket is socket.js's.
import { api, ApiError, setToken, tokenFor } from "./api.js";
import { getLang, message, t, word } from "./i18n.js";
import { turnNotice } from "./notify.js";
import { genericBoard, h, keepChooser } from "./render.js";
import { logList, scoreSheet, withoutSheet } from "./story.js";
import { seatLabel, seatName } from "./seats.js";
import { aboutYou, assemble, seatsPanel, statusLine, tabsNav, tools } from "./layout.js";
import { actionList, decisionBar, needsConfirm, onBoard } from "./decision.js";
import { logStrip } from "./logstrip.js";
import { markState, updateMarks } from "./marks.js";
import { tableSocket } from "./socket.js";
import { rematchBar, tableBadges } from "./people.js";
import { soloResult } from "./solo.js";

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
export function gameRenderer(name, has) {
  if (!has) return Promise.resolve(null);
  if (!(name in gameModules)) {
    gameModules[name] = Promise.all([import(`/static/games/${name}.js`).catch(() => null), stylesheet(name)]).then(([mod]) => mod);
  }
  return gameModules[name];
}

// A refused act's reason in the page's language: the server's catalog message when it sent one.
function refusal(e) {
  return e instanceof ApiError && e.detail ? message(e.detail) : e.message;
}

// One drawing of a game's part (board or own position); a failing module leaves it out.
function drawn(fn, v, ctx) {
  if (!fn) return null;
  try { return fn(v, ctx); } catch (e) { console.error(e); return null; }
}

// The table page of table ``id`` in ``app``; ``toast`` shows a message.  Returns its teardown and
// its redraw (a language switch).
export async function tablePage(app, id, toast, navigate) {
  let data = null, log = [], busy = false, receivedAt = Date.now();
  // ``confirming``: the notation of a move that asks first, shown in the bar's confirm step
  const state = { filter: "", tab: "board", folded: false, confirming: null, redraw: () => placeBar() };
  const marks = markState();
  const page = h("div", { class: "tablepage" });
  app.replaceChildren(page);
  const token = () => tokenFor(id);

  // Send one legal action; a move that costs VP or ends the round (decision.js needsConfirm) first
  // opens the bar's confirm step, whose Confirm sends it with ``sure``.
  async function act(notation, sure = false) {
    if (busy) return;
    const i = data ? data.legal.indexOf(notation) : -1;
    if (!sure && needsConfirm(i >= 0 && data.labels ? data.labels[i] : null)) {
      state.confirming = notation;
      placeBar();
      return;
    }
    state.confirming = null;
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
      socket.connect();
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
    let actions = null;
    const focus = (acts) => {
      for (const b of page.querySelectorAll("#actions button.act")) b.classList.toggle("focus", acts.includes(b.dataset.action));
      if (actions) { actions.openList(); actions.scrollIntoView({ block: "nearest", behavior: "smooth" }); }
    };
    const labelText = (a) => {
      const i = data.legal.indexOf(a);
      const lab = i >= 0 && data.labels ? data.labels[i] : null;
      return lab ? message(lab) : a;
    };
    const explain = (text) => toast(text, "info");
    // each legal action's label and the ids of the pieces it involves (the payload's targets, issue 27)
    const labelOf = (a) => { const i = data.legal.indexOf(a); return i >= 0 && data.labels ? data.labels[i] : null; };
    const targets = new Map(data.legal.map((a, i) => [a, (data.targets && data.targets[i]) || []]));
    const ctx = { you, toMove: v.to_move, players: data.table.players, seatName: (i) => seatName(data, i), seatLabel, legal: data.legal, targets, labelOf, act, focus, t, word, lang: getLang(), labelText, message, explain };
    const mine = you !== null ? data.seats[you] : null;
    const zombie = !over && mine && mine.zombie;
    turnNotice(!over && you !== null && v.to_move === you && data.legal.length > 0);
    actions = actionList(data, state, act, page);
    // a game's own board is played by clicking it: the text list of actions follows it, as the
    // fallback (issue 15); the generic view has no pieces, so there the list comes first
    const bv = over ? withoutSheet(v) : v;  // at game over the score sheet shows the breakdown
    let board = drawn(mod && mod.render, bv, ctx);
    const own = you !== null ? drawn(mod && mod.mine, v, ctx) : null;
    const isDrawn = !!board;
    page.classList.toggle("drawn", isDrawn);
    if (!board) board = genericBoard(bv, ctx);
    const logEl = h("ol", { class: "log", id: "log" }, logList(log, (i) => seatName(data, i)));
    // the score sheet at game over: rounds and categories by seat name, the chart, the ranking
    const sheet = over ? scoreSheet(v, data.scores, data.ranking, data.table.players, (i) => seatName(data, i), data.score_by_round) : null;
    const strip = logStrip(log, you, (i) => seatName(data, i));
    const ws = socket ? socket.ws : null;
    page.replaceChildren(...assemble({
      data, id, ws, lang: getLang(), status: statusLine(data, id), tools: tools(data, post),
      warn: zombie ? h("p", { class: "warn" }, t("zombie_you")) : null, sheet, tabs: tabsNav(page, state),
      solo: over && v.solo ? soloResult(v.solo, data.solo_best) : null, badges: tableBadges(id), rematch: over ? rematchBar(id, token(), log, navigate, toast) : null,
      own, board, drawn: isDrawn, actions, decision: null, side: [seatsPanel(data, sit), ...aboutYou(data, id, token(), toast)], logEl,
    }));
    placeBar(strip);
    page.classList.toggle("has-bar", !over);
    logEl.scrollTop = logEl.scrollHeight;
    updateMarks(marks, page, v.decisions, log, you);
    // a chooser open beside a piece stays open across the redraw while its piece and some of its
    // actions are still there (render.js keepChooser)
    keepChooser(ctx);
    tick();
  }

  // The decision bar, put in its place or in place of the one drawn (the confirm step's opening
  // and Back redraw the bar alone, at once): it lists the choices no piece drawn plays (no bar once
  // the game is over: the score sheet comes first).  The piece or button of the move being
  // confirmed is marked (class ``asking``).
  function placeBar(strip) {
    if (!data || data.table.status === "over") return;
    const layout = page.querySelector(".layout");
    if (!layout) return;
    const old = page.querySelector("#decision");
    const bar = decisionBar(data, onBoard(page), strip !== undefined ? strip : logStrip(log, data.you, (i) => seatName(data, i)),
      act, page.querySelector("#actions"), state);
    if (old) old.replaceWith(bar); else layout.insertBefore(bar, page.querySelector(".layout > .side"));
    for (const el of page.querySelectorAll(".asking[data-actions], .asking[data-action]")) el.classList.remove("asking");
    if (state.confirming) {
      for (const el of page.querySelectorAll("#board [data-actions], #mine [data-actions], #actions [data-action]")) {
        const acts = (el.getAttribute("data-actions") || el.getAttribute("data-action") || "").split("|");
        if (acts.includes(state.confirming)) el.classList.add("asking");
      }
      const yes = bar.querySelector("#confirm-yes");
      if (yes) yes.focus({ preventScroll: true });
    }
    page.style.setProperty("--bar-h", `${bar.offsetHeight}px`);
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

  const socket = tableSocket(id, token, {
    error: (text) => toast(text),
    presence: (msg) => { if (data) { data.online = msg.online; data.watchers = msg.watchers; draw(); } },
    payload: (msg) => {
      receivedAt = Date.now();
      if (msg.type === "full") { log = msg.log; data = msg; }
      else { log = log.concat(msg.entries).slice(-400); data = msg; }
      draw();
    },
    state: () => { if (data) draw(); },
  });

  try {
    const first = await api("GET", `/api/tables/${id}`, undefined, token());
    data = first; log = first.log; draw();
  } catch (e) {
    if (e instanceof ApiError && e.status === 403) { localStorage.removeItem(`meeple:token:${id}`); }
    else {
      page.replaceChildren(h("p", { class: "warn" }, `${t("error")}: ${e.message}`), h("a", { href: "/", "data-link": true }, t("back_to_lobby")));
      return { cleanup: () => clearInterval(ticker), rerender: null };
    }
  }
  socket.connect();
  return {
    cleanup: () => { clearInterval(ticker); socket.close(); },
    rerender: () => draw(),
  };
}
