"""Version 8 (issue 18): a dice group is chosen one die at a time, then ``done``; the black dice to
counter likewise.  Every offered step can be completed, a group is reached in one order only, the
costs are those of the whole group (seed §5), and every refusal says why."""

from __future__ import annotations

import pytest

from meeple.engine.core import IllegalAction
from meeple.engine.rng import Rng
from meeple.games.troyes import GAME
from meeple.games.troyes.state import P_ACTION, P_BLACK, S_COUNT, S_DICE, S_MAIN, S_SPEND, S_TIMES
from tests.troyes.troyes_helpers import (
    action_turn,
    at_actions,
    black_turn,
    choose,
    event_index,
    groups,
    notations,
    per_seat,
    set_dice,
    set_per_seat,
    slot_of,
    touch,
)


def ready(dice: list[tuple[int, str, int]], deniers: int = 20):
    s = at_actions(2, seed=3)
    set_dice(s, dice)
    action_turn(s, 0)
    set_per_seat(s, deniers=[deniers, 0], infl=[0, 0])
    set_per_seat(s, supply=[1, 1])
    touch(s)
    return s


def combat_invasion(dice: list[tuple[int, str, int]], deniers: int = 20):
    """Seat 0 combats Invasion (red dice, divisor 4)."""
    s = ready(dice, deniers)
    s.row, s.evcubes = [event_index(s, "Invasion")], [[]]
    touch(s)
    s.apply("combat Invasion")
    assert s.step == S_DICE and s.group == []
    return s


def reason(s, text: str) -> str:
    before = s.view(None)
    with pytest.raises(IllegalAction) as info:
        s.apply(text)
    assert s.view(None) == before
    return str(info.value)


def test_dice_are_offered_one_at_a_time_own_first_then_by_seat_colour_and_value() -> None:
    """The first step offers single dice (``die r2``), not groups: own dice first, then the next
    seats' in turn order, then neutral; from the highest value down; no ``done`` yet."""
    s = combat_invasion([(0, "r", 1), (0, "r", 2), (1, "r", 6), (4, "r", 5), (1, "w", 1)])
    assert notations(s) == ["die r2", "die r1", "die r6@p1", "die r5@n"]


def test_a_die_that_leads_to_no_legal_group_is_not_offered() -> None:
    """No dead ends: with 4 deniers r1 + r2 (3) is too low and three dice with a bought one cost 6,
    so after r2 only r6@p1 may follow (r2 + r6@p1 costs 4); with 1 denier no bought die is offered."""
    s = combat_invasion([(0, "r", 1), (0, "r", 2), (1, "r", 6), (1, "w", 1)], deniers=4)
    assert notations(s) == ["die r2", "die r1", "die r6@p1"]
    c = s.clone()
    c.apply("die r2")  # r6@p1 is the only way on, then done: both taken as forced steps
    assert c.step == S_MAIN and per_seat(c, "deniers") == [0, 4] and c.evcubes == [[0, 0]]
    poor = combat_invasion([(0, "r", 4), (0, "r", 5), (1, "r", 6), (1, "w", 1)], deniers=1)
    assert notations(poor) == ["die r5", "die r4"]
    assert "would cost 2 deniers" in reason(poor, "die r6@p1")


def test_done_is_offered_once_the_dice_so_far_are_a_legal_group() -> None:
    """``done`` ends the group when it is legal (total at least the divisor); before, it is refused
    with the reason."""
    s = combat_invasion([(0, "r", 4), (0, "r", 3), (0, "r", 2), (0, "r", 1), (1, "w", 1)])
    assert notations(s) == ["die r4", "die r3"]  # r2 + r1 is too low: r2 leads nowhere
    s.apply("die r3")
    assert notations(s) == ["die r2", "die r1"]  # 3 < 4: not yet a group
    assert "not a legal group: the dice total 3, less than the divisor 4" in reason(s, "done")
    s.apply("die r2")
    assert notations(s) == ["die r1", "done"]
    s.apply("done")
    assert s.step == S_MAIN and s.evcubes == [[0]] and s.dice == [0o01, 0o04, 0o111]  # r1, r4, w1@p1 left


def test_a_group_is_reached_in_one_order_only() -> None:
    """After r1 the higher r2 is not offered (it comes first); the refusal names the order.  Every
    group of a random game's dice steps is reached exactly once (``groups`` checks it)."""
    s = combat_invasion([(0, "r", 3), (0, "r", 2), (0, "r", 1), (1, "r", 4), (1, "r", 5), (1, "w", 1)])
    s.apply("die r1")
    assert notations(s) == ["die r5@p1", "die r4@p1"]
    assert "so r2 comes before r1" in reason(s, "die r2")
    assert groups(s) == ["dice r1 r4@p1", "dice r1 r5@p1", "dice r1 r4@p1 r5@p1"]


def test_bought_dice_cost_by_the_size_of_the_whole_group() -> None:
    """Seed §5: 2 / 4 / 6 deniers per bought die for a group of 1 / 2 / 3, however it was built."""
    for group, paid in (("dice r6@p1", 2), ("dice r1 r6@p1", 4), ("dice r2 r1 r6@p1", 6)):
        s = combat_invasion([(0, "r", 1), (0, "r", 2), (1, "r", 6), (1, "w", 1)])
        choose(s, group)  # die by die, then done (forced steps taken at once)
        assert s.step == S_MAIN and per_seat(s, "deniers") == [20 - paid, paid], group


def test_activation_steps_dice_then_done_then_activations() -> None:
    """An activity card: the dice one at a time, ``done``, then the number of activations."""
    s = ready([(0, "y", 6), (0, "y", 5), (1, "w", 1)])
    slot_of(s, "Merchant")  # yellow, divisor 3, +2 deniers
    s.apply("activate Merchant")
    if s.step != S_DICE:
        s.apply("citizen from supply")
    s.apply("die y6")
    assert notations(s) == ["die y5", "done"]
    s.apply("die y5")  # 11 // 3 = 3 activations at most
    if s.step == S_DICE:
        s.apply("done")
    assert s.step == S_TIMES and notations(s) == ["x1", "x2", "x3"]


def test_placement_and_cathedral_groups_step_by_step() -> None:
    """A placement uses one die: after it only ``done``, taken at once.  The cathedral takes 1-3
    white dice, each added while a cube can still be placed."""
    s = ready([(0, "r", 3), (0, "r", 4), (1, "w", 1)])
    s.apply("place palace")
    if s.step != S_DICE:
        s.apply("citizen from supply")
    assert notations(s) == ["die r4", "die r3"]
    assert "placing a citizen uses exactly one die" in reason(s.clone(), "dice r4 r3")
    s.apply("die r4")
    assert s.step == S_MAIN and s.bld[3] == 0  # palace space 4
    c = ready([(0, "w", 3), (0, "w", 5), (1, "w", 1)])
    c.apply("build cathedral")
    assert notations(c) == ["die w5", "die w3", "die w1@p1"]
    c.apply("die w5")
    assert notations(c) == ["die w3", "die w1@p1", "done"]


def test_old_group_notation_is_refused_with_the_new_steps() -> None:
    """``dice y4 y5`` (versions 1-7) is refused; the reason shows the steps to type."""
    s = combat_invasion([(0, "r", 4), (0, "r", 3), (0, "r", 2), (1, "w", 1)])
    assert reason(s, "dice r3 r2").startswith("'dice r3 r2' is not legal: choose the dice one at a time "
                                               "(die r3, die r2, then done)")
    assert "no die r6" in reason(s, "die r6")
    assert "needs red dice" in reason(s, "die w1@p1")


def test_black_dice_to_counter_are_chosen_one_at_a_time() -> None:
    """Seed §4: ``counter 5`` (the highest), then more one at a time from the highest down while
    the own dice reach the sum, then ``done``; then own dice are spent."""
    s = at_actions(2)
    set_dice(s, [(0, "w", 6), (0, "y", 2), (1, "w", 6)])  # seat 0: 8
    black_turn(s, 0, [5, 3, 2])
    assert [n for n in notations(s) if n.startswith("counter")] == ["counter 5"]
    assert "one at a time: counter 5, counter 3, then done" in reason(s, "counter 5+3")
    s.apply("counter 5")
    assert s.phase == P_BLACK and s.step == S_COUNT and s.bsel == [5]
    assert notations(s) == ["counter 3", "counter 2", "done"]
    c = at_actions(2)
    set_dice(c, [(0, "w", 6), (0, "y", 6), (1, "w", 6)])  # seat 0: 12
    black_turn(c, 0, [5, 3, 2, 2])
    c.apply("counter 5")
    c.apply("counter 2")
    assert notations(c) == ["counter 2", "done"]
    assert "next at most 2" in reason(c, "counter 3")
    assert "you are countering 5+2" in reason(c, "cannot counter")
    s.apply("counter 3")  # 8 reached: only done is left, taken at once
    assert s.step == S_SPEND and s.bsel == [5, 3]
    assert "cannot" not in " ".join(notations(s))


def test_every_offered_step_of_random_games_can_be_completed() -> None:
    """Along seeded random games at 2-4 players, at every dice and counter step each offered die
    leads to a legal group, each group in one order (``groups`` walks every branch)."""
    checked = 0
    for players in (2, 3, 4):
        s = GAME.new(players, 600 + players)
        rng = Rng(players)
        while not s.is_over:
            if s.phase == P_ACTION and s.step == S_DICE:
                assert groups(s)
                checked += 1
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
    assert checked > 30
