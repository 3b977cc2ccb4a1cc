"""``meeple serve``: play the games in the browser (see docs/server.md).

``create_app(db_url)`` builds the ASGI app; ``serve(host, port, db)`` runs it
with uvicorn.  The server reaches the games only through the engine contract.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from meeple.server.store import normalise_url

if TYPE_CHECKING:
    from fastapi import FastAPI

WS_MAX_SIZE = 64 * 1024
"""The largest WebSocket message the server reads (clients send only a hello and pings)."""


def create_app(db_url: str | None = None, **kwargs: object) -> FastAPI:
    """The ASGI app on the database at ``db_url`` (``None``: ``sqlite:///meeple.db``)."""
    from meeple.server.app import create_app as _create

    return _create(normalise_url(db_url), **kwargs)  # type: ignore[arg-type]


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, **options: Any) -> None:
    """Run the server until interrupted (``db`` None: SQLite file ``meeple.db`` here).

    ``options`` go to ``create_app``: ``allow_seeds`` (``--allow-seeds``),
    ``bot_levels`` (``--bot-levels FILE``), ``limits``, ``docs``, ``bot_workers``.
    """
    import uvicorn

    options.setdefault("bot_delay", 0.4)
    app = create_app(db, **options)
    redis = re.sub(r"//[^@/]*@", "//***@", str(options.get("redis") or ""))  # no password on screen
    shown = normalise_url(db) + (f", Redis: {redis}" if redis else "")
    print(f"meeple: serving on http://{host}:{port}/  (database: {shown})", flush=True)
    # HTTP: uvicorn's choice (httptools, a dependency, else h11); the loop: asyncio's own, also where
    # uvloop is installed (issue 30: httptools on uvloop measured no better than on asyncio)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws=ws_impl(), ws_max_size=WS_MAX_SIZE,
                ws_per_message_deflate=False, timeout_graceful_shutdown=3, loop="asyncio")


def ws_impl() -> Any:
    """uvicorn's WebSocket implementation: the sans-I/O one where this uvicorn has it, refusing a
    message over ``WS_MAX_SIZE`` with close code 4400 and a reason (``sockets.py``, issue 30)."""
    import importlib.util

    if importlib.util.find_spec("uvicorn.protocols.websockets.websockets_sansio_impl") is not None:
        try:
            from meeple.server.sockets import MeepleWebSocketProtocol
        except ImportError:  # another websockets than the one this was written for
            return "websockets-sansio"
        return MeepleWebSocketProtocol
    return "auto"


__all__ = ["create_app", "serve", "ws_impl"]
