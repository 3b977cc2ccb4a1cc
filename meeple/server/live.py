"""Live connections: each client's payload, pushes after a change, sockets coming and going."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from meeple.server.base import HubBase
from meeple.server.model import Client, Table, _quietly, has_renderer

SEND_TIMEOUT = 3.0


class LiveMixin(HubBase):
    # --- views --------------------------------------------------------------------------

    def entry_for(self, table: Table, entry: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """One log entry as ``seat`` may see it.  Another seat's notation is shown only
        once the game is over (a notation can name a hidden choice)."""
        out: dict[str, Any] = {"kind": entry["kind"], "decision": entry["decision"],
                               "seat": entry.get("seat"),
                               "events": table.state.visible_events(entry.get("events", []), seat)}
        if entry["kind"] == "action":
            out["actor"] = entry.get("actor")
            if table.over or (seat is not None and entry.get("seat") == seat):
                out["notation"] = entry.get("notation")
        return out

    def payload(self, table: Table, seat: int | None, with_log: bool = True) -> dict[str, Any]:
        state = table.state
        now = time.time()
        over = state.is_over
        s = table.seats[seat] if seat is not None else None
        can_act = (s is not None and not table.closed and state.to_move == seat and not s.zombie)
        out: dict[str, Any] = {
            "table": {
                "id": table.id, "game": table.meta["game"], "title": state.game.title,
                "players": table.meta["players"], "options": table.meta["options"],
                "clock": table.meta["clock"], "status": table.status,
                "renderer": has_renderer(table.meta["game"]),
            },
            "seats": [x.public(now) for x in table.seats],
            "online": sorted({c.seat for c in table.clients if c.seat is not None}),
            "watchers": sum(1 for c in table.clients if c.seat is None),
            "you": seat,
            "view": state.view(seat),
            "legal": [a.notation for a in state.legal_actions()] if can_act else [],
            "undo": bool(s is not None and s.kind == "human" and not s.zombie
                         and state.undo_target(seat) is not None),  # type: ignore[arg-type]
            "decisions": len(state.history),
            "version": table.version,
        }
        if over:
            out["ranking"] = state.ranking()
            out["scores"] = state.scores()
        if with_log:
            out["log"] = [self.entry_for(table, e, seat) for e in table.entries[-400:]]
        return out

    async def broadcast(self, table: Table, new_entries: list[dict[str, Any]], full: bool = False) -> None:
        """Push each client its own seat's view and the new log entries it may see."""
        if not table.clients:
            return
        cache: dict[int | None, str] = {}
        dead = []
        for client in list(table.clients):
            text = cache.get(client.seat)
            if text is None:
                body = self.payload(table, client.seat, with_log=full)
                body["type"] = "full" if full else "update"
                if not full:
                    body["entries"] = [self.entry_for(table, e, client.seat) for e in new_entries]
                text = cache[client.seat] = json.dumps(body, ensure_ascii=False)
            try:
                # a stuck client must not hold up the table: drop it (it reconnects)
                await asyncio.wait_for(client.send(text), timeout=SEND_TIMEOUT)
            except Exception:  # noqa: BLE001 - a closed or stuck socket
                dead.append(client)
        for client in dead:
            table.clients.discard(client)
            if client.close is not None:  # the browser reconnects and gets a full view
                asyncio.get_running_loop().create_task(_quietly(client.close()))

    # --- sockets ----------------------------------------------------------------------------

    async def attach(self, table: Table, client: Client) -> None:
        """A socket joins the table; the others learn who is online."""
        table.clients.add(client)
        await self.broadcast(table, [])

    async def detach(self, table: Table, client: Client) -> None:
        table.clients.discard(client)
        if not self.stopping:
            await self.broadcast(table, [])

