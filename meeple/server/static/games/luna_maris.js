// Luna Maris (issue 15): the module map with its corridors and astronauts, the mining area, the
// offers (scientists for hire, order stacks, food display, advanced modules, equipment), every
// seat's player board (resources, conveyor, waste gauge, CO2 track, O2 and stress gauges, research,
// emergency deposit), and the viewer's own board first (mine).  Every word comes from the catalog
// (luna_maris.board.*, luna_maris.word.*, the component keys); every legal action is played by
// clicking its piece or place, the rest by the board's controls.
import { byTarget, seatColour as colour, slug, tr } from "../common.js";
import { ENVELOPE, controls, h, piece, restBoard } from "../render.js";

const BOARD = "luna_maris.board.";
const GAME = "luna_maris.";
const last = (key) => String(key).split(".").pop();  // a catalog key's last part (a CSS class)

// A catalog entry (the key always built, never a literal: pybabel reads literal t() calls as web
// keys); a board phrase (luna_maris.board.<name>), a resource word, an amount ("2 iron"), a component.
const say = (ctx, name, args) => tr(ctx, BOARD + name, args);
const res = (ctx, r) => tr(ctx, GAME + "word." + r);
const amount = (ctx, r, n) => tr(ctx, GAME + "label.amount." + r, { amount: n });
const joined = (ctx, list) => list.join(ctx.lang === "zh" ? "、" : ", ");
function comp(ctx, table, name, part = "name", args) {
  const key = `${GAME}${table}.${slug(name)}.${part}`;
  const found = tr(ctx, key, args);
  return found === key ? String(name) : found;
}
const moduleOf = (view, key) => (view.modules || []).find((m) => m.key === key);
const moduleName = (ctx, view, key) => {
  const m = moduleOf(view, key);
  return m ? tr(ctx, m.name) : key;
};
const costText = (ctx, cost) => joined(ctx, Object.entries(cost || {}).map(([r, n]) => amount(ctx, r, n)));

// --- the texts every piece explains itself with (data-effect) -------------------------------------

function scientistText(ctx, view, id) {
  const note = (view.scientists || {})[id] || {};
  const table = note.level === 2 ? "seniors" : "juniors";
  const parts = [say(ctx, note.level === 2 ? "senior" : "junior", { card: comp(ctx, table, id), actions: note.level === 2 ? 2 : 1 }),
    say(ctx, "icons", { modules: joined(ctx, (note.modules || []).map((k) => moduleName(ctx, view, k))) })];
  if (note.hire_cost !== undefined) parts.push(say(ctx, "hire_cost", { iron: note.hire_cost }));
  return parts.join(" · ");
}

function orderText(ctx, id, tile) {
  return say(ctx, "order", { order: comp(ctx, "orders", id), cost: costText(ctx, tile.cost), vp: tile.vp });
}

function foodText(ctx, name, card) {
  const parts = [say(ctx, "food", { food: comp(ctx, "foods", name), kind: tr(ctx, card.kind), value: card.value })];
  if (card.extra) parts.push(tr(ctx, card.extra));
  return parts.join(" · ");
}

// A research track (seed §實驗室, §工業區, §回收設備): its level and the processes it allows.
function researchText(ctx, view, track, level) {
  const procs = ((view.tracks || {})[track] || []).filter((pr) => pr.level <= level).map((pr) => pr.name);
  const parts = [say(ctx, "research_text", { track: res(ctx, track), level }),
    say(ctx, "processes", { list: joined(ctx, procs.length ? procs : ["—"]) })];
  if (level >= 4) parts.push(say(ctx, "level_four"));
  return parts.join(" · ");
}

function tileText(ctx, view, name) {
  const tile = (view.tile_effects || {})[name] || {};
  const table = tile.advanced ? "advanced_modules" : "equipment";
  return `${comp(ctx, table, name)} (${moduleName(ctx, view, tile.module)}): ${comp(ctx, table, name, "text", { amount: tile.amount })}`;
}

// --- which piece or place plays an action ---------------------------------------------------------

// Every legal action under the pieces its targets name (the payload's ``targets``, issue 27; ids
// "module:<key>", "cell:<space>", "hire:<card>", "order:<top>", "hand:<card>", "rest:<card>",
// "own_food:<food>", "food:<food>", "adv:<module>", "equip:<tile>", "research:<track>", view.py
// piece_ids); none: a board control.  The controls' order: what goes on first, what ends the round or
// costs VP last (issue 15), by their labels' kinds.
const LAST = ["emergency", "pass", "pass_place", "pass_gain", "feed_none"].map((k) => GAME + "label." + k);

function placeIndex(ctx) {
  const A = byTarget(ctx);
  const rank = (a) => { const lab = ctx.labelOf ? ctx.labelOf(a) : null; return 1 + LAST.indexOf(lab && lab.key); };
  const free = [...A.rest].sort((a, b) => rank(a) - rank(b));
  return { acts: A.on, free };
}

// --- the module map ---------------------------------------------------------------------------------

function moduleMap(ctx, view, idx) {
  const mods = view.modules || [];
  const cols = Math.min(5, Math.max(1, Math.ceil(mods.length / 2))), rows = Math.ceil(mods.length / cols);
  const pos = new Map(mods.map((m, i) => [m.key, [i % cols, Math.floor(i / cols)]]));
  const lines = [];
  const seen = new Set();
  for (const m of mods) for (const n of m.neighbours || []) {
    const edge = [m.key, n].sort().join("|");
    if (seen.has(edge) || !pos.has(n)) continue;
    seen.add(edge);
    const [x1, y1] = pos.get(m.key), [x2, y2] = pos.get(n);
    lines.push(`<line x1="${x1 + 0.5}" y1="${y1 + 0.5}" x2="${x2 + 0.5}" y2="${y2 + 0.5}"/>`);
  }
  const corridors = h("div", { class: "corridors", "aria-hidden": "true" });
  corridors.innerHTML = `<svg viewBox="0 0 ${cols} ${rows}" preserveAspectRatio="none">${lines.join("")}</svg>`;
  const seats = view.seats || [];
  const cells = mods.map((m) => {
    const here = seats.filter((p) => p.astronaut === m.key);
    const holder = typeof m.activated_by === "number" ? m.activated_by : null;
    const effect = [tr(ctx, String(m.name).replace(/\.name$/, ".text")),
      holder !== null ? say(ctx, "activated_by", { seat: ctx.seatName(holder) }) : say(ctx, "activation_free"),
      m.advanced ? tileText(ctx, view, m.advanced) : null,
      say(ctx, "corridors", { modules: joined(ctx, (m.neighbours || []).map((k) => moduleName(ctx, view, k))) })].filter(Boolean).join(" · ");
    const act = h("span", { class: "actspace" + (holder !== null ? " taken" : ""), style: holder !== null ? { background: colour(holder) } : null });
    piece(act, ctx, [], { owner: holder === null ? undefined : holder, state: holder === null ? "free" : "taken", title: say(ctx, "activation_space") });
    const pawns = here.map((p) => piece(h("span", { class: "astronaut", style: { background: colour(p.seat) } }), ctx, [],
      { owner: p.seat, state: p.on_activation_space ? "activating" : "waiting",
        title: say(ctx, p.on_activation_space ? "astronaut_active" : "astronaut", { seat: ctx.seatName(p.seat) }) }));
    const el = h("div", { class: "module" + (m.advanced ? " advanced" : "") + (view.turn && view.turn.at_module === m.key ? " here" : ""), "data-module": m.key },
      h("span", { class: "mname" }, tr(ctx, m.name)), m.advanced ? h("span", { class: "badge" }, "⬆") : null,
      h("div", { class: "mrow" }, act, pawns));
    return piece(el, ctx, idx.acts("module:" + m.key), { effect, name: m.key });
  });
  return h("div", { class: "modmap", style: { gridTemplateColumns: `repeat(${cols}, 1fr)` } }, corridors, cells);
}

// --- the mining area ----------------------------------------------------------------------------------

function miningArea(ctx, view, idx) {
  const area = view.mining_area || [];
  const cols = Math.max(...area.map((c) => c.col)) + 1;
  const grid = h("div", { class: "mining", style: { gridTemplateColumns: `repeat(${cols}, minmax(2.4rem, 3.6rem))` } });
  for (const c of [...area].sort((a, b) => a.row - b.row || a.col - b.col)) {
    const probe = typeof c.probe === "number" ? c.probe : null;
    const effect = say(ctx, "space", { space: comp(ctx, "mining_spaces", c.space), ore: tr(ctx, c.ore) })
      + (probe !== null ? " · " + say(ctx, "probe_of", { seat: ctx.seatName(probe) }) : "");
    const disc = probe !== null ? piece(h("span", { class: "probe", style: { background: colour(probe) } }), ctx, [],
      { owner: probe, state: "installed", title: say(ctx, "probe_of", { seat: ctx.seatName(probe) }) }) : null;
    const cell = h("div", { class: "ore " + last(c.ore), style: { gridRow: c.row + 1, gridColumn: c.col + 1 } }, h("span", { class: "oreword" }, tr(ctx, c.ore)), disc);
    grid.append(piece(cell, ctx, idx.acts("cell:" + c.space), { effect, state: probe !== null ? "taken" : "empty", name: c.space }));
  }
  return grid;
}

// --- offers -----------------------------------------------------------------------------------------

function scientistCard(ctx, view, id, acts, extra = {}) {
  const note = (view.scientists || {})[id] || {};
  const table = note.level === 2 ? "seniors" : "juniors";
  const el = h("div", { class: "card sci" + (note.level === 2 ? " senior" : "") },
    h("span", { class: "title" }, h("span", { class: "long" }, comp(ctx, table, id)), h("code", { class: "short" }, id)),  // a code: the page leaves it as it is
    h("span", { class: "icons" }, (note.modules || []).map((k) => h("span", { class: "icon" }, moduleName(ctx, view, k)))),
    note.hire_cost !== undefined ? h("span", { class: "cost" }, amount(ctx, "iron", note.hire_cost)) : null);
  return piece(el, ctx, acts, { effect: scientistText(ctx, view, id), name: id, ...extra });
}

function orderCard(ctx, view, st, acts) {
  const tile = { cost: st.cost, vp: st.vp };
  const el = h("div", { class: "card order" }, h("span", { class: "title" }, comp(ctx, "orders", st.top)),
    h("span", { class: "cost" }, costText(ctx, st.cost)), h("span", { class: "reward" }, "→ ", amount(ctx, "vp", st.vp)),
    h("span", { class: "small muted" }, say(ctx, "stack", { n: st.count })));
  return piece(el, ctx, acts, { effect: orderText(ctx, st.top, tile) + " · " + say(ctx, "stack", { n: st.count }), name: st.top });
}

function foodCard(ctx, view, name, acts, extra = {}) {
  const card = (view.foods || {})[name] || { kind: "", value: 0 };
  const el = h("div", { class: "card foodcard kind-" + last(card.kind) }, h("span", { class: "title" }, tr(ctx, card.kind)),
    h("span", { class: "value" }, String(card.value)), card.extra ? h("span", { class: "small" }, tr(ctx, card.extra)) : null);
  return piece(el, ctx, acts, { effect: foodText(ctx, name, card), name, ...extra });
}

function tileCard(ctx, view, name, acts, extra = {}) {
  const tile = (view.tile_effects || {})[name] || {};
  const table = tile.advanced ? "advanced_modules" : "equipment";
  const el = h("div", { class: "card tile" + (tile.advanced ? " advtile" : " equip") + (extra.state === "face down" ? " facedown" : "") },
    h("span", { class: "title" }, comp(ctx, table, name)), h("span", { class: "small" }, moduleName(ctx, view, tile.module)));
  return piece(el, ctx, acts, { effect: tileText(ctx, view, name), name, ...extra });
}

function section(ctx, title, ...body) {
  return h("div", { class: "lmsec" }, h("h4", {}, title), ...body);
}

function offers(ctx, view, idx) {
  const out = [];
  const rowOf = (list, make) => h("div", { class: "rowcards" }, list.length ? list.map(make) : h("span", { class: "muted" }, "—"));
  out.push(section(ctx, say(ctx, "hiring", { n: view.senior_deck }),
    rowOf(view.hiring_row || [], (id) => scientistCard(ctx, view, id, idx.acts("hire:" + id)))));
  out.push(section(ctx, say(ctx, "orders"), rowOf((view.order_stacks || []).filter((st) => st.top),
    (st) => orderCard(ctx, view, st, idx.acts("order:" + st.top)))));
  out.push(section(ctx, say(ctx, "food_display", { n: view.food_deck }),
    rowOf(view.food_display || [], (f) => foodCard(ctx, view, f, idx.acts("food:" + f)))));
  const track = view.build_track || [];
  out.push(section(ctx, say(ctx, "advanced"), rowOf(view.advanced_offer || [], (a) => {
    const tile = (view.tile_effects || {})[a] || {};
    return tileCard(ctx, view, a, idx.acts("adv:" + a));
  }), h("div", { class: "buildtrack" }, say(ctx, "build_track"), " ", track.map((s) => piece(h("span", { class: "disc", style: { background: colour(s) } }), ctx, [],
    { owner: s, state: "built", title: ctx.seatName(s) })))));
  if ((view.equipment_offer || []).length) {
    out.push(section(ctx, say(ctx, "equipment"), rowOf(view.equipment_offer, (e) => tileCard(ctx, view, e, idx.acts("equip:" + e), { state: "face up" }))));
  }
  return out;
}

// --- a player board -------------------------------------------------------------------------------------

function gauge(ctx, cls, n, filled, mark, effect) {
  return piece(h("span", { class: "gauge " + cls }, Array.from({ length: n }, (_, i) => h("span", { class: "pip" + (filled(i) ? " on" : "") + (mark ? mark(i) : "") }))),
    ctx, [], { effect });
}

function playerBoard(ctx, view, p, idx, own) {
  const tr = view.tracks || {};
  const seat = p.seat;
  const chip = (r, n, cap) => h("span", { class: "chip res r-" + r }, r === "vp" ? say(ctx, "vp") : res(ctx, r), " ", h("b", {}, cap ? `${n}/${cap}` : String(n)));
  const stressMax = tr.stress ? tr.stress[1] - tr.stress[0] : 5;
  const o2 = h("div", { class: "line" }, h("span", { class: "k" }, say(ctx, "o2")),
    gauge(ctx, "o2", tr.oxygen || 8, (i) => i < p.o2_used, (i) => (i >= p.o2_cap ? " off" : ""), say(ctx, "o2_text", { used: p.o2_used, cap: p.o2_cap })),
    h("span", { class: "small" }, say(ctx, "o2_text", { used: p.o2_used, cap: p.o2_cap })));
  const stress = h("div", { class: "line" }, h("span", { class: "k" }, say(ctx, "t_stress")),
    gauge(ctx, "stress", stressMax + 1, (i) => i === p.stress, null, say(ctx, "stress_text", { stress: p.stress, cap: p.o2_cap })),
    h("span", { class: "small" }, say(ctx, "stress_text", { stress: p.stress, cap: p.o2_cap })));
  const conv = p.conveyor || { left: {}, right: {} };
  const section2 = (side) => piece(h("span", { class: "belt " + side }, h("b", {}, res(ctx, side)), " ",
    amount(ctx, "iron", conv[side].iron || 0), " · ", amount(ctx, "titanium", conv[side].titanium || 0)), ctx, [],
  { effect: say(ctx, "belt_" + side) });
  const conveyor = h("div", { class: "line" }, h("span", { class: "k" }, say(ctx, "conveyor")), section2("left"), "→", section2("right"));
  const wasteSpaces = tr.waste || [];
  const waste = h("div", { class: "line" }, h("span", { class: "k" }, say(ctx, "t_waste")),
    h("span", { class: "track waste" }, wasteSpaces.map((sp, i) => piece(h("span", { class: "space" + (i < p.waste ? " on" : "") + (sp.co2 ? " pco2" : "") + (sp.stress ? " pstress" : "") }, String(i + 1)), ctx, [],
      { state: i < p.waste ? "filled" : "empty", effect: [say(ctx, "waste_space", { n: i + 1 }), sp.co2 ? say(ctx, "raises_co2") : null, sp.stress ? say(ctx, "raises_stress") : null].filter(Boolean).join(" · ") }))));
  const co2vp = tr.co2 || [];
  const co2 = h("div", { class: "line" }, h("span", { class: "k" }, say(ctx, "t_co2")),
    h("span", { class: "track co2" }, co2vp.map((vp, i) => piece(h("span", { class: "space" + (i === p.co2 ? " on" : "") }, (vp > 0 ? "+" : "") + vp), ctx, [],
      { state: i === p.co2 ? "marker" : "empty", effect: say(ctx, "co2_space", { vp }) }))));
  const research = h("div", { class: "line" }, h("span", { class: "k" }, say(ctx, "research")), ["refining", "sustainability"].map((trk) =>
    piece(h("span", { class: "chip research" }, res(ctx, trk), " ", h("b", {}, String((p.research || {})[trk] ?? 0)), (p.research_bonus_taken || {})[trk] ? " ★" : ""), ctx,
      own ? idx.acts("research:" + trk) : [], { effect: researchText(ctx, view, trk, (p.research || {})[trk] ?? 0), name: "research " + trk })));
  const em = h("div", { class: "line" }, h("span", { class: "k" }, say(ctx, "emergency")), ["energy", "iron", "water"].map((cube, i) =>
    piece(h("span", { class: "cube em r-" + cube + (p.emergency[cube] ? "" : " used") }, res(ctx, cube)), ctx, [],
      { state: p.emergency[cube] ? "full" : "used", effect: say(ctx, "emergency_cube", { cube: res(ctx, cube), vp: (tr.emergency || [])[i] ?? "?" }), name: "emergency " + cube })));
  const slots = tr.probes || [];
  const installed = slots.length - p.probes_on_board;
  const probes = h("div", { class: "line" }, h("span", { class: "k" }, say(ctx, "probes")), slots.map((gain, i) =>
    piece(h("span", { class: "slot" + (i < installed ? " used" : "") }, costText(ctx, gain)), ctx, [],
      { owner: seat, state: i < installed ? "installed" : "on the board", effect: say(ctx, "probe_slot", { n: i + 2, gain: costText(ctx, gain) }) })));
  const hand = h("div", { class: "line cards" }, h("span", { class: "k" }, say(ctx, "hand")),
    h("span", { class: "rowcards" }, (p.hand || []).length ? p.hand.map((id) => scientistCard(ctx, view, id, own ? idx.acts("hand:" + id) : [], { owner: seat, state: "in hand" }))
      : h("span", { class: "muted" }, "—")));
  const restPile = (p.rest || []).length ? h("div", { class: "line cards" }, h("span", { class: "k" }, say(ctx, "rest")),
    h("span", { class: "rowcards" }, p.rest.map((id) => scientistCard(ctx, view, id, own ? idx.acts("rest:" + id) : [], { owner: seat, state: "resting" })))) : null;
  const food = (p.food || []).length ? h("div", { class: "line cards" }, h("span", { class: "k" }, say(ctx, "t_food")),
    h("span", { class: "rowcards" }, p.food.map((f) => foodCard(ctx, view, f, own ? idx.acts("own_food:" + f) : [], { owner: seat, state: "held" })))) : null;
  const orders = (p.orders || []).length ? h("div", { class: "line cards" }, h("span", { class: "k" }, say(ctx, "delivered")),
    h("span", { class: "rowcards" }, p.orders.map((o) => piece(h("span", { class: "chip order" }, comp(ctx, "orders", o)), ctx, [],
      { owner: seat, state: "delivered", effect: orderText(ctx, o, (view.orders || {})[o] || {}) })))) : null;
  const equip = p.equipment ? h("div", { class: "line" }, h("span", { class: "k" }, say(ctx, "equipment")),
    tileCard(ctx, view, p.equipment, [], { owner: seat, state: p.equipment_face_up ? "face up" : "face down" })) : null;
  const head = h("div", { class: "bhead" }, h("span", { class: "who s" + seat, style: { borderColor: colour(seat) } }, ctx.seatName(seat)),
    chip("vp", p.vp), chip("energy", p.energy, tr.energy), chip("water", p.water), chip("he3", p.he3),
    p.astronaut ? h("span", { class: "chip small" }, say(ctx, "at", { module: moduleName(ctx, view, p.astronaut) })) : null,
    p.passed ? h("span", { class: "tag" }, say(ctx, "passed")) : null);
  return h("div", { class: "pboard" + (seat === ctx.you ? " mine" : "") + (seat === view.to_move ? " tomove" : ""), "data-seat": seat, style: { borderTopColor: colour(seat) } },
    head, hand, restPile, food, o2, stress, conveyor, waste, co2, research, em, probes, orders, equip);
}

// --- the whole board and the viewer's own position ----------------------------------------------------

function statusLine(ctx, view) {
  const order = (view.turn_order || []).map((s) => h("span", { class: "dot", style: { background: colour(s) }, title: ctx.seatName(s) }));
  return h("p", { class: "lmstatus" }, say(ctx, "round", { round: view.round }), " · ",
    tr(ctx, GAME + "step." + slug(view.step)), " · ", say(ctx, view.day ? "day" : "night"), " · ", say(ctx, "turn_order"), " ", order);
}

const DRAWN = ["round", "step", "day", "turn_order", "next_turn_order", "modules", "mining_area", "hiring_row", "senior_deck",
  "order_stacks", "food_display", "food_deck", "food_discard", "advanced_offer", "build_track", "equipment_offer",
  "start_modules", "scientists", "foods", "orders", "tile_effects", "tracks", "seats", "turn", "final_scoring"];

export function render(view, ctx) {
  if (!Array.isArray(view.modules) || !Array.isArray(view.seats)) return null;
  const idx = placeIndex(ctx);
  const others = view.seats.filter((p) => p.seat !== ctx.you);
  const parts = [statusLine(ctx, view),
    section(ctx, say(ctx, "modules"), moduleMap(ctx, view, idx)),
    section(ctx, say(ctx, "mining"), miningArea(ctx, view, idx)),
    ...offers(ctx, view, idx),
    section(ctx, say(ctx, others.length < view.seats.length ? "boards" : "all_boards"), h("div", { class: "pboards" }, others.map((p) => playerBoard(ctx, view, p, idx, false))))];
  parts.splice(1, 0, controls(ctx, idx.free));
  const more = Object.keys(view).filter((k) => !DRAWN.includes(k) && !ENVELOPE.has(k));
  return h("div", {}, h("section", { class: "panel gameboard luna", "data-round": view.round }, parts),
    more.length ? restBoard(view, ctx, Object.keys(view).filter((k) => !more.includes(k))) : null);
}

export function mine(view, ctx) {
  if (!Array.isArray(view.seats) || ctx.you === null || ctx.you === undefined) return null;
  const p = view.seats.find((x) => x.seat === ctx.you);
  if (!p) return null;
  const idx = placeIndex(ctx);
  const turn = view.is_over ? say(ctx, "over", { vp: view.scores ? view.scores[ctx.you] : p.vp })
    : view.to_move === ctx.you ? say(ctx, "your_turn") : say(ctx, "waiting", { seat: ctx.seatName(view.to_move) });
  const doing = view.turn && view.turn.scientist ? say(ctx, "playing", { card: comp(ctx, (view.scientists[view.turn.scientist] || {}).level === 2 ? "seniors" : "juniors", view.turn.scientist), n: view.turn.module_actions_left }) : null;
  return h("div", { class: "luna lmmine" }, h("p", { class: "whose" + (view.to_move === ctx.you ? " yourturn" : "") }, turn, doing ? " · " + doing : ""),
    playerBoard(ctx, view, p, idx, true));
}
