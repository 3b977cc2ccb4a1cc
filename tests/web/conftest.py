"""tests/web: the browser kit's live server, with room for the many tables these tests create
(the server's default limits allow 10 creations a minute and 20 running tables per address)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest

from tests.browserkit import free_port


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    import uvicorn

    from meeple.server import create_app, ws_impl

    db = tmp_path_factory.mktemp("web") / "meeple.db"
    port = free_port()
    app = create_app(f"sqlite:///{db}", bot_delay=0.0, allow_seeds=True,
                     limits={"creates_per_minute": 600, "open_tables_per_client": 200})
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", ws=ws_impl()))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    end = time.time() + 20
    while not srv.started:
        if time.time() > end or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)
