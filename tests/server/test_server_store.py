"""Database URLs and the default SQLite file."""

from __future__ import annotations

from meeple.server.store import DEFAULT_DB, normalise_url, token_digest


def test_server_database_urls() -> None:
    assert normalise_url(None) == DEFAULT_DB == "sqlite:///meeple.db"
    assert normalise_url("games.db") == "sqlite:///games.db"
    assert normalise_url("postgresql://u@h:5432/d") == "postgresql+psycopg://u@h:5432/d"
    assert normalise_url("postgres://u@h/d") == "postgresql+psycopg://u@h/d"
    assert normalise_url("postgresql+psycopg://u@h/d") == "postgresql+psycopg://u@h/d"


def test_server_tokens_are_stored_as_digests() -> None:
    d = token_digest("secret")
    assert len(d) == 64 and "secret" not in d
