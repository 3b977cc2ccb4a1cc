"""Fixtures for the server tests: the test game, apps on SQLite and PostgreSQL, a local SMTP server,
two server processes over Redis."""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from meeple import games
from tests.server.people import people
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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def smtp() -> Iterator[tuple[str, list[Any]]]:
    """A local SMTP server: its URL and the messages it received."""
    from aiosmtpd.controller import Controller

    got: list[Any] = []

    class Keep:
        async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
            got.append(envelope)
            return "250 OK"

    port = _free_port()
    controller = Controller(Keep(), hostname="127.0.0.1", port=port)
    controller.start()
    yield f"smtp://127.0.0.1:{port}?from=meeple@test.example", got
    controller.stop()


@pytest.fixture
def two(smtp: tuple[str, list[Any]]) -> Iterator[tuple[TestClient, TestClient]]:
    """Two server processes on one PostgreSQL database over Redis (as test_server_one_truth.py);
    a looked-up session is trusted for 60 s (only Redis can end it sooner on the other process)."""
    pg, redis = os.environ.get("MEEPLE_TEST_DATABASE_URL"), os.environ.get("MEEPLE_TEST_REDIS_URL")
    if not pg or not redis:
        pytest.skip("two processes over Redis not run: set MEEPLE_TEST_DATABASE_URL and MEEPLE_TEST_REDIS_URL")
    pytest.importorskip("redis", reason="the redis package (pip install 'meeple[redis]')")
    from meeple.server import create_app
    from meeple.server.store import Store

    schema = "meeple_notify_" + uuid.uuid4().hex[:10]
    clients = [TestClient(create_app(pg, schema=schema, redis=redis, bot_workers=1,
                                     limits={"acts_per_second": 1000.0},
                                     people=people(smtp=smtp[0], notify_every=0, session_cache=60)))
               for _ in range(2)]
    for c in clients:
        c.__enter__()
    try:
        yield clients[0], clients[1]
    finally:
        for c in clients:
            c.__exit__(None, None, None)
        Store(pg, schema=schema).drop_schema()
