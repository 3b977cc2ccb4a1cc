"""Issue 30's edges: ``null`` where a number or a string is expected, and a hello over any size.

``docs/server.md`` (API, Live updates): a wrong type is a 400 naming the field; a hello over 1 KB
is refused with close code 4400 and a message, however large (a message over the size the
WebSocket library reads is answered by the server's protocol, ``sockets.py``, not closed 1009).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from tests.browserkit import free_port


def test_server_null_players_is_a_400_naming_the_field(make_client: Callable[..., TestClient]) -> None:
    """``{"game": "troyes", "players": null}`` is refused (400, the message starting ``players:``)
    and makes no table; before, null was read as not given and made a two-player table.  Left
    out, players is the game's fewest."""
    client = make_client()
    r = client.post("/api/tables", json={"game": "troyes", "players": None})
    assert r.status_code == 400, r.text
    assert r.json()["error"].startswith("players: ") and "null" in r.json()["error"], r.json()
    assert client.get("/api/tables").json()["tables"] == []
    made = client.post("/api/tables", json={"game": "troyes"})
    assert made.status_code == 200
    assert client.get(f"/api/tables/{made.json()['table']}").json()["table"]["players"] == 2


NULLS = [  # (path, body with a null at one field) for every field of every request body
    ("/api/tables", {"game": None}, "game"),
    ("/api/tables", {"game": "troyes", "players": None}, "players"),
    ("/api/tables", {"game": "troyes", "seat": None}, "seat"),
    ("/api/tables", {"game": "troyes", "clock": None}, "clock"),
    ("/api/tables", {"game": "troyes", "seed": None}, "seed"),
    ("/api/tables", {"game": "troyes", "name": None}, "name"),
    ("/api/tables", {"game": "troyes", "options": None}, "options"),
    ("/api/tables", {"game": "troyes", "seats": None}, "seats"),
    ("/api/tables", {"game": "troyes", "seats": [{"kind": None}, {"kind": "bot"}]}, "seats.0.kind"),
    ("/api/tables", {"game": "troyes", "seats": [{"kind": "human"}, {"kind": "bot", "bot": None}]}, "seats.1.bot"),
    ("/api/tables", {"game": "troyes", "seats": [{"kind": "human", "name": None}, {"kind": "bot"}]}, "seats.0.name"),
    ("join", {"seat": None}, "seat"),
    ("join", {"name": None}, "name"),
    ("act", {"action": "end", "decision": None}, "decision"),
    ("act", {"action": None, "decision": 0}, "action"),
]


@pytest.mark.parametrize(("path", "body", "field"), NULLS, ids=[f"{p.split('/')[-1]}-{f}" for p, _, f in NULLS])
def test_server_null_in_any_request_field_is_a_400_naming_it(make_client: Callable[..., TestClient], path: str,
                                                            body: dict[str, object], field: str) -> None:
    """Issue 30: ``null`` where a number or a string is expected, in any field of any request
    body (``seat``, ``clock`` and ``seed`` included: before, null was read as "not given"), is a
    400 whose text starts with the field and whose ``key``/``args`` name it; nothing changes.
    Leaving the field out still means its default."""
    client = make_client()
    made = client.post("/api/tables", json={"game": "servergame", "players": 2, "seed": 1,
                                           "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    before = client.get("/api/tables").json()["tables"]
    url = path if path.startswith("/") else f"/api/tables/{made['table']}/{path}"
    r = client.post(url, json=body, headers={"X-Seat-Token": made["token"]})
    assert r.status_code == 400, r.text
    said = r.json()
    assert said["key"] == "server.field.null" and said["args"] == {"field": field}, said
    assert said["error"].startswith(f"{field}: ") and "null" in said["error"], said
    assert client.get("/api/tables").json()["tables"] == before
    assert client.get(f"/api/tables/{made['table']}").json()["decisions"] == 0


def test_server_a_field_left_out_is_its_default(make_client: Callable[..., TestClient]) -> None:
    """``seat``, ``clock`` and ``seed`` left out mean nothing chosen (the first person seat, no
    clock, a drawn seed), as before issue 30 refused their ``null``."""
    client = make_client()
    r = client.post("/api/tables", json={"game": "troyes"})
    assert r.status_code == 200 and r.json()["seat"] == 0, r.text


@pytest.fixture
def live(tmp_path: Path) -> Iterator[str]:
    """A real uvicorn server (the protocol and size ``meeple serve`` uses) in a thread."""
    import uvicorn

    from meeple.server import WS_MAX_SIZE, create_app, ws_impl

    app = create_app(f"sqlite:///{tmp_path}/meeple.db", allow_seeds=True)
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                        ws=ws_impl(), ws_max_size=WS_MAX_SIZE, ws_per_message_deflate=False))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    end = time.time() + 20
    while not srv.started:
        assert time.time() < end and thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    yield base
    srv.should_exit = True
    thread.join(timeout=10)


@pytest.mark.parametrize("size", [2_000, 60_000, 70_000, 1_000_000])
def test_server_hello_over_the_documented_size_closes_4400_with_a_message(live: str, size: int) -> None:
    """A hello of ``size`` characters, below and above the 64 KiB the WebSocket library reads,
    gets an ``error`` message and close code 4400 (a library's 1009 without a word before)."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    table = httpx.post(f"{live}/api/tables", json={"game": "servergame", "players": 2, "seed": 1},
                       timeout=10).json()["table"]
    with connect(live.replace("http://", "ws://") + f"/ws/{table}", open_timeout=10, max_size=None) as ws:
        ws.send(json.dumps({"token": "x" * size}))
        said = json.loads(ws.recv(timeout=10))
        assert said["type"] == "error" and said["error"], said
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4400, closed.value


def test_server_a_small_hello_still_gets_its_view(live: str) -> None:
    """The refusing protocol changes nothing for a good hello: a spectator gets its full view."""
    from websockets.sync.client import connect

    table = httpx.post(f"{live}/api/tables", json={"game": "servergame", "players": 2, "seed": 1},
                       timeout=10).json()["table"]
    with connect(live.replace("http://", "ws://") + f"/ws/{table}", open_timeout=10) as ws:
        ws.send(json.dumps({"token": None}))
        assert json.loads(ws.recv(timeout=10))["type"] == "full"


def test_server_oversized_hello_is_refused_in_the_readers_language(live: str) -> None:
    """Issue 27 with issue 30: the protocol's own refusal of a hello over what the WebSocket
    library reads speaks the handshake's language (here ``Accept-Language: zh-TW``) and carries
    its key, as every other refusal."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    from meeple.i18n import translate

    table = httpx.post(f"{live}/api/tables", json={"game": "servergame", "players": 2, "seed": 1},
                       timeout=10).json()["table"]
    with connect(live.replace("http://", "ws://") + f"/ws/{table}", open_timeout=10, max_size=None,
                 additional_headers={"Accept-Language": "zh-TW"}) as ws:
        ws.send(json.dumps({"token": "x" * 70_000}))
        said = json.loads(ws.recv(timeout=10))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert said["key"] == "server.hello.frame_too_large", said
    assert said["error"] == translate("zh_TW", "server.hello.frame_too_large", **said["args"])
    assert "位元組" in said["error"] and closed.value.rcvd is not None and closed.value.rcvd.code == 4400
