"""Several server processes over Redis (issue 17): every committed change is published.

``meeple serve --db postgresql+psycopg://... --redis redis://...`` may run as
several processes (on one or many machines) behind one address.  Each act is
committed to PostgreSQL under the table's row lock as before (``store.py``);
then the process that made it publishes the change on the Redis channel
``<ns>:changes`` (``<ns>`` names the database and schema, so several sites can
share one Redis): the table, the log length it built on, the new log entries,
the seats and the status; each action entry carries its story (the label and who may read
it, ``story.py``), so no process judges a decision twice and all serve the same log (issue 30).
Every other process that has the table in memory
applies the change in place (it replays the new actions on its own state, as
``meeple.replay`` would) and pushes each of its own clients that client's view
at once.  A message that does not follow what a process holds (one lost while
Redis was away, two processes writing notes at once, an undo) makes it reload
the table from the database, the source of truth; the once-a-second sync of
issue 16 stays as the safety net.  Pub/sub is enough: a late subscriber has
nothing to catch up on, since a process that loads a table reads it from the
database.

Who runs a table's bots and clock does not change: the process holding its
advisory lock (a lease that ends with the process's database session, so a
process that dies hands its tables to the others within a second).  With a
``meeple worker`` alive, that process sends its bot turns to the workers
through a Redis job queue (``jobs.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import time
import uuid
from typing import TYPE_CHECKING, Any

from meeple.engine import IllegalAction
from meeple.server.base import HubBase
from meeple.server.model import Seat, Table
from meeple.server.story import STORY_FIELDS, complete_story, lacks_story

if TYPE_CHECKING:
    from meeple.server.store import Store

log = logging.getLogger("meeple.server")

MISSING = "the redis package is not installed: pip install 'meeple[redis]'"
ENTRY_FIELDS = ("kind", "decision", "seat", "notation", "actor", "events", *STORY_FIELDS)
"""What a published log entry carries: the stored fields and its story (issue 30: the label and
who may read it travel with the change, so every process serves the same log)."""
HEARTBEAT = 1.0  # seconds between a worker's heartbeats
LEASE = 5.0  # seconds a worker counts as alive after its last heartbeat


def redis_module() -> Any:
    """``redis.asyncio``; ImportError with a one-line message when the package is missing."""
    try:
        import redis.asyncio as aioredis
    except ImportError:
        raise ImportError(MISSING) from None
    return aioredis


def namespace(store: Store) -> str:
    """The Redis key prefix of the site on this database: its name and schema (every
    process on one database and schema finds the same channel and job queue)."""
    import sqlalchemy as sa

    if store.is_sqlite:
        where = store.url
    else:
        with store.engine.connect() as conn:
            db, schema = conn.execute(sa.text("SELECT current_database(), current_schema()")).one()
        where = f"{db}/{store.schema or schema}"
    return "meeple:" + hashlib.sha256(where.encode()).hexdigest()[:12]


class Bus:
    """One process's Redis connection: the change channel, the worker registry and the
    bot-job queue's keys, all under ``prefix``."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.origin = uuid.uuid4().hex[:12]  # this process, so it ignores its own messages
        self.prefix = "meeple"
        self.redis: Any = None
        self._alive: tuple[float, int] = (0.0, 0)  # (checked at, workers alive then)

    async def connect(self, prefix: str) -> None:
        self.prefix = prefix
        self.redis = redis_module().from_url(self.url, decode_responses=True, health_check_interval=10)
        await self.redis.ping()

    @property
    def channel(self) -> str:
        return f"{self.prefix}:changes"

    @property
    def jobs(self) -> str:
        return f"{self.prefix}:jobs"

    @property
    def workers(self) -> str:
        return f"{self.prefix}:workers"

    async def close(self) -> None:
        if self.redis is not None:
            with contextlib.suppress(Exception):
                await self.redis.aclose()
            self.redis = None

    async def workers_alive(self) -> int:
        """How many ``meeple worker`` processes have a live lease (looked up at most once a second)."""
        now = time.time()
        if now - self._alive[0] < 1.0:
            return self._alive[1]
        try:
            count = int(await self.redis.zcount(self.workers, now, "+inf"))
        except Exception:  # noqa: BLE001 - Redis away: think here
            count = 0
        self._alive = (now, count)
        return count


def seat_row(s: Seat) -> dict[str, Any]:
    return {"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name, "token": s.token,
            "zombie": s.zombie, "deadline": s.deadline}


class BusMixin(HubBase):
    """Publishes every change this process makes and applies the other processes' changes
    (first in ``Hub``'s bases: it wraps ``broadcast`` and ``_reload``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.bus: Bus | None = None
        self._quiet: set[str] = set()  # tables whose broadcast shows another process's change
        self._outbox: asyncio.Queue[str] | None = None
        self._bus_tasks: list[asyncio.Task[None]] = []

    async def _bus_start(self) -> None:
        if self.bus is None:
            return
        await self.bus.connect(await self.db(namespace, self.store))
        self._outbox = asyncio.Queue(maxsize=10_000)
        loop = asyncio.get_running_loop()
        self._bus_tasks = [loop.create_task(self._bus_send_forever()), loop.create_task(self._bus_listen_forever())]

    async def _bus_stop(self) -> None:
        for task in self._bus_tasks:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        if self.bus is not None:
            await self.bus.close()

    # --- publishing -------------------------------------------------------------------

    async def broadcast(self, table: Table, new_entries: list[dict[str, Any]], full: bool = False) -> None:
        if self.bus is not None and table.id not in self._quiet:
            self._publish(table, new_entries, full)
        await super().broadcast(table, new_entries, full)

    def _publish(self, table: Table, new_entries: list[dict[str, Any]], full: bool) -> None:
        assert self.bus is not None
        msg: dict[str, Any] = {"o": self.bus.origin, "t": table.id, "full": full}
        if not full:
            msg.update(b=len(table.entries) - len(new_entries), h=len(table.state.history),
                       e=[{k: e[k] for k in ENTRY_FIELDS if k in e} for e in new_entries],
                       s=[seat_row(s) for s in table.seats], st=table.meta.get("status"),
                       u=table.meta.get("updated"))
        if self._outbox is None:
            return
        try:
            self._outbox.put_nowait(json.dumps(msg, ensure_ascii=False, default=str))
        except asyncio.QueueFull:  # Redis far behind: the others catch up through the database sync
            log.warning("the Redis outbox is full: a change of table %s is not published", table.id)

    async def _bus_send_forever(self) -> None:
        """One sender, so one process's messages reach Redis in the order they were made."""
        assert self.bus is not None and self._outbox is not None
        while True:
            text = await self._outbox.get()
            try:
                await self.bus.redis.publish(self.bus.channel, text)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - Redis away: the database sync covers it
                log.warning("publishing on Redis failed; the other processes catch up within a second")
                await asyncio.sleep(0.5)

    # --- receiving --------------------------------------------------------------------

    async def _bus_listen_forever(self) -> None:
        assert self.bus is not None
        first = True
        while True:
            try:
                pubsub = self.bus.redis.pubsub(ignore_subscribe_messages=True)
                await pubsub.subscribe(self.bus.channel)
                if not first:  # subscribed again: what changed meanwhile is read from the database
                    await self._reload_all()
                first = False
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    try:
                        await self._on_change(json.loads(message["data"]))
                    except Exception:  # noqa: BLE001 - one bad message must not stop the listener
                        log.exception("a change from Redis could not be applied")
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - Redis away for a moment: subscribe again
                log.warning("the Redis subscription ended; subscribing again")
                await asyncio.sleep(0.5)

    async def _reload_all(self) -> None:
        for table in list(self.tables.values()):
            async with table.lock:
                await self._reload(table)
            self._kick(table)

    async def _on_change(self, msg: dict[str, Any]) -> None:
        if not isinstance(msg, dict) or self.bus is None or msg.get("o") == self.bus.origin:
            return
        table = self.tables.get(str(msg.get("t")))
        if table is None:  # not in memory here: loaded from the database when asked for
            return
        async with table.lock:
            if msg.get("full") or not self._apply_change(table, msg):
                await self._reload(table)
            else:
                self._arm_clock(table)
                self._quiet.add(table.id)
                try:
                    await self.broadcast(table, msg["e"])
                finally:
                    self._quiet.discard(table.id)
        self._kick(table)

    def _apply_change(self, table: Table, msg: dict[str, Any]) -> bool:
        """Apply another process's change in place; False when it does not follow what
        this process holds (then the caller reloads the table from the database)."""
        entries = msg.get("e")
        if not isinstance(entries, list) or msg.get("b") != len(table.entries):
            return False
        state = table.state
        for e in entries:
            if not isinstance(e, dict):
                return False
            if e.get("kind") != "action":
                continue
            if e.get("decision") != len(state.history):
                return False
            if state is table.state:
                state = state.clone()
            # what the sender did not judge (no story: an older process; no spectators' verdict: no
            # spectator there) is judged here, as it would have been
            before = state.clone() if lacks_story(e, table.watched) else None
            try:
                state.apply(e["notation"])
            except (IllegalAction, KeyError, TypeError):
                return False
            if before is not None:
                complete_story(e, before, state, table.readers, table.watched)
        if msg.get("h") != len(state.history):
            return False
        table.state = state
        table.entries.extend(entries)
        table.seats = [Seat(r) for r in msg["s"]]
        table.meta["status"] = msg.get("st") or table.meta["status"]
        if msg.get("u") is not None:
            table.meta["updated"] = msg["u"]
        table.version += 1
        table.touched = time.monotonic()
        return True

    async def _reload(self, table: Table) -> None:
        # a reload shows what the database holds: nothing new to publish
        self._quiet.add(table.id)
        try:
            await super()._reload(table)
        finally:
            self._quiet.discard(table.id)
