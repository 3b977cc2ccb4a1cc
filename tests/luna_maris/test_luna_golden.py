"""Golden playthroughs at 1 (solo), 2, 3 and 4 players: a stored seeded record must replay to the same final
scores, ranking and key events (any rule change shows in the diff; regenerate with
``python -m tests.luna_maris.lm_make_golden`` only on purpose)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import meeple
from tests.luna_maris.lm_make_golden import KEY_TYPES

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_golden_playthrough(players: int) -> None:
    """Seed (all sections): a whole game replays to its recorded final scores and key events."""
    data = json.loads((GOLDEN / f"luna_maris_{players}p.json").read_text(encoding="utf-8"))
    record = data["record"]
    final = meeple.replay(record)
    assert final.is_over
    assert final.scores() == data["scores"]
    assert final.ranking() == data["ranking"]
    game = meeple.games.get("luna_maris")
    state = game.new(record["players"], seed=record["seed"], options=record["options"])
    events = []
    for text in record["actions"]:
        events.extend(e["text"] for e in state.apply(text) if e["type"] in KEY_TYPES)
    assert events == data["key_events"]
