// "Since your last decision" on the board (issue 27): the pieces, cards, tracks and scores that
// changed are marked (class "changed") until the reader's next decision.  After every drawing the
// page takes a snapshot of the board and the own position: each element that stands for
// something (an element with a data-id, a piece drawn by render.js piece(), the seats' scores) is
// keyed by its id and summed up by what it shows (its own text and attributes, not those of the
// pieces inside it).  Comparing the snapshot of the seat's previous view with the current one by
// key gives what changed; what another seat's decision changed is kept marked, and the reader's
// own decision clears the marks.  Everything compared is on the reader's page already: the marks
// show nothing the view does not.

const ROOTS = "#board, #mine, .seats";
const KEYED = "[data-id], [data-pc], .score";
// classes and attributes that say what the reader may do now, not what the board shows
const VOLATILE_CLASS = new Set(["clickable", "explains", "changed", "focus", "picked"]);
const SKIP_ATTR = new Set(["class", "title", "data-actions", "data-piece", "data-effect", "data-title", "data-pc", "aria-expanded", "tabindex"]);

function keyed(el) { return el.matches(KEYED); }

// An element's summary: its tag, attributes and text, with every keyed element inside it reduced
// to a placeholder (its own summary is its own).
function summary(el) {
  const parts = [el.tagName];
  for (const c of el.classList) if (!VOLATILE_CLASS.has(c)) parts.push("." + c);
  for (const a of el.attributes) if (!SKIP_ATTR.has(a.name)) parts.push(`${a.name}=${a.value}`);
  for (const n of el.childNodes) {
    if (n.nodeType === 3) parts.push(n.nodeValue.trim());
    else if (n.nodeType === 1 && n.tagName.toLowerCase() !== "title") parts.push(keyed(n) ? "[]" : summary(n));
  }
  return parts.join("|");
}

// A structural key for an element without an id: its place among its parent's children of the
// same kind (tag and first class, so that a card put before a track does not move the track's
// key), up to the nearest ancestor with an id (or the root).
function kind(e) { return `${e.tagName}.${e.classList[0] || ""}`; }
function pathOf(el, root) {
  const bits = [];
  for (let e = el; e && e !== root; e = e.parentElement) {
    if (e !== el && e.hasAttribute("data-id")) { bits.push("#" + e.getAttribute("data-id")); break; }
    const p = e.parentElement;
    const k = kind(e);
    bits.push(`${k}${p ? [...p.children].filter((c) => kind(c) === k).indexOf(e) : 0}`);
  }
  return bits.reverse().join("/");
}

// The element's key: its data-id; else, under its nearest ancestor that names a piece or a seat,
// the piece's name (render.js piece(): data-name) and owner, or its words (data-effect, data-title:
// a piece whose words change is a new piece, so marked), and its place among the pieces keyed
// alike; else its place in the page.
function anchorOf(el, root) {
  for (let e = el.parentElement; e && e !== root; e = e.parentElement) {
    for (const a of ["data-id", "data-name", "data-seat"]) if (e.hasAttribute(a)) return `${a}=${e.getAttribute(a)}`;
  }
  return root.id || root.className;
}

export function snapshot(page) {
  const out = new Map();
  const seen = new Map();
  for (const root of page.querySelectorAll(ROOTS)) {
    for (const el of root.querySelectorAll(KEYED)) {
      let key;
      if (el.hasAttribute("data-id")) key = "id:" + el.getAttribute("data-id");
      else {
        const anchor = anchorOf(el, root);
        const words = el.getAttribute("data-name") ?? el.getAttribute("data-effect") ?? el.getAttribute("data-title");
        if (words !== null) {
          const base = `${anchor}|${kind(el)}|${words}|${el.getAttribute("data-owner") ?? ""}`;
          const k = seen.get(base) || 0;
          seen.set(base, k + 1);
          key = `${base}|${k}`;
        } else key = `${anchor}|path:${pathOf(el, root)}`;
      }
      if (!out.has(key)) out.set(key, { el, sig: summary(el) });
    }
  }
  return out;
}

// The keys whose summary differs between two snapshots, or that are new in ``now``.
export function changed(before, now) {
  const out = new Set();
  for (const [k, { sig }] of now) {
    const was = before.get(k);
    if (!was || was.sig !== sig) out.add(k);
  }
  return out;
}

// The marks' memory across the page's drawings.
export function markState() {
  return { snap: null, at: null, keys: new Set() };
}

// After a drawing: compare with the previous one, update the marks and put them on the page.
// ``log``: the entries the reader has; ``you``: the reader's seat (null: a spectator, whose marks
// last until the next decision of anyone).
export function updateMarks(state, page, decisions, log, you) {
  const now = snapshot(page);
  if (state.snap && state.at !== null && decisions !== state.at) {
    if (decisions < state.at) state.keys.clear();  // an undo: the board went back
    else {
      const movers = log.filter((e) => e.kind === "action" && e.decision >= state.at && e.decision < decisions).map((e) => e.seat);
      const others = movers.some((s) => s !== you);
      if (you === null || movers.includes(you)) state.keys.clear();  // your decision: the marks start again
      if (others) for (const k of changed(state.snap, now)) state.keys.add(k);
    }
  }
  state.snap = now;
  state.at = decisions;
  for (const [k, { el }] of now) el.classList.toggle("changed", state.keys.has(k));
  return state.keys.size;
}
