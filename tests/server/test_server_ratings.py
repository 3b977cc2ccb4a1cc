"""Ratings on one ladder for people and bots (issue 28): rated once, unrated by an undo or a
chosen seed, bot levels rated too, the leaderboard and a person's history; rematch."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from openskill.models import PlackettLuce

from tests.server.helpers import H
from tests.server.people import account, people, play_out

FAST = {"acts_per_second": 1000.0}
HUMANS = [{"kind": "human"}, {"kind": "human"}]


def _rated_table(client: TestClient, a: dict[str, str], b: dict[str, str], **kw: Any) -> tuple[str, dict[int, str]]:
    body = {"game": "servergame", "players": 2, "seats": HUMANS, "rated": True, **kw}
    made = client.post("/api/tables", json=body, headers=a)
    assert made.status_code == 200, made.text
    joined = client.post(f"/api/tables/{made.json()['table']}/join", json={}, headers=b).json()
    return made.json()["table"], {0: made.json()["token"], 1: joined["token"]}


def _settle(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    client.portal.call(hub.people.settle)  # type: ignore[union-attr]


def _board(client: TestClient, **kw: Any) -> dict[str, dict[str, Any]]:
    rows = client.get("/api/ratings/servergame", params=kw).json()["ratings"]
    return {r["name"]: r for r in rows}


def test_rated_two_player_game_updates_both_ratings_once(make_client: Callable[..., TestClient]) -> None:
    """Issue 28: a rated 2-player game between two accounts updates both ratings exactly once, as
    openskill's Plackett-Luce computes them from the final ranking (State.ranking)."""
    client = make_client(people=people(), limits=FAST)
    ann, bob = account(client, "ann"), account(client, "bob")
    table, tokens = _rated_table(client, ann, bob)
    final = play_out(client, table, tokens)
    _settle(client)
    model = PlackettLuce()
    ranks = {s: place for place, seats in enumerate(final["ranking"], 1) for s in seats}
    [[a], [b]] = model.rate([[model.rating()], [model.rating()]], ranks=[ranks[0], ranks[1]])
    board = _board(client, players="2")
    assert board["ann"]["games"] == board["bob"]["games"] == 1
    assert abs(board["ann"]["mu"] - a.mu) < 1e-3 and abs(board["bob"]["mu"] - b.mu) < 1e-3
    assert abs(board["ann"]["sigma"] - a.sigma) < 1e-3
    # the table's end seen again (a second process, a retry) changes nothing
    hub = client.app.state.hub  # type: ignore[attr-defined]
    again = client.portal.call(hub.people.ratings.table_over, hub.tables[table])  # type: ignore[union-attr]
    assert again is False
    assert _board(client)["ann"]["games"] == 1
    history = client.get("/api/people/ann").json()["history"]
    assert [h["table"] for h in history] == [table] and abs(history[0]["mu"] - a.mu) < 1e-3
    assert client.get("/api/ratings/servergame", params={"players": "3+"}).json()["ratings"] == []


def test_an_undo_makes_the_table_unrated(make_client: Callable[..., TestClient]) -> None:
    """Issue 28: a table is rated only if nobody undid a move."""
    client = make_client(people=people(), limits=FAST)
    ann, bob = account(client, "ann"), account(client, "bob")
    table, tokens = _rated_table(client, ann, bob)
    assert client.post(f"/api/tables/{table}/act", json={"action": "take 1", "decision": 0},
                       headers={H: tokens[0]}).status_code == 200
    assert client.get(f"/api/tables/{table}/people").json()["rated"] is True
    assert client.post(f"/api/tables/{table}/undo", headers={H: tokens[0]}).status_code == 200
    assert client.get(f"/api/tables/{table}/people").json()["rated"] is False
    play_out(client, table, tokens)
    _settle(client)
    assert _board(client) == {}


def test_a_chosen_seed_makes_the_table_unrated(make_client: Callable[..., TestClient]) -> None:
    """Issue 28: a table is rated only if the server drew the seed (a creator who chose it could
    know every hidden card)."""
    client = make_client(people=people(), limits=FAST)
    ann, bob = account(client, "ann"), account(client, "bob")
    table, tokens = _rated_table(client, ann, bob, seed=11)
    assert client.get(f"/api/tables/{table}/people").json()["rated"] is False
    play_out(client, table, tokens)
    _settle(client)
    assert _board(client) == {}


def test_a_seat_without_an_account_cannot_sit_at_a_rated_table(make_client: Callable[..., TestClient]) -> None:
    """Issue 28: every seat of a rated table is an account or a bot level: joining without an
    account is refused (401, the catalog's words) and changes nothing; nor may an account take a
    second seat there (playing itself for rating)."""
    client = make_client(people=people(), limits=FAST)
    ann = account(client, "ann")
    made = client.post("/api/tables", json={"game": "servergame", "players": 2, "seats": HUMANS, "rated": True},
                       headers=ann).json()
    r = client.post(f"/api/tables/{made['table']}/join", json={})
    assert r.status_code == 401 and r.json()["message"]["key"] == "web.err_rated_sign_in"
    assert client.get(f"/api/tables/{made['table']}").json()["seats"][1]["open"]
    r = client.post("/api/tables", json={"game": "servergame", "players": 2, "seats": HUMANS, "rated": True})
    assert r.status_code == 401
    twice = client.post(f"/api/tables/{made['table']}/join", json={}, headers=ann)  # against oneself
    assert twice.status_code == 409 and twice.json()["message"]["key"] == "web.err_already_seated"


def test_bot_levels_are_rated_on_the_same_ladder(make_client: Callable[..., TestClient]) -> None:
    """Issue 28: every bot level has its own rating, moved by the rated games it plays, against
    people and against another level."""
    client = make_client(people=people(), limits=FAST)
    ann = account(client, "ann")
    made = client.post("/api/tables", json={"game": "servergame", "players": 2, "rated": True,
                                            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]},
                       headers=ann).json()
    play_out(client, made["table"], {0: made["token"]})
    bots = client.post("/api/tables", json={"game": "servergame", "players": 2, "rated": True,
                                            "seats": [{"kind": "bot", "bot": "random"},
                                                      {"kind": "bot", "bot": "easy"}]}).json()
    end = time.time() + 60
    while client.get(f"/api/tables/{bots['table']}").json()["table"]["status"] == "playing":
        assert time.time() < end
        time.sleep(0.05)
    _settle(client)
    board = _board(client)
    assert board["random"]["games"] == 2 and board["random"]["kind"] == "bot"
    assert board["easy"]["games"] == 1 and board["ann"]["games"] == 1
    assert board["random"]["mu"] != 25.0 and board["easy"]["mu"] != 25.0


def test_rematch_seats_the_same_people(make_client: Callable[..., TestClient]) -> None:
    """Issue 28: a rematch at game end is a new table of the same game with the same people in the
    same seats (each account's seat is its own again; a second click gives the same table)."""
    client = make_client(people=people(), limits=FAST)
    ann, bob = account(client, "ann"), account(client, "bob")
    table, tokens = _rated_table(client, ann, bob)
    assert client.post(f"/api/tables/{table}/rematch", headers={H: tokens[0]}).status_code == 409
    play_out(client, table, tokens)
    again = client.post(f"/api/tables/{table}/rematch", headers={H: tokens[1]})
    assert again.status_code == 200, again.text
    new = again.json()["table"]
    assert client.post(f"/api/tables/{table}/rematch", headers=ann).json()["table"] == new
    assert client.post(f"/api/tables/{table}/rematch").status_code == 403
    info = client.get(f"/api/tables/{new}/people").json()
    assert info["accounts"] == {"0": "ann", "1": "bob"} and info["rated"] is True
    mine = {t["table"]: t for t in client.get("/api/me/tables", headers=bob).json()["tables"]}
    assert mine[new]["seat"] == 1 and mine[table]["replay"] == f"/replay/{table}"
    assert client.get(f"/api/tables/{new}", headers={H: mine[new]["token"]}).json()["you"] == 1


def test_a_rematch_claimed_by_a_process_that_stopped_is_made_by_the_next_ask(
        make_client: Callable[..., TestClient]) -> None:
    """Issue 28: the rematch of a table is claimed once (its ``meeple_rematches`` row) so that two
    asks make one table; a claim whose maker stopped before making it (no table after a minute)
    does not block the rematch for ever: the next ask makes it, and a second ask gets that table."""
    import sqlalchemy as sa

    client = make_client(people=people(), limits=FAST)
    ann, bob = account(client, "ann"), account(client, "bob")
    table, tokens = _rated_table(client, ann, bob)
    play_out(client, table, tokens)
    store = client.app.state.hub.people.store  # type: ignore[attr-defined]
    store._write(lambda conn: conn.execute(sa.insert(store.rematches).values(
        table_id=table, new_id=None, at=time.time() - 120)))  # claimed 2 minutes ago, never made
    first = client.post(f"/api/tables/{table}/rematch", headers={H: tokens[0]})
    assert first.status_code == 200, first.text
    again = client.post(f"/api/tables/{table}/rematch", headers={H: tokens[1]})
    assert again.json()["table"] == first.json()["table"] != table
    assert store.rematch_of(table) == first.json()["table"]


def test_a_rating_missed_by_a_stopped_process_is_caught_up(make_client: Callable[..., TestClient]) -> None:
    """Issue 28: a rated table whose last decision was committed but whose rating was not written
    (the process stopped in between) is rated by the next start's catch-up, once."""
    client = make_client(people=people(), limits=FAST)
    ann, bob = account(client, "ann"), account(client, "bob")
    table, tokens = _rated_table(client, ann, bob)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    ratings, hub.people.ratings = hub.people.ratings, None  # the process "stops" before rating
    play_out(client, table, tokens)
    _settle(client)
    hub.people.ratings = ratings
    assert _board(client) == {}
    assert client.portal.call(hub.people.catch_up) == 1
    assert client.portal.call(hub.people.catch_up) == 0
    assert _board(client)["ann"]["games"] == 1 and _board(client)["bob"]["games"] == 1
