// The end screen of a solo game (issue 29): the view's "solo" result against its yardstick (the
// AI's score, or a published target), and the person's best solo scores at this game and level
// (the payload's solo_best, kept by the server: meeple/server/solo_scores.py).
import { t, word } from "./i18n.js";
import { h } from "./render.js";

// the status bar's words at the end of a solo game (there is no winner among the seats)
export function soloVerdict(solo) {
  return solo.beaten ? t("solo_beaten") : t("solo_not_beaten");
}

export function soloResult(solo, best) {
  if (!solo) return null;
  const against = solo.yardstick_kind === "ai" ? t("solo_vs_ai", { n: solo.yardstick }) : t("solo_vs_target", { n: solo.yardstick });
  const verdict = solo.beaten ? t("solo_beaten") : t("solo_not_beaten");
  const rows = best && best.scores ? best.scores.map((s) => h("li", {}, String(s.score),
    s.yardstick !== null && s.yardstick !== undefined ? h("span", { class: "muted small" }, ` (${s.beaten ? "✓" : "✗"} ${s.yardstick})`) : null)) : [];
  return h("section", { class: "panel solo", id: "solo-result", "data-beaten": solo.beaten ? "1" : "0" },
    h("h3", {}, t("solo_result"), solo.level ? h("span", { class: "muted small" }, ` · ${t("solo_level", { level: word(solo.level) })}`) : null),
    h("p", {}, h("b", { class: "solo-score" }, String(solo.score)), " · ", against, " · ", h("b", { class: solo.beaten ? "ok" : "warn" }, verdict)),
    best && best.best !== null && best.best !== undefined ? h("div", { class: "solo-best" },
      h("p", {}, t("solo_your_best", { n: best.best, name: best.name }), best.new_best ? h("b", { class: "ok" }, " · " + t("solo_new_best")) : null,
        h("span", { class: "muted small" }, " · " + t("solo_games", { n: best.games, beaten: best.beaten }))),
      h("ol", { class: "solo-top" }, rows)) : null);
}
