// Seats by name, as the lobby, the table page and the replay name them (issue 15): a seat is named
// by its 0-based index, as in the game's events and the terminal ("Seat 0"); a name a person chose
// follows it.  The server's default names ("Seat 2", "Bot 2 (heuristic)") carry no more than the
// index and the bot kind, so they are shown as the label alone.
import { t } from "./i18n.js";

const DEFAULT_SEAT = /^Seat \d+$/, DEFAULT_BOT = /^Bot \d+ \((.+)\)$/;

// A bot level in player words (the server's levels random, easy, normal, hard; a level a server
// adds by --bot-levels shows by its name).
const LEVELS = { random: () => t("level_random"), easy: () => t("level_easy"), normal: () => t("level_normal"), hard: () => t("level_hard") };
export function levelName(b) { return LEVELS[b] ? LEVELS[b]() : b; }

export function seatLabel(i) {
  return `${t("seat")} ${i}`;
}

export function customName(name) {
  return typeof name === "string" && name && !DEFAULT_SEAT.test(name) && !DEFAULT_BOT.test(name) ? name : null;
}

export function seatTitle(i, name, bot) {
  const m = typeof name === "string" ? name.match(DEFAULT_BOT) : null;
  const own = customName(name);
  if (own) return `${seatLabel(i)} · ${own}`;
  if (m || bot) return `${seatLabel(i)} · ${t("bot_kind", { bot: levelName(bot || m[1]) })}`;
  return seatLabel(i);
}

// A seat of a table payload by name.
export function seatName(data, i) {
  const s = data && data.seats && data.seats[i];
  if (!s) return seatLabel(i);
  return seatTitle(i, s.name, s.kind === "bot" ? s.bot : null);
}
