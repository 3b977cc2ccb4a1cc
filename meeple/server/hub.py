"""The server's live tables: a cache over the database, bots, clocks and pushes.

Every table is kept in memory (its state, seats, log and connected clients)
once it is used; the database stays the source of truth and a table is
rebuilt from it by ``meeple.replay``.  All changes to one table happen under
that table's lock: validate, apply to a clone, commit to the database, then
swap the clone in and push each client its own seat's view.  Bots think in a
worker thread on the (never mutated) current state, so one slow bot never
blocks other tables.

Nothing here knows any game's rules: only the engine contract is used.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import meeple
from meeple import bots, games
from meeple.engine import BadSetup, IllegalAction, Rng, State, tables_hash
from meeple.server.store import Store, token_digest

log = logging.getLogger("meeple.server")

ZOMBIE_BOT = "heuristic"
FALLBACK_BOT = "random"
MAX_NAME = 40
SEND_TIMEOUT = 3.0
SWEEP_EVERY = 60.0  # seconds between looks for finished tables to drop from memory
IDLE_EVICT = 600.0  # a finished table unused this long (and unwatched) leaves memory
RENDERERS = Path(__file__).parent / "static" / "games"


@functools.lru_cache(maxsize=64)
def has_renderer(game: str) -> bool:
    """Whether the client has a board drawing for ``game`` (presentation only)."""
    return (RENDERERS / f"{game}.js").is_file()


_INLINE = {"add_entry", "update_seats", "claim_seat", "truncate", "create_table"}


class ServerError(Exception):
    """An error with an HTTP status, shown to the client as ``{"error": message}``."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _clean_name(name: Any, default: str) -> str:
    if not isinstance(name, str):
        return default
    text = " ".join(name.split())[:MAX_NAME]
    return text or default


async def _quietly(aw: Any) -> None:
    with contextlib.suppress(Exception):
        await aw


class Seat:
    __slots__ = ("seat", "kind", "bot", "name", "token", "zombie", "deadline")

    def __init__(self, row: dict[str, Any]) -> None:
        self.seat: int = row["seat"]
        self.kind: str = row["kind"]
        self.bot: str | None = row.get("bot")
        self.name: str = row["name"]
        self.token: str | None = row.get("token")  # digest
        self.zombie: bool = bool(row.get("zombie"))
        self.deadline: float | None = row.get("deadline")

    @property
    def claimed(self) -> bool:
        return self.kind == "bot" or self.token is not None

    def public(self, now: float) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "bot": self.bot,
            "name": self.name,
            "open": self.kind == "human" and self.token is None,
            "zombie": self.zombie,
            "clock": None if self.deadline is None else max(0.0, round(self.deadline - now, 1)),
        }


class Client:
    __slots__ = ("send", "seat", "close")

    def __init__(self, send: Callable[[str], Any], seat: int | None,
                 close: Callable[[], Any] | None = None) -> None:
        self.send = send
        self.seat = seat
        self.close = close


class Table:
    def __init__(self, meta: dict[str, Any], seats: list[Seat], state: State,
                 entries: list[dict[str, Any]]) -> None:
        self.id: str = meta["id"]
        self.meta = meta
        self.seats = seats
        self.state = state
        self.entries = entries
        self.version = 0
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.driver: asyncio.Task[None] | None = None
        self.timer: asyncio.Task[None] | None = None
        self.bots: dict[str, bots.Bot] = {}
        self.touched = time.monotonic()

    @property
    def over(self) -> bool:
        return self.state.is_over

    def human_present(self) -> bool:
        return any(s.kind == "human" and s.token is not None for s in self.seats)

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token belongs to; ``None`` for no token; ServerError for a wrong one."""
        if token is None or token == "":
            return None
        digest = token_digest(token)
        for s in self.seats:
            if s.token is not None and secrets.compare_digest(s.token, digest):
                return s.seat
        raise ServerError(403, "this seat token does not belong to any seat of this table")

    def record(self) -> dict[str, Any]:
        return self.state.record()


class Hub:
    def __init__(self, store: Store, bot_delay: float = 0.0, bot_workers: int = 2,
                 db_workers: int = 4) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.bot_pool = ThreadPoolExecutor(max_workers=bot_workers, thread_name_prefix="meeple-bot")
        self.db_pool = ThreadPoolExecutor(max_workers=db_workers, thread_name_prefix="meeple-db")
        self._replays: OrderedDict[str, list[State]] = OrderedDict()
        self.stopping = False
        self._sweeper: asyncio.Task[None] | None = None

    # --- plumbing -----------------------------------------------------------------

    async def db(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run a storage call: in a worker thread for a networked database; inline for
        SQLite, whose commits take well under a millisecond (a thread hop costs more)."""
        if self.store.is_sqlite and getattr(fn, "__self__", None) is self.store and fn.__name__ in _INLINE:
            return fn(*args, **kwargs)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.db_pool, lambda: fn(*args, **kwargs))

    async def start(self) -> None:
        await self.db(self.store.create_schema)
        for table_id in await self.db(self.store.running_ids):
            try:
                table = await self.get(table_id)
            except ServerError as exc:  # a game that is not installed any more
                log.warning("table %s not resumed: %s", table_id, exc.message)
                continue
            self._arm_clock(table)
            self._kick(table)
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def _sweep_forever(self) -> None:
        while not self.stopping:
            await asyncio.sleep(SWEEP_EVERY)
            self.sweep()

    def sweep(self, idle: float | None = None) -> int:
        """Drop finished tables nobody watches and nobody used for a while from memory
        (the database keeps them; the next request loads them again)."""
        limit = time.monotonic() - (IDLE_EVICT if idle is None else idle)
        gone = [t.id for t in self.tables.values()
                if t.over and not t.clients and t.touched < limit and not t.lock.locked()
                and (t.driver is None or t.driver.done()) and (t.timer is None or t.timer.done())]
        for table_id in gone:
            del self.tables[table_id]
            self._replays.pop(table_id, None)
        return len(gone)

    async def stop(self) -> None:
        self.stopping = True
        if self._sweeper is not None:
            self._sweeper.cancel()
        tasks = []
        for table in self.tables.values():
            for task in (table.driver, table.timer):
                if task is not None and not task.done():
                    task.cancel()
                    tasks.append(task)
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        self.bot_pool.shutdown(wait=True, cancel_futures=True)
        self.db_pool.shutdown(wait=True)
        self.store.dispose()

    # --- loading --------------------------------------------------------------------

    async def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is not None:
            table.touched = time.monotonic()
            return table
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 32:
            raise ServerError(404, f"no table {table_id!r}")
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            loaded = await self.db(self.store.load_table, table_id)
            if loaded is None:
                raise ServerError(404, f"no table {table_id!r}")
            meta, seat_rows, entries = loaded
            record = {
                "game": meta["game"], "version": meta["version"], "players": meta["players"],
                "seed": meta["seed"], "options": meta["options"], "components": meta["components"],
                "actions": [e["notation"] for e in entries if e["kind"] == "action"],
            }
            try:
                state = await self.db(meeple.replay, record)
            except BadSetup as exc:  # e.g. a record of an older rules version
                raise ServerError(409, f"table {table_id} cannot be resumed by this server: {exc}") from None
            table = Table(meta, [Seat(r) for r in seat_rows], state, entries)
            self.tables[table_id] = table
            self._loading.pop(table_id, None)
            return table

    # --- lobby ----------------------------------------------------------------------

    def games(self) -> list[dict[str, Any]]:
        out = []
        for name in games.names():
            g = games.get(name)
            out.append({
                "name": g.name, "title": g.title, "min_players": g.min_players,
                "max_players": g.max_players, "version": g.version,
                "options": {
                    k: {"default": o.default, "doc": o.doc,
                        "choices": list(o.choices) if o.choices is not None else None}
                    for k, o in sorted(g.options.items())
                },
            })
        return out

    async def list_tables(self) -> list[dict[str, Any]]:
        rows = await self.db(self.store.list_tables)
        now = time.time()
        out = []
        for r in rows:
            try:
                title = games.get(r["game"]).title
            except BadSetup:
                title = r["game"]
            live = self.tables.get(r["id"])
            seats = live.seats if live is not None else [Seat(s) for s in r["seats"]]
            out.append({
                "id": r["id"], "game": r["game"], "title": title, "players": r["players"],
                "status": live.meta["status"] if live is not None else r["status"],
                "clock": r["clock"], "created": r["created"], "updated": r["updated"],
                "seats": [s.public(now) for s in seats],
            })
        return out

    async def create(self, body: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(body, dict):
            raise ServerError(400, "expected a JSON object")
        try:
            game = games.get(body.get("game", ""))
        except BadSetup as exc:
            raise ServerError(400, str(exc)) from None
        players = body.get("players", game.min_players)
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbits(48)
        try:
            players = game.check_players(players)
            options = game.check_options(body.get("options") or {})
            if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**62:
                raise BadSetup(f"seed must be a whole number from 0, got {seed!r}")
        except BadSetup as exc:
            raise ServerError(400, str(exc)) from None
        clock = body.get("clock")
        if clock is not None:
            if isinstance(clock, bool) or not isinstance(clock, (int, float)) or not 0 < clock <= 60 * 86400:
                raise ServerError(400, f"clock must be seconds per decision (0 < clock <= 60 days), got {clock!r}")
            clock = float(clock)
        seat_specs = body.get("seats")
        if seat_specs is None:
            seat_specs = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
        if not isinstance(seat_specs, list) or len(seat_specs) != players:
            raise ServerError(400, f"seats must be a list of {players} seats")
        me = body.get("seat", None)
        if me is not None and (not isinstance(me, int) or isinstance(me, bool) or not 0 <= me < players):
            raise ServerError(400, f"seat must be a seat number from 0 to {players - 1}, got {me!r}")
        name = _clean_name(body.get("name"), "")
        seat_rows: list[dict[str, Any]] = []
        token: str | None = None
        for i, spec in enumerate(seat_specs):
            if not isinstance(spec, dict):
                raise ServerError(400, f"seats[{i}] must be an object")
            kind = spec.get("kind", "human")
            if kind == "bot":
                bot = spec.get("bot") or "random"
                if not isinstance(bot, str):
                    raise ServerError(400, f"seats[{i}].bot must be a bot name")
                try:
                    bots.make(bot)
                except BadSetup as exc:
                    raise ServerError(400, f"seats[{i}]: {exc}") from None
                seat_rows.append({"seat": i, "kind": "bot", "bot": bot,
                                  "name": _clean_name(spec.get("name"), f"Bot {i} ({bot})")})
            elif kind == "human":
                row: dict[str, Any] = {"seat": i, "kind": "human", "bot": None,
                                       "name": _clean_name(spec.get("name"), f"Seat {i}"), "token": None}
                seat_rows.append(row)
            else:
                raise ServerError(400, f"seats[{i}].kind must be 'human' or 'bot', got {kind!r}")
        if me is None:
            humans = [r["seat"] for r in seat_rows if r["kind"] == "human"]
            me = humans[0] if humans else None
        if me is not None:
            if seat_rows[me]["kind"] != "human":
                raise ServerError(400, f"seat {me} is a bot seat; you can only take a human seat")
            token = secrets.token_urlsafe(18)
            seat_rows[me]["token"] = token_digest(token)
            if name:
                seat_rows[me]["name"] = name
        try:
            state = game.new(players, seed, options)
        except BadSetup as exc:
            raise ServerError(400, str(exc)) from None
        table_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        meta = {
            "id": table_id, "game": game.name, "version": game.version, "players": players,
            "seed": seed, "options": options, "components": tables_hash(state.tables),
            "clock": clock, "status": "over" if state.is_over else "playing",
            "created": time.time(), "updated": time.time(),
        }
        await self.db(self.store.create_table, meta, seat_rows)
        table = Table(meta, [Seat(r) for r in seat_rows], state, [])
        self.tables[table_id] = table
        async with table.lock:
            await self._clock_after_change(table, persist=True)
        self._kick(table)
        return {"table": table_id, "seat": me, "token": token}

    async def join(self, table: Table, seat: Any, name: Any) -> dict[str, Any]:
        if seat is None:
            open_seats = [s.seat for s in table.seats if s.kind == "human" and s.token is None]
            if not open_seats:
                raise ServerError(409, "this table has no open seat (you can watch it as a spectator)")
            seat = open_seats[0]
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(table.seats):
            raise ServerError(400, f"no seat {seat!r} at this table")
        async with table.lock:
            s = table.seats[seat]
            if s.kind != "human":
                raise ServerError(409, f"seat {seat} is played by a bot")
            if s.token is not None:
                raise ServerError(409, f"seat {seat} is already taken")
            token = secrets.token_urlsafe(18)
            digest = token_digest(token)
            new_name = _clean_name(name, s.name)
            ok = await self.db(self.store.claim_seat, table.id, seat, new_name, digest)
            if not ok:
                raise ServerError(409, f"seat {seat} is already taken")
            s.token = digest
            s.name = new_name
            await self._note(table, {"type": "join", "key": "note_join", "seat": seat,
                                     "text": f"{new_name} sits down at seat {seat}."})
            await self._clock_after_change(table, persist=True)
        await self.broadcast(table, [])
        self._kick(table)
        return {"table": table.id, "seat": seat, "token": token}

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
        can_act = (s is not None and not over and state.to_move == seat and not s.zombie)
        out: dict[str, Any] = {
            "table": {
                "id": table.id, "game": table.meta["game"], "title": state.game.title,
                "players": table.meta["players"], "options": table.meta["options"],
                "clock": table.meta["clock"], "status": "over" if over else "playing",
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

    # --- decisions ------------------------------------------------------------------------

    async def act(self, table: Table, seat: int | None, action: Any) -> dict[str, Any]:
        if seat is None:
            raise ServerError(401, "a seat token is needed to act (spectators cannot act)")
        if not isinstance(action, str) or not action.strip():
            raise ServerError(400, "expected {\"action\": \"<notation>\"}")
        async with table.lock:
            if table.seats[seat].zombie:  # acting means the person is back
                await self._come_back_locked(table, seat)
            entry = await self._apply(table, seat, action.strip(), "human")
        self._kick(table)
        # only the events this seat may see (an action can reveal something to another seat)
        return {"ok": True, "decisions": entry["decision"] + 1,
                "events": table.state.visible_events(entry["events"], seat)}

    def _return_note(self, seat: int) -> dict[str, Any]:
        return {"type": "return", "key": "note_return", "seat": seat,
                "text": f"Seat {seat} is back and plays again."}

    async def _apply(self, table: Table, seat: int, notation: str, actor: str) -> dict[str, Any]:
        """Apply one decision (the caller holds the lock): clone, apply, commit, swap, push."""
        state = table.state
        if state.is_over:
            raise ServerError(409, "the game is over")
        if state.to_move != seat:
            raise ServerError(409, f"it is not your turn: seat {state.to_move} is to move")
        new = state.clone()
        try:
            events = new.apply(notation)
        except IllegalAction as exc:
            raise ServerError(422, str(exc)) from None
        decision = len(new.history) - 1
        entry = {"kind": "action", "decision": decision, "seat": seat, "notation": notation,
                 "actor": actor, "events": events}
        status = "over" if new.is_over else "playing"
        seat_updates = self._deadline_updates(table, new)

        await self.db(self.store.add_entry, table.id, entry, status, seat_updates)
        table.state = new
        table.entries.append(entry)
        table.meta["status"] = status
        table.version += 1
        self._set_deadlines(table, seat_updates)
        self._arm_clock(table)
        await self.broadcast(table, [entry])
        return entry

    async def undo(self, table: Table, seat: int | None) -> dict[str, Any]:
        if seat is None:
            raise ServerError(401, "a seat token is needed to undo")
        async with table.lock:
            s = table.seats[seat]
            if s.zombie:
                raise ServerError(409, "your seat is played by a bot until you take it back")
            target = table.state.undo_target(seat)
            last = next((e for e in reversed(table.entries) if e["kind"] == "action"), None)
            if target is not None and last is not None and str(last.get("actor", "")).startswith("zombie:"):
                raise ServerError(409, "undo is not allowed now: your last decision was taken by the clock's bot")
            if target is None:
                raise ServerError(409, "undo is not allowed now: another seat has acted, or chance or "
                                       "hidden information was revealed, since your last decision")
            record = table.record()
            new = await self.db(meeple.replay, record, None, target)
            note = {"seat": seat, "events": [{"type": "undo", "key": "note_undo", "seat": seat,
                                              "text": f"Seat {seat} takes back a decision."}]}
            status = "over" if new.is_over else "playing"
            await self.db(self.store.truncate, table.id, target, note, status)
            table.state = new
            table.entries = [e for e in table.entries if not (e["kind"] == "action" and e["decision"] >= target)]
            table.entries.append({"kind": "note", "decision": target, **note})
            table.meta["status"] = status
            table.version += 1
            await self._clock_after_change(table, persist=True, fresh=True)
            await self.broadcast(table, [], full=True)
        self._kick(table)
        return {"ok": True, "decisions": target}

    async def come_back(self, table: Table, seat: int | None) -> dict[str, Any]:
        """The person of a seat played by the clock's bot takes it back."""
        if seat is None:
            raise ServerError(401, "a seat token is needed")
        async with table.lock:
            if not table.seats[seat].zombie:
                return {"ok": True}
            await self._come_back_locked(table, seat)
        await self.broadcast(table, [], full=True)
        return {"ok": True}

    async def _come_back_locked(self, table: Table, seat: int) -> None:
        table.seats[seat].zombie = False
        table.version += 1  # a bot move being computed for this seat is dropped
        await self._note(table, self._return_note(seat), seat_updates=[{"seat": seat, "zombie": False}])
        await self._clock_after_change(table, persist=True, fresh=True)

    async def _note(self, table: Table, event: dict[str, Any],
                    seat_updates: list[dict[str, Any]] | None = None) -> None:
        entry = {"kind": "note", "decision": len(table.state.history), "seat": event.get("seat"),
                 "events": [event]}
        await self.db(self.store.add_entry, table.id, entry, None, seat_updates)
        table.entries.append(entry)
        await self.broadcast(table, [entry])

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
        if self.stopping or table.over:
            return
        s = table.seats[table.state.to_move]
        if s.deadline is None:
            return
        table.timer = asyncio.get_running_loop().create_task(
            self._expire(table, s.seat, table.version, s.deadline))

    async def _expire(self, table: Table, seat: int, version: int, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        async with table.lock:
            if table.version != version or table.over or table.state.to_move != seat:
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
        try:
            bots.make(ZOMBIE_BOT)
            return ZOMBIE_BOT, None
        except BadSetup:
            return FALLBACK_BOT, f"(the {ZOMBIE_BOT} bot is not installed, so the {FALLBACK_BOT} bot stands in)"

    # --- bots -----------------------------------------------------------------------------

    def _bot_for(self, table: Table) -> tuple[int, str] | None:
        """The seat to move and its bot spec, if a bot plays it now."""
        if table.over:
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
                    return

    async def _note_locked(self, table: Table, event: dict[str, Any]) -> None:
        async with table.lock:
            await self._note(table, event)

    # --- sockets ----------------------------------------------------------------------------

    async def attach(self, table: Table, client: Client) -> None:
        """A socket joins the table; the others learn who is online."""
        table.clients.add(client)
        await self.broadcast(table, [])

    async def detach(self, table: Table, client: Client) -> None:
        table.clients.discard(client)
        if not self.stopping:
            await self.broadcast(table, [])

    # --- replays ----------------------------------------------------------------------------

    async def replay_states(self, table: Table) -> list[State]:
        if not table.over:
            raise ServerError(409, "a replay is available once the game is over")
        states = self._replays.get(table.id)
        if states is None:
            record = table.record()

            def build() -> list[State]:
                s = meeple.replay(record, upto=0)
                out = [s.clone()]
                for text in record["actions"]:
                    s.apply(text)
                    out.append(s.clone())
                return out

            states = await self.db(build)
            self._replays[table.id] = states
            while len(self._replays) > 4:
                self._replays.popitem(last=False)
        self._replays.move_to_end(table.id)
        return states
