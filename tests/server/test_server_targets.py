"""Issue 27, "Actions name their pieces": the table payload's ``targets`` are ``state.targets(a)``
for each legal action, in the order of ``legal``, and name only pieces of the seat's own view; a
seat that may not act gets none."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

import meeple
from meeple.engine import Rng
from tests.server.helpers import H


@pytest.mark.parametrize("game", ["luna_maris", "messina", "mundus_novus", "troyes"])
def test_server_payload_targets_are_the_positions_targets(
        game: str, make_client: Callable[..., TestClient]) -> None:
    """Two people play a seeded game through the API for 25 decisions: the mover's payload holds
    ``state.targets(a)`` of every legal action, each id one its view draws (``piece_ids``), some
    action names a piece, and the waiting seat's payload has no targets (it has no legal actions)."""
    client = make_client(limits={"acts_per_second": 1000})
    made = client.post("/api/tables", json={"game": game, "players": 2, "seed": 3,
                                            "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    tid = made["table"]
    tokens = [made["token"], client.post(f"/api/tables/{tid}/join", json={"seat": 1}).json()["token"]]
    rules = meeple.games.get(game)
    truth = rules.new(2, seed=3)
    rng = Rng(77)
    named = 0
    for _ in range(25):
        mover = truth.to_move
        body = client.get(f"/api/tables/{tid}", headers={H: tokens[mover]}).json()
        legal = truth.legal_actions()
        assert body["legal"] == [a.notation for a in legal]
        assert body["targets"] == [truth.targets(a) for a in legal]
        ids = rules.piece_ids(body["view"])
        assert all(t in ids for ts in body["targets"] for t in ts), body["targets"]
        named += sum(1 for ts in body["targets"] if ts)
        other = client.get(f"/api/tables/{tid}", headers={H: tokens[1 - mover]}).json()
        assert other["targets"] == [] and other["legal"] == []
        pick = legal[rng.below(len(legal))].notation
        r = client.post(f"/api/tables/{tid}/act", json={"action": pick, "decision": len(truth.history)},
                        headers={H: tokens[mover]})
        assert r.status_code == 200, r.text
        truth.apply(pick)
        if truth.is_over:
            break
    assert named, f"{game}: no action named a piece in 25 decisions"
