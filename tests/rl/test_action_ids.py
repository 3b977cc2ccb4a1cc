"""Issue 18: a closed, seat-relative action space per game, enumerated from the rules.

``game.num_actions(players)`` is fixed per player count; ``state.action_ids()`` is a bijection with
``legal_actions()``; ids name seats relative to the seat to move; every legal action of many seeded
games has an id (closure; longer sweeps: ``scripts/bench_rl.py --closure``).
"""

from __future__ import annotations

import pytest

import meeple
from meeple.engine.encoding import relative_notation
from meeple.rl.common import utilities as pettingzoo_utilities
from tests.rl.helpers import counts, play

SEEDS = 6


@pytest.mark.parametrize(("name", "players"), counts())
def test_every_legal_action_of_seeded_games_has_an_id(name: str, players: int) -> None:
    """Issue 18 (closure): over seeded random games every legal action has an id, ids are distinct
    and the names of the ids are the canonical notations of the legal actions."""
    game = meeple.games.get(name)
    names = game.action_names(players)
    assert len(names) == len(set(names)) == game.num_actions(players)
    for seed in range(SEEDS):
        for state in play(name, players, seed):
            if state.is_over:
                assert state.action_ids() == []
                continue
            ids = state.action_ids()
            legal = state.legal_actions()
            assert len(ids) == len(set(ids)) == len(legal)
            for i, action in zip(ids, legal, strict=True):
                assert names[i] == game.encoder.canonical(action.notation, state.to_move, players)


@pytest.mark.parametrize(("name", "players"), counts())
def test_the_space_is_enumerated_not_sampled(name: str, players: int) -> None:
    """Issue 18: the space comes from the rules and tables alone: the same before and after play,
    and the same for a fresh copy of the tables."""
    game = meeple.games.get(name)
    before = game.action_names(players)
    for _ in play(name, players, 1, limit=50):
        pass
    assert game.action_names(players) == before
    assert game.action_names(players, game.default_tables()) == before


def test_ids_name_seats_relative_to_the_mover() -> None:
    """Issue 18: ``pK`` in a notation becomes the seat's place after the mover (``p0`` = itself)."""
    assert relative_notation("give cocoa to p2", 1, 3) == "give cocoa to p1"
    assert relative_notation("take corn from p0", 2, 3) == "take corn from p1"
    assert relative_notation("y4@p1 w2@p3", 1, 4) == "y4@p0 w2@p2"
    assert relative_notation("lt2 to A08", 1, 3) == "lt2 to A08"


def test_mask_and_id_lookup_agree() -> None:
    """Issue 18: ``action_mask()`` is 1 exactly at ``action_ids()``; ``action_for_id`` finds the action
    and refuses an id that is not legal now."""
    pytest.importorskip("numpy", reason="the observation tests need numpy: pip install 'meeple[rl]'")
    state = next(s for s in play("messina", 2, 3, limit=5) if not s.is_over)
    mask = state.action_mask()
    assert sorted(mask.nonzero()[0].tolist()) == sorted(state.action_ids())
    first = state.action_ids()[0]
    assert state.action_for_id(first) is state.legal_actions()[0]
    illegal = next(i for i in range(len(mask)) if not mask[i])
    with pytest.raises(meeple.IllegalAction):
        state.action_for_id(illegal)


@pytest.mark.parametrize(("name", "players"), counts())
def test_bounds_are_declared(name: str, players: int) -> None:
    """Issue 18: declared bounds derived from the rules (not the engine's horizon, not the size of
    the space): game length, most legal actions, utility range; random games keep within them."""
    game = meeple.games.get(name)
    b = game.bounds(players)
    assert 0 < b.max_legal_actions < game.num_actions(players)
    assert b.min_utility < b.max_utility and b.note
    # Mundus Novus has no finite length by its rules (nobody must cash a set): a declared horizon
    assert b.length_from_rules == (name != "mundus_novus")
    if b.length_from_rules:
        assert b.max_game_length != game.max_steps(players)
    for seed in range(3):
        for state in play(name, players, seed):
            assert len(state.history) <= b.max_game_length
            assert len(state.legal_actions()) <= b.max_legal_actions
            if state.is_over:
                assert set(pettingzoo_utilities(state)) <= {b.min_utility, b.max_utility}
