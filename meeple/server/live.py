"""Live connections: each client's payload, pushes after a change, sockets coming and going."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from meeple.server.base import HubBase
from meeple.server.model import Client, Table, _quietly, has_renderer
from meeple.server.rounds import table_rounds
from meeple.server.story import line_for, shared_view

SEND_TIMEOUT = 3.0
SPECTATOR_CHUNK = 32

try:
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency; json.dumps says the same, slower
    orjson = None  # type: ignore[assignment]


def _plain(o: Any) -> Any:
    """A subclass of dict, list, str or int as its plain value (a ``Message`` with its text)."""
    if isinstance(o, dict):
        return dict(o.items())  # Message.items fills the lazily formatted text
    if isinstance(o, (list, tuple)):
        return list(o)
    if isinstance(o, str):
        return str(o)
    if isinstance(o, int):
        return int(o)
    return str(o)


def dumps(body: Any) -> str:
    """A message's JSON text, the same value ``json.dumps(body, ensure_ascii=False)`` writes
    (without its blanks), by orjson: encoding the pushes was about a tenth of a decision's work
    (issue 30).  Subclasses go through ``_plain``, so a ``Message`` keeps its ``text``."""
    if orjson is None:
        return json.dumps(body, ensure_ascii=False)
    return orjson.dumps(body, default=_plain,
                        option=orjson.OPT_PASSTHROUGH_SUBCLASS | orjson.OPT_NON_STR_KEYS).decode()


class LiveMixin(HubBase):
    # --- views --------------------------------------------------------------------------

    def entry_for(self, table: Table, entry: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """One log entry as ``seat`` may see it.  Another seat's notation is shown only
        once the game is over (a notation can name a hidden choice)."""
        visible = table.state.visible_events(entry.get("events", []), seat)
        out: dict[str, Any] = {"kind": entry["kind"], "decision": entry["decision"],
                               "seat": entry.get("seat"), "events": visible}
        if entry["kind"] == "action":
            out["actor"] = entry.get("actor")
            if table.over or (seat is not None and entry.get("seat") == seat):
                out["notation"] = entry.get("notation")
            # the decision's label where this seat may know it, else "secret" (story.py, issue 15)
            out.update(line_for(entry, seat, table.over, visible))
        return out

    def payload(self, table: Table, seat: int | None, with_log: bool = True) -> dict[str, Any]:
        state = table.state
        now = time.time()
        over = state.is_over
        s = table.seats[seat] if seat is not None else None
        can_act = (s is not None and not table.closed and state.to_move == seat and not s.zombie)
        legal = state.legal_actions() if can_act else []
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
            "view": shared_view(state, seat),  # the story judged on it already (story.py)
            "legal": [a.notation for a in legal],
            # each legal action's label (issue 14; State.label): a catalog message naming it and its cost, or null
            "labels": [state.label(a) for a in legal],
            # the pieces and places each legal action involves, as the view's ids (State.targets)
            "targets": [state.targets(a) for a in legal],
            "undo": bool(s is not None and s.kind == "human" and not s.zombie
                         and state.undo_target(seat) is not None),  # type: ignore[arg-type]
            "decisions": len(state.history),
            "version": table.version,
        }
        if over:
            out["ranking"] = state.ranking()
            out["scores"] = state.scores()
            out["score_by_round"] = table_rounds(table)  # the score sheet's rows and chart (issue 27)
            if "solo_best" in table.meta:  # issue 29: the person's best solo scores at this game and level
                out["solo_best"] = table.meta["solo_best"]
        if with_log:
            out["log"] = [self.entry_for(table, e, seat) for e in table.entries[-400:]]
        return out

    async def broadcast(self, table: Table, new_entries: list[dict[str, Any]], full: bool = False) -> None:
        """Queue for each client its own seat's view and the new log entries it may see
        (each seat's message is built once; the sockets' writers send them)."""
        if not table.clients:
            return
        batch = self.limits.spectator_every > 0
        if batch:
            self._spectators_later(table, new_entries, full)
        cache: dict[int | None, str] = {}
        for client in list(table.clients):
            if batch and client.seat is None:
                continue
            text = cache.get(client.seat)
            if text is None:
                body = self.payload(table, client.seat, with_log=full)
                body["type"] = "full" if full else "update"
                if not full:
                    body["entries"] = [self.entry_for(table, e, client.seat) for e in new_entries]
                text = cache[client.seat] = dumps(body)
            self._push(table, client, text)

    def _spectators_later(self, table: Table, new_entries: list[dict[str, Any]], full: bool) -> None:
        """Spectators get the changes of ``limits.spectator_every`` seconds as one message
        (one view built, one send per socket, however fast the seats play)."""
        if full:
            table.watch_full = True
            table.watch_pending.clear()
        elif not table.watch_full:
            start = len(table.entries) - len(new_entries)
            table.watch_pending.extend(enumerate(new_entries, start))
        if table.watch_flush is None or table.watch_flush.done():
            table.watch_flush = asyncio.get_running_loop().create_task(self._spectators_flush(table))

    async def _spectators_flush(self, table: Table) -> None:
        await asyncio.sleep(self.limits.spectator_every)
        full, pending = table.watch_full, list(table.watch_pending)
        table.watch_full = False
        table.watch_pending.clear()
        watchers = [c for c in table.clients if c.seat is None]
        if not watchers:
            return
        texts: dict[int, str] = {}  # by the first log index a socket has not seen yet
        for n, client in enumerate(watchers, 1):
            if n % SPECTATOR_CHUNK == 0:  # let requests in between: hundreds of sends are a burst
                await asyncio.sleep(0)
            cut = 0 if full else client.since
            text = texts.get(cut)
            if text is None:
                body = self.payload(table, None, with_log=full)
                body["type"] = "full" if full else "update"
                if not full:
                    body["entries"] = [self.entry_for(table, e, None) for i, e in pending if i >= cut]
                text = texts[cut] = dumps(body)
            self._push(table, client, text)

    def _push(self, table: Table, client: Client, text: str) -> None:
        try:
            client.outbox.put_nowait(text)
        except asyncio.QueueFull:  # far behind: drop it; the browser reconnects and gets a full view
            self._drop(table, client)

    def _drop(self, table: Table, client: Client) -> None:
        if client in table.clients:
            table.clients.discard(client)
            self._client_gone(client)
            self._presence_soon(table)
        if client.writer is not None:
            client.writer.cancel()
        if client.close is not None:
            asyncio.get_running_loop().create_task(_quietly(client.close()))

    async def _write(self, table: Table, client: Client) -> None:
        while True:
            text = await client.outbox.get()
            try:
                # a stuck client must not hold up the others: drop it (it reconnects)
                await asyncio.wait_for(client.send(text), timeout=SEND_TIMEOUT)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - a closed or stuck socket
                client.writer = None
                self._drop(table, client)
                return

    # --- sockets ----------------------------------------------------------------------------

    def attach_with(self, table: Table, client: Client, first: str) -> None:
        """A socket joins the table: ``first`` (its full view, built just now) is its first
        message, and every change from now on follows it, in order.  The others learn
        who is online by one batched presence message."""
        client.outbox.put_nowait(first)
        client.since = len(table.entries)
        table.clients.add(client)
        client.writer = asyncio.get_running_loop().create_task(self._write(table, client))
        self._presence_soon(table)

    async def attach(self, table: Table, client: Client) -> None:
        await self.stories(table, client.seat is None)
        # every spectator joining at one position gets the same full view: build it once
        key = (table.version, len(table.entries), len(table.state.history))
        if client.seat is None and table.watch_full_text is not None and table.watch_full_text[0] == key:
            text = table.watch_full_text[1]
        else:
            body = self.payload(table, client.seat)
            body["type"] = "full"
            text = dumps(body)
            if client.seat is None:
                table.watch_full_text = (key, text)
        self.attach_with(table, client, text)

    async def detach(self, table: Table, client: Client) -> None:
        if client in table.clients:
            table.clients.discard(client)
            self._client_gone(client)
        if client.writer is not None:
            client.writer.cancel()
        if not self.stopping:
            self._presence_soon(table)

    def _presence_soon(self, table: Table) -> None:
        """Sockets coming and going are told as counts, at most once per ``presence_every``."""
        if self.stopping or (table.presence is not None and not table.presence.done()):
            return
        table.presence = asyncio.get_running_loop().create_task(self._presence_later(table))

    async def _presence_later(self, table: Table) -> None:
        await asyncio.sleep(self.limits.presence_every)
        text = json.dumps({"type": "presence", **self.presence_of(table)})
        for client in list(table.clients):
            self._push(table, client, text)

    def presence_of(self, table: Table) -> dict[str, Any]:
        return {"online": sorted({c.seat for c in table.clients if c.seat is not None}),
                "watchers": sum(1 for c in table.clients if c.seat is None)}
