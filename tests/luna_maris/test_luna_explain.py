"""Illegal actions are refused with an explanation in the game's terms, and change nothing."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction
from meeple.games.luna_maris.components import CARGO, INDUSTRY, LAB
from tests.luna_maris.lm_helpers import at_module, fresh


@pytest.mark.parametrize("text,reason", [
    ("play S05", "no scientist 'S05' in hand"),
    ("feed potato 2", "rest pile is empty"),
    ("go lab", "'go' is not one of its actions"),
])
def test_turn_step_explanations(text: str, reason: str) -> None:
    """Seed §行動階段: refusals name the rule broken."""
    s = fresh(2)
    before = s.view(None)
    with pytest.raises(IllegalAction, match=reason):
        s.apply(text)
    assert s.view(None) == before


def test_wrong_module_action_explained() -> None:
    """An action of another module names the module it belongs to."""
    s = at_module(fresh(2), 0, LAB)
    with pytest.raises(IllegalAction, match="action of the Cargo dock"):
        s.apply("deliver FE1")


def test_unaffordable_refining_explained() -> None:
    """Seed §工業區: a process above your level is refused with the level."""
    s = at_module(fresh(2), 0, INDUSTRY)
    with pytest.raises(IllegalAction, match="refining level 1"):
        s.apply("refine C")


def test_order_cost_explained() -> None:
    """Seed §貨運碼頭: the missing resources are listed."""
    s = fresh(2)
    s.stacks[3] = [17]  # HE3: 1 He-3 + 1 water
    s.pl[0][3] = 0
    at_module(s, 0, CARGO)
    with pytest.raises(IllegalAction, match="1 He-3 \\(you have 0\\)"):
        s.apply("deliver HE3")


def test_face_down_equipment_explained() -> None:
    """Seed §特殊設備: a tile used this round is face down until clean-up."""
    from meeple.games.luna_maris.components import MINING
    from meeple.games.luna_maris.state import EQUIP, EQUIP_UP

    s = fresh(2, equipment=False)
    s.pl[0][EQUIP] = 0
    s.pl[0][EQUIP_UP] = 0
    at_module(s, 0, MINING)
    with pytest.raises(IllegalAction, match="face down"):
        s.apply("concentrate left with drill")
