"""The server draws every seed (issue 16, failure 2: a creator-chosen seed revealed
every hidden card and every future draw)."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient

import meeple
from tests.server.helpers import wait_for


def test_server_refuses_a_chosen_seed_by_default(make_client: Callable[..., TestClient]) -> None:
    """Issue 16: without allow_seeds a chosen seed is refused (400) and no table is made."""
    client = make_client(allow_seeds=False)
    r = client.post("/api/tables", json={"game": "servergame", "players": 2, "seed": 424242})
    assert r.status_code == 400 and "--allow-seeds" in r.json()["error"]
    assert client.get("/api/tables").json()["tables"] == []
    made = client.post("/api/tables", json={"game": "servergame", "players": 2,
                                            "seats": [{"kind": "bot"}, {"kind": "bot"}]}).json()
    other = client.post("/api/tables", json={"game": "servergame", "players": 2,
                                             "seats": [{"kind": "bot"}, {"kind": "bot"}]}).json()
    a = wait_for(client, made["table"], lambda b: b["table"]["status"] == "over")
    b = wait_for(client, other["table"], lambda b: b["table"]["status"] == "over")
    rec_a = client.get(f"/api/tables/{made['table']}/record").json()
    rec_b = client.get(f"/api/tables/{other['table']}/record").json()
    assert rec_a["seed"] != rec_b["seed"] and "meta" not in rec_a
    listed = {t["id"]: t for t in client.get("/api/tables").json()["tables"]}
    assert listed[made["table"]]["seeded"] is False
    assert a["table"]["status"] == b["table"]["status"] == "over"


def test_server_chosen_seed_is_marked(make_client: Callable[..., TestClient]) -> None:
    """Issue 16: with allow_seeds (meeple serve --allow-seeds, for testing) a chosen seed
    is marked in the lobby listing and in the record's meta."""
    client = make_client(allow_seeds=True)
    made = client.post("/api/tables", json={"game": "servergame", "players": 2, "seed": 424242,
                                            "seats": [{"kind": "bot"}, {"kind": "bot"}]}).json()
    listed = {t["id"]: t for t in client.get("/api/tables").json()["tables"]}
    assert listed[made["table"]]["seeded"] is True
    wait_for(client, made["table"], lambda b: b["table"]["status"] == "over")
    rec = client.get(f"/api/tables/{made['table']}/record").json()
    assert rec["seed"] == 424242 and rec["meta"] == {"seed_chosen": True}
    assert meeple.replay(rec).is_over
