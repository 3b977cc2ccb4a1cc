"""Luna Maris payments: titanium standing in for iron as the player's choice, the emergency deposit at
any decision, and the Compactor inside level D (seed §氣閘 note, §緊急倉庫, §回收設備)."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction
from meeple.games.luna_maris.components import CARGO, COMM, INDUSTRY, MINING, POWER, RECYCLE
from meeple.games.luna_maris.state import (
    S_FEED,
    S_FOOD,
    S_MODULE,
    S_MOVE,
    S_PAY,
    S_TURN,
)
from tests.luna_maris.lm_helpers import at_module, choices, fresh, notations, ready_to_move, touch

J2 = 1  # seat 0's J2: mining + power


def _cubes(s, fe_l: int, fe_r: int, ti_l: int, ti_r: int) -> None:  # type: ignore[no-untyped-def]
    me = s.seats[0]
    me.fe_l, me.fe_r, me.ti_l, me.ti_r = fe_l, fe_r, ti_l, ti_r


def test_titanium_for_iron_is_the_players_choice() -> None:
    """Seed §氣閘 note, §通訊室: titanium may stand in for iron; when both could pay, the player
    chooses the split (right conveyor section first within a kind)."""
    s = fresh(2, equipment=False)
    s.hire_row = [26, 25, 24]  # S03, S02, S01: cost 3 each
    _cubes(s, 1, 1, 1, 1)
    at_module(s, 0, COMM)
    s.apply("hire S02")
    assert s.step == S_PAY
    assert choices(s) == ["pay 2 iron 1 titanium", "pay 1 iron 2 titanium"]
    s.apply("pay 1 iron 2 titanium")
    me = s.seats[0]
    assert (me.fe_l, me.fe_r, me.ti_l, me.ti_r) == (1, 0, 0, 0)
    assert 25 in s.seats[0].hand


def test_titanium_payment_automatic_when_only_one_way() -> None:
    """Seed §氣閘 note: with no titanium (or exactly enough cubes) there is nothing to choose."""
    s = fresh(2, equipment=False)
    s.hire_row = [26, 25, 24]
    _cubes(s, 2, 2, 0, 0)
    at_module(s, 0, COMM)
    s.apply("hire S02")
    assert s.step == S_TURN and (s.seats[0].fe_l, s.seats[0].fe_r) == (1, 0)


def test_order_titanium_part_is_not_offered_as_iron() -> None:
    """Seed §貨運碼頭, §氣閘 note: an order's own titanium is paid as titanium; only its iron part may
    be split."""
    s = fresh(2, equipment=False)
    s.stacks[5] = [27]  # MX3: 2 iron + 1 titanium + 1 water -> 6 VP
    _cubes(s, 2, 0, 2, 0)
    at_module(s, 0, CARGO)
    s.apply("deliver MX3")
    assert choices(s) == ["pay 2 iron 0 titanium", "pay 1 iron 1 titanium"]
    s.apply("pay 1 iron 1 titanium")
    me = s.seats[0]
    assert (me.fe_l, me.ti_l, me.water) == (1, 0, 1) and 27 in s.seats[0].delivered


def test_refining_d_pays_both_processes_at_once() -> None:
    """Seed §工業區 D: one water and one He-3 process; their iron is one payment, titanium may stand in,
    and every paid cube plus B's supply iron lands on the waste gauge."""
    s = fresh(2, equipment=False)
    s.seats[0].ref = 4
    s.seats[0].waste = 0
    _cubes(s, 2, 0, 2, 0)
    at_module(s, 0, INDUSTRY)
    s.apply("refine D B+C")
    assert choices(s) == ["pay 2 iron 1 titanium", "pay 1 iron 2 titanium"]
    s.apply("pay 2 iron 1 titanium")
    me = s.seats[0]
    assert (me.fe_l, me.ti_l) == (0, 1)
    assert me.waste == 4 and me.he3 == 2 and me.water == 3


def test_power_plant_iron_may_be_titanium() -> None:
    """Seed §發電站, §氣閘 note: burning 1 iron; a titanium cube may be burnt instead."""
    s = fresh(2, equipment=False)
    _cubes(s, 1, 0, 1, 0)
    at_module(s, 0, POWER)
    s.apply("burn iron")
    assert choices(s) == ["pay 1 iron 0 titanium", "pay 0 iron 1 titanium"]
    s.apply("pay 0 iron 1 titanium")
    assert s.seats[0].fe_l == 1 and s.seats[0].ti_l == 0 and s.seats[0].energy == 5


def test_payment_split_explained() -> None:
    """Seed §氣閘 note: an impossible split is explained with the cost and the cubes held."""
    s = fresh(2, equipment=False)
    _cubes(s, 1, 0, 1, 0)
    at_module(s, 0, POWER)
    s.apply("burn iron")
    with pytest.raises(IllegalAction, match="the cost is 1 iron.*you hold 1 iron and 1 titanium"):
        s.apply("pay 1 iron 1 titanium")


def test_emergency_deposit_while_paying() -> None:
    """Seed §緊急倉庫: the deposit may be opened at any time, e.g. in the middle of a payment."""
    s = fresh(2, equipment=False)
    s.hire_row = [26, 25, 24]
    _cubes(s, 1, 0, 3, 0)
    at_module(s, 0, COMM)
    s.apply("hire S02")
    assert choices(s) == ["pay 1 iron 2 titanium", "pay 0 iron 3 titanium"]
    assert "emergency iron" in notations(s)
    s.apply("emergency iron")
    assert s.step == S_PAY and s.seats[0].em_iron == 0
    assert choices(s) == ["pay 2 iron 1 titanium", "pay 1 iron 2 titanium", "pay 0 iron 3 titanium"]


def test_emergency_deposit_while_moving() -> None:
    """Seed §緊急倉庫: the deposit may be opened while choosing where to move."""
    s = ready_to_move(fresh(2), 0, J2, MINING)
    assert {"emergency energy", "emergency iron", "emergency water"} <= set(notations(s))
    s.apply("emergency energy")
    assert s.step == S_MOVE and s.seats[0].energy == 4 and s.seats[0].vp == 2


def test_emergency_deposit_while_feeding_and_picking_food() -> None:
    """Seed §緊急倉庫: the deposit may be opened while returning scientists and while picking food."""
    s = fresh(2)
    s.cur = 0
    s.seats[0].rest = [s.seats[0].hand.pop(), s.seats[0].hand.pop(), s.seats[0].hand.pop()]
    s.seats[0].food = [2]
    touch(s)
    s.apply("feed potato 2")
    assert s.step == S_FEED and "emergency water" in notations(s)
    s.apply("emergency water")
    assert s.step == S_FEED and s.seats[0].water == 3
    s2 = fresh(2, equipment=False)
    s2.food_row = [0, 6, 12]  # three different cards
    at_module(s2, 0, 8)
    s2.apply("take food")
    assert s2.step == S_FOOD and "emergency iron" in notations(s2)
    s2.apply("emergency iron")
    assert s2.step == S_FOOD and s2.seats[0].fe_l == 2


def test_emergency_deposit_does_not_hold_up_forced_steps() -> None:
    """Seed §緊急倉庫 with the engine's forced steps: a step with a single possible action is taken at
    once (it pays nothing), so the deposit is not offered there."""
    s = fresh(2, equipment=False)
    s.food_row = [1, 2]  # two identical cards (potato 2): one way to take one
    at_module(s, 0, 8)
    s.apply("take food")
    assert s.step == S_TURN and len(s.seats[0].food) == 1 and s.tables.foods[s.seats[0].food[0]].name == "potato 2"


def test_emergency_energy_opens_an_activation() -> None:
    """Seed §緊急倉庫, §啟動模組 3: with no energy the activation is refused (the explanation points to
    the deposit); the deposit's energy pays it."""
    s = fresh(2, equipment=False)
    s.seats[0].energy = 0
    at_module(s, 0, MINING)
    assert choices(s) == []  # issue 13: no 'done' before an action; the deposit is still offered
    assert "emergency energy" in notations(s)
    with pytest.raises(IllegalAction, match="needs 1 energy, you have 0 .your emergency deposit"):
        s.apply("extract")
    s.apply("emergency energy")
    s.apply("extract")
    assert s.step == S_TURN and s.seats[0].energy == 0 and s.seats[0].vp == 2


def test_compactor_counts_as_one_of_level_d_two() -> None:
    """Seed §回收設備 D (the equipment's action may be one of the two): after a level-D double the
    Compactor adds no third process; at level 4 a single process plus the Compactor's is the double
    with a repeated letter."""
    s = fresh(2, equipment=False)
    s.seats[0].equip = 5
    s.seats[0].equip_up = 1
    s.seats[0].sus = 4
    s.seats[0].waste = 3
    at_module(s, 0, RECYCLE)
    s.apply("recycle D B+C")
    assert s.step == S_TURN and s.seats[0].waste == 1 and s.seats[0].equip_up == 1
    s2 = fresh(2, equipment=False)
    s2.seats[0].equip = 5
    s2.seats[0].equip_up = 1
    s2.seats[0].sus = 4
    s2.seats[0].waste = 3
    s2.seats[0].energy = 0
    s2.seats[0].vp = 7
    at_module(s2, 0, RECYCLE)
    s2.seats[0].energy = 1
    s2.apply("recycle C")
    s2.apply("compact C")
    assert s2.seats[0].waste == 1 and s2.seats[0].water == 4 and s2.seats[0].equip_up == 0
    assert s2.seats[0].vp == 7


def test_paying_step_leaves_the_module_step() -> None:
    """Seed §啟動模組 3: after the payment the module action goes on as usual (here the turn ends)."""
    s = fresh(2, equipment=False)
    _cubes(s, 1, 0, 1, 0)
    at_module(s, 0, POWER)
    s.apply("burn iron")
    s.apply("pay 1 iron 0 titanium")
    assert s.step == S_TURN and s.seats[0].vp == 6 and s.step != S_MODULE


def test_payment_step_shows_the_iron_due() -> None:
    """Seed §氣閘 note: while choosing the split every seat sees how much iron is due."""
    s = fresh(2, equipment=False)
    _cubes(s, 1, 0, 1, 0)
    at_module(s, 0, POWER)
    s.apply("burn iron")
    assert s.view(1)["turn"]["iron_to_pay"] == 1 and s.view(0)["step"] == "pay iron"
