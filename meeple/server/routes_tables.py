"""The lobby's API: the games, the recent tables, creating a table, a table's payload, joining."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from meeple.server.schemas import CreateBody, JoinBody
from meeple.server.web import act_limit, body_of, hub_of, peer, seat_of

tables_router = APIRouter()


@tables_router.get("/api/games")
async def api_games(request: Request) -> dict[str, Any]:
    hub = hub_of(request)
    return {"games": hub.games(), "bots": list(hub.levels), "allow_seeds": hub.allow_seeds,
            "levels": {k: {"spec": v.spec, "games": v.games, "think": v.deadline}
                       for k, v in hub.levels.items()}}


@tables_router.get("/api/tables")
async def api_tables(request: Request) -> dict[str, Any]:
    return {"tables": await hub_of(request).list_tables()}


@tables_router.post("/api/tables")
async def api_create(request: Request) -> dict[str, Any]:
    hub = hub_of(request)
    who = peer(request)
    hub.limit("creates", who, hub.limits.creates_per_minute / 60.0, hub.limits.creates_per_minute)
    body = await body_of(request, CreateBody)
    return await hub.create(body.model_dump(exclude_none=True), who)


@tables_router.get("/api/tables/{table_id}", response_class=JSONResponse)
async def api_table(table_id: str, request: Request) -> JSONResponse:
    hub = hub_of(request)
    table, seat = await seat_of(request, table_id)
    await hub.stories(table, seat is None)
    return JSONResponse(hub.payload(table, seat))


@tables_router.post("/api/tables/{table_id}/join")
async def api_join(table_id: str, request: Request) -> dict[str, Any]:
    act_limit(request)
    hub = hub_of(request)
    body = await body_of(request, JoinBody)
    table = await hub.get(table_id)
    return await hub.join(table, body.seat, body.name)
