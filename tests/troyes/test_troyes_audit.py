"""Rules checked line by line against the seed in an audit, which had no focused test before."""

from __future__ import annotations

from meeple.engine.messages import text_of
from meeple.games.troyes import events
from meeple.games.troyes.components import YELLOW
from meeple.games.troyes.state import P_ACTION, S_DICE, S_SRC, die
from tests.troyes.troyes_helpers import (
    NEUTRAL,
    action_turn,
    after_draft,
    at_actions,
    black_turn,
    choose,
    counters,
    event_index,
    groups,
    notations,
    set_dice,
    set_per_seat,
    slot_of,
    touch,
)


def ready(dice: list[tuple[int, str, int]], deniers: tuple[int, int] = (20, 0)):  # type: ignore[no-untyped-def]
    s = at_actions(2, seed=3)
    set_dice(s, dice)
    action_turn(s, 0)
    set_per_seat(s, deniers=list(deniers), infl=[0, 0])
    set_per_seat(s, supply=[1, 1])
    touch(s)
    return s


# --- seed §4 black dice ------------------------------------------------------------------------

def test_black_excess_points_are_wasted() -> None:
    """Seed §4 (點數可以溢出，單純就浪費): points above the countered black dice are lost, not kept
    for a later black die."""
    s = at_actions(2)
    set_dice(s, [(0, "r", 6), (0, "w", 1), (1, "w", 6)])
    black_turn(s, 0, [3, 2])
    choose(s, "counter 3")
    s.apply("spend r6")  # 12 against 3: 9 wasted
    assert s.black == [2]
    assert s.pool == 0 and s.turn == 1
    assert s.dice == [die(0, 1, 1), die(1, 1, 6)]


def test_black_second_die_any_value() -> None:
    """Seed §4 (第二顆黑骰點數可以任選): after the highest, any other black dice may be added, not
    only the next highest."""
    s = at_actions(2)
    set_dice(s, [(0, "w", 6), (0, "y", 2), (1, "w", 6)])
    black_turn(s, 0, [5, 3, 2])
    legal = counters(s)
    assert "counter 5+2" in legal and "counter 5+3" in legal
    assert "counter 3+2" not in legal and "counter 2" not in legal


def test_black_turns_go_round_until_all_countered() -> None:
    """Seed §4 (按順位解決，直到黑骰全部被解決): in turn order, round and round, until no black
    die is left; then the actions begin with the start player."""
    s = at_actions(2)
    set_dice(s, [(0, "w", 6), (0, "w", 5), (1, "w", 6), (1, "y", 1)])
    black_turn(s, 0, [4, 4, 3])
    s.start = 0
    choose(s, "counter 4")
    s.apply("spend w5")
    assert s.turn == 1 and s.black == [4, 3]
    choose(s, "counter 4")
    s.apply("spend w6")
    assert s.turn == 0 and s.black == [3]
    choose(s, "counter 3")  # w6 is seat 0's only die left: spent at once (a forced choice)
    assert s.black == [] and s.phase == P_ACTION and s.turn == 0


def test_black_counter_dice_of_any_colours() -> None:
    """Seed §4 (可以是任意顏色組合; 點數是算總和): own dice of mixed colours add up against the
    chosen black dice."""
    s = at_actions(2)
    set_dice(s, [(0, "w", 2), (0, "y", 1), (0, "y", 3), (1, "w", 6)])
    black_turn(s, 0, [5])
    choose(s, "counter 5")
    assert notations(s) == ["spend w2", "spend y1", "spend y3"]
    set_per_seat(s, infl=[0, 0])
    s.apply("spend w2")
    assert s.black == [5] and s.pool == 2  # 2 is not enough: the counter goes on
    s.apply("spend y1")  # then y3, the only die left, is spent at once: 2 + 1 + 3 = 6 >= 5
    assert s.black == [] and s.seats[0].infl == 1


# --- seed §5 actions ------------------------------------------------------------------------------

def test_influence_spent_only_before_an_action() -> None:
    """Seed 額外行動 (在對抗黑骰或者執行行動前): influence is spent before choosing an action,
    not in the middle of one."""
    s = ready([(0, "y", 5), (0, "y", 4), (1, "w", 1)])
    set_per_seat(s, infl=[9, 0])
    touch(s)
    assert "reroll y5" in notations(s)
    s.apply("farm")
    assert s.step == S_DICE
    assert not any(n.startswith(("reroll", "recruit", "flip")) for n in notations(s))


def test_activations_rounded_down() -> None:
    """Seed §5.1 (無條件捨去): activations = dice total // divisor, rounded down; fewer allowed."""
    s = ready([(0, "y", 4), (0, "y", 4), (1, "w", 1)])
    slot_of(s, "Merchant")  # divisor 3 (STAND_IN)
    s.seats[0].trade[6] = 1  # already has a tradesman: no hire
    touch(s)
    s.apply("activate Merchant")
    choose(s, "dice y4 y4")  # 8 // 3 = 2
    assert notations(s) == ["x1", "x2"]
    s.apply("x2")
    assert s.seats[0].deniers == 24


def test_combat_uses_the_event_fight_colour() -> None:
    """Seed §5.3 (使用事件卡左方標示的骰子顏色): an event is combated only with dice of the colour
    on its left edge."""
    s = ready([(0, "r", 6), (0, "w", 6), (0, "y", 6), (0, "y", 3), (1, "w", 1)])
    s.row = [event_index(s, "Levy")]  # fought with yellow dice
    s.evcubes = [[]]
    touch(s)
    assert s.evts[s.row[0]].fight_colour == YELLOW
    s.apply("combat Levy")
    assert groups(s) == ["dice y3", "dice y6", "dice y3 y6"]


def test_cathedral_white_dice_only() -> None:
    """Seed §5.2 (使用 1-3 個白骰): the cathedral is built with white dice only."""
    s = ready([(0, "r", 2), (0, "y", 3), (1, "w", 1)], deniers=(0, 0))
    assert "build cathedral" not in notations(s)
    set_dice(s, [(0, "r", 2), (0, "w", 3), (0, "w", 5), (1, "w", 1)])
    set_per_seat(s, deniers=[0, 0])
    touch(s)
    s.apply("build cathedral")
    assert all(" r" not in n and " y" not in n for n in notations(s))
    assert "dice w3 w5" in groups(s)


def test_agriculture_yellow_dice_only() -> None:
    """Seed §5.5 (只能使用黃骰): farming needs yellow dice; red and white dice cannot farm."""
    s = ready([(0, "r", 6), (0, "w", 6), (1, "w", 1)], deniers=(0, 0))
    assert "farm" not in notations(s)


def test_place_citizen_one_die_of_building_colour() -> None:
    """Seed §5.4 (使用一顆對應顏色的骰子): one die of the building's colour, never two."""
    s = ready([(0, "r", 3), (0, "r", 4), (0, "w", 2), (1, "w", 1)], deniers=(0, 0))
    s.apply("place palace")
    if s.step != S_DICE:
        s.apply("citizen from supply")
    assert groups(s) == ["dice r3", "dice r4"]


def test_pass_last_player_still_gets_two_deniers() -> None:
    """Seed §5.6 (就算是最後一個跳過的): the last player to pass also puts 2 deniers in their
    district while dice remain, and collects them at round end."""
    s = ready([(0, "y", 5), (1, "y", 2)], deniers=(0, 0))
    set_per_seat(s, passed=[2, 0])
    set_per_seat(s, district=[2, 0])
    s.turn = 1
    touch(s)
    events = s.apply("pass")
    texts = [str(e.get("text", "")) for e in events]
    assert "Seat 1 collects 2 deniers from the district" in texts
    assert "Seat 0 collects 2 deniers from the district" in texts  # passed earlier, no turn went by



# --- what a player sees ---------------------------------------------------------------------------

def test_view_shows_marauding_and_counter_progress() -> None:
    """Seed §4 and §5.3: Marauding (劫掠, printed on the board) can be combated, so the view gives
    its colour, divisor and rewards; while countering black dice it shows the points spent and needed."""
    s = at_actions(2)
    set_dice(s, [(0, "w", 2), (0, "y", 1), (0, "y", 3), (1, "w", 6)])
    black_turn(s, 0, [5])
    view = s.view(0)
    m = view["marauding"]
    assert m["card"] == s.perm.name and m["boxes"] == s.perm.boxes and m["divisor"] == s.perm.divisor
    choose(s, "counter 5")
    s.apply("spend w2")
    assert s.view(0)["pending"] == {"countering": [5], "pool": 2, "needed": 5}


def test_view_tradesman_shows_the_vp_of_its_space() -> None:
    """Seed §5.1 (空格下面標示的是遊戲結束時結算的分數): each tradesman in the view carries the VP
    of its space."""
    s = ready([(0, "y", 4), (0, "y", 4), (1, "w", 1)])
    slot = slot_of(s, "Merchant")
    s.apply("activate Merchant")
    if s.step != S_DICE:
        s.apply("citizen from supply")
    choose(s, "dice y4 y4")
    s.apply("x1")
    card = s.acts[s.slots[slot]]
    entry = s.view(0)["activities"][slot]
    assert entry["tradesmen"] == [{"seat": 0, "space": 0, "vp": card.vp_spaces[0]}]


def test_illegal_dice_explained_for_the_step() -> None:
    """Seed §5 / 額外行動, as explained to a player: a die group typed while choosing the citizen
    source asks to finish that step; a reroll of a die you do not have names your dice; a die
    typed twice when there is one says so."""
    s = ready([(0, "r", 6), (0, "r", 2), (1, "r", 4)])
    set_per_seat(s, infl=[3, 0])
    touch(s)
    assert text_of(s.explain_illegal("reroll r9")) == "you have no die r9; yours are r2, r6"
    s.apply("place palace")
    assert s.step == S_SRC  # the supply and own citizens standing in buildings
    assert text_of(s.explain_illegal("dice r6")) == "finish the step you are in first (choose the citizen source)"
    s.apply("citizen from supply")
    # since version 8 the refusal first says that dice are chosen one at a time
    assert text_of(s.explain_illegal("dice r6 r6")).endswith("; there are not that many dice r6 on the city square")


def test_neutral_event_citizen_respects_push_out_protection() -> None:
    """Seed §5.4 (同一回合同一個玩家同一個地區只能被推出一個): a second neutral-citizen event in
    the same building and round does not push out another citizen of a player already pushed out
    of it; the neutral citizen stays in the grey supply."""
    s = after_draft(2)
    s.bld[6 + 4:6 + 6] = [0, 0]
    grey = s.grey
    events.event_effect(s, "Pilgrims", "neutral_bishopric", [])
    assert s.bld[6 + 4:6 + 6] == [NEUTRAL, 0] and s.seats[0].lying[1] == 1
    s.bld[6 + 4:6 + 6] = [1, 0]  # seat 0 again on the right of the full row
    ev: list = []
    events.event_effect(s, "Pilgrims", "neutral_bishopric", ev)
    assert s.bld[6 + 4:6 + 6] == [1, 0] and s.seats[0].lying[1] == 1
    assert s.grey == grey - 1
    assert "seat 0 was already pushed out" in ev[-1]["text"]
