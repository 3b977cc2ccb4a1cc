"""The solo game (research §8.3 and §8.4, source S4, the singlemeeple solo review): the automa's
rules, each built as a position, and the solo result against the published good score."""

from __future__ import annotations

from typing import Any

from meeple.engine.record import replay
from meeple.engine.rng import Rng
from meeple.games.messina import GAME, automa, rounds, scoring
from meeple.games.messina.state import DOCK0, LOC_NONE, ST_TURNS, T_PLACE, MessinaState
from tests.messina.messina_helpers import clear_board, new, node


def solo(seed: int = 1) -> MessinaState:
    s = new(1, seed)
    clear_board(s)
    s.tasks = []
    s.stage = ST_TURNS
    s._legal_cache = None
    s._memo = None
    return s


def tile(s: MessinaState, hex_name: str) -> int:
    """The solo tile naming ``hex_name`` (the stand-in list names each hex once)."""
    return next(i for i, t in enumerate(s.tables.solo_tiles) if t.hex == hex_name)


def deck(s: MessinaState, *hexes: str) -> None:
    s.auto_deck = tuple(tile(s, h) for h in hexes)
    s.auto_flipped = ()


def turn(s: MessinaState) -> list[Any]:
    events: list[Any] = []
    automa.automa_turn(s, events)
    return events


def test_solo_is_one_seat_on_the_two_player_city() -> None:
    """§8.3: the solo game is set up as for 2 players (the 2-player city and 16 plague cubes), and
    the automa is no seat: the game has seat 0 only."""
    s = new(1, 3)
    two = new(2, 3)
    assert s.players == 1 and s.to_move == 0 and len(s.seats) == 1
    assert sum(1 for t in s.ntile if t >= 0) == sum(1 for t in two.ntile if t >= 0)
    assert s.cube_supply + sum(s.cubes) + sum(c & 1 for d in s.docks for c in d) == 16
    assert two.auto_lt == () and two.auto_deck == ()


def test_automa_flips_past_hexes_not_in_play_and_hexes_with_a_standing_figure() -> None:
    """§8.4 (S4): tiles are flipped until one names a hex in play with no standing lieutenant."""
    s = solo()
    assert automa.hex_node(s, "C1") < 0  # the C hexes come out later
    busy = node(s, "A01")
    s.used[busy] = 1  # a lieutenant stands there
    deck(s, "C1", "A01", "A02", "A03")
    turn(s)
    free = node(s, "A02")
    assert s.auto_lt[0] == free and s.used[free] == 1
    assert [s.tables.solo_tiles[t].hex for t in s.auto_flipped] == ["C1", "A01", "A02"]
    assert [s.tables.solo_tiles[t].hex for t in s.auto_deck] == ["A03"]


def test_automa_with_no_free_hex_left_in_its_deck_sits_the_round_out() -> None:
    """STAND_IN (docs/rules/messina.md): an emptied deck leaves the lieutenant off the board."""
    s = solo()
    s.used[node(s, "A01")] = 1
    deck(s, "C1", "A01")
    left = s.auto_left
    events = turn(s)
    assert s.auto_left == left - 1 and s.auto_deck == ()
    assert s.auto_up == 0 and events[-1]["key"] == "messina.event.automa.idle"


def test_automa_lieutenants_by_round_three_then_four_in_round_iv_and_five_in_round_vi() -> None:
    """§8.4 (S4): 3 lieutenants, a 4th in round IV, a 5th in round VI."""
    s = solo()
    placed = {}
    for rnd in range(1, 7):
        s.round_ = rnd
        automa.start_round(s, [])
        placed[rnd] = (s.auto_left, sum(1 for x in s.auto_lt if x != LOC_NONE))
    assert placed == {1: (3, 3), 2: (3, 3), 3: (3, 3), 4: (4, 4), 5: (4, 4), 6: (5, 5)}


def test_the_human_moves_first_in_odd_rounds_and_the_automa_in_even_rounds() -> None:
    """§8.4 (S4): turn order by round parity; then the two alternate."""
    s = solo()
    s.round_, s.cur = 3, -1
    automa.start_round(s, [])
    assert rounds.next_turn(s, []) and s.tasks[-1][0] == T_PLACE and s.auto_left == 3
    s.tasks.pop()
    assert rounds.next_turn(s, []) and not s.tasks and s.auto_left == 2  # then the automa
    s = solo()
    s.round_, s.cur = 2, -1
    automa.start_round(s, [])
    events: list[Any] = []
    assert rounds.next_turn(s, events) and not s.tasks and s.auto_left == 2
    assert events[0]["type"] == "automa"
    assert rounds.next_turn(s, []) and s.tasks[-1][:2] == (T_PLACE, 0)


def test_automa_returns_the_citizens_and_removes_one_plague_cube_for_a_popularity() -> None:
    """§8.4 (S4): the hex's citizens go back to the supply; with plague, one cube goes and the
    automa's popularity moves up one."""
    s = solo()
    n = node(s, "A02")
    s.cubes[n] = 2
    s.cube_supply -= 2
    s.citizens[0][n], s.citizens[2][n] = 2, 1
    supply, cubes = list(s.cit_supply), s.cube_supply
    deck(s, "A02")
    turn(s)
    assert s.cubes[n] == 1 and s.cube_supply == cubes + 1 and s.auto_pop == 1
    assert [s.citizens[k][n] for k in range(3)] == [0, 0, 0]
    assert s.cit_supply == [supply[0] + 2, supply[1], supply[2] + 1]
    assert s.seats[0].rats == 0  # the plague left is nobody's rat
    deck(s, "A03")
    turn(s)
    assert s.auto_pop == 1  # no plague there: no popularity


def test_automa_on_a_repopulated_hex_gives_its_owner_two_vp() -> None:
    """S4: whenever anyone places a lieutenant on a repopulated hex, its owner scores 2 VP."""
    s = solo()
    n = node(s, "A05")
    s.owner[n] = 0
    vp = s.seats[0].vp
    deck(s, "A05")
    turn(s)
    assert s.seats[0].vp == vp + 2


def test_tile_with_no_action_changes_no_stack() -> None:
    """§8.4 (a): nothing."""
    s = solo()
    before = (s.wg_st, s.ws_st, s.cab_st, s.docks)
    deck(s, "A01")
    assert s.tables.solo_tiles[s.auto_deck[0]].action == "none"
    turn(s)
    assert (s.wg_st, s.ws_st, s.cab_st, s.docks) == before


def test_wagon_tile_removes_the_top_wagon_from_the_game() -> None:
    """§8.4 (b): the top wagon leaves the game."""
    s = solo()
    stack = s.wg_st[0]
    deck(s, "A02")
    assert s.tables.solo_tiles[s.auto_deck[0]].action == "wagon"
    turn(s)
    assert s.wg_st[0] == stack[1:]


def test_workshop_tile_removes_the_top_workshop_of_its_class_only() -> None:
    """§8.4 (c): the top workshop of the shown class leaves the game; the other stacks stay."""
    s = solo()
    t = s.tables.solo_tiles[tile(s, "A08")]
    assert t.action == "workshop"
    before = s.ws_st
    deck(s, "A08")
    turn(s)
    for k in range(3):
        assert s.ws_st[k] == (before[k][1:] if k == t.cls else before[k])


def test_cabins_tile_removes_the_top_improvement_of_every_stack() -> None:
    """§8.4 (d): the top cabin improvement of every stack leaves the game."""
    s = solo()
    before = s.cab_st
    deck(s, "A04")
    assert s.tables.solo_tiles[s.auto_deck[0]].action == "cabins"
    turn(s)
    assert s.cab_st == tuple(st[1:] for st in before)


def test_ship_tile_removes_a_ship_from_the_docks_nearest_the_hex() -> None:
    """§8.4 (e): a ship leaves the docks nearest the hex (the nearer of two docks holding one);
    its plague cube goes back to the supply."""
    s = solo()
    n = node(s, "A05")
    by_distance = sorted(range(4), key=lambda h: (s.dist[n][DOCK0 + h], h))
    near, far = by_distance[0], by_distance[-1]
    assert s.dist[n][DOCK0 + near] < s.dist[n][DOCK0 + far]
    docks = [(), (), (), ()]
    docks[near] = (0 * 2 + 1, 1 * 2)   # ship 0 with a cube, then ship 1
    docks[far] = (2 * 2,)
    s.docks = tuple(docks)
    s.cube_supply -= 1
    cubes = s.cube_supply
    deck(s, "A05")
    assert s.tables.solo_tiles[s.auto_deck[0]].action == "ship"
    turn(s)
    assert s.docks[near] == (1 * 2,) and s.docks[far] == (2 * 2,)
    assert s.cube_supply == cubes + 1


def test_popularity_majority_is_scored_against_the_automa() -> None:
    """§8.4 (S4): the human scores the popularity majority against the automa's disc (the 2-player
    bonuses 10/7, STAND_IN; a tie goes to the human's fire, which the automa lacks)."""
    s = solo()
    seat = s.seats[0]
    seat.track[0], seat.rats, seat.fire, seat.major = 6, 0, 0, 0
    col = scoring.PARTS.index("majority")
    s.auto_pop = 4
    assert scoring.parts(s)[0][col] == 10
    s.auto_pop = 9
    assert scoring.parts(s)[0][col] == 7
    s.auto_pop = 6
    assert scoring.parts(s)[0][col] == 8  # tied, no fire on either side: the 17 VP shared
    seat.fire = 1
    assert scoring.parts(s)[0][col] == 10


def test_the_automa_deck_order_is_hidden_and_resampled() -> None:
    """Hidden information: the undrawn solo tiles' order is in no view or observation, and a
    seat's determinization reshuffles it (the flipped tiles stay as they were)."""
    s = solo(4)
    deck(s, "A01", "A02", "A03", "A04", "A05", "A06")
    turn(s)
    other = s.clone()
    other.auto_deck = tuple(reversed(s.auto_deck))
    assert s.view(0) == other.view(0)
    assert (s.observation(0) == other.observation(0)).all()
    orders = {s.determinize(0, Rng(k)).auto_deck for k in range(12)}
    assert len(orders) > 1 and all(sorted(o) == sorted(s.auto_deck) for o in orders)
    assert all(d.auto_flipped == s.auto_flipped for d in (s.determinize(0, Rng(k)) for k in range(3)))


def _play_out(seed: int) -> MessinaState:
    s = new(1, seed)
    rng = Rng(seed)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_solo_result_is_the_score_against_the_published_good_score() -> None:
    """S4: "130 points is a good score"; the view's ``solo`` and the returns (docs/engine.md
    "Solo games": the yardstick is the opponent)."""
    s = _play_out(2)
    result = s.view(0)["solo"]
    score = s.scores()[0]
    assert result == {"level": "basic", "score": score, "yardstick": 130, "yardstick_kind": "published",
                      "beaten": score >= 130}
    assert s.returns() == [1.0 if score >= 130 else 0.0]
    assert s.final is not None
    s.final[0]["total"] = 131
    assert s.view(0)["solo"]["beaten"] and s.returns() == [1.0]


def test_a_solo_record_replays_the_automa_exactly() -> None:
    """The automa draws from the game's seeded RNG: the record replays to the same position."""
    s = _play_out(5)
    again = replay(s.record())
    assert again.game is GAME and again.view(0) == s.view(0) and again.scores() == s.scores()


def test_bots_value_a_finished_solo_game_by_its_score_against_the_yardstick() -> None:
    """docs/engine.md "Solo games": a bot's value of a finished solo game is not a sole win (the one
    seat is always first) but the result against the yardstick, graded by the score."""
    from meeple.bots.heuristic import result_value
    from meeple.bots.ismcts import terminal_values

    s = _play_out(2)
    assert s.final is not None
    low = result_value(s, 0)
    assert low < 0.5 and terminal_values(s) == [low]
    s.final[0]["total"] = 100
    s._memo = None
    mid = result_value(s, 0)
    s.final[0]["total"] = 135
    s._memo = None
    assert low < mid < 0.5 <= result_value(s, 0)


def test_simulate_and_arena_count_a_solo_win_as_reaching_the_yardstick() -> None:
    """docs/engine.md "Solo games": ``simulate`` and ``arena`` at 1 player: a win is ``beaten``,
    the margin is the score minus the yardstick, and ``simulate`` reports the solo scores' median."""
    from meeple.bots.arena import summarise as arena_summary
    from meeple.simulate import run_games, summarise

    results = run_games("messina", 1, 3, ["random"], 0, 1)
    assert all(r.solo is not None and not r.solo["beaten"] for r in results)
    results[0].solo = dict(results[0].solo or {}, beaten=True)  # as if the first had reached 130
    out = summarise("messina", 1, ["random"], results, 1.0)
    scores = sorted(r.scores[0] for r in results)
    assert out["seats"][0]["wins"] == 1 and out["solo"]["beaten"] == 1 and out["solo"]["median"] == scores[1]
    rows = [{"bots": ["random"], "scores": r.scores, "ranking": r.ranking, "solo": r.solo, "decisions": 1,
             "think": [0.0], "moves": [1], "stats": [None], "error": None} for r in results]
    bot = arena_summary(rows, ["random"], 1)["results"][0]
    assert bot["wins"] == 1
    assert bot["mean_margin"] == sum(r.scores[0] - 130 for r in results) / 3
