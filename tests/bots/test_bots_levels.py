"""The players' levels (issue 19): each is a spec the server runs, ``hard`` is the search with
the learned value on an iteration budget, and every level plays legal moves within its deadline
on every game, seeing only determinized copies."""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from pathlib import Path

import pytest

from meeple import bots, games
from meeple.bots.base import parse_spec
from meeple.bots.valuenet import WEIGHTS
from meeple.engine.core import BadSetup
from meeple.engine.rng import Rng
from meeple.server.levels import DEFAULT_LEVELS, check_spec
from tests.bots.helpers import positions
from tests.bots.test_bots_hidden import _BASES, check_bot, wrapped_twins

pytest.importorskip("numpy", reason="the value network needs numpy (pip install 'meeple[rl]')")

LEVELS = ("easy", "normal", "hard")
SHIPPED = sorted({p.name.split(".")[0].rsplit("_", 1)[0] for p in (*WEIGHTS.glob("*.npz"),
                                                                    *WEIGHTS.glob("*.tuned.json"))})
"""Games with shipped learned values: a network (``.npz``) or tuned weights (``.tuned.json``)."""


def shipped_counts(name: str) -> list[int]:
    """The player counts ``name`` has a network or tuned weights for."""
    files = (*WEIGHTS.glob(f"{name}_*p.npz"), *WEIGHTS.glob(f"{name}_*p.tuned.json"))
    return sorted({int(p.name.split(".")[0].rsplit("_", 1)[1][:-1]) for p in files})


def counts(name: str) -> list[int]:
    """Every player count of a game."""
    game = games.get(name)
    return list(range(game.min_players, game.max_players + 1))


SEARCHES = ("ismcts", "rollout")


def test_hard_is_the_learned_search_on_an_iteration_budget() -> None:
    """``hard`` plays, on every game and player count, the shipped network where there is one
    (``value=auto``) or the tuned constants where they are shipped (``value=tuned``), and no time budget: a search on an iteration budget (the same strength on a
    loaded server as on a quiet one) or the deeper heuristic; its fallback is a bot, not random play."""
    for game in games.names():
        for players in counts(game):
            name, params = parse_spec(DEFAULT_LEVELS["hard"].spec_for(game, players))
            tuned = (WEIGHTS / f"{game}_{players}p.tuned.json").exists()
            assert name in (*SEARCHES, "heuristic") and params["value"] in (("auto", "tuned") if tuned else ("auto",))
            assert "time" not in params
            if name in SEARCHES:
                assert 0 < int(params["iters"]) <= 1000
            if name == "ismcts":
                assert params["horizon"] == "0"
    assert DEFAULT_LEVELS["hard"].fallback.startswith("heuristic")
    for level in LEVELS:
        spec = DEFAULT_LEVELS[level]
        assert check_spec(spec.spec) == spec.spec and check_spec(spec.fallback) == spec.fallback
        assert all(check_spec(s) == s for s in spec.games.values())
        assert spec.deadline <= 5


def test_a_level_may_name_a_spec_per_player_count() -> None:
    """``games`` keys ``"game:N"`` (issue 19: the best bot differs by player count) come before the
    game's own entry; a count the game is not played by is refused."""
    from meeple.engine import BadSetup
    from meeple.server.levels import load_levels

    levels = load_levels({"quick": {"spec": "heuristic:depth=1", "games": {
        "messina": "ismcts:iters=50", "messina:4": "rollout:iters=9"}}})
    assert levels["quick"].spec_for("messina", 4) == "rollout:iters=9"
    assert levels["quick"].spec_for("messina", 2) == "ismcts:iters=50"
    assert levels["quick"].spec_for("messina") == "ismcts:iters=50"
    assert levels["quick"].spec_for("troyes", 4) == "heuristic:depth=1"
    for bad in ({"messina:7": "random"}, {"messina:x": "random"}, {"messina:4": "rollout"},
                {"messina:4": "rollout:iters=99999999"}):
        with pytest.raises(BadSetup):
            load_levels({"quick": {"spec": "random", "games": bad}})


def test_a_level_plays_its_own_spec_on_the_games_it_names() -> None:
    """A level may name a spec per game (the measured best there); other games get its spec, and
    a per-game spec is held to the server's caps and must name a real game."""
    from meeple.engine import BadSetup
    from meeple.server.levels import load_levels

    levels = load_levels({"quick": {"spec": "heuristic:depth=1", "games": {"troyes": "ismcts:iters=50"}}})
    assert levels["quick"].spec_for("troyes") == "ismcts:iters=50"
    assert levels["quick"].spec_for("messina") == "heuristic:depth=1"
    slow = load_levels({"slow": {"spec": "ismcts:time=1", "games": {"troyes": "ismcts:time=4"}}})
    assert slow["slow"].deadline == 6.0  # the longest of its specs' own time, plus 2 s
    for bad in ({"troyes": "ismcts:iters=99999999"}, {"chess": "random"}):
        with pytest.raises(BadSetup):
            load_levels({"quick": {"spec": "random", "games": bad}})


def test_hard_is_reproducible_for_a_seed() -> None:
    """An iteration budget plays the same move for the same position and seed."""
    state = positions("luna_maris", 2, 4, 1)[0]
    spec = DEFAULT_LEVELS["hard"].spec_for("luna_maris")
    assert bots.act(bots.make(spec), state, Rng(9)) == bots.act(bots.make(spec), state, Rng(9))


@pytest.mark.parametrize("name", games.names())
def test_levels_play_legal_moves_within_their_deadline(name: str) -> None:
    """Every level, with the shipped weights where the game has them, at 2 players and the
    game's largest count: a legal move in well under the level's deadline (CPU time, so the
    machine's other load does not count)."""
    game = games.get(name)
    for players in sorted({2, game.max_players}):
        for state in positions(name, players, 3, 2):
            for level in LEVELS:
                spec = DEFAULT_LEVELS[level]
                start = time.process_time()
                action = bots.act(bots.make(spec.spec_for(name, players)), state, Rng(5))
                spent = time.process_time() - start
                assert action in state.legal_actions()
                assert spent < spec.deadline / 2, (level, players, spent)


@pytest.mark.parametrize("name", games.names())
def test_every_level_plays_at_every_player_count(name: str) -> None:
    """A level may name a spec per player count, and a learned value exists only for some counts:
    every level still gets a bot that plays a legal move at every count of every game (a spec
    needing weights that are not shipped for that count would be refused here)."""
    for players in counts(name):
        state = positions(name, players, 6, 1)[0]
        for level in LEVELS:
            action = bots.act(bots.make(DEFAULT_LEVELS[level].spec_for(name, players)), state, Rng(3))
            assert action in state.legal_actions(), (level, players)


@pytest.mark.parametrize("name", SHIPPED)
def test_hard_with_the_network_ignores_hidden_information(name: str) -> None:
    """The hard level's kind with the shipped network or tuned weights (a smaller budget, so the
    test is quick) gets the same move from two copies that differ only in what its seat cannot see."""
    try:
        for players in shipped_counts(name):
            kind, params = parse_spec(DEFAULT_LEVELS["hard"].spec_for(name, players))
            if kind in SEARCHES:
                params = {**params, "iters": "24" if kind == "ismcts" else "6"}
            spec = kind + ":" + ",".join(f"{k}={v}" for k, v in params.items())
            for state in positions(name, players, 2, 2):
                seat, s1, s2 = wrapped_twins(state)
                check_bot(spec, seat, s1, s2, 11)
                check_bot("heuristic:value=auto,width=6", seat, s1, s2, 12)
    finally:
        _BASES.clear()


def _bench() -> object:
    path = Path(__file__).resolve().parents[2] / "scripts" / "bench_strength.py"
    spec = importlib.util.spec_from_file_location("bench_strength", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_strength"] = module
    spec.loader.exec_module(module)
    return module


def test_bench_rows_are_the_levels_and_saved_reports_add_up(tmp_path: Path) -> None:
    """``scripts/bench_strength.py`` measures the levels as shipped (budget swapped in) and
    adds up the seat-games of several saved reports of one match-up."""
    bench = _bench()
    hard, opp = bench.matchup("best-ismcts", 50, "troyes")  # type: ignore[attr-defined]
    assert parse_spec(hard)[1]["iters"] == "50" and opp == "ismcts:iters=50"
    assert bench.matchup("normal-easy", 50, "troyes") == (  # type: ignore[attr-defined]
        DEFAULT_LEVELS["normal"].spec_for("troyes"), DEFAULT_LEVELS["easy"].spec_for("troyes"))
    for name in games.names():  # without --budget, each game's own hard and the same time's iterations
        for players in counts(name):
            hard, opp = bench.matchup("best-ismcts", None, name, players)  # type: ignore[attr-defined]
            assert hard == DEFAULT_LEVELS["hard"].spec_for(name, players)
            kind, params = parse_spec(hard)
            iters = bench.level_iters(name)  # type: ignore[attr-defined]
            assert opp == f"ismcts:iters={iters}" and 200 <= iters <= 600
            assert kind != "ismcts" or params["iters"] == str(iters)
    bots_ = ["heuristic:value=auto", "heuristic:depth=1"]
    for seed, wins in ((1, 7.0), (2, 5.5)):
        report = {"game": "troyes", "players": 2, "seed": seed, "bots": bots_, "finished": 10,
                  "crashes": [], "results": [
                      {"bot": bots_[0], "wins": wins, "seat_games": 10, "mean_margin": 2.0},
                      {"bot": bots_[1], "wins": 10 - wins, "seat_games": 10, "mean_margin": -2.0}]}
        (tmp_path / f"r{seed}.json").write_text(json.dumps(report))
    todo = bench.plan(["troyes"], "2", ["normal-easy"], 50)  # type: ignore[attr-defined]
    (row,) = bench.from_reports(tmp_path, todo)  # type: ignore[attr-defined]
    assert (row["wins"], row["seat_games"], row["games"]) == (12.5, 20, 20)
    assert row["ci95"][0] < 0.625 < row["ci95"][1] and row["seeds"] == [1, 2]


def test_server_runs_rollout_policies_no_deeper_than_its_deepest_heuristic() -> None:
    """``rollout:policy=N`` (each mover looks N own decisions ahead) is allowed up to the depth the
    server allows the heuristic (3); deeper is refused with the cap named (docs/server.md: every
    spec the server accepts is checked against caps)."""
    assert check_spec("rollout:iters=30,top=3,pair=1,policy=2") == "rollout:iters=30,top=3,pair=1,policy=2"
    with pytest.raises(BadSetup, match="policy"):
        check_spec("rollout:iters=30,policy=4")
