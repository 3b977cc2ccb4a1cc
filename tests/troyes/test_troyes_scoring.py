"""Final scoring on constructed states (seed 遊戲結束 1-5; research §7, §8, 10.4, 10.5)."""

from __future__ import annotations

from meeple.games.troyes import GAME, scoring
from meeple.games.troyes.state import NEUTRAL
from tests.troyes.troyes_helpers import after_draft, choose, event_index, set_per_seat, slot_of


def blank(players: int = 2, **options: object):
    s = after_draft(players, 5, **options)
    set_per_seat(s, vp=[0] * players)
    s.row, s.evcubes = [], []
    set_per_seat(s, trade=[[0] * 9 for _ in range(s.players)])
    s.cath = [-1] * 18
    set_per_seat(s, chars=[[] for _ in range(players)])
    set_per_seat(s, won=[[] for _ in range(players)])
    return s


def totals(s) -> list[int]:
    return [b["total"] - b["cathedral"] - b["characters"] for b in scoring.breakdown(s)]


def test_vp_gained_during_play_count() -> None:
    """Seed 遊戲結束 1: the VP gained during play."""
    s = blank()
    set_per_seat(s, vp=[7, 3])
    assert totals(s) == [7, 3]


def test_unfinished_events_one_vp_per_cube() -> None:
    """Seed 遊戲結束 2: events still in the row score 1 VP per own cube on them."""
    s = blank()
    s.row = [event_index(s, "Siege"), event_index(s, "Levy")]
    s.evcubes = [[0, 0, 1], [0, NEUTRAL]]
    assert totals(s) == [3, 1]


def test_unfinished_events_per_card_option() -> None:
    """Research §7 (S5) option: 1 VP per unfinished event card you have a cube on."""
    s = blank(unfinished_events="per_card")
    s.row = [event_index(s, "Siege"), event_index(s, "Levy")]
    s.evcubes = [[0, 0, 1], [0, NEUTRAL]]
    assert totals(s) == [2, 1]


def test_tradesmen_score_their_vp_spaces() -> None:
    """Seed 遊戲結束 3: each tradesman scores the VP printed under its space; none without a space."""
    s = blank()
    merchant = slot_of(s, "Merchant")      # level I: (2, 1, 1)
    sculptor = slot_of(s, "Sculptor")      # level III: (3, 2, 1)
    s.seats[0].trade[merchant] = 1
    s.seats[1].trade[merchant] = 15         # on the card without a VP space
    s.seats[1].trade[sculptor] = 2
    assert totals(s) == [2, 2]


def test_cathedral_minus_2_per_level_without_own_cube() -> None:
    """Seed 遊戲結束 4 / §5.2: -2 VP for each cathedral level without one of your cubes."""
    s = blank()
    s.cath[0] = 0
    s.cath[6 + 3] = 0
    s.cath[12 + 5] = 1
    parts = scoring.breakdown(s)
    assert parts[0]["cathedral"] == -2 and parts[1]["cathedral"] == -4


def test_every_character_scored_for_every_player() -> None:
    """Seed 遊戲結束 5: every revealed character card scores for every player (STAND_IN steps)."""
    s = blank(3)
    set_per_seat(s, chars=[[0], [1], [5]])  # Hugues (influence), Thibaut (deniers), Henri (events)
    set_per_seat(s, infl=[10, 4, 20])
    set_per_seat(s, deniers=[0, 25, 9])
    set_per_seat(s, won=[[0], [], [1, 2, 3]])
    parts = scoring.breakdown(s)
    # influence 10 -> 1, 4 -> 0, 20 -> 6; deniers 0 -> 0, 25 -> 6, 9 -> 1; events 1 -> 1, 0 -> 0, 3 -> 4
    assert [p["characters"] for p in parts] == [2, 6, 11]


def test_character_metrics() -> None:
    """Research §8: cathedral cubes, tradesmen and citizens in buildings are counted per player."""
    s = blank()
    s.cath[0] = s.cath[1] = 0
    slot = slot_of(s, "Merchant")
    s.seats[1].trade[slot] = 1
    assert scoring.metric(s, "cathedral", 0) == 2
    assert scoring.metric(s, "tradesmen", 1) == 1
    assert scoring.metric(s, "citizens", 0) == s.bld.count(0) == 6


def test_tiebreak_deniers_then_influence() -> None:
    """STAND_IN (research 10.5): equal scores are broken by deniers, then influence; else shared."""
    s = blank(3)
    s.final = [10, 10, 10]
    s.phase = 4
    set_per_seat(s, deniers=[3, 5, 5])
    set_per_seat(s, infl=[9, 1, 2])
    assert s.ranking() == [[2], [1], [0]]
    set_per_seat(s, infl=[9, 2, 2])
    assert s.ranking() == [[1, 2], [0]]


def test_event_rewards_split_rounding_down() -> None:
    """Seed §5.3 平手: tied players add the tied values and split them (rounded down, STAND_IN)."""
    shares, winner = scoring.event_rewards([2, 1, 0, 1, 2, 0], 6, 3)
    assert shares == {2: 3, 1: 3, 0: 3} and winner == 2
    shares, winner = scoring.event_rewards([0, 0, 1, 2], 5, 2)
    assert shares == {0: 5, 1: 1, 2: 1} and winner == 0


def test_final_scores_after_a_whole_game_match_breakdown() -> None:
    """Seed 遊戲結束: the final score is the sum of the five parts."""
    from meeple.engine import Rng

    s = GAME.new(3, 11)
    rng = Rng(4)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    parts = scoring.breakdown(s)
    assert s.scores() == [p["total"] for p in parts]
    assert all(p["total"] == sum(v for k, v in p.items() if k != "total") for p in parts)


def test_evaluate_sees_what_a_started_action_brings() -> None:
    """evaluate (issue 3, for the bots): a seat half-way through an activation (dice chosen,
    activations still to choose) is valued as if the action were carried out; the estimate
    stays in [0, 1] and leaves the state untouched."""
    from meeple.games.troyes import GAME
    from meeple.games.troyes.state import S_TIMES
    from tests.troyes.troyes_helpers import action_turn, at_actions, set_dice, slot_of, touch

    s = at_actions(2, seed=7)
    slot = slot_of(s, "Merchant")
    set_dice(s, [(0, "y", 6), (0, "y", 6), (0, "y", 6), (1, "w", 1)])
    action_turn(s, 0)
    s.seats[0].trade[slot] = 1
    set_per_seat(s, deniers=[0, 0])
    touch(s)
    idle = GAME.evaluate(s, 0)
    s.apply("activate Merchant")
    choose(s, "dice y6 y6 y6")
    assert s.step == S_TIMES
    before = GAME.evaluate(s, 0)
    s2 = s.clone()
    s2.apply("x6")
    assert s.step == S_TIMES and s.seats[0].deniers == 0  # untouched
    assert 0.0 <= before <= 1.0
    assert s2.seats[0].deniers == 12
    assert abs(before - GAME.evaluate(s2, 0)) < 1e-9
    assert before > idle  # 12 deniers are worth something before the last choice is made
