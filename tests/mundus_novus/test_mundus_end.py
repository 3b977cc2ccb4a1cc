"""End of game, scores and tie-breaks (seed 'game end' A-C; research §7, §10.8)."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.engine.messages import text_of
from meeple.games.mundus_novus import GAME
from meeple.games.mundus_novus.scoring import TEN_DIFFERENT_BONUS
from meeple.games.mundus_novus.state import OVER, K

from .mundus_helpers import (
    fresh,
    give,
    kind,
    legal,
    money,
    play,
    play_open,
    progression_turn,
    refresh,
    set_money,
)

TEN = {"cocoa": 1, "corn": 1, "tobacco": 1, "coffee": 1, "cotton": 1, "sugar cane": 1, "potato": 1,
       "indigo": 1, "vanilla": 1, "inca relic": 1}


def last_turn(cards: dict[str, int], players: int = 3, **options):
    """Seat 0 plays the last Progression turn of the round."""
    s = fresh(players, **options)
    progression_turn(s, 0, cards)
    return s


def won_by_ten_different() -> Any:
    """Three seats; seat 0, holding nine kinds, takes the tenth (vanilla) from seat 1's offer in
    the exchange chain, with 3 doubloons against 90 and 10."""
    from meeple.games.mundus_novus.state import EXCHANGE

    s = fresh(3)
    cards = dict(TEN, cocoa=2)
    del cards["vanilla"]
    progression_turn(s, 0, cards)
    s.seats[1].offer[kind("vanilla")] = 1
    s.seats[2].offer[kind("corn")] = 1
    s.phase, s.cur, s.prev, s.prev2 = EXCHANGE, 0, -1, -1
    set_money(s, [3, 90, 10])
    refresh(s)
    play(s, "take vanilla from p1")
    return s


def test_ten_different_resources_win_at_once() -> None:
    """Seed end B: ten different resources (1-9 and an Inca relic) win at once, beating 75 doubloons:
    here the tenth kind comes with a take of the exchange chain (issue 13: checked wherever a hand
    gains cards, not only in its owner's Progression turn)."""
    s = won_by_ten_different()
    assert s.is_over and s.winner == 0
    assert s.scores() == [3 + TEN_DIFFERENT_BONUS, 90, 10]
    assert s.ranking()[0] == [0]


def test_ten_different_needs_all_ten() -> None:
    """Seed end B: nine values without an Inca relic are not enough."""
    cards = dict(TEN)
    del cards["inca relic"]
    s = last_turn(cards)
    assert "reveal ten different" not in legal(s)
    assert "all ten resources" in text_of(s.explain_illegal("reveal ten different"))


def test_seventy_five_doubloons_end_the_game_at_round_end() -> None:
    """Seed end A (rulebook timing, research §7): 75+ doubloons at the end of a round ends the game; the
    richest wins."""
    s = last_turn({"cocoa": 1, "inca relic": 1})
    set_money(s, [70, 80, 76])
    play(s, "cash 1 inca")  # 73: not yet; the turn then ends (nothing else to do) and so does the round
    assert s.phase == OVER
    assert s.scores() == [73, 80, 76]
    assert s.ranking() == [[1], [2], [0]]


def test_money_counted_only_at_round_end_by_default() -> None:
    """Research §7: mid-round money does not end the game; option money_end='immediate' does."""
    s = fresh(3)
    set_money(s, [0, 0, 80])
    progression_turn(s, 0, {"cocoa": 3, "inca relic": 1})
    s.order = [0, 1]
    refresh(s)
    play(s, "cash 1 inca")
    assert not s.is_over
    s2 = fresh(3, money_end="immediate")
    set_money(s2, [72, 0, 0])
    progression_turn(s2, 0, {"cocoa": 3, "inca relic": 1})
    s2.order = [0, 1]
    refresh(s2)
    play(s2, "cash 1 inca")  # 75 at once: the game is over before the turn ends
    assert s2.is_over and s2.scores() == [75, 0, 0]


def _immediate(players: int = 3):
    return fresh(players, money_end="immediate")


def test_money_end_immediate_at_income() -> None:
    """Seed end A ("遊戲馬上結束", option money_end='immediate'): income that brings a player to 75 ends
    the game before the round's Event."""
    from meeple.games.mundus_novus.events import begin_round

    s = _immediate()
    give(s, 1, "P01")  # Cortes: 3 a round
    set_money(s, [0, 72, 0])
    ev: list = []
    begin_round(s, ev)
    assert s.is_over and s.seats[1].money == 75 and ev[-1]["type"] == "game_over"


def test_money_end_immediate_at_shipyard_payment() -> None:
    """Seed end A, option money_end='immediate': a shipyard payment reaching 75 ends the game at the start
    of Progression."""
    from meeple.games.mundus_novus.trade import start_progression

    s = _immediate()
    give(s, 0, "S01")
    give(s, 1, "C01")
    set_money(s, [74, 5, 0])
    start_progression(s, [])
    assert s.is_over and money(s) == [75, 4, 0]


def test_money_end_immediate_at_different_set() -> None:
    """Seed end A, option money_end='immediate': cashing a different set that reaches 75 ends the game at
    once, before the turn ends."""
    s = _immediate()
    set_money(s, [70, 0, 0])
    progression_turn(s, 0, {"cocoa": 1, "corn": 1, "tobacco": 1, "coffee": 1, "inca relic": 1})
    s.order = [0, 1]
    refresh(s)
    play_open(s, "different: add cocoa", "different: add corn", "different: add tobacco",
              "different: add coffee", "cash different set of 4")
    assert s.is_over and s.seats[0].money == 75
    s2 = fresh(3)  # default: nothing ends mid-round
    set_money(s2, [70, 0, 0])
    progression_turn(s2, 0, {"cocoa": 1, "corn": 1, "tobacco": 1, "coffee": 1, "inca relic": 1})
    s2.order = [0, 1]
    refresh(s2)
    play_open(s2, "different: add cocoa", "different: add corn", "different: add tobacco",
              "different: add coffee", "cash different set of 4")
    assert not s2.is_over


def test_money_end_immediate_at_orellana_bonus() -> None:
    """Seed end A, option money_end='immediate': Orellana's market bonus reaching 75 ends the game in the
    middle of the exchange."""
    s = _immediate()
    for p, h in enumerate([{"vanilla": 5}, {"corn": 5}, {"cotton": 5}]):
        s.seats[p].hand = [0] * K
        s.seats[p].hand[kind(next(iter(h)))] = 5
    give(s, 0, "P06")
    s.market = [kind("tobacco"), kind("coffee"), kind("vanilla")]
    set_money(s, [73, 0, 0])
    refresh(s)
    play(s, "announce 2", "swap cotton from p2 for vanilla")  # 3, 4, 5: a run
    assert s.is_over and s.seats[0].money == 75


def test_queue_not_refilled_ends_after_the_round() -> None:
    """Seed end C: when the queue cannot be refilled the round is finished, then the richest wins."""
    s = last_turn({"vanilla": 3, "cocoa": 1})
    s.order = [0, 1]
    s.seats[1].hand[kind("corn")] = 3
    s.dev_deck = []
    set_money(s, [5, 9, 2])
    refresh(s)
    play(s, "set 3 vanilla", "take n1 " + s.tables.developments[s.queue[0]].name)
    # p0 had nothing else to do, so its turn ended at once; the round goes on with p1
    assert s.dev_ended and not s.is_over and s.cur == 1
    play(s, "end turn")
    assert s.is_over and s.ranking()[0] == [1]


def test_tie_broken_by_development_cards() -> None:
    """Research §10.8 (STAND_IN): equal doubloons -> most development cards; still equal -> shared."""
    s = last_turn({"cocoa": 1})
    give(s, 2, "C01", "W01")
    give(s, 1, "C02")
    set_money(s, [80, 80, 80])
    s.phase = OVER
    assert s.ranking() == [[2], [1], [0]]
    s.seats[0].owned = s.seats[1].owned
    assert s.ranking() == [[2], [0, 1]]


def test_every_player_count_plays_to_the_end() -> None:
    """The game loop ends for 2-6 players with scores for everyone."""
    from meeple.engine import Rng

    for n in range(2, 7):
        s = GAME.new(n, seed=n)
        r = Rng(n)
        steps = 0
        while not s.is_over:
            s.apply(r.choice(s.legal_actions()))
            steps += 1
        assert steps < GAME.max_steps(n)
        assert len(s.scores()) == n


def test_scoring_over_constant_matches_state() -> None:
    """scoring.OVER is state.OVER (scoring imports it since issue 12)."""
    from meeple.games.mundus_novus import scoring, state

    assert scoring.OVER == state.OVER


def test_evaluate_prefers_more_doubloons_and_stays_in_range() -> None:
    """The bots' estimate: in [0, 1], higher for the richer seat; a finished game gives the winner 1."""
    s = fresh(3)
    set_money(s, [40, 10, 10])
    assert 0.5 < GAME.evaluate(s, 0) <= 1.0
    assert 0.0 <= GAME.evaluate(s, 1) < 0.5
    s.phase = OVER
    assert GAME.evaluate(s, 0) == 1.0 and GAME.evaluate(s, 1) < 1.0


@pytest.mark.parametrize("options", [
    {"one_set_only": True}, {"inca_wild_in_different": True}, {"supply_order": "count"},
    {"low_set_reward": "deck"}, {"no_event_round_1": False}, {"money_end": "immediate"},
    {"take_back": "once"},
])
def test_every_option_plays_to_the_end(options: dict) -> None:
    """Each documented option gives a complete game with all 120 resource cards conserved."""
    from meeple.engine import Rng

    s = GAME.new(4, seed=9, options=options)
    r = Rng(9)
    while not s.is_over:
        s.apply(r.choice(s.legal_actions()))
    total = [0] * K
    for k in s.deck + s.market + s.supply:
        total[k] += 1
    for row in s.seats:
        for k in range(K):
            total[k] += row.hand[k] + row.offer[k]
    for k in range(K):
        total[k] += s.discard[k]
    assert total == [r_.copies for r_ in s.tables.resources]


def test_merchant_conversion_counts_for_ten_different() -> None:
    """Seed end B with a merchant (research A7): a converted card counts as its new resource for the
    ten-different win."""
    cards = dict(TEN)
    del cards["cotton"]
    cards["cocoa"] = 2
    s = last_turn(cards)
    give(s, 0, "M04")
    assert not s.is_over
    play(s, "convert cocoa to cotton")  # ten different at once (seed end B: "馬上")
    assert s.is_over and s.winner == 0


def _tally(money: list[int], event: dict) -> None:
    """A change of doubloons the table sees announced (no event is private)."""
    from meeple.games.mundus_novus.state import CORONADO_PRICE

    kind = event["type"]
    if kind in ("income", "inca", "different", "orellana"):
        money[event["seat"]] += event["amount"]
    elif kind == "shipyard":
        money[event["seat"]] += event["amount"]
        money[event["from"]] -= event["amount"]
    elif kind == "coronado":
        money[event["seat"]] -= CORONADO_PRICE


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (4, 12), (6, 13)])
def test_score_sheet_rounds_are_the_doubloons_announced_by_round_end(players: int, seed: int) -> None:
    """Issue 15 follow-up (the score sheet shows how each seat's score grew): once the game is over
    the view gives each seat's doubloons at the end of every round (``score_by_round``), the sums of
    the public income and payout events up to that round's end, the last one the final doubloons;
    while the game runs no seat's view has it (another seat's money is hidden, seed 4.2)."""
    from meeple.engine import Rng

    s = GAME.new(players, seed=seed)
    r = Rng(seed)
    tally = [0] * players
    ends: list[list[int]] = []
    while not s.is_over:
        assert all("score_by_round" not in s.view(p) for p in range(players))
        for e in s.apply(r.choice(s.legal_actions())):
            if "private" in e:
                continue
            if e["type"] == "round":
                ends.append(list(tally))  # the round before it has ended
            elif e["type"] == "game_over":
                ends.append(list(tally))
            _tally(tally, e)
    assert tally == money(s)
    for seat in (*range(players), None):
        view = s.view(seat)
        rows = view["score_by_round"]
        assert [row["round"] for row in rows] == list(range(1, s.round + 1))
        assert [row["scores"] for row in rows] == ends
        assert rows[-1]["scores"] == money(s)
        assert ("score_sheet" in view) == (s.winner >= 0)


def test_score_sheet_names_the_ten_different_bonus() -> None:
    """Issue 15 follow-up: a game won by ten different resources adds the bonus as a score sheet row
    (the winner's final score is his doubloons plus it)."""
    s = won_by_ten_different()
    view = s.view(1)
    assert view["score_sheet"] == [{"ten_different_bonus": TEN_DIFFERENT_BONUS}, {"ten_different_bonus": 0},
                                   {"ten_different_bonus": 0}]
    assert view["score_by_round"][-1] == {"round": s.round, "scores": [3, 90, 10]}
