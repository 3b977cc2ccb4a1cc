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
from meeple.games.luna_maris.state import (
    CAP,
    CO2,
    ENERGY,
    EQUIP,
    EQUIP_UP,
    FE_L,
    FE_R,
    HE3,
    NFIELDS,
    O2,
    TI_L,
    TI_R,
    VP,
    WASTE,
    WATER,
)
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
    for me in s.pl:
        me[VP] = 5
    clean_up(s)
    assert [me[VP] for me in s.pl] == [6, 7, 5]


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
    for me in s.pl:
        me[VP] = 5
        me[O2] = 4
        me[CO2] = 2
    s.pl[0][EQUIP] = 2
    s.pl[0][EQUIP_UP] = 0
    clean_up(s)
    assert [me[VP] for me in s.pl] == [7, 6]
    assert s.pl[0][EQUIP_UP] == 1 and all(me[O2] == 0 for me in s.pl)


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
    me = [0] * NFIELDS
    me[FE_L], me[FE_R], me[TI_L], me[TI_R], me[WATER], me[HE3], me[ENERGY], me[O2] = 1, 1, 1, 0, 1, 1, 2, 8
    assert resource_points(me) == 3


@pytest.mark.parametrize("waste,vp", [(0, 0), (1, -1), (2, -3), (5, -9)])
def test_final_waste(waste: int, vp: int) -> None:
    """Seed §最終計分 8: the first waste cube -1, each further -2."""
    assert waste_points(waste) == vp


def test_final_breakdown_on_constructed_state() -> None:
    """Seed §最終計分: all eight items on a constructed end position, CO2 track -5..8."""
    s = fresh(2)
    a, b = s.pl
    a[CAP], b[CAP] = 8, 7
    a[CO2], b[CO2] = 6, 0
    s.hands[0].append(24)
    s.rest[0].append(25)
    s.food[0] = [0, 6, 1]  # potato 1, lettuce 1, potato 2: 2 kinds, value 4
    s.food[1] = [2]  # potato 2: 1 kind, value 2
    s.delivered[0] = [0, 1, 2, 3]
    s.delivered[1] = []
    for me in (a, b):
        me[FE_L] = me[FE_R] = me[TI_L] = me[TI_R] = me[WATER] = me[HE3] = me[ENERGY] = 0
    a[ENERGY] = 5
    a[WASTE], b[WASTE] = 0, 3
    rows = final_breakdown(s)
    assert rows[0] == [5, 4, 8, 8, 8, 8, 2, 0]
    assert rows[1] == [2, 0, 5, 5, -5, -5, 0, -5]


def test_tiebreak_orders_then_lower_co2() -> None:
    """Seed §平手: more orders wins, then lower CO2, else a shared place."""
    s = fresh(3)
    s.delivered = [[0], [1, 2], [3, 4]]
    s.pl[1][CO2], s.pl[2][CO2] = 4, 3
    for me in s.pl:
        me[VP] = 10
    assert s.ranking() == [[1], [2], [0]]
    s.pl[2][CO2] = 4
    assert s.ranking() == [[1, 2], [0]]
