"""Issue 27, "Actions name their pieces": each game's board (``static/games/<game>.js``) binds a legal
action to its pieces by the payload's ``targets`` (``State.targets``), never by reading notations.

The boards are drawn in Chromium from real positions whose notations are all renamed to
meaningless tokens (``§0``, ``§1`` ...), with their targets as the server sends them: every action
that names a piece must still be offered by a piece of the board (its ``data-actions``), every
action without one by a control, and a click on a piece plays the renamed action.  A blank page of
the server's origin imports the module (``browserkit.module_page``), so a drawing takes
milliseconds.  Notations hidden by default (the header's setting shows them) are checked on a
real table page in Traditional Chinese.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import meeple
from meeple.engine import Rng
from tests.browserkit import create_table, module_page, open_page, wait_until

GAMES = ["luna_maris", "messina", "mundus_novus", "troyes"]
POSITIONS = 8  # sampled decisions per game

DRAW = """([view, legal, targets, labels, you]) => {
  const mod = window.board;
  const played = [];
  const labelOf = (a) => labels[legal.indexOf(a)] || null;
  const ctx = { you, toMove: view.to_move, players: view.players, seatName: (i) => `Seat ${i}`,
    seatLabel: (i) => `Seat ${i}`, legal, targets: new Map(legal.map((a, i) => [a, targets[i]])), labelOf,
    act: (a) => played.push(a), focus: () => {}, t: (k) => k, word: (w) => w, lang: "en",
    labelText: (a) => (labelOf(a) ? labelOf(a).key : a), message: (m) => (m && m.key) || "", explain: () => {} };
  const app = document.getElementById("app");
  app.replaceChildren();
  for (const part of [mod.mine && mod.mine(view, ctx), mod.render(view, ctx)]) if (part) app.append(part);
  const bound = new Set(), controls = new Set();
  for (const el of app.querySelectorAll(".clickable[data-actions]")) for (const a of el.dataset.actions.split("|")) bound.add(a);
  for (const el of app.querySelectorAll(".controls .control")) controls.add(el.dataset.action);
  // a piece with one action plays it on a click
  const single = [...app.querySelectorAll(".clickable[data-actions]")].find((el) => !el.dataset.actions.includes("|")
    && !el.hasAttribute("data-pick") && !el.chooserOpts);
  let clicked = null;
  if (single) { clicked = single.dataset.actions; single.dispatchEvent(new MouseEvent("click", { bubbles: true })); }
  const pending = app.querySelector(".tpending");
  return { bound: [...bound], controls: [...controls], clicked, played, pending: pending ? pending.textContent : null };
}"""


def _positions(game: str) -> list[dict[str, Any]]:
    """``POSITIONS`` positions of a seeded random 2-player game (its first 300 decisions) that have an
    action naming a piece, spread over the game, one with an action under way among them when there
    is one (Troyes' pending line), as the mover's payload would carry them."""
    rules = meeple.games.get(game)
    state = rules.new(2, seed=5)
    rng = Rng(11)
    found: list[dict[str, Any]] = []
    while not state.is_over and len(state.history) < 300:
        legal = state.legal_actions()
        targets = [state.targets(a) for a in legal]
        if any(targets):
            found.append({"view": state.view(state.to_move), "legal": [a.notation for a in legal],
                          "targets": targets, "labels": [state.label(a) for a in legal], "you": state.to_move})
        state.apply(legal[rng.below(len(legal))])
    picked = [found[i * len(found) // POSITIONS] for i in range(POSITIONS)] if len(found) >= POSITIONS else found
    under_way = [p for p in found if (p["view"].get("pending") or {}).get("action")]
    if under_way and under_way[0] not in picked:
        picked[-1] = under_way[0]
    return picked


@pytest.mark.parametrize("game", GAMES)
def test_board_binds_pieces_by_target_with_notations_renamed(browser: Any, server: str, game: str) -> None:
    """Issue 27: with every notation renamed (no client grammar of notations can find a piece), each
    action that names a piece is offered by a piece, each that names none is a control, and clicking
    a piece plays its (renamed) action."""
    positions = _positions(game)
    assert len(positions) == POSITIONS, f"{game}: too few positions with a piece"
    ctx, page = module_page(browser, server, f"games/{game}.js", "board")
    try:
        for pos in positions:
            renamed = [f"§{i}" for i in range(len(pos["legal"]))]
            got = page.evaluate(DRAW, [json.loads(json.dumps(pos["view"])), renamed, pos["targets"],
                                       json.loads(json.dumps(pos["labels"])), pos["you"]])
            named = {r for r, t in zip(renamed, pos["targets"], strict=True) if t}
            unbound = sorted(named - set(got["bound"]))
            assert not unbound, (f"{game} decision {pos['view']['decisions']}: actions with a piece not bound: "
                                 f"{[(pos['legal'][int(r[1:])], pos['targets'][int(r[1:])]) for r in unbound]}")
            plain = set(renamed) - named
            assert plain <= set(got["controls"]) | set(got["bound"]), (
                f"{game}: actions without a piece missing from the controls: "
                f"{[pos['legal'][int(r[1:])] for r in plain - set(got['controls'])]}")
            if got["clicked"]:
                assert got["played"] == [got["clicked"]], got
            under_way = (pos["view"].get("pending") or {}).get("action")
            if game == "troyes" and under_way:  # the action under way in words, from its piece's id
                assert "troyes.target." in (got["pending"] or ""), got["pending"]
                assert under_way not in re.sub(r"troyes\.[a-z_.]+", "", got["pending"]), got["pending"]
    finally:
        ctx.close()


def test_notations_hidden_by_default_and_shown_by_the_setting(browser: Any, server: str) -> None:
    """Issue 27, "Notations hidden by default": a zh-TW table page shows no action notation in any
    button until the header's setting (kept in localStorage) shows them, and then it does."""
    table, token = create_table(server, "messina", 2, "random", 1)
    ctx, page, errors = open_page(browser, f"{server}/t/{table}#token={token}", lang="zh")
    try:
        page.wait_for_selector("#actions button.act")
        assert page.locator("button .notation").count() == 0
        assert page.locator("#actions button.act[title]").count() == 0  # no notation as a tooltip either
        page.locator("#notations").check()
        wait_until(page, lambda: page.locator("#actions button .notation").count() > 0)
        assert page.evaluate("() => localStorage.getItem('meeple:notations')") == "1"
        page.reload()
        page.wait_for_selector("#actions button.act")
        wait_until(page, lambda: page.locator("#actions button .notation").count() > 0)
        assert page.locator("#notations").is_checked()
        assert not errors, errors
    finally:
        ctx.close()
