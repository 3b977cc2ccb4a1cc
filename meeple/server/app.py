"""The HTTP and WebSocket surface of ``meeple serve``.

JSON API (errors are ``{"error": text, "key": catalog key, "args": {...}}`` with a fitting status,
the text in the requester's language (``web.request_language``); a refused act adds the game's
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

``create_app`` only assembles: the routes are module-level ``APIRouter``s by concern (pages
``routes_pages``, the lobby and tables ``routes_tables``, playing a seat and the socket
``routes_play``, replays and records ``routes_replays``, health ``routes_health``, rules pages
``howto_routes``, catalogs ``i18n_routes``), sharing ``web.py``; a route finds the hub at
``request.app.state.hub``.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from meeple.bots.levels import load_levels
from meeple.engine import BadSetup
from meeple.server.accounts_routes import install as install_people
from meeple.server.howto_routes import howto_router
from meeple.server.hub import Hub
from meeple.server.i18n_routes import i18n_router
from meeple.server.limits import Limits
from meeple.server.routes_health import health_router
from meeple.server.routes_pages import STATIC, pages_router
from meeple.server.routes_play import play_router
from meeple.server.routes_replays import replays_router
from meeple.server.routes_tables import tables_router
from meeple.server.store import Store
from meeple.server.web import SecurityHeaders, install_error_handlers

HOT_ROUTERS = (play_router, tables_router)
ROUTERS = (pages_router, i18n_router, howto_router, replays_router, health_router)


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
        await hub.people.start()  # with --redis: sessions ended elsewhere leave every cache at once
        try:
            yield
        finally:
            await hub.people.stop()
            await hub.stop()

    app = FastAPI(title="meeple", lifespan=lifespan, docs_url="/api/docs" if docs else None,
                  redoc_url=None, openapi_url="/api/openapi.json" if docs else None)
    app.state.hub = hub

    app.add_middleware(SecurityHeaders)
    install_error_handlers(app)
    # a request is matched against the routes in order: a seat's act and reads come first (issue 30)
    for router in HOT_ROUTERS:
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    install_people(app, hub, dict(people or {}))  # accounts, ratings, notifications (issue 28)
    for router in ROUTERS:
        app.include_router(router)
    return app
