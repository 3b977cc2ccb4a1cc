// Troyes (issue 15): your own position first (mine), then the board drawn from the view: the
// three buildings with every space, the cathedral's three levels, the city square's dice by owner
// drawn as dice, the black dice, the activity cards by colour and level and the event row with
// their numbers and full effect texts, the score the table can see.  Every legal action that has
// a piece is played by clicking it (a die, a space, a card, a cathedral column, a black die);
// the others (pass, done, activations ...) are controls on the board.  Every word comes from the
// catalog (troyes.ui.* and the component keys); pieces bind by the actions' targets, never a notation.
import { message } from "../i18n.js";
import { byTarget, seatColour as colourOfSeat, slug, tr } from "../common.js";
import { chooserBeside, closeChooser, controls, h, piece } from "../render.js";

const COLOURS = { r: "red", w: "white", y: "yellow" };
const PHASES = { "choose character": "keep", draft: "draft", "black dice": "black", actions: "actions", over: "over" };
const STEPS = {
  main: "main", flip: "flip", "spend dice": "spend", "citizen source": "source", cube: "cube", dice: "dice",
  activations: "times", "master mason space": "mason", "squire event": "squire", "black dice to counter": "count",
};

// A board word: troyes.ui.<k> (the key is built at run time, so the catalog lists these keys in
// meeple/games/troyes/words.py for extraction).
function T(ctx, k, args) { return tr(ctx, `troyes.ui.${k}`, args); }
const name = (ctx, n) => (typeof n === "string" ? ctx.word(n) : String(n ?? ""));
// A catalog message in the page's language (the replay page's ctx has no message()).
const say = (ctx, m) => (ctx.message ? ctx.message(m) : message(m));
// A component's full effect text: its catalog entry troyes.<table>.<name>.text filled with the
// numbers the view gives for it (from the component tables, so a component pack changes them).
const effectOf = (ctx, table, n, args) => say(ctx, { key: `troyes.${table}.${slug(n)}.text`, args });
const activityEffect = (ctx, a) => effectOf(ctx, "activities", a.card, { level: a.level, hire_cost: a.hire_cost, divisor: a.divisor });
const eventEffect = (ctx, e, table) => effectOf(ctx, table, e.card, { divisor: e.divisor, boxes: e.boxes, vp_first: e.vp[0], vp_second: e.vp[1], black_dice: e.black_dice });
const seatOf = (tag) => { const m = typeof tag === "string" && tag.match(/^p(\d+)$/); return m ? Number(m[1]) : null; };

// The legal actions a piece plays, by the ids of the pieces each action involves (the payload's
// targets, issue 27: view.py piece_ids); every claimed action is left out of the board's controls.
let index = null;
function claim(ctx, claimed, ids) {
  if (!index || index.targets !== ctx.targets || index.legal !== ctx.legal) index = { targets: ctx.targets, legal: ctx.legal, A: byTarget(ctx) };
  const out = [];
  for (const id of ids) for (const a of index.A.on(id)) if (!out.includes(a)) out.push(a);
  for (const a of out) claimed.add(a);
  return out;
}
const labelKey = (ctx, a) => { const lab = ctx.labelOf ? ctx.labelOf(a) : null; return (lab && lab.key) || ""; };
// A die's id on the city square: its owner as the view names it ("p1", "neutral") and its face.
const dieId = (code, owner) => `die:${owner}:${code}`;

function dieTitle(code, owner, ctx) {
  const colour = { key: `value.${COLOURS[code[0]]}` };
  const value = Number(code.slice(1));
  if (owner === "neutral") return say(ctx, { key: "troyes.die.neutral", args: { colour, value } });
  const seat = seatOf(owner);
  if (seat === ctx.you) return say(ctx, { key: "troyes.die.own", args: { colour, value } });
  return say(ctx, { key: "troyes.die.seat", args: { seat, colour, value } });
}

// Dice picked before the action (issue 15: the dice first, then the target): at your main step a
// click on a die picks it (or puts it back) without playing anything; after you click the action,
// the dice step plays "die …" for each picked die as soon as it is offered, then "done".  The
// picks live in the page only and are dropped at any other decision of the main step.
const picks = { at: null, keys: new Map() };  // key (owner:index) -> { id, code, owner, title } of the die

function mainStep(view, ctx) {
  return view.phase === "actions" && view.step === "main" && ctx.you !== null && ctx.you !== undefined
    && view.to_move === ctx.you && (ctx.legal || []).length > 0;
}

function picksHint(ctx) {
  return picks.keys.size ? T(ctx, "picks_hint", { dice: [...picks.keys.values()].map((d) => d.title).join(ctx.lang === "zh" ? "、" : ", ") }) : "";
}

function togglePick(key, die, ctx) {
  if (picks.keys.has(key)) picks.keys.delete(key); else picks.keys.set(key, die);
  for (const el of document.querySelectorAll(`[data-pick="${key}"]`)) {
    el.classList.toggle("picked", picks.keys.has(key));
    el.setAttribute("data-state", picks.keys.has(key) ? "picked" : "free");
  }
  for (const el of document.querySelectorAll(".tpicks")) el.textContent = picksHint(ctx);
}

// At the dice step: the next picked die that is offered, or done when every pick is in the group.
function pickedStep(view, ctx) {
  if (!picks.keys.size || view.step !== "dice" || view.to_move !== ctx.you) return null;
  const chosen = chosenDice(view);
  const left = [...picks.keys.values()].filter((d) => !chosen.take(d.code, d.owner));
  for (const d of left) {
    const join = claim(ctx, new Set(), [d.id]).find((a) => labelKey(ctx, a).startsWith("troyes.label.die"));
    if (join) return join;
  }
  if (left.length) { picks.keys.clear(); return null; }  // a picked die cannot join: go on by hand
  picks.keys.clear();
  return (ctx.legal || []).find((a) => labelKey(ctx, a).startsWith("troyes.label.done_dice")) || null;
}

// The picked die is played once the page has taken in the last decision (an act sent while the
// previous one is still under way is dropped by the page): tried again every 400 ms until a newer
// view is drawn.
let autoAt = null, drawnAt = null;
function playPicks(view, ctx) {
  drawnAt = view.decisions;
  if (mainStep(view, ctx) && picks.at !== view.decisions) { picks.at = view.decisions; picks.keys.clear(); }
  const next = pickedStep(view, ctx);
  if (!next || autoAt === view.decisions) return;
  autoAt = view.decisions;
  let tries = 0;
  const attempt = () => {
    if (drawnAt !== autoAt || tries++ > 20) return;
    ctx.act(next);
    setTimeout(attempt, 400);
  };
  setTimeout(attempt, 0);
}

// One die of the city square: its colour and value, its owner's ring (grey: neutral), chosen or
// free; a click plays its die / reroll / flip / spend action, or at the main step picks it.
function dieEl(code, owner, ctx, claimed, chosen, view, index) {
  const id = dieId(code, owner);
  const seat = seatOf(owner);
  const picked = chosen && chosen.take(code, owner);
  const el = h("span", {
    class: `tdie ${COLOURS[code[0]] || ""}${picked ? " chosen" : ""}`,
    style: { borderColor: seat !== null ? colourOfSeat(seat) : "#8a8a8a" },
  }, code.slice(1));
  const acts = picked ? [] : claim(ctx, claimed, [id]);
  const info = { owner: seat !== null ? seat : "neutral", state: picked ? "chosen" : "free", title: dieTitle(code, owner, ctx), name: id };
  if (view && mainStep(view, ctx)) {
    const key = `${owner}:${index}`;
    el.setAttribute("data-pick", key);
    if (picks.keys.has(key)) { el.classList.add("picked"); info.state = "picked"; }
    return asked(el, ctx, acts, info, { key, die: { id, code, owner, title: info.title } });
  }
  if (acts.length === 1 && labelKey(ctx, acts[0]) === "troyes.label.reroll") return asked(el, ctx, acts, info);
  return piece(el, ctx, acts, info);
}

// A die at your main step, or whose only action is a reroll (1 influence): a click asks first
// (a chooser beside the die: pick it for the action or put it back, the reroll, cancel), so that a
// click meant to pick a die never spends influence.  Without a reroll a click picks at once.  The
// chooser is render.js's: it stays open across the page's redraws while the die offers its actions.
function asked(el, ctx, acts, info, pick = null) {
  piece(el, ctx, [], info);
  el.classList.add("clickable");
  el.setAttribute("data-piece", info.name);
  if (acts.length) el.setAttribute("data-actions", acts.join("|"));
  el.setAttribute("title", [info.title, ...acts.map((a) => ctx.labelText(a))].join("\n"));
  el.chooserOpts = { cls: "tasked", lead: pick ? () => h("button", { class: "choice pick",
    onclick: (e) => { e.stopPropagation(); closeChooser(); togglePick(pick.key, pick.die, ctx); } },
  T(ctx, picks.keys.has(pick.key) ? "unpick" : "pick")) : null };
  el.addEventListener("click", (ev) => {
    ev.stopPropagation();
    if (pick && !acts.length) { togglePick(pick.key, pick.die, ctx); return; }
    chooserBeside(el, ctx, acts);
  });
  return el;
}

// The dice of the group chosen so far, by their ids (the view's pending dice_targets).
function chosenDice(view) {
  const left = [...((view.pending && view.pending.dice_targets) || [])];
  return {
    take(code, owner) {
      const i = left.indexOf(dieId(code, owner));
      if (i < 0) return false;
      left.splice(i, 1);
      return true;
    },
  };
}

function stat(label, value, cls = "") { return h("span", { class: `tstat ${cls}` }, h("small", {}, label), h("b", {}, String(value))); }

function turnLine(view, ctx) {
  const round = T(ctx, "round", { round: view.round, rounds: view.rounds });
  const phase = tr(ctx, `troyes.phase.${PHASES[view.phase] || "actions"}`);
  const step = view.phase === "actions" || view.phase === "black dice" ? ` · ${tr(ctx, `troyes.step.${STEPS[view.step] || "main"}`)}` : "";
  let who = "";
  if (view.is_over) who = tr(ctx, "troyes.phase.over");
  else if (typeof view.to_move === "number") who = view.to_move === ctx.you ? T(ctx, "your_turn") : T(ctx, "to_move", { who: ctx.seatName(view.to_move) });
  return h("div", { class: "tturn" }, h("b", {}, who), ` · ${round} · ${phase}${step} · `, T(ctx, "start_player", { who: ctx.seatName(view.start_player) }));
}

function characterCards(names, scoring, ctx, claimed, keep) {
  return (names || []).map((n, i) => {
    const acts = keep ? claim(ctx, claimed, [`character:${n}`]) : [];
    const steps = (scoring || [])[i] || {};
    const effect = effectOf(ctx, "characters", n, { thresholds: steps.thresholds, points: steps.points });
    return piece(h("div", { class: "tcard character" }, h("b", {}, name(ctx, n)), h("div", { class: "small" }, effect)), ctx, acts,
      { state: keep ? "drawn" : "held", effect, name: n, owner: ctx.you });
  });
}

// The action under way and where its citizen comes from, as the catalog's messages, from the view's
// ids of their pieces (view.py ``action_target``, ``citizen_target``: the ids of ``targets``).
const ref = (table, n, part = "name") => ({ key: `troyes.${table}.${slug(n)}.${part}` });
const idPart = (id, k) => String(id).split(":")[k];
const buildingRef = (view, b) => ref("buildings", (view.buildings[b] || {}).name || "");

function targetMessage(id, view) {
  if (!id) return { key: "troyes.target.farm" };
  const kind = idPart(id, 0), rest = String(id).slice(kind.length + 1);
  if (kind === "cathedral") return { key: "troyes.target.build" };
  if (kind === "activity") return { key: "troyes.target.activate", args: { card: ref("activities", rest) } };
  if (kind === "event") {
    const table = view.marauding && view.marauding.card === rest ? "permanent" : "events";
    return { key: "troyes.target.combat", args: { card: ref(table, rest) } };
  }
  return { key: "troyes.target.place", args: { building: buildingRef(view, Number(rest)) } };
}

function sourceMessage(id, view) {
  if (!id) return { key: "troyes.label.source.supply" };
  const kind = idPart(id, 0);
  if (kind === "lying") return { key: "troyes.label.source.lying", args: { building: buildingRef(view, Number(idPart(id, 1))) } };
  if (kind === "space") {
    const b = Number(idPart(id, 1)), i = Number(idPart(id, 2));
    const building = buildingRef(view, b);
    const low = 2 * Math.floor(i / 2) + 1;
    const space = (view.buildings[b] || {}).rows
      ? { key: `troyes.space.row_${i % 2 ? "right" : "left"}`, args: { building, low, high: low + 1 } }
      : { key: "troyes.space.single", args: { building, value: i + 1 } };
    return { key: "troyes.label.source.space", args: { space } };
  }
  return { key: "troyes.label.source.card", args: { card: ref("activities", String(id).slice(kind.length + 1)) } };
}

function pendingLine(view, ctx) {
  const p = view.pending;
  if (!p) return null;
  const parts = [];
  // the action under way and its citizen in words, from the ids of their pieces (never notations)
  if (p.action) parts.push(say(ctx, targetMessage(p.action_target, view)));
  if (p.citizen) parts.push(say(ctx, sourceMessage(p.citizen_target, view)));
  if (p.cube) parts.push(T(ctx, "with_cube", { card: name(ctx, p.cube) }));
  if (p.card) parts.push(T(ctx, "cubes_to_place", { card: name(ctx, p.card), n: p.cubes_to_place }));
  if (Array.isArray(p.countering)) parts.push(T(ctx, "countering", { dice: p.countering.join("+"), pool: p.pool, needed: p.needed }));
  const chosen = (p.dice_targets || []).map((id) => dieTitle(idPart(id, 2), idPart(id, 1), ctx));
  if (chosen.length) parts.push(T(ctx, "dice_chosen", { dice: chosen.join(ctx.lang === "zh" ? "、" : ", ") }));
  return h("div", { class: "tpending" }, h("small", {}, T(ctx, "under_way")), " ", parts.join(" · "));
}

// The viewer's own position: characters with their scoring, VP as the table knows it, deniers,
// influence, citizens, own dice, cubes on the activity cards, the action under way.
export function mine(view, ctx) {
  if (!Array.isArray(view.seats) || ctx.you === null || ctx.you === undefined) return null;
  const me = view.seats[ctx.you];
  if (!me) return null;
  const claimed = new Set();
  const district = (view.districts || []).find((d) => d.owner === `p${ctx.you}`);
  const cubes = (view.activities || []).filter((a) => a.face_up && Array.isArray(a.cubes) && a.cubes[ctx.you])
    .map((a) => `${name(ctx, a.card)} ×${a.cubes[ctx.you]}`);
  const tradesmen = (view.activities || []).filter((a) => (a.tradesmen || []).some((t) => t.seat === ctx.you)).map((a) => name(ctx, a.card));
  const vp = me.vp !== undefined ? me.vp : "?";
  return h("div", { class: "troyes tmine", "data-seat": ctx.you },
    turnLine(view, ctx),
    h("div", { class: "tstats" },
      h("span", { class: "tseat", style: { background: colourOfSeat(ctx.you) } }, ctx.seatName(ctx.you)),
      stat(T(ctx, "vp"), vp, "vp"), stat(T(ctx, "deniers"), me.deniers), stat(T(ctx, "influence"), me.influence),
      stat(T(ctx, "supply"), `${me.supply}/${me.citizens_owned}`), stat(T(ctx, "district"), me.district_deniers),
      me.passed ? h("span", { class: "tag" }, T(ctx, "passed")) : null),
    h("div", { class: "trow" }, h("small", {}, T(ctx, "your_dice")), " ",
      district && district.dice.length ? district.dice.map((c, i) => dieEl(c, district.owner, ctx, claimed, chosenDice(view), view, i)) : h("span", { class: "muted" }, "—")),
    h("div", { class: "tchars" }, h("small", {}, T(ctx, "characters")), characterCards(me.characters, me.character_scoring, ctx, claimed, false)),
    me.characters_drawn ? h("div", { class: "tchars" }, h("small", {}, T(ctx, "choose_character")), characterCards(me.characters_drawn, me.drawn_scoring, ctx, claimed, true)) : null,
    cubes.length || tradesmen.length ? h("div", { class: "small" },
      cubes.length ? [T(ctx, "your_cubes"), ": ", cubes.join(", "), " "] : null,
      tradesmen.length ? [T(ctx, "your_tradesmen"), ": ", tradesmen.join(", ")] : null) : null,
    (me.events_won || []).length ? h("div", { class: "small" }, T(ctx, "events_won"), ": ", me.events_won.map((e) => name(ctx, e)).join(", ")) : null,
    h("div", { class: "tpicks small" }, picksHint(ctx)),
    pendingLine(view, ctx));
}

// --- the board -------------------------------------------------------------------------------

function spaceEl(tag, b, i, building, view, ctx, claimed) {
  const seat = seatOf(tag);
  const rows = building.rows;
  const label = rows ? (i % 2 ? "" : `${2 * Math.floor(i / 2) + 1}-${2 * Math.floor(i / 2) + 2}`) : String(i + 1);
  const el = h("span", { class: "tspace" + (tag ? " full" : ""), style: seat !== null ? { background: colourOfSeat(seat) } : tag ? { background: "#8a8a8a" } : {} }, tag ? "●" : label);
  const acts = claim(ctx, claimed, [`space:${b}:${i}`]);
  const who = seat !== null ? ctx.seatName(seat) : tag ? T(ctx, "neutral") : T(ctx, "empty");
  return piece(el, ctx, acts, { owner: seat !== null ? seat : tag ? "neutral" : null, state: tag ? "standing" : "empty", title: `${name(ctx, building.name)} ${label || ""} · ${who}`.trim(), name: `space:${b}:${i}` });
}

function buildingEl(b, building, view, ctx, claimed) {
  const spaces = building.spaces.map((tag, i) => spaceEl(tag, b, i, building, view, ctx, claimed));
  const grid = building.rows
    ? [0, 1, 2].map((r) => h("div", { class: "trowspaces" }, h("small", {}, `${2 * r + 1}-${2 * r + 2}`), spaces[2 * r], spaces[2 * r + 1]))
    : h("div", { class: "trowspaces" }, spaces);
  const lying = (building.lying || []).map((n, seat) => (n ? piece(h("span", { class: "tlying", style: { borderColor: colourOfSeat(seat) } }, `${n}`), ctx,
    seat === ctx.you ? claim(ctx, claimed, [`lying:${b}`]) : [],
    { owner: seat, state: "lying", title: T(ctx, "lying", { who: ctx.seatName(seat), n }) }) : null)).filter(Boolean);
  const effect = effectOf(ctx, "buildings", building.name, { wage: building.wage });
  const card = h("div", { class: `tcard tbuilding ${building.colour}` },
    h("div", { class: "ttitle" }, name(ctx, building.name), h("small", {}, ` · ${T(ctx, "wage", { n: building.wage })}`)),
    grid, lying.length ? h("div", { class: "small" }, T(ctx, "lying_beside"), " ", lying) : null);
  return piece(card, ctx, claim(ctx, claimed, [`building:${b}`]), { effect, name: `building:${b}` });
}

function cathedralEl(view, ctx, claimed) {
  const levels = view.cathedral || [];
  const cols = [0, 1, 2, 3, 4, 5].map((v) => {
    const cells = [2, 1, 0].map((lv) => {
      const tag = (levels[lv] || [])[v];
      const seat = seatOf(tag);
      return h("span", { class: "tcube" + (tag ? " full" : ""), "data-owner": seat !== null ? seat : tag ? "neutral" : null,
        "data-state": tag ? "cube" : "empty", style: seat !== null ? { background: colourOfSeat(seat) } : {},
        title: `${T(ctx, "level", { n: lv + 1 })} · ${tag ? (seat !== null ? ctx.seatName(seat) : T(ctx, "neutral")) : T(ctx, "empty")}` });
    });
    const col = h("div", { class: "tcol" }, cells, h("small", {}, String(v + 1)));
    // a column explains itself by its title only: a click on it, when it plays nothing, goes on to
    // the cathedral (build cathedral)
    const acts = claim(ctx, claimed, [`mason:${v + 1}`]);
    return piece(col, ctx, acts, { title: T(ctx, "cathedral_space", { space: v + 1, influence: v < 3 ? 1 : 2 }), name: `mason:${v + 1}` });
  });
  const card = h("div", { class: "tcard tcathedral white" }, h("div", { class: "ttitle" }, T(ctx, "cathedral")), h("div", { class: "tcols" }, cols));
  return piece(card, ctx, claim(ctx, claimed, ["cathedral"]), { effect: T(ctx, "cathedral_effect"), name: "cathedral" });
}

function districtsEl(view, ctx, claimed) {
  const chosen = chosenDice(view);
  return h("div", { class: "tdistricts" }, (view.districts || []).map((d) => {
    const seat = seatOf(d.owner);
    return h("div", { class: "tdistrict", "data-owner": seat !== null ? seat : "neutral", style: { borderColor: seat !== null ? colourOfSeat(seat) : "#8a8a8a" } },
      h("small", {}, seat !== null ? ctx.seatName(seat) : T(ctx, "neutral")), " ",
      d.dice.length ? d.dice.map((c, i) => dieEl(c, d.owner, ctx, claimed, chosen, view, i)) : h("span", { class: "muted" }, "—"));
  }),
  (view.black_dice || []).length ? h("div", { class: "tdistrict black" }, h("small", {}, T(ctx, "black_dice")), " ",
    view.black_dice.map((v) => piece(h("span", { class: "tdie black" }, String(v)), ctx, claim(ctx, claimed, [`black:${v}`]),
      { state: "black", title: T(ctx, "black_die", { value: v }), name: `black:${v}` }))) : null);
}

function activityEl(a, ctx, claimed, you) {
  const colour = a.colour;
  if (!a.face_up) {
    const effect = T(ctx, "face_down", { colour: ctx.word(colour), level: a.level });
    return piece(h("div", { class: `tcard tactivity facedown ${colour}` }, h("div", { class: "ttitle" }, "?"), h("small", {}, T(ctx, "card_level", { n: a.level }))), ctx, [], { state: "face down", effect });
  }
  const spaces = a.vp_spaces.map((vp, i) => {
    const t = (a.tradesmen || []).find((x) => x.space === i);
    return h("span", { class: "tspace" + (t ? " full" : ""), "data-owner": t ? t.seat : null, "data-state": t ? "tradesman" : "empty",
      style: t ? { background: colourOfSeat(t.seat) } : {}, title: t ? ctx.seatName(t.seat) : T(ctx, "empty") }, `${vp}`);
  });
  const extra = (a.tradesmen || []).filter((t) => t.space === null).map((t) => h("span", { class: "tspace full", "data-owner": t.seat, "data-state": "tradesman", style: { background: colourOfSeat(t.seat) } }, "0"));
  const cubes = (a.cubes || []).map((n, seat) => (n ? h("span", { class: "tcubes", "data-owner": seat, style: { background: colourOfSeat(seat) }, title: ctx.seatName(seat) }, `■${n}`) : null)).filter(Boolean);
  const effect = activityEffect(ctx, a);
  const card = h("div", { class: `tcard tactivity ${colour}` },
    h("div", { class: "ttitle" }, name(ctx, a.card)),
    h("div", { class: "small" }, T(ctx, "card_numbers", { level: a.level, hire: a.hire_cost, divisor: a.divisor })),
    h("div", { class: "trowspaces" }, h("small", {}, T(ctx, "vp_spaces")), spaces, extra),
    a.delayed ? h("div", { class: "small" }, T(ctx, "delayed"), " ", cubes) : cubes.length ? h("div", {}, cubes) : null,
    h("div", { class: "teffect small" }, effect));
  const acts = claim(ctx, claimed, [`activity:${a.card}`]);
  const own = (a.tradesmen || []).some((t) => t.seat === you);
  return piece(card, ctx, acts, { state: own ? "hired" : "face up", effect, name: a.card });
}

function eventEl(e, ctx, claimed, permanent) {
  const filled = [];
  (e.cubes || []).forEach((n, seat) => { for (let k = 0; k < n; k++) filled.push(seat); });
  for (let k = 0; k < (e.neutral_cubes || 0); k++) filled.push("neutral");
  const boxes = [];
  for (let i = 0; i < e.boxes; i++) {
    const o = filled[i];
    boxes.push(h("span", { class: "tcube" + (o !== undefined ? " full" : ""), "data-owner": o !== undefined ? o : null, "data-state": o !== undefined ? "cube" : "empty",
      style: typeof o === "number" ? { background: colourOfSeat(o) } : o === "neutral" ? { background: "#8a8a8a" } : {} }));
  }
  const effect = eventEffect(ctx, e, permanent ? "permanent" : "events");
  const card = h("div", { class: `tcard tevent ${e.fight_colour}${permanent ? " permanent" : ""}` },
    h("div", { class: "ttitle" }, name(ctx, e.card)),
    h("div", { class: "small" }, T(ctx, "event_numbers", { colour: ctx.word(e.fight_colour), divisor: e.divisor, first: e.vp[0], second: e.vp[1] })),
    e.black_dice ? h("div", { class: "small" }, T(ctx, "black_per_round", { n: e.black_dice })) : null,
    h("div", { class: "tboxes" }, boxes),
    h("div", { class: "teffect small" }, effect));
  return piece(card, ctx, claim(ctx, claimed, [`event:${e.card}`]), { state: permanent ? "permanent" : "in row", effect, name: e.card });
}

// What the table can see of each seat: a table on a wide screen; on a phone each seat's row is a
// card whose values carry their own heading (troyes.css), so nothing scrolls sideways (issue 15).
const SEAT_COLUMNS = ["vp", "deniers", "influence", "supply", "district", "events_won", "characters_held"];
function seatsEl(view, ctx) {
  const head = h("tr", {}, h("th", {}, ""), SEAT_COLUMNS.map((k) => h("th", {}, T(ctx, k))));
  const cell = (k, v) => h("td", { "data-k": k }, h("small", { class: "tlab" }, T(ctx, k)), h("span", { class: "tval" }, v));
  const rows = view.seats.map((p) => h("tr", { class: (p.seat === ctx.you ? "mine " : "") + (p.seat === view.to_move ? "tomove" : ""), "data-owner": p.seat },
    h("th", {}, h("span", { class: "tdot", style: { background: colourOfSeat(p.seat) } }), ctx.seatName(p.seat), p.passed ? ` · ${T(ctx, "passed")}` : ""),
    cell("vp", p.vp !== undefined ? String(p.vp) : h("span", { title: T(ctx, "vp_hidden") }, "?")),
    cell("deniers", String(p.deniers)), cell("influence", String(p.influence)), cell("supply", `${p.supply}/${p.citizens_owned}`),
    cell("district", String(p.district_deniers)), cell("events_won", String((p.events_won || []).length)), cell("characters_held", String(p.characters_held ?? ""))));
  return h("div", { class: "tablewrap" }, h("table", { class: "grid tseats" }, h("thead", {}, head), h("tbody", {}, rows)));
}

export function render(view, ctx) {
  if (!Array.isArray(view.buildings) || !Array.isArray(view.activities)) return null;
  const claimed = new Set();
  playPicks(view, ctx);
  // the character choice and the own dice are drawn in mine() too: played from there as well
  const me = ctx.you !== null && ctx.you !== undefined ? (view.seats || [])[ctx.you] : null;
  if (me) claim(ctx, claimed, (me.characters_drawn || []).map((n) => `character:${n}`));
  const board = [];
  board.push(h("div", { class: "tsection" }, h("h4", {}, T(ctx, "city_square")), districtsEl(view, ctx, claimed)));
  board.push(h("div", { class: "tsection" }, h("h4", {}, T(ctx, "buildings")),
    h("div", { class: "tcards" }, view.buildings.map((b, i) => buildingEl(i, b, view, ctx, claimed)), cathedralEl(view, ctx, claimed)),
    typeof view.grey_supply === "number" ? h("small", { class: "muted" }, T(ctx, "grey_supply", { n: view.grey_supply })) : null));
  const colours = ["red", "white", "yellow"];
  board.push(h("div", { class: "tsection" }, h("h4", {}, T(ctx, "activities")),
    h("div", { class: "tactivities" }, colours.map((c) => h("div", { class: "tcards" },
      view.activities.filter((a) => a.colour === c).map((a) => activityEl(a, ctx, claimed, ctx.you)))))));
  board.push(h("div", { class: "tsection" }, h("h4", {}, T(ctx, "events")),
    h("div", { class: "tcards" }, (view.event_row || []).map((e) => eventEl(e, ctx, claimed, false)),
      view.marauding ? eventEl({ ...view.marauding, cubes: view.marauding_cubes }, ctx, claimed, true) : null),
    h("small", { class: "muted" }, T(ctx, "decks", { red: (view.event_decks || [])[0], white: (view.event_decks || [])[1], yellow: (view.event_decks || [])[2] }))));
  board.push(h("div", { class: "tsection" }, h("h4", {}, T(ctx, "seats")), seatsEl(view, ctx)));
  const rest = (ctx.legal || []).filter((a) => !claimed.has(a));
  return h("section", { class: "panel gameboard troyes", "data-round": view.round, "data-phase": view.phase },
    pendingLine(view, ctx), controls(ctx, rest), board);
}
