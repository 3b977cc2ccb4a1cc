"""Issue 13, rules corrections: each test builds the position of one item and failed before its fix.

1. quarantine with too few cabins: the seat chooses who goes in (seed 2 拯救市民, 有瘟疫);
2. a ship never vanishes when every docks is full (seed 下一輪設置 5);
3. a register reward from production waits for the next step 4 (seed 生產推進);
4. rats move the popularity disc back, and the view shows it (seed 老鼠標記懲罰);
5. refusal reasons for repopulating harbours / docks and for buying popularity (explain.py).
"""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction
from meeple.games.messina import rules
from meeple.games.messina.components import R_LIGHTNING
from meeple.games.messina.ships import ship_arrives
from meeple.games.messina.state import (
    CABINS,
    DOCK0,
    LOC_ESTATE,
    READY,
    SPENT,
    ST_TURNS,
    T_MAIN,
    T_PLACE,
    T_QPICK,
)
from tests.messina.messina_helpers import (
    at,
    clear_board,
    districts,
    get,
    give,
    legal,
    new,
    put_lieutenant,
    set_cabin,
)


def _cabins_taken(s, seat: int, k: int) -> None:
    """The first ``k`` of ``seat``'s cabins hold a craftsman at stage I."""
    for c in range(k):
        set_cabin(s, seat, c, 0, 1, -1)


def test_quarantine_when_cabins_run_short_the_player_chooses_who_goes_in() -> None:
    """Seed 2 拯救市民 (有瘟疫): the hex's citizens go to free cabins, those left over are discarded.
    With one free cabin for a craftsman and a nun, the seat chooses; it was always the craftsman."""
    s = clear_board(new(2, 1))
    n = districts(s)[0]
    s.cubes[n] = 1
    s.cube_supply -= 1
    s.citizens[0][n] = 1
    s.citizens[2][n] = 1
    s.cit_supply[0] -= 1
    s.cit_supply[2] -= 1
    _cabins_taken(s, 0, 3)
    crafts = s.cit_supply[0]
    at(s, (T_PLACE, 0, 0, 0, 0))
    s.apply(f"lt1 to {s.nname[n]}")
    assert s.tasks[-1][0] == T_QPICK
    assert sorted(legal(s)) == ["quarantine craftsman", "quarantine nun"]
    assert s.view(0)["now"]["free_cabins"] == 1
    s.apply("quarantine nun")
    assert s.seats[0].cabin_citizen[3] == 2 * 2, "the nun in cabin 4"
    assert s.cit_supply[0] == crafts + 1, "the craftsman is discarded"
    assert s.tasks[-1][0] == T_MAIN


def test_quarantine_choice_with_two_free_cabins_for_three_citizens() -> None:
    """Seed 2 拯救市民: two free cabins, three citizens of two classes: two picks, then the rest is
    discarded; with enough cabins (or one class only) nothing is asked."""
    s = clear_board(new(2, 1))
    n = districts(s)[0]
    s.cubes[n] = 1
    s.cube_supply -= 1
    s.citizens[0][n] = 2
    s.citizens[1][n] = 1
    s.cit_supply[0] -= 2
    s.cit_supply[1] -= 1
    _cabins_taken(s, 0, 2)
    crafts = s.cit_supply[0]
    at(s, (T_PLACE, 0, 0, 0, 0))
    s.apply(f"lt1 to {s.nname[n]}")
    assert sorted(legal(s)) == ["quarantine aristocrat", "quarantine craftsman"]
    s.apply("quarantine aristocrat")
    # one class is left (two craftsmen, one cabin): no choice, one goes in, one is discarded
    assert s.tasks[-1][0] == T_MAIN
    occupants = sorted(s.seats[0].cabin_citizen[c] for c in range(CABINS))
    assert occupants == [0, 0, 0, 2]
    assert s.cit_supply[0] == crafts + 1


def test_a_ship_never_vanishes_when_every_docks_is_full() -> None:
    """Seed 下一輪設置 5: a full harbour sends the ship clockwise; with every docks full (8 ships
    waiting, the stand-in 2 berths each) the ship docks at the drawn harbour beyond its berths, with
    its plague cube, and the log says so.  It used to leave the pile and dock nowhere."""
    s = clear_board(new(4, 2))
    full = tuple((2 * i, 2 * i + 2) for i in range(4))
    s.docks = full
    s.sel = (2,)
    ship = s.ship_stack[0]
    supply = s.cube_supply
    events: list = []
    ship_arrives(s, events)
    assert sum(len(d) for d in s.docks) == 9
    assert s.docks[2][-1] == ship * 2 + 1, "docked at the drawn harbour with a cube"
    assert s.cube_supply == supply - 1
    assert any(e["type"] == "ship" and "every docks is full" in e["text"] for e in events)
    # and it can be taken like any other
    names = [e["name"] for node in s.view(0)["nodes"] if node["kind"] == "docks" for e in node["ships"]]
    assert s.tables.ships[ship].name in names


def test_a_production_reward_waits_through_a_recall_for_the_next_step_four() -> None:
    """Seed 生產推進: a reward reached in production is usable in the next step 4; a turn without
    step 4 (a recall) does not use it up.  It used to be kept only for the owner's next turn."""
    s = clear_board(new(2, 1))
    s.round_ = 2
    s.seats[0].defer = (R_LIGHTNING,)
    a, b = districts(s)[0], districts(s)[1]
    put_lieutenant(s, 0, 0, a, READY)
    put_lieutenant(s, 0, 1, b, READY)
    put_lieutenant(s, 0, 2, LOC_ESTATE, SPENT)
    for i in range(3):
        put_lieutenant(s, 1, i, LOC_ESTATE, SPENT)
    s.order = (0, 1)
    s.cur = -1
    s.in_turn = -1
    s.tasks = []
    s.stage = ST_TURNS
    s._legal_cache = None
    rules.advance(s, [])
    assert s.to_move == 0 and s.tasks[-1][0] == T_PLACE
    s.apply("recall lt1")
    assert s.seats[0].defer == (R_LIGHTNING,), "still waiting after a turn without step 4"
    assert s.view(0)["seats"]["seat 0"]["rewards_next_turn"] == ["lightning"]
    s.apply(f"lt2 to {s.nname[b]}")
    assert "use lightning" in legal(s)


def test_rats_move_the_popularity_disc_back_in_the_final_view() -> None:
    """Seed 老鼠標記懲罰: each rat moves the popularity disc back one space, so after the game the
    view shows it where it ends (the score was right; the disc was not moved)."""
    s = clear_board(new(2, 1))
    s.round_ = 6
    for p in range(2):
        for i in range(3):
            put_lieutenant(s, p, i, districts(s)[p * 3 + i], 1)
    give(s, 0, "popularity", 5)
    give(s, 0, "rats", 3)
    give(s, 1, "popularity", 1)
    give(s, 1, "rats", 4)
    s.tasks = []
    s.cur = 1
    s._legal_cache = None
    events: list = []
    rules.advance(s, events)
    assert s.is_over
    seats = s.view(0)["seats"]
    assert seats["seat 0"]["registers"]["popularity"] == 2
    assert seats["seat 1"]["registers"]["popularity"] == 0
    assert get(s, 0, "popularity") == 2
    assert s.final is not None
    pop_vp = [r.vp for r in s.tables.registers if r.track == "popularity"]
    assert s.final[0]["popularity"] == pop_vp[2] and s.final[1]["popularity"] == pop_vp[0]
    assert any(e["type"] == "rats_push_back" and e["seat"] == 0 for e in events)


def _refused(s, text: str, reason: str) -> None:
    with pytest.raises(IllegalAction, match=reason):
        s.apply(text)


@pytest.mark.parametrize("where", ["harbour", "docks"])
def test_repopulating_a_harbour_or_the_docks_is_explained(where: str) -> None:
    """Seed 活絡城市: harbours and docks cannot be repopulated; the refusal said "you already took
    this hex's action"."""
    s = clear_board(new(2, 1))
    n = 0 if where == "harbour" else DOCK0
    at(s, (T_MAIN, 0, n, 1, 0))
    _refused(s, f"repopulate {s.nname[n]}", "harbours and docks cannot be repopulated")
    _refused(s, "action: 2 wood", "harbours and docks have no action")


def test_buying_popularity_is_explained() -> None:
    """Seed 進度軌 推進方法: only city and church can be bought; popularity moves by fighting the
    plague.  The refusal was the garbled "seat 0 must hex action or repopulation"."""
    s = clear_board(new(2, 1))
    give(s, 0, "coins", 9)
    give(s, 0, "city", 0)
    at(s, (T_MAIN, 0, districts(s)[0], 0, 0))
    _refused(s, "buy popularity", "popularity moves only when you remove plague cubes")
    _refused(s, "fly to the moon", r"seat 0 must play step 4 \(")
