"""Bot turns: a table's driver task asks the seat's bot for a move and applies it.

A seat's bot is a level (``levels.py``); its spec thinks in a worker process
(``botpool.py``) on the current (never mutated) state under the level's
deadline (CPU seconds, in the table's turn: ``botpool.py``), so one slow bot never blocks other
tables, and a bot over its deadline, or starved of the CPU by other work, is stopped and its
level's fallback moves instead; the log says which, and ``/api/health`` counts every decision
a fallback made (``bot_fallbacks``).  A move computed
for a position that changed meanwhile is dropped.  ``random`` needs no search
and runs in the server process.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from pydantic import ValidationError

from meeple import bots
from meeple.engine import Rng, State
from meeple.server.base import HubBase
from meeple.server.levels import MAX_SPEC, Level
from meeple.server.model import ServerError, Table

log = logging.getLogger("meeple.server")

FALLBACK_DEADLINE = 2.0  # seconds for a level's fallback spec (when it is not ``random``)


class BotMixin(HubBase):
    # --- bots -----------------------------------------------------------------------------

    def _bot_for(self, table: Table) -> tuple[int, str] | None:
        """The seat to move and its bot level, if a bot plays it now."""
        if table.closed or not table.owned:  # another process runs this table's bots
            return None
        s = table.seats[table.state.to_move]
        if s.kind == "bot":
            return s.seat, s.bot or "random"
        if s.zombie:
            return s.seat, self._zombie_spec()[0]
        return None

    def _kick(self, table: Table) -> None:
        if self.stopping or self._bot_for(table) is None:
            return
        if table.driver is None or table.driver.done():
            table.driver = asyncio.get_running_loop().create_task(self._drive(table))

    def _level(self, name: str) -> tuple[str, Level, str | None]:
        """The level a seat's stored bot names; a stored table of an older server may
        hold a raw spec: run it only if it passes today's caps, else ``random``."""
        level = self.levels.get(name)
        if level is not None:
            return name, level, None
        try:
            return name[:MAX_SPEC], Level(spec=name), None
        except ValidationError:
            why = f"the stored bot {name[:MAX_SPEC]!r} is not allowed on this server; the random bot plays instead"
            return "random", self.levels["random"], why

    async def _drive(self, table: Table) -> None:
        while not self.stopping:
            who = self._bot_for(table)
            if who is None:
                return
            seat, stored = who
            if self.bot_delay and table.human_present():
                await asyncio.sleep(self.bot_delay)
            name, level, why = self._level(stored)
            if why and stored not in table.noted:
                table.noted.add(stored)
                await self._note_locked(table, {"type": "bot_error", "key": "note_bot_stored", "text": why})
            state, version = table.state, table.version
            seed = (table.meta["seed"] * 1_000_003 + len(state.history) * 7919 + seat) & ((1 << 64) - 1)
            notation = await self._think(table, name, level, state, seed)
            if notation is None:
                continue
            async with table.lock:
                if table.version != version or table.state is not state:
                    continue
                zombie = table.seats[seat].kind == "human"
                try:
                    await self._apply(table, seat, notation, f"zombie:{name}" if zombie else name)
                except ServerError as exc:
                    log.warning("bot move refused at table %s: %s", table.id, exc.message)
                    if exc.status != 409:
                        return
                    # 409: another process moved the table on (it was reloaded); look again

    async def _think(self, table: Table, name: str, level: Level, state: State, seed: int) -> str | None:
        """The level's move, or its fallback's when it is over its deadline or fails
        (the log says so), or a random legal move when even that fails."""
        legal = state.legal_actions()
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0].notation
        # a table where a person plays or waits comes before bot-only tables nobody waits for
        priority = 0 if table.human_present() or table.clients else 1
        for n, (spec, deadline) in enumerate(((level.spec_for(state.game.name, state.players), level.deadline),
                                              (level.fallback, FALLBACK_DEADLINE))):
            if n:
                self.fallbacks += 1  # the level's own spec did not give this decision
            try:
                if spec == "random":
                    return bots.act(bots.make("random"), state, Rng(seed)).notation
                notation, why = await self.pool.decide(spec, state, seed, deadline, key=table.id,
                                                       priority=priority)
            except Exception as exc:  # noqa: BLE001 - a bot bug must not stop the table
                log.warning("bot %s failed at table %s: %s", spec, table.id, exc)
                await self._note_locked(table, {"type": "bot_error", "key": "note_bot_failed", "bot": name,
                                                "text": f"The {name} bot failed ({exc}); "
                                                "its fallback plays instead."[:300]})
                continue
            if self.stopping or self.pool.closed:
                return None
            if notation is not None:
                return notation
            await self._note_locked(table, self._late_note(name, deadline, why))
        self.fallbacks += 1
        return Rng(seed).choice(legal).notation

    def _late_note(self, name: str, deadline: float, why: str) -> dict[str, Any]:
        """The log's note for a decision stopped before it was made: over its level's time, or
        (``why == "busy"``) starved of the CPU by other work (issue 30: never a silent fallback)."""
        if why == "busy":
            return {"type": "bot_busy", "key": "note_bot_busy", "bot": name, "seconds": deadline,
                    "text": f"The server was too busy for the {name} bot to think for {deadline:g} s; "
                            "its fallback's move is played."}
        return {"type": "bot_timeout", "key": "note_bot_timeout", "bot": name, "seconds": deadline,
                "text": f"The {name} bot took more than {deadline:g} s; its fallback's move is played."}

    async def _note_locked(self, table: Table, event: dict[str, Any]) -> None:
        async with table.lock:
            await self._note(table, event)
