"""The ``rollout`` bot (issue 19, docs/bots.md "Rollouts"): greedy-policy rollouts on
determinizations, among the heuristic's best candidates."""

from __future__ import annotations

import pytest

import meeple._compiled
from meeple import bots, games
from meeple.bots import rollout
from meeple.bots.heuristic import EPS, HeuristicBot
from meeple.bots.rollout import Plan, RolloutBot, candidates, greedy_step, halving_by_pairs, rollout_value
from meeple.engine.core import Action, BadSetup, State
from meeple.engine.rng import Rng
from tests.bots.helpers import FAST_ROLLOUT, game_counts, positions


def test_rollout_spec_parameters_are_read() -> None:
    bot = bots.make("rollout:iters=30,horizon=4,width=5,top=3,lead=1,c=0.5,value=eval")
    assert isinstance(bot, RolloutBot)
    assert (bot.iters, bot.seconds) == (30, None)
    assert bot.plan == Plan(horizon=4, width=5, top=3, lead=1, c=0.5, value="eval")
    assert bots.make("rollout").seconds == 1.0  # type: ignore[attr-defined]
    assert bots.make("rollout:pair=1").plan.pair  # type: ignore[attr-defined]
    assert bots.make("rollout:policy=2").plan.policy == 2  # type: ignore[attr-defined]


@pytest.mark.parametrize("spec", ["rollout:iters=0", "rollout:time=0", "rollout:top=0", "rollout:width=0",
                                  "rollout:horizon=-1", "rollout:lead=x", "rollout:value=oracle",
                                  "rollout:depth=2", "rollout:pair=2", "rollout:pair=x",
                                  "rollout:policy=0", "rollout:policy=x"])
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


@pytest.mark.skipif(meeple._compiled.active(), reason="spies on rollout.rollout_value, which compiled "
                    "callers (make fast) call directly, not through the module")
def test_paired_rollouts_share_each_deal_and_halve_the_candidates(monkeypatch: pytest.MonkeyPatch) -> None:
    """``pair=1`` (docs/bots.md, "rollout"): within a round every candidate left is rolled out on the
    same determinization with the same policy draws (common random numbers), the worse half is
    dropped after each round (the better half rounded up kept), and the rollouts spend ``iters``."""
    state = positions("messina", 4, 6, 1)[0]
    seat = state.to_move
    calls: list[tuple[int, int, object]] = []  # (deals drawn so far, draws, candidate)
    deals = []
    determinize = type(state).determinize

    def counted(self, seat_, rng):  # type: ignore[no-untyped-def]
        deals.append(1)
        return determinize(self, seat_, rng)

    def fake(deal, seat_, action, draws, plan, evaluate):  # type: ignore[no-untyped-def]
        calls.append((len(deals), draws.copy().next64(), action))
        return (0.9 if action == found[0][0] else 0.1) + 0.01 * (draws.copy().next64() % 7)

    monkeypatch.setattr(type(state), "determinize", counted)
    monkeypatch.setattr(rollout, "rollout_value", fake)
    found = [(a, 0.5) for a in state.legal_actions()[:4]]
    assert len(found) == 4
    action, done = halving_by_pairs(state, seat, Rng(5), Plan(lead=0), found, 24, None, None)
    assert action == found[0][0] and done == len(calls) <= 24
    groups: dict[int, set[object]] = {}
    for _, draws, candidate in calls:
        groups.setdefault(draws, set()).add(candidate)
    sizes = [len(groups[d]) for d in dict.fromkeys(draws for _, draws, _ in calls)]
    assert sizes == sorted(sizes, reverse=True) and sizes[0] == 4 and sizes[-1] == 2
    assert all(sum(1 for _, d, _ in calls if d == key) == len(groups[key]) for key in groups)
    # one determinization per group of rollouts: the candidates of a group share it
    assert len(deals) == len(groups) and {deal for deal, _, _ in calls} == set(range(1, len(deals) + 1))
    # three candidates halve to two, then one: the later rounds share what the first left over
    calls.clear()
    _, done = halving_by_pairs(state, seat, Rng(5), Plan(lead=0), found[:3], 12, None, None)
    assert done == len(calls) == 12
    order = dict.fromkeys(draws for _, draws, _ in calls)
    assert [len({c for _, d, c in calls if d == key}) for key in order] == [3, 3, 2, 2, 2]


def test_paired_rollouts_are_legal_and_deterministic() -> None:
    """``pair=1`` plays a legal move, the same one for the same seed, within its iterations (also
    with the two-step rollout policy)."""
    for name, policy in [(n, p) for n in games.names() for p in (1, 2)]:
        state = positions(name, 2, 7, 1)[0]
        seat = state.to_move
        spec = f"rollout:iters=12,top=4,horizon=2,pair=1,policy={policy}"
        b1, b2 = bots.make(spec), bots.make(spec)
        assert isinstance(b1, RolloutBot)
        a1 = b1.choose(seat, state, Rng(9))
        assert a1 in state.legal_actions() and a1 == b2.choose(seat, state, Rng(9))
        assert b1.stats()["iterations"] <= 12


def _applied(state: State, after: State) -> list[Action]:
    """The legal actions of ``state`` whose result is ``after`` (the one a step applied)."""
    out = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        if child.record() == after.record():
            out.append(action)
    return out


@pytest.mark.parametrize("name", games.names())
def test_rollout_policy_two_moves_by_the_heuristics_two_step_value(name: str) -> None:
    """``policy=2``: in a rollout each mover takes the action the heuristic (depth 2: its own next
    decision looked at too) values best, not the one-step greedy best (docs/bots.md "rollout")."""
    guide = HeuristicBot(depth=2, width=999)
    guide._evaluate = None
    differs = 0
    for i, state in enumerate(positions(name, 2, 11, 8)):
        sample = state.determinize(state.to_move, Rng(i))
        mover = sample.to_move
        legal = sample.legal_actions()
        two = [guide.value_after(sample, a, mover, 2, Rng(0)) for a in legal]
        one = [guide.value_after(sample, a, mover, 1, Rng(0)) for a in legal]
        stepped = sample.clone()
        assert greedy_step(stepped, Rng(i), 999, None, guide)
        (chosen,) = _applied(sample, stepped)
        assert two[legal.index(chosen)] >= max(two) - EPS
        differs += one[legal.index(chosen)] < max(one) - EPS
    if name in ("luna_maris", "messina"):  # where a seat's next decision is often its own again
        assert differs > 0
