// The decision bar (issue 27): always in view (desktop: sticky beside the board; phone: a bottom
// sheet, style.css), it says in words what the reader must decide now (the game's prompt,
// prompts.js), lists the current decision's choices that have no piece on the board (those with a
// piece stay on the board), asks first, in the bar itself (the chosen move, Confirm / Back), before
// a move that costs VP or ends the round, and opens the list of every action (the fallback,
// collapsed by default and remembered).  Also the since-your-last-decision strip's place.
import { message, t } from "./i18n.js";
import { notationsShown } from "./common.js";
import { h } from "./render.js";
import { seatName } from "./seats.js";
import { stageWords } from "./layout.js";
import { doingOf, promptOf } from "./prompts.js";

// Labels whose action costs victory points or ends the player's round ask first (issue 15): the
// last part of the label key is one of these, or contains "without_food" or "lose" (the games'
// labels say so in their keys: luna_maris.label.feed_none, messina.label.end_turn.lose,
// troyes.label.counter.give_up ...).
const CONFIRM = new Set(["pass", "pass_place", "feed_none", "give_up", "emergency"]);
export function needsConfirm(label) {
  if (!label || typeof label.key !== "string") return false;
  const last = label.key.split(".").pop();
  return CONFIRM.has(last) || /without_food|(^|_)lose(_|$)/.test(last);
}

// The confirm step of such a move (table.js sets ``state.confirming`` to its notation instead of
// sending it): the bar shows the chosen move in the reader's language with Confirm (focused, so
// Enter confirms) and Back (Escape too); only Confirm sends it.
function confirmStep(data, a, state, act) {
  const i = data.legal.indexOf(a);
  const lab = i >= 0 && data.labels ? data.labels[i] : null;
  const back = () => { state.confirming = null; state.redraw(); };
  const yes = h("button", { type: "button", class: "primary", id: "confirm-yes", onclick: () => { state.confirming = null; act(a, true); } }, t("confirm_yes"));
  const no = h("button", { type: "button", id: "confirm-back", onclick: back }, t("confirm_back"));
  const step = h("div", { class: "confirmstep", id: "confirm-step", role: "group", "aria-label": t("confirm_title"),
    onkeydown: (e) => { if (e.key === "Escape") { e.preventDefault(); back(); } } },
  h("p", { class: "prompt", id: "decide" }, t("confirm_action", { action: "" }).trim(), " ", h("b", { class: "chosen", "data-action": a }, lab ? message(lab) : a)),
  h("p", { class: "muted small" }, t("asks_first")),
  h("div", { class: "choices" }, yes, no));
  return step;
}

const OPEN = "meeple:all-actions";
export const listOpen = () => localStorage.getItem(OPEN) === "open";
function setListOpen(open) { localStorage.setItem(OPEN, open ? "open" : "closed"); }

// The legal actions a piece of the board or of the own position plays (render.js piece()).
export function onBoard(page) {
  const found = new Set();
  for (const el of page.querySelectorAll("#board [data-actions], #mine [data-actions]")) {
    for (const a of (el.getAttribute("data-actions") || "").split("|")) if (a) found.add(a);
  }
  return found;
}

// Actions of one kind stay together (grouped by their label's key, without a heading: the labels
// name them); actions without a label together.
function groupActions(legal, labels) {
  const groups = new Map();
  for (const [i, a] of legal.entries()) {
    const lab = labels && labels[i];
    const k = lab && lab.key ? lab.key : "";
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(a);
  }
  return groups;
}

// The list of every legal action (the fallback): a heading that opens and closes it, a filter
// when there are many, each action's button by its label (the notation beside it only when the setting shows it).
export function actionList(data, state, act, page) {
  if (!data.legal.length) return null;
  const labels = new Map(data.legal.map((a, i) => [a, data.labels ? data.labels[i] : null]));
  // the notation small beside the label only when the player's setting shows notations (issue 27)
  const showNotation = notationsShown();
  const match = (b, f) => !f || b.dataset.action.includes(f) || b.textContent.toLowerCase().includes(f.toLowerCase());
  const button = (a) => {
    const lab = labels.get(a) || null;
    const text = lab ? message(lab) : a;
    const b = h("button", { class: "act" + (needsConfirm(lab) ? " confirm" : ""), "data-action": a, title: showNotation ? a : null, onclick: () => act(a) },
      lab ? [h("span", { class: "alabel" }, text), showNotation ? [" ", h("small", { class: "notation" }, a)] : null] : a);
    b.hidden = !match(b, state.filter);
    return b;
  };
  const open = listOpen();
  const toggle = h("button", { type: "button", class: "small listtoggle", id: "actions-toggle", "aria-expanded": String(open),
    onclick: () => { setListOpen(!listOpen()); sync(); } }, open ? t("hide_actions") : t("show_actions"));
  const filter = data.legal.length > 40 ? h("input", { type: "search", class: "filter", placeholder: t("filter"), value: state.filter,
    oninput: (e) => { state.filter = e.target.value; for (const b of page.querySelectorAll("#actions button.act")) b.hidden = !match(b, state.filter); } }) : null;
  const section = h("section", { class: "panel actions" + (open ? "" : " collapsed"), id: "actions" },
    h("h3", {}, t("actions"), h("span", { class: "count" }, ` (${data.legal.length})`), " ", toggle),
    filter, [...groupActions(data.legal, data.labels).entries()].map(([k, list]) => h("div", { class: "group", "data-group": k }, list.map(button))));
  function sync() {
    const now = listOpen();
    section.classList.toggle("collapsed", !now);
    toggle.textContent = now ? t("hide_actions") : t("show_actions");
    toggle.setAttribute("aria-expanded", String(now));
  }
  section.openList = () => { setListOpen(true); sync(); };
  return section;
}

// What the reader must decide, in words: how many choices, where they are (pieces on the board,
// buttons in the bar).
function prompt(n, board, here) {
  if (!here) return t("decide_on_board", { n });
  if (!board) return t("decide_here", { n });
  return t("decide_mixed", { n, board, here });
}

// A choice of the bar: its label in the reader's language (no notation), a mark when it asks first.
function choice(a, lab, act) {
  const ask = needsConfirm(lab);
  return h("button", { type: "button", class: "choice" + (ask ? " confirm" : ""), "data-action": a, title: ask ? t("asks_first") : null,
    onclick: () => act(a) }, h("span", { class: "alabel" }, lab ? message(lab) : a), ask ? h("span", { class: "ask", "aria-hidden": "true" }, " ⚠") : null);
}

// The bar.  ``pieces``: the legal actions bound to pieces on the board (onBoard); ``strip``: the
// since-your-last-decision strip (logstrip.js) or null; ``actions``: the fallback list.
export function decisionBar(data, pieces, strip, act, actions, state) {
  const v = data.view, you = data.you, over = data.table.status === "over";
  const mine = !over && you !== null && v.to_move === you && data.legal.length > 0;
  const where = stageWords(v);
  const asking = mine && state.confirming && data.legal.includes(state.confirming) ? state.confirming : null;
  if (!asking) state.confirming = null;
  let head, body = [];
  if (over) head = h("b", {}, t("game_over"));  // (the page shows no bar then: table.js)
  else if (asking) {
    head = [h("b", { class: "yourturn" }, t("confirm_title")), where.length ? h("span", { class: "muted" }, " · " + where.join(" · ")) : null];
    body = [confirmStep(data, asking, state, act)];
  } else if (mine) {
    head = [h("b", { class: "yourturn" }, t("your_decision")), where.length ? h("span", { class: "muted" }, " · " + where.join(" · ")) : null];
    const free = data.legal.map((a, i) => [a, data.labels ? data.labels[i] : null]).filter(([a]) => !pieces.has(a));
    const task = promptOf(data.table.game, v);
    body = [task ? h("p", { class: "task", id: "task", "data-prompt": task.key }, message(task)) : null,
      h("p", { class: "prompt" + (task ? " muted small" : ""), id: "decide" }, prompt(data.legal.length, data.legal.length - free.length, free.length)),
      free.length ? h("div", { class: "choices", id: "bar-choices" }, free.map(([a, lab]) => choice(a, lab, act))) : null];
  } else {
    const who = seatName(data, v.to_move), doing = v.to_move == null ? null : doingOf(data.table.game, v, who);
    head = [h("b", {}, t("waiting_for", { who })), where.length ? h("span", { class: "muted" }, " · " + where.join(" · ")) : null];
    body = [doing ? h("p", { class: "task", id: "task-other", "data-doing": doing.key }, message(doing)) : null];
  }
  const fold = h("button", { type: "button", class: "small fold", id: "bar-fold", "aria-expanded": String(!state.folded), title: t("fold_bar"),
    onclick: () => { state.folded = !state.folded; bar.classList.toggle("folded", state.folded); fold.setAttribute("aria-expanded", String(!state.folded)); } }, "▾");
  const more = actions ? h("button", { type: "button", class: "small link", id: "bar-all", onclick: () => {
    actions.openList();
    actions.scrollIntoView({ block: "nearest" });
  } }, t("all_actions", { n: data.legal.length })) : null;
  const folded = state.folded && !asking;  // the confirm step always shows (a phone's folded sheet opens)
  const bar = h("section", { class: "panel decision" + (mine ? " mine" : "") + (asking ? " asking" : "") + (folded ? " folded" : ""), id: "decision", "aria-live": "polite" },
    h("div", { class: "barhead" }, h("div", { class: "what" }, head), fold), h("div", { class: "barbody" }, body, asking ? null : strip, asking ? null : more));
  return bar;
}
