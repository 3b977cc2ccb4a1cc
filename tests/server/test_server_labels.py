"""Issue 15: the table payload's ``labels`` are ``state.label(a)`` for each legal action, so Troyes'
labels naming the forced dice an action buys (worked out only when a surface asks, not in
``legal_actions()``) reach the page."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient

import meeple
from meeple.engine import Rng
from tests.server.helpers import H


def test_server_payload_labels_are_the_positions_labels_forced_dice_included(
        make_client: Callable[..., TestClient]) -> None:
    """Two people play seeded Troyes through the API: at each decision the mover's payload holds
    ``state.label(a)`` of every legal action, in the order of ``legal``, and a label naming forced
    bought dice (``troyes.label.forced``, with the die and its price) comes before long."""
    client = make_client(limits={"acts_per_second": 1000})
    made = client.post("/api/tables", json={"game": "troyes", "players": 2, "seed": 1,
                                            "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    tid = made["table"]
    tokens = [made["token"], client.post(f"/api/tables/{tid}/join", json={"seat": 1}).json()["token"]]
    truth = meeple.games.get("troyes").new(2, seed=1)
    rng = Rng(501)
    forced = []
    for _ in range(120):
        body = client.get(f"/api/tables/{tid}", headers={H: tokens[truth.to_move]}).json()
        legal = truth.legal_actions()
        assert body["legal"] == [a.notation for a in legal]
        assert body["labels"] == [truth.label(a) for a in legal]
        forced += [lab for lab in body["labels"] if lab and lab["key"] == "troyes.label.forced"]
        if len(forced) >= 3:
            break
        pick = legal[rng.below(len(legal))].notation
        r = client.post(f"/api/tables/{tid}/act", json={"action": pick, "decision": len(truth.history)},
                        headers={H: tokens[truth.to_move]})
        assert r.status_code == 200, r.text
        truth.apply(pick)
    assert len(forced) >= 3, "no label named forced dice"
    assert all("deniers" in lab["text"] and lab["args"]["dice"] for lab in forced), forced
