// Messina 1347: the hex city (districts and harbours) with plague, citizens and
// lieutenants, the docks with their ships; everything else generically.
import { SEAT_COLOURS, clickable, h, restBoard, svg } from "../render.js";

const SIZE = 44;
const QUARTER = ["#efd9b4", "#d9e6c3", "#e8cfd8", "#d3dcea", "#e7e2c6"];
const CLASS_COLOURS = ["#9a6a3a", "#7d4ba3", "#7f8c8d"]; // citizens by class, in the view's order
const CLASS_LETTERS = ["C", "A", "N"];

function centre(cell) {
  const [q, r] = cell;
  return [SIZE * Math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r];
}

function hexPoints(cx, cy, s) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${(cx + s * Math.cos(a)).toFixed(1)},${(cy + s * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

// A lieutenant is {seat, lieutenant, status}, status "standing" or "lying" (issue 15).
const standing = (l) => l.status === "standing";

function lieutenants(list, x, y, ctx) {
  return (list || []).map((l, i) => svg("circle", {
    cx: x + i * 11, cy: y, r: 5,
    fill: standing(l) ? SEAT_COLOURS[l.seat % SEAT_COLOURS.length] : "#fff",
    stroke: SEAT_COLOURS[l.seat % SEAT_COLOURS.length], "stroke-width": 2,
  }, svg("title", {}, `${ctx.t("Seat")} ${l.seat} · ${ctx.t("Lieutenant")} ${l.lieutenant}`)));
}

function hexMap(nodes, ctx) {
  const placed = nodes.filter((n) => Array.isArray(n.cell) && n.cell.length === 2);
  if (!placed.length) return null;
  const cs = placed.map((n) => centre(n.cell));
  const xs = cs.map((c) => c[0]), ys = cs.map((c) => c[1]);
  const pad = SIZE + 6;
  const minX = Math.min(...xs) - pad, minY = Math.min(...ys) - pad;
  const w = Math.max(...xs) - Math.min(...xs) + 2 * pad, hgt = Math.max(...ys) - Math.min(...ys) + 2 * pad;
  const root = svg("svg", { viewBox: `${minX} ${minY} ${w} ${hgt}`, class: "boardsvg", role: "img" });
  placed.forEach((n, i) => {
    const [cx, cy] = cs[i];
    const fill = n.kind === "harbour" ? "#bcd7ee" : QUARTER[((n.hex && n.hex.colour) || 0) % QUARTER.length];
    const tip = [n.name, ctx.word(n.kind)];
    if (n.hex) tip.push(`${ctx.t("VP")} ${n.hex.vp}`, `${ctx.t("Rat")} ${n.hex.rat}`, ...(n.hex.actions || []));
    const g = svg("g", { class: "hex" + (n.used ? " used" : ""), "data-node": n.name },
      svg("title", {}, tip.join(" · ")),
      svg("polygon", { points: hexPoints(cx, cy, SIZE - 1.5), fill, stroke: "#8b7355", "stroke-width": 1.5, opacity: n.used ? 0.65 : 1 }),
      svg("text", { x: cx, y: cy - SIZE * 0.48, "text-anchor": "middle", "font-size": 11, "font-weight": 700 }, n.name),
      n.hex ? svg("text", { x: cx + SIZE * 0.5, y: cy - SIZE * 0.2, "text-anchor": "middle", "font-size": 9, fill: "#6b5a3a" }, `${n.hex.vp}★`) : null,
      n.kind === "harbour" ? svg("text", { x: cx, y: cy + 2, "text-anchor": "middle", "font-size": 18 }, "⚓") : null);
    if (typeof n.plague === "number" && n.plague > 0) {
      for (let k = 0; k < n.plague; k++) g.append(svg("circle", { cx: cx - SIZE * 0.55 + k * 9, cy: cy - SIZE * 0.2, r: 4, fill: "#111" }, svg("title", {}, `${ctx.t("Plague")} ${n.plague}`)));
    }
    if (Array.isArray(n.citizens)) {
      n.citizens.forEach((c, k) => {
        const x = cx - 22 + k * 16, y = cy - 4;
        g.append(svg("rect", { x, y, width: 13, height: 13, rx: 2, fill: c ? CLASS_COLOURS[k % 3] : "#fff", stroke: CLASS_COLOURS[k % 3], opacity: c ? 1 : 0.45 }),
          svg("text", { x: x + 6.5, y: y + 10, "text-anchor": "middle", "font-size": 9, fill: c ? "#fff" : "#999", "font-weight": 700 }, c ? String(c) : CLASS_LETTERS[k] || ""));
      });
    }
    if (n.repopulated_by !== null && n.repopulated_by !== undefined) {
      g.append(svg("rect", { x: cx - 6, y: cy + 12, width: 12, height: 8, fill: SEAT_COLOURS[n.repopulated_by % 6] }, svg("title", {}, `${ctx.t("Repopulated by")} ${ctx.t("Seat")} ${n.repopulated_by}`)));
    }
    for (const el of lieutenants(n.lieutenants, cx - 16, cy + SIZE * 0.58, ctx)) g.append(el);
    clickable(g, ctx, n.name);
    root.append(g);
  });
  return root;
}

function docks(nodes, ctx) {
  const ds = nodes.filter((n) => !Array.isArray(n.cell));
  if (!ds.length) return null;
  return h("div", { class: "rowcards" }, ds.map((n) => {
    const card = h("div", { class: "card" + (n.used ? " used" : "") },
      h("span", { class: "title" }, `${n.name} · ${ctx.word(n.kind)}`),
      (n.ships || []).map((s) => h("div", {}, "⛵ ", s.name, ` (${ctx.t("Coins")} ${s.coins}, ${ctx.t("Plague")} ${s.plague})`)),
      (n.ships || []).length ? null : h("div", { class: "muted" }, "—"),
      h("div", {}, (n.lieutenants || []).map((l) => h("span", { class: "pip", style: { background: standing(l) ? SEAT_COLOURS[l.seat % 6] : "#fff", borderColor: SEAT_COLOURS[l.seat % 6] }, title: `${ctx.t("Seat")} ${l.seat}` }))));
    return clickable(card, ctx, n.name);
  }));
}

export function render(view, ctx) {
  if (!Array.isArray(view.nodes)) return null;
  const map = hexMap(view.nodes, ctx);
  const legend = h("p", { class: "muted small" }, ctx.t("messina_legend", { classes: CLASS_LETTERS.join(" / ") }));
  return h("div", {},
    h("section", { class: "panel gameboard" }, h("h3", {}, ctx.t("Messina")), map, legend, docks(view.nodes, ctx)),
    restBoard(view, ctx, ["nodes"]));
}
