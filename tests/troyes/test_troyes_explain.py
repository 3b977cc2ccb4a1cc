"""Illegal actions are refused with a reason in the game's terms, and change nothing."""

from __future__ import annotations

import pytest

from meeple.engine.core import IllegalAction
from tests.troyes.troyes_helpers import (
    action_turn,
    at_actions,
    black_turn,
    choose,
    set_dice,
    set_per_seat,
    slot_of,
    touch,
)


def reason(s, text: str) -> str:
    before = s.view(None)
    with pytest.raises(IllegalAction) as info:
        s.apply(text)
    assert s.view(None) == before
    return str(info.value)


def test_influence_costs_explained() -> None:
    """Seed 額外行動: 1 / 2 / 4 influence."""
    s = at_actions(2)
    set_dice(s, [(0, "w", 3), (1, "w", 2)])
    action_turn(s, 0)
    set_per_seat(s, infl=[0, 0])
    touch(s)
    assert "needs 1 influence, you have 0" in reason(s, "reroll w3")
    assert "needs 2 influence, you have 0" in reason(s, "recruit citizen")
    assert "needs 4 influence, you have 0" in reason(s, "flip dice")
    set_per_seat(s, infl=[5, 0])
    touch(s)
    assert "own district" in reason(s, "reroll w2@p1")


def test_black_dice_explained() -> None:
    """Seed §4: the highest first; own dice total, red double."""
    s = at_actions(2)
    set_dice(s, [(0, "w", 3), (0, "r", 2), (1, "w", 2)])
    black_turn(s, 0, [6, 5])
    assert "must be the highest, 6" in reason(s, "counter 5")
    assert "your dice total 7" in reason(s, "counter 6+5")
    assert "you can counter the black 6" in reason(s, "cannot counter")


def test_action_explanations() -> None:
    """Seed §5: events in the row, dice of the right colour, one action at a time."""
    s = at_actions(2)
    set_dice(s, [(0, "w", 1), (1, "w", 2)])
    action_turn(s, 0)
    set_per_seat(s, deniers=[0, 0])
    touch(s)
    assert "not in the event row" in reason(s, "combat Nowhere")
    assert "no yellow dice are left" in reason(s, "farm")
    assert "not a face-up activity card" in reason(s, "activate Sculptor")
    slot_of(s, "Merchant")
    assert "costs 3 deniers, you have 0" in reason(s, "activate Merchant")
    assert "black dice" in reason(s, "counter 6")


def test_dice_group_explained() -> None:
    """Seed §5: a group is 1-3 dice of the action's colour that you can pay for."""
    s = at_actions(2)
    set_dice(s, [(0, "y", 1), (0, "y", 2), (1, "y", 6), (0, "w", 6), (1, "w", 2)])
    action_turn(s, 0)
    set_per_seat(s, deniers=[1, 0])
    touch(s)
    s.apply("farm")
    assert "no die y5" in reason(s, "dice y5")
    assert "needs yellow dice" in reason(s, "dice w6")
    assert "cost 2 deniers; you have 1" in reason(s, "dice y6@p1")
    assert "less than the divisor 2" in reason(s, "dice y1")
    assert "1 to 3 dice" in reason(s, "dice y1 y2 y6@p1 w6")


def test_setup_choices_explained() -> None:
    """Seed setup: keep one of the two drawn characters; draft onto an empty space."""
    from tests.troyes.troyes_helpers import new

    s = new(3, 2, character_deal="draw_two_keep_one")
    drawn = {s.tables.characters[c].name for c in s.pair}
    other = next(c.name for c in s.tables.characters if c.name not in drawn)
    assert "one of the two characters you drew" in reason(s, f"keep {other}")
    s2 = new(2, 2)
    assert "empty space" in reason(s2, "draft palace 1")


def test_cube_and_citizen_steps_explained() -> None:
    """Research §6.1 (one cube per action, only where its card applies) and seed §5.4 (a citizen
    comes from your supply or the board): refused choices say why."""
    s = at_actions(2)
    set_dice(s, [(0, "y", 3), (0, "y", 4), (1, "w", 2)])
    action_turn(s, 0)
    set_per_seat(s, deniers=[10, 0])
    monk = slot_of(s, "Monk")
    smith = slot_of(s, "Blacksmith")
    s.seats[0].cubes[monk] = 1
    s.seats[0].cubes[smith] = 1
    touch(s)
    s.apply("farm")
    assert [a.notation for a in s.legal_actions()][:1] == ["no cube"]
    assert "cannot modify this action" in reason(s, "cube Blacksmith")
    assert "not a face-up activity card" in reason(s, "cube Sculptor")
    assert "finish the step" in reason(s, "x2")
    s2 = at_actions(2)
    set_dice(s2, [(0, "r", 3), (1, "w", 2)])
    action_turn(s2, 0)
    set_per_seat(s2, supply=[1, 1])
    touch(s2)
    s2.apply("place palace")
    assert s2.legal_actions()[0].notation == "citizen from supply"
    assert "no citizen there" in reason(s2, "citizen from Nowhere")


def test_choices_out_of_turn_order_explained() -> None:
    """Seed §5 / 額外行動: each choice belongs to a step (influence before countering or acting,
    the dice and activations after choosing an action); a choice typed at the wrong time says why."""
    s = at_actions(2)
    set_dice(s, [(0, "y", 3), (0, "y", 4), (1, "w", 2)])
    action_turn(s, 0)
    set_per_seat(s, infl=[0, 0])
    touch(s)
    assert "choose an action first" in reason(s, "x9")
    assert "not flipping dice now" in reason(s, "stop flipping")
    s.apply("farm")
    assert "finish the action you started" in reason(s, "pass")
    black = at_actions(2)
    set_dice(black, [(0, "w", 3), (0, "w", 4), (1, "w", 2)])
    black_turn(black, 0, [5])
    assert "belongs to an action" in reason(black, "x1")
    choose(black, "counter 5")
    assert "spend your own dice" in reason(black, "cannot counter")
