"""A finished game's replay and record: its steps, the view after any step, the record."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from meeple.engine.messages import msg
from meeple.server.hub import ServerError
from meeple.server.web import hub_of

replays_router = APIRouter()


@replays_router.get("/api/tables/{table_id}/replay", response_class=JSONResponse)
async def api_replay(table_id: str, request: Request) -> JSONResponse:
    hub = hub_of(request)
    table = await hub.get(table_id)
    await hub.replay_states(table)
    await hub.stories(table)
    # the game is over: every decision's label is public (story.py), as its notation
    steps = [{"decision": e["decision"], "seat": e["seat"], "notation": e["notation"],
              "label": e.get("label")} for e in table.entries if e["kind"] == "action"]
    return JSONResponse({"table": hub.payload(table, None, with_log=False)["table"],
                         "seats": [s.public(0)["name"] for s in table.seats],
                         "record": table.record(), "steps": steps})


@replays_router.get("/api/tables/{table_id}/replay/{n}", response_class=JSONResponse)
async def api_replay_step(table_id: str, n: int, request: Request, seat: int | None = None) -> JSONResponse:
    hub = hub_of(request)
    table = await hub.get(table_id)
    states = await hub.replay_states(table)
    if not 0 <= n < len(states):
        raise ServerError(400, msg("server.replay.step", last=len(states) - 1))
    if seat is not None and not 0 <= seat < table.meta["players"]:
        raise ServerError(400, msg("server.replay.seat", seat=seat))
    state = states[n]
    events = []
    for e in table.entries:
        if e["kind"] == "action" and e["decision"] == n - 1:
            events = state.visible_events(e["events"], seat)
    return JSONResponse({"step": n, "steps": len(states) - 1, "view": state.view(seat), "events": events})


@replays_router.get("/api/tables/{table_id}/record")
async def api_record(table_id: str, request: Request) -> dict[str, Any]:
    table = await hub_of(request).get(table_id)
    if not table.over:
        raise ServerError(409, msg("server.record.not_over"))
    record: dict[str, Any] = table.record()
    return record
