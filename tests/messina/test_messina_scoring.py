"""End-game scoring on constructed states (seed 遊戲結束, 老鼠標記懲罰, 最終計分, 平手)."""

from __future__ import annotations

import pytest

from meeple.games.messina import evaluate, scoring
from tests.messina.messina_helpers import add_workshop, clear_board, districts, give, new, slot


@pytest.mark.parametrize(("rats", "penalty"), list(enumerate((0, 1, 2, 4, 7, 10, 13, 16, 18, 21))))
def test_rat_penalty_table(rats: int, penalty: int) -> None:
    """老鼠標記懲罰: 0/1/2/4/7/10/13/16/18/21 VP for 0..9 rats."""
    assert scoring.rat_penalty(new(2, 1), rats) == penalty


def test_rats_beyond_nine_cost_three_more_each() -> None:
    """老鼠標記懲罰 (STAND_IN beyond the table): 3 VP per rat past 9."""
    s = new(2, 1)
    assert scoring.rat_penalty(s, 16) == 21 + 3 * 7


def _blank(players: int = 3):
    s = clear_board(new(players, 1))
    for p in range(players):
        for off in ("coins", "wood", "fire", "major"):
            give(s, p, off, 0)
    return s


def test_rats_push_popularity_back_before_scoring() -> None:
    """老鼠標記懲罰: each rat moves the popularity disc back one space."""
    s = _blank(2)
    give(s, 0, "popularity", 5)
    give(s, 0, "rats", 2)
    d = scoring.breakdown(s)[0]
    assert d["popularity"] == 3 and d["rat_penalty"] == -2


def test_popularity_majority_ten_seven_three() -> None:
    """最終計分 1: 10/7/3 VP for the first three on the popularity register."""
    s = _blank(4)
    for p, pop in enumerate((2, 8, 5, 1)):
        give(s, p, "popularity", pop)
    assert [d["majority"] for d in scoring.breakdown(s)] == [3, 10, 7, 0]


def test_popularity_majority_ties_broken_by_fire_major_counts_two() -> None:
    """最終計分 1: ties are broken by fire tokens held, a major fire counting as two."""
    s = _blank(3)
    for p in range(3):
        give(s, p, "popularity", 4)
    give(s, 0, "fire", 2)
    give(s, 1, "major", 2)   # = 4 fires
    give(s, 2, "fire", 3)
    assert [d["majority"] for d in scoring.breakdown(s)] == [3, 10, 7]


def test_full_ties_share_the_places() -> None:
    """最終計分 1 (our resolution): players still tied share the places' bonuses, rounded down."""
    s = _blank(3)
    assert [d["majority"] for d in scoring.breakdown(s)] == [6, 6, 6]


def test_final_scoring_adds_every_part() -> None:
    """最終計分: registers, majority, repopulated hexes' printed VP, scrolls, leftovers at 1 per 3."""
    s = _blank(2)
    give(s, 0, "vp", 12)
    give(s, 0, "popularity", 4)        # 4 VP
    give(s, 0, "city", 5)       # 5 VP
    give(s, 0, "church", 2)     # 1 VP
    n1, n2 = districts(s)[0], districts(s)[1]
    s.owner[n1] = 0
    s.owner[n2] = 0
    give(s, 0, "repops", 2)
    hex_vp = s.tables.hexes[s.ntile[n1]].vp + s.tables.hexes[s.ntile[n2]].vp
    give(s, 0, "ships", 3)
    give(s, 0, "scroll0", 2)        # buildings at 2 VP each
    give(s, 0, "scroll1", 1)        # ships at 1 VP each
    give(s, 0, "scroll2", 1)        # repopulation at 2 VP each
    for _ in range(7):                # 7 workshops: only 6 count
        add_workshop(s, 0, 0, -1, 0)
    give(s, 0, "coins", 4)
    give(s, 0, "wood", 2)
    give(s, 0, "fire", 1)
    give(s, 0, "major", 1)      # 8 leftovers -> 2 VP
    give(s, 0, "rats", 3)       # popularity back to 1 (1 VP), penalty 4
    d = scoring.breakdown(s)[0]
    assert d == {"during_play": 12, "rat_penalty": -4, "popularity": 1, "city": 5, "church": 1,
                 "majority": 10, "repopulated_hexes": hex_vp, "scrolls": 12 + 3 + 4, "leftovers": 2,
                 "total": 12 - 4 + 1 + 5 + 1 + 10 + hex_vp + 19 + 2}


def test_tie_break_by_repopulations_then_highest_hex() -> None:
    """平手: most repopulated hexes, then the highest-valued repopulated hex."""
    s = _blank(2)
    a, b, c = districts(s)[0], districts(s)[1], districts(s)[2]
    s.owner[a] = 0
    s.owner[b] = 1
    s.owner[c] = 1
    give(s, 0, "repops", 1)
    give(s, 1, "repops", 2)
    assert scoring.tiebreak(s, 1) > scoring.tiebreak(s, 0)
    assert scoring.tiebreak(s, 0) == (1, s.tables.hexes[s.ntile[a]].vp)


def test_evaluate_is_between_zero_and_one() -> None:
    """evaluate: the bots' estimate of the final standing, in [0, 1], rising with a seat's lead and
    with assets the final scoring does not count yet (an estate citizen)."""
    s = _blank(3)
    give(s, 1, "vp", 30)
    assert evaluate.evaluate(s, 1) > 0.9
    assert 0.0 <= evaluate.evaluate(s, 0) < 0.5
    before = evaluate.evaluate(s, 0)
    slot(s, 0, "C1.0", 0)
    s._memo = None  # the position changed behind the engine's back: drop evaluate's memo
    assert evaluate.evaluate(s, 0) > before
