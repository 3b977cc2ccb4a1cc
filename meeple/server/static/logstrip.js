// The since-your-last-decision strip (issue 27): a short line per decision each other seat made
// since the reader's last one, from the log entries the server sent this seat (story.py: each
// entry holds only the events this seat may see, and a decision's label only where this seat may
// know it, else "chose secretly"), so nothing hidden shows.
import { message, t } from "./i18n.js";
import { h } from "./render.js";
import { eventText } from "./story.js";

const MAX = 6;  // the strip's lines at most (the latest); the log holds the rest

// The other seats' decisions since the reader's last one (a spectator: the last few decisions).
export function sinceLast(log, you) {
  let start = 0;
  if (you !== null) {
    for (let i = log.length - 1; i >= 0; i--) if (log[i].kind === "action" && log[i].seat === you) { start = i + 1; break; }
  }
  return log.slice(start).filter((e) => e.kind === "action" && e.seat !== you);
}

// One decision's words: its label where the reader may know it, else its first visible event,
// else "chose secretly".
function line(e, seatName) {
  if (e.label) return message(e.label);
  if (e.events && e.events.length) return eventText(e.events[0], seatName);
  return t("chose_secretly");
}

export function logStrip(log, you, seatName) {
  const entries = sinceLast(log, you);
  if (!entries.length) return null;
  const shown = entries.slice(-MAX);
  return h("div", { class: "since", id: "since" },
    h("div", { class: "muted small" }, you === null ? t("lately") : t("since_last")),
    h("ol", {}, shown.map((e) => h("li", { "data-seat": e.seat, "data-decision": e.decision },
      h("span", { class: "who s" + e.seat }, seatName(e.seat)), ": ", h("span", { class: "what" }, line(e, seatName))))),
    entries.length > shown.length ? h("div", { class: "muted small" }, t("and_more", { n: entries.length - shown.length })) : null);
}
