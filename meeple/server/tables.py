"""Tables and seats: loading, the lobby, creating and joining, decisions, undo, replays.

All changes to one table happen under that table's lock: validate, apply to a
clone, commit to the database, then swap the clone in and push each client
its own seat's view.
"""

from __future__ import annotations

import asyncio
import re
import secrets
import time
from typing import Any

import meeple
from meeple import games
from meeple.engine import BadSetup, IllegalAction, State, tables_hash
from meeple.engine.errors import reason
from meeple.engine.messages import msg, refused
from meeple.server import solo_scores
from meeple.server.base import HubBase
from meeple.server.model import Seat, ServerError, Table, _clean_name
from meeple.server.store import Aborted, Conflict, token_digest
from meeple.server.story import labelled, story_of

TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


def replay_labelled(meta: dict[str, Any], entries: list[dict[str, Any]],
                    known: list[dict[str, Any]] | None = None, judge: bool = True,
                    readers: list[int] | None = None, spectators: bool = True) -> State:
    """The stored game replayed, its action entries given their stories back (``story.labelled``;
    ``known``: the entries a reloaded table had in memory, whose stories are kept; ``readers``
    and ``spectators`` as there).  Without ``judge`` the game is only replayed: the stories wait
    for the first reader (``Hub.stories``)."""
    if not judge:
        try:
            return meeple.replay(stored_record(meta, entries))
        except IllegalAction as exc:
            raise refused("server.table.unreplayable", reason=reason(exc)) from None
    state = meeple.replay(stored_record(meta, entries), upto=0)
    mine = {e["decision"]: e for e in known or () if e.get("kind") == "action"}
    try:
        labelled(state, entries, mine, readers, spectators)
    except IllegalAction as exc:  # as meeple.replay says of a record it cannot replay
        raise refused("server.table.unreplayable", reason=reason(exc)) from None
    return state


def stored_record(meta: dict[str, Any], entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The engine record of a stored table: its set-up and the notations of its action entries."""
    return {
        "game": meta["game"], "version": meta["version"], "players": meta["players"],
        "seed": meta["seed"], "options": meta["options"], "components": meta["components"],
        "actions": [e["notation"] for e in entries if e["kind"] == "action"],
    }

class TablesMixin(HubBase):
    # --- loading --------------------------------------------------------------------

    async def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is not None:
            table.touched = time.monotonic()
            return table
        if not isinstance(table_id, str) or not TABLE_ID.match(table_id):
            raise ServerError(404, msg("server.table.unknown", table=repr(str(table_id)[:40])))
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            loaded = await self.db(self.store.load_table, table_id)
            if loaded is None:
                raise ServerError(404, msg("server.table.unknown", table=repr(table_id)))
            meta, seat_rows, entries = loaded
            try:  # the log's stories are judged when a reader first asks (stories), not here
                state = await self.db(replay_labelled, meta, entries, None, False)
            except BadSetup as exc:  # e.g. a record of an older rules version
                raise ServerError(409, msg("server.table.incompatible", table=table_id, detail=reason(exc))) from None
            table = Table(meta, [Seat(r) for r in seat_rows], state, entries)
            table.judged = False
            if not table.closed:
                table.owned = await self.db(self.store.try_own, table_id)
            self.tables[table_id] = table
            self._loading.pop(table_id, None)
            if table.over:
                await solo_scores.on_over(self, table)
            if table.owned and not table.closed:  # an unloaded running table goes on where it was
                self._arm_clock(table)
                self._kick(table)
            return table

    async def stories(self, table: Table, spectator: bool = False) -> None:
        """Judge the stories of a loaded table's log (``story.labelled``: each decision's label
        and who may read it) before its first payload: loading a table (a restart, a bot table
        taken over) replays the game only, so it costs what the moves cost (issue 30).  Before a
        ``spectator``'s first payload of a running table the spectators' verdicts are judged too,
        and from then on with every decision (``Table.watched``)."""
        watch = spectator and not table.watched and not table.over
        if table.judged and not watch:
            return
        async with table.lock:
            if spectator:
                table.watched = True
            if table.judged and not watch:
                return
            meta, entries = dict(table.meta), table.entries
            await self.db(replay_labelled, meta, entries, None, True, table.readers, table.watched)
            table.judged = True

    async def healthy(self) -> bool:
        """Whether the database answers."""
        try:
            await self.db(self.store.ping)
        except Exception:  # noqa: BLE001 - any failure means not healthy
            return False
        return not self.stopping

    async def _reload(self, table: Table) -> None:
        """Rebuild a table in place from the database (the caller holds its lock):
        another process changed it.  Its clients get a fresh full view."""
        loaded = await self.db(self.store.load_table, table.id)
        if loaded is None:
            return
        meta, seat_rows, entries = loaded
        try:  # a table nobody has read yet stays unjudged
            state = await self.db(replay_labelled, meta, entries, table.entries, table.judged, table.readers,
                                  table.watched)  # (a seat's kind never changes)
        except BadSetup:
            return
        table.meta, table.seats, table.state, table.entries = meta, [Seat(r) for r in seat_rows], state, entries
        table.version += 1
        if table.over:  # another process may have finished it
            await solo_scores.on_over(self, table)
        self._arm_clock(table)
        await self.broadcast(table, [], full=True)

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
                "seeded": bool(r.get("seeded")),
                "seats": [s.public(now) for s in seats],
            })
        return out

    async def create(self, body: dict[str, Any], peer: str = "") -> dict[str, Any]:
        """A new table from a checked ``CreateBody`` (as a dict); ``peer`` is the creator's
        address, which may have ``open_tables_per_client`` running tables at once."""
        if not isinstance(body, dict):
            raise ServerError(400, msg("server.body.not_object"))
        mine = self.created_by_peer.setdefault(peer, set())
        mine.difference_update({t for t in mine if t in self.tables and self.tables[t].closed})
        if len(mine) >= self.limits.open_tables_per_client:
            raise ServerError(429, msg("server.limit.tables", count=len(mine)))
        try:
            game = games.get(body.get("game", ""))
        except BadSetup:
            raise ServerError(400, msg("server.create.unknown_game", game=repr(body.get("game", ""))[:40],
                                       games=", ".join(games.names()))) from None
        players = body.get("players", min(max(game.min_players, 2), game.max_players))  # 2 unless asked (solo: players 1)
        if isinstance(players, int) and not game.min_players <= players <= game.max_players:
            raise ServerError(400, msg("server.create.players", game=game.title_message(), min=game.min_players,
                                       max=game.max_players, got=players))
        seed = body.get("seed")
        seeded = seed is not None
        if seeded and not self.allow_seeds:
            raise ServerError(400, msg("server.create.seed_not_allowed"))
        if seed is None:
            seed = secrets.randbits(48)
        try:
            players = game.check_players(players)
            options = game.check_options(body.get("options") or {})
            if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**62:
                raise refused("server.create.seed", got=repr(seed))
        except BadSetup as exc:
            raise ServerError(400, msg("server.create.setup", detail=reason(exc))) from None
        clock = body.get("clock")
        if clock is not None:
            if isinstance(clock, bool) or not isinstance(clock, (int, float)) or not 0 < clock <= 60 * 86400:
                raise ServerError(400, msg("server.create.clock", got=repr(clock)))
            clock = float(clock)
        seat_specs = body.get("seats")
        if seat_specs is None:
            seat_specs = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
        if not isinstance(seat_specs, list) or len(seat_specs) != players:
            raise ServerError(400, msg("server.create.seats", players=players))
        me = body.get("seat", None)
        if me is not None and (not isinstance(me, int) or isinstance(me, bool) or not 0 <= me < players):
            raise ServerError(400, msg("server.create.seat", last=players - 1, got=repr(me)))
        name = _clean_name(body.get("name"), "") or self.account_name()
        seat_rows: list[dict[str, Any]] = []
        token: str | None = None
        for i, spec in enumerate(seat_specs):
            if not isinstance(spec, dict):
                raise ServerError(400, msg("server.create.seat_spec", i=i))
            kind = spec.get("kind", "human")
            if kind == "bot":
                bot = spec.get("bot") or "random"
                if not isinstance(bot, str) or bot not in self.levels:
                    shown = repr(bot)[:40]
                    raise ServerError(400, msg("server.create.bot_level", i=i, bot=shown, levels=", ".join(self.levels)))
                seat_rows.append({"seat": i, "kind": "bot", "bot": bot,
                                  "name": _clean_name(spec.get("name"), f"Bot {i} ({bot})")})
            elif kind == "human":
                row: dict[str, Any] = {"seat": i, "kind": "human", "bot": None,
                                       "name": _clean_name(spec.get("name"), f"Seat {i}"), "token": None}
                seat_rows.append(row)
            else:
                raise ServerError(400, msg("server.create.seat_kind", i=i, got=repr(kind)))
        if me is None:
            humans = [r["seat"] for r in seat_rows if r["kind"] == "human"]
            me = humans[0] if humans else None
        table_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        if me is not None:
            if seat_rows[me]["kind"] != "human":
                raise ServerError(400, msg("server.create.bot_seat", seat=me))
            token = self.seat_token(table_id, me)
            seat_rows[me]["token"] = token_digest(token)
            if name:
                seat_rows[me]["name"] = name
        try:
            state = game.new(players, seed, options)
        except BadSetup as exc:
            raise ServerError(400, msg("server.create.setup", detail=reason(exc))) from None
        if self.people is not None:
            self.people.check_create(body, me)
        meta = {
            "id": table_id, "game": game.name, "version": game.version, "players": players,
            "seed": seed, "options": options, "components": tables_hash(state.tables),
            "clock": clock, "status": "over" if state.is_over else "playing", "seeded": seeded,
            "created": time.time(), "updated": time.time(),
        }
        meta["updated"] = await self.db(self.store.create_table, meta, seat_rows)
        table = Table(meta, [Seat(r) for r in seat_rows], state, [])
        if self.people is not None:
            await self.people.table_created(table, body, me)
        if not table.closed:
            table.owned = await self.db(self.store.try_own, table_id)
        self.tables[table_id] = table
        async with table.lock:
            await self._clock_after_change(table, persist=True)
        self._kick(table)
        if not table.closed:
            mine.add(table_id)
        return {"table": table_id, "seat": me, "token": token}

    async def join(self, table: Table, seat: Any, name: Any) -> dict[str, Any]:
        if seat is None:
            open_seats = [s.seat for s in table.seats if s.kind == "human" and s.token is None]
            if not open_seats:
                raise ServerError(409, msg("server.join.full"))
            seat = open_seats[0]
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(table.seats):
            raise ServerError(400, msg("server.join.no_seat", seat=repr(seat)))
        async with table.lock:
            s = table.seats[seat]
            if s.kind != "human":
                raise ServerError(409, msg("server.join.bot", seat=seat))
            if s.token is not None:
                raise ServerError(409, msg("server.join.taken", seat=seat))
            if self.people is not None:
                await self.people.check_join(table)
            token = self.seat_token(table.id, seat)
            digest = token_digest(token)
            new_name = _clean_name(name, self.account_name() or s.name)
            ok = await self.db(self.store.claim_seat, table.id, seat, new_name, digest)
            if not ok:
                raise ServerError(409, msg("server.join.taken", seat=seat))
            s.token = digest
            s.name = new_name
            if self.people is not None:
                await self.people.seat_taken(table, seat)
            await self._note(table, {"type": "join", "key": "note_join", "seat": seat,
                                     "text": f"{new_name} sits down at seat {seat}."})
            await self._clock_after_change(table, persist=True)
        await self.broadcast(table, [])
        self._kick(table)
        return {"table": table.id, "seat": seat, "token": token}


    # --- decisions ------------------------------------------------------------------------

    async def act(self, table: Table, seat: int | None, action: str, decision: int) -> dict[str, Any]:
        """The seat's person plays ``action`` as the game's decision number ``decision``
        (the payload's ``decisions`` when it was shown): a stale or repeated act
        is refused with 409 and changes nothing."""
        if seat is None:
            raise ServerError(401, msg("server.act.token_needed"))
        if not action.strip():
            raise ServerError(400, msg("server.act.empty"))
        async with table.lock:
            self._check_decision(table, decision)
            if table.seats[seat].zombie:  # acting means the person is back
                await self._come_back_locked(table, seat)
            entry = await self._apply(table, seat, action.strip(), "human", expect=decision)
        self._kick(table)
        # only the events this seat may see (an action can reveal something to another seat)
        return {"ok": True, "decisions": entry["decision"] + 1,
                "events": table.state.visible_events(entry["events"], seat)}

    def _return_note(self, seat: int) -> dict[str, Any]:
        return {"type": "return", "key": "note_return", "seat": seat,
                "text": f"Seat {seat} is back and plays again."}

    def _check_decision(self, table: Table, decision: int) -> None:
        now = len(table.state.history)
        if decision != now:
            raise ServerError(409, msg("server.act.stale_past", decision=decision, now=now) if decision < now
                              else msg("server.act.stale_future", decision=decision, now=now))

    async def _apply(self, table: Table, seat: int, notation: str, actor: str,
                     expect: int | None = None) -> dict[str, Any]:
        """Apply one decision (the caller holds the lock): clone, apply, commit, swap, push.

        The commit checks, under the table's row lock, that the stored game is at
        this decision; if another process moved it on, the table is reloaded and
        the act refused with 409."""
        state = table.state
        if expect is not None:
            self._check_decision(table, expect)
        if table.aborted:
            raise ServerError(409, msg("server.act.aborted"))
        if state.is_over:
            raise ServerError(409, msg("server.act.over"))
        if state.to_move != seat:
            raise ServerError(409, msg("server.act.not_your_turn", seat=state.to_move))
        new = state.clone()
        try:
            events = new.apply(notation)
        except IllegalAction as exc:
            raise ServerError(422, str(exc), detail=exc.message if exc.message.get("key") else None) from None
        decision = len(new.history) - 1
        entry = {"kind": "action", "decision": decision, "seat": seat, "notation": notation,
                 "actor": actor, "events": events}
        # the log line's label and who may read it (kept in memory; the store writes its own fields);
        # a few milliseconds of views built, off the event loop
        entry.update(await self.db(story_of, state, notation, new, events, table.readers, table.watched))
        status = "over" if new.is_over else "playing"
        seat_updates = self._deadline_updates(table, new)

        try:
            table.meta["updated"] = await self.db(self.store.add_entry, table.id, entry, status, seat_updates)
        except Conflict as exc:
            await self._reload(table)
            raise ServerError(409, msg("server.act.aborted") if isinstance(exc, Aborted)
                              else msg("server.table.changed")) from None
        table.state = new
        table.entries.append(entry)
        table.meta["status"] = status
        table.version += 1
        self._set_deadlines(table, seat_updates)
        self._arm_clock(table)
        if new.is_over:
            await solo_scores.on_over(self, table)
        await self.broadcast(table, [entry])
        if self.people is not None:
            self.people.changed(table, entry)
        return entry

    async def undo(self, table: Table, seat: int | None) -> dict[str, Any]:
        if seat is None:
            raise ServerError(401, msg("server.undo.token_needed"))
        async with table.lock:
            s = table.seats[seat]
            if s.zombie:
                raise ServerError(409, msg("server.undo.zombie"))
            target = table.state.undo_target(seat)
            last = next((e for e in reversed(table.entries) if e["kind"] == "action"), None)
            if target is not None and last is not None and str(last.get("actor", "")).startswith("zombie:"):
                raise ServerError(409, msg("server.undo.clock_bot"))
            if target is None:
                raise ServerError(409, msg("server.undo.not_now"))
            record = table.record()
            new = await self.db(meeple.replay, record, None, target)
            note = {"seat": seat, "events": [{"type": "undo", "key": "note_undo", "seat": seat,
                                              "text": f"Seat {seat} takes back a decision."}]}
            status = "over" if new.is_over else "playing"
            try:
                table.meta["updated"] = await self.db(self.store.truncate, table.id, target, note, status,
                                                      len(table.state.history))
            except Conflict:
                await self._reload(table)
                raise ServerError(409, msg("server.table.changed")) from None
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
            raise ServerError(401, msg("server.back.token_needed"))
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
        table.meta["updated"] = await self.db(self.store.add_entry, table.id, entry, None, seat_updates)
        table.entries.append(entry)
        await self.broadcast(table, [entry])

    # --- replays ----------------------------------------------------------------------------

    async def replay_states(self, table: Table) -> list[State]:
        if not table.over:
            raise ServerError(409, msg("server.replay.not_over"))
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
