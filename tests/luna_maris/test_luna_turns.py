"""Luna Maris turn flow: movement, O2 and stress, activation and following, feeding, passing, the
emergency deposit and production (seed §行動階段, §生產階段)."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction
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
)
from meeple.games.luna_maris.rules import production
from meeple.games.luna_maris.state import (
    S_FEED,
    S_MODULE,
    S_MOVE,
    S_TURN,
)
from tests.luna_maris.lm_helpers import at_module, choices, fresh, notations, ready_to_move, touch

J1, J2, J4 = 0, 1, 3  # seat 0's juniors: J1 airlock+cargo, J2 mining+power, J4 lab+cargo


def test_move_costs_one_o2_per_corridor_step() -> None:
    """Seed §啟動模組 2: each corridor step costs 1 O2."""
    s = ready_to_move(fresh(2), 0, J2, AIRLOCK)
    s.apply("go power")  # airlock -> mining -> industry -> recycling -> power: 4 steps
    assert s.seats[0].o2 == 4 and s.seats[0].pos == POWER


def test_staying_costs_one_o2() -> None:
    """Seed §啟動模組 2: staying put also costs 1 O2."""
    s = ready_to_move(fresh(2), 0, J2, MINING)
    s.apply("go mining")
    assert s.seats[0].o2 == 1 and s.step == S_MODULE


def test_o2_capped_by_stress() -> None:
    """Seed §啟動模組 2: O2 use may not pass the stress marker."""
    s = ready_to_move(fresh(2), 0, J2, AIRLOCK)
    s.seats[0].cap = 3
    touch(s)
    assert "go power" not in notations(s) and "go mining" in notations(s)
    with pytest.raises(IllegalAction, match="needs 4 O2"):
        s.apply("go power")


def test_card_icons_limit_modules() -> None:
    """Seed §啟動模組 1: the scientist's icons decide the modules; Hibernation needs no icon (option)."""
    s = ready_to_move(fresh(2), 0, J1, CARGO)
    assert set(choices(s)) == {"go airlock", "go cargo", "go hibernation"}
    with pytest.raises(IllegalAction, match="does not show"):
        s.apply("go lab")
    s2 = ready_to_move(fresh(2, hibernation_icon=True), 0, J1, CARGO)
    assert "go hibernation" not in notations(s2)


def test_activation_costs_one_energy() -> None:
    """Seed §啟動模組 3: activating costs 1 energy and puts the astronaut on the activation space."""
    s = at_module(fresh(2), 0, LAB)
    s.apply("research refining")
    assert s.seats[0].energy == 2 and s.act[LAB] == 0 and s.seats[0].on_act == 1


def test_following_is_free_and_scores_the_activator() -> None:
    """Seed §啟動模組 3: following costs no energy and gives the activating player 1 VP."""
    s = fresh(2)
    s.act[LAB] = 1
    s.seats[1].on_act = 1
    s.seats[1].pos = LAB
    at_module(s, 0, LAB)
    s.apply("research sustainability")
    assert s.seats[0].energy == 3 and s.seats[1].vp == 6 and s.act[LAB] == 1


def test_own_activation_reused_without_energy_or_bonus() -> None:
    """Seed §啟動模組 3: the player on the activation space re-uses it free, with no bonus."""
    s = fresh(2)
    s.act[LAB] = 0
    s.seats[0].on_act = 1
    at_module(s, 0, LAB)
    s.seats[0].on_act = 1
    s.apply("research refining")
    assert s.seats[0].energy == 3 and s.seats[0].vp == 5


def test_activation_needs_energy() -> None:
    """Seed §啟動模組 3: without energy the main action cannot be activated."""
    s = at_module(fresh(2), 0, LAB)
    s.seats[0].energy = 0
    s.seats[0].em_energy = 0  # no emergency energy either
    touch(s)
    assert "research refining" not in notations(s)
    with pytest.raises(IllegalAction, match="needs 1 energy"):
        s.apply("research refining")


def test_activation_lapses_when_owner_leaves() -> None:
    """Seed §啟動模組 3: the activation lapses when its owner moves away."""
    s = fresh(2)
    s.act[MINING] = 0
    s.seats[0].on_act = 1
    ready_to_move(s, 0, J1, MINING)
    s.apply("go airlock")
    assert s.act[MINING] == -1 and s.seats[0].on_act == 0


def test_activation_lapses_when_feeding() -> None:
    """Seed §犒賞科學家: feeding takes the astronaut off its activation space."""
    s = fresh(2)
    s.cur = 0
    s.act[MINING] = 0
    s.seats[0].on_act = 1
    s.seats[0].pos = MINING
    s.seats[0].rest.append(s.seats[0].hand.pop())
    touch(s)
    s.apply("feed without food")
    assert s.act[MINING] == -1


def test_activation_lapses_when_passing() -> None:
    """Seed §啟動模組 3: passing ends the activation."""
    s = fresh(2)
    p = s.cur
    s.act[MINING] = p
    s.seats[p].on_act = 1
    s.seats[p].pos = MINING
    touch(s)
    s.apply("pass")
    assert s.act[MINING] == -1 and s.seats[p].passed == 1


def test_extra_action_only_leaves_the_activation_space() -> None:
    """Seed §啟動模組 3: taking only the extra action moves the astronaut off the activation space."""
    s = fresh(2)
    s.act[INDUSTRY] = 0
    at_module(s, 0, INDUSTRY)
    s.seats[0].on_act = 1
    touch(s)
    s.apply("cut co2 1")
    s.apply("done")  # issue 13: the main action could still follow; 'done' ends the visit with the extra only
    assert s.act[INDUSTRY] == -1 and s.seats[0].on_act == 0


def test_extra_action_needs_no_activation_energy() -> None:
    """Seed §啟動模組 3: extra actions need no activation."""
    s = at_module(fresh(2), 0, INDUSTRY)
    s.apply("cut co2 2")
    assert s.seats[0].energy == 1 and s.act[INDUSTRY] == -1


def test_junior_gives_one_module_action() -> None:
    """Seed §啟動模組 1: a level-1 scientist activates one module per turn."""
    s = fresh(2)
    p = s.cur
    s.apply("play J2")
    s.apply("go power") if "go power" in notations(s) else s.apply(notations(s)[0])
    if s.step == S_MODULE:  # issue 13: a visit takes the module's action ('done' only after one)
        s.apply(choices(s)[0])
    assert s.step == S_TURN and s.cur != p


def test_senior_gives_two_module_actions_not_the_same_module() -> None:
    """Seed §啟動模組 1, 4: a senior activates two modules; no module twice in a turn."""
    s = fresh(2)
    s.seats[0].hand.append(24)  # S01: airlock, mining, industry
    ready_to_move(s, 0, 24, MINING)
    s.seats[0].fe_l = 2
    touch(s)
    s.apply("go mining")
    s.apply("concentrate left")  # issue 13: a visit takes the module's action
    assert s.step == S_MOVE and "go mining" not in notations(s) and "end turn" in notations(s)
    with pytest.raises(IllegalAction, match="already used"):
        s.apply("go mining")
    s.apply("go industry")
    s.apply("cut co2 1")
    s.apply("done")  # skips the main action
    assert s.step == S_TURN


def test_played_scientist_goes_to_rest_pile() -> None:
    """Seed §啟動模組 5: the played card goes to the rest pile."""
    s = fresh(2)
    p = s.cur
    s.apply("play J3")
    assert 2 + 6 * p in s.seats[p].rest and 2 + 6 * p not in s.seats[p].hand


def test_feed_returns_scientists_and_shortfall_goes_to_waste() -> None:
    """Seed §犒賞科學家: a food card returns its number of scientists; each one short is 1 iron to
    waste."""
    s = fresh(2)
    s.cur = 0
    s.seats[0].rest = [s.seats[0].hand.pop()]
    s.seats[0].food = [2]  # potato 2
    touch(s)
    s.apply("feed potato 2")
    assert s.seats[0].rest == [] and len(s.seats[0].hand) == 6 and s.seats[0].waste == 2
    assert 2 in s.food_discard


def test_feed_chooses_scientists_and_may_stop_short() -> None:
    """Seed §犒賞科學家: with more resting scientists than the food's number, choose which; stopping
    short costs 1 waste per missing scientist."""
    s = fresh(2)
    s.cur = 0
    s.seats[0].rest = [s.seats[0].hand.pop(), s.seats[0].hand.pop(), s.seats[0].hand.pop()]
    s.seats[0].food = [2]
    touch(s)
    s.apply("feed potato 2")
    assert s.step == S_FEED
    s.apply("return J6")
    s.apply("stop")
    assert s.seats[0].waste == 2 and len(s.seats[0].rest) == 2


def test_feed_extra_reward() -> None:
    """Seed §犒賞科學家: some food cards give an extra reward when played."""
    s = fresh(2)
    s.cur = 0
    s.seats[0].rest = [s.seats[0].hand.pop()]
    s.seats[0].food = [6]  # lettuce 1 +water
    touch(s)
    s.apply("feed lettuce 1 +water")
    assert s.seats[0].water == 3


def test_feed_without_food_costs_two_vp_never_below_zero() -> None:
    """Seed §犒賞科學家: with no food, lose 2 VP (never below 0) to take back one scientist."""
    s = fresh(2)
    s.cur = 0
    s.seats[0].rest = [s.seats[0].hand.pop()]
    s.seats[0].vp = 1
    touch(s)
    s.apply("feed without food")
    assert s.seats[0].vp == 0 and len(s.seats[0].hand) == 6


def test_feed_without_food_refused_while_holding_food() -> None:
    """Seed §犒賞科學家: losing VP for a scientist is not allowed while holding food."""
    s = fresh(2)
    s.cur = 0
    s.seats[0].rest = [s.seats[0].hand.pop()]
    s.seats[0].food = [2]
    touch(s)
    with pytest.raises(IllegalAction, match="you hold a food card"):
        s.apply("feed without food")


def test_emergency_deposit_penalties_once_each() -> None:
    """Seed §緊急倉庫: energy -3, iron -3, water -4 VP, never below 0, never refilled."""
    s = fresh(2)
    p = s.cur
    s.seats[p].vp = 9
    touch(s)
    s.apply("emergency water")
    assert s.seats[p].vp == 5 and s.seats[p].water == 3
    s.apply("emergency iron")
    assert s.seats[p].vp == 2 and s.seats[p].fe_l == 2
    s.apply("emergency energy")
    assert s.seats[p].vp == 0 and s.seats[p].energy == 4
    with pytest.raises(IllegalAction, match="already used"):
        s.apply("emergency water")


def test_pass_moves_to_next_round_order_with_reward() -> None:
    """Seed §PASS: the first to pass starts next round and takes the first reward (stand-in 2
    energy)."""
    s = fresh(3)
    p = s.cur
    s.apply("pass")
    assert s.next_order == [p] and s.seats[p].energy == 5 and s.cur != p


def test_pass_reward_at_production_option() -> None:
    """Option pass_reward=production (prototype reading): the reward waits for the next production."""
    s = fresh(2, pass_reward="production")
    p = s.cur
    s.apply("pass")
    assert s.seats[p].energy == 3 and s.seats[p].pending == 0
    s.round = 2
    production(s)
    assert s.seats[p].energy == 5 and s.seats[p].pending == -1


def test_passed_player_takes_no_more_turns_and_round_ends_when_all_pass() -> None:
    """Seed §行動階段: after passing a player no longer acts; when all pass the round is scored."""
    s = fresh(2)
    first = s.cur
    s.apply("pass")
    assert s.cur != first
    s.apply("pass")
    assert s.round == 2 and s.order[0] == first


def test_first_round_has_no_production() -> None:
    """Seed §生產階段: round 1 skips production."""
    s = fresh(2)
    assert s.seats[0].fe_l == 1 and s.seats[0].fe_r == 0 and s.seats[0].energy == 3


def test_conveyor_and_probe_production() -> None:
    """Seed §生產階段: right section -> waste, left -> right, each probe 1 ore into the left."""
    s = fresh(2)
    me = s.seats[0]
    me.fe_l, me.ti_l, me.fe_r, me.ti_r = 2, 1, 1, 1
    s.grid = [-1] * 16
    s.grid[0] = 0  # iron space
    s.grid[2] = 0  # titanium space
    s.round = 2
    production(s)
    assert (me.fe_l, me.ti_l, me.fe_r, me.ti_r) == (1, 1, 2, 1)
    assert me.waste == 3


@pytest.mark.parametrize("rnd,gain", [(2, 0), (3, 3), (4, 0), (5, 3)])
def test_solar_energy_only_in_day_rounds(rnd: int, gain: int) -> None:
    """Research §4: +3 solar energy in the day rounds 3 and 5 only."""
    s = fresh(2)
    s.round = rnd
    production(s)
    assert s.seats[0].energy == 3 + gain


def test_solar_energy_every_round_option() -> None:
    """Option solar=every (the seed's reading): +3 energy in every production."""
    s = fresh(2, solar="every")
    s.round = 2
    production(s)
    assert s.seats[0].energy == 6


def test_energy_capped_at_six() -> None:
    """Seed §太陽能: energy beyond 6 is lost."""
    s = fresh(2)
    s.seats[0].energy = 5
    s.round = 3
    production(s)
    assert s.seats[0].energy == 6


def test_greenhouse_display_refilled_only_after_turn() -> None:
    """Seed §溫室: the food display is refilled after the turn, not during it."""
    s = at_module(fresh(2), 0, GREENHOUSE, senior=True)
    s.food_row = [0, 6, 12]  # potato 1, lettuce 1, tomato 1: three different cards
    s.apply("take food")
    s.apply("take potato 1 +vp")
    assert s.food_row == [6, 12] and s.step == S_MOVE
    s.apply("end turn")
    assert len(s.food_row) == 3 and s.seats[0].food == [0] and s.step == S_TURN


def test_greenhouse_buy_takes_whole_display_at_once() -> None:
    """Seed §溫室: 1 water for three face-up cards and 1 VP; with three cards shown there is nothing to
    choose, all three are taken at once."""
    s = at_module(fresh(2), 0, GREENHOUSE)
    s.food_row = [0, 6, 12]
    s.apply("buy food")
    assert sorted(s.seats[0].food) == [0, 6, 12] and s.step == S_TURN
    assert s.seats[0].vp == 6 and s.seats[0].water == 1


def test_hibernation_ends_the_turn() -> None:
    """Seed §休眠間: resting ends the turn, even for a senior's second action."""
    s = fresh(2)
    s.seats[0].hand.append(24)
    ready_to_move(s, 0, 24, HIBERNATION)
    s.seats[0].cap = 4
    s.seats[0].em_energy = s.seats[0].em_iron = s.seats[0].em_water = 0
    touch(s)
    s.apply("go hibernation")  # 'rest' is the only action there: the engine takes it (issue 13)
    assert s.step == S_TURN and s.seats[0].cap == 6


def test_pass_always_legal_and_comm_unreachable_without_o2() -> None:
    """Seed §行動階段: passing is always possible; a scientist that cannot reach a module is not playable."""
    s = fresh(2)
    p = s.cur
    s.seats[p].o2 = s.seats[p].cap
    touch(s)
    assert all(not n.startswith("play") for n in notations(s)) and "pass" in notations(s)
    assert COMM >= 0
