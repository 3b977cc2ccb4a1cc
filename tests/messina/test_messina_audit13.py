"""Issue 13, own review: the seed's rules at their edges (a full supply or track, an empty stack, a
tie, an unusual estate or fleet).  Each test builds the position and pins what the engine does; the
results are listed in docs/rules/messina.md ("Audited (issue 13)")."""

from __future__ import annotations

from meeple.games.messina import next_round, plague, scoring
from meeple.games.messina.ships import ship_arrives
from meeple.games.messina.state import (
    CABINS,
    T_BUILD,
    T_FIGHT,
    T_MAIN,
    T_OVS,
    T_OVUP,
    T_PLACE,
    T_SLOT,
)
from tests.messina.messina_helpers import (
    add_workshop,
    at,
    cabin,
    clear_board,
    districts,
    get,
    give,
    legal,
    new,
    overseer,
    set_cabin,
    set_overseer,
)


def test_popularity_at_its_end_still_removes_the_cube() -> None:
    """3. 對抗瘟疫 at the register's end: the cube is removed (back to the supply), the step is lost."""
    s = clear_board(new(2, 1))
    n = districts(s)[0]
    s.cubes[n] = 1
    s.cube_supply -= 1
    top = len([r for r in s.tables.registers if r.track == "popularity"]) - 1
    give(s, 0, "popularity", top)
    give(s, 0, "fire", 1)
    supply = s.cube_supply
    at(s, (T_MAIN, 0, n, 0, 0), (T_FIGHT, 0, n, 0, 0))
    s.apply("douse")
    assert get(s, 0, "popularity") == top and s.cubes[n] == 0 and s.cube_supply == supply + 1
    assert s.seats[0].pend == ()


def test_a_ship_arriving_with_no_cube_left_carries_none() -> None:
    """下一輪設置 5 with the cube supply empty: the ship docks without a cube; taking it needs no fight."""
    s = clear_board(new(2, 1))
    s.cube_supply = 0
    s.sel = (0,)
    events: list = []
    ship_arrives(s, events)
    assert s.docks[0] and s.docks[0][0] & 1 == 0
    assert "plague" not in events[-1]["text"]


def test_an_overseer_after_six_advances_is_not_offered() -> None:
    """推進監工: six advances at most; with all three done the advance is lost."""
    s = clear_board(new(2, 1))
    set_overseer(s, 0, 0, 6, 0, 0)
    at(s, (T_MAIN, 0, districts(s)[0], 1, 0), (T_OVS, 0, 3, 0, 0))
    assert not any(a.startswith("advance craftsman") for a in legal(s))
    set_overseer(s, 0, 1, 6, 1, 0)
    set_overseer(s, 0, 2, 6, 2, 0)
    at(s, (T_MAIN, 0, districts(s)[0], 1, 0), (T_OVS, 0, 3, 0, 0))
    assert legal(s) == ["no overseer can advance"]


def test_upgrade_then_advance_with_every_overseer_upgraded() -> None:
    """升級監工 (second church reward: upgrade, then advance it): with nothing left to upgrade the
    reward does nothing (the advance is of the overseer just upgraded)."""
    s = clear_board(new(2, 1))
    for c in range(3):
        set_overseer(s, 0, c, *overseer(s, 0, c)[:2], 1)
    at(s, (T_MAIN, 0, districts(s)[0], 1, 0), (T_OVUP, 0, 1, 0, 0))
    assert legal(s) == ["no overseer to upgrade"]


def test_no_cabin_improvement_when_all_four_cabins_are_improved() -> None:
    """建造 (升級隔離室): each of the four cabins takes one improvement."""
    s = clear_board(new(2, 1))
    for c in range(CABINS):
        set_cabin(s, 0, c, *cabin(s, 0, c)[:2], c)
    give(s, 0, "coins", 9)
    give(s, 0, "wood", 9)
    at(s, (T_MAIN, 0, districts(s)[0], 1, 0), (T_BUILD, 0, -1, 0, 0))
    acts = legal(s)
    assert not any(" on cabin " in a for a in acts) and any(a.startswith("build WI") for a in acts)


def test_a_stack_of_one_tile_cannot_be_swapped() -> None:
    """建造: the swap puts the top tile under its stack, so a stack needs two tiles."""
    s = clear_board(new(2, 1))
    s.ws_st = (s.ws_st[0][:1], (), s.ws_st[2])
    s.ws_known = (0, 0, 0)
    give(s, 0, "coins", 1)
    at(s, (T_MAIN, 0, districts(s)[0], 1, 0), (T_BUILD, 0, -1, 0, 0))
    acts = legal(s)
    assert not any(a.startswith("swap workshop stack 1") or a.startswith("swap workshop stack 2") for a in acts)
    assert any(a.startswith("swap workshop stack 3") for a in acts)


def test_a_full_estate_class_discards_the_rescued_citizen_unless_one_moves_to_a_workshop() -> None:
    """2. 拯救市民 with the six slots of the class taken: discarded, or first staff a workshop."""
    s = clear_board(new(2, 1))
    for k in (0, 1, 2, 9, 10, 11):
        s.seats[0].estate[k] = 0
    at(s, (T_MAIN, 0, districts(s)[0], 1, 0), (T_SLOT, 0, 0, 0, 0))
    assert legal(s) == ["discard citizen"]
    names = [w.name for w in s.tables.workshops]
    add_workshop(s, 0, names.index("WI-C1"), -1, 0)
    at(s, (T_MAIN, 0, districts(s)[0], 1, 0), (T_SLOT, 0, 0, 0, 0))
    assert "discard citizen" in legal(s) and any(a.startswith("staff WI-C1 from") for a in legal(s))
    assert sum(1 for v in s.seats[0].estate if v >= 0) == 6


def test_an_empty_citizen_supply_limits_the_wheel() -> None:
    """下一輪設置 7: citizens come from a limited supply; an empty class places none."""
    s = clear_board(new(2, 1))
    s.cit_supply = [0, 5, 5]
    before = [sum(s.citizens[k][n] for n in range(len(s.cubes))) for k in range(3)]
    plague.wheel_turn(s, True, [])
    after = [sum(s.citizens[k][n] for n in range(len(s.cubes))) for k in range(3)]
    assert after[0] == before[0] == 0
    assert sum(after) <= 10


def test_rats_beyond_the_table_cost_three_more_each() -> None:
    """老鼠標記懲罰: 0/1/2/4/7/10/13/16/18/21 for 0-9 rats; beyond, 3 VP more per rat (stand-in)."""
    s = clear_board(new(2, 1))
    assert [scoring.rat_penalty(s, r) for r in range(10)] == [0, 1, 2, 4, 7, 10, 13, 16, 18, 21]
    assert scoring.rat_penalty(s, 20) - scoring.rat_penalty(s, 19) == 3


def test_a_seat_without_fire_leaves_the_plague_at_once() -> None:
    """3. 對抗瘟疫 with no fire at all (and no workshop to staff): a rat per cube, no decision."""
    s = clear_board(new(2, 1))
    n = districts(s)[0]
    s.cubes[n] = 2
    s.cube_supply -= 2
    give(s, 0, "fire", 0)
    give(s, 0, "rats", 0)
    at(s, (T_PLACE, 0, 0, 0, 0))
    s.apply(f"lt1 to {s.nname[n]}")
    assert get(s, 0, "rats") == 2 and s.tasks[-1][0] == T_MAIN and s.cubes[n] == 2


def test_the_lowest_score_goes_first_in_round_five_ties_keep_the_order() -> None:
    """下一輪設置 4 (round V, stand-in: lowest score first): equal VP keep the previous order."""
    s = clear_board(new(3, 1))
    s.order = (2, 0, 1)
    for p, v in ((0, 5), (1, 5), (2, 5)):
        give(s, p, "vp", v)
    assert next_round.turn_order(s, 5) == (2, 0, 1)


def test_every_second_ship_advances_an_overseer() -> None:
    """移動到船上: the 2nd, 4th and 6th ship advance an overseer; the 1st, 3rd do not."""
    from meeple.games.messina.ships import take_ship

    s = clear_board(new(2, 1))
    at(s, (T_MAIN, 0, 4, 1, 0))
    for k in range(1, 5):
        take_ship(s, 0, k, [])
        assert get(s, 0, "ships") == k
        assert (s.tasks[-1][0] == T_OVS) == (k % 2 == 0)
        if s.tasks[-1][0] == T_OVS:
            s.tasks.pop()
