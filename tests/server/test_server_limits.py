"""The limits a public server needs (issue 16, failure 5)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.helpers import H, create, post_act


def test_server_table_creation_rate_limited(make_client: Callable[..., TestClient]) -> None:
    """Issue 16: one client made 4,000 tables in 7.8 s; now creation is rate limited (429)."""
    client = make_client(limits={"creates_per_minute": 3})
    for _ in range(3):
        create(client)
    r = client.post("/api/tables", json={"game": "servergame", "players": 2})
    assert r.status_code == 429 and "too many" in r.json()["error"]
    assert int(r.headers["retry-after"]) >= 1
    assert len(client.get("/api/tables").json()["tables"]) == 3


def test_server_acts_rate_limited(make_client: Callable[..., TestClient]) -> None:
    """Issue 16: acts per client are rate limited; a refused act changes nothing."""
    client = make_client(limits={"acts_per_second": 1})
    t = create(client)
    tid, tok0 = t["table"], t["token"]
    codes = [post_act(client, tid, a, tok0).status_code for a in ("take 1", "end", "take 1")]
    assert codes[:2] == [200, 200] and codes[2] == 429
    assert client.get(f"/api/tables/{tid}").json()["decisions"] == 2


def test_server_open_tables_per_client_capped(make_client: Callable[..., TestClient]) -> None:
    """Issue 16: a client may have only so many running tables at once."""
    client = make_client(limits={"open_tables_per_client": 2})
    create(client)
    create(client)
    r = client.post("/api/tables", json={"game": "servergame", "players": 2})
    assert r.status_code == 429 and "running tables" in r.json()["error"]


def _refused_code(ws: Any) -> int:
    msg = ws.receive_json()
    assert msg["type"] == "error"
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_text()
    return int(closed.value.code)


def test_server_sockets_per_client_and_table_capped(make_client: Callable[..., TestClient]) -> None:
    """Issue 16: sockets per client and per table are capped (close code 4429)."""
    client = make_client(limits={"sockets_per_client": 2})
    tid = create(client)["table"]
    with client.websocket_connect(f"/ws/{tid}") as a, client.websocket_connect(f"/ws/{tid}") as b:
        for ws in (a, b):
            ws.send_text('{"token": null}')
            assert ws.receive_json()["type"] == "full"
        with client.websocket_connect(f"/ws/{tid}") as c:
            c.send_text('{"token": null}')
            assert _refused_code(c) == 4429
    other = make_client(limits={"sockets_per_table": 1})
    tid = create(other)["table"]
    with other.websocket_connect(f"/ws/{tid}") as a:
        a.send_text('{"token": null}')
        assert a.receive_json()["type"] == "full"
        with other.websocket_connect(f"/ws/{tid}") as b:
            b.send_text('{"token": null}')
            assert _refused_code(b) == 4429


def test_server_socket_without_hello_is_closed(make_client: Callable[..., TestClient]) -> None:
    """Issue 16: 300 sockets that never said hello were held; now a hello deadline closes them."""
    client = make_client(limits={"hello_timeout": 0.3})
    tid = create(client)["table"]
    t0 = time.monotonic()
    with client.websocket_connect(f"/ws/{tid}") as ws:
        assert _refused_code(ws) == 4400
    assert time.monotonic() - t0 < 3


def test_server_presence_is_batched(make_client: Callable[..., TestClient]) -> None:
    """Issue 16: every spectator connect pushed a full update to every client; now
    sockets coming and going reach the others as one batched presence message of counts."""
    client = make_client(limits={"presence_every": 0.3})
    t = create(client)
    tid, tok0 = t["table"], t["token"]
    with client.websocket_connect(f"/ws/{tid}") as me:
        me.send_text(f'{{"token": "{tok0}"}}')
        assert me.receive_json()["type"] == "full"
        watchers = []
        for _ in range(12):
            ws = client.websocket_connect(f"/ws/{tid}")
            ws.__enter__()
            ws.send_text('{"token": null}')
            assert ws.receive_json()["type"] == "full"
            watchers.append(ws)
        time.sleep(0.8)
        me.send_text("ping")
        got = []
        while True:
            msg = me.receive_json()
            if msg["type"] == "pong":
                break
            got.append(msg)
        assert got and all(m["type"] == "presence" for m in got) and len(got) <= 3
        assert got[-1] == {"type": "presence", "online": [0], "watchers": 12}
        for ws in watchers:
            ws.__exit__(None, None, None)


def test_server_idle_tables_unloaded_and_abandoned_expired(make_client: Callable[..., TestClient]) -> None:
    """Issue 16: tables without a clock waited forever in memory; idle ones now leave
    memory (and come back unchanged), and abandoned ones are aborted after a set time."""
    client = make_client(limits={"expire_after": 0.5})
    t = create(client)
    tid, tok0 = t["table"], t["token"]
    assert post_act(client, tid, "take 1", tok0).status_code == 200
    hub = client.app.state.hub  # type: ignore[attr-defined]
    before = client.get(f"/api/tables/{tid}", headers={H: tok0}).json()
    assert hub.sweep(idle=-1) >= 1 and tid not in hub.tables
    listed = {x["id"]: x for x in client.get("/api/tables").json()["tables"]}  # from the database
    assert not listed[tid]["seats"][0]["open"] and listed[tid]["seats"][1]["open"]
    assert client.get(f"/api/tables/{tid}", headers={H: tok0}).json()["view"] == before["view"]
    time.sleep(0.7)
    assert tid in client.portal.call(hub.expire)  # type: ignore[union-attr]
    body = client.get(f"/api/tables/{tid}", headers={H: tok0}).json()
    assert body["table"]["status"] == "aborted" and body["legal"] == []
    assert post_act(client, tid, "end", tok0).status_code == 409


def test_server_health_headers_and_docs(make_client: Callable[..., TestClient]) -> None:
    """Issue 16: a health endpoint, security headers on every answer, /api/docs off
    unless asked for."""
    client = make_client()
    r = client.get("/api/health")
    assert r.status_code == 200 and r.json()["ok"] is True
    for path in ("/", "/api/games", "/static/app.js", "/api/tables/nosuch"):
        h = client.get(path).headers
        assert "frame-ancestors 'none'" in h["content-security-policy"]
        assert "script-src 'self'" in h["content-security-policy"]
        assert h["x-content-type-options"] == "nosniff" and h["x-frame-options"] == "DENY"
    assert client.get("/api/docs").status_code == 404
    assert client.get("/api/openapi.json").status_code == 404
    assert make_client(docs=True).get("/api/docs").status_code == 200
