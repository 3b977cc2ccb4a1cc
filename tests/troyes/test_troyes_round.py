"""The round in order (seed §1-4 and 回合結束; research §4)."""

from __future__ import annotations

from meeple.engine.core import Event
from meeple.games.troyes import events, rounds
from meeple.games.troyes.components import RED, WHITE, YELLOW
from meeple.games.troyes.state import NEUTRAL, P_ACTION, P_BLACK, P_OVER, S_SPEND, die
from tests.troyes.troyes_helpers import (
    action_turn,
    after_draft,
    at_actions,
    black_turn,
    choose,
    counters,
    event_index,
    notations,
    per_seat,
    set_dice,
    set_per_seat,
    touch,
)


def test_activity_levels_revealed_in_rounds_1_2_3() -> None:
    """Seed §1: rounds 1-3 each turn up one activity card per district (level I, II, III)."""
    s = after_draft(2)
    assert s.revealed == 1
    for rnd, level in ((2, 2), (3, 3), (4, 3)):
        s.rnd = rnd
        rounds.reveal_activities(s, [])
        assert s.revealed == level
    view = s.view(0)
    assert all(a["card"] for a in view["activities"])


def test_income_10_and_wages_palace_2_bishopric_1() -> None:
    """Seed §2: +10 deniers, then 2 per own Palace citizen and 1 per own Bishopric citizen."""
    s = after_draft(2)
    s.bld = [0, 0, 1, 1, 1, 1] + [0, 0, 0, 1, 1, 1] + [0, 0, 0, 0, 0, 0]
    set_per_seat(s, deniers=[0, 3])
    rounds.income_and_wages(s, [])
    assert per_seat(s, "deniers") == [10 - 4 - 3, 13 - 8 - 3]


def test_wages_short_pays_all_and_loses_2_vp() -> None:
    """Seed §2: a player who cannot pay pays what they have and loses 2 VP (flat)."""
    s = after_draft(2)
    s.bld = [0] * 6 + [0] * 6 + [1] * 6
    set_per_seat(s, deniers=[0, 0])
    set_per_seat(s, vp=[5, 1])
    rounds.income_and_wages(s, [])
    assert s.seats[0].deniers == 0 and s.seats[0].vp == 3
    s.bld = [1] * 6 + [1] * 6 + [1] * 6
    set_per_seat(s, deniers=[0, 0])
    rounds.income_and_wages(s, [])
    assert s.seats[1].deniers == 0 and s.seats[1].vp == 0  # never below 0 VP (S6, S7)


def test_workforce_one_die_per_citizen_of_building_colour() -> None:
    """Seed §3: one die of the building's colour per citizen; neutral dice to the neutral district."""
    s = after_draft(3)
    rounds.workforce(s, [])
    assert len(s.dice) == 18
    for owner in list(range(3)) + [NEUTRAL]:
        for b in range(3):
            mine = [d for d in s.dice if d >> 6 == owner and (d >> 3) & 7 == b]
            assert len(mine) == s.bld[b * 6:b * 6 + 6].count(owner)


def test_events_red_plus_follow_up_added_to_row() -> None:
    """Seed §4: turn up a red event and the white/yellow event it names, at the row's right end."""
    s = after_draft(2)
    first = s.row[0]
    assert s.tables.events[first].colour == RED
    follow = s.tables.events[first].follow_up
    assert s.tables.events[s.row[1]].colour == follow
    assert len(s.decks[follow]) == 3


def test_events_left_in_row_trigger_again() -> None:
    """Research §4 (S3, S12): every card still in the row takes effect again, left to right."""
    s = after_draft(2)
    s.row = [event_index(s, "Levy"), event_index(s, "Invasion"), event_index(s, "Siege")]
    s.evcubes = [[], [], []]
    set_per_seat(s, deniers=[10, 1])
    set_per_seat(s, vp=[4, 4])
    set_per_seat(s, infl=[5, 5])
    events.resolve_events(s, [])
    # Marauding 1 + Invasion 2 + Siege 1 black dice
    assert s.black == [4]
    assert per_seat(s, "deniers") == [8, 0]
    assert per_seat(s, "vp") == [4, 2]


def test_marauding_adds_black_die_every_round() -> None:
    """Seed §4 / research §3.4: the permanent Marauding event adds black dice each round."""
    s = after_draft(2)
    s.row, s.evcubes = [], []
    events.resolve_events(s, [])
    assert s.black == [s.tables.permanent[0].black_dice]


def test_event_cannot_comply_loses_2_vp_per_card() -> None:
    """Seed §4: paying or losing influence you do not have: do what you can, then -2 VP per card."""
    s = after_draft(2)
    s.row = [event_index(s, "Schism"), event_index(s, "Heresy")]
    s.evcubes = [[], []]
    set_per_seat(s, infl=[1, 9])
    set_per_seat(s, deniers=[0, 9])
    set_per_seat(s, vp=[10, 10])
    events.resolve_events(s, [])
    assert per_seat(s, "infl") == [0, 6]
    assert per_seat(s, "deniers") == [0, 8]
    assert per_seat(s, "vp") == [6, 10]


def test_neutral_citizen_event_enters_building() -> None:
    """Seed §4: an event puts a neutral citizen into a building (as a die of 6, STAND_IN)."""
    s = after_draft(2)
    s.bld[6 + 4:6 + 6] = [0, 1]
    grey = s.grey
    ev: list[Event] = []
    events.event_effect(s, "Pilgrims", "neutral_bishopric", ev)
    assert s.bld[6 + 4:6 + 6] == [NEUTRAL, 0]
    assert s.seats[1].lying[1] == 1
    assert s.grey == grey - 1


def test_black_dice_first_counter_is_the_highest() -> None:
    """Seed §4: each player must counter at least one black die, the highest first."""
    s = at_actions(2)
    set_dice(s, [(0, "w", 6), (0, "y", 2), (1, "w", 1)])
    black_turn(s, 0, [5, 3, 2])
    legal = notations(s)
    found = counters(s)
    assert found == ["counter 5", "counter 5+2", "counter 5+3"]
    assert "cannot counter" not in legal


def test_black_red_dice_count_double() -> None:
    """Seed §4: red dice count double against black dice."""
    s = at_actions(2)
    set_dice(s, [(0, "r", 3), (1, "w", 6)])
    black_turn(s, 0, [6])
    assert "counter 6" in notations(s)
    choose(s, "counter 6")
    assert s.phase == P_ACTION  # the only own die was spent automatically
    assert s.dice == [die(1, WHITE, 6)]


def test_black_counter_several_sum_and_influence() -> None:
    """Seed §4: several black dice at once when the spent total reaches their sum; +1 influence each."""
    s = at_actions(2)
    set_dice(s, [(0, "w", 4), (0, "y", 5), (0, "w", 1), (1, "w", 6)])
    black_turn(s, 0, [5, 4])
    set_per_seat(s, infl=[3, 3])
    choose(s, "counter 5+4")
    assert s.step == S_SPEND
    s.apply("spend w4")
    s.apply("spend y5")
    assert s.black == []
    assert s.seats[0].infl == 5
    assert s.dice == [die(0, WHITE, 1), die(1, WHITE, 6)]


def test_black_cannot_counter_loses_2_vp_and_highest_removed() -> None:
    """Seed §4: unable to counter: -2 VP, no influence, the highest black die removed, dice kept."""
    s = at_actions(2)
    set_dice(s, [(0, "w", 1), (1, "w", 6)])
    black_turn(s, 0, [6, 2])
    set_per_seat(s, vp=[3, 3])
    set_per_seat(s, infl=[0, 5])
    touch(s)
    assert notations(s) == ["cannot counter"]
    s.apply("cannot counter")
    assert s.black == [2] and s.seats[0].vp == 1 and s.seats[0].infl == 0
    assert die(0, WHITE, 1) in s.dice
    assert s.turn == 1  # the next player in turn order faces the rest


def test_black_cannot_refuse_if_able() -> None:
    """Research §4 (S7): a player able to counter may not take the penalty instead."""
    s = at_actions(2)
    set_dice(s, [(0, "w", 6)])
    black_turn(s, 0, [6])
    assert "cannot counter" not in notations(s)
    assert "counter 6" in notations(s)


def test_black_dice_no_buying_and_no_cubes() -> None:
    """Research §4 (S3): only own dice counter black dice; no buying, no activity cubes."""
    s2 = at_actions(2)
    set_dice(s2, [(0, "w", 2), (1, "r", 6)])
    black_turn(s2, 0, [5])
    set_per_seat(s2, infl=[1, 0])
    s2.seats[0].cubes[0] = 3  # a Blacksmith-slot cube (+5) would be enough, but may not be used
    touch(s2)
    assert notations(s2) == ["reroll w2", "cannot counter"]


def test_end_of_round_district_lying_dice_start_player() -> None:
    """Seed 回合結束: district deniers to the purse, expelled citizens home, dice out, start passes left."""
    s = at_actions(3)
    set_per_seat(s, district=[3, 0, 1])
    s.seats[1].lying[0] = 1
    s.seats[1].expelled[0] = 1
    set_per_seat(s, supply=[0, 0, 0])
    start = s.start
    events = rounds.end_round(s)
    texts = [e["text"] for e in events]
    assert "Seat 0 collects 3 deniers from the district" in texts
    assert "Seat 2 collects 1 denier from the district" in texts
    assert per_seat(s, "district") == [0, 0, 0]
    assert per_seat(s, "lying") == [[0, 0, 0]] * 3 and per_seat(s, "expelled") == [[0, 0, 0]] * 3
    assert s.seats[1].supply == 1
    assert s.start == (start + 1) % 3
    assert s.rnd == 2


def test_round_ends_when_all_pass() -> None:
    """Seed 回合結束: the action phase ends when every player has passed."""
    s = at_actions(2)
    rnd = s.rnd
    action_turn(s, s.start)
    s.apply("pass")
    s.apply("pass")
    assert s.rnd == rnd + 1


def test_round_ends_when_no_dice_remain() -> None:
    """Seed 回合結束: the action phase ends when all dice are used."""
    s = at_actions(2)
    set_dice(s, [(0, "y", 6)])
    action_turn(s, 0)
    set_per_seat(s, deniers=[0, 0])
    rnd = s.rnd
    s.apply("farm")
    assert s.rnd == rnd + 1


def test_game_ends_after_round_of_last_red_event() -> None:
    """Seed 遊戲結束: the game ends after the round in which the last red event was revealed."""
    s = at_actions(2)
    s.decks[RED] = []
    action_turn(s, 0)
    s.apply("pass")
    s.apply("pass")
    assert s.phase == P_OVER and s.is_over
    assert len(s.final) == 2


def test_black_phase_starts_with_start_player() -> None:
    """Seed §4: the start player rolls; black dice are countered in turn order from the start player."""
    s = after_draft(3)
    assert s.phase == P_BLACK  # Marauding alone brings a black die every round
    assert s.turn == s.start and s.black
    assert s.dice and all((d >> 3) & 7 in (RED, WHITE, YELLOW) for d in s.dice)


def test_black_dice_capped_at_the_six_that_exist() -> None:
    """Research 10.1 (STAND_IN): at most the 6 black dice of the box are rolled."""
    s = after_draft(4)
    s.row = [event_index(s, n) for n in ("Invasion", "Mercenary Revolt", "Great War", "Sack of the Fairs")]
    s.evcubes = [[], [], [], []]
    events.resolve_events(s, [])
    assert s.black == [9]
    events.roll_black_dice(s, [])
    assert len(s.black) == 6 and s.black == sorted(s.black, reverse=True)


def test_influence_capped_at_20() -> None:
    """Research §3.3: the influence track ends at 20; anything above is lost."""
    s = at_actions(2)
    set_dice(s, [(0, "w", 6), (0, "w", 5), (1, "y", 1)])
    action_turn(s, 0)
    set_per_seat(s, infl=[19, 0])
    touch(s)
    s.apply("build cathedral")
    choose(s, "dice w5 w6")
    assert s.seats[0].infl == 20
