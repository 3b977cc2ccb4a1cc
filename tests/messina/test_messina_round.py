"""Round end and the next round's set-up (seed 每一輪結束, 生產, 隔離, 生產推進, 下一輪設置)."""

from __future__ import annotations

from meeple.games.messina import next_round, production, rounds
from meeple.games.messina.components import R_LIGHTNING
from meeple.games.messina.registers import advance_track
from meeple.games.messina.state import (
    D0,
    NODES,
    STANDING,
    T_MAIN,
    T_PLACE,
    T_SLOT,
)
from tests.messina.messina_helpers import (
    add_wagon,
    add_workshop,
    at,
    cabin,
    clear_board,
    districts,
    get,
    give,
    legal,
    new,
    put_lieutenant,
    set_cabin,
)


def _ws(s, name: str) -> int:
    return [w.name for w in s.tables.workshops].index(name)


def _cab(s, name: str) -> int:
    return [c.name for c in s.tables.cabins].index(name)


def test_production_of_improved_cabins_and_infinity_workshops() -> None:
    """生產: an improved cabin with a citizen and a ∞ workshop with its citizen produce; an
    upgraded worker adds 1 VP; an empty cabin or unimproved one gives nothing."""
    s = clear_board(new(2, 1))
    set_cabin(s, 0, 0, 0, 1, _cab(s, "Q-a1"))    # occupied, improved: 1 wood
    set_cabin(s, 0, 1, -1, 0, _cab(s, "Q-b1"))   # empty, improved: nothing
    add_workshop(s, 0, _ws(s, "WI-A1"), 1, 0)      # upgraded aristocrat: 2 coins + 1 VP
    add_workshop(s, 0, _ws(s, "WI-C5"), 0, 0)      # needs upgraded, ordinary citizen: nothing
    give(s, 0, "wood", 0)
    give(s, 0, "coins", 0)
    production.production(s, [])
    assert get(s, 0, "wood") == 1 and get(s, 0, "coins") == 2 and get(s, 0, "vp") == 1


def test_production_register_rewards_wait_for_the_next_step_four() -> None:
    """生產推進: a register step from production is taken at once, its reward only in the owner's
    next step 4."""
    s = clear_board(new(2, 1))
    s.in_turn = -1
    give(s, 0, "city", 1)
    add_workshop(s, 0, _ws(s, "WI-A3"), 0, 0)      # advance city 1 -> space 2: lightning
    production.production(s, [])
    assert get(s, 0, "city") == 2
    assert s.seats[0].pend == () and s.seats[0].defer == (R_LIGHTNING,)
    s.order = (0, 1)
    s.cur = -1
    put_lieutenant(s, 0, 0, -1)
    assert rounds.next_turn(s)
    # issue 13: it becomes usable when the turn reaches its step 4, not at the turn's start
    assert s.seats[0].pend == () and s.seats[0].defer == (R_LIGHTNING,)
    s._legal_cache = None
    s.apply(f"lt1 to {s.nname[districts(s)[0]]}")
    assert s.seats[0].pend == (R_LIGHTNING,) and s.seats[0].defer == ()


def test_quarantine_takes_two_round_ends() -> None:
    """隔離: a quarantined citizen moves to stage II at the first round end and leaves at the second,
    to the estate or a workshop of its class."""
    s = clear_board(new(2, 1))
    set_cabin(s, 0, 0, 2, 1, -1)   # an aristocrat at stage I
    s.tasks = []
    production.quarantine(s, [])
    assert cabin(s, 0, 0)[:2] == [2, 2] and not s.tasks
    add_workshop(s, 0, _ws(s, "WI-A2"), -1, 0)
    production.quarantine(s, [])
    assert s.seats[0].cabin_citizen[0] == -1
    at(s, *s.tasks)
    assert s.tasks[-1] == (T_SLOT, 0, 1, 0, 1)
    assert "to A1.0" in legal(s) and "to WI-A2" in legal(s)
    s.apply("to WI-A2")
    assert s.workshops.citizen[0] == 0


def _next_round(s, rnd: int):
    s.round_ = rnd - 1
    events: list = []
    next_round.next_round(s, events)
    return events


def test_round_four_turns_the_wheel_twice_plague_only_the_first_time() -> None:
    """下一輪設置 7: in round IV the wheel turns an extra time first and places only plague."""
    s = clear_board(new(4, 3))
    s.cube_supply = 99
    before = s.wheel
    cit_before = sum(map(sum, s.citizens))
    _next_round(s, 4)
    assert s.wheel == (before + 2) % len(s.tables.wheel)
    rats = {s.tables.wheel[(before + 1) % 8].rat, s.tables.wheel[(before + 2) % 8].rat}
    hexes = s.tables.hexes
    for n in districts(s):
        assert (s.cubes[n] > 0) == (hexes[s.ntile[n]].rat in rats)
    seg = s.tables.wheel[s.wheel]
    expected = sum(1 for n in districts(s) for k in range(3) if hexes[s.ntile[n]].colour == seg.colours[k])
    assert sum(map(sum, s.citizens)) - cit_before == expected, "citizens only from the second turn"


def test_round_six_has_no_wheel_turn() -> None:
    """下一輪設置 7: round VI brings no new citizens and no plague."""
    s = clear_board(new(3, 3))
    before = s.wheel
    _next_round(s, 6)
    assert s.wheel == before
    assert sum(s.cubes[n] for n in range(D0, NODES)) == 0 and sum(map(sum, s.citizens)) == 0


def test_plague_supply_limits_the_wheel() -> None:
    """下一輪設置 7: plague cubes are limited; an empty supply places nothing."""
    s = clear_board(new(3, 3))
    seg = s.tables.wheel[(s.wheel + 1) % len(s.tables.wheel)]
    assert sum(1 for n in districts(s) if s.tables.hexes[s.ntile[n]].rat == seg.rat) >= 2
    s.cube_supply = 1
    s.ship_stack = ()
    _next_round(s, 2)
    assert sum(s.cubes) == 1 and s.cube_supply == 0


def test_repopulated_hex_gives_a_rat_when_it_gets_plague() -> None:
    """活絡城市 5.2: when plague is placed on your repopulated hex you take a rat."""
    s = clear_board(new(3, 3))
    s.cube_supply = 99
    seg = s.tables.wheel[(s.wheel + 1) % len(s.tables.wheel)]
    n = next(x for x in districts(s) if s.tables.hexes[s.ntile[x]].rat == seg.rat)
    s.owner[n] = 2
    _next_round(s, 2)
    assert get(s, 2, "rats") == 1


def test_citizens_on_plague_hexes_die_and_lieutenants_lie_down() -> None:
    """下一輪設置 2-3: all lieutenants are laid down; citizens on hexes with plague die."""
    s = clear_board(new(2, 1))
    a, b = districts(s)[0], districts(s)[1]
    s.cubes[a] = 1
    s.citizens[0][a] = 2
    s.citizens[1][b] = 1
    put_lieutenant(s, 0, 0, a, STANDING)
    s.used[a] = 1
    s.round_ = 1
    s.tables = s.tables.replace(rounds=tuple(r._replace(wheel=False) for r in s.tables.rounds))
    next_round.next_round(s, [])
    assert s.citizens[0][a] == 0 and s.citizens[1][b] == 1
    assert s.seats[0].lt_status[0] == 0 and s.used[a] == 0


def test_ships_arrive_two_from_round_four_and_one_with_two_players() -> None:
    """下一輪設置 5: one ship per round, two from round IV (two players: one; research)."""
    for players, expected in ((3, 2), (2, 1)):
        s = clear_board(new(players, 3))
        stack = len(s.ship_stack)
        _next_round(s, 4)
        assert stack - len(s.ship_stack) == expected
        assert sum(len(d) for d in s.docks) == expected


def test_full_harbour_sends_the_ship_clockwise() -> None:
    """下一輪設置 5: a full harbour sends the ship to the next one clockwise."""
    s = clear_board(new(3, 3))
    s.sel = (1,)
    s.docks = ((), (0, 2), (), ())
    from meeple.games.messina.ships import ship_arrives

    ship_arrives(s, [])
    assert len(s.docks[2]) == 1


def test_selection_tiles_are_all_used_before_a_reshuffle() -> None:
    """其他板塊: the four selection tiles are drawn before they are reshuffled."""
    s = clear_board(new(3, 3))
    from meeple.games.messina.ships import draw_selection

    drawn = [draw_selection(s) for _ in range(3)]
    assert sorted(drawn + [s.sel_used[0]]) == [0, 1, 2, 3]
    draw_selection(s)
    assert len(s.sel) == 3 and len(s.sel_used) == 1


def test_a_new_neighbourhood_joins_each_round() -> None:
    """下一輪設置 6: one hex from the neighbourhood stack joins the city each round."""
    s = clear_board(new(2, 1))
    count = len(districts(s))
    top = s.hood[0]
    _next_round(s, 2)
    assert len(districts(s)) == count + 1
    n = max(districts(s))
    assert s.ntile[n] == top
    assert sum(1 for m in districts(s) if s.dist[n][m] == 1) >= 2


def test_round_five_swaps_in_the_phase_two_workshops() -> None:
    """下一輪設置 6: at round V the early workshops leave and the later ones come out."""
    s = clear_board(new(2, 1))
    _next_round(s, 5)
    assert s.ws_phase == 2
    assert all(s.tables.workshops[i].phase == 2 for st in s.ws_st for i in st)


def test_wagons_turn_back_each_round() -> None:
    """下一輪設置 7: used wagons are turned back."""
    s = clear_board(new(2, 1))
    add_wagon(s, 0, 0, 1)
    _next_round(s, 3)
    assert s.wagons.exhausted[0] == 0


def test_turn_order_by_the_round_register() -> None:
    """下一輪設置 4: round II orders by city, III by church, IV by popularity (ties: on top first)."""
    s = clear_board(new(3, 1))
    advance_track(s, 2, 1, 1, [])
    assert next_round.turn_order(s, 2)[0] == 2
    advance_track(s, 1, 2, 2, [])
    assert next_round.turn_order(s, 3)[0] == 1
    give(s, 0, "popularity", 3)
    assert next_round.turn_order(s, 4)[0] == 0
    give(s, 1, "vp", 5)
    give(s, 2, "vp", 1)
    assert next_round.turn_order(s, 5) == (0, 2, 1)


def test_a_round_ends_when_all_lieutenants_are_used_and_players_repeat_in_order() -> None:
    """遊戲流程: players take turns in order until every lieutenant is used; more lieutenants
    means more turns."""
    s = clear_board(new(2, 1))
    s.order = (0, 1)
    s.cur = 0
    for i in range(3):
        put_lieutenant(s, 0, i, districts(s)[i], STANDING)
        put_lieutenant(s, 1, i, districts(s)[3 + i], STANDING)
    put_lieutenant(s, 0, 3, -1)
    assert rounds.next_turn(s) and s.tasks[-1] == (T_PLACE, 0, 0, 0, 0)
    s.tasks.clear()
    put_lieutenant(s, 0, 3, districts(s)[7], STANDING)
    assert not rounds.next_turn(s)
    assert T_MAIN
