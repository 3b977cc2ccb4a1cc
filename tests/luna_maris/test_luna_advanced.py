"""Luna Maris advanced modules, special equipment, research bonuses and deck edge cases
(seed §實驗室, §特殊設備, §回收設備; stand-in effects per research §10)."""

from __future__ import annotations

import pytest

from meeple.games.luna_maris.components import (
    AIRLOCK,
    CARGO,
    COMM,
    GREENHOUSE,
    HIBERNATION,
    INDUSTRY,
    LAB,
    MINING,
    POWER,
    RECYCLE,
)
from meeple.games.luna_maris.rules import refill_food
from meeple.games.luna_maris.state import (
    S_COMPACT,
    S_FOOD,
    S_TURN,
)
from tests.luna_maris.lm_helpers import at_module, fresh, notations


def _built(module: int) -> int:
    from meeple.games.luna_maris.components import ADVANCED_MODULES

    return next(i for i, a in enumerate(ADVANCED_MODULES) if a.module == module)


def test_advanced_airlock_yields_ore_at_once() -> None:
    """Advanced airlock (stand-in): installing a probe yields 1 ore of its space at once."""
    s = fresh(2, equipment=False)
    s.built[AIRLOCK] = _built(AIRLOCK)
    at_module(s, 0, AIRLOCK)
    s.grid = [-1] * 16
    s.apply("probe r0c2")  # a titanium space
    assert s.seats[0].ti_l == 1 and s.seats[0].fe_l == 2


def test_advanced_comms_hire_discount() -> None:
    """Advanced comms (stand-in): hiring costs 1 iron less, at least 1."""
    s = fresh(2, equipment=False)
    s.built[COMM] = _built(COMM)
    s.hire_row = [27]  # S04, cost 2
    s.seats[0].fe_l = 1
    at_module(s, 0, COMM)
    s.apply("hire S04")
    assert 27 in s.seats[0].hand and s.seats[0].fe_l == 0


def test_advanced_cargo_extra_vp() -> None:
    """Advanced cargo dock (stand-in): +1 VP per delivered order."""
    s = fresh(2, equipment=False)
    s.built[CARGO] = _built(CARGO)
    s.stacks[2] = [10]
    at_module(s, 0, CARGO)
    s.apply("deliver WA1")
    assert s.seats[0].vp == 11


def test_advanced_industry_three_co2_steps() -> None:
    """Advanced industry (stand-in): the CO2 extra action may spend up to 3 energy."""
    s = fresh(2, equipment=False)
    s.built[INDUSTRY] = _built(INDUSTRY)
    at_module(s, 0, INDUSTRY)
    assert "cut co2 3" in notations(s)


def test_advanced_power_three_energy() -> None:
    """Advanced power plant (stand-in): burning iron gives 3 energy."""
    s = fresh(2, equipment=False)
    s.built[POWER] = _built(POWER)
    s.seats[0].energy = 0
    at_module(s, 0, POWER)
    s.apply("burn iron")
    assert s.seats[0].energy == 3


def test_advanced_mining_three_titanium() -> None:
    """Advanced mining (stand-in): concentrating gives 3 titanium."""
    s = fresh(2, equipment=False)
    s.built[MINING] = _built(MINING)
    at_module(s, 0, MINING)
    s.apply("concentrate left")
    assert s.seats[0].ti_l == 3


def test_advanced_greenhouse_takes_two() -> None:
    """Advanced greenhouse (stand-in): taking food takes 2 cards."""
    s = fresh(2, equipment=False)
    s.built[GREENHOUSE] = _built(GREENHOUSE)
    s.food_row = [0, 6, 12]
    at_module(s, 0, GREENHOUSE)
    s.apply("take food")
    s.apply("take potato 1 +vp")
    assert s.step == S_FOOD
    s.apply("take lettuce 1 +water")
    assert sorted(s.seats[0].food) == [0, 6] and s.step == S_TURN


def test_advanced_recycling_food_process() -> None:
    """Seed §回收設備 advanced A2: remove a waste for a face-up food card."""
    s = fresh(2, equipment=False)
    s.built[RECYCLE] = _built(RECYCLE)
    s.food_row = [0, 6, 12]
    at_module(s, 0, RECYCLE)
    s.apply("recycle A2")
    assert s.step == S_FOOD
    s.apply("take soy 1 +stress") if "take soy 1 +stress" in notations(s) else s.apply("take tomato 1 +energy")
    assert s.seats[0].food and s.seats[0].waste == 0


def test_compactor_runs_one_more_process() -> None:
    """Compactor equipment (stand-in): one more recycling process of your level, once per round."""
    s = fresh(2, equipment=False)
    s.seats[0].equip = 5
    s.seats[0].equip_up = 1
    s.seats[0].sus = 2
    s.seats[0].waste = 2
    at_module(s, 0, RECYCLE)
    s.apply("recycle B")
    assert s.step == S_COMPACT and "skip" in notations(s)
    s.apply("compact B")
    assert s.seats[0].waste == 0 and s.seats[0].energy == 6 and s.seats[0].equip_up == 0


def test_filter_first_co2_step_free() -> None:
    """Filter equipment (stand-in): the first CO2 step of the extra action is free."""
    s = fresh(2, equipment=False)
    s.seats[0].equip = 4
    s.seats[0].equip_up = 1
    at_module(s, 0, INDUSTRY)
    s.apply("cut co2 2 with filter")
    assert s.seats[0].energy == 2


def test_relay_hire_discount() -> None:
    """Relay equipment (stand-in): hiring costs 1 iron less."""
    s = fresh(2, equipment=False)
    s.seats[0].equip = 2
    s.seats[0].equip_up = 1
    s.hire_row = [27]  # S04 cost 2
    at_module(s, 0, COMM)
    assert "hire S04" not in notations(s)
    s.apply("hire S04 with relay")
    assert s.seats[0].fe_l == 0 and s.seats[0].equip_up == 0


def test_research_food_bonus_picks_from_display() -> None:
    """Research §5.7 (stand-in): the sustainability food bonus takes a face-up card."""
    s = fresh(2, equipment=False)
    s.seats[0].sus = 4
    s.food_row = [0, 6, 12]
    at_module(s, 0, LAB)
    s.apply("research sustainability")
    s.apply("bonus food")
    assert s.step == S_FOOD
    s.apply("take potato 1 +vp")
    assert s.seats[0].food == [0]


def test_hibernation_without_activation_option() -> None:
    """Option hibernation_activation=false: resting costs no energy."""
    s = fresh(2, equipment=False, hibernation_activation=False)
    at_module(s, 0, HIBERNATION)
    s.apply("rest")
    assert s.seats[0].energy == 3 and s.act[HIBERNATION] == -1


def test_food_deck_rebuilt_from_discards() -> None:
    """Stand-in: an empty food deck is rebuilt by shuffling the discards."""
    s = fresh(2)
    s.food_discard = s.food_deck + s.food_discard
    s.food_deck = []
    s.food_row = []
    refill_food(s)
    assert len(s.food_row) == 3 and len(s.food_deck) == 24 and s.food_discard == []


def test_hiring_row_not_refilled_from_empty_deck() -> None:
    """Seed §通訊室 (slide, then turn up a new card): hired seniors never come back, so with the deck
    empty there is nothing to turn up and the hiring row shrinks."""
    s = fresh(2, equipment=False)
    s.senior_deck = []
    s.hire_row = [27]
    s.seats[0].fe_l = 2
    at_module(s, 0, COMM)
    s.apply("hire S04")
    assert s.hire_row == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_within_bound(players: int) -> None:
    """Seed §概要: five rounds, then the game ends with final scores."""
    from meeple.engine import Rng
    from tests.luna_maris.lm_helpers import GAME

    for seed in range(8):
        s = GAME.new(players, seed=seed)
        r = Rng(seed)
        steps = 0
        while not s.is_over:
            s.apply(r.choice(s.legal_actions()))
            steps += 1
        assert s.round == 5 and steps <= GAME.max_steps(players) and s.final
