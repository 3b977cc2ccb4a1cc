// The table's story and its end (issue 15): the log, where every decision of every seat has a line
// a player reads, and the score sheet (categories by seat name) with the ranking by name.
import { lookup, message, t, viewLabel } from "./i18n.js";
import { SEAT_COLOURS, notationsShown } from "./common.js";
import { h, svg } from "./render.js";

// A bot level's name in the page's language (web.level_<name>), else the name as the server has it.
function levelName(bot) {
  if (!bot) return "";
  return lookup("web.level_" + bot) ?? bot;
}

// An event's text: a game's catalog message, or one of the server's notes (joins, undo, clock).
export function eventText(ev, seatName) {
  if (ev.key && ev.key.includes(".")) return message(ev);  // a game's catalog message (issue 14)
  if (ev.key) {
    const n = typeof ev.seat === "number" ? ev.seat : "";
    const name = typeof ev.seat === "number" ? seatName(ev.seat) : "";
    const text = t(ev.key, { n, name, bot: levelName(ev.bot), seconds: ev.seconds ?? "" });
    if (text !== ev.key || !ev.text) return text;  // a key without a translation yet: the server's text
  }
  return ev.text || ev.type;
}

// The log's entries.  A decision's header names the seat; under it come the events the reader may
// see, and when there are none, the decision's label (sent by the server only to a seat that may
// know the decision) or a neutral line saying it was chosen secretly (server: story.py).
export function logList(entries, seatName) {
  const items = [];
  for (const e of entries) {
    const who = typeof e.seat === "number" ? seatName(e.seat) : "";
    if (e.kind === "action") {
      const label = e.label ? message(e.label) : null;
      const head = h("div", { class: "logact" }, h("span", { class: "who s" + e.seat }, who),
        label && e.events.length ? [" ", h("span", { class: "alabel" }, label)] : null, " ",
        e.notation && (!label || notationsShown()) ? h("code", { class: "notation" }, e.notation) : null,
        e.actor && e.actor.startsWith("zombie:") ? h("span", { class: "tag" }, t("bot_plays")) : null);
      const lines = e.events.map((ev) => h("div", { class: "ev" + (ev.private !== undefined ? " private" : "") },
        eventText(ev, seatName), ev.private !== undefined ? h("span", { class: "tag" }, t("private_note")) : null));
      if (!lines.length) {
        lines.push(label ? h("div", { class: "ev chosen" }, label)
          : h("div", { class: "ev secret muted" }, t("chose_secretly")));
      }
      items.push(h("li", { class: "action" }, head, lines));
    } else {
      items.push(h("li", { class: "note" }, e.events.map((ev) => h("div", { class: "ev" }, eventText(ev, seatName)))));
    }
  }
  return items;
}

// The view's score breakdown at game over, as rows per seat: the games call it final_scoring,
// final or score_sheet, a list with one dict per seat or a dict keyed "seat N" / "N".  A game with
// rounds may add score_by_round: per round, every seat's score at its end (Mundus Novus' doubloons).
const SHEETS = ["score_sheet", "final_scoring", "final", "final_scores", "scoring"];
const ROUNDS = "score_by_round";
const SKIP = new Set(["seat", "player", "name"]);

function perSeat(v, players) {
  if (Array.isArray(v) && v.length === players && v.every((r) => r && typeof r === "object" && !Array.isArray(r))) return v;
  if (v && typeof v === "object" && !Array.isArray(v)) {
    const rows = [];
    for (let i = 0; i < players; i++) {
      const r = v[`seat ${i}`] ?? v[String(i)] ?? v[`p${i}`];
      if (!r || typeof r !== "object") return null;
      rows.push(r);
    }
    return rows;
  }
  return null;
}

// The view without what the score sheet shows (the board need not repeat it without seat names).
export function withoutSheet(view) {
  const out = {};
  for (const [k, v] of Object.entries(view)) if (!SHEETS.includes(k) && k !== ROUNDS && k !== "ranking" && k !== "scores") out[k] = v;
  return out;
}

export function breakdown(view, players) {
  for (const k of SHEETS) {
    const rows = view && perSeat(view[k], players);
    if (rows) return rows;
  }
  return null;
}

// The rounds of score_by_round whose scores name every seat (issue 15 follow-up): the view's own
// (Mundus Novus' doubloons), else the table's (``fallback``: the server's score_by_round of every
// finished game, meeple/server/rounds.py, issue 27).
export function rounds(view, players, fallback = null) {
  const v = view && Array.isArray(view[ROUNDS]) ? view[ROUNDS] : fallback;
  return Array.isArray(v) ? v.filter((r) => r && typeof r.round === "number" && Array.isArray(r.scores) && r.scores.length === players) : [];
}

// A category's name in the reader's language (the games' breakdown fields are view labels).
function category(k) {
  const text = String(k).replace(/_/g, " ");
  return viewLabel(text.charAt(0).toUpperCase() + text.slice(1));
}

// The score sheet: a table whose columns are the seats by name and whose rows are, where the game
// keeps them, the rounds (each seat's score at the round's end, what it gained small beside it),
// then the scoring categories, the final score last; then the ranking by name (ties share a place).
export function scoreSheet(view, scores, ranking, players, seatName, byRound = null) {
  const rows = breakdown(view, players) || [];
  const cats = [];
  for (const r of rows) for (const [k, v] of Object.entries(r)) if (!SKIP.has(k) && typeof v === "number" && !cats.includes(k)) cats.push(k);
  const total = cats.includes("total") ? "total" : null;
  let before = Array.from({ length: players }, () => 0);
  const perRound = rounds(view, players, byRound);
  const body = perRound.map((r) => {
    const gained = r.scores.map((x, i) => x - before[i]);
    before = r.scores;
    return h("tr", { class: "round", "data-round": r.round }, h("th", {}, t("round_n", { n: r.round })),
      r.scores.map((x, i) => h("td", { class: "num" }, String(x), " ",
        h("small", { class: "gain muted" }, gained[i] >= 0 ? `+${gained[i]}` : `−${-gained[i]}`))));
  });
  body.push(...cats.filter((c) => c !== total).map((c) => h("tr", { "data-category": c }, h("th", {}, category(c)),
    rows.map((r) => h("td", { class: "num" }, c in r ? String(r[c]) : "—")))));
  body.push(h("tr", { class: "total", "data-category": "score" }, h("th", {}, t("final_score")),
    Array.from({ length: players }, (_, i) => h("td", { class: "num" }, h("b", {}, scores ? String(scores[i]) : "—")))));
  const seats = Array.from({ length: players }, (_, i) => i);
  const table = h("div", { class: "tablewrap" }, h("table", { class: "grid scoresheet", id: "score-sheet" },
    h("thead", {}, h("tr", {}, h("th", {}, t("category")), seats.map((i) => h("th", { class: "who s" + i, "data-seat": i }, seatName(i))))),
    h("tbody", {}, body)));
  let place = 1;
  const places = (ranking || []).map((group) => {
    const li = h("li", { "data-place": place }, h("span", { class: "place" }, t("rank_place", { n: place })), " ",
      group.map((s, j) => [j ? ", " : "", h("span", { class: "who s" + s }, seatName(s)),
        scores ? h("span", { class: "muted" }, ` (${scores[s]})`) : null]));
    place += group.length;
    return li;
  });
  return h("section", { class: "panel sheet", id: "scoresheet" }, h("h3", {}, t("score_sheet")),
    h("div", { class: "sheetbody" }, table, perRound.length ? scoreChart(perRound, scores, players, seatName) : null),
    h("h4", {}, t("ranking")), h("ol", { class: "ranking", id: "ranking" }, places));
}

// A small chart of every seat's score by round (inline SVG): one line per seat in its colour, a
// point at each round's end and the final score last; the seats' names in the legend.
export function scoreChart(perRound, scores, players, seatName) {
  const cols = perRound.map((r) => ({ x: t("round_n", { n: r.round }), ys: r.scores }));
  if (scores) cols.push({ x: t("final_score"), ys: scores });
  const W = 320, H = 150, L = 30, R = 8, T = 8, B = 20;
  const all = cols.flatMap((c) => c.ys);
  const lo = Math.min(0, ...all), hi = Math.max(1, ...all);
  const x = (i) => L + (cols.length > 1 ? (i * (W - L - R)) / (cols.length - 1) : (W - L - R) / 2);
  const y = (v) => T + ((hi - v) * (H - T - B)) / (hi - lo);
  const colour = (s) => SEAT_COLOURS[s % SEAT_COLOURS.length];
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "scorechart", id: "score-chart", role: "img", "aria-label": t("score_chart") },
    svg("line", { x1: L, y1: y(lo), x2: W - R, y2: y(lo), class: "axis" }),
    svg("line", { x1: L, y1: T, x2: L, y2: y(lo), class: "axis" }),
    svg("text", { x: L - 4, y: y(hi) + 4, "text-anchor": "end", class: "tick" }, String(hi)),
    svg("text", { x: L - 4, y: y(lo), "text-anchor": "end", class: "tick" }, String(lo)),
    cols.map((c, i) => (cols.length <= 8 || i === 0 || i === cols.length - 1
      ? svg("text", { x: x(i), y: H - 4, "text-anchor": "middle", class: "tick" }, i === cols.length - 1 && scores ? "★" : String(perRound[i] ? perRound[i].round : "")) : null)),
    Array.from({ length: players }, (_, s) => svg("g", { class: "seatline", "data-seat": s },
      svg("polyline", { points: cols.map((c, i) => `${x(i)},${y(c.ys[s])}`).join(" "), fill: "none", stroke: colour(s), "stroke-width": 2 }),
      cols.map((c, i) => svg("circle", { cx: x(i), cy: y(c.ys[s]), r: 2.5, fill: colour(s) }, svg("title", {}, `${seatName(s)} · ${c.x}: ${c.ys[s]}`))))));
  const legend = h("ul", { class: "chartlegend" }, Array.from({ length: players }, (_, s) => h("li", {},
    h("span", { class: "swatch", style: { background: colour(s) } }), h("span", { class: "who s" + s }, seatName(s)))));
  // folded on a phone (the own position follows the sheet and stays in the first screen)
  const narrow = typeof matchMedia === "function" && matchMedia("(max-width: 700px)").matches;
  return h("details", { class: "chart", open: !narrow }, h("summary", { class: "muted small" }, h("span", { class: "figcaption" }, t("score_chart"))),
    h("figure", {}, chart, legend));
}
