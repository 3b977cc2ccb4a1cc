"""Second pass on Messina 1347: ship cargo, the rat supply, when citizens enter workshops, register
rewards from production, and the public population wheel (seed 移動到船上, 對抗瘟疫, 老鼠標記懲罰,
工房, 進度軌行動, 生產推進, 起始設置)."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction, Rng
from meeple.engine.messages import text_of
from meeple.games.messina import GAME, production, rounds, rules, scoring
from meeple.games.messina.components import R_LIEUTENANT
from meeple.games.messina.state import (
    LOC_ESTATE,
    LOC_NONE,
    T_BUILD,
    T_FIGHT,
    T_MAIN,
    T_PLACE,
)
from tests.messina.messina_helpers import (
    add_workshop,
    all_in_estate,
    at,
    clear_board,
    districts,
    estate,
    get,
    give,
    legal,
    new,
    put_lieutenant,
    slot,
)


def _ws(s, name: str) -> int:
    return [w.name for w in s.tables.workshops].index(name)


def _ship(s, back: int, cargo: str) -> int:
    return next(i for i, sh in enumerate(s.tables.ships) if sh.back == back and sh.cargo == cargo)


def _round_two(players: int = 3):
    s = clear_board(new(players, 1))
    s.round_ = 2
    all_in_estate(s)
    return s


# --- 1. cargo ---------------------------------------------------------------------------------

def test_ship_cargo_is_kept_apart_and_shown() -> None:
    """移動到船上: each ship carries spices, cloth or gems; the seat keeps its ships by cargo and every
    view shows them (at the docks and on the seat's board)."""
    s = _round_two(3)
    put_lieutenant(s, 0, 0, 0)                       # on harbour H1
    gem = _ship(s, 1, "gems")
    s.docks = ((gem * 2,), (), (), ())
    dock = next(e for e in s.view(1)["nodes"] if e["name"] == "D1")
    assert dock["ships"][0]["cargo"] == "gems"
    at(s, (T_PLACE, 0, 0, 0, 0))
    s.apply("lt1 to D1")
    assert get(s, 0, "ships") == 1
    assert [get(s, 0, f"cargo{k}") for k in range(3)] == [0, 0, 1]
    assert s.view(2)["seats"]["seat 0"]["cargo"] == {"spices": 0, "cloth": 0, "gems": 1}


def test_cargo_counts_as_one_kind_for_the_ships_scroll() -> None:
    """移動到船上 / 最終計分 3: in the basic game all cargo counts as one kind, so the ships scroll
    scores every ship taken alike (separate cargo scoring belongs to the advanced game)."""
    s = clear_board(new(3, 1))
    for p in range(3):
        for off in ("coins", "wood", "fire", "major"):
            give(s, p, off, 0)
    give(s, 0, "ships", 3)
    for k in range(3):
        give(s, 0, f"cargo{k}", 1)                   # one spices, one cloth, one gems
    give(s, 1, "ships", 3)
    give(s, 1, "cargo1", 3)    # three cloth
    give(s, 0, "scroll1", 2)
    give(s, 1, "scroll1", 2)
    d0, d1 = scoring.breakdown(s)[0], scoring.breakdown(s)[1]
    assert d0["scrolls"] == d1["scrolls"] == 3 * s.tables.scrolls[1].values[2]


def test_two_players_leave_the_gem_ships_out() -> None:
    """船隻板塊: with two players the gem ships leave the game (6 ships)."""
    s = new(2, 3)
    cargo = {s.tables.ships[i].cargo for i in s.ship_stack}
    cargo |= {s.tables.ships[c >> 1].cargo for d in s.docks for c in d}
    assert "gems" not in cargo and len(s.ship_stack) + sum(len(d) for d in s.docks) == 6


# --- 2. rats ----------------------------------------------------------------------------------

def test_rats_are_not_limited_by_the_fifteen_wooden_rats() -> None:
    """對抗瘟疫 / 老鼠標記懲罰: a rat per cube left is taken whatever the number of rats already out
    (no source limits them; the seed limits only the plague cubes), and each one counts."""
    s = _round_two(4)
    for p in range(1, 4):
        give(s, p, "rats", 5)                          # 15 rats already out
    a = districts(s)[0]
    s.cubes[a] = 2
    s.cube_supply -= 2
    give(s, 0, "fire", 0)
    give(s, 0, "major", 0)
    at(s, (T_PLACE, 0, 0, 0, 0))
    s.apply(f"lt1 to {s.nname[a]}")
    assert get(s, 0, "rats") == 2
    assert sum(get(s, p, "rats") for p in range(4)) == 17
    assert scoring.breakdown(s)[0]["rat_penalty"] == -2


# --- 3. citizens into workshops ---------------------------------------------------------------

def test_citizens_may_enter_workshops_when_choosing_a_hex() -> None:
    """工房 (任何時候): an estate citizen may move into a workshop at any moment of your turn, e.g.
    before choosing a hex, so a phase II workshop's coins pay for a longer move."""
    s = _round_two(2)
    add_workshop(s, 0, _ws(s, "WII-A1"), -1, 0)             # 5 coins once
    slot(s, 0, "A1.0", 0)
    give(s, 0, "coins", 0)
    at(s, (T_PLACE, 0, 0, 0, 0))
    assert "staff WII-A1 from A1.0" in legal(s)
    s.apply("staff WII-A1 from A1.0")
    assert get(s, 0, "coins") == 5 and estate(s, 0, "A1.0") == -1
    assert s.tasks[-1][0] == T_PLACE


def test_citizens_may_enter_workshops_during_the_fight() -> None:
    """工房 / 對抗瘟疫: with no fire, the fight is still a decision when a workshop can be staffed;
    a phase II workshop's fire then pays for the cube."""
    s = _round_two(2)
    add_workshop(s, 0, _ws(s, "WII-N1"), -1, 0)             # 2 fire once
    slot(s, 0, "N1.0", 0)
    give(s, 0, "fire", 0)
    give(s, 0, "major", 0)
    a = districts(s)[0]
    s.cubes[a] = 1
    s.cube_supply -= 1
    at(s, (T_PLACE, 0, 0, 0, 0))
    s.apply(f"lt1 to {s.nname[a]}")
    assert s.tasks[-1][0] == T_FIGHT
    assert legal(s)[-1] == "stop fighting" and "douse" not in legal(s)
    s.apply("staff WII-N1 from N1.0")
    s.apply("douse")
    assert s.cubes[a] == 0 and get(s, 0, "rats") == 0 and get(s, 0, "popularity") == 1


def test_staffing_in_the_middle_of_another_decision_is_explained() -> None:
    """工房: a typed staffing in the middle of a build is refused, naming the moments it is allowed."""
    s = _round_two(2)
    add_workshop(s, 0, _ws(s, "WI-A1"), -1, 0)
    slot(s, 0, "A1.0", 0)
    at(s, (T_MAIN, 0, districts(s)[0], 1, 0), (T_BUILD, 0, -1, 0, 0))
    with pytest.raises(IllegalAction, match="before production"):
        s.apply("staff WI-A1 from A1.0")
    at(s, (T_MAIN, 0, districts(s)[0], 1, 0))
    assert "staff WI-A1 from A1.0" in legal(s)
    s.workshops = s.workshops._replace(citizen=s.workshops.citizen[:-1] + (0,))                                 # the workshop is taken
    s._legal_cache = None
    assert text_of(s.explain_illegal("staff WI-A1 from A1.0")) == (
        "a citizen moves only from your estate into an empty workshop of its class (never out again)")


# --- 4. register rewards ----------------------------------------------------------------------

def test_production_lieutenant_waits_for_the_next_step_four() -> None:
    """生產推進: a city step from production is taken at once, but its new lieutenant joins only in
    the owner's next turn's step 4 (it is a register action like the others)."""
    s = clear_board(new(2, 1))
    s.in_turn = -1
    give(s, 0, "city", 3)
    add_workshop(s, 0, _ws(s, "WI-A3"), 0, 0)               # production: city +1 -> space 4
    production.production(s, [])
    assert get(s, 0, "city") == 4
    assert s.seats[0].lt_where[3] == LOC_NONE and s.seats[0].defer == (R_LIEUTENANT,)
    s.order = (0, 1)
    s.cur = -1
    put_lieutenant(s, 0, 0, LOC_ESTATE)
    assert rounds.next_turn(s)
    # issue 13: usable once the turn reaches step 4
    s._legal_cache = None
    s.apply(f"lt1 to {s.nname[districts(s)[0]]}")
    assert s.seats[0].pend == (R_LIEUTENANT,)
    s.apply("use new lieutenant")
    assert s.seats[0].lt_where[3] == LOC_ESTATE


def test_production_rewards_after_round_six_are_lost() -> None:
    """生產推進: rewards reached by the last round's production can never be used."""
    s = clear_board(new(2, 1))
    s.round_ = 6
    for p in range(2):
        for i in range(3):
            put_lieutenant(s, p, i, districts(s)[p * 3 + i], 1)
    give(s, 0, "city", 3)
    add_workshop(s, 0, _ws(s, "WI-A3"), 0, 0)
    s.tasks = []
    s.cur = 1
    s._legal_cache = None
    rules.advance(s, [])
    assert s.is_over
    assert get(s, 0, "city") == 4
    assert s.seats[0].defer == () and s.seats[0].pend == () and s.seats[0].lt_where[3] == LOC_NONE


# --- 5b. the wheel ----------------------------------------------------------------------------

def test_the_wheels_future_is_public() -> None:
    """起始設置 / 下一輪設置 7: the printed wheel turns one segment at a time from its set-up position,
    so every seat (and a spectator) sees the segments to come, in order."""
    s = new(3, 5)
    wheel = s.tables.wheel
    nxt = s.view(None)["wheel"]["next_segments"]
    assert [x["segment"] for x in nxt] == [wheel[(s.wheel + k) % len(wheel)].name for k in range(1, len(wheel))]
    assert s.view(0)["wheel"] == s.view(2)["wheel"] == s.view(None)["wheel"]
    clone = s.determinize(1, Rng(7))
    assert clone.wheel == s.wheel


# --- 5. explanations --------------------------------------------------------------------------

def test_every_illegal_typed_action_is_explained() -> None:
    """遊戲流程 (every step): any action that exists somewhere in the game, typed when it is not
    legal, gets an explanation in the game's terms (never silence)."""
    game = GAME
    pool: set[str] = set()
    states = []
    for g in range(4):
        s = game.new(2 + g % 3, seed=g)
        rng = Rng(g)
        k = 0
        while not s.is_over:
            acts = s.legal_actions()
            pool.update(a.notation for a in acts)
            if k % 23 == 0:
                states.append(s.clone())
            s.apply(rng.choice(acts))
            k += 1
    texts = sorted(pool)
    for s in states[::3]:
        now = {a.notation for a in s.legal_actions()}
        for t in texts:
            if t not in now:
                assert s.explain_illegal(t), (t, s.tasks[-1])


def test_estate_lieutenants_are_placed_in_order_and_explained() -> None:
    """額外的工人: estate lieutenants are alike, so only the first ready one is offered; typing another
    one says so."""
    s = clear_board(new(2, 1))
    at(s, (T_PLACE, 0, 0, 0, 0))
    a = s.nname[districts(s)[0]]
    assert f"lt1 to {a}" in legal(s) and f"lt2 to {a}" not in legal(s)
    assert text_of(s.explain_illegal(f"lt2 to {a}")) == "lieutenants in the estate are alike: place lt1 first"


def test_rewards_of_a_turn_without_step_four_are_lost() -> None:
    """進度軌行動: rewards are used in step 4 of the turn that reached them; a recall has no step 4, so
    a reward reached earlier in that turn (a workshop staffed while choosing) is lost with the turn."""
    s = _round_two(2)
    add_workshop(s, 0, _ws(s, "WII-A2"), -1, 0)             # city +2 once: reaches the lightning space
    slot(s, 0, "A1.0", 0)
    put_lieutenant(s, 0, 0, districts(s)[0])
    at(s, (T_PLACE, 0, 0, 0, 0))
    s.stage = 0
    s.apply("staff WII-A2 from A1.0")
    assert get(s, 0, "city") == 2 and s.seats[0].pend != ()
    s.apply("recall lt1")
    assert s.seats[0].pend == ()
