"""Luna Maris: rules checked line by line against the seed in the audit, each on a constructed state
(seed sections cited in every docstring)."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction
from meeple.games.luna_maris.components import (
    AIRLOCK,
    COMM,
    GREENHOUSE,
    HIBERNATION,
    INDUSTRY,
    LAB,
    MINING,
    POWER,
    RECYCLE,
)
from meeple.games.luna_maris.rules import pass_turn
from meeple.games.luna_maris.scoring import clean_up, final_breakdown
from meeple.games.luna_maris.state import (
    N_JUNIORS,
    S_TURN,
)
from tests.luna_maris.lm_helpers import GAME, at_module, choices, fresh, touch


def test_clean_up_steps_in_order_each_floored_at_zero() -> None:
    """Seed §結算階段 (probes, then carbon credits, then build track, in this order): a carbon-credit
    loss at 0 VP stops at 0 and the build-track point that follows still counts."""
    s = fresh(2, equipment=False)
    s.grid = [-1] * 16
    s.build_track = [0]
    s.seats[0].vp, s.seats[1].vp = 0, 0
    s.seats[0].co2, s.seats[1].co2 = 1, 3  # seat 0 has more CO2: carbon credits -1
    clean_up(s)
    assert s.seats[0].vp == 1  # 0 -> 0 (credits -1 floored) -> 1 (build disc)
    assert s.seats[1].vp == 1


def test_clean_up_credits_loss_never_below_zero() -> None:
    """Seed §結算階段 / 碳信用分數: the last place loses 1 VP, but never below 0."""
    s = fresh(2, equipment=False)
    s.grid = [-1] * 16
    s.build_track = []
    s.seats[0].vp, s.seats[1].vp = 0, 4
    s.seats[0].co2, s.seats[1].co2 = 2, 4
    clean_up(s)
    assert (s.seats[0].vp, s.seats[1].vp) == (0, 5)


def test_lab_build_pays_titanium_not_iron() -> None:
    """Seed §實驗室 extra (支付兩個鈦礦和一個能量): building needs titanium itself; iron does not stand
    in, and the titanium is paid from either conveyor section."""
    s = fresh(2, equipment=False)
    s.adv_offer = [0]
    me = s.seats[0]
    me.fe_l, me.fe_r, me.ti_l, me.ti_r = 3, 3, 1, 0
    at_module(s, 0, LAB)
    assert not any(n.startswith("build") for n in choices(s))
    with pytest.raises(IllegalAction):
        s.apply("build recycling")
    me.ti_r = 1
    touch(s)
    s.apply("build recycling")
    assert (me.ti_l, me.ti_r, me.fe_l, me.fe_r) == (0, 0, 3, 3) and me.energy == 2


def test_airlock_refused_when_no_mining_space_is_empty() -> None:
    """Seed §氣閘 (放不下就不能拿): with every mining space taken no probe can be installed."""
    s = fresh(2, equipment=False)
    s.grid = [1] * 16
    at_module(s, 0, AIRLOCK)
    assert not any(n.startswith("probe") for n in choices(s))


def test_airlock_refused_without_probes_on_the_board() -> None:
    """Seed §氣閘 (共四個探測器可用): once all four probes are out the action is gone."""
    s = fresh(2, equipment=False)
    s.seats[0].probes = 0
    at_module(s, 0, AIRLOCK)
    assert not any(n.startswith("probe") for n in choices(s))


def test_concentrate_takes_iron_not_titanium() -> None:
    """Seed §採礦站 (將輸送帶上任一側的一個鐵礦放到廢料區): concentrating needs an iron cube; titanium
    on the conveyor does not count."""
    s = fresh(2, equipment=False)
    me = s.seats[0]
    me.fe_l, me.fe_r, me.ti_l, me.ti_r = 0, 0, 2, 2
    at_module(s, 0, MINING)
    assert not any(n.startswith("concentrate") for n in choices(s))


def test_no_pass_reward_after_the_last_round() -> None:
    """Seed §PASS (拿取對應獎勵`如果有的話`) and research §5.10: no turn-order track after round 5,
    so passing in round 5 gives nothing."""
    s = fresh(2, equipment=False)
    s.round = 5
    p = s.cur
    energy, iron = s.seats[p].energy, s.seats[p].fe_l
    pass_turn(s, p)
    assert s.seats[p].energy == energy and s.seats[p].fe_l == iron


def test_next_round_turn_order_is_the_passing_order() -> None:
    """Seed §PASS (順位標記移到下一輪最左方空格): next round starts with the first player to pass,
    in passing order; the round is scored once everyone has passed and O2 goes back to 0."""
    s = fresh(3, equipment=False)
    first = s.cur
    s.seats[first].o2 = 3
    order = []
    while s.round == 1:
        order.append(s.cur)
        s.apply("pass")
    assert s.round == 2 and s.order == order and s.cur == order[0]
    assert order[0] == first and s.seats[first].o2 == 0 and s.step == S_TURN


def test_seniors_score_two_in_hand_and_rest_pile() -> None:
    """Seed §最終計分 2 (每張高級科學家兩分): seniors in hand and in the rest pile both count;
    juniors do not."""
    s = fresh(2, equipment=False)
    s.seats[0].hand.append(N_JUNIORS)
    s.seats[0].rest.append(N_JUNIORS + 1)
    rows = final_breakdown(s)
    assert rows[0][1] == 4 and rows[1][1] == 0


def test_rest_at_hibernation_needs_activation_energy() -> None:
    """Seed §啟動模組 3 (only the Power Plant is exempt from activation): resting in the Hibernation
    room with no energy and nobody to follow is not possible."""
    s = fresh(2, equipment=False)
    s.seats[0].energy = 0
    s.act[HIBERNATION] = -1
    at_module(s, 0, HIBERNATION)
    assert "rest" not in choices(s)
    s.act[HIBERNATION] = 1  # seat 1 holds it: follow for free
    touch(s)
    s.apply("rest")
    assert s.seats[1].vp == 6 and s.seats[0].on_act == 0 and s.seats[0].pos == HIBERNATION


def test_extract_produces_one_ore_per_probe_by_space() -> None:
    """Seed §採礦站 開採礦石 (如生產階段獲得對應礦石, 礦石要全拿): one ore per own probe, of its
    space's kind, into the left section; other players' probes give nothing; no waste."""
    s = fresh(2, equipment=False)
    s.grid = [-1] * 16
    s.grid[0] = 0  # iron
    s.grid[2] = 0  # titanium
    s.grid[5] = 1  # titanium, other seat
    me = s.seats[0]
    me.fe_l = me.ti_l = me.fe_r = me.ti_r = 0
    waste = me.waste
    at_module(s, 0, MINING)
    s.apply("extract")
    assert (me.fe_l, me.ti_l, me.fe_r, me.ti_r) == (1, 1, 0, 0) and me.waste == waste


@pytest.mark.parametrize("text,words", [
    ("go lab", "first play a scientist"),
    ("research refining", "first play a scientist"),
    ("end turn", "first play a scientist"),
])
def test_module_words_before_playing_a_scientist_explained(text: str, words: str) -> None:
    """Seed §啟動模組 1 (打出科學家，決定可以使用的模組): typing a move or a module action at the start
    of a turn says a scientist must be played first."""
    s = fresh(2, equipment=False)
    with pytest.raises(IllegalAction, match=words):
        s.apply(text)


@pytest.mark.parametrize("module,text,words", [
    (LAB, "research physics", "not a research track"),
    (POWER, "burn wood", "'burn iron'"),
    (GREENHOUSE, "take soy 9", "'take food'"),
    (INDUSTRY, "refine Z", "not a refining process"),
    (RECYCLE, "recycle Q", "not a recycling process"),
])
def test_unknown_module_action_words_explained(module: int, text: str, words: str) -> None:
    """Seed §實驗室, §發電站, §溫室, §工業區, §回收設備: a misspelt option of the module is answered
    with the module's real options."""
    s = at_module(fresh(2, equipment=False), 0, module)
    with pytest.raises(IllegalAction, match=words):
        s.apply(text)


def test_equipment_dealt_at_random_option() -> None:
    """Seed §特殊設備 (開局隨機分配), option equipment_deal=random: every player starts with one random
    tile, all different and face up, and there is no equipment choice in the setup."""
    s = GAME.new(3, seed=4, options={"equipment_deal": "random"})
    assert s.view(None)["step"] != "choose equipment" and not s.equip_offer
    tiles = [me.equip for me in s.seats]
    assert all(e >= 0 for e in tiles) and len(set(tiles)) == 3
    assert all(me.equip_up == 1 for me in s.seats)
    plain = GAME.new(3, seed=4, options={"equipment_deal": "random", "equipment": False})
    assert all(me.equip == -1 for me in plain.seats)


def test_view_shows_order_costs_and_scientist_icons() -> None:
    """Seed §貨運碼頭 (支付訂單上需要的資源) and §啟動模組 1 (專長圖示決定可使用的工擺格): the view
    tells what each face-up order asks and gives, and which modules each visible scientist allows
    (with the iron a senior for hire costs)."""
    s = fresh(2, equipment=False)
    s.stacks[2] = [12, 10]  # WA1 on top: 2 water -> 5 VP
    view = s.view(0)
    assert view["order_stacks"][2] == {"top": "WA1", "count": 2, "cost": {"water": 2}, "vp": 5}
    assert view["orders"]["WA1"] == {"cost": {"water": 2}, "vp": 5}
    assert view["scientists"]["J1"] == {"level": 1, "modules": ["airlock", "cargo"]}
    senior = s.cards[s.hire_row[0]]
    note = view["scientists"][senior.name]
    assert note["level"] == 2 and note["hire_cost"] == senior.cost
    assert note["modules"] == [s.tables.modules[m].key for m in senior.icons]


def test_view_tells_advanced_module_and_equipment_effects() -> None:
    """Seed §實驗室 (進階模組) and §特殊設備 (改變對應模組的行動): the view says what every advanced
    module on offer and every equipment tile in play does."""
    s = fresh(2)
    view = s.view(1)
    for a in s.adv_offer:
        tile = s.tables.advanced_modules[a]
        assert view["tile_effects"][tile.name] == {"advanced": True, "module": s.tables.modules[tile.module].key,
                                                   "amount": tile.amount}
    for me in s.seats:
        tile = s.tables.equipment[me.equip]
        assert view["tile_effects"][tile.name] == {"advanced": False, "module": s.tables.modules[tile.module].key}


@pytest.mark.parametrize("kind,field,delta", [
    (0, "vp", 1), (1, "water", 1), (2, "energy", 1), (3, "cap", 1), (4, "fe_l", 1), (5, "co2", 1),
])
def test_every_food_extra_reward_gained_when_played(kind: int, field: str, delta: int) -> None:
    """Seed §犒賞科學家 (部分糧食牌有其他獎勵，打出時獲得): each value-1 food card's reward (stand-in:
    +1 VP, +1 water, +1 energy, stress -1 (O2 cap +1), +1 iron, CO2 -1 (track index +1)) is gained
    when it is played to feed a scientist."""
    s = fresh(2, equipment=False)
    s.cur = 0
    s.seats[0].rest = [s.seats[0].hand.pop()]
    card = kind * 6  # the value-1 card of this kind
    s.seats[0].food = [card]
    me = s.seats[0]
    before = getattr(me, field)
    touch(s)
    s.apply(f"feed {s.tables.foods[card].name}")
    assert getattr(me, field) == before + delta and s.seats[0].food == [] and card in s.food_discard


def test_advanced_recycling_d_takes_two_different_letters() -> None:
    """Seed §回收設備 advanced D (上述三個任選兩個): two of A, B, C; A1 and A2 are both A, so they are
    never paired."""
    s = fresh(2, equipment=False)
    s.built[RECYCLE] = 0
    s.seats[0].sus = 4
    s.seats[0].waste = 3
    at_module(s, 0, RECYCLE)
    ds = [n for n in choices(s) if n.startswith("recycle D")]
    assert "recycle D A1+B" in ds and "recycle D A2+C" in ds
    assert all("A1+A2" not in n and "A2+A1" not in n for n in ds)


def test_probe_groups_ignore_the_ore_type() -> None:
    """Seed §探測器分數 (無視礦種): an iron and a titanium probe side by side are a group of 2 (1 VP)."""
    s = fresh(2, equipment=False)
    s.grid = [-1] * 16
    s.grid[1] = 0  # r0c1 iron
    s.grid[2] = 0  # r0c2 titanium
    s.build_track = []
    for me in s.seats:
        me.vp = 5
        me.co2 = 2
    clean_up(s)
    assert s.seats[0].vp == 6 and s.seats[1].vp == 5


def test_payment_step_says_what_the_iron_pays_for() -> None:
    """Seed §氣閘 note (鈦礦可以取代鐵礦用) with §通訊室: when titanium could stand in, the payment step
    names the action it pays for, in the events and in the view."""
    s = fresh(3, equipment=False)
    s.hire_row = [26, 25, 24]  # S03, S02, S01: 3 iron each
    at_module(s, 0, COMM)
    s.seats[0].fe_l, s.seats[0].ti_l = 2, 2
    touch(s)
    events = s.apply("hire S03")
    assert any(e["type"] == "pay_due" and "3 iron for hiring S03" in e["text"] for e in events)
    assert s.view(0)["turn"]["paying_for"] == {"action": "hire", "card": "S03"}
