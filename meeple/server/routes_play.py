"""Playing a seat: act, undo, take the seat back from the clock's bot, and the table's socket.

A socket's first message is the hello ``{"token": str | null}`` (``read_hello``); a refused hello
is answered ``{"type": "error", "error": text, "key", "args"}`` (the text in the reader's language) and closed with 4400 / 4403 / 4404 / 4429.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse
from pydantic import ValidationError

from meeple.engine.messages import msg
from meeple.server.hub import Client, ServerError
from meeple.server.schemas import MAX_HELLO, ActBody, Hello, describe, loads_capped
from meeple.server.web import act_limit, body_of, error_body, hub_of, peer, seat_of

play_router = APIRouter()


@play_router.post("/api/tables/{table_id}/act", response_class=JSONResponse)
async def api_act(table_id: str, request: Request) -> JSONResponse:
    t0 = time.perf_counter()
    act_limit(request)
    body = await body_of(request, ActBody)
    table, seat = await seat_of(request, table_id)
    out = await hub_of(request).act(table, seat, body.action, body.decision)
    # time inside the server: validate, apply, commit, push to every client
    return JSONResponse(out, headers={"Server-Timing": f"act;dur={(time.perf_counter() - t0) * 1000:.2f}"})


@play_router.post("/api/tables/{table_id}/undo")
async def api_undo(table_id: str, request: Request) -> dict[str, Any]:
    act_limit(request)
    table, seat = await seat_of(request, table_id)
    return await hub_of(request).undo(table, seat)


@play_router.post("/api/tables/{table_id}/back")
async def api_back(table_id: str, request: Request) -> dict[str, Any]:
    table, seat = await seat_of(request, table_id)
    return await hub_of(request).come_back(table, seat)


def read_hello(message: Any) -> Hello:
    """A socket's first message, validated: a small JSON text ``{"token": str | null}``."""
    if not isinstance(message, dict) or message.get("type") != "websocket.receive":
        raise WebSocketDisconnect(1000)
    text = message.get("text")
    if not isinstance(text, str):
        raise ServerError(400, msg("server.hello.not_text"))
    if len(text) > MAX_HELLO:
        raise ServerError(400, msg("server.hello.too_large", limit=MAX_HELLO))
    data = loads_capped(text, MAX_HELLO)
    if data is None:  # "null": a spectator
        data = {}
    if not isinstance(data, dict):
        raise ServerError(400, msg("server.hello.not_object"))
    try:
        return Hello.model_validate(data)
    except ValidationError as exc:
        raise ServerError(400, msg("server.hello.malformed", problem=describe(exc))) from None


async def refuse(websocket: WebSocket, error: ServerError, code: int) -> None:
    """Tell a socket why it is refused, in its reader's language with the error's key, and close
    it (a client already gone is fine)."""
    with contextlib.suppress(Exception):
        await websocket.send_text(json.dumps({"type": "error", **error_body(websocket, error)}))
    with contextlib.suppress(Exception):
        await websocket.close(code=code)


@play_router.websocket("/ws/{table_id}")
async def ws_table(websocket: WebSocket, table_id: str) -> None:
    hub = hub_of(websocket)
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
        await refuse(websocket, exc, code)
        return
    except TimeoutError:
        await refuse(websocket, ServerError(400, msg("server.hello.timeout")), 4400)
        return
    except WebSocketDisconnect:
        return
    client = Client(websocket.send_text, seat, close=lambda: websocket.close(code=4408), peer=who)
    await hub.attach(table, client)
    # a seat's page open here keeps it from being notified on any process (issue 28, notify.py)
    watch = await hub.people.notifier.seat_open(table.id, seat) if hub.people is not None and seat is not None else None
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
        if watch is not None:
            await hub.people.notifier.seat_closed(watch)
