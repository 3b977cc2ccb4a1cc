"""Issue 18 for Troyes: a small closed, seat-relative action space (one die at a time) and the
observation of ``view(seat)``."""

from __future__ import annotations

import pytest

from meeple.games.troyes import GAME
from meeple.games.troyes.state import S_DICE
from tests.troyes.troyes_helpers import action_turn, at_actions, event_index, set_dice, set_per_seat, touch


def test_the_space_is_small_and_names_no_combination() -> None:
    """At most 2,000 ids at every player count (312 / 330 / 348); no id names two dice or two
    black dice (version 8: a group is chosen one die at a time)."""
    counts = {n: GAME.num_actions(n) for n in (2, 3, 4)}
    assert counts == {2: 312, 3: 330, 4: 348}
    for n in (2, 3, 4):
        names = GAME.action_names(n)
        assert not [x for x in names if x.startswith("dice ") or "+" in x]
        owners = {x.split("@")[1] for x in names if x.startswith("die ") and "@" in x}
        assert owners == {f"p{k}" for k in range(1, n)} | {"n"}


def test_die_ids_are_relative_to_the_seat_to_move() -> None:
    """``die r6@p0`` chosen by seat 1 of 3 is the id ``die r6@p2`` (seat 0 comes two places after
    seat 1); the same die for seat 0 is its own ``die r6``."""
    s = at_actions(3, seed=3)
    set_dice(s, [(0, "r", 6), (1, "r", 5), (2, "w", 1)])
    s.row, s.evcubes = [event_index(s, "Invasion")], [[]]
    action_turn(s, 1)
    set_per_seat(s, deniers=[0, 20, 0])
    touch(s)
    s.apply("combat Invasion")
    assert s.step == S_DICE
    names = GAME.action_names(3)
    got = sorted(names[i] for i in s.action_ids())
    assert got == ["die r5", "die r6@p2"]


def test_a_pending_group_is_observed_seat_relative() -> None:
    """The dice chosen so far are in the observation, by face and relative owner."""
    pytest.importorskip("numpy", reason="the observation tests need numpy: pip install 'meeple[rl]'")
    s = at_actions(2, seed=3)
    set_dice(s, [(0, "r", 4), (0, "r", 3), (0, "r", 2), (0, "r", 1), (1, "w", 1)])
    s.row, s.evcubes = [event_index(s, "Invasion")], [[]]
    action_turn(s, 0)
    set_per_seat(s, deniers=[20, 0])
    touch(s)
    s.apply("combat Invasion")
    before = s.observation(0)
    s.apply("die r3")  # 3 < 4: r2 or r1 must follow
    assert s.step == S_DICE and s.group
    layout = s.observation_layout()
    after = s.observation(0)
    changed = {layout.names[i] for i in range(layout.size) if before[i] != after[i]}
    assert "pending.dice[2]" in changed  # ("r3", the observer itself): FACES index 2, owner +0
    assert after[layout.names.index("pending.dice[2]")] == 1.0
