"""Issue 17: ``meeple serve --redis`` and ``meeple worker`` refuse bad set-ups in one line (exit 2).

Most run without any service; the ones that need PostgreSQL skip and say which
variable enables them.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import pytest

from meeple.cli import main

PG_ENV = "MEEPLE_TEST_DATABASE_URL"


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    err = capsys.readouterr().err.strip()
    return int(exc.value.code or 0), err


def _one_line(err: str) -> str:
    assert len(err.splitlines()) == 1, err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize("argv", [["serve", "--redis", "redis://127.0.0.1:6379"],
                                  ["worker", "--redis", "redis://127.0.0.1:6379", "--db", "x.db"]])
def test_server_multiprocess_without_the_redis_package(argv: list[str], capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, "redis", None)  # import redis -> ImportError
    code, err = _run(argv, capsys)
    assert code == 2
    assert "pip install 'meeple[redis]'" in _one_line(err)
    assert not (tmp_path / "meeple.db").exists() and not (tmp_path / "x.db").exists()


@pytest.mark.parametrize("argv", [["serve", "--redis", "redis://127.0.0.1:6379"],
                                  ["serve", "--redis", "redis://127.0.0.1:6379", "--db", "site.db"],
                                  ["worker", "--redis", "redis://127.0.0.1:6379", "--db", "sqlite:///site.db"]])
def test_server_multiprocess_redis_needs_postgresql(argv: list[str], capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    pytest.importorskip("redis")
    monkeypatch.chdir(tmp_path)
    code, err = _run(argv, capsys)
    assert code == 2
    assert "PostgreSQL" in _one_line(err)
    assert list(tmp_path.iterdir()) == []  # no SQLite file made on the way


def test_server_multiprocess_worker_needs_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _run(["worker", "--db", "postgresql://nobody@127.0.0.1:1/x"], capsys)
    assert code == 2 and "--redis" in _one_line(err)
    code, err = _run(["worker", "--redis", "redis://127.0.0.1:6379", "--db", "postgresql://x@127.0.0.1:1/x",
                      "--slots", "0"], capsys)
    assert code == 2 and "--slots" in _one_line(err)


@pytest.mark.parametrize("url", ["http://127.0.0.1:6379", "redis://127.0.0.1:1"])
@pytest.mark.parametrize("command", ["serve", "worker"])
def test_server_multiprocess_bad_redis_url(url: str, command: str, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("redis")
    pg = os.environ.get(PG_ENV)
    if not pg:
        pytest.skip(f"needs PostgreSQL: set {PG_ENV} (postgresql+psycopg://postgres@127.0.0.1:5432/test)")
    code, err = _run([command, "--redis", url, "--db", pg], capsys)
    assert code == 2
    assert "Redis" in _one_line(err)


def test_server_multiprocess_create_app_refuses_redis_on_sqlite(tmp_path: Any) -> None:
    pytest.importorskip("redis")
    from meeple.server import create_app

    with pytest.raises(ValueError, match="PostgreSQL"):
        create_app(f"sqlite:///{tmp_path}/m.db", redis="redis://127.0.0.1:6379")
