"""Persistence: tables, seats and the log of each game, through SQLAlchemy Core.

The database is the source of truth.  A game is stored as its record (game,
version, players, seed, options, component hash; the actions are the
``entries`` rows of kind ``action`` in decision order) plus its seats.  Every
accepted action is committed before the server acknowledges it.

Seat tokens are stored only as SHA-256 digests.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

DEFAULT_DB = "sqlite:///meeple.db"


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
        self.metadata = md

    def create_schema(self) -> None:
        with self.engine.begin() as conn:
            if self.schema and not self.is_sqlite:
                conn.execute(sa.text(f'CREATE SCHEMA IF NOT EXISTS "{self.schema}"'))
            self.metadata.create_all(conn)

    def drop_schema(self) -> None:
        """Remove everything (tests only)."""
        with self.engine.begin() as conn:
            if self.schema and not self.is_sqlite:
                conn.execute(sa.text(f'DROP SCHEMA IF EXISTS "{self.schema}" CASCADE'))
            else:
                self.metadata.drop_all(conn)

    def dispose(self) -> None:
        self.engine.dispose()

    def _begin(self) -> Any:
        return self.engine.begin()

    def _write(self, fn: Any) -> Any:
        if self._write_lock is None:
            with self.engine.begin() as conn:
                return fn(conn)
        with self._write_lock, self.engine.begin() as conn:
            return fn(conn)

    # --- writes -------------------------------------------------------------------

    def create_table(self, row: dict[str, Any], seats: list[dict[str, Any]]) -> None:
        now = time.time()

        def go(conn: Any) -> None:
            conn.execute(self.tables.insert().values(
                id=row["id"], game=row["game"], version=row["version"], players=row["players"],
                seed=row["seed"], options=json.dumps(row["options"], sort_keys=True),
                components=row["components"], clock=row["clock"], status=row["status"],
                created=now, updated=now,
            ))
            conn.execute(self.seats.insert(), [
                {"table_id": row["id"], "seat": s["seat"], "kind": s["kind"], "bot": s.get("bot"),
                 "name": s["name"], "token": s.get("token"), "zombie": False, "deadline": None}
                for s in seats
            ])

        self._write(go)

    def add_entry(
        self, table_id: str, entry: dict[str, Any], status: str | None = None,
        seat_updates: list[dict[str, Any]] | None = None,
    ) -> None:
        """Append one log entry (an accepted action or a note), in one transaction
        with the table's new status and any seat changes (clock, zombie)."""
        now = time.time()

        def go(conn: Any) -> None:
            conn.execute(self.entries.insert().values(
                table_id=table_id, kind=entry["kind"], decision=entry["decision"],
                seat=entry.get("seat"), notation=entry.get("notation"), actor=entry.get("actor"),
                events=json.dumps(entry.get("events", []), ensure_ascii=False), created=now,
            ))
            values: dict[str, Any] = {"updated": now}
            if status is not None:
                values["status"] = status
            conn.execute(self.tables.update().where(self.tables.c.id == table_id).values(**values))
            for upd in seat_updates or []:
                self._seat_update(conn, table_id, upd)

        self._write(go)

    def _seat_update(self, conn: Any, table_id: str, upd: dict[str, Any]) -> None:
        seat = upd["seat"]
        values = {k: v for k, v in upd.items() if k != "seat"}
        conn.execute(self.seats.update().where(
            (self.seats.c.table_id == table_id) & (self.seats.c.seat == seat)
        ).values(**values))

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

    def truncate(self, table_id: str, keep: int, note: dict[str, Any], status: str) -> None:
        """Undo: drop the actions from decision ``keep`` on and log a note, atomically."""
        now = time.time()

        def go(conn: Any) -> None:
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

    def list_tables(self, limit: int = 200) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                self.tables.select().order_by(self.tables.c.updated.desc()).limit(limit)
            ).mappings().all()
            ids = [r["id"] for r in rows]
            seats = conn.execute(
                self.seats.select().where(self.seats.c.table_id.in_(ids))
            ).mappings().all() if ids else []
        by_table: dict[str, list[dict[str, Any]]] = {}
        for s in seats:
            by_table.setdefault(s["table_id"], []).append(dict(s))
        out = []
        for r in rows:
            d = dict(r)
            d["options"] = json.loads(d["options"])
            d["seats"] = sorted(by_table.get(d["id"], []), key=lambda s: s["seat"])
            out.append(d)
        return out

    def running_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(self.tables.c.id).where(self.tables.c.status == "playing")
            ).all()
        return [r[0] for r in rows]
