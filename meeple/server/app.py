"""The HTTP and WebSocket surface of ``meeple serve``.

JSON API (errors are ``{"error": message}`` with a fitting status):

- ``GET  /api/games``                        the registered games, their options, the bot kinds
- ``GET  /api/tables``                       recent tables (open seats, status)
- ``POST /api/tables``                       create: game, players, options, seats, seat, name, clock, seed
- ``GET  /api/tables/{id}``                  the caller's seat view (``X-Seat-Token``; none: spectator)
- ``POST /api/tables/{id}/join``             take an open seat: returns the secret seat token
- ``POST /api/tables/{id}/act``              ``{"action": notation}``, committed before the answer
- ``POST /api/tables/{id}/undo``             take back the caller's last decision (BGA's policy)
- ``POST /api/tables/{id}/back``             take the seat back from the clock's bot
- ``GET  /api/tables/{id}/replay``           a finished game's steps and record
- ``GET  /api/tables/{id}/replay/{n}``       the view after ``n`` decisions (``?seat=k``)
- ``WS   /ws/{id}``                          first message ``{"token": ...}``; then pushes

Seat tokens travel only in the ``X-Seat-Token`` header or the socket's first
message, never in a URL the server sees.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import time
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from meeple.engine import BadSetup
from meeple.server.hub import Client, Hub, ServerError
from meeple.server.levels import load_levels
from meeple.server.schemas import MAX_BODY, ActBody, CreateBody, JoinBody, M, parse_body
from meeple.server.store import Store

STATIC = Path(__file__).parent / "static"
TOKEN_HEADER = "x-seat-token"


def create_app(db_url: str | None = None, *, bot_delay: float = 0.0, schema: str | None = None,
               bot_workers: int = 2, allow_seeds: bool = False,
               bot_levels: str | Path | Mapping[str, Any] | None = None) -> FastAPI:
    """The ASGI app on the database at ``db_url`` (schema created on start).

    ``bot_delay`` is a pause before each bot move at tables with a person
    (so people can follow); ``schema`` puts PostgreSQL tables in their own
    schema (tests use it for isolation); ``bot_workers`` processes think for
    bots (each decision under its level's deadline); ``bot_levels`` adds bot
    levels (a TOML / JSON file or a mapping, see ``levels.py``: ``meeple serve
    --bot-levels FILE``), every spec checked against the server's caps;
    ``allow_seeds`` lets a creator choose the seed (``meeple serve
    --allow-seeds``, for testing: such tables are marked in the lobby and in
    the record's ``meta``).
    """
    store = Store(db_url or "sqlite:///meeple.db", schema=schema)
    try:
        levels = load_levels(bot_levels)
    except BadSetup as exc:
        raise ValueError(str(exc)) from None
    hub = Hub(store, bot_delay=bot_delay, bot_workers=bot_workers, levels=levels)
    hub.allow_seeds = allow_seeds

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # Bots think in worker threads; a short GIL switch interval keeps the event loop
        # (and so every other table) responsive while they do.
        if sys.getswitchinterval() > 0.001:
            sys.setswitchinterval(0.001)
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(title="meeple", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.hub = hub

    @app.exception_handler(ServerError)
    async def _server_error(request: Request, exc: ServerError) -> JSONResponse:
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": "malformed request"}, status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)

    async def body_of(request: Request, model: type[M]) -> M:
        """The body, read up to ``MAX_BODY`` bytes (more: 413 without reading the rest)."""
        length = request.headers.get("content-length", "")
        if length.isdigit() and int(length) > MAX_BODY:
            raise ServerError(413, f"the request body is larger than {MAX_BODY} bytes")
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                raise ServerError(413, f"the request body is larger than {MAX_BODY} bytes")
            chunks.append(chunk)
        return parse_body(b"".join(chunks), model)

    async def seat_of(request: Request, table_id: str) -> tuple[Any, int | None]:
        table = await hub.get(table_id)
        return table, table.seat_of(request.headers.get(TOKEN_HEADER))

    # --- pages -------------------------------------------------------------------

    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return page()

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return page()

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return page()

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response(status_code=204)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # --- API ---------------------------------------------------------------------

    @app.get("/api/games")
    async def api_games() -> dict[str, Any]:
        return {"games": hub.games(), "bots": list(hub.levels), "allow_seeds": hub.allow_seeds,
                "levels": {k: {"spec": v.spec, "think": v.deadline} for k, v in hub.levels.items()}}

    @app.get("/api/tables")
    async def api_tables() -> dict[str, Any]:
        return {"tables": await hub.list_tables()}

    @app.post("/api/tables")
    async def api_create(request: Request) -> dict[str, Any]:
        body = await body_of(request, CreateBody)
        return await hub.create(body.model_dump(exclude_none=True))

    @app.get("/api/tables/{table_id}")
    async def api_table(table_id: str, request: Request) -> dict[str, Any]:
        table, seat = await seat_of(request, table_id)
        return hub.payload(table, seat)

    @app.post("/api/tables/{table_id}/join")
    async def api_join(table_id: str, request: Request) -> dict[str, Any]:
        body = await body_of(request, JoinBody)
        table = await hub.get(table_id)
        return await hub.join(table, body.seat, body.name)

    @app.post("/api/tables/{table_id}/act")
    async def api_act(table_id: str, request: Request, response: Response) -> dict[str, Any]:
        t0 = time.perf_counter()
        body = await body_of(request, ActBody)
        table, seat = await seat_of(request, table_id)
        out = await hub.act(table, seat, body.action, body.decision)
        # time inside the server: validate, apply, commit, push to every client
        response.headers["Server-Timing"] = f"act;dur={(time.perf_counter() - t0) * 1000:.2f}"
        return out

    @app.post("/api/tables/{table_id}/undo")
    async def api_undo(table_id: str, request: Request) -> dict[str, Any]:
        table, seat = await seat_of(request, table_id)
        return await hub.undo(table, seat)

    @app.post("/api/tables/{table_id}/back")
    async def api_back(table_id: str, request: Request) -> dict[str, Any]:
        table, seat = await seat_of(request, table_id)
        return await hub.come_back(table, seat)

    @app.get("/api/tables/{table_id}/replay")
    async def api_replay(table_id: str) -> dict[str, Any]:
        table = await hub.get(table_id)
        await hub.replay_states(table)
        steps = [{"decision": e["decision"], "seat": e["seat"], "notation": e["notation"]}
                 for e in table.entries if e["kind"] == "action"]
        return {"table": hub.payload(table, None, with_log=False)["table"],
                "seats": [s.public(0)["name"] for s in table.seats],
                "record": table.record(), "steps": steps}

    @app.get("/api/tables/{table_id}/replay/{n}")
    async def api_replay_step(table_id: str, n: int, seat: int | None = None) -> dict[str, Any]:
        table = await hub.get(table_id)
        states = await hub.replay_states(table)
        if not 0 <= n < len(states):
            raise ServerError(400, f"step must be from 0 to {len(states) - 1}")
        if seat is not None and not 0 <= seat < table.meta["players"]:
            raise ServerError(400, f"no seat {seat} at this table")
        state = states[n]
        events = []
        for e in table.entries:
            if e["kind"] == "action" and e["decision"] == n - 1:
                events = state.visible_events(e["events"], seat)
        return {"step": n, "steps": len(states) - 1, "view": state.view(seat), "events": events}

    @app.get("/api/tables/{table_id}/record")
    async def api_record(table_id: str) -> dict[str, Any]:
        table = await hub.get(table_id)
        if not table.over:
            raise ServerError(409, "the record is available once the game is over")
        return table.record()

    @app.websocket("/ws/{table_id}")
    async def ws_table(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        try:
            table = await hub.get(table_id)
            hello = json.loads(await asyncio.wait_for(websocket.receive_text(), timeout=30))
            token = hello.get("token") if isinstance(hello, dict) else None
            seat = table.seat_of(token if isinstance(token, str) else None)
        except ServerError as exc:
            await websocket.send_text(json.dumps({"type": "error", "error": exc.message}))
            await websocket.close(code=4403 if exc.status == 403 else 4404)
            return
        except (TimeoutError, json.JSONDecodeError, UnicodeDecodeError):
            await websocket.send_text(json.dumps({"type": "error", "error": "malformed hello"}))
            await websocket.close(code=4400)
            return
        except WebSocketDisconnect:
            return
        client = Client(websocket.send_text, seat, close=lambda: websocket.close(code=4408))
        body = hub.payload(table, seat)
        body["type"] = "full"
        await websocket.send_text(json.dumps(body, ensure_ascii=False))
        await hub.attach(table, client)
        try:
            while True:
                msg = await websocket.receive_text()
                if msg == "ping":
                    await websocket.send_text('{"type":"pong"}')
        except WebSocketDisconnect:
            pass
        finally:
            with contextlib.suppress(Exception):
                await hub.detach(table, client)

    return app
