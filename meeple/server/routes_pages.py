"""The HTML pages of ``meeple serve``: the lobby, a table, a replay (one single-page client,
``static/index.html``) and an empty favicon.  ``/static`` is mounted by ``app.create_app``."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, Response

STATIC = Path(__file__).parent / "static"

pages_router = APIRouter(include_in_schema=False)


def page() -> FileResponse:
    """The client's page (it routes by URL itself)."""
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


@pages_router.get("/")
async def lobby_page() -> FileResponse:
    return page()


@pages_router.get("/t/{table_id}")
async def table_page(table_id: str) -> FileResponse:
    return page()


@pages_router.get("/replay/{table_id}")
async def replay_page(table_id: str) -> FileResponse:
    return page()


@pages_router.get("/favicon.ico")
async def favicon() -> Response:
    return Response(status_code=204)
