"""The ``rollout`` bot (issue 19, docs/bots.md "Rollouts"): greedy-policy rollouts on
determinizations, among the heuristic's best candidates."""

from __future__ import annotations

import pytest

from meeple import bots, games
from meeple.bots.rollout import Plan, RolloutBot, candidates, rollout_value
from meeple.engine.core import BadSetup
from meeple.engine.rng import Rng
from tests.bots.helpers import FAST_ROLLOUT, game_counts, positions


def test_rollout_spec_parameters_are_read() -> None:
    bot = bots.make("rollout:iters=30,horizon=4,width=5,top=3,lead=1,c=0.5,value=eval")
    assert isinstance(bot, RolloutBot)
    assert (bot.iters, bot.seconds) == (30, None)
    assert bot.plan == Plan(horizon=4, width=5, top=3, lead=1, c=0.5, value="eval")
    assert bots.make("rollout").seconds == 1.0  # type: ignore[attr-defined]


@pytest.mark.parametrize("spec", ["rollout:iters=0", "rollout:time=0", "rollout:top=0", "rollout:width=0",
                                  "rollout:horizon=-1", "rollout:lead=x", "rollout:value=oracle",
                                  "rollout:depth=2"])
def test_bad_rollout_parameters_are_refused(spec: str) -> None:
    with pytest.raises(BadSetup):
        bots.make(spec)


@pytest.mark.parametrize(("name", "players"), game_counts())
def test_rollout_returns_legal_actions(name: str, players: int) -> None:
    """Every game and player count: the move is legal and the position asked about is untouched."""
    for i, state in enumerate(positions(name, players, 5, 2)):
        before = state.record()
        action = bots.act(bots.make(FAST_ROLLOUT), state, Rng(40 + i))
        assert action in state.legal_actions()
        assert state.record() == before


@pytest.mark.parametrize("name", games.names())
def test_rollouts_play_every_seat_for_the_horizon(name: str) -> None:
    """A rollout plays the candidate, then ``horizon`` decisions with a real choice by whoever is to
    move (forced moves are free), so the other seats' replies are in the value."""
    game = games.get(name)
    state = positions(name, game.max_players, 2, 1)[0]
    seat = state.to_move
    sample = state.determinize(seat, Rng(1))
    start = len(sample.actors)
    rollout_value(sample, seat, sample.legal_actions()[0], Rng(2), Plan(horizon=5), None)
    movers = sample.actors[start:]
    assert sample.is_over or len(movers) >= 6
    assert sample.is_over or any(mover != seat for mover in movers[1:])


def test_candidates_are_the_heuristics_best() -> None:
    """``top`` candidates, best first by the heuristic's value."""
    state = positions("troyes", 2, 3, 1)[0]
    seat = state.to_move
    found = candidates(state, seat, Rng(3), Plan(top=3), None)
    assert 1 <= len(found) <= 3
    values = [v for _, v in found]
    assert values == sorted(values, reverse=True)
    everything = candidates(state, seat, Rng(3), Plan(top=999), None)
    assert len(everything) == len(state.legal_actions())
    assert [a for a, _ in everything[: len(found)]] == [a for a, _ in found]


def test_rollout_iteration_budget_is_exact_and_deterministic() -> None:
    state = positions("mundus_novus", 3, 4, 2)[1]
    seat = state.to_move
    b1, b2 = bots.make("rollout:iters=23,top=3"), bots.make("rollout:iters=23,top=3")
    assert isinstance(b1, RolloutBot)
    assert b1.choose(seat, state, Rng(8)) == b2.choose(seat, state, Rng(8))
    assert b1.stats()["iterations"] == 23
