"""Golden playthroughs at 2, 3 and 4 players: any rules change shows in the diff (issue 3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import meeple
from meeple.games.troyes import GAME

HERE = Path(__file__).parent / "golden"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_golden_playthrough(players: int) -> None:
    """A seeded record replays to the same final scores and the same key events."""
    record = json.loads((HERE / f"troyes_{players}p.json").read_text(encoding="utf-8"))
    meta = record["meta"]
    state = meeple.replay(record)
    assert state.is_over
    assert state.scores() == meta["expected_scores"]
    s = GAME.new(players, record["seed"], record["options"])
    seen: list[dict] = []
    for text in record["actions"]:
        for e in s.apply(text):
            if "private" not in e:
                seen.append({"decision": len(s.history), "text": e["text"]})
    for key in meta["key_events"]:
        assert key in seen, f"missing key event {key}"
