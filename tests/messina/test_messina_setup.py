"""Set-up by player count (seed 遊戲設置, 其他板塊, 起始設置)."""

from __future__ import annotations

import pytest

from meeple.games.messina.state import D0, LOC_ESTATE, LOC_NONE, MAXLT, NODES, READY
from tests.messina.messina_helpers import districts, new


@pytest.mark.parametrize(("players", "count"), [(2, 10), (3, 12), (4, 14)])
def test_start_city_has_a_hexes_for_the_count_plus_one_b(players: int, count: int) -> None:
    """遊戲設置: the A hexes for the player count plus one random B, and four harbours."""
    s = new(players, seed=3)
    hexes = s.tables.hexes
    city = [hexes[s.ntile[n]] for n in districts(s)]
    assert len(city) == count
    assert sum(1 for h in city if h.cls == "B") == 1
    assert all(h.min_players <= players for h in city if h.cls == "A")
    assert all(s.nname[h] for h in range(4)), "four harbours"


def test_neighbourhood_stack_has_the_other_b_on_top_of_the_c_hexes() -> None:
    """遊戲設置: the C hexes shuffled face down with the remaining B on top."""
    s = new(3, seed=4)
    hexes = s.tables.hexes
    stack = [hexes[t] for t in s.hood]
    assert stack[0].cls == "B"
    assert sorted(h.cls for h in stack[1:]) == ["C"] * 5
    in_city = {hexes[s.ntile[n]].name for n in districts(s)}
    assert stack[0].name not in in_city


@pytest.mark.parametrize(("players", "cubes"), [(2, 16), (3, 18), (4, 24)])
def test_plague_cubes_by_player_count(players: int, cubes: int) -> None:
    """遊戲設置: 16/18/24 plague cubes for 2/3/4 players (in the supply, on hexes and ships)."""
    s = new(players, seed=5)
    on_ships = sum(code & 1 for d in s.docks for code in d)
    assert s.cube_supply + sum(s.cubes) + on_ships == cubes


@pytest.mark.parametrize(("players", "ships"), [(2, 6), (3, 9), (4, 9)])
def test_ship_stack_lowest_back_on_top_and_no_gems_with_two(players: int, ships: int) -> None:
    """其他板塊: ships sorted by back number, lowest on top; two players remove the gem ships (6 left)."""
    s = new(players, seed=6)
    t = s.tables.ships
    docked = [code >> 1 for d in s.docks for code in d]
    all_ships = docked + list(s.ship_stack)
    assert len(all_ships) == ships
    backs = [t[i].back for i in s.ship_stack]
    assert backs == sorted(backs)
    if players == 2:
        assert all(t[i].cargo != "gems" for i in all_ships)


def test_cabin_workshop_and_wagon_stacks() -> None:
    """其他板塊: 3 cabin stacks of 5; phase I workshops in 3 stacks (phase II aside); wagons 1 on top."""
    s = new(3, seed=7)
    assert [len(x) for x in s.cab_st] == [5, 5, 5]
    w = s.tables.workshops
    assert all(w[i].phase == 1 for st in s.ws_st for i in st) and len(s.ws_st) == 3
    assert all(w[i].phase == 2 for st in s.ws2_st for i in st) and len(s.ws2_st) == 3
    assert len(s.wg_st) == 2
    assert [s.tables.wagons[i].number for i in s.wg_st[0]] == [1, 2, 3, 4, 5]


def test_two_players_use_one_wagon_stack() -> None:
    """其他板塊: two players remove one of the two wagon stacks."""
    assert len(new(2, seed=1).wg_st) == 1


def test_first_ship_arrives_with_a_plague_cube() -> None:
    """起始設置: draw a selection tile, put the top ship at that harbour with a plague cube."""
    s = new(4, seed=8)
    docked = [code for d in s.docks for code in d]
    assert len(docked) == 1 and docked[0] & 1 == 1
    assert len(s.sel) == 3 and len(s.sel_used) == 1


def test_first_wheel_turn_places_plague_and_citizens() -> None:
    """起始設置: turn the wheel once: a cube on every hex with its rat, citizens by colour."""
    s = new(4, seed=9)
    seg = s.tables.wheel[s.wheel]
    hexes = s.tables.hexes
    for n in districts(s):
        h = hexes[s.ntile[n]]
        assert s.cubes[n] == (1 if h.rat == seg.rat else 0)
        for k in range(3):
            assert s.citizens[k][n] == (1 if h.colour == seg.colours[k] else 0)
    assert all(s.cubes[n] == 0 for n in range(D0))


def test_players_start_with_three_lieutenants_in_the_estate() -> None:
    """遊戲流程: three lieutenants each at the start; more only from the city register."""
    s = new(3, seed=2)
    for p in range(3):
        locs = [s.seats[p].lt_where[i] for i in range(MAXLT)]
        assert locs == [LOC_ESTATE] * 3 + [LOC_NONE] * 2
        assert all(s.seats[p].lt_status[i] == READY for i in range(3))
    assert s.round_ == 1 and len(s.cubes) == NODES
