"""Hex and estate actions: overseers, activation, upgrade, build, workshops, register rewards
(seed 行動, 推進監工, 啟用市民, 升級監工, 升級市民, 建造, 進度軌行動)."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction
from meeple.games.messina.components import R_ACTIVATE, R_LIEUTENANT, R_LIGHTNING, R_OVERSEER_UPGRADE_ADVANCE
from meeple.games.messina.registers import advance_track
from meeple.games.messina.state import (
    CABINS,
    LOC_ESTATE,
    LOC_NONE,
    MAXLT,
    T_ACT,
    T_BUILD,
    T_MAIN,
    T_OVS,
    T_PLACE,
    T_UPGRADE,
)
from tests.messina.messina_helpers import (
    add_workshop,
    at,
    clear_board,
    districts,
    estate,
    get,
    give,
    legal,
    new,
    overseer,
    set_cabin,
    set_overseer,
    slot,
)

MAIN = (T_MAIN, 0, 8, 1, 0)


def _ov(s, seat: int, cls: int) -> list[int]:
    return overseer(s, seat, cls)


def test_overseer_first_advance_chooses_a_fork_and_activates_a_slot() -> None:
    """推進監工 / 啟用市民: the first advance picks a fork and activates one of two inner slots."""
    s = clear_board(new(2, 1))
    slot(s, 0, "C2.0", 0)   # 1 wood
    at(s, MAIN, (T_OVS, 0, 0, 0, 0))
    assert legal(s) == ["advance craftsman overseer via C1", "advance craftsman overseer via C2"]
    s.apply("advance craftsman overseer via C2")
    assert _ov(s, 0, 0) == [1, 3, 0]
    assert legal(s) == ["activate C2.0", "stop activating"], "C2.0 or its ccw neighbour A1.0 (empty)"
    wood = get(s, 0, "wood")
    s.apply("activate C2.0")
    assert get(s, 0, "wood") == wood + 1


def test_upgraded_overseer_activates_both_slots() -> None:
    """升級監工 1: upgraded, the first kind activates both slots."""
    s = clear_board(new(2, 1))
    slot(s, 0, "C1.0", 0)   # 1 wood
    slot(s, 0, "N2.0", 1)   # 1 fire (ccw of C1 is N2)
    set_overseer(s, 0, 0, 0, -1, 1)
    at(s, MAIN, (T_OVS, 0, 0, 0, 0))
    s.apply("advance craftsman overseer via C1")
    s.apply("activate C1.0")
    assert legal(s) == ["activate N2.0", "stop activating"]
    s.apply("activate N2.0")
    assert get(s, 0, "fire") == 1


def test_an_overseer_advances_at_most_six_times() -> None:
    """推進監工: each overseer can be advanced only six times."""
    s = clear_board(new(2, 1))
    set_overseer(s, 0, 0, 6, 0, 0)
    at(s, MAIN, (T_OVS, 0, 3, 0, 0))
    assert not any("craftsman" in o for o in legal(s))
    assert any("aristocrat" in o for o in legal(s))


def test_arrow_allows_one_extra_step_and_only_the_final_space_counts() -> None:
    """推進監工: an arrow lets the overseer take one extra step; only its final space activates."""
    s = clear_board(new(2, 1))
    set_overseer(s, 0, 0, 1, 0, 0)
    slot(s, 0, "C1.0", 0)
    slot(s, 0, "C1.1", 0)
    at(s, MAIN, (T_OVS, 0, 3, 1, 0))
    assert "advance craftsman overseer 2 steps" in legal(s)
    s.apply("advance craftsman overseer 2 steps")
    assert _ov(s, 0, 0)[0] == 3
    assert legal(s) == ["activate C1.0", "activate C1.1", "stop activating"], "step 3: any one in the petal"


def test_last_advance_activates_three_different_citizens() -> None:
    """啟用市民 4: back at the centre, any three different estate citizens."""
    s = clear_board(new(2, 1))
    set_overseer(s, 0, 0, 5, 0, 0)
    for name in ("C1.0", "A1.0", "N1.0", "A2.0"):
        slot(s, 0, name, 0)
    at(s, MAIN, (T_OVS, 0, 0, 0, 0))
    s.apply("advance craftsman overseer")
    s.apply("activate C1.0")
    s.apply("activate A1.0")
    assert "activate C1.0" not in legal(s) and "activate A2.0" in legal(s)
    s.apply("activate N1.0")
    assert s.tasks[-1][0] == T_MAIN


def test_upgrade_citizen_in_the_estate_a_workshop_or_quarantine() -> None:
    """升級市民: any one citizen, in the estate, a workshop or a quarantine cabin."""
    s = clear_board(new(2, 1))
    slot(s, 0, "A1.1", 0)
    set_cabin(s, 0, 1, 2 * 2, 1, -1)
    add_workshop(s, 0, 0, 0, 0)
    at(s, MAIN, (T_UPGRADE, 0, 0, 0, 0))
    assert legal(s) == ["upgrade A1.1", "upgrade WI-C1", "upgrade cabin 2"]
    s.apply("upgrade cabin 2")
    assert s.seats[0].cabin_citizen[1] == 2 * 2 + 1


def test_phase_two_workshop_pays_once_when_a_fitting_citizen_arrives() -> None:
    """後期工房: a lightning workshop pays at once and is flipped; an upgraded-only one waits for
    its citizen to be upgraded."""
    s = clear_board(new(2, 1))
    w = s.tables.workshops
    ii = [i for i, x in enumerate(w) if x.name == "WII-C4"][0]  # needs upgraded, 7 VP
    add_workshop(s, 0, ii, -1, 0)
    slot(s, 0, "C1.0", 0)
    at(s, MAIN)
    s.apply("staff WII-C4 from C1.0")
    assert get(s, 0, "vp") == 0 and s.workshops.citizen[0] == 0 and s.workshops.paid[0] == 0
    at(s, MAIN, (T_UPGRADE, 0, 0, 0, 0))
    s.apply("upgrade WII-C4")
    assert get(s, 0, "vp") == 7 and s.workshops.paid[0] == 1


def test_build_a_cabin_improvement_a_workshop_or_a_wagon() -> None:
    """建造: pay the printed cost and take the top tile of a stack."""
    s = clear_board(new(3, 2))
    give(s, 0, "coins", 20)
    give(s, 0, "wood", 20)
    top_ws = s.ws_st[0][0]
    at(s, MAIN, (T_BUILD, 0, -1, 0, 0))
    s.apply(f"build {s.tables.workshops[top_ws].name}")
    assert (s.workshops.owner, s.workshops.tile, s.workshops.citizen, s.workshops.paid) == ((0,), (top_ws,), (-1,), (0,))
    w = s.tables.workshops[top_ws]
    assert get(s, 0, "coins") == 20 - w.cost_coins and get(s, 0, "wood") == 20 - w.cost_wood
    at(s, MAIN, (T_BUILD, 0, -1, 0, 0))
    s.apply("build wagon 1a")
    assert get(s, 0, "vp") == s.tables.wagons[0].vp and (s.wagons.owner, s.wagons.tile, s.wagons.exhausted) == ((0,), (0,), (0,))
    assert [s.tables.wagons[i].name for i in s.wg_st[0]][0] == "wagon 2a"
    top_cab = s.cab_st[1][0]
    at(s, MAIN, (T_BUILD, 0, -1, 0, 0))
    s.apply(f"build {s.tables.cabins[top_cab].name} on cabin 1")
    assert s.seats[0].cabin_tile[0] == top_cab


def test_swap_puts_the_top_on_the_bottom_and_forces_that_stack() -> None:
    """建造: once per build, pay 1 resource or 1 VP to put a stack's top at the bottom; then build
    from that stack if you can pay for it."""
    s = clear_board(new(3, 2))
    give(s, 0, "coins", 20)
    give(s, 0, "wood", 20)
    before = s.cab_st[0]
    set_cabin(s, 0, 0, 0, 1, -1)  # an occupied cabin 1: two places to build on
    at(s, MAIN, (T_BUILD, 0, -1, 0, 0))
    s.apply("swap cabin stack 1 for 1 wood")
    assert s.cab_st[0] == before[1:] + before[:1] and get(s, 0, "wood") == 19
    assert s.cab_known[0] == 1
    options = legal(s)
    assert all(o.startswith(f"build {s.tables.cabins[before[1]].name}") for o in options)
    assert not any(o.startswith("swap") for o in options)


def test_staff_a_workshop_from_the_estate() -> None:
    """工房: an estate citizen may move into an empty workshop of its class; it never leaves."""
    s = clear_board(new(2, 1))
    add_workshop(s, 0, 6, -1, 0)  # WI-A1
    slot(s, 0, "A2.1", 1)
    at(s, MAIN)
    assert "staff WI-A1 from A2.1" in legal(s)
    s.apply("staff WI-A1 from A2.1")
    assert s.workshops.citizen[0] == 1 and estate(s, 0, "A2.1") == -1


def test_register_ties_put_the_newcomer_on_top() -> None:
    """推進方法: reaching a space where others are puts your disc on top (it goes first)."""
    s = clear_board(new(3, 1))
    advance_track(s, 1, 1, 2, [])
    advance_track(s, 2, 1, 2, [])
    from meeple.games.messina.next_round import turn_order

    assert turn_order(s, 2)[:2] == (2, 1)
    advance_track(s, 1, 1, 0, [])
    assert get(s, 1, "city") == 2


def test_city_register_gives_new_lieutenants() -> None:
    """進度軌行動 (獲得新工人): the city register is the only source of new lieutenants (4th and 5th);
    like every register action the lieutenant is taken in step 4 of the turn that reached it."""
    s = clear_board(new(2, 1))
    at(s, MAIN)
    s.in_turn = 0
    advance_track(s, 0, 1, 4, [])
    assert s.seats[0].lt_where[3] == LOC_NONE
    assert s.seats[0].pend == (R_LIGHTNING, R_LIEUTENANT)
    s._legal_cache = None
    s.apply("use new lieutenant")
    assert s.seats[0].lt_where[3] == LOC_ESTATE
    advance_track(s, 0, 1, 4, [])
    s._legal_cache = None
    s.apply("use new lieutenant")
    assert s.seats[0].lt_where[4] == LOC_ESTATE
    assert sum(1 for i in range(MAXLT) if s.seats[0].lt_where[i] >= LOC_ESTATE) == 5


def test_new_lieutenant_reward_is_lost_if_unused_by_the_end_of_the_turn() -> None:
    """進度軌行動: register actions are used only in step 4 of the turn that reached them; a new
    lieutenant not taken by then is lost (the next city reward gives the next one)."""
    s = clear_board(new(2, 1))
    give(s, 0, "city", 3)
    give(s, 0, "coins", 3)
    at(s, MAIN)
    s.in_turn = 0
    s.apply("buy city")
    assert "use new lieutenant" in legal(s)
    s.apply("end turn")
    assert s.seats[0].lt_where[3] == LOC_NONE and s.seats[0].pend == ()


def test_unknown_or_spent_reward_is_explained() -> None:
    """進度軌行動: using a reward you do not hold is explained."""
    s = clear_board(new(2, 1))
    at(s, MAIN)
    with pytest.raises(IllegalAction, match="no 'lightning' reward"):
        s.apply("use lightning")
    # a reward reached outside the turn waits for the next step 4 (issue 13: not only the next turn)
    s.seats[0].defer = (R_LIGHTNING,)
    at(s, (T_PLACE, 0, 0, 0, 0))
    with pytest.raises(IllegalAction, match="waits for your next step 4"):
        s.apply("use lightning")


def test_church_rewards_activate_and_upgrade_then_advance_an_overseer() -> None:
    """進度軌行動: church rewards activate a citizen, upgrade an overseer, and (second upgrade)
    upgrade then advance it at once."""
    s = clear_board(new(2, 1))
    at(s, MAIN)
    s.in_turn = 0
    advance_track(s, 0, 2, 8, [])
    assert get(s, 0, "church") == 8
    assert s.seats[0].pend.count(R_ACTIVATE) == 2 and R_OVERSEER_UPGRADE_ADVANCE in s.seats[0].pend
    s._legal_cache = None
    s.apply("use upgrade and advance an overseer")
    s.apply("upgrade nun overseer")
    assert legal(s) == ["advance nun overseer via N1", "advance nun overseer via N2"]


def test_lightning_performs_the_action_of_any_hex() -> None:
    """進度軌行動: lightning performs the action of any hex, even one used this round."""
    s = clear_board(new(2, 1))
    for n in districts(s):
        s.used[n] = 1
    s.seats[0].pend = (R_LIGHTNING,)
    at(s, MAIN)
    s.apply("use lightning")
    options = legal(s)
    assert "lightning: 2 wood" in options or "lightning: 2 coins" in options
    coins = get(s, 0, "coins")
    if "lightning: 2 coins" in options:
        s.apply("lightning: 2 coins")
        assert get(s, 0, "coins") == coins + 2


def test_pending_rewards_end_with_the_turn() -> None:
    """進度軌行動: rewards are used in step 4 of the turn that reached them."""
    s = clear_board(new(2, 1))
    s.seats[0].pend = (R_LIGHTNING,)
    at(s, MAIN, )
    s.apply("end turn")
    assert s.seats[0].pend == ()


def test_cannot_build_what_you_cannot_pay_for() -> None:
    """建造: the cost on the tile must be paid."""
    s = clear_board(new(2, 1))
    give(s, 0, "coins", 0)
    give(s, 0, "wood", 0)
    at(s, MAIN, (T_BUILD, 0, -1, 0, 0))
    top = s.tables.workshops[s.ws_st[0][0]]
    with pytest.raises(IllegalAction, match="costs"):
        s.apply(f"build {top.name}")
    assert legal(s) == ["build nothing"]
    assert T_ACT and CABINS
