"""Persistence: tables, seats and the log of each game, through SQLAlchemy Core.

The database is the source of truth.  A game is stored as its record (game,
version, players, seed, options, component hash; the actions are the
``entries`` rows of kind ``action`` in decision order) plus its seats.  Every
accepted action is committed before the server acknowledges it.

Exactly once: an action row names the decision it answers, and
``(table_id, decision)`` is unique among actions.  Writing an action first
locks the table's row (``SELECT ... FOR UPDATE`` on PostgreSQL; SQLite has one
writer, this process) and checks that the stored game is at that decision, so
two processes on one database can never interleave a table's decisions
(``Conflict`` otherwise).  On PostgreSQL a process also *owns* the tables
whose bots and clocks it runs, by a session advisory lock (``try_own``).

Admin (``meeple admin``): ``list_tables``, ``abort``, ``delete``,
``export_records`` and ``import_records`` (see their docstrings).

Seat tokens are stored only as SHA-256 digests.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
from collections.abc import Iterable, Iterator
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from meeple.server.solo_scores import SoloScores
from meeple.server.store_export import EXPORT_FORMAT, check_export
from meeple.server.store_fast import FastWriter

DEFAULT_DB = "sqlite:///meeple.db"


class Conflict(Exception):
    """The stored table is not where the caller thought (another writer moved it on,
    or it was aborted): nothing was written."""


class Aborted(Conflict):
    """The table was aborted (``meeple admin abort``) before this change could be stored."""




def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def normalise_url(db: str | None) -> str:
    """``None`` → the SQLite file ``meeple.db``; a bare path → a SQLite file; a URL as is."""
    if db is None or db == "":
        return DEFAULT_DB
    if "://" not in db:
        return f"sqlite:///{db}"
    if db.startswith("postgresql://") or db.startswith("postgres://"):
        return "postgresql+psycopg://" + db.split("://", 1)[1]
    return db


class Store:
    """Synchronous storage; the server calls it from worker threads."""

    def __init__(self, url: str, schema: str | None = None) -> None:
        self.url = normalise_url(url)
        self.is_sqlite = self.url.startswith("sqlite")
        kwargs: dict[str, Any] = {"future": True}
        if self.is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        else:
            kwargs["pool_size"] = 8
            kwargs["max_overflow"] = 8
            kwargs["pool_pre_ping"] = True
        if schema and not self.is_sqlite:
            kwargs["execution_options"] = {"schema_translate_map": {None: schema}}
        self.engine: Engine = sa.create_engine(self.url, **kwargs)
        if self.is_sqlite:

            @sa.event.listens_for(self.engine, "connect")
            def _pragmas(conn: Any, _record: Any) -> None:  # pragma: no cover - trivial
                cur = conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=NORMAL")
                cur.close()

        # SQLite allows one writer at a time; serialise writes in-process.
        self._write_lock = threading.Lock() if self.is_sqlite else None
        self.schema = schema
        md = sa.MetaData()
        self.tables = sa.Table(
            "meeple_tables", md,
            sa.Column("id", sa.String(32), primary_key=True),
            sa.Column("game", sa.String(64), nullable=False),
            sa.Column("version", sa.Integer, nullable=False),
            sa.Column("players", sa.Integer, nullable=False),
            sa.Column("seed", sa.BigInteger, nullable=False),
            sa.Column("options", sa.Text, nullable=False),
            sa.Column("components", sa.String(64), nullable=False),
            sa.Column("clock", sa.Float, nullable=True),
            sa.Column("status", sa.String(16), nullable=False),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("updated", sa.Float, nullable=False),
            # the creator chose the seed (only with allow_seeds): shown in the lobby and the record
            sa.Column("seeded", sa.Boolean, nullable=False, default=False, server_default=sa.false()),
        )
        self.seats = sa.Table(
            "meeple_seats", md,
            sa.Column("table_id", sa.String(32), primary_key=True),
            sa.Column("seat", sa.Integer, primary_key=True),
            sa.Column("kind", sa.String(16), nullable=False),  # human | bot
            sa.Column("bot", sa.String(128), nullable=True),
            sa.Column("name", sa.String(64), nullable=False),
            sa.Column("token", sa.String(64), nullable=True),  # sha256 of the seat token
            sa.Column("zombie", sa.Boolean, nullable=False, default=False),
            sa.Column("deadline", sa.Float, nullable=True),
        )
        self.entries = sa.Table(
            "meeple_entries", md,
            sa.Column("id", sa.Integer, sa.Identity(), primary_key=True),
            sa.Column("table_id", sa.String(32), nullable=False, index=True),
            sa.Column("kind", sa.String(16), nullable=False),  # action | note
            sa.Column("decision", sa.Integer, nullable=False),
            sa.Column("seat", sa.Integer, nullable=True),
            sa.Column("notation", sa.Text, nullable=True),
            sa.Column("actor", sa.String(128), nullable=True),  # who decided: human, bot spec, zombie
            sa.Column("events", sa.Text, nullable=False),
            sa.Column("created", sa.Float, nullable=False),
        )
        # one action per (table, decision): a repeated or interleaved write fails here at the latest
        self.one_action = sa.Index(
            "meeple_entries_one_action", self.entries.c.table_id, self.entries.c.decision, unique=True,
            sqlite_where=self.entries.c.kind == "action", postgresql_where=self.entries.c.kind == "action",
        )
        self.metadata = md
        self._sql: dict[Any, Any] = self._statements()
        self.fast = FastWriter(self.engine, self.tables, self.entries, self.seats, schema, self.is_sqlite)
        self.solo = SoloScores(self, md)  # each person's solo scores (issue 29)
        self._owner_lock = threading.Lock()
        self._owner_conn: Any = None
        self.owned: set[str] = set()

    def create_schema(self) -> None:
        with self.engine.begin() as conn:
            if not self.is_sqlite:  # several processes starting at once: one creates, the others wait
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(:k)"), {"k": self._lock_key("#schema")})
            if self.schema and not self.is_sqlite:
                conn.execute(sa.text(f'CREATE SCHEMA IF NOT EXISTS "{self.schema}"'))
            self.metadata.create_all(conn)
            # databases made before a column existed get it now
            have = {c["name"] for c in sa.inspect(conn).get_columns("meeple_tables", schema=self.schema)}
            if "seeded" not in have:
                name = f'"{self.schema}".meeple_tables' if self.schema and not self.is_sqlite else "meeple_tables"
                conn.execute(sa.text(f"ALTER TABLE {name} ADD COLUMN seeded BOOLEAN NOT NULL DEFAULT FALSE"))
        try:
            with self.engine.begin() as conn:
                if not self.is_sqlite:
                    conn.execute(sa.text("SELECT pg_advisory_xact_lock(:k)"), {"k": self._lock_key("#schema")})
                self.one_action.create(conn, checkfirst=True)
        except sa.exc.IntegrityError:  # a database the old duplicate-act bug wrote twice into
            logging.getLogger("meeple.server").warning(
                "meeple_entries holds repeated (table, decision) actions: the unique index is not created; "
                "the row-lock check still refuses new duplicates")

    def drop_schema(self) -> None:
        """Remove everything (tests only)."""
        with self.engine.begin() as conn:
            if self.schema and not self.is_sqlite:
                conn.execute(sa.text(f'DROP SCHEMA IF EXISTS "{self.schema}" CASCADE'))
            else:
                self.metadata.drop_all(conn)

    def dispose(self) -> None:
        with self._owner_lock:
            if self._owner_conn is not None:
                try:
                    # released before this returns: closing the socket alone lets the server
                    # drop the locks a moment later, while another process may already look
                    self._owner_conn.execute(sa.text("SELECT pg_advisory_unlock_all()"))
                except Exception:  # noqa: BLE001 - a dead connection is released anyway
                    pass
                try:
                    self._owner_conn.invalidate()  # closed, not handed back to the pool
                except Exception:  # noqa: BLE001 - as above
                    pass
                self._owner_conn = None
            self.owned.clear()
        self.fast.dispose()
        self.engine.dispose()

    # --- ownership (PostgreSQL: one process runs a table's bots and clocks) ---------

    def _lock_key(self, table_id: str) -> int:
        raw = hashlib.sha256(f"meeple:{self.schema or ''}:{table_id}".encode()).digest()
        return int.from_bytes(raw[:8], "big", signed=True)

    def try_own(self, table_id: str) -> bool:
        """Whether this process holds (now or already) the table's ownership: on
        PostgreSQL a session advisory lock, released when the process or its
        connection ends; SQLite has one process, which owns everything."""
        if self.is_sqlite:
            return True
        with self._owner_lock:
            if table_id in self.owned:
                return True
            if self._owner_conn is None:
                self._owner_conn = self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
                # a machine that drops off the network without closing its connection: PostgreSQL
                # ends the session (and so its leases) after about 11 s of unanswered keepalives
                for name, value in (("idle", 5), ("interval", 2), ("count", 3)):
                    self._owner_conn.execute(sa.text(f"SET tcp_keepalives_{name} = {value}"))
            got = bool(self._owner_conn.execute(
                sa.text("SELECT pg_try_advisory_lock(:k)"), {"k": self._lock_key(table_id)}).scalar())
            if got:
                self.owned.add(table_id)
            return got

    def unowned(self, table_ids: Iterable[str]) -> set[str]:
        """Those of ``table_ids`` whose ownership nobody holds now (PostgreSQL: one look at
        ``pg_locks`` instead of one ``pg_try_advisory_lock`` per table); SQLite: none (this
        process owns every table)."""
        ids = list(table_ids)
        if self.is_sqlite or not ids:
            return set()
        with self.engine.connect() as conn:
            rows = conn.execute(sa.text(
                "SELECT classid::bigint, objid::bigint FROM pg_locks WHERE locktype = 'advisory' "
                "AND objsubid = 1 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
            )).all()
        held = set()
        for high, low in rows:  # an int8 key is held as two 32-bit halves
            key = (int(high) << 32) | int(low)
            held.add(key - (1 << 64) if key >= 1 << 63 else key)
        return {t for t in ids if self._lock_key(t) not in held}

    def release(self, table_id: str) -> None:
        """Give up the ownership of a table (a finished or unloaded one)."""
        if self.is_sqlite:
            return
        with self._owner_lock:
            if table_id not in self.owned or self._owner_conn is None:
                return
            self.owned.discard(table_id)
            self._owner_conn.execute(sa.text("SELECT pg_advisory_unlock(:k)"), {"k": self._lock_key(table_id)})

    def _locked_position(self, conn: Any, table_id: str) -> tuple[str, int]:
        """Lock the table's row for this transaction; its status and stored decisions."""
        row = conn.execute(self._sql["lock"], {"tid": table_id}).first()
        if row is None:
            raise Conflict(f"table {table_id} does not exist any more")
        count = conn.execute(self._sql["count"], {"tid": table_id}).scalar()
        return str(row[0]), int(count or 0)

    def _statements(self) -> dict[str, Any]:
        """The row lock and action count of an undo, built once with bound parameters (a
        decision's own write is ``store_fast.FastWriter``'s)."""
        t, e, p = self.tables, self.entries, sa.bindparam
        return {
            "lock": sa.select(t.c.status).where(t.c.id == p("tid")).with_for_update(),
            "count": sa.select(sa.func.count()).select_from(e).where((e.c.table_id == p("tid")) & (e.c.kind == "action")),
        }

    def _seat_statement(self, keys: tuple[str, ...]) -> Any:
        stmt = self._sql.get(keys)
        if stmt is None:
            s = self.seats
            stmt = self._sql[keys] = s.update().where((s.c.table_id == sa.bindparam("tid"))
                                                      & (s.c.seat == sa.bindparam("sn"))).values(
                {k: sa.bindparam(f"v_{k}") for k in keys})
        return stmt

    def _begin(self) -> Any:
        return self.engine.begin()

    def _write(self, fn: Any) -> Any:
        if self._write_lock is None:
            with self.engine.begin() as conn:
                return fn(conn)
        with self._write_lock, self.engine.begin() as conn:
            return fn(conn)

    # --- writes -------------------------------------------------------------------

    def create_table(self, row: dict[str, Any], seats: list[dict[str, Any]]) -> float:
        """Store a new table and its seats; its ``updated`` time."""
        now = time.time()

        def go(conn: Any) -> None:
            conn.execute(self.tables.insert().values(
                id=row["id"], game=row["game"], version=row["version"], players=row["players"],
                seed=row["seed"], options=json.dumps(row["options"], sort_keys=True),
                components=row["components"], clock=row["clock"], status=row["status"],
                created=now, updated=now, seeded=bool(row.get("seeded", False)),
            ))
            conn.execute(self.seats.insert(), [
                {"table_id": row["id"], "seat": s["seat"], "kind": s["kind"], "bot": s.get("bot"),
                 "name": s["name"], "token": s.get("token"), "zombie": False, "deadline": None}
                for s in seats
            ])

        self._write(go)
        return now

    def add_entry(
        self, table_id: str, entry: dict[str, Any], status: str | None = None,
        seat_updates: list[dict[str, Any]] | None = None,
    ) -> float:
        """Append one log entry (an accepted action or a note), in one transaction
        with the table's new status and any seat changes (clock, zombie).

        An action must answer the stored game's next decision (``entry["decision"]``
        equal to the number of stored actions) of a table that is not aborted;
        otherwise ``Conflict`` and nothing is written.  Returns the new
        ``updated`` time of the table."""
        now = time.time()
        fast = self.fast
        events = json.dumps(entry.get("events", []), ensure_ascii=False)
        updates = []
        for upd in seat_updates or []:
            keys = tuple(sorted(k for k in upd if k != "seat"))
            updates.append((fast.seat_sql(keys), (*(upd[k] for k in keys), table_id, upd["seat"])))

        def go(cur: Any) -> float:  # on the driver's connection (store_fast.py): the same SQL, less CPU
            if entry["kind"] == "action":
                cur.execute(fast.lock, (table_id, table_id))
                row = cur.fetchone()
                if row is None:
                    raise Conflict(f"table {table_id} does not exist any more")
                if row[0] == "aborted":
                    raise Aborted("this table was aborted")
                if int(row[1] or 0) != entry["decision"]:
                    raise Conflict(f"decision {entry['decision']} is stale: the stored game is at {row[1]}")
            cur.execute(fast.insert, (table_id, entry["kind"], entry["decision"], entry.get("seat"),
                                      entry.get("notation"), entry.get("actor"), events, now))
            if status is None:
                cur.execute(fast.touch, (now, table_id))
            else:
                cur.execute(fast.touch_status, (now, status, table_id))
            for sql, values in updates:
                cur.execute(sql, values)
            return now

        try:
            if self._write_lock is None:
                return float(fast.run(go))
            with self._write_lock:
                return float(fast.run(go))
        except sa.exc.IntegrityError:  # the unique (table, decision): another writer was first
            raise Conflict(f"decision {entry['decision']} was already taken") from None

    def _seat_update(self, conn: Any, table_id: str, upd: dict[str, Any]) -> None:
        keys = tuple(sorted(k for k in upd if k != "seat"))
        conn.execute(self._seat_statement(keys), {"tid": table_id, "sn": upd["seat"],
                                                  **{f"v_{k}": upd[k] for k in keys}})

    def update_seats(self, table_id: str, seat_updates: list[dict[str, Any]]) -> None:
        def go(conn: Any) -> None:
            for upd in seat_updates:
                self._seat_update(conn, table_id, upd)

        self._write(go)

    def claim_seat(self, table_id: str, seat: int, name: str, token: str) -> bool:
        """Give an open human seat a token; False if someone took it first."""

        def go(conn: Any) -> bool:
            res = conn.execute(self.seats.update().where(
                (self.seats.c.table_id == table_id) & (self.seats.c.seat == seat)
                & (self.seats.c.kind == "human") & (self.seats.c.token.is_(None))
            ).values(token=token, name=name))
            return bool(res.rowcount == 1)

        return bool(self._write(go))

    def truncate(self, table_id: str, keep: int, note: dict[str, Any], status: str,
                 expect: int | None = None) -> float:
        """Undo: drop the actions from decision ``keep`` on and log a note, atomically
        (``Conflict`` if the stored game is not at ``expect`` decisions)."""
        now = time.time()

        def go(conn: Any) -> None:
            if expect is not None:
                stored_status, count = self._locked_position(conn, table_id)
                if stored_status == "aborted" or count != expect:
                    raise Conflict("the table changed meanwhile")
            conn.execute(self.entries.delete().where(
                (self.entries.c.table_id == table_id) & (self.entries.c.kind == "action")
                & (self.entries.c.decision >= keep)
            ))
            conn.execute(self.entries.insert().values(
                table_id=table_id, kind="note", decision=keep, seat=note.get("seat"),
                notation=None, actor=None, events=json.dumps(note["events"], ensure_ascii=False),
                created=now,
            ))
            conn.execute(self.tables.update().where(self.tables.c.id == table_id).values(
                status=status, updated=now))

        self._write(go)
        return now

    # --- reads --------------------------------------------------------------------

    def load_table(self, table_id: str) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]] | None:
        with self.engine.connect() as conn:
            row = conn.execute(self.tables.select().where(self.tables.c.id == table_id)).mappings().first()
            if row is None:
                return None
            seats = conn.execute(
                self.seats.select().where(self.seats.c.table_id == table_id).order_by(self.seats.c.seat)
            ).mappings().all()
            entries = conn.execute(
                self.entries.select().where(self.entries.c.table_id == table_id).order_by(self.entries.c.id)
            ).mappings().all()
        meta = dict(row)
        meta["options"] = json.loads(meta["options"])
        out_entries = []
        for e in entries:
            d = dict(e)
            d["events"] = json.loads(d["events"])
            out_entries.append(d)
        return meta, [dict(s) for s in seats], out_entries

    def list_tables(self, limit: int | None = 200, status: str | None = None) -> list[dict[str, Any]]:
        """Tables, most recently changed first (admin: ``limit=None`` for all), each a
        dict of its row (``id, game, version, players, seed, seeded, options,
        components, clock, status, created, updated``) and its ``seats`` (without
        token digests); ``status`` keeps only ``playing``, ``over`` or ``aborted``."""
        query = self.tables.select().order_by(self.tables.c.updated.desc())
        if status is not None:
            query = query.where(self.tables.c.status == status)
        if limit is not None:
            query = query.limit(limit)
        with self.engine.connect() as conn:
            rows = conn.execute(query).mappings().all()
            ids = [r["id"] for r in rows]
            seats = conn.execute(
                self.seats.select().where(self.seats.c.table_id.in_(ids))
            ).mappings().all() if ids else []
        by_table: dict[str, list[dict[str, Any]]] = {}
        for s in seats:
            public = {k: v for k, v in s.items() if k != "token"}
            public["claimed"] = s["kind"] == "bot" or s["token"] is not None
            by_table.setdefault(s["table_id"], []).append(public)
        out = []
        for r in rows:
            d = dict(r)
            d["options"] = json.loads(d["options"])
            d["seats"] = sorted(by_table.get(d["id"], []), key=lambda s: s["seat"])
            out.append(d)
        return out

    def running_ids(self, with_driver: bool = False) -> list[str]:
        """Ids of running tables; ``with_driver``: only those a server process may have
        to move without a request (a bot seat, a clock running, a seat played by the
        clock's bot)."""
        query = sa.select(self.tables.c.id).where(self.tables.c.status == "playing")
        if with_driver:
            s = self.seats
            query = query.where(sa.exists().where(
                (s.c.table_id == self.tables.c.id)
                & ((s.c.kind == "bot") | s.c.deadline.is_not(None) | s.c.zombie)))
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [r[0] for r in rows]

    def ping(self) -> None:
        """A trivial query (the health endpoint)."""
        with self.engine.connect() as conn:
            conn.execute(sa.text("SELECT 1"))

    def changed(self, table_ids: Iterable[str]) -> dict[str, tuple[float, str]]:
        """``updated`` time and status of these tables as stored (another process may
        have changed them); tables that do not exist are left out."""
        ids = list(table_ids)
        if not ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(self.tables.c.id, self.tables.c.updated, self.tables.c.status)
                                .where(self.tables.c.id.in_(ids))).all()
        return {r[0]: (float(r[1]), str(r[2])) for r in rows}

    # --- admin (``meeple admin``) ----------------------------------------------------

    def abort(self, table_id: str, reason: str = "aborted by the server's admin") -> bool:
        """Stop a running game: its status becomes ``aborted`` (no more moves, bots or
        clocks; it stays listed and can be exported) and a note says why.  Returns
        False when there is no such table or it is not running (nothing changes)."""
        now = time.time()

        def go(conn: Any) -> bool:
            res = conn.execute(self.tables.update().where(
                (self.tables.c.id == table_id) & (self.tables.c.status == "playing")
            ).values(status="aborted", updated=now))
            if res.rowcount != 1:
                return False
            count = conn.execute(sa.select(sa.func.count()).select_from(self.entries).where(
                (self.entries.c.table_id == table_id) & (self.entries.c.kind == "action"))).scalar()
            conn.execute(self.entries.insert().values(
                table_id=table_id, kind="note", decision=int(count or 0), seat=None, notation=None, actor=None,
                events=json.dumps([{"type": "abort", "key": "note_abort", "text": reason[:200]}]), created=now))
            return True

        return bool(self._write(go))

    def expire(self, idle: float) -> list[str]:
        """Abort running tables nobody changed for ``idle`` seconds; their ids."""
        limit = time.time() - idle
        with self.engine.connect() as conn:
            ids = [r[0] for r in conn.execute(sa.select(self.tables.c.id).where(
                (self.tables.c.status == "playing") & (self.tables.c.updated < limit))).all()]
        return [i for i in ids if self.abort(i, "abandoned: nobody played for a long time")]

    def delete(self, table_id: str) -> bool:
        """Remove a table, its seats and its log for good; False if there was none."""

        def go(conn: Any) -> bool:
            conn.execute(self.entries.delete().where(self.entries.c.table_id == table_id))
            conn.execute(self.seats.delete().where(self.seats.c.table_id == table_id))
            return bool(conn.execute(self.tables.delete().where(self.tables.c.id == table_id)).rowcount == 1)

        return bool(self._write(go))

    def export_records(self) -> Iterator[dict[str, Any]]:
        """Every stored table as one JSON-able dict (a backup: write one per line):
        ``{"format": "meeple-table/1", "table": {row}, "seats": [rows], "entries": [rows]}``
        with the log's events parsed, in creation order.  Seat tokens are kept as
        their digests, so the players' links keep working after an import."""
        with self.engine.connect() as conn:
            ids = [r[0] for r in conn.execute(
                sa.select(self.tables.c.id).order_by(self.tables.c.created, self.tables.c.id)).all()]
        for table_id in ids:
            loaded = self.load_table(table_id)
            if loaded is None:  # deleted meanwhile
                continue
            meta, seats, entries = loaded
            yield {"format": EXPORT_FORMAT, "table": meta,
                   "seats": [{k: v for k, v in s.items() if k != "table_id"} for s in seats],
                   "entries": [{k: v for k, v in e.items() if k not in ("id", "table_id")} for e in entries]}

    def import_records(self, records: Iterable[dict[str, Any]], replace: bool = False) -> int:
        """Load tables written by ``export_records`` (each in its own transaction);
        the number imported.  A table whose id exists is refused (``ValueError``)
        unless ``replace``; a malformed record raises ``ValueError`` naming what is
        wrong, and the records before it stay imported."""
        done = 0
        for n, rec in enumerate(records, 1):
            table, seats, entries = check_export(rec, n)

            def go(conn: Any, table: dict[str, Any] = table, seats: list[dict[str, Any]] = seats,
                   entries: list[dict[str, Any]] = entries, n: int = n) -> None:
                exists = conn.execute(sa.select(self.tables.c.id).where(self.tables.c.id == table["id"])).first()
                if exists is not None:
                    if not replace:
                        raise ValueError(f"record {n}: table {table['id']} exists (replace it to overwrite)")
                    for t in (self.entries, self.seats):
                        conn.execute(t.delete().where(t.c.table_id == table["id"]))
                    conn.execute(self.tables.delete().where(self.tables.c.id == table["id"]))
                conn.execute(self.tables.insert().values(**table))
                conn.execute(self.seats.insert(), [{**s, "table_id": table["id"]} for s in seats])
                if entries:
                    conn.execute(self.entries.insert(), [{**e, "table_id": table["id"]} for e in entries])

            try:
                self._write(go)
            except sa.exc.SQLAlchemyError as exc:
                raise ValueError(f"record {n}: the database refused it ({type(exc).__name__})") from None
            done += 1
        return done
