"""Golden playthroughs at 2, 3 and 4 players: a stored seeded record replays to the same final
scores, ranking, scoring breakdown and key events (any rule change shows in the diff)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import meeple
from meeple.engine.core import Event
from tests.messina.make_messina_golden import event_counts

HERE = Path(__file__).parent / "golden"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_golden_playthrough(players: int) -> None:
    """遊戲流程 to 遊戲結束: a whole game replays exactly."""
    data = json.loads((HERE / f"messina_{players}p.json").read_text(encoding="utf-8"))
    record = data["record"]
    state = meeple.replay(record)
    assert state.is_over
    assert state.scores() == data["scores"]
    assert state.ranking() == data["ranking"]
    assert state.view(None)["final_scoring"] == data["final_scoring"]
    game = meeple.games.get("messina")
    fresh = game.new(players, seed=record["seed"], options=record["options"])
    events: list[Event] = []
    for text in record["actions"]:
        events += fresh.apply(text)
    assert event_counts(events) == data["event_counts"]
    assert [e["text"] for e in events[:6]] == data["first_events"]
    assert fresh.view(0) == state.view(0)
