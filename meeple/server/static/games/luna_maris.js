// Luna Maris: the base modules, the mining area, the offers (scientists, food,
// orders, advanced modules, equipment) and each seat's board; the rest generically.
import { SEAT_COLOURS, clickable, h, restBoard } from "../render.js";

// A word of the board in the reader's language (a view label: label.<word>, or a full key).
const word = (ctx, w) => ctx.t(w);
const slug = (s) => String(s).toLowerCase().replace(/[^0-9a-z]+/g, "_").replace(/^_+|_+$/g, "");

// A module's name in the reader's language (its catalog key), else as the view gives it.
function moduleName(ctx, name) {
  const key = `luna_maris.modules.${slug(name)}.name`;
  const found = ctx.word ? ctx.word(key) : key;
  return found === key ? name : found;
}

const ORE = { iron: "#9e9e9e", titanium: "#7fb3d5", he3: "#c39bd3", water: "#85c1e9" };

function modules(list, ctx, view) {
  return h("div", { class: "modules" }, list.map((m) => {
    const here = seatList(view)[1].map((p, i) => ({ seat: i, ...p })).filter((p) => p.astronaut === m.key).map((p) => p.seat);
    const card = h("div", { class: "card module" + (m.advanced ? " advanced" : "") },
      h("span", { class: "title" }, word(ctx, `luna_maris.modules.${slug(m.name)}.name`)),
      h("div", { class: "small muted" }, ctx.lang === "zh" ? m.name : ""),
      m.advanced ? h("div", { class: "small" }, "⬆ ", typeof m.advanced === "string" ? m.advanced : "advanced") : null,
      typeof m.activated_by === "number" ? h("div", { class: "small" }, ctx.t("activated by"), " ", h("span", { class: "who s" + m.activated_by }, ctx.seatName(m.activated_by))) : null,
      here.length ? h("div", {}, here.map((s) => h("span", { class: "pip", style: { background: SEAT_COLOURS[s % 6] }, title: `${ctx.seatName(s)}: ${word(ctx, "astronaut")}` }))) : null);
    return clickable(card, ctx, m.key);
  }));
}

function mining(area, ctx) {
  const cells = area.map((c) => {
    const m = String(c.space).match(/r(\d+)c(\d+)/);
    return { ...c, r: m ? Number(m[1]) : 0, c: m ? Number(m[2]) : 0 };
  });
  const rows = Math.max(...cells.map((c) => c.r)) + 1, cols = Math.max(...cells.map((c) => c.c)) + 1;
  const grid = h("div", { class: "mining", style: { gridTemplateColumns: `repeat(${cols}, 3.2rem)` } });
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
    const cell = cells.find((x) => x.r === r && x.c === c);
    if (!cell) { grid.append(h("div", {})); continue; }
    const el = h("div", { class: "ore", style: { background: ORE[cell.ore] || "#ddd" }, title: `${cell.space}: ${cell.ore}` },
      h("span", { class: "small" }, cell.ore ? cell.ore.slice(0, 2) : ""),
      typeof cell.probe === "number" ? h("span", { class: "pip", style: { background: SEAT_COLOURS[cell.probe % 6] }, title: `${ctx.seatName(cell.probe)}: ${word(ctx, "probe")}` }) : null);
    grid.append(clickable(el, ctx, cell.space));
  }
  return grid;
}

function row(title, list, ctx) {
  if (!Array.isArray(list)) return null;
  return [h("h4", {}, ctx.t(title)), h("div", { class: "rowcards" }, list.length ? list.map((x) => {
    const name = typeof x === "object" && x !== null ? (x.top ? `${x.top} (${x.count})` : JSON.stringify(x)) : String(x);
    const key = typeof x === "object" && x !== null ? x.top : x;
    return clickable(h("div", { class: "card" }, name), ctx, key);
  }) : h("span", { class: "muted" }, "—"))];
}

function seatBoard(p, ctx, view) {
  const seat = p.seat;
  const res = ["vp", "energy", "water", "he3", "waste", "co2", "stress"].filter((k) => k in p)
    .map((k) => h("span", { class: "chip" }, `${word(ctx, k)} ${p[k]}`));
  const conv = p.conveyor ? Object.entries(p.conveyor).map(([side, ores]) => h("span", { class: "chip" }, `${word(ctx, side)}: `, Object.entries(ores).map(([o, n]) => `${word(ctx, o)} ${n}`).join(", "))) : [];
  return h("div", { class: "card seatcard" + (seat === ctx.you ? " mine" : "") + (seat === view.to_move ? " tomove" : ""), style: { borderTop: `5px solid ${SEAT_COLOURS[seat % 6]}` } },
    h("span", { class: "title" }, ctx.seatName(seat), p.passed ? ` (${word(ctx, "passed")})` : ""),
    h("div", {}, res),
    h("div", { class: "small" }, `O₂ ${p.o2_used ?? "?"} / ${p.o2_cap ?? "?"}`, p.astronaut ? ` · ${ctx.t("at module")} ${moduleName(ctx, p.astronaut)}` : "", p.equipment ? ` · ${p.equipment}${p.equipment_face_up === false ? " (face down)" : ""}` : ""),
    conv.length ? h("div", { class: "small" }, word(ctx, "conveyor"), " ", conv) : null,
    p.research ? h("div", { class: "small" }, word(ctx, "research"), " ", Object.entries(p.research).map(([k, n]) => `${word(ctx, k)} ${n}`).join(", ")) : null,
    Array.isArray(p.hand) ? h("div", { class: "small" }, word(ctx, "scientists"), ": ", p.hand.map((x) => clickable(h("span", { class: "chip" }, x), ctx, seat === ctx.you ? x : null))) : null,
    Array.isArray(p.food) && p.food.length ? h("div", { class: "small" }, word(ctx, "food"), ": ", p.food.join(", ")) : null,
    Array.isArray(p.orders) && p.orders.length ? h("div", { class: "small" }, word(ctx, "orders"), ": ", p.orders.join(", ")) : null);
}

// The per-seat list: "seats" (or "players" when it is a list).
function seatList(view) {
  if (Array.isArray(view.seats)) return ["seats", view.seats];
  if (Array.isArray(view.players)) return ["players", view.players];
  return [null, []];
}

export function render(view, ctx) {
  const [seatKey, seatRows] = seatList(view);
  if (!Array.isArray(view.modules)) return null;
  const drawn = ["modules"];
  const parts = [h("h3", {}, ctx.t("Luna Maris")),
    h("p", { class: "small" }, `${word(ctx, "round")} ${view.round ?? "?"}`, view.step ? ` · ${word(ctx, `luna_maris.step.${slug(view.step)}`)}` : "", view.day !== undefined ? ` · ${word(ctx, view.day ? "day" : "night")}` : ""),
    h("h4", {}, ctx.t("Modules")), modules(view.modules, ctx, view)];
  if (Array.isArray(view.mining_area) && view.mining_area.length) { drawn.push("mining_area"); parts.push(h("h4", {}, ctx.t("Mining area")), mining(view.mining_area, ctx)); }
  for (const [key, title] of [["hiring_row", "Scientists for hire"], ["food_display", "Food"], ["order_stacks", "Orders"], ["advanced_offer", "Advanced modules"], ["equipment_offer", "Equipment"]]) {
    if (Array.isArray(view[key])) { drawn.push(key); parts.push(...row(title, view[key], ctx)); }
  }
  if (seatKey) {
    drawn.push(seatKey);
    parts.push(h("h4", {}, ctx.t("Player boards")), h("div", { class: "rowcards" }, seatRows.map((p, i) => seatBoard({ seat: i, ...p }, ctx, view))));
  }
  return h("div", {}, h("section", { class: "panel gameboard luna" }, parts), restBoard(view, ctx, drawn));
}
