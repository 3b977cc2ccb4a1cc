"""The refusals of ``meeple admin`` (tables and accounts) and ``meeple worker`` through the catalog.

Each refusal is a ``refused(key, ...)``: its ``BadSetup`` carries the catalog message
(``admin.*``, ``people.*``, ``worker.*``) that the command line renders in its reader's language,
and its English ``str(exc)`` is the sentence the command always printed (spelt out here).
"""

from __future__ import annotations

import io
import json
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from meeple import cli_admin, cli_people, cli_worker
from meeple.engine import BadSetup
from tests.cli.test_cli_admin import FakeStore, table
from tests.cli.test_cli_errors import assert_one_line, run_main


def refusal(call: Callable[[], object]) -> BadSetup:
    """The ``BadSetup`` that ``call()`` raises."""
    with pytest.raises(BadSetup) as raised:
        call()
    return raised.value


@pytest.fixture
def empty_db(tmp_path: Path) -> str:
    """The URL of an existing, empty SQLite file (as a fresh ``meeple serve`` would leave it)."""
    path = tmp_path / "meeple.db"
    path.touch()
    return f"sqlite:///{path}"


@pytest.fixture
def fake_db(monkeypatch: pytest.MonkeyPatch, empty_db: str) -> str:
    """``empty_db`` whose store is ``FakeStore`` (tests/cli/test_cli_admin.py), holding no table."""
    monkeypatch.setattr(cli_admin, "_store_class", lambda: FakeStore)
    FakeStore.databases.setdefault(cli_admin.database_url(empty_db), {}).clear()
    return empty_db


# --- meeple admin: the database ------------------------------------------------------------------


def test_db_that_is_not_a_url(capsys: pytest.CaptureFixture[str]) -> None:
    """``--db 'not a url://'`` (no URL at all): ``admin.db_not_url``."""
    exc = refusal(lambda: cli_admin.database_url("not a url://"))
    assert exc.message["key"] == "admin.db_not_url"
    assert str(exc) == ("--db 'not a url://' is not a database URL "
                        "(sqlite:///FILE or postgresql://USER@HOST/DB)")
    assert_one_line(*run_main(["admin", "list", "--db", "not a url://"], capsys), str(exc))


def test_db_of_an_unknown_kind(capsys: pytest.CaptureFixture[str]) -> None:
    """``meeple admin list --db bogus://x`` (a URL of no known database): ``admin.db_unknown_kind``."""
    exc = refusal(lambda: cli_admin.database_url("bogus://x"))
    assert exc.message["key"] == "admin.db_unknown_kind"
    assert exc.message["args"] == {"db": "'bogus://x'", "kind": "'bogus'"}
    assert str(exc) == ("--db 'bogus://x': unknown kind of database 'bogus' "
                        "(use sqlite:///FILE or postgresql://...)")
    assert_one_line(*run_main(["admin", "list", "--db", "bogus://x"], capsys), str(exc))


def test_sqlite_file_that_is_not_there(capsys: pytest.CaptureFixture[str]) -> None:
    """``--db sqlite:////no/such/dir/m.db`` for a command that needs the database: ``admin.no_database``."""
    exc = refusal(lambda: cli_admin.check_database("sqlite:////no/such/dir/m.db", must_exist=True))
    assert exc.message["key"] == "admin.no_database"
    assert str(exc) == ("no database at '/no/such/dir/m.db' "
                        "(meeple serve creates it; pass --db URL for another)")
    assert_one_line(*run_main(["admin", "list", "--db", "sqlite:////no/such/dir/m.db"], capsys), str(exc))


# --- meeple admin: tables ------------------------------------------------------------------------


def test_bad_status(capsys: pytest.CaptureFixture[str]) -> None:
    """``meeple admin list --status done`` (not a table state): ``admin.bad_status``, the states
    given as one already joined string."""
    exc = refusal(lambda: cli_admin.list_cmd(db=None, status="done"))
    assert exc.message["key"] == "admin.bad_status"
    assert exc.message["args"] == {"status": "'done'", "states": "playing, over, aborted"}
    assert str(exc) == "--status 'done' is not a table state (playing, over, aborted)"
    assert_one_line(*run_main(["admin", "list", "--status", "done"], capsys), str(exc))


def test_abort_of_no_running_table(empty_db: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``meeple admin abort NOPE`` on an existing empty SQLite database (the server's own store):
    ``admin.no_running_table``."""
    exc = refusal(lambda: cli_admin.abort("NOPE", db=empty_db))
    assert exc.message["key"] == "admin.no_running_table"
    assert str(exc) == "no running table 'NOPE'"
    assert_one_line(*run_main(["admin", "abort", "NOPE", "--db", empty_db], capsys), str(exc))


def test_delete_of_no_table_and_the_stores_own_no_table(
    empty_db: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``meeple admin delete NOPE --yes`` on an empty database, and a store that raises
    ``LookupError`` (with and without the id): one key ``admin.no_table`` for the one sentence,
    ``admin.no_such_table`` when the store names no table."""
    exc = refusal(lambda: cli_admin.delete("NOPE", db=empty_db, yes=True))
    assert exc.message["key"] == "admin.no_table"
    assert str(exc) == "no table 'NOPE'"
    assert_one_line(*run_main(["admin", "delete", "NOPE", "--db", empty_db, "--yes"], capsys), str(exc))

    class Looking(FakeStore):
        def abort(self, table_id: str) -> bool:
            raise LookupError(*([table_id] if table_id != "-" else []))

    monkeypatch.setattr(cli_admin, "_store_class", lambda: Looking)
    exc = refusal(lambda: cli_admin.abort("t9", db=empty_db))
    assert (exc.message["key"], str(exc)) == ("admin.no_table", "no table 't9'")
    exc = refusal(lambda: cli_admin.abort("-", db=empty_db))
    assert (exc.message["key"], str(exc)) == ("admin.no_such_table", "no such table")


def test_delete_without_yes_away_from_a_terminal(
    fake_db: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``meeple admin delete ID`` with no terminal to confirm at: ``admin.delete_needs_yes``."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    exc = refusal(lambda: cli_admin.delete("t1", db=fake_db))
    assert exc.message["key"] == "admin.delete_needs_yes"
    assert str(exc) == "delete asks for confirmation; pass --yes when not at a terminal"
    assert_one_line(*run_main(["admin", "delete", "t1", "--db", fake_db], capsys), str(exc))


# --- meeple admin import -------------------------------------------------------------------------


def test_import_line_that_is_not_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An export whose second line is not JSON: ``admin.import_not_json`` naming the file and line."""
    backup = tmp_path / "backup.jsonl"
    backup.write_text('{"id": "a"}\nnot json\n', encoding="utf-8")
    exc = refusal(lambda: cli_admin.read_records(backup))
    assert exc.message["key"] == "admin.import_not_json"
    assert exc.message["args"] == {"file": str(backup), "line": 2, "detail": "Expecting value"}
    assert str(exc) == f"{backup}:2: not valid JSON: Expecting value"
    assert_one_line(*run_main(["admin", "import", str(backup)], capsys), str(exc))


def test_import_file_not_found(capsys: pytest.CaptureFixture[str]) -> None:
    """``meeple admin import /no/such/file.jsonl``: ``admin.import_not_found``."""
    exc = refusal(lambda: cli_admin.read_records(Path("/no/such/file.jsonl")))
    assert exc.message["key"] == "admin.import_not_found"
    assert str(exc) == "import file '/no/such/file.jsonl' not found"
    assert_one_line(*run_main(["admin", "import", "/no/such/file.jsonl"], capsys), str(exc))


def test_import_refused_by_the_store(fake_db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A record the store refuses on the third line: ``admin.import_refused`` (nothing imported) or,
    with ``--replace``, ``admin.import_refused_partly`` (how many were); the store's own reason
    nested in it, as its catalog message when it has one (a store's ``LookupError``: ``admin.no_table``)."""
    backup = tmp_path / "backup.jsonl"
    records = [table("n1"), table("n2"), {"id": "n3", "bad": True}]
    backup.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    exc = refusal(lambda: cli_admin.import_cmd(backup, db=fake_db))
    assert exc.message["key"] == "admin.import_refused"
    assert str(exc) == f"{backup}:3: malformed; nothing was imported"
    exc = refusal(lambda: cli_admin.import_cmd(backup, db=fake_db, replace=True))
    assert exc.message["key"] == "admin.import_refused_partly"
    assert str(exc) == f"{backup}:3: malformed; 2 were imported before it"

    class Lost(FakeStore):
        def import_records(self, records: Any, replace: bool = False) -> int:
            raise LookupError(next(iter(records))["id"])

    monkeypatch.setattr(cli_admin, "_store_class", lambda: Lost)
    exc = refusal(lambda: cli_admin.import_cmd(backup, db=fake_db, replace=True))
    assert exc.message["args"]["reason"]["key"] == "admin.no_table"
    assert str(exc) == f"{backup}:1: no table 'n1'; 0 were imported before it"


def test_import_of_a_table_already_there(
    fake_db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An import of a table the database has (no ``--replace``): ``admin.import_clash``."""
    FakeStore.databases[cli_admin.database_url(fake_db)]["t1"] = table("t1")
    backup = tmp_path / "backup.jsonl"
    backup.write_text(json.dumps(table("t1")) + "\n", encoding="utf-8")
    exc = refusal(lambda: cli_admin.import_cmd(backup, db=fake_db))
    assert exc.message["key"] == "admin.import_clash"
    assert str(exc) == (f"{backup}:1: table t1 is already in the database "
                        "(meeple admin import --replace overwrites); nothing was imported")
    assert_one_line(*run_main(["admin", "import", str(backup), "--db", fake_db], capsys), str(exc))


# --- meeple admin disable / enable / password ----------------------------------------------------


def test_password_of_the_wrong_length(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``meeple admin password ann --stdin`` reading a 5-character password: ``people.password_length``."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("short\n"))
    exc = refusal(lambda: cli_people.password("ann", stdin=True))
    assert exc.message["key"] == "people.password_length"
    assert str(exc) == "the password must have 8 to 200 characters"
    monkeypatch.setattr(sys, "stdin", io.StringIO("short\n"))
    assert_one_line(*run_main(["admin", "password", "ann", "--stdin"], capsys), str(exc))


def test_password_away_from_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """``meeple admin password ann`` with no terminal and no ``--stdin``: ``people.password_needs_stdin``."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    exc = refusal(lambda: cli_people.password("ann"))
    assert exc.message["key"] == "people.password_needs_stdin"
    assert str(exc) == "password asks at a terminal; pass --stdin to read it from standard input"


def test_no_such_account(empty_db: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``meeple admin enable nobody`` on an empty database: ``people.no_account``."""
    exc = refusal(lambda: cli_people.enable("nobody", db=empty_db))
    assert exc.message["key"] == "people.no_account"
    assert str(exc) == "no account 'nobody'"
    assert_one_line(*run_main(["admin", "enable", "nobody", "--db", empty_db], capsys), str(exc))


# --- meeple worker -------------------------------------------------------------------------------


@pytest.fixture
def some_redis(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stand-in ``redis`` package (the checks before any connection do not need the real one)."""
    monkeypatch.setattr(cli_worker, "redis_package", lambda: types.SimpleNamespace())


def test_redis_that_is_not_a_url(some_redis: None) -> None:
    """``meeple worker --redis notaurl``: ``worker.not_redis_url``."""
    exc = refusal(lambda: cli_worker.check_redis("notaurl"))
    assert exc.message["key"] == "worker.not_redis_url"
    assert str(exc) == "--redis 'notaurl' is not a Redis URL (redis://HOST:6379/0)"


def test_worker_on_sqlite(some_redis: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``meeple worker --redis URL --db sqlite:///FILE``: ``worker.needs_postgres``."""
    db = f"sqlite:///{tmp_path}/m.db"
    exc = refusal(lambda: cli_worker.check_postgres(db))
    assert exc.message["key"] == "worker.needs_postgres"
    assert str(exc) == ("--redis needs a PostgreSQL --db (postgresql+psycopg://USER@HOST/DB): "
                        "a SQLite file serves one process")
    assert_one_line(*run_main(["worker", "--redis", "redis://127.0.0.1:1/0", "--db", db], capsys), str(exc))


def test_no_redis_package(monkeypatch: pytest.MonkeyPatch) -> None:
    """``meeple worker`` without the ``redis`` package installed: ``worker.no_redis_package``."""
    monkeypatch.setitem(sys.modules, "redis", None)
    exc = refusal(cli_worker.redis_package)
    assert exc.message["key"] == "worker.no_redis_package"
    assert str(exc) == "the redis package is not installed: pip install 'meeple[redis]'"


def test_redis_nobody_answers() -> None:
    """``--redis redis://127.0.0.1:1/0`` where no Redis listens: ``worker.redis_unreachable``, the
    client's own words as its detail."""
    pytest.importorskip("redis")
    exc = refusal(lambda: cli_worker.check_redis("redis://127.0.0.1:1/0"))
    assert exc.message["key"] == "worker.redis_unreachable"
    detail = exc.message["args"]["detail"]
    assert detail and str(exc) == f"cannot reach Redis at redis://127.0.0.1:1/0: {detail}"
