"""Issue 13, the review of Luna Maris against the seed, section by section: the positions at the edges
(a track's end, an empty deck or row, a tie) and what the engine does there (docs/rules/luna_maris.md,
"Audited (issue 13)")."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction, Rng
from meeple.games.luna_maris.components import COMM, GREENHOUSE, HIBERNATION, INDUSTRY, LAB
from meeple.games.luna_maris.food import food_extra
from meeple.games.luna_maris.production import production
from meeple.games.luna_maris.scoring import rank_points
from meeple.games.luna_maris.state import (
    S_BONUS,
    S_MOVE,
    S_TURN,
    LunaState,
)
from tests.luna_maris.lm_helpers import GAME, at_module, fresh, notations, ready_to_move, touch


def test_hibernation_closed_at_minimum_stress() -> None:
    """Seed §休眠間 (rest lowers stress: the marker moves right) read like §氣閘 (at maximum stress the
    Airlock cannot be used): with the stress marker already at its minimum (O2 cap 8) resting would do
    nothing, so the Hibernation room is no destination (no energy spent, no VP given to a player whose
    activation would be followed)."""
    s = fresh(2, equipment=False)
    s.seats[0].cap = s.board.stress_max_cap
    ready_to_move(s, 0, 1, 4)  # J2 at the Power plant, next to the Hibernation room
    assert "go hibernation" not in notations(s)
    with pytest.raises(IllegalAction, match="nothing to do at the Hibernation room"):
        s.apply("go hibernation")
    s.seats[0].cap = s.board.stress_max_cap - 1
    touch(s)
    assert "go hibernation" in notations(s)


def test_rest_refused_at_minimum_stress_explained() -> None:
    """Seed §休眠間: at the Hibernation room with stress at its minimum, 'rest' is refused and the
    reason names the stress marker."""
    s = fresh(2, equipment=False)
    s.seats[0].cap = s.board.stress_max_cap
    at_module(s, 0, HIBERNATION)
    with pytest.raises(IllegalAction, match="stress is already at its minimum"):
        s.apply("rest")


@pytest.mark.parametrize(("extra", "field", "at_end"), [("stress", "cap", 8), ("co2", "co2", 6)])
def test_food_reward_at_a_track_end_says_no_effect(extra: str, field: str, at_end: int) -> None:
    """Seed §犒賞科學家 (the card's extra reward): the soy card's stress -1 with the stress marker at
    its minimum, or the algae card's CO2 -1 with the marker at the best end, changes nothing; the log
    says so."""
    s = fresh(2)
    setattr(s.seats[0], field, at_end)
    events = food_extra(s, 0, extra)
    assert getattr(s.seats[0], field) == at_end and "no effect" in events[0]["text"]


def test_research_bonus_at_a_track_end_says_no_effect() -> None:
    """Research §5.7: the CO2 bonus with the CO2 marker already at the best end is allowed (it is the
    player's choice) but changes nothing; the log says so."""
    s = fresh(2, equipment=False)
    at_module(s, 0, LAB)
    s.seats[0].ref = s.board.research_max
    s.seats[0].co2 = len(s.board.co2_vp) - 1
    touch(s)
    s.apply("research refining")
    events = s.apply("bonus co2")
    assert any(e["type"] == "bonus" and "no effect" in e["text"] for e in events)


def test_empty_hiring_row_closes_the_communications_room() -> None:
    """Seed §通訊室 with the senior deck and the hiring row empty (16 hires): nothing to hire, so the
    room is no destination."""
    s = fresh(2, equipment=False)
    s.hire_row = []
    s.senior_deck = []
    ready_to_move(s, 0, 5, COMM)  # J6: comms + greenhouse
    assert "go comms" not in notations(s) and "go greenhouse" in notations(s)


def test_empty_food_display_closes_the_greenhouse() -> None:
    """Seed §溫室 with the food deck, discards and display empty: nothing to take."""
    s = fresh(2, equipment=False)
    s.food_row = []
    s.food_deck = []
    s.food_discard = []
    ready_to_move(s, 0, 5, COMM)
    assert "go greenhouse" not in notations(s)


def _activation_consistent(s: LunaState) -> None:
    for p, me in enumerate(s.seats):
        if me.pos >= 0:
            assert bool(me.on_act) == (s.act[me.pos] == p), (p, me.pos, s.act)
    for m, q in enumerate(s.act):
        if q >= 0:
            assert s.seats[q].pos == m and s.seats[q].on_act, (m, q)


@pytest.mark.parametrize("players", [2, 4])
def test_activation_spaces_match_the_astronauts_in_random_play(players: int) -> None:
    """Seed §啟動模組 3 (the activating astronaut stands on the space; it lapses when the astronaut
    leaves, feeds or passes): after every decision, an activation space is held exactly by the
    astronaut standing on it."""
    for seed in range(3):
        s = GAME.new(players, seed=seed)
        rng = Rng(seed + 5)
        while not s.is_over:
            assert isinstance(s, LunaState)
            _activation_consistent(s)
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
        assert isinstance(s, LunaState)
        _activation_consistent(s)


def test_senior_rest_as_second_action_lowers_stress_by_one_and_ends_the_turn() -> None:
    """Seed §休眠間: a senior that already acted rests for 1 only, and resting ends the turn."""
    s = fresh(2, equipment=False)
    s.seats[0].hand.append(32)  # S09: mining, industry, cargo
    ready_to_move(s, 0, 32, GREENHOUSE)
    s.seats[0].cap = 5
    s.seats[0].energy = 3
    touch(s)
    s.apply("go industry")
    s.apply("cut co2 1")
    s.apply("done")
    assert s.step == S_MOVE and "go hibernation" in notations(s)
    s.apply("go hibernation")  # 'rest' is the only action there: taken at once
    assert s.seats[0].cap == 6 and s.step == S_TURN and s.cur == 1


def test_production_overflow_fills_the_gauge_then_leaves_the_game() -> None:
    """Seed §生產階段 1 and §廢料區: the right section's 5 ore go to a gauge at 8 of 10; two fit (space
    9 stress +1, space 10 CO2 +1 and stress +1), three leave the game."""
    s = fresh(2)
    me = s.seats[0]
    me.fe_r = 5
    me.waste = 8
    me.co2 = 2
    me.cap = 6
    events = production(s)
    assert me.waste == 10 and me.cap == 4 and me.co2 == 1
    assert any("3 cubes do not fit" in e["text"] for e in events)


def test_research_at_the_top_scores_five_every_time() -> None:
    """Seed §實驗室 (等級提升到四以上，每一次都可以額外得到五分): after the bonus is claimed, every
    further research on that track still scores 5 VP, and no second bonus is offered."""
    s = fresh(2, equipment=False)
    at_module(s, 0, LAB)
    s.seats[0].ref = s.board.research_max
    s.seats[0].ref_bonus = 1
    before = s.seats[0].vp
    touch(s)
    s.apply("research refining")
    assert s.seats[0].vp == before + 5 and s.step != S_BONUS


def test_food_rank_four_way_tie_splits_rounded_down() -> None:
    """Seed §最終計分 3-4 (平手分數相加向下取整): four players tied share 8 + 5 + 2 = 15, 3 each."""
    assert rank_points([3, 3, 3, 3], (8, 5, 2), [True] * 4) == [3, 3, 3, 3]


def test_main_action_after_the_extra_action_explained() -> None:
    """Seed §啟動模組 3 (either order, version 7): after the extra action a refused main action is
    explained by its own cause (here the refining level), not as 'extra action already taken'."""
    s = at_module(fresh(2, equipment=False), 0, INDUSTRY)
    s.seats[0].fe_l = 2
    touch(s)
    s.apply("cut co2 1")
    with pytest.raises(IllegalAction, match="refining level 1") as err:
        s.apply("refine C")
    assert "extra action" not in str(err.value)
    with pytest.raises(IllegalAction, match="already took this module's extra action"):
        s.apply("cut co2 1")
