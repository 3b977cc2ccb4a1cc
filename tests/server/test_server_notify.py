"""Turn-based tables tell an absent person that it is their turn (issue 28): one Web Push (to a
local push endpoint) and one email (to a local SMTP server, aiosmtpd), none to a person whose
page is open, rate-limited per account, and the VAPID key kept in the database."""

from __future__ import annotations

import base64
import json
import os
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.helpers import H
from tests.server.people import account, people

FAST = {"acts_per_second": 1000.0}
HUMANS = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture
def push_service() -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """A local stand-in for a browser's push service: its endpoint URL and the requests it got."""
    got: list[dict[str, Any]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802
            size = int(self.headers.get("content-length", 0))
            got.append({"headers": dict(self.headers), "body": self.rfile.read(size)})
            self.send_response(201)
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/push/abc", got
    server.shutdown()


def _subscription(endpoint: str) -> dict[str, Any]:
    """A browser's subscription: a P-256 public key and an auth secret, as pushManager gives them."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    key = ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    b64 = lambda raw: base64.urlsafe_b64encode(raw).decode().rstrip("=")  # noqa: E731
    return {"endpoint": endpoint, "keys": {"p256dh": b64(key), "auth": b64(os.urandom(16))}}


def _settle(client: TestClient) -> None:
    client.portal.call(client.app.state.hub.people.settle)  # type: ignore[attr-defined]


def _act(client: TestClient, table: str, token: str, action: str) -> None:
    decision = client.get(f"/api/tables/{table}").json()["decisions"]
    r = client.post(f"/api/tables/{table}/act", json={"action": action, "decision": decision}, headers={H: token})
    assert r.status_code == 200, r.text


def _turn_table(client: TestClient, ann: dict[str, str], bob: dict[str, str]) -> tuple[str, str, str]:
    made = client.post("/api/tables", json={"game": "servergame", "players": 2, "seats": HUMANS,
                                            "mode": "turn", "clock": 2 * 86400}, headers=ann).json()
    joined = client.post(f"/api/tables/{made['table']}/join", json={}, headers=bob).json()
    return made["table"], made["token"], joined["token"]


def test_turn_passing_to_an_absent_person_sends_one_push_and_one_email(
        make_client: Callable[..., TestClient], smtp: tuple[str, list[Any]],
        push_service: tuple[str, list[dict[str, Any]]]) -> None:
    """Issue 28: when the turn at a turn-based table passes to a person with no page of it open,
    one Web Push (VAPID-signed, encrypted for the subscription) and one email with the table's
    link go out; none when the person is connected."""
    url, mails = smtp
    endpoint, pushes = push_service
    client = make_client(people=people(smtp=url, base_url="https://games.test", notify_every=0,
                                       allow_http_push=True), limits=FAST)
    ann, bob = account(client, "ann"), account(client, "bob")
    assert client.post("/api/me/push", json=_subscription(endpoint), headers=bob).status_code == 200
    plain = make_client(people=people())  # a server without allow_http_push: only https push services
    refused = plain.post("/api/me/push", json=_subscription(endpoint), headers=account(plain, "zed"))
    assert refused.status_code == 400 and refused.json()["message"]["key"] == "web.err_push_https"
    assert client.put("/api/me/settings", json={"email": "bob@test.example", "mail": True},
                      headers=bob).status_code == 200
    table, tok_a, tok_b = _turn_table(client, ann, bob)
    assert client.get(f"/api/tables/{table}/people").json()["mode"] == "turn"
    _act(client, table, tok_a, "take 1")
    _settle(client)
    assert pushes == [] and mails == []  # still ann's turn
    _act(client, table, tok_a, "end")  # the turn passes to bob, who is away
    _settle(client)
    assert len(pushes) == 1 and len(mails) == 1
    head = {k.lower(): v for k, v in pushes[0]["headers"].items()}
    assert head["content-encoding"] == "aes128gcm" and head["authorization"].startswith("vapid ")
    key = client.get("/api/push/key").json()["key"]
    assert f"k={key}" in head["authorization"]  # signed by the key the browser subscribed with
    assert json.dumps("bob@test.example")[1:-1] in mails[0].rcpt_tos[0]
    assert f"https://games.test/t/{table}" in mails[0].content.decode()
    _act(client, table, tok_b, "take 1")
    _act(client, table, tok_b, "end")
    with client.websocket_connect(f"/ws/{table}", headers=bob) as ws:  # bob's page is open
        ws.send_text(json.dumps({"token": tok_b}))
        ws.receive_json()
        _act(client, table, tok_a, "take 1")
        _act(client, table, tok_a, "end")
        _settle(client)
    assert len(pushes) == 1 and len(mails) == 1


def test_notices_are_rate_limited_and_opted_into(make_client: Callable[..., TestClient],
                                                 smtp: tuple[str, list[Any]]) -> None:
    """Issue 28: notices are opted into per account (no email without ``mail``) and at most one per
    ``notify_every`` seconds per account and channel."""
    url, mails = smtp
    client = make_client(people=people(smtp=url, notify_every=3600), limits=FAST)
    ann, bob = account(client, "ann"), account(client, "bob")
    client.put("/api/me/settings", json={"email": "ann@test.example"}, headers=ann)  # not opted in
    client.put("/api/me/settings", json={"email": "bob@test.example", "mail": True}, headers=bob)
    table, tok_a, tok_b = _turn_table(client, ann, bob)
    for _ in range(2):
        _act(client, table, tok_a, "take 1")
        _act(client, table, tok_a, "end")
        _act(client, table, tok_b, "take 1")
        _act(client, table, tok_b, "end")
    _settle(client)
    assert [m.rcpt_tos for m in mails] == [["bob@test.example"]]
    assert client.put("/api/me/settings", json={"mail": True}, headers=ann).status_code == 200
    r = client.put("/api/me/settings", json={"mail": True}, headers=account(client, "cy"))
    assert r.status_code == 400 and r.json()["message"]["key"] == "web.err_email_needed"


def test_a_live_table_does_no_notice_work_when_the_turn_passes(make_client: Callable[..., TestClient]) -> None:
    """Issue 28 (live act p99 no worse with the turn-based load): only turn-based tables notify, so
    a decision passing the turn at a live table starts no notice task (a task per decision of every
    live table otherwise); at a turn-based table it does."""
    client = make_client(people=people(), limits=FAST)
    ann, bob = account(client, "ann"), account(client, "bob")
    notifier = client.app.state.hub.people.notifier  # type: ignore[attr-defined]
    seen: list[str] = []

    async def turn_passed(table: Any) -> None:
        seen.append(table.meta["mode"])

    notifier.turn_passed = turn_passed
    made = client.post("/api/tables", json={"game": "servergame", "players": 2, "seats": HUMANS},
                       headers=ann).json()
    joined = client.post(f"/api/tables/{made['table']}/join", json={}, headers=bob).json()
    for token in (made["token"], joined["token"]):
        _act(client, made["table"], token, "take 1")
        _act(client, made["table"], token, "end")
    table, tok_a, _ = _turn_table(client, ann, bob)
    _act(client, table, tok_a, "take 1")
    _act(client, table, tok_a, "end")
    _settle(client)
    assert seen == ["turn"]


def test_the_vapid_key_is_made_once_and_kept(make_client: Callable[..., TestClient]) -> None:
    """Issue 28: the VAPID key pair is created at first start and kept in the database: a second
    server process on the same database signs with the same key."""
    one = make_client(people=people())
    two = make_client(people=people())
    key = one.get("/api/push/key").json()["key"]
    assert len(base64.urlsafe_b64decode(key + "==")) == 65  # an uncompressed P-256 point
    assert two.get("/api/push/key").json()["key"] == key


async def _present_keys(hub: Any, table: str) -> list[Any]:
    """The presence keys (one per signed-in person with a page open) of ``table`` in Redis."""
    return [k async for k in hub.bus.redis.scan_iter(f"{hub.bus.prefix}:present:{table}:*")]


def test_two_processes_notify_once_and_see_a_page_open_on_the_other(
        two: tuple[TestClient, TestClient], smtp: tuple[str, list[Any]]) -> None:
    """Issue 28: with --redis, a person whose page is open on the other process is not notified,
    and a turn change seen by both processes is notified once (the (table, decision) row)."""
    import time

    a, b = two
    _, mails = smtp
    ann, bob = account(a, "ann"), account(b, "bob")
    b.put("/api/me/settings", json={"email": "bob@test.example", "mail": True}, headers=bob)
    table, tok_a, tok_b = _turn_table(a, ann, bob)
    with b.websocket_connect(f"/ws/{table}", headers=bob) as ws:  # bob's page open on process B
        ws.send_text(json.dumps({"token": tok_b}))
        ws.receive_json()
        _act(a, table, tok_a, "take 1")
        _act(a, table, tok_a, "end")
        _settle(a)
        assert mails == []
        _act(b, table, tok_b, "take 1")
        _act(b, table, tok_b, "end")
    hub_b = b.app.state.hub  # type: ignore[attr-defined]
    end = time.time() + 10
    while b.portal.call(_present_keys, hub_b, table):  # the closed page reaches Redis asynchronously
        assert time.time() < end, (b.portal.call(_present_keys, hub_b, table), hub_b.people.notifier.keys)
        time.sleep(0.02)
    _act(a, table, tok_a, "take 1")
    _act(a, table, tok_a, "end")  # bob's turn, his page closed: A notifies
    _settle(a)
    assert len(mails) == 1
    end = time.time() + 10
    while b.get(f"/api/tables/{table}").json()["decisions"] != a.get(f"/api/tables/{table}").json()["decisions"]:
        assert time.time() < end
        time.sleep(0.02)
    b.portal.call(hub_b.people.notifier.turn_passed, hub_b.tables[table])  # B sees the same turn change
    _settle(b)
    assert len(mails) == 1


def test_two_processes_rate_a_finished_table_once(two: tuple[TestClient, TestClient]) -> None:
    """Issue 28: with --redis, a rated table played on both processes is rated once: the process
    that committed the last decision writes it, and the other, seeing the same end, writes nothing
    (the table's meeple_rated row)."""
    import time

    a, b = two
    ann, bob = account(a, "ann"), account(b, "bob")
    made = a.post("/api/tables", json={"game": "servergame", "players": 2, "seats": HUMANS, "rated": True,
                                       "options": {"pile": 4}}, headers=ann).json()
    table = made["table"]
    tokens = {0: made["token"], 1: b.post(f"/api/tables/{table}/join", json={}, headers=bob).json()["token"]}
    clients = {0: a, 1: b}
    end = time.time() + 30
    while a.get(f"/api/tables/{table}").json()["table"]["status"] == "playing":
        assert time.time() < end
        for seat, client in clients.items():
            mine = client.get(f"/api/tables/{table}", headers={H: tokens[seat]}).json()
            if mine["legal"]:
                client.post(f"/api/tables/{table}/act", json={"action": mine["legal"][0],
                                                               "decision": mine["decisions"]},
                            headers={H: tokens[seat]})
    _settle(a)
    _settle(b)
    while b.get(f"/api/tables/{table}").json()["table"]["status"] == "playing":
        assert time.time() < end
        time.sleep(0.02)
    hubs = [c.app.state.hub for c in (a, b)]  # type: ignore[attr-defined]
    again = [c.portal.call(h.people.ratings.table_over, h.tables[table]) for c, h in zip((a, b), hubs, strict=True)]
    assert again == [False, False]
    assert sum(h.people.ratings.updates for h in hubs) == 1
    board = {r["name"]: r["games"] for r in a.get("/api/ratings/servergame").json()["ratings"]}
    assert board == {"ann": 1, "bob": 1}
