"""Issue 30: two server processes on one database over Redis serve the same log.

Two apps (two ``create_app(..., redis=URL)``, each with its own event loop and Redis
connection, as two ``meeple serve --redis`` processes) share one PostgreSQL schema and one
Redis namespace.  A seat acts on one; once the other has the change (from the bus, not a
reload), its payload for every seat and for spectators equals the first's, labels and
``"secret"`` marks included (``story.py``: the label of a decision travels with it).  Only what
belongs to one process is left out of the comparison: its own change counter (``version``) and
the sockets open on it (``online``, ``watchers``).
"""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from meeple.engine import Rng
from tests.server.helpers import H

PG_ENV = "MEEPLE_TEST_DATABASE_URL"
REDIS_ENV = "MEEPLE_TEST_REDIS_URL"
LOCAL = {"version", "online", "watchers"}  # one process's own counter and its own sockets


@pytest.fixture
def two() -> Iterator[tuple[TestClient, TestClient]]:
    pg, redis = os.environ.get(PG_ENV), os.environ.get(REDIS_ENV)
    if not pg:
        pytest.skip(f"two processes over Redis not run: set {PG_ENV} "
                    "(e.g. postgresql+psycopg://postgres@127.0.0.1:5432/test)")
    if not redis:
        pytest.skip(f"two processes over Redis not run: set {REDIS_ENV} (e.g. redis://127.0.0.1:6379)")
    pytest.importorskip("redis", reason="the redis package (pip install 'meeple[redis]')")
    from meeple.server import create_app
    from meeple.server.store import Store

    schema = "meeple_truth_" + uuid.uuid4().hex[:10]
    clients = [TestClient(create_app(pg, schema=schema, redis=redis, allow_seeds=True, bot_workers=1,
                                     limits={"acts_per_second": 1000}))
               for _ in range(2)]
    for c in clients:
        c.__enter__()
    for c in clients:
        c.app.state.hub.sync_every = 3600.0  # type: ignore[attr-defined]  # the bus alone carries changes
    try:
        yield clients[0], clients[1]
    finally:
        for c in clients:
            c.__exit__(None, None, None)
        Store(pg, schema=schema).drop_schema()


def _payload(client: TestClient, table: str, token: str | None) -> dict[str, Any]:
    r = client.get(f"/api/tables/{table}", headers={H: token} if token else {})
    assert r.status_code == 200, r.text
    return {k: v for k, v in r.json().items() if k not in LOCAL}


def _caught_up(client: TestClient, table: str, decisions: int) -> None:
    end = time.time() + 10
    while client.get(f"/api/tables/{table}").json()["decisions"] != decisions:
        assert time.time() < end, "the other process did not get the change"
        time.sleep(0.02)


def test_server_two_processes_serve_the_same_log_for_every_seat(two: tuple[TestClient, TestClient]) -> None:
    """Troyes, two person seats: seat 0 plays on A, seat 1 on B (issue 30's reproduction).  After
    every decision, B's payload for seat 0, seat 1 and a spectator equals A's, and the other way
    round, labels included: the mover reads its own decision's label on both processes."""
    a, b = two
    made = a.post("/api/tables", json={"game": "troyes", "players": 2, "seed": 3,
                                       "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    table = made["table"]
    joined = b.post(f"/api/tables/{table}/join", json={"seat": 1}).json()
    tokens = {0: made["token"], 1: joined["token"]}
    home = {0: a, 1: b}  # the process each seat plays on
    assert _payload(b, table, None)["decisions"] == 0  # B holds the table in memory from now on
    rng = Rng(30)
    labelled = 0
    for _ in range(30):
        seat = next(s for s in (0, 1) if _payload(home[s], table, tokens[s])["legal"])
        mine = _payload(home[seat], table, tokens[seat])
        pick = mine["legal"][rng.below(len(mine["legal"]))]
        r = home[seat].post(f"/api/tables/{table}/act", json={"action": pick, "decision": mine["decisions"]},
                            headers={H: tokens[seat]})
        assert r.status_code == 200, r.text
        other = home[1 - seat]
        _caught_up(other, table, mine["decisions"] + 1)
        for viewer in (0, 1, None):
            token = tokens[viewer] if viewer is not None else None
            here, there = _payload(home[seat], table, token), _payload(other, table, token)
            assert here == there, f"seat {viewer} after decision {mine['decisions']}"
        own = _payload(other, table, tokens[seat])["log"][-1]
        assert own["decision"] == mine["decisions"] and "label" in own, own  # the mover knows its decision
        for e in _payload(other, table, None)["log"]:
            labelled += "label" in e
    assert labelled > 0  # spectators read some decisions by their label, on both processes


def test_server_restart_loads_what_is_asked_for_and_serves_the_same_log(db: dict[str, Any]) -> None:
    """Issue 30: a new process loads (in the background, answering meanwhile) only the running
    tables something must move without a request (a bot seat, a clock); a table waiting for people is loaded by its first
    request, its log's stories judged then, and serves the payloads the first process served."""
    from meeple.server import create_app

    def app() -> TestClient:
        client = TestClient(create_app(db["url"], schema=db["schema"], allow_seeds=True,
                                       limits={"acts_per_second": 1000}))
        client.__enter__()
        return client

    first = app()
    made = first.post("/api/tables", json={"game": "troyes", "players": 2, "seed": 8,
                                           "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    table = made["table"]
    tokens = {0: made["token"], 1: first.post(f"/api/tables/{table}/join", json={"seat": 1}).json()["token"]}
    bots = first.post("/api/tables", json={"game": "troyes", "players": 2, "seed": 9,
                                           "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}).json()
    rng = Rng(8)
    for _ in range(12):
        seat = next(s for s in (0, 1) if _payload(first, table, tokens[s])["legal"])
        mine = _payload(first, table, tokens[seat])
        r = first.post(f"/api/tables/{table}/act", headers={H: tokens[seat]},
                       json={"action": mine["legal"][rng.below(len(mine["legal"]))], "decision": mine["decisions"]})
        assert r.status_code == 200, r.text
    before = {v: _payload(first, table, tokens[v] if v is not None else None) for v in (0, 1, None)}
    assert any("label" in e for e in before[1]["log"])  # stories that a lost judgement would change
    first.__exit__(None, None, None)

    second = app()
    try:
        hub = second.app.state.hub  # type: ignore[attr-defined]
        end = time.time() + 20
        while bots["table"] not in hub.tables:  # resumed in the background, the server answering meanwhile
            assert time.time() < end, "the bot table was not resumed"
            time.sleep(0.02)
        assert table not in hub.tables  # the people's table waits for its first request
        for v in (0, 1, None):
            assert _payload(second, table, tokens[v] if v is not None else None) == before[v], f"seat {v}"
    finally:
        second.__exit__(None, None, None)
