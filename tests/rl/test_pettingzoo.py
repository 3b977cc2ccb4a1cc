"""Issue 18: the PettingZoo AEC env of every game passes PettingZoo's own tests.

``api_test``, ``seed_test`` and ``max_cycles_test`` at each game's smallest and largest player
count (short runs: a few dozen cycles).
"""

from __future__ import annotations

import types
import warnings
from functools import partial

import pytest

from tests.rl.helpers import counts

pytest.importorskip("pettingzoo", reason="the PettingZoo adapter needs the rl extra: pip install 'meeple[rl]'")
from pettingzoo.test import api_test, max_cycles_test, seed_test  # noqa: E402

from meeple.rl import pettingzoo as mpz  # noqa: E402


@pytest.mark.parametrize(("name", "players"), counts())
def test_pettingzoo_api_seed_and_max_cycles(name: str, players: int) -> None:
    """Issue 18: PettingZoo's api_test, seed_test and max_cycles_test pass."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice about Dict observation spaces, as for its own classic envs
        api_test(mpz.env(name, players), num_cycles=40)
        seed_test(partial(mpz.env, name, players), num_cycles=20)
        max_cycles_test(types.SimpleNamespace(env=partial(mpz.env, name, players),
                                              parallel_env=partial(mpz.parallel_env, name, players)))


def test_the_env_plays_a_whole_game_with_masks() -> None:
    """Issue 18: masked random play reaches the end; the winners get reward 1, the others 0."""
    e = mpz.env("luna_maris", 2)
    e.reset(seed=3)
    rewards = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        rewards[agent] += reward
        e.step(None if term or trunc else e.action_space(agent).sample(obs["action_mask"]))
    assert sorted(rewards.values())[-1] == 1.0
    assert set(rewards.values()) <= {0.0, 1.0}


def test_an_illegal_id_changes_nothing() -> None:
    """Issue 18: an id that is not legal is refused: the same agent decides, the info says so."""
    e = mpz.env("messina", 2)
    e.reset(seed=1)
    agent = e.agent_selection
    obs, *_ = e.last()
    bad = int((obs["action_mask"] == 0).nonzero()[0][0])
    before = e.unwrapped.state.record()
    e.step(bad)
    assert e.agent_selection == agent
    assert e.infos[agent] == {"illegal_action": bad}
    assert e.unwrapped.state.record() == before


def test_observe_is_the_states_observation_and_mask_and_the_arrays_are_the_callers() -> None:
    """Issue 18 (docs/rl.md "Adapters"): an agent's observation is ``State.observation(seat)`` and
    its mask the legal ids (all zero for an agent not to decide); observe makes new arrays each
    time (issue 31: neither kept nor copied), so writing into them changes nothing given after."""
    import numpy as np

    e = mpz.env("troyes", 3)
    e.reset(seed=2)
    for _ in range(5):  # a few decisions in, past the opening
        obs, *_ = e.last()
        e.step(int(obs["action_mask"].nonzero()[0][0]))
    state = e.unwrapped.state
    mover = e.agent_selection
    seat = e.possible_agents.index(mover)
    waiting = e.possible_agents[(seat + 1) % 3]
    mine, theirs = state.observation(seat), state.observation((seat + 1) % 3)
    legal = sorted(state.action_ids())
    for _ in range(2):
        obs, other = e.observe(mover), e.observe(waiting)
        assert np.array_equal(obs["observation"], mine)
        assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
        assert sorted(obs["action_mask"].nonzero()[0]) == legal
        assert np.array_equal(other["observation"], theirs)
        assert not other["action_mask"].any()
        for arr in (obs["observation"], obs["action_mask"], other["observation"], other["action_mask"]):
            arr[:] = 1  # the caller's own arrays: the second pass must see the same values
    assert np.array_equal(state.observation(seat), mine)
    assert sorted(state.action_mask().nonzero()[0]) == legal
