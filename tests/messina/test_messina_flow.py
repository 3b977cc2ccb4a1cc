"""The flow around the turns: new lieutenants, the staffing window, the docks late in the game and
the end of the game (seed 額外的工人, 工房, 移動到船上, 遊戲結束)."""

from __future__ import annotations

from meeple.games.messina import rounds, rules
from meeple.games.messina.state import (
    LOC_ESTATE,
    ST_OVER,
    ST_TURNS,
    STANDING,
    T_PLACE,
    T_STAFFWIN,
)
from tests.messina.messina_helpers import (
    add_workshop,
    at,
    clear_board,
    districts,
    get,
    give,
    legal,
    new,
    put_lieutenant,
    set_cabin,
    slot,
)


def _all_standing(s) -> None:
    for p in range(s.players):
        for i in range(3):
            put_lieutenant(s, p, i, districts(s)[p * 3 + i], STANDING)


def test_a_new_lieutenant_is_used_the_same_round_after_those_in_the_city() -> None:
    """額外的工人: a lieutenant gained from the city register may be placed this round, like in
    round I, once the lieutenants in the city are used."""
    s = clear_board(new(2, 1))
    s.round_ = 3
    _all_standing(s)
    put_lieutenant(s, 1, 3, LOC_ESTATE)
    s.tasks = []
    s.cur = 0
    s.order = (0, 1)
    assert rounds.next_turn(s)
    assert s.tasks[-1] == (T_PLACE, 1, 0, 0, 0)
    s._legal_cache = None
    options = legal(s)
    assert options and all(o.startswith("lt4 to ") for o in options)
    assert not any(o.endswith(("D1", "D2", "D3", "D4")) for o in options)


def test_staffing_window_before_production() -> None:
    """工房: citizens may move into workshops at any time, including just before production."""
    s = clear_board(new(2, 1))
    _all_standing(s)
    add_workshop(s, 1, 6, -1, 0)           # WI-A1 (2 coins) owned by seat 1
    slot(s, 1, "A1.2", 0)
    s.tasks = []
    s.stage = ST_TURNS
    s.cur = 1
    s._legal_cache = None
    rules.advance(s, [])
    assert s.tasks[-1] == (T_STAFFWIN, 1, 0, 0, 0)
    assert legal(s) == ["staff WI-A1 from A1.2", "done staffing"]
    coins = s.seats[1].coins
    s.apply("staff WI-A1 from A1.2")
    assert s.seats[1].coins >= coins + 2, "the newly staffed workshop produced this round"


def test_ship_plague_costs_two_fires_in_the_last_rounds() -> None:
    """對抗瘟疫 / 移動到船上: in rounds V-VI the ship's cube also needs two fires (and gives 2 VP)."""
    s = clear_board(new(2, 1))
    s.round_ = 6
    put_lieutenant(s, 0, 0, 0)
    s.docks = ((1,), (), (), ())
    give(s, 0, "fire", 1)
    at(s, (T_PLACE, 0, 0, 0, 0))
    assert "lt1 to D1" in legal(s)
    s.apply("lt1 to D1")
    assert get(s, 0, "rats") == 1 and get(s, 0, "fire") == 1, "one fire is not enough: a rat"
    s2 = clear_board(new(2, 1))
    s2.round_ = 6
    put_lieutenant(s2, 0, 0, 0)
    s2.docks = ((1,), (), (), ())
    give(s2, 0, "fire", 2)
    at(s2, (T_PLACE, 0, 0, 0, 0))
    s2.apply("lt1 to D1")
    s2.apply("douse the ship")
    assert get(s2, 0, "fire") == 0 and get(s2, 0, "vp") == 2 and get(s2, 0, "rats") == 0


def test_the_game_ends_after_round_six_production() -> None:
    """遊戲結束: after round VI's production the game ends and is scored."""
    s = clear_board(new(2, 1))
    s.round_ = 6
    _all_standing(s)
    set_cabin(s, 0, 0, 0, 2, -1)          # a citizen due to leave quarantine: irrelevant now
    s.tasks = []
    s.stage = ST_TURNS
    s.cur = 1
    s._legal_cache = None
    rules.advance(s, [])
    assert s.stage == ST_OVER and s.is_over and s.final is not None
    assert s.scores() == [d["total"] for d in s.final]
    assert s.legal_actions() == []
