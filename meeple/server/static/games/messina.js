// Messina 1347 (issue 15): the city (districts coloured by their colour, VP stars, plague cubes,
// rat markers, citizens, each lieutenant in its seat's colour standing or lying, ships at the
// docks), the stacks and the other seats on the board; the viewer's own player board first
// (mine): estate 3 × 6, quarantine cabins with stages I/II, overseers on their paths, workshops,
// wagons, scroll board, registers, resources and VP.  Every legal action is played on a piece
// (piece) or a board control (controls); every tile explains itself (data-effect).
import { byTarget, seatColour as colourOf, slug, tr } from "../common.js";
import { controls, h, piece, restBoard, svg } from "../render.js";

const SIZE = 44;
const COLOUR_FILL = { red: "#eeb3aa", yellow: "#f3e08e", green: "#b5dba8", blue: "#a9cbec" };
const CLASSES = ["craftsman", "aristocrat", "nun"];
const CLASS_FILL = { craftsman: "#9a6a3a", aristocrat: "#7d4ba3", nun: "#6f7b7d" };
const TRACKS = ["popularity", "city", "church"];
const DRAWN = ["nodes", "seats", "automa", "components", "wheel", "stacks", "cabin_stacks", "workshop_stacks", "now",
  "round", "turn_order", "plague_supply", "citizen_supply", "final_scoring", "scores", "ranking"];

const GAME = "messina";
// a catalog word of this game, a component's name, a view word
const W = (ctx, k, a) => tr(ctx, [GAME, k].join("."), a);
const C = (ctx, table, name) => (name === null || name === undefined ? "—" : tr(ctx, [GAME, table, slug(name), "name"].join(".")));
const V = (ctx, v) => ctx.word(String(v));

// A part of a bigger piece (a rat marker on a hex, a space of a track): it explains itself by its
// data-effect and hover title, and leaves clicks to the piece it belongs to.
function deco(el, ctx, effect, info = {}) {
  if (info.owner !== undefined && info.owner !== null) el.setAttribute("data-owner", String(info.owner));
  if (info.state) el.setAttribute("data-state", String(info.state));
  if (effect) el.setAttribute("data-effect", effect);
  const text = [info.title, effect].filter(Boolean).join("\n");
  if (text) {
    if (el instanceof SVGElement) el.append(svg("title", {}, text));
    else el.setAttribute("title", text);
  }
  return el;
}

function cost(ctx, c) {
  if (!c) return W(ctx, "word.free");
  if (c.coins && c.wood) return W(ctx, "word.coins_and_wood", { coins: W(ctx, "word.coins", { n: c.coins }), wood: W(ctx, "word.wood", { n: c.wood }) });
  if (c.wood) return W(ctx, "word.wood", { n: c.wood });
  if (c.coins) return W(ctx, "word.coins", { n: c.coins });
  return W(ctx, "word.free");
}

// --- which piece plays which legal action ------------------------------------------------------

// Every legal action goes to the pieces its targets name (the payload's ``targets``, issue 27: hex,
// ship, lieutenant, slot, cabin ..., view.py piece_ids); what names no piece becomes a board control.
// On a hex, the free moves first, then by price (the coins their label names), else the legal order.
function assign(view, ctx) {
  const A = byTarget(ctx);
  const price = (a) => {
    const lab = ctx.labelOf ? ctx.labelOf(a) : null;
    return lab && lab.key === "messina.label.move.paid" && lab.args ? Number(lab.args.n) || 0 : 0;
  };
  return { get: (key) => [...A.on(key)].sort((x, y) => price(x) - price(y)), rest: A.rest };
}

// --- texts of the pieces (data-effect), from the view's component tables -----------------------

// A node's name in the page's language: a district, a harbour or the docks of one.
function nodeName(view, ctx, name) {
  const n = (view.nodes || []).find((x) => x.name === name);
  if (!n) return name;
  return n.kind === "docks" ? W(ctx, "word.docks", { docks: n.name }) : C(ctx, n.kind === "harbour" ? "harbours" : "hexes", n.name);
}

function hexEffect(n, ctx) {
  const name = n.kind === "docks" ? W(ctx, "word.docks", { docks: n.name }) : C(ctx, n.kind === "harbour" ? "harbours" : "hexes", n.name);
  if (n.kind !== "district") return W(ctx, n.kind === "docks" ? "board.docks" : "board.harbour", { name });
  const c = n.cost || {};
  const citizens = (c.citizens || []).map((x) => citizenCode(ctx, x)).join(W(ctx, "board.sep"));
  const repop = [cost(ctx, c), citizens, c.lieutenant ? W(ctx, "board.lieutenant_cost") : ""].filter(Boolean).join(W(ctx, "board.sep"));
  return W(ctx, "board.district", {
    name, colour: V(ctx, n.colour), rat: W(ctx, "board.rat", { n: String(n.rat).replace(/\D/g, "") }), vp: n.vp,
    actions: (n.actions || []).map((e) => C(ctx, "effects", e)).join(W(ctx, "board.or")), cost: repop,
  });
}

// A citizen of a repopulation cost: "craftsman", "upgraded_nun" or "any_upgraded" (view.py _cost).
function citizenCode(ctx, code) {
  if (code === "any_upgraded") return W(ctx, "board.any_upgraded");
  if (code.startsWith("upgraded_")) return W(ctx, "board.upgraded_citizen", { cls: W(ctx, "word." + code.slice(9)) });
  return W(ctx, "word." + code);
}

function workshopEffect(ctx, name, w) {
  if (!w) return C(ctx, "workshops", name);
  return W(ctx, w.phase === 1 ? "board.workshop" : "board.workshop2", {
    name: C(ctx, "workshops", name), cls: W(ctx, "word." + w.class), cost: cost(ctx, w.cost),
    needed: V(ctx, w.needed), effect: C(ctx, "effects", w.yields),
  });
}

function cabinEffect(ctx, name, c) {
  if (!c) return C(ctx, "cabins", name);
  return W(ctx, "board.cabin_tile", { name: C(ctx, "cabins", name), cost: cost(ctx, c.cost), effect: C(ctx, "effects", c.yields) });
}

function wagonEffect(ctx, name, w) {
  if (!w) return C(ctx, "wagons", name);
  return W(ctx, "board.wagon", { name: C(ctx, "wagons", name), cost: cost(ctx, w.cost), vp: w.vp });
}

// --- the city ------------------------------------------------------------------------------------

function centre(cell) {
  const [q, r] = cell;
  return [SIZE * Math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r]; // axial (q, r)
}

function hexPoints(cx, cy, s) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${(cx + s * Math.cos(a)).toFixed(1)},${(cy + s * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

// A lieutenant: a standing figure or one lying on its side, in its seat's colour.
function lieutenant(l, x, y, ctx, acts) {
  const up = l.status === "standing";
  const col = colourOf(l.seat);
  const g = svg("g", { class: "lt", transform: `translate(${x},${y}) scale(1.25)` },
    up ? svg("rect", { x: -4, y: -9, width: 8, height: 15, rx: 3, fill: col, stroke: "#222", "stroke-width": 0.8 })
      : svg("rect", { x: -8, y: -2, width: 16, height: 7, rx: 3, fill: col, stroke: "#222", "stroke-width": 0.8 }),
    up ? svg("circle", { cx: 0, cy: -11, r: 3.2, fill: col, stroke: "#222", "stroke-width": 0.8 })
      : svg("circle", { cx: -10, cy: 1.5, r: 3.2, fill: col, stroke: "#222", "stroke-width": 0.8 }));
  return piece(g, ctx, acts, { owner: l.seat, state: l.status, name: `lt${l.lieutenant}`,
    title: W(ctx, "board.lieutenant", { seat: ctx.seatName(l.seat), n: l.lieutenant, state: V(ctx, l.status) }) });
}

// Solo (issue 29): an automa lieutenant, grey, standing or lying like a seat's.
function automaPiece(l, x, y, ctx) {
  const up = l.standing;
  const col = "#8a8a8a";
  const g = svg("g", { class: "lt automa", transform: `translate(${x},${y}) scale(1.25)` },
    up ? svg("rect", { x: -4, y: -9, width: 8, height: 15, rx: 3, fill: col, stroke: "#222", "stroke-width": 0.8 })
      : svg("rect", { x: -8, y: -2, width: 16, height: 7, rx: 3, fill: col, stroke: "#222", "stroke-width": 0.8 }),
    up ? svg("circle", { cx: 0, cy: -11, r: 3.2, fill: col, stroke: "#222", "stroke-width": 0.8 })
      : svg("circle", { cx: -10, cy: 1.5, r: 3.2, fill: col, stroke: "#222", "stroke-width": 0.8 }));
  return piece(g, ctx, [], { owner: "automa", state: up ? "standing" : "lying", name: `automa${l.lieutenant}`,
    title: W(ctx, "board.automa_lieutenant", { n: l.lieutenant, state: V(ctx, up ? "standing" : "lying") }) });
}

// Solo: the automa's popularity, its lieutenants still to place and the solo tiles flipped this round.
function automaPanel(view, ctx) {
  const a = view.automa;
  if (!a) return null;
  const flipped = (a.flipped || []).map((x) => C(ctx, "solo_tiles", x)).join(", ") || "—";
  return h("section", { class: "panel automa" }, h("h3", {}, W(ctx, "board.automa")),
    h("p", {}, W(ctx, "board.automa_line", { popularity: a.popularity, left: a.to_place, tiles: a.tiles_left, flipped })));
}

function shipPiece(s, ctx, x, y, acts, cubeActs) {
  const g = svg("g", { class: "ship tile", transform: `translate(${x},${y})` },
    svg("path", { d: "M-14,0 L14,0 L9,8 L-9,8 Z", fill: "#8b5a2b", stroke: "#3b2a1a" }),
    svg("path", { d: "M0,-14 L0,0 M0,-13 L10,-3 L0,-3", fill: "#f5f0e1", stroke: "#3b2a1a" }),
    svg("text", { x: 0, y: 20, "text-anchor": "middle", "font-size": 8 }, `${s.coins}¢`));
  const effect = W(ctx, "board.ship", { name: C(ctx, "ships", s.name), cargo: W(ctx, "word." + s.cargo), n: s.coins });
  piece(g, ctx, acts, { effect, state: s.plague ? "plague" : "clean", name: s.name });
  if (s.plague) {
    const cube = svg("rect", { class: "cube", x: 8, y: -16, width: 7, height: 7, fill: "#111" });
    if (cubeActs.length) piece(cube, ctx, cubeActs, { effect: W(ctx, "board.cubes", { n: 1 }), name: "shipcube" });
    else deco(cube, ctx, W(ctx, "board.cubes", { n: 1 }));
    g.append(cube);
  }
  return g;
}

function cityMap(view, ctx, as) {
  const nodes = view.nodes || [];
  const placed = nodes.filter((n) => Array.isArray(n.cell));
  if (!placed.length) return null;
  const cs = new Map(placed.map((n) => [n.name, centre(n.cell)]));
  const xs = [...cs.values()].map((c) => c[0]), ys = [...cs.values()].map((c) => c[1]);
  const mid = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
  // the docks lie one step beyond their harbour, away from the city
  const harbours = nodes.filter((n) => n.kind === "harbour"), docks = nodes.filter((n) => n.kind === "docks");
  docks.forEach((d, i) => {
    const hb = harbours[i] && cs.get(harbours[i].name);
    if (!hb) return;
    const dx = hb[0] - mid[0], dy = hb[1] - mid[1], len = Math.hypot(dx, dy) || 1;
    cs.set(d.name, [hb[0] + (dx / len) * SIZE * 1.75, hb[1] + (dy / len) * SIZE * 1.2]);
  });
  // the map's bounds: each place's own reach (a hex's corners; a dock's box, its name above, its
  // ships and lieutenants below) and a few units more, so that a phone's width goes to the hexes
  const reach = (n) => (n.kind === "docks" ? [36, 36, 42] : [SIZE * 0.87 + 4, SIZE + 4, SIZE + 4]);  // half width, up, down
  const placedAt = nodes.filter((n) => cs.has(n.name)).map((n) => [cs.get(n.name), reach(n)]);
  const minX = Math.min(...placedAt.map(([c, r]) => c[0] - r[0])), minY = Math.min(...placedAt.map(([c, r]) => c[1] - r[1]));
  const w = Math.max(...placedAt.map(([c, r]) => c[0] + r[0])) - minX, hgt = Math.max(...placedAt.map(([c, r]) => c[1] + r[2])) - minY;
  const root = svg("svg", { viewBox: `${minX.toFixed(0)} ${minY.toFixed(0)} ${w.toFixed(0)} ${hgt.toFixed(0)}`, class: "boardsvg messina-city", role: "img" });
  const figures = svg("g", { class: "figures" });
  for (const n of nodes) {
    const c = cs.get(n.name);
    if (!c) continue;
    const [cx, cy] = c;
    const here = view.now && view.now.hex === n.name;
    const g = svg("g", { class: "hex tile " + n.kind + (n.used ? " used" : "") + (here ? " here" : ""), "data-node": n.name });
    if (n.kind === "docks") {
      g.append(svg("rect", { x: cx - 30, y: cy - 20, width: 60, height: 40, rx: 8, fill: "#cfe3f3", stroke: "#5b7f9e", "stroke-dasharray": "4 2" }),
        svg("text", { x: cx, y: cy - 23, "text-anchor": "middle", "font-size": 9, fill: "#2c4a63" }, W(ctx, "word.docks", { docks: n.name })));
    } else {
      const fill = n.kind === "harbour" ? "#bcd7ee" : COLOUR_FILL[n.colour] || "#eee";
      g.append(svg("polygon", { points: hexPoints(cx, cy, SIZE - 1.5), fill, stroke: here ? "#000" : "#8b7355", "stroke-width": here ? 3 : 1.5 }),
        svg("text", { x: cx, y: cy - SIZE * 0.55, "text-anchor": "middle", "font-size": 8.5, "font-weight": 700 },
          C(ctx, n.kind === "harbour" ? "harbours" : "hexes", n.name)));
      if (n.kind === "harbour") g.append(svg("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 16 }, "⚓"));
    }
    piece(g, ctx, as.get("node:" + n.name), { effect: hexEffect(n, ctx), name: n.name, state: n.used ? "used" : "free" });
    if (n.kind === "district") {
      g.append(svg("text", { class: "vpstar", x: cx + SIZE * 0.5, y: cy - SIZE * 0.25, "text-anchor": "middle", "font-size": 10, fill: "#7a5a00" }, `★${n.vp}`));
      // the rat marker: a diamond with its number (the wheel's rat that brings plague here)
      const rx = cx - SIZE * 0.55, ry = cy - SIZE * 0.28;
      const rat = svg("g", { class: "rat" }, svg("polygon", { points: `${rx},${ry - 8} ${rx + 8},${ry} ${rx},${ry + 8} ${rx - 8},${ry}`, fill: "#fff", stroke: "#5a4632", "stroke-width": 1.5 }),
        svg("text", { x: rx, y: ry + 3, "text-anchor": "middle", "font-size": 8, "font-weight": 700, fill: "#5a4632" }, String(n.rat).replace(/\D/g, "")));
      deco(rat, ctx, W(ctx, "board.rat_marker", { n: String(n.rat).replace(/\D/g, "") }));
      g.append(rat);
      // citizens of each class waiting to be rescued
      (n.citizens || []).forEach((k, i) => {
        if (!k) return;
        const x = cx - 22 + i * 15, y = cy - 8;
        const cit = svg("g", { class: "citizen" }, svg("circle", { cx: x + 6, cy: y + 6, r: 6, fill: CLASS_FILL[CLASSES[i]] }),
          svg("text", { x: x + 6, y: y + 9, "text-anchor": "middle", "font-size": 8, fill: "#fff", "font-weight": 700 }, String(k)));
        deco(cit, ctx, W(ctx, "board.citizens", { n: k, cls: W(ctx, "word." + CLASSES[i]) }), { state: "ordinary" });
        g.append(cit);
      });
      if (n.plague > 0) {
        const cubes = svg("g", { class: "cubes" });
        for (let k = 0; k < n.plague; k++) cubes.append(svg("rect", { class: "cube", x: cx - 20 + k * 9, y: cy + 6, width: 7, height: 7, fill: "#111" }));
        const douse = as.get("cubes:" + n.name);
        if (douse.length) piece(cubes, ctx, douse, { effect: W(ctx, "board.cubes", { n: n.plague }), name: "plague" });
        else deco(cubes, ctx, W(ctx, "board.cubes", { n: n.plague }));
        g.append(cubes);
      }
      if (n.repopulated_by !== null && n.repopulated_by !== undefined) {
        const tok = svg("rect", { class: "token", x: cx + 10, y: cy + 4, width: 11, height: 11, rx: 2, fill: colourOf(n.repopulated_by), stroke: "#222" });
        deco(tok, ctx, W(ctx, "board.repopulated", { seat: ctx.seatName(n.repopulated_by), vp: n.vp }), { owner: n.repopulated_by });
        g.append(tok);
      }
    }
    (n.ships || []).forEach((s, i) => g.append(shipPiece(s, ctx, cx - 14 + i * 28, cy - 2, as.get("ship:" + s.name), as.get("shipcube"))));
    // the lieutenants above every hex (a lower row's hex would cover them)
    (n.lieutenants || []).forEach((l, i) => {
      const acts = l.seat === ctx.you ? as.get(`lt:${l.seat}:${l.lieutenant}`) : [];
      figures.append(lieutenant(l, cx - 18 + i * 13, cy + (n.kind === "docks" ? 30 : SIZE * 0.7), ctx, acts));
    });
    // solo: the automa's lieutenants, in grey, after the seats' (issue 29)
    const shown = (n.lieutenants || []).length;
    ((view.automa || {}).lieutenants || []).filter((l) => l.where === n.name).forEach((l, i) => {
      figures.append(automaPiece(l, cx - 18 + (shown + i) * 13, cy + SIZE * 0.7, ctx));
    });
    root.append(g);
  }
  root.append(figures);
  return root;
}

// --- the rest of the table: wheel, supplies, stacks ------------------------------------------

function tableRow(view, ctx, as) {
  const wh = view.wheel || {};
  const wheel = h("div", { class: "mtile tile wheel", "data-effect": W(ctx, "board.wheel", { rat: String(wh.rat || "").replace(/\D/g, ""),
    colours: CLASSES.map((c) => `${W(ctx, "word." + c)} ${V(ctx, (wh.colours || {})[c])}`).join(W(ctx, "board.sep")) }) },
  h("b", {}, W(ctx, "board.wheel_title")), " ", W(ctx, "board.rat", { n: String(wh.rat || "").replace(/\D/g, "") }),
  CLASSES.map((c) => h("span", { class: "sw", style: { background: COLOUR_FILL[(wh.colours || {})[c]] } }, W(ctx, "word." + c))));
  wheel.title = wheel.getAttribute("data-effect");
  const sup = view.citizen_supply || {};
  const supply = h("div", { class: "mtile supply" }, W(ctx, "board.supply", { cubes: view.plague_supply,
    c: sup.craftsman, a: sup.aristocrat, n: sup.nun }));
  const st = view.stacks || {};
  const more = h("div", { class: "mtile" }, W(ctx, "board.more_stacks", { ships: (st.ships || {}).count || 0, hood: (st.neighbourhood || {}).count || 0 }));
  return h("div", { class: "mrow" }, wheel, supply, stackTiles(view, ctx, as), more);
}

// The face-up tops of the cabin, workshop and wagon stacks (built from; swapped under).
function stackTiles(view, ctx, as) {
  const comp = view.components || {};
  const stacks = [];
  (view.cabin_stacks || []).forEach((s, k) => {
    const eff = s.top ? cabinEffect(ctx, s.top, (comp.cabins || {})[s.top]) : W(ctx, "board.empty_stack");
    stacks.push(piece(h("div", { class: "mtile tile stack" }, h("small", {}, W(ctx, "word.cabin_stack", { stack: k + 1 })), h("div", {}, s.top ? C(ctx, "cabins", s.top) : "—"),
      h("small", { class: "muted" }, W(ctx, "board.count", { n: s.count }))), ctx, as.get("cabstack:" + (k + 1)), { effect: eff, name: `cabins${k + 1}` }));
  });
  (view.workshop_stacks || []).forEach((s, k) => {
    const eff = s.top ? workshopEffect(ctx, s.top, (comp.workshops || {})[s.top]) : W(ctx, "board.empty_stack");
    stacks.push(piece(h("div", { class: "mtile tile stack" }, h("small", {}, W(ctx, "word.workshop_stack", { stack: k + 1 })), h("div", {}, s.top ? C(ctx, "workshops", s.top) : "—"),
      h("small", { class: "muted" }, W(ctx, "board.count", { n: s.count }))), ctx, as.get("wsstack:" + (k + 1)), { effect: eff, name: `workshops${k + 1}` }));
  });
  ((view.stacks || {}).wagons || []).forEach((st, k) => {
    const top = st[0];
    stacks.push(piece(h("div", { class: "mtile tile stack" }, h("small", {}, W(ctx, "board.wagon_stack", { stack: k + 1 })), h("div", {}, top ? C(ctx, "wagons", top) : "—"),
      h("small", { class: "muted" }, W(ctx, "board.count", { n: st.length }))), ctx, as.get("wagonstack:" + k),
    { effect: top ? wagonEffect(ctx, top, (comp.wagons || {})[top]) : W(ctx, "board.empty_stack"), name: `wagons${k + 1}` }));
  });
  return stacks;
}

// --- a player board -------------------------------------------------------------------------

function track(view, ctx, as, name) {
  const comp = ((view.components || {}).registers || {})[name] || { yields: [], vp: [] };
  const seats = view.seats || {};
  const acts = name === "popularity" ? [] : as.get("track:" + name);
  // a space explains itself on a tap unless a tap on the track plays its purchase
  const part = (el, eff) => (acts.length ? deco(el, ctx, eff) : piece(el, ctx, [], { effect: eff }));
  const row = h("div", { class: "track" }, h("span", { class: "tname" }, W(ctx, "word." + name)));
  comp.vp.forEach((vp, i) => {
    const reward = comp.yields[i];
    const eff = W(ctx, reward && reward !== "none" ? "board.space_reward" : "board.space", { track: W(ctx, "word." + name), n: i, vp, reward: V(ctx, reward) });
    const sp = h("span", { class: "space tile" + (reward && reward !== "none" ? " reward" : "") }, h("small", {}, String(i)));
    for (const [key, s] of Object.entries(seats)) {
      const seat = Number(key.replace(/\D/g, ""));
      if (s.registers && s.registers[name] === i) sp.append(deco(h("span", { class: "disc", style: { background: colourOf(seat) } }), ctx, "", { owner: seat, title: ctx.seatName(seat) }));
    }
    row.append(part(sp, eff));
  });
  return piece(row, ctx, acts, { name });
}

function slotCell(ctx, as, e, occ) {
  const acts = as.get("slot:" + e.name);
  const eff = W(ctx, "board.slot", { cls: W(ctx, "word." + e.class), petal: e.petal.replace(/\D/g, ""), n: e.position + 1,
    effect: C(ctx, "effects", e.effect), who: occ ? V(ctx, occ) : W(ctx, "board.empty") });
  const el = h("div", { class: `slot tile ${e.class}` + (occ ? " full " + occ : "") },
    occ ? h("span", { class: "meeple", style: { background: CLASS_FILL[e.class] } }, occ === "upgraded" ? "★" : "") : null,
    h("small", {}, C(ctx, "effects", e.effect)));
  return piece(el, ctx, acts, { effect: eff, state: occ || "empty", name: e.name });
}

function estate(view, ctx, as, seat) {
  const comp = (view.components || {}).estate || [];
  const petals = [...new Set(comp.map((e) => e.petal))];
  const grid = h("div", { class: "estate" });
  for (const p of petals) {
    const col = h("div", { class: "petal" }, h("div", { class: "pname" }, W(ctx, "board.petal", { cls: W(ctx, "word." + (comp.find((e) => e.petal === p) || {}).class), n: p.replace(/\D/g, "") })));
    for (const e of comp.filter((x) => x.petal === p)) col.append(slotCell(ctx, as, e, (seat.estate || {})[e.name]));
    grid.append(col);
  }
  return grid;
}

function overseers(view, ctx, as, seat) {
  const path = (view.components || {}).overseers || [];
  return h("div", { class: "overseers" }, (seat.overseers || []).map((o) => {
    const acts = as.get("ov:" + o.overseer);
    const part = (el, eff) => (acts.length ? deco(el, ctx, eff) : piece(el, ctx, [], { effect: eff }));
    const row = h("div", { class: "ovrow" }, h("span", { class: "oname" }, W(ctx, "word." + o.overseer), o.upgraded ? " ★" : ""),
      path.map((step, i) => part(h("span", { class: "ovstep tile" + (o.advances === i + 1 ? " at" : "") + (o.advances > i ? " done" : "") }, String(i + 1)),
        W(ctx, "board.overseer_step", { n: i + 1, step: C(ctx, "overseer_path", step) }))),
      h("small", { class: "muted" }, o.petal ? W(ctx, "board.via", { petal: o.petal.replace(/\D/g, "") }) : ""));
    return piece(row, ctx, acts, { state: o.upgraded ? "upgraded" : "normal", name: o.overseer,
      effect: W(ctx, "board.overseer", { cls: W(ctx, "word." + o.overseer), n: o.advances, state: V(ctx, o.upgraded ? "upgraded" : "ordinary") }) });
  }));
}

function cabins(view, ctx, as, seat) {
  const comp = (view.components || {}).cabins || {};
  return h("div", { class: "cabins" }, (seat.cabins || []).map((c) => {
    const tile = c.improvement ? cabinEffect(ctx, c.improvement, comp[c.improvement]) : W(ctx, "board.cabin_plain");
    const who = c.citizen ? W(ctx, c.upgraded ? "board.upgraded_citizen" : "board.citizen_of", { cls: W(ctx, "word." + c.citizen) }) : W(ctx, "board.empty");
    const el = h("div", { class: "cabin tile" + (c.citizen ? " full" : "") },
      h("b", {}, W(ctx, "board.cabin", { n: c.cabin })),
      h("div", { class: "stages" }, [1, 2].map((st) => h("span", { class: "stage" + (c.stage === st ? " on" : "") }, st === 1 ? "I" : "II",
        c.stage === st && c.citizen ? h("span", { class: "meeple", style: { background: CLASS_FILL[c.citizen] } }, c.upgraded ? "★" : "") : null))),
      h("small", {}, c.improvement ? C(ctx, "effects", c.yields) : "—"));
    return piece(el, ctx, as.get("cabin:" + c.cabin), { effect: `${tile} · ${who}`, state: c.citizen ? `stage ${c.stage}` : "empty", name: `cabin${c.cabin}` });
  }));
}

function workshops(view, ctx, as, seat) {
  const comp = (view.components || {}).workshops || {};
  const list = seat.workshops || [];
  if (!list.length) return h("div", { class: "muted small" }, W(ctx, "board.no_workshops"));
  return h("div", { class: "workshops" }, list.map((w) => piece(h("div", { class: `ws tile ${w.class}` + (w.paid_out ? " paid" : "") },
    h("b", {}, C(ctx, "workshops", w.workshop)),
    w.citizen ? h("span", { class: "meeple", style: { background: CLASS_FILL[w.class] } }, w.citizen === "upgraded" ? "★" : "") : null,
    h("small", {}, C(ctx, "effects", (comp[w.workshop] || {}).yields))), ctx, as.get("ws:" + w.workshop),
  { effect: workshopEffect(ctx, w.workshop, comp[w.workshop]), state: w.citizen || "empty", name: w.workshop })));
}

function scrolls(view, ctx, as, seat) {
  const comp = (view.components || {}).scrolls || {};
  return h("div", { class: "scrolls" }, Object.entries(comp).map(([name, x]) => piece(h("div", { class: "scroll tile" },
    h("span", { class: "tname" }, C(ctx, "scrolls", name)),
    x.vp.map((vp, i) => h("span", { class: "space" + ((seat.scrolls || {})[name] === i ? " at" : "") }, String(vp)))), ctx, as.get("scroll:" + name),
  { effect: W(ctx, "board.scroll", { name: C(ctx, "scrolls", name), vp: x.vp.join("/"), n: x.count }), name })));
}

function resources(ctx, seat) {
  const items = ["coins", "wood", "fire", "major_fire", "vp", "rats", "ships"];
  return h("div", { class: "res" }, items.map((k) => h("span", { class: "chip res-" + k, title: W(ctx, "board.res." + k) }, `${W(ctx, "board.res." + k)} ${seat[k]}`)),
    h("span", { class: "chip", title: W(ctx, "board.res.tokens") }, `${W(ctx, "board.res.tokens")} ${5 - (seat.repopulations || 0)}`));
}

function seatLieutenants(view, ctx, as, seatNo, seat) {
  return h("div", { class: "lts" }, (seat.lieutenants || []).map((l) => {
    const n = Number(String(l.lieutenant).replace(/\D/g, ""));
    const state = l.status;
    const where = l.where === "estate" || l.where === "lost" ? V(ctx, l.where) : nodeName(view, ctx, l.where);
    const el = h("span", { class: "ltchip", style: { borderColor: colourOf(seatNo) } }, h("span", { class: "pip", style: { background: colourOf(seatNo) } }), ` ${n} · ${where} · ${V(ctx, state)}`);
    return piece(el, ctx, as.get(`lt:${seatNo}:${n}`), { owner: seatNo, state, name: `lt${n}`,
      title: W(ctx, "board.lieutenant", { seat: ctx.seatName(seatNo), n, state: V(ctx, state) }) });
  }));
}

function rewards(ctx, as, seat) {
  const now = (seat.rewards_now || []).map((r) => piece(h("span", { class: "chip reward tile" }, V(ctx, r)), ctx, as.get("reward:" + r), { effect: W(ctx, "board.reward_now", { reward: V(ctx, r) }), name: r }));
  const later = (seat.rewards_next_turn || []).map((r) => piece(h("span", { class: "chip reward tile later" }, V(ctx, r)), ctx, as.get("reward:" + r), { effect: W(ctx, "board.reward_later", { reward: V(ctx, r) }), name: r }));
  return now.length || later.length ? h("div", { class: "rewards" }, now, later) : null;
}

function playerBoard(view, ctx, as, seatNo, full) {
  const seat = (view.seats || {})[`seat ${seatNo}`];
  if (!seat) return null;
  return h("div", { class: "pboard", "data-seat": seatNo, style: { borderColor: colourOf(seatNo) } },
    resources(ctx, seat), seatLieutenants(view, ctx, as, seatNo, seat), rewards(ctx, as, seat),
    h("h5", {}, W(ctx, "board.estate")), estate(view, ctx, as, seat),
    h("h5", {}, W(ctx, "board.overseers")), overseers(view, ctx, as, seat),
    h("h5", {}, W(ctx, "board.cabins")), cabins(view, ctx, as, seat),
    h("h5", {}, W(ctx, "board.workshops")), workshops(view, ctx, as, seat),
    full ? [h("h5", {}, W(ctx, "board.wagons")), h("div", { class: "wagons" }, (seat.wagons || []).length ? seat.wagons.map((w) => piece(h("span", { class: "chip tile wagon" + (w.exhausted ? " used" : "") }, C(ctx, "wagons", w.wagon)), ctx, [],
      { effect: wagonEffect(ctx, w.wagon, ((view.components || {}).wagons || {})[w.wagon]), state: w.exhausted ? "exhausted" : "ready" })) : h("span", { class: "muted small" }, "—")),
    h("h5", {}, W(ctx, "board.scrolls")), scrolls(view, ctx, as, seat)] : null);
}

function nowLine(view, ctx) {
  const now = view.now;
  const bits = [W(ctx, "board.round", { n: view.round })];
  if (now) {
    bits.push(ctx.word(now.step));
    if (now.hex) bits.push(nodeName(view, ctx, now.hex));
    if (now.fire_per_cube) bits.push(W(ctx, "board.fire_price", { fire: now.fire_per_cube, vp: now.vp_per_cube }));
  }
  return h("div", { class: "nowline" }, bits.join(" · "));
}

// The score sheet after round VI: every category per seat, by name, and the ranking by name.
// The viewer's own position, first on the page (issue 15): fits 390 px.
export function mine(view, ctx) {
  if (!view.seats || ctx.you === null || ctx.you === undefined) return null;
  const as = assign(view, ctx);
  const building = ctx.toMove === ctx.you && view.now && view.now.step === "messina.task.build";
  const turn = ctx.toMove === ctx.you ? W(ctx, "board.your_turn") : ctx.toMove !== null && ctx.toMove !== undefined ? W(ctx, "board.waiting", { seat: ctx.seatName(ctx.toMove) }) : "";
  return h("div", { class: "messina-mine", "data-round": view.round },
    h("div", { class: "mhead", style: { borderColor: colourOf(ctx.you) } }, h("b", {}, ctx.seatName(ctx.you)), turn ? " · " : "", turn), nowLine(view, ctx),
    controls(ctx, as.rest),
    // while you build, the stacks to build from are here too
    building ? h("div", { class: "mrow" }, stackTiles(view, ctx, as)) : null,
    playerBoard(view, ctx, as, ctx.you, true),
    h("h5", {}, W(ctx, "board.registers")), h("div", { class: "tracks" }, TRACKS.map((t) => track(view, ctx, as, t))));
}

export function render(view, ctx) {
  if (!Array.isArray(view.nodes)) return null;
  const as = assign(view, ctx);
  const others = Object.keys(view.seats || {}).map((k) => Number(k.replace(/\D/g, ""))).filter((p) => p !== ctx.you);
  const spectator = ctx.you === null || ctx.you === undefined;
  return h("div", { class: "messina-board" },
    h("section", { class: "panel gameboard" }, h("h3", {}, W(ctx, "board.city")), nowLine(view, ctx), cityMap(view, ctx, as),
      h("p", { class: "muted small legend" }, W(ctx, "board.legend")), tableRow(view, ctx, as)),
    spectator ? h("section", { class: "panel" }, h("h3", {}, W(ctx, "board.registers")), h("div", { class: "tracks" }, TRACKS.map((t) => track(view, ctx, as, t)))) : null,
    automaPanel(view, ctx),
    others.map((p) => h("section", { class: "panel other" }, h("h3", {}, h("span", { class: "who s" + p }, ctx.seatName(p))), playerBoard(view, ctx, as, p, true))),
    restBoard(view, ctx, DRAWN));
}
