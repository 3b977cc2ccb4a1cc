"""The HTTP and WebSocket surface of ``meeple serve``.

JSON API (errors are ``{"error": message}`` with a fitting status; a refused act adds the game's
refusal as ``"message": {key, args, text}``, and a payload's ``labels`` are its legal actions' labels):

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

Answers holding the game's messages (views, labels, log events) are ``JSONResponse`` rendered by
``json.dumps``, not a return value FastAPI validates: validation copies a dict subclass by its C
storage, which loses a message's lazily formatted ``text`` (``meeple.engine.messages.Message``),
and costs a copy of every payload.

Seat tokens travel only in the ``X-Seat-Token`` header or the socket's first
message, never in a URL the server sees.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
import time
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from meeple.engine import BadSetup
from meeple.server.accounts_routes import install as install_people
from meeple.server.howto_routes import howto_router
from meeple.server.hub import Client, Hub, ServerError
from meeple.server.i18n_routes import i18n_router
from meeple.server.levels import load_levels
from meeple.server.limits import Limits
from meeple.server.schemas import (
    MAX_BODY,
    MAX_HELLO,
    ActBody,
    CreateBody,
    Hello,
    JoinBody,
    M,
    describe,
    loads_capped,
    parse_body,
)
from meeple.server.store import Store

STATIC = Path(__file__).parent / "static"
TOKEN_HEADER = "x-seat-token"
SECURITY_HEADERS = {
    "Content-Security-Policy": ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                                "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
                                "form-action 'self'; frame-ancestors 'none'"),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
}


class SecurityHeaders:
    """Pure ASGI middleware adding ``SECURITY_HEADERS`` to every HTTP answer (cheaper
    than Starlette's ``BaseHTTPMiddleware``, which costs a task per request)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.extra = [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [h for h in self.extra if h[0] not in have]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def read_hello(message: Any) -> Hello:
    """A socket's first message, validated: a small JSON text ``{"token": str | null}``."""
    if not isinstance(message, dict) or message.get("type") != "websocket.receive":
        raise WebSocketDisconnect(1000)
    text = message.get("text")
    if not isinstance(text, str):
        raise ServerError(400, "the hello must be a text message")
    if len(text) > MAX_HELLO:
        raise ServerError(400, f"the hello is larger than {MAX_HELLO} characters")
    data = loads_capped(text, MAX_HELLO)
    if data is None:  # "null": a spectator
        data = {}
    if not isinstance(data, dict):
        raise ServerError(400, "the hello must be a JSON object {\"token\": ...}")
    try:
        return Hello.model_validate(data)
    except ValidationError as exc:
        raise ServerError(400, f"malformed hello: {describe(exc)}") from None


async def refuse(websocket: WebSocket, message: str, code: int) -> None:
    """Tell a socket why it is refused and close it (a client already gone is fine)."""
    with contextlib.suppress(Exception):
        await websocket.send_text(json.dumps({"type": "error", "error": message}))
    with contextlib.suppress(Exception):
        await websocket.close(code=code)


def create_app(db_url: str | None = None, *, bot_delay: float = 0.0, schema: str | None = None,
               bot_workers: int | None = None, allow_seeds: bool = False,
               bot_levels: str | Path | Mapping[str, Any] | None = None,
               limits: Limits | Mapping[str, Any] | None = None, docs: bool = False,
               redis: str | None = None, people: Mapping[str, Any] | None = None) -> FastAPI:
    """The ASGI app on the database at ``db_url`` (schema created on start).

    ``bot_delay`` is a pause before each bot move at tables with a person
    (so people can follow); ``schema`` puts PostgreSQL tables in their own
    schema (tests use it for isolation); ``bot_workers`` processes think for
    bots (each decision under its level's deadline; default: half the CPUs,
    at least one, so the web server keeps a CPU of its own); ``bot_levels`` adds bot
    levels (a TOML / JSON file or a mapping, see ``levels.py``: ``meeple serve
    --bot-levels FILE``), every spec checked against the server's caps;
    ``allow_seeds`` lets a creator choose the seed (``meeple serve
    --allow-seeds``, for testing: such tables are marked in the lobby and in
    the record's ``meta``); ``limits`` sets the per-client and per-table limits
    (``limits.Limits`` or a dict of its fields); ``docs`` serves the OpenAPI
    pages at ``/api/docs`` (off by default); ``redis`` (a ``redis://`` URL, with a
    PostgreSQL database) lets several processes serve one site: changes are
    published on Redis and bot turns go to ``meeple worker`` processes
    (``bus.py``, ``jobs.py``; ImportError without the redis package); ``people``: the options of
    accounts, ratings and notifications (``accounts_routes.install``: ``smtp``, ``base_url``, ...).
    """
    store = Store(db_url or "sqlite:///meeple.db", schema=schema)
    try:
        levels = load_levels(bot_levels)
    except BadSetup as exc:
        raise ValueError(str(exc)) from None
    workers = bot_workers if bot_workers is not None else max(1, (os.cpu_count() or 2) // 2)
    hub = Hub(store, bot_delay=bot_delay, bot_workers=workers, levels=levels)
    hub.allow_seeds = allow_seeds
    hub.limits = limits if isinstance(limits, Limits) else Limits.model_validate(dict(limits or {}))
    if redis:
        from meeple.server.bus import Bus, redis_module
        from meeple.server.jobs import RemotePool

        redis_module()  # ImportError with one line when the package is missing
        if store.is_sqlite:
            raise ValueError("--redis needs a PostgreSQL database (--db postgresql+psycopg://...): "
                             "SQLite serves one process")
        hub.bus = Bus(redis)
        hub.pool = RemotePool(hub.bus, workers)  # bot turns to the workers while one is alive

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # Storage calls run in worker threads (PostgreSQL); a short GIL switch interval keeps
        # the event loop (and so every other table) responsive while they do.
        if sys.getswitchinterval() > 0.001:
            sys.setswitchinterval(0.001)
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(title="meeple", lifespan=lifespan, docs_url="/api/docs" if docs else None,
                  redoc_url=None, openapi_url="/api/openapi.json" if docs else None)
    app.state.hub = hub

    app.add_middleware(SecurityHeaders)

    @app.exception_handler(ServerError)
    async def _server_error(request: Request, exc: ServerError) -> JSONResponse:
        headers = {"Retry-After": str(max(1, round(exc.retry_after)))} if exc.retry_after is not None else None
        body: dict[str, Any] = {"error": exc.message}
        if exc.detail is not None:
            body["message"] = exc.detail
        return JSONResponse(body, status_code=exc.status, headers=headers)

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

    def peer(conn: Request | WebSocket) -> str:
        return conn.client.host if conn.client is not None else "?"

    def act_limit(request: Request) -> None:
        rate = hub.limits.acts_per_second
        hub.limit("acts", peer(request), rate, 2 * rate)

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
    app.include_router(i18n_router)
    app.include_router(howto_router)
    install_people(app, hub, dict(people or {}))  # accounts, ratings, notifications (issue 28)

    # --- API ---------------------------------------------------------------------

    @app.get("/api/games")
    async def api_games() -> dict[str, Any]:
        return {"games": hub.games(), "bots": list(hub.levels), "allow_seeds": hub.allow_seeds,
                "levels": {k: {"spec": v.spec, "games": v.games, "think": v.deadline}
                           for k, v in hub.levels.items()}}

    @app.get("/api/health")
    async def api_health() -> JSONResponse:
        """200 when the server and its database answer (for load balancers and monitors)."""
        ok = await hub.healthy()
        # bot_fallbacks: decisions a level's fallback made (issue 30), of which bot_timeouts were
        # stopped at their CPU deadline and bot_starved waited too long for the CPU
        body = {"ok": ok, "tables_in_memory": len(hub.tables), "bot_workers": hub.pool.size,
                "bot_timeouts": hub.pool.timeouts, "bot_starved": hub.pool.starved,
                "bot_fallbacks": hub.fallbacks, "bot_waiting": hub.pool.waiting}
        if hub.bus is not None:  # several processes (issue 17): bot moves thought by meeple worker
            body["worker_moves"] = getattr(hub.pool, "remote_moves", 0)
        return JSONResponse(body, status_code=200 if ok else 503)

    @app.get("/api/tables")
    async def api_tables() -> dict[str, Any]:
        return {"tables": await hub.list_tables()}

    @app.post("/api/tables")
    async def api_create(request: Request) -> dict[str, Any]:
        who = peer(request)
        hub.limit("creates", who, hub.limits.creates_per_minute / 60.0, hub.limits.creates_per_minute)
        body = await body_of(request, CreateBody)
        return await hub.create(body.model_dump(exclude_none=True), who)

    @app.get("/api/tables/{table_id}", response_class=JSONResponse)
    async def api_table(table_id: str, request: Request) -> JSONResponse:
        table, seat = await seat_of(request, table_id)
        await hub.stories(table)
        return JSONResponse(hub.payload(table, seat))

    @app.post("/api/tables/{table_id}/join")
    async def api_join(table_id: str, request: Request) -> dict[str, Any]:
        act_limit(request)
        body = await body_of(request, JoinBody)
        table = await hub.get(table_id)
        return await hub.join(table, body.seat, body.name)

    @app.post("/api/tables/{table_id}/act", response_class=JSONResponse)
    async def api_act(table_id: str, request: Request) -> JSONResponse:
        t0 = time.perf_counter()
        act_limit(request)
        body = await body_of(request, ActBody)
        table, seat = await seat_of(request, table_id)
        out = await hub.act(table, seat, body.action, body.decision)
        # time inside the server: validate, apply, commit, push to every client
        return JSONResponse(out, headers={"Server-Timing": f"act;dur={(time.perf_counter() - t0) * 1000:.2f}"})

    @app.post("/api/tables/{table_id}/undo")
    async def api_undo(table_id: str, request: Request) -> dict[str, Any]:
        act_limit(request)
        table, seat = await seat_of(request, table_id)
        return await hub.undo(table, seat)

    @app.post("/api/tables/{table_id}/back")
    async def api_back(table_id: str, request: Request) -> dict[str, Any]:
        table, seat = await seat_of(request, table_id)
        return await hub.come_back(table, seat)

    @app.get("/api/tables/{table_id}/replay", response_class=JSONResponse)
    async def api_replay(table_id: str) -> JSONResponse:
        table = await hub.get(table_id)
        await hub.replay_states(table)
        await hub.stories(table)
        # the game is over: every decision's label is public (story.py), as its notation
        steps = [{"decision": e["decision"], "seat": e["seat"], "notation": e["notation"],
                  "label": e.get("label")} for e in table.entries if e["kind"] == "action"]
        return JSONResponse({"table": hub.payload(table, None, with_log=False)["table"],
                             "seats": [s.public(0)["name"] for s in table.seats],
                             "record": table.record(), "steps": steps})

    @app.get("/api/tables/{table_id}/replay/{n}", response_class=JSONResponse)
    async def api_replay_step(table_id: str, n: int, seat: int | None = None) -> JSONResponse:
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
        return JSONResponse({"step": n, "steps": len(states) - 1, "view": state.view(seat), "events": events})

    @app.get("/api/tables/{table_id}/record")
    async def api_record(table_id: str) -> dict[str, Any]:
        table = await hub.get(table_id)
        if not table.over:
            raise ServerError(409, "the record is available once the game is over")
        return table.record()

    @app.websocket("/ws/{table_id}")
    async def ws_table(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        who = peer(websocket)
        try:
            table = await hub.get(table_id)
            raw = await asyncio.wait_for(websocket.receive(), timeout=hub.limits.hello_timeout)
            hello = read_hello(raw)
            seat = table.seat_of(hello.token)
            hub.socket_opens(table, who)
        except ServerError as exc:
            code = {403: 4403, 404: 4404, 429: 4429}.get(exc.status, 4400)
            await refuse(websocket, exc.message, code)
            return
        except TimeoutError:
            await refuse(websocket, "no hello in time", 4400)
            return
        except WebSocketDisconnect:
            return
        client = Client(websocket.send_text, seat, close=lambda: websocket.close(code=4408), peer=who)
        await hub.attach(table, client)
        try:
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                if frame.get("text") == "ping":
                    hub._push(table, client, '{"type":"pong"}')
        except WebSocketDisconnect:
            pass
        finally:
            with contextlib.suppress(Exception):
                await hub.detach(table, client)

    return app
