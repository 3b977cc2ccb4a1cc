// Telling a player it is their turn (issue 15): the tab's title ("(●) Your turn — meeple" in the
// page's language) while it is, and an optional short sound when it becomes so (off by default; the
// choice is remembered by this browser).
import { t } from "./i18n.js";
import { h } from "./render.js";

const SOUND = "meeple:sound";
const BASE = "meeple";
let wasMine = false;
let audio = null;

export function soundOn() { return localStorage.getItem(SOUND) === "on"; }

function beep() {
  try {
    audio = audio || new AudioContext();
    const osc = audio.createOscillator(), gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.35);
  } catch { /* no audio here: the title still tells */ }
}

// Called on every draw of the table page with whether the reader is to move now.
export function turnNotice(mine) {
  document.title = mine ? t("title_your_turn") : BASE;
  if (mine && !wasMine && soundOn()) beep();
  wasMine = mine;
}

// Leaving the table page: the plain title again.
export function resetNotice() {
  document.title = BASE;
  wasMine = false;
}

// The sound's toggle (a button that says whether the sound is on).
export function soundToggle() {
  const label = () => "♪ " + (soundOn() ? t("sound_on") : t("sound_off"));
  const btn = h("button", { id: "sound", type: "button", class: "small", "aria-pressed": String(soundOn()), title: t("sound_hint") }, label());
  btn.addEventListener("click", () => {
    localStorage.setItem(SOUND, soundOn() ? "off" : "on");
    btn.textContent = label();
    btn.setAttribute("aria-pressed", String(soundOn()));
    if (soundOn()) beep();  // the click lets the browser start audio; the player hears what it is
  });
  return btn;
}
