// Helpers every page and every game's board share (issue 27): one definition of each, imported by
// app.js, render.js and games/*.js.

// A name as a catalog key's part ("sugar cane" -> "sugar_cane", "King's Help" -> "king_s_help").
export const slug = (s) => String(s).toLowerCase().replace(/[^0-9a-z]+/g, "_").replace(/^_+|_+$/g, "") || "_";

// A catalog entry whose key is built at run time (never a literal: the catalog extractor reads
// literal t("...") calls as the web client's own keys).
export const tr = (ctx, key, args) => ctx.t(key, args);

// The seats' colours, by seat index (a seat past the last colour takes them again from the first).
export const SEAT_COLOURS = ["#c0392b", "#2e6fb5", "#d4a017", "#2f8f4e", "#7d4ba3", "#e67e22"];
export const seatColour = (seat) => SEAT_COLOURS[((Number(seat) % SEAT_COLOURS.length) + SEAT_COLOURS.length) % SEAT_COLOURS.length];

// Whether buttons show each action's notation beside its words (a player setting, off by default;
// kept in localStorage beside the language).
const NOTATIONS = "meeple:notations";
export function notationsShown() {
  try { return localStorage.getItem(NOTATIONS) === "1"; } catch (e) { return false; }
}
export function setNotationsShown(on) {
  try { localStorage.setItem(NOTATIONS, on ? "1" : "0"); } catch (e) { /* private mode: for this page only */ }
}

// The legal actions by the pieces they name: ``ctx.targets`` maps each legal notation to the ids of
// the pieces and places it involves (the payload's ``targets``, the same ids the view gives them,
// State.targets), so no board reads a notation.  ``on(id)`` lists the actions of one piece (in the
// order of the legal list), ``rest`` those that name no piece (the board's controls).
export function byTarget(ctx) {
  const on = new Map();
  const rest = [];
  for (const a of ctx.legal || []) {
    const ids = (ctx.targets && ctx.targets.get(a)) || [];
    if (!ids.length) rest.push(a);
    for (const id of ids) {
      if (!on.has(id)) on.set(id, []);
      on.get(id).push(a);
    }
  }
  return { on: (id) => on.get(id) || [], rest, ids: () => [...on.keys()] };
}
