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


def test_two_players_asking_for_a_rematch_at_once_on_two_processes_get_one_table(
        two: tuple[TestClient, TestClient]) -> None:
    """Issue 28 (rematch "seats the same people"): both players pressing rematch at the same moment,
    each on another process, make ONE new table, and both are sent to it.  The two asks are held
    until both have looked for an existing rematch (none yet), the worst moment."""
    import threading

    from tests.server.helpers import H
    from tests.server.people import play_out

    a, b = two
    ann, bob = account(a, "ann"), account(b, "bob")
    made = a.post("/api/tables", json={"game": "servergame", "players": 2, "seats": HUMANS,
                                       "options": {"pile": 4}}, headers=ann).json()
    table = made["table"]
    tokens = {0: made["token"], 1: b.post(f"/api/tables/{table}/join", json={}, headers=bob).json()["token"]}
    play_out(a, table, tokens)
    _until(lambda: b.get(f"/api/tables/{table}").json()["table"]["status"] != "playing")
    both_looked = threading.Barrier(2, timeout=10)
    for c in (a, b):
        store = c.app.state.hub.people.store  # type: ignore[attr-defined]
        real, held = store.rematch_of, []

        def rematch_of(table_id: str, real: Any = real, held: list[bool] = held) -> Any:
            found = real(table_id)
            if not held:  # the first look of each process waits for the other's
                held.append(True)
                both_looked.wait()
            return found

        store.rematch_of = rematch_of
    answers: dict[int, Any] = {}

    def ask(seat: int, client: TestClient) -> None:
        answers[seat] = client.post(f"/api/tables/{table}/rematch", headers={H: tokens[seat]})

    threads = [threading.Thread(target=ask, args=(0, a)), threading.Thread(target=ask, args=(1, b))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert [answers[s].status_code for s in (0, 1)] == [200, 200], [answers[s].text for s in (0, 1)]
    new = {answers[s].json()["table"] for s in (0, 1)}
    assert len(new) == 1
    [new_id] = new
    lobby = [t for t in a.get("/api/tables").json()["tables"] if t["id"] != table and t["game"] == "servergame"]
    assert [t["id"] for t in lobby] == [new_id]
    info = b.get(f"/api/tables/{new_id}/people").json()
    assert info["accounts"] == {"0": "ann", "1": "bob"}


def test_meeple_admin_disable_with_redis_announces_the_account(tmp_path: Any) -> None:
    """Issue 28: ``meeple admin disable NAME --db URL --redis URL`` disables the account and
    announces it on the site's people channel (the account's name, no token), which the servers'
    listeners turn into dropped sessions (the test above); an unknown name announces nothing."""
    import json
    import os

    import pytest

    redis_url = os.environ.get("MEEPLE_TEST_REDIS_URL")
    if not redis_url:
        pytest.skip("set MEEPLE_TEST_REDIS_URL to run it")
    redis = pytest.importorskip("redis", reason="the redis package (pip install 'meeple[redis]')")
    from typer.testing import CliRunner

    from meeple.cli import app
    from meeple.server.accounts import people_channel
    from meeple.server.bus import namespace
    from meeple.server.people_store import PeopleStore
    from meeple.server.store import Store

    url = f"sqlite:///{tmp_path}/admin.db"
    store = Store(url)
    store.create_schema()
    PeopleStore(store).create_account("Ivy", "not a hash")
    listener = redis.Redis.from_url(redis_url).pubsub(ignore_subscribe_messages=True)
    listener.subscribe(people_channel(namespace(store)))
    try:
        runner = CliRunner()
        assert runner.invoke(app, ["admin", "disable", "nobody", "--db", url, "--redis", redis_url]).exit_code != 0
        done = runner.invoke(app, ["admin", "disable", "ivy", "--db", url, "--redis", redis_url])
        assert done.exit_code == 0, done.output
        got = [listener.get_message(timeout=t) for t in (5, 0.3)]  # the one announcement, nothing more
        assert [json.loads(m["data"]) for m in got if m] == [{"name": "ivy"}]
    finally:
        listener.close()
        store.dispose()
