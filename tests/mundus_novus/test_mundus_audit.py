"""Rules verified in the line-by-line audit of the seed that had no focused test yet (each docstring names
the seed section; every assertion would fail if the rule were broken)."""

from __future__ import annotations

import random

from meeple.games.mundus_novus import GAME
from meeple.games.mundus_novus.events import begin_round
from meeple.games.mundus_novus.state import ANNOUNCE, OVER, PIRATES, START, SUPPLY, MundusState
from meeple.games.mundus_novus.trade import start_progression

from .mundus_helpers import (
    dev,
    fresh,
    give,
    hand,
    kind,
    legal,
    money,
    play,
    progression_turn,
    refresh,
    set_hand,
    set_money,
)

TEN = {"cocoa": 1, "corn": 1, "tobacco": 1, "coffee": 1, "cotton": 1, "sugar cane": 1, "potato": 1,
       "indigo": 1, "vanilla": 1, "inca relic": 1}


def put(s: MundusState, code: str, pos: int) -> None:
    """Move development ``code`` to queue position ``pos`` (0 = n°1), the queue keeping 5 cards."""
    i = dev(code)
    if i in s.queue:
        s.queue.remove(i)
    else:
        s.dev_deck.remove(i)
        s.dev_deck.insert(0, s.queue.pop())
    s.queue.insert(pos, i)


def storm_round() -> MundusState:
    """Round 2 begins with a Storm card (C09) at queue n°1 and a card without a symbol (C01) at n°2."""
    s = fresh(3)
    put(s, "C01", 0)
    put(s, "C09", 0)
    s.round = 1
    begin_round(s, [])
    return s


def test_event_lasts_the_whole_round_even_if_queue_changes() -> None:
    """Seed 1.1-1.2: the event read from queue card n°1 at the round's start affects the whole round,
    even after that card has been taken and a card without a symbol has slid into n°1."""
    s = storm_round()
    assert s.event == "ST"
    progression_turn(s, 0, {"vanilla": 3, "indigo": 3})
    s.order = [0, 1]
    s.seats[1].hand[kind("potato")] = 3
    refresh(s)
    play(s, "set 3 vanilla")  # Storm: n°1 (the Storm card itself) is taken at once, and the turn ends
    assert dev("C09") in s.seats[0].owned
    assert s.queue[0] == dev("C01")  # n°1 now shows no event
    assert s.cur == 1 and s.event == "ST"
    play(s, "set 3 potato")  # three 7s would reach any of the 5 cards; under Storm n°1 is taken at once
    assert dev("C01") in s.seats[1].owned


def at_exchange(market: list[str]) -> MundusState:
    """Seat 0 (Orellana's owner) is Trade Master and takes first from seat 2's offer."""
    s = fresh(3)
    s.tm = s.cur = 0
    for p, h in enumerate([{"vanilla": 5}, {"corn": 5}, {"cotton": 5}]):
        set_hand(s, p, h)
    s.market = [kind(m) for m in market]
    give(s, 0, "P06")
    refresh(s)
    play(s, "announce 2")
    assert s.tm == 0 and s.cur == 0
    return s


def test_orellana_no_bonus_for_taking_into_hand() -> None:
    """Seed, Francisco de Orellana: the bonus comes only after he puts a card into the market and takes
    one from it; taking an offered card straight into hand earns nothing, even with a run in the market."""
    s = at_exchange(["tobacco", "coffee", "cotton"])  # 3, 4, 5: already a run
    m0 = s.seats[0].money
    play(s, "take cotton from p2")
    assert s.seats[0].money == m0
    s2 = at_exchange(["tobacco", "coffee", "cotton"])
    play(s2, "swap cotton from p2 for tobacco")  # coffee, cotton, cotton: no pattern
    assert s2.seats[0].money == m0
    s3 = at_exchange(["tobacco", "coffee", "vanilla"])
    play(s3, "swap cotton from p2 for vanilla")  # tobacco, coffee, cotton: 3, 4, 5
    assert s3.seats[0].money == m0 + 2


def test_swap_puts_the_offered_card_in_the_market_and_keeps_three() -> None:
    """Seed 3.4 B: the taken card goes into the market and another market card goes into hand; the market
    keeps 3 cards and the placed card stays there."""
    s = at_exchange(["tobacco", "coffee", "vanilla"])
    before = hand(s, 0)
    play(s, "swap cotton from p2 for tobacco")
    assert sorted(s.market) == sorted([kind("cotton"), kind("coffee"), kind("vanilla")])
    assert hand(s, 0) == dict(before, tobacco=1)
    assert sum(s.seats[2].offer) == 1


def test_pirates_come_straight_after_supply_before_trade() -> None:
    """Seed, Pirates ("在供貨階段後立即執行"): once the face-up supply is taken, every player with 2+ caravels
    discards a card before the Trade Master announces."""
    s = fresh(3)
    put(s, "C05", 0)  # Pirates symbol
    give(s, 1, "C01", "C03")
    s.round = 1
    begin_round(s, [])
    assert s.event == "PI"
    while s.phase == SUPPLY:
        play(s, legal(s)[0])
    assert s.phase == PIRATES and s.cur == 1
    size = sum(s.seats[1].hand)
    play(s, legal(s)[0])
    assert sum(s.seats[1].hand) == size - 1
    assert s.phase == ANNOUNCE


def test_shipyard_counts_caravels_not_their_values() -> None:
    """Seed, shipyards ("玩家擁有的船比你多"; research A8): the payer is whoever owns more caravel cards,
    whatever their printed values; an equal number pays nothing."""
    s = fresh(3)
    give(s, 0, "S01", "C12")  # one caravel worth 6
    give(s, 1, "C01", "C02")  # two caravels worth 1 each: more ships
    give(s, 2, "C03")  # one caravel worth 2: as many ships
    set_money(s, [0, 4, 4])
    start_progression(s, [])
    assert money(s) == [1, 3, 4]


def test_identical_set_band_comes_from_the_real_card_with_inca_wild() -> None:
    """Seed 4.1: Inca relics are wild in an identical set; the set's value band is that of its real
    resource, so 1 vanilla and 2 relics (three 9s) reach any of the 5 queue cards."""
    s = fresh(3)
    progression_turn(s, 0, {"vanilla": 1, "inca relic": 2})
    s.order = [0, 1]
    refresh(s)
    play(s, "set 1 vanilla + 2 inca")
    assert len([a for a in legal(s) if a.startswith("take n")]) == 5


def test_ten_different_ends_the_game_before_later_turns() -> None:
    """Seed end B ("遊戲馬上結束"): ten different resources end the game at once, before the players still
    to play their Progression turn this round."""
    s = fresh(3)
    cards = dict(TEN, cocoa=2)
    del cards["cotton"]
    progression_turn(s, 0, cards)
    give(s, 0, "M04")
    s.order = [0, 1, 2]
    set_money(s, [0, 60, 74])
    refresh(s)
    play(s, "convert cocoa to cotton")  # the tenth kind, through a merchant (research A7)
    assert s.phase == OVER and s.opos == 0
    assert s.ranking()[0] == [0]


def test_everyone_gets_back_as_many_cards_as_offered() -> None:
    """Seed 3.6 A-B: after the exchange (and the balancing card when someone ended one short) every player
    holds as many cards as before offering, at every player count (random play, Las Casas included)."""
    checked = 0
    for players in range(2, 7):
        for seed in range(4):
            s = GAME.new(players, seed=seed)
            assert isinstance(s, MundusState)
            rng = random.Random(seed)
            while not s.is_over:
                was = s.phase
                s.apply(rng.choice(s.legal_actions()).notation)
                if s.phase == START and was != START:
                    sizes = [sum(s.seats[p].hand) for p in range(players)]
                    assert sizes == [x.start_size for x in s.seats]
                    checked += 1
    assert checked > 100


def test_view_shows_the_supply_order() -> None:
    """Seed 2.2: while fleets take face-up cards, every seat's view lists the fleets still to take, in
    order, with how many cards each still takes."""
    s = fresh(3)
    put(s, "C01", 0)  # no event
    give(s, 0, "C11", "C12")  # 6 + 6
    give(s, 1, "C03")  # 2
    give(s, 2, "C07")  # 4
    s.round = 1
    begin_round(s, [])
    assert s.phase == SUPPLY and s.cur == 1
    order = [{"seat": 1, "cards": 1}, {"seat": 2, "cards": 1}, {"seat": 0, "cards": 2}]
    assert s.view(0)["supply_order"] == order and s.view(None)["supply_order"] == order
    play(s, legal(s)[0])
    if s.phase == SUPPLY:
        assert s.view(2)["supply_order"][0]["seat"] == s.cur != 1


def test_view_names_each_seats_development_cards() -> None:
    """Seed, development cards: every seat's owned cards are public and named by what they do (caravel
    value, warehouse capacity, merchant band, character)."""
    s = fresh(3)
    give(s, 1, "C12", "W06", "M04", "P01")
    seat1 = s.view(0)["seats"][1]
    assert [d["key"] for d in seat1["developments"]] == [
        "mundus_novus.developments.caravel_6.name", "mundus_novus.developments.warehouse_keeps_2.name",
        "mundus_novus.developments.merchant_4_6.name", "mundus_novus.developments.hernan_cortes.name"]
    # issue 15: with the numbers each card's effect text names
    assert [d["code"] for d in seat1["developments"]] == ["C12", "W06", "M04", "P01"]
    assert seat1["developments"][0]["ship"] == 6 and seat1["developments"][1]["keeps"] == 2
    assert seat1["developments"][2]["band"] == [4, 6] and seat1["developments"][3]["income"] == 3
    assert seat1["caravels"] == 1
