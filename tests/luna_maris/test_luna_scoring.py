"""Luna Maris scoring: round clean-up (seed §結算階段) and final scoring (seed §最終計分), on
constructed states."""

from __future__ import annotations

import pytest

from meeple.games.luna_maris.scoring import (
    carbon_credits,
    clean_up,
    final_breakdown,
    largest_group,
    orders_points,
    rank_points,
    resource_points,
    stress_points,
    waste_points,
)
from meeple.games.luna_maris.state import new_seat
from tests.luna_maris.lm_helpers import fresh

BOARD_STRESS = (0, 0, 0, 0, 0, 0, 0, 2, 5)


@pytest.mark.parametrize("cells,expected", [((0, 1), 2), ((0, 5), 1), ((0, 1, 2, 3), 4), ((0, 4, 8), 3)])
def test_probe_adjacency_largest_group(cells: tuple[int, ...], expected: int) -> None:
    """Seed §探測器分數: only orthogonally adjacent probes count together."""
    s = fresh(2)
    grid = [-1] * 16
    for c in cells:
        grid[c] = 0
    assert largest_group(grid, s.adj, 0) == expected


def test_probe_scoring_two_three_four() -> None:
    """Seed §探測器分數: 2/3/4 adjacent probes -> 1/2/3 VP each clean-up."""
    s = fresh(3)
    s.grid = [0, 0, -1, -1, 1, 1, 1, -1, 2, -1, -1, -1, -1, -1, -1, -1]
    for me in s.seats:
        me.vp = 5
    clean_up(s)
    assert [me.vp for me in s.seats] == [6, 7, 5]


@pytest.mark.parametrize("co2,values,expected", [
    ([3, 2], (1, -1), [1, -1]),
    ([2, 2], (1, -1), [0, 0]),
    ([4, 3, 2], (1, 0, -1), [1, 0, -1]),
    ([4, 4, 2], (1, 0, -1), [1, 1, -1]),
    ([4, 2, 2], (1, 0, -1), [1, -1, -1]),
    ([5, 4, 3, 2], (2, 1, 0, -1), [2, 1, 0, -1]),
    ([5, 5, 3, 3], (2, 1, 0, -1), [2, 2, -1, -1]),
    ([5, 4, 4, 2], (2, 1, 0, -1), [2, 1, 1, -1]),
    ([3, 3, 3, 3], (2, 1, 0, -1), [0, 0, 0, 0]),
])
def test_carbon_credits_with_ties(co2: list[int], values: tuple[int, ...], expected: list[int]) -> None:
    """Seed §碳信用分數: 2p 1/-1, 3p 1/0/-1, 4p 2/1/0/-1; all tied nobody scores; the last group
    loses 1, the first group gains the first value, the second the second."""
    assert carbon_credits(co2, values) == expected


def test_clean_up_build_track_equipment_and_o2() -> None:
    """Seed §結算階段: 1 VP per build-track disc, equipment face up again, O2 back to 0."""
    s = fresh(2)
    s.grid = [-1] * 16
    s.build_track = [0, 1, 0]
    for me in s.seats:
        me.vp = 5
        me.o2 = 4
        me.co2 = 2
    s.seats[0].equip = 2
    s.seats[0].equip_up = 0
    clean_up(s)
    assert [me.vp for me in s.seats] == [7, 6]
    assert s.seats[0].equip_up == 1 and all(me.o2 == 0 for me in s.seats)


@pytest.mark.parametrize("cap,vp", [(8, 5), (7, 2), (6, 0), (3, 0)])
def test_final_stress_position(cap: int, vp: int) -> None:
    """Seed §最終計分 1: stress marker under 8 -> 5 VP, under 7 -> 2 VP, not cumulative."""
    assert stress_points(cap, BOARD_STRESS) == vp


@pytest.mark.parametrize("values,eligible,expected", [
    ([3, 2, 1, 0], [True] * 4, [8, 5, 2, 0]),
    ([3, 3, 1, 0], [True] * 4, [6, 6, 2, 0]),
    ([3, 3, 3, 0], [True] * 4, [5, 5, 5, 0]),
    ([2, 1, 1, 1], [True] * 4, [8, 2, 2, 2]),
    ([4, 4], [True, True], [6, 6]),
    ([0, 2, 1], [False, True, True], [0, 8, 5]),
])
def test_food_ranking_ties_split_rounded_down(values: list[int], eligible: list[bool], expected: list[int]) -> None:
    """Seed §最終計分 3-4: places score 8/5/2; tied players share the places' points, rounded down."""
    assert rank_points(values, (8, 5, 2), eligible) == expected


@pytest.mark.parametrize("n,vp", [(0, -5), (1, 0), (2, 3), (3, 5), (4, 8), (6, 8)])
def test_final_orders(n: int, vp: int) -> None:
    """Seed §最終計分 6: 0-4 orders -> -5/0/3/5/8."""
    assert orders_points(n, (-5, 0, 3, 5, 8)) == vp


def test_final_resources_pooled_not_o2() -> None:
    """Seed §最終計分 7: 1 VP per 2 leftover iron/titanium/water/He-3/energy, O2 never counts."""
    me = new_seat()
    me.fe_l, me.fe_r, me.ti_l, me.ti_r, me.water, me.he3, me.energy, me.o2 = 1, 1, 1, 0, 1, 1, 2, 8
    assert resource_points(me) == 3


@pytest.mark.parametrize("waste,vp", [(0, 0), (1, -1), (2, -3), (5, -9)])
def test_final_waste(waste: int, vp: int) -> None:
    """Seed §最終計分 8: the first waste cube -1, each further -2."""
    assert waste_points(waste) == vp


def test_final_breakdown_on_constructed_state() -> None:
    """Seed §最終計分: all eight items on a constructed end position, CO2 track -5..8."""
    s = fresh(2)
    a, b = s.seats
    a.cap, b.cap = 8, 7
    a.co2, b.co2 = 6, 0
    s.seats[0].hand.append(24)
    s.seats[0].rest.append(25)
    s.seats[0].food = [0, 6, 1]  # potato 1, lettuce 1, potato 2: 2 kinds, value 4
    s.seats[1].food = [2]  # potato 2: 1 kind, value 2
    s.seats[0].delivered = [0, 1, 2, 3]
    s.seats[1].delivered = []
    for me in (a, b):
        me.fe_l = me.fe_r = me.ti_l = me.ti_r = me.water = me.he3 = me.energy = 0
    a.energy = 5
    a.waste, b.waste = 0, 3
    rows = final_breakdown(s)
    assert rows[0] == [5, 4, 8, 8, 8, 8, 2, 0]
    assert rows[1] == [2, 0, 5, 5, -5, -5, 0, -5]


def test_tiebreak_orders_then_lower_co2() -> None:
    """Seed §平手: more orders wins, then lower CO2, else a shared place."""
    s = fresh(3)
    for me, tiles in zip(s.seats, ([0], [1, 2], [3, 4]), strict=True):
        me.delivered = tiles
    s.seats[1].co2, s.seats[2].co2 = 4, 3
    for me in s.seats:
        me.vp = 10
    assert s.ranking() == [[1], [2], [0]]
    s.seats[2].co2 = 4
    assert s.ranking() == [[1, 2], [0]]
