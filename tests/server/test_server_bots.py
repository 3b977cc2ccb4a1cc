"""Bots as levels, in worker processes, under a deadline (issue 16, failure 1)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from meeple.engine import BadSetup
from meeple.server.levels import DEFAULT_LEVELS, Level, check_spec, load_levels
from tests.server.helpers import wait_for

SLOW = {"slow": {"spec": "ismcts:time=5,early=0", "think": 0.3, "fallback": "random"}}


def _bots(client: TestClient, level: str, players: int = 2, pile: int = 12) -> Any:
    return client.post("/api/tables", json={"game": "servergame", "players": players, "options": {"pile": pile},
                                            "seats": [{"kind": "bot", "bot": level}] * players})


@pytest.mark.parametrize("spec", ["ismcts:time=inf", "ismcts:workers=3", "heuristic:depth=1000,beam=9",
                                  "ismcts:iters=100000000", "ismcts", "random:x=" + "y" * 70, "heuristic:depth=nan"])
def test_server_unbounded_bot_spec_refused(make_client: Callable[..., TestClient], spec: str) -> None:
    """Issue 16: a raw or unbounded bot spec is no seat: 400, nothing stored."""
    client = make_client()
    before = len(client.get("/api/tables").json()["tables"])
    r = _bots(client, spec)
    assert r.status_code == 400 and "bot" in r.json()["error"]
    assert len(r.text) < 400  # the refusal does not echo a huge spec back
    assert len(client.get("/api/tables").json()["tables"]) == before


def test_server_huge_bot_spec_refused(make_client: Callable[..., TestClient]) -> None:
    """Issue 16: ``random:x=<1 MB>`` never reaches a seat name or an actor field."""
    client = make_client()
    r = _bots(client, "random:x=" + "y" * 1_000_000)
    assert r.status_code == 413
    assert client.get("/api/tables").json()["tables"] == []


def test_server_levels_are_checked_against_caps() -> None:
    """Issue 16: every spec the server accepts, built in or from a file, passes the caps."""
    for level in DEFAULT_LEVELS.values():
        check_spec(level.spec) and check_spec(level.fallback)
        assert level.deadline <= 10
    for bad in ({"x": {"spec": "ismcts:time=3,workers=2"}}, {"x": {"spec": "ismcts:time=60"}},
                {"x": {"spec": "heuristic:depth=9"}}, {"x": {"spec": "random", "think": 1e9}},
                {"Bad Name": {"spec": "random"}}, {"x": {"spec": "random", "fallback": "ismcts:time=inf"}}):
        with pytest.raises(BadSetup):
            load_levels(bad)
    levels = load_levels({"levels": {"expert": {"spec": "ismcts:time=3", "think": 5}}})
    assert set(levels) == {"random", "easy", "normal", "hard", "expert"}
    assert levels["expert"].deadline == 5


def test_server_builtin_levels_pass_the_checks_of_a_levels_file() -> None:
    """Issue 30: the built-in levels are made without validation when ``meeple.bots.levels`` is
    imported (validating ``hard``'s per-game specs imports every game and bot); each of them,
    per-game specs included, passes exactly the validation a level from a file gets."""
    for name, level in DEFAULT_LEVELS.items():
        assert Level.model_validate(level.model_dump()) == level, name
        for spec in level.games.values():
            check_spec(spec)


def test_server_levels_file(tmp_path: Any, make_client: Callable[..., TestClient]) -> None:
    """Issue 16: ``create_app(bot_levels=FILE)`` adds levels (meeple serve --bot-levels)."""
    path = tmp_path / "levels.toml"
    path.write_text('[levels.quick]\nspec = "heuristic:depth=1"\nthink = 2\n')
    client = make_client(bot_levels=path)
    assert "quick" in client.get("/api/games").json()["bots"]
    tid = _bots(client, "quick").json()["table"]
    done = wait_for(client, tid, lambda b: b["table"]["status"] == "over")
    assert {e["actor"] for e in done["log"] if e["kind"] == "action"} <= {"quick"}
    bad = tmp_path / "bad.toml"
    bad.write_text('[levels.x]\nspec = "ismcts:workers=4,time=1"\n')
    with pytest.raises(ValueError, match="workers"):
        make_client(bot_levels=bad)


def test_server_bot_seat_names_and_actors_are_the_level(make_client: Callable[..., TestClient]) -> None:
    """Issue 16: seat names and stored actor fields hold the level's name only."""
    client = make_client()
    tid = _bots(client, "easy").json()["table"]
    done = wait_for(client, tid, lambda b: b["table"]["status"] == "over")
    assert [s["bot"] for s in done["seats"]] == ["easy", "easy"]
    assert all(len(s["name"]) <= 40 for s in done["seats"])
    assert {e["actor"] for e in done["log"] if e["kind"] == "action"} == {"easy"}


def test_server_bot_over_its_deadline_is_replaced(make_client: Callable[..., TestClient]) -> None:
    """Issue 16: a bot still thinking at its deadline is stopped and its level's fallback
    moves instead; the log says so and the game goes on."""
    client = make_client(bot_levels=SLOW)
    t0 = time.monotonic()
    tid = _bots(client, "slow", pile=3).json()["table"]
    done = wait_for(client, tid, lambda b: b["table"]["status"] == "over", timeout=30)
    # issue 30: on a machine too busy for the worker to get 0.3 s of CPU, a decision is stopped as
    # starved ("bot_busy") instead; either way the log says so in a catalog message
    notes = [ev for e in done["log"] for ev in e["events"] if ev.get("type") in ("bot_timeout", "bot_busy")]
    assert notes and all("0.3 s" in n["text"] and n["seconds"] == 0.3 for n in notes)
    # issue 14: the note is a catalog message a page renders in its own language
    from meeple.i18n.catalog import translate
    from meeple.server.botpool import GRACE

    for n in notes:
        assert n["key"] == "note_" + n["type"]
        for lang, word in (("en", "0.3 s"), ("zh_TW", "0.3 秒")):
            assert word in translate(lang, "web." + n["key"], bot=n["bot"], seconds=0.3)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.pool.timeouts + hub.pool.starved == len(notes)
    # each stopped decision took about its deadline (a starved one its grace more), not the bot's 5 s budget
    assert time.monotonic() - t0 < 5 * hub.pool.timeouts + (GRACE + 5) * hub.pool.starved


def test_server_shutdown_with_thinking_bots_is_quick(make_client: Callable[..., TestClient]) -> None:
    """Issue 16: stopping the server while bots think takes a few seconds at most."""
    client = make_client(bot_levels={"deep": {"spec": "ismcts:time=10,early=0", "think": 12}})
    for _ in range(3):
        assert _bots(client, "deep").status_code == 200
    time.sleep(1.0)  # the bots are thinking now
    hub = client.app.state.hub  # type: ignore[attr-defined]
    procs = [w.proc for w in hub.pool._all]
    t0 = time.monotonic()
    client.__exit__(None, None, None)
    assert time.monotonic() - t0 < 3.0
    assert procs and all(p.poll() is not None for p in procs)


def test_server_stored_unbounded_spec_plays_as_random(make_client: Callable[..., TestClient],
                                                      db: dict[str, Any]) -> None:
    """Issue 16: a table stored by an older server with ``ismcts:time=inf`` does not spin
    forever after a restart: the random bot plays that seat, and the log says why."""
    from meeple import games
    from meeple.engine import tables_hash
    from meeple.server.store import Store

    components = tables_hash(games.get("servergame").default_tables())
    store = Store(db["url"], schema=db["schema"])
    store.create_schema()
    store.create_table({"id": "legacy1", "game": "servergame", "version": 1, "players": 2, "seed": 3,
                        "options": {"pile": 6}, "components": components, "clock": None, "status": "playing"},
                       [{"seat": 0, "kind": "bot", "bot": "ismcts:time=inf", "name": "a"},
                        {"seat": 1, "kind": "bot", "bot": "random", "name": "b"}])
    store.dispose()
    client = make_client()
    assert client.get("/api/tables/legacy1").status_code == 200
    done = wait_for(client, "legacy1", lambda b: b["table"]["status"] == "over", timeout=20)
    assert any("not allowed" in ev.get("text", "") for e in done["log"] for ev in e["events"])
