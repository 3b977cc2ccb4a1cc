"""Refusals, not crashes (issue 16, failure 4): every bad input is a clear 4xx (or a
WebSocket close code 4400) and changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.helpers import H, create

DEEP = b"[" * 100_000 + b"]" * 100_000
BAD_CREATES: list[tuple[str, bytes | dict[str, Any]]] = [
    ("100,000-deep array", DEEP),
    ("deep object in options", b'{"game": "servergame", "options": ' + b'{"a": ' * 50 + b"1" + b"}" * 50 + b"}"),
    ("5,000-digit players", b'{"game": "servergame", "players": ' + b"9" * 5000 + b"}"),
    ("4,000-digit players", b'{"game": "servergame", "players": ' + b"9" * 4000 + b"}"),
    ("game as a list", {"game": ["troyes"]}),
    ("options as text", {"game": "servergame", "options": "abc"}),
    ("players as text", {"game": "servergame", "players": "2"}),
    ("unknown field", {"game": "servergame", "colour": "red"}),
    ("NUL in a name", {"game": "servergame", "name": "a\x00b"}),
    ("lone surrogate in a name", b'{"game": "servergame", "name": "a\\ud800b"}'),
    ("ESC in a name", {"game": "servergame", "name": "\x1b[31mred"}),
    ("RLO in a name", {"game": "servergame", "name": "abc\u202edcba"}),
    ("zero-width space in a name", {"game": "servergame", "name": "a\u200bb"}),
    ("name too long", {"game": "servergame", "name": "n" * 41}),
    ("seat name with a bidi isolate", {"game": "servergame", "seats": [{"kind": "human", "name": "x\u2066y"},
                                                                       {"kind": "human"}]}),
    ("NaN clock", b'{"game": "servergame", "clock": NaN}'),
    ("clock too long", {"game": "servergame", "clock": 1e12}),
    ("not UTF-8", b'{"game": "\xff\xfe"}'),
    ("too many seats", {"game": "servergame", "seats": [{"kind": "human"}] * 9}),
    ("a bot level of 65 characters", {"game": "servergame", "seats": [{"kind": "bot", "bot": "r" * 65},
                                                                      {"kind": "human"}]}),
]


@pytest.mark.parametrize("case", [c[0] for c in BAD_CREATES])
def test_server_bad_create_is_a_4xx(make_client: Callable[..., TestClient], case: str) -> None:
    """Issue 16: each malformed creation is a 400 (or 413) with a one-line reason; no table."""
    client = make_client()
    body = dict(BAD_CREATES)[case]
    if isinstance(body, bytes):
        r = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
    else:
        r = client.post("/api/tables", json=body)
    assert 400 <= r.status_code < 500, r.text
    assert r.json()["error"] and "\n" not in r.json()["error"] and len(r.json()["error"]) < 300
    assert client.get("/api/tables").json()["tables"] == []


def test_server_huge_body_refused(make_client: Callable[..., TestClient]) -> None:
    """Issue 16: a 20 MB body is refused with 413 (and not stored)."""
    client = make_client()
    r = client.post("/api/tables", content=b'{"game": "servergame", "name": "' + b"x" * 20_000_000 + b'"}',
                    headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert client.get("/api/tables").json()["tables"] == []


def test_server_bad_acts_and_joins_change_nothing(make_client: Callable[..., TestClient]) -> None:
    """Issue 16: malformed acts and joins are 4xx and leave the table as it was."""
    client = make_client()
    t = create(client)
    tid, tok0 = t["table"], t["token"]
    before = client.get(f"/api/tables/{tid}", headers={H: tok0}).json()
    acts: list[Any] = [
        {"action": "take 1\x00", "decision": 0}, {"action": "take\u202e 1", "decision": 0},
        {"action": ["take 1"], "decision": 0}, {"action": "take 1", "decision": "0"},
        {"action": "take 1", "decision": 10**30}, {"action": "x" * 201, "decision": 0},
        {"action": "take 1", "decision": 0, "extra": 1}, {"action": ""},
    ]
    for body in acts:
        r = client.post(f"/api/tables/{tid}/act", json=body, headers={H: tok0})
        assert r.status_code == 400, (body, r.text)
    r = client.post(f"/api/tables/{tid}/act", content=DEEP, headers={H: tok0})
    assert r.status_code == 413
    r = client.post(f"/api/tables/{tid}/act", content=b"[" * 2000 + b"]" * 2000, headers={H: tok0})
    assert r.status_code == 400 and "nested" in r.json()["error"]
    for body in ({"seat": "1"}, {"seat": 1, "name": "\x07bell"}, {"seat": 1, "name": "z" * 500}, {"seat": -1}):
        r = client.post(f"/api/tables/{tid}/join", json=body)
        assert r.status_code == 400, (body, r.text)
    after = client.get(f"/api/tables/{tid}", headers={H: tok0}).json()
    assert after == before


@pytest.mark.parametrize("path", ["/api/tables/%00", "/api/tables/a%00b/act", "/api/tables/%F0%9F%8E%B2",
                                  "/api/tables/" + "x" * 200, "/api/tables/%ED%A0%80"])
def test_server_odd_table_ids_are_404(make_client: Callable[..., TestClient], path: str) -> None:
    """Issue 16: a table id with NUL, an emoji, a surrogate or 200 characters is a 404."""
    client = make_client()
    r = client.post(path, json={"action": "take 1", "decision": 0}) if path.endswith("/act") else client.get(path)
    assert r.status_code == 404 and "error" in r.json()


def test_server_replay_step_out_of_range(make_client: Callable[..., TestClient]) -> None:
    """Issue 16: a huge or non-numeric replay step is a 4xx."""
    client = make_client()
    tid = create(client)["table"]
    for step in ("9" * 5000, "abc", "-1"):
        r = client.get(f"/api/tables/{tid}/replay/{step}")
        assert 400 <= r.status_code < 500


@pytest.mark.parametrize("hello", ["binary", "deep", "huge", "not json", "list", "token number", "long token"])
def test_server_bad_websocket_hello_closes_4400(make_client: Callable[..., TestClient], hello: str) -> None:
    """Issue 16: a binary, deep, huge or malformed hello is refused with close code 4400
    and no server traceback (the test client would raise it)."""
    client = make_client()
    tid = create(client)["table"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        if hello == "binary":
            ws.send_bytes(b"\x00\x01binary")
        elif hello == "deep":
            ws.send_text("[" * 5000 + "]" * 5000)
        elif hello == "huge":
            ws.send_text('{"token": "' + "x" * 200_000 + '"}')
        elif hello == "not json":
            ws.send_text("{token")
        elif hello == "list":
            ws.send_text("[1, 2]")
        elif hello == "token number":
            ws.send_text('{"token": 5}')
        else:
            ws.send_text('{"token": "' + "t" * 65 + '"}')
        msg = ws.receive_json()
        assert msg["type"] == "error"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 4400


def test_server_binary_after_hello_is_ignored(make_client: Callable[..., TestClient]) -> None:
    """Issue 16: a binary message after the hello does not crash the socket handler."""
    client = make_client()
    tid = create(client)["table"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_text('{"token": null}')
        assert ws.receive_json()["type"] == "full"
        ws.send_bytes(b"\xff" * 10)
        ws.send_text("ping")
        while True:
            msg = ws.receive_json()
            if msg["type"] == "pong":
                break
