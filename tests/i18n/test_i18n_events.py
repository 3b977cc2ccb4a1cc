"""Issue 14: every event, refusal reason and action label that random play reaches renders in
both languages without a missing key.

The game packages convert their rules to messages one game at a time (docs/engine.md, "Messages
(issue 14)"): a game whose events, refusal reasons or labels are converted is listed in
``CONVERTED`` and from then on every one of them must carry a key.  Until then this sweep checks
that whatever carries a key renders in both languages (strict: a missing key fails), and counts
what is still English text, which the report lists per game.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from meeple import games
from meeple.engine.rng import Rng
from meeple.i18n import render

CONVERTED: dict[str, set[str]] = {
    "messina": {"events", "refusals", "labels"},
    "troyes": {"events", "refusals", "labels"},
    "mundus_novus": {"events", "refusals", "labels"},
    "luna_maris": {"events", "refusals", "labels"},
}
"""Per game, which of "events", "refusals", "labels" its package has converted to message keys."""

CASES = [(name, players) for name in CONVERTED
         for players in range(games.get(name).min_players, games.get(name).max_players + 1)]


def _sweep(game: str, players: int, seeds: int = 2) -> tuple[Counter[str], Counter[str], list[Any], list[Any]]:
    """Keyed and unkeyed event types, refusal reasons and action labels met in random games."""
    g = games.get(game)
    keyed: Counter[str] = Counter()
    text: Counter[str] = Counter()
    refusals: list[Any] = []
    labels: list[Any] = []
    for seed in range(seeds):
        state = g.new(players, seed=seed)
        rng = Rng(seed + 7)
        step = 0
        while not state.is_over:
            legal = state.legal_actions()
            if step % 10 == 0:
                labels.extend(state.label(a) for a in legal[:5])
                refusals.append(state.explain_illegal(legal[0].notation + " x"))
            for event in state.apply(rng.choice(legal)):
                (keyed if event.get("key") else text)[str(event.get("type"))] += 1
                if event.get("key"):
                    for lang in ("en", "zh_TW"):
                        assert render(lang, event), event
            step += 1
    return keyed, text, refusals, labels


@pytest.mark.parametrize(("game", "players"), CASES)
def test_i18n_reached_messages_render_in_both_languages(game: str, players: int) -> None:
    """Issue 14: everything random play reaches that carries a key renders in en and zh_TW; a
    converted game carries keys on every event, refusal reason and label."""
    keyed, text, refusals, labels = _sweep(game, players)
    for message in [*refusals, *labels]:
        if isinstance(message, dict) and message.get("key"):
            for lang in ("en", "zh_TW"):
                assert render(lang, message)
    done = CONVERTED[game]
    if "events" in done:
        assert not text, f"{game}: events still without a key: {sorted(text)}"
    if "refusals" in done:
        assert all(r is None or (isinstance(r, dict) and r.get("key")) for r in refusals)
    if "labels" in done:
        assert all(isinstance(label, dict) and label.get("key") for label in labels)
    assert keyed or text, "random play reached no event at all"
