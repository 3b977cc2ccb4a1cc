"""Persistence of people (issue 28): accounts, sessions, account seats, ratings, notifications.

A second set of tables beside ``store.py``'s, on the same database and engine (and so the same
PostgreSQL schema).  Exactly once, as the moves: a rating update is written in the transaction that
inserts the table's row in ``meeple_rated`` (its primary key is the table id), and a notification
is sent only by the process whose insert of ``(table, decision)`` into ``meeple_notified`` went
through; a second process, or a second try, fails on the key and does nothing.

What is stored: an account's name, its argon2 password hash, whether it is disabled, its
notification choices (push on/off, email address and on/off) and when it was last notified;
sessions as SHA-256 digests of their tokens; which account sits in which seat; per subject
(``a:<account id>`` or ``bot:<level>``), game and player-count class the rating (mu, sigma,
games played) and one history row per rated game; Web Push subscriptions (endpoint and keys);
the server's secrets (the key that signs CSRF and account seat tokens, the VAPID key pair).
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa

from meeple.server.store import Store, token_digest

SESSION_DAYS = 30


class PeopleStore:
    """Synchronous storage of people; the server calls it from worker threads."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine
        md = sa.MetaData()
        self.accounts = sa.Table(
            "meeple_accounts", md,
            sa.Column("id", sa.Integer, sa.Identity(), primary_key=True),
            sa.Column("name", sa.String(64), nullable=False),
            sa.Column("name_key", sa.String(64), nullable=False, unique=True),  # casefolded: one per person
            sa.Column("hash", sa.Text, nullable=False),
            sa.Column("disabled", sa.Boolean, nullable=False, default=False),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("push", sa.Boolean, nullable=False, default=False),
            sa.Column("email", sa.String(254), nullable=True),
            sa.Column("mail", sa.Boolean, nullable=False, default=False),
            sa.Column("last_push", sa.Float, nullable=True),
            sa.Column("last_mail", sa.Float, nullable=True),
            sa.Column("lang", sa.String(16), nullable=True),  # the notices' language
        )
        self.sessions = sa.Table(
            "meeple_sessions", md,
            sa.Column("digest", sa.String(64), primary_key=True),
            sa.Column("account_id", sa.Integer, nullable=False, index=True),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("expires", sa.Float, nullable=False),
        )
        self.seats = sa.Table(
            "meeple_account_seats", md,
            sa.Column("table_id", sa.String(32), primary_key=True),
            sa.Column("seat", sa.Integer, primary_key=True),
            sa.Column("account_id", sa.Integer, nullable=False, index=True),
        )
        self.extra = sa.Table(  # what a table is beyond store.py's row: rated? live or turn-based?
            "meeple_table_people", md,
            sa.Column("table_id", sa.String(32), primary_key=True),
            sa.Column("rated", sa.Boolean, nullable=False),
            sa.Column("mode", sa.String(8), nullable=False),
            sa.Column("rematch_of", sa.String(32), nullable=True),
        )
        self.rematches = sa.Table(  # one rematch per finished table, however many ask at once
            "meeple_rematches", md,
            sa.Column("table_id", sa.String(32), primary_key=True),  # the finished table
            sa.Column("new_id", sa.String(32), nullable=True),  # its rematch, once made (None: being made)
            sa.Column("at", sa.Float, nullable=False),  # when it was claimed
        )
        self.ratings = sa.Table(
            "meeple_ratings", md,
            sa.Column("subject", sa.String(80), primary_key=True),  # a:<account id> | bot:<level>
            sa.Column("game", sa.String(64), primary_key=True),
            sa.Column("klass", sa.String(4), primary_key=True),  # "2" | "3+"
            sa.Column("mu", sa.Float, nullable=False),
            sa.Column("sigma", sa.Float, nullable=False),
            sa.Column("games", sa.Integer, nullable=False),
        )
        self.rated = sa.Table(  # exactly once: one row per rated table, written with its updates
            "meeple_rated", md,
            sa.Column("table_id", sa.String(32), primary_key=True),
            sa.Column("at", sa.Float, nullable=False),
        )
        self.history = sa.Table(
            "meeple_rating_history", md,
            sa.Column("id", sa.Integer, sa.Identity(), primary_key=True),
            sa.Column("subject", sa.String(80), nullable=False, index=True),
            sa.Column("table_id", sa.String(32), nullable=False),
            sa.Column("game", sa.String(64), nullable=False),
            sa.Column("klass", sa.String(4), nullable=False),
            sa.Column("mu", sa.Float, nullable=False),
            sa.Column("sigma", sa.Float, nullable=False),
            sa.Column("at", sa.Float, nullable=False),
        )
        self.push_subs = sa.Table(
            "meeple_push_subs", md,
            sa.Column("id", sa.Integer, sa.Identity(), primary_key=True),
            sa.Column("account_id", sa.Integer, nullable=False, index=True),
            sa.Column("endpoint", sa.String(1024), nullable=False, unique=True),
            sa.Column("p256dh", sa.String(256), nullable=False),
            sa.Column("auth", sa.String(64), nullable=False),
        )
        self.notified = sa.Table(  # exactly once: one row per (table, decision) a notice went out for
            "meeple_notified", md,
            sa.Column("table_id", sa.String(32), primary_key=True),
            sa.Column("decision", sa.Integer, primary_key=True),
            sa.Column("account_id", sa.Integer, nullable=False),
            sa.Column("at", sa.Float, nullable=False),
        )
        self.secrets = sa.Table(
            "meeple_secrets", md,
            sa.Column("name", sa.String(32), primary_key=True),
            sa.Column("value", sa.Text, nullable=False),
        )
        self.metadata = md
        self._ready = False
        self._ready_lock = threading.Lock()

    # --- plumbing -----------------------------------------------------------------------

    def ready(self) -> None:
        """Create the tables once (several processes: one creates, the others wait)."""
        if self._ready:
            return
        with self._ready_lock:
            if self._ready:
                return
            with self.engine.begin() as conn:
                if not self.store.is_sqlite:
                    conn.execute(sa.text("SELECT pg_advisory_xact_lock(:k)"),
                                 {"k": self.store._lock_key("#people-schema")})
                    if self.store.schema:
                        conn.execute(sa.text(f'CREATE SCHEMA IF NOT EXISTS "{self.store.schema}"'))
                self.metadata.create_all(conn)
            self._ready = True

    def _write(self, fn: Callable[[Any], Any]) -> Any:
        self.ready()
        return self.store._write(fn)

    def _read(self, fn: Callable[[Any], Any]) -> Any:
        self.ready()
        with self.engine.connect() as conn:
            return fn(conn)

    def secret(self, name: str, make: Callable[[], str]) -> str:
        """The server secret ``name``, created by ``make`` at first use and kept (the first
        process to store it wins; the others read its value)."""
        def get(conn: Any) -> str | None:
            row = conn.execute(sa.select(self.secrets.c.value).where(self.secrets.c.name == name)).first()
            return None if row is None else str(row[0])

        found = self._read(get)
        if found is not None:
            return found
        try:
            self._write(lambda conn: conn.execute(self.secrets.insert().values(name=name, value=make())))
        except sa.exc.IntegrityError:
            pass
        value = self._read(get)
        assert value is not None
        return value

    # --- accounts -----------------------------------------------------------------------

    def create_account(self, name: str, password_hash: str) -> int | None:
        """A new account's id; None when the name (ignoring case) is taken."""
        def go(conn: Any) -> int:
            res = conn.execute(self.accounts.insert().values(
                name=name, name_key=name.casefold(), hash=password_hash, disabled=False,
                created=time.time(), push=False, mail=False))
            return int(res.inserted_primary_key[0])

        try:
            return int(self._write(go))
        except sa.exc.IntegrityError:
            return None

    def account_by_name(self, name: str) -> dict[str, Any] | None:
        def go(conn: Any) -> Any:
            return conn.execute(self.accounts.select().where(
                self.accounts.c.name_key == name.casefold())).mappings().first()

        row = self._read(go)
        return None if row is None else dict(row)

    def account(self, account_id: int) -> dict[str, Any] | None:
        def go(conn: Any) -> Any:
            return conn.execute(self.accounts.select().where(self.accounts.c.id == account_id)).mappings().first()

        row = self._read(go)
        return None if row is None else dict(row)

    def accounts_named(self, ids: list[int]) -> dict[int, str]:
        if not ids:
            return {}

        def go(conn: Any) -> Any:
            return conn.execute(sa.select(self.accounts.c.id, self.accounts.c.name)
                                .where(self.accounts.c.id.in_(ids))).all()

        return {int(i): str(n) for i, n in self._read(go)}

    def update_account(self, account_id: int, **values: Any) -> bool:
        res = self._write(lambda conn: conn.execute(
            self.accounts.update().where(self.accounts.c.id == account_id).values(**values)))
        return bool(res.rowcount == 1)

    def set_disabled(self, name: str, disabled: bool) -> bool:
        """Disable (or enable) an account by name; disabling ends its sessions.  False: no such account."""
        def go(conn: Any) -> bool:
            row = conn.execute(sa.select(self.accounts.c.id).where(
                self.accounts.c.name_key == name.casefold())).first()
            if row is None:
                return False
            conn.execute(self.accounts.update().where(self.accounts.c.id == row[0]).values(disabled=disabled))
            if disabled:
                conn.execute(self.sessions.delete().where(self.sessions.c.account_id == row[0]))
            return True

        return bool(self._write(go))

    def set_password(self, name: str, password_hash: str) -> bool:
        """A new password hash for an account; its sessions end.  False: no such account."""
        def go(conn: Any) -> bool:
            row = conn.execute(sa.select(self.accounts.c.id).where(
                self.accounts.c.name_key == name.casefold())).first()
            if row is None:
                return False
            conn.execute(self.accounts.update().where(self.accounts.c.id == row[0]).values(hash=password_hash))
            conn.execute(self.sessions.delete().where(self.sessions.c.account_id == row[0]))
            return True

        return bool(self._write(go))

    # --- sessions -----------------------------------------------------------------------

    def new_session(self, account_id: int) -> str:
        """A new session's secret token (only its digest is stored)."""
        token = secrets.token_urlsafe(32)
        now = time.time()
        self._write(lambda conn: conn.execute(self.sessions.insert().values(
            digest=token_digest(token), account_id=account_id, created=now, expires=now + SESSION_DAYS * 86400)))
        return token

    def session_account(self, token: str) -> dict[str, Any] | None:
        """The enabled account of a live session token; None otherwise."""
        digest = token_digest(token)

        def go(conn: Any) -> Any:
            a, s = self.accounts, self.sessions
            return conn.execute(sa.select(a.c.id, a.c.name).select_from(s.join(a, a.c.id == s.c.account_id)).where(
                (s.c.digest == digest) & (s.c.expires > time.time()) & (a.c.disabled.is_(False)))).first()

        row = self._read(go)
        return None if row is None else {"id": int(row[0]), "name": str(row[1])}

    def end_session(self, token: str) -> None:
        self._write(lambda conn: conn.execute(self.sessions.delete().where(
            self.sessions.c.digest == token_digest(token))))

    # --- seats and tables ---------------------------------------------------------------

    def table_created(self, table_id: str, rated: bool, mode: str, rematch_of: str | None,
                      seats: dict[int, int]) -> None:
        def go(conn: Any) -> None:
            conn.execute(self.extra.insert().values(table_id=table_id, rated=rated, mode=mode,
                                                    rematch_of=rematch_of))
            if seats:
                conn.execute(self.seats.insert(), [{"table_id": table_id, "seat": s, "account_id": a}
                                                   for s, a in seats.items()])

        self._write(go)

    def rematch_of(self, table_id: str) -> str | None:
        """The table made as the rematch of ``table_id`` (None: none yet, or not made to the end)."""
        def go(conn: Any) -> Any:
            claim = conn.execute(sa.select(self.rematches.c.new_id).where(
                self.rematches.c.table_id == table_id)).first()
            if claim is not None:
                return claim
            return conn.execute(sa.select(self.extra.c.table_id).where(  # made before the claims
                self.extra.c.rematch_of == table_id)).first()

        row = self._read(go)
        return None if row is None or row[0] is None else str(row[0])

    def claim_rematch(self, table_id: str, stale: float) -> tuple[bool, str | None]:
        """Claim the making of ``table_id``'s rematch (its ``meeple_rematches`` row: the key
        decides, across processes).  ``(True, None)``: the caller makes it (then ``rematch_made``,
        or ``rematch_dropped`` if it fails); ``(False, id)``: made already; ``(False, None)``:
        another is making it now (ask again soon).  A claim older than ``stale`` seconds with no
        table made (its maker stopped) is taken over."""
        now = time.time()
        made = self.rematch_of(table_id)
        if made is not None:
            return False, made
        x = self.rematches
        try:
            self._write(lambda conn: conn.execute(x.insert().values(table_id=table_id, new_id=None, at=now)))
            return True, None
        except sa.exc.IntegrityError:
            pass
        row = self._read(lambda conn: conn.execute(sa.select(x.c.new_id, x.c.at).where(x.c.table_id == table_id))
                         .first())
        if row is None or row[0] is not None:
            return False, None if row is None else str(row[0])
        if row[1] < now - stale:
            res = self._write(lambda conn: conn.execute(x.update().where(
                (x.c.table_id == table_id) & x.c.new_id.is_(None) & (x.c.at == row[1])).values(at=now)))
            if res.rowcount == 1:
                return True, None
        return False, None

    def rematch_made(self, table_id: str, new_id: str) -> None:
        self._write(lambda conn: conn.execute(self.rematches.update().where(
            self.rematches.c.table_id == table_id).values(new_id=new_id)))

    def rematch_dropped(self, table_id: str) -> None:
        """The claimed rematch could not be made: the next ask may try again."""
        self._write(lambda conn: conn.execute(self.rematches.delete().where(
            (self.rematches.c.table_id == table_id) & self.rematches.c.new_id.is_(None))))

    def unrated_finished(self, limit: int = 100) -> list[str]:
        """Finished tables created rated whose rating was not written (a process stopped between
        the last decision's commit and the rating's): the start catches them up."""
        def go(conn: Any) -> Any:
            t, x = self.store.tables, self.extra
            return conn.execute(sa.select(x.c.table_id).select_from(x.join(t, t.c.id == x.c.table_id)).where(
                x.c.rated.is_(True) & (t.c.status == "over")
                & ~sa.exists().where(self.rated.c.table_id == x.c.table_id)).limit(limit)).all()

        return [str(r[0]) for r in self._read(go)]

    def seat_taken(self, table_id: str, seat: int, account_id: int) -> None:
        self._write(lambda conn: conn.execute(self.seats.insert().values(
            table_id=table_id, seat=seat, account_id=account_id)))

    def table_people(self, table_id: str) -> tuple[dict[str, Any] | None, dict[int, int]]:
        """A table's row (rated, mode, rematch_of; None for a table made without them) and its
        account seats (seat -> account id)."""
        def go(conn: Any) -> tuple[Any, Any]:
            row = conn.execute(self.extra.select().where(self.extra.c.table_id == table_id)).mappings().first()
            seats = conn.execute(sa.select(self.seats.c.seat, self.seats.c.account_id)
                                 .where(self.seats.c.table_id == table_id)).all()
            return row, seats

        row, seats = self._read(go)
        return (None if row is None else dict(row)), {int(s): int(a) for s, a in seats}

    def tables_of(self, account_id: int, limit: int = 200) -> list[tuple[str, int]]:
        """``(table id, seat)`` of every seat the account took, newest tables first."""
        def go(conn: Any) -> Any:
            s, t = self.seats, self.store.tables
            return conn.execute(sa.select(s.c.table_id, s.c.seat).select_from(s.join(t, t.c.id == s.c.table_id))
                                .where(s.c.account_id == account_id).order_by(t.c.updated.desc())
                                .limit(limit)).all()

        return [(str(t), int(s)) for t, s in self._read(go)]

    def table_rows(self, ids: list[str]) -> dict[str, dict[str, Any]]:
        """The stored rows of these tables (``id, game, players, status, updated, clock``), each with
        its seats' ``name`` and ``deadline`` (the seat whose clock runs is the seat to move)."""
        if not ids:
            return {}

        def go(conn: Any) -> tuple[Any, Any]:
            t, s = self.store.tables, self.store.seats
            rows = conn.execute(sa.select(t.c.id, t.c.game, t.c.players, t.c.status, t.c.updated, t.c.clock)
                                .where(t.c.id.in_(ids))).mappings().all()
            seats = conn.execute(sa.select(s.c.table_id, s.c.seat, s.c.name, s.c.deadline)
                                 .where(s.c.table_id.in_(ids)).order_by(s.c.table_id, s.c.seat)).mappings().all()
            return rows, seats

        rows, seats = self._read(go)
        out = {str(r["id"]): {**dict(r), "seats": []} for r in rows}
        for s in seats:
            out[str(s["table_id"])]["seats"].append(dict(s))
        return out

    # --- ratings ------------------------------------------------------------------------

    def ratings_of(self, subjects: list[str], game: str, klass: str) -> dict[str, tuple[float, float, int]]:
        def go(conn: Any) -> Any:
            r = self.ratings
            return conn.execute(sa.select(r.c.subject, r.c.mu, r.c.sigma, r.c.games).where(
                r.c.subject.in_(subjects) & (r.c.game == game) & (r.c.klass == klass))).all()

        return {str(s): (float(m), float(g), int(n)) for s, m, g, n in self._read(go)}

    def rate(self, table_id: str, game: str, klass: str, subjects: list[str],
             update: Callable[[dict[str, tuple[float, float, int]]], dict[str, tuple[float, float]]],
             start: tuple[float, float]) -> bool:
        """Rate a finished table once: insert its ``meeple_rated`` row, lock its subjects' rating
        rows, call ``update`` with their ratings for the new (mu, sigma) of each, and write them
        with their history, all in one transaction.  A subject without a rating starts at
        ``start`` (its row is made first, in a transaction of its own).  False when the table was
        rated already (by this process or another): nothing is written."""
        r = self.ratings
        self._insert_missing(r, [{"subject": s, "game": game, "klass": klass, "mu": start[0],
                                  "sigma": start[1], "games": 0} for s in subjects])
        now = time.time()

        def go(conn: Any) -> bool:
            conn.execute(self.rated.insert().values(table_id=table_id, at=now))  # first: the key decides
            rows = conn.execute(sa.select(r.c.subject, r.c.mu, r.c.sigma, r.c.games).where(
                r.c.subject.in_(subjects) & (r.c.game == game) & (r.c.klass == klass))
                .order_by(r.c.subject).with_for_update()).all()
            old = {str(s): (float(m), float(g), int(n)) for s, m, g, n in rows}
            for subject, (mu, sigma) in update(old).items():
                conn.execute(r.update().where((r.c.subject == subject) & (r.c.game == game) & (r.c.klass == klass))
                             .values(mu=mu, sigma=sigma, games=old[subject][2] + 1))
                conn.execute(self.history.insert().values(subject=subject, table_id=table_id, game=game,
                                                          klass=klass, mu=mu, sigma=sigma, at=now))
            return True

        try:
            return bool(self._write(go))
        except sa.exc.IntegrityError:
            return False

    def _insert_missing(self, table: sa.Table, rows: list[dict[str, Any]]) -> None:
        """Insert the rows whose primary key is not there yet (ON CONFLICT DO NOTHING)."""
        if self.store.is_sqlite:
            from sqlalchemy.dialects.sqlite import insert as sqlite_insert

            stmt: Any = sqlite_insert(table).on_conflict_do_nothing()
        else:
            from sqlalchemy.dialects.postgresql import insert as pg_insert

            stmt = pg_insert(table).on_conflict_do_nothing()
        self._write(lambda conn: conn.execute(stmt, rows))

    def is_rated(self, table_id: str) -> bool:
        return self._read(lambda conn: conn.execute(sa.select(self.rated.c.table_id).where(
            self.rated.c.table_id == table_id)).first()) is not None

    def leaderboard(self, game: str, klass: str | None, limit: int = 100) -> list[dict[str, Any]]:
        def go(conn: Any) -> Any:
            r = self.ratings
            q = sa.select(r).where(r.c.game == game)
            if klass is not None:
                q = q.where(r.c.klass == klass)
            q = q.where(r.c.games > 0)
            return conn.execute(q.order_by((r.c.mu - 3 * r.c.sigma).desc()).limit(limit)).mappings().all()

        return [dict(x) for x in self._read(go)]

    def history_of(self, subject: str, limit: int = 200) -> list[dict[str, Any]]:
        def go(conn: Any) -> Any:
            h = self.history
            return conn.execute(h.select().where(h.c.subject == subject).order_by(h.c.id.desc())
                                .limit(limit)).mappings().all()

        return [dict(x) for x in self._read(go)]

    # --- notifications ------------------------------------------------------------------

    def add_push(self, account_id: int, endpoint: str, p256dh: str, auth: str) -> None:
        def go(conn: Any) -> None:
            conn.execute(self.push_subs.delete().where(self.push_subs.c.endpoint == endpoint))
            conn.execute(self.push_subs.insert().values(account_id=account_id, endpoint=endpoint,
                                                        p256dh=p256dh, auth=auth))

        self._write(go)

    def pushes_of(self, account_id: int) -> list[dict[str, Any]]:
        return [dict(x) for x in self._read(lambda conn: conn.execute(self.push_subs.select().where(
            self.push_subs.c.account_id == account_id)).mappings().all())]

    def drop_push(self, endpoint: str) -> None:
        self._write(lambda conn: conn.execute(self.push_subs.delete().where(self.push_subs.c.endpoint == endpoint)))

    def claim_notice(self, table_id: str, decision: int, account_id: int,
                     every: float) -> tuple[set[str], dict[str, Any] | None]:
        """Claim the notice of a turn (exactly once across processes: the ``(table, decision)``
        row) and the account's channels whose rate limit allows one now (``push``, ``mail``:
        at most one per ``every`` seconds each, opted in), with the account's row.  No channel:
        nothing to send."""
        now = time.time()
        a = self.accounts

        def go(conn: Any) -> tuple[set[str], dict[str, Any] | None]:
            # first: the key decides which process (or try) sends it
            conn.execute(self.notified.insert().values(table_id=table_id, decision=decision,
                                                       account_id=account_id, at=now))
            out = set()
            for channel, last in (("push", a.c.last_push), ("mail", a.c.last_mail)):
                opted = a.c.push if channel == "push" else a.c.mail
                res = conn.execute(a.update().where(
                    (a.c.id == account_id) & opted.is_(True) & a.c.disabled.is_(False)
                    & (last.is_(None) | (last <= now - every))).values({last.key: now}))
                if res.rowcount == 1:
                    out.add(channel)
            if not out:
                return out, None
            row = conn.execute(a.select().where(a.c.id == account_id)).mappings().first()
            return out, (None if row is None else dict(row))

        try:
            channels, row = self._write(go)
        except sa.exc.IntegrityError:
            return set(), None
        return set(channels), row
