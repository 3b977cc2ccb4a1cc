"""Bot turns: a table's driver task asks the seat's bot for a move and applies it.

Bots think in a worker on the current (never mutated) state, so one slow bot
never blocks other tables; a move computed for a position that changed
meanwhile is dropped.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from meeple import bots
from meeple.engine import BadSetup, Rng
from meeple.server.base import HubBase
from meeple.server.clocks import FALLBACK_BOT
from meeple.server.model import ServerError, Table

log = logging.getLogger("meeple.server")


class BotMixin(HubBase):
    # --- bots -----------------------------------------------------------------------------

    def _bot_for(self, table: Table) -> tuple[int, str] | None:
        """The seat to move and its bot spec, if a bot plays it now."""
        if table.closed or not table.owned:  # another process runs this table's bots
            return None
        s = table.seats[table.state.to_move]
        if s.kind == "bot":
            return s.seat, s.bot or FALLBACK_BOT
        if s.zombie:
            return s.seat, self._zombie_spec()[0]
        return None

    def _kick(self, table: Table) -> None:
        if self.stopping or self._bot_for(table) is None:
            return
        if table.driver is None or table.driver.done():
            table.driver = asyncio.get_running_loop().create_task(self._drive(table))

    async def _drive(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        while not self.stopping:
            who = self._bot_for(table)
            if who is None:
                return
            seat, spec = who
            if self.bot_delay and table.human_present():
                await asyncio.sleep(self.bot_delay)
            state, version = table.state, table.version
            bot = table.bots.get(spec)
            if bot is None:
                try:
                    bot = bots.make(spec)
                except BadSetup as exc:  # a bot kind that is not installed (any more)
                    bot = bots.make(FALLBACK_BOT)
                    await self._note_locked(table, {"type": "bot_error", "text": f"{exc}; the {FALLBACK_BOT} "
                                                    "bot plays this seat instead."})
                table.bots[spec] = bot
            rng = Rng((table.meta["seed"] * 1_000_003 + len(state.history) * 7919 + seat) & ((1 << 64) - 1))
            try:
                action = await loop.run_in_executor(self.bot_pool, bots.act, bot, state, rng)
            except RuntimeError:  # executor shut down
                return
            except Exception as exc:  # noqa: BLE001 - a bot bug must not stop the table
                log.exception("bot %s failed at table %s", spec, table.id)
                action = None
                fallback = Rng(len(state.history))
                legal = state.legal_actions()
                if legal:
                    action = fallback.choice(legal)
                await self._note_locked(table, {"type": "bot_error", "text": f"The {spec} bot failed ({exc}); "
                                                "a random legal move is played instead."})
            async with table.lock:
                if table.version != version or table.state is not state or action is None:
                    continue
                zombie = table.seats[seat].kind == "human"
                try:
                    await self._apply(table, seat, action.notation, f"zombie:{spec}" if zombie else spec)
                except ServerError as exc:
                    log.warning("bot move refused at table %s: %s", table.id, exc.message)
                    if exc.status != 409:
                        return
                    # 409: another process moved the table on (it was reloaded); look again

    async def _note_locked(self, table: Table, event: dict[str, Any]) -> None:
        async with table.lock:
            await self._note(table, event)

