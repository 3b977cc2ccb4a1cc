// Mundus Novus: the market, the development queue, your hand and your offer,
// each seat's table; everything else generically.
import { lookup } from "../i18n.js";
import { SEAT_COLOURS, clickable, h, restBoard } from "../render.js";

const RES = {
  corn: "#f1d04b", tobacco: "#b98b4e", coffee: "#6b4226", "sugar cane": "#9bcf7a", cotton: "#f4f4f4",
  cocoa: "#8a5a3b", indigo: "#3f51b5", vanilla: "#efe3b0", potato: "#c8a26b", "inca relic": "#e0a800",
};

// A view word (a phase, a card kind) in the page's language when the catalog has it (value.<word>).
function valueWord(word, ctx) {
  if (word === null || word === undefined) return "?";
  const key = `value.${String(word).toLowerCase().replace(/[^0-9a-z]+/g, "_").replace(/^_+|_+$/g, "")}`;
  return lookup(key) === undefined ? String(word) : ctx.t(key);
}

// A resource's name in the page's language (its catalog key from the English name the view holds).
function resName(name, ctx) {
  const key = `mundus_novus.resources.${String(name).toLowerCase().replace(/[^0-9a-z]+/g, "_").replace(/^_+|_+$/g, "")}.name`;
  return lookup(key) === undefined ? name : ctx.t(key);
}

function resCard(name, count, ctx) {
  const bg = RES[name] || "#eee";
  const dark = ["coffee", "cocoa", "indigo"].includes(name);
  const card = h("div", { class: "card res", style: { background: bg, color: dark ? "#fff" : "#2b2620" } },
    h("span", { class: "title" }, resName(name, ctx)), count !== undefined ? h("span", { class: "count" }, `× ${count}`) : null);
  return clickable(card, ctx, name);
}

function devCard(d, ctx) {
  const card = h("div", { class: `card dev kind-${d.kind}` },
    h("span", { class: "title" }, d.position ? `${d.position}. ` : "", d.key && lookup(d.key) !== undefined ? ctx.t(d.key) : d.name),
    h("div", { class: "small muted" }, `${d.code} · ${valueWord(d.kind, ctx)}`),
    d.event ? h("span", { class: "tag" }, `${ctx.t("Event")} ${d.event}`) : null);
  clickable(card, ctx, d.code);
  return card;
}

// A development's name in the page's language (its catalog key from the English name the view holds).
function devName(name, ctx) {
  const key = `mundus_novus.developments.${String(name).toLowerCase().replace(/[^0-9a-z]+/g, "_").replace(/^_+|_+$/g, "")}.name`;
  return lookup(key) === undefined ? name : ctx.t(key);
}

function resources(obj, ctx) {
  if (Array.isArray(obj)) return h("div", { class: "rowcards" }, obj.length ? obj.map((r) => resCard(r, undefined, ctx)) : h("span", { class: "muted" }, "—"));
  const entries = Object.entries(obj || {}).filter(([, n]) => n);
  return h("div", { class: "rowcards" }, entries.length ? entries.map(([r, n]) => resCard(r, n, ctx)) : h("span", { class: "muted" }, "—"));
}

// The per-seat list: "seats" (or "players" when it is a list).
function seatList(view) {
  if (Array.isArray(view.seats)) return ["seats", view.seats];
  if (Array.isArray(view.players)) return ["players", view.players];
  return [null, []];
}

export function render(view, ctx) {
  const [seatKey, seatRows] = seatList(view);
  if (!Array.isArray(view.market) || !Array.isArray(view.queue)) return null;
  const drawn = ["market", "queue", "hand", "my_offer", "supply", "discard"];
  const parts = [h("h3", {}, ctx.t("Mundus Novus")),
    h("p", { class: "small" }, `${ctx.t("Round")} ${view.round ?? "?"} · ${ctx.t("Phase")} ${valueWord(view.phase, ctx)}`,
      typeof view.trade_master === "number" ? ` · ${ctx.t("Trade master")} ${ctx.seatName(view.trade_master)}` : "",
      view.announced !== null && view.announced !== undefined ? ` · ${ctx.t("Announced")} ${view.announced}` : "",
      view.event ? ` · ${ctx.t("Event")} ${view.event}` : ""),
    h("h4", {}, ctx.t("Market")), resources(view.market, ctx)];
  if (Array.isArray(view.supply) && view.supply.length) parts.push(h("h4", {}, ctx.t("Supply")), resources(view.supply, ctx));
  parts.push(h("h4", {}, ctx.t("Development queue")), h("div", { class: "rowcards" }, view.queue.map((d) => devCard(d, ctx))));
  if (view.hand) parts.push(h("h4", {}, ctx.t("Your hand")), resources(view.hand, ctx));
  if (view.my_offer) parts.push(h("h4", {}, ctx.t("Your offer")), resources(view.my_offer, ctx));
  if (seatKey) {
    drawn.push(seatKey);
    parts.push(h("h4", {}, ctx.t("Seats")), h("div", { class: "rowcards" }, seatRows.map((p, i) => {
      const seat = typeof p.seat === "number" ? p.seat : i;
      return h("div", { class: "card seatcard" + (seat === ctx.you ? " mine" : "") + (seat === view.to_move ? " tomove" : ""), style: { borderTop: `5px solid ${SEAT_COLOURS[seat % 6]}` } },
        h("span", { class: "title" }, ctx.seatName(seat)),
        h("div", {}, `${ctx.t("Hand size")}: ${p.hand_size ?? "?"}`),
        h("div", {}, `${ctx.t("Caravels")}: ${p.caravels ?? 0}`),
        h("div", {}, `${ctx.t("Money")}: ${p.money === null || p.money === undefined ? "?" : p.money}`),
        p.offer_committed !== undefined ? h("div", {}, `${ctx.t("Offer committed")}: ${p.offer_committed ? `✓ (${ctx.t("Offer size")} ${p.offer_size ?? "?"})` : "—"}`) : null,
        h("div", {}, `${ctx.t("Developments")}: `, (p.developments || []).length ? (p.developments || []).map((d) => h("span", { class: "chip" }, typeof d === "object" ? (d.key && lookup(d.key) !== undefined ? ctx.t(d.key) : d.name || d.code) : devName(d, ctx))) : "—"));
    })));
  }
  if (view.discard && typeof view.discard === "object") parts.push(h("details", {}, h("summary", {}, ctx.t("Discard pile")), resources(view.discard, ctx)));
  return h("div", {}, h("section", { class: "panel gameboard mundus" }, parts), restBoard(view, ctx, drawn));
}
