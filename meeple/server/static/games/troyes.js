// Troyes: the three buildings, the cathedral, the districts with their dice, the
// activity cards by colour and level, the event row; everything else generically.
import { SEAT_COLOURS, clickable, h, restBoard } from "../render.js";

const DIE = { r: "red", w: "white", y: "yellow", b: "black" };

function owner(tag) {
  if (typeof tag !== "string") return null;
  const m = tag.match(/^p(\d+)$/);
  return m ? Number(m[1]) : null;  // "p0": seat 0 (0-based, as in the notations)
}

// A view word (a colour, "neutral", an event's effect id) through its shared value.<word> entry.
function word(w, ctx) {
  const key = `value.${w}`;
  const found = ctx.t(key);
  return found === key ? w : found;
}

function colourWord(c, ctx) { return word(c, ctx); }

function spaceEl(tag, ctx, i) {
  const seat = owner(tag);
  const style = seat !== null ? { background: SEAT_COLOURS[seat % 6], color: "#fff" } : tag ? { background: "#9a9a9a", color: "#fff" } : {};
  return h("span", { class: "space", style, title: tag ? (seat !== null ? ctx.seatName(seat) : tag) : "empty" }, seat !== null ? String(seat) : tag ? "n" : String(i + 1));
}

function die(code) {
  if (typeof code !== "string") return h("span", { class: "die" }, String(code));
  const colour = DIE[code[0]] || "";
  return h("span", { class: `die ${colour}`, title: code }, code.slice(1));
}

function buildings(list, ctx) {
  return h("div", { class: "rowcards" }, list.map((b) => clickable(h("div", { class: "card building" },
    h("span", { class: "title" }, b.name),
    h("div", { class: "spaces" }, (b.spaces || []).map((s, i) => clickable(spaceEl(s, ctx, i), ctx, `${String(b.name).toLowerCase()} ${i + 1}`))),
    Array.isArray(b.lying) && b.lying.some(Boolean) ? h("div", { class: "small muted" }, `${ctx.t("Lying")}: `, b.lying.map((n, i) => n ? `${ctx.seatLabel(i)} ${n}` : null).filter(Boolean).join(", ")) : null),
  ctx, String(b.name).toLowerCase())));
}

function cathedral(levels, ctx) {
  return h("div", { class: "card" }, h("span", { class: "title" }, ctx.t("Cathedral")),
    levels.map((row, i) => h("div", { class: "spaces" }, h("span", { class: "small muted" }, `L${i + 1} `), row.map((s, j) => spaceEl(s, ctx, j)))));
}

function activities(list, ctx) {
  const colours = [...new Set(list.map((a) => a.colour))];
  return h("div", { class: "activities" }, colours.map((c) => h("div", { class: "rowcards" },
    list.filter((a) => a.colour === c).map((a) => {
      if (!a.face_up) return h("div", { class: `card facedown act-${c}` }, h("span", { class: "title" }, `${colourWord(c, ctx)} ${a.level}`), h("span", {}, `${ctx.t("Face up")}: ✗`));
      const card = h("div", { class: `card act-${c}` },
        h("span", { class: "title" }, a.card, h("span", { class: "muted small" }, ` · ${colourWord(c, ctx)} ${a.level}`)),
        h("div", { class: "small" }, `${ctx.t("Hire cost")} ${a.hire_cost ?? "?"} · ÷${a.divisor ?? "?"}${a.delayed ? ` · ${ctx.t("Delayed")}` : ""}`),
        Array.isArray(a.vp_spaces) ? h("div", { class: "small" }, `${ctx.t("VP spaces")}: `, a.vp_spaces.join(" / ")) : null,
        h("div", {}, (a.tradesmen || []).map((t) => h("span", { class: "pip", style: { background: SEAT_COLOURS[t.seat % 6] }, title: `${ctx.seatName(t.seat)} ${ctx.t("Space")} ${t.space + 1}` }))),
        Array.isArray(a.cubes) && a.cubes.some(Boolean) ? h("div", { class: "small" }, `${ctx.t("Cubes")}: `, a.cubes.map((n, i) => `${ctx.seatLabel(i)} ${n}`).join(", ")) : null);
      return clickable(card, ctx, a.card);
    }))));
}

function events(list, ctx) {
  if (!list.length) return h("p", { class: "muted" }, "—");
  return h("div", { class: "rowcards" }, list.map((e) => clickable(h("div", { class: `card act-${e.fight_colour}` },
    h("span", { class: "title" }, e.card),
    h("div", { class: "small" }, `${ctx.t("Fight colour")}: ${colourWord(e.fight_colour, ctx)} · ÷${e.divisor} · ${ctx.t("VP")} ${(e.vp || []).join("/")}`),
    e.black_dice ? h("div", { class: "small" }, `${ctx.t("Black dice")}: ${e.black_dice}`) : null,
    e.effect ? h("div", { class: "small muted" }, word(e.effect, ctx)) : null,
    h("div", { class: "small" }, `${ctx.t("Boxes")} ${e.boxes} · ${ctx.t("Cubes")} `, (e.cubes || []).map((n, i) => `${ctx.seatLabel(i)} ${n}`).join(", "), e.neutral_cubes ? ` · ${ctx.t("Neutral cubes")} ${e.neutral_cubes}` : "")),
  ctx, e.card)));
}

function districts(list, ctx) {
  return h("div", { class: "rowcards" }, list.map((d) => {
    const seat = owner(d.owner);
    return h("div", { class: "card", style: seat !== null ? { borderColor: SEAT_COLOURS[seat % 6], borderWidth: "2px" } : {} },
      h("span", { class: "title" }, seat !== null ? ctx.seatName(seat) : word(d.owner, ctx)),
      h("div", {}, (d.dice || []).map(die)));
  }));
}

export function render(view, ctx) {
  if (!Array.isArray(view.buildings) || !Array.isArray(view.activities)) return null;
  const parts = [h("h3", {}, ctx.t("Troyes"))];
  const drawn = ["buildings", "activities"];
  parts.push(h("h4", {}, ctx.t("Buildings")), buildings(view.buildings, ctx));
  if (Array.isArray(view.cathedral)) { parts.push(cathedral(view.cathedral, ctx)); drawn.push("cathedral"); }
  if (Array.isArray(view.districts)) { parts.push(h("h4", {}, ctx.t("Districts and dice")), districts(view.districts, ctx)); drawn.push("districts"); }
  if (Array.isArray(view.black_dice) && view.black_dice.length) parts.push(h("div", {}, `${ctx.t("Black dice")}: `, view.black_dice.map((d) => die(typeof d === "number" ? `b${d}` : d))));
  parts.push(h("h4", {}, ctx.t("Activities")), activities(view.activities, ctx));
  if (Array.isArray(view.event_row)) { parts.push(h("h4", {}, ctx.t("Events")), events(view.event_row, ctx)); drawn.push("event_row"); }
  return h("div", {}, h("section", { class: "panel gameboard troyes" }, parts), restBoard(view, ctx, drawn));
}
