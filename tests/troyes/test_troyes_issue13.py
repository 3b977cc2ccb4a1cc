"""Issue 13: rules corrections, each built as a position (each correction's test failed before
its fix, run against the part-1 commit); the documented choices (items 2 and 4) are pinned too."""

from __future__ import annotations

import pytest

from meeple.engine.core import IllegalAction
from meeple.games.troyes import rounds, scoring
from meeple.games.troyes.state import S_SRC, TroyesState
from tests.troyes.troyes_helpers import (
    action_turn,
    after_draft,
    at_actions,
    black_turn,
    choose,
    notations,
    set_dice,
    set_per_seat,
    touch,
)


def reason(s: TroyesState, text: str) -> str:
    before = s.view(None)
    with pytest.raises(IllegalAction) as info:
        s.apply(text)
    assert s.view(None) == before
    return str(info.value)


def _bishopric_rows_b_left_a_right(rows: int) -> TroyesState:
    """Bishopric rows 1-2 (and 3-4 when ``rows`` is 2): seat 1 left, seat 0 right; seat 0 was
    pushed out of the Bishopric this round (default ``once_per_round``) and has a citizen in its
    supply; seat 0 to act with own w1 (and w3), seat 1 holds a red die (the round goes on)."""
    s = at_actions(2)
    s.bld[6], s.bld[7] = 1, 0
    dice = [(0, "w", 1), (1, "r", 3)]
    if rows == 2:
        s.bld[8], s.bld[9] = 1, 0
        dice.append((0, "w", 3))
    s.seats[0].expelled[1] = 1
    s.seats[0].lying[1] = 0
    set_per_seat(s, supply=[1, 1])
    set_dice(s, dice)
    action_turn(s, 0)
    return s


def test_placement_is_judged_with_the_moving_citizen_already_gone() -> None:
    """Seed §5.4 (同一回合同一個玩家同一個地區只能被推出一個) and research §5 D (the citizen may come
    from anywhere on the board): the push-out limit is judged after the moving citizen has left
    its space.  Seat 0 takes its own citizen from the right of the full row 1-2 and enters the
    same row with w1: the row is no longer full, so nobody is pushed out and the move is legal
    (the only such source, so it is taken at once, as is the only die)."""
    s = _bishopric_rows_b_left_a_right(rows=1)
    assert "place bishopric" in notations(s)
    events = s.apply("place bishopric")
    assert not [e for e in events if e["type"] == "expel"]
    assert "Seat 0: place a citizen in the Bishopric with seat 0's white 1" in [e["text"] for e in events]
    assert (s.bld[6], s.bld[7]) == (0, 1)  # seat 0 enters on the left, seat 1 shifts right
    assert s.seats[0].supply == 1 and s.seats[0].lying[1] == 0 and s.seats[1].lying[1] == 0


def test_a_citizen_source_that_leaves_no_legal_die_is_not_offered() -> None:
    """Seed §5.4: from the supply, either die would push seat 0 out of the Bishopric a second
    time this round, so that source is not offered (an action is offered only with a complete
    way to carry it out) and typing it is refused with the reason; from the right of row 1-2
    only w1 may enter."""
    s = _bishopric_rows_b_left_a_right(rows=2)
    s.apply("place bishopric")
    assert s.step == S_SRC
    assert notations(s) == ["citizen from bishopric 1-2 right", "citizen from bishopric 3-4 right"]
    why = reason(s, "citizen from supply")
    assert "already pushed out" in why
    events = s.apply("citizen from bishopric 1-2 right")
    assert "Seat 0: place a citizen in the Bishopric with seat 0's white 1" in [e["text"] for e in events]
    assert not [e for e in events if e["type"] == "expel"]


def test_spending_another_players_die_against_black_dice_says_own_dice_only() -> None:
    """Seed §4 (只能用自己的骰子): only your own dice counter black dice; the refusal of
    ``spend r6@p1`` says so, before and after the black dice to counter were chosen."""
    s = at_actions(2)
    set_dice(s, [(0, "w", 3), (0, "w", 1), (1, "r", 6)])
    black_turn(s, 0, [2])
    assert "only your own dice" in reason(s, "spend r6@p1")
    choose(s, "counter 2")
    touch(s)
    assert "only your own dice" in reason(s, "spend r6@p1")


def test_a_citizen_moved_out_of_a_building_leaves_its_space_empty() -> None:
    """Research §5 D (a citizen may come from anywhere on the board) with no source refilling
    the space it leaves (docs/rules/troyes.md, choices): after seat 0 moves its Palace citizen
    into the City Hall, the Palace space stays empty, so the next workforce phase rolls 17 dice,
    not 18, and seat 0 pays 2 deniers less in wages (issue 13, item 2: documented, not changed)."""
    s = at_actions(2)
    assert all(o >= 0 for o in s.bld)  # 2 players: 6 neutral + 12 drafted citizens fill all 18
    s.bld[2] = 0
    set_per_seat(s, supply=[0, 0])
    set_dice(s, [(0, "y", 6), (1, "r", 1)])
    action_turn(s, 0)
    palace_before = s.bld[0:6].count(0)
    s.apply("place city hall")
    if s.step == S_SRC:
        s.apply("citizen from palace 3")
    assert s.bld[2] == -1 and s.bld[0:6].count(0) == palace_before - 1
    rounds.workforce(s, [])
    assert len(s.dice) == 17 == sum(1 for o in s.bld if o >= 0)
    wage = 2 * s.bld[0:6].count(0) + s.bld[6:12].count(0)
    set_per_seat(s, deniers=[0, 0])
    rounds.income_and_wages(s, [])
    assert s.seats[0].deniers == 10 - wage


def _scoring_position() -> TroyesState:
    s = after_draft(2)
    set_per_seat(s, vp=[0, 0])
    set_per_seat(s, trade=[[0] * 9 for _ in range(s.players)])
    s.row, s.evcubes, s.maraud = [], [], []
    s.cath = [-1] * 18
    metric = [c.metric for c in s.tables.characters]
    set_per_seat(s, chars=[[metric.index("events")], [metric.index("cathedral")]])  # both score 0 here
    touch(s)
    return s


def test_cubes_on_marauding_score_nothing_at_the_end() -> None:
    """Seed 遊戲結束 2 (cubes on unfinished event cards, 1 VP each): Marauding is printed on the
    board, not an event card, so cubes left on it score nothing (issue 13, item 4: documented)."""
    s = _scoring_position()
    before = scoring.final_scores(s)
    s.maraud = [0, 0, 1]
    assert scoring.final_scores(s) == before
    assert [b["unfinished_events"] for b in scoring.breakdown(s)] == [0, 0]


def test_final_totals_can_go_below_zero_through_the_cathedral_penalty() -> None:
    """Seed 遊戲結束 4: -2 VP per cathedral level without an own cube, with no floor (the 0-VP
    floor of research S6/S7 is for penalties during play): 0 VP and no cube is -6 (issue 13,
    item 4: documented)."""
    s = _scoring_position()
    assert scoring.final_scores(s) == [-6, -6]
    parts = scoring.breakdown(s)
    assert [b["cathedral"] for b in parts] == [-6, -6] and [b["total"] for b in parts] == [-6, -6]


def test_lying_protection_ends_when_the_lying_citizen_itself_is_placed_again() -> None:
    """Research §5 D (option ``push_out_protection=lying``): a player is protected while a
    pushed-out citizen of theirs lies beside the building.  When that citizen is the one placed
    again, nothing of theirs lies there any more as it enters, so it may push out their own
    citizen (own review, the same judgement as issue 13 item 1: the moving citizen has left)."""
    s = at_actions(2, push_out_protection="lying")
    s.bld[6], s.bld[7] = 1, 0
    s.seats[0].lying[1] = 1
    set_per_seat(s, supply=[0, 0])
    set_dice(s, [(0, "w", 1), (1, "r", 3)])
    action_turn(s, 0)
    s.apply("place bishopric")
    assert s.step == S_SRC and "citizen lying at bishopric" in notations(s)
    events = s.apply("citizen lying at bishopric")
    assert "Seat 0's citizen is pushed out of the Bishopric" in [e["text"] for e in events]
    assert (s.bld[6], s.bld[7]) == (0, 1) and s.seats[0].lying[1] == 1


def test_a_placement_is_offered_exactly_when_some_citizen_and_die_allow_it() -> None:
    """Seed §5 (an action is offered only when a complete way to carry it out exists) with the
    placement judged for each citizen source in turn: along seeded random games under both
    push-out readings, ``place X`` is offered exactly when some source and some group (with or
    without a cube) allow it."""
    from meeple.engine.rng import Rng
    from meeple.games.troyes import GAME
    from meeple.games.troyes.citizens import sources
    from meeple.games.troyes.dice import has_group, usable_mods
    from meeple.games.troyes.state import BUILDING_WORDS, P_ACTION, S_MAIN, T_PLACE

    checked = 0
    for players in (2, 3, 4):
        for seed in range(4):
            s = GAME.new(players, seed, {"push_out_protection": "lying"} if seed % 2 else {})
            assert isinstance(s, TroyesState)
            rng = Rng(seed + 11)
            while not s.is_over:
                legal = s.legal_actions()
                if s.phase == P_ACTION and s.step == S_MAIN:
                    p, names = s.turn, {a.notation for a in legal}
                    for b in range(3):
                        mods = [-1] + usable_mods(s, p, T_PLACE, b)
                        way = any(has_group(s, p, T_PLACE, b, m, src)
                                  for src in sources(s, p, T_PLACE, b) for m in mods)
                        assert way == (f"place {BUILDING_WORDS[b]}" in names)
                        checked += 1
                s.apply(legal[rng.below(len(legal))])
    assert checked > 1000
