"""Turn clocks: deadlines for the seat to move, and the clock's bot when one runs out."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from meeple.engine import State
from meeple.server.base import HubBase
from meeple.server.levels import ZOMBIE_LEVEL
from meeple.server.model import Table


class ClockMixin(HubBase):
    # --- clocks -------------------------------------------------------------------------

    def _deadline_updates(self, table: Table, state: State, fresh: bool = True) -> list[dict[str, Any]]:
        """The seats' deadline changes for ``state``: only the seat to move has one (a
        claimed human seat not played by a bot); ``fresh`` restarts it."""
        clock = table.meta.get("clock")
        now = time.time()
        out = []
        mover = None if state.is_over else state.to_move
        for s in table.seats:
            want: float | None = None
            if clock and s.seat == mover and s.kind == "human" and s.token is not None and not s.zombie:
                want = s.deadline if (not fresh and s.deadline is not None) else now + clock
            if want != s.deadline:
                out.append({"seat": s.seat, "deadline": want})
        return out

    def _set_deadlines(self, table: Table, updates: list[dict[str, Any]]) -> None:
        for upd in updates:
            if "deadline" in upd:
                table.seats[upd["seat"]].deadline = upd["deadline"]

    async def _clock_after_change(self, table: Table, persist: bool, fresh: bool = False) -> None:
        updates = self._deadline_updates(table, table.state, fresh)
        if updates and persist:
            await self.db(self.store.update_seats, table.id, updates)
        self._set_deadlines(table, updates)
        self._arm_clock(table)

    def _arm_clock(self, table: Table) -> None:
        if table.timer is not None and not table.timer.done():
            table.timer.cancel()
        table.timer = None
        if self.stopping or table.closed or not table.owned:
            return
        s = table.seats[table.state.to_move]
        if s.deadline is None:
            return
        table.timer = asyncio.get_running_loop().create_task(
            self._expire(table, s.seat, table.version, s.deadline))

    async def _expire(self, table: Table, seat: int, version: int, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        async with table.lock:
            if table.version != version or table.closed or table.state.to_move != seat:
                return
            s = table.seats[seat]
            s.zombie = True
            s.deadline = None
            table.version += 1
            spec, note = self._zombie_spec()
            text = f"Seat {seat} ran out of time; the {spec} bot plays for them until they return."
            if note:
                text += " " + note
            await self._note(table, {"type": "clock", "key": "note_clock", "seat": seat, "bot": spec,
                                     "text": text}, seat_updates=[{"seat": seat, "zombie": True, "deadline": None}])
        await self.broadcast(table, [], full=True)
        self._kick(table)

    def _zombie_spec(self) -> tuple[str, str | None]:
        """The level that plays a seat whose clock ran out (and a note if it had to change)."""
        if ZOMBIE_LEVEL in self.levels:
            return ZOMBIE_LEVEL, None
        return "random", f"(there is no {ZOMBIE_LEVEL} bot level, so the random bot stands in)"
