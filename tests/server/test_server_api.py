"""API tests of ``meeple serve`` (TestClient), on SQLite and, when configured, PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from meeple import games
from tests.server.helpers import H, create, post_act, wait_for


def test_server_games_and_lobby(make_client: Callable[[], TestClient]) -> None:
    client = make_client()
    listed = client.get("/api/games").json()
    names = [g["name"] for g in listed["games"]]
    assert names == games.names()
    assert "random" in listed["bots"]
    t = create(client)
    tables = client.get("/api/tables").json()["tables"]
    mine = [x for x in tables if x["id"] == t["table"]][0]
    assert mine["seats"][1]["open"] and not mine["seats"][0]["open"]
    assert t["token"] not in client.get("/api/tables").text
    assert client.get("/").status_code == 200
    assert client.get(f"/t/{t['table']}").status_code == 200
    assert client.get("/static/app.js").status_code == 200


def test_server_create_join_act_and_errors(make_client: Callable[[], TestClient]) -> None:
    client = make_client()
    t = create(client)
    tid, tok0 = t["table"], t["token"]
    assert t["seat"] == 0
    # bad creations
    assert client.post("/api/tables", json={"game": "nope"}).status_code == 400
    assert client.post("/api/tables", json={"game": "servergame", "players": 9}).status_code == 400
    assert client.post("/api/tables", json={"game": "servergame", "options": {"x": 1}}).status_code == 400
    assert client.post("/api/tables", content=b"{not json").status_code == 400
    assert client.post("/api/tables", json=[1, 2]).status_code == 400
    r = client.post("/api/tables", json={"game": "servergame", "players": 2,
                                         "seats": [{"kind": "bot", "bot": "nosuchbot"}, {"kind": "human"}]})
    assert r.status_code == 400 and "nosuchbot" in r.json()["error"]
    # join
    j = client.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Bea"}).json()
    assert j["seat"] == 1
    tok1 = j["token"]
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 1}).status_code == 409
    assert client.post(f"/api/tables/{tid}/join", json={"seat": 5}).status_code == 400
    # unknown table, wrong and missing tokens
    assert client.get("/api/tables/zzzzzz").status_code == 404
    assert client.post("/api/tables/zzzzzz/act", json={"action": "take 1", "decision": 0}).status_code == 404
    assert post_act(client, tid, "take 1", "wrong").status_code == 403
    assert post_act(client, tid, "take 1").status_code == 401
    # out of turn, illegal, malformed
    r = post_act(client, tid, "take 1", tok1)
    assert r.status_code == 409 and "not your turn" in r.json()["error"]
    r = post_act(client, tid, "take 7", tok0)
    assert r.status_code == 422 and "take 7" in r.json()["error"]
    assert client.post(f"/api/tables/{tid}/act", json={"move": 1}, headers={H: tok0}).status_code == 400
    before = client.get(f"/api/tables/{tid}", headers={H: tok0}).json()
    assert before["decisions"] == 0 and before["legal"] == ["take 1", "take 2", "draw"]
    # a legal action
    r = post_act(client, tid, "take 2", tok0)
    assert r.status_code == 200 and r.json()["decisions"] == 1
    v0 = client.get(f"/api/tables/{tid}", headers={H: tok0}).json()
    assert v0["view"]["pile"] == 10 and v0["legal"][0] == "end"
    v1 = client.get(f"/api/tables/{tid}", headers={H: tok1}).json()
    assert v1["legal"] == [] and v1["you"] == 1


def test_server_hidden_parts_and_spectator(make_client: Callable[[], TestClient]) -> None:
    client = make_client()
    t = create(client)
    tid, tok0 = t["table"], t["token"]
    tok1 = client.post(f"/api/tables/{tid}/join", json={}).json()["token"]
    post_act(client, tid, "draw", tok0)
    v0 = client.get(f"/api/tables/{tid}", headers={H: tok0}).json()
    v1 = client.get(f"/api/tables/{tid}", headers={H: tok1}).json()
    spec = client.get(f"/api/tables/{tid}").json()
    assert len(v0["view"]["hand"]) == 2 and v0["view"]["seat"] == 0
    assert v1["view"]["seat"] == 1 and spec["view"]["seat"] is None and spec["view"]["hand"] is None
    private = [ev for e in v0["log"] for ev in e["events"] if ev.get("private") == 0]
    assert private, "the drawer sees its private event"
    for other in (v1, spec):
        assert not [ev for e in other["log"] for ev in e["events"] if "private" in ev]
        assert all("notation" not in e for e in other["log"] if e["kind"] == "action")
        text = str(other)
        assert tok0 not in text and tok1 not in text
    assert tok0 not in str(v0) and tok1 not in str(v0)
    assert spec["legal"] == [] and not spec["undo"]
    # spectators cannot act
    assert post_act(client, tid, "take 1").status_code == 401


def test_server_undo_policy(make_client: Callable[[], TestClient]) -> None:
    client = make_client()
    t = create(client)
    tid, tok0 = t["table"], t["token"]
    tok1 = client.post(f"/api/tables/{tid}/join", json={}).json()["token"]
    act = lambda tok, a: post_act(client, tid, a, tok)  # noqa: E731
    undo = lambda tok: client.post(f"/api/tables/{tid}/undo", headers={H: tok})  # noqa: E731
    assert undo(tok0).status_code == 409  # nothing to take back
    assert act(tok0, "take 2").status_code == 200
    assert undo(tok1).status_code == 409  # not seat 1's decision
    v = client.get(f"/api/tables/{tid}", headers={H: tok0}).json()
    assert v["undo"] is True
    r = undo(tok0)
    assert r.status_code == 200 and r.json()["decisions"] == 0
    v = client.get(f"/api/tables/{tid}", headers={H: tok0}).json()
    assert v["decisions"] == 0 and v["view"]["pile"] == 12 and "take 2" in v["legal"]
    assert any(ev.get("type") == "undo" for e in v["log"] for ev in e["events"])
    # after another seat acted: refused
    assert act(tok0, "take 1").status_code == 200
    assert act(tok0, "end").status_code == 200
    assert act(tok1, "take 1").status_code == 200
    assert undo(tok0).status_code == 409
    # after chance / hidden information: refused
    assert act(tok1, "end").status_code == 200
    assert act(tok0, "draw").status_code == 200
    assert undo(tok0).status_code == 409
    assert undo(tok1).status_code == 409


def test_server_restart_resumes(make_client: Callable[[], TestClient]) -> None:
    a = make_client()
    t = create(a)
    tid, tok0 = t["table"], t["token"]
    tok1 = a.post(f"/api/tables/{tid}/join", json={"name": "Bo"}).json()["token"]
    for tok, act in ((tok0, "take 2"), (tok0, "end"), (tok1, "draw")):
        assert post_act(a, tid, act, tok).status_code == 200
    before = a.get(f"/api/tables/{tid}", headers={H: tok1}).json()
    b = make_client()  # a new app on the same database
    after = b.get(f"/api/tables/{tid}", headers={H: tok1}).json()
    assert after["view"] == before["view"] and after["seats"] == before["seats"]
    assert after["log"] == before["log"]
    assert post_act(b, tid, "take 1", tok0).status_code == 200
    assert b.get(f"/api/tables/{tid}").json()["decisions"] == 4


def test_server_bots_finish_and_replay(make_client: Callable[[], TestClient]) -> None:
    client = make_client()
    r = client.post("/api/tables", json={"game": "servergame", "players": 3, "seed": 3,
                                         "seats": [{"kind": "bot"}] * 3})
    assert r.status_code == 200 and r.json()["token"] is None
    tid = r.json()["table"]
    done = wait_for(client, tid, lambda b: b["table"]["status"] == "over")
    assert done["view"]["is_over"] and len(done["ranking"]) >= 1
    # a finished game shows every notation and can be replayed
    assert all("notation" in e for e in done["log"] if e["kind"] == "action")
    rep = client.get(f"/api/tables/{tid}/replay").json()
    n = len(rep["steps"])
    assert n == done["decisions"] and rep["record"]["actions"] == [s["notation"] for s in rep["steps"]]
    first = client.get(f"/api/tables/{tid}/replay/0?seat=1").json()
    assert first["view"]["decisions"] == 0 and first["view"]["seat"] == 1
    last = client.get(f"/api/tables/{tid}/replay/{n}").json()
    assert last["view"]["is_over"]
    assert client.get(f"/api/tables/{tid}/replay/{n + 1}").status_code == 400
    assert client.get(f"/api/tables/{tid}/record").json()["actions"] == rep["record"]["actions"]
    # a finished, unwatched table leaves memory and comes back from the database unchanged
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.sweep(idle=-1) >= 1 and tid not in hub.tables
    assert client.get(f"/api/tables/{tid}").json()["view"] == done["view"]


def test_server_replay_refused_while_running(make_client: Callable[[], TestClient]) -> None:
    client = make_client()
    tid = create(client)["table"]
    assert client.get(f"/api/tables/{tid}/replay").status_code == 409
    assert client.get(f"/api/tables/{tid}/record").status_code == 409


def test_server_clock_expiry_hands_seat_to_bot(make_client: Callable[[], TestClient]) -> None:
    client = make_client()
    t = create(client, clock=0.3, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    tid, tok0 = t["table"], t["token"]
    v = client.get(f"/api/tables/{tid}", headers={H: tok0}).json()
    assert v["seats"][0]["clock"] is not None or v["seats"][0]["zombie"]  # (a slow machine may be past it)
    v = wait_for(client, tid, lambda b: b["decisions"] >= 3 or b["table"]["status"] == "over", token=tok0)
    assert v["seats"][0]["zombie"] is True
    notes = [ev for e in v["log"] for ev in e["events"] if ev.get("type") == "clock"]
    assert notes and "ran out of time" in notes[0]["text"]
    assert any(e.get("actor", "").startswith("zombie:") for e in v["log"] if e["kind"] == "action")
    if v["table"]["status"] != "over":
        assert client.post(f"/api/tables/{tid}/back", headers={H: tok0}).status_code == 200
        v = client.get(f"/api/tables/{tid}", headers={H: tok0}).json()
        assert v["seats"][0]["zombie"] is False
        assert any(ev.get("type") == "return" for e in v["log"] for ev in e["events"])


def test_server_websocket_pushes_own_view(make_client: Callable[[], TestClient]) -> None:
    client = make_client()
    t = create(client)
    tid, tok0 = t["table"], t["token"]
    tok1 = client.post(f"/api/tables/{tid}/join", json={}).json()["token"]
    with client.websocket_connect(f"/ws/{tid}") as ws1, client.websocket_connect(f"/ws/{tid}") as wss:
        ws1.send_text(f'{{"token": "{tok1}"}}')
        wss.send_text('{"token": null}')
        assert ws1.receive_json()["type"] == "full"
        assert wss.receive_json()["view"]["seat"] is None
        post_act(client, tid, "draw", tok0)

        def next_change(ws: Any) -> dict[str, Any]:  # skip presence updates (who is online)
            while True:
                msg = ws.receive_json()
                if msg.get("entries"):
                    return msg

        up1, ups = next_change(ws1), next_change(wss)
        assert up1["online"] == [1] and up1["watchers"] == 1
        assert up1["type"] == "update" and up1["you"] == 1 and up1["view"]["seat"] == 1
        assert up1["legal"] == ["take 1", "take 2", "draw"]
        for up in (up1, ups):
            assert [ev["type"] for e in up["entries"] for ev in e["events"]] == ["draw"]
            assert tok0 not in str(up)
    with client.websocket_connect(f"/ws/{tid}") as bad:
        bad.send_text('{"token": "forged"}')
        assert bad.receive_json()["type"] == "error"


@pytest.mark.parametrize("game", sorted(set(games.names()) | {"servergame"}))
def test_server_every_game_bots_finish_and_restart(make_client: Callable[[], TestClient], game: str) -> None:
    """Every registered game plays to the end with server bots, replays, and survives a restart."""
    if game not in games.names():
        pytest.skip(f"{game} is not registered")
    g = games.get(game)
    client = make_client()
    r = client.post("/api/tables", json={"game": game, "players": g.max_players, "seed": 5,
                                         "seats": [{"kind": "human"}] + [{"kind": "bot"}] * (g.max_players - 1)})
    assert r.status_code == 200, r.text
    tid, tok = r.json()["table"], r.json()["token"]
    v = client.get(f"/api/tables/{tid}", headers={H: tok}).json()
    for _ in range(3):  # a few human decisions, then the bots take over via the clock-less seat
        v = wait_for(client, tid, lambda b: bool(b["legal"]) or b["table"]["status"] == "over", token=tok)
        if v["table"]["status"] == "over":
            break
        assert post_act(client, tid, v["legal"][-1], tok).status_code == 200
    other = make_client()  # restart: a new app on the same database
    again = other.get(f"/api/tables/{tid}", headers={H: tok}).json()
    assert again["decisions"] >= v["decisions"]
    b = other.post("/api/tables", json={"game": game, "players": g.min_players, "seed": 9,
                                        "seats": [{"kind": "bot"}] * g.min_players}).json()
    done = wait_for(other, b["table"], lambda x: x["table"]["status"] == "over", timeout=60)
    last = other.get(f"/api/tables/{b['table']}/replay/{done['decisions']}").json()
    assert last["view"] == done["view"]


def test_server_unresumable_table_is_refused_clearly(make_client: Callable[[], TestClient],
                                                     db: dict[str, Any]) -> None:
    """A stored game of another rules version neither stops the server nor half-loads."""
    from meeple.server.store import Store

    store = Store(db["url"], schema=db["schema"])
    store.create_schema()
    store.create_table({"id": "oldgame1", "game": "servergame", "version": 999, "players": 2, "seed": 1,
                        "options": {"pile": 12}, "components": "x", "clock": None, "status": "playing"},
                       [{"seat": 0, "kind": "bot", "bot": "random", "name": "a"},
                        {"seat": 1, "kind": "bot", "bot": "random", "name": "b"}])
    store.dispose()
    client = make_client()  # starts (and tries to resume running games) without failing
    r = client.get("/api/tables/oldgame1")
    assert r.status_code == 409 and "version" in r.json()["error"]
    assert client.get("/api/tables").status_code == 200


@pytest.mark.parametrize("game", sorted(set(games.names()) | {"servergame"}))
def test_server_each_seat_gets_exactly_its_view(make_client: Callable[[], TestClient], game: str) -> None:
    """People at every seat: each payload holds exactly ``view(seat)`` (spectators ``view(None)``),
    legal actions only for the seat to move, and no token but the caller's own."""
    import meeple

    if game not in games.names():
        pytest.skip(f"{game} is not registered")
    g = games.get(game)
    n = g.min_players
    client = make_client()
    made = client.post("/api/tables", json={"game": game, "players": n, "seed": 21,
                                            "seats": [{"kind": "human"}] * n}).json()
    tid = made["table"]
    tokens = [made["token"]] + [client.post(f"/api/tables/{tid}/join", json={"seat": s}).json()["token"]
                                for s in range(1, n)]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    for step in range(12):
        truth = meeple.replay(hub.tables[tid].record())
        if truth.is_over:
            break
        for seat in [None, *range(n)]:
            body = client.get(f"/api/tables/{tid}", headers={H: tokens[seat]} if seat is not None else {}).json()
            assert body["view"] == truth.view(seat)
            text = str(body)
            assert all(tok not in text for i, tok in enumerate(tokens) if i != seat)
            if seat is not None and seat == truth.to_move:
                assert body["legal"] == [a.notation for a in truth.legal_actions()]
            else:
                assert body["legal"] == []
        mover = truth.to_move
        legal = truth.legal_actions()
        r = client.post(f"/api/tables/{tid}/act", json={"action": legal[step % len(legal)].notation,
                                                          "decision": len(truth.history)},
                        headers={H: tokens[mover]})
        assert r.status_code == 200, r.text
