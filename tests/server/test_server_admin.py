"""The Store's admin API (issue 16, failure 5: "no way to abort or delete a table";
backups as JSON lines), on which ``meeple admin`` is built."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from meeple.server import create_app
from meeple.server.store import Store
from tests.server.helpers import H, create, post_act, wait_for


def _store(db: dict[str, Any]) -> Store:
    store = Store(db["url"], schema=db["schema"])
    store.create_schema()
    return store


def test_server_admin_list_abort_delete(make_client: Callable[..., TestClient], db: dict[str, Any]) -> None:
    """Issue 16: list every table, abort a running one (no more moves), delete one."""
    client = make_client()
    t = create(client)
    tid, tok0 = t["table"], t["token"]
    other = create(client)["table"]
    store = _store(db)
    listed = {r["id"]: r for r in store.list_tables(limit=None)}
    assert {tid, other} <= set(listed)
    assert listed[tid]["status"] == "playing" and "token" not in listed[tid]["seats"][0]
    assert listed[tid]["seats"][0]["claimed"] and not listed[tid]["seats"][1]["claimed"]
    assert [r["id"] for r in store.list_tables(status="over")] == []

    assert store.abort(tid) is True
    assert store.abort(tid) is False  # not running any more
    assert store.abort("nosuchtable") is False
    r = post_act(client, tid, "take 1", tok0)  # the running server learns it at the commit
    assert r.status_code == 409 and "aborted" in r.json()["error"]
    body = client.get(f"/api/tables/{tid}", headers={H: tok0}).json()
    assert body["table"]["status"] == "aborted" and body["decisions"] == 0 and body["legal"] == []
    assert any(ev.get("type") == "abort" for e in body["log"] for ev in e["events"])

    assert store.delete(other) is True and store.delete(other) is False
    assert other not in {r["id"] for r in store.list_tables(limit=None)}
    store.dispose()


def test_server_admin_export_import_round_trip(make_client: Callable[..., TestClient],
                                               db: dict[str, Any], tmp_path: Any) -> None:
    """Issue 16: export every record as JSON lines and import them into an empty database:
    the games, seats (tokens keep working) and logs are the same."""
    client = make_client()
    t = create(client)
    tid, tok0 = t["table"], t["token"]
    assert post_act(client, tid, "take 2", tok0).status_code == 200
    bots = client.post("/api/tables", json={"game": "servergame", "players": 2, "seats": [{"kind": "bot"}] * 2})
    done = wait_for(client, bots.json()["table"], lambda b: b["table"]["status"] == "over")
    store = _store(db)
    lines = [json.dumps(rec) for rec in store.export_records()]
    assert len(lines) >= 2
    records = [json.loads(line) for line in lines]
    with pytest.raises(ValueError, match="exists"):
        store.import_records(records[:1])
    with pytest.raises(ValueError, match="record 1"):
        store.import_records([{"format": "meeple-table/1", "table": {"id": 5}}])
    store.dispose()

    fresh = Store(f"sqlite:///{tmp_path}/restored.db")
    fresh.create_schema()
    assert fresh.import_records(records) == len(records)
    assert [json.loads(json.dumps(r)) for r in fresh.export_records()] == records
    fresh.dispose()
    restored = TestClient(create_app(f"sqlite:///{tmp_path}/restored.db"))
    with restored:
        again = restored.get(f"/api/tables/{tid}", headers={H: tok0}).json()
        assert again["decisions"] == 1 and again["you"] == 0
        assert restored.get(f"/api/tables/{done['table']['id']}/record").json()["actions"] == \
            client.get(f"/api/tables/{done['table']['id']}/record").json()["actions"]
