"""Golden playthroughs at 2, 4 and 6 players: replaying each stored record gives the same final scores,
ranking, round and key events (any rule change shows in the diff)."""

from __future__ import annotations

import json

import pytest

from meeple.engine import replay

from .mundus_golden import CASES, HERE, golden_name, key_events


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_golden_playthrough(players: int, seed: int) -> None:
    """A whole seeded game per player count replays to the stored result."""
    data = json.loads((HERE / golden_name(players, seed)).read_text())
    state = replay(data["record"])
    assert state.is_over
    assert state.scores() == data["scores"]
    assert state.ranking() == data["ranking"]
    assert state.round == data["round"]  # type: ignore[attr-defined]
    assert key_events(data["record"]) == data["key_events"]
