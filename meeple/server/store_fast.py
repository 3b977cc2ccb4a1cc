"""The store's write of a decision on the database driver's own connection (issue 30).

A decision's transaction is four statements (the table's row locked with its status and action
count, the entry inserted, the table touched, any seat changes).  Through SQLAlchemy's engine
they cost more CPU than the database's work: checking a connection out of the pool (with a ping
on PostgreSQL), a transaction object, the compiled-statement cache and a result object per
statement, about 130 us per decision on SQLite and 440 us on PostgreSQL.  Here the same SQL runs
on one driver connection per thread, kept checked out of the engine's pool: about 30 and 160 us.

The statements are written once per store from its tables' names (and schema), in the driver's
parameter style.  Every other read and write stays on SQLAlchemy (``store.py``).  A driver error
is raised as SQLAlchemy's own exception class for it (``IntegrityError`` for the unique decision,
``OperationalError`` for a lost connection, whose connection is dropped), as the engine would.
"""

from __future__ import annotations

import threading
from typing import Any

import sqlalchemy as sa

ACTION = "action"


class FastWriter:
    """The decision write of one store (``Store.add_entry``): statements and connections."""

    def __init__(self, engine: sa.engine.Engine, tables: sa.Table, entries: sa.Table, seats: sa.Table,
                 schema: str | None, sqlite: bool) -> None:
        dialect = engine.dialect
        self.engine = engine
        self.sqlite = sqlite
        self.dbapi_error: type[Exception] = dialect.dbapi.Error  # type: ignore[union-attr]
        prefix = f"{dialect.identifier_preparer.quote_schema(schema)}." if schema and not sqlite else ""
        self.ph = ph = "?" if dialect.paramstyle == "qmark" else "%s"
        t, e = f"{prefix}{tables.name}", f"{prefix}{entries.name}"
        self.s = f"{prefix}{seats.name}"
        self.seat_columns = frozenset(c.name for c in seats.c) - {"table_id", "seat"}
        self._seat_sql: dict[tuple[str, ...], str] = {}
        # the count reads the partial unique index of actions (its WHERE written out, as the index's)
        self.lock = (f"SELECT status, (SELECT count(*) FROM {e} WHERE table_id = {ph} AND kind = '{ACTION}') "
                     f"FROM {t} WHERE id = {ph}" + ("" if sqlite else " FOR UPDATE"))
        self.insert = (f"INSERT INTO {e} (table_id, kind, decision, seat, notation, actor, events, created) "
                       f"VALUES ({', '.join([ph] * 8)})")
        self.touch = f"UPDATE {t} SET updated = {ph} WHERE id = {ph}"
        self.touch_status = f"UPDATE {t} SET updated = {ph}, status = {ph} WHERE id = {ph}"
        self._local = threading.local()
        self._all: list[Any] = []
        self._all_lock = threading.Lock()
        self._generation = 0  # moves on at dispose: a thread's older connection is not used again

    def _connection(self) -> Any:
        local = self._local
        conn = getattr(local, "conn", None)
        if conn is None or local.generation != self._generation:
            conn = self.engine.raw_connection()
            with self._all_lock:
                self._all.append(conn)
            local.conn, local.generation = conn, self._generation
        return conn

    def _drop(self, conn: Any) -> None:
        self._local.conn = None
        with self._all_lock:
            if conn in self._all:
                self._all.remove(conn)
        try:
            conn.invalidate()
        except Exception:  # noqa: BLE001 - a dead connection is dropped anyway
            pass

    def seat_sql(self, keys: tuple[str, ...]) -> str:
        """The update of one seat's ``keys`` (column names of the seats table), written once."""
        sql = self._seat_sql.get(keys)
        if sql is None:
            if not keys or not set(keys) <= self.seat_columns:
                raise ValueError(f"not seat columns: {keys!r}")
            sets = ", ".join(f"{k} = {self.ph}" for k in keys)
            sql = self._seat_sql[keys] = f"UPDATE {self.s} SET {sets} WHERE table_id = {self.ph} AND seat = {self.ph}"
        return sql

    def run(self, steps: Any) -> Any:
        """``steps(cursor)`` in one transaction on this thread's connection, committed; rolled
        back on any error, a driver error raised as SQLAlchemy's exception for it."""
        conn = self._connection()
        cur = None
        try:
            cur = conn.cursor()
            if self.sqlite:
                cur.execute("BEGIN IMMEDIATE")  # the write lock first, as FOR UPDATE takes the row's
            out = steps(cur)
            conn.commit()
            return out
        except self.dbapi_error as exc:
            lost = self._rollback(conn)
            wrapped = sa.exc.DBAPIError.instance(None, None, exc, self.dbapi_error)
            if lost or isinstance(wrapped, sa.exc.OperationalError):
                self._drop(conn)
            raise wrapped from exc
        except BaseException:
            if self._rollback(conn):
                self._drop(conn)
            raise
        finally:
            try:
                if cur is not None:
                    cur.close()
            except Exception:  # noqa: BLE001 - a cursor of a dropped connection
                pass

    @staticmethod
    def _rollback(conn: Any) -> bool:
        """Roll back; whether the connection is lost (its rollback failed)."""
        try:
            conn.rollback()
        except Exception:  # noqa: BLE001
            return True
        return False

    def dispose(self) -> None:
        """Close every thread's connection (the store is being closed)."""
        with self._all_lock:
            conns, self._all = self._all, []
            self._generation += 1
        for conn in conns:
            try:
                conn.close()
            except Exception:  # noqa: BLE001 - closing a dead connection
                pass
