"""``meeple simulate``: results per seat, and crashes reported with a record that reproduces them
(issue 2, "The meeple command": simulate)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import meeple
from meeple.engine import Action, Event
from meeple.simulate import run_games, save_crashes, summarise
from tests.engine.broken_games import variant
from tests.engine.tinygame import HiLoState


class CrashesOnTwelveState(HiLoState):
    """Raises when the 12 is played: a stand-in for a rules bug."""

    __slots__ = ()

    def _apply(self, action: Action) -> list[Event]:
        if action.notation == "play 12":
            raise RuntimeError("boom on 12")
        return super()._apply(action)


CRASHY = variant("crashy", CrashesOnTwelveState)


def test_simulate_counts_wins_and_scores_per_seat() -> None:
    results = run_games("hilo", 3, 6, ["random"] * 3, seed=10, jobs=1)
    summary = summarise("hilo", 3, ["random"] * 3, results, 1.0)
    assert summary["finished"] == 6 and not summary["crashes"]
    assert sum(s["wins"] for s in summary["seats"]) == pytest.approx(6)
    for seat in summary["seats"]:
        scores = [r.scores[seat["seat"]] for r in results]
        assert seat["min_score"] == min(scores) and seat["max_score"] == max(scores)


def test_simulate_is_deterministic_across_process_counts() -> None:
    one = run_games("hilo", 2, 4, ["random", "random"], seed=3, jobs=1)
    two = run_games("hilo", 2, 4, ["random", "random"], seed=3, jobs=2)
    assert [(r.seed, r.scores, r.decisions) for r in one] == [(r.seed, r.scores, r.decisions) for r in two]


def test_a_crash_is_reported_with_a_record_that_reproduces_it(tmp_path: Path) -> None:
    meeple.games.register(CRASHY)
    try:
        results = run_games("crashy", 2, 8, ["random", "random"], seed=0, jobs=1)
        summary = summarise("crashy", 2, ["random", "random"], results, 1.0)
        assert summary["crashes"], "the 12 is played in some of eight games"
        save_crashes(summary, results, tmp_path)
        crash = summary["crashes"][0]
        assert "boom on 12" in crash["error"]
        record = json.loads(Path(crash["record_file"]).read_text())
        assert record["meta"]["crashed_on"] == "play 12"
        state = meeple.replay(record)
        with pytest.raises(RuntimeError, match="boom on 12"):
            state.apply(record["meta"]["crashed_on"])
    finally:
        meeple.games.unregister("crashy")
