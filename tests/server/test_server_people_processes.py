"""Accounts on several server processes over Redis (issue 28, "works across processes"): a session
ended on one process, or by ``meeple admin``, ends at once on the others; a person with only a
seat token and a page open on the other process is not notified; two players asking for a
rematch at once on two processes get one new table."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from tests.server.people import account
from tests.server.test_server_notify import _act, _present_keys, _settle, _turn_table

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def _until(cond: Any, seconds: float = 10) -> None:
    end = time.time() + seconds
    while not cond():
        assert time.time() < end, "timed out"
        time.sleep(0.02)


def test_a_sign_out_on_one_process_ends_the_session_on_the_other_at_once(
        two: tuple[TestClient, TestClient]) -> None:
    """Issue 28: with --redis, DELETE /api/session on process A drops the session from process B's
    cache at once (here B trusts a looked-up session for 60 s: only the announcement ends it)."""
    a, b = two
    ann = account(a, "ann")
    assert b.get("/api/me", headers=ann).json()["name"] == "ann"  # B has it cached now
    assert a.delete("/api/session", headers=ann).status_code == 200
    _until(lambda: b.get("/api/me", headers=ann).json() == {"name": None})
    assert b.get("/api/me/tables", headers=ann).status_code == 401


def test_meeple_admin_disable_with_redis_ends_the_sessions_on_every_process(
        two: tuple[TestClient, TestClient]) -> None:
    """Issue 28: ``meeple admin disable NAME --redis URL`` announces the account's change: every
    process drops its cached sessions at once (without --redis: within the cache's seconds)."""
    import os

    from meeple.server.accounts import announce_account
    from meeple.server.people_store import PeopleStore

    a, b = two
    bob = account(a, "bob")
    for c in (a, b):
        assert c.get("/api/me", headers=bob).json()["name"] == "bob"
    hub = a.app.state.hub  # type: ignore[attr-defined]
    store = PeopleStore(hub.store)
    assert store.set_disabled("BOB", True)  # what the command does, then announces
    announce_account(os.environ["MEEPLE_TEST_REDIS_URL"], hub.store, "BOB")
    for c in (a, b):
        _until(lambda c=c: c.get("/api/me", headers=bob).json() == {"name": None})


def test_a_page_open_with_only_the_seat_token_on_the_other_process_is_not_notified(
        two: tuple[TestClient, TestClient], smtp: tuple[str, list[Any]]) -> None:
    """Issue 28: "has a page open" holds across processes for a socket that said hello with the
    seat's token and no session (a device not signed in): the turn passing to that seat on
    process A sends no notice while the page is open on process B, and one once it is closed."""
    import json

    a, b = two
    _, mails = smtp
    ann, bob = account(a, "ann"), account(b, "bob")
    b.put("/api/me/settings", json={"email": "bob@test.example", "mail": True}, headers=bob)
    table, tok_a, tok_b = _turn_table(a, ann, bob)
    hub_b = b.app.state.hub  # type: ignore[attr-defined]
    with b.websocket_connect(f"/ws/{table}") as ws:  # no session: the seat token alone
        ws.send_text(json.dumps({"token": tok_b}))
        assert ws.receive_json()["you"] == 1
        _until(lambda: bool(b.portal.call(_present_keys, hub_b, table)))
        _act(a, table, tok_a, "take 1")
        _act(a, table, tok_a, "end")  # bob's turn; his page is open on B
        _settle(a)
        assert mails == []
        _act(b, table, tok_b, "take 1")
        _act(b, table, tok_b, "end")
    _until(lambda: not b.portal.call(_present_keys, hub_b, table))
    _act(a, table, tok_a, "take 1")
    _act(a, table, tok_a, "end")  # bob's turn, his page closed: a notice
    _settle(a)
    assert len(mails) == 1
