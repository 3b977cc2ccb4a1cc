"""Issue 14: every event, refusal reason, action label and view sentence of Messina is a catalog
message that renders in English and Traditional Chinese (whole random games, every player count)."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.engine.rng import Rng
from meeple.games.messina import GAME
from meeple.i18n import render

LANGS = ("en", "zh_TW")


def _renders(message: Any) -> None:
    assert isinstance(message, dict) and message.get("key"), message
    for lang in LANGS:
        text = render(lang, message)
        assert text and "{" not in text, (lang, message, text)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_event_label_and_task_of_a_random_game_is_a_message(players: int) -> None:
    """Every legal action has a label, every event a key, and the view's task is a catalog key."""
    notations: set[str] = set()
    for seed in range(2):
        s = GAME.new(players, seed=seed)
        rng = Rng(seed + 31)
        while not s.is_over:
            legal = s.legal_actions()
            for a in legal:
                notations.add(a.notation)
                _renders(a.label)
            now = s.view(None)["now"]
            if now:
                _renders({"key": now["step"]})
            for event in s.apply(rng.choice(legal)):
                _renders(event)
                assert event["text"] == render("en", event)
    s = GAME.new(players, seed=5)
    for text in sorted(notations)[::7]:
        if text not in {a.notation for a in s.legal_actions()}:
            reason = s.explain_illegal(text)
            if reason is not None:
                _renders(reason)


def test_labels_name_costs_and_consequences() -> None:
    """Issue 15: a label says what an action costs and gives (the notation is unchanged)."""
    from meeple.games.messina.labels import BUY_CITY, RECALLS, SWAPS

    assert render("en", BUY_CITY[3].label) == "Buy a city register step for 3 coins"
    assert BUY_CITY[3].notation == "buy city"
    assert render("zh_TW", RECALLS[0].label) == "召回工人 1 到莊園，獲得 1 金幣"
    swap = SWAPS[(0, 1, 4)]
    assert swap.notation == "swap cabin stack 2 for 1 VP"
    assert render("en", swap.label) == "Pay 1 VP to put the top tile of cabin stack 2 on its bottom"
