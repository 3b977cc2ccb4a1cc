"""The arena's output on tiny runs is well-formed (table text and JSON); crashes are saved."""

from __future__ import annotations

import json
import math

import pytest

from meeple import bots, games
from meeple.bots.arena import arena_command, arrangements, fit_elo, wilson
from meeple.bots.base import Bot
from meeple.engine.record import load_record, replay


def test_wilson_interval() -> None:
    lo, hi = wilson(8, 10)
    assert math.isclose(lo, 0.4902, abs_tol=1e-3) and math.isclose(hi, 0.9433, abs_tol=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(0, 20)
    assert lo == 0.0 and 0.1 < hi < 0.2


def test_elo_fit() -> None:
    even = fit_elo(["a", "b"], {("a", "b"): 5, ("b", "a"): 5}, {("a", "b"): 10, ("b", "a"): 10})
    assert math.isclose(even["a"], 1500) and math.isclose(even["b"], 1500)
    # a scores 75% against b: about 191 Elo apart (less with the prior's draw)
    r = fit_elo(["a", "b"], {("a", "b"): 75, ("b", "a"): 25}, {("a", "b"): 100, ("b", "a"): 100})
    assert 170 < r["a"] - r["b"] < 195
    assert math.isclose((r["a"] + r["b"]) / 2, 1500)
    # a clean sweep still gives finite ratings
    r = fit_elo(["a", "b"], {("a", "b"): 4}, {("a", "b"): 4, ("b", "a"): 4})
    assert math.isfinite(r["a"]) and r["a"] > r["b"]


def test_arrangements() -> None:
    assert arrangements(["a", "b"], 2) == [("a", "b"), ("b", "a")]
    three = arrangements(["a", "b", "c"], 2)
    assert len(three) == 6 and len(set(three)) == 6
    assert arrangements(["a", "b"], 4) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    one_vs_three = arrangements(["x", "r", "r", "r"], 4)
    assert len(one_vs_three) == 4
    assert sorted(a.index("x") for a in one_vs_three) == [0, 1, 2, 3]


def test_arena_table(capsys, tmp_path) -> None:
    rc = arena_command("hilo", 2, ["random", "heuristic"], 4, seed=3, crash_dir=tmp_path)
    out = capsys.readouterr().out
    assert rc == 0
    for text in ("Arena hilo, 2 players", "4 of 4 games finished", "Results by bot", "random",
                 "heuristic", "Elo", "95% CI", "Head to head", "No crashes."):
        assert text in out, text


def test_arena_json(capsys, tmp_path) -> None:
    specs = ["random", "heuristic:depth=1", "ismcts:iters=20,horizon=4"]
    rc = arena_command("hilo", 3, specs, 6, jobs=2, seed=1, as_json=True, crash_dir=tmp_path)
    report = json.loads(capsys.readouterr().out)
    assert rc == 0
    assert report["game"] == "hilo" and report["players"] == 3 and report["games"] == 6
    assert report["finished"] == 6 and report["crashes"] == []
    assert report["bots"] == specs
    assert len(report["arrangements"]) == 6
    rows = {row["bot"]: row for row in report["results"]}
    assert set(rows) == set(specs)
    for row in rows.values():
        assert row["seat_games"] == 6  # every bot sat once in each arrangement
        assert 0 <= row["win_rate"] <= 1
        lo, hi = row["ci95"]
        assert 0 <= lo <= row["win_rate"] <= hi <= 1
        assert math.isfinite(row["elo"]) and math.isfinite(row["mean_margin"])
    # every game has exactly one unit of first place shared out
    assert math.isclose(sum(row["wins"] for row in rows.values()), 6)
    assert math.isclose(sum(r["elo"] for r in rows.values()) / 3, 1500)
    assert rows["ismcts:iters=20,horizon=4"]["iterations_per_s"] > 0


def test_arena_same_seed_same_results(capsys, tmp_path) -> None:
    args = ("hilo", 2, ["random", "heuristic"], 4)
    arena_command(*args, seed=9, as_json=True, crash_dir=tmp_path)
    first = json.loads(capsys.readouterr().out)
    arena_command(*args, jobs=2, seed=9, as_json=True, crash_dir=tmp_path)
    second = json.loads(capsys.readouterr().out)
    assert [r["wins"] for r in first["results"]] == [r["wins"] for r in second["results"]]


class CrashBot(Bot):
    name = "crash"

    def choose(self, seat, state, rng):
        if len(state.history) >= 3:
            raise RuntimeError("boom")
        return state.legal_actions()[0]


@pytest.fixture
def crash_bot():
    bots.register("crashtest", lambda params: CrashBot())
    yield
    bots._FACTORIES.pop("crashtest", None)


def test_arena_saves_crashes(capsys, tmp_path, crash_bot) -> None:
    rc = arena_command("hilo", 2, ["random", "crashtest"], 2, seed=4, crash_dir=tmp_path)
    out = capsys.readouterr().out
    assert rc == 1
    assert "2 game(s) crashed" in out and "RuntimeError: boom" in out
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    for f in files:
        assert f.name in out.replace("\n", "")
        record = load_record(f)
        assert record["meta"]["error"] == "RuntimeError: boom"
        state = replay(record)  # the record replays to the position where it crashed
        assert len(state.history) >= 3 and not state.is_over


def test_arena_bad_arguments(capsys, tmp_path) -> None:
    assert arena_command("nosuchgame", 2, ["random"], 2, crash_dir=tmp_path) == 2
    assert arena_command("hilo", 9, ["random"], 2, crash_dir=tmp_path) == 2
    assert arena_command("hilo", 2, ["nosuchbot"], 2, crash_dir=tmp_path) == 2
    assert arena_command("hilo", 2, ["random"], 0, crash_dir=tmp_path) == 2
    assert "unknown game" in capsys.readouterr().err


@pytest.mark.parametrize("name", games.names())
def test_arena_runs_on_every_game(name: str, capsys, tmp_path) -> None:
    game = games.get(name)
    rc = arena_command(name, game.min_players, ["random", "heuristic:depth=1"], 2, seed=2,
                       as_json=True, crash_dir=tmp_path)
    report = json.loads(capsys.readouterr().out)
    assert report["crashes"] == [] and rc == 0
    assert report["finished"] == 2
