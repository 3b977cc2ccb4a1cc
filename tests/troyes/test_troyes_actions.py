"""The action phase (seed §5 行動 and 額外行動; research §3.3, §5, §6)."""

from __future__ import annotations

import pytest

from meeple.engine.core import IllegalAction
from meeple.games.troyes.components import WHITE, YELLOW
from meeple.games.troyes.state import NEUTRAL, S_MAIN, S_TIMES, die
from tests.troyes.troyes_helpers import (
    action_turn,
    at_actions,
    choose,
    event_index,
    groups,
    notations,
    per_seat,
    set_dice,
    set_per_seat,
    slot_of,
    touch,
)


def ready(dice: list[tuple[int, str, int]], deniers: tuple[int, int] = (20, 0), infl: tuple[int, int] = (0, 0),
          **options: str):
    s = at_actions(2, seed=3, **options)
    set_dice(s, dice)
    action_turn(s, 0)
    set_per_seat(s, deniers=list(deniers), infl=list(infl))
    set_per_seat(s, supply=[1, 1])
    touch(s)
    return s


def test_buy_dice_2_4_6_each_by_group_size_paid_to_owner() -> None:
    """Seed §5: bought dice cost 2/4/6 each for a group of 1/2/3, paid to their owner; never refused."""
    s = ready([(0, "y", 1), (1, "y", 5), (1, "y", 6), (1, "w", 1)])
    s.apply("farm")
    assert "dice y5@p1" in groups(s) and "dice y1 y5@p1 y6@p1" in groups(s)
    choose(s, "dice y1 y5@p1 y6@p1")
    assert per_seat(s, "deniers") == [20 - 12 + 6, 12]


def test_neutral_dice_paid_to_bank() -> None:
    """Seed §5: dice bought from the neutral district are paid to the bank."""
    s = ready([(NEUTRAL, "y", 6), (1, "w", 1)])
    s.apply("farm")
    assert per_seat(s, "deniers") == [20 - 2 + 3, 0]


def test_buying_needs_the_money() -> None:
    """Seed §5: a player must pay for bought dice; a group they cannot pay for is not offered."""
    s = ready([(0, "y", 2), (1, "y", 6)], deniers=(1, 0))
    s.apply("farm")
    assert s.dice == [die(1, YELLOW, 6)]  # the only affordable group, own y2, was used
    assert s.seats[0].deniers == 2


def test_influence_reroll_own_die_only() -> None:
    """Seed 額外行動: 1 influence rerolls one of your own dice (never another's)."""
    s = ready([(0, "w", 3), (1, "w", 4)], infl=(1, 0))
    legal = notations(s)
    assert "reroll w3" in legal and not any("@" in n for n in legal if n.startswith("reroll"))
    s.apply("reroll w3")
    assert s.seats[0].infl == 0
    mine = [d for d in s.dice if d >> 6 == 0]
    assert len(mine) == 1 and (mine[0] >> 3) & 7 == WHITE
    assert not any(n.startswith("reroll") for n in notations(s))


def test_influence_recruit_citizen_at_most_12() -> None:
    """Seed 額外行動: 2 influence brings one more citizen into the supply; 12 citizens at most."""
    s = ready([(0, "w", 3)], infl=(2, 0))
    s.seats[0].owned = 12
    touch(s)
    assert "recruit citizen" not in notations(s)
    s.seats[0].owned = 11
    touch(s)
    s.apply("recruit citizen")
    assert s.seats[0].owned == 12 and s.seats[0].supply == 2 and s.seats[0].infl == 0


def test_influence_flip_up_to_three_own_dice() -> None:
    """Seed 額外行動: 4 influence turns up to 3 own dice to their opposite face (7 - value)."""
    s = ready([(0, "r", 1), (0, "r", 2), (0, "w", 3), (0, "y", 6), (1, "y", 1)], infl=(4, 0))
    s.apply("flip dice")
    assert "stop flipping" not in notations(s)
    assert not any("@" in n for n in notations(s))
    s.apply("flip r1")
    s.apply("flip r2")
    s.apply("flip w3")
    assert s.step == S_MAIN and s.seats[0].infl == 0
    assert sorted(d & 7 for d in s.dice if d >> 6 == 0) == [4, 5, 6, 6]


def test_activity_hire_leftmost_free_space_and_cost() -> None:
    """Seed §5.1: no tradesman yet: pay the card's cost and take the leftmost free VP space."""
    s = ready([(0, "y", 6), (1, "w", 1)], deniers=(5, 0))
    slot = slot_of(s, "Merchant")
    s.seats[1].trade[slot] = 1
    s.apply("activate Merchant")
    s.apply("citizen from supply")
    assert s.step == S_TIMES
    assert notations(s) == ["x1", "x2"]  # 6 // 3
    s.apply("x2")
    assert s.seats[0].trade[slot] == 2
    assert s.seats[0].deniers == 5 - 3 + 4
    assert s.seats[0].supply == 0


def test_activity_one_tradesman_per_player_no_second_hire() -> None:
    """Seed §5.1: one tradesman per player per card; with one there, the card is used directly."""
    s = ready([(0, "y", 3), (1, "w", 1)], deniers=(0, 0))
    slot = slot_of(s, "Merchant")
    s.seats[0].trade[slot] = 1
    touch(s)
    s.apply("activate Merchant")  # no source, no hiring cost; one group, one activation
    assert s.seats[0].deniers == 2 and s.seats[0].supply == 1


def test_activity_needs_hiring_money() -> None:
    """Seed §5.1: the hiring cost must be paid; without it the card cannot be used."""
    s = ready([(0, "y", 6), (1, "w", 1)], deniers=(2, 0))
    slot_of(s, "Merchant")
    assert "activate Merchant" not in notations(s)
    try:
        s.apply("activate Merchant")
    except IllegalAction as exc:
        assert "costs 3 deniers, you have 2" in str(exc)
    else:
        raise AssertionError("activate Merchant should be illegal")


def test_delayed_card_puts_cubes() -> None:
    """Seed §5.1 延時行動: a delayed card puts one cube per activation on the card."""
    s = ready([(0, "r", 4), (0, "r", 5), (1, "w", 1)], deniers=(3, 0))
    slot = slot_of(s, "Blacksmith")
    s.apply("activate Blacksmith")
    s.apply("citizen from supply")
    choose(s, "dice r4 r5")
    s.apply("x2")
    assert s.seats[0].cubes[slot] == 2


def test_cube_modifies_one_later_action_even_without_tradesman() -> None:
    """Seed §5.1: a cube is spent on a later action (one per action), even if the tradesman left."""
    s = ready([(0, "r", 3), (1, "w", 1)])
    slot = slot_of(s, "Blacksmith")
    s.seats[0].cubes[slot] = 2
    s.seats[0].trade[slot] = 0
    touch(s)
    s.apply("combat Marauding")  # r3 alone is below divisor 4; Blacksmith +5 makes 8 -> 2 cubes
    assert s.maraud == [0, 0]
    assert s.seats[0].cubes[slot] == 1


def test_tradesman_leaving_frees_its_space() -> None:
    """Seed §5.1: a tradesman moved off a card frees its VP space; the others do not slide."""
    s = ready([(0, "r", 4), (1, "w", 1)])
    slot = slot_of(s, "Merchant")
    s.seats[0].trade[slot] = 1
    s.seats[1].trade[slot] = 2
    s.seats[0].supply = 0
    s.bld[3] = 1
    touch(s)
    s.apply("place palace")
    s.apply("citizen from Merchant")
    assert s.seats[0].trade[slot] == 0 and s.seats[1].trade[slot] == 2
    assert s.bld[3] == 0


def test_cathedral_cube_1_vp_and_1_or_2_influence() -> None:
    """Seed §5.2: white dice put cubes on the matching spaces; 1 VP and 1 (1-3) or 2 (4-6) influence."""
    s = ready([(0, "w", 2), (0, "w", 5), (1, "y", 1)])
    s.apply("build cathedral")
    choose(s, "dice w2 w5")
    assert s.cath[1] == 0 and s.cath[4] == 0
    assert s.seats[0].vp == 2 and s.seats[0].infl == 3


def test_cathedral_fills_lowest_free_level() -> None:
    """Seed §5.2 由下往上放: cubes fill the cathedral from the bottom level up."""
    s = ready([(0, "w", 5), (1, "y", 1)])
    s.cath[4] = 1
    touch(s)
    s.apply("build cathedral")
    assert s.cath[6 + 4] == 0
    s2 = ready([(0, "w", 5), (1, "y", 1)])
    s2.cath[4] = s2.cath[10] = s2.cath[16] = 1
    touch(s2)
    assert "build cathedral" not in notations(s2)


def test_combat_event_cubes_and_influence() -> None:
    """Seed §5.3: dice total // divisor cubes on the event, +1 influence per cube."""
    s = ready([(0, "r", 6), (0, "r", 6), (1, "w", 1)])
    s.row, s.evcubes = [event_index(s, "Invasion")], [[]]
    touch(s)
    s.apply("combat Invasion")
    choose(s, "dice r6 r6")  # 12 // 4
    assert s.evcubes == [[0, 0, 0]] and s.seats[0].infl == 3


def test_event_majority_first_and_second_and_card() -> None:
    """Seed §5.3: most cubes scores the high value and takes the card; second most the low value."""
    s = ready([(0, "r", 4), (1, "w", 1)])
    s.row, s.evcubes = [event_index(s, "Invasion")], [[1, 1, 1]]
    touch(s)
    s.apply("combat Invasion")
    assert s.row == [] and per_seat(s, "vp") == [2, 5]
    assert s.seats[1].won == [event_index(s, "Invasion")]


def test_event_majority_tie_split_first_placer_takes_card() -> None:
    """Seed §5.3: tied players add the tied values and share; the first to place takes the card."""
    s = ready([(0, "r", 6), (1, "w", 1)])
    s.row, s.evcubes = [event_index(s, "Invasion")], [[1, 0, 1]]
    touch(s)
    s.apply("combat Invasion")
    assert per_seat(s, "vp") == [3, 3]  # (5 + 2) // 2 each
    assert s.seats[1].won == [event_index(s, "Invasion")] and s.seats[0].won == []


def test_neutral_majority_removes_the_card() -> None:
    """Seed §5.3: if the neutral player has most cubes the card is simply removed."""
    s = ready([(0, "r", 4), (1, "w", 1)])
    card = event_index(s, "Invasion")
    s.row, s.evcubes = [card], [[NEUTRAL, NEUTRAL, NEUTRAL]]
    touch(s)
    s.apply("combat Invasion")
    assert s.row == [] and s.gone == [card] and per_seat(s, "won") == [[], []]
    assert s.seats[0].vp == 2


def test_marauding_scores_and_starts_again() -> None:
    """Seed §5.3 劫掠: when completed its rewards are paid, its cubes removed; nobody takes it."""
    s = ready([(0, "r", 4), (1, "w", 1)])
    s.maraud = [1, 1, 1]
    touch(s)
    s.apply("combat Marauding")
    assert s.maraud == [] and per_seat(s, "vp") == [1, 3]
    assert per_seat(s, "won") == [[], []]


def test_place_citizen_palace_expels_occupant() -> None:
    """Seed §5.4: Palace: the citizen goes on the space of the die's value, pushing out its occupant."""
    s = ready([(0, "r", 4), (1, "w", 1)])
    s.bld[3] = 1
    touch(s)
    s.apply("place palace")
    s.apply("citizen from supply")
    assert s.bld[3] == 0 and s.seats[1].lying[0] == 1 and s.seats[1].expelled[0] == 1


def test_place_citizen_row_pushes_rightmost_out() -> None:
    """Seed §5.4: Bishopric/City Hall: enter the row from the left; the right-hand citizen is pushed out."""
    s = ready([(0, "w", 3), (1, "y", 1)])
    s.bld[6 + 2:6 + 4] = [1, NEUTRAL]
    grey = s.grey
    touch(s)
    s.apply("place bishopric")
    s.apply("citizen from supply")
    assert s.bld[6 + 2:6 + 4] == [0, 1]
    assert s.grey == grey + 1  # STAND_IN: a pushed-out neutral goes back to the grey supply


def test_push_out_protection_while_a_citizen_lies_beside_the_building() -> None:
    """Seed §5.4 (被推出的工人先放到在該地區旁), research §5 D (option push_out_protection=lying):
    a player with a pushed-out citizen lying beside a building cannot be pushed out of it again."""
    s = ready([(0, "r", 4), (1, "w", 1)], push_out_protection="lying")
    s.bld[3] = 1
    s.seats[1].lying[0] = 1
    touch(s)
    assert "place palace" not in notations(s)
    with pytest.raises(IllegalAction, match="lying beside this building"):
        s.apply("place palace")
    # once that citizen is placed again (nothing lies beside the Palace), p2 can be pushed out
    s.seats[1].lying[0] = 0
    s.seats[1].expelled[0] = 1
    touch(s)
    s.apply("place palace")
    s.apply("citizen from supply")
    assert s.bld[3] == 0 and s.seats[1].lying[0] == 1


def test_push_out_protection_once_per_round_by_default() -> None:
    """Seed §5.4 (同一回合同一個玩家同一個地區只能被推出一個), the default: once pushed out of a
    building this round, never again that round, even after placing the citizen again."""
    s = at_actions(2, seed=3)
    set_dice(s, [(0, "r", 4), (1, "w", 1)])
    action_turn(s, 0)
    set_per_seat(s, deniers=[20, 0], supply=[1, 1])
    s.bld[3] = 1
    s.seats[1].expelled[0] = 1
    touch(s)
    assert "place palace" not in notations(s)
    with pytest.raises(IllegalAction, match="once per player, building and round"):
        s.apply("place palace")
    s.seats[1].expelled[0] = 0
    touch(s)
    s.apply("place palace")
    s.apply("citizen from supply")
    assert s.bld[3] == 0 and s.seats[1].expelled[0] == 1


def test_push_out_protection_is_per_building() -> None:
    """Seed §5.4: the protection holds for the building the citizen was pushed out of only."""
    s = ready([(0, "r", 4), (1, "w", 1)])
    s.bld[3] = 1
    s.seats[1].lying[1] = 1  # seat 1's citizen lies beside the Bishopric, not the Palace
    touch(s)
    s.apply("place palace")
    s.apply("citizen from supply")
    assert s.bld[3] == 0 and s.seats[1].lying[0] == 1


def test_expelled_citizen_can_be_placed_again() -> None:
    """Seed §5.4 / research §5 D: an expelled citizen lying beside a building may be placed again."""
    s = ready([(0, "y", 2), (1, "w", 1)])
    s.seats[0].lying[0] = 1
    s.seats[0].supply = 0
    touch(s)
    s.apply("place city hall")
    assert "citizen lying at palace" in notations(s)
    s.apply("citizen lying at palace")
    assert s.seats[0].lying[0] == 0 and s.bld[12] == 0


def test_agriculture_yellow_total_divided() -> None:
    """Seed §5.5: yellow dice only; deniers = total // divisor (STAND_IN divisor 2)."""
    s = ready([(0, "y", 5), (0, "y", 4), (1, "w", 1)], deniers=(0, 0))
    s.apply("farm")
    choose(s, "dice y4 y5")
    assert s.seats[0].deniers == 4


def test_pass_two_deniers_then_one_each_later_turn() -> None:
    """Seed §5.6: passing with dice left puts 2 deniers in your district, +1 each later turn."""
    s = ready([(0, "y", 5), (1, "y", 2), (1, "y", 3), (1, "y", 4)], deniers=(0, 0))
    before = s.seats[0].deniers
    s.apply("pass")
    assert s.seats[0].district == 2 and s.turn == 1
    s.apply("farm")
    choose(s, "dice y2")
    assert s.seats[0].district == 3 and s.turn == 1
    s.apply("pass")
    assert per_seat(s, "district") == [0, 0] and s.seats[0].deniers >= before + 3  # collected at round end


def test_passed_player_takes_no_more_actions() -> None:
    """Seed §5.6: after passing you take no more actions this round."""
    s = ready([(0, "y", 5), (1, "y", 2), (1, "y", 3)], deniers=(0, 0))
    s.apply("pass")
    s.apply("farm")
    choose(s, "dice y2")
    assert s.turn == 1


def test_miller_counts_palace_or_bishopric() -> None:
    """Research §6.1 Miller: 2 deniers per own citizen in the Palace or in the Bishopric."""
    s = ready([(0, "y", 4), (1, "w", 1)], deniers=(4, 0))
    slot_of(s, "Miller")
    s.bld[0:6] = [0, 0, 0, 1, 1, 1]
    s.bld[6:12] = [0, 1, 1, 1, 1, 1]
    touch(s)
    s.apply("activate Miller")
    s.apply("citizen from supply")
    assert notations(s) == ["x1 palace", "x1 bishopric"]
    s.apply("x1 palace")
    assert s.seats[0].deniers == 6
    s2 = ready([(0, "y", 4), (0, "y", 4), (1, "w", 1)], deniers=(4, 0))
    slot = slot_of(s2, "Miller")
    s2.seats[0].trade[slot] = 1
    s2.bld[0:6] = [0, 0, 0, 1, 1, 1]
    s2.bld[6:12] = [0, 1, 1, 1, 1, 1]
    touch(s2)
    s2.apply("activate Miller")
    choose(s2, "dice y4 y4")
    assert "x2 palace 1 bishopric 1" in notations(s2)
    s2.apply("x2 palace 1 bishopric 1")  # each activation chooses: 2*3 + 2*1
    assert s2.seats[0].deniers == 4 + 8


def test_journeyman_pays_3_for_2_vp() -> None:
    """Research §6.1 Journeyman: pay 3 deniers for 2 VP per activation, as many as you can pay."""
    s = ready([(0, "y", 6), (0, "y", 6), (0, "y", 6), (1, "w", 1)], deniers=(11, 0))
    slot = slot_of(s, "Journeyman")
    s.seats[0].trade[slot] = 1
    touch(s)
    s.apply("activate Journeyman")
    choose(s, "dice y6 y6 y6")
    assert notations(s) == ["x1", "x2", "x3"]  # 18 // 3 = 6, but 11 deniers pay for 3
    s.apply("x3")
    assert s.seats[0].deniers == 2 and s.seats[0].vp == 6


def test_monk_one_white_die_as_three_yellow() -> None:
    """Research §6.1 Monk: one white die counts as 3 yellow dice of its value."""
    s = ready([(0, "w", 4), (1, "r", 1)], deniers=(0, 0))
    slot = slot_of(s, "Monk")
    s.seats[0].cubes[slot] = 1
    touch(s)
    s.apply("farm")
    assert s.seats[0].deniers == 6 and s.seats[0].cubes[slot] == 0


def test_tithing_takes_one_yellow_die_from_each_other_player_free() -> None:
    """Research §6.1 Tithing: one yellow die from each other player (neutral included) for free."""
    s = ready([(1, "y", 6), (NEUTRAL, "y", 6), (1, "w", 1)], deniers=(0, 0))
    slot = slot_of(s, "Tithing")
    s.seats[0].cubes[slot] = 1
    touch(s)
    s.apply("farm")
    assert "dice y6@p1 y6@n" in groups(s)
    choose(s, "dice y6@p1 y6@n")
    assert per_seat(s, "deniers") == [6, 0]


def test_militia_yellow_dice_act_as_red() -> None:
    """Research §6.1 Militia: a group of yellow dice is used as red dice."""
    s = ready([(0, "y", 6), (1, "w", 1)])
    slot = slot_of(s, "Militia")
    s.seats[0].cubes[slot] = 1
    touch(s)
    s.apply("combat Marauding")
    assert s.maraud == [0] and s.seats[0].cubes[slot] == 0  # 6 // 4


def test_priest_adds_3_per_yellow_die_not_for_city_hall() -> None:
    """Research §6.1 Priest: +3 to each yellow die of a group; not to choose a City Hall space."""
    s = ready([(0, "y", 1), (1, "w", 1)], deniers=(0, 0))
    slot = slot_of(s, "Priest")
    s.seats[0].cubes[slot] = 1
    touch(s)
    s.apply("farm")  # y1 alone totals less than 2: only the Priest cube (+3) makes farming possible
    assert s.seats[0].deniers == 2 and s.seats[0].cubes[slot] == 0
    s2 = ready([(0, "y", 1), (1, "w", 1)], deniers=(0, 0))
    slot_of(s2, "Priest")
    s2.seats[0].cubes[slot] = 1
    touch(s2)
    s2.apply("place city hall")
    s2.apply("citizen from supply")
    assert not any(n.startswith("cube") for n in notations(s2))


def test_apprenticeship_every_die_becomes_5_any_colours() -> None:
    """Research §6.1 Apprenticeship: every die of the group becomes a 5, even a mixed group."""
    s = ready([(0, "r", 1), (0, "w", 1), (1, "w", 1)], deniers=(0, 0))
    slot = slot_of(s, "Apprenticeship")
    s.seats[0].cubes[slot] = 1
    touch(s)
    s.apply("farm")
    assert "dice r1 w1" in groups(s)
    choose(s, "dice r1 w1")
    assert s.seats[0].deniers == 5


def test_group_is_one_to_three_dice_of_the_action_colour() -> None:
    """Seed §5: a group is 1-3 dice of the action's colour (without cubes)."""
    s = ready([(0, "r", 6), (0, "w", 6), (0, "y", 2), (0, "y", 3), (0, "y", 4), (0, "y", 5), (1, "w", 1)],
              deniers=(0, 0))
    s.apply("farm")
    found = groups(s)
    assert all(n.startswith("dice y") and " r" not in n and " w" not in n for n in found)
    assert max(len(n.split()) - 1 for n in found) == 3
    assert "dice y3 y4 y5" in found and "dice y2 y3 y4 y5" not in found


def test_fast_feasibility_matches_full_group_search() -> None:
    """The quick per-colour check offers exactly the actions for which a dice group exists."""
    from meeple.engine import Rng
    from meeple.games.troyes import GAME
    from meeple.games.troyes.dice import Offer, fast_possible, has_group
    from meeple.games.troyes.state import MARAUD, P_ACTION, T_ACT, T_CATH, T_FARM, T_FIGHT, T_PLACE

    checked = 0
    for seed in range(6):
        s = GAME.new(2 + seed % 3, seed)
        rng = Rng(seed)
        while not s.is_over:
            if s.phase == P_ACTION:
                p = s.to_move
                offer = Offer(s, p)
                targets = [(T_ACT, k) for k in range(9)] + [(T_CATH, 0), (T_FARM, 0), (T_FIGHT, MARAUD)]
                targets += [(T_PLACE, b) for b in range(3)] + [(T_FIGHT, i) for i in range(len(s.row))]
                for kind, arg in targets:
                    assert fast_possible(s, p, kind, arg, offer) == has_group(s, p, kind, arg, -1)
                    checked += 1
            s.apply(rng.choice(s.legal_actions()))
    assert checked > 500


def test_offered_actions_match_full_search() -> None:
    """Seed §5: an action is offered exactly when some complete way (dice, cube, citizen) exists."""
    from meeple.engine import Rng
    from meeple.games.troyes import GAME
    from meeple.games.troyes.actions import main_actions
    from meeple.games.troyes.citizens import needs_source, sources
    from meeple.games.troyes.dice import action_possible, target_text
    from meeple.games.troyes.state import MARAUD, P_ACTION, T_ACT, T_CATH, T_FARM, T_FIGHT, T_PLACE

    checked = 0
    for seed in range(8):
        s = GAME.new(2 + seed % 3, 50 + seed)
        rng = Rng(seed)
        while not s.is_over:
            if s.phase == P_ACTION and s.step == S_MAIN:
                p = s.to_move
                want = []
                targets = [(T_ACT, k) for k in range(9) if k % 3 < s.revealed] + [(T_CATH, 0)]
                targets += [(T_FIGHT, i) for i in range(len(s.row))] + [(T_FIGHT, MARAUD)]
                targets += [(T_PLACE, b) for b in range(3)] + [(T_FARM, 0)]
                for kind, arg in targets:
                    if needs_source(s, p, kind, arg) and not sources(s, p, kind, arg):
                        continue
                    if action_possible(s, p, kind, arg):
                        want.append(target_text(s, kind, arg))
                got = [a.notation for a in main_actions(s, p)
                       if not a.notation.startswith(("reroll", "recruit", "flip", "pass"))]
                assert got == want
                checked += 1
            s.apply(rng.choice(s.legal_actions()))
    assert checked > 100


def test_hire_without_free_space_scores_nothing() -> None:
    """Seed §5.1: with every VP space taken, a tradesman may still go on the card, without a space."""
    s = at_actions(4, seed=2)
    set_dice(s, [(0, "y", 3), (1, "w", 1)])
    action_turn(s, 0)
    set_per_seat(s, deniers=[5, 0, 0, 0])
    set_per_seat(s, supply=[1, 0, 0, 0])
    slot = slot_of(s, "Merchant")
    s.seats[1].trade[slot], s.seats[2].trade[slot], s.seats[3].trade[slot] = 1, 2, 3
    touch(s)
    s.apply("activate Merchant")
    if s.step == 3:
        s.apply("citizen from supply")
    assert s.seats[0].trade[slot] == 15 and s.seats[0].deniers == 5 - 3 + 2


def test_citizen_taken_from_a_building_leaves_its_space_empty() -> None:
    """Research §5 D: a citizen may come from anywhere on the board, e.g. from a building."""
    s = ready([(0, "r", 2), (1, "w", 1)])
    s.seats[0].supply = 0
    s.bld[6 + 0] = 0
    s.bld[0 + 1] = 1
    touch(s)
    s.apply("place palace")
    assert "citizen from bishopric 1-2 left" in notations(s)
    s.apply("citizen from bishopric 1-2 left")
    assert s.bld[6] == -1 and s.bld[1] == 0 and s.seats[1].lying[0] == 1


def test_dice_groups_listed_match_full_search() -> None:
    """Seed §5: the dice groups offered for an action are exactly those the full search finds
    (1-3 dice of the colour, bought ones at 2/4/6 each, total at least the divisor)."""
    from meeple.engine import Rng
    from meeple.games.troyes import GAME
    from meeple.games.troyes.dice import iter_groups
    from meeple.games.troyes.state import P_ACTION, S_DICE, die_text

    checked = 0
    for seed in range(10):
        s = GAME.new(2 + seed % 3, 70 + seed)
        rng = Rng(seed)
        while not s.is_over:
            if s.phase == P_ACTION and s.step == S_DICE and not s.group:  # since version 8 one die at a time
                p = s.to_move
                want = ["dice " + " ".join(die_text(d, p) for d in c)
                        for c, _, _ in iter_groups(s, p, s.tgt_kind, s.tgt_arg, s.mod)]
                assert groups(s) == want
                checked += 1
            s.apply(rng.choice(s.legal_actions()))
    assert checked > 100
