"""``meeple worker --redis URL --db URL`` (issue 17): bot turns for the servers of one site.

A worker serves no HTTP: it takes bot decisions from the Redis job queue of
the site on that database (``meeple/server/jobs.py``) and thinks for them in
its own bot processes.  ``check_redis`` is shared with ``meeple serve --redis``.
Errors a user can cause (no redis package, Redis or the database away, a
SQLite ``--db``) are one line and exit status 2.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from typing import Annotated, Any

import typer

from meeple.engine.messages import refused

MAX_SLOTS = 256


def redis_package() -> Any:
    """The ``redis`` package, or BadSetup with one line when it is not installed."""
    try:
        import redis
    except ImportError:
        raise refused("worker.no_redis_package") from None
    return redis


def check_redis(url: str) -> str:
    """``url`` once Redis answers there (BadSetup with one line if the package is missing,
    the URL is malformed or nobody answers)."""
    redis = redis_package()
    if not url.startswith(("redis://", "rediss://", "unix://")):
        raise refused("worker.not_redis_url", url=repr(url[:80]))
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=5, socket_timeout=5)
        client.ping()
        client.close()
    except (redis.RedisError, ValueError, OSError) as exc:
        detail = " ".join(str(exc).split())[:200]
        raise refused("worker.redis_unreachable", url=url[:80], detail=detail) from None
    return url


def check_postgres(db: str | None) -> str:
    """The database URL (opened once) for several processes: PostgreSQL, not SQLite."""
    from meeple.cli_admin import check_database, database_url

    if database_url(db).startswith("sqlite"):
        raise refused("worker.needs_postgres")
    return check_database(db)


def worker(
    redis: Annotated[str, typer.Option("--redis", help="the Redis URL the servers use (redis://HOST:6379/0)")],
    db: Annotated[str, typer.Option("--db", help="the servers' PostgreSQL URL (names their job queue)")],
    slots: Annotated[int | None, typer.Option(
        "--slots", min=1, max=MAX_SLOTS, help="bot decisions at once (default: this machine's CPUs)")] = None,
) -> None:
    """Think for the bots of the servers on one database (no HTTP): their bot turns come
    from Redis while this runs."""
    redis_package()
    url = check_postgres(db)
    check_redis(redis)
    from meeple.server.jobs import Worker
    from meeple.server.store import Store

    store = Store(url)
    work = Worker(redis, store, slots)

    def ready(prefix: str) -> None:
        print(f"meeple worker: {work.slots} slots on {prefix} (Redis {redis})", flush=True)

    async def main() -> None:
        loop = asyncio.get_running_loop()
        task = asyncio.current_task()
        assert task is not None
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, task.cancel)
        with contextlib.suppress(asyncio.CancelledError):
            await work.run(ready)

    try:
        asyncio.run(main())
    finally:
        store.dispose()
