"""Issue 18: the Gymnasium single-agent env (the other seats are meeple bots) passes Gymnasium's
env checker and plays whole games with masks."""

from __future__ import annotations

import pytest

from meeple import games
from tests.rl.helpers import GAMES

pytest.importorskip("gymnasium", reason="the Gymnasium adapter needs the rl extra: pip install 'meeple[rl]'")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from meeple.rl.gym import MeepleEnv  # noqa: E402


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_env_checker_passes(name: str) -> None:
    """Issue 18: Gymnasium's own checker accepts the env (spaces, reset/step, seeding)."""
    check_env(MeepleEnv(name, 2), skip_render_check=True)


def test_a_masked_episode_ends_with_the_seat_utility() -> None:
    """Issue 18: masked random play reaches the end; the reward is 1 for first place, else 0."""
    env = MeepleEnv("mundus_novus", 3, seat="random")
    obs, info = env.reset(seed=4)
    total, done = 0.0, False
    while not done:
        action = env.action_space.sample(info["action_mask"].astype("int8"))
        obs, reward, term, trunc, info = env.step(action)
        total += reward
        done = term or trunc
    assert env.state is not None and env.state.is_over
    assert total == (1.0 if env.seat in env.state.ranking()[0] else 0.0)


def test_bad_set_up_is_refused() -> None:
    """Issue 18: a bad seat or the wrong number of opponents is a clear error."""
    with pytest.raises(ValueError, match="seat"):
        MeepleEnv("messina", 2, seat=5)
    with pytest.raises(ValueError, match="opponents"):
        MeepleEnv("messina", 3, opponents=["random"])


SOLO = [name for name in GAMES if games.get(name).min_players == 1]


@pytest.mark.parametrize("name", SOLO)
def test_a_solo_game_is_a_single_agent_env_rewarded_for_reaching_the_yardstick(name: str) -> None:
    """docs/engine.md "Solo games": at 1 player the env has no opponents, passes the checker, and
    the episode's reward is 1 exactly when the solo result beats the game's yardstick."""
    check_env(MeepleEnv(name, 1, opponents=[]), skip_render_check=True)
    env = MeepleEnv(name, 1)
    obs, info = env.reset(seed=3)
    total, done = 0.0, False
    while not done:
        obs, reward, term, trunc, info = env.step(env.action_space.sample(info["action_mask"].astype("int8")))
        total += reward
        done = term or trunc
    assert env.state is not None and env.state.is_over
    solo = env.state.view(0)["solo"]
    assert total == (1.0 if solo["beaten"] else 0.0)
