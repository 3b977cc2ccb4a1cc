"""``GET /api/health``: whether the server and its database answer, and the bots' counters."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from meeple.server.web import hub_of

health_router = APIRouter()


@health_router.get("/api/health")
async def api_health(request: Request) -> JSONResponse:
    """200 when the server and its database answer (for load balancers and monitors)."""
    hub = hub_of(request)
    ok = await hub.healthy()
    # bot_fallbacks: decisions a level's fallback made (issue 30), of which bot_timeouts were
    # stopped at their CPU deadline and bot_starved waited too long for the CPU
    body = {"ok": ok, "tables_in_memory": len(hub.tables), "bot_workers": hub.pool.size,
            "bot_timeouts": hub.pool.timeouts, "bot_starved": hub.pool.starved,
            "bot_fallbacks": hub.fallbacks, "bot_waiting": hub.pool.waiting}
    if hub.bus is not None:  # several processes (issue 17): bot moves thought by meeple worker
        body["worker_moves"] = getattr(hub.pool, "remote_moves", 0)
    return JSONResponse(body, status_code=200 if ok else 503)
