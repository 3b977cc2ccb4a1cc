"""Luna Maris modules: each main and extra action and its refusals (seed §氣閘 ... §休眠間)."""

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
    RECYCLE,
)
from meeple.games.luna_maris.resources import add_waste
from meeple.games.luna_maris.state import (
    S_BONUS,
    S_FOOD,
    S_MODULE,
    S_TURN,
)
from tests.luna_maris.lm_helpers import at_module, choices, fresh, notations, touch


def test_airlock_raises_stress_and_installs_probe_with_bonus() -> None:
    """Seed §氣閘: stress +1, the next probe onto an empty space, its bonus (2nd: 1 iron + 1 VP)."""
    s = at_module(fresh(2, equipment=False), 0, AIRLOCK)
    free = s.grid.index(-1)
    s.apply(f"probe {s.tables.mining_spaces[free].name}")
    me = s.seats[0]
    assert me.cap == 5 and me.probes == 2 and s.grid[free] == 0
    assert me.fe_l == 2 and me.vp == 6


def test_airlock_probe_bonuses_top_to_bottom() -> None:
    """Seed §氣閘: the 3rd probe gives 1 water, the 4th 1 He-3 and 1 waste."""
    s = fresh(2, equipment=False)
    s.seats[0].probes = 2
    at_module(s, 0, AIRLOCK)
    s.apply(f"probe {s.tables.mining_spaces[s.grid.index(-1)].name}")
    assert s.seats[0].water == 3
    s.seats[0].probes = 1
    at_module(s, 0, AIRLOCK)
    s.act[AIRLOCK] = 0
    s.apply(f"probe {s.tables.mining_spaces[s.grid.index(-1)].name}")
    assert s.seats[0].he3 == 1 and s.seats[0].waste == 2 and s.seats[0].probes == 0


def test_airlock_refused_at_maximum_stress() -> None:
    """Seed §氣閘: at the highest stress the Airlock action is not allowed."""
    s = at_module(fresh(2), 0, AIRLOCK)
    s.seats[0].cap = 3
    touch(s)
    assert not any(n.startswith("probe") for n in notations(s))
    with pytest.raises(IllegalAction, match="stress is at its maximum"):
        s.apply("probe r0c1")


def test_airlock_with_suit_at_maximum_stress() -> None:
    """Seed §氣閘 (the refusal is because the stress marker cannot move) with the Suit equipment
    (stand-in: no stress): at maximum stress only the Suit's variant is offered."""
    s = at_module(fresh(2, equipment=False), 0, AIRLOCK)
    s.seats[0].cap = 3
    s.seats[0].equip = 1
    s.seats[0].equip_up = 1
    touch(s)
    probes = [n for n in notations(s) if n.startswith("probe")]
    assert probes and all(n.endswith("with suit") for n in probes)
    s.apply(probes[0])
    assert s.seats[0].cap == 3 and s.grid.count(0) == 2


def test_comm_hires_a_senior_for_iron_titanium_may_pay() -> None:
    """Seed §通訊室: pay the senior's iron (titanium stands in), it goes to hand; the row refills."""
    s = fresh(2, equipment=False)
    s.hire_row = [26, 25, 24]  # S03 cost 3, S02 cost 3, S01 cost 3
    deck_top = s.senior_deck[-1]
    me = s.seats[0]
    me.fe_l, me.ti_l = 1, 2
    at_module(s, 0, COMM)
    s.apply("hire S02")
    assert 25 in s.seats[0].hand and me.fe_l == 0 and me.ti_l == 0
    assert s.hire_row == [deck_top, 26, 24]


def test_comm_refuses_hire_without_iron() -> None:
    """Seed §通訊室: a hire needs the printed iron."""
    s = fresh(2, equipment=False)
    s.hire_row = [26, 25, 24]
    at_module(s, 0, COMM)
    with pytest.raises(IllegalAction, match="needs 3 iron, you have 1"):
        s.apply("hire S01")


def test_cargo_delivers_order_and_turns_up_next() -> None:
    """Seed §貨運碼頭: pay the cost, gain the reward, keep the tile, turn up the next tile."""
    s = fresh(2, equipment=False)
    s.stacks[2] = [12, 10]  # WA3 under WA1 (2 water -> 5 VP)
    at_module(s, 0, CARGO)
    s.apply("deliver WA1")
    assert s.seats[0].delivered == [10] and s.seats[0].water == 0 and s.seats[0].vp == 10
    assert s.stacks[2] == [12]


def test_cargo_refuses_unaffordable_order() -> None:
    """Seed §貨運碼頭: an order must be paid in full."""
    s = fresh(2, equipment=False)
    s.stacks[0] = [0]  # FE1: 3 iron
    at_module(s, 0, CARGO)
    with pytest.raises(IllegalAction, match="3 iron"):
        s.apply("deliver FE1")


def test_lab_research_to_level_four_scores_five() -> None:
    """Seed §實驗室: a research step reaching level 4 scores 5 VP."""
    s = fresh(2, equipment=False)
    s.seats[0].ref = 3
    at_module(s, 0, LAB)
    s.apply("research refining")
    assert s.seats[0].ref == 4 and s.seats[0].vp == 10


def test_lab_research_beyond_four_scores_five_and_bonus_once() -> None:
    """Seed §實驗室: each step beyond 4 scores 5 VP; the first one claims a bonus space."""
    s = fresh(2, equipment=False)
    s.seats[0].sus = 4
    at_module(s, 0, LAB)
    s.apply("research sustainability")
    assert s.step == S_BONUS and s.seats[0].vp == 10
    assert choices(s) == ["bonus waste", "bonus food", "bonus rest"]
    s.apply("bonus rest")
    assert s.seats[0].cap == 7
    at_module(s, 0, LAB)
    s.apply("research sustainability")
    assert s.step != S_BONUS and s.seats[0].vp == 15


def test_lab_builds_advanced_module() -> None:
    """Seed §實驗室 extra: 2 titanium + 1 energy, over its basic module, build-track VP at once."""
    s = fresh(2, equipment=False)
    s.adv_offer = [0, 5]
    s.seats[0].ti_l = 2
    at_module(s, 0, LAB)
    s.apply("build recycling")
    assert s.built[RECYCLE] == 0 and s.build_track == [0]
    assert s.seats[0].vp == 9 and s.seats[0].ti_l == 0 and s.seats[0].energy == 2


def test_lab_builds_at_most_four() -> None:
    """Seed §實驗室: at most four advanced modules in a game."""
    s = fresh(2, equipment=False)
    s.build_track = [0, 1, 0, 1]
    s.seats[0].ti_l = 2
    at_module(s, 0, LAB)
    assert not any(n.startswith("build") for n in notations(s))
    with pytest.raises(IllegalAction, match="all 4"):
        s.apply("build mining")


def test_lab_research_then_build_in_one_visit() -> None:
    """Research §5.3: an activating player may also take the extra action in the same visit."""
    s = fresh(2, equipment=False)
    s.adv_offer = [5]
    s.seats[0].ti_l = 2
    at_module(s, 0, LAB)
    s.apply("research refining")
    assert s.step == S_MODULE and "build mining" in notations(s)
    s.apply("build mining")
    assert s.built[MINING] == 5 and s.step == S_TURN


@pytest.mark.parametrize("proc,level,gain", [
    ("A1", 1, (0, 1)), ("A2", 1, (2, 0)), ("B", 2, (3, 0)), ("C", 3, (0, 2)),
])
def test_industry_refining_processes(proc: str, level: int, gain: tuple[int, int]) -> None:
    """Seed §工業區: A1 iron+water -> He-3; A2 iron -> water; B iron + supply iron -> 2 water;
    C 2 iron + water -> 2 He-3; each +1 VP; paid iron goes to waste."""
    s = fresh(2, equipment=False)
    me = s.seats[0]
    me.ref = level
    me.fe_l, me.water = 2, 1
    at_module(s, 0, INDUSTRY)
    s.apply(f"refine {proc}")
    assert (me.water, me.he3) == gain and me.vp == 6
    assert me.waste == 1 + {"A1": 1, "A2": 1, "B": 2, "C": 2}[proc]


def test_industry_process_needs_its_level() -> None:
    """Seed §工業區: only processes of your refining level or lower."""
    s = fresh(2, equipment=False)
    s.seats[0].fe_l = 3
    at_module(s, 0, INDUSTRY)
    assert "refine B" not in notations(s) and "refine A2" in notations(s)


def test_industry_level_d_one_of_each_product() -> None:
    """Seed §工業區 D: one water process and one He-3 process, never the same product twice."""
    s = fresh(2, equipment=False)
    me = s.seats[0]
    me.ref = 4
    me.fe_l, me.water = 4, 0
    at_module(s, 0, INDUSTRY)
    ds = [n for n in notations(s) if n.startswith("refine D")]
    assert "refine D B+C" in ds and "refine D A2+A1" in ds and all("A1+C" not in n for n in ds)
    s.apply("refine D B+C")
    assert me.water == 1 and me.he3 == 2 and me.vp == 7 and me.waste == 5 and me.fe_l == 1


def test_industry_cut_co2_up_to_two_energy() -> None:
    """Seed §工業區 extra: up to 2 energy, each one CO2 step down."""
    s = at_module(fresh(2, equipment=False), 0, INDUSTRY)
    assert "cut co2 2" in notations(s) and "cut co2 3" not in notations(s)
    s.apply("cut co2 2")
    assert s.seats[0].co2 == 4 and s.seats[0].energy == 1


def test_mining_extract_takes_all_probes_ore_without_moving_conveyor() -> None:
    """Seed §採礦站: extract as in production, the conveyor does not move."""
    s = fresh(2, equipment=False)
    s.grid = [-1] * 16
    s.grid[0] = s.grid[1] = s.grid[2] = 0
    s.seats[0].fe_r = 1
    at_module(s, 0, MINING)
    s.apply("extract")
    assert (s.seats[0].fe_l, s.seats[0].ti_l, s.seats[0].fe_r) == (3, 1, 1)


def test_mining_concentrate_iron_into_two_titanium() -> None:
    """Seed §採礦站: one iron from either section to waste, 2 titanium into the left section."""
    s = fresh(2, equipment=False)
    s.seats[0].fe_l, s.seats[0].fe_r = 0, 1
    at_module(s, 0, MINING)
    assert "concentrate left" not in notations(s)
    s.apply("concentrate right")
    assert s.seats[0].fe_r == 0 and s.seats[0].ti_l == 2 and s.seats[0].waste == 2


def test_power_needs_no_activation() -> None:
    """Seed §發電站: no activation and no energy for the main action."""
    s = at_module(fresh(2, equipment=False), 0, POWER)
    s.apply("burn iron")
    assert s.seats[0].energy == 5 and s.seats[0].vp == 6 and s.act[POWER] == -1 and s.seats[0].fe_l == 0


def test_power_water_and_waste_for_four_energy() -> None:
    """Seed §發電站: 1 water and 1 waste removed -> 4 energy + 1 VP (capped at 6)."""
    s = fresh(2, equipment=False)
    s.seats[0].energy = 1
    at_module(s, 0, POWER)
    s.apply("burn water")
    assert s.seats[0].energy == 5 and s.seats[0].water == 1 and s.seats[0].waste == 0 and s.seats[0].vp == 6


@pytest.mark.parametrize("proc,level,check", [
    ("A", 1, ("fe_l", 2)), ("B", 2, ("energy", 5)), ("C", 3, ("water", 3)),
])
def test_recycling_processes(proc: str, level: int, check: tuple[str, int]) -> None:
    """Seed §回收設備: A waste -> conveyor; B waste removed -> 3 energy; C waste removed -> 1 water."""
    s = fresh(2, equipment=False)
    s.seats[0].sus = level
    at_module(s, 0, RECYCLE)
    s.apply(f"recycle {proc}")
    assert getattr(s.seats[0], check[0]) == check[1] and s.seats[0].waste == 0


def test_recycling_level_d_two_different_processes() -> None:
    """Seed §回收設備 D: two different processes of A/B/C."""
    s = fresh(2, equipment=False)
    s.seats[0].sus = 4
    s.seats[0].waste = 2
    at_module(s, 0, RECYCLE)
    assert "recycle D B+C" in notations(s) and "recycle D B+B" not in notations(s)
    s.apply("recycle D B+C")
    assert s.seats[0].waste == 0 and s.seats[0].water == 3 and s.seats[0].energy == 5


def test_recycling_advanced_table_once_built() -> None:
    """Seed §回收設備: the advanced recycling module brings A1 titanium / A2 food / B 4 energy / C water."""
    s = fresh(2, equipment=False)
    s.built[RECYCLE] = 0
    at_module(s, 0, RECYCLE)
    assert {"recycle A1", "recycle A2"} <= set(notations(s)) and "recycle A" not in notations(s)
    s.apply("recycle A1")
    assert s.seats[0].ti_l == 1 and s.seats[0].waste == 0


def test_recycling_needs_waste() -> None:
    """Seed §回收設備: every process uses a waste cube."""
    s = fresh(2, equipment=False)
    s.seats[0].waste = 0
    at_module(s, 0, RECYCLE)
    assert not any(n.startswith("recycle") for n in notations(s))


def test_greenhouse_take_one_food() -> None:
    """Seed §溫室: take one face-up food card."""
    s = fresh(2, equipment=False)
    s.food_row = [0, 6, 12]
    at_module(s, 0, GREENHOUSE)
    s.apply("take food")
    assert s.step == S_FOOD
    s.apply("take tomato 1 +energy")
    assert s.seats[0].food == [12] and s.step == S_TURN


def test_greenhouse_buy_needs_water() -> None:
    """Seed §溫室: three cards cost 1 water."""
    s = fresh(2, equipment=False)
    s.seats[0].water = 0
    at_module(s, 0, GREENHOUSE)
    assert "buy food" not in notations(s)


@pytest.mark.parametrize("senior,second,gain", [(False, False, 1), (True, False, 2), (True, True, 1)])
def test_hibernation_rest_lowers_stress(senior: bool, second: bool, gain: int) -> None:
    """Seed §休眠間: a junior lowers stress 1, a senior 2, or 1 after its first action."""
    s = fresh(2, equipment=False)
    s.seats[0].cap = 4
    at_module(s, 0, HIBERNATION, senior=senior)
    if second:
        s.acts_done = 1
    s.apply("rest")
    assert s.seats[0].cap == 4 + gain and s.step == S_TURN


def test_waste_gauge_last_spaces_raise_co2_and_stress() -> None:
    """Seed §廢料區: the last three spaces raise CO2 and stress (stand-in 8: CO2, 9: stress, 10: both)."""
    s = fresh(2)
    me = s.seats[0]
    me.waste = 7
    add_waste(s, 0, 3, "test")
    assert me.waste == 10 and me.co2 == 0 and me.cap == 4


def test_waste_overflow_leaves_the_game() -> None:
    """Seed §廢料區: waste that does not fit leaves the game."""
    s = fresh(2)
    s.seats[0].waste = 10
    add_waste(s, 0, 2, "test")
    assert s.seats[0].waste == 10


def test_titanium_pays_for_iron_into_waste() -> None:
    """Seed §廢料區: titanium paid as iron returns to supply; an iron cube goes on the gauge."""
    s = fresh(2, equipment=False)
    me = s.seats[0]
    me.fe_l, me.ti_r = 0, 1
    at_module(s, 0, INDUSTRY)
    s.apply("refine A2")
    assert me.ti_r == 0 and me.waste == 2 and me.water == 3


EQUIPMENT_CASES = [
    (0, MINING, "concentrate left", "drill", ("ti_l", 3, 2)),
    (1, AIRLOCK, "probe r0c1", "suit", ("cap", 6, 5)),
    (3, CARGO, "deliver WA1", "freight", ("vp", 11, 10)),
    (6, GREENHOUSE, "buy food", "hydroponics", ("water", 2, 1)),
]


@pytest.mark.parametrize("eq,module,action,tile,check", EQUIPMENT_CASES)
def test_special_equipment_once_per_round(eq: int, module: int, action: str, tile: str,
                                          check: tuple[str, int, int]) -> None:
    """Seed §特殊設備: the tile may change its module's action once per round, then turns face down."""
    s = fresh(2, equipment=False)
    s.grid = [-1] * 16
    s.stacks[2] = [10]
    s.seats[0].equip = eq
    s.seats[0].equip_up = 1
    at_module(s, 0, module)
    s.apply(f"{action} with {tile}")
    assert getattr(s.seats[0], check[0]) == check[1] and s.seats[0].equip_up == 0


@pytest.mark.parametrize("eq,module,action,tile,check", EQUIPMENT_CASES)
def test_special_equipment_is_optional(eq: int, module: int, action: str, tile: str,
                                       check: tuple[str, int, int]) -> None:
    """Seed §特殊設備: using the tile is a choice; without it the action is the basic one and the
    tile stays face up; a face-down tile is not offered."""
    s = fresh(2, equipment=False)
    s.grid = [-1] * 16
    s.stacks[2] = [10]
    s.seats[0].equip = eq
    s.seats[0].equip_up = 1
    at_module(s, 0, module)
    s.apply(action)
    assert getattr(s.seats[0], check[0]) == check[2] and s.seats[0].equip_up == 1
    s2 = fresh(2, equipment=False)
    s2.grid = [-1] * 16
    s2.stacks[2] = [10]
    s2.seats[0].equip = eq
    s2.seats[0].equip_up = 0
    at_module(s2, 0, module)
    assert not any(n.endswith(f"with {tile}") for n in notations(s2))


def test_ref_bonus_flag_set_once() -> None:
    """Research §5.7: the refining bonus is claimed once."""
    s = fresh(2, equipment=False)
    s.seats[0].ref = 4
    at_module(s, 0, LAB)
    s.apply("research refining")
    s.apply("bonus titanium")
    assert s.seats[0].ref_bonus == 1 and s.seats[0].ti_l == 2
