"""Helpers for the server's API tests: acts, table creation, waiting for a state."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

H = "X-Seat-Token"


def wait_for(client: TestClient, table: str, cond: Callable[[dict[str, Any]], bool],
             token: str | None = None, timeout: float = 20) -> dict[str, Any]:
    end = time.time() + timeout
    while True:
        body = client.get(f"/api/tables/{table}", headers={H: token} if token else {}).json()
        if cond(body):
            return body
        if time.time() > end:
            raise AssertionError(f"timed out; last payload: {body}")
        time.sleep(0.02)


def post_act(client: TestClient, table: str, action: str, token: str | None = None) -> Any:
    """POST an act answering the table's current decision (as the browser does)."""
    decision = client.get(f"/api/tables/{table}").json()["decisions"]
    return client.post(f"/api/tables/{table}/act", json={"action": action, "decision": decision},
                       headers={H: token} if token else {})


def create(client: TestClient, **kw: Any) -> dict[str, Any]:
    body = {"game": "servergame", "players": 2, "seed": 7,
            "seats": [{"kind": "human"}, {"kind": "human"}]}
    body.update(kw)
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    return r.json()
