"""Issue 13: rules corrections for Mundus Novus, one test per rule, each built from the position where
the old engine went wrong."""

from __future__ import annotations

import random

import pytest

from meeple.engine import Rng
from meeple.engine.messages import text_of
from meeple.games.mundus_novus import GAME
from meeple.games.mundus_novus.pirates import start_pirates
from meeple.games.mundus_novus.state import (
    ANNOUNCE,
    EXCHANGE,
    GIFT,
    INCA,
    OVER,
    PICKDEV,
    PIRATES,
    PONCE,
    SUPPLY,
    K,
    MundusState,
)
from meeple.games.mundus_novus.supply import flip_supply, start_supply
from meeple.games.mundus_novus.trade import end_chain

from .mundus_helpers import (
    fresh,
    give,
    hand,
    kind,
    legal,
    play,
    progression_turn,
    refresh,
    rkey,
    set_hand,
    set_money,
)

NINE = {"cocoa": 1, "corn": 1, "tobacco": 1, "coffee": 1, "cotton": 1, "sugar cane": 1, "potato": 1,
        "indigo": 1, "inca relic": 1}  # ten different without vanilla
VANILLA = 8


def sizes(s: MundusState) -> list[int]:
    return [sum(s.seats[p].hand) for p in range(s.players)]


# --- 1. Supply: each fleet takes exactly its number of caravels --------------------------------------

def supply_position() -> MundusState:
    """Fleets of 3 (values 1+2+3), 2 (4+5) and 1 (6) caravels and six different face-up cards."""
    s = fresh(3)
    give(s, 0, "C01", "C03", "C05")
    give(s, 1, "C07", "C09")
    give(s, 2, "C11")
    for p in range(3):
        set_hand(s, p, {})
    s.deck[-6:] = [0, 1, 2, 3, 4, 5]  # cocoa ... sugar cane, six different kinds
    s.split = 0
    flip_supply(s, [])
    refresh(s)
    return s


def test_supply_each_fleet_takes_as_many_cards_as_its_caravels() -> None:
    """Seed 2.2 ("之後玩家從場上拿取等同於自己帆船張數的資源卡"): each fleet takes exactly as many face-up
    cards as it has caravels.  Order by value sums (research A3): p0 (6, lowest caravel 1), p2 (6), p1
    (9).  The first fleet used to keep choosing until the supply was no bigger than its count and took
    all six."""
    s = supply_position()
    assert s.phase == SUPPLY and s.cur == 0 and len(s.supply) == 6
    while s.phase == SUPPLY:
        play(s, legal(s)[-1])
    assert sizes(s) == [3, 2, 1]
    assert s.supply == []


def test_supply_view_counts_down_the_choosing_fleet() -> None:
    """Seed 2.2: the view's supply order shows the cards the choosing fleet still takes."""
    s = supply_position()
    play(s, legal(s)[0])
    assert s.phase == SUPPLY and s.cur == 0
    assert s.view(0)["supply_order"][0] == {"seat": 0, "cards": 2}


def test_supply_random_play_gives_every_fleet_its_caravels() -> None:
    """Seed 2.1-2.2 over random choices, 2-6 players, up to three caravels each: after Supply every
    player holds the 5 face-down cards and one card per caravel (whenever the deck holds enough)."""
    checked = 0
    for players in (2, 3, 4, 6):
        for seed in range(3):
            s = GAME.new(players, seed=seed)
            assert isinstance(s, MundusState)
            devs = s.tables.developments
            cars = [devs[i].code for i in s.dev_deck + s.queue if devs[i].kind == "caravel"]
            for n, code in enumerate(cars[:3 * players]):
                give(s, n % players, code)
            caravels = [sum(1 for i in s.seats[p].owned if devs[i].kind == "caravel") for p in range(players)]
            rng = random.Random(seed)
            for _ in range(3):
                for p in range(players):
                    set_hand(s, p, {})
                enough = len(s.deck) >= 5 * players + sum(caravels)
                s.event = ""
                start_supply(s, [])
                refresh(s)
                while s.phase in (SUPPLY, PONCE):
                    s.apply(rng.choice(s.legal_actions()))
                if enough:
                    assert sizes(s) == [5 + c for c in caravels], (players, seed)
                    checked += 1
    assert checked > 20


# --- 2. Pirates with Juan Ponce de León's two fleets -------------------------------------------------

def test_pirates_cost_one_card_per_fleet_of_two_with_ponce_split() -> None:
    """Seed, Pirates and Juan Ponce de León ("每支船隊獨立處理海盜事件"; research §10.5): each fleet of 2+
    caravels costs one card, so two fleets of two cost two cards, not the whole hand."""
    s = fresh(3)
    give(s, 0, "C01", "C03", "C11", "C12", "P09")
    set_hand(s, 0, {"cocoa": 2, "corn": 2, "tobacco": 1})
    s.split = 0b0011  # fleets 1+2 and 6+6
    s.event = "PI"
    start_pirates(s, [])
    refresh(s)
    assert s.phase == PIRATES and s.cur == 0
    while s.phase == PIRATES:
        play(s, legal(s)[0])
    assert sizes(s)[0] == 3


def test_pirates_three_fleets_worth_of_losses_stop_at_the_count() -> None:
    """Research §10.5: the discards stop at one per fleet of 2+ even when the hand has more cards."""
    s = fresh(3)
    give(s, 0, "C01", "C03", "C05", "C11", "P09")
    set_hand(s, 0, {"cocoa": 5, "corn": 3})
    s.split = 0b0011  # fleets 1+2 and 3+6
    s.event = "PI"
    start_pirates(s, [])
    refresh(s)
    play(s, "discard cocoa")
    assert s.phase == PIRATES and s.cur == 0 and s.need == 1
    play(s, "discard corn")
    assert s.phase != PIRATES and hand(s, 0) == {"cocoa": 4, "corn": 2}


# --- 3. Ten different resources win at once ---------------------------------------------------------

def test_ten_different_win_at_once_after_supply() -> None:
    """Seed end B ("玩家手上獲得到10種不同的資源卡，該玩家馬上獲勝"): the tenth kind taken from the face-up
    supply wins at once, before Trade."""
    s = fresh(3)
    give(s, 0, "C01")
    for p in range(3):
        set_hand(s, p, {})
    set_hand(s, 0, NINE)
    s.deck[-1:] = [VANILLA]
    s.split = 0
    flip_supply(s, [])
    refresh(s)
    assert s.phase == OVER and s.winner == 0


def test_ten_different_win_at_once_after_the_deal() -> None:
    """Seed end B: cards kept in warehouses plus the five dealt can already make ten; two players at the
    same moment: the richer wins."""
    s = fresh(3)
    for p in range(3):
        set_hand(s, p, {})
    set_hand(s, 1, {"cocoa": 1, "corn": 1, "tobacco": 1, "coffee": 1, "cotton": 1})
    set_hand(s, 2, {"cocoa": 1, "corn": 1, "tobacco": 1, "coffee": 1, "cotton": 1})
    set_money(s, [0, 4, 9])
    s.deck[-15:] = [0] * 5 + [5, 6, 7, 8, INCA] * 2  # p0 gets cocoa, p1 and p2 the other five kinds
    s.deck[-15:] = s.deck[-15:][::-1]  # drawn from the end
    start_supply(s, [])
    assert s.phase == OVER and s.winner == 2


def test_ten_different_win_at_once_after_a_trade_take() -> None:
    """Seed end B: a take of the exchange chain that completes ten kinds wins at once."""
    s = fresh(3)
    for p in range(3):
        set_hand(s, p, {})
    set_hand(s, 0, NINE)
    s.seats[1].offer[VANILLA] = 1
    s.seats[2].offer[0] = 1
    s.phase, s.cur, s.prev, s.prev2 = EXCHANGE, 0, -1, -1
    refresh(s)
    play(s, "take vanilla from p1")
    assert s.phase == OVER and s.winner == 0


def test_ten_different_win_at_once_after_the_balancing_gift() -> None:
    """Seed end B and 3.6 B: the balancing card that completes ten kinds wins at once."""
    s = fresh(3)
    for p in range(3):
        set_hand(s, p, {})
    set_hand(s, 1, NINE)
    set_hand(s, 0, {"vanilla": 1, "cocoa": 1})
    s.phase, s.cur, s.need = GIFT, 0, 1
    refresh(s)
    play(s, "give vanilla to p1")
    assert s.phase == OVER and s.winner == 1


def test_ten_different_not_won_with_nine_after_supply() -> None:
    """Seed end B: nine kinds plus a second card of one of them are not ten different."""
    s = fresh(3)
    give(s, 0, "C01")
    for p in range(3):
        set_hand(s, p, {})
    set_hand(s, 0, NINE)
    s.deck[-1:] = [0]
    s.split = 0
    flip_supply(s, [])
    refresh(s)
    assert s.phase != OVER and s.winner == -1


# --- 4. determinize while a different set is being built -------------------------------------------

def building_position() -> MundusState:
    s = fresh(3)
    progression_turn(s, 0, {"cocoa": 1, "corn": 1, "tobacco": 1, "coffee": 1, "cotton": 2})
    s.order = [0, 1, 2]
    set_hand(s, 1, {"cocoa": 2, "vanilla": 1})
    play(s, "different: add cocoa", "different: add corn")
    return s


def test_determinize_keeps_the_pending_different_cards() -> None:
    """Research §1 / the view's ``pending_different``: cards chosen for a different set are shown at the
    table, so every sample keeps them in the builder's hand."""
    s = building_position()
    assert s.view(1)["pending_different"] == [rkey("cocoa"), rkey("corn")]
    for i in range(100):
        d = s.determinize(1, Rng(i))
        assert isinstance(d, MundusState)
        assert d.seats[0].hand[kind("cocoa")] >= 1 and d.seats[0].hand[kind("corn")] >= 1, i


def test_determinize_gives_a_position_the_game_continues_from_in_every_phase() -> None:
    """Hidden information contract: from every determinized copy the game plays on to its end with legal
    actions and no negative card counts (random play, 2-6 players, every phase)."""
    for players in (2, 3, 4, 6):
        s = GAME.new(players, seed=100 + players)
        rng = random.Random(players)
        step = 0
        while not s.is_over:
            if step % 11 == 0:
                for seat in range(players):
                    d = s.determinize(seat, Rng(step * 10 + seat))
                    r2 = random.Random(step)
                    for _ in range(40):
                        if d.is_over:
                            break
                        acts = d.legal_actions()
                        assert acts, (players, step, seat)
                        d.apply(r2.choice(acts))
                        assert isinstance(d, MundusState)
                        assert all(min(x.hand) >= 0 and min(x.offer) >= 0 for x in d.seats), (players, step, seat)
            s.apply(rng.choice(s.legal_actions()))
            step += 1


def test_determinize_from_a_pending_set_plays_on() -> None:
    """Issue 13 item 4: play from a sample taken while a different set is being built goes on without
    negative hand counts."""
    s = building_position()
    for i in range(30):
        d = s.determinize(2, Rng(i))
        r = random.Random(i)
        for _ in range(60):
            if d.is_over:
                break
            d.apply(r.choice(d.legal_actions()))
            assert isinstance(d, MundusState)
            assert all(min(x.hand) >= 0 for x in d.seats)


# --- 5. determinized copies share nothing derived from hidden cards ---------------------------------

def test_determinized_copy_shares_no_memo_of_real_hands() -> None:
    """Hidden information contract: a copy determinized for seat 1 must not reach, through any shared
    memo, an entry keyed by seat 0's real hand (a Progression turn's actions, the hand terms of
    ``evaluate``, the Action objects built for it)."""
    s = fresh(3)
    progression_turn(s, 0, {"potato": 4, "indigo": 1, "vanilla": 1, "inca relic": 3, "coffee": 2})
    s.order = [0, 1, 2]
    refresh(s)
    real_row = tuple(s.seats[0].hand)
    s.legal_actions()
    GAME.evaluate(s, 1)
    d = s.determinize(1, Rng(5))
    assert isinstance(d, MundusState)
    hx = getattr(d, "hx", d.fx)  # (before issue 13 these memos lived in ``fx``)
    for memo in (hx.turn_acts, hx.hand_terms):
        assert not any(real_row in (key, key[0]) for key in memo)
    assert set(d.acache) == set(fresh(3).acache)  # every Action prebuilt: none made for this hand


def test_determinized_copies_of_one_seat_share_their_memos() -> None:
    """Speed: the copies for one seat share their memos (they are built only from what that seat sees
    and from samples), and a copy of a copy for another seat starts afresh."""
    s = fresh(3)
    a = s.determinize(1, Rng(1))
    b = s.determinize(1, Rng(2))
    c = s.determinize(2, Rng(3))
    assert isinstance(a, MundusState) and isinstance(b, MundusState) and isinstance(c, MundusState)
    assert a.hx is b.hx and a.hx is not c.hx
    e = a.determinize(2, Rng(4))
    assert isinstance(e, MundusState)
    assert e.hx is not c.hx and e.hx is not a.hx


# --- 6. Almagro with an empty development deck -----------------------------------------------------

def test_almagro_told_the_development_deck_is_empty() -> None:
    """Seed, Diego de Almagro: the deck's top card needs a deck; his owner asking with an empty deck is
    told so, not that only Almagro's owner may."""
    s = fresh(3)
    progression_turn(s, 0, {"cotton": 3})
    s.order = [0, 1]
    give(s, 0, "P02")
    s.dev_deck = []
    refresh(s)
    play(s, "set 3 cotton")
    assert s.phase == PICKDEV
    with pytest.raises(Exception, match="development deck is empty"):
        s.apply("take deck top")


# --- own review (issue 13): edges of the seed's rules, each built and checked -----------------------

def test_ponce_fleets_with_another_fleet_between_take_their_own_counts() -> None:
    """Seed 2.2 and Ponce de León: fleets 1 / 2+6+6 with seat 1's caravel 3 ordered between them: the
    first fleet takes 1 card, seat 1 takes 1, the second fleet 3."""
    s = fresh(3)
    give(s, 0, "C01", "C03", "C11", "C12", "P09")
    give(s, 1, "C05")
    for p in range(3):
        set_hand(s, p, {})
    s.deck[-5:] = [0, 1, 2, 3, 4]
    s.split = 0b0001
    flip_supply(s, [])
    refresh(s)
    assert (s.order, s.counts) == ([0, 1, 0], [1, 1, 3])
    while s.phase == SUPPLY:
        play(s, legal(s)[0])
    assert sizes(s) == [4, 1, 0]


def test_supply_short_of_cards_serves_fleets_in_order() -> None:
    """Seed 2.1 with an empty deck and discard pile (research A13): fewer face-up cards than caravels;
    the fleets take in order and the last ones get what is left (here nothing)."""
    s = fresh(3)
    give(s, 0, "C01", "C03")
    give(s, 1, "C05")
    for p in range(3):
        set_hand(s, p, {})
    s.deck = [4]
    s.discard = [0] * K
    flip_supply(s, [])
    refresh(s)
    assert sizes(s) == [1, 0, 0] and s.supply == []


def test_ten_different_reached_by_two_players_as_offers_go_back() -> None:
    """Seed end B, several at once: untaken offers going back give two players ten kinds at the same
    moment; the richest wins, and on equal money the one with more development cards."""
    s = fresh(3)
    for p in range(3):
        set_hand(s, p, {})
    set_hand(s, 1, NINE)
    set_hand(s, 2, NINE)
    s.seats[1].offer[VANILLA] = 1
    s.seats[2].offer[VANILLA] = 1
    set_money(s, [0, 7, 7])
    give(s, 1, "C01")
    end_chain(s, [])
    assert s.phase == OVER and s.winner == 1


def test_exchange_with_nothing_on_offer_goes_straight_to_progression() -> None:
    """Seed 3.3-3.6 with every hand empty: all offers are worth 0, the outgoing Trade Master chooses
    among everyone (a tie), the chain ends at once and Progression starts."""
    s = fresh(3)
    for p in range(3):
        set_hand(s, p, {})
    s.phase, s.cur = ANNOUNCE, 0
    refresh(s)
    play(s, "announce 2")
    assert legal(s) == ["trade master p0", "trade master p1", "trade master p2"]
    play(s, "trade master p2")
    assert s.tm == 2 and legal(s)[0] == "p0 starts progression"


def test_almagro_with_an_empty_queue_and_deck_makes_no_identical_set() -> None:
    """Seed 4.1 at the development track's end: no card in the queue nor in the deck, so no identical
    set, Almagro or not; the refusal says why."""
    s = fresh(3)
    progression_turn(s, 0, {"cotton": 3})
    s.order = [0, 1]
    give(s, 0, "P02")
    s.queue = []
    s.dev_deck = []
    refresh(s)
    assert not any(a.startswith("set") for a in legal(s))
    assert "no development card left" in text_of(s.explain_illegal("set 3 cotton"))


def test_determinize_never_gives_another_seat_ten_different() -> None:
    """Seed end B with the check of issue 13: a hand holding ten different resources wins at once, so
    while the game goes on everyone knows that no hand holds them, and no sample may give one.  Here
    seat 1 holds 2 cocoa and one each of corn ... indigo and an Inca relic, unseen by seat 0, and the
    deck holds one vanilla: about 2 samples in 11 used to deal seat 1 all ten kinds."""
    s = fresh(3)
    progression_turn(s, 2, {})
    s.order = [2, 0, 1]
    set_hand(s, 1, dict(NINE, cocoa=2))
    s.deck = [VANILLA]
    s.discard = [0] * K
    refresh(s)
    for i in range(60):
        d = s.determinize(0, Rng(i))
        assert isinstance(d, MundusState)
        assert not all(d.seats[1].hand), i
        assert sum(d.seats[1].hand) == 10 and sorted(d.deck + [k for k in range(K) for _ in range(d.seats[1].hand[k])]) \
            == sorted([VANILLA] + [k for k in range(K) for _ in range(s.seats[1].hand[k])])
