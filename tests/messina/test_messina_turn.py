"""A turn's four steps, recall and the docks (seed 遊戲流程, 1-4, 另外兩種使用工人的方法)."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction
from meeple.games.messina.state import (
    CABINS,
    D0,
    DOCK0,
    LOC_ESTATE,
    LOC_LOST,
    READY,
    SPENT,
    STANDING,
    T_FIGHT,
    T_MAIN,
    T_PAY,
    T_PLACE,
)
from tests.messina.messina_helpers import (
    add_wagon,
    all_in_estate,
    at,
    citizens_on,
    clear_board,
    coins,
    districts,
    estate,
    get,
    give,
    legal,
    new,
    put_lieutenant,
    set_cabin,
    slot,
)


def _round_two(players: int = 2, seed: int = 1):
    s = clear_board(new(players, seed))
    s.round_ = 2
    all_in_estate(s)
    return s


def test_round_one_places_from_the_estate_one_lieutenant_per_hex() -> None:
    """1. 第一輪: lieutenants come from the estate; each hex takes one lieutenant per round."""
    s = clear_board(new(2, 1))
    at(s, (T_PLACE, 0, 0, 0, 0))
    options = legal(s)
    target = s.nname[districts(s)[0]]
    assert f"lt1 to {target}" in options
    assert not any(o.endswith(" to D1") for o in options), "not straight to the docks"
    s.apply(f"lt1 to {target}")
    while s.to_move == 0 and "end turn" in legal(s):
        s.apply("end turn")
    assert all(not o.endswith(f" to {target}") for o in legal(s))


def test_movement_first_step_free_then_one_coin_per_step() -> None:
    """1. 第二到六輪: moving to a neighbouring hex is free; each further hex costs 1 coin."""
    s = _round_two()
    a = districts(s)[0]
    far = next(b for b in districts(s) if s.dist[a][b] == 3)
    near = next(b for b in districts(s) if s.dist[a][b] == 1)
    put_lieutenant(s, 0, 0, a)
    give(s, 0, "coins", 5)
    at(s, (T_PLACE, 0, 0, 0, 0))
    s2 = s.clone()
    s.apply(f"lt1 to {s.nname[far]}")
    assert coins(s, 0) == 3
    s2.apply(f"lt1 to {s2.nname[near]}")
    assert coins(s2, 0) == 5


def test_movement_cost_must_be_affordable() -> None:
    """1. 第二到六輪: a lieutenant cannot move further than its owner can pay for."""
    s = _round_two()
    a = districts(s)[0]
    far = next(b for b in districts(s) if s.dist[a][b] == 3)
    put_lieutenant(s, 0, 0, a)
    give(s, 0, "coins", 1)
    at(s, (T_PLACE, 0, 0, 0, 0))
    with pytest.raises(IllegalAction, match="costs 2 coins, you have 1"):
        s.apply(f"lt1 to {s.nname[far]}")


def test_cannot_move_onto_a_standing_lieutenant_but_may_stay() -> None:
    """1. 第二到六輪: never onto a hex with a standing lieutenant; staying put is allowed."""
    s = _round_two()
    a, b = districts(s)[0], districts(s)[1]
    put_lieutenant(s, 0, 0, a)
    put_lieutenant(s, 1, 0, b, STANDING)
    s.used[b] = 1
    at(s, (T_PLACE, 0, 0, 0, 0))
    assert f"lt1 to {s.nname[a]}" in legal(s)
    assert f"lt1 to {s.nname[b]}" not in legal(s)
    with pytest.raises(IllegalAction, match="standing lieutenant"):
        s.apply(f"lt1 to {s.nname[b]}")


def test_lieutenants_in_the_city_move_before_those_in_the_estate() -> None:
    """額外的工人: estate lieutenants are used only after all those in the city."""
    s = _round_two()
    a = districts(s)[0]
    put_lieutenant(s, 0, 0, a)
    put_lieutenant(s, 0, 1, LOC_ESTATE)
    at(s, (T_PLACE, 0, 0, 0, 0))
    assert all(o.startswith("lt1") or o == "recall lt1" for o in legal(s))
    with pytest.raises(IllegalAction, match="in the city must be used before"):
        s.apply(f"lt2 to {s.nname[districts(s)[1]]}")


def test_estate_lieutenant_cannot_go_straight_to_the_docks() -> None:
    """碼頭和城市板塊的差異: from the estate only to a hex or harbour, never the docks."""
    s = _round_two()
    at(s, (T_PLACE, 0, 0, 0, 0))
    assert "lt1 to H1" in legal(s)
    with pytest.raises(IllegalAction, match="docks"):
        s.apply("lt1 to D1")


def test_recall_gives_one_coin_and_the_lieutenant_waits_a_round() -> None:
    """召回工人: take a lying lieutenant back to the estate for 1 coin; usable next round."""
    s = _round_two()
    a = districts(s)[0]
    put_lieutenant(s, 0, 0, a)
    give(s, 0, "coins", 0)
    at(s, (T_PLACE, 0, 0, 0, 0))
    s.apply("recall lt1")
    assert coins(s, 0) == 1
    assert s.seats[0].lt_where[0] == LOC_ESTATE and s.seats[0].lt_status[0] == SPENT


def test_rescue_without_plague_goes_to_the_estate_slot_of_its_class() -> None:
    """2. 拯救市民: no plague: every citizen goes to a free estate slot of its class."""
    s = clear_board(new(2, 1))
    n = districts(s)[0]
    s.citizens[0][n] = 1
    s.citizens[2][n] = 1
    at(s, (T_PLACE, 0, 0, 0, 0))
    s.apply(f"lt1 to {s.nname[n]}")
    assert legal(s)[:6] == ["to C1.0", "to C1.1", "to C1.2", "to C2.0", "to C2.1", "to C2.2"]
    s.apply("to C2.1")
    assert "to N1.0" in legal(s)
    s.apply("to N1.0")
    assert estate(s, 0, "C2.1") == 0 and estate(s, 0, "N1.0") == 0
    assert citizens_on(s, n) == [0, 0, 0]


def test_rescue_discards_when_the_class_has_no_free_slot() -> None:
    """2. 拯救市民: six slots per class; with none free the citizen is discarded."""
    s = clear_board(new(2, 1))
    for name in ("C1.0", "C1.1", "C1.2", "C2.0", "C2.1", "C2.2"):
        slot(s, 0, name, 0)
    n = districts(s)[0]
    s.citizens[0][n] = 1
    supply = s.cit_supply[0]
    at(s, (T_PLACE, 0, 0, 0, 0))
    s.apply(f"lt1 to {s.nname[n]}")
    assert s.cit_supply[0] == supply + 1
    assert s.tasks[-1][0] == T_MAIN


def test_rescue_with_plague_goes_to_quarantine_and_overflow_is_discarded() -> None:
    """2. 拯救市民: plague on the hex: all citizens to empty quarantine cabins, the rest discarded."""
    s = clear_board(new(2, 1))
    n = districts(s)[0]
    s.cubes[n] = 1
    s.cube_supply -= 1
    s.citizens[1][n] = 1
    for k in range(3):  # cabins 1-3 taken
        set_cabin(s, 0, k, 0, 0, -1)
    for k in range(3):
        set_cabin(s, 0, k, 0, 1, -1)
    s.citizens[2][n] = 1
    nuns = s.cit_supply[2]
    at(s, (T_PLACE, 0, 0, 0, 0))
    s.apply(f"lt1 to {s.nname[n]}")
    # one cabin for two citizens: the seat chooses who goes in (issue 13; was a fixed order)
    s.apply("quarantine aristocrat")
    assert s.seats[0].cabin_citizen[3] == 1 * 2 and s.seats[0].cabin_stage[3] == 1, "the aristocrat in cabin 4 at stage I"
    assert s.cit_supply[2] == nuns + 1, "no cabin left: the nun is discarded"
    assert all(s.seats[0].cabin_citizen[k] >= 0 for k in range(CABINS))
    assert all(v < 0 for v in s.seats[0].estate), "plague: nobody goes to the estate"


def _plague_turn(s, n: int, cubes: int, fire: int, major: int = 0):
    s.cubes[n] = cubes
    s.cube_supply -= cubes
    give(s, 0, "fire", fire)
    give(s, 0, "major", major)
    at(s, (T_PLACE, 0, 0, 0, 0))
    s.apply(f"lt1 to {s.nname[n]}")
    return s


def test_fire_costs_one_per_cube_in_rounds_one_to_four() -> None:
    """3. 對抗瘟疫: one fire removes one cube; +1 popularity per cube."""
    s = clear_board(new(2, 1))
    n = districts(s)[0]
    _plague_turn(s, n, 2, 2)
    assert s.tasks[-1][0] == T_FIGHT
    s.apply("douse")
    s.apply("douse")
    assert s.cubes[n] == 0 and get(s, 0, "fire") == 0 and get(s, 0, "popularity") == 2
    assert get(s, 0, "vp") == 0 and get(s, 0, "rats") == 0


def test_fire_costs_two_per_cube_in_the_last_two_rounds_for_two_vp() -> None:
    """3. 對抗瘟疫: in the last two rounds a cube costs two fires and gives 2 VP."""
    s = _round_two()
    s.round_ = 5
    n = districts(s)[0]
    _plague_turn(s, n, 2, 3)
    s.apply("douse")
    assert get(s, 0, "fire") == 1 and s.cubes[n] == 1 and get(s, 0, "vp") == 2
    assert get(s, 0, "rats") == 1, "one fire left cannot pay: the last cube gives a rat"
    assert s.tasks[-1][0] == T_MAIN


def test_unfought_plague_gives_a_rat_per_cube() -> None:
    """3. 對抗瘟疫: each cube left after fighting gives a rat; the cubes stay."""
    s = clear_board(new(2, 1))
    n = districts(s)[0]
    _plague_turn(s, n, 2, 5)
    s.apply("stop fighting")
    assert get(s, 0, "rats") == 2 and s.cubes[n] == 2 and get(s, 0, "fire") == 5


def test_major_fire_also_clears_an_adjacent_district_only() -> None:
    """火焰指示物: a major fire may also remove a cube from a neighbouring district; harbours,
    docks and ships are not neighbours."""
    s = clear_board(new(2, 1))
    n = next(x for x in districts(s) if s.dist[x][0] == 1)  # next to harbour H1
    m = next(x for x in districts(s) if s.dist[n][x] == 1)
    far = next(x for x in districts(s) if s.dist[n][x] == 2)
    s.cubes[m] = 1
    s.cubes[far] = 1
    s.cube_supply -= 2
    _plague_turn(s, n, 1, 0, major=1)
    options = legal(s)
    assert f"major fire, also {s.nname[m]}" in options
    assert f"major fire, also {s.nname[far]}" not in options
    assert not any("also H" in o or "also D" in o for o in options)
    s.apply(f"major fire, also {s.nname[m]}")
    assert s.cubes[n] == 0 and s.cubes[m] == 0 and get(s, 0, "major") == 0 and get(s, 0, "popularity") == 2


def test_popularity_reward_is_usable_in_step_four_of_the_same_turn() -> None:
    """3. 對抗瘟疫: a reward reached on the popularity register may be used this turn."""
    s = clear_board(new(2, 1))
    give(s, 0, "popularity", 1)
    n = districts(s)[0]
    _plague_turn(s, n, 1, 1)
    s.apply("douse")
    assert "use advance city or church" in legal(s)
    s.apply("use advance city or church")
    s.apply("church +1")
    assert get(s, 0, "church") == 1


def _can_repopulate(s, seat: int, n: int) -> None:
    h = s.tables.hexes[s.ntile[n]]
    give(s, seat, "coins", h.cost_coins)
    give(s, seat, "wood", h.cost_wood)
    add_wagon(s, seat, 0, 0)
    names = ["C1.0", "C1.1", "C1.2", "C2.0"], ["A1.0", "A1.1", "A1.2", "A2.0"], ["N1.0", "N1.1", "N1.2", "N2.0"]
    for k in range(3):
        for i in range(h.cost_citizens[k]):
            slot(s, seat, names[k][i], 0)
        for i in range(h.cost_upgraded[k]):
            slot(s, seat, names[k][3 - i], 1)
    if h.cost_any_upgraded:
        slot(s, seat, "N2.2", 1)


def test_repopulation_pays_the_cost_uses_a_wagon_and_places_a_token() -> None:
    """4. 活絡城市: pay the hex's cost, exhaust a wagon, return the citizens, place your token."""
    s = clear_board(new(2, 1))
    n = districts(s)[0]
    h = s.tables.hexes[s.ntile[n]]
    _can_repopulate(s, 0, n)
    at(s, (T_PLACE, 0, 0, 0, 0))
    s.apply(f"lt1 to {s.nname[n]}")
    s.apply(f"repopulate {h.name}")
    assert s.owner[n] == 0 and get(s, 0, "repops") == 1
    assert coins(s, 0) == 0 and get(s, 0, "wood") == 0
    assert s.wagons.exhausted[0] == 1, "the wagon is exhausted"
    while s.tasks[-1][0] == T_PAY:
        s.apply(legal(s)[0])
    assert all(v < 0 for v in s.seats[0].estate)
    assert "action:" not in " ".join(legal(s)), "action or repopulation, not both"


def test_repopulation_citizens_are_chosen_and_upgraded_may_pay_for_ordinary() -> None:
    """活絡城市 3: the citizens shown go back to the supply (an upgraded one may pay for an ordinary
    one); the owner chooses which, among those that leave the rest payable."""
    s = clear_board(new(2, 1))
    n = districts(s)[0]
    b1 = [i for i, h in enumerate(s.tables.hexes) if h.name == "B1"][0]  # 1 craftsman + 1 any upgraded
    nt = list(s.ntile)
    nt[n] = b1
    s.ntile = tuple(nt)
    s.nname = tuple("B1" if i == n else x for i, x in enumerate(s.nname))
    give(s, 0, "coins", 2)
    give(s, 0, "wood", 2)
    add_wagon(s, 0, 0, 0)
    slot(s, 0, "C1.0", 1)   # upgraded craftsman
    slot(s, 0, "C2.2", 1)   # upgraded craftsman
    slot(s, 0, "N1.1", 0)   # ordinary nun: pays for nothing here
    supply = s.cit_supply[0]
    at(s, (T_MAIN, 0, n, 0, 0))
    s.apply("repopulate B1")
    assert legal(s) == ["pay with C1.0", "pay with C2.2"], "any upgraded citizen first"
    s.apply("pay with C2.2")  # the ordinary craftsman can only be paid by C1.0: applied as forced
    assert estate(s, 0, "C1.0") == -1 and estate(s, 0, "N1.1") == 0
    assert s.cit_supply[0] == supply + 2 and s.owner[n] == 0


def test_repopulation_explains_what_is_missing() -> None:
    """4. 活絡城市: without the cost the repopulation is refused with a reason."""
    s = clear_board(new(2, 1))
    n = districts(s)[0]
    at(s, (T_PLACE, 0, 0, 0, 0))
    give(s, 0, "coins", 0)
    s.apply(f"lt1 to {s.nname[n]}")
    with pytest.raises(IllegalAction, match="unused wagon"):
        s.apply(f"repopulate {s.tables.hexes[s.ntile[n]].name}")


def test_repopulation_on_a_plague_hex_gives_one_rat_whatever_the_cubes() -> None:
    """活絡城市 6: repopulating a hex with plague gives exactly one rat."""
    s = clear_board(new(2, 1))
    n = districts(s)[0]
    _can_repopulate(s, 0, n)
    _plague_turn(s, n, 3, 0)
    assert get(s, 0, "rats") == 3
    s.apply(f"repopulate {s.tables.hexes[s.ntile[n]].name}")
    assert get(s, 0, "rats") == 4


def test_repopulation_with_a_lieutenant_in_the_cost_loses_it() -> None:
    """活絡城市 3: a lieutenant in the cost is paid and gone for good."""
    s = clear_board(new(2, 1))
    n = districts(s)[0]
    c1 = [i for i, h in enumerate(s.tables.hexes) if h.name == "C1"][0]
    nt = list(s.ntile)
    nt[n] = c1
    s.ntile = tuple(nt)
    s.nname = tuple("C1" if i == n else x for i, x in enumerate(s.nname))
    _can_repopulate(s, 0, n)
    at(s, (T_PLACE, 0, 0, 0, 0))
    s.apply("lt1 to C1")
    s.apply("repopulate C1")
    assert legal(s) == ["give up lt1 (C1)", "give up lt2 (estate)", "give up lt3 (estate)"]
    s.apply("give up lt2 (estate)")
    assert s.seats[0].lt_where[1] == LOC_LOST and s.seats[0].lt_where[0] == n
    while s.tasks[-1][0] == T_PAY:
        s.apply(legal(s)[0])
    assert s.owner[n] == 0


def test_at_most_five_repopulations() -> None:
    """活絡城市: a player repopulates at most 5 times."""
    s = clear_board(new(2, 1))
    n = districts(s)[0]
    _can_repopulate(s, 0, n)
    give(s, 0, "repops", 5)
    at(s, (T_PLACE, 0, 0, 0, 0))
    s.apply(f"lt1 to {s.nname[n]}")
    assert not any(o.startswith("repopulate") for o in legal(s))


def test_a_repopulated_hex_gives_its_owner_two_vp_per_visit() -> None:
    """活絡城市 5.1: whenever anyone uses the hex later, its owner scores 2 VP."""
    s = clear_board(new(2, 1))
    n = districts(s)[0]
    s.owner[n] = 1
    at(s, (T_PLACE, 0, 0, 0, 0))
    s.apply(f"lt1 to {s.nname[n]}")
    assert get(s, 1, "vp") == 2 and get(s, 0, "vp") == 0


def test_buying_a_register_step_costs_one_coin_per_lieutenant() -> None:
    """推進方法: city and church steps cost as many coins as you have lieutenants."""
    s = clear_board(new(2, 1))
    give(s, 0, "coins", 5)
    n = districts(s)[0]
    at(s, (T_MAIN, 0, n, 1, 0))
    s.apply("buy city")
    assert coins(s, 0) == 2 and get(s, 0, "city") == 1
    at(s, (T_MAIN, 0, n, 1, 0))
    assert "buy city" not in legal(s)
    with pytest.raises(IllegalAction, match="costs 3 coins"):
        s.apply("buy church")


def test_docks_fight_the_ship_plague_and_take_ship_and_coins() -> None:
    """移動到船上: fight the ship's cube (else a rat; the cube leaves anyway), take ship and coins."""
    for fight in (True, False):
        s = _round_two()
        put_lieutenant(s, 0, 0, 0)  # on harbour H1
        s.docks = ((0 * 2 + 1,), (), (), ())
        s.cube_supply -= 1
        supply = s.cube_supply
        give(s, 0, "fire", 1)
        give(s, 0, "coins", 0)
        at(s, (T_PLACE, 0, 0, 0, 0))
        s.apply("lt1 to D1")
        s.apply("douse the ship" if fight else "let the ship's plague go")
        assert s.docks[0] == ()
        assert coins(s, 0) == s.tables.ships[0].coins
        assert get(s, 0, "ships") == 1 and s.cube_supply == supply + 1
        assert get(s, 0, "rats") == (0 if fight else 1)
        assert get(s, 0, "popularity") == (1 if fight else 0)


def test_docks_hold_any_number_of_lieutenants() -> None:
    """碼頭和城市板塊的差異: the docks take several lieutenants; a harbour hex only one."""
    s = _round_two()
    put_lieutenant(s, 0, 0, 0)
    put_lieutenant(s, 1, 0, DOCK0, STANDING)
    put_lieutenant(s, 1, 1, 0 + 1, STANDING)
    s.used[1] = 1
    at(s, (T_PLACE, 0, 0, 0, 0))
    assert "lt1 to D1" in legal(s)
    assert "lt1 to H2" not in legal(s)


@pytest.mark.parametrize(("parity", "ships_before", "advance"), [
    ("even", 1, True), ("even", 0, False), ("odd", 0, True), ("odd", 1, False)])
def test_every_second_ship_advances_an_overseer(parity: str, ships_before: int, advance: bool) -> None:
    """移動到船上: the 2nd, 4th, 6th ship advances an overseer (option: odd counts)."""
    s = _round_two()
    s.options = dict(s.options, ship_overseer_parity=parity)
    put_lieutenant(s, 0, 0, 0)
    s.docks = ((0,), (), (), ())
    give(s, 0, "ships", ships_before)
    at(s, (T_PLACE, 0, 0, 0, 0))
    s.apply("lt1 to D1")
    assert any(o.startswith("advance craftsman overseer") for o in legal(s)) == advance


def test_an_empty_docks_visit_does_nothing() -> None:
    """移動到船上: without a ship you may still go to the docks, but do nothing there."""
    s = _round_two()
    put_lieutenant(s, 0, 0, 0)
    at(s, (T_PLACE, 0, 0, 0, 0))
    s.apply("lt1 to D1")
    assert s.tasks[-1][0] == T_MAIN and not any(o.startswith("action") for o in legal(s))
    assert s.seats[0].lt_where[0] == DOCK0 and s.seats[0].lt_status[0] == STANDING
    assert D0 > DOCK0 and READY == 0
