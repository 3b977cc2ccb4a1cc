"""Tuned values (issue 19, "learned values from self-play"): ``evaluate`` under constants chosen by
``meeple tune``.  The weights load only for the game, player count, rules version and component set
they were tuned on; the tuned bots play legal moves and ignore hidden information; the shipped files
match their game and name the trial that won."""

from __future__ import annotations

import json
from pathlib import Path
from typing import cast

import pytest

from meeple import bots, games
from meeple.bots.base import act
from meeple.bots.tuned import expected, tuned_for, tuned_path
from meeple.bots.valuenet import WEIGHTS
from meeple.engine.core import State
from meeple.engine.errors import BadSetup
from meeple.engine.rng import Rng
from meeple.games.mundus_novus import evaluate as mundus_eval
from meeple.games.mundus_novus.state import MundusState
from meeple.tune import tune
from tests.bots.helpers import positions
from tests.bots.test_bots_hidden import _BASES, check_bot, wrapped_twins
from tests.cli.test_cli_errors import run_main

GAME = "mundus_novus"


def write_tuned(folder: Path, seats: int, weights: dict[str, float], **overrides: object) -> Path:
    state = games.get(GAME).new(seats, 0)
    path = tuned_path(GAME, seats, folder)
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"manifest": {**expected(state), **overrides}, "weights": weights}))
    return path


def played(players: int, seed: int, steps: int) -> list[State]:
    """Positions along one seeded random game."""
    state, rng, out = games.get(GAME).new(players, seed), Rng(seed), []
    for _ in range(steps):
        if state.is_over:
            break
        out.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return out


def test_evaluate_under_the_default_weights_is_evaluate() -> None:
    """A tuned row that names no weight is the hand-set ``evaluate`` itself, position by position
    (the row ``meeple tune`` measures first, as its baseline)."""
    game = games.get(GAME)
    plain = game.evaluate_with({})
    compared = 0
    for players in (2, 6):
        for state in played(players, 3, 400):
            for seat in range(players):
                assert plain(state, seat) == game.evaluate(state, seat)
                compared += 1
    assert compared > 1000


def test_a_development_weight_moves_its_owners_worth_by_its_yield_over_the_rounds_left() -> None:
    """Seed 4 (development cards): lowering the caravel's yield per round by 1.5 lowers each seat's
    worth by 1.5 per caravel it owns, times the rounds likely left, and nobody else's."""
    tables = games.get(GAME).default_tables()
    caravels = {i for i, d in enumerate(tables.developments) if d.kind == "caravel"}
    low = mundus_eval.weights_from({"caravel": mundus_eval.DEFAULT.caravel - 1.5})
    owners = 0
    for position in played(4, 11, 1500):
        state = cast(MundusState, position)
        before, after = mundus_eval.worths(state), mundus_eval.worths(state, low)
        left = mundus_eval.rounds_left(state)
        for seat, devs in enumerate(state.owned):
            n = sum(1 for i in devs if i in caravels)
            owners += n > 0
            assert after[seat] == pytest.approx(before[seat] - 1.5 * n * left)
    assert owners > 0  # some seat owned a caravel somewhere in the game


@pytest.mark.parametrize("field, value", [("version", -1), ("components", "0000"), ("game", "troyes"),
                                          ("players", 3)])
def test_tuned_weights_made_for_something_else_are_refused(tmp_path: Path, field: str, value: object) -> None:
    """Weights tuned under another rules version, component set, game or player count are refused
    with a message naming the field and the command that tunes them again."""
    write_tuned(tmp_path, 2, {"caravel": 0.0}, **{field: value})
    with pytest.raises(BadSetup, match=f"{field} is .*meeple tune {GAME} --players 2"):
        tuned_for(games.get(GAME).new(2, 1), tmp_path)


def test_missing_or_malformed_tuned_weights_are_refused(tmp_path: Path) -> None:
    state = games.get(GAME).new(2, 1)
    with pytest.raises(BadSetup, match="no tuned weights .*meeple tune"):
        tuned_for(state, tmp_path)
    tuned_path(GAME, 2, tmp_path).write_text('{"manifest": {}, "weights": {"caravel": "x"}}')
    with pytest.raises(BadSetup, match="named numbers"):
        tuned_for(state, tmp_path)
    write_tuned(tmp_path / "other", 2, {"carvel": 0.0})
    with pytest.raises(BadSetup, match="no weight 'carvel'"):
        tuned_for(state, tmp_path / "other")


def test_a_game_whose_evaluate_takes_no_weights_refuses_value_tuned() -> None:
    with pytest.raises(BadSetup, match="troyes's evaluate takes no weights"):
        games.get("troyes").evaluate_with({"caravel": 0.0})


@pytest.mark.parametrize("spec", ["heuristic:value=tuned,width=6,beam=2", "rollout:iters=6,horizon=3,top=2,pair=1,value=tuned",
                                  "ismcts:iters=16,horizon=0,value=tuned"])
def test_tuned_bots_play_legal_moves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spec: str) -> None:
    write_tuned(tmp_path, 3, {"caravel": -0.5, "identical": 0.3})
    monkeypatch.setenv("MEEPLE_WEIGHTS", str(tmp_path))
    state, bot, rng = games.get(GAME).new(3, 4), bots.make(spec), Rng(2)
    for _ in range(25):
        if state.is_over:
            break
        action = act(bot, state, rng)
        assert action in state.legal_actions()
        state.apply(action)


def test_tuned_bots_use_the_copy_only_through_determinize(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The hidden-information check of the bots (``test_bots_hidden``) holds for the tuned value:
    twins that differ only in what the seat to move cannot see get the same move."""
    write_tuned(tmp_path, 6, {"caravel": -0.5, "identical": 0.3})
    monkeypatch.setenv("MEEPLE_WEIGHTS", str(tmp_path))
    try:
        for seed in (1, 2):
            for state in positions(GAME, 6, seed, 3):
                seat, s1, s2 = wrapped_twins(state)
                for k, spec in enumerate(["heuristic:value=tuned,width=6,beam=2",
                                          "rollout:iters=6,horizon=3,top=2,pair=1,value=tuned"]):
                    check_bot(spec, seat, s1, s2, 13 * seed + k)
    finally:
        _BASES.clear()


def test_tune_writes_the_row_that_won_most_with_every_trial(tmp_path: Path) -> None:
    """``meeple tune`` measures the defaults and each candidate on the same deals and writes the one
    that won the most seat-games (nothing when the defaults won), its manifest holding every trial."""
    rows = [{"caravel": 3.0}, {"identical": 0.0}]
    path = tune(GAME, 2, rows, 12, seed=7200, out=tmp_path, command="test", log=lambda _line: None)
    written = tuned_path(GAME, 2, tmp_path)
    assert path == written  # on these deals the shipped 2-player row (caravel 3) beats the defaults
    data = json.loads(written.read_text())
    trials = data["manifest"]["trials"]
    assert [t["weights"] for t in trials] == [{}, *rows]
    best = max(t["wins"] for t in trials)
    assert best > trials[0]["wins"]
    assert data["weights"] == next(t["weights"] for t in trials if t["wins"] == best)
    fresh = games.get(GAME).new(2, 0)
    assert 0.0 <= tuned_for(fresh, tmp_path)(fresh, 0) <= 1.0  # what it wrote loads


def test_tune_writes_nothing_when_no_candidate_beats_the_defaults(tmp_path: Path) -> None:
    """A candidate must win more than the defaults to be written (issue 19, ``meeple tune``): a row
    equal to the defaults plays the same games, ties them, and leaves the folder empty."""
    lines: list[str] = []
    same = {"caravel": mundus_eval.DEFAULT.caravel}
    assert tune(GAME, 2, [same], 2, seed=7200, out=tmp_path, command="test", log=lines.append) is None
    assert not list(tmp_path.iterdir())
    assert "nothing written" in lines[-1]


def test_tune_refuses_a_bad_row_with_exit_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Bad input on the command line: a clear message, exit status 2, nothing written."""
    for row, words in (("caravel", "name=number"), ("caravel=x", "name=number"), ("carvel=1", "no weight 'carvel'")):
        code, _out, err = run_main(["tune", GAME, "-p", "2", "--try", row, "-n", "2", "--out", str(tmp_path)], capsys)
        assert code == 2 and words in err, (row, err)
    assert not list(tmp_path.iterdir())


SHIPPED = sorted(WEIGHTS.glob("*.tuned.json"))


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_shipped_tuned_weights_match_their_game_and_won_their_trials(path: Path) -> None:
    """Every shipped tuned file loads on its game as it is now (a rules change without tuning again
    fails here), and its weights are the trial that beat the defaults."""
    data = json.loads(path.read_text())
    manifest = data["manifest"]
    for field in ("game", "players", "version", "components", "command", "games", "seed", "trials"):
        assert field in manifest
    state = games.get(manifest["game"]).new(int(manifest["players"]), 0)
    assert 0.0 <= tuned_for(state, path.parent)(state, 0) <= 1.0
    trials = manifest["trials"]
    assert trials[0]["weights"] == {}
    best = max(trials, key=lambda t: t["wins"])
    assert best["weights"] == data["weights"] and best["wins"] > trials[0]["wins"]
