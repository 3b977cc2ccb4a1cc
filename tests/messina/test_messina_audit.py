"""Third-pass audit of the seed, rule by rule: rules verified correct that had no focused test yet.

Each test builds a state, runs the rule and asserts what would break if the rule did.
"""

from __future__ import annotations

from meeple.engine.messages import text_of
from meeple.games.messina import repopulation, scoring
from meeple.games.messina.state import (
    STANDING,
    T_FIGHT,
    T_MAIN,
    T_PLACE,
)
from tests.messina.messina_helpers import (
    add_wagon,
    add_workshop,
    at,
    clear_board,
    districts,
    get,
    give,
    legal,
    new,
    node,
    put_lieutenant,
    set_cabin,
    slot,
)


def _plague_here(s, n: int, cubes: int, fire: int, major: int) -> None:
    s.cubes[n] = cubes
    s.cube_supply -= cubes
    give(s, 0, "fire", fire)
    give(s, 0, "major", major)
    at(s, (T_PLACE, 0, 0, 0, 0))
    s.apply(f"lt1 to {s.nname[n]}")


def test_major_fire_needs_two_major_fires_for_the_neighbour_in_the_last_two_rounds() -> None:
    """火焰指示物: in the late rounds two major fires are needed to also clear a neighbouring
    district's cube; each cube removed then scores 2 VP."""
    s = clear_board(new(2, 1))
    s.round_ = 5
    n = districts(s)[0]
    m = next(x for x in districts(s) if s.dist[n][x] == 1)
    s.cubes[m] = 1
    s.cube_supply -= 1
    _plague_here(s, n, 1, 1, 1)
    assert s.tasks[-1][0] == T_FIGHT
    assert "douse" in legal(s), "a fire and a major fire pay one late-round cube"
    assert f"major fire, also {s.nname[m]}" not in legal(s), "one major fire is not enough in round V"
    s = clear_board(new(2, 1))
    s.round_ = 5
    s.cubes[m] = 1
    s.cube_supply -= 1
    _plague_here(s, n, 1, 0, 2)
    s.apply(f"major fire, also {s.nname[m]}")
    assert s.cubes[n] == 0 and s.cubes[m] == 0
    assert get(s, 0, "major") == 0 and get(s, 0, "vp") == 4 and get(s, 0, "popularity") == 2


def test_major_fire_serves_as_an_ordinary_fire() -> None:
    """火焰指示物: a major fire may be used as an ordinary fire (a plain douse)."""
    s = clear_board(new(2, 1))
    n = districts(s)[0]
    _plague_here(s, n, 1, 0, 1)
    assert "douse" in legal(s)
    s.apply("douse")
    assert s.cubes[n] == 0 and get(s, 0, "major") == 0 and get(s, 0, "rats") == 0


def test_removed_cubes_return_to_the_supply() -> None:
    """對抗瘟疫: a removed cube goes back to the supply (the cube limit stays the same)."""
    s = clear_board(new(2, 1))
    n = districts(s)[0]
    before = s.cube_supply
    _plague_here(s, n, 2, 1, 0)
    assert s.cube_supply == before - 2
    s.apply("douse")
    assert s.cube_supply == before - 1 and s.cubes[n] == 1
    # no fire left: the fight ends by itself, the cube stays and gives a rat
    assert get(s, 0, "rats") == 1 and s.cubes[n] == 1


def test_rescue_comes_before_the_fight() -> None:
    """拯救市民 then 對抗瘟疫: citizens on a plague hex go to quarantine even if the plague is then
    burnt."""
    s = clear_board(new(2, 1))
    n = districts(s)[0]
    s.citizens[2][n] = 1
    s.cit_supply[2] -= 1
    _plague_here(s, n, 1, 1, 0)
    # the only choice (any empty cabin) was made at once: the nun is quarantined before the fight
    assert s.tasks[-1][0] == T_FIGHT
    assert s.seats[0].cabin_citizen[0] == 4 and s.citizens[2][n] == 0
    s.apply("douse")
    assert s.seats[0].cabin_citizen[0] == 4 and s.seats[0].cabin_stage[0] == 1, "the nun stays in quarantine at stage I"
    assert s.cubes[n] == 0


def test_harbour_hex_holds_one_standing_lieutenant() -> None:
    """碼頭和城市板塊的差異: a harbour hex holds one standing lieutenant (the docks beyond it any
    number)."""
    s = clear_board(new(2, 1))
    put_lieutenant(s, 1, 0, node(s, "H1"), STANDING)
    s.used[node(s, "H1")] = 1
    at(s, (T_PLACE, 0, 0, 0, 0))
    options = legal(s)
    assert "lt1 to H1" not in options and "lt1 to H2" in options


def test_quarantined_and_workshop_citizens_cannot_pay_for_a_repopulation() -> None:
    """市民的移動總結: quarantined citizens and workshop citizens never repopulate; only estate
    citizens pay."""
    s = clear_board(new(2, 1))
    req = [0, 0, 0, 0, 1, 0, 0]          # one ordinary craftsman
    assert not repopulation.feasible(s, 0, req)
    set_cabin(s, 0, 0, 0, 2, -1)              # a craftsman in quarantine
    add_workshop(s, 0, [w.name for w in s.tables.workshops].index("WI-C1"), 0, 0)   # and one in a workshop
    assert not repopulation.feasible(s, 0, req)
    slot(s, 0, "C1.0", 0)
    assert repopulation.feasible(s, 0, req)


def test_repopulation_once_per_district_and_never_on_harbours_or_docks() -> None:
    """活絡城市: harbours and docks cannot be repopulated; a district only once."""
    s = clear_board(new(2, 1))
    assert text_of(repopulation.repop_plan(s, 0, node(s, "H1"))[0]) == "only districts can be repopulated"
    assert text_of(repopulation.repop_plan(s, 0, node(s, "D1"))[0]) == "only districts can be repopulated"
    n = districts(s)[0]
    s.owner[n] = 1
    assert text_of(repopulation.repop_plan(s, 0, n)[0]) == "this district is already repopulated"
    at(s, (T_MAIN, 0, n, 0, 0))
    assert not any(o.startswith("repopulate") for o in legal(s))


def test_buildings_scroll_counts_at_most_six_workshops() -> None:
    """工房 / 最終計分 3: more than six workshops may be held but the scroll counts six."""
    s = clear_board(new(2, 1))
    for k in range(8):
        add_workshop(s, 0, k, -1, 0)
    give(s, 0, "scroll0", 1)                    # buildings track at 1 VP per item (stand-in)
    per_item = s.tables.scrolls[0].values[1]
    assert scoring.breakdown(s)[0]["scrolls"] == 6 * per_item


def test_leftovers_score_one_per_three_in_any_mix() -> None:
    """最終計分 4: fire, major fire, wood and coins left score 1 VP per 3, in any mix."""
    s = clear_board(new(2, 1))
    for off, v in (("fire", 1), ("major", 1), ("wood", 1), ("coins", 2)):
        give(s, 0, off, v)
    assert scoring.breakdown(s)[0]["leftovers"] == 1
    give(s, 0, "coins", 3)
    assert scoring.breakdown(s)[0]["leftovers"] == 2


def test_ships_scroll_counts_every_ship() -> None:
    """最終計分 3: the ships scroll scores each ship taken at the cube's value."""
    s = clear_board(new(2, 1))
    give(s, 0, "ships", 3)
    give(s, 0, "scroll1", 2)
    assert scoring.breakdown(s)[0]["scrolls"] == 3 * s.tables.scrolls[1].values[2]


def test_events_report_the_rescue_before_the_rats_of_an_unfought_plague() -> None:
    """遊戲流程 steps 2 then 3: the events read in the seed's order, in plain English."""
    s = clear_board(new(2, 1))
    n = districts(s)[0]
    s.citizens[0][n] = 1
    s.cit_supply[0] -= 1
    s.cubes[n] = 2
    s.cube_supply -= 2
    at(s, (T_PLACE, 0, 0, 0, 0))
    texts = [e["text"] for e in s.apply(f"lt1 to {s.nname[n]}")]
    rescue = next(i for i, x in enumerate(texts) if "rescues 1 citizen into quarantine" in x)
    rats = next(i for i, x in enumerate(texts) if f"takes 2 rats from {s.nname[n]}" in x)
    assert rescue < rats


def test_docks_in_the_view_name_each_waiting_ship() -> None:
    """移動到船上: the view shows each ship waiting at the docks by name, with its cargo, coins and
    plague."""
    s = new(2, 1)
    docks = [e for e in s.view(0)["nodes"] if e["kind"] == "docks" and e["ships"]]
    assert docks
    ship = docks[0]["ships"][0]
    assert ship["name"].startswith("ship") and {"cargo", "coins", "plague"} <= ship.keys()


def test_the_fight_decision_shows_the_cost_of_a_cube() -> None:
    """對抗瘟疫: while fighting, the view says how many cubes are left and what one costs and scores
    (one fire in rounds I-IV; two fires and 2 VP in V-VI)."""
    s = clear_board(new(2, 1))
    s.round_ = 5
    n = districts(s)[0]
    _plague_here(s, n, 2, 4, 0)
    now = s.view(0)["now"]
    assert now["step"] and now["plague"] == 2 and now["fire_per_cube"] == 2 and now["vp_per_cube"] == 2


def test_recalling_an_estate_lieutenant_is_explained() -> None:
    """召回工人: only a lieutenant lying in the city can be recalled; one in the estate is told so."""
    s = clear_board(new(2, 1))
    s.round_ = 2
    put_lieutenant(s, 0, 0, districts(s)[0])
    at(s, (T_PLACE, 0, 0, 0, 0))
    assert "recall lt1" in legal(s) and "recall lt3" not in legal(s)
    assert "already in the estate" in text_of(s.explain_illegal("recall lt3") or "")


def test_register_steps_beyond_the_end_are_lost() -> None:
    """進度軌 (research §8.2): a disc at the end of its register stays there; further steps are lost."""
    from meeple.games.messina import registers

    s = clear_board(new(2, 1))
    give(s, 0, "city", 11)
    registers.advance_track(s, 0, 1, 3, [])
    assert get(s, 0, "city") == 12


def test_workshop_citizens_never_move_again() -> None:
    """工房: a citizen in a workshop cannot move to another workshop; only estate citizens staff."""
    s = clear_board(new(2, 1))
    names = [w.name for w in s.tables.workshops]
    add_workshop(s, 0, names.index("WI-C1"), 0, 0)      # staffed
    add_workshop(s, 0, names.index("WI-C2"), -1, 0)     # empty, same class
    at(s, (T_MAIN, 0, districts(s)[0], 1, 0))
    assert not any(o.startswith("staff") for o in legal(s))
    slot(s, 0, "C1.0", 0)
    at(s, (T_MAIN, 0, districts(s)[0], 1, 0))
    assert [o for o in legal(s) if o.startswith("staff")] == ["staff WI-C2 from C1.0"]


def test_a_wagon_serves_one_repopulation_per_round() -> None:
    """車廂 / 活絡城市 2: a used wagon is turned over and cannot pay another repopulation this round."""
    s = clear_board(new(2, 1))
    add_wagon(s, 0, 0, 1)                            # the seat's only wagon, already used this round
    give(s, 0, "coins", 9)
    give(s, 0, "wood", 9)
    why, _ = repopulation.repop_plan(s, 0, districts(s)[0])
    assert why is not None and "an unused wagon" in text_of(why)
