// Mundus Novus's board (issue 15): the market, the face-up supply, the development queue and every
// seat's table as cards that show their value, kind and effect, and your own position first
// (mine()): hand, offer, ships, warehouses, shipyards, Inca relics, developments, doubloons, whose
// turn.  Every legal action that has a card or a seat is played by clicking it (render.js piece());
// the rest are the board's controls.  Every word comes from the catalog: headings as view labels,
// the board's phrases as mundus_novus.board.* keys (named in words.py), names as component keys.
import { byTarget, seatColour } from "../common.js";
import { controls, h, piece, restBoard, svg } from "../render.js";

const COLOURS = {
  cocoa: "#8a5a3b", corn: "#f1d04b", tobacco: "#b98b4e", coffee: "#6b4226", cotton: "#f4f4f4",
  sugar_cane: "#9bcf7a", potato: "#c8a26b", indigo: "#3f51b5", vanilla: "#efe3b0", inca_relic: "#e0a800",
};
const DARK = new Set(["cocoa", "coffee", "indigo"]);
const B = "mundus_novus.board.";

// a component key's slug ("mundus_novus.resources.sugar_cane.name" -> "sugar_cane")
const slugOf = (key) => String(key || "").split(".")[2] || "";
// a catalog key's words (keys passed as values, so that pybabel finds only the board's own keys)
const say = (ctx, key, args) => ctx.t(key, args);
// a seat as the board names it: "Seat 2" (the side panel shows the players' and bots' names)
const seatOf = (ctx, i) => (ctx.seatLabel ? ctx.seatLabel(i) : ctx.seatName(i));

// --- which legal action belongs to which card ------------------------------------------------------

// Every legal action filed under the pieces its targets name (the payload's ``targets``, issue 27):
// "hand:<kind>", "supply:<kind>", "market:<kind>", "offer:<seat>:<kind>", "queue:<i>", "deck",
// "seat:<q>", "ship:<value>" (view.py piece_ids).  What names no piece goes to the board's controls.
// A card's choices in a sensible order, by their labels' kinds: combinations first, conversions and
// discards last.
const ORDER = ["set", "set.inca", "set_add", "diff_start", "diff_add", "diff_add.short", "inca", "keep", "offer", "gift",
  "take", "swap", "convert", "pirate"].map((k) => "mundus_novus.label." + k);

function assign(ctx) {
  const A = byTarget(ctx);
  const rank = (a) => { const lab = ctx.labelOf ? ctx.labelOf(a) : null; const i = ORDER.indexOf(lab && lab.key); return i < 0 ? ORDER.length : i; };
  return { on: (id) => [...A.on(id)].sort((a, b) => rank(a) - rank(b)), rest: A.rest };
}

// --- what each card does -------------------------------------------------------------------------

function resourceInfo(view, key) {
  return (view.resources || []).find((r) => r.card === key) || { card: key, value: 0, offer: 0 };
}

// A resource card's full effect with the numbers of the view's tables (seed 3.3, 4.1, 4.2).
function resourceEffect(view, key, ctx) {
  const r = resourceInfo(view, key);
  const pay = view.payouts || {};
  const name = ctx.t(key);
  if (!r.value) {
    const inca = (pay.inca || []).map((x) => `${x.cards}→${x.doubloons}`).join(", ");
    return say(ctx, B + "inca_effect", { name, offer: r.offer, inca });
  }
  const band = Math.min(2, Math.floor((r.value - 1) / 3));
  const reach = (pay.identical || []).map((row) => say(ctx, B + (row.reach[band] > 1 ? "reach_row" : "reach_one"), { cards: row.cards, reach: row.reach[band] }));
  const diff = pay.different || [];
  return say(ctx, B + "resource_effect", {
    name, value: r.value, offer: r.offer, reach: reach.join(ctx.lang === "zh" ? "；" : "; "),
    low: diff.length ? diff[0].cards : 0, high: diff.length ? diff[diff.length - 1].cards : 0,
    different: diff.map((x) => x.doubloons).join("/"),
  });
}

// A development card's effect: its own text with its numbers, then its event symbol.
function devEffect(d, ctx) {
  const band = d.band || [0, 0];
  const args = { income: d.income ?? 0, ship: d.ship ?? 0, keeps: d.keeps ?? 0, band_lo: band[0], band_hi: band[1] };
  const parts = [`${ctx.t(d.key)} (${ctx.word(d.kind)}): ${say(ctx, String(d.key).replace(/\.name$/, ".text"), args)}`];
  if (d.event) parts.push(say(ctx, B + "card_event", { event: ctx.t(d.event), text: say(ctx, d.event.replace(/\.name$/, ".text")) }));
  return parts.join(" ");
}

// --- cards ---------------------------------------------------------------------------------------

function resCard(view, key, ctx, acts, info = {}) {
  const s = slugOf(key);
  const r = resourceInfo(view, key);
  const el = h("div", { class: `mn-card res r-${s}` + (DARK.has(s) ? " dark" : ""), style: { background: COLOURS[s] || "#eee" } },
    h("span", { class: "val" }, r.value ? String(r.value) : "★"),
    h("span", { class: "nm" }, ctx.t(key)),
    info.count > 1 ? h("span", { class: "cnt" }, `×${info.count}`) : null);
  return piece(el, ctx, acts, { owner: info.owner, state: info.state, effect: resourceEffect(view, key, ctx), name: s });
}

function cardRow(view, cards, ctx, acts, info) {
  if (!cards || !cards.length) return h("span", { class: "muted small" }, say(ctx, B + "no_cards"));
  return h("div", { class: "mn-row" }, cards.map((c) => typeof c === "string"
    ? resCard(view, c, ctx, acts(c), info)
    : resCard(view, c.card, ctx, acts(c.card), { ...info, count: c.count })));
}

// a caravel's sail (SVG: the page's fonts have no ship glyph)
function boat() {
  return svg("svg", { class: "boat", viewBox: "0 0 20 16", width: 16, height: 13, "aria-hidden": "true" },
    svg("path", { d: "M9 1 L9 11 L3 11 Z M11 3 L11 11 L17 11 Z", fill: "#3b6e9c" }),
    svg("path", { d: "M1 12 L19 12 L16 15 L4 15 Z", fill: "#7a4f2a" }));
}

function devCard(d, ctx, acts, info = {}) {
  const figure = d.kind === "caravel" ? [boat(), String(d.ship)] : d.kind === "warehouse" ? `▣ ${d.keeps}`
    : d.kind === "merchant" ? `⇄ ${(d.band || []).join("–")}` : d.kind === "shipyard" ? "⚓" : "♛";
  const el = h("div", { class: `mn-card dev kind-${d.kind}` },
    info.position ? h("span", { class: "pos" }, say(ctx, B + "position", { position: info.position })) : null,
    h("span", { class: "fig" }, figure),
    h("span", { class: "nm" }, ctx.t(d.key)),
    // the kind is in the name of every card but a character's
    h("span", { class: "kind" }, d.kind === "character" ? ctx.word(d.kind) : "", d.kind === "character" && d.income ? " · " : "", d.income ? `+${d.income}` : ""),
    d.event ? h("span", { class: "ev" }, ctx.t(d.event)) : null);
  return piece(el, ctx, acts, { owner: info.owner, state: info.state, effect: devEffect(d, ctx), name: d.code });
}

// --- the board -----------------------------------------------------------------------------------

function seatsOf(view) { return Array.isArray(view.seats) ? view.seats : []; }

function status(view, ctx) {
  const bits = [`${ctx.t("Round")} ${view.round ?? "?"}`, `${ctx.t("Phase")}: ${ctx.word(view.phase)}`];
  if (typeof view.trade_master === "number") bits.push(`${ctx.t("Trade master")}: ${seatOf(ctx, view.trade_master)}`);
  if (view.announced) bits.push(`${ctx.t("Announced")}: ${say(ctx, B + "cards", { n: view.announced })}`);
  // whose turn it is: the page's status line and the decision bar say it (and a seat's own position)
  return h("p", { class: "mn-status" }, bits.join(" · "));
}

function eventToken(view, ctx) {
  const key = view.event_token;
  if (!key || key === "no event") return h("div", { class: "mn-event none", "data-state": "none" }, `${ctx.t("Event")}: ${ctx.word("no event")}`);
  const el = h("div", { class: "mn-event" }, `${ctx.t("Event")}: `, h("b", {}, ctx.t(key)));
  return piece(el, ctx, [], { state: "this round", effect: `${ctx.t(key)}: ${say(ctx, key.replace(/\.name$/, ".text"))}` });
}

function seatPanel(view, p, ctx, A) {
  const seat = p.seat;
  // the seat's head plays what names the seat (Trade Master on a tie, who starts the Progression);
  // the cards below it explain themselves when clicked
  const head = piece(h("div", { class: "mn-seathead" }, h("b", {}, seatOf(ctx, seat)),
    seat === view.trade_master ? h("span", { class: "mn-tm", title: ctx.t("Trade master") }, `⚑ ${ctx.t("Trade master")}`) : null),
  ctx, A.on(`seat:${seat}`), { owner: seat, name: `p${seat}` });
  const el = h("div", { class: "mn-seat" + (seat === ctx.you ? " mine" : "") + (seat === view.to_move ? " tomove" : ""), style: { borderTopColor: seatColour(seat) },
    "data-owner": String(seat), "data-state": seat === view.to_move ? "to move" : "waiting" },
    head,
    h("div", { class: "small" },
      `${ctx.t("Hand size")}: ${p.hand_size ?? "?"} · ${ctx.t("Doubloons")}: ${p.money === null || p.money === undefined ? "?" : p.money}`,
      p.fleets ? ` · ${ctx.t("Fleets")}: ${p.fleets.map((f) => f.join("+")).join(" / ")}` : ""),
    p.offer_committed !== undefined ? h("div", { class: "small", "data-state": p.offer_committed ? "face down" : "choosing" },
      `${ctx.t("Offer")}: `, p.offer_committed || p.offer_size ? say(ctx, B + "face_down", { n: p.offer_size ?? 0 }) : "—") : null,
    p.offer ? h("div", {}, h("span", { class: "small" }, `${ctx.t("Offer")}: `),
      cardRow(view, p.offer, ctx, (k) => A.on(`offer:${seat}:${slugOf(k)}`), { owner: seat, state: "offered" })) : null,
    h("div", { class: "mn-row devs" }, (p.developments || []).map((d) => devCard(d, ctx, [], { owner: seat, state: "owned" }))));
  return el;
}

function payouts(view, ctx) {
  const pay = view.payouts;
  if (!pay) return null;
  const bands = [[1, 3], [4, 6], [7, 9]];
  const ident = h("table", { class: "grid mn-pay" },
    h("tr", {}, h("th", {}, ctx.t("Cards")), bands.map(([lo, hi]) => h("th", {}, say(ctx, B + "band", { lo, hi })))),
    (pay.identical || []).map((row) => h("tr", {}, h("td", {}, `${row.cards}+`), row.reach.map((r) => h("td", {}, say(ctx, B + "position", { position: r > 1 ? `1–${r}` : 1 }))))));
  const money = (rows) => h("table", { class: "grid mn-pay" },
    h("tr", {}, h("th", {}, ctx.t("Cards")), rows.map((x) => h("td", {}, x.cards))),
    h("tr", {}, h("th", {}, ctx.t("Doubloons")), rows.map((x) => h("td", {}, x.doubloons))));
  return h("details", { class: "mn-payouts" }, h("summary", {}, ctx.t("Payouts")),
    h("div", { class: "small" }, say(ctx, B + "payout_identical")), ident,
    h("div", { class: "small" }, say(ctx, B + "payout_different")), money(pay.different || []),
    h("div", { class: "small" }, say(ctx, B + "payout_inca")), money(pay.inca || []));
}

function pending(view, ctx) {
  const out = [];
  if (view.pending_set) {
    const ps = view.pending_set;
    const cards = [{ card: ps.resource, count: ps.cards }];
    const inca = (view.resources || []).find((r) => !r.value);
    if (ps.inca && inca) cards.push({ card: inca.card, count: ps.inca });
    out.push(h("div", {}, h("b", {}, ctx.t("Pending set"), ": "), cardRow(view, cards, ctx, () => [], { state: "shown" })));
  }
  if (view.pending_different) out.push(h("div", {}, h("b", {}, ctx.t("Pending different"), ": "), cardRow(view, view.pending_different, ctx, () => [], { state: "shown" })));
  if (view.supply_order) out.push(h("div", { class: "small" }, `${ctx.t("Supply order")}: `,
    view.supply_order.map((e) => `${seatOf(ctx, e.seat)} (${say(ctx, B + "cards", { n: e.cards })})`).join(" → ")));
  if (typeof view.taker === "number") out.push(h("div", { class: "small" }, `${ctx.t("Taker")}: ${seatOf(ctx, view.taker)}`,
    typeof view.last_taker === "number" ? ` · ${ctx.t("Last taker")}: ${seatOf(ctx, view.last_taker)}` : ""));
  return out;
}

const DRAWN = ["round", "phase", "event", "event_token", "trade_master", "announced", "market", "supply", "queue",
  "development_deck", "resource_deck", "discard", "queue_exhausted", "seats", "winner", "resources", "payouts",
  "supply_order", "taker", "last_taker", "pending_different", "pending_set", "hand", "my_offer", "kept", "gift"];

export function render(view, ctx) {
  if (!Array.isArray(view.market) || !Array.isArray(view.queue)) return null;
  const A = assign(ctx);
  const deck = piece(h("div", { class: "mn-card deck facedown" }, h("span", { class: "nm" }, ctx.t("Development deck")), h("span", { class: "cnt" }, String(view.development_deck))),
    ctx, A.on("deck"), { state: "face down", name: "deck" });
  const parts = [
    status(view, ctx), eventToken(view, ctx), ...pending(view, ctx),
    controls(ctx, A.rest),
    h("h4", {}, ctx.t("Market")),
    cardRow(view, view.market, ctx, (k) => A.on(`market:${slugOf(k)}`), { state: "market" }),
  ];
  if (view.supply && view.supply.length) parts.push(h("h4", {}, ctx.t("Supply")), cardRow(view, view.supply, ctx, (k) => A.on(`supply:${slugOf(k)}`), { state: "face up" }));
  parts.push(h("h4", {}, ctx.t("Development queue")),
    h("div", { class: "mn-row" }, view.queue.map((d, i) => devCard(d, ctx, A.on(`queue:${i}`), { position: d.position ?? i + 1, state: "queue" })), deck),
    h("p", { class: "small muted" }, `${ctx.t("Resource deck")}: ${view.resource_deck} · ${ctx.t("Development deck")}: ${view.development_deck}`,
      view.queue_exhausted ? ` · ${ctx.t("Queue exhausted")}` : "",
      typeof view.winner === "number" ? ` · ${ctx.t("Winner")}: ${seatOf(ctx, view.winner)}` : ""),
    h("h4", {}, ctx.t("Seats")),
    h("div", { class: "mn-seats" }, seatsOf(view).map((p) => seatPanel(view, p, ctx, A))),
    payouts(view, ctx),
    h("details", { class: "mn-discard" }, h("summary", {}, ctx.t("Discard pile")), cardRow(view, view.discard || [], ctx, () => [], { state: "discarded" })));
  const rest = Object.keys(view).filter((k) => !DRAWN.includes(k));
  return h("div", {}, h("section", { class: "panel gameboard mundus" }, parts),
    rest.some((k) => !["game", "version", "players", "seat", "is_over", "to_move", "decisions"].includes(k)) ? restBoard(view, ctx, DRAWN) : null);
}

// --- your own position (issue 15: first on the page, fits 390 px) -------------------------------

export function mine(view, ctx) {
  if (ctx.you === null || ctx.you === undefined || !Array.isArray(view.seats)) return null;
  const me = view.seats.find((p) => p.seat === ctx.you);
  if (!me) return null;
  const A = assign(ctx);
  const devs = me.developments || [];
  const ships = devs.filter((d) => d.kind === "caravel");
  const keeps = devs.filter((d) => d.kind === "warehouse").reduce((n, d) => n + (d.keeps || 0), 0);
  const inca = (view.resources || []).find((r) => !r.value);
  const relics = inca ? ((view.hand || []).find((c) => c.card === inca.card) || { count: 0 }).count : 0;
  const turn = view.is_over ? null : view.to_move === ctx.you ? ctx.t("your_turn") : ctx.t("waiting_for", { who: seatOf(ctx, view.to_move) });
  // a caravel plays Ponce de Leon's "second fleet: add" of its value
  const shipActs = (d) => A.on(`ship:${d.ship}`);
  const seen = new Set();
  const shipCard = (d) => {
    const acts = seen.has(d.ship) ? [] : shipActs(d);
    seen.add(d.ship);
    return devCard(d, ctx, acts, { owner: ctx.you, state: "owned" });
  };
  return h("div", { class: "mn-mine", "data-owner": String(ctx.you) },
    h("div", { class: "mn-minehead" },
      h("b", { style: { color: seatColour(ctx.you) } }, `${seatOf(ctx, ctx.you)} (${say(ctx, B + "you")})`),
      h("span", { class: "mn-money", "data-state": "private" }, `${ctx.t("Doubloons")}: ${me.money ?? "?"}`),
      view.trade_master === ctx.you ? h("span", { class: "mn-tm" }, `⚑ ${ctx.t("Trade master")}`) : null,
      turn ? h("span", { class: "mn-turn" + (view.to_move === ctx.you ? " now" : "") }, turn) : null),
    h("div", { class: "small" }, `${ctx.t("Caravels")}: ${ships.length}`,
      me.fleets ? ` (${me.fleets.map((f) => f.join("+")).join(" / ")})` : "",
      ` · ${say(ctx, B + "keeps_total", { n: keeps })}`,
      inca ? ` · ${ctx.t(inca.card)}: ${relics}` : "",
      ` · ${ctx.t("Hand size")}: ${me.hand_size}`),
    h("div", { class: "mn-hand" }, h("span", { class: "small b" }, ctx.t("Your hand")),
      cardRow(view, view.hand || [], ctx, (k) => A.on(`hand:${slugOf(k)}`), { owner: ctx.you, state: "in hand" })),
    view.my_offer ? h("div", {}, h("span", { class: "small b" }, ctx.t("Your offer")),
      cardRow(view, view.my_offer, ctx, () => [], { owner: ctx.you, state: "offered face down" })) : null,
    view.kept ? h("div", {}, h("span", { class: "small b" }, ctx.t("Kept")), cardRow(view, view.kept, ctx, () => [], { owner: ctx.you, state: "kept" })) : null,
    view.gift ? h("div", { class: "small" }, `${ctx.t("Gift")}: `, say(ctx, B + "gift", { card: ctx.t(view.gift.card), from: view.gift.from, to: view.gift.to })) : null,
    devs.length ? h("div", { class: "mn-row devs" }, ships.map(shipCard), devs.filter((d) => d.kind !== "caravel").map((d) => devCard(d, ctx, [], { owner: ctx.you, state: "owned" }))) : null);
}
