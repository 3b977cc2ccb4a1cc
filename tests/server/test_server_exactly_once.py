"""Exactly-once moves (issue 16, failure 3): every act names the decision it answers.

A stale or repeated act gets 409 and changes nothing; concurrent duplicates are
applied at most once; two server processes on one PostgreSQL database never
interleave a table's decisions.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

import meeple
from tests.server.helpers import H, create, post_act, wait_for


def _act(client: TestClient, tid: str, action: str, decision: int, token: str) -> Any:
    return client.post(f"/api/tables/{tid}/act", json={"action": action, "decision": decision}, headers={H: token})


def test_server_repeated_act_is_refused_with_409(make_client: Callable[..., TestClient]) -> None:
    """Issue 16: the same act sent twice (a double click, a retry) is applied once."""
    client = make_client()
    t = create(client)
    tid, tok0 = t["table"], t["token"]
    assert _act(client, tid, "take 1", 0, tok0).status_code == 200
    before = client.get(f"/api/tables/{tid}", headers={H: tok0}).json()
    again = _act(client, tid, "take 1", 0, tok0)
    assert again.status_code == 409 and "stale" in again.json()["error"]
    after = client.get(f"/api/tables/{tid}", headers={H: tok0}).json()
    assert after["decisions"] == 1 and after["view"] == before["view"] and after["log"] == before["log"]


def test_server_stale_act_still_legal_is_refused(make_client: Callable[..., TestClient]) -> None:
    """Issue 16: an act answering an old decision is refused even when its notation is
    legal again now (the duplicate "pass" that landed a turn later)."""
    client = make_client()
    t = create(client)
    tid, tok0 = t["table"], t["token"]
    tok1 = client.post(f"/api/tables/{tid}/join", json={}).json()["token"]
    for decision, (tok, action) in enumerate([(tok0, "take 1"), (tok0, "end"), (tok1, "take 1"), (tok1, "end")]):
        assert _act(client, tid, action, decision, tok).status_code == 200
    # seat 0 to move again, "take 1" is legal, but this act answered decision 0
    r = _act(client, tid, "take 1", 0, tok0)
    assert r.status_code == 409
    assert client.get(f"/api/tables/{tid}").json()["decisions"] == 4
    # an act for a decision not reached yet is refused too, and a missing number is malformed
    assert _act(client, tid, "take 1", 9, tok0).status_code == 409
    r = client.post(f"/api/tables/{tid}/act", json={"action": "take 1"}, headers={H: tok0})
    assert r.status_code == 400 and "decision" in r.json()["error"]
    assert _act(client, tid, "take 1", 4, tok0).status_code == 200


def test_server_concurrent_duplicate_acts_applied_at_most_once(make_client: Callable[..., TestClient]) -> None:
    """Issue 16: eight concurrent copies of one act: exactly one is accepted."""
    client = make_client()
    t = create(client)
    tid, tok0 = t["table"], t["token"]
    codes: list[int] = []
    go = threading.Barrier(8)

    def send() -> None:
        go.wait()
        codes.append(_act(client, tid, "take 1", 0, tok0).status_code)

    threads = [threading.Thread(target=send) for _ in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(codes) == [200] + [409] * 7
    body = client.get(f"/api/tables/{tid}").json()
    assert body["decisions"] == 1
    assert [e["decision"] for e in body["log"] if e["kind"] == "action"] == [0]


def test_server_store_refuses_a_second_action_for_one_decision(db: dict[str, Any]) -> None:
    """Issue 16: the store itself refuses a repeated or out-of-order decision (unique key
    on (table, decision) and the stored position checked under the row lock)."""
    from meeple.server.store import Conflict, Store

    store = Store(db["url"], schema=db["schema"])
    store.create_schema()
    store.create_table({"id": "t1", "game": "servergame", "version": 1, "players": 2, "seed": 1,
                        "options": {"pile": 12}, "components": "x", "clock": None, "status": "playing"},
                       [{"seat": 0, "kind": "human", "name": "a"}, {"seat": 1, "kind": "human", "name": "b"}])
    entry = {"kind": "action", "decision": 0, "seat": 0, "notation": "take 1", "actor": "human", "events": []}
    store.add_entry("t1", entry, "playing")
    with pytest.raises(Conflict):
        store.add_entry("t1", entry, "playing")
    with pytest.raises(Conflict):
        store.add_entry("t1", {**entry, "decision": 5}, "playing")
    loaded = store.load_table("t1")
    assert loaded is not None and [e["decision"] for e in loaded[2]] == [0]
    store.dispose()


def test_server_store_drops_a_lost_connection_and_writes_the_next_decision(db: dict[str, Any]) -> None:
    """Issue 30 (the decision written on the driver's own connection, ``store_fast.py``): a
    connection lost under the store fails that write with SQLAlchemy's error for it and is
    dropped, so the retried decision is written on a new one; a seat's clock change travels in
    the same transaction as its decision."""
    import sqlalchemy as sa

    from meeple.server.store import Store

    store = Store(db["url"], schema=db["schema"])
    store.create_schema()
    store.create_table({"id": "t1", "game": "servergame", "version": 1, "players": 2, "seed": 1,
                        "options": {"pile": 12}, "components": "x", "clock": 60.0, "status": "playing"},
                       [{"seat": 0, "kind": "human", "name": "a"}, {"seat": 1, "kind": "human", "name": "b"}])
    entry = {"kind": "action", "decision": 0, "seat": 0, "notation": "take 1", "actor": "human", "events": []}
    store.add_entry("t1", entry, "playing", [{"seat": 1, "deadline": 1234.5}])
    store.fast._local.conn.driver_connection.close()  # the database went away under this thread's connection
    second = {**entry, "decision": 1, "seat": 1, "notation": "take 2"}
    with pytest.raises(sa.exc.DBAPIError):
        store.add_entry("t1", second, "playing")
    store.add_entry("t1", second, "over", [{"seat": 0, "deadline": None, "zombie": True}])
    meta, seats, entries = store.load_table("t1")  # type: ignore[misc]
    assert [(e["decision"], e["notation"]) for e in entries] == [(0, "take 1"), (1, "take 2")]
    assert meta["status"] == "over"
    assert [(s["deadline"], bool(s["zombie"])) for s in seats] == [(None, True), (1234.5, False)]
    store.dispose()


def test_server_two_processes_on_postgresql_drive_a_bot_table_once(
        make_client: Callable[..., TestClient], db: dict[str, Any]) -> None:
    """Issue 16: two server processes on one PostgreSQL database: only the process that
    holds a table's lock drives its bots, and the finished game's record is valid."""
    if db["url"].startswith("sqlite"):
        pytest.skip("SQLite has one server process")
    a = make_client()
    made = a.post("/api/tables", json={"game": "servergame", "players": 3, "options": {"pile": 400},
                                       "seats": [{"kind": "bot"}] * 3}).json()
    tid = made["table"]
    b = make_client()  # starts while the game runs: resumes running tables it can lock (none)
    b.get(f"/api/tables/{tid}")
    done = wait_for(a, tid, lambda x: x["table"]["status"] == "over", timeout=60)
    hub_b = b.app.state.hub  # type: ignore[attr-defined]
    assert tid in hub_b.tables and not hub_b.tables[tid].owned
    rec = a.get(f"/api/tables/{tid}/record").json()
    assert len(rec["actions"]) == done["decisions"]
    assert meeple.replay(rec).is_over
    actions = [e["decision"] for e in done["log"] if e["kind"] == "action"]
    assert actions == list(range(len(actions)))
    # the other process shows the same finished game once it syncs
    seen = wait_for(b, tid, lambda x: x["table"]["status"] == "over", timeout=10)
    assert seen["decisions"] == done["decisions"]


def test_server_act_in_another_process_is_applied_once(
        make_client: Callable[..., TestClient], db: dict[str, Any]) -> None:
    """Issue 16: the same act sent to two processes on one database is applied once; the
    process that was behind reloads the table and answers 409."""
    if db["url"].startswith("sqlite"):
        pytest.skip("SQLite has one server process")
    a, b = make_client(), make_client()
    t = create(a)
    tid, tok0 = t["table"], t["token"]
    assert b.get(f"/api/tables/{tid}").json()["decisions"] == 0  # b has it in memory
    assert post_act(a, tid, "take 1", tok0).status_code == 200
    r = _act(b, tid, "take 2", 0, tok0)  # b still thinks decision 0 is open
    assert r.status_code == 409
    assert b.get(f"/api/tables/{tid}").json()["decisions"] == 1  # reloaded
    assert _act(b, tid, "end", 1, tok0).status_code == 200
    assert wait_for(a, tid, lambda x: x["decisions"] == 2, timeout=10)["decisions"] == 2


def test_server_surviving_process_takes_over_a_bot_table(
        make_client: Callable[..., TestClient], db: dict[str, Any]) -> None:
    """Issue 16: when the process that runs a table's bots stops, another process on the
    same PostgreSQL database takes the table's lock and plays it to the end."""
    if db["url"].startswith("sqlite"):
        pytest.skip("SQLite has one server process")
    a, b = make_client(), make_client()
    made = a.post("/api/tables", json={"game": "servergame", "players": 3, "options": {"pile": 400},
                                       "seats": [{"kind": "bot"}] * 3}).json()
    tid = made["table"]
    wait_for(a, tid, lambda x: x["decisions"] >= 5)
    a.__exit__(None, None, None)  # the owner stops: its advisory lock ends with its connection
    done = wait_for(b, tid, lambda x: x["table"]["status"] == "over", timeout=90)
    assert b.app.state.hub.tables[tid].owned  # type: ignore[attr-defined]
    rec = b.get(f"/api/tables/{tid}/record").json()
    assert meeple.replay(rec).is_over and len(rec["actions"]) == done["decisions"]
