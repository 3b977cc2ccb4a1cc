"""Issue 17: a change published by one process is applied in place by another (``bus.py``),
and one that does not follow what the other holds makes it reload from the database.

Two apps on one database stand for two processes; the message one would publish
on Redis is taken from its outbox and handed to the other (no Redis needed).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from meeple.server.bus import Bus
from tests.server.helpers import H, create


def _wired(client: TestClient) -> Any:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.bus = Bus("redis://127.0.0.1:1")  # never connected: the test carries the messages
    hub._outbox = asyncio.Queue()
    return hub


def test_server_multiprocess_change_applied_in_place_or_reloaded(make_client: Callable[..., TestClient]) -> None:
    a, b = make_client(), make_client()
    hub_a, hub_b = _wired(a), _wired(b)
    made = create(a)
    table, t0 = made["table"], made["token"]
    t1 = a.post(f"/api/tables/{table}/join", json={"seat": 1}).json()["token"]
    while not hub_a._outbox.empty():
        hub_a._outbox.get_nowait()
    assert b.get(f"/api/tables/{table}", headers={H: t1}).json()["decisions"] == 0  # B holds it now
    reloads: list[str] = []
    real_reload = hub_b._reload

    async def counted(t: Any) -> None:
        reloads.append(t.id)
        await real_reload(t)

    hub_b._reload = counted
    assert a.post(f"/api/tables/{table}/act", json={"action": "take 2", "decision": 0},
                  headers={H: t0}).status_code == 200
    msg = json.loads(hub_a._outbox.get_nowait())
    assert msg["e"][0]["notation"] == "take 2" and msg["b"] == 1  # the join's note came first

    b.portal.call(hub_b._on_change, msg)  # type: ignore[union-attr]
    seen = b.get(f"/api/tables/{table}", headers={H: t0}).json()
    assert seen["decisions"] == 1 and not reloads  # applied in place
    assert seen["log"][-1]["notation"] == "take 2"
    assert b.get(f"/api/tables/{table}").json()["view"] == a.get(f"/api/tables/{table}").json()["view"]

    b.portal.call(hub_b._on_change, msg)  # the same message again: it does not follow any more
    assert reloads == [table]
    assert b.get(f"/api/tables/{table}").json()["decisions"] == 1

    bad = dict(msg, b=len(hub_b.tables[table].entries), e=[dict(msg["e"][0], decision=1, notation="fly")], h=2)
    b.portal.call(hub_b._on_change, bad)  # an action the game refuses: reload, nothing applied
    assert reloads == [table, table]
    assert b.get(f"/api/tables/{table}").json()["decisions"] == 1

    own = dict(msg, o=hub_b.bus.origin)  # a process ignores its own messages
    b.portal.call(hub_b._on_change, own)
    assert reloads == [table, table]


def test_server_multiprocess_processes_starting_at_once_create_one_schema() -> None:
    """Several processes starting at once on a fresh PostgreSQL schema all start (one creates
    the tables, the others wait for it): ``CREATE ... IF NOT EXISTS`` alone races."""
    import os
    import uuid
    from concurrent.futures import ThreadPoolExecutor

    import pytest

    from meeple.server.store import Store

    url = os.environ.get("MEEPLE_TEST_DATABASE_URL")
    if not url:
        pytest.skip("PostgreSQL half not run: set MEEPLE_TEST_DATABASE_URL "
                    "(e.g. postgresql+psycopg://postgres@127.0.0.1:5432/test) to run it")
    schema = "meeple_race_" + uuid.uuid4().hex[:8]
    stores = [Store(url, schema=schema) for _ in range(6)]
    try:
        with ThreadPoolExecutor(6) as pool:
            list(pool.map(lambda s: s.create_schema(), stores))
    finally:
        stores[0].drop_schema()
        for s in stores:
            s.dispose()


def test_server_multiprocess_unowned_tables_found_in_one_look() -> None:
    """``Store.unowned``: the tables whose advisory lock nobody holds, read from ``pg_locks``
    (the sync loop tries to take over only those); a store that ends frees its tables at once."""
    import os
    import uuid

    import pytest

    from meeple.server.store import Store

    url = os.environ.get("MEEPLE_TEST_DATABASE_URL")
    if not url:
        pytest.skip("PostgreSQL half not run: set MEEPLE_TEST_DATABASE_URL "
                    "(e.g. postgresql+psycopg://postgres@127.0.0.1:5432/test) to run it")
    schema = "meeple_own_" + uuid.uuid4().hex[:8]
    one, two = Store(url, schema=schema), Store(url, schema=schema)
    ids = [uuid.uuid4().hex[:12] for _ in range(40)]
    try:
        for t in ids[:20]:
            assert one.try_own(t)
        assert two.unowned(ids) == set(ids[20:])
        assert one.unowned(ids) == set(ids[20:])  # its own count as held too
        one.dispose()  # the process ends: its tables are free before dispose returns
        assert two.unowned(ids) == set(ids)
    finally:
        one.dispose()
        two.dispose()
