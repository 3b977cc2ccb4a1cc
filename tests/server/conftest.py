"""Fixtures for the server tests: the test game, apps on SQLite and PostgreSQL."""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from meeple import games
from tests.server.servergame import GAME

PG_ENV = "MEEPLE_TEST_DATABASE_URL"


@pytest.fixture(autouse=True, scope="module")
def _register_servergame() -> Iterator[None]:
    """The test game, registered for each server test module only: a session-wide registration
    stayed in ``meeple.games.names()`` for the engine tests a worker ran after them."""
    games.register(GAME)
    yield
    games.unregister(GAME.name)


def _pg_url() -> str | None:
    return os.environ.get(PG_ENV) or None


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: object) -> Iterator[dict[str, str | None]]:
    """A fresh database: ``{"url": ..., "schema": ...}``; PostgreSQL gets its own schema."""
    if request.param == "sqlite":
        yield {"url": f"sqlite:///{tmp_path}/meeple.db", "schema": None}  # type: ignore[str-bytes-safe]
        return
    url = _pg_url()
    if url is None:
        pytest.skip(f"PostgreSQL half not run: set {PG_ENV} (e.g. "
                    "postgresql+psycopg://postgres@127.0.0.1:5432/test) to run it")
    schema = "meeple_test_" + uuid.uuid4().hex[:10]
    yield {"url": url, "schema": schema}
    from meeple.server.store import Store

    Store(url, schema=schema).drop_schema()


@pytest.fixture
def make_client(db: dict[str, Any]) -> Iterator[Callable[..., TestClient]]:
    """Apps on the test's database (several: several server processes); keywords go to create_app."""
    opened: list[TestClient] = []

    def make(**kw: Any) -> TestClient:
        from meeple.server import create_app

        kw.setdefault("allow_seeds", True)
        client = TestClient(create_app(db["url"], schema=db["schema"], **kw))
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for c in opened:
        c.__exit__(None, None, None)
