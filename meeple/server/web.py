"""What every router of ``meeple serve`` shares: the hub of a request, bodies read under their
cap, the caller's seat, rate limits, the security headers, the requester's language and the JSON
error answers (``{"error": text in that language, "key": catalog key, "args": {...}}``).

Routers (``routes_*.py``, ``howto_routes.py``, ``i18n_routes.py``) are module-level
``APIRouter``s; a route finds the process's ``Hub`` at ``request.app.state.hub`` (set by
``app.create_app``), so a router needs nothing from the function that assembles the app.
"""

from __future__ import annotations

import functools
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from meeple.engine.messages import msg
from meeple.i18n.negotiate import UnknownLanguage, explicit, from_accept_language
from meeple.server.hub import Hub, ServerError
from meeple.server.schemas import MAX_BODY, M, parse_body

TOKEN_HEADER = "x-seat-token"
LANG_COOKIE = "meeple_lang"  # the page's language switch (static/i18n.js), also read by /rules pages
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


def hub_of(conn: Request | WebSocket) -> Hub:
    """The hub of the app serving ``conn``."""
    hub: Hub = conn.app.state.hub
    return hub


def peer(conn: Request | WebSocket) -> str:
    """The caller's address (``?`` when the server does not know it)."""
    return conn.client.host if conn.client is not None else "?"


def act_limit(request: Request) -> None:
    """The per-address rate limit of acts, joins and undos (429 over it)."""
    hub = hub_of(request)
    rate = hub.limits.acts_per_second
    hub.limit("acts", peer(request), rate, 2 * rate)


async def body_of(request: Request, model: type[M]) -> M:
    """The body, read up to ``MAX_BODY`` bytes (more: 413 without reading the rest)."""
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > MAX_BODY:
        raise ServerError(413, msg("server.body.too_large", limit=MAX_BODY))
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise ServerError(413, msg("server.body.too_large", limit=MAX_BODY))
        chunks.append(chunk)
    return parse_body(b"".join(chunks), model)


async def seat_of(request: Request, table_id: str) -> tuple[Any, int | None]:
    """The table and the seat of the caller's ``X-Seat-Token`` (None: a spectator)."""
    table = await hub_of(request).get(table_id)
    return table, table.seat_of(request.headers.get(TOKEN_HEADER))


@functools.lru_cache(maxsize=256)
def choose_language(cookie: str | None, accept: str | None) -> str:
    """The catalog language for a ``meeple_lang`` cookie value (ignored when unknown) and an
    ``Accept-Language`` header (``meeple.i18n.negotiate``), English when neither says."""
    if cookie:
        try:
            return explicit(cookie)
        except UnknownLanguage:
            pass
    return from_accept_language(accept)


def request_language(conn: Request | WebSocket) -> str:
    """The catalog language of the person asking (issue 27): the page's own switch, which the
    client keeps in the ``meeple_lang`` cookie, else ``Accept-Language``, else English."""
    return choose_language(conn.cookies.get(LANG_COOKIE), conn.headers.get("accept-language"))


def error_body(conn: Request | WebSocket, exc: ServerError) -> dict[str, Any]:
    """A ``ServerError`` as the JSON the person reads, in their language, with its key and args."""
    return exc.body(request_language(conn))


async def _server_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ServerError)
    headers = {"Retry-After": str(max(1, round(exc.retry_after)))} if exc.retry_after is not None else None
    return JSONResponse(error_body(request, exc), status_code=exc.status, headers=headers)


async def _bad_request(request: Request, exc: Exception) -> JSONResponse:
    error = ServerError(400, msg("server.request.malformed"))
    return JSONResponse(error_body(request, error), status_code=400)


async def _http_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    if exc.status_code == 404:
        error = ServerError(404, msg("server.http.not_found"))
    elif exc.status_code == 405:
        error = ServerError(405, msg("server.http.method"))
    else:
        error = ServerError(exc.status_code, msg("server.http.other", status=exc.status_code, detail=str(exc.detail)))
    return JSONResponse(error_body(request, error), status_code=exc.status_code, headers=exc.headers)


def install_error_handlers(app: FastAPI) -> None:
    """Every error as ``{"error": text, "key", "args"}`` with its status (``ServerError``,
    validation, HTTP), the text in the requester's language."""
    app.add_exception_handler(ServerError, _server_error)
    app.add_exception_handler(RequestValidationError, _bad_request)
    app.add_exception_handler(StarletteHTTPException, _http_error)
