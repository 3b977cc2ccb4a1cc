"""Issue 30's edges: ``null`` where a number is expected, and a hello over any size.

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


@pytest.mark.parametrize("field", ["seat", "clock", "seed"])
def test_server_null_where_null_means_not_chosen_is_the_default(make_client: Callable[..., TestClient],
                                                                field: str) -> None:
    """``seat``, ``clock`` and ``seed`` default to nothing chosen, and ``null`` says that too."""
    client = make_client()
    assert client.post("/api/tables", json={"game": "troyes", field: None}).status_code == 200


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
