"""Per-round score rows for every game (issue 27): a finished table's payload carries
``score_by_round`` (meeple/server/rounds.py), one row per round played with every seat's score at
the round's end, which the score sheet shows as rows and as a chart (static/story.js)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from meeple import games
from meeple.server import create_app
from meeple.server.rounds import score_by_round

GAMES = ["luna_maris", "messina", "mundus_novus", "troyes"]


def _finished(game: str, players: int = 2, seed: int = 5) -> Any:
    s = games.get(game).new(players, seed, {})
    rng = random.Random(seed)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    return s


def _rounds_played(state: Any) -> list[int]:
    """The rounds the game went through, read from the spectators' view after each decision
    (Troyes' round 0, the draft, scores nothing)."""
    s = games.get(state.game.name).new(len(state.scores()), state.seed, state.options)
    seen = [s.view(None)["round"]]
    for a in state.record()["actions"]:
        s.apply(a)
        r = s.view(None)["round"]
        if r != seen[-1] and not s.is_over:
            seen.append(r)
    return [r for r in seen if r]


@pytest.mark.parametrize("game", GAMES)
def test_score_by_round_has_a_row_per_round_ending_on_the_final_scores(game: str) -> None:
    """Issue 27 ("per-round score rows in every game"): one row per round played, in order, each
    with a score for every seat; the last round ends with the game, so its row is the final
    scores (the sheet's final score row), as in Mundus Novus' own rows."""
    state = _finished(game)
    rows = score_by_round(state.record())
    assert [r["round"] for r in rows] == _rounds_played(state)
    assert all(len(r["scores"]) == 2 and all(isinstance(x, int) for x in r["scores"]) for r in rows)
    assert rows[-1]["scores"] == state.scores()


def test_score_by_round_mundus_novus_rounds_agree_with_its_own_rows() -> None:
    """Mundus Novus keeps its own rows (its view's score_by_round, the doubloons at each round's
    end; the sheet prefers them): the table's rows name the same rounds and end on the same
    final scores."""
    state = _finished("mundus_novus", players=3, seed=2)
    own = state.view(None)["score_by_round"]
    rows = score_by_round(state.record())
    assert [r["round"] for r in rows] == [r["round"] for r in own]
    assert rows[-1]["scores"] == own[-1]["scores"]


def test_finished_table_payload_carries_score_by_round(tmp_path: Any) -> None:
    """The payload of a finished table carries score_by_round (every game; a running table's does
    not: its scores by round are not over yet)."""
    app = create_app(f"sqlite:///{tmp_path / 'm.db'}", bot_delay=0.0, allow_seeds=True)
    with TestClient(app) as client:
        seats = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
        made = client.post("/api/tables", json={"game": "troyes", "players": 2, "seats": seats, "seed": 4}).json()
        data = client.get(f"/api/tables/{made['table']}").json()
        end = time.time() + 60
        while data["table"]["status"] != "over" and time.time() < end:
            assert "score_by_round" not in data
            time.sleep(0.1)
            data = client.get(f"/api/tables/{made['table']}").json()
        assert data["table"]["status"] == "over"
        rows = data["score_by_round"]
        assert [r["round"] for r in rows] == list(range(1, len(rows) + 1)) and len(rows) >= 2
        assert rows[-1]["scores"] == data["scores"]
