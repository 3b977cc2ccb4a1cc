"""The server's live tables: a cache over the database, bots, clocks and pushes.

Every table is kept in memory (its state, seats, log and connected clients)
once it is used; the database stays the source of truth and a table is
rebuilt from it by ``meeple.replay``.  ``Hub`` is assembled from one part per
concern: tables and seats (``tables.py``), live connections (``live.py``),
bot turns (``driver.py``), clocks (``clocks.py``) and, with Redis, the other
processes' changes (``bus.py``), over ``base.HubBase``.

Nothing here knows any game's rules: only the engine contract is used.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from meeple.server.bus import BusMixin
from meeple.server.clocks import ClockMixin
from meeple.server.driver import BotMixin
from meeple.server.live import LiveMixin
from meeple.server.model import Client, ServerError, Table
from meeple.server.tables import TablesMixin

log = logging.getLogger("meeple.server")



class Hub(BusMixin, TablesMixin, BotMixin, ClockMixin, LiveMixin):
    """The live tables of one server process (see the module's docstring)."""

    async def start(self) -> None:
        await self.db(self.store.create_schema)
        await self._bus_start()  # with --redis: publish changes, apply the other processes' (bus.py)
        # only the running tables something must move without a request (a bot seat, a running
        # clock), in the background: the server answers at once, and a table asked for before its
        # turn is loaded by that request; one waiting for a person is loaded by its next request
        # (issue 30: a restart with 500 running tables took 8-18 s before the server answered)
        self._resumer = asyncio.get_running_loop().create_task(
            self._resume(await self.db(self.store.running_ids, True)))
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())
        if not self.store.is_sqlite:
            self._syncer = asyncio.get_running_loop().create_task(self._sync_forever())

    async def _resume(self, table_ids: list[str]) -> None:
        """Load ``table_ids`` one by one and start their bots and clocks."""
        for table_id in table_ids:
            if self.stopping:
                return
            try:
                table = await self.get(table_id)
            except ServerError as exc:  # a game that is not installed any more
                log.warning("table %s not resumed: %s", table_id, exc.message)
                continue
            except Exception:  # noqa: BLE001 - the database away for a moment: the sync loop retries
                log.exception("table %s not resumed", table_id)
                continue
            self._arm_clock(table)
            self._kick(table)

    async def _sweep_forever(self) -> None:
        while not self.stopping:
            await asyncio.sleep(self.limits.sweep_every)
            try:
                await self.expire()
            except Exception:  # noqa: BLE001 - the database may be away for a moment
                log.exception("expiring abandoned tables failed")
            self.sweep()

    async def expire(self) -> list[str]:
        """Abort running tables nobody changed for ``limits.expire_after`` seconds."""
        gone = await self.db(self.store.expire, self.limits.expire_after)
        for table_id in gone:
            table = self.tables.get(table_id)
            if table is not None:
                async with table.lock:
                    await self._reload(table)
        return list(gone)

    def sweep(self, idle: float | None = None) -> int:
        """Drop tables nobody watches and nobody used for ``limits.idle_unload`` seconds
        from memory: finished ones, and running ones waiting for a person without a
        clock (the database keeps them; the next request loads them again)."""
        limit = time.monotonic() - (self.limits.idle_unload if idle is None else idle)
        gone = [t.id for t in self.tables.values()
                if not t.clients and t.touched < limit and not t.lock.locked()
                and (t.driver is None or t.driver.done()) and (t.timer is None or t.timer.done())
                and (t.closed or self._bot_for(t) is None)]
        for table_id in gone:
            del self.tables[table_id]
            self._replays.pop(table_id, None)
            if not self.store.is_sqlite:
                self.db_pool.submit(self.store.release, table_id)
        return len(gone)

    async def _sync_forever(self) -> None:
        while not self.stopping:
            await asyncio.sleep(self.sync_every)
            try:
                await self.sync()
            except Exception:  # noqa: BLE001 - the database may be away for a moment
                log.exception("sync with the database failed")

    async def sync(self) -> None:
        """Several processes on one database (PostgreSQL): reload the tables in memory
        that another process changed, and take over running tables whose owner is gone
        (its advisory lock ended with its connection)."""
        stored = await self.db(self.store.changed, list(self.tables))
        running = await self.db(self.store.running_ids, True)
        # only tables whose owner is gone are worth a try (one look at the locks, not one per table)
        free = await self.db(self.store.unowned, [t for t in running
                                                  if t not in self.tables or not self.tables[t].owned])
        for table_id in running:
            if table_id not in free:
                continue
            table = self.tables.get(table_id)
            if table is None:
                # nobody runs its bots or clock (its process is gone): load it only if we get it
                if await self.db(self.store.try_own, table_id):
                    try:
                        table = await self.get(table_id)
                    except ServerError:  # cannot be resumed here (another rules version, say)
                        await self.db(self.store.release, table_id)
                        continue
                    self._arm_clock(table)
                    self._kick(table)
                continue
            if not table.owned and await self.db(self.store.try_own, table_id):
                async with table.lock:
                    table.owned = True
                    await self._reload(table)
                self._kick(table)
        for table_id, (updated, _status) in stored.items():
            table = self.tables.get(table_id)
            if table is None or table.lock.locked():
                continue
            # newer than what this process wrote or read last: another process changed it (a read
            # made before one of our own commits is older than it, and is ignored)
            if updated > float(table.meta.get("updated") or 0.0):
                async with table.lock:
                    await self._reload(table)
                self._kick(table)

    async def stop(self) -> None:
        self.stopping = True
        for loop_task in (self._resumer, self._sweeper, self._syncer):
            if loop_task is not None:
                loop_task.cancel()
        self.pool.close()  # kills thinking bots at once: their drivers end quickly
        tasks = []
        for table in self.tables.values():
            writers = [c.writer for c in table.clients]
            for task in (table.driver, table.timer, table.presence, table.watch_flush, *writers):
                if task is not None and not task.done():
                    task.cancel()
                    tasks.append(task)
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        self.pool.close()
        await self._bus_stop()
        self.db_pool.shutdown(wait=True)
        self.store.dispose()


__all__ = ["Client", "Hub", "ServerError", "Table"]
