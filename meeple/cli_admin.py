"""``meeple admin``: list, abort and delete the server's tables; export and import records.

The commands work on the server's database (``--db``, the same default as
``meeple serve``) through its ``Store``: ``list_tables``, ``abort``,
``delete``, ``export_records`` and ``import_records`` (issue 16).  Exports are
JSON lines, one table per line (its row, seats and log: the store's
``meeple-table/1`` format), for backups; an import stores all the records of
a file or none of them.

Every refusal (a bad URL, a database that cannot be opened, an unknown table,
a malformed file) is a ``BadSetup``: one line and exit status 2.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from meeple.engine import BadSetup
from meeple.engine.messages import refused

admin = typer.Typer(
    no_args_is_help=True, pretty_exceptions_enable=False,
    help="Manage a server's tables: list, abort, delete; export and import all records (JSON lines).",
)
console = Console()
err = Console(stderr=True)

DbOpt = Annotated[
    str | None, typer.Option("--db", help="database URL (default: sqlite file meeple.db, as meeple serve)")
]

STATUSES = ("playing", "over", "aborted")

MAX_IMPORT_LINE = 16 * 1024 * 1024
"""One exported record per line; a longer line is refused rather than parsed."""


def database_url(db: str | None) -> str:
    """The SQLAlchemy URL for ``--db`` (as ``meeple serve`` reads it), or ``BadSetup``."""
    import sqlalchemy as sa

    from meeple.server.store import normalise_url

    url = normalise_url(db)
    try:
        parsed = sa.engine.make_url(url)
    except sa.exc.ArgumentError:
        raise refused("admin.db_not_url", db=repr(db)) from None
    try:
        parsed.get_dialect()
    except (sa.exc.NoSuchModuleError, ImportError):
        raise refused("admin.db_unknown_kind", db=repr(db), kind=repr(parsed.drivername)) from None
    return url


def check_database(db: str | None, must_exist: bool = False) -> str:
    """``database_url(db)`` after opening one connection to it (one clear line if that fails).

    With ``must_exist`` a SQLite file that is not there is refused rather than created."""
    import sqlalchemy as sa

    url = database_url(db)
    parsed = sa.engine.make_url(url)
    shown = parsed.render_as_string(hide_password=True)
    if parsed.get_backend_name() == "sqlite":
        file = parsed.database or ""
        if must_exist and file not in ("", ":memory:") and not Path(file).is_file():
            raise refused("admin.no_database", file=repr(file))
        connect_args: dict[str, Any] = {}
    else:
        connect_args = {"connect_timeout": 5}
    try:
        engine = sa.create_engine(url, connect_args=connect_args)
    except (sa.exc.SQLAlchemyError, ImportError, TypeError) as exc:
        raise refused("admin.db_cannot_use", db=shown, detail=_first_line(exc)) from None
    try:
        with engine.connect():
            pass
    except (sa.exc.SQLAlchemyError, ImportError) as exc:
        raise refused("admin.db_cannot_open", db=shown, detail=_first_line(exc)) from None
    finally:
        engine.dispose()
    return url


def _first_line(exc: BaseException) -> str:
    inner = getattr(exc, "orig", None) or exc
    text = str(inner).strip() or type(inner).__name__
    return text.splitlines()[0][:300]


def _store_class() -> Any:
    from meeple.server.store import Store

    return Store


def open_store(db: str | None, must_exist: bool = True) -> Any:
    """The server's ``Store`` on ``--db``, its schema in place."""
    import sqlalchemy as sa

    url = check_database(db, must_exist=must_exist)
    store = _store_class()(url)
    try:
        store.create_schema()
    except sa.exc.SQLAlchemyError as exc:
        store.dispose()
        raise refused("admin.db_cannot_prepare", db=url, detail=_first_line(exc)) from None
    return store


def _call(store: Any, method: str, *args: Any) -> Any:
    """``store.<method>(*args)``; a missing method or a refusal by the store is one line."""
    import sqlalchemy as sa

    fn = getattr(store, method, None)
    if fn is None:
        raise refused("admin.store_lacks", method=method)
    try:
        return fn(*args)
    except LookupError as exc:
        if not exc.args:
            raise refused("admin.no_such_table") from None
        raise refused("admin.no_table", table=repr(exc.args[0])) from None
    except ValueError as exc:
        raise BadSetup(_first_line(exc)) from None
    except sa.exc.IntegrityError as exc:
        raise refused("admin.db_refused", detail=_first_line(exc)) from None
    except sa.exc.SQLAlchemyError as exc:
        raise refused("admin.db_error", detail=_first_line(exc)) from None


def _seat_text(seat: dict[str, Any]) -> str:
    if seat.get("kind") == "bot":
        name, bot = str(seat.get("name") or "bot"), str(seat.get("bot") or "")
        return name if not bot or bot in name else f"{name} ({bot})"
    if not seat.get("claimed", True):
        return "open"
    return str(seat.get("name") or "?")


def _when(value: Any) -> str:
    import datetime

    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return datetime.datetime.fromtimestamp(value, datetime.UTC).strftime("%Y-%m-%d %H:%M")
    return str(value or "")


@admin.command("list")
def list_cmd(
    db: DbOpt = None,
    status: Annotated[str | None, typer.Option(
        "--status", help="only tables in this state: playing, over or aborted")] = None,
    limit: Annotated[int, typer.Option("--limit", min=1, max=1_000_000, help="at most this many tables")] = 200,
    every: Annotated[bool, typer.Option("--all", help="every table (no --limit)")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON object per table")] = False,
) -> None:
    """The tables, most recently changed first: id, game, status, seats."""
    if status is not None and status not in STATUSES:
        raise refused("admin.bad_status", status=repr(status), states=", ".join(STATUSES))
    store = open_store(db)
    try:
        rows = _call(store, "list_tables", None if every else limit, status)
    finally:
        store.dispose()
    if as_json:
        for row in rows:
            print(json.dumps(row, default=str, ensure_ascii=False))
        return
    table = Table(title=f"{len(rows)} table{'s' if len(rows) != 1 else ''}")
    for col in ("id", "game", "players", "status", "seats", "updated (UTC)"):
        table.add_column(col)
    for row in rows:
        seats = row.get("seats") or []
        state = str(row.get("status", "")) + (" (seed chosen)" if row.get("seeded") else "")
        table.add_row(escape(str(row.get("id", ""))), escape(str(row.get("game", ""))),
                      str(row.get("players", len(seats))), escape(state),
                      escape(", ".join(_seat_text(s) for s in seats)), _when(row.get("updated")))
    console.print(table)


@admin.command()
def abort(
    table_id: Annotated[str, typer.Argument(metavar="ID", help="the table's id (meeple admin list)")],
    db: DbOpt = None,
) -> None:
    """End a running table without a result (its record is kept)."""
    store = open_store(db)
    try:
        done = _call(store, "abort", table_id)
    finally:
        store.dispose()
    if done is False:
        raise refused("admin.no_running_table", table=repr(table_id))
    err.print(f"aborted table {escape(table_id)}")


@admin.command()
def delete(
    table_id: Annotated[str, typer.Argument(metavar="ID", help="the table's id (meeple admin list)")],
    db: DbOpt = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="do not ask")] = False,
) -> None:
    """Delete a table and its record for good."""
    store = open_store(db)
    try:
        if not yes:
            if not sys.stdin.isatty():
                raise refused("admin.delete_needs_yes")
            typer.confirm(f"Delete table {table_id} and its record for good?", abort=True)
        done = _call(store, "delete", table_id)
    finally:
        store.dispose()
    if done is False:
        raise refused("admin.no_table", table=repr(table_id))
    err.print(f"deleted table {escape(table_id)}")


@admin.command("export")
def export_cmd(
    file: Annotated[Path, typer.Argument(help="JSON-lines file to write ('-': standard output)")],
    db: DbOpt = None,
) -> None:
    """Write every table's record, one JSON object per line (a backup)."""
    store = open_store(db)
    try:
        lines = [json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n"
                 for r in _call(store, "export_records")]
    finally:
        store.dispose()
    if str(file) == "-":
        sys.stdout.writelines(lines)
    else:
        _write_atomic(file, "".join(lines))
    err.print(f"exported {len(lines)} record{'s' if len(lines) != 1 else ''}"
              + ("" if str(file) == "-" else f" to {escape(str(file))}"))


def _write_atomic(path: Path, text: str) -> None:
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise refused("admin.write_no_folder", path=repr(str(path)), folder=repr(str(folder)))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise refused("admin.write_failed", path=repr(str(path)), detail=str(exc.strerror or exc)) from None


def read_records(file: Path) -> list[tuple[int, dict[str, Any]]]:
    """The records of a JSON-lines export with their line numbers; any malformed line is
    refused, naming it."""
    try:
        handle = sys.stdin if str(file) == "-" else file.open(encoding="utf-8")
    except FileNotFoundError:
        raise refused("admin.import_not_found", file=repr(str(file))) from None
    except OSError as exc:
        raise refused("admin.import_unreadable", file=repr(str(file)),
                      detail=str(exc.strerror or exc)) from None
    records: list[tuple[int, dict[str, Any]]] = []
    try:
        with handle:
            for number, line in enumerate(handle, start=1):
                where = {"file": str(file), "line": number}
                if len(line) > MAX_IMPORT_LINE:
                    raise refused("admin.import_line_too_long", **where, mb=MAX_IMPORT_LINE // 2**20)
                if not line.strip():
                    continue
                try:
                    data = json.loads(line)
                except RecursionError:
                    raise refused("admin.import_too_deep", **where) from None
                except ValueError as exc:
                    raise refused("admin.import_not_json", **where, detail=str(exc).split(":")[0]) from None
                if not isinstance(data, dict):
                    raise refused("admin.import_not_object", **where, kind=type(data).__name__)
                records.append((number, data))
    except UnicodeDecodeError:
        raise refused("admin.import_not_utf8", file=repr(str(file))) from None
    return records


def _record_id(record: dict[str, Any]) -> str | None:
    """The table id of an exported record (``{"table": {"id": ...}, ...}``)."""
    table = record.get("table")
    found = table.get("id") if isinstance(table, dict) else record.get("id")
    return found if isinstance(found, str) else None


@admin.command("import")
def import_cmd(
    file: Annotated[Path, typer.Argument(help="JSON-lines file written by meeple admin export ('-': stdin)")],
    db: DbOpt = None,
    replace: Annotated[bool, typer.Option("--replace", help="overwrite tables that are already there")] = False,
) -> None:
    """Store every record of an export: all of them, or (on any refusal) none.

    The whole file is parsed first; a table already in the database is refused
    unless --replace.  If the database refuses a record, the records this
    import stored before it are deleted again (with --replace, overwritten
    tables cannot be restored: keep an export of the database first)."""
    records = read_records(file)
    store = open_store(db, must_exist=False)
    stored: list[str] = []
    try:
        if not replace:
            there = {row["id"] for row in _call(store, "list_tables", None)}
            clash = [(n, _record_id(r)) for n, r in records if _record_id(r) in there]
            if clash:
                raise refused("admin.import_clash", file=str(file), line=clash[0][0], table=str(clash[0][1]))
        for number, record in records:
            try:
                _call(store, "import_records", [record], *([True] if replace else []))
            except BadSetup as exc:
                for done_id in stored if not replace else []:
                    store.delete(done_id)
                # the store's own reason (a catalog message, else its text without "record N: ")
                reason = exc.message if exc.message.get("key") else re.sub(r"^record \d+: ", "", str(exc))
                where = {"file": str(file), "line": number, "reason": reason}
                if replace:
                    raise refused("admin.import_refused_partly", **where, count=len(stored)) from None
                raise refused("admin.import_refused", **where) from None
            new_id = _record_id(record)
            if new_id is not None:
                stored.append(new_id)
    finally:
        store.dispose()
    count = len(records)
    err.print(f"imported {count} record{'s' if count != 1 else ''}")
