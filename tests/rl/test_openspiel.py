"""Issue 18: the OpenSpiel games ``python_meeple_<game>`` pass OpenSpiel's own random simulation
test with serialization, and games and states pickle (smallest and largest player counts)."""

from __future__ import annotations

import pickle
import random

import pytest

from tests.rl.helpers import counts

pyspiel = pytest.importorskip("pyspiel", reason="the OpenSpiel adapter needs the rl extra: pip install 'meeple[rl]'")
import meeple.rl.openspiel as mos  # noqa: E402


def _walk(game: object, steps: int, seed: int) -> object:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.randrange(game.max_chance_outcomes()))  # type: ignore[attr-defined]
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("name", "players"), counts())
def test_random_sim_test_with_serialization(name: str, players: int) -> None:
    """Issue 18: ``pyspiel.random_sim_test(..., serialize=True)`` passes."""
    game = pyspiel.load_game(mos.short_name(name), {"players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "players"), counts())
def test_game_and_state_pickle(name: str, players: int) -> None:
    """Issue 18: a game and a state survive pickling and OpenSpiel's own serialization."""
    game = pyspiel.load_game(mos.short_name(name), {"players": players})
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game)
    state = _walk(game, 25, players)
    copy = pickle.loads(pickle.dumps(state))
    assert str(copy) == str(state) and copy.history() == state.history()
    assert copy.information_state_string(0) == state.information_state_string(0)
    g2, s2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(s2) == str(state)


def test_game_type_is_honest() -> None:
    """Issue 18: sequential, general-sum, imperfect information, one explicit chance node (the seed)."""
    game = pyspiel.load_game("python_meeple_messina", {"players": 3})
    t = game.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_players() == 3 and game.num_distinct_actions() == mos.get("messina").num_actions(3)
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == game.max_chance_outcomes()


def test_information_state_hides_the_seed() -> None:
    """Issue 18: two seeds that give a seat the same first view give it the same information state
    (Messina shows everything, so a different seed shows; Mundus Novus hides the others' hands)."""
    game = pyspiel.load_game("python_meeple_luna_maris", {"players": 2})
    a, b = game.new_initial_state(), game.new_initial_state()
    a.apply_action(1)
    b.apply_action(1)
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.information_state_string(0) != a.information_state_string(1)
