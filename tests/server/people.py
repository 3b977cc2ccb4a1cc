"""Helpers for the tests of accounts, ratings and notifications (issue 28)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.helpers import H

CHEAP = {"hash_cost": {"time_cost": 1, "memory_cost": 8, "parallelism": 1}}
"""argon2 at its cheapest, so that the tests stay fast (the server's default costs ~50 ms a hash)."""


def people(**kw: Any) -> dict[str, Any]:
    return {**CHEAP, **kw}


def account(client: TestClient, name: str, password: str = "correct horse") -> dict[str, str]:
    """Sign up and sign in ``name``; the bearer header of its session (no cookie kept)."""
    assert client.post("/api/accounts", json={"name": name, "password": password}).status_code == 201
    r = client.post("/api/session", json={"name": name, "password": password})
    assert r.status_code == 200, r.text
    client.cookies.clear()
    return {"Authorization": f"Bearer {r.json()['token']}"}


def play_out(client: TestClient, table: str, tokens: dict[int, str], pick: int = 0,
             limit: int = 200) -> dict[str, Any]:
    """Play the people's seats (``tokens``) by their ``pick``-th legal action until the game ends
    (bots move by themselves); the final payload."""
    import time

    for _ in range(limit * 50):
        body = client.get(f"/api/tables/{table}").json()
        if body["table"]["status"] != "playing":
            return body
        seat = body["view"] and body.get("you")
        to_move = next((s for s, tok in tokens.items()
                        if client.get(f"/api/tables/{table}", headers={H: tok}).json()["legal"]), None)
        if to_move is None:
            time.sleep(0.01)
            continue
        mine = client.get(f"/api/tables/{table}", headers={H: tokens[to_move]}).json()
        legal = mine["legal"]
        action = legal[min(pick, len(legal) - 1)]
        r = client.post(f"/api/tables/{table}/act", json={"action": action, "decision": mine["decisions"]},
                        headers={H: tokens[to_move]})
        assert r.status_code in (200, 409), r.text
        del seat
    raise AssertionError("the game did not end")
