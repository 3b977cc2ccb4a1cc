"""Start-up (issue 30): a restart serves once its imports are done, so starting the app imports no
game, no search bot and none of the learning stack; a game is imported when a table of it is
loaded or the lobby lists the games."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

PROBE = """
import json, sys
from fastapi.testclient import TestClient
from meeple.server import create_app
app = create_app(sys.argv[1])
with TestClient(app) as client:
    health = client.get("/api/health").status_code
    before = sorted(m for m in sys.modules if m.startswith(("meeple.games.", "meeple.bots.")))
    heavy = [m for m in ("numpy", "torch", "ray", "pettingzoo", "gymnasium", "pyspiel", "sklearn")
             if m in sys.modules]
    games = client.get("/api/games").status_code
    after = sorted(m for m in sys.modules if m.startswith("meeple.games."))
print(json.dumps({"health": health, "before": before, "heavy": heavy, "games": games, "after": after}))
"""


def test_server_start_imports_no_game_bot_search_or_learning_stack(tmp_path: Path) -> None:
    """Issue 30 (restart after kill -9 serving again in < 2 s: what is left is import time): the
    app answers ``/api/health`` having imported no game package, no search bot (ISMCTS, rollout)
    and none of numpy, torch, ray, PettingZoo, Gymnasium, OpenSpiel, scikit-learn; the games are
    imported when the lobby asks for them."""
    out = subprocess.run([sys.executable, "-c", PROBE, f"sqlite:///{tmp_path}/start.db"],
                         capture_output=True, text=True, timeout=120, check=True)
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["health"] == 200
    games = [m for m in seen["before"] if m.startswith("meeple.games.") and m.count(".") >= 2]
    assert games == [], games
    search = [m for m in seen["before"] if m.split(".")[-1] in ("ismcts", "rollout", "mcts")]
    assert search == [], search
    assert seen["heavy"] == []
    assert seen["games"] == 200
    assert "meeple.games.troyes" in seen["after"]  # the lobby lists the games: now they are imported


def test_server_parses_http_with_httptools_on_asyncios_loop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 30 (CPU per decision): ``meeple serve`` runs uvicorn with its C HTTP parser (httptools,
    a dependency; h11 took a sixth of a decision's server CPU, docs/server.md "Third round") on
    asyncio's own loop, with the WebSocket protocol that refuses oversized messages."""
    import uvicorn
    from uvicorn.config import Config

    import meeple.server as server

    seen: dict[str, object] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(kw, app=app))
    server.serve(db=f"sqlite:///{tmp_path}/m.db")
    assert seen["loop"] == "asyncio" and seen.get("http", "auto") == "auto"
    assert seen["ws"] is server.ws_impl()
    config = Config(seen["app"], http=seen.get("http", "auto"), loop="asyncio", ws=seen["ws"])  # type: ignore[arg-type]
    config.load()
    assert config.http_protocol_class.__name__ == "HttpToolsProtocol"  # type: ignore[union-attr]


def test_server_a_seats_act_and_reads_are_matched_by_the_first_routes(tmp_path: Path) -> None:
    """Issue 30 (cheaper decisions): a request is matched against the app's routes in order, so
    the act, the table's payload and its socket are in the first two routers, before the static
    files, the pages and the people's routes."""
    from starlette.routing import Match

    from meeple.server import create_app

    app = create_app(f"sqlite:///{tmp_path}/meeple.db")
    for method, path, kind in (("POST", "/api/tables/abc/act", "http"), ("GET", "/api/tables/abc", "http"),
                               ("GET", "/ws/abc", "websocket")):
        scope = {"type": kind, "method": method, "path": path, "root_path": "", "headers": [],
                 "query_string": b""}
        first = next(i for i, route in enumerate(app.router.routes) if route.matches(scope)[0] is Match.FULL)
        assert first < 2, (path, first)
